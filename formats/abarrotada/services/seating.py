"""Drafting the next round of an individual championship (rules.md 10.3): tables of four
(or three) players, the sit-outs, and the round's deals.

Round 1 is a seeded draw (seeded by the championship's secret key, so it is fixed and cannot
be predicted); later rounds go down the championship's own ranking (:func:`seating_ranking`)
in groups, once every earlier round is closed, with the fewest repeat meetings and evening out
the seats (``engine.abarrotada.movements``).
Every table plays the same deals with the same dealer seat; in the four-player form they
are the pairs' deals (the same construction and commitment), in the three-player form the
36-card deck's.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

import engine
from engine.abarrotada import Form, Seating, first_round, generate_individual_deal, next_round
from engine.notation import format_hand
from engine.seats import Seat
from formats.abarrotada import evening, selectors
from formats.abarrotada.models import PlayerTable, SitOut
from formats.abarrotada.models import Seating as SeatRow
from formats.abarrotada.services.settings import form_of
from formats.registry import format_of
from tournaments.models import Championship, Deal, Round
from tournaments.services.common import ServiceError
from tournaments.services.next_round import create_round, lock_next_round


def dealer_of(position: int, form: Form) -> Seat:
    """The dealer of the deal at ``position`` (from 1) of a round: the deal passes in the
    order of play, N first (N, W, S, E; with three players N, S, E)."""
    order = form.play_order(Seat.N)
    return order[(position - 1) % len(order)]


def deal_cards(key: bytes, number: int, form: Form) -> str:
    """The deal in notation, ``N:`` then the hands in seat order."""
    if form is Form.FOUR:
        return engine.format_deal(engine.generate_deal(key, number))
    hands = generate_individual_deal(key, number, form)
    return "N:" + " ".join(format_hand(hands[seat]) for seat in form.seats)


def round_deals(championship: Championship, round_: Round, form: Form) -> list[Deal]:
    numbers = engine.round_deal_numbers(round_.number, championship.deals_per_match)
    return [
        Deal(championship=championship, round=round_, number=number,
             dealer=dealer_of(position, form).value,
             cards=deal_cards(championship.key_bytes, number, form),
             source=Deal.Source.GENERATED)
        for position, number in enumerate(numbers, start=1)
    ]


@transaction.atomic
def seat_next_round(championship: Championship) -> list[Round]:
    """Draft the next round; returns it in a list (as the other formats' generators)."""
    championship, number = lock_next_round(
        championship, _("Close round %(number)s before seating the next one."))
    form = form_of(championship)
    if number == 1:
        players = list(championship.teams.filter(withdrawn=False).order_by("number")
                       .values_list("pk", flat=True))
        if len(players) < len(form.seats):
            raise ServiceError(_("At least %(count)s players are needed to seat a round.")
                               % {"count": len(form.seats)})
        seating = first_round(players, form, championship.deal_key)
    else:
        ranking = seating_ranking(championship)
        if len(ranking) < len(form.seats):
            raise ServiceError(_("At least %(count)s players are needed to seat a round.")
                               % {"count": len(form.seats)})
        seating = next_round(ranking, form, selectors.seating_history(championship))
    round_ = create_round(championship, number)
    create_seating(round_, seating)
    if format_of(championship).has_deals:  # a free-deal evening has none (rules.md 10.4)
        Deal.objects.bulk_create(round_deals(championship, round_, form))
    return [round_]


def seating_ranking(championship: Championship) -> list[int]:
    """The players still in, best first, by the championship's own ranking: an evening's
    game totals (rules.md 10.4; its players enter no deals, so the duplicate standings would
    rank them all 0, by player number), else the duplicate standings (10.2)."""
    if format_of(championship).has_deals:
        lines = selectors.standings(championship)
    else:
        lines = evening.evening_standings(championship)
    return [line.player_id for line in lines if not line.withdrawn]


def create_seating(round_: Round, seating: Seating) -> None:
    """Store an engine seating (of player ids) as the round's tables, seats and sit-outs."""
    tables = PlayerTable.objects.bulk_create(
        [PlayerTable(round=round_, number=n) for n in range(1, len(seating.tables) + 1)])
    SeatRow.objects.bulk_create(
        [SeatRow(table=table, round=round_, seat=seat.value, player_id=player)
         for table, seats in zip(tables, seating.tables, strict=True)
         for seat, player in seats.items()])
    SitOut.objects.bulk_create([SitOut(round=round_, player_id=p) for p in seating.sit_outs])
