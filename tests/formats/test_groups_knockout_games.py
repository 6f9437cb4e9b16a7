"""Groups then knockout, a group game at the table (rules.md 12.1): entered by a captain
through the core's game entry (``scoring.services.games``, as a free-deal game), confirmed by
the other pair or set by the director; the format's rule check (``Format.check_game``) refuses
a level game, hands that are not 8, 10, 12…, a game not ended by its hands, naming the field,
with nothing written; a pair sitting the round out has no game to enter."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.utils import translation
from groups_knockout_factories import make_groups_event

from formats.groups_knockout.models import GroupSitOut
from formats.groups_knockout.services import make_groups
from scoring.models import GameEntry, GameReview
from scoring.services import ScoringError, games
from scoring.services.games import GameValues
from scoring.services.values import GameRefused
from tournaments import services

sys.path.insert(0, str(Path(__file__).parents[1] / "scoring"))
from scoring_factories import make_championship, make_round, teams_of  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def round_1(director):
    # 10 pairs in groups of 4 by the snake: groups of 3, 3 and 4, so the groups of 3 each
    # have a pair sitting out every round. Games of 8 hands, 2 more while level.
    championship = make_groups_event(director, pairs=10, seeding="snake")
    make_groups(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    round_.refresh_from_db()
    return round_


def first_table(round_):
    return round_.tables.select_related("round__championship").order_by("number").first()


def test_a_captain_enters_a_group_game_and_the_other_pair_confirms(round_1):
    table = first_table(round_1)
    entry, created = games.submit_game(team=table.ns_team, table=table,
                                       values=GameValues(75, 52, "hands", 8),
                                       idempotency_key="group-game-1")
    assert created and (entry.first_points, entry.second_points, entry.hands_played,
                        entry.ended_by, entry.by_team_id) == (75, 52, 8, "hands",
                                                              table.ns_team_id)
    # The same key stores once.
    again, created = games.submit_game(team=table.ns_team, table=table,
                                       values=GameValues(75, 52, "hands", 8),
                                       idempotency_key="group-game-1")
    assert not created and again.pk == entry.pk
    # The entering pair cannot confirm its own game; the other pair does.
    with pytest.raises(ScoringError):
        games.confirm_game(entry_id=entry.pk, team=table.ns_team)
    review = games.confirm_game(entry_id=entry.pk, team=table.ew_team)
    assert (review.verdict, review.by_team_id) == (GameReview.Verdict.CONFIRM,
                                                    table.ew_team_id)
    # Confirmed: only the director changes it now.
    with pytest.raises(ScoringError, match="only the director"):
        games.submit_game(team=table.ew_team, table=table,
                          values=GameValues(52, 75, "hands", 8), idempotency_key=None)


@pytest.mark.parametrize(("values", "field", "code", "words"), [
    (GameValues(64, 64, "hands", 8), "points", "level_points", "never a draw"),
    (GameValues(70, 60, "hands", 9), "hands_played", "hands_not_allowed", "not 9 hands"),
    (GameValues(70, 60, "hands", 6), "hands_played", "hands_not_allowed", "lasts 8 hands"),
    (GameValues(101, 60, "target", 8), "ended_by", "not_ended_by_hands", "Hand limit"),
    (GameValues(70, 60, "time", 8), "ended_by", "not_ended_by_hands", "Hand limit"),
])
def test_a_game_the_rules_refuse_names_the_field_and_stores_nothing(round_1, values, field,
                                                                     code, words):
    table = first_table(round_1)
    with pytest.raises(GameRefused) as refused:
        games.submit_game(team=table.ns_team, table=table, values=values,
                          idempotency_key=None)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert words in refused.value.message
    assert not GameEntry.objects.exists()


def test_ten_hands_with_a_winner_are_a_game_after_a_level_eight(round_1):
    table = first_table(round_1)
    # Level after 8: the table plays 2 more hands, and one pair leads.
    entry, _ = games.submit_game(team=table.ew_team, table=table,
                                 values=GameValues(66, 71, "hands", 10), idempotency_key=None)
    assert entry.hands_played == 10
    games.confirm_game(entry_id=entry.pk, team=table.ns_team)
    assert entry.reviews.get().verdict == GameReview.Verdict.CONFIRM


def test_the_settings_decide_the_hands(director):
    championship = make_groups_event(director, pairs=4, hands_per_game=6, extra_hands=3)
    make_groups(championship)
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    table = first_table(round_)
    with pytest.raises(GameRefused, match="lasts 6 hands, then 3 more"):
        games.submit_game(team=table.ns_team, table=table,
                          values=GameValues(60, 50, "hands", 8), idempotency_key=None)
    entry, _ = games.submit_game(team=table.ns_team, table=table,
                                 values=GameValues(60, 50, "hands", 9), idempotency_key=None)
    assert entry.hands_played == 9


def test_the_director_sets_a_game_which_counts_at_once(round_1, director):
    table = first_table(round_1)
    entered, _ = games.submit_game(team=table.ns_team, table=table,
                                   values=GameValues(80, 40, "hands", 8), idempotency_key=None)
    games.dispute_game(entry_id=entered.pk, team=table.ew_team, comment="It was 40-80")
    with pytest.raises(GameRefused) as refused:
        games.director_set_game(table=table, values=GameValues(60, 60, "hands", 8),
                                user=director, note="From the sheet")
    assert refused.value.field == "points"
    entry = games.director_set_game(table=table, values=GameValues(40, 80, "hands", 8),
                                    user=director, note="From the sheet")
    assert entry.by_director_override and entry.by_director_id == director.pk
    assert (entry.first_points, entry.second_points) == (40, 80)
    assert GameEntry.objects.filter(table=table).count() == 2


def test_a_pair_sitting_the_round_out_cannot_enter_a_game(round_1):
    sit_out = GroupSitOut.objects.select_related("team").filter(round=round_1).first()
    assert sit_out is not None
    tables = list(round_1.tables.select_related("round__championship"))
    assert all(sit_out.team_id not in (t.ns_team_id, t.ew_team_id) for t in tables)
    for table in tables:
        with pytest.raises(ScoringError) as refused:
            games.submit_game(team=sit_out.team, table=table,
                              values=GameValues(75, 52, "hands", 8), idempotency_key=None)
        assert refused.value.code == "not_your_table"
    assert not GameEntry.objects.exists()


def test_a_format_whose_tables_play_no_game_refuses_every_game(director):
    # The seam's default (Format.check_game): a duplicate championship's table is no game.
    championship = make_championship(teams=4, director=director)
    one, two, three, four = teams_of(championship)
    round_ = make_round(championship, 1, [(one, two), (three, four)])
    table = round_.tables.select_related("round__championship").first()
    with pytest.raises(GameRefused) as refused:
        games.submit_game(team=table.ns_team, table=table,
                          values=GameValues(75, 52, "hands", 8), idempotency_key=None)
    assert (refused.value.field, refused.value.code) == ("table", "not_a_game_format")
    assert not GameEntry.objects.exists()


def pad(*scores) -> tuple[dict, ...]:
    """A hand-by-hand record as a phone sends it: hands of oros, undoubled, the makers
    alternating; each score is ``(scorer, points)``."""
    return tuple({"makers": ("first", "second")[k % 2], "contract": "O", "doubling": 0,
                  "scorer": scorer, "points": points if scorer else 0}
                 for k, (scorer, points) in enumerate(scores))


EIGHT_LEVEL = [("first", 10), ("second", 10), ("first", 5), ("second", 5),
               ("first", 3), ("second", 3), ("first", 1), ("second", 1)]  # 19-19


def test_a_hand_record_must_show_the_game_level_where_it_went_on(round_1):
    table = first_table(round_1)
    played_on = pad(*EIGHT_LEVEL[:-1], ("second", 2), ("second", 5), (None, 0))  # 19-20 at 8
    with pytest.raises(GameRefused) as refused:
        games.submit_game(team=table.ns_team, table=table,
                          values=GameValues(19, 25, "hands", 10, hands=played_on),
                          idempotency_key=None)
    assert (refused.value.field, refused.value.code) == ("hands[8]", "played_on_after_lead")
    assert refused.value.message == ("After hand 8 the points were 19-20: one pair led, so "
                                     "the game was over.")
    # The record's own check is the score pad's, in the core's words.
    with pytest.raises(GameRefused, match="stop adding up to the reported points") as refused:
        games.submit_game(team=table.ns_team, table=table,
                          values=GameValues(26, 21, "hands", 10,
                                            hands=pad(*EIGHT_LEVEL, ("first", 6),
                                                      ("second", 2))),
                          idempotency_key=None)
    assert refused.value.code == "hands_do_not_add_up"
    assert not GameEntry.objects.exists()
    entry, _ = games.submit_game(
        team=table.ns_team, table=table, idempotency_key=None,
        values=GameValues(25, 21, "hands", 10, hands=pad(*EIGHT_LEVEL, ("first", 6),
                                                         ("second", 2))))
    assert len(entry.hands) == 10
