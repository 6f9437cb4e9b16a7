"""What the double-dummy search can tell of a position without searching it (private).

Sure results and sure winners, used by ``engine._search`` to settle a position at once or to
narrow its window. Written in the subset of Python that numba compiles.
"""

from __future__ import annotations

from engine._kernel import POINTS_OF, SUIT_MASK_OF, lowest_card, mask_points, popcount


def last_trick(hands, leader, beaters):
    """NS points of the last trick, every card forced."""
    seat = leader
    c = lowest_card(hands[seat])
    win = c
    wseat = seat
    pts = POINTS_OF[c] + 1
    for _ in range(3):
        seat = (seat + 3) & 3
        c = lowest_card(hands[seat])
        pts += POINTS_OF[c]
        if (beaters[win] >> c) & 1:
            win = c
            wseat = seat
    if wseat & 1 == 0:
        return pts
    return 0


def sure_winner(c, seat, hands, beaters):
    """Whether neither opponent of ``seat`` can beat card ``c`` if it is led."""
    right = hands[(seat + 3) & 3]
    left = hands[(seat + 1) & 3]
    beat = beaters[c]
    suit = SUIT_MASK_OF[c]
    if ((right | left) & beat & suit) != 0:
        return False
    # Other beaters are trumps: only an opponent without the suit led may use them.
    return ((right & suit) != 0 or (right & beat) == 0) and (
        (left & suit) != 0 or (left & beat) == 0
    )


def cashing_points(hands, leader, live, trumps):
    """Points the leader's side is sure to take by the leader cashing its top cards.

    A lower bound: the leader leads, suit by suit (trumps first), the cards of a suit that no
    card left in play can beat, and counts each such trick as its own card's points + 1 (the
    others' cards may only add to it). A trick is sure when neither opponent can trump it: each
    still follows suit or holds no trumps (cashing trumps first may take theirs away). The
    partner, who may not overtake a partner's winning card with a trump unless it has nothing
    else (rules.md 4), must keep a card of another suit for every trick.
    """
    me = hands[leader]
    partner = hands[leader ^ 2]
    right = hands[(leader + 3) & 3]
    left = hands[(leader + 1) & 3]
    right_trumps = popcount(right & trumps)
    left_trumps = popcount(left & trumps)
    spare = 48 if (partner & trumps) == 0 else popcount(partner & ~trumps)
    total = 0
    tricks = 0
    for k in range(5):
        # Trumps first (k == 0), then the four suits in turn, the trump suit skipped.
        if k == 0:
            if trumps == 0:
                continue
            suit_mask = trumps
        else:
            suit_mask = SUIT_MASK_OF[12 * (k - 1)]
            if suit_mask == trumps:
                continue
        cards = live & suit_mask
        in_right = popcount(right & suit_mask)
        in_left = popcount(left & suit_mask)
        cashed = 0
        while cards:
            top = cards & -cards
            if (me & top) == 0:
                break
            if k > 0:
                if right_trumps > 0 and in_right <= cashed:
                    break
                if left_trumps > 0 and in_left <= cashed:
                    break
                if tricks + 1 > spare:
                    break
            cashed += 1
            tricks += 1
            total += POINTS_OF[lowest_card(top)] + 1
            cards ^= top
        if k == 0:
            # Each opponent followed with a trump as long as it had one.
            right_trumps = right_trumps - cashed if right_trumps > cashed else 0
            left_trumps = left_trumps - cashed if left_trumps > cashed else 0
    return total



def sure_bounds(hands, leader, live, trumps, tricks):
    """Bounds of the NS points to come from a trick start, from the cards alone.

    Returns ``(low, high)``. Two sure things: the run of highest trumps left that one side
    holds wins every trick it is played to (its points, and a trick for every two of them),
    and the leader's side takes what the leader can cash (:func:`cashing_points`).
    """
    low = 0
    total = mask_points(live) + tricks
    high = total
    t = live & trumps
    ns = hands[0] | hands[2]
    run_side = -1
    run = 0
    sure = 0
    while t:
        top = t & -t
        side = 0 if (top & ns) != 0 else 1
        if run_side >= 0 and side != run_side:
            break
        run_side = side
        sure += POINTS_OF[lowest_card(top)]
        run += 1
        t ^= top
    sure += (run + 1) // 2
    if run_side == 0:
        low = sure
    elif run_side == 1:
        high -= sure
    cash = cashing_points(hands, leader, live, trumps)
    if (leader & 1) == 0:
        if cash > low:
            low = cash
    elif total - cash < high:
        high = total - cash
    return low, high
