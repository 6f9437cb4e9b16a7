"""What the double-dummy search can tell of a position without searching it (private).

Sure results and sure winners, used by ``engine._search`` to settle a position at once or to
narrow its window. Written in the subset of Python that numba compiles.
"""

from __future__ import annotations

from engine._kernel import POINTS_OF, SUIT_MASK_OF, lowest_card


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
