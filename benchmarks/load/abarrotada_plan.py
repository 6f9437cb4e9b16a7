"""The individual burst's requests (rules.md 10), each with its scheduled send time
(deterministic for a seed), and the players' API paths and answers.

The end of a round of *abarrotada*: every table of four has played the round's deals. Per
table and deal (times drawn uniformly in the window and sorted): a player at the table reads
the table, one player enters the deal, and another player of that table reads it again (the
report's id) and confirms it. Each report is a valid random one: a trump maker, a contract,
sometimes a contro, points that add up to 72. About 5 % of submissions and confirmations are
sent a second time shortly after (the same idempotency key; the same report), and a few bad
requests are mixed in, each of which must be refused with a 4xx and write nothing: points
that do not add up to 72, a contro by the trump maker, a wrong link secret, a report that
does not exist, the entering player confirming their own report.
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
from engine.abarrotada import trump_maker
from engine.dealers import dealer_for
from engine.seats import Seat

CONTRACTS = ("O", "C", "E", "B", "BOT")
BAD_KINDS = ("bad_sum", "bad_contro", "bad_secret", "bad_entry", "bad_self_confirm")
TYPES = ("table", "submit", "confirm", "duplicate", "bad")
KIND_TYPE = {
    "table": "table",
    "submit": "submit",
    "confirm": "confirm",
    "dup_submit": "duplicate",
    "dup_confirm": "duplicate",
    **{kind: "bad" for kind in BAD_KINDS},
}


def describe(tables: int) -> str:
    return f"{4 * tables} players, individual: four a table, 4 deals a round"


def check_spec(plan: Plan, build: dict) -> dict:
    return {
        "championship": build["championship"],
        "round": build["round"],
        "deals": build["deals"],
        "tables": [t["number"] for t in build["tables"]],
        "expected": plan.expected,
        "bad_keys": plan.bad_keys,
    }


def report(rng: random.Random, key: str, deal: int, dealer: Seat = Seat.N) -> dict:
    cuts = sorted(rng.randint(0, 72) for _ in range(3))
    points = [b - a for a, b in zip([0, *cuts], [*cuts, 72], strict=True)]
    maker = rng.choice("NESW")
    contro = "".join(s for s in "NESW" if s != maker and rng.random() < 0.15)
    # The dealer delegated as often as it takes to reach the maker (rules.md 10.1).
    delegations = next(n for n in range(4) if trump_maker(dealer, n).value == maker)
    return {"deal": deal, "maker": maker, "contract": rng.choice(CONTRACTS),
            "points_n": points[0], "points_e": points[1], "points_s": points[2],
            "points_w": points[3], "contro_by": contro, "delegations": delegations,
            "idempotency_key": key}


def dealer_of(build: dict, deal: int) -> Seat:
    """The dealer of ``deal``: the deal's place in its round (the build's one round)."""
    return dealer_for(build["deals"].index(deal) + 1)


def make_plan(build: dict, duration: float, seed: int) -> Plan:
    rng = random.Random(seed)
    new_key = key_maker(rng, build["championship"])
    actions: list[Action] = []
    expected: dict[str, dict] = {}
    cells: dict[tuple[int, int], tuple[Action, Action]] = {}
    for table in build["tables"]:
        number, seats = table["number"], table["seats"]
        for deal in build["deals"]:
            times = sorted(rng.uniform(0, duration) for _ in range(4))
            enterer, confirmer = rng.sample(list(seats), 2)
            who, other = seats[enterer], seats[confirmer]
            actions.append(Action(times[0], "table", number, who["id"], who["secret"], deal))
            body = report(rng, new_key(), deal, dealer_of(build, deal))
            expected[f"{number}:{deal}"] = body
            submit = Action(times[1], "submit", number, who["id"], who["secret"], deal,
                            body=body, expect=(201, 200))
            read = Action(times[2], "table", number, other["id"], other["secret"], deal)
            confirm = Action(times[3], "confirm", number, other["id"], other["secret"], deal,
                             source=submit)
            actions += [submit, read, confirm]
            cells[number, deal] = (submit, confirm)
    add_duplicates(actions, rng)

    bad_keys: list[str] = []
    count = max(len(BAD_KINDS), math.ceil(len(cells) / 40))
    for i in range(count):
        kind = BAD_KINDS[i % len(BAD_KINDS)]
        table = rng.choice(build["tables"])
        deal = rng.choice(build["deals"])
        submit, confirm = cells[table["number"], deal]
        player = table["seats"][rng.choice("NESW")]
        at = rng.uniform(0, duration)
        if kind == "bad_self_confirm":
            bad = self_confirmation(rng, submit, confirm)
        elif kind == "bad_entry":
            bad = missing_entry(at, table["number"], player)
        else:
            key = new_key()
            bad_keys.append(key)
            body = report(rng, key, deal, dealer_of(build, deal))
            secret, expect = player["secret"], (400,)
            if kind == "bad_sum":
                body["points_w"] = (body["points_w"] + rng.randint(1, 9)) % 73
                if sum(body[f"points_{s}"] for s in "nesw") == 72:
                    body["points_w"] += 1
            elif kind == "bad_contro":
                body["contro_by"] = body["maker"]
            else:  # bad_secret: a valid report through a link that does not exist
                secret, expect = mangled(player["secret"]), (404,)
            bad = Action(at, kind, table["number"], player["id"], secret, deal, body=body,
                         expect=expect)
        actions.append(bad)
    finish(actions, KIND_TYPE)
    return Plan(actions, expected, bad_keys, duration)


class CaptainApi:
    """The players' API (``formats.abarrotada.api``): where each kind of request goes, and
    what its answers must say (a problem note, or ``None``)."""

    reads = ("table",)

    @staticmethod
    def _base(team_id: int, secret: str) -> str:
        return f"/api/v1/captain/{team_id}/{secret}/abarrotada/"

    def read_path(self, action: Action) -> str:
        return self._base(action.team_id, action.secret)

    def submit_path(self, action: Action) -> str:
        return f"{self._base(action.team_id, action.secret)}deals/{action.deal}/"

    def confirm_path(self, action: Action, entry: int) -> str:
        return f"{self._base(action.team_id, action.secret)}reports/{entry}/confirm/"

    def warm_up_paths(self, team: dict) -> list[str]:
        return [self._base(team["id"], team["secret"])]

    def read(self, action: Action, data) -> tuple[str | None, dict]:
        """A read's problem, and the report ids it shows: ``(player, table, deal) -> id``."""
        if not isinstance(data, dict) or data.get("table") != action.table or not data.get("open"):
            return "table: not the player's table in the round in play", {}
        found = {}
        for deal in data.get("deals", []):
            if deal.get("report"):
                found[(action.team_id, action.table, deal["deal"])] = deal["report"]["id"]
        return None, found

    def submitted(self, action: Action, data) -> tuple[str | None, int | None]:
        report = data.get("report") or {}
        fields = ("maker", "contract", "points_n", "points_e", "points_s", "points_w")
        if data.get("table") != action.table or report.get("deal_number") != action.deal or any(
                report.get(name) != action.body[name] for name in fields):
            return f"{action.kind}: the answer is not the report sent", None
        return None, report["id"]

    def confirmed(self, action: Action, data) -> str | None:
        if data.get("state") != "confirmed":
            return f"{action.kind}: state {data.get('state')!r}"
        return None
