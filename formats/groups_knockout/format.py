"""The groups-then-knockout format as the rest of Duplicada sees it (``formats.base.Format``).

The settings, the groups (draw, snake, swaps), the group rounds drafted as the core's rounds
and tables with their sit-outs, the director's groups page and the printed group sheets; the
rule check of a group game (:meth:`check_game`), whose entry and pages are the core's
(``scoring.services.games``, ``scoring.views.games`` given ``game_views``); the group
standings and projector and the director's page of who goes through (``standings``), with
the director's kept draws between level pairs (``services.draws``, rules.md 12.2, 12.3); the
walkovers of a pair withdrawn in the group stage (``services.walkovers``, through
:meth:`team_withdrawn`); the knockout stage, whose bracket is the core's: the director
confirms who goes through (``services.knockout``, ``knockout_views``; :meth:`knockout_best_of`,
:meth:`knockout_walkovers`; its games' hands checked as a group game's, :meth:`knockout_pad`,
:meth:`check_knockout_game`) and the final ranking (``standings_knockout``); a pair's
scorecard (``scorecard``); the REST API (``api``, ``knockout_api``: the group games and the
bracket through the core's endpoints, the groups, their standings, who goes through and the
final ranking); the export files (``standings_exports``: the group standings as CSV, workbook
and ranking sheet; ``knockout_exports``: the bracket's and the final ranking's sheets, the
final ranking's CSV, the printed bracket); the full backup and the public archive
(``archive``, ``archive_rules``); the demos (through :meth:`load_demo`: ``demo``, an event in
its group stage; ``demo_finished``, a finished event with its knockout stage).
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from formats.base import Format
from formats.groups_knockout.wording import PAIR_WORDING


class GroupsKnockout(Format):
    key = "groups_knockout"
    wording = PAIR_WORDING
    label = _("Groups then knockout")
    summary = _("Pairs play a round robin in small groups, games of a set number of hands; "
                "the best of each group, and the best of the rest, play a seeded bracket.")
    rules_section = "12"
    has_deals = False
    has_hand_records = False
    has_adjusted_scores = False
    facts_template = "groups_knockout/_facts.html"
    round_seating_template = "groups_knockout/_round_seating.html"
    championship_fields = ("doubling",)
    # The games and the knockout bracket are the core's rows; PIN attempts too (a game is
    # confirmed with a PIN).
    archive_rows = ("groups_settings", "groups", "group_pairs", "group_sit_outs",
                    "group_walkovers", "group_draws", "group_draw_pairs", "game_entries",
                    "game_reviews", "pin_attempts",
                    "free_deal_knockout_ties", "free_deal_knockout_games",
                    "free_deal_knockout_entries", "free_deal_knockout_reviews")
    # The group rounds are drafted one at a time, each once the last is closed: the core's
    # round-by-round (Swiss) path. The stage lasts at most 5 rounds (a group of 5 or 6); the
    # schedule's own length, which the groups decide, is enforced by ``services.rounds``.
    fixed_settings = {"movement": "swiss", "rounds_planned": 5}
    api_settings_key = "groups_knockout"

    # Late imports: the views and services import the models.

    def settings_form(self, championship=None, data=None):
        from formats.groups_knockout.forms import GroupsSettingsForm

        return GroupsSettingsForm.for_championship(championship, data)

    def api_settings_serializer(self):
        from formats.groups_knockout.serializers import GroupsSettingsSerializer

        return GroupsSettingsSerializer

    def save_settings(self, championship, cleaned: dict, *, by=None, origin=None) -> None:
        from formats.groups_knockout.services import save_settings

        save_settings(championship, by=by, origin=origin, **cleaned)

    def generate_next_round(self, championship):
        from formats.groups_knockout.services import draft_next_group_round

        return draft_next_group_round(championship)

    def check_game(self, championship, values):
        from formats.groups_knockout.rules import check_game
        from formats.groups_knockout.services import settings_of

        return check_game(settings_of(championship), values)

    def game_pad(self, championship):
        # A group game: the set hands, then the extra hands while level; no target, no cap
        # (rules.md 12.1).
        from formats.groups_knockout.services import settings_of
        from scoring.game_forms import GamePad

        settings = settings_of(championship)
        return GamePad(hands=settings.hands_per_game, extra_hands=settings.extra_hands,
                       sant_vicenc=True)

    def game_endings(self, championship) -> tuple[str, ...]:
        # A group game ends by its hands, never by a target or the clock (rules.md 12.1).
        from scoring.models import GameEntry

        return (GameEntry.EndedBy.HANDS,)

    def rounds_to_pair(self, championship) -> int | None:
        # The group stage's rounds: as many as its longest group's round robin (none before
        # the groups are made), not the 5 the core's setting allows at most.
        from formats.groups_knockout.services.rounds import stage_schedule

        return len(stage_schedule(championship.pk))

    def setup_step(self, championship, *, entrants_done: bool):
        # The groups, made (or drawn) once the pairs are registered; round 1 is drafted from
        # them (``services.rounds``), so the checklist offers it only after them.
        from formats.groups_knockout.models import GroupPair
        from formats.groups_knockout.services import settings_of
        from tournaments.next_step import ChecklistStep

        made = GroupPair.objects.filter(championship=championship).exists()
        pk = championship.pk
        label = (_("Make the groups") if settings_of(championship).seeding == "snake"
                 else _("Draw the groups"))
        offered = entrants_done and not made
        return ChecklistStep(
            _("Make the groups"), made,
            links=((_("The groups"), reverse("groups_knockout:groups", args=[pk])),)
            if entrants_done else (),
            post_label=label if offered else "",
            post_url=reverse("groups_knockout:make_groups", args=[pk]) if offered else "",
            note="" if entrants_done
            else _("After the %(entrants)s.") % {"entrants": self.wording.entrants},
            then_note=_("After the groups."))

    def captain_page(self, request, team):
        from formats.groups_knockout.game_views import captain_page

        return captain_page(request, team)

    def standings_page(self, request, championship, *, director: bool):
        from formats.groups_knockout.standings_views import standings_page

        return standings_page(request, championship, director=director)

    def projector_page(self, request, championship, *, director: bool):
        from formats.groups_knockout.standings_views import projector_page

        return projector_page(request, championship, director=director)

    def traveller_page(self, request, championship, deal, *, director: bool):
        raise Http404  # a free-deal game has no deals, so no travellers

    def scorecard_page(self, request, championship, team, *, director: bool):
        from formats.groups_knockout.scorecard_views import scorecard_page

        return scorecard_page(request, championship, team, director=director)

    def director_results_page(self, request, championship, round_):
        from formats.groups_knockout.game_views import director_games

        return director_games(request, championship, round_)

    def missing_results(self, round_) -> list[str]:
        # Each table whose game is not confirmed (the core's read of the round's games).
        from scoring.selectors.games import missing_results

        return missing_results(round_)

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        from formats.groups_knockout.standings_knockout import places_for_register

        return places_for_register(championship, up_to=rounds)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.groups_knockout.archive import public_results

        return public_results(championship, rounds, number)

    def export_kinds(self) -> list:
        from formats.groups_knockout.standings_exports import KINDS

        return list(KINDS.values())

    def export_state(self, championship) -> dict:
        from formats.groups_knockout.standings_exports import export_state

        return export_state(championship)

    def archive_part(self):
        from formats.groups_knockout.archive import BACKUP

        return BACKUP

    def check_archive(self, checked) -> None:
        from formats.groups_knockout.archive_rules import check_archive

        check_archive(checked)

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        return [(_("Group sheets (PDF)"),
                 reverse("groups_knockout:group_sheets", args=[round_.championship_id])),
                (_("Table cards (PDF)"),
                 reverse("groups_knockout:table_cards",
                         args=[round_.championship_id, round_.number]))]

    def other_byes(self, round_) -> set[int]:
        from formats.groups_knockout.services.rounds import round_sit_outs

        return round_sit_outs(round_)

    def check_draft(self, round_, tables) -> None:
        from formats.groups_knockout.services.rounds import check_tables

        check_tables(round_.championship, tables)

    def swap_other_byes(self, round_, swap) -> None:
        from formats.groups_knockout.services.rounds import swap_sit_outs

        swap_sit_outs(round_, swap)

    def set_other_bye(self, round_, team, given: bool) -> bool:
        from formats.groups_knockout.services.rounds import set_sit_out

        return set_sit_out(round_, team, given)

    def other_bye_rounds(self, championship_id, team, *, status) -> list[int]:
        from formats.groups_knockout.models import GroupSitOut

        return list(GroupSitOut.objects.filter(round__championship_id=championship_id,
                                               round__status=status, team=team)
                    .order_by("round__number").values_list("round__number", flat=True))

    def team_withdrawn(self, team, *, by=None, origin=None) -> None:
        from formats.groups_knockout.services.knockout import bracket_after_withdrawal
        from formats.groups_knockout.services.walkovers import record_walkovers

        record_walkovers(team, by=by, origin=origin)
        bracket_after_withdrawal(team)

    def knockout_best_of(self, championship) -> int:
        from formats.groups_knockout.services import settings_of

        return settings_of(championship).best_of

    def knockout_pad(self, championship):
        # A knockout game is a game as in 12.1 (rules.md 12.4): its hands are asked for.
        return self.game_pad(championship)

    def check_knockout_game(self, championship, first_points, second_points, hands) -> None:
        from formats.groups_knockout.rules import check_knockout_game
        from formats.groups_knockout.services import settings_of

        check_knockout_game(settings_of(championship), first_points, second_points, hands)

    def knockout_walkovers(self, championship) -> bool:
        # A pair withdrawn in the knockout: its opponent goes through (rules.md 12.4).
        return True

    def load_demo(self, director):
        # A town's open in its group stage (rules.md 12.1), then another played to the end
        # (its knockout, rules.md 12.3, 12.4): each line as soon as its event is loaded.
        from formats.groups_knockout.demo import load_groups_demo
        from formats.groups_knockout.demo_finished import load_finished_groups_demo

        for load in (load_groups_demo, load_finished_groups_demo):
            yield load(director)[1]

    def team_reinstated(self, team, *, by=None, origin=None) -> None:
        from formats.groups_knockout.services.walkovers import take_back_walkovers

        take_back_walkovers(team, by=by, origin=origin)

    def api_urlpatterns(self) -> list:
        # The group stage's endpoints, then the knockout stage's (rules.md 12.3, 12.4).
        from formats.groups_knockout import api, knockout_api

        return api.urlpatterns + knockout_api.urlpatterns
