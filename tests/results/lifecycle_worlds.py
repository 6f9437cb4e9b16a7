"""The worlds the results core's lifecycle tests run in: one table (or tie) of each kind of
entry a format gives, built by the format's own services, and the helpers the tests share
(``test_one_lifecycle.py``, ``test_one_lifecycle_pins_and_words.py``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import abarrotada_factories as ab_factories
import free_deal_factories as fd_factories
import pytest
import scoring_factories as pairs_factories
from test_free_deal_knockout_stage import swiss_played

from formats.abarrotada.services import TotalsValues
from formats.abarrotada.services.reports import REPORTS
from formats.abarrotada.services.totals import TOTALS
from formats.duplicate_pairs.services import DEAL_RESULTS
from formats.free_deal.services.knockout import start_knockout
from results import lifecycle
from results.kinds import EntryKind
from scoring.models import KnockoutTie
from scoring.services.games import GAMES
from scoring.services.knockout_captains import KNOCKOUT_GAMES
from scoring.services.values import ScoringError
from tournaments import services
from tournaments.models import Round, Team


@dataclass(frozen=True)
class Seated:
    """A round's table of one kind, and who does what there."""

    kind: EntryKind
    round: Round | None
    table: object
    #: Enters the result.
    enterer: Team
    #: Sits at the table with the enterer and may confirm what they enter.
    confirmer: Team
    #: Sits at another table of the round (``outsider_table``).
    outsider: Team
    outsider_table: object
    slot: dict
    #: A valid entry's values, and other valid values of the same slot.
    fields: dict
    other_fields: dict
    #: Another slot of the same table, for kinds with more than one a round.
    other_slot: dict | None = None
    #: The kind's own code of a refusal the others share (a knockout's tie is no table).
    codes: dict = dataclasses.field(default_factory=dict)
    #: Played in a round's table (a knockout tie is not: no round closes it, and the
    #: director enters its games on the bracket, not as an entry).
    in_a_round: bool = True

    def code(self, name: str) -> str:
        return self.codes.get(name, name)


def duplicate_result(director, release: bool = True) -> Seated:
    championship = pairs_factories.make_championship(teams=4, deals_per_match=2,
                                                     director=director)
    t1, t2, t3, t4 = pairs_factories.teams_of(championship)
    round_ = pairs_factories.make_round(
        championship, 1, [(t1, t2), (t3, t4)],
        status=Round.Status.RELEASED if release else Round.Status.DRAFTED)
    table, other = round_.tables.select_related("ns_team", "ew_team").order_by("number")
    first, second = round_.deals.order_by("number")
    return Seated(DEAL_RESULTS, round_, table, t1, t2, t3, other, slot={"deal": first},
                  fields=pairs_factories.result(40).entry_fields(),
                  other_fields=pairs_factories.result(30).entry_fields(),
                  other_slot={"deal": second})


def free_deal_game(director, release: bool = True) -> Seated:
    championship = fd_factories.make_free_deal(director, pairs=4)
    round_ = (fd_factories.next_round(championship, director) if release
              else services.generate_next_round(championship)[0])
    table, other = round_.tables.select_related("ns_team", "ew_team").order_by("number")[:2]
    return Seated(GAMES, round_, table, table.ns_team, table.ew_team, other.ns_team, other,
                  slot={}, fields=fd_factories.win().entry_fields(),
                  other_fields=fd_factories.win(40, 101, 11).entry_fields())


def players_table(championship, director, release: bool):
    round_ = (ab_factories.next_round(championship, director) if release
              else services.generate_next_round(championship)[0])
    table, other = round_.player_tables.order_by("number")[:2]
    return round_, table, other, ab_factories.seated(table), ab_factories.seated(other)


def individual_report(director, release: bool = True) -> Seated:
    championship = ab_factories.make_individual(director, players=8, rounds=2, deals=2)
    round_, table, other, who, elsewhere = players_table(championship, director, release)
    first = ab_factories.delegated(ab_factories.values("30-14-20-8"), table, 1)
    second = ab_factories.delegated(ab_factories.values("20-24-20-8"), table, 1)
    return Seated(REPORTS, round_, table, who["N"], who["E"], elsewhere["N"], other,
                  slot={"deal_number": 1}, fields=first.report_fields(),
                  other_fields=second.report_fields(), other_slot={"deal_number": 2})


def evening_totals(director, release: bool = True) -> Seated:
    championship = ab_factories.make_evening(director, players=8)
    round_, table, other, who, elsewhere = players_table(championship, director, release)
    return Seated(TOTALS, round_, table, who["N"], who["E"], elsewhere["N"], other, slot={},
                  fields=TotalsValues({"N": 12, "E": 0, "S": 4, "W": 4}).fields(),
                  other_fields=TotalsValues({"N": 10, "E": 2, "S": 4, "W": 4}).fields())


def knockout_game(director, release: bool = True) -> Seated:
    championship = swiss_played(director, knockout_size=4, knockout_best_of=3)
    start_knockout(championship, by=director)
    tie, other = (KnockoutTie.objects.select_related("first", "second", "championship")
                  .filter(championship=championship, stage=1).order_by("slot"))
    # Game 1 of a best of three: a confirmed game leaves the tie undecided, its slot filled.
    return Seated(KNOCKOUT_GAMES, None, tie, tie.first, tie.second, other.first, other,
                  slot={"number": 1}, fields={"first_points": 101, "second_points": 70},
                  other_fields={"first_points": 60, "second_points": 101},
                  codes={"not_your_table": "not_your_tie", "confirmed": "superseded"},
                  in_a_round=False)


#: Each kind's adapter, and whether a dispute closes its slot to new entries.
KINDS = [
    pytest.param((duplicate_result, False), id="duplicate_result"),
    pytest.param((free_deal_game, False), id="free_deal_game"),
    pytest.param((individual_report, True), id="individual_report"),
    pytest.param((evening_totals, True), id="evening_totals"),
    pytest.param((knockout_game, False), id="knockout_game"),
]


def in_a_round(at: Seated) -> None:
    if not at.in_a_round:
        pytest.skip("played at a knockout tie: no round, and no director's entry")


def with_pins(at: Seated) -> None:
    if at.kind.pin_attempt_model is None:
        pytest.skip("this kind has no PIN confirmation")


# --- helpers ---------------------------------------------------------------------------------


def enter(at: Seated, entrant: Team | None = None, *, key: str | None = None,
          table=None, slot: dict | None = None, fields: dict | None = None):
    return lifecycle.submit(at.kind, entrant=entrant or at.enterer, table=table or at.table,
                            slot=at.slot if slot is None else slot,
                            fields=fields or at.fields, idempotency_key=key)


def dispute_by(kind: EntryKind, **kwargs):
    """A dispute, with the comment a kind may need (``EntryWords.comment_needed``)."""
    return lifecycle.dispute_by(kind, **{"comment": "The score is wrong", **kwargs})


def refused(call, *args, **kwargs) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        call(*args, **kwargs)
    return caught.value


def entries(at: Seated, table=None, slot: dict | None = None) -> int:
    return at.kind.model.objects.filter(**{at.kind.table_field: table or at.table},
                                        **(at.slot if slot is None else slot)).count()


def reviews(at: Seated, entry, verdict: str | None = None) -> int:
    found = at.kind.review_model.objects.filter(**{at.kind.review_field: entry})
    return (found.filter(verdict=verdict) if verdict else found).count()


def attempts(at: Seated, **filters) -> int:
    if at.kind.pin_attempt_model is None:
        return 0
    return at.kind.pin_attempt_model.objects.filter(table=at.table, **filters).count()


def wrong_pin(at: Seated) -> str:
    """A PIN that is nobody's at the table."""
    taken = {team.pin for team in at.kind.others_at(at.table, at.enterer)} | {at.enterer.pin}
    return next(pin for pin in (f"{n:04d}" for n in range(10_000)) if pin not in taken)


def values_of(entry, fields: dict) -> dict:
    return {name: getattr(entry, name) for name in fields}
