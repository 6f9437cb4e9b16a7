"""How a round is laid out, for the tournaments tests (importable from the test modules)."""

from __future__ import annotations


def round_layout(round_):
    return [(t.number, t.ns_team_id, t.ew_team_id) for t in round_.tables.order_by("number")]


def assert_round_places_every_team_once(round_, team_ids):
    placed = [tid for _, ns, ew in round_layout(round_) for tid in (ns, ew)]
    if round_.bye_team_id:
        placed.append(round_.bye_team_id)
    assert sorted(placed) == sorted(team_ids), f"round {round_.number}"
    numbers = [n for n, _, _ in round_layout(round_)]
    assert numbers == list(range(1, len(numbers) + 1))
