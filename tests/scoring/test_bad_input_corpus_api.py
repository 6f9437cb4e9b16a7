"""The bad-input corpus over the REST API (/api/v1/): every write endpoint of captains and
directors, fed wrong types, out-of-range and huge numbers, results that break the rules,
unknown or withdrawn teams, deals of another or a closed round, oversized and deeply nested
bodies, odd Unicode, HTML/JS and SQL strings.

Same world and same bar as the forms' corpus (test_bad_input_corpus.py): each case is a 4xx
whose JSON names the field (its key, ``{"points_ns": [...]}``) or says what was refused
(``{"detail": ...}``), and every table of every app has as many rows after as before."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from rest_framework.test import APIClient
from test_bad_input_corpus import _cases as form_cases
from test_bad_input_corpus import _counts as all_counts
from test_bad_input_corpus import (
    one_case_per_address,
    world,  # noqa: F401 (the shared fixture)
)

import engine

pytestmark = pytest.mark.django_db

HUGE = [2**40, 1e309, 99999999999999999999, -(2**63), "1e3", 1.5, True, None, [], {}]
# Names refused for what they hold. (HTML/JS and SQL are fair names: stored as typed and
# escaped where shown, test_escaping.py; here they go to number and choice fields.)
ODD_TEXT = ["Team\u202e", "A\u200bB", "Nul\x00", "\u0301", "\u2066x\u2069", "", "x\x1b[31m"]
# Lone surrogates: JSON carries them, UTF-8 cannot; a refusal that echoes one must still be
# an answer (it was a 500 in choice fields).
SURROGATES = ["\ud800", "x\udfff", "\udbff\udc00\udbff"]


@dataclass
class Case:
    name: str
    url: str
    body: object = field(default_factory=dict)
    field_name: str | None = None  # the key the refusal must name
    text: str | None = None  # or a text the refusal must say
    client: str = "director"  # "director", "captain" (anonymous) or "other" (a director elsewhere)
    method: str = "post"
    status: int | None = None  # a URL no route takes: Django's plain 404, no JSON
    raw: bytes | None = None  # a body sent as is (JSON content type)
    multipart: bool = False


def _counts() -> dict[str, int]:
    # Every table but the captains' write counters: a refused write still counts against
    # the link's limit (scoring/api/throttles.py), by design.
    counts = all_counts()
    counts.pop("scoring.ThrottleCount")
    return counts


def _api_cases(w) -> list[Case]:
    running, open_, drafted = w["running"], w["open"], w["drafted"]
    t, pending, entry_t6 = w["teams"], w["pending"], w["entry_t6"]
    a, b, withdrawn = t[0], t[2], t[5]
    cases: list[Case] = []

    # --- Captains: submit, confirm, dispute, PIN --------------------------------------------
    def cap(team, tail="results/"):
        return f"/api/v1/captain/{team.pk}/{team.link_secret}/{tail}"

    good = {"deal": 5, "contract": "O", "points_ns": 40}
    for name, value in [("points_ns", v) for v in HUGE] + [
        ("points_ns", 73), ("points_ns", -1), ("points_ns", "40; DROP TABLE x"),
        ("points_ns", "<script>alert(1)</script>"), ("points_ns", "４\u200b0"),
        ("points_ew", 40), ("points_ew", 2**40), ("points_ew", "x"),
        ("deal", 2**40), ("deal", 99999999999999999999), ("deal", 1e309), ("deal", "five"),
        ("deal", 0), ("deal", None), ("contract", "Z"), ("contract", "O\u200b"),
        ("contract", None), ("contract", ["O"]), ("breach", "NSEW"), ("breach", {"a": 1}),
        ("contro", "maybe"), ("delegated", 2), ("sant_vicenc", True),
        ("idempotency_key", "k" * 65), ("idempotency_key", ["k"]),
        ("contract", SURROGATES[0]), ("breach", SURROGATES[1]),
        ("idempotency_key", SURROGATES[2]),
    ]:
        cases.append(Case(f"captain submit {name}={value!r}"[:90], cap(b),
                          {**good, name: value}, field_name=name, client="captain"))
    cases.append(Case("captain submit: recontro alone", cap(b), {**good, "recontro": True},
                      field_name="recontro", client="captain"))
    cases.append(Case("captain submit: a deal of a closed round", cap(a), {**good, "deal": 1},
                      text="is closed", client="captain"))
    cases.append(Case("captain submit: a deal of another round", cap(a), {**good, "deal": 99},
                      field_name="deal", client="captain"))
    cases.append(Case("captain submit: withdrawn team", cap(withdrawn), good,
                      text="withdrawn", client="captain"))
    cases.append(Case("captain submit: wrong secret", f"/api/v1/captain/{a.pk}/{'x' * 43}/"
                      "results/", good, text="Not found", client="captain"))
    cases.append(Case("captain submit: unknown team", f"/api/v1/captain/999999/"
                      f"{a.link_secret}/results/", good, text="Not found", client="captain"))
    cases.append(Case("captain submit: huge team number", f"/api/v1/captain/"
                      f"99999999999999999999/{a.link_secret}/results/", good, status=404,
                      client="captain"))
    cases.append(Case("captain submit: nested 1000 deep", cap(b),
                      raw=b'{"deal": ' + b"[" * 1000 + b"]" * 1000 + b"}",
                      text="nested too deeply", client="captain"))
    cases.append(Case("captain submit: a field nested 5,000 deep", cap(b),
                      raw=b'{"deal": ' + b"[" * 5000 + b"]" * 5000 + b"}",
                      field_name="deal", client="captain"))
    cases.append(Case("captain submit: the body nested 5,000 deep", cap(b),
                      raw=b"[" * 5000 + b"]" * 5000, text="nested too deeply",
                      client="captain"))
    cases.append(Case("captain submit: deal of 5,000 digits", cap(b),
                      raw=b'{"deal": ' + b"9" * 5000 + b"}", text="not valid JSON",
                      client="captain"))
    cases.append(Case("captain submit: over 256 KB", cap(b),
                      raw=json.dumps({**good, "x": "y" * 300_000}).encode(),
                      text="too large", client="captain"))
    cases.append(Case("captain submit: not JSON", cap(b), raw=b"{'deal': 5,",
                      text="not valid JSON", client="captain"))
    cases.append(Case("captain submit: bad UTF-8", cap(b), raw=b'{"deal": "\xff\xfe"}',
                      text="not valid JSON", client="captain"))
    cases.append(Case("captain submit: NaN", cap(b), raw=b'{"deal": 5, "points_ns": NaN}',
                      text="not valid JSON", client="captain"))
    cases.append(Case("captain submit: a list body", cap(b), [good], client="captain",
                      field_name="non_field_errors"))
    for value in ("   ", "x" * 2001, None, {"a": 1}, ["no"]):
        cases.append(Case(f"captain dispute comment={str(value)[:12]!r}",
                          cap(b, f"results/{pending.pk}/dispute/"), {"comment": value},
                          field_name="comment", client="captain"))
    cases.append(Case("captain dispute another table's entry",
                      cap(b, f"results/{entry_t6.pk}/dispute/"), {"comment": "no"},
                      text="Not found", client="captain"))
    cases.append(Case("captain confirms another table's entry",
                      cap(b, f"results/{entry_t6.pk}/confirm/"), text="Not found",
                      client="captain"))
    cases.append(Case("captain confirms its own entry", cap(a, f"results/{pending.pk}/confirm/"),
                      text="cannot confirm it", client="captain"))
    cases.append(Case("withdrawn team confirms", cap(withdrawn, f"results/{entry_t6.pk}/confirm/"),
                      text="withdrawn", client="captain"))
    cases.append(Case("captain confirms entry 99999999999999999999",
                      cap(b, "results/99999999999999999999/confirm/"), status=404,
                      client="captain"))
    cases.append(Case("withdrawn team's PIN", cap(t[3], f"results/{entry_t6.pk}/pin/"),
                      {"pin": withdrawn.pin}, text="withdrawn", client="captain"))
    for pin in ("12", "abcd", "١٢٣٤", "12345", "", "' OR '1'='1", 12.5, None, "12\x00"):
        cases.append(Case(f"captain PIN {pin!r}", cap(a, f"results/{pending.pk}/pin/"),
                          {"pin": pin}, field_name="pin", client="captain"))

    # --- Director: championships --------------------------------------------------------------
    champ_good = {"name": "Obert", "deals_per_match": 4}
    for url, method in [("/api/v1/championships/", "post"),
                        (f"/api/v1/championships/{open_.pk}/", "patch")]:
        for name, value in [("name", v) for v in ODD_TEXT] + [
            ("name", "x" * 201), ("name", None), ("name", ["x"]), ("venue", "Casal\x07"),
            ("deals_per_match", "<script>alert(1)</script>"), ("movement", "'; DROP TABLE x; --"),
            ("deals_per_match", 0), ("deals_per_match", 13), ("deals_per_match", 2**40),
            ("deals_per_match", 1e309), ("deals_per_match", 99999999999999999999),
            ("deals_per_match", "abc"), ("rounds_planned", 201), ("rounds_planned", -1),
            ("movement", "knockout"), ("variant", "<b>free</b>"), ("doubling", "2-4-16"),
            ("starts_on", "2026-13-40"), ("results_public", "perhaps"),
        ] + [(name, v) for name in ("movement", "variant", "doubling") for v in SURROGATES]:
            cases.append(Case(f"championship {method} {name}={value!r}"[:90], url,
                              {**champ_good, name: value}, field_name=name, method=method))
    cases.append(Case("championship ends before it starts", "/api/v1/championships/",
                      {**champ_good, "starts_on": "2026-05-02", "ends_on": "2026-05-01"},
                      field_name="ends_on"))
    cases.append(Case("swiss without rounds", "/api/v1/championships/",
                      {**champ_good, "movement": "swiss"}, field_name="rounds_planned"))
    cases.append(Case("lock a started championship's deals",
                      f"/api/v1/championships/{running.pk}/", {"deals_per_match": 3},
                      field_name="deals_per_match", method="patch"))
    cases.append(Case("another director's championship", f"/api/v1/championships/{open_.pk}/",
                      champ_good, text="Not found", client="other", method="patch"))
    cases.append(Case("publish: not a boolean", f"/api/v1/championships/{open_.pk}/publish/",
                      {"public": "sí"}, field_name="public"))

    # --- Director: teams (add, partial update, import) ------------------------------------
    teams_url = f"/api/v1/championships/{open_.pk}/teams/"
    team1 = open_.teams.get(number=1)
    team_url = f"{teams_url}{team1.pk}/"
    team_good = {"name": "Nou", "player1": "A", "player2": "B"}
    for name, value in [("name", v) for v in ODD_TEXT] + [
        ("number", 0), ("number", -5), ("number", "abc"), ("number", 1.5), ("number", 2**40),
        ("number", 1e309), ("number", 99999999999999999999), ("number", 10000),
        ("number", 1), ("number", "1 OR 1=1"), ("number", "<script>"), ("name", "n" * 121), ("name", "ELS  manilles"), ("name", ["x"]),
        ("club", "Club\x1b[31m"), ("player1", ""), ("player1", "\ufeffPau"),
        ("player2", "Laia\u2066"), ("player2", None),
    ]:
        cases.append(Case(f"team add {name}={value!r}"[:90], teams_url,
                          {**team_good, name: value}, field_name=name))
    for name, value in [("number", 2**40), ("number", "abc"), ("name", "Sota\u202e"),
                        ("name", ""), ("club", "c" * 121), ("player1", "\x00")]:
        cases.append(Case(f"team partial update {name}={value!r}", team_url, {name: value},
                          field_name=name, method="patch"))
    cases.append(Case("team of another championship",
                      f"/api/v1/championships/{open_.pk}/teams/{t[0].pk}/", {"club": "X"},
                      text="Not found", method="patch"))
    imp = f"{teams_url}import/"
    header = "number,name,club,player1,player2\n"
    for label, data, message in [
        ("empty", b"", "empty"),
        ("huge number", (header + "99999999999999999999999,A,,B,C\n").encode(), '"row": 2'),
        ("number as SQL", (header + "1 OR 1=1,A,,B,C\n").encode(), '"field": "number"'),
        ("bidi name", (header + ",X\u202e,,B,C\n").encode(), '"field": "name"'),
        ("same name", (header + ",els manilles,,B,C\n").encode(), "already has this name"),
        ("pdf", b"%PDF-1.4", None),
        ("broken zip", b"PK\x03\x04 broken", None),
    ]:
        suffix = "pdf" if label == "pdf" else "xlsx" if "zip" in label else "csv"
        body = {"file": SimpleUploadedFile(f"t.{suffix}", data)}
        cases.append(Case(f"team import: {label}", imp, body, field_name="file",
                          text=message, multipart=True))
    cases.append(Case("team import: no file", imp, {}, field_name="file", multipart=True))
    cases.append(Case("team import: JSON instead of a file", imp, {"file": "teams.csv"},
                      text="Unsupported media type"))

    # --- Director: rounds -----------------------------------------------------------------
    d, r = f"/api/v1/championships/{drafted.pk}/", f"/api/v1/championships/{running.pk}/"
    cases += [
        Case("generate: schedule exists", f"{d}rounds/generate/", text="schedule"),
        Case("generate: another director", f"{d}rounds/generate/", text="Not found",
             client="other"),
        Case("release: a round out of order", f"{d}rounds/3/release/", text="round 2 first"),
        Case("release: a released round", f"{d}rounds/1/release/", text="already released"),
        Case("release: no such round", f"{d}rounds/999/release/", text="Not found"),
        Case("release: huge round", f"{d}rounds/99999999999999999999/release/", status=404),
        Case("close: a drafted round", f"{d}rounds/2/close/", text="released"),
        Case("close: a closed round", f"{r}rounds/1/close/", text="already closed"),
        Case("reopen: a released round", f"{r}rounds/2/reopen/", text="closed"),
        Case("discard: another director", f"{d}rounds/discard/", text="Not found",
             client="other"),
    ]
    for name, value in [("team_a", 2**40), ("team_a", "abc"), ("team_a", 0),
                        ("team_b", 1e309), ("team_b", None)]:
        cases.append(Case(f"swap teams {name}={value!r}", f"{d}rounds/2/swap-teams/",
                          {"team_a": 1, "team_b": 2, name: value}, field_name=name))
    cases.append(Case("swap teams: unknown team", f"{d}rounds/2/swap-teams/",
                      {"team_a": 1, "team_b": 999}, text="Not found"))
    cases.append(Case("swap teams: a released round", f"{d}rounds/1/swap-teams/",
                      {"team_a": 1, "team_b": 2}, text="has been released"))
    for name, value in [("table_a", 99999999999999999999), ("table_b", "1 OR 1=1"),
                        ("table_a", -1)]:
        cases.append(Case(f"swap tables {name}={value!r}", f"{d}rounds/2/swap-tables/",
                          {"table_a": 1, "table_b": 2, name: value}, field_name=name))
    cases.append(Case("swap tables: no such table", f"{d}rounds/2/swap-tables/",
                      {"table_a": 1, "table_b": 9}, field_name="table_b"))

    # --- Director: deal import -----------------------------------------------------------
    cards = engine.format_deal(engine.generate_deal(b"api corpus", 1))
    numbers = sorted(drafted.rounds.get(number=2).deals.values_list("number", flat=True))
    other_round = drafted.rounds.get(number=3).deals.order_by("number").first().number
    deals_url = f"{d}rounds/2/deals/import/"
    for label, text in [
        ("empty", ""), ("no number", cards), ("unknown deal", f"999 {cards}"),
        ("deal of another round", f"{other_round} {cards}"),
        ("the same line twice", f"{numbers[0]} {cards}\n{numbers[0]} {cards}"),
        ("script", f"{numbers[0]} <script>alert(1)</script>"),
        ("SQL", f"{numbers[0]} N:'; DROP TABLE tournaments_deal; --"),
        ("huge number", f"99999999999999999999 {cards}"),
        ("NUL", f"{numbers[0]} {cards}\x00"), ("too long", "x" * 100_001),
    ]:
        cases.append(Case(f"deal import: {label}", deals_url, {"text": text}, field_name="text"))
    cases.append(Case("deal import: not text", deals_url, {"text": ["1"]}, field_name="text"))
    cases.append(Case("deal import: a released round", f"{d}rounds/1/deals/import/",
                      {"text": f"1 {cards}"}, field_name="text"))

    # --- Director: results (enter/override, confirm, adjust, clear) ------------------------
    cell = f"{r}rounds/2/results/1/5/"
    enter = {"contract": "O", "points_ns": 40, "note": "Slip"}
    for name, value in [("points_ns", v) for v in HUGE] + [
        ("points_ns", 73), ("points_ew", 40), ("contract", ""), ("note", "  "),
        ("note", "n" * 2001), ("sant_vicenc", True), ("breach", "all"),
    ]:
        cases.append(Case(f"director enter {name}={value!r}"[:90], f"{cell}enter/",
                          {**enter, name: value}, field_name=name))
    # (A director may correct a closed round, rules.md 6; not a drafted one.)
    cases.append(Case("director enter: a drafted round", f"{d}rounds/2/results/1/{numbers[0]}/"
                      "enter/", enter, text="not been released"))
    cases.append(Case("director enter: a deal of another round", f"{r}rounds/2/results/1/1/"
                      "enter/", enter, text="Not found"))
    cases.append(Case("director enter: another director", f"{cell}enter/", enter,
                      text="Not found", client="other"))
    for value in (2**40, 99999999999999999999, 1e309, "²", 0, None):
        cases.append(Case(f"director confirm entry={value!r}", f"{cell}confirm/",
                          {"entry": value}, field_name="entry"))
    cases.append(Case("director confirm another table's entry", f"{cell}confirm/",
                      {"entry": entry_t6.pk}, text="Not found"))
    adjust = {"side": "NS", "kind": "custom", "value": "1.2", "reason": "Slow play"}
    for value in ("Infinity", "-Inf", "1e-100000", "1.0000000000000000000001",
                  "1/99999999999999999999", "1/3000000000", "2.5", "²", "1/0", "'; DROP --",
                  2**40, "9" * 21):
        cases.append(Case(f"adjust value {value!r}", f"{cell}adjust/", {**adjust, "value": value},
                          field_name="value"))
    for name, value in [("side", "NW"), ("kind", "generous"), ("reason", ""),
                        ("reason", "<script>" * 300)] + [
                        (name, v) for name in ("side", "kind") for v in SURROGATES]:
        cases.append(Case(f"adjust {name}={value[:12]!r}", f"{cell}adjust/",
                          {**adjust, name: value}, field_name=name))
    for name, value in [("side", "both"), ("side", None), ("reason", "  "),
                        ("side", SURROGATES[0])]:
        cases.append(Case(f"clear adjustment {name}={value!r}", f"{cell}clear-adjustment/",
                          {"side": "NS", "reason": "Mistake", name: value}, field_name=name))
    cases.append(Case("clear adjustment: none there", f"{cell}clear-adjustment/",
                      {"side": "NS", "reason": "Mistake"}, text="adjusted"))
    return cases


def _send(client: APIClient, case: Case):
    call = getattr(client, case.method)
    if case.raw is not None:
        return call(case.url, case.raw, content_type="application/json")
    if case.multipart:
        return call(case.url, case.body, format="multipart")
    # 1e309 is a number JSON can carry but Python reads as infinity: send the digits.
    text = re.sub(r'(?<!")Infinity(?!")', "1e309", json.dumps(case.body, allow_nan=True))
    return call(case.url, text.encode(), content_type="application/json")


@pytest.mark.parametrize("every", [
    pytest.param(True, marks=pytest.mark.exhaustive, id="every case"),
    pytest.param(False, id="one case per address"),
])
def test_bad_input_corpus_api(every, world, director, django_user_model, settings,  # noqa: F811
                              capsys):
    settings.API_CAPTAIN_WRITES = 10_000  # the corpus is not a flood
    director_api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    director_api.force_login(director)
    other = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    other.force_login(django_user_model.objects.get(username="outsider"))
    clients = {"director": director_api, "other": other,
               "captain": APIClient(HTTP_ACCEPT_LANGUAGE="en")}
    # The forms' and imports' corpus, counted (built and rolled back: it adds a team).
    with transaction.atomic():
        forms = len(form_cases(world))
        transaction.set_rollback(True)
    cases = _api_cases(world)
    assert len(cases) >= 150
    if not every:
        cases = one_case_per_address(cases, lambda case: (case.url, case.method, case.client))
    failures = []
    for case in cases:
        before = _counts()
        response = _send(clients[case.client], case)
        after = _counts()
        problems = []
        if after != before:
            problems.append(f"rows written: {[k for k in after if after[k] != before[k]]}")
        if not 400 <= response.status_code < 500:
            problems.append(f"status {response.status_code}")
        if case.status is not None:
            if response.status_code != case.status:
                problems.append(f"status {response.status_code}, expected {case.status}")
            if problems:
                failures.append(f"{case.name}: {'; '.join(problems)}")
            continue
        try:
            body = response.json()
        except ValueError:
            body = None
            problems.append("not a JSON answer")
        shown = json.dumps(body, ensure_ascii=False)
        if case.field_name is not None and not (isinstance(body, dict) and case.field_name in body):
            problems.append(f"{case.field_name!r} not named: {shown[:200]}")
        if case.text is not None and case.text not in shown:
            problems.append(f"{case.text!r} not said: {shown[:200]}")
        if case.field_name is None and case.text is None:
            problems.append("the case checks no message")
        if problems:
            failures.append(f"{case.name}: {'; '.join(problems)}")
    with capsys.disabled():
        print(f"\nbad-input corpus: {forms} form and import cases + {len(cases)} API cases = "
              f"{forms + len(cases)} cases; API: {len(cases) - len(failures)} refused cleanly "
              "with nothing written")
    assert not failures, "\n".join(failures)
