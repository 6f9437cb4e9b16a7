"""Latency figures and the printed report of one burst."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.load.client import Record

ERROR_LABELS = (
    "5xx", "connection", "unexpected 4xx", "unexpected status", "bad request accepted",
    "bad body", "no entry id", "not sent", "client error",
)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of ``values`` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Summary:
    label: str
    tables: int
    requests: int
    seconds: float
    p95_ms: float
    target_ms: float
    errors: Counter = field(default_factory=Counter)
    check_passed: bool | None = None  # None: not checked

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    @property
    def fast_enough(self) -> bool:
        return self.p95_ms <= self.target_ms

    @property
    def passed(self) -> bool:
        return self.fast_enough and self.error_count == 0 and self.check_passed is not False

    def one_line(self) -> str:
        errors = ", ".join(f"{k} {v}" for k, v in self.errors.items()) or "none"
        check = {True: "PASS", False: "FAIL", None: "not run"}[self.check_passed]
        verdict = "PASS" if self.passed else "FAIL"
        return (f"{self.tables} tables: {self.requests} requests, "
                f"{self.requests / self.seconds if self.seconds else 0:.1f} req/s, "
                f"p95 {self.p95_ms:.0f} ms, errors {errors}, database check {check} -> {verdict}")


def _row(name: str, rows: list[Record]) -> str:
    latencies = [r.latency_ms for r in rows if r.latency_ms > 0]
    cells = [percentile(latencies, p) for p in (50, 95, 99)] + [max(latencies, default=0.0)]
    figures = "".join(f"{value:>9.1f}" for value in cells)
    errors = sum(1 for r in rows if r.problem)
    return f"  {name:<14}{len(rows):>7}{figures}{errors:>8}"


def summarise(records: list[Record], seconds: float, label: str, tables: int,
              target_ms: float, types: tuple[str, ...]) -> tuple[Summary, list[str]]:
    """The burst's summary and the lines of its report (a row per request type of
    ``types``, in that order)."""
    # Latency of every request sent, answered or not (a timed-out request counts with the
    # time it waited); requests never sent have none.
    sent = [r for r in records if r.latency_ms > 0]
    errors = Counter(r.problem for r in records if r.problem)
    overall = percentile([r.latency_ms for r in sent], 95)
    summary = Summary(label, tables, len(records), seconds, overall, target_ms,
                      Counter({k: errors[k] for k in ERROR_LABELS if errors[k]}))
    lines = [
        f"  {len(records)} requests in {seconds:.1f} s: "
        f"{len(records) / seconds if seconds else 0:.1f} req/s",
        "  latencies of every request sent (a timed-out one counts with the time it waited):",
        f"  {'type':<14}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}",
    ]
    for name in types:
        lines.append(_row(name, [r for r in records if r.type == name]))
    lines.append(_row("all", records))
    verdict = "PASS" if summary.fast_enough else "FAIL"
    lines.append(f"{verdict} overall p95 {overall:.1f} ms (target {target_ms:.0f} ms)")
    if summary.errors:
        lines.append("FAIL errors: " + ", ".join(f"{k} {v}" for k, v in summary.errors.items()))
    else:
        lines.append("PASS no errors (5xx 0, connection errors 0, unexpected 4xx 0)")
    lags = [r.lag_ms for r in sent]
    lines.append(f"  client schedule lag (picked up after the scheduled time): "
                 f"p50 {percentile(lags, 50):.1f} ms, p99 {percentile(lags, 99):.1f} ms, "
                 f"max {max(lags, default=0):.1f} ms")
    waits = [r.wait_ms for r in sent if r.wait_ms > 1]
    if waits:
        lines.append(f"  {len(waits)} request(s) waited for an earlier answer (a confirmation "
                     f"for its entry id): p50 {percentile(waits, 50):.0f} ms, "
                     f"max {max(waits):.0f} ms (not counted in their latency)")
    statuses = Counter((r.type, r.status) for r in records)
    lines.append("  statuses: " + ", ".join(
        f"{t} {s}×{n}" for (t, s), n in sorted(statuses.items())))
    notes = Counter(r.note for r in records if r.note)
    for note, count in notes.most_common(8):
        lines.append(f"  note: {count}× {note}")
    return summary, lines
