"""A game's optional hand-by-hand record (rules.md 12.1, with 11.2).

As on the free-deal score pad, captains may give every hand they played; the record must be
possible hand by hand and add up to the reported totals: that is
:func:`engine.free_deal.hands.check_record`, which refuses with
:class:`engine.free_deal.GameError` and its codes (there is no target in a game of fixed
hands; a cap applies when one is set).  The record also shows when the game was level, so
:func:`check_game_record` checks the extension: after the set hands, and after each batch
of extra hands but the last, the totals were level (the game went on only because nobody
led), and at the end one pair leads.

Policy: the first checkpoint where the totals were not level is named (a game that went on
after one pair led); a record whose hands count differs from the reported hands is refused
by the free-deal check (``record_length``).

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.free_deal.hands import HandRecord, check_record, running_totals
from engine.ordinary import DoublingScheme

from .errors import GroupsError
from .games import GameResult, GameRules, check_game

__all__ = ["check_game_record"]


def check_game_record(game: GameResult, record: Sequence[HandRecord], *,
                      rules: GameRules | None = None,
                      scheme: DoublingScheme = DoublingScheme.TWO_FOUR_EIGHT,
                      sant_vicenc: bool = True):  # fmt: skip
    """The winner of ``game`` once its ``record`` (``"first"`` is ``game.first``) is
    checked, or the refusal: :class:`GroupsError` for the game or the extension,
    :class:`engine.free_deal.GameError` for the record itself."""
    rules = GameRules() if rules is None else rules
    hands = len(record) if game.hands is None else game.hands
    winner = check_game(GameResult(game.first, game.second, game.first_points,
                                   game.second_points, hands), rules)  # fmt: skip
    check_record(record, first_points=game.first_points, second_points=game.second_points,
                 hands_played=hands, scheme=scheme, sant_vicenc=sant_vicenc, target=None,
                 cap=rules.cap)  # fmt: skip
    totals = running_totals(record, rules.cap)
    for checkpoint in range(rules.hands, hands, rules.extra_hands):
        first, second = totals[checkpoint - 1]
        if first != second:
            raise GroupsError(f"hands[{checkpoint}]", f"after hand {checkpoint} the points "
                              f"were {first}-{second}: the game was over",
                              code="played_on_after_lead",
                              params={"hand": checkpoint, "first": first,
                                      "second": second})  # fmt: skip
    return winner
