"""The play-out loops that ``engine_solver.py`` times in turn: the peer's, re-implemented in
its style, and ours through the public API card by card (rules.md 4).

The peer is narcispr/botifarra_rl's loop (its ``Jugador.cartes_valides``: lists of card
objects, one list comprehension per question, ``random.choice`` per card). The code below is
written here in the same naive style, not copied; it enforces the same rules as our engine's
eastern variant (follow suit, beat if able, else the lowest card or a counting card).
"""

from __future__ import annotations

import random

from engine.play import legal_cards, trick_winner
from engine.seats import Seat

# --- The peer's loop, re-implemented in its style ---------------------------------------------

_VALUE = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 7, 10: 8, 11: 9, 12: 10, 1: 11, 9: 12}
_POINTS = {1: 4, 9: 5, 10: 1, 11: 2, 12: 3}


class PeerCard:
    def __init__(self, suit: int, number: int) -> None:
        self.suit = suit
        self.number = number
        self.points = _POINTS.get(number, 0)
        self.value = _VALUE[number]

    def strength(self, led: int, trump: int) -> int:
        return self.value + (12 if self.suit == led else 0) + (24 if self.suit == trump else 0)


class PeerPlayer:
    def __init__(self, cards: list[PeerCard]) -> None:
        self.hand = list(cards)

    def of_suit(self, suit: int) -> list[PeerCard]:
        return [c for c in self.hand if c.suit == suit]

    def lowest_per_suit(self) -> list[PeerCard]:
        out = []
        for suit in range(4):
            cards = self.of_suit(suit)
            if cards:
                out.append(min(cards, key=lambda c: c.value))
        return out

    def counting_or_lowest(self, suit: int) -> list[PeerCard]:
        counting = [c for c in self.hand if c.points > 0 and (suit == -1 or c.suit == suit)]
        lowest = [c for c in self.lowest_per_suit() if suit == -1 or c.suit == suit]
        return list(set(counting + lowest))

    def must_beat(self, table: list[PeerCard], target: int, same: list[PeerCard], trumps, trump):
        led = table[0].suit
        goal = table[target].strength(led, trump)
        if same:
            beating = [c for c in same if c.strength(led, trump) > goal]
            return beating or [min(same, key=lambda c: c.value)]
        if trumps:
            beating = [c for c in trumps if c.strength(led, trump) > goal]
            return beating or self.lowest_per_suit()
        return self.lowest_per_suit()

    def valid_cards(self, trump: int, table: list[PeerCard]) -> list[PeerCard]:
        if not table:
            return self.hand
        trumps = self.of_suit(trump)
        same = self.of_suit(table[0].suit)
        led = table[0].suit
        if len(table) == 1:
            return self.must_beat(table, 0, same, trumps, trump)
        if len(table) == 2:
            if table[0].strength(led, trump) > table[1].strength(led, trump):
                return self.counting_or_lowest(led if same else -1)
            return self.must_beat(table, 1, same, trumps, trump)
        s = [c.strength(led, trump) for c in table]
        if s[1] > s[0] and s[1] > s[2]:
            return self.counting_or_lowest(led if same else -1)
        return self.must_beat(table, 2 if s[2] > s[0] else 0, same, trumps, trump)


def peer_playout(hands: list[list[PeerCard]], first: int, trump: int, rng: random.Random) -> int:
    players = [PeerPlayer(h) for h in hands]
    leader, points = first, 0
    for _ in range(12):
        table: list[PeerCard] = []
        seats = []
        for k in range(4):
            seat = (leader + k) % 4
            card = rng.choice(players[seat].valid_cards(trump, table))
            players[seat].hand.remove(card)
            table.append(card)
            seats.append(seat)
        led = table[0].suit
        best = max(range(4), key=lambda i: table[i].strength(led, trump))
        leader = seats[best]
        if leader % 2 == 0:
            points += sum(c.points for c in table) + 1
    return points


# --- Ours ---------------------------------------------------------------------------------------


# A bot's loop as the API documents it: the hand after each card from Hand.without(), the
# legal cards in their fixed order (CardSet.cards: a seeded run repeats itself), the seat after
# from Seat.next, the side from Seat.is_ns, the trick's points added card by card.


def api_playout(deal, contract, variant, rng: random.Random) -> int:
    """One play-out through the public per-card API: legal_cards() for every card, chosen at
    random among them in their fixed order, and trick_winner() for every trick."""
    hands = {s: deal.hand(s) for s in Seat}
    leader, points = Seat.W, 0
    for _ in range(12):
        trick = []
        seat, won = leader, 1  # a trick is worth one point besides its cards, as the peer's
        for _ in range(4):
            hand = hands[seat]
            card = rng.choice(legal_cards(hand, trick, contract, variant).cards)
            hands[seat] = hand.without(card)
            trick.append((seat, card))
            won += card.points
            seat = seat.next
        leader = trick_winner(trick, contract)
        if leader.is_ns:
            points += won
    return points


def api_playout_unsorted(deal, contract, variant, rng: random.Random) -> int:
    """The same, choosing among the legal cards in the set's own order (which follows the
    cards' hashes: not repeatable from one run to the next)."""
    hands = {s: deal.hand(s) for s in Seat}
    leader, points = Seat.W, 0
    for _ in range(12):
        trick = []
        seat, won = leader, 1
        for _ in range(4):
            hand = hands[seat]
            card = rng.choice(tuple(legal_cards(hand, trick, contract, variant)))
            hands[seat] = hand.without(card)
            trick.append((seat, card))
            won += card.points
            seat = seat.next
        leader = trick_winner(trick, contract)
        if leader.is_ns:
            points += won
    return points


def sorted_playout(deal, contract, variant, rng: random.Random) -> int:
    """The same, sorting the legal cards (as a program would that does not know of
    ``CardSet.cards``): cards compare in Python, so the sort costs."""
    hands = {s: deal.hand(s) for s in Seat}
    leader, points = Seat.W, 0
    for _ in range(12):
        trick = []
        seat, won = leader, 1
        for _ in range(4):
            hand = hands[seat]
            card = rng.choice(sorted(legal_cards(hand, trick, contract, variant)))
            hands[seat] = hand.without(card)
            trick.append((seat, card))
            won += card.points
            seat = seat.next
        leader = trick_winner(trick, contract)
        if leader.is_ns:
            points += won
    return points


def bare_playout(deal, contract, variant, rng: random.Random) -> int:
    """The loop of ``api_playout`` with the rules' answers free: any card of the hand is
    played and the leader wins. Its own cost (the random choice, the hands, the trick), and so
    the most any speed-up of the two functions can give that loop."""
    hands = {s: deal.hand(s) for s in Seat}
    leader, points = Seat.W, 0
    for _ in range(12):
        trick = []
        seat, won = leader, 1
        for _ in range(4):
            hand = hands[seat]
            card = rng.choice(hand.cards)
            hands[seat] = hand.without(card)
            trick.append((seat, card))
            won += card.points
            seat = seat.next
        leader = trick[0][0]
        if leader.is_ns:
            points += won
    return points
