"""Groups then knockout (*sistema mixt*: *lligueta per grups i eliminatòries*): rules.md
section 12.

Pure Python, no Django.  One module per job, each with its policies in its docstring:

- :mod:`.groups` -- making the groups (12.1): ``group_count``, ``group_sizes``,
  ``drawn_groups`` (seeded draw), ``snake_groups`` (from a seeding order), ``swap_pairs``;
- :mod:`.schedule` -- every group's round robin, all groups aligned by round, sit-outs:
  ``group_stage_schedule``, ``rounds_needed``, ``GroupRound``, ``GroupGame``;
- :mod:`.games` -- a game of H hands plus E while level, never a draw: ``GameRules``,
  ``GameResult``, ``check_game``;
- :mod:`.records` -- the optional hand-by-hand record, the extension checked:
  ``check_game_record``;
- :mod:`.ranking` -- a group's ranking (12.2): ``group_lines``, ``rank_group``,
  ``GroupLine``, ``GroupStanding``, ``PlacedLine``, ``WIN_POINTS``;
- :mod:`.comparison` -- the per-game comparison across groups (12.3): ``per_game``,
  ``order_across_groups``, ``tied_blocks``;
- :mod:`.qualification` -- who goes through, repechage, byes and the seeded bracket (12.3):
  ``qualify``, ``bracket_size``, ``Qualification``;
- :mod:`.separation` -- same-group separation in the first knockout round: ``separate``;
- :mod:`.final_places` -- the final ranking (12.4): ``final_ranking``, ``bracket_ranking``
  (the bracket's part alone, shared with the free-deal knockout of 11.3),
  ``third_place_pairs``, ``FinalPlace``;
- :mod:`.withdrawal` -- a withdrawn pair's walkovers (12.4): ``walkovers``,
  ``mean_winning_margin``;
- :mod:`.errors` -- ``GroupsError``, ``DrawNeeded`` and their ``CODES``.

The knockout itself (ties, best of three, winners moving on, byes, withdrawals) is the
bracket machinery of :mod:`engine.free_deal.knockout`.  Names are resolved lazily.
"""

from __future__ import annotations

from engine.lazy import lazy_exports

_EXPORTS = {
    "engine.groups.errors": ["CODES", "DrawNeeded", "GroupsError"],
    "engine.groups.groups": [
        "GROUP_SIZES", "drawn_groups", "group_count", "group_sizes", "snake_groups",
        "swap_pairs",
    ],
    "engine.groups.schedule": ["GroupGame", "GroupRound", "group_stage_schedule", "rounds_needed"],
    "engine.groups.games": [
        "EXTRA_HANDS_RANGE", "HANDS_RANGE", "GameResult", "GameRules", "check_game",
    ],
    "engine.groups.records": ["check_game_record"],
    "engine.groups.ranking": [
        "WIN_POINTS", "GroupLine", "GroupStanding", "PlacedLine", "group_lines", "rank_group",
        "sorted_ids",
    ],
    "engine.groups.comparison": ["order_across_groups", "per_game", "tied_blocks"],
    "engine.groups.qualification": ["Qualification", "bracket_size", "qualify"],
    "engine.groups.separation": ["separate"],
    "engine.groups.final_places": [
        "FinalPlace", "bracket_ranking", "final_ranking", "third_place_pairs",
    ],
    "engine.groups.withdrawal": ["mean_winning_margin", "walkovers"],
}  # fmt: skip
__getattr__, __dir__, __all__ = lazy_exports(__name__, _EXPORTS, globals())
