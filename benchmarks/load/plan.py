"""The duplicate burst's requests, each with its scheduled send time (deterministic for a
seed), and the duplicate captain API's paths and answers.

Per table (times drawn uniformly in the window and sorted, so that each table's requests
come in a plausible order): both captains read their tables; then for each deal the
entering captain submits it, and the other captain reads its results and confirms it.
About 5 % of submissions and confirmations are sent a second time shortly after (the same
idempotency key; the same entry), and a few bad requests are mixed in, each of which must
be refused with a 4xx and write nothing.
"""

from __future__ import annotations

import math
import random

from benchmarks.load.schedule import (
    Action,
    Plan,
    add_duplicates,
    finish,
    key_maker,
    mangled,
    missing_entry,
    self_confirmation,
)

CONTRACTS = ("O", "C", "E", "B", "BOT")
BAD_KINDS = ("bad_points", "bad_deal", "bad_secret", "bad_entry", "bad_self_confirm")
UNKNOWN_DEAL = 9999

# The report's request types.
TYPES = ("tables", "results list", "submit", "confirm", "duplicate", "bad")
KIND_TYPE = {
    "tables": "tables",
    "results": "results list",
    "submit": "submit",
    "confirm": "confirm",
    "dup_submit": "duplicate",
    "dup_confirm": "duplicate",
    **{kind: "bad" for kind in BAD_KINDS},
}


def describe(tables: int) -> str:
    return f"{2 * tables} teams, 4 deals a match"


def check_spec(plan: Plan, build: dict) -> dict:
    """What the database check (``check``) needs to know of the burst."""
    return {
        "championship": build["championship"],
        "round": build["round"],
        "deals": build["deals"],
        "tables": [t["number"] for t in build["tables"]],
        "expected": plan.expected,
        "bad_keys": plan.bad_keys,
    }


def _result(rng: random.Random, deal: int, key: str) -> dict:
    return {
        "deal": deal,
        "contract": rng.choice(CONTRACTS),
        "points_ns": rng.randint(0, 72),
        "contro": rng.random() < 0.1,
        "idempotency_key": key,
    }


def make_plan(build: dict, duration: float, seed: int) -> Plan:
    rng = random.Random(seed)
    deals = build["deals"]
    new_key = key_maker(rng, build["championship"])

    actions: list[Action] = []
    expected: dict[str, dict] = {}
    pairs: dict[tuple[int, int], tuple[Action, Action]] = {}  # (table, deal): submit, confirm
    for table in build["tables"]:
        number = table["number"]
        enter, other = (table["ns"], table["ew"]) if rng.random() < 0.5 else (table["ew"], table["ns"])
        times = sorted(rng.uniform(0, duration) for _ in range(2 + 3 * len(deals)))
        first, second = (enter, other) if rng.random() < 0.5 else (other, enter)
        for at, team in zip(times[:2], (first, second), strict=True):
            actions.append(Action(at, "tables", number, team["id"], team["secret"]))
        for i, deal in enumerate(deals):
            t_submit, t_results, t_confirm = times[2 + 3 * i: 5 + 3 * i]
            body = _result(rng, deal, new_key())
            expected[f"{number}:{deal}"] = body
            submit = Action(t_submit, "submit", number, enter["id"], enter["secret"], deal, body,
                            expect=(201, 200))
            results = Action(t_results, "results", number, other["id"], other["secret"])
            confirm = Action(t_confirm, "confirm", number, other["id"], other["secret"], deal,
                             source=submit)
            actions += [submit, results, confirm]
            pairs[(number, deal)] = (submit, confirm)

    add_duplicates(actions, rng)

    # Bad requests: refused with a 4xx, nothing written.
    bad_keys: list[str] = []
    count = max(len(BAD_KINDS), math.ceil(len(build["tables"]) / 10))
    for i in range(count):
        kind = BAD_KINDS[i % len(BAD_KINDS)]
        table = rng.choice(build["tables"])
        deal = rng.choice(deals)
        submit, confirm = pairs[(table["number"], deal)]
        team = table[rng.choice(("ns", "ew"))]
        at = rng.uniform(0, duration)
        if kind == "bad_self_confirm":
            bad = self_confirmation(rng, submit, confirm)
        elif kind == "bad_entry":
            bad = missing_entry(at, table["number"], team)
        else:
            key = new_key()
            bad_keys.append(key)
            body = _result(rng, deal, key)
            secret, expect = team["secret"], (400,)
            if kind == "bad_points":
                body["points_ns"] = 99
            elif kind == "bad_deal":
                body["deal"] = UNKNOWN_DEAL
            else:  # bad_secret
                secret, expect = mangled(team["secret"]), (404,)
            bad = Action(at, kind, table["number"], team["id"], secret, body["deal"], body,
                         expect=expect)
        actions.append(bad)

    finish(actions, KIND_TYPE)
    return Plan(actions, expected, bad_keys, duration)


class CaptainApi:
    """The duplicate captain API: where each kind of request goes, and what its answers
    must say (a problem note, or ``None``)."""

    reads = ("tables", "results")

    @staticmethod
    def _base(action: Action) -> str:
        return f"/api/v1/captain/{action.team_id}/{action.secret}"

    def read_path(self, action: Action) -> str:
        return f"{self._base(action)}/{action.kind}/"  # tables/ or results/

    def submit_path(self, action: Action) -> str:
        return f"{self._base(action)}/results/"

    def confirm_path(self, action: Action, entry: int) -> str:
        return f"{self._base(action)}/results/{entry}/confirm/"

    def warm_up_paths(self, team: dict) -> list[str]:
        base = f"/api/v1/captain/{team['id']}/{team['secret']}"
        return [f"{base}/tables/", f"{base}/results/"]

    def read(self, action: Action, data) -> tuple[str | None, dict]:
        """A read's problem, and the entry ids it lists: ``(team, table, deal) -> id``."""
        rows = data.get("results", []) if isinstance(data, dict) else []  # one page
        if action.kind == "tables":
            if not any(row.get("table") == action.table and row.get("deals") for row in rows):
                return "tables: the team's table is not listed", {}
            return None, {}
        found: dict[tuple[int, int, int], int] = {}
        for entry in rows:
            if entry.get("table") == action.table:
                key = (action.team_id, action.table, entry["deal"])
                found[key] = max(found.get(key, 0), entry["id"])
        return None, found

    def submitted(self, action: Action, data) -> tuple[str | None, int | None]:
        """A submission's problem, and the id of the entry it stored."""
        sent = action.body
        if (data.get("deal"), data.get("points_ns"), data.get("contract")) != (
            sent["deal"], sent["points_ns"], sent["contract"]
        ):
            return f"{action.kind}: the answer is not the entry sent", None
        return None, data["id"]

    def confirmed(self, action: Action, data) -> str | None:
        if data.get("status") != "confirmed":
            return f"{action.kind}: status {data.get('status')!r}"
        return None
