"""Groups then knockout, a game's optional hand-by-hand record (rules.md 12.1, with 11.2):
it must add up, and it shows that the extra hands were played only while level."""

import pytest

from engine.free_deal import FIRST, SECOND, GameError, HandRecord
from engine.groups import GameResult, GameRules, GroupsError, check_game_record


def pad(*scores):
    """Hands of oros, undoubled, makers alternating; each score is ``(scorer, points)``."""
    makers = [FIRST, SECOND]
    return [HandRecord(makers[k % 2], "O", 0, scorer, points if scorer else 0)
            for k, (scorer, points) in enumerate(scores)]  # fmt: skip


EIGHT_LEVEL = [(FIRST, 10), (SECOND, 10), (FIRST, 5), (SECOND, 5),
               (FIRST, 3), (SECOND, 3), (FIRST, 1), (SECOND, 1)]  # 19-19  # fmt: skip


def test_level_after_eight_then_two_more_hands():
    record = pad(*EIGHT_LEVEL, (FIRST, 6), (SECOND, 2))
    assert check_game_record(GameResult("A", "B", 25, 21, 10), record) == "A"
    assert check_game_record(GameResult("A", "B", 25, 21), record) == "A"  # hands from it


def test_level_again_after_ten_so_twelve_hands():
    record = pad(*EIGHT_LEVEL, (FIRST, 6), (SECOND, 6), (None, 0), (SECOND, 4))
    assert check_game_record(GameResult("A", "B", 25, 29, 12), record) == "B"


def test_extra_hands_after_a_pair_led_are_refused():
    record = pad(*EIGHT_LEVEL[:-1], (SECOND, 2), (SECOND, 5), (None, 0))  # 19-20 after 8
    with pytest.raises(GroupsError) as caught:
        check_game_record(GameResult("A", "B", 19, 25, 10), record)
    error = caught.value
    assert (error.field, error.code, error.params["hand"]) == ("hands[8]", "played_on_after_lead", 8)


def test_a_record_that_does_not_add_up_is_refused_by_the_free_deal_check():
    record = pad(*EIGHT_LEVEL, (FIRST, 6), (SECOND, 2))
    with pytest.raises(GameError) as caught:
        check_game_record(GameResult("A", "B", 26, 21, 10), record)
    assert caught.value.code == "hands_do_not_add_up"
    with pytest.raises(GameError) as caught:
        check_game_record(GameResult("A", "B", 25, 21, 12), record)
    assert caught.value.code == "record_length"


def test_the_game_itself_is_checked_first():
    with pytest.raises(GroupsError) as caught:
        check_game_record(GameResult("A", "B", 19, 19, 8), pad(*EIGHT_LEVEL))
    assert caught.value.code == "level_points"
    rules = GameRules(hands=6, extra_hands=1)
    record = pad(*EIGHT_LEVEL[:6], (FIRST, 4))  # 18-18 after 6, then 22-18
    assert check_game_record(GameResult("A", "B", 22, 18, 7), record, rules=rules) == "A"
