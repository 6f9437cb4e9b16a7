"""The free-deal pairs format as the rest of Duplicada sees it (``formats.base.Format``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from formats.base import Format
from formats.free_deal.wording import PAIR_WORDING


def game_pad_of(settings):
    """A free-deal game as the core's game pages show it (rules.md 11.2): to the target, at
    most the hand limit, the cap, Sant Vicenç if allowed (``settings`` the championship's)."""
    from scoring.game_forms import GamePad

    return GamePad(target=settings.target, cap=settings.cap, hands=settings.hand_limit,
                   sant_vicenc=settings.sant_vicenc)


class FreeDealPairs(Format):
    key = "free_deal_pairs"
    wording = PAIR_WORDING
    label = _("Free-deal pairs (Swiss)")
    summary = _("Pairs play a game a round with cards shuffled at the table, to 101, a "
                "number of hands or the clock; ranked by games won, then point difference.")
    rules_section = "11"
    has_deals = False
    has_adjusted_scores = False
    facts_template = "free_deal/_facts.html"
    # PIN attempts too: a free-deal game is confirmed with a PIN (its attempts name no entry).
    archive_rows = ("free_deal_settings", "game_entries", "game_reviews", "free_deal_sections",
                    "free_deal_pair_sections", "free_deal_section_byes",
                    "free_deal_knockout_ties", "free_deal_knockout_games",
                    "free_deal_knockout_entries", "free_deal_knockout_reviews", "pin_attempts")
    championship_fields = ("rounds_planned", "doubling")
    fixed_settings = {"movement": "swiss"}
    api_settings_key = "free_deal"

    # Late imports: the views and services import the models (see formats.duplicate_pairs.format).

    def settings_form(self, championship=None, data=None):
        from formats.free_deal.forms import FreeDealSettingsForm

        return FreeDealSettingsForm.for_championship(championship, data)

    def api_settings_serializer(self):
        from formats.free_deal.serializers import FreeDealSettingsSerializer

        return FreeDealSettingsSerializer

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.free_deal.services import save_settings

        save_settings(championship, by=by, origin=origin, **cleaned)

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

    def traveller_page(self, request, championship, deal, *, director: bool):
        # A free-deal game has no deals, so no travellers (rules.md 11).
        from django.http import Http404

        raise Http404

    def scorecard_page(self, request, championship, team, *, director: bool):
        from formats.free_deal.scorecard_views import scorecard_page

        return scorecard_page(request, championship, team, director=director)

    def director_results_page(self, request, championship, round_):
        from formats.free_deal.views import director_games

        return director_games(request, championship, round_)

    def game_pad(self, championship):
        from formats.free_deal.services.settings import settings_of

        return game_pad_of(settings_of(championship))

    def round_minutes(self, championship) -> int | None:
        from formats.free_deal.services.settings import settings_of

        return settings_of(championship).round_minutes

    def clock_round(self, team):
        # The pair's table in its earliest open round (a pair with a bye sees no clock).
        from formats.free_deal.selectors import team_table

        table = team_table(team)
        return table.round if table is not None else None

    def projector_panel(self, request, championship) -> str:
        # The round's countdown while a round is played; the knockout bracket once the stage
        # has started (no round is played then).
        from formats.free_deal.knockout_views import bracket_html
        from scoring.views.clock import projector_panel

        return projector_panel(request, championship) or bracket_html(request, championship)

    def check_game(self, championship, values):
        from formats.free_deal.rules import check_game
        from formats.free_deal.services import settings_of

        return check_game(settings_of(championship), values)

    def knockout_best_of(self, championship) -> int:
        from formats.free_deal.services import settings_of

        return settings_of(championship).knockout_best_of

    def missing_results(self, round_) -> list[str]:
        from formats.free_deal.selectors import missing_results

        return missing_results(round_)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.free_deal.archive import public_results

        return public_results(championship, rounds, number)

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        from formats.free_deal.places import final_places

        return final_places(championship, up_to=rounds)

    def export_kinds(self) -> list:
        from formats.free_deal.exports.kinds import KINDS

        return list(KINDS.values())

    def export_state(self, championship) -> dict:
        from formats.free_deal.exports.kinds import export_state

        return export_state(championship)

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        return [(_("Pairing sheets (PDF)"),
                 reverse("free_deal:pairing_sheets", args=[round_.championship_id, round_.number]))]

    def other_byes(self, round_) -> set[int]:
        from formats.free_deal.services.sections import round_section_byes

        return round_section_byes(round_)

    def check_draft(self, round_, tables) -> None:
        from formats.free_deal.services.sections import check_tables

        check_tables(round_.championship, tables)

    def swap_other_byes(self, round_, swap) -> None:
        from formats.free_deal.services.sections import swap_section_byes

        swap_section_byes(round_, swap)

    def set_other_bye(self, round_, team, given: bool) -> bool:
        from formats.free_deal.services.sections import set_section_bye

        return set_section_bye(round_, team, given)

    def other_bye_rounds(self, championship_id, team, *, status) -> list[int]:
        from formats.free_deal.models import SectionBye

        return list(SectionBye.objects.filter(round__championship_id=championship_id,
                                              round__status=status, team=team)
                    .order_by("round__number").values_list("round__number", flat=True))

    def team_section_problem(self, championship, name: str) -> str | None:
        from formats.free_deal.services.sections import section_by_name
        from tournaments.services.common import ServiceError

        try:
            section_by_name(championship, name)
        except ServiceError as error:
            return error.message
        return None

    def place_teams(self, championship, sections) -> None:
        from formats.free_deal.services.sections import assign_sections

        assign_sections(championship, sections)

    def load_demo(self, director):
        # The club tournament (rules.md 11), then its knockout stage in an event of its own,
        # then the finished club nights the demo's series adds up (rules.md 13.2): each line
        # as soon as its championships are loaded.
        from formats.free_deal.demo import load_free_deal_demo
        from formats.free_deal.demo_knockout import load_knockout_demo
        from formats.free_deal.demo_nights import load_club_nights

        for load in (load_free_deal_demo, load_knockout_demo, load_club_nights):
            yield load(director)[1]

    def api_urlpatterns(self) -> list:
        from formats.free_deal import api

        return api.urlpatterns

    def archive_part(self):
        from formats.free_deal.archive import BACKUP

        return BACKUP

    def check_archive(self, checked) -> None:
        from formats.free_deal.archive_rules import check_archive

        check_archive(checked)
