"""The results core's one lifecycle, continued (``test_one_lifecycle.py`` has the rest): PIN
confirmation and its lockout, a misbehaving phone, the words of every refusal in every
language, and disputes, for every kind of entry a format gives."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation
from lifecycle_worlds import (
    attempts,
    dispute_by,
    enter,
    entries,
    refused,
    reviews,
    with_pins,
    wrong_pin,
)

from formats.abarrotada.services.reports import REPORTS
from formats.abarrotada.services.totals import TOTALS
from formats.duplicate_pairs.services import DEAL_RESULTS
from results import lifecycle, pins
from results.kinds import EntryWords, named
from scoring.services.games import GAMES
from scoring.services.knockout_captains import KNOCKOUT_GAMES
from scoring.services.values import PinRefused

pytestmark = pytest.mark.django_db


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
