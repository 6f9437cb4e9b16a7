"""The order in which the double-dummy search tries a player's cards (private).

Written in the subset of Python that numba compiles, like ``engine._search``.
"""

from __future__ import annotations

from engine._bounds import sure_winner
from engine._kernel import POINTS_OF, SUIT_MASK_OF, lowest_card


def can_beat(hand, led, winner, beaters):
    """Whether a player holding ``hand`` may take a trick that ``winner`` is winning."""
    following = hand & SUIT_MASK_OF[led]
    return ((following if following else hand) & beaters[winner]) != 0


def order_moves(cands, pos, seat, led, win, wseat, live, hands, beaters, buf, base):
    """Write the moves worth searching into ``buf[base:]``, the most promising first.

    Two cards of one hand are equivalent when they are of one suit, have the same points and
    every card between them is in a finished trick: only the first is written. The order only
    decides speed, never the value: first the cards after which the player's own side wins the
    trick (adding points to it) and keeps it, then cheap cards given to the opponents. The
    comments give what each choice saved on the benchmark's deals. Returns the count.
    """
    count = 0
    prev = -1
    while cands:
        c = lowest_card(cands)
        cands &= cands - 1
        if (prev >= 0 and SUIT_MASK_OF[prev] == SUIT_MASK_OF[c]
                and POINTS_OF[prev] == POINTS_OF[c]
                and (((1 << c) - 1) & ~((2 << prev) - 1) & live) == 0):
            prev = c
            continue
        prev = c
        rank = c % 12  # 0 for the strongest card of a suit
        if pos == 0:
            if sure_winner(c, seat, hands, beaters):
                score = 100 + POINTS_OF[c]
            else:
                # Otherwise few points first, and of those the strongest card: a middle card
                # led that the next player must beat or let pass cost the opponents most. With
                # the weakest first, the search met an eighth more positions.
                score = 40 - 4 * POINTS_OF[c] - rank
                # A lead to the partner's sure winner: the points led go to the side.
                top = live & SUIT_MASK_OF[c]
                top &= -top
                partner = hands[seat ^ 2]
                if (partner & top) != 0 and sure_winner(
                        lowest_card(top), seat, hands, beaters):
                    score = 80 + POINTS_OF[c]
                elif ((partner & SUIT_MASK_OF[c]) == 0
                        and (partner & beaters[c] & ~SUIT_MASK_OF[c]) != 0):
                    # A lead the partner can trump: on the hardest deals the search met a
                    # seventh fewer positions (a few percent fewer on ordinary ones).
                    score = 70 - POINTS_OF[c]
        else:
            if (beaters[win] >> c) & 1:
                ws = seat
                nw = c
            else:
                ws = wseat
                nw = win
            if (ws & 1) == (seat & 1):
                if pos == 3:
                    score = 200 + POINTS_OF[c]
                elif pos == 2 and not can_beat(hands[(seat + 3) & 3], led, nw, beaters):
                    # The last player cannot take the trick: points played go to the side.
                    score = 180 + POINTS_OF[c]
                elif ws == seat and can_beat(hands[(seat + 3) & 3], led, c, beaters):
                    # The next player can take the trick back, so winning it for now is worth
                    # little; a cheap card comes first. For the second hand this met a quarter
                    # to a third fewer positions on the benchmark's eastern deals and a tenth
                    # in the western; for the third hand, a few percent more.
                    score = 40 - 4 * POINTS_OF[c] + rank
                elif ws == seat:
                    # Taking the trick with the weakest card that does: on a hard deal this
                    # searched a third of the positions that the strongest-first order did.
                    score = 100 + rank
                elif pos == 2:
                    # The partner's card will be beaten: play cheap.
                    score = 40 - 4 * POINTS_OF[c] + rank
                else:
                    score = 60 + POINTS_OF[c]
            else:
                score = 40 - 4 * POINTS_OF[c] + rank
        j = base + count
        while j > base and (buf[j - 1] >> 8) < score:
            buf[j] = buf[j - 1]
            j -= 1
        buf[j] = (score << 8) | c
        count += 1
    return count


def to_front(buf, base, count, card):
    """Move ``card``, if it is among the ``count`` moves listed at ``buf[base:]``, to the front."""
    for i in range(count):
        if (buf[base + i] & 255) == card:
            move = buf[base + i]
            for j in range(i, 0, -1):
                buf[base + j] = buf[base + j - 1]
            buf[base] = move
            return
