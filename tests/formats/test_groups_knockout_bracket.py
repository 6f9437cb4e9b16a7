"""Groups then knockout, the knockout stage (rules.md 12.3, 12.4): the director confirms who
goes through (a swap of two qualifiers' places first, if wanted) and the seeded bracket is
stored as the core's, a bye going through at once; the ties are played (one game, or the best
of three) to the final and the optional third-place game; the final ranking with its shared
places; a pair withdrawn in the knockout (its opponent goes through); the refusals; and what
the bracket's pages cost, pinned at two sizes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from test_groups_knockout_standings import by_strength, event, play

from formats.groups_knockout.services.knockout import confirm_qualifiers
from formats.groups_knockout.standings import going_through
from formats.groups_knockout.standings_knockout import final_places
from scoring.models import KnockoutEntry, KnockoutGame, KnockoutTie
from scoring.services.knockout import enter_knockout_game
from tournaments import services
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def lang_client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def ties(championship, stage=None):
    rows = KnockoutTie.objects.filter(championship=championship).select_related(
        "first", "second", "winner").order_by("stage", "slot")
    return [tie for tie in rows if stage is None or tie.stage == stage]


def numbers(tie):
    return (tie.first.number if tie.first else None, tie.second.number if tie.second else None)


def play_stage(championship, director, stage, *, upsets=()):
    """Each ready, undecided tie of ``stage``: the better seed wins (the other pair for a
    tie whose slot is in ``upsets``), 1 game a tie."""
    for tie in ties(championship, stage):
        if tie.winner_id is None and tie.first_id and tie.second_id:
            first_wins = tie.slot not in upsets
            enter_knockout_game(tie, 60 if first_wins else 40, 40 if first_wins else 60,
                                hands=8, by=director)


def sixteen(director, **settings):
    """16 pairs, four groups of 4, one through from each and a bracket of 8: the four
    runners-up go through by repechage."""
    championship = event(director, 16, bracket_size=8, **settings)
    play(championship, director, by_strength())
    return championship


def test_confirming_stores_the_seeded_bracket_and_the_final_ranking_follows(director):
    championship = sixteen(director, third_place=True)
    page = going_through(championship)
    confirm_qualifiers(championship, by=director)
    first_round = ties(championship, 1)
    assert [(t.first_id, t.second_id, t.first_seed, t.second_seed) for t in first_round] == [
        (tie.top.pk, tie.bottom.pk, tie.top_seed, tie.bottom_seed) for tie in page.ties]
    assert {t.first_seed for t in first_round} == {1, 2, 3, 4}  # the group winners on top
    event_row = AuditEvent.objects.get(championship=championship,
                                       action=AuditEvent.Action.KNOCKOUT_STARTED)
    assert event_row.detail.startswith("size 8, best of 1: ")
    assert final_places(championship) is None  # not before the final
    play_stage(championship, director, 1, upsets={2})  # seed 4 or 3 loses in tie 2
    play_stage(championship, director, 2)
    semi_losers = {t.second_id for t in ties(championship, 2)}
    final, third = ties(championship, 3)
    assert {third.first_id, third.second_id} == semi_losers
    assert third.first_seed < third.second_seed
    play_stage(championship, director, 3)  # the final and the third-place game
    final, third = ties(championship, 3)
    places = final_places(championship)
    assert [place.label for place in places][:8] == ["1", "2", "3", "4", "5=", "5=", "5=", "5="]
    assert [place.team.pk for place in places][:4] == [
        final.first_id, final.second_id, third.first_id, third.second_id]
    assert len(places) == 16 and len({place.team.pk for place in places}) == 16
    assert not any(place.knockout for place in places[8:])
    # The pairs that did not go through, by group place: the four thirds, then the fourths.
    going = {seed[1].pk for seed in page.seeds}
    assert {place.team.pk for place in places[8:]} == {
        pk for pk in page.stage.teams if pk not in going}


def test_without_a_third_place_game_the_losing_semi_finalists_share_third(director):
    championship = sixteen(director)
    confirm_qualifiers(championship, by=director)
    for stage in (1, 2, 3):
        play_stage(championship, director, stage)
    assert len(ties(championship, 3)) == 1
    labels = [place.label for place in final_places(championship)]
    assert labels[:8] == ["1", "2", "3=", "3=", "5=", "5=", "5=", "5="]


def test_a_swap_before_confirming_changes_two_pairs_places_and_is_audited(director):
    championship = sixteen(director)
    page = going_through(championship)
    a, b = page.ties[0].bottom, page.ties[1].bottom  # two repechage pairs
    confirm_qualifiers(championship, swap=(a.number, b.number), by=director)
    first_round = ties(championship, 1)
    assert first_round[0].second_id == b.pk and first_round[1].second_id == a.pk
    # Each keeps its seed: only the opponents change.
    assert first_round[0].second_seed == page.ties[1].bottom_seed
    detail = AuditEvent.objects.get(championship=championship,
                                    action=AuditEvent.Action.KNOCKOUT_STARTED).detail
    assert f"pair {a.number} <-> pair {b.number}" in detail


def test_a_bye_goes_through_at_once(director):
    # Two groups of 4, a bracket of 8: the fourths have no win, so seeds 1 and 2 get a bye.
    championship = event(director, 8, bracket_size=8)
    play(championship, director, by_strength())
    confirm_qualifiers(championship, by=director)
    first_round = ties(championship, 1)
    byes = [tie for tie in first_round if tie.second_id is None]
    assert [tie.first_seed for tie in byes] == [1, 2]
    assert all(tie.winner_id == tie.first_id for tie in byes)
    second_round = ties(championship, 2)
    assert {t.first_seed for t in second_round} == {1, 2}
    assert all(t.second_id is None for t in second_round)  # their opponents not known yet
    with pytest.raises(ServiceError):  # a bye has no game to enter
        enter_knockout_game(byes[0], 60, 40, hands=8, by=director)
    play_stage(championship, director, 1)
    for stage in (2, 3):
        play_stage(championship, director, stage)
    labels = [place.label for place in final_places(championship)]
    # Six went through: 1, 2, the semi-finals' losers 3=, the first round's losers 5=.
    assert labels[:6] == ["1", "2", "3=", "3=", "5=", "5="]
    assert len(labels) == 8


def test_a_tie_is_the_best_of_three_when_set(director):
    championship = sixteen(director, best_of=3)
    confirm_qualifiers(championship, by=director)
    tie = ties(championship, 1)[0]
    enter_knockout_game(tie, 60, 40, hands=8, by=director)
    enter_knockout_game(tie, 40, 60, hands=8, by=director)
    tie.refresh_from_db()
    assert tie.winner_id is None
    enter_knockout_game(tie, 40, 60, hands=8, by=director)
    tie.refresh_from_db()
    assert tie.winner_id == tie.second_id
    assert ties(championship, 2)[0].first_id == tie.second_id or \
        ties(championship, 2)[0].second_id == tie.second_id


def test_a_pair_withdrawn_in_the_knockout_loses_its_tie_without_a_game(director):
    championship = sixteen(director)
    confirm_qualifiers(championship, by=director)
    first, second = ties(championship, 1)[:2]
    services.withdraw_team(first.second, by=director)
    first.refresh_from_db()
    assert first.winner_id == first.first_id and not first.games.exists()
    # A pair whose next opponent is not known yet: the winner of that tie goes through.
    services.withdraw_team(first.first, by=director)
    enter_knockout_game(second, 60, 40, hands=8, by=director)
    semi = ties(championship, 2)[0]
    assert semi.winner_id == second.first_id
    assert ties(championship, 3)[0].first_id == second.first_id


def test_confirming_is_refused_until_the_stage_is_complete_and_only_once(director):
    championship = event(director, 16, bracket_size=8)
    with pytest.raises(ServiceError, match="group games are not confirmed"):
        confirm_qualifiers(championship, by=director)
    play(championship, director, by_strength())
    with pytest.raises(ServiceError, match="Only pairs going through"):
        confirm_qualifiers(championship, swap=(1, 999), by=director)
    assert not KnockoutTie.objects.filter(championship=championship).exists()
    confirm_qualifiers(championship, by=director)
    with pytest.raises(ServiceError, match="already started"):
        confirm_qualifiers(championship, by=director)


def test_a_draw_the_ranking_needs_is_refused_naming_the_tied_pairs(director):
    # Two groups of 3; in group A each pair beats one other by the same score.
    championship = event(director, 6)
    from formats.groups_knockout.services import groups_of

    group_a = groups_of(championship)[0]
    cycle = {(group_a[0].pk, group_a[1].pk), (group_a[1].pk, group_a[2].pk),
             (group_a[2].pk, group_a[0].pk)}

    def points(first, second, position):
        if {first.pk, second.pk} <= {t.pk for t in group_a}:
            return (60, 50) if (first.pk, second.pk) in cycle else (50, 60)
        return by_strength()(first, second, position)

    play(championship, director, points)
    tied = ", ".join(str(t.number) for t in sorted(group_a, key=lambda t: t.pk))
    with pytest.raises(ServiceError, match=f"Pairs {tied} are level"):
        confirm_qualifiers(championship, by=director)


def test_the_director_confirms_on_the_going_through_page_and_enters_the_games(director):
    championship = sixteen(director, third_place=True)
    client = lang_client(director)
    going = reverse("groups_knockout:going_through", args=[championship.pk])
    assert 'id="confirm"' in client.get(going).content.decode()
    confirm = reverse("groups_knockout:confirm_qualifiers", args=[championship.pk])
    response = client.post(confirm, {"swap_first": "1", "swap_second": ""})
    assert response.status_code == 400 and "Give both pairs" in response.content.decode()
    response = client.post(confirm, {})
    bracket_url = reverse("groups_knockout:bracket", args=[championship.pk])
    assert response.status_code == 302 and response["Location"] == bracket_url
    html = client.get(going).content.decode()
    assert 'id="confirmed"' in html and 'id="confirm"' not in html
    response = client.post(confirm, {})  # twice: refused, nothing changed
    assert response.status_code == 400
    assert "The knockout stage has already started." in response.content.decode()
    assert KnockoutTie.objects.filter(championship=championship).count() == 8  # 7 + third
    tie = ties(championship, 1)[0]
    response = client.post(bracket_url, {"tie": tie.pk, "game": 1, "first_points": 50,
                                         "second_points": 50, "hands": 8})
    assert response.status_code == 400 and "cannot end level" in response.content.decode()
    response = client.post(bracket_url, {"tie": tie.pk, "game": 1, "first_points": 61,
                                         "second_points": 40, "hands": 8})
    assert response.status_code == 302
    tie.refresh_from_db()
    assert tie.winner_id == tie.first_id
    for stage in (1, 2, 3):
        play_stage(championship, director, stage)
    html = client.get(bracket_url).content.decode()
    assert 'id="final-ranking"' in html and "Third-place game" in html
    public = lang_client(None).get(reverse("scoring:standings", args=[championship.pk]))
    assert public.status_code in (200, 403, 404)
    standings = client.get(reverse("scoring:standings", args=[championship.pk])).content.decode()
    assert 'id="bracket"' in standings and 'id="final-ranking"' in standings
    assert "The final" in standings and "Semi-finals" in standings
    assert ">5=<" in standings
    projector = client.get(reverse("scoring:projector", args=[championship.pk])).content.decode()
    assert 'id="bracket"' in projector


def bracket_page_queries(director, pairs: int, **settings) -> list[int]:
    """The queries of the director's bracket page and the standings, the first round
    played (the final not yet)."""
    championship = event(director, pairs, **settings)
    play(championship, director, by_strength())
    confirm_qualifiers(championship, by=director)
    play_stage(championship, director, 1)
    client = lang_client(director)
    urls = [reverse("groups_knockout:bracket", args=[championship.pk]),
            reverse("scoring:standings", args=[championship.pk])]
    counts = []
    for url in urls:
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    return counts


def test_the_bracket_pages_cost_the_same_whatever_the_size(director):
    small = bracket_page_queries(director, 8, bracket_size=4)  # 2 groups, bracket of 4
    large = bracket_page_queries(director, 32)  # 8 groups, bracket of 8
    assert small == large, (small, large)


def test_the_captains_report_a_tie_and_the_other_pair_confirms(director):
    championship = sixteen(director)
    confirm_qualifiers(championship, by=director)
    tie = ties(championship, 1)[0]
    first, second = tie.first, tie.second

    def page(team):
        return lang_client(None).get(reverse("scoring:captain",
                                             args=[team.pk, team.link_secret])).content.decode()

    html = page(first)
    assert "Quarter-finals: game 1" in html and f"Points of {second.name}" in html
    submit = reverse("groups_knockout:captain_knockout_submit",
                     args=[first.pk, first.link_secret, tie.pk])
    assert submit in html
    refused = lang_client(None).post(submit, {"first_points": "50", "second_points": "50",
                                              "hands": "8"})
    assert refused.status_code == 200 and "cannot end level" in refused.content.decode()
    sent = lang_client(None).post(submit, {"first_points": "64", "second_points": "52",
                                           "hands": "10"})
    assert sent.status_code == 302
    entry = KnockoutEntry.objects.get()
    assert not KnockoutGame.objects.exists()  # nothing counts before the other pair confirms
    confirm = reverse("groups_knockout:captain_knockout_confirm",
                      args=[second.pk, second.link_secret, entry.pk])
    assert confirm in page(second)
    assert lang_client(None).post(confirm).status_code == 302
    tie.refresh_from_db()
    assert tie.winner_id == first.pk
    assert KnockoutGame.objects.get().by_team_id == first.pk
    # Another pair's report: not found.
    other = ties(championship, 1)[1].first
    assert lang_client(None).post(reverse(
        "groups_knockout:captain_knockout_confirm",
        args=[other.pk, other.link_secret, entry.pk])).status_code == 404


def test_a_losing_semi_finalist_withdrawn_gives_the_third_place_to_the_other(director):
    championship = sixteen(director, third_place=True)
    confirm_qualifiers(championship, by=director)
    play_stage(championship, director, 1)
    play_stage(championship, director, 2)
    final, third = ties(championship, 3)
    services.withdraw_team(third.second, by=director)
    third.refresh_from_db()
    assert third.winner_id == third.first_id and not third.games.exists()
    play_stage(championship, director, 3)
    labels = [place.label for place in final_places(championship)][:4]
    assert labels == ["1", "2", "3", "4"]


def test_a_tie_of_another_championship_is_not_found_on_the_bracket_page(director):
    # 8 pairs, a bracket of 2 (the two group winners): the final only.
    mine = event(director, 8)
    play(mine, director, by_strength())
    confirm_qualifiers(mine, by=director)
    theirs = event(director, 8)
    play(theirs, director, by_strength())
    confirm_qualifiers(theirs, by=director)
    other_tie = ties(theirs)[0]
    response = lang_client(director).post(
        reverse("groups_knockout:bracket", args=[mine.pk]),
        {"tie": other_tie.pk, "game": 1, "first_points": 61, "second_points": 40, "hands": 8})
    assert response.status_code == 404
    assert not other_tie.games.exists()


def test_a_tie_lost_by_withdrawal_stands_once_the_pair_is_reinstated(director):
    championship = sixteen(director)
    confirm_qualifiers(championship, by=director)
    first = ties(championship, 1)[0]
    services.withdraw_team(first.second, by=director)
    services.reinstate_team(first.second, by=director)
    play_stage(championship, director, 1)
    first.refresh_from_db()
    assert first.winner_id == first.first_id and not first.games.exists()
    play_stage(championship, director, 2)
    play_stage(championship, director, 3)
    assert final_places(championship) is not None
