"""Final places (rules.md 13): each format's ``final_places`` is the ranking its standings
show, in their order, shared places carrying the same number (1, 2, 2, 4); finishing a
championship keeps them (``FinalPlace``). The finished events are the kept events' builders
(``tests/archive_files/kept_events.py``), each through the ordinary services."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from free_deal_factories import make_free_deal, next_round, play_round, win
from groups_knockout_factories import played_groups_event, played_knockout

from formats import format_of
from scoring.models import KnockoutTie
from scoring.services import set_results_public
from tournaments import services
from tournaments.models import FinalPlace, Round

sys.path.append(str(Path(__file__).resolve().parents[1] / "archive_files"))
sys.path.append(str(Path(__file__).resolve().parents[1] / "scoring"))

from kept_events import EVENTS  # noqa: E402

pytestmark = pytest.mark.django_db


def number(label) -> int:
    """A place as shown ("4", "4=", or already a number) as a number."""
    return int(str(label).rstrip("="))


def last_closed(championship) -> int:
    return max(championship.rounds.filter(status=Round.Status.CLOSED)
               .values_list("number", flat=True), default=0)


def shown(championship) -> list[tuple[int, int]]:
    """``(entrant id, place)`` as the format's standings page shows them to the public."""
    key = championship.format
    if key == "duplicate_pairs":
        from scoring.selectors import standings

        return [(row.team.pk, number(row.label)) for row in standings(championship, live=False)]
    if key == "free_deal_pairs":
        from formats.free_deal.selectors import section_rankings

        # A section's places follow on from the sections above it (one ranking of the event).
        lines, above = [], 0
        for part in section_rankings(championship, up_to=last_closed(championship)):
            lines += [(line.team.pk, above + number(line.place)) for line in part.lines]
            above += len(part.lines)
        return knockout_first(championship, lines)
    if key == "abarrotada":
        from formats.abarrotada.selectors import standings

        return [(line.player_id, line.place) for line in standings(championship)]
    if key == "abarrotada_free":
        from formats.abarrotada.evening import evening_standings

        return [(line.player_id, line.place) for line in evening_standings(championship)]
    assert key == "groups_knockout"
    from formats.groups_knockout.standings_knockout import final_places

    places = final_places(championship)
    assert places is not None, "the final ranking is shown once the knockout is decided"
    return [(line.team.pk, number(line.label)) for line in places]


def knockout_first(championship, swiss: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Free deal (rules.md 11.3): once the final is decided, the bracket's winner, runner-up,
    then each round's losers sharing a place (later rounds first), then the other pairs in
    their Swiss order (here with no level pairs among them); the Swiss alone before."""
    ties = list(KnockoutTie.objects.filter(championship=championship))
    if not ties or any(tie.winner_id is None for tie in ties):
        return swiss
    went_out = {}
    for tie in ties:
        for pk in (tie.first_id, tie.second_id):
            went_out[pk] = max(went_out.get(pk, 0), tie.stage)
    went_out[max(ties, key=lambda tie: tie.stage).winner_id] += 1
    lines = []
    for stage in sorted(set(went_out.values()), reverse=True):
        place = len(lines) + 1
        lines += sorted((pk, place) for pk, last in went_out.items() if last == stage)
    rest = [pk for pk, _place in swiss if pk not in went_out]
    return lines + [(pk, len(lines) + index) for index, pk in enumerate(rest, start=1)]


def assert_standard_ranking(places: list[tuple[int, int]], championship) -> None:
    """Every entrant once, places 1, 2, 2, 4... in order."""
    assert sorted(pk for pk, _place in places) == sorted(
        championship.teams.values_list("pk", flat=True))
    for index, (_pk, place) in enumerate(places):
        assert place == index + 1 or (index and place == places[index - 1][1])


def kept(championship) -> list[tuple[int, int]]:
    return list(FinalPlace.objects.filter(championship=championship)
                .order_by("place", "team_id").values_list("team_id", "place"))


def by_place(places):
    return sorted(places, key=lambda item: (item[1], item[0]))


@pytest.mark.parametrize("name", [name for name in EVENTS if name != "groups_knockout"])
def test_a_finished_championship_keeps_the_places_its_standings_show(director, name):
    championship = EVENTS[name](director)
    places = format_of(championship).final_places(championship)
    assert places == shown(championship)
    assert_standard_ranking(places, championship)
    assert kept(championship) == by_place(places)


def test_groups_without_a_knockout_rank_by_group_place(director):
    """The kept event finished after its groups (no knockout): every group winner, then
    every runner-up, ..., each group place ordered by the per-game comparison (12.3)."""
    from formats.groups_knockout.standings import group_stage

    championship = EVENTS["groups_knockout"](director)
    places = format_of(championship).final_places(championship)
    assert_standard_ranking(places, championship)
    group_place = {}
    for view in group_stage(championship).groups:
        for placed in view.standing.lines:
            group_place[placed.pair] = placed.place
    assert [group_place[pk] for pk, _place in places] == sorted(group_place.values())
    assert kept(championship) == by_place(places)


def finish(championship, director):
    services.discard_drafted_rounds(championship)
    set_results_public(championship, True, user=director)
    return services.finish_championship(championship, by=director)


def test_groups_with_a_decided_knockout_keep_its_final_ranking(director):
    championship = played_knockout(played_groups_event(director), director, upsets={(1, 2)})
    championship = finish(championship, director)
    places = format_of(championship).final_places(championship)
    assert places == shown(championship)
    assert_standard_ranking(places, championship)
    assert kept(championship) == by_place(places)


def test_a_knockout_decided_after_the_finish_keeps_the_places_again(director):
    """The bracket may be played on once the rounds are finished: its deciding game keeps
    the final ranking in place of the group places."""
    championship = played_groups_event(director)
    played_knockout(championship, director, stages=[1])
    championship = finish(championship, director)
    before = kept(championship)
    last = KnockoutTie.objects.filter(championship=championship).order_by("-stage")[0].stage
    played_knockout_rest(championship, director, range(2, last + 1))
    championship.refresh_from_db()
    after = kept(championship)
    assert after != before
    assert after == by_place(shown(championship))


def played_knockout_rest(championship, director, stages):
    from scoring.services.knockout import enter_knockout_game

    for stage in stages:
        for tie in KnockoutTie.objects.filter(championship=championship, stage=stage):
            if tie.winner_id is None and tie.first_id and tie.second_id:
                enter_knockout_game(tie, 60, 40, hands=8, by=director)


def test_equal_pairs_share_their_place(director):
    """Free deal: two tables won by the same score: both winners 1st, both losers 3rd."""
    championship = make_free_deal(director, pairs=4, rounds=1)
    play_round(next_round(championship, director), lambda _table: win(101, 40))
    services.close_round(championship.rounds.get(number=1), by=director)
    championship = finish(championship, director)
    places = format_of(championship).final_places(championship)
    assert [place for _pk, place in places] == [1, 1, 3, 3]
    assert places == shown(championship)
    assert kept(championship) == by_place(places)


def test_duplicate_pairs_share_places_as_the_standings_do(director):
    """A round closed without results: every pair on the same figures, all 1st."""
    from scoring_factories import make_championship, make_round, teams_of

    championship = make_championship(teams=4, director=director)
    t1, t2, t3, t4 = teams_of(championship)
    round_ = make_round(championship, 1, [(t1, t2), (t3, t4)])
    services.close_round(round_, by=director)
    championship = finish(championship, director)
    places = format_of(championship).final_places(championship)
    assert [place for _pk, place in places] == [1, 1, 1, 1]
    assert places == shown(championship)
    assert kept(championship) == by_place(places)


def test_places_after_an_earlier_round(director):
    """``rounds``: the ranking after that closed round, as ``?after=N`` shows it."""
    from scoring.selectors import standings

    championship = EVENTS["duplicate_pairs"](director)
    after = format_of(championship).final_places(championship, rounds=1)
    assert after == [(row.team.pk, number(row.label))
                     for row in standings(championship, live=False, up_to=1)]
