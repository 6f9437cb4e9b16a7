"""The individual format as the rest of Duplicada sees it (``formats.base.Format``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from formats.abarrotada.wording import PLAYER_WORDING
from formats.base import Format


class Abarrotada(Format):
    key = "abarrotada"
    wording = PLAYER_WORDING
    label = _("Individual (abarrotada)")
    summary = _("Every player for himself, four (or three) a table; every table plays the same "
                "deals and each player is scored against those who held the same seat's "
                "cards.")
    rules_section = "10"
    has_deals = True
    has_hand_records = False
    championship_fields = ("rounds_planned", "deals_per_match")
    fixed_settings = {"movement": "swiss"}

    # Late imports: the views and services import the models (see duplicate_pairs).

    def generate_next_round(self, championship):
        from formats.abarrotada.services import seat_next_round

        return seat_next_round(championship)

    def round_tables(self, round_):
        from formats.abarrotada.models import PlayerTable

        return PlayerTable.objects.filter(round=round_)

    def missing_results(self, round_) -> list[str]:
        from formats.abarrotada.selectors import missing_results

        return missing_results(round_)

    def other_byes(self, round_) -> set[int]:
        return set(round_.sit_outs.values_list("player_id", flat=True))

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.abarrotada.services import save_settings, settings_of

        save_settings(championship, form=cleaned.get("form", settings_of(championship).form))
