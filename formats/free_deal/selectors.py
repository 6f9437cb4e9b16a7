"""Reads of the free-deal format: each table's game and its state, the games that count, the
ranking (rules.md 11.3) and the pairing history (a round's clock is the core's:
``tournaments.clock_selectors``). A fixed number of queries
each, whatever the number of pairs (pinned in tests/formats/test_free_deal_costs.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Exists, F, OuterRef, Prefetch, Q
from django.utils.translation import gettext as _

from formats.free_deal import rules
from formats.free_deal.models import KnockoutEntry, Section, SectionBye
from formats.free_deal.services.settings import settings_of
from scoring.models import GameEntry, GameReview
from tournaments.models import Championship, Round, Table, Team

EMPTY, PENDING, CONFIRMED, DISPUTED = "empty", "pending", "confirmed", "disputed"


@dataclass(frozen=True)
class CountedGame:
    round_number: int
    table_id: int
    first_id: int
    second_id: int
    first_points: int
    second_points: int
    ended_by: str = ""  # GameEntry.EndedBy, for the exports
    hands_played: int = 0
    table_number: int = 0  # for a pair's scorecard


@dataclass
class TableGame:
    """A table of a round, its latest entry and what state that entry is in."""

    table: Table
    latest: GameEntry | None
    state: str
    disputed_by: int | None = None
    #: For the director's page (``heard.add_heard``): when the table was last heard from,
    #: and its wrong PINs and lockout.
    heard: datetime | None = None
    pins: object | None = None


def _confirmed_subquery():
    return Exists(GameReview.objects.filter(entry=OuterRef("pk"),
                                            verdict=GameReview.Verdict.CONFIRM))


def counted_games(championship: Championship, *, up_to: int | None = None) -> list[CountedGame]:
    """The game that counts at every table: its latest confirmed entry (one query)."""
    rows = (
        GameEntry.objects.filter(table__round__championship=championship)
        .filter(_confirmed_subquery())
        .order_by("table_id", "-id")
        .values_list("table_id", "table__round__number", "table__ns_team_id",
                     "table__ew_team_id", "first_points", "second_points", "ended_by",
                     "hands_played", "table__number")
    )
    if up_to is not None:
        rows = rows.filter(table__round__number__lte=up_to)
    games: dict[int, CountedGame] = {}
    for table_id, number, first, second, *result in rows:
        if table_id not in games:  # the newest confirmed entry comes first
            games[table_id] = CountedGame(number, table_id, first, second, *result)
    return list(games.values())


def byes(championship: Championship, *, up_to: int | None = None) -> list[tuple[int, int]]:
    """``(round number, pair id)`` of every bye: the round's odd pair out (a section's, when
    there are sections), and a pair whose opponent withdrew before the round was released."""
    rounds = Round.objects.filter(championship=championship).exclude(bye_team=None)
    tables = Table.objects.filter(round__championship=championship).exclude(bye_team=None)
    sections = SectionBye.objects.filter(round__championship=championship)
    if up_to is not None:
        rounds = rounds.filter(number__lte=up_to)
        tables = tables.filter(round__number__lte=up_to)
        sections = sections.filter(round__number__lte=up_to)
    # One query for the three kinds.
    return list(rounds.order_by().values_list("number", "bye_team_id").union(
        tables.order_by().values_list("round__number", "bye_team_id"),
        sections.order_by().values_list("round__number", "team_id"), all=True))


@dataclass(frozen=True)
class SectionRanking:
    """One section's ranking (``section`` None: a championship without sections)."""

    section: Section | None
    lines: list


@dataclass(frozen=True)
class RankingRead:
    """What a ranking is made of, read once: the pairs (with their sections' columns), the
    settings, the counted games and the byes. A page that shows them beside the ranking (a
    pair's scorecard) reads them once through :func:`ranking_read`."""

    pairs: list
    settings: object
    games: list[CountedGame]
    byes: list[tuple[int, int]]


def ranking_read(championship: Championship, *, up_to: int | None = None) -> RankingRead:
    """The rows of :func:`section_rankings` (four queries)."""
    # The pairs with their sections in the same query (a LEFT JOIN: none without sections).
    # The section's columns annotated rather than ``select_related``: one model instance per
    # pair instead of three, and one ``Section`` per section (``_sections_of``).
    pairs = list(championship.teams.annotate(
        section_pk=F("free_deal_section__section_id"),
        section_name=F("free_deal_section__section__name"),
        section_position=F("free_deal_section__section__position")).order_by("number"))
    return RankingRead(pairs, settings_of(championship),
                       counted_games(championship, up_to=up_to),
                       byes(championship, up_to=up_to))


def section_rankings(championship: Championship, *, up_to: int | None = None,
                     read: RankingRead | None = None) -> list[SectionRanking]:
    """The ranking of each section (rules.md 11.3), in the sections' order (a section without
    pairs has none); one unnamed ranking of every pair when no pair is in a section. A pair
    in no section (possible only before round 1 is paired) is ranked in a last, unnamed
    group. As many queries as without sections; none when ``read`` (from
    :func:`ranking_read`, ``up_to`` then ignored) gives the rows."""
    read = read or ranking_read(championship, up_to=up_to)
    pairs, settings, games, all_byes = read.pairs, read.settings, read.games, read.byes
    section_of = _sections_of(championship, pairs)
    sections = sorted({s for s in section_of.values() if s is not None},
                      key=lambda s: s.position)
    if not sections:
        return [SectionRanking(None, rules.rank(settings, pairs, games, all_byes))]
    # One pass over the pairs, the games and the byes each, splitting them by section (keyed
    # by the section's id; None for the pairs in no section); each section is then ranked
    # on its own games only.
    key_of = {pk: None if section is None else section.pk for pk, section in section_of.items()}
    members: dict = {section.pk: [] for section in sections}
    members[None] = []
    for pair in pairs:
        members[key_of[pair.pk]].append(pair)
    # A game or a bye of no pair listed (none expected) is left out, as each section's own
    # filter left it out.
    games_of: dict = {key: [] for key in members}
    games_of[_NOWHERE] = []
    for game in games:
        games_of[key_of.get(game.first_id, _NOWHERE)].append(game)
    byes_of: dict = {key: [] for key in members}
    byes_of[_NOWHERE] = []
    for bye in all_byes:
        byes_of[key_of.get(bye[1], _NOWHERE)].append(bye)
    result = []
    for section in [*sections, None]:
        key = None if section is None else section.pk
        if section is None and not members[None]:
            continue
        lines = rules.rank(settings, members[key], games_of[key], byes_of[key],
                           section=section)
        result.append(SectionRanking(section, lines))
    return result


#: The key of the games and byes of no pair listed (``section_rankings``).
_NOWHERE = object()


def _sections_of(championship: Championship, pairs: list[Team]) -> dict[int, Section | None]:
    """Each pair's section (None: in no section), from the columns ``section_rankings``
    annotates; each section built once, as the database returned it."""
    built: dict[int, Section] = {}
    section_of: dict[int, Section | None] = {}
    for pair in pairs:
        if pair.section_pk is None:
            section_of[pair.pk] = None
            continue
        if pair.section_pk not in built:
            built[pair.section_pk] = Section.from_db(
                Section.objects.db, ["id", "championship_id", "name", "position"],
                [pair.section_pk, championship.pk, pair.section_name, pair.section_position])
        section_of[pair.pk] = built[pair.section_pk]
    return section_of


def ranking(championship: Championship, *, up_to: int | None = None) -> list:
    """The ranking lines of every pair (rules.md 11.3), best first, from the counted games;
    with sections, each section's lines in turn (each place within its section, each line's
    ``section`` set)."""
    return [line for part in section_rankings(championship, up_to=up_to) for line in part.lines]


def history(championship: Championship) -> tuple[set[frozenset], list[int]]:
    """Who has met whom (every table ever drafted, played or not), and one entry per bye."""
    met = {
        frozenset(pair)
        for pair in Table.objects.filter(round__championship=championship)
        .values_list("ns_team_id", "ew_team_id")
    }
    return met, [pair for _number, pair in byes(championship)]


def round_games(round_: Round) -> list[TableGame]:
    """Every table of the round with its latest entry and its state (two queries)."""
    tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
    entries = (GameEntry.objects.filter(table__round=round_).order_by("table_id", "-id")
               .prefetch_related("reviews"))
    latest: dict[int, GameEntry] = {}
    for entry in entries:
        latest.setdefault(entry.table_id, entry)
    return [_table_game(table, latest.get(table.pk)) for table in tables]


def table_game(table: Table) -> TableGame:
    entry = (GameEntry.objects.filter(table=table).order_by("-id")
             .prefetch_related("reviews").first())
    return _table_game(table, entry)


def _table_game(table: Table, entry: GameEntry | None) -> TableGame:
    if entry is None:
        return TableGame(table, None, EMPTY)
    reviews = list(entry.reviews.all())
    if any(r.verdict == GameReview.Verdict.CONFIRM for r in reviews):
        return TableGame(table, entry, CONFIRMED)
    dispute = next((r for r in reviews if r.verdict == GameReview.Verdict.DISPUTE), None)
    if dispute is not None:
        return TableGame(table, entry, DISPUTED, disputed_by=dispute.by_team_id)
    return TableGame(table, entry, PENDING)


def game_history(table: Table) -> list[GameEntry]:
    """Every entry of the table's game, oldest first, with who made it and its reviews."""
    return list(table.game_entries.select_related("by_team", "by_director")
                .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))


def entry_state(entry: GameEntry) -> str:
    """The state of one entry by its own reviews (one query): confirmed, disputed or
    pending, whether or not a newer entry supersedes it."""
    return _table_game(None, entry).state


@dataclass
class TeamGame:
    """A pair's game as its link shows it: its table in the open round (else its latest
    table), the game there, and the open round in which it has the bye, if any."""

    team: Team
    table: Table | None
    game: TableGame | None
    bye_round: Round | None

    @property
    def open(self) -> bool:
        """Whether the table's round is in play."""
        return self.table is not None and self.table.round.status == Round.Status.RELEASED

    @property
    def we_are(self) -> str | None:
        """Whether the pair is the first (``ns_team``) or the second pair at its table."""
        if self.table is None:
            return None
        return "first" if self.table.ns_team_id == self.team.pk else "second"

    @property
    def opponent(self) -> Team | None:
        if self.table is None:
            return None
        return self.table.ew_team if self.we_are == "first" else self.table.ns_team

    @property
    def writable(self) -> bool:
        """Whether the link may enter and confirm there now (not withdrawn, not a table
        whose other pair withdrew)."""
        return self.open and not self.team.withdrawn and self.table.bye_team_id is None


def round_byes(round_: Round) -> list[Team]:
    """The pairs sitting the round out with a bye (the odd pair out; with sections, one per
    section with an odd number of pairs), by number (one query)."""
    return list(Team.objects.filter(championship_id=round_.championship_id)
                .filter(Q(byes=round_) | Q(section_byes__round=round_)).distinct()
                .order_by("number"))


def open_bye_round(team: Team) -> Round | None:
    rounds = Round.objects.filter(championship_id=team.championship_id,
                                  status=Round.Status.RELEASED)
    return ((rounds.filter(bye_team=team) | rounds.filter(section_byes__team=team))
            .order_by("number").first())


def team_game(team: Team) -> TeamGame:
    table = team_table(team)
    game = table_game(table) if table is not None else None
    return TeamGame(team, table, game, open_bye_round(team))


def ranking_in_scope(scope) -> list:
    """The ranking a results reader sees (``scoring.selectors.ranking_scope``): live, every
    confirmed game, for the championship's directors; else after the chosen closed round,
    or the last one (none yet: nothing counts)."""
    up_to = scope.up_to
    if up_to is None and not scope.live:
        up_to = scope.last_closed
    return ranking(scope.championship, up_to=up_to)


def team_table(team: Team) -> Table | None:
    """The pair's table in its earliest open round, else its latest table."""
    tables = (Table.objects.filter(round__championship_id=team.championship_id)
              .filter(round__status__in=[Round.Status.RELEASED, Round.Status.CLOSED])
              .filter(ns_team=team) | Table.objects.filter(
                  round__championship_id=team.championship_id,
                  round__status__in=[Round.Status.RELEASED, Round.Status.CLOSED], ew_team=team))
    # The championship and its game settings in the same read: entering a game checks them.
    tables = tables.select_related("round__championship__free_deal_settings", "ns_team",
                                   "ew_team")
    open_ = tables.filter(round__status=Round.Status.RELEASED).order_by("round__number").first()
    return open_ or tables.order_by("-round__number").first()


def missing_results(round_: Round, games: list[TableGame] | None = None) -> list[str]:
    """Each table whose game is not confirmed, as a line for the director (from ``games``,
    the round's :func:`round_games`, when already read)."""
    labels = {EMPTY: _("not entered"), PENDING: _("waiting for confirmation"),
              DISPUTED: _("entered, but the other side disputes it")}
    return [
        _("Table %(table)s: %(status)s") % {"table": game.table.number,
                                            "status": labels[game.state]}
        for game in (games if games is not None else round_games(round_))
        if game.state != CONFIRMED and game.table.bye_team_id is None
    ]


def knockout_bracket(championship: Championship) -> list[list]:
    """The knockout stage's ties, round by round (first round first), each with its games;
    an empty list before the stage starts (and the captains' reports). Four queries."""
    from formats.free_deal.models import KnockoutTie  # noqa: PLC0415 (beside the others)

    ties = (KnockoutTie.objects.filter(championship=championship)
            .select_related("first", "second", "winner")
            .prefetch_related("games", Prefetch("entries", KnockoutEntry.objects.with_state()
                                                .select_related("by_team"))))
    rounds: list[list] = []
    for tie in ties:
        if tie.stage > len(rounds):
            rounds.append([])
        rounds[-1].append(tie)
    return rounds
