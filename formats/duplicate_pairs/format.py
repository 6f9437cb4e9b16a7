"""Duplicate pairs (rules.md 6 and 7): the official championship, and Duplicada's first format.

Every table of a round plays the same generated deals; a table reports each deal's result;
each side is scored against the others that held the same cards; the ranking is the sum
of finals. Its own code is here; its models stay in ``scoring`` and ``tournaments`` (results,
reviews, adjustments and PIN attempts in ``scoring.models``; deals, tables and teams in
``tournaments.models``: moving a model between apps is a schema change, not worth making
for where the code sits):

- a deal's result, entered, confirmed, disputed and settled: ``services`` (its entry kind,
  ``deal_results.DEAL_RESULTS``, and the director's operations, ``director``), the captain's
  page and actions (``captain_views``, ``captain_page``), the director's grid and cell
  (``director_views``, ``grid``), their forms (``forms``), routes (``urls``, namespace
  ``duplicate_pairs``) and API endpoints (``api``: ``captain_api``, ``director_api``), and
  the demo championship (``demo``);
- ``rounds``: the round robin schedule and the Swiss rounds (rules.md 7);
- ``results_views``: the standings, the projector, a deal's traveller and a pair's
  scorecard (the URLs and access checks are the core's, ``scoring.views.results``);
- ``exports``: its kinds of export, their files and what its kept downloads depend on;
- ``archive``: its part of the public archive.

What it asks of the core: stored scores, standings, travellers and scorecards
(``scoring.services``, ``scoring.selectors``, which the REST API, the exports and the
archive read too); deals (``tournaments.services.deals``) and their double-dummy analysis
(``tournaments.services.analysis``, ``has_hand_records``); the pure rules
(``engine.duplicate``, ``engine.final_scores``, ``engine.swiss``).
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from formats.base import Format


class DuplicatePairs(Format):
    key = "duplicate_pairs"
    label = _("Duplicate pairs")
    summary = _("Every table plays the same deals; each pair is scored against the pairs "
                "that held the same cards (the official championship).")
    rules_section = "6"
    has_deals = True
    facts_template = "tournaments/director/_duplicate_facts.html"
    championship_fields = ("movement", "rounds_planned", "deals_per_match", "variant",
                           "doubling")
    # Its rows of a full backup are the core's (``scoring.archive.format.CORE_TABLES``).
    archive_rows = ("deals", "result_entries", "result_reviews", "adjustments", "pin_attempts")

    # The imports are late: the views and services import the models, which must not
    # import the formats while Django loads the apps.

    def generate_next_round(self, championship):
        from formats.duplicate_pairs.rounds import generate_round

        return generate_round(championship)

    def captain_page(self, request, team):
        from formats.duplicate_pairs.captain_views import render_captain_page

        return render_captain_page(request, team)

    def standings_page(self, request, championship, *, director: bool):
        from formats.duplicate_pairs.results_views import standings_page

        return standings_page(request, championship, director=director)

    def projector_page(self, request, championship, *, director: bool):
        from formats.duplicate_pairs.results_views import projector_page

        return projector_page(request, championship, director=director)

    def traveller_page(self, request, championship, deal, *, director: bool):
        from formats.duplicate_pairs.results_views import traveller_page

        return traveller_page(request, championship, deal, director=director)

    def scorecard_page(self, request, championship, team, *, director: bool):
        from formats.duplicate_pairs.results_views import scorecard_page

        return scorecard_page(request, championship, team, director=director)

    def director_results_page(self, request, championship, round_):
        from formats.duplicate_pairs.director_views import duplicate_grid

        return duplicate_grid(request, championship, round_)

    def missing_results(self, round_) -> list[str]:
        from formats.duplicate_pairs.director_views import duplicate_missing_results

        return duplicate_missing_results(round_)

    def public_archive(self, championship, rounds, number: dict[int, int]) -> dict:
        from formats.duplicate_pairs.archive import public_results

        return public_results(championship, rounds, number)

    def recompute(self, championship) -> None:
        from scoring.services import recompute_championship

        recompute_championship(championship)

    def final_places(self, championship, *, rounds=None) -> list[tuple[int, int]]:
        # The standings as the public sees them (closed rounds; ``rounds``: up to that
        # round), places shared as they show them (rules.md 6.6).
        from scoring.selectors import standings

        return [(row.team.pk, row.place)
                for row in standings(championship, live=False, up_to=rounds)]

    def load_demo(self, director):
        from formats.duplicate_pairs.demo import load_demo

        return load_demo(director)

    def api_urlpatterns(self) -> list:
        from formats.duplicate_pairs import api

        return api.urlpatterns

    def export_kinds(self) -> list:
        # Read at each call: tests (and any later registration) change the format's dict.
        from formats.duplicate_pairs.exports.kinds import KINDS

        return list(KINDS.values())

    def export_state(self, championship) -> dict:
        from formats.duplicate_pairs.exports.kinds import export_state

        return export_state(championship)

    def captain_results_links(self, team) -> list[tuple[str, str]]:
        pk = team.championship_id
        return [*super().captain_results_links(team),
                (_("Our scorecard"), reverse("scoring:scorecard", args=[pk, team.number])),
                (_("Travellers"), reverse("scoring:travellers", args=[pk]))]

    def round_printouts(self, round_) -> list[tuple[str, str]]:
        args = [round_.championship_id, round_.number]
        return [
            (_("Deal sheets (PDF)"),
             reverse("tournaments:director_round_deal_sheets", args=args)),
            (_("Table cards (PDF)"), reverse("tournaments:director_table_cards", args=args)),
        ]
