"""The results core's one lifecycle (``results.lifecycle``, ``results.pins``), driven directly
for every kind of entry a format gives: a duplicate deal's result, a free-deal game, an
individual deal's report, an individual evening's game totals and a free-deal knockout
game. Each test runs once per kind, on a released round's table (a knockout tie) built by
the format's own services; what differs between kinds is said by the kind
(``dispute_closes_slot``, no PIN confirmation) and checked here as such."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import abarrotada_factories as ab_factories
import free_deal_factories as fd_factories
import pytest
import scoring_factories as pairs_factories
from django.core.exceptions import ValidationError
from django.utils import translation
from test_free_deal_knockout_stage import swiss_played

from formats.abarrotada.services import TotalsValues
from formats.abarrotada.services.reports import REPORTS
from formats.abarrotada.services.totals import TOTALS
from formats.duplicate_pairs.services import DEAL_RESULTS
from formats.free_deal.models import KnockoutTie
from formats.free_deal.services.games import GAMES
from formats.free_deal.services.knockout import start_knockout
from formats.free_deal.services.knockout_captains import KNOCKOUT_GAMES
from results import lifecycle, pins
from results.kinds import EntryKind, EntryWords, named
from scoring.services.places import NotHere
from scoring.services.values import PinRefused, ScoringError
from tournaments import services
from tournaments.models import Round, Team

pytestmark = pytest.mark.django_db


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


@pytest.fixture(params=KINDS)
def adapter(request):
    return request.param


@pytest.fixture
def at(adapter, director) -> Seated:
    build, _closes = adapter
    return build(director)


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


# --- idempotency -----------------------------------------------------------------------------


def test_the_same_key_stores_once_and_answers_the_first_entry(at):
    first, created = enter(at, key="same-key")
    again, created_again = enter(at, key="same-key", fields=at.other_fields)
    assert (created, created_again, again.pk) == (True, False, first.pk)
    assert values_of(again, at.fields) == at.fields
    assert entries(at) == 1


def test_the_same_key_answers_the_first_entry_after_the_round_closed(at, director):
    in_a_round(at)
    first, _created = enter(at, key="late-key")
    services.close_round(at.round, by=director)
    found = lifecycle.earlier_submission(at.kind, entrant=at.enterer, idempotency_key="late-key",
                                         slot=at.slot)
    assert found.pk == first.pk and found.table.round.status == Round.Status.CLOSED
    again, created = enter(at, key="late-key")
    assert (again.pk, created) == (first.pk, False)
    # Another entrant's lookup finds nothing; a new key is refused now.
    assert lifecycle.earlier_submission(at.kind, entrant=at.confirmer,
                                        idempotency_key="late-key") is None
    assert refused(enter, at, key="new-key").code == "round_closed"
    assert entries(at) == 1


def test_a_key_reused_elsewhere_is_refused(at):
    enter(at, key="used-key")
    by_the_outsider = refused(enter, at, at.outsider, key="used-key", table=at.outsider_table)
    by_the_confirmer = refused(enter, at, at.confirmer, key="used-key")
    assert (by_the_outsider.code, by_the_confirmer.code) == ("key_reused", "key_reused")
    if at.other_slot is not None:
        assert refused(enter, at, key="used-key", slot=at.other_slot).code == "key_reused"
        assert entries(at, slot=at.other_slot) == 0
    assert entries(at) == 1 and entries(at, table=at.outsider_table) == 0


# --- who may enter, confirm and dispute ------------------------------------------------------


def test_an_entrant_cannot_confirm_or_dispute_their_own_entry(at):
    entry, _created = enter(at)
    confirming = refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk, entrant=at.enterer)
    disputing = refused(dispute_by, at.kind, entry_id=entry.pk, entrant=at.enterer)
    assert (confirming.code, disputing.code) == ("self_confirmation", "self_confirmation")
    assert reviews(at, entry) == 0


def test_an_outsider_cannot_enter_confirm_or_dispute(at):
    assert refused(enter, at, at.outsider).code == at.code("not_your_table")
    assert entries(at) == 0
    entry, _created = enter(at)
    for operation in (lifecycle.confirm_by, dispute_by):
        assert refused(operation, at.kind, entry_id=entry.pk,
                       entrant=at.outsider).code == at.code("not_your_table")
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=entry.pk, entrant=at.outsider,
                       pin=at.confirmer.pin).code == "not_your_table"
    assert reviews(at, entry) == 0 and attempts(at) == 0


def test_a_confirmed_entry_refuses_a_new_entry_and_a_dispute(at):
    entry, _created = enter(at)
    review = lifecycle.confirm_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    assert (review.verdict, review.by_team_id, review.via_pin) == (
        "confirm", at.confirmer.pk, False)
    again = lifecycle.confirm_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    assert again.pk == review.pk
    for entrant in (at.enterer, at.confirmer):
        assert refused(enter, at, entrant, fields=at.other_fields).code == at.code("confirmed")
    assert refused(dispute_by, at.kind, entry_id=entry.pk,
                   entrant=at.confirmer).code == "confirmed"
    assert entries(at) == 1
    assert (reviews(at, entry, "confirm"), reviews(at, entry, "dispute")) == (1, 0)


def test_a_newer_entry_supersedes_the_older(at):
    old, _created = enter(at)
    new, _created = enter(at, fields=at.other_fields)
    for operation in (lifecycle.confirm_by, dispute_by):
        assert refused(operation, at.kind, entry_id=old.pk,
                       entrant=at.confirmer).code == "superseded"
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=old.pk, entrant=at.enterer,
                       pin=at.confirmer.pin).code == "superseded"
    lifecycle.confirm_by(at.kind, entry_id=new.pk, entrant=at.confirmer)
    assert (reviews(at, old), reviews(at, new, "confirm"), attempts(at)) == (0, 1, 0)


def test_a_disputed_entry_is_the_directors(at, director):
    entry, _created = enter(at)
    dispute = dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer,
                                   comment="It was the other way round")
    assert (dispute.verdict, dispute.by_team_id) == ("dispute", at.confirmer.pk)
    for other in at.kind.others_at(at.table, at.enterer):
        assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                       entrant=other).code == "disputed"
    if at.kind.pin_attempt_model is not None:
        assert refused(pins.confirm_with_pin, at.kind, entry_id=entry.pk, entrant=at.enterer,
                       pin=at.confirmer.pin).code == "disputed"
    assert reviews(at, entry, "confirm") == 0 and attempts(at) == 0
    review = lifecycle.director_confirm(at.kind, table=at.table, entry_id=entry.pk,
                                        user=director, slot=at.slot)
    assert (review.verdict, review.by_director_id, review.by_team_id) == (
        "confirm", director.pk, None)
    assert (reviews(at, entry, "confirm"), reviews(at, entry, "dispute")) == (1, 1)


def test_a_dispute_closes_the_slot_only_where_the_kind_says(at, adapter):
    _build, closes = adapter
    assert at.kind.dispute_closes_slot is closes
    entry, _created = enter(at)
    dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    if closes:
        for entrant in (at.enterer, at.confirmer):
            assert refused(enter, at, entrant, fields=at.other_fields).code == "disputed"
        assert entries(at) == 1
    else:
        newer, created = enter(at, fields=at.other_fields)
        assert created and newer.pk != entry.pk and entries(at) == 2
        assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                       entrant=at.confirmer).code == "superseded"


# --- the director ----------------------------------------------------------------------------


def test_a_directors_entry_counts_at_once(at, director):
    in_a_round(at)
    enter(at)
    entry = lifecycle.director_entry(at.kind, table=at.table, slot=at.slot,
                                     fields=at.other_fields, user=director, note="From the sheet")
    assert (entry.by_director_override, entry.by_director_id, entry.by_team_id) == (
        True, director.pk, None)
    (review,) = at.kind.review_model.objects.filter(**{at.kind.review_field: entry})
    assert (review.verdict, review.by_director_id, review.by_team_id) == (
        "confirm", director.pk, None)
    assert refused(lifecycle.confirm_by, at.kind, entry_id=entry.pk,
                   entrant=at.confirmer).code == "director"
    # Refused as the director's where the kind names it so, as confirmed otherwise.
    expected = "director_set" if at.kind.words.director_set is not None else "confirmed"
    assert refused(enter, at, at.confirmer).code == expected
    assert entries(at) == 2


def test_no_directors_entry_in_a_drafted_round(adapter, director):
    build, _closes = adapter
    at = build(director, release=False)
    in_a_round(at)
    assert at.round.status == Round.Status.DRAFTED
    assert refused(lifecycle.director_entry, at.kind, table=at.table, slot=at.slot,
                   fields=at.fields, user=director).code == "drafted"
    assert entries(at) == 0 and not at.kind.review_model.objects.exists()


def test_the_director_confirms_only_the_urls_tables_entries(at, director):
    elsewhere, _created = enter(at, at.outsider, table=at.outsider_table)
    with pytest.raises(NotHere):
        lifecycle.director_confirm(at.kind, table=at.table, entry_id=elsewhere.pk,
                                   user=director, slot=at.slot)
    assert reviews(at, elsewhere) == 0
    if at.other_slot is not None:
        # This table's entry, but the URL names another slot of it.
        here, _created = enter(at)
        with pytest.raises(NotHere):
            lifecycle.director_confirm(at.kind, table=at.table, entry_id=here.pk,
                                       user=director, slot=at.other_slot)
        assert reviews(at, here) == 0


# --- PIN confirmation ------------------------------------------------------------------------


def test_a_right_pin_confirms_for_its_entrant(at):
    with_pins(at)
    entry, _created = enter(at)
    review = pins.confirm_with_pin(at.kind, entry_id=entry.pk, entrant=at.enterer,
                                   pin=at.confirmer.pin)
    assert (review.verdict, review.by_team_id, review.via_pin) == ("confirm", at.confirmer.pk,
                                                                   True)
    assert attempts(at, ok=True, by_team=at.enterer) == 1 and attempts(at) == 1


def test_wrong_pins_are_kept_and_five_lock_the_table(at):
    with_pins(at)
    entry, _created = enter(at)
    wrong = wrong_pin(at)
    for attempt in range(1, 6):
        with pytest.raises(PinRefused) as caught:
            pins.confirm_with_pin(at.kind, entry_id=entry.pk, entrant=at.enterer, pin=wrong)
        assert caught.value.code == ("pin_locked" if attempt == 5 else "pin_wrong")
        assert attempts(at, ok=False, by_team=at.enterer) == attempt
    # Locked: even the right PIN is refused, and not kept.
    with pytest.raises(PinRefused) as caught:
        pins.confirm_with_pin(at.kind, entry_id=entry.pk, entrant=at.enterer,
                              pin=at.confirmer.pin)
    assert caught.value.code == "pin_locked"
    assert attempts(at) == 5 and reviews(at, entry) == 0


def test_a_pin_typed_on_someone_elses_entry_is_not_needed(at):
    with_pins(at)
    entry, _created = enter(at)
    assert refused(pins.confirm_with_pin, at.kind, entry_id=entry.pk, entrant=at.confirmer,
                   pin=at.enterer.pin).code == "pin_not_needed"
    assert attempts(at) == 0 and reviews(at, entry) == 0


# --- a misbehaving phone ---------------------------------------------------------------------


def test_too_many_entries_of_one_slot_by_one_entrant(at):
    for _ in range(lifecycle.MAX_ENTRIES):
        enter(at)
    assert refused(enter, at).code == at.kind.too_many_code
    assert entries(at) == lifecycle.MAX_ENTRIES
    # Another entrant at the table still enters.
    _entry, created = enter(at, at.confirmer)
    assert created and entries(at) == lifecycle.MAX_ENTRIES + 1


# --- words -----------------------------------------------------------------------------------


def rendered(words: EntryWords, name: str, language: str) -> str:
    """One of the words in ``language``, its placeholders filled as the core fills them. The
    locked message is an ``ngettext_lazy`` keyed on ``minutes``: it is only ever read with
    its number (``str()`` of it alone is empty)."""
    with translation.override(language):
        word = getattr(words, name)
        if name == "pin_locked":
            return word % {"minutes": 3}
        text = str(word)
        return text % {**named("Parella Zeta"), "deal": 7, "count": 2} if "%(" in text else text


@pytest.mark.parametrize("kind", [DEAL_RESULTS, GAMES, REPORTS, TOTALS, KNOCKOUT_GAMES],
                         ids=["duplicate_result", "free_deal_game", "individual_report",
                              "evening_totals", "knockout_game"])
def test_every_kind_words_every_refusal_in_every_language(kind):
    for field in dataclasses.fields(EntryWords):
        if getattr(kind.words, field.name) is None:
            continue  # a refusal this kind does not make
        english = rendered(kind.words, field.name, "en")
        for language in ("ca", "es"):
            text = rendered(kind.words, field.name, language)
            # Translated, and naming whom the English names.
            assert text.strip() and text != english, (field.name, language)
            assert ("Parella Zeta" in text) == ("Parella Zeta" in english), field.name
        assert english.strip() and "%(" not in english, field.name
    for language in ("ca", "es", "en"):
        assert " 3 " in rendered(kind.words, "pin_locked", language), language


def test_a_dispute_needs_a_comment_where_the_kind_says_so(at):
    entry, _created = enter(at)
    if at.kind.words.comment_needed is None:
        dispute = lifecycle.dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
        assert dispute.verdict == lifecycle.DISPUTE and dispute.comment == ""
        return
    with pytest.raises(ValidationError) as caught:
        lifecycle.dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer, comment="  ")
    assert "comment" in caught.value.message_dict
    assert reviews(at, entry) == 0


def test_disputing_twice_keeps_one_dispute(at):
    entry, _created = enter(at)
    first = dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    again = dispute_by(at.kind, entry_id=entry.pk, entrant=at.confirmer)
    assert again.pk == first.pk and reviews(at, entry, lifecycle.DISPUTE) == 1
