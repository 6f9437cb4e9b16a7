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
    has_sides = False
    players_entrants = True
    entrant_columns = ("number", "name", "club", "licence")

    def entrant_form(self, data=None, initial=None):
        from formats.abarrotada.settings_forms import PlayerForm

        return PlayerForm(data, initial=initial)

    def entrant_initial(self, team) -> dict:
        details = getattr(team, "player_details", None)
        return {"number": team.number, "name": team.name, "club": team.club,
                "licence": details.licence if details else ""}

    def typed_players(self, cleaned: dict) -> list[tuple[int, str, str, str]]:
        return [(1, cleaned.get("name", ""), cleaned.get("club", ""),
                 cleaned.get("licence", ""))]

    def add_entrant(self, championship, cleaned: dict, *, chosen=None):
        from formats.abarrotada.services import add_player

        return add_player(championship, chosen=chosen, **cleaned)

    def update_entrant(self, team, cleaned: dict, *, chosen=None):
        from formats.abarrotada.services.players import update_player

        return update_player(team, chosen=chosen, **cleaned)

    def import_entrants(self, championship, uploaded_file) -> list:
        from formats.abarrotada.services.players import import_players

        return import_players(championship, uploaded_file)
    championship_fields = ("rounds_planned", "deals_per_match")
    fixed_settings = {"movement": "swiss"}
    facts_template = "abarrotada/_facts.html"
    round_seating_template = "abarrotada/_round_seating.html"
    api_settings_key = "individual"
    archive_rows = ("deals", "individual_settings", "individual_player_details",
                    "individual_tables", "individual_seatings", "individual_sit_outs",
                    "individual_reports", "individual_report_reviews",
                    "individual_adjustments", "individual_pin_attempts")

    # Late imports: the views and services import the models (see formats.duplicate_pairs.format).

    def generate_next_round(self, championship):
        from formats.abarrotada.services import seat_next_round

        return seat_next_round(championship)

    def captain_page(self, request, team):
        from formats.abarrotada.player_views import player_page

        return player_page(request, team)

    def director_results_page(self, request, championship, round_):
        from formats.abarrotada.director_views import grid

        return grid(request, championship, round_)

    def standings_page(self, request, championship, *, director: bool):
        from formats.abarrotada.results_views import standings_page

        return standings_page(request, championship, director=director)

    def projector_page(self, request, championship, *, director: bool):
        from formats.abarrotada.results_views import projector_page

        return projector_page(request, championship, director=director)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.abarrotada.results_views import public_results

        return public_results(championship, rounds, number)

    def traveller_page(self, request, championship, deal, *, director: bool):
        from formats.abarrotada.results_views import traveller_page

        return traveller_page(request, championship, deal, director=director)

    def scorecard_page(self, request, championship, team, *, director: bool):
        from formats.abarrotada.results_views import scorecard_page

        return scorecard_page(request, championship, team, director=director)

    def settings_form(self, championship=None, data=None):
        from formats.abarrotada.settings_forms import IndividualSettingsForm

        return IndividualSettingsForm.for_championship(championship, data, evening=False)

    def export_kinds(self) -> list:
        from formats.abarrotada.exports.kinds import KINDS

        return list(KINDS.values())

    def export_state(self, championship) -> dict:
        from formats.abarrotada.exports.kinds import export_state

        return export_state(championship)

    def api_settings_serializer(self):
        from formats.abarrotada.serializers import IndividualSettingsSerializer

        return IndividualSettingsSerializer

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        from django.urls import reverse

        args = [round_.championship_id, round_.number]
        sheets = [(_("Seating (PDF)"), reverse("abarrotada:movement_sheet", args=args)),
                  (_("Table cards (PDF)"), reverse("abarrotada:table_cards", args=args))]
        if self.has_deals:
            sheets.append((_("Deal sheets (PDF)"),
                           reverse("tournaments:director_round_deal_sheets", args=args)))
        return sheets

    def round_tables(self, round_):
        from formats.abarrotada.models import PlayerTable

        return PlayerTable.objects.filter(round=round_)

    def missing_results(self, round_) -> list[str]:
        from formats.abarrotada.selectors import missing_results

        return missing_results(round_)

    def placed_rounds(self, team, *, status) -> list[int]:
        # A player is placed by a seat at a table, or by sitting out.
        from formats.abarrotada.models import Seating, SitOut

        seated = Seating.objects.filter(player=team, round__status=status)
        out = SitOut.objects.filter(player=team, round__status=status)
        return sorted(set(seated.values_list("round__number", flat=True))
                      | set(out.values_list("round__number", flat=True)))

    def round_minutes(self, championship) -> int | None:
        # Deals are played, not timed: the settings' minutes belong to an evening (10.4).
        return None

    def release_problem(self, round_) -> str | None:
        from django.utils.translation import gettext

        from formats.abarrotada.models import Seating, SitOut

        gone = (Seating.objects.filter(round=round_, player__withdrawn=True)
                .values_list("player__name", flat=True).first()
                or SitOut.objects.filter(round=round_, player__withdrawn=True)
                .values_list("player__name", flat=True).first())
        if gone:
            return gettext("Round %(number)s places %(player)s, who has withdrawn: discard the "
                           "drafted round and seat it again.") % {"number": round_.number,
                                                                  "player": gone}
        return None

    def other_byes(self, round_) -> set[int]:
        return set(round_.sit_outs.values_list("player_id", flat=True))

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.abarrotada.services import save_settings, settings_of

        save_settings(championship, form=cleaned.get("form", settings_of(championship).form))

    # The demo, the API and the archive: the package's, given once here for both formats.

    def load_demo(self, director) -> list[str]:
        from formats.abarrotada.demo import load_individual_demo

        return [load_individual_demo(director)[1]]

    def api_urlpatterns(self) -> list:
        from formats.abarrotada import api

        return api.urlpatterns  # the evening's endpoints too

    def archive_part(self):
        from formats.abarrotada.archive import BACKUP

        return BACKUP

    def check_archive(self, checked) -> None:
        from formats.abarrotada.archive import check_archive

        check_archive(checked)

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        from formats.abarrotada.places import final_places

        return final_places(championship, up_to=rounds)

    def archived_licences(self, checked) -> dict[int, str]:
        from formats.abarrotada.archive import archived_licences

        return archived_licences(checked)

    def check_archived_deal(self, checked, path: str, deal: dict) -> bool:
        from formats.abarrotada.archive import check_archived_deal

        return check_archived_deal(checked, path, deal)


class AbarrotadaFree(Abarrotada):
    """A free-deal evening of *abarrotada* (rules.md 10.4): the same players, tables and
    seatings, no deals; each table reports its players' game totals."""

    key = "abarrotada_free"
    label = _("Individual, free deals (abarrotada)")
    summary = _("Every player for himself, four (or three) a table, cards shuffled at the "
                "table; each table reports its players' game totals, ranked by their sum, "
                "then games won.")
    rules_section = "10.4"
    has_deals = False
    has_adjusted_scores = False
    championship_fields = ("rounds_planned",)
    facts_template = "abarrotada/evening/_facts.html"
    archive_rows = ("individual_settings", "individual_player_details", "individual_tables",
                    "individual_seatings", "individual_sit_outs", "individual_pin_attempts",
                    "individual_game_totals", "individual_game_totals_reviews")

    def captain_page(self, request, team):
        from formats.abarrotada.evening_views import player_page

        return player_page(request, team)

    def director_results_page(self, request, championship, round_):
        from formats.abarrotada.evening_views import director_games

        return director_games(request, championship, round_)

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        from formats.abarrotada.places import evening_final_places as final_places

        return final_places(championship, up_to=rounds)

    def standings_page(self, request, championship, *, director: bool):
        from formats.abarrotada.evening_views import standings_page

        return standings_page(request, championship, director=director)

    def projector_page(self, request, championship, *, director: bool):
        from formats.abarrotada.evening_views import projector_page

        return projector_page(request, championship, director=director)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.abarrotada.evening import public_results

        return public_results(championship, rounds, number)

    def scorecard_page(self, request, championship, team, *, director: bool):
        from formats.abarrotada.results_views import evening_scorecard_page

        return evening_scorecard_page(request, championship, team, director=director)

    def export_kinds(self) -> list:
        from formats.abarrotada.exports.evening import KINDS

        return list(KINDS.values())

    def settings_form(self, championship=None, data=None):
        from formats.abarrotada.settings_forms import IndividualSettingsForm

        return IndividualSettingsForm.for_championship(championship, data, evening=True)


    def export_state(self, championship) -> dict:
        from formats.abarrotada.exports.evening import export_state

        return export_state(championship)

    def captain_results_links(self, team) -> list[tuple[str, str]]:
        return Format.captain_results_links(self, team)

    def round_minutes(self, championship) -> int | None:
        from formats.abarrotada.services import settings_of

        return settings_of(championship).round_minutes

    def clock_round(self, team):
        # The player's table's round, as the player's page shows it (none while sitting out).
        from formats.abarrotada.permissions import player_table, sit_out_round

        table = player_table(team) if sit_out_round(team) is None else None
        return table.round if table is not None else None

    def missing_results(self, round_) -> list[str]:
        from formats.abarrotada.evening import missing_games

        return missing_games(round_)

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.abarrotada.services import save_settings, settings_of

        current = settings_of(championship)
        save_settings(championship, form=cleaned.get("form", current.form),
                      hand_limit=cleaned.get("hand_limit", current.hand_limit),
                      round_minutes=cleaned.get("round_minutes", current.round_minutes))

    # The package's demo, endpoints and backup lists are given once, by ``Abarrotada``;
    # its archive checks are the same (inherited).

    def load_demo(self, director) -> list[str]:
        return []  # the individual demo is an evening of deals (Abarrotada's)

    def api_urlpatterns(self) -> list:
        return []

    def archive_part(self):
        return None
