"""Groups then knockout, the group standings and who goes through (rules.md 12.2, 12.3):
the games set through the core's game entry; each group's table as the engine ranks it (and
as a small computation of our own does); the scope of every standings page (the public sees
closed rounds, the director every confirmed game, ``?after=N`` an earlier round); the
repechage compared per game across groups of 4 and 5; the pairs left out with no win and the
byes; the director's page before the stage is complete; the projector's one group a page;
and what the pages cost, pinned at two sizes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from groups_knockout_factories import make_groups_event

import engine.groups as eg
from formats.groups_knockout.services import groups_of, make_groups
from formats.groups_knockout.standings import DIRECT, REPECHAGE, going_through, group_stage
from scoring.services.games import GameValues, director_set_game
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def lang_client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def by_strength(extra=None, upsets=()):
    """A game's points: the pair at the better position of its group wins (an upset the
    other way), with 70 plus its number plus its ``extra`` to 40 (so that no two pairs are
    level across the groups)."""
    extra = extra or {}

    def points(first, second, position):
        first_wins = position[first.pk] < position[second.pk]
        if {first.number, second.number} in [set(pair) for pair in upsets]:
            first_wins = not first_wins
        winner = first if first_wins else second
        won = 70 + winner.number + extra.get(winner.number, 0)
        return (won, 40) if first_wins else (40, won)
    return points


def play(championship, director, points, *, rounds=None, close=True):
    """Draft, release and play the group rounds (all of them by default), each game set by
    the director through the core's entry, each round closed unless ``close`` is false."""
    position = {team.pk: k for group in groups_of(championship) for k, team in enumerate(group)}
    from formats.groups_knockout.format import GroupsKnockout

    total = GroupsKnockout().rounds_to_pair(championship)
    for _number in range(rounds or total):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        for table in round_.tables.select_related("ns_team", "ew_team", "round__championship"):
            first, second = points(table.ns_team, table.ew_team, position)
            director_set_game(table=table, values=GameValues(first, second, "hands", 8),
                              user=director)
        if close:
            services.close_round(round_, by=director)


def event(director, pairs, **settings):
    championship = make_groups_event(director, pairs=pairs, seeding="snake", **settings)
    make_groups(championship)
    return championship


def test_each_group_is_ranked_as_the_engine_and_a_plain_count_rank_it(director):
    championship = event(director, 8)  # two groups of 4
    play(championship, director, by_strength(extra={1: 5, 2: 9}))
    response = lang_client(director).get(reverse("scoring:standings",
                                                  args=[championship.pk]))
    assert response.status_code == 200
    stage = response.context["stage"]
    assert stage.complete and len(stage.groups) == 2
    # The engine over the same games.
    for view, group in zip(stage.groups, groups_of(championship), strict=True):
        assert sorted(view.standing.order) == sorted(t.pk for t in group)
    # A plain count of our own: every pair plays 3 games, the better position wins each.
    for view, group in zip(stage.groups, groups_of(championship), strict=True):
        figures = {}
        for k, team in enumerate(group):
            wins = len(group) - 1 - k
            won = 70 + team.number + {1: 5, 2: 9}.get(team.number, 0)
            points_for = wins * won + k * 40
            points_against = wins * 40 + sum(70 + t.number + {1: 5, 2: 9}.get(t.number, 0)
                                             for t in group[:k])
            figures[team.pk] = (k + 1, 3, wins, wins, points_for, points_against)
        shown = {row.team.pk: (int(row.place), row.line.games, row.line.wins,
                               row.line.match_points, row.line.points_for,
                               row.line.points_against) for row in view.rows}
        assert shown == figures
    # The first of each group goes through (a bracket of 2), marked once.
    through = [row.team.number for view in stage.groups for row in view.rows if row.through]
    assert through == [group[0].number for group in groups_of(championship)]
    page = response.content.decode()
    assert page.count(">through</span>") == 2
    assert "Group A" in page and "Group B" in page and "+" in page


def test_three_pairs_level_share_the_place_and_nobody_goes_through(director):
    # 6 pairs in groups of 4: two groups of 3. In group A each pair beats one other by the
    # same score: all three level on every figure, the game between two of them not used.
    championship = event(director, 6)
    group_a = groups_of(championship)[0]
    cycle = {(group_a[0].pk, group_a[1].pk), (group_a[1].pk, group_a[2].pk),
             (group_a[2].pk, group_a[0].pk)}

    def points(first, second, position):
        if {first.pk, second.pk} <= {t.pk for t in group_a}:
            return (60, 50) if (first.pk, second.pk) in cycle else (50, 60)
        return by_strength()(first, second, position)

    play(championship, director, points)
    stage = group_stage(championship)
    assert stage.complete and stage.qualification is None
    assert [row.place for row in stage.groups[0].rows] == ["1=", "1=", "1="]
    assert stage.groups[0].standing.needs_draw
    page = lang_client(director).get(reverse("groups_knockout:going_through",
                                             args=[championship.pk])).content.decode()
    numbers = ", ".join(str(t.number) for t in sorted(group_a, key=lambda t: t.pk))
    assert f"Pairs {numbers} are level on every figure" in page
    assert 'id="seeds"' not in page


def test_the_public_sees_closed_rounds_the_director_every_confirmed_game(director):
    championship = event(director, 8)
    play(championship, director, by_strength(), rounds=1)
    play(championship, director, by_strength(), rounds=1, close=False)
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    url = reverse("scoring:standings", args=[championship.pk])

    def played(client, query=""):
        stage = client.get(url + query).context["stage"]
        return {row.line.games for view in stage.groups for row in view.rows}

    assert played(lang_client(None)) == {1}
    # Groups of 4 play 3 rounds (Format.rounds_to_pair), not the core's 5 at most.
    assert "After round 1 of 3" in lang_client(None).get(url).content.decode()
    assert played(lang_client(director)) == {2}
    assert played(lang_client(director), "?after=1") == {1}
    assert lang_client(None).get(url + "?after=2").status_code == 400
    # The last round's games confirmed but not closed: the director sees who goes through,
    # the public not yet.
    services.close_round(championship.rounds.get(number=2), by=director)
    play(championship, director, by_strength(), rounds=1, close=False)
    director_stage = lang_client(director).get(url).context["stage"]
    public_stage = lang_client(None).get(url).context["stage"]
    assert director_stage.complete and director_stage.qualification is not None
    assert not public_stage.complete and public_stage.qualification is None
    assert not any(row.through for view in public_stage.groups for row in view.rows)
    assert "group games still to count" in lang_client(None).get(url).content.decode()


def test_the_repechage_compares_groups_of_4_and_5_per_game(director):
    # 13 pairs in groups of 5: sizes 5, 4 and 4; the first of each group and one more go to
    # a bracket of 4. The runner-up of the group of 5 wins 2 of 4 games (an upset) by big
    # margins; those of the groups of 4 win 2 of 3: per game they are better, although the
    # group of 5's has as many match points and the larger difference.
    championship = event(director, 13, group_size=5, bracket_size=4)
    groups = groups_of(championship)
    five = next(group for group in groups if len(group) == 5)
    fours = [group for group in groups if len(group) == 4]
    upset = (five[1].number, five[4].number)  # the fifth beats the runner-up
    extra = {five[1].number: 150, fours[0][1].number: 60}
    play(championship, director, by_strength(extra=extra, upsets=[upset]))
    stage = group_stage(championship)
    assert stage.complete
    runners_up = [view.standing.lines[1].line for view in stage.groups]
    five_line = next(line for line in runners_up if line.pair == five[1].pk)
    assert (five_line.match_points, five_line.games) == (2, 4)
    assert all(line.match_points == 2 for line in runners_up)
    assert five_line.difference == max(line.difference for line in runners_up)
    # Our own per-game comparison: match points, difference, points, each per game.
    best = max(runners_up, key=lambda line: (Fraction(line.match_points, line.games),
                                             Fraction(line.difference, line.games),
                                             Fraction(line.points_for, line.games)))
    assert best.pair == fours[0][1].pk
    result = stage.qualification
    assert result.repechage == (best.pair,)
    assert result == eg.qualify([view.standing for view in stage.groups], size=4)
    page = going_through(championship)
    assert [pair.team.pk for pair in page.tiers[0]][0] == best.pair
    assert [pair.picked for pair in page.tiers[0]] == [True, False, False]
    html = lang_client(director).get(reverse("groups_knockout:going_through",
                                             args=[championship.pk])).content.decode()
    assert "0.67" in html and "0.50" in html  # match points per game
    row = next(row for view in stage.groups for row in view.rows if row.team.pk == best.pair)
    assert row.through == REPECHAGE


def test_no_win_no_repechage_and_the_byes(director):
    # Two groups of 4, a bracket of 8: the first two tiers of every group go through, then
    # the fourths have no win and are left out, so seeds 1 and 2 get a bye.
    championship = event(director, 8, bracket_size=8)
    play(championship, director, by_strength())
    groups = groups_of(championship)
    page = going_through(championship)
    result = page.stage.qualification
    assert set(result.excluded) == {group[3].pk for group in groups}
    assert len(result.seeds) == 6
    assert [team.pk for team in page.byes] == list(result.seeds[:2])
    assert [tie.bye for tie in page.ties].count(True) == 2
    # Seeds 3–6 meet in two ties, each of one group here (the runners-up and thirds by the
    # comparison); the other tie of each half is a bye, so there is no pair to swap with and
    # both ties stand (rules.md 12.3), marked on the page.
    assert [(tie.top_seed, tie.bottom_seed) for tie in page.ties] == [
        (1, None), (4, 5), (2, None), (3, 6)]
    assert [tie.same_group for tie in page.ties] == [False, True, False, True]
    assert result.swaps == ()
    assert [(seed, how) for seed, _team, _letter, _place, how in page.seeds][:2] == [
        (1, DIRECT), (2, DIRECT)]
    html = lang_client(director).get(reverse("groups_knockout:going_through",
                                             args=[championship.pk])).content.decode()
    excluded = ", ".join(str(t.number) for t in page.excluded)
    assert f"Left out of the repechage for having no win: {excluded}" in html
    assert 'id="byes"' in html and "First round (bracket of 8)" in html
    assert html.count(">same group</span>") == 2


def test_the_first_round_keeps_pairs_of_one_group_apart(director):
    # 16 pairs, four groups of 4, two of each through to a bracket of 8: the best group
    # winner (seed 1) would meet its own runner-up (seed 8); a swap in its half moves them
    # apart, the seeds kept.
    championship = event(director, 16, qualifiers_per_group=2)
    play(championship, director, by_strength())
    page = going_through(championship)
    result = page.stage.qualification
    group_of = page.stage.group_of
    seeds = result.seeds
    assert group_of[seeds[0]] == group_of[seeds[7]]
    assert result.swaps and not any(tie.same_group for tie in page.ties)
    assert result == eg.qualify([view.standing for view in page.stage.groups], per_group=2)
    html = lang_client(director).get(reverse("groups_knockout:going_through",
                                             args=[championship.pk])).content.decode()
    lower, other = page.swaps[0]
    assert f"pair {lower.number} changed places with pair {other.number}" in html


def test_a_withdrawn_group_winner_stays_in_its_table_and_does_not_go_through(director):
    championship = event(director, 8)  # two groups of 4, the first of each through
    play(championship, director, by_strength())
    group_a = groups_of(championship)[0]
    services.withdraw_team(group_a[0], by=director)
    stage = group_stage(championship)
    rows = stage.groups[0].rows
    assert [row.team.pk for row in rows] == [team.pk for team in group_a]
    assert [row.through for row in rows] == ["", DIRECT, "", ""]
    html = lang_client(director).get(reverse("scoring:standings",
                                             args=[championship.pk])).content.decode()
    assert ">withdrawn</span>" in html


def test_before_the_stage_is_complete_the_page_counts_the_games_left(director):
    championship = event(director, 10)  # groups of 4, 3, 3: 6 + 3 + 3 games
    url = reverse("groups_knockout:going_through", args=[championship.pk])
    play(championship, director, by_strength(), rounds=1)
    stage = group_stage(championship)
    assert (stage.scheduled, stage.missing) == (12, 8)
    html = lang_client(director).get(url).content.decode()
    assert "8 group games are not confirmed yet" in html and 'id="seeds"' not in html
    # Reachable from the groups page; not for another director, nor the public.
    groups_page = lang_client(director).get(reverse("groups_knockout:groups",
                                                    args=[championship.pk]))
    assert url in groups_page.content.decode()
    assert lang_client(None).get(url).status_code == 302


@pytest.mark.parametrize("language, words", [
    ("ca", "Grup A"), ("es", "Grupo A"),
])
def test_the_standings_speak_the_readers_language(director, language, words):
    championship = event(director, 8)
    play(championship, director, by_strength(), rounds=1)
    page = lang_client(director, language).get(reverse("scoring:standings",
                                                       args=[championship.pk]))
    assert words in page.content.decode()


def test_the_projector_shows_one_group_a_page_and_cycles(director):
    championship = event(director, 12)  # three groups of 4
    play(championship, director, by_strength(), rounds=1)
    url = reverse("scoring:projector", args=[championship.pk])
    client = lang_client(director)
    letters = []
    for page in (1, 2, 3, 4):
        response = client.get(f"{url}?page={page}")
        assert response.status_code == 200
        letters.append(response.context["group"].letter)
        assert response.context["pages"] == 3
    assert letters == ["A", "B", "C", "C"]  # a page past the last is kept in range
    html = client.get(f"{url}?page=3").content.decode()
    assert f'data-projector-next="{url}?page=1"' in html and "Group C" in html


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context)


def test_what_the_pages_cost_does_not_grow_with_the_groups(director):
    costs = []
    for pairs in (16, 64):
        championship = event(director, pairs)
        play(championship, director, by_strength())
        assert Round.objects.filter(championship=championship).count() == 3
        client = lang_client(director)
        costs.append(tuple(count(client, reverse(name, args=[championship.pk])) for name in
                           ("scoring:standings", "scoring:projector",
                            "groups_knockout:going_through")))
        assert group_stage(championship).qualification is not None
    assert costs[0] == costs[1], costs
    # The label's "after round N of M" reads the groups for M (Format.rounds_to_pair), and
    # the knockout bracket is read (none stored yet): one query each.
    assert max(costs[0]) <= 11, costs
