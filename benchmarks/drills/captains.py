"""Captains entering results through the API while a drill breaks something.

Each table and deal is a :class:`Cell`: the entering captain submits a result with its own
idempotency key, then the other captain confirms the entry. A :class:`Stream` sends every
cell's submission, and each confirmation once its submission is answered, from a few
threads, each request on its own connection (standard library only). :func:`retry` then
sends again, with the same keys, whatever did not get a success answer.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from benchmarks.load.common import LOOPBACK

REQUEST_TIMEOUT = 30.0
CONTRACTS = ("O", "C", "E", "B", "BOT")


@dataclass
class Reply:
    kind: str  # "submit", "confirm", "page", ... ("retry " in front when sent again)
    status: int  # 0: no HTTP answer
    started: float  # time.monotonic()
    ended: float
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    error: str | None = None  # why there was no answer

    @property
    def ms(self) -> float:
        return (self.ended - self.started) * 1000

    def json(self) -> dict | None:
        try:
            value = json.loads(self.body)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None


def call(port: int, method: str, path: str, body: dict | None = None, kind: str = "",
         headers: dict | None = None, timeout: float = REQUEST_TIMEOUT) -> Reply:
    """One request on a new connection; never raises for network errors."""
    sent_headers = {"Content-Type": "application/json"} if body is not None else {}
    sent_headers.update(headers or {})
    started = time.monotonic()
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        conn.request(method, path, json.dumps(body) if body is not None else None, sent_headers)
        response = conn.getresponse()
        data = response.read()
        return Reply(kind, response.status, started, time.monotonic(), data,
                     {k.lower(): v for k, v in response.getheaders()})
    except (OSError, http.client.HTTPException) as exc:
        return Reply(kind, 0, started, time.monotonic(), error=type(exc).__name__)
    finally:
        conn.close()


@dataclass(eq=False)
class Cell:
    table: int
    deal: int
    enter: dict  # {"id", "secret"} of the captain who submits
    other: dict  # of the captain who confirms
    body: dict  # the submission, with its idempotency key
    entry_id: int | None = None
    submitted: bool = False  # a success answer to a submission
    confirmed: bool = False  # a success answer to a confirmation

    @property
    def key(self) -> str:
        return self.body["idempotency_key"]

    def submit_path(self) -> str:
        return f"/api/v1/captain/{self.enter['id']}/{self.enter['secret']}/results/"

    def confirm_path(self) -> str:
        return (f"/api/v1/captain/{self.other['id']}/{self.other['secret']}/results/"
                f"{self.entry_id}/confirm/")

    def spec(self) -> dict:
        return {"table": self.table, "deal": self.deal, "key": self.key,
                **{k: self.body[k] for k in ("contract", "points_ns", "contro")}}


def make_cells(build: dict, seed: int, label: str) -> list[Cell]:
    rng = random.Random(seed)
    cells = []
    for table in build["tables"]:
        for deal in build["deals"]:
            enter, other = (table["ns"], table["ew"]) if rng.random() < 0.5 else (
                table["ew"], table["ns"])
            body = {"deal": deal, "contract": rng.choice(CONTRACTS),
                    "points_ns": rng.randint(0, 72), "contro": rng.random() < 0.1,
                    "idempotency_key": f"drill-{label}-{rng.getrandbits(64):016x}"}
            cells.append(Cell(table["number"], deal, enter, other, body))
    return cells


def spec(build: dict, cells: list[Cell], **extra) -> dict:
    """The ``benchmarks.drills.facts`` spec for these cells."""
    return {"championship": build["championship"], "cells": [c.spec() for c in cells],
            "acknowledged": {"submit": [c.key for c in cells if c.submitted],
                             "confirm": [c.key for c in cells if c.confirmed]}, **extra}


def submit(port: int, cell: Cell, kind: str = "submit") -> Reply:
    reply = call(port, "POST", cell.submit_path(), cell.body, kind)
    if reply.status in (200, 201):
        cell.entry_id = (reply.json() or {}).get("id", cell.entry_id)
        cell.submitted = cell.entry_id is not None
    return reply


def confirm(port: int, cell: Cell, kind: str = "confirm") -> Reply:
    reply = call(port, "POST", cell.confirm_path(), None, kind)
    if reply.status == 200:
        cell.confirmed = True
    return reply


class Stream:
    """Send every cell's submission and then its confirmation, from ``threads`` threads.

    ``start()``, then ``join(timeout)``. ``stop()`` sends nothing more (what is in flight
    is still answered). ``confirm_after`` sends all the submissions before any
    confirmation."""

    def __init__(self, port: int, cells: list[Cell], threads: int = 6,
                 confirm_after: bool = False) -> None:
        self.port = port
        self.threads = threads
        self.confirm_after = confirm_after
        self.jobs: list[tuple[str, Cell]] = [("submit", cell) for cell in cells]
        self.later: list[tuple[str, Cell]] = []
        self.replies: list[Reply] = []
        self.unsent = 0
        self._cond = threading.Condition()
        self._busy = 0  # requests in flight
        self._stopped = False
        self._workers: list[threading.Thread] = []

    def start(self) -> Stream:
        self.jobs.reverse()  # popped from the end: first cells first
        for n in range(self.threads):
            worker = threading.Thread(target=self._work, name=f"captain-{n}", daemon=True)
            worker.start()
            self._workers.append(worker)
        return self

    def in_flight(self) -> int:
        with self._cond:
            return self._busy

    def answered(self) -> int:
        with self._cond:
            return len(self.replies)

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self.unsent += len(self.jobs) + len(self.later)
            self.jobs.clear()
            self.later.clear()
            self._cond.notify_all()

    def join(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        for worker in self._workers:
            worker.join(max(0.0, deadline - time.monotonic()))
        return not any(worker.is_alive() for worker in self._workers)

    def _next(self) -> tuple[str, Cell] | None:
        with self._cond:
            while True:
                if self._stopped:
                    return None
                if not self.jobs and self._busy == 0 and self.later:
                    self.jobs, self.later = list(reversed(self.later)), []
                if self.jobs:
                    self._busy += 1
                    return self.jobs.pop()
                if self._busy == 0:
                    return None  # nothing left, nothing can add more
                self._cond.wait(0.1)

    def _work(self) -> None:
        while (job := self._next()) is not None:
            kind, cell = job
            reply = submit(self.port, cell) if kind == "submit" else confirm(self.port, cell)
            with self._cond:
                self.replies.append(reply)
                self._busy -= 1
                if kind == "submit" and cell.submitted and not self._stopped:
                    (self.later if self.confirm_after else self.jobs).append(("confirm", cell))
                self._cond.notify_all()


def retry(port: int, cells: list[Cell], attempts: int = 3, pause: float = 1.0,
          threads: int = 4) -> list[Reply]:
    """Send again, with the same key, every submission and confirmation that did not get a
    success answer (up to ``attempts`` times each). Returns every reply, in order."""
    replies: list[Reply] = []
    lock = threading.Lock()

    def one(cell: Cell) -> None:
        for _ in range(attempts):
            if not cell.submitted:
                reply = submit(port, cell, "retry submit")
                with lock:
                    replies.append(reply)
            if cell.submitted and not cell.confirmed:
                reply = confirm(port, cell, "retry confirm")
                with lock:
                    replies.append(reply)
            if cell.confirmed:
                return
            time.sleep(pause)

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, [c for c in cells if not c.confirmed]))
    return replies


def latency_line(replies: list[Reply], kinds: tuple[str, ...]) -> str:
    from benchmarks.drills.common import percentile

    parts = []
    for kind in kinds:
        ms = [r.ms for r in replies if r.kind == kind]
        if ms:
            parts.append(f"{kind} n={len(ms)} p50 {percentile(ms, 50):.0f} ms, "
                         f"p95 {percentile(ms, 95):.0f} ms, max {max(ms):.0f} ms")
    return "; ".join(parts)


def status_counts(replies: list[Reply]) -> str:
    counts: dict[str, int] = {}
    for reply in replies:
        label = f"{reply.kind} {reply.status or reply.error}"
        counts[label] = counts.get(label, 0) + 1
    return ", ".join(f"{label}×{n}" for label, n in sorted(counts.items()))
