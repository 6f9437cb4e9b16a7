"""Services of the tournaments app: generating rounds, the round robin schedule and Swiss
pairings (rules.md 7)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from round_layouts import assert_round_places_every_team_once, round_layout
from tournament_factories import add_teams, make_championship

import engine
from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import ranking, services
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db


# Every field size from 2 to 40 teams is a sweep (`make test` runs it, marked exhaustive);
# `make test-fast` runs every size up to 9 (odd and even, with and without byes, Swiss
# fields up to their 4 rounds), a middling one and the largest (its query bound).
REPRESENTATIVE_COUNTS = {*range(2, 10), 16, 40}
TEAM_COUNTS = [pytest.param(count, marks=() if count in REPRESENTATIVE_COUNTS
                            else pytest.mark.exhaustive)
               for count in range(2, 41)]


# --- Round robin ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_round_robin_schedule(director, count, django_assert_max_num_queries):
    championship = make_championship(director)
    teams = add_teams(championship, count)
    ids = [t.pk for t in teams]
    with django_assert_max_num_queries(12):  # bulk writes, not one query per row
        rounds = generate_schedule(championship)
    expected_rounds = count - 1 if count % 2 == 0 else count
    assert len(rounds) == expected_rounds
    met = Counter()
    ns = Counter()
    ew = Counter()
    byes = Counter()
    for round_ in championship.rounds.order_by("number"):
        assert round_.status == Round.Status.DRAFTED
        assert_round_places_every_team_once(round_, ids)
        assert (round_.bye_team_id is not None) == (count % 2 == 1)
        if round_.bye_team_id:
            byes[round_.bye_team_id] += 1
        for _, a, b in round_layout(round_):
            met[frozenset((a, b))] += 1
            ns[a] += 1
            ew[b] += 1
        assert round_.deals.count() == 4
    # Everyone meets everyone exactly once, with balanced directions.
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)}
    assert set(met.values()) == {1}
    assert all(abs(ns[t] - ew[t]) <= 1 for t in ids)
    if count % 2:
        assert byes == Counter({t: 1 for t in ids})
    assert championship.deals.count() == expected_rounds * 4


def test_round_robin_schedule_is_generated_once(scheduled):
    with pytest.raises(services.ServiceError, match="already exists"):
        services.generate_next_round(scheduled)


def test_round_robin_skips_withdrawn_teams_when_scheduling(championship, teams):
    services.withdraw_team(teams[0])
    generate_schedule(championship)
    assert championship.rounds.count() == 5  # 6 active teams
    assert not Table.objects.filter(round__championship=championship, ns_team=teams[0]).exists()


def test_round_robin_refuses_new_teams_once_scheduled(scheduled):
    with pytest.raises(services.ServiceError, match="schedule already exists"):
        services.add_team(scheduled, name="Late", player1="A", player2="B")
    assert services.discard_drafted_rounds(scheduled) == 7
    services.add_team(scheduled, name="Late", player1="A", player2="B")
    generate_schedule(scheduled)
    assert scheduled.rounds.count() == 7  # 8 teams


def test_generation_needs_two_teams(championship):
    with pytest.raises(services.ServiceError, match="two pairs"):
        services.generate_next_round(championship)
    add_teams(championship, 1)
    with pytest.raises(services.ServiceError, match="two pairs"):
        services.generate_next_round(championship)
    assert not championship.rounds.exists()


# --- Swiss ---------------------------------------------------------------------------------


def play_swiss(championship, rounds):
    for _ in range(rounds):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_)
        services.close_round(round_)


@pytest.mark.parametrize("count", TEAM_COUNTS)
def test_swiss_rounds(director, count):
    # Small Swiss fields can paint themselves into a corner (6 teams after 3 rounds may be
    # left with two triangles of unplayed pairs), depending on the random key's first-round
    # draw. Up to count // 2 rounds every team still has at least half the field unplayed,
    # so a pairing always exists (Dirac), whatever the draw.
    rounds = min(4, count // 2)
    championship = make_championship(director, movement="swiss", rounds_planned=rounds)
    teams = add_teams(championship, count)
    ids = [t.pk for t in teams]
    play_swiss(championship, rounds)
    met = Counter()
    ns = Counter()
    ew = Counter()
    byes = []
    for round_ in championship.rounds.order_by("number"):
        assert_round_places_every_team_once(round_, ids)
        if round_.bye_team_id:
            byes.append(round_.bye_team_id)
        layout = round_layout(round_)
        # Directions (rules.md 7, engine policy): the team that has sat NS more often,
        # relative to EW, sits EW. (Two teams that both sat NS more often cannot both be
        # helped, so a Swiss field is not always within one.)
        for _, a, b in layout:
            assert ns[a] - ew[a] <= ns[b] - ew[b]
        for _, a, b in layout:
            met[frozenset((a, b))] += 1
            ns[a] += 1
            ew[b] += 1
    assert championship.rounds.count() == rounds
    assert set(met.values()) == {1}, "no rematches"
    assert len(byes) == len(set(byes)) == (rounds if count % 2 else 0)
    with pytest.raises(services.ServiceError, match="rounds have been generated"):
        services.generate_next_round(championship)


def test_swiss_first_round_is_drawn_from_the_key(director):
    first = make_championship(director, movement="swiss", rounds_planned=3)
    add_teams(first, 10)
    (round_,) = services.generate_next_round(first)
    team_ids = list(first.teams.order_by("number").values_list("pk", flat=True))
    plan = engine.swiss_first_round(team_ids, seed=first.key_bytes)
    assert round_layout(round_) == [
        (n, m.ns, m.ew) for n, m in enumerate(plan.matches, start=1)
    ]


def test_swiss_pairs_from_the_registered_ranking(director):
    championship = make_championship(director, movement="swiss", rounds_planned=3)
    teams = add_teams(championship, 8)
    play_swiss(championship, 1)
    round1_pairs = {frozenset((ns, ew)) for _, ns, ew in round_layout(championship.rounds.get())}
    # Rank the teams in reverse number order.
    previous = ranking.register_ranking_provider(lambda c: list(c.teams.order_by("-number")))
    try:
        (round2,) = services.generate_next_round(championship)
    finally:
        ranking.register_ranking_provider(previous)
    ranked = [t.pk for t in reversed(teams)]
    round1 = championship.rounds.get(number=1)
    ns_count = Counter(ns for _, ns, _ in round_layout(round1))
    ew_count = Counter(ew for _, _, ew in round_layout(round1))
    plan = engine.swiss_round(ranked, round1_pairs, ns_count, ew_count, set())
    # The service hands the ranking and the history to the engine, and lays out its tables
    # in order, the leader's match at table 1.
    assert round_layout(round2) == [(n, m.ns, m.ew) for n, m in enumerate(plan.matches, 1)]
    assert ranked[0] in round_layout(round2)[0][1:]


def test_swiss_next_round_needs_the_previous_closed(director):
    championship = make_championship(director, movement="swiss", rounds_planned=3)
    add_teams(championship, 6)
    (round1,) = services.generate_next_round(championship)
    with pytest.raises(services.ServiceError, match="Close round 1"):
        services.generate_next_round(championship)
    services.release_round(round1)
    with pytest.raises(services.ServiceError, match="Close round 1"):
        services.generate_next_round(championship)
    services.close_round(round1)
    services.generate_next_round(championship)


def test_swiss_does_not_pair_withdrawn_teams(director):
    championship = make_championship(director, movement="swiss", rounds_planned=3)
    teams = add_teams(championship, 6)
    play_swiss(championship, 1)
    drafted = services.withdraw_team(teams[2])
    assert drafted == []
    (round2,) = services.generate_next_round(championship)
    placed = {t for _, ns, ew in round_layout(round2) for t in (ns, ew)} | {round2.bye_team_id}
    assert teams[2].pk not in placed
    assert round2.bye_team_id is not None  # 5 active teams


def test_swiss_reports_when_no_pairing_is_possible(director):
    championship = make_championship(director, movement="swiss", rounds_planned=5)
    add_teams(championship, 4)
    play_swiss(championship, 3)  # everyone has met everyone
    with pytest.raises(services.ServiceError, match="rematch"):
        services.generate_next_round(championship)
    assert championship.rounds.count() == 3
