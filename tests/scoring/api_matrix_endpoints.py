"""The API's endpoints of every format, with what each kind of caller gets from each
(``test_api_permission_matrix.py`` walks them): the pairs', the free-deal, the
individual and the individual evening's."""

from __future__ import annotations

CALLERS = ("anonymous", "same_table", "other_table", "other_director", "staff", "director",
           "revoked")
LINKS = {"same_table": 1, "other_table": 2}  # index into the teams

# What each caller gets where the endpoint's rule is "the championship's directors only".
DIRECTOR_ONLY = {"anonymous": 401, "same_table": 401, "other_table": 401,
                 "other_director": 404, "staff": 404, "revoked": 401}
# Result pages while results are unpublished: its directors only, others are told nothing.
RESULTS_UNPUBLISHED = {**DIRECTOR_ONLY, "anonymous": 404, "same_table": 404,
                       "other_table": 404}
# Anyone may read (a bad token is still refused).
EVERYONE = {c: 200 for c in CALLERS} | {"revoked": 401}
# Through a team's link: the link decides; a guessed link is unknown.
NO_LINK = {"anonymous": 404, "other_director": 404, "staff": 404, "director": 404,
           "revoked": 404}

CAPTAIN = "/api/v1/captain/{link}/"
C = "/api/v1/championships/{c}/"
CELL = C + "rounds/1/results/1/1/"
RESULT = {"contract": "O", "points_ns": 40}

# (name, method, path, body, expected: {caller: status}; the director's outcome is given
# where it is fixed, else any answer of the service: 200, 201, 400 or 409).
ENDPOINTS = [
    ("captain tables", "get", CAPTAIN + "tables/", None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("captain results", "get", CAPTAIN + "results/", None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("captain submit", "post", CAPTAIN + "results/", {"deal": 1, **RESULT},
     {**NO_LINK, "same_table": 201, "other_table": 201}),
    ("captain confirm", "post", CAPTAIN + "results/{entry}/confirm/", None,
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("captain dispute", "post", CAPTAIN + "results/{entry}/dispute/", {"comment": "No: 38."},
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("captain PIN", "post", CAPTAIN + "results/{entry}/pin/", {"pin": "1234"},
     {**NO_LINK, "same_table": 409, "other_table": 404}),
    ("championships", "get", "/api/v1/championships/", None,
     {**DIRECTOR_ONLY, "other_director": 200, "staff": 200, "director": 200}),
    ("create championship", "post", "/api/v1/championships/", {"name": "New"},
     {**DIRECTOR_ONLY, "other_director": 201, "staff": 201, "director": 201}),
    ("championship", "get", C, None, {**DIRECTOR_ONLY, "director": 200}),
    ("update championship", "patch", C, {"venue": "Casal"}, {**DIRECTOR_ONLY, "director": 200}),
    ("finish", "post", C + "finish/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("publish", "post", C + "publish/", {"public": True}, {**DIRECTOR_ONLY, "director": 200}),
    ("teams", "get", C + "teams/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("add team", "post", C + "teams/", {"name": "X", "player1": "a", "player2": "b"},
     {**DIRECTOR_ONLY, "director": 409}),  # the round robin schedule exists
    ("import teams", "post-file", C + "teams/import/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("team", "get", C + "teams/{team}/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("update team", "patch", C + "teams/{team}/", {"club": "CB"}, {**DIRECTOR_ONLY, "director": 200}),
    ("withdraw", "post", C + "teams/{team}/withdraw/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("reinstate", "post", C + "teams/{team}/reinstate/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("reissue link", "post", C + "teams/{team}/reissue-link/", None,
     {**DIRECTOR_ONLY, "director": 200}),
    ("reissue PIN", "post", C + "teams/{team}/reissue-pin/", None,
     {**DIRECTOR_ONLY, "director": 200}),
    ("rounds", "get", C + "rounds/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("generate", "post", C + "rounds/generate/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("discard", "post", C + "rounds/discard/", None, {**DIRECTOR_ONLY, "director": None}),
    ("round", "get", C + "rounds/1/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("tables", "get", C + "rounds/1/tables/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("release", "post", C + "rounds/1/release/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("close", "post", C + "rounds/1/close/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("reopen", "post", C + "rounds/1/reopen/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("swap teams", "post", C + "rounds/1/swap-teams/", {"team_a": 1, "team_b": 3},
     {**DIRECTOR_ONLY, "director": 409}),
    ("swap tables", "post", C + "rounds/1/swap-tables/", {"table_a": 1, "table_b": 2},
     {**DIRECTOR_ONLY, "director": 409}),
    ("import round deals", "post", C + "rounds/1/deals/import/", {"text": "1 x"},
     {**DIRECTOR_ONLY, "director": None}),
    ("restore deals", "post", C + "rounds/1/deals/restore/", None,
     {**DIRECTOR_ONLY, "director": 409}),
    ("import deals", "post", C + "deals/import/", {"text": "1 x"},
     {**DIRECTOR_ONLY, "director": None}),
    ("grid", "get", C + "rounds/1/results/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("cell", "get", CELL, None, {**DIRECTOR_ONLY, "director": 200}),
    ("enter", "post", CELL + "enter/", {**RESULT, "note": "Scorer's slip"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("director confirm", "post", CELL + "confirm/", {"entry": "{entry}"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("adjust", "post", CELL + "adjust/", {"side": "both", "kind": "average", "reason": "Foul"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("clear adjustment", "post", CELL + "clear-adjustment/", {"side": "NS", "reason": "Oops"},
     {**DIRECTOR_ONLY, "director": None}),
    ("standings", "get", C + "standings/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("travellers", "get", C + "travellers/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("traveller", "get", C + "travellers/1/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("scorecard", "get", C + "scorecards/1/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("round deals", "get", C + "rounds/1/deals/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    # Exports: {job} is a finished ranking (CSV); retrying it is refused (it has not failed).
    ("export kinds", "get", C + "exports/kinds/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("export jobs", "get", C + "exports/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("start export", "post", C + "exports/", {"kind": "ranking_csv", "language": "en"},
     {**DIRECTOR_ONLY, "director": 201}),
    ("export job", "get", C + "exports/{job}/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("retry export", "post", C + "exports/{job}/retry/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("export file", "get", C + "exports/{job}/file/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("commitment", "get", C + "commitment/", None, EVERYONE),
    ("deal check", "get", C + "deal-check/1/", None, {**EVERYONE, **{
        c: 404 for c in CALLERS if c != "revoked"}}),  # not finished: the key is secret
]

FD_CAPTAIN = CAPTAIN + "free-deal/game/"
FD = C + "free-deal/"
FD_GAME = FD + "rounds/1/games/1/"
GAME = {"first_points": 101, "second_points": 40, "ended_by": "target", "hands_played": 9}
FREE_DEAL_ENDPOINTS = [
    ("fd captain game", "get", FD_CAPTAIN, None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("fd captain submit", "post", FD_CAPTAIN, GAME,
     {**NO_LINK, "same_table": 201, "other_table": 201}),
    ("fd captain confirm", "post", FD_CAPTAIN + "{entry}/confirm/", None,
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("fd captain dispute", "post", FD_CAPTAIN + "{entry}/dispute/", {"comment": "No: 99."},
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    # The other pair's own link types no PIN: only the entering pair's phone does (409).
    ("fd captain PIN", "post", FD_CAPTAIN + "{entry}/pin/", {"pin": "1234"},
     {**NO_LINK, "same_table": 409, "other_table": 404}),
    ("fd round games", "get", FD + "rounds/1/games/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("fd game", "get", FD_GAME, None, {**DIRECTOR_ONLY, "director": 200}),
    ("fd enter", "post", FD_GAME + "enter/", {**GAME, "note": "The score sheet"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("fd director confirm", "post", FD_GAME + "confirm/", {"entry": "{entry}"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("fd standings", "get", FD + "standings/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("fd sections", "get", FD + "sections/", None, {**DIRECTOR_ONLY, "director": 200}),
    # Round 1 is released: putting a pair where it already is (in no section) changes nothing.
    ("fd sections set", "put", FD + "sections/", {"pairs": [{"pair": 1, "section": ""}]},
     {**DIRECTOR_ONLY, "director": 200}),
    # The knockout stage: the Swiss is not over, so starting it is refused; no tie exists yet.
    ("fd knockout", "get", FD + "knockout/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("fd knockout start", "post", FD + "knockout/start/", None,
     {**DIRECTOR_ONLY, "director": 409}),
    ("fd knockout game", "post", FD + "knockout/rounds/1/ties/1/games/",
     {"first_points": 101, "second_points": 50}, {**DIRECTOR_ONLY, "director": 404}),
    # A pair's knockout games: none yet (the Swiss is not over), so there is nothing to
    # report; {entry} is no knockout report, so confirming or disputing it is unknown.
    ("fd captain knockout", "get", CAPTAIN + "free-deal/knockout/", None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("fd captain knockout report", "post", CAPTAIN + "free-deal/knockout/",
     {"first_points": 101, "second_points": 50},
     {**NO_LINK, "same_table": 409, "other_table": 409}),
    ("fd captain knockout confirm", "post", CAPTAIN + "free-deal/knockout/{entry}/confirm/",
     None, {**NO_LINK, "same_table": 404, "other_table": 404}),
    ("fd captain knockout dispute", "post", CAPTAIN + "free-deal/knockout/{entry}/dispute/",
     {"comment": "No"}, {**NO_LINK, "same_table": 404, "other_table": 404}),
    # Shared endpoints on a free-deal championship: the format answers.
    ("fd championship", "get", C, None, {**DIRECTOR_ONLY, "director": 200}),
    ("fd generate", "post", C + "rounds/generate/", None, {**DIRECTOR_ONLY, "director": 409}),
    ("fd close", "post", C + "rounds/1/close/", None, {**DIRECTOR_ONLY, "director": 200}),
]

AB_PLAYER = CAPTAIN + "abarrotada/"
AB = C + "abarrotada/"
AB_DEAL = AB + "rounds/1/tables/1/deals/1/"
REPORT = {"maker": "N", "contract": "O", "points_n": 30, "points_e": 14, "points_s": 20,
          "points_w": 8}
ABARROTADA_ENDPOINTS = [
    ("ab player", "get", AB_PLAYER, None, {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("ab player submit", "post", AB_PLAYER + "deals/1/", REPORT,
     {**NO_LINK, "same_table": 201, "other_table": 201}),
    ("ab player confirm", "post", AB_PLAYER + "reports/{entry}/confirm/", None,
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("ab player dispute", "post", AB_PLAYER + "reports/{entry}/dispute/", {"comment": "16"},
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    # Another player's own link types no PIN: only the entering player's phone does (409).
    ("ab player PIN", "post", AB_PLAYER + "reports/{entry}/pin/", {"pin": "1234"},
     {**NO_LINK, "same_table": 409, "other_table": 404}),
    ("ab players", "get", AB + "players/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("ab player add", "post", AB + "players/", {"name": "Nova"},
     {**DIRECTOR_ONLY, "director": 201}),
    ("ab round", "get", AB + "rounds/1/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("ab deal", "get", AB_DEAL, None, {**DIRECTOR_ONLY, "director": 200}),
    ("ab deal enter", "post", AB_DEAL + "enter/", REPORT, {**DIRECTOR_ONLY, "director": 200}),
    ("ab deal confirm", "post", AB_DEAL + "confirm/", {"report": "{entry}"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("ab standings", "get", AB + "standings/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
]
AB_GAME = AB_PLAYER + "game/"
AB_TABLE = AB + "rounds/1/tables/1/game/"
TOTALS = {"total_n": 8, "total_e": 0, "total_s": 13, "total_w": 2}
EVENING_ENDPOINTS = [
    ("ab evening game", "get", AB_GAME, None, {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("ab evening submit", "post", AB_GAME, TOTALS,
     {**NO_LINK, "same_table": 201, "other_table": 201}),
    ("ab evening confirm", "post", AB_GAME + "{entry}/confirm/", None,
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("ab evening dispute", "post", AB_GAME + "{entry}/dispute/", {"comment": "9"},
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    # As for the deals: another player's own link types no PIN (409).
    ("ab evening PIN", "post", AB_GAME + "{entry}/pin/", {"pin": "1234"},
     {**NO_LINK, "same_table": 409, "other_table": 404}),
    ("ab evening enter", "post", AB_TABLE + "enter/", TOTALS, {**DIRECTOR_ONLY, "director": 200}),
    ("ab evening settle", "post", AB_TABLE + "confirm/", {"entry": "{entry}"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("ab evening standings", "get", AB + "evening/", None,
     {**RESULTS_UNPUBLISHED, "director": 200}),
]

GK_CAPTAIN = CAPTAIN + "group-game/"
GK = C + "groups/"
GK_GAME = GK + "rounds/1/games/1/"
GROUP_GAME = {"first_points": 75, "second_points": 52, "ended_by": "hands", "hands_played": 8}
GROUPS_ENDPOINTS = [
    ("gk captain game", "get", GK_CAPTAIN, None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("gk captain submit", "post", GK_CAPTAIN, GROUP_GAME,
     {**NO_LINK, "same_table": 201, "other_table": 201}),
    ("gk captain confirm", "post", GK_CAPTAIN + "{entry}/confirm/", None,
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    ("gk captain dispute", "post", GK_CAPTAIN + "{entry}/dispute/", {"comment": "No: 80."},
     {**NO_LINK, "same_table": 200, "other_table": 404}),
    # The other pair's own link types no PIN: only the entering pair's phone does (409).
    ("gk captain PIN", "post", GK_CAPTAIN + "{entry}/pin/", {"pin": "1234"},
     {**NO_LINK, "same_table": 409, "other_table": 404}),
    ("gk round games", "get", GK + "rounds/1/games/", None, {**DIRECTOR_ONLY, "director": 200}),
    ("gk game", "get", GK_GAME, None, {**DIRECTOR_ONLY, "director": 200}),
    ("gk enter", "post", GK_GAME + "enter/", {**GROUP_GAME, "note": "The score sheet"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("gk director confirm", "post", GK_GAME + "confirm/", {"entry": "{entry}"},
     {**DIRECTOR_ONLY, "director": 200}),
    ("gk groups", "get", GK, None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("gk standings", "get", GK + "standings/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("gk going through", "get", GK + "going-through/", None,
     {**DIRECTOR_ONLY, "director": 200}),
    # The knockout stage: round 1 of the groups is in play, so confirming who goes through
    # (or drawing a tie) is refused and no tie exists yet.
    ("gk going through confirm", "post", GK + "going-through/confirm/", {},
     {**DIRECTOR_ONLY, "director": 409}),
    # No draw before every group game counts: a 400 naming the pairs.
    ("gk going through draw", "post", GK + "going-through/draw/", {"pairs": [1, 2]},
     {**DIRECTOR_ONLY, "director": 400}),
    ("gk knockout", "get", GK + "knockout/", None, {**RESULTS_UNPUBLISHED, "director": 200}),
    ("gk knockout game", "post", GK + "knockout/rounds/1/ties/1/games/",
     {"first_points": 60, "second_points": 40}, {**DIRECTOR_ONLY, "director": 404}),
    ("gk final ranking", "get", GK + "final-ranking/", None,
     {**RESULTS_UNPUBLISHED, "director": 200}),
    # A pair's knockout games: none yet, so there is nothing to report; {entry} is no
    # knockout report, so confirming or disputing it is unknown.
    ("gk captain knockout", "get", CAPTAIN + "groups/knockout/", None,
     {**NO_LINK, "same_table": 200, "other_table": 200}),
    ("gk captain knockout report", "post", CAPTAIN + "groups/knockout/",
     {"first_points": 60, "second_points": 40},
     {**NO_LINK, "same_table": 409, "other_table": 409}),
    ("gk captain knockout confirm", "post", CAPTAIN + "groups/knockout/{entry}/confirm/",
     None, {**NO_LINK, "same_table": 404, "other_table": 404}),
    ("gk captain knockout dispute", "post", CAPTAIN + "groups/knockout/{entry}/dispute/",
     {"comment": "No"}, {**NO_LINK, "same_table": 404, "other_table": 404}),
    # Shared endpoints on a groups championship: the format answers (the next group round
    # waits for round 1 to close).
    ("gk championship", "get", C, None, {**DIRECTOR_ONLY, "director": 200}),
    ("gk generate", "post", C + "rounds/generate/", None, {**DIRECTOR_ONLY, "director": 409}),
]
