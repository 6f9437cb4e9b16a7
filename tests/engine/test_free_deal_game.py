"""Free-deal games (rules.md 11.1 and 11.2): settings, what a table reports, the checks that
refuse impossible entries, the hand-by-hand record and the outcome."""

from itertools import cycle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.free_deal import (
    CODES,
    FIRST,
    SECOND,
    EndedBy,
    GameError,
    GameReport,
    GameSettings,
    HandRecord,
    check_game,
    hand_multiplier,
    running_totals,
)
from engine.ordinary import DoublingScheme


def pad(*entries, first_makers=FIRST):
    """A hand-by-hand record; each entry is ``(scorer, points)`` or ``(scorer, points,
    contract, doubling)``; the makers alternate as the deal passes round the table."""
    makers = cycle([first_makers, SECOND if first_makers == FIRST else FIRST])
    hands = []
    for entry in entries:
        scorer, points, contract, doubling = (*entry, "O", 0)[:4] if len(entry) == 2 else entry
        hands.append(HandRecord(next(makers), contract, doubling, scorer, points))
    return tuple(hands)


def refused(report, settings=None):
    with pytest.raises(GameError) as caught:
        check_game(report, settings)
    error = caught.value
    assert error.code in CODES
    assert error.message and error.field in str(error)
    return error


# --- 11.1: settings -------------------------------------------------------------------------


def test_default_settings_are_the_rules_defaults():
    settings = GameSettings()
    assert (settings.target, settings.hand_limit, settings.time_limit, settings.cap) == (
        101, 12, True, 121,
    )  # fmt: skip
    assert settings.doubling is DoublingScheme.TWO_FOUR_EIGHT and settings.sant_vicenc


def test_settings_take_a_scheme_by_its_name():
    assert GameSettings(doubling="2-3-5").doubling is DoublingScheme.TWO_THREE_FIVE


@pytest.mark.parametrize(
    ("kwargs", "field", "code"),
    [
        ({"target": 0}, "target", "out_of_range"),
        ({"target": 1000, "cap": None}, "target", "out_of_range"),
        ({"target": "101"}, "target", "not_an_integer"),
        ({"target": True}, "target", "not_an_integer"),
        ({"hand_limit": 0}, "hand_limit", "out_of_range"),
        ({"hand_limit": 100}, "hand_limit", "out_of_range"),
        ({"hand_limit": 12.0}, "hand_limit", "not_an_integer"),
        ({"cap": 0, "target": None}, "cap", "out_of_range"),
        ({"cap": 1000}, "cap", "out_of_range"),
        ({"cap": 100}, "cap", "cap_below_target"),
        ({"time_limit": "yes"}, "time_limit", "not_a_boolean"),
        ({"sant_vicenc": 1}, "sant_vicenc", "not_a_boolean"),
        ({"target": None, "hand_limit": None, "time_limit": False}, "target", "no_ending"),
        ({"doubling": "3-6-9"}, "doubling", "unknown_scheme"),
    ],
)
def test_bad_settings_are_refused(kwargs, field, code):
    with pytest.raises(GameError) as caught:
        GameSettings(**kwargs)
    assert (caught.value.field, caught.value.code) == (field, code)


def test_settings_at_their_limits_are_accepted():
    GameSettings(target=1, hand_limit=1, cap=1)
    GameSettings(target=999, hand_limit=99, cap=999)
    GameSettings(target=None, hand_limit=None, time_limit=True, cap=None)  # the clock alone


# --- 11.1: how a game ends, the cap, the winner ---------------------------------------------


def test_a_game_ended_by_the_target_is_won_by_the_pair_that_reached_it():
    outcome = check_game(GameReport(64, 105, EndedBy.TARGET, 9))
    assert outcome.winner == SECOND and not outcome.is_draw
    assert (outcome.first_points, outcome.second_points) == (64, 105)
    assert (outcome.first_difference, outcome.second_difference) == (-41, 41)
    assert outcome.points_of(FIRST) == 64 and outcome.difference_of(SECOND) == 41


def test_points_up_to_the_cap_count():
    outcome = check_game(GameReport(121, 0, "target", 3))
    assert outcome.first_points == 121 and outcome.first_difference == 121


@pytest.mark.parametrize("ended_by", ["hands", "time"])
def test_on_hands_or_time_more_points_win_and_equal_points_draw(ended_by):
    hands = 12 if ended_by == "hands" else 7
    assert check_game(GameReport(80, 95, ended_by, hands)).winner == SECOND
    assert check_game(GameReport(96, 95, ended_by, hands)).winner == FIRST
    draw = check_game(GameReport(77, 77, ended_by, hands))
    assert draw.winner is None and draw.is_draw and draw.first_difference == 0
    assert check_game(GameReport(0, 0, ended_by, hands)).is_draw


def test_each_ending_can_be_switched_off_and_the_others_still_work():
    no_target = GameSettings(target=None, cap=None)
    assert check_game(GameReport(150, 30, "hands", 12), no_target).winner == FIRST
    no_limit = GameSettings(hand_limit=None)
    assert check_game(GameReport(30, 90, "time", 25), no_limit).winner == SECOND
    no_clock = GameSettings(time_limit=False)
    assert check_game(GameReport(101, 90, "target", 12), no_clock).winner == FIRST
    no_cap = GameSettings(cap=None)
    assert check_game(GameReport(300, 90, "target", 3), no_cap).first_points == 300


def test_the_hand_that_reaches_the_target_may_also_be_the_last_one_allowed():
    # Hand 12 takes the first pair to 101: the hand limit and the target end it together.
    assert check_game(GameReport(101, 90, "hands", 12)).winner == FIRST
    assert check_game(GameReport(101, 90, "target", 12)).winner == FIRST
    assert check_game(GameReport(104, 90, "time", 8)).winner == FIRST


def test_outcome_rejects_an_unknown_pair_name():
    outcome = check_game(GameReport(101, 3, "target", 5))
    with pytest.raises(ValueError):
        outcome.points_of("NS")


# --- 11.2: a report that cannot be right ----------------------------------------------------


@pytest.mark.parametrize(
    ("report", "game_settings", "field", "code"),
    [
        # points above the cap, negative points, not numbers
        (GameReport(122, 50, "target", 9), None, "first_points", "above_cap"),
        (GameReport(50, 130, "target", 9), None, "second_points", "above_cap"),
        (GameReport(102, 50, "target", 9), GameSettings(target=90, cap=101), "first_points",
         "above_cap"),
        (GameReport(-1, 101, "target", 9), None, "first_points", "negative_points"),
        (GameReport(101, -5, "target", 9), None, "second_points", "negative_points"),
        (GameReport("101", 5, "target", 9), None, "first_points", "not_an_integer"),
        (GameReport(101, 5.0, "target", 9), None, "second_points", "not_an_integer"),
        (GameReport(True, 5, "time", 9), None, "first_points", "not_an_integer"),
        # both pairs at or over the target
        (GameReport(101, 101, "target", 9), None, "points", "both_reached_target"),
        (GameReport(110, 121, "hands", 12), None, "points", "both_reached_target"),
        # how it ended
        (GameReport(101, 0, "penalties", 9), None, "ended_by", "unknown_ending"),
        (GameReport(101, 0, "target", 9), GameSettings(target=None), "ended_by", "ending_off"),
        (GameReport(90, 0, "hands", 12), GameSettings(hand_limit=None), "ended_by",
         "ending_off"),
        (GameReport(90, 0, "time", 9), GameSettings(time_limit=False), "ended_by",
         "ending_off"),
        (GameReport(100, 99, "target", 12), None, "ended_by", "target_not_reached"),
        # the number of hands
        (GameReport(90, 80, "hands", 11), None, "hands_played", "hands_not_at_limit"),
        (GameReport(90, 80, "time", 13), None, "hands_played", "above_hand_limit"),
        (GameReport(101, 80, "target", 13), None, "hands_played", "above_hand_limit"),
        (GameReport(0, 0, "time", 0), None, "hands_played", "no_hands"),
        (GameReport(0, 0, "time", "3"), None, "hands_played", "not_an_integer"),
    ],
)  # fmt: skip
def test_a_bad_report_is_refused_naming_its_field(report, game_settings, field, code):
    # (not "settings": pytest-django's fixture of that name is in use)
    error = refused(report, game_settings)
    assert (error.field, error.code) == (field, code)


def test_the_error_carries_parameters_for_a_translated_message():
    error = refused(GameReport(130, 50, "target", 9))
    assert error.params == {"points": 130, "cap": 121}
    assert "130" in error.message and "121" in error.message
    assert repr(error).startswith("GameError('first_points'")


# --- 11.2: the hand-by-hand record ----------------------------------------------------------

# A game to 101 in five hands: 40 (Botifarra, x2), a 36-36 hand, 21, 36 (a revoke in a trump
# hand), 40 (espases, contro: x2).
GOOD = pad((FIRST, 40, "BOT", 0), (None, 0), (SECOND, 21), (FIRST, 36), (FIRST, 40, "E", 1))


def test_a_record_that_adds_up_is_accepted():
    outcome = check_game(GameReport(116, 21, "target", 5, GOOD))
    assert outcome.winner == FIRST
    assert running_totals(GOOD) == [(40, 0), (40, 0), (40, 21), (76, 21), (116, 21)]


def test_running_totals_show_the_cap():
    hands = pad((FIRST, 72, "BOT", 0), (SECOND, 4), (FIRST, 72, "B", 1))
    assert running_totals(hands) == [(72, 0), (72, 4), (144, 4)]
    assert running_totals(hands, cap=121) == [(72, 0), (72, 4), (121, 4)]
    with pytest.raises(ValueError, match="hand 1"):
        running_totals([HandRecord(FIRST, "O", 0, "NS", 3)])


def test_the_record_is_capped_before_it_is_compared():
    # 72 + 72 = 144 on the pad, 121 counted.
    hands = pad((FIRST, 72, "BOT", 0), (SECOND, 4), (FIRST, 72, "B", 1))
    assert check_game(GameReport(121, 4, "target", 3, hands)).first_points == 121
    error = refused(GameReport(120, 4, "target", 3, hands))
    assert (error.field, error.code) == ("hands[2].points", "hands_do_not_add_up")
    assert error.params["running_total"] == 121  # the capped total, not 144


def test_a_record_of_another_length_is_refused():
    error = refused(GameReport(116, 21, "target", 6, GOOD))
    assert (error.field, error.code) == ("hands", "record_length")
    assert error.params == {"hands": 5, "hands_played": 6}


def test_a_running_total_past_the_report_names_that_hand():
    # The first pair is reported on 75 (a game ended by time), but the record has it on 76
    # after hand 4: from there on it can never come back to 75.
    error = refused(GameReport(75, 21, "time", 5, GOOD))
    assert (error.field, error.code) == ("hands[3].points", "hands_do_not_add_up")
    assert error.params == {"hand": 4, "pair": FIRST, "running_total": 76, "reported": 75}
    assert "hand 4" in error.message


def test_a_record_short_of_the_report_names_its_last_hand():
    error = refused(GameReport(116, 25, "target", 5, GOOD))
    assert (error.field, error.code) == ("hands[4].points", "hands_do_not_add_up")
    assert error.params == {"hand": 5, "pair": SECOND, "running_total": 21, "reported": 25}


def test_the_first_problem_in_hand_order_is_reported():
    # Hand 2 has impossible points (37 in a trump hand) and hand 4 too: hand 2 is named.
    hands = pad((FIRST, 40, "BOT", 0), (SECOND, 37), (FIRST, 20), (SECOND, 37))
    error = refused(GameReport(60, 74, "time", 4, hands))
    assert (error.field, error.code) == ("hands[1].points", "impossible_points")
    # A total going past the report at hand 1 comes before hand 2's bad contract.
    hands = pad((FIRST, 40, "BOT", 0), (SECOND, 20, "X", 0))
    error = refused(GameReport(30, 20, "time", 2, hands))
    assert (error.field, error.code) == ("hands[0].points", "hands_do_not_add_up")


def test_a_hand_after_the_target_was_reached_is_refused():
    hands = pad((FIRST, 72, "BOT", 0), (SECOND, 10), (FIRST, 36), (SECOND, 5))
    # 108 after hand 3, yet a fourth hand was played: the game was over.
    error = refused(GameReport(108, 15, "target", 4, hands))
    assert (error.field, error.code) == ("hands[3]", "hand_after_target")
    assert error.params["hand"] == 4 and error.params["pair"] == FIRST
    # Likewise when the table says the hand limit or the clock ended it.
    error = refused(GameReport(108, 15, "time", 4, hands))
    assert error.code == "hand_after_target"
    # With no target, the game goes on.
    settings = GameSettings(target=None, hand_limit=4)
    assert check_game(GameReport(108, 15, "hands", 4, hands), settings).winner == FIRST


def test_sant_vicenc_only_when_the_settings_allow_it():
    hands = pad((FIRST, 40, "O", 3), (SECOND, 8, "C", 0), (FIRST, 64, "E", 3))
    assert check_game(GameReport(104, 8, "target", 3, hands)).winner == FIRST
    error = refused(GameReport(104, 8, "target", 3, hands), GameSettings(sant_vicenc=False))
    assert (error.field, error.code) == ("hands[0].doubling", "sant_vicenc_forbidden")


@pytest.mark.parametrize(
    ("hand", "field", "code"),
    [
        (HandRecord("NS", "O", 0, FIRST, 10), "hands[0].makers", "unknown_pair"),
        (HandRecord(FIRST, "X", 0, FIRST, 10), "hands[0].contract", "unknown_contract"),
        (HandRecord(FIRST, "O", 4, FIRST, 10), "hands[0].doubling", "unknown_doubling"),
        (HandRecord(FIRST, "O", True, FIRST, 10), "hands[0].doubling", "unknown_doubling"),
        (HandRecord(FIRST, "O", 0, "EW", 10), "hands[0].scorer", "unknown_pair"),
        (HandRecord(FIRST, "O", 0, FIRST, "10"), "hands[0].points", "not_an_integer"),
        (HandRecord(FIRST, "O", 0, FIRST, -10), "hands[0].points", "negative_points"),
        (HandRecord(FIRST, "O", 0, None, 10), "hands[0].scorer", "points_without_scorer"),
        (HandRecord(FIRST, "O", 0, FIRST, 0), "hands[0].points", "scorer_without_points"),
    ],
)
def test_a_bad_hand_is_refused_naming_its_field(hand, field, code):
    error = refused(GameReport(10, 0, "time", 1, (hand,)))
    assert (error.field, error.code) == (field, code)
    assert error.params["hand"] == 1


@pytest.mark.parametrize(
    ("contract", "doubling", "scheme", "good", "bad"),
    [
        ("O", 0, "2-4-8", [1, 20, 36], [37, 72]),
        ("BOT", 0, "2-4-8", [2, 40, 72], [3, 73, 74]),  # x2: even, at most 72 (a revoke)
        ("C", 1, "2-4-8", [2, 72], [5, 74]),  # contro x2; a revoke under contro is 72
        ("BOT", 2, "2-4-8", [8, 288], [12, 296]),  # x8
        ("BOT", 3, "2-4-8", [16, 576], [24, 592]),  # x16, the most there is
        ("E", 1, "2-3-5", [2, 72], [3]),
        ("E", 2, "2-3-5", [3, 108], [4, 111]),
        ("BOT", 3, "2-3-5", [10, 360], [15, 370]),
        ("B", 3, "2-4-10", [10, 360], [5, 370]),
    ],
)
def test_hand_points_must_be_a_possible_score(contract, doubling, scheme, good, bad):
    # The excess over 36 (1..36) times the multiplier; a revoke gives 36 times it too.
    settings = GameSettings(target=None, cap=None, doubling=scheme)
    for points in good:
        hand = HandRecord(FIRST, contract, doubling, SECOND, points)
        assert check_game(GameReport(0, points, "time", 1, (hand,)), settings).winner == SECOND
    for points in bad:
        hand = HandRecord(FIRST, contract, doubling, SECOND, points)
        error = refused(GameReport(0, points, "time", 1, (hand,)), settings)
        assert (error.field, error.code) == ("hands[0].points", "impossible_points")
        assert error.params["multiplier"] == hand_multiplier(contract, doubling, settings.doubling)
        assert error.params["maximum"] == 36 * error.params["multiplier"]


def test_a_revoke_is_settled_at_the_table_and_included():
    # A revoke by the makers of a contro'd Botifarra: the defenders score 72 x 2.
    hands = pad((FIRST, 30), (FIRST, 144, "BOT", 1))
    outcome = check_game(GameReport(121, 0, "target", 2, hands))
    assert outcome.winner == FIRST and outcome.first_points == 121


def test_the_trump_makers_change_every_hand():
    hands = (
        HandRecord(FIRST, "O", 0, FIRST, 10),
        HandRecord(SECOND, "O", 0, FIRST, 10),
        HandRecord(SECOND, "C", 0, SECOND, 4),
    )
    error = refused(GameReport(20, 4, "time", 3, hands))
    assert (error.field, error.code) == ("hands[2].makers", "makers_do_not_alternate")
    # Either pair may make trumps on the first hand.
    good = pad((FIRST, 10), (SECOND, 4), first_makers=SECOND)
    assert good[0].makers == SECOND
    assert check_game(GameReport(10, 4, "time", 2, good)).winner == FIRST


def test_a_record_works_with_contract_objects_and_lists():
    from engine.deck import Contract

    hands = [HandRecord(FIRST, Contract.BOTIFARRA, 0, FIRST, 60)]
    assert check_game(GameReport(60, 0, "time", 1, hands)).first_points == 60


# --- Properties: any game played by the rules is accepted, and its winner is right ----------

hand_strategy = st.tuples(
    st.sampled_from(["O", "C", "E", "B", "BOT"]),
    st.integers(0, 3),
    st.integers(0, 72),  # the makers' card points and tricks
    st.booleans(),  # a revoke
)


@given(
    hands=st.lists(hand_strategy, min_size=1, max_size=30),
    scheme=st.sampled_from(list(DoublingScheme)),
    target=st.sampled_from([None, 51, 101, 151]),
    limit=st.sampled_from([None, 6, 12]),
    cap_extra=st.sampled_from([None, 0, 20]),
    first_makers=st.sampled_from([FIRST, SECOND]),
)
def test_a_game_played_by_the_rules_is_accepted(hands, scheme, target, limit, cap_extra,
                                                first_makers):  # fmt: skip
    cap = None if cap_extra is None or target is None else target + cap_extra
    settings = GameSettings(target=target, hand_limit=limit, time_limit=True, cap=cap,
                            doubling=scheme)  # fmt: skip
    factors = {0: 1, **dict(enumerate((int(f) for f in scheme.value.split("-")), start=1))}
    totals = {FIRST: 0, SECOND: 0}
    record = []
    makers = first_makers
    ended_by = EndedBy.TIME
    for contract, doubling, makers_points, revoke in hands:
        factor = (2 if contract == "BOT" else 1) * factors[doubling]
        defenders = SECOND if makers == FIRST else FIRST
        if revoke:
            scorer, points = defenders, 36 * factor
        elif makers_points == 36:
            scorer, points = None, 0
        else:
            scorer = makers if makers_points > 36 else defenders
            points = abs(makers_points - 36) * factor
        record.append(HandRecord(makers, contract, doubling, scorer, points))
        if scorer:
            totals[scorer] += points
        makers = defenders
        if target is not None and max(totals.values()) >= target:
            ended_by = EndedBy.TARGET
            break
        if limit is not None and len(record) == limit:
            ended_by = EndedBy.HANDS
            break
    shown = {pair: total if cap is None else min(total, cap) for pair, total in totals.items()}
    report = GameReport(shown[FIRST], shown[SECOND], ended_by, len(record), tuple(record))
    outcome = check_game(report, settings)
    expected = None if shown[FIRST] == shown[SECOND] else max(shown, key=shown.get)
    assert outcome.winner == expected
    assert outcome.first_difference == shown[FIRST] - shown[SECOND]
    # The same game reported with a different total is refused (or any total the record
    # does not give).
    if shown[FIRST] > 0:
        wrong = GameReport(shown[FIRST] - 1, shown[SECOND], ended_by, len(record), tuple(record))
        with pytest.raises(GameError) as caught:
            check_game(wrong, settings)
        assert caught.value.code in {"hands_do_not_add_up", "target_not_reached"}
