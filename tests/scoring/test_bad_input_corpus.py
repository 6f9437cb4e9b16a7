"""The bad-input corpus: every form and import of the site, fed wrong types, out-of-range and
huge numbers, results that break the rules, unknown or withdrawn teams, deals of another or a
closed round, oversized input, odd Unicode, HTML/JS and SQL strings, and malformed files.

Each case must be refused with a 4xx or a form error, with a message that names the field, and
must write nothing: every table of every app is counted before and after. (The API's cases
join this table when the new API lands.)"""

from __future__ import annotations

import html
import sys

import pytest
from bad_input_cases import Case, free_deal_cases
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from scoring_factories import make_championship, make_round, result, teams_of
from table_counts import count_rows

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.rounds import generate_schedule

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parents[1] / "tournaments"))
import hostile_files  # noqa: E402

import engine  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Round, Team  # noqa: E402

pytestmark = pytest.mark.django_db

HEADER = "number,name,club,player1,player2\n"
HOSTILE_TEXT = [
    "<script>alert(1)</script>", "'; DROP TABLE tournaments_team; --", "1 OR 1=1",
    "\u202e27", "４\u200b0", "1e2", "NaN", "0x10", "99999999999999999999999", "-1", "",
]


def _counts() -> dict[str, int]:
    return count_rows(apps.get_models())


@pytest.fixture
def world(director, django_user_model):
    """A running championship (round 1 closed, round 2 released, team 6 withdrawn, one
    pending entry), a championship open for teams, and one with drafted rounds."""
    running = make_championship(teams=6, director=director, name="Running")
    t = teams_of(running)
    make_round(running, 1, [(t[0], t[1]), (t[2], t[3]), (t[4], t[5])],
               status=Round.Status.CLOSED)
    round2 = make_round(running, 2, [(t[0], t[2]), (t[1], t[4]), (t[3], t[5])])
    Team.objects.filter(pk=t[5].pk).update(withdrawn=True)
    t[5].refresh_from_db()
    deal5 = round2.deals.get(number=5)
    table1 = round2.tables.get(number=1)
    pending, _ = pairs_services.submit_result(team=t[0], table=table1, deal=deal5,
                                                data=result(points_ns=40), idempotency_key=None)
    entry_t6 = pairs_services.submit_result(
        team=t[3], table=round2.tables.get(number=3), deal=deal5, data=result(points_ns=30),
        idempotency_key=None)[0]
    open_ = services.create_championship(director, name="Open for teams")
    services.add_team(open_, number=1, name="Els Manilles", player1="Pau", player2="Laia")
    drafted = services.create_championship(director, name="Drafted", deals_per_match=2)
    for i in range(1, 5):
        services.add_team(drafted, name=f"Team {i}", player1="A", player2="B")
    generate_schedule(drafted)
    services.release_round(drafted.rounds.get(number=1))
    django_user_model.objects.create_user("outsider", password="a-long-passphrase-9")
    # A free-deal tournament (rules.md 11) of five pairs: round 1 in play, one pair with the bye.
    free_deal = services.create_championship(director, name="Lliure", format="free_deal_pairs",
                                             rounds_planned=5)
    for i in range(1, 6):
        services.add_team(free_deal, name=f"Parella {i}", player1="A", player2="B")
    (fd_round,) = services.generate_next_round(free_deal)
    services.release_round(fd_round)
    # An individual championship and an evening (rules.md 10), round 1 in play.
    from formats.abarrotada import services as abarrotada

    individual = services.create_championship(director, name="Abarrotada", format="abarrotada",
                                              rounds_planned=2, deals_per_match=2)
    evening = services.create_championship(director, name="Vespre", format="abarrotada_free",
                                           rounds_planned=2)
    for championship in (individual, evening):
        for i in range(1, 9):
            abarrotada.add_player(championship, name=f"Jugador {i}")
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_)
    return {"running": running, "teams": t, "round2": round2, "pending": pending,
            "entry_t6": entry_t6, "open": open_, "drafted": drafted, "free_deal": free_deal,
            "fd_round": fd_round, "individual": individual, "evening": evening}


def _cases(w) -> list[Case]:
    running, open_, drafted = w["running"], w["open"], w["drafted"]
    t, pending = w["teams"], w["pending"]
    cases: list[Case] = []

    # --- Championship form (new and edit) --------------------------------------------------
    good = {"name": "Obert", "movement": "round_robin", "deals_per_match": "4",
            "variant": "eastern", "doubling": "2-4-8"}
    create = reverse("tournaments:director_create")
    edit = reverse("tournaments:director_edit", args=[open_.pk])
    for url in (create, edit):
        for field_name, value in [
            ("name", ""), ("name", "x" * 201), ("name", "Obert\u202e"), ("name", "\u200b"),
            ("name", "Obert\x00"), ("name", "\u0301"),
            ("venue", "Casal\x07"), ("venue", "v" * 201),
            ("deals_per_match", "0"), ("deals_per_match", "13"), ("deals_per_match", "abc"),
            ("deals_per_match", "99999999999999999999"), ("deals_per_match", "1e3"),
            ("deals_per_match", "<script>alert(1)</script>"),
            ("movement", "knockout"), ("movement", "'; DROP TABLE x; --"),
            ("variant", "<b>free</b>"), ("doubling", "2-4-16"),
            ("starts_on", "2026-13-40"), ("ends_on", "yesterday"),
        ]:
            cases.append(Case(f"championship {field_name}={value!r}", url,
                              {**good, field_name: value}, form="form", field_name=field_name))
    cases.append(Case("championship ends before it starts", create,
                      {**good, "starts_on": "2026-05-02", "ends_on": "2026-05-01"},
                      form="form", field_name="ends_on"))
    cases.append(Case("swiss without rounds", create, {**good, "movement": "swiss"},
                      form="form", field_name="rounds_planned"))
    cases.append(Case("swiss with 201 rounds", create,
                      {**good, "movement": "swiss", "rounds_planned": "201"},
                      form="form", field_name="rounds_planned"))
    cases.append(Case("another director's championship", reverse(
        "tournaments:director_edit", args=[open_.pk]), good, client="other", status=404))

    # --- Team form (add and edit) ------------------------------------------------------------
    team_good = {"name": "Nou", "club": "", "player1": "A", "player2": "B"}
    add = reverse("tournaments:director_teams", args=[open_.pk])
    team1 = open_.teams.get(number=1)
    edit_team = reverse("tournaments:director_team_edit", args=[open_.pk, team1.pk])
    for field_name, value in [
        ("number", "0"), ("number", "-5"), ("number", "abc"), ("number", "1.5"),
        ("number", "1180591620717411303424"), ("number", "10000"), ("number", "1"),
        ("name", ""), ("name", "n" * 121), ("name", "ELS  manilles"), ("name", "\u202eX"),
        ("name", "A\u200dB"), ("name", "\u0301"), ("club", "Club\x1b[31m"), ("club", "c" * 121),
        ("player1", ""), ("player1", "\ufeffPau"), ("player2", "Laia\u2066"),
    ]:
        cases.append(Case(f"team add {field_name}={value!r}", add, {**team_good, field_name: value},
                          form="form", field_name=field_name))
    services.add_team(open_, number=2, name="Sota", player1="C", player2="D")
    for field_name, value in [("number", "2"), ("name", "sota"), ("player2", "")]:
        cases.append(Case(f"team edit {field_name}={value!r}", edit_team,
                          {"number": "1", "name": "Els Manilles", "player1": "Pau",
                           "player2": "Laia", field_name: value},
                          form="form", field_name=field_name))
    cases.append(Case("team of another championship", reverse(
        "tournaments:director_team_edit", args=[open_.pk, t[0].pk]), team_good, status=404))

    # --- Team import ---------------------------------------------------------------------------
    imp = reverse("tournaments:director_team_import", args=[open_.pk])

    def upload(name, data):
        return {"file": SimpleUploadedFile(name, data)}

    files = [
        ("empty", "t.csv", b"", "The submitted file is empty."),
        ("header only", "t.csv", HEADER.encode(), "header row but no entrants"),
        ("unknown column", "t.csv", b"name,player1,player2,age\nA,B,C,4\n", "Unknown column"),
        ("missing column", "t.csv", b"name,player1\nA,B\n", "missing: player2"),
        ("latin-1", "t.csv", (HEADER + "1,Café,,À,B\n").encode("latin-1"), "not UTF-8"),
        ("NUL byte", "t.csv", b"name,player1,player2\nA\x00,B,C\n", "not a CSV text file"),
        ("pdf", "t.pdf", b"%PDF-1.4", "Upload a CSV"),
        ("huge number", "t.csv", (HEADER + "99999999999999999999999,A,,B,C\n").encode(),
         "Row 2, number: The number must be at most 9999."),
        ("number as SQL", "t.csv", (HEADER + "1 OR 1=1,A,,B,C\n").encode(), "Row 2, number:"),
        ("number as script", "t.csv", (HEADER + "<script>,A,,B,C\n").encode(), "Row 2, number:"),
        ("zero", "t.csv", (HEADER + "0,A,,B,C\n").encode(), "Row 2, number:"),
        ("taken number", "t.csv", (HEADER + "1,A,,B,C\n").encode(), "Row 2, number:"),
        ("same name", "t.csv", (HEADER + ",els manilles,,B,C\n").encode(), "Row 2, name:"),
        ("twice in file", "t.csv", (HEADER + ",X,,B,C\n,x,,D,E\n").encode(), "Row 3, name:"),
        ("bidi name", "t.csv", (HEADER + ",X\u202e,,B,C\n").encode(), "Row 2, name:"),
        ("zero-width player", "t.csv", (HEADER + ",X,,\u200b,C\n").encode(), "Row 2, player1:"),
        ("long club", "t.csv", (HEADER + ",X," + "c" * 121 + ",B,C\n").encode(), "Row 2, club:"),
        ("no player", "t.csv", (HEADER + ",X,,,C\n").encode(), "Row 2, player1:"),
        ("field over csv limit", "t.csv", (HEADER + ',"' + "x" * 140_000 + '",,B,C\n').encode(),
         "cannot be read"),
        ("over 2 MB", "t.csv", HEADER.encode() + b",A,,B,C\n" * 300_000, "too large"),
        ("broken zip", "t.xlsx", b"PK\x03\x04 broken", "not a readable Excel"),
        ("truncated sheet", "t.xlsx", hostile_files.truncated_sheet(), "not a readable Excel"),
        ("entity expansion", "t.xlsx", hostile_files.entity_expansion(), "not a readable Excel"),
        ("external entity", "t.xlsx", hostile_files.external_entity(), "not a readable Excel"),
        ("absurd reference", "t.xlsx", hostile_files.absurd_reference(), "not a readable Excel"),
        ("notanumber cell", "t.xlsx", hostile_files.not_a_number(), "not a readable Excel"),
        ("shared string", "t.xlsx", hostile_files.shared_string_out_of_range(),
         "not a readable Excel"),
        ("no sheet", "t.xlsx", hostile_files.no_sheet(), "no sheet"),
        ("far cell", "t.xlsx", hostile_files.far_reference(), "more than 5000 rows"),
        ("zip bomb", "t.xlsx", hostile_files.huge_string(100), "unpacks to more than"),
    ]
    for label, name, data, message in files:
        cases.append(Case(f"team import: {label}", imp, upload(name, data), form="form",
                          field_name="file", text=message))
    cases.append(Case("team import: no file", imp, {}, form="form", field_name="file"))

    # --- Deal import -----------------------------------------------------------------------
    deal_url = reverse("tournaments:director_round_deal_import", args=[drafted.pk, 2])
    released_url = reverse("tournaments:director_round_deal_import", args=[drafted.pk, 1])
    cards = engine.format_deal(engine.generate_deal(b"corpus", 1))
    hands = cards[2:].split()
    numbers = sorted(drafted.rounds.get(number=2).deals.values_list("number", flat=True))
    first, second = numbers[0], numbers[1]
    other_round = drafted.rounds.get(number=3).deals.order_by("number").first().number
    for label, text, message in [
        ("empty", "", None),
        ("no number", cards, "Line 1:"),
        ("unknown deal", f"999 {cards}", "Line 1: deal 999"),
        ("deal of another round", f"{other_round} {cards}", f"Line 1: deal {other_round}"),
        ("the same line twice", f"{first} {cards}\n{first} {cards}", "Line 2:"),
        ("the same cards twice", f"{first} {cards}\n{second} {cards}", "the same cards"),
        ("a card twice", f"{first} N:" + " ".join([hands[0], hands[0], hands[2], hands[3]]),
         "appears twice"),
        ("short hand", f"{first} N:" + " ".join([hands[0][:-1], *hands[1:]]), "Line 1:"),
        ("script", f"{first} <script>alert(1)</script>", "Line 1:"),
        ("SQL", f"{first} N:'; DROP TABLE tournaments_deal; --", "Line 1:"),
        ("huge number", f"9999999999 {cards}", "Line 1:"),
    ]:
        cases.append(Case(f"deal import: {label}", deal_url, {"text": text}, form="form",
                          field_name="text", text=message))
    cases.append(Case("deal import: released round", released_url,
                      {"text": f"1 {cards}"}, form="form", field_name="text",
                      text="has been released"))

    # --- Co-directors, swaps ---------------------------------------------------------------
    add_dir = reverse("tournaments:director_add_director", args=[open_.pk])
    for value, message in [("nobody", "no active user called"), ("", "Enter a username."),
                           ("u" * 151, "Enter a username."),
                           ("' OR 1=1 --", "no active user called")]:
        cases.append(Case(f"add director {value[:12]!r}", add_dir, {"username": value},
                          text=message))
    swap = reverse("tournaments:director_swap_tables", args=[drafted.pk, 2])
    for a, b in [("0", "1"), ("1", "99999999999"), ("abc", "1"), ("1", "")]:
        cases.append(Case(f"swap tables {a!r} {b!r}", swap, {"table_a": a, "table_b": b},
                          text="Enter two table numbers."))
    swap_teams = reverse("tournaments:director_swap_teams", args=[drafted.pk, 2])
    cases.append(Case("swap a team of another championship", swap_teams,
                      {"team_a": t[0].pk, "team_b": t[1].pk}, text="Choose two pairs."))

    # --- Director's cell: override, adjust, confirm ------------------------------------------
    cell = reverse("duplicate_pairs:cell", args=[running.pk, 2, 1, 5])
    override = {"action": "override", "r-contract": "O", "r-points_ns": "40",
                "r-breach": "none", "r-note": "Slip"}
    for label, changes, message in [
        ("points 73", {"r-points_ns": "73"}, "NS points"),
        ("points -1", {"r-points_ns": "-1"}, "NS points"),
        ("points text", {"r-points_ns": "<script>alert(1)</script>"}, "NS points"),
        ("points huge", {"r-points_ns": "99999999999999999999999"}, "NS points"),
        ("points not 72", {"r-points_ew": "40"}, "EW points"),
        ("no contract", {"r-contract": ""}, "Contract"),
        ("bad contract", {"r-contract": "X"}, "Contract"),
        ("Sant Vicenç", {"r-sant_vicenc": "on"}, "Sant Vicenç"),
        ("recontro alone", {"r-recontro": "on"}, "econtro"),
        ("bad breach", {"r-breach": "all"}, "Rule breach"),
        ("no reason", {"r-note": "  "}, "Reason"),
    ]:
        cases.append(Case(f"director override: {label}", cell, {**override, **changes},
                          text=message))
    adjust = {"action": "adjust", "a-side": "NS", "a-kind": "custom", "a-value": "1.2",
              "a-reason": "Slow play"}
    for value in ("Infinity", "-Inf", "1e-100000", "1e-10000000", "1.0000000000000000000001",
                  "1/99999999999999999999", "1/3000000000", "2.5", "²", "1/0", "'; DROP --"):
        cases.append(Case(f"adjust value {value!r}", cell, {**adjust, "a-value": value},
                          form="adjustment_form", field_name="value"))
    for field_name, value in [("a-side", "NW"), ("a-kind", "generous"), ("a-reason", "")]:
        cases.append(Case(f"adjust {field_name}={value!r}", cell, {**adjust, field_name: value},
                          form="adjustment_form", field_name=field_name[2:]))
    for entry in ("²", "99999999999999999999999", "abc", str(w["entry_t6"].pk), "1e3",
                  "0x10", "\x00", "9" * 5000):
        cases.append(Case(f"director confirm entry={entry!r}", cell,
                          {"action": "confirm", "entry": entry}, status=404))
    cases.append(Case("director unknown action", cell, {"action": "<script>"},
                      text="Unknown action."))
    cases.append(Case("director clear without reason", cell,
                      {"action": "clear", "side": "NS", "reason": ""}, text="Reason"))
    cases.append(Case("cell of a deal of another round", reverse(
        "duplicate_pairs:cell", args=[running.pk, 2, 1, 1]), override, status=404))
    cases.append(Case("cell of another director", cell, override, client="other", status=404))

    # --- Captains --------------------------------------------------------------------------
    a, b, withdrawn = t[0], t[2], t[5]

    def submit(team, deal=5):
        return reverse("duplicate_pairs:captain_submit", args=[team.pk, team.link_secret, deal])

    entry = {"d5-contract": "O", "d5-points_ns": "40", "d5-breach": "none"}
    for label, changes, message in [
        ("points 73", {"d5-points_ns": "73"}, "NS points"),
        ("points -3", {"d5-points_ns": "-3"}, "NS points"),
        ("points empty", {"d5-points_ns": ""}, "NS points"),
        ("points text", {"d5-points_ns": "forty"}, "NS points"),
        ("points SQL", {"d5-points_ns": "40; DROP TABLE x"}, "NS points"),
        ("points huge", {"d5-points_ns": "1" * 5000}, "NS points"),
        ("points float", {"d5-points_ns": "40.5"}, "NS points"),
        ("points not 72", {"d5-points_ew": "40"}, "EW points"),
        ("EW text", {"d5-points_ew": "<img src=x onerror=alert(1)>"}, "EW points"),
        ("contract missing", {"d5-contract": ""}, "Contract"),
        ("contract unknown", {"d5-contract": "Z"}, "Contract"),
        ("Sant Vicenç", {"d5-sant_vicenc": "on"}, "Sant Vicenç"),
        ("recontro alone", {"d5-recontro": "on"}, "econtro"),
        ("breach unknown", {"d5-breach": "NSEW"}, "Rule breach"),
        ("form key of 65 characters", {"d5-idempotency_key": "k" * 65}, "Form key"),
    ]:
        cases.append(Case(f"captain submit: {label}", submit(b), {**entry, **changes},
                          client="captain", text=message))
    cases.append(Case("captain submit: a deal of a closed round", submit(a, 1),
                      {**{k.replace("d5", "d1"): v for k, v in entry.items()}},
                      client="captain", text="is closed"))
    cases.append(Case("captain submit: no such deal", submit(a, 999), entry, client="captain",
                      status=404))
    cases.append(Case("captain submit: huge deal number", f"/t/{a.pk}/{a.link_secret}/deals/"
                      "99999999999999999999999/", entry, client="captain", status=404))
    cases.append(Case("captain submit: withdrawn team", submit(withdrawn), entry,
                      client="captain", text="withdrawn"))
    cases.append(Case("captain submit: wrong secret", f"/t/{a.pk}/{'x' * 43}/deals/5/", entry,
                      client="captain", status=404))
    cases.append(Case("captain submit: unknown team", f"/t/999999/{a.link_secret}/deals/5/",
                      entry, client="captain", status=404))
    cases.append(Case("captain submit: odd unicode link", f"/t/{a.pk}/\u202e{a.link_secret}/"
                      "deals/5/", entry, client="captain", status=404))

    def entry_url(view, team, entry_id):
        return reverse(f"duplicate_pairs:{view}", args=[team.pk, team.link_secret, entry_id])

    cases += [
        Case("dispute without a comment", entry_url("captain_dispute", b, pending.pk),
             {"x5-comment": "   "}, client="captain", text="Comment"),
        Case("dispute with 2001 characters", entry_url("captain_dispute", b, pending.pk),
             {"x5-comment": "x" * 2001}, client="captain", text="2000"),
        Case("dispute another table's entry", entry_url("captain_dispute", b, w["entry_t6"].pk),
             {"x5-comment": "no"}, client="captain", status=404),
        Case("confirm another table's entry", entry_url("captain_confirm", b, w["entry_t6"].pk),
             {}, client="captain", status=404),
        Case("confirm own entry", entry_url("captain_confirm", a, pending.pk), {},
             client="captain", text="cannot confirm it"),
        Case("withdrawn team confirms", entry_url("captain_confirm", withdrawn,
                                                  w["entry_t6"].pk), {},
             client="captain", text="withdrawn"),
        Case("withdrawn team's PIN", entry_url("captain_pin", t[3], w["entry_t6"].pk),
             {"p5-pin": withdrawn.pin}, client="captain", text="withdrawn"),
    ]
    for pin in ("12", "abcd", "١٢٣٤", "12345", "", "' OR '1'='1"):
        cases.append(Case(f"PIN {pin!r}", entry_url("captain_pin", a, pending.pk),
                          {"p5-pin": pin}, client="captain", text="PIN"))
    cases.append(Case("PIN on the other team's phone", entry_url("captain_pin", b, pending.pk),
                      {"p5-pin": a.pin}, client="captain", text="PIN"))
    return cases + free_deal_cases(w)


def _explain(response) -> str:
    return html.unescape(response.content.decode(errors="replace"))


def one_case_per_address(cases: list, address) -> list:
    """The corpus cut to what ``make test-fast`` runs: the first case sent to each address
    (each form and import, as each kind of visitor)."""
    first = {}
    for case in cases:
        first.setdefault(address(case), case)
    return list(first.values())


@pytest.mark.parametrize("every", [
    pytest.param(True, marks=pytest.mark.exhaustive, id="every case"),
    pytest.param(False, id="one case per address"),
])
def test_bad_input_corpus(every, world, director_client, django_user_model, capsys):
    clients = {"director": director_client, "captain": Client(headers={"accept-language": "en"})}
    other = Client(headers={"accept-language": "en"})
    other.force_login(django_user_model.objects.get(username="outsider"))
    clients["other"] = other
    for client in clients.values():
        client.raise_request_exception = False  # a 500 is a failure listed with the others
    cases = _cases(world)
    assert len(cases) >= 100
    if not every:
        cases = one_case_per_address(cases, lambda case: (case.url, case.client))
    failures = []
    for case in cases:
        before = _counts()
        response = clients[case.client].post(case.url, case.data, follow=True)
        after = _counts()
        problems = []
        if after != before:
            problems.append(f"rows written: {[k for k in after if after[k] != before[k]]}")
        if case.status is not None:
            if response.status_code != case.status:
                problems.append(f"status {response.status_code}, expected {case.status}")
        else:
            body = _explain(response)
            if response.status_code >= 500:
                problems.append(f"status {response.status_code}")
            if case.form is not None:
                form = response.context and response.context.get(case.form)
                if form is None or case.field_name not in form.errors:
                    problems.append(f"no error on {case.form}.{case.field_name}: "
                                    f"{form.errors if form is not None else 'no form'}")
            if case.text is not None and case.text not in body:
                problems.append(f"{case.text!r} not shown")
        if problems:
            failures.append(f"{case.name}: {'; '.join(problems)}")
    with capsys.disabled():
        print(f"\nbad-input corpus: {len(cases)} cases, {len(cases) - len(failures)} refused "
              "cleanly with nothing written")
    assert not failures, "\n".join(failures)
