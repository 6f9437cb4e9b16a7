"""The free-deal pairs format as the rest of Duplicada sees it (``formats.base.Format``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from formats.base import Format
from formats.free_deal.wording import PAIR_WORDING


class FreeDealPairs(Format):
    key = "free_deal_pairs"
    wording = PAIR_WORDING
    label = _("Free-deal pairs (Swiss)")
    summary = _("Pairs play a game a round with cards shuffled at the table, to 101, a "
                "number of hands or the clock; ranked by games won, then point difference.")
    rules_section = "11"
    has_deals = False
    facts_template = "free_deal/_facts.html"
    championship_fields = ("rounds_planned", "doubling")
    fixed_settings = {"movement": "swiss"}
    api_settings_key = "free_deal"

    # Late imports: the views and services import the models (see duplicate_pairs).

    def settings_form(self, championship=None, data=None):
        from formats.free_deal.forms import FreeDealSettingsForm

        return FreeDealSettingsForm.for_championship(championship, data)

    def api_settings_serializer(self):
        from formats.free_deal.serializers import FreeDealSettingsSerializer

        return FreeDealSettingsSerializer

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.free_deal.services import save_settings

        save_settings(championship, **cleaned)

    def generate_next_round(self, championship):
        from formats.free_deal.services import pair_next_round

        return pair_next_round(championship)

    def captain_page(self, request, team):
        from formats.free_deal.views import captain_page

        return captain_page(request, team)

    def standings_page(self, request, championship, *, director: bool):
        from formats.free_deal.views import standings_page

        return standings_page(request, championship, director=director)

    def projector_page(self, request, championship, *, director: bool):
        from formats.free_deal.views import projector_page

        return projector_page(request, championship, director=director)

    def director_results_page(self, request, championship, round_):
        from formats.free_deal.views import director_games

        return director_games(request, championship, round_)

    def projector_panel(self, request, championship) -> str:
        from formats.free_deal.clock_views import projector_panel

        return projector_panel(request, championship)

    def missing_results(self, round_) -> list[str]:
        from formats.free_deal.selectors import missing_results

        return missing_results(round_)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.free_deal.archive import public_results

        return public_results(championship, rounds, number)

    def export_kinds(self) -> list:
        from formats.free_deal.exports.kinds import KINDS

        return list(KINDS.values())

    def export_state(self, championship) -> dict:
        from formats.free_deal.exports.kinds import export_state

        return export_state(championship)

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        return [(_("Pairing sheets (PDF)"),
                 reverse("free_deal:pairing_sheets", args=[round_.championship_id, round_.number]))]
