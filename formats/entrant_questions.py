"""What every format answers about its entrants: registering and importing them, the
drafted rounds that place them, withdrawals and sections. Part of the seam
(:class:`formats.base.Format` inherits these questions); see ``formats/base.py``."""

from __future__ import annotations


class EntrantQuestions:
    # --- Entrants (the teams page, its import and its template) -----------------------------

    #: Whether each entrant is one player (individual championships), not a team of two.
    players_entrants: bool = False
    #: The columns of the entrants' import file and its template, in order.
    entrant_columns: tuple[str, ...] = ("number", "name", "club", "player1", "player2")

    def entrant_form(self, data=None, initial=None):
        """The form that registers or edits one entrant (a team, a pair, a player)."""
        from tournaments.forms import TeamForm

        return TeamForm(data, initial=initial)

    def entrant_initial(self, team) -> dict:
        from tournaments.forms import TeamForm

        return {name: getattr(team, name) for name in TeamForm.base_fields}

    def typed_players(self, cleaned: dict) -> list[tuple[int, str, str, str]]:
        """The players :meth:`entrant_form` typed, as ``(position, name, club, licence)``:
        what the register is searched for before the entrant is saved (rules.md 13.1)."""
        return [(position, cleaned.get(f"player{position}", ""), cleaned.get("club", ""), "")
                for position in (1, 2) if cleaned.get(f"player{position}")]

    def add_entrant(self, championship, cleaned: dict, *, chosen=None):
        """Register an entrant; ``chosen`` is the director's pick of register player by
        position (a player's id, or ``None`` for a new player)."""
        from tournaments import services

        return services.add_team(championship, chosen=chosen, **cleaned)

    def update_entrant(self, team, cleaned: dict, *, chosen=None):
        from tournaments import services

        return services.update_team(team, chosen=chosen, **cleaned)

    def import_entrants(self, championship, uploaded_file) -> list:
        from tournaments import services

        return services.import_teams(championship, uploaded_file)

    # --- Drafted rounds (``tournaments.services.drafts`` and ``withdrawals``) ---------------

    def other_byes(self, round_) -> set[int]:
        """Ids of the teams sitting out ``round_`` with a bye besides ``Round.bye_team``
        (a free-deal section's own bye)."""
        return set()

    def check_draft(self, round_, tables: dict[int, tuple[int, int]]) -> None:
        """Refuse (``ServiceError`` naming the field) a drafted layout the format cannot
        play: ``tables`` maps each table number to its two teams' ids."""

    def swap_other_byes(self, round_, swap: dict[int, int]) -> None:
        """Exchange teams in the byes of :meth:`other_byes` as a swap by hand does."""

    def set_other_bye(self, round_, team, given: bool) -> bool:
        """Give or take back ``team``'s own bye in ``round_`` where the format keeps it
        elsewhere than ``Round.bye_team``; ``False`` when it does not (the caller uses
        ``Round.bye_team``)."""
        return False

    def other_bye_rounds(self, championship_id: int, team, *, status) -> list[int]:
        """Numbers of the rounds in ``status`` where ``team`` has a bye of
        :meth:`other_byes`."""
        return []

    def placed_rounds(self, team, *, status) -> list[int]:
        """Numbers of the rounds in ``status`` that place ``team``: at a table, or with a
        bye (the round's, or one of :meth:`other_byes`). What a withdrawal reports of the
        drafted rounds."""
        from django.db.models import Q

        from tournaments.models import Round

        rounds = Round.objects.filter(championship_id=team.championship_id, status=status)
        numbers = set(rounds.filter(Q(bye_team=team) | Q(tables__ns_team=team)
                                    | Q(tables__ew_team=team))
                      .values_list("number", flat=True))
        numbers |= set(self.other_bye_rounds(team.championship_id, team, status=status))
        return sorted(numbers)

    def team_withdrawn(self, team, *, by=None, origin=None) -> None:
        """What else withdrawing ``team`` does in this format, called by the core
        (``tournaments.services.teams.withdraw_team``) in its transaction once the team is
        withdrawn and its drafted rounds' byes are made (groups then knockout: the
        walkovers of rules.md 12.4)."""

    def team_reinstated(self, team, *, by=None, origin=None) -> None:
        """Undo :meth:`team_withdrawn` when the core reinstates ``team``, after its drafted
        rounds' byes are taken back."""

    # --- Sections (free-deal, rules.md 11.3) ------------------------------------------------

    def team_section_problem(self, championship, name: str) -> str | None:
        """Why a team cannot be put in the section ``name`` (a team import's "section"
        column), or ``None``."""
        from django.utils.translation import gettext

        return gettext("This championship has no sections: leave the column empty.")

    def place_teams(self, championship, sections: dict[int, str]) -> None:
        """Put the teams (by id) in the named sections, checked by
        :meth:`team_section_problem`."""
