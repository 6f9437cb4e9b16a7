"""Groups then knockout, the director's draw between level pairs (rules.md 12.2, 12.3): a
group's tie of three recorded in the order drawn at the venue, then who goes through is
confirmed; "draw for me" keeping the server's order, audited; the refusals, naming the
field; a tie across the groups over the last place of the bracket; a corrected result
after the draw (the figures decide, and the draw applies again once exactly its pairs are
level again; a kept draw of other pairs never applies); the pages' forms and marks; what
the standings page costs with a kept draw, pinned at two sizes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from test_groups_knockout_standings import by_strength, event, play

from formats.groups_knockout.models import Group, GroupDraw, GroupDrawPair
from formats.groups_knockout.services import groups_of
from formats.groups_knockout.services.draws import record_draw
from formats.groups_knockout.services.knockout import confirm_qualifiers
from formats.groups_knockout.standings import group_stage
from scoring.models import KnockoutTie
from scoring.services.games import GameValues, director_set_game
from tournaments.models import AuditEvent, Table
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def client_of(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def three_level(director, pairs: int = 8):
    """Groups of 4 (snake): in group A the first three pairs each beat one of the others
    60-50 and the fourth 70-40, so they are level on every figure; the rest by strength.
    The championship and group A's pairs in position order."""
    championship = event(director, pairs)
    group_a = groups_of(championship)[0]
    cycle = {(group_a[0].pk, group_a[1].pk), (group_a[1].pk, group_a[2].pk),
             (group_a[2].pk, group_a[0].pk)}
    level = {t.pk for t in group_a[:3]}

    def points(first, second, position):
        if {first.pk, second.pk} <= level:
            return (60, 50) if (first.pk, second.pk) in cycle else (50, 60)
        if first.pk in level and second.pk == group_a[3].pk:
            return 70, 40
        if second.pk in level and first.pk == group_a[3].pk:
            return 40, 70
        return by_strength()(first, second, position)

    play(championship, director, points)
    return championship, group_a


def places(championship, group: int = 0) -> list[tuple[str, int]]:
    view = group_stage(championship).groups[group]
    return [(row.place, row.team.number) for row in view.rows]


def test_a_tie_of_three_is_drawn_at_the_venue_and_who_goes_through_is_confirmed(director):
    championship, group_a = three_level(director)
    a, b, c, d = (team.number for team in group_a)
    stage = group_stage(championship)
    assert stage.complete and stage.qualification is None
    assert [(tie.group, tie.numbers) for tie in stage.draws_needed] == [
        (1, ", ".join(str(n) for n in sorted((a, b, c))))]
    with pytest.raises(ServiceError, match="level"):
        confirm_qualifiers(championship, by=director)

    draw = record_draw(championship, [c, a, b], by=director)
    assert draw.method == GroupDraw.Method.GIVEN and draw.group.number == 1
    assert places(championship) == [("1", c), ("2", a), ("3", b), ("4", d)]
    stage = group_stage(championship)
    assert not stage.draws_needed and not stage.blocked
    assert [row.drawn for row in stage.groups[0].rows] == [True, True, True, False]
    assert group_a[2].pk in stage.qualification.direct
    event_ = AuditEvent.objects.get(championship=championship,
                                    action=AuditEvent.Action.GROUP_TIE_DRAWN)
    assert event_.detail == f"group A: pairs {c}, {a}, {b} (venue)"
    assert event_.by_director == director

    confirm_qualifiers(championship, by=director)
    through = {tie.first_id for tie in KnockoutTie.objects.filter(championship=championship)}
    through |= {tie.second_id for tie in KnockoutTie.objects.filter(championship=championship)}
    assert group_a[2].pk in through and not {group_a[0].pk, group_a[1].pk} & through
    # Drawn once: the tie is settled, and once the knockout has started nothing is drawn.
    with pytest.raises(ServiceError, match="already started"):
        record_draw(championship, [a, b, c], by=director)


def test_draw_for_me_keeps_the_servers_order_and_is_audited(director):
    championship, group_a = three_level(director)
    numbers = sorted(team.number for team in group_a[:3])
    draw = record_draw(championship, numbers, for_me=True, by=director)
    order = [row.team.number for row in GroupDrawPair.objects.filter(draw=draw)
             .select_related("team").order_by("position")]
    assert sorted(order) == numbers and draw.method == GroupDraw.Method.SERVER
    assert [number for _place, number in places(championship)][:3] == order
    event_ = AuditEvent.objects.get(championship=championship,
                                    action=AuditEvent.Action.GROUP_TIE_DRAWN)
    assert event_.detail == f"group A: pairs {', '.join(map(str, order))} (server)"
    # The tie is settled: drawing it again is refused, and the kept order stands.
    with pytest.raises(ServiceError) as refused:
        record_draw(championship, numbers, for_me=True, by=director)
    assert refused.value.field == "pairs"
    assert GroupDraw.objects.filter(championship=championship).count() == 1


def test_pairs_that_are_not_a_tie_waiting_for_a_draw_are_refused_naming_the_field(director):
    championship, group_a = three_level(director)
    a, b, c, d = (team.number for team in group_a)
    other = groups_of(championship)[1][0].number
    for pairs in ([a, b], [a, b, c, d], [a, b, other], [a, a, b], [a, b, 999], [d, other]):
        with pytest.raises(ServiceError) as refused:
            record_draw(championship, pairs, by=director)
        assert refused.value.field == "pairs", pairs
    assert not GroupDraw.objects.exists()
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.GROUP_TIE_DRAWN).exists()


def test_no_draw_before_every_group_game_counts(director):
    championship = event(director, 6)
    play(championship, director, lambda first, second, position: (60, 50), rounds=1)
    assert not group_stage(championship).complete
    numbers = [team.number for team in groups_of(championship)[0]]
    with pytest.raises(ServiceError) as refused:
        record_draw(championship, numbers, by=director)
    assert refused.value.field == "pairs"


def game_table(championship, first, second) -> Table:
    return Table.objects.select_related("round__championship", "ns_team", "ew_team").get(
        round__championship=championship, ns_team__in=(first, second),
        ew_team__in=(first, second))


def correct(championship, director, winner, loser, won: int, lost: int) -> None:
    table = game_table(championship, winner, loser)
    values = ((won, lost) if table.ns_team_id == winner.pk else (lost, won))
    director_set_game(table=table, values=GameValues(*values, "hands", 8), user=director,
                      note="Corrected")


def test_a_corrected_result_after_the_draw_leaves_the_draw_aside(director):
    championship, group_a = three_level(director)
    a, b, c, d = (team.number for team in group_a)
    record_draw(championship, [b, c, a], by=director)
    assert places(championship)[:3] == [("1", b), ("2", c), ("3", a)]
    # Pair a's win over pair b was 60-50; corrected to 61-50: pair a leads on difference,
    # pair b falls behind pair c: nobody is level, the figures decide.
    correct(championship, director, group_a[0], group_a[1], 61, 50)
    stage = group_stage(championship)
    assert not stage.drawn and not stage.draws_needed
    assert places(championship)[:3] == [("1", a), ("2", c), ("3", b)]
    assert not any(row.drawn for row in stage.groups[0].rows)
    # Back to 60-50: exactly the drawn pairs are level again, and the kept draw applies.
    correct(championship, director, group_a[0], group_a[1], 60, 50)
    assert places(championship)[:3] == [("1", b), ("2", c), ("3", a)]


def test_a_kept_draw_of_other_pairs_never_settles_a_tie(director):
    # Draws as if kept before a correction: of more pairs than are level now, of fewer, of
    # the same pairs in another group's name and across the groups. None settles the tie.
    championship, group_a = three_level(director)
    first, second = Group.objects.filter(championship=championship).order_by("number")[:2]
    for group, teams in ((first, group_a), (first, group_a[:2]), (second, group_a[:3]),
                         (None, group_a[:3])):
        draw = GroupDraw.objects.create(championship=championship, group=group,
                                        method=GroupDraw.Method.GIVEN)
        GroupDrawPair.objects.bulk_create(GroupDrawPair(draw=draw, team=team, position=k)
                                          for k, team in enumerate(teams, start=1))
    stage = group_stage(championship)
    assert [row.place for row in stage.groups[0].rows][:3] == ["1=", "1=", "1="]
    assert len(stage.draws_needed) == 1 and not stage.drawn and stage.qualification is None
    # The tie is still waiting: its own draw is taken.
    record_draw(championship, sorted(t.number for t in group_a[:3]), by=director)
    assert group_stage(championship).qualification is not None


def across_the_last_place(director):
    """Three groups of 4 (snake), one through each and a bracket of 4: one repechage place.
    The runners-up of groups A and B are level per game on every figure (their games scored
    alike), group C's below: a tie across the last place."""
    championship = event(director, 12, bracket_size=4)
    groups = groups_of(championship)
    group_of = {team.pk: k for k, group in enumerate(groups) for team in group}

    def points(first, second, position):
        first_wins = position[first.pk] < position[second.pk]
        winner = first if first_wins else second
        loser = second if first_wins else first
        if group_of[winner.pk] == 2:
            won = 60
        elif position[winner.pk] == 0 and position[loser.pk] > 1:
            won = 70 + winner.number  # the winners differ, but not against the runner-up
        else:
            won = 75 if position[winner.pk] == 1 else 70
        return (won, 40) if first_wins else (40, won)

    play(championship, director, points)
    return championship, groups[0][1], groups[1][1]


def test_a_tie_across_the_groups_over_the_last_place_is_drawn(director):
    championship, second_a, second_b = across_the_last_place(director)
    stage = group_stage(championship)
    assert stage.complete and stage.qualification is None
    (tie,) = stage.draws_needed
    assert tie.group is None and set(tie.pairs) == {second_a.pk, second_b.pk}
    html = client_of(director).get(reverse("groups_knockout:going_through",
                                           args=[championship.pk])).content.decode()
    assert f"Across the groups: pairs {tie.numbers} are level" in html
    assert "Draw for me" in html
    # A group's draw is not asked for: the pairs given must be that tie.
    with pytest.raises(ServiceError) as refused:
        record_draw(championship, [second_a.number], by=director)
    assert refused.value.field == "pairs"
    draw = record_draw(championship, [second_b.number, second_a.number], by=director)
    assert draw.group is None
    stage = group_stage(championship)
    assert stage.qualification.repechage == (second_b.pk,)
    assert [(t.group, t.pairs) for t in stage.drawn] == [(None, (second_b.pk, second_a.pk))]
    # A cross-group draw does not mark the pairs' places in their groups as drawn.
    assert not any(row.drawn for view in stage.groups for row in view.rows)
    confirm_qualifiers(championship, by=director)
    assert KnockoutTie.objects.filter(championship=championship).exists()


def test_the_pages_show_the_tie_with_its_form_and_the_kept_draw(director):
    championship, group_a = three_level(director)
    client = client_of(director)
    going = reverse("groups_knockout:going_through", args=[championship.pk])
    standings = reverse("scoring:standings", args=[championship.pk])
    numbers = ", ".join(str(n) for n in sorted(t.number for t in group_a[:3]))
    for url in (going, standings):
        html = client.get(url).content.decode()
        assert f"Group A: pairs {numbers} are level on every figure" in html
        assert 'name="pairs"' in html and f'value="{numbers}"' in html
    public = Client(HTTP_ACCEPT_LANGUAGE="en")
    championship.results_public = True
    championship.save(update_fields=["results_public"])
    assert 'name="pairs"' not in public.get(standings).content.decode()
    url = reverse("groups_knockout:draw", args=[championship.pk])
    response = client.post(url, {"pairs": "1, x", "back": "standings"})
    assert response.status_code == 302 and response["Location"] == standings
    assert "Give the pairs" in client.get(standings).content.decode()
    response = client.post(url, {"pairs": numbers.split(", ")[0], "back": "going_through"})
    assert response.status_code == 302 and response["Location"] == going
    assert "not a tie waiting for a draw" in client.get(going).content.decode()
    response = client.post(url, {"pairs": numbers, "for_me": "1", "back": "standings"})
    assert response.status_code == 302
    html = client.get(standings).content.decode()
    assert "The draw is kept" in html and html.count(">drawn</span>") == 3 + 1
    assert 'name="pairs"' not in html
    html = client.get(going).content.decode()
    assert 'id="kept-draws"' in html and 'id="confirm"' in html
    assert client.get(url).status_code == 405
    assert Client().post(url, {"pairs": numbers}).status_code == 302  # to the login page
    stranger = get_user_model().objects.create_user("altre", password="x")
    assert client_of(stranger).post(url, {"pairs": numbers}).status_code == 404
    assert GroupDraw.objects.count() == 1


def page_cost(director, championship) -> int:
    client = client_of(director)
    url = reverse("scoring:standings", args=[championship.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def drawn_cost(director, pairs: int) -> int:
    championship, group_a = three_level(director, pairs)
    record_draw(championship, sorted(t.number for t in group_a[:3]), by=director)
    return page_cost(director, championship)


def test_what_the_standings_page_costs_with_a_kept_draw_does_not_grow(director):
    small, large = drawn_cost(director, 8), drawn_cost(director, 24)
    assert small == large, (small, large)
    # One query more than without a tie: the kept draws, read only when a tie needs one.
    plain = event(director, 8)
    play(plain, director, by_strength())
    assert small == page_cost(director, plain) + 1 == 12, small


def test_a_kept_draw_makes_a_new_public_standings_file(director):
    """The draw reorders the standings the public files show: the kept copy's fingerprint
    (``Format.export_state``) must change with it, or the public would keep downloading the
    standings from before the draw ("2=")."""
    from formats.groups_knockout.standings_exports import KINDS
    from scoring.exports.public_files import fingerprint

    championship, group_a = three_level(director)
    kind = KINDS["ranking_csv"]
    before = fingerprint(championship, kind, "en", None)
    record_draw(championship, sorted(t.number for t in group_a[:3]), by=director)
    assert fingerprint(championship, kind, "en", None) != before
