"""Between the database and ``engine.free_deal``: the settings row as the engine's
``GameSettings``, the engine's refusals as translated messages naming the field, and the
ranking and the pairing from model rows. No rule is decided here; they are the engine's."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from engine import free_deal as fd
from engine.field_error import worded
from engine.ordinary import DoublingScheme
from scoring.game_words import record_messages, unreadable_record
from scoring.services.values import GameRefused
from tournaments.services.common import ServiceError

PairingImpossible = fd.PairingImpossible


def game_settings(row) -> fd.GameSettings:
    return fd.GameSettings(
        target=row.target, hand_limit=row.hand_limit, time_limit=row.round_minutes is not None,
        cap=row.cap, doubling=DoublingScheme(row.championship.doubling),
        sant_vicenc=row.sant_vicenc,
    )


def check_settings(row) -> None:
    """Refuse settings that cannot make a game (every limit off, a cap below the target)."""
    try:
        game_settings(row)
    except fd.GameError as error:
        field = {"time_limit": "round_minutes"}.get(error.field, error.field)
        raise ServiceError(game_message(error), field=field) from None
    known = set(fd.METRICS)
    order = [name.strip() for name in row.tie_breaks.split(",") if name.strip()]
    if not order or set(order) - known or len(order) != len(set(order)):
        raise ServiceError(_("The tie-break order must list some of: %(names)s, each once.")
                           % {"names": ", ".join(sorted(known))}, field="tie_breaks")


def _report(values) -> fd.GameReport:
    hands = None
    if values.hands is not None:
        hands = tuple(fd.HandRecord(**hand) for hand in values.hands)
    return fd.GameReport(first_points=values.first_points, second_points=values.second_points,
                         ended_by=fd.EndedBy(values.ended_by), hands_played=values.hands_played,
                         hands=hands)


def check_game(row, values):
    """The engine's verdict on a report, or :class:`GameRefused` with a translated message."""
    try:
        return fd.check_game(_report(values), game_settings(row))
    except fd.GameError as error:
        raise GameRefused(game_message(error), error.code, error.field) from None
    except (TypeError, ValueError) as error:
        raise GameRefused(unreadable_record(error), "hands_unreadable", "hands") from None


def game_message(error) -> str:
    """The engine's refusal in the reader's language (the engine speaks English)."""
    return worded(error, _messages())


def _messages() -> dict[str, str]:
    """Each refusal code of ``engine.free_deal.CODES`` in the reader's language; the
    engine's parameters fill them in."""
    return {
        "not_an_integer": _("Enter a whole number."),
        "out_of_range": _("Enter a number from %(min)s to %(max)s."),
        "cap_below_target": _("The cap (%(cap)s) cannot be below the target (%(target)s)."),
        "no_ending": _("A game needs an end: set a target, a hand limit or a time per round."),
        "negative_points": _("Points cannot be negative."),
        "above_cap": _("%(points)s points is above the cap of %(cap)s: points above the cap "
                       "are not counted, so enter %(cap)s."),
        "both_reached_target": _("Both pairs cannot be at or over the target: the game ended "
                                 "when the first pair reached it."),
        "unknown_ending": _("Choose how the game ended."),
        "ending_off": _("This championship does not end games that way."),
        "target_not_reached": _("The game ended at the target, but neither pair reached "
                                "%(target)s."),
        "no_hands": _("A game has at least one hand."),
        "above_hand_limit": _("%(hands_played)s hands is more than the limit of "
                              "%(hand_limit)s."),
        "hands_not_at_limit": _("The game ended at the hand limit, so %(hand_limit)s hands "
                                "were played."),
        "not_a_boolean": _("Choose yes or no."),
        "unknown_scheme": _("Choose a doubling scheme."),
        # The hand-by-hand record: the core's words (every score pad's).
        **record_messages(),
    }


# --- Pairing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A round as the services store it: ``(first, second)`` pair ids, table 1 first."""

    matches: list[tuple[int, int]]
    bye: int | None


def _plan(pairing) -> Plan:
    return Plan([(table.first, table.second) for table in pairing.tables], pairing.bye)


def first_round(pairs: list[int], *, seed: bytes | None) -> Plan:
    """Round 1: a draw seeded by ``seed``, or, without one, the director's seeding order
    (``pairs`` as given, best first)."""
    if seed is None:
        return _plan(fd.seeded_first_round(pairs))
    return _plan(fd.drawn_first_round(pairs, seed))


def later_round(ranking: list[RankingLine], *, met: set[frozenset], byes_had: list[int]) -> Plan:
    """A later round from the ranking (withdrawn pairs left out), never a rematch."""
    return _plan(fd.swiss_round(
        [line.pair_id for line in ranking], met, byes_had,
        match_points={line.pair_id: line.match_points for line in ranking},
        withdrawn={line.pair_id for line in ranking if line.withdrawn},
    ))


# --- Ranking ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankingLine:
    """A pair's line of the ranking: the engine's figures with the pair's row."""

    team: object
    placed: object  # engine.free_deal.PlacedPair
    section: object = None  # its Section, when the championship has sections

    def in_section(self, section) -> RankingLine:
        return RankingLine(self.team, self.placed, section)

    @property
    def section_name(self) -> str:
        return self.section.name if self.section is not None else ""

    @property
    def pair_id(self) -> int:
        return self.team.pk

    @property
    def withdrawn(self) -> bool:
        return self.team.withdrawn

    @property
    def place(self) -> str:
        return self.placed.label

    def __getattr__(self, name):
        # games, wins, draws, losses, byes, match_points, points, points_against,
        # point_difference, buchholz: the engine's PairLine.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.placed.line, name)


def ranking_settings(row) -> fd.RankingSettings:
    return fd.RankingSettings(
        match_points=fd.MatchPoints(row.match_points),
        tie_breaks=tuple(name.strip() for name in row.tie_breaks.split(",") if name.strip()),
    )


def bye_of(row, pair) -> fd.Bye:
    """A bye of ``pair`` as the settings ``row`` score it (rules.md 11.3)."""
    return fd.Bye(pair, points=row.bye_points, difference=row.bye_difference)


def rank(row, teams, games, byes, *, section=None) -> list[RankingLine]:
    """The ranking (rules.md 11.3) of ``teams`` from the counted games and the byes
    (``(round number, pair id)``), each bye worth what the settings say; each line's
    ``section`` set to ``section``."""
    by_id = {team.pk: team for team in teams}
    placed = fd.rank_pairs(
        list(by_id),
        [(g.first_id, g.second_id, g.first_points, g.second_points) for g in games],
        [bye_of(row, pair) for _number, pair in byes],
        ranking_settings(row),
    )
    return [RankingLine(by_id[p.pair], p, section) for p in placed]
