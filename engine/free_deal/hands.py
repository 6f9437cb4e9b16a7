"""The hand-by-hand record of a free-deal game, and the checks it must pass (rules.md 11.2).

A table may report, besides the game's totals, every hand it played: a :class:`HandRecord`
each.  The record must be possible hand by hand (section 5's ordinary scoring with the
championship's doubling scheme) and add up to the reported totals.
:func:`running_totals` gives the score pad's totals after each hand.

The two pairs at a table are ``"first"`` and ``"second"`` (:data:`FIRST`, :data:`SECOND`):
free deal has no North-South and East-West.

The trump makers change with every hand: the deal passes to the right, to a player of the
other pair, and the dealer's pair makes trumps (rules.md 3 and 11.1).  Which pair dealt
first is not reported, so the first hand's makers may be either.

Policy -- **where a record stops adding up** (kept here, in :func:`check_record`): the
running totals, capped, are compared with the reported totals after every hand.  The hand
named is the first hand after which a pair's capped running total is *above* its reported
total (the totals only grow, so from there on they can never match); if no total ever goes
above but one is *short* at the end, the hand named is the last one (the record ends
without reaching the report).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.deck import Contract
from engine.ordinary import SANT_VICENC, DoublingScheme, multiplier

from .errors import GameError

__all__ = [
    "FIRST",
    "MAX_EXCESS",
    "PAIRS",
    "SECOND",
    "HandRecord",
    "check_record",
    "hand_multiplier",
    "running_totals",
]

#: The two pairs at a table, as a game report names them.
FIRST = "first"
SECOND = "second"
PAIRS = (FIRST, SECOND)

#: The most a hand's excess over 36 can be (72 - 36).  A revoke (rules.md 5) gives the
#: opponents 36 in a trump hand and 72 in Botifarra, times the doubles: 36 times the hand's
#: multiplier either way, so a revoke never scores more than the best hand can.
MAX_EXCESS = 36


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a game, as written on the score pad.

    ``makers``: the pair that made trumps (``"first"`` or ``"second"``); ``contract``: a
    suit letter ``"O"``, ``"C"``, ``"E"``, ``"B"`` or ``"BOT"`` for Botifarra (a
    :class:`~engine.deck.Contract` works too); ``doubling``: 0 none, 1 contro, 2 recontro,
    3 Sant Vicenç; ``scorer``: the pair that scored, ``None`` for a 36-36 hand; ``points``:
    what the scorer scored, already multiplied, a revoke included.

    Nothing is checked when a record is built: :func:`check_record` (through
    :func:`~engine.free_deal.game.check_game`) says what is wrong, with the field concerned.
    """

    makers: str
    contract: str | Contract
    doubling: int
    scorer: str | None
    points: int


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _contract(value) -> Contract | None:
    try:
        return Contract(value)
    except ValueError:
        return None


def hand_multiplier(contract: str | Contract, doubling: int, scheme: DoublingScheme) -> int:
    """The multiplier of a hand: x2 for Botifarra, times the scheme's factor for doubling."""
    contract = Contract(contract)
    return multiplier(botifarra=contract.is_botifarra, doubling=doubling, scheme=scheme)


def running_totals(hands: Sequence[HandRecord], cap: int | None = None) -> list[tuple[int, int]]:
    """The score pad: each pair's total after each hand, ``(first, second)``.

    With ``cap``, a total above the cap shows as the cap (points above it do not count).
    """
    first = second = 0
    totals = []
    for number, hand in enumerate(hands, start=1):
        if hand.scorer == FIRST:
            first += hand.points
        elif hand.scorer == SECOND:
            second += hand.points
        elif hand.scorer is not None:
            raise ValueError(f"hand {number}: unknown scoring pair {hand.scorer!r}")
        if cap is None:
            totals.append((first, second))
        else:
            totals.append((min(first, cap), min(second, cap)))
    return totals


def _check_hand(index: int, hand: HandRecord, scheme: DoublingScheme, sant_vicenc: bool) -> None:
    """The checks of one hand on its own (not against the totals)."""
    number = index + 1
    where = f"hands[{index}]"
    if hand.makers not in PAIRS:
        raise GameError(
            f"{where}.makers",
            f"hand {number}: the trump makers must be 'first' or 'second', not {hand.makers!r}",
            code="unknown_pair",
            params={"hand": number, "value": hand.makers},
        )
    contract = _contract(hand.contract)
    if contract is None:
        raise GameError(
            f"{where}.contract",
            f"hand {number}: {hand.contract!r} is not a contract (O, C, E, B or BOT)",
            code="unknown_contract",
            params={"hand": number, "value": hand.contract},
        )
    if not _is_int(hand.doubling) or not 0 <= hand.doubling <= SANT_VICENC:
        raise GameError(
            f"{where}.doubling",
            f"hand {number}: doubling must be 0, 1, 2 or 3, not {hand.doubling!r}",
            code="unknown_doubling",
            params={"hand": number, "value": hand.doubling},
        )
    if hand.doubling == SANT_VICENC and not sant_vicenc:
        raise GameError(
            f"{where}.doubling",
            f"hand {number}: Sant Vicenç is not allowed in this championship",
            code="sant_vicenc_forbidden",
            params={"hand": number},
        )
    if hand.scorer is not None and hand.scorer not in PAIRS:
        raise GameError(
            f"{where}.scorer",
            f"hand {number}: the scoring pair must be 'first', 'second' or none, "
            f"not {hand.scorer!r}",
            code="unknown_pair",
            params={"hand": number, "value": hand.scorer},
        )
    if not _is_int(hand.points):
        raise GameError(
            f"{where}.points",
            f"hand {number}: points must be a whole number, not {hand.points!r}",
            code="not_an_integer",
            params={"hand": number, "value": hand.points},
        )
    if hand.points < 0:
        raise GameError(
            f"{where}.points",
            f"hand {number}: points cannot be negative ({hand.points})",
            code="negative_points",
            params={"hand": number, "points": hand.points},
        )
    # A 36-36 hand scores nothing for either pair: no scorer exactly when no points.
    if hand.scorer is None and hand.points > 0:
        raise GameError(
            f"{where}.scorer",
            f"hand {number}: {hand.points} points scored but no scoring pair named",
            code="points_without_scorer",
            params={"hand": number, "points": hand.points},
        )
    if hand.scorer is not None and hand.points == 0:
        raise GameError(
            f"{where}.points",
            f"hand {number}: a scoring pair is named but it scored no points "
            "(a 36-36 hand has no scorer)",
            code="scorer_without_points",
            params={"hand": number},
        )
    if hand.points:
        factor = multiplier(botifarra=contract.is_botifarra, doubling=hand.doubling, scheme=scheme)
        # The excess over 36 (1..36) times the multiplier; a revoke is 36 times it too.
        if hand.points % factor or hand.points // factor > MAX_EXCESS:
            raise GameError(
                f"{where}.points",
                f"hand {number}: {hand.points} points cannot be scored on this hand: "
                f"scores are 1 to {MAX_EXCESS} times its multiplier {factor} "
                f"(at most {MAX_EXCESS * factor})",
                code="impossible_points",
                params={
                    "hand": number,
                    "points": hand.points,
                    "multiplier": factor,
                    "maximum": MAX_EXCESS * factor,
                },
            )


def check_record(
    hands: Sequence[HandRecord],
    *,
    first_points: int,
    second_points: int,
    hands_played: int,
    scheme: DoublingScheme,
    sant_vicenc: bool,
    target: int | None,
    cap: int | None,
) -> None:
    """Check a hand-by-hand record against the reported totals; raise :class:`GameError`.

    Hands are checked in order and the first problem found is reported, so a problem in a
    later hand never hides an earlier one.  For each hand: was the game already over
    (a pair had reached the target), is the hand possible on its own, did the trump makers
    change, and do the running totals still fit the report (see the module docstring for
    which hand is named).
    """
    if len(hands) != hands_played:
        raise GameError(
            "hands",
            f"the record has {len(hands)} hands but {hands_played} were reported played",
            code="record_length",
            params={"hands": len(hands), "hands_played": hands_played},
        )
    reported = {FIRST: first_points, SECOND: second_points}
    raw = {FIRST: 0, SECOND: 0}
    for index, hand in enumerate(hands):
        number = index + 1
        if target is not None and max(raw.values()) >= target:
            leader = FIRST if raw[FIRST] >= target else SECOND
            raise GameError(
                f"hands[{index}]",
                f"hand {number} was played after the {leader} pair had reached the target "
                f"({raw[leader]} of {target}): the game was over",
                code="hand_after_target",
                params={"hand": number, "pair": leader, "total": raw[leader], "target": target},
            )
        _check_hand(index, hand, scheme, sant_vicenc)
        # The deal passes to the right, to the other pair, and the dealer's pair makes
        # trumps (rules.md 3 and 11.1): the makers change with every hand.
        if index and hand.makers == hands[index - 1].makers:
            raise GameError(
                f"hands[{index}].makers",
                f"hand {number}: the {hand.makers} pair made trumps on hand {number - 1} too; "
                "the deal passes to the other pair after every hand",
                code="makers_do_not_alternate",
                params={"hand": number, "pair": hand.makers},
            )
        if hand.scorer is None:
            continue
        raw[hand.scorer] += hand.points
        shown = raw[hand.scorer] if cap is None else min(raw[hand.scorer], cap)
        if shown > reported[hand.scorer]:
            raise GameError(
                f"hands[{index}].points",
                f"hand {number}: the {hand.scorer} pair's running total reaches {shown}, "
                f"more than the {reported[hand.scorer]} reported",
                code="hands_do_not_add_up",
                params={
                    "hand": number,
                    "pair": hand.scorer,
                    "running_total": shown,
                    "reported": reported[hand.scorer],
                },
            )
    for pair in PAIRS:
        shown = raw[pair] if cap is None else min(raw[pair], cap)
        if shown != reported[pair]:
            last = len(hands)
            raise GameError(
                f"hands[{last - 1}].points" if last else "hands",
                f"the record ends at hand {last} with the {pair} pair on {shown}, "
                f"not the {reported[pair]} reported",
                code="hands_do_not_add_up",
                params={
                    "hand": last,
                    "pair": pair,
                    "running_total": shown,
                    "reported": reported[pair],
                },
            )
