"""Every director write of every format finds its object through the place its URL names.

Two championships of each format, A and B, each with its own director (neither a superuser,
so ``championship_for_director`` lets each reach only their own). Logged in as B's director,
every director page and every director API write is called with B's place in the URL
(championship, round, table, deal) and A's objects where the request names one (an entry,
a report, a team, a tie, an export job, an API token): the answer is 404, or a refusal that
names the field, and nothing in the database changes (no new rows, no changed row; A's
standings the same). The same request with B's own object is then not a 404: the case
reaches what it claims to.

The routes are read from Django's URL resolver: a director route (a page under
``director/``, or an API route of a director view that writes) that has neither a case here
nor a reason in ``NOTHING_TO_CROSS`` fails ``test_every_director_write_is_in_the_matrix``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from director_scope_worlds import BUILDERS, STANDINGS, build
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from scoring.api.base import DirectorView

WRITES = ("post", "put", "patch", "delete")

# Routes whose only place is the URL's championship and round (or the director's own
# account): no object of another championship can be named in them, and a championship
# the caller does not direct is a 404 (tests/scoring/test_api_permission_matrix.py and the
# pages' own tests). Numbers (tables, pairs by number) are looked up inside the URL's round
# or championship.
URL_ONLY = "names no object but the URL's championship and round"
READS = "reads only (GET/HEAD): the URL's championship"
REGISTER = "the installation's register of players, shared by every director"
NOTHING_TO_CROSS = {
    # Pages
    "tournaments:director_home": READS,
    "tournaments:director_create": "creates a championship of the caller's own",
    "tournaments:director_championship": READS,
    "tournaments:director_edit": URL_ONLY,
    "tournaments:director_add_director": "names a user by name, not an object of another "
                                         "championship",
    "tournaments:director_finish": URL_ONLY,
    "tournaments:director_teams": URL_ONLY,
    "tournaments:director_team_import": URL_ONLY,
    "tournaments:director_team_template": READS,
    "tournaments:director_team_cards": READS,
    # The register of players is one per installation, shared by every director (rules.md
    # 13.1): no championship to cross; open to directors of any championship
    # (tests/tournaments/test_register_pages.py).
    "tournaments:players": REGISTER,
    "tournaments:player": REGISTER,
    "tournaments:player_duplicates": REGISTER,
    "tournaments:player_merge": REGISTER,
    "tournaments:player_merges": REGISTER,
    "tournaments:player_merge_undo": REGISTER,
    "groups_knockout:groups": READS,
    "groups_knockout:going_through": READS,
    "groups_knockout:make_groups": URL_ONLY,
    "groups_knockout:swap_pairs": URL_ONLY + " (pairs by number in that championship)",
    "groups_knockout:confirm_qualifiers": URL_ONLY + " (pairs to swap by number in that "
                                                     "championship)",
    "groups_knockout:draw": URL_ONLY + " (the tied pairs by number in that championship)",
    "groups_knockout:group_sheets": READS,
    "groups_knockout:bracket_sheet": READS,
    "groups_knockout:table_cards": READS,
    "tournaments:director_generate": URL_ONLY,
    "tournaments:director_discard": URL_ONLY,
    "tournaments:director_round": READS,
    "tournaments:director_release": URL_ONLY,
    "tournaments:director_close": URL_ONLY,
    "tournaments:director_reopen": URL_ONLY,
    "tournaments:director_swap_tables": URL_ONLY + " (tables by number in that round)",
    "tournaments:director_round_deal_import": URL_ONLY,
    "tournaments:director_deal_restore": URL_ONLY,
    "tournaments:director_round_deal_sheets": READS,
    "tournaments:director_table_cards": READS,
    "tournaments:director_deal_import": URL_ONLY,
    "tournaments:director_deal_sheets": READS,
    "tournaments:director_recompute_analysis": URL_ONLY,
    "scoring:api_tokens": "creates a token of the caller's own",
    "scoring:director_results": READS,
    "scoring:publish": URL_ONLY,
    "scoring:grid": READS,
    "scoring:close_round": URL_ONLY,
    "scoring:director_exports": READS,
    "scoring:export_start": URL_ONLY,
    "archive:import": "creates a championship of the caller's own",
    "archive:full_backup": READS,
    "archive:archive": URL_ONLY,
    "archive:delete": URL_ONLY,
    "free_deal:pair_sections": URL_ONLY + " (pairs by number in that championship)",
    "free_deal:bracket_sheet": READS,
    "scoring:director_clock": URL_ONLY,
    "free_deal:pairing_sheets": READS,
    "abarrotada:movement_sheet": READS,
    "abarrotada:table_cards": READS,
    # API writes
    "api-championships": "creates a championship of the caller's own",
    "api-championship": URL_ONLY,
    "api-finish": URL_ONLY,
    "api-publish": URL_ONLY,
    "api-teams": URL_ONLY,
    "api-team-import": URL_ONLY,
    "api-generate": URL_ONLY,
    "api-discard": URL_ONLY,
    "api-release": URL_ONLY,
    "api-close": URL_ONLY,
    "api-reopen": URL_ONLY,
    "api-swap-teams": URL_ONLY + " (teams by number in that championship)",
    "api-swap-tables": URL_ONLY + " (tables by number in that round)",
    "api-round-deal-import": URL_ONLY,
    "api-deal-restore": URL_ONLY,
    "api-deal-import": URL_ONLY,
    "api-cell-enter": URL_ONLY + " (and its table and deal)",
    "api-cell-adjust": URL_ONLY + " (and its table and deal)",
    "api-cell-clear-adjustment": URL_ONLY + " (and its table and deal)",
    "api-exports": URL_ONLY,
    "api-fd-game-enter": URL_ONLY + " (and its table)",
    "api-gk-game-enter": URL_ONLY + " (and its table)",
    "api-fd-sections": URL_ONLY + " (pairs by number in that championship)",
    "api-gk-knockout-game": URL_ONLY + " (the tie by its stage and slot in that bracket)",
    "api-gk-going-through-confirm": URL_ONLY + " (a swap's pairs by number in that "
                                    "championship)",
    "api-gk-going-through-draw": URL_ONLY + " (the tie's pairs by number in that "
                                 "championship)",
    "api-fd-knockout-start": URL_ONLY,
    "api-fd-knockout-game": URL_ONLY + " (the tie by its stage and slot in that bracket)",
    "api-ab-players": URL_ONLY,
    "api-ab-deal-enter": URL_ONLY + " (and its table and deal)",
    "api-ab-evening-enter": URL_ONLY + " (and its table)",
    # Series (rules.md 13.2): the URL's series is the caller's or a 404
    # (tests/series/test_series_pages.py, test_series_api.py)
    "series:director_list": "reads the caller's own series",
    "series:director_create": "creates a series of the caller's own",
    "series:director_series": "reads only (GET/HEAD): the URL's series",
    "series:director_file": "reads only (GET/HEAD): the URL's series' ranking files",
    "series:director_edit": "names no object but the URL's series",
    "series:director_delete": "names no object but the URL's series",
    "series:director_add_director": "names a user by name, not an object of another "
                                    "director's",
    "api-series-list": "creates a series of the caller's own",
    "api-series": "names no object but the URL's series",
}


@dataclass(frozen=True)
class Cross:
    """One request of B's director naming A's object. ``url(w, side)`` gives the URL's
    kwargs and ``data(w, side)`` the body, ``side`` being "a" (the crossing request) or
    "b" (the control with B's own object, which must not be a 404; ``control=False`` when
    the route has nothing to settle for B). ``says``: a refusal other than 404 must show it."""

    world: str
    method: str
    url: Callable
    data: Callable | None = None
    says: str | None = None
    control: bool = True


def b_place(w, side, **more):
    return {"pk": w["b"]["championship"].pk, "number": 1, **more}


def cell(w, side):
    return b_place(w, side, table_number=1, deal_number=w["b"]["deal"])


def game(w, side):
    return b_place(w, side, table_number=1)


def deal(w, side):
    return b_place(w, side, table_number=1, deal=1)


def team_in_url(w, side):
    return {"pk": w["b"]["championship"].pk, "team_pk": w[side]["teams"][0].pk}


def job_in_url(w, side):
    return {"pk": w["b"]["championship"].pk, "job_id": w[side]["job"].pk}


def token_in_url(w, side):
    return {"pk": w[side]["token"].pk}


def series_championship(w, side):
    """B's series in the URL, and a championship (A's, or B's own) in it."""
    return {"pk": w["b"]["series"].pk, "championship_pk": w[side]["championship"].pk}


def posted(field, key="entry"):
    return lambda w, side: {"action": "confirm", field: w[side][key]}


def api_posted(field, key="entry"):
    return lambda w, side: {field: w[side][key]}


TEAM_PAGES = {name: Cross("pairs", "post", team_in_url) for name in (
    "tournaments:director_team_edit", "tournaments:director_team_withdraw",
    "tournaments:director_team_reinstate", "tournaments:director_team_reissue_link",
    "tournaments:director_team_reissue_pin")}
TEAM_API = {name: Cross("pairs", "post", team_in_url) for name in (
    "api-team-withdraw", "api-team-reinstate", "api-team-reissue-link",
    "api-team-reissue-pin")}

MATRIX: dict[str, list[Cross]] = {
    # Duplicate pairs
    "duplicate_pairs:cell": [Cross("pairs", "post", cell, posted("entry"))],
    "api-cell-confirm": [Cross("pairs", "post", cell, api_posted("entry"))],
    **{name: [case] for name, case in TEAM_PAGES.items()},
    **{name: [case] for name, case in TEAM_API.items()},
    "api-team": [Cross("pairs", "patch", team_in_url, lambda w, side: {"club": "CB"})],
    "tournaments:director_swap_teams": [Cross(
        "pairs", "post", lambda w, side: b_place(w, side),
        lambda w, side: {"team_a": w[side]["teams"][0].pk, "team_b": w[side]["teams"][1].pk},
        says="Choose two pairs.", control=False)],
    "scoring:export_retry": [Cross("pairs", "post", job_in_url)],
    "scoring:export_file": [Cross("pairs", "get", job_in_url, control=False)],
    "api-export-retry": [Cross("pairs", "post", job_in_url)],
    "scoring:api_token_rename": [Cross("pairs", "post", token_in_url,
                                       lambda w, side: {"name": "Renamed"})],
    "scoring:api_token_revoke": [Cross("pairs", "post", token_in_url)],
    # Free-deal pairs and their knockout
    "free_deal:director_game": [Cross("free_deal", "post", game, posted("entry"))],
    "api-fd-game-confirm": [Cross("free_deal", "post", game, api_posted("entry"))],
    "free_deal:director_bracket": [Cross(
        "free_deal", "post", lambda w, side: {"pk": w["b"]["championship"].pk},
        lambda w, side: {"tie": w[side]["tie"], "game": 1, "first_points": 101,
                         "second_points": 50})],
    # Groups then knockout: a group game, and a tie of the knockout
    "groups_knockout:director_game": [Cross("groups", "post", game, posted("entry"))],
    "api-gk-game-confirm": [Cross("groups", "post", game, api_posted("entry"))],
    "groups_knockout:bracket": [Cross(
        "groups", "post", lambda w, side: {"pk": w["b"]["championship"].pk},
        lambda w, side: {"tie": w[side]["tie"], "game": 1, "first_points": 61,
                         "second_points": 40, "hands": 8})],
    # Individual: deals, and an evening's game totals
    "abarrotada:director_deal": [Cross("individual", "post", deal, posted("report", "report"))],
    "api-ab-deal-confirm": [Cross("individual", "post", deal, api_posted("report", "report"))],
    "abarrotada:evening_game": [Cross("evening", "post", game, posted("entry"))],
    "api-ab-evening-settle": [Cross("evening", "post", game, api_posted("entry"))],
    # Series: B's series, A's championship (to add, take out, move or order)
    "series:director_add_championship": [Cross(
        "pairs", "post", lambda w, side: {"pk": w["b"]["series"].pk},
        lambda w, side: {"championship": w[side]["championship"].pk},
        says="Championship: choose a championship you direct.")],
    "series:director_move_championship": [Cross(
        "pairs", "post", series_championship, lambda w, side: {"direction": "up"},
        says="Championship: it is not in the series.")],
    "series:director_remove_championship": [Cross(
        "pairs", "post", series_championship, says="Championship: it is not in the series.")],
    "api-series-championships": [Cross(
        "pairs", "post", lambda w, side: {"pk": w["b"]["series"].pk},
        lambda w, side: {"championship": w[side]["championship"].pk},
        says="Championship: choose a championship you direct.")],
    "api-series-order": [Cross(
        "pairs", "post", lambda w, side: {"pk": w["b"]["series"].pk},
        lambda w, side: {"championships": [w[side]["championship"].pk]},
        says="Championships: list every championship of the series")],
    "api-series-championship": [Cross(
        "pairs", "delete", series_championship, says="Championship: it is not in the series.")],
}


# --- The routes -------------------------------------------------------------------------------


def _walk(patterns, prefix="", namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(n for n in (namespace, pattern.namespace) if n)
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield prefix + str(pattern.pattern), name, pattern.callback


def director_routes() -> set[str]:
    """Every director page, and every API route of a director view that writes."""
    names = set()
    for route, name, callback in _walk(get_resolver().url_patterns):
        view_class = getattr(callback, "cls", None)
        if route.startswith("director/"):
            names.add(name)
        elif (route.startswith("api/") and view_class is not None
              and issubclass(view_class, DirectorView)
              and any(hasattr(view_class, method) for method in WRITES)):
            names.add(name)
    return names


def test_every_director_write_is_in_the_matrix():
    routes = director_routes()
    assert "free_deal:director_game" in routes and "api-fd-game-confirm" in routes
    not_covered = sorted(routes - set(MATRIX) - set(NOTHING_TO_CROSS))
    assert not not_covered, f"not covered by the director scope matrix: {not_covered}"
    stale = sorted((set(MATRIX) | set(NOTHING_TO_CROSS)) - routes)
    assert not stale, f"no such director route any more: {stale}"
    assert not set(MATRIX) & set(NOTHING_TO_CROSS)


# --- What must not change ----------------------------------------------------------------------


PROJECT_APPS = ("tournaments", "scoring", "exports", "free_deal", "abarrotada",
                "groups_knockout", "series")


def database_fingerprint() -> str:
    """Every row of the project's models (A's and B's): a refused request changes none."""
    digest = hashlib.sha256()
    for model in apps.get_models():
        if model._meta.app_label not in PROJECT_APPS:
            continue
        rows = list(model.objects.order_by("pk").values())
        digest.update(model._meta.label.encode())
        digest.update(json.dumps(rows, default=str, sort_keys=True).encode())
    return digest.hexdigest()


def standings_of(world: str, side: dict) -> bytes:
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(side["director"])
    response = api.get(f"/api/v1/championships/{side['championship'].pk}/{STANDINGS[world]}")
    assert response.status_code == 200, response.content[:300]
    return response.content


# --- The walk ---------------------------------------------------------------------------------


def request(case: Cross, name: str, w: dict, side: str):
    path = reverse(name, kwargs=case.url(w, side))
    data = case.data(w, side) if case.data is not None else {}
    if name.startswith("api-"):
        client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(w["b"]["director"])
        return getattr(client, case.method)(path, data, format="json")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(w["b"]["director"])
    return getattr(client, case.method)(path, data), client


def _response(answer):
    return answer[0] if isinstance(answer, tuple) else answer


def _refusal_shown(answer, says: str) -> bool:
    response = _response(answer)
    if isinstance(answer, tuple) and response.status_code == 302:
        response = answer[1].get(response["Location"])
    return says in response.content.decode()


WORLDS = ("pairs", "free_deal", "individual", "evening", "groups")
#: Each world's format key (``formats.registry``): every format has its world here.
WORLD_FORMAT = {"pairs": "duplicate_pairs", "free_deal": "free_deal_pairs",
                "individual": "abarrotada", "evening": "abarrotada_free",
                "groups": "groups_knockout"}


def test_every_format_has_a_world():
    # Every format a director may create (``Format.offered``): one still being built joins
    # here before it is offered.
    from formats.registry import offered_formats

    assert set(WORLD_FORMAT) == set(WORLDS) == set(BUILDERS) == set(STANDINGS)
    assert sorted(WORLD_FORMAT.values()) == sorted(f.key for f in offered_formats()), (
        "a format without a world here")


@pytest.mark.parametrize("world", WORLDS)
def test_a_director_reaches_no_other_championships_objects(world, db, django_user_model):
    w = build(world, django_user_model)
    assert {w[side]["championship"].format for side in "ab"} == {WORLD_FORMAT[world]}
    cases = [(name, case) for name, listed in MATRIX.items() for case in listed
             if case.world == world]
    assert cases
    standings = standings_of(world, w["a"])
    failures = []
    for name, case in cases:
        before = database_fingerprint()
        answer = request(case, name, w, "a")
        status = _response(answer).status_code
        if status != 404 and not (case.says and status in (200, 302, 400)
                                  and _refusal_shown(answer, case.says)):
            failures.append(f"{name}: {status} for another championship's object")
        if database_fingerprint() != before:
            failures.append(f"{name}: the database changed")
        if case.control:
            own = _response(request(case, name, w, "b")).status_code
            if own == 404:
                failures.append(f"{name}: 404 for B's own object too (the case is wrong)")
    assert standings_of(world, w["a"]) == standings
    assert not failures, "\n".join(failures)
