"""What every format answers (the seam of :mod:`formats`).

A format is a small object, not a class hierarchy of pages: each method is one question a
page, the API, an export or the archive asks, and each format answers it with its own
modules. Methods take plain model instances and return plain values or responses.

The questions about entrants (registering, importing, drafted rounds, withdrawals, sections)
are in ``formats/entrant_questions.py``; those of the demo, the API's URLs and the full
backup in ``formats/backup_questions.py``. :class:`Format` inherits both.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from formats.backup_questions import BackupQuestions
from formats.entrant_questions import EntrantQuestions
from scoring.wording import TEAM_WORDING, Wording


class Format(EntrantQuestions, BackupQuestions):
    #: Stored in ``Championship.format``.
    key: str = ""
    #: Shown to directors when they pick a format.
    label: Promise | str = ""
    #: One line for the format picker: who plays, how it is scored.
    summary: Promise | str = ""
    #: Offered in the new-championship picker (the page's and the API's). A format whose
    #: games cannot be played through yet says ``False``: its championships still work
    #: everywhere else, but no director can create one.
    offered: bool = True
    #: The rules.md section that defines it.
    rules_section: str = ""
    #: How the format names who plays at a table: its refusals (a team; a pair in the
    #: free-deal format) and the entrant word of the shared pages, messages and exports
    #: (pairs; players in the individual formats), see ``scoring.wording.Wording``.
    wording: Wording = TEAM_WORDING
    #: Whether rounds have generated deals (deal sheets, travellers, hand records).
    has_deals: bool = True
    #: Whether a side (NS or EW) makes trumps on each deal: pairs do; in individual play the
    #: dealer's choice passes from player to player (rules.md 10.1).
    has_sides: bool = True
    #: Whether closed rounds' deals get a double-dummy analysis (hand records): the pairs'
    #: analysis means nothing for individual play (rules.md 8 and 10).
    has_hand_records: bool = True
    #: Whether the director may set an adjusted score for a result that could not be played
    #: (rules.md 6.5, per seat in 10): games of free deals have none (rules.md 10.4 and 11),
    #: the director enters the game instead.
    has_adjusted_scores: bool = True
    #: The championship fields the director sets for this format (besides name, venue and
    #: dates); the others keep their defaults and are not shown.
    championship_fields: tuple[str, ...] = ()
    #: The director's championship page lists the settings with this template.
    facts_template: str = ""
    #: The round page shows the round's tables with this template instead of the pairs'
    #: (NS, EW, and the swap forms); empty for the pairs' tables.
    round_seating_template: str = ""
    #: Championship fields the format fixes whatever the director sends (e.g. free-deal
    #: pairs are always paired Swiss).
    fixed_settings: dict = {}

    #: The name of the format's own settings in the API's championship object (a nested
    #: object, see :meth:`api_settings_serializer`); empty when it has none.
    api_settings_key: str = ""

    def api_settings_serializer(self):
        """The REST serializer class of the format's own settings (the API's counterpart of
        :meth:`settings_form`: it checks the shape, :meth:`save_settings` decides), or
        ``None``. Read from a championship, it gives that championship's settings, or
        ``None`` for a championship of another format."""
        return None

    def settings_form(self, championship=None, data=None):
        """The form of the format's own settings (beyond ``championship_fields``), or
        ``None``. Bound to ``data`` when given."""
        return None

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        """Store what :meth:`settings_form` cleaned (inside the caller's transaction)."""

    def generate_next_round(self, championship):
        """Draft what comes next (a round robin's schedule, the next Swiss round)."""
        raise NotImplementedError

    def rounds_to_pair(self, championship) -> int | None:
        """How many rounds a round-by-round (Swiss) event pairs in all, so that the director
        is offered "Pair round N" only while one remains (``tournaments.next_step``):
        the championship's planned rounds (``None``: no limit). A format whose rounds
        follow a schedule of its own answers its length."""
        return championship.rounds_planned

    def setup_step(self, championship, *, entrants_done: bool):
        """The format's own step of a new championship's checklist, between registering the
        entrants and making the rounds (a ``tournaments.next_step.ChecklistStep``; round 1
        waits until it is done), or ``None``: groups then knockout's groups."""
        return None

    def captain_page(self, request, team):
        """The response of a team's private page (its table in the open round)."""
        raise NotImplementedError

    def standings_page(self, request, championship, *, director: bool):
        """The response of the championship's standings page."""
        raise NotImplementedError

    def projector_page(self, request, championship, *, director: bool):
        """The response of the projector page (large type, cycling by itself)."""
        raise NotImplementedError

    def traveller_page(self, request, championship, deal, *, director: bool):
        """The response of a scored deal's traveller (every table's result of it)."""
        raise NotImplementedError

    def scorecard_page(self, request, championship, team, *, director: bool):
        """The response of an entrant's scorecard (its own deals)."""
        raise NotImplementedError

    def director_results_page(self, request, championship, round_):
        """The director's page of a round's results (the grid of tables)."""
        raise NotImplementedError

    def round_tables(self, round_):
        """The rows a result of ``round_`` locks (its tables): releasing needs one, and
        closing locks them all to order itself after the writes in flight."""
        return round_.tables.all()

    def release_problem(self, round_) -> str | None:
        """Why the drafted ``round_`` cannot be released as it is (e.g. it seats a player
        who has withdrawn since), or ``None``."""
        return None

    def projector_panel(self, request, championship) -> str:
        """HTML the projector shows above the standings, or ``""`` for nothing: the countdown
        of the round being played when :meth:`round_minutes` gives its rounds a clock."""
        from scoring.views.clock import projector_panel

        return projector_panel(request, championship)

    def round_panel(self, request, round_) -> str:
        """HTML the director's round page (and a results grid that asks) shows under its
        heading, or ``""`` for nothing: a released round's clock with its buttons when
        :meth:`round_minutes` gives its rounds a clock."""
        from scoring.views.clock import round_panel

        return round_panel(request, round_)

    def missing_results(self, round_) -> list[str]:
        """One line per result the round still lacks (shown before it is closed)."""
        raise NotImplementedError

    # --- A table's game (``scoring.services.games``: rules.md 11.2, 12.1) -------------------

    def check_game(self, championship, values):
        """Refuse (``scoring.services.values.GameRefused`` naming the field) a game's values
        (``scoring.services.games.GameValues``) that this format's rules say cannot be right
        in ``championship``. The core's game entry asks it before storing a captain's or the
        director's game, so every format whose table plays one game of two pairs shares the
        rest. By default a format's tables play no such game: every game is refused."""
        from django.utils.translation import gettext

        from scoring.services.values import GameRefused

        raise GameRefused(gettext("This championship's tables do not play games of two "
                                  "pairs."), "not_a_game_format", "table")

    def game_pad(self, championship):
        """What a table's game is as its page and score pad show it
        (``scoring.game_forms.GamePad``: target, cap, hands, extra hands while level, Sant
        Vicenç), for the core's game pages. Only asked of a format whose tables play games
        (:meth:`check_game`)."""
        from scoring.game_forms import GamePad

        return GamePad()

    def game_endings(self, championship) -> tuple[str, ...]:
        """How a game may end (``scoring.models.GameEntry.EndedBy`` values), the choices of
        the game's form: by default every ending; a format whose games end by their hands
        alone answers that one."""
        from scoring.models import GameEntry

        return tuple(GameEntry.EndedBy.values)

    # --- The round clock (``tournaments.clock``: rules.md 11.1, and 10.4 for an evening) -----

    def round_minutes(self, championship) -> int | None:
        """How long each round of ``championship`` lasts, in minutes, when a clock times its
        rounds (the director starts, pauses and extends it); ``None`` for no clock: the pages
        show none and its buttons refuse."""
        return None

    def clock_round(self, team):
        """The round whose clock ``team``'s page shows (its round being played: the earliest
        released round that places it), or ``None``."""
        from tournaments.models import Round

        numbers = self.placed_rounds(team, status=Round.Status.RELEASED)
        if not numbers:
            return None
        return (Round.objects.select_related("championship")
                .get(championship_id=team.championship_id, number=numbers[0]))

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        """The public archive's results and standings (``scoring.archive.public``): the
        closed rounds only; ``number`` gives each team's number by id."""
        raise NotImplementedError

    def recompute(self, championship) -> None:
        """Rebuild whatever the format stores derived from the results."""

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        """Each entrant's place, as ``(team id, place)`` in ranking order, shared places
        carrying the same number (1, 2, 2, 4) (rules.md 13: what the series and the ratings
        read). ``rounds``: rank after the closed rounds up to this number (default: every
        closed round).
        The core keeps these when the championship finishes (``FinalPlace``)."""
        raise NotImplementedError

    def export_kinds(self) -> list:
        """The kinds of export the format offers (``scoring.exports.registry.ExportKind``),
        in the order the exports page lists them. The exports page, the public downloads,
        the API and the background jobs offer a championship these and no others."""
        return []

    def export_state(self, championship) -> dict:
        """What the format's exports show beyond the championship, its rounds and its teams
        (results, reviews, settings), as small JSON values that change whenever it does:
        a kept public download is served again only while this is unchanged
        (``scoring.exports.public_files``)."""
        return {}

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        """``(label, url)`` of each sheet the director prints for a round (its page lists
        them)."""
        return []

    def captain_results_links(self, team) -> list[tuple[str, str]]:
        """``(label, url)`` of the public results a captain's page links to once the results
        are published (the pages show closed rounds only)."""
        return [(_("Standings"), reverse("scoring:standings", args=[team.championship_id]))]

    # --- A knockout bracket (``scoring.services.knockout``: rules.md 11.3, 12.4) ------------

    def knockout_best_of(self, championship) -> int:
        """How many games a tie of ``championship``'s knockout bracket is the best of: 1 (one
        game decides it) or 3 (two wins do). The core's bracket asks it each time a game
        counts, whether the director entered it or the other pair confirmed a pair's report.
        By default a tie is one game."""
        return 1

    def knockout_pad(self, championship):
        """What a knockout game of ``championship`` lasts when its hands are counted
        (``scoring.game_forms.GamePad``: the set hands, then the extra hands while level), for
        the director's game form and a pair's report, which then ask for the hands played; or
        ``None`` when a game gives no hands (played to a target, rules.md 11.3): by default."""
        return None

    def check_knockout_game(self, championship, first_points: int, second_points: int,
                            hands: int | None) -> None:
        """Refuse (``ServiceError`` naming the field) a knockout game of ``championship`` that
        this format's rules say cannot be right, its points already checked by the core
        (whole, never level). The core asks it before storing the director's game and a
        pair's report. By default a game gives no hands: any are refused, naming ``hands``."""
        from django.utils.translation import gettext

        from tournaments.services.common import ServiceError

        if hands is not None:
            raise ServiceError(gettext("This championship's knockout games are played to a "
                                       "target: leave the hands out."), field="hands")

    def knockout_walkovers(self, championship) -> bool:
        """Whether a pair withdrawn during ``championship``'s knockout loses its tie without
        a game, its opponent going through (rules.md 12.4), and the bracket is settled
        after each decided tie (a withdrawn next opponent, a third-place game's pairs:
        ``scoring.services.knockout_settle``). By default not: the director enters every
        game."""
        return False
