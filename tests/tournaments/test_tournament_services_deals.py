"""Services of the tournaments app: deals generated from the key, imported deals, and their
secrecy until the round is closed."""

from __future__ import annotations

import hashlib

import pytest

import engine
from tournaments import selectors, services
from tournaments.models import Deal

pytestmark = pytest.mark.django_db


# --- Deals from the key --------------------------------------------------------------------


def test_generated_deals_verify_against_the_revealed_key(scheduled):
    championship = scheduled
    deals = list(championship.deals.order_by("number"))
    assert [d.number for d in deals] == list(range(1, 7 * 4 + 1))
    for round_ in championship.rounds.all():
        services.release_round(round_)
    for round_ in championship.rounds.order_by("number"):
        services.close_round(round_)
    services.finish_championship(championship)
    championship.refresh_from_db()
    assert championship.key_revealed
    key = bytes.fromhex(championship.deal_key)
    # Anyone holding the revealed key checks it against the commitment shown from the start...
    assert hashlib.sha256(key).hexdigest() == championship.key_commitment
    # ... and regenerates every deal.
    for deal in deals:
        assert deal.cards == engine.format_deal(engine.generate_deal(key, deal.number))


def test_deal_numbers_and_dealers_follow_the_rules(scheduled):
    round2 = scheduled.rounds.get(number=2)
    deals = list(round2.deals.order_by("number"))
    assert [d.number for d in deals] == [5, 6, 7, 8]
    assert [d.dealer for d in deals] == ["N", "W", "S", "E"]
    assert all(d.source == Deal.Source.GENERATED for d in deals)
    for deal in deals:
        parsed = engine.parse_deal(deal.cards)
        assert engine.format_deal(parsed) == deal.cards


# --- Deal import ---------------------------------------------------------------------------


def test_import_deals_replaces_generated_ones(scheduled):
    round_ = scheduled.rounds.get(number=2)
    new5 = engine.format_deal(engine.generate_deal(b"other key", 1))
    new6 = engine.format_deal(engine.generate_deal(b"other key", 2), first=engine.Seat.W)
    text = f"# hand-dealt\n\n5 {new5}\n6: {new6}\n"
    services.import_deals(round_, text)
    deal5, deal6 = round_.deals.get(number=5), round_.deals.get(number=6)
    assert deal5.cards == new5 and deal5.source == Deal.Source.IMPORTED
    # Stored canonically, N first, whatever seat the import started with.
    assert deal6.cards == engine.format_deal(engine.parse_deal(new6))
    assert deal6.dealer == "W"  # the dealer stays the one of the deal's position
    assert services.restore_generated_deals(round_) == 2
    deal5.refresh_from_db()
    assert deal5.source == Deal.Source.GENERATED
    assert deal5.cards == engine.format_deal(engine.generate_deal(scheduled.key_bytes, 5))


def test_import_deals_all_or_nothing(scheduled):
    round_ = scheduled.rounds.get(number=2)
    before = dict(round_.deals.values_list("number", "cards"))
    good = engine.format_deal(engine.generate_deal(b"k", 1))
    dup = good.replace("N:", "N:", 1)
    hands = good[2:].split()
    bad_dup = "N:" + " ".join([hands[0], hands[0], hands[2], hands[3]])
    text = "\n".join([
        f"5 {good}",
        f"6 {bad_dup}",
        "7 N:xyz",
        f"9 {good}",
        f"5 {dup}",
        "nonsense",
    ])
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(round_, text)
    messages = [str(e) for e in error.value.errors]
    assert any(m.startswith("Line 2: deal 6: the card") and "appears twice" in m for m in messages)
    assert any(m.startswith("Line 3: deal 7:") for m in messages)
    assert "Line 4: deal 9 is not in round 2 (its deals are 5–8)." in messages
    assert "Line 5: deal 5 is also on line 1." in messages
    assert any(m.startswith("Line 6: expected the deal number") for m in messages)
    assert dict(round_.deals.values_list("number", "cards")) == before


def test_import_deals_refuses_released_rounds(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    good = engine.format_deal(engine.generate_deal(b"k", 1))
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(scheduled, f"1 {good}\n40 {good}")
    messages = [str(e) for e in error.value.errors]
    assert "Line 1: round 1 has been released, so deal 1 can no longer be replaced." in messages
    assert "Line 2: there is no deal 40: generate its round first." in messages
    with pytest.raises(services.ServiceError, match="No deals found"):
        services.import_deals(scheduled, "\n# nothing\n")


# --- Secrecy -------------------------------------------------------------------------------


def test_deals_are_public_only_once_their_round_is_closed(scheduled):
    round_ = scheduled.rounds.get(number=1)
    deal = round_.deals.first()
    assert not selectors.deal_is_public(deal)
    assert not selectors.public_deals(scheduled).exists()
    services.release_round(round_)
    deal.round.refresh_from_db()
    assert not selectors.deal_is_public(deal)
    assert not selectors.public_deals(scheduled).exists()
    services.close_round(round_)
    deal.round.refresh_from_db()
    assert selectors.deal_is_public(deal)
    assert set(selectors.public_deals(scheduled)) == set(round_.deals.all())
