"""What every format's burst is made of: requests with their scheduled send times.

A format's plan (``plan`` for duplicate pairs, ``free_deal_plan`` for free-deal pairs)
lists, per table, reads, a submission and its confirmation as :class:`Action` rows; the
helpers here add what is the same in every format: the duplicate sends (a double tap or a
retry: the same idempotency key, the same confirmation again), the bad requests that do
not depend on what a table reports (a self-confirmation, an entry that does not exist, a
wrong link secret), and the final order. Deterministic for a seed: every draw comes from
the plan's ``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

DUPLICATE_SHARE = 0.05
DUPLICATE_DELAY = 1.5  # a double tap or a retry, up to this many seconds later
MISSING_ENTRY = 2_000_000_000

# Kinds every format shares: "submit", "confirm" and their duplicates, and these bad ones.
SUBMISSIONS = ("submit", "dup_submit")
CONFIRMATIONS = ("confirm", "dup_confirm")


@dataclass(eq=False)
class Action:
    at: float  # scheduled send time, seconds from the start of the burst
    kind: str
    table: int  # table number
    team_id: int
    secret: str
    deal: int | None = None  # None in a format without deals
    body: dict | None = None
    expect: tuple[int, ...] = (200,)
    # submit: the table's submission this confirmation needs the entry of; dup_confirm:
    # the confirmation it repeats.
    source: Action | None = None
    after: list[Action] = field(default_factory=list)  # must have been answered first
    index: int = -1
    type: str = ""  # the report's request type, set by finish()

    @property
    def cell(self) -> str:
        """What one submission fills: ``"table:deal"``, or ``"table"`` without deals."""
        return str(self.table) if self.deal is None else f"{self.table}:{self.deal}"


@dataclass
class Plan:
    actions: list[Action]  # by scheduled time; ``index`` is the position
    expected: dict[str, dict]  # cell -> the body sent
    bad_keys: list[str]  # idempotency keys of the bad submissions: none may be stored
    duration: float


def key_maker(rng: random.Random, championship: int):
    """A function returning a fresh idempotency key at each call (from ``rng``)."""
    def new_key() -> str:
        return f"load-c{championship}-{rng.getrandbits(96):024x}"

    return new_key


def mangled(secret: str) -> str:
    """The link secret with its first character changed: a link that does not exist."""
    return ("B" if secret[0] == "A" else "A") + secret[1:]


def add_duplicates(actions: list[Action], rng: random.Random) -> None:
    """About ``DUPLICATE_SHARE`` of the submissions and confirmations sent again shortly
    after (at least one of each): the same body and key; the same entry confirmed."""
    originals = [a for a in actions if a.kind in ("submit", "confirm")]
    chosen = [a for a in originals if rng.random() < DUPLICATE_SHARE]
    for kind in ("submit", "confirm"):
        if not any(a.kind == kind for a in chosen):
            chosen.append(next(a for a in originals if a.kind == kind))
    for original in chosen:
        at = original.at + rng.uniform(0.0, DUPLICATE_DELAY)
        if original.kind == "submit":
            actions.append(Action(at, "dup_submit", original.table, original.team_id,
                                  original.secret, original.deal, original.body,
                                  expect=(200, 201)))
        else:
            actions.append(Action(at, "dup_confirm", original.table, original.team_id,
                                  original.secret, original.deal, source=original))


def self_confirmation(rng: random.Random, submit: Action, confirm: Action) -> Action:
    """The entering team confirms its own entry (refused, 409), before the other team does:
    the real confirmation waits for its answer."""
    at = rng.uniform(submit.at, confirm.at)
    bad = Action(at, "bad_self_confirm", submit.table, submit.team_id, submit.secret,
                 submit.deal, source=submit, expect=(409,))
    confirm.after.append(bad)
    return bad


def missing_entry(at: float, table: int, team: dict) -> Action:
    """A confirmation of an entry that does not exist (404)."""
    return Action(at, "bad_entry", table, team["id"], team["secret"], expect=(404,))


def finish(actions: list[Action], kind_type: dict[str, str]) -> None:
    """Sort by send time, number the actions and give each its report type."""
    actions.sort(key=lambda a: a.at)
    for index, action in enumerate(actions):
        action.index = index
        action.type = kind_type[action.kind]
