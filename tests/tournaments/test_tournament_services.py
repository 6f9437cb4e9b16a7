"""Services of the tournaments app: championships, teams, rounds, deals and secrecy."""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import combinations

import pytest
from django.db import IntegrityError, transaction
from tournament_factories import add_teams, make_championship

import engine
from tournaments import ranking, selectors, services
from tournaments.models import Championship, Deal, Round, Table, Team

pytestmark = pytest.mark.django_db


def round_layout(round_):
    return [(t.number, t.ns_team_id, t.ew_team_id) for t in round_.tables.order_by("number")]


def assert_round_places_every_team_once(round_, team_ids):
    placed = [tid for _, ns, ew in round_layout(round_) for tid in (ns, ew)]
    if round_.bye_team_id:
        placed.append(round_.bye_team_id)
    assert sorted(placed) == sorted(team_ids), f"round {round_.number}"
    numbers = [n for n, _, _ in round_layout(round_)]
    assert numbers == list(range(1, len(numbers) + 1))


# --- Championships and the deal key --------------------------------------------------------


def test_create_championship_makes_a_key_and_its_commitment(director):
    championship = make_championship(director)
    key = bytes.fromhex(championship.deal_key)
    assert len(key) == 32
    assert championship.key_commitment == hashlib.sha256(key).hexdigest()
    assert championship.status == Championship.Status.DRAFT
    assert list(championship.directors.all()) == [director]
    other = make_championship(director)
    assert other.deal_key != championship.deal_key


def test_swiss_needs_a_number_of_rounds(director):
    with pytest.raises(services.ServiceError) as error:
        services.create_championship(director, name="Swiss", movement="swiss")
    assert error.value.field == "rounds_planned"
    assert not Championship.objects.exists()


def test_name_is_required_and_dates_ordered(director):
    import datetime

    with pytest.raises(services.ServiceError) as error:
        services.create_championship(director, name="  ")
    assert error.value.field == "name"
    with pytest.raises(services.ServiceError) as error:
        services.create_championship(
            director,
            name="X",
            starts_on=datetime.date(2025, 5, 2),
            ends_on=datetime.date(2025, 5, 1),
        )
    assert error.value.field == "ends_on"


def test_generated_deals_verify_against_the_revealed_key(scheduled):
    championship = scheduled
    deals = list(championship.deals.order_by("number"))
    assert [d.number for d in deals] == list(range(1, 7 * 4 + 1))
    for round_ in championship.rounds.all():
        services.release_round(round_)
    for round_ in championship.rounds.order_by("number"):
        services.close_round(round_)
    services.finish_championship(championship)
    championship.refresh_from_db()
    assert championship.key_revealed
    key = bytes.fromhex(championship.deal_key)
    # Anyone holding the revealed key checks it against the commitment shown from the start...
    assert hashlib.sha256(key).hexdigest() == championship.key_commitment
    # ... and regenerates every deal.
    for deal in deals:
        assert deal.cards == engine.format_deal(engine.generate_deal(key, deal.number))


def test_deal_numbers_and_dealers_follow_the_rules(scheduled):
    round2 = scheduled.rounds.get(number=2)
    deals = list(round2.deals.order_by("number"))
    assert [d.number for d in deals] == [5, 6, 7, 8]
    assert [d.dealer for d in deals] == ["N", "W", "S", "E"]
    assert all(d.source == Deal.Source.GENERATED for d in deals)
    for deal in deals:
        parsed = engine.parse_deal(deal.cards)
        assert engine.format_deal(parsed) == deal.cards


# --- Settings lock -------------------------------------------------------------------------


def test_settings_change_freely_before_rounds_exist(championship):
    services.update_championship(
        championship, deals_per_match=6, variant="western", movement="swiss", rounds_planned=4
    )
    championship.refresh_from_db()
    assert (championship.deals_per_match, championship.variant, championship.rounds_planned) == (
        6,
        "western",
        4,
    )
    services.update_championship(championship, movement="round_robin")
    championship.refresh_from_db()
    assert championship.rounds_planned is None  # only meaningful for Swiss


def test_shape_settings_cannot_change_while_rounds_are_drafted(scheduled):
    with pytest.raises(services.ServiceError) as error:
        services.update_championship(scheduled, deals_per_match=5)
    assert error.value.field == "deals_per_match"
    # Other settings may still change before round 1 is released.
    services.update_championship(scheduled, variant="western", doubling="2-3-5")
    scheduled.refresh_from_db()
    assert scheduled.variant == "western"


def test_settings_lock_once_round_one_is_released(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    for field, value in [
        ("variant", "western"),
        ("doubling", "2-4-10"),
        ("deals_per_match", 3),
        ("movement", "swiss"),
    ]:
        with pytest.raises(services.ServiceError) as error:
            services.update_championship(scheduled, **{field: value})
        assert error.value.field == field
        assert "round 1 has been released" in error.value.message
    # Passing the unchanged value is not a change.
    services.update_championship(scheduled, variant=scheduled.variant, name="Renamed")
    services.update_championship(scheduled, results_public=True, venue="Elsewhere")
    scheduled.refresh_from_db()
    assert (scheduled.name, scheduled.results_public, scheduled.venue) == (
        "Renamed",
        True,
        "Elsewhere",
    )


# --- Round robin ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 41))
def test_round_robin_schedule(director, count, django_assert_max_num_queries):
    championship = make_championship(director)
    teams = add_teams(championship, count)
    ids = [t.pk for t in teams]
    with django_assert_max_num_queries(12):  # bulk writes, not one query per row
        rounds = services.generate_schedule(championship)
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
    services.generate_schedule(championship)
    assert championship.rounds.count() == 5  # 6 active teams
    assert not Table.objects.filter(round__championship=championship, ns_team=teams[0]).exists()


def test_round_robin_refuses_new_teams_once_scheduled(scheduled):
    with pytest.raises(services.ServiceError, match="schedule already exists"):
        services.add_team(scheduled, name="Late", player1="A", player2="B")
    assert services.discard_drafted_rounds(scheduled) == 7
    services.add_team(scheduled, name="Late", player1="A", player2="B")
    services.generate_schedule(scheduled)
    assert scheduled.rounds.count() == 7  # 8 teams


def test_generation_needs_two_teams(championship):
    with pytest.raises(services.ServiceError, match="two teams"):
        services.generate_next_round(championship)
    add_teams(championship, 1)
    with pytest.raises(services.ServiceError, match="two teams"):
        services.generate_next_round(championship)
    assert not championship.rounds.exists()


# --- Swiss ---------------------------------------------------------------------------------


def play_swiss(championship, rounds):
    for _ in range(rounds):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_)
        services.close_round(round_)


@pytest.mark.parametrize("count", range(2, 41))
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


# --- Release and close ---------------------------------------------------------------------


def test_release_and_close_in_order(scheduled):
    r1, r2, r3 = (scheduled.rounds.get(number=n) for n in (1, 2, 3))
    with pytest.raises(services.ServiceError, match="Release round 1 first"):
        services.release_round(r2)
    with pytest.raises(services.ServiceError, match="has not been released"):
        services.close_round(r1)
    services.release_round(r1)
    scheduled.refresh_from_db()
    assert scheduled.status == Championship.Status.RUNNING
    r1.refresh_from_db()
    assert r1.status == Round.Status.RELEASED and r1.released_at
    with pytest.raises(services.ServiceError, match="already released"):
        services.release_round(r1)
    services.release_round(r2)  # several rounds may be in play at once
    with pytest.raises(services.ServiceError, match="Close round 1 first"):
        services.close_round(r2)
    services.close_round(r1)
    r1.refresh_from_db()
    assert r1.status == Round.Status.CLOSED and r1.closed_at
    with pytest.raises(services.ServiceError, match="already closed"):
        services.close_round(r1)
    services.close_round(r2)
    with pytest.raises(services.ServiceError, match="last closed round"):
        services.reopen_round(r1)
    services.reopen_round(r2)
    r2.refresh_from_db()
    assert r2.status == Round.Status.RELEASED and r2.closed_at is None
    with pytest.raises(services.ServiceError, match="not closed"):
        services.finish_championship(scheduled)
    assert r3.status == Round.Status.DRAFTED


def test_finish_needs_every_round_closed_and_then_freezes(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    services.close_round(scheduled.rounds.get(number=1))
    with pytest.raises(services.ServiceError, match="Round 2 is not closed"):
        services.finish_championship(scheduled)
    services.discard_drafted_rounds(scheduled)  # stop the event after round 1
    services.finish_championship(scheduled)
    scheduled.refresh_from_db()
    assert scheduled.status == Championship.Status.FINISHED
    with pytest.raises(services.ServiceError, match="finished"):
        services.add_team(scheduled, name="X", player1="a", player2="b")
    with pytest.raises(services.ServiceError, match="finished"):
        services.reopen_round(scheduled.rounds.get(number=1))


def test_database_refuses_a_released_round_without_a_release_time(scheduled):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(championship=scheduled, number=1).update(status="released")


# --- Swaps ---------------------------------------------------------------------------------


def test_swap_two_teams_across_tables_in_the_same_direction(scheduled):
    round_ = scheduled.rounds.get(number=1)
    before = round_layout(round_)
    (_, a, _), (_, b, _) = before[0], before[1]  # both NS
    warnings = services.swap_teams(round_, Team.objects.get(pk=a), Team.objects.get(pk=b))
    after = round_layout(round_)
    assert after[0] == (1, b, before[0][2])
    assert after[1] == (2, a, before[1][2])
    assert after[2:] == before[2:]
    # In a round robin this makes both teams meet an opponent they also meet later.
    assert len(warnings) == 2 and "also meet in round" in warnings[0]


def test_swap_a_team_with_the_bye_and_within_a_table(scheduled):
    round_ = scheduled.rounds.get(number=1)
    bye = round_.bye_team
    _, ns, ew = round_layout(round_)[0]
    services.swap_teams(round_, bye, Team.objects.get(pk=ns))
    round_.refresh_from_db()
    assert round_.bye_team_id == ns
    assert round_layout(round_)[0] == (1, bye.pk, ew)
    services.swap_teams(round_, bye, Team.objects.get(pk=ew))
    assert round_layout(round_)[0] == (1, ew, bye.pk)


def test_swap_tables(scheduled):
    round_ = scheduled.rounds.get(number=1)
    before = round_layout(round_)
    services.swap_tables(round_, 1, 3)
    after = round_layout(round_)
    assert after[0] == (1, *before[2][1:]) and after[2] == (3, *before[0][1:])
    with pytest.raises(services.ServiceError) as error:
        services.swap_tables(round_, 1, 9)
    assert error.value.field == "table_b"


def test_no_swaps_after_release(scheduled):
    round_ = scheduled.rounds.get(number=1)
    services.release_round(round_)
    before = round_layout(round_)
    teams = list(scheduled.teams.all()[:2])
    with pytest.raises(services.ServiceError, match="has been released"):
        services.swap_teams(round_, *teams)
    with pytest.raises(services.ServiceError, match="has been released"):
        services.swap_tables(round_, 1, 2)
    assert round_layout(round_) == before


# --- Deal import ---------------------------------------------------------------------------


def test_import_deals_replaces_generated_ones(scheduled):
    round_ = scheduled.rounds.get(number=2)
    new5 = engine.format_deal(engine.generate_deal(b"other key", 1))
    new6 = engine.format_deal(engine.generate_deal(b"other key", 2), first=engine.Seat.W)
    text = f"# hand-dealt\n\n5 {new5}\n6: {new6}\n"
    services.import_deals(round_, text)
    deal5, deal6 = round_.deals.get(number=5), round_.deals.get(number=6)
    assert deal5.cards == new5 and deal5.source == Deal.Source.IMPORTED
    # Stored canonically, N first, whatever seat the import started with.
    assert deal6.cards == engine.format_deal(engine.parse_deal(new6))
    assert deal6.dealer == "W"  # the dealer stays the one of the deal's position
    assert services.restore_generated_deals(round_) == 2
    deal5.refresh_from_db()
    assert deal5.source == Deal.Source.GENERATED
    assert deal5.cards == engine.format_deal(engine.generate_deal(scheduled.key_bytes, 5))


def test_import_deals_all_or_nothing(scheduled):
    round_ = scheduled.rounds.get(number=2)
    before = dict(round_.deals.values_list("number", "cards"))
    good = engine.format_deal(engine.generate_deal(b"k", 1))
    dup = good.replace("N:", "N:", 1)
    hands = good[2:].split()
    bad_dup = "N:" + " ".join([hands[0], hands[0], hands[2], hands[3]])
    text = "\n".join([
        f"5 {good}",
        f"6 {bad_dup}",
        "7 N:xyz",
        f"9 {good}",
        f"5 {dup}",
        "nonsense",
    ])
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(round_, text)
    messages = [str(e) for e in error.value.errors]
    assert any(m.startswith("Line 2: deal 6: the card") and "appears twice" in m for m in messages)
    assert any(m.startswith("Line 3: deal 7:") for m in messages)
    assert "Line 4: deal 9 is not in round 2 (its deals are 5–8)." in messages
    assert "Line 5: deal 5 is also on line 1." in messages
    assert any(m.startswith("Line 6: expected the deal number") for m in messages)
    assert dict(round_.deals.values_list("number", "cards")) == before


def test_import_deals_refuses_released_rounds(scheduled):
    services.release_round(scheduled.rounds.get(number=1))
    good = engine.format_deal(engine.generate_deal(b"k", 1))
    with pytest.raises(services.ServiceError) as error:
        services.import_deals(scheduled, f"1 {good}\n40 {good}")
    messages = [str(e) for e in error.value.errors]
    assert "Line 1: round 1 has been released, so deal 1 can no longer be replaced." in messages
    assert "Line 2: there is no deal 40: generate its round first." in messages
    with pytest.raises(services.ServiceError, match="No deals found"):
        services.import_deals(scheduled, "\n# nothing\n")


# --- Teams, links and PINs -----------------------------------------------------------------


def test_add_team_numbers_and_uniqueness(championship):
    a = services.add_team(championship, name="Els Tres Tombs", player1="Anna", player2="Pere")
    b = services.add_team(championship, number=10, name="Trumfos", player1="Joan", player2="Marta")
    c = services.add_team(championship, name="Manilles", player1="Jordi", player2="Núria")
    assert (a.number, b.number, c.number) == (1, 10, 2)
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, number=10, name="Other", player1="x", player2="y")
    assert error.value.field == "number" and "Trumfos" in error.value.message
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, name="trumfos", player1="x", player2="y")
    assert error.value.field == "name"
    with pytest.raises(services.ServiceError) as error:
        services.add_team(championship, name="Sense jugadors", player1="x", player2=" ")
    assert error.value.field == "player2"
    updated = services.update_team(a, number=3, name="Els Tres Tombs", club="CB Sants",
                                   player1="Anna", player2="Pere")
    assert (updated.number, updated.club) == (3, "CB Sants")


def test_team_secrets(championship, teams):
    team = teams[0]
    assert len(team.link_secret) >= 22  # at least 128 bits of URL-safe base64
    assert team.pin.isdigit() and len(team.pin) == 4
    assert len({t.link_secret for t in teams}) == len(teams)
    assert selectors.team_by_link(team.pk, team.link_secret) == team
    assert selectors.team_by_link(team.pk, "wrong") is None
    assert selectors.team_by_link(team.pk, team.link_secret + "x") is None
    assert selectors.team_by_link(teams[1].pk, team.link_secret) is None
    assert selectors.team_by_link(999999, team.link_secret) is None
    assert selectors.team_by_link("abc", team.link_secret) is None
    old_secret, old_pin = team.link_secret, team.pin
    services.reissue_link(team)
    services.reissue_pin(team)
    team.refresh_from_db()
    assert team.link_secret != old_secret and team.pin != old_pin
    assert selectors.team_by_link(team.pk, old_secret) is None
    assert services.check_pin(team, team.pin)
    assert services.check_pin(team, f" {team.pin} ")
    assert not services.check_pin(team, old_pin)
    assert not services.check_pin(team, "")
    assert not services.check_pin(team, None)
    assert team.private_path == f"/t/{team.pk}/{team.link_secret}/"


def test_withdrawn_team_is_still_found_by_its_link(scheduled):
    team = scheduled.teams.first()
    drafted = services.withdraw_team(team)
    assert drafted == [1, 2, 3, 4, 5, 6, 7]
    assert selectors.team_by_link(team.pk, team.link_secret) == team
    services.reinstate_team(team)
    team.refresh_from_db()
    assert not team.withdrawn


# --- Secrecy -------------------------------------------------------------------------------


def test_deals_are_public_only_once_their_round_is_closed(scheduled):
    round_ = scheduled.rounds.get(number=1)
    deal = round_.deals.first()
    assert not selectors.deal_is_public(deal)
    assert not selectors.public_deals(scheduled).exists()
    services.release_round(round_)
    deal.round.refresh_from_db()
    assert not selectors.deal_is_public(deal)
    assert not selectors.public_deals(scheduled).exists()
    services.close_round(round_)
    deal.round.refresh_from_db()
    assert selectors.deal_is_public(deal)
    assert set(selectors.public_deals(scheduled)) == set(round_.deals.all())


def test_directors(championship, director, other_director):
    assert selectors.is_director(director, championship)
    assert not selectors.is_director(other_director, championship)
    services.add_director(championship, "director2")
    assert selectors.is_director(other_director, championship)
    with pytest.raises(services.ServiceError) as error:
        services.add_director(championship, "nobody")
    assert error.value.field == "username"
    services.remove_director(championship, director)
    with pytest.raises(services.ServiceError, match="at least one director"):
        services.remove_director(championship, other_director)


# --- Demo ----------------------------------------------------------------------------------


def test_demo_loads_once(director):
    from tournaments.demo import load_demo

    championship, message = load_demo(director)
    assert "loaded" in message
    assert championship.teams.count() == 13
    assert championship.rounds.count() == 13
    assert all(r.bye_team_id for r in championship.rounds.all())
    assert [r.status for r in championship.rounds.order_by("number")][:4] == [
        "released", "released", "released", "drafted"]
    assert championship.status == "running"
    again, message = load_demo(director)
    assert again == championship and "already" in message
    assert Championship.objects.count() == 1
