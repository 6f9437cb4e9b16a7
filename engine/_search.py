"""The double-dummy search (private): alpha-beta over points, without recursion.

Written, like ``engine._kernel``, in the subset of Python that numba compiles, and run either
as it is or compiled (``engine._backend``). The search keeps its own stack of plies in one flat
integer array instead of calling itself, because numba cannot cache a recursive function: so
the compiled code is built once and loaded from numba's cache by later processes.

A value is always the NS points still to come from a position, the cards already in the
current trick included. The search is fail-soft: a result ``v <= alpha`` is an upper bound of
the true value, ``v >= beta`` a lower bound, anything between is exact. At the start of each
trick a transposition table keeps the bounds found, keyed on the cards left and the leader
(the deal is fixed, so the cards left say who holds what).
"""

from __future__ import annotations

from engine._bounds import last_trick, sure_bounds
from engine._kernel import (
    POINTS_OF,
    SUIT_MASK_OF,
    legal_mask,
    mask_points,
    popcount,
)
from engine._ordering import order_moves, to_front
from engine._transpositions import position_keys, tt_bounds, tt_find, tt_move, tt_slot, tt_store

# Fields of one ply in the stack (the ply's row starts at ``ply * FIELDS``).
F_POS = 0  # cards already in the current trick
F_LEADER = 1
F_LED = 2  # the card led
F_WIN = 3  # the card winning so far, and its seat
F_WSEAT = 4
F_TPTS = 5  # card points in the trick so far
F_LIVE = 6  # every card not in a finished trick
F_ALPHA = 7
F_BETA = 8
F_A0 = 9  # the window the ply was called with (for the table)
F_B0 = 10
F_BEST = 11
F_COUNT = 12  # moves to try, listed in ``buf``
F_IDX = 13  # the next of them
F_SEAT = 14  # the player to move
F_MOVE = 15  # the card being tried
F_ADD = 16  # points of a trick that card completed for NS: added to the child's value
F_SLOT = 17  # table bucket and key (trick starts only)
F_KEY = 18
F_TRICKS = 19  # tricks left (trick starts only)
F_BMOVE = 20  # the best card found so far
F_KEY2 = 21
FIELDS = 22
#: Most plies a search can reach: 48 cards and the position after the last one.
MAX_PLIES = 49
#: Size of the stack and of the move buffer.
STACK_SIZE = MAX_PLIES * FIELDS
BUF_SIZE = MAX_PLIES * 12 + 1 + MAX_PLIES
#: Where the search counts the plies it entered (for benchmarks).
NODES = MAX_PLIES * 12
#: Where the search keeps, for each ply that starts a trick or plays its third card, the card
#: + 1 that last ended the search of a position at that ply (0: none yet): a "killer".
KILLERS = NODES + 1


def search(hands, pos, leader, led, win, wseat, tpts, live, alpha, beta, beaters, rule3,
           second_counts, rest_keys, tt, size_mask, buf, st, stop, run_id, reverse_root):
    """The NS points still to come from the position, searched within (alpha, beta).

    ``hands`` (N, E, S, W masks) is changed during the search and restored at the end.
    ``pos``, ``leader``, ``led``, ``win``, ``wseat`` and ``tpts`` describe the current trick
    (cards in it, its leader, card led, card and seat winning, points in it); ``live`` is
    every card not yet in a finished trick. ``rest_keys`` is the deal's table of
    :func:`engine._transpositions.rest_keys_of`; ``tt`` is the transposition table (``size_mask``
    + 1 buckets, see ``engine._transpositions``), ``buf`` (``BUF_SIZE``) and ``st``
    (``STACK_SIZE``) are work space.

    Two searches of one test may share the table (``engine.solver``: a core with nothing left
    helps another): each looks at ``stop[0]`` every 1,024 positions and gives up, returning -1,
    once it is no longer ``run_id`` (the other finished first). With ``reverse_root`` the
    position's own cards are tried in the reverse order, so that a helper starts where the
    first search will arrive last.
    """
    # The trumps, read from the beaters of the weakest oros and weakest copes: any card of
    # another suit than the one led beats them only if it is a trump. Empty in Botifarra.
    trumps = (beaters[11] & ~SUIT_MASK_OF[11]) | (beaters[23] & ~SUIT_MASK_OF[23])
    d = 0
    r = 0
    st[F_POS] = pos
    st[F_LEADER] = leader
    st[F_LED] = led
    st[F_WIN] = win
    st[F_WSEAT] = wseat
    st[F_TPTS] = tpts
    st[F_LIVE] = live
    st[F_ALPHA] = alpha
    st[F_BETA] = beta
    entering = True
    ret = 0
    while True:
        returning = False
        if entering:
            # --- A new ply: settle it at once if possible, else list its moves.
            entering = False
            buf[NODES] += 1
            if (buf[NODES] & 1023) == 0 and stop[0] != run_id:
                return -1
            pos = st[r + F_POS]
            leader = st[r + F_LEADER]
            alpha = st[r + F_ALPHA]
            beta = st[r + F_BETA]
            st[r + F_A0] = alpha
            st[r + F_B0] = beta
            if pos == 0:
                live = hands[0] | hands[1] | hands[2] | hands[3]
                st[r + F_LIVE] = live
                if live == 0:
                    ret = 0
                    returning = True
                else:
                    tricks = popcount(hands[leader])
                    if tricks == 1:
                        ret = last_trick(hands, leader, beaters)
                        returning = True
                    else:
                        # Positions equal up to cards already gone share their entry.
                        key, key2 = position_keys(live, leader, rest_keys)
                        slot = tt_slot(key, key2, size_mask)
                        hint = -1
                        low = 0
                        high = mask_points(live) + tricks
                        found, first, second = tt_find(tt, slot, key, key2)
                        if found >= 0:
                            low, high = tt_bounds(first)
                            hint = tt_move(second)
                        if low < beta and high > alpha and low != high:
                            # Not settled by the table: what the cards alone guarantee.
                            sure_low, sure_high = sure_bounds(hands, leader, live, trumps,
                                                              tricks)
                            if sure_low > low:
                                low = sure_low
                            if sure_high < high:
                                high = sure_high
                        if low >= beta or low == high:
                            ret = low
                            returning = True
                        elif high <= alpha:
                            ret = high
                            returning = True
                        else:
                            if alpha < low:
                                alpha = low
                            if beta > high:
                                beta = high
                            st[r + F_ALPHA] = alpha
                            st[r + F_BETA] = beta
                            st[r + F_A0] = alpha
                            st[r + F_B0] = beta
                            st[r + F_SLOT] = slot
                            st[r + F_KEY] = key
                            st[r + F_KEY2] = key2
                            st[r + F_TRICKS] = tricks
                            st[r + F_SEAT] = leader
                            count = order_moves(
                                hands[leader], 0, leader, 0, 0, 0, live, hands, beaters, buf,
                                12 * d,
                            )
                            st[r + F_COUNT] = count
                            if hint >= 0:
                                # The card that was best here before goes first...
                                to_front(buf, 12 * d, count, hint)
                            if buf[KILLERS + d] > 0:
                                # ... unless the lead that ended the search of the position
                                # searched last at this ply (a "killer" lead) can be led here:
                                # that one goes first. Positions a trick apart differ little,
                                # and a lead that refuted one often refutes the next: a fifth
                                # to a third fewer positions in the western variant, a few
                                # percent in the eastern.
                                to_front(buf, 12 * d, count, buf[KILLERS + d] - 1)
            else:
                seat = (leader + 3 * pos) & 3
                st[r + F_SEAT] = seat
                legal = legal_mask(hands[seat], st[r + F_LED], st[r + F_WIN],
                                   st[r + F_WSEAT] == (seat ^ 2), pos == 1, beaters, rule3,
                                   second_counts)
                count = order_moves(legal, pos, seat, st[r + F_LED], st[r + F_WIN],
                                    st[r + F_WSEAT],
                                    st[r + F_LIVE], hands, beaters, buf, 12 * d)
                st[r + F_COUNT] = count
                if pos == 2 and buf[KILLERS + d] > 0:
                    # The third hand's killer goes first too: a seventh to a quarter fewer
                    # positions in both variants. For the second or the last hand a killer
                    # made the search longer: the order of ``order_moves`` is better there.
                    to_front(buf, 12 * d, count, buf[KILLERS + d] - 1)
                if pos == 3 and popcount(hands[seat]) > 3:
                    # The last card of a trick: if the table already shows that one of the
                    # cards leads to a position good enough to cut here, cut without searching
                    # the cards ordered before it (enhanced transposition cut-off). Not worth
                    # a look-up when two tricks are left: those positions are searched fast.
                    left = hands[0] | hands[1] | hands[2] | hands[3]
                    for i in range(count):
                        c = buf[12 * d + i] & 255
                        ws = st[r + F_WSEAT]
                        if (beaters[st[r + F_WIN]] >> c) & 1:
                            ws = seat
                        add = st[r + F_TPTS] + POINTS_OF[c] + 1 if (ws & 1) == 0 else 0
                        ckey, ckey2 = position_keys(left & ~(1 << c), ws, rest_keys)
                        f, first, _ = tt_find(tt, tt_slot(ckey, ckey2, size_mask), ckey,
                                              ckey2)
                        if f >= 0:
                            lo, hi = tt_bounds(first)
                            if (seat & 1) == 0 and lo + add >= st[r + F_BETA]:
                                ret = lo + add
                                returning = True
                                break
                            if (seat & 1) == 1 and hi + add <= st[r + F_ALPHA]:
                                ret = hi + add
                                returning = True
                                break
            if not returning and d == 0 and reverse_root:
                count = st[r + F_COUNT]
                for i in range(count // 2):
                    move = buf[i]
                    buf[i] = buf[count - 1 - i]
                    buf[count - 1 - i] = move
            if not returning:
                st[r + F_IDX] = 0
                st[r + F_BEST] = -1 if (st[r + F_SEAT] & 1) == 0 else 1000
        else:
            # --- Back from a child with its value in ``ret``.
            seat = st[r + F_SEAT]
            hands[seat] ^= 1 << st[r + F_MOVE]
            v = ret + st[r + F_ADD]
            if (seat & 1) == 0:
                if v > st[r + F_BEST]:
                    st[r + F_BEST] = v
                    st[r + F_BMOVE] = st[r + F_MOVE]
                    if v > st[r + F_ALPHA]:
                        st[r + F_ALPHA] = v
            else:
                if v < st[r + F_BEST]:
                    st[r + F_BEST] = v
                    st[r + F_BMOVE] = st[r + F_MOVE]
                    if v < st[r + F_BETA]:
                        st[r + F_BETA] = v
            if st[r + F_ALPHA] >= st[r + F_BETA]:
                st[r + F_IDX] = st[r + F_COUNT]
                if st[r + F_POS] == 0 or st[r + F_POS] == 2:
                    buf[KILLERS + d] = st[r + F_MOVE] + 1
        if not returning:
            idx = st[r + F_IDX]
            if idx < st[r + F_COUNT]:
                # --- Try the next move: play it and enter the child ply.
                st[r + F_IDX] = idx + 1
                c = buf[12 * d + idx] & 255
                st[r + F_MOVE] = c
                seat = st[r + F_SEAT]
                hands[seat] ^= 1 << c
                pos = st[r + F_POS]
                c2 = r + FIELDS
                if pos == 0:
                    st[c2 + F_POS] = 1
                    st[c2 + F_LEADER] = seat
                    st[c2 + F_LED] = c
                    st[c2 + F_WIN] = c
                    st[c2 + F_WSEAT] = seat
                    st[c2 + F_TPTS] = POINTS_OF[c]
                    st[c2 + F_LIVE] = st[r + F_LIVE]
                    add = 0
                else:
                    win = st[r + F_WIN]
                    wseat = st[r + F_WSEAT]
                    if (beaters[win] >> c) & 1:
                        win = c
                        wseat = seat
                    pts = st[r + F_TPTS] + POINTS_OF[c]
                    if pos == 3:
                        st[c2 + F_POS] = 0
                        st[c2 + F_LEADER] = wseat
                        add = pts + 1 if (wseat & 1) == 0 else 0
                    else:
                        st[c2 + F_POS] = pos + 1
                        st[c2 + F_LEADER] = st[r + F_LEADER]
                        st[c2 + F_LED] = st[r + F_LED]
                        st[c2 + F_WIN] = win
                        st[c2 + F_WSEAT] = wseat
                        st[c2 + F_TPTS] = pts
                        st[c2 + F_LIVE] = st[r + F_LIVE]
                        add = 0
                st[r + F_ADD] = add
                st[c2 + F_ALPHA] = st[r + F_ALPHA] - add
                st[c2 + F_BETA] = st[r + F_BETA] - add
                d += 1
                r = c2
                entering = True
                continue
            # --- Every move tried: the ply's value, kept in the table at a trick start.
            ret = st[r + F_BEST]
            if st[r + F_POS] == 0:
                slot = st[r + F_SLOT]
                key = st[r + F_KEY]
                key2 = st[r + F_KEY2]
                low = 0
                high = mask_points(st[r + F_LIVE]) + st[r + F_TRICKS]
                move = st[r + F_BMOVE]
                found, first, second = tt_find(tt, slot, key, key2)
                if found >= 0:
                    low, high = tt_bounds(first)
                    # When every card failed, "best" means nothing: keep the old hint.
                    failed = ret <= st[r + F_A0] if (st[r + F_SEAT] & 1) == 0 else (
                        ret >= st[r + F_B0])
                    if failed:
                        move = tt_move(second)
                if ret <= st[r + F_A0]:
                    if ret < high:
                        high = ret
                elif ret >= st[r + F_B0]:
                    if ret > low:
                        low = ret
                else:
                    low = ret
                    high = ret
                tt_store(tt, slot, key, key2, low, high, move, st[r + F_TRICKS])
        # --- Return ``ret`` to the parent ply.
        if d == 0:
            return ret
        d -= 1
        r -= FIELDS
