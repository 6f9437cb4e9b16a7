"""Groups then knockout, setting up (rules.md 12.1, 12.3): the settings and their ranges,
locked once round 1 is released; the groups by a seeded draw (the same seed, the same groups)
or the snake; swaps between groups, audited and refused after round 1 is released."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation
from groups_knockout_factories import make_groups_event

import engine.groups as eg
from formats.groups_knockout.models import Group, GroupsSettings
from formats.groups_knockout.services import (
    groups_of,
    make_groups,
    save_settings,
    settings_of,
    swap_pairs,
)
from tournaments import services
from tournaments.models import AuditEvent
from tournaments.services.common import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def numbers(groups):
    return [[team.number for team in group] for group in groups]


def test_the_defaults_of_rules_12(director):
    championship = make_groups_event(director)
    settings = settings_of(championship)
    assert (settings.group_size, settings.hands_per_game, settings.extra_hands,
            settings.win_points, settings.qualifiers_per_group, settings.bracket_size,
            settings.best_of, settings.third_place, settings.seeding) == (
        4, 8, 2, 1, 1, None, 1, False, "draw")
    assert championship.is_swiss  # drafted round by round


@pytest.mark.parametrize(("field", "value"), [
    ("group_size", 3), ("group_size", 7), ("hands_per_game", 0), ("hands_per_game", 100),
    ("extra_hands", 0), ("extra_hands", 100), ("win_points", 0), ("win_points", 4),
    ("qualifiers_per_group", 0), ("qualifiers_per_group", 6), ("qualifiers_per_group", 4),
    ("bracket_size", 12),
    ("bracket_size", 1), ("best_of", 2),
])
def test_a_setting_out_of_range_is_refused_naming_its_field(director, field, value):
    championship = make_groups_event(director)
    with pytest.raises(ServiceError) as refused:
        save_settings(championship, **{field: value})
    assert refused.value.field == field
    championship.refresh_from_db()
    assert getattr(settings_of(championship), field) != value  # nothing stored


def test_the_settings_in_range_are_kept(director):
    championship = make_groups_event(director, group_size=5, hands_per_game=10, extra_hands=4,
                                     win_points=3, qualifiers_per_group=2, bracket_size=8,
                                     best_of=3, third_place=True, seeding="snake")
    settings = GroupsSettings.objects.get(championship=championship)
    assert (settings.group_size, settings.bracket_size, settings.seeding) == (5, 8, "snake")


def test_the_database_refuses_what_the_services_refuse(director):
    championship = make_groups_event(director)
    with pytest.raises(IntegrityError), transaction.atomic():
        GroupsSettings.objects.create(championship=championship, group_size=7)


def test_the_settings_lock_once_round_1_is_released(director):
    championship = make_groups_event(director, pairs=8)
    make_groups(championship, seed="fira")
    (round_,) = services.generate_next_round(championship)
    save_settings(championship, hands_per_game=10)  # drafted only: still open
    services.release_round(round_, by=director)
    with pytest.raises(ServiceError) as refused:
        save_settings(championship, extra_hands=4)
    assert refused.value.field == "extra_hands"
    assert "Round 1" in refused.value.message
    save_settings(championship, hands_per_game=10)  # unchanged values are no change


def test_the_draw_with_a_seed_is_reproducible_and_is_the_engines(director):
    championship = make_groups_event(director, pairs=10)
    first = numbers(make_groups(championship, seed="fira-2026"))
    again = numbers(make_groups(championship, seed="fira-2026"))
    assert first == again == [list(g) for g in eg.drawn_groups(range(1, 11), 4, "fira-2026")]
    assert [len(group) for group in first] == [4, 3, 3]
    assert set(Group.objects.filter(championship=championship)
               .values_list("draw_seed", flat=True)) == {"fira-2026"}
    other = numbers(make_groups(championship, seed="another"))
    assert sorted(sum(other, [])) == list(range(1, 11))


def test_a_draw_without_a_seed_stores_the_one_it_drew_with(director):
    championship = make_groups_event(director, pairs=9)
    made = numbers(make_groups(championship))
    seed = Group.objects.filter(championship=championship).first().draw_seed
    assert seed and made == [list(g) for g in eg.drawn_groups(range(1, 10), 4, seed)]


def test_the_snake_follows_the_seeding_order(director):
    championship = make_groups_event(director, pairs=10, seeding="snake")
    made = numbers(make_groups(championship))
    assert made == [list(g) for g in eg.snake_groups(range(1, 11), 4)]
    assert made == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]
    assert not Group.objects.filter(championship=championship).exclude(draw_seed="").exists()


def test_withdrawn_pairs_are_left_out_and_too_few_refused(director):
    championship = make_groups_event(director, pairs=2)
    services.withdraw_team(championship.teams.get(number=2), by=director)
    with pytest.raises(ServiceError) as refused:
        make_groups(championship)
    assert refused.value.field == "groups"
    assert "2" in refused.value.message


def test_making_the_groups_is_audited(director):
    championship = make_groups_event(director, pairs=8)
    make_groups(championship, seed="s1", by=director)
    event = AuditEvent.objects.get(championship=championship,
                                   action=AuditEvent.Action.GROUPS_DRAWN)
    assert event.by_director == director and "s1" in event.detail


def test_a_swap_exchanges_places_and_is_audited(director):
    championship = make_groups_event(director, pairs=10, seeding="snake")
    make_groups(championship)
    swapped = numbers(swap_pairs(championship, 6, 4, by=director))
    assert swapped == [[1, 4, 7], [2, 5, 8], [3, 6, 9, 10]]
    event = AuditEvent.objects.get(championship=championship,
                                   action=AuditEvent.Action.GROUPS_SWAPPED)
    assert event.by_director == director
    assert event.detail == "pair 6 (A) <-> pair 4 (C)"


@pytest.mark.parametrize(("first", "second", "field"), [(1, 6, "second"), (1, 99, "second"),
                                                        (99, 1, "first")])
def test_a_swap_the_engine_refuses_names_the_field(director, first, second, field):
    championship = make_groups_event(director, pairs=10, seeding="snake")
    make_groups(championship)
    with pytest.raises(ServiceError) as refused:
        swap_pairs(championship, first, second)
    assert refused.value.field == field
    if second == 6:
        assert "group A" in refused.value.message
    assert numbers(groups_of(championship)) == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]


def test_a_swap_redrafts_a_drafted_round_1_and_is_refused_once_released(director):
    championship = make_groups_event(director, pairs=8, seeding="snake")
    make_groups(championship)  # [1, 4, 5, 8], [2, 3, 6, 7]
    (round_,) = services.generate_next_round(championship)
    swap_pairs(championship, 1, 2)
    seated = {frozenset((t.ns_team.number, t.ew_team.number))
              for t in round_.tables.select_related("ns_team", "ew_team")}
    groups = numbers(groups_of(championship))
    assert groups == [[2, 4, 5, 8], [1, 3, 6, 7]]
    assert all(any(pair <= set(group) for group in groups) for pair in seated)
    services.release_round(round_, by=director)
    for act in (lambda: swap_pairs(championship, 1, 2), lambda: make_groups(championship)):
        with pytest.raises(ServiceError) as refused:
            act()
        assert "Round 1" in refused.value.message
    assert AuditEvent.objects.filter(championship=championship,
                                     action=AuditEvent.Action.GROUPS_SWAPPED).count() == 1


def test_changing_the_group_size_drops_the_groups_until_a_round_is_drafted(director):
    championship = make_groups_event(director, pairs=10)
    make_groups(championship, seed="x")
    save_settings(championship, group_size=5)
    assert groups_of(championship) == []
    make_groups(championship, seed="x")
    services.generate_next_round(championship)
    with pytest.raises(ServiceError) as refused:
        save_settings(championship, group_size=6)
    assert refused.value.field == "group_size"
