"""A free-deal game at the table (rules.md 11.2): entered by one pair, confirmed or disputed
by the other, only the director after that; bad reports refused naming the field, with
nothing written."""

from __future__ import annotations

import pytest
from free_deal_factories import make_free_deal, next_round, play_round, win

from formats.free_deal import selectors
from scoring.models import GameEntry, GameReview
from scoring.services import ScoringError, games
from scoring.services.games import GameValues
from scoring.services.values import GameRefused
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    championship = make_free_deal(director, pairs=6)
    round_ = next_round(championship, director)
    return championship, round_, round_.tables.order_by("number").first()


def test_an_entry_waits_for_the_other_pair_then_counts(event):
    championship, round_, table = event
    entry, created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                       idempotency_key="k1")
    assert created
    assert selectors.table_game(table).state == selectors.PENDING
    assert selectors.counted_games(championship) == []
    with pytest.raises(ScoringError) as own:
        games.confirm_game(entry_id=entry.pk, team=table.ns_team)
    assert own.value.code == "self_confirmation"
    games.confirm_game(entry_id=entry.pk, team=table.ew_team)
    assert selectors.table_game(table).state == selectors.CONFIRMED
    (game,) = selectors.counted_games(championship)
    assert (game.first_id, game.second_id, game.first_points, game.second_points) == (
        table.ns_team_id, table.ew_team_id, 101, 40)
    with pytest.raises(ScoringError) as late:
        games.submit_game(team=table.ew_team, table=table, values=win(40, 101),
                          idempotency_key=None)
    assert late.value.code == "confirmed"


def test_the_same_key_stores_one_entry(event):
    _championship, _round, table = event
    first, created = games.submit_game(team=table.ns_team, table=table, values=win(),
                                       idempotency_key="same")
    again, created_again = games.submit_game(team=table.ns_team, table=table, values=win(),
                                             idempotency_key="same")
    assert (created, created_again, first.pk) == (True, False, again.pk)
    assert GameEntry.objects.count() == 1


def test_a_dispute_goes_to_the_director_who_settles_it(event, director):
    _championship, _round, table = event
    entry, _ = games.submit_game(team=table.ns_team, table=table, values=win(),
                                 idempotency_key=None)
    games.dispute_game(entry_id=entry.pk, team=table.ew_team, comment="Era 99")
    assert selectors.table_game(table).state == selectors.DISPUTED
    with pytest.raises(ScoringError) as after_dispute:
        games.confirm_game(entry_id=entry.pk, team=table.ew_team)
    assert after_dispute.value.code == "disputed"
    games.director_set_game(table=table, values=win(101, 99, 11), user=director,
                            note="Ho diu l'acta")
    state = selectors.table_game(table)
    assert (state.state, state.latest.second_points) == (selectors.CONFIRMED, 99)
    # Nothing was deleted: both entries and every review are kept.
    assert GameEntry.objects.filter(table=table).count() == 2
    assert GameReview.objects.filter(entry__table=table).count() == 2


def test_a_pair_of_another_table_cannot_enter(event):
    _championship, round_, table = event
    other = round_.tables.exclude(pk=table.pk).first()
    with pytest.raises(ScoringError) as refused:
        games.submit_game(team=other.ns_team, table=table, values=win(), idempotency_key=None)
    assert refused.value.code == "not_your_table"


def test_a_closed_round_takes_no_entry(event, director):
    championship, round_, table = event
    services.close_round(round_, by=director)
    with pytest.raises(ScoringError) as refused:
        games.submit_game(team=table.ns_team, table=table, values=win(), idempotency_key=None)
    assert refused.value.code == "round_closed"


BAD = [
    # (values, field, code): the bad inputs of rules.md 11.2 and the issue.
    (GameValues(130, 20, "target", 9), "first_points", "above_cap"),
    (GameValues(101, 105, "target", 9), "points", "both_reached_target"),
    (GameValues(90, 40, "target", 9), "ended_by", "target_not_reached"),
    (GameValues(90, 40, "hands", 13), "hands_played", "above_hand_limit"),
    (GameValues(90, 40, "hands", 10), "hands_played", "hands_not_at_limit"),
]


@pytest.mark.parametrize(("values", "field", "code"), BAD)
def test_bad_games_are_refused_naming_the_field_and_nothing_is_written(event, values, field,
                                                                        code):
    _championship, _round, table = event
    with pytest.raises(GameRefused) as refused:
        games.submit_game(team=table.ns_team, table=table, values=values, idempotency_key=None)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert refused.value.message and "%(" not in refused.value.message
    assert GameEntry.objects.count() == 0


def test_a_hand_record_that_does_not_add_up_names_the_hand(event):
    _championship, _round, table = event
    # The dealer passes to the right after each hand: the trump makers alternate.
    hands = tuple({"makers": makers, "contract": "O", "doubling": 0, "scorer": "first",
                   "points": 10} for makers in ("first", "second", "first"))
    values = GameValues(40, 0, "time", 3, hands=hands)  # the hands add up to 30
    with pytest.raises(GameRefused) as refused:
        games.submit_game(team=table.ns_team, table=table, values=values, idempotency_key=None)
    assert refused.value.code == "hands_do_not_add_up"
    assert "3" in refused.value.message
    assert GameEntry.objects.count() == 0


def test_a_bye_table_plays_no_game(director):
    championship = make_free_deal(director, pairs=5)
    round_ = next_round(championship, director)
    assert round_.bye_team_id is not None
    assert round_.tables.count() == 2
    play_round(round_, lambda table: win())
    lines = {line.pair_id: line for line in selectors.ranking(championship)}
    assert lines[round_.bye_team_id].byes == 1


def test_every_refusal_of_the_rules_has_a_message_in_the_readers_language():
    from engine import free_deal as engine_rules
    from formats.free_deal.rules import _messages

    assert set(engine_rules.CODES) - {"invalid"} <= set(_messages())
