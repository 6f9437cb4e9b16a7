"""The open-loop HTTP driver (standard library only: http.client and threads).

A dispatcher sends every request of the plan at its scheduled time, each on a thread of a
pool that grows on demand (up to ``max_threads``), so that a slow answer never holds back
the next request. Each request opens its own connection (a phone on the venue's Wi-Fi);
its latency runs from the moment it is sent to the end of the answer. A confirmation needs
the entry's id: it takes it from the other captain's read (its results list, or its game),
or else from the submission's answer, waiting for that answer if it has not come yet.

What is the same in every format is here; the format's captain API (its paths and what
its answers must say) is the ``CaptainApi`` of its plan module.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from benchmarks.load.common import LOOPBACK
from benchmarks.load.schedule import CONFIRMATIONS, MISSING_ENTRY, SUBMISSIONS, Action, Plan

REQUEST_TIMEOUT = 30.0  # seconds per request
GRACE = 30.0  # requests held back by a dependency may start this long after the window


@dataclass
class Record:
    kind: str
    type: str
    status: int  # 0: no HTTP answer
    latency_ms: float
    lag_ms: float  # how late the client picked it up, after its scheduled time
    wait_ms: float = 0.0  # then, how long it waited for an entry id or an earlier answer
    problem: str | None = None  # an error category, see report.ERROR_LABELS
    note: str | None = None  # worth a line in the report, not an error


def action_label(method: str, path: str) -> str:
    """A request's method and path without the link secret (it is a credential)."""
    parts = path.split("/")  # "", "api", "v1", "captain", team, secret, ...
    if len(parts) > 5:
        parts[5] = "<secret>"
    return f"{method} {'/'.join(parts)}"


class _State:
    __slots__ = ("sent", "done", "entry")

    def __init__(self) -> None:
        self.sent = threading.Event()
        self.done = threading.Event()
        self.entry: int | None = None


class Driver:
    def __init__(self, plan: Plan, port: int, api, max_threads: int = 1000) -> None:
        self.plan = plan
        self.port = port
        self.api = api  # the format's CaptainApi
        self.max_threads = max_threads
        self.states = [_State() for _ in plan.actions]
        self.records: list[Record] = []
        # Deals are None in a format without deals.
        self.entry_ids: dict[tuple[int, int | None], int] = {}  # (table, deal) -> submitted
        self.seen_ids: dict[tuple[int, int, int | None], int] = {}  # (team, table, deal) -> read
        # The cells (Action.cell) of the submissions and confirmations the server acknowledged.
        self.acknowledged: dict[str, set[str]] = {"submit": set(), "confirm": set()}
        self.lock = threading.Lock()
        self.peak_threads = 0
        self.in_flight = 0
        self.queued = 0  # requests that found every thread busy (the client queued them)
        self.t0 = 0.0
        self.send_deadline = 0.0

    # --- Running ---------------------------------------------------------------------------

    def run(self) -> float:
        """Send the whole plan; returns the wall-clock seconds from the first scheduled send
        to the last answer."""
        base_threads = threading.active_count()
        threading.stack_size(512 * 1024)  # many threads, each mostly waiting on a socket
        self.t0 = time.monotonic() + 0.2
        self.send_deadline = self.t0 + self.plan.duration + GRACE
        with ThreadPoolExecutor(self.max_threads, thread_name_prefix="load") as pool:
            for position, action in enumerate(self.plan.actions):
                delay = self.t0 + action.at - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                if time.monotonic() > self.send_deadline:
                    for late in self.plan.actions[position:]:
                        self._record(late, 0, 0.0, 0.0, "not sent")
                    break
                with self.lock:
                    self.queued += self.in_flight >= self.max_threads
                    self.in_flight += 1
                pool.submit(self._perform, action)
                self.peak_threads = max(self.peak_threads, threading.active_count() - base_threads)
        return time.monotonic() - self.t0

    def _perform(self, action: Action) -> None:
        state = self.states[action.index]
        picked = time.monotonic()
        lag = (picked - (self.t0 + action.at)) * 1000
        try:
            for earlier in action.after:
                self.states[earlier.index].done.wait(self._remaining())
            method, path, body = self._request(action)
            state.sent.set()
            if path is None:
                self._record(action, 0, 0.0, lag, "no entry id")
                return
            start = time.monotonic()
            status, raw, note = self._send(method, path, body)
            latency = (time.monotonic() - start) * 1000
            problem = None if status else "connection"
            if status:
                problem, note = self._judge(action, status, raw)
            self._record(action, status, latency, lag, problem, note, (start - picked) * 1000)
        except Exception as exc:  # a bug here must not hang the burst: count it
            self._record(action, 0, 0.0, lag, "client error", f"{type(exc).__name__}: {exc}")
        finally:
            state.sent.set()
            state.done.set()
            with self.lock:
                self.in_flight -= 1

    def _remaining(self) -> float:
        return max(0.0, self.send_deadline - time.monotonic())

    def _record(self, action, status, latency, lag, problem=None, note=None, wait=0.0) -> None:
        with self.lock:
            self.records.append(
                Record(action.kind, action.type, status, latency, lag, wait, problem, note)
            )

    # --- Requests --------------------------------------------------------------------------

    def _request(self, action: Action) -> tuple[str, str | None, dict | None]:
        kind = action.kind
        if kind in self.api.reads:
            return "GET", self.api.read_path(action), None
        if action.body is not None:  # submissions, and bad ones
            return "POST", self.api.submit_path(action), action.body
        state = self.states[action.index]
        if kind == "bad_entry":
            state.entry = MISSING_ENTRY
        elif kind == "dup_confirm":
            self.states[action.source.index].sent.wait(self._remaining())
            state.entry = self.states[action.source.index].entry
        else:  # confirm, bad_self_confirm
            key = (action.table, action.deal)
            entry = None
            if kind == "confirm":
                entry = self.seen_ids.get((action.team_id, *key)) or self.entry_ids.get(key)
            if entry is None:
                self.states[action.source.index].done.wait(self._remaining())
                entry = self.entry_ids.get(key)
            state.entry = entry
        if state.entry is None:
            return "POST", None, None
        return "POST", self.api.confirm_path(action, state.entry), None

    def _send(self, method: str, path: str, body: dict | None):
        conn = http.client.HTTPConnection(LOOPBACK, self.port, timeout=REQUEST_TIMEOUT)
        headers = {"Accept": "application/json", "Connection": "close"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, path, body=payload, headers=headers)
            response = conn.getresponse()
            return response.status, response.read(), None
        except (OSError, http.client.HTTPException) as exc:
            return 0, b"", f"{action_label(method, path)}: {type(exc).__name__}: {exc}"
        finally:
            conn.close()

    def _judge(self, action: Action, status: int, raw: bytes) -> tuple[str | None, str | None]:
        """The error category of an answer (``None`` if as expected), and a note."""
        if status >= 500:
            return "5xx", None
        if action.type == "bad":
            if 400 <= status < 500:
                note = None if status in action.expect else f"{action.kind}: {status}"
                return None, note
            return "bad request accepted", f"{action.kind}: {status}"
        if status not in action.expect:
            if 400 <= status < 500:
                return "unexpected 4xx", f"{action.kind}: {status} {raw[:200]!r}"
            return "unexpected status", f"{action.kind}: {status}"
        try:
            data = json.loads(raw)
        except ValueError:
            return "bad body", f"{action.kind}: not JSON"
        return self._read_body(action, data)

    def _read_body(self, action: Action, data) -> tuple[str | None, str | None]:
        kind = action.kind
        if kind in self.api.reads:
            note, found = self.api.read(action, data)
            if note:
                return "bad body", note
            with self.lock:
                self.seen_ids.update(found)
        elif kind in SUBMISSIONS:
            note, entry = self.api.submitted(action, data)
            if note:
                return "bad body", note
            with self.lock:
                self.entry_ids.setdefault((action.table, action.deal), entry)
                self.acknowledged["submit"].add(action.cell)
        elif kind in CONFIRMATIONS:
            note = self.api.confirmed(action, data)
            if note:
                return "bad body", note
            with self.lock:
                self.acknowledged["confirm"].add(action.cell)
        return None, None
