"""Writes of the groups-then-knockout format: one function per operation, each in one
transaction.

Modules: ``settings`` (the format's settings), ``groups`` (making the groups, swapping two
pairs, both audited), ``rounds`` (drafting the next group round for every group, the
sit-outs), ``walkovers`` (a withdrawn pair's), ``draws`` (the director's draw between level
pairs, kept and audited), ``knockout`` (confirming who goes through). Refusals raise the core's ``ServiceError`` with a translated message, naming the
field when there is one.
"""

from formats.groups_knockout.services.groups import groups_of, make_groups, swap_pairs
from formats.groups_knockout.services.rounds import draft_next_group_round, stage_schedule
from formats.groups_knockout.services.settings import save_settings, settings_of

__all__ = ["draft_next_group_round", "groups_of", "make_groups", "save_settings",
           "settings_of", "stage_schedule", "swap_pairs"]
