"""What the database holds after a drill (a child process, with ``DATABASE_URL`` set).

    python -m benchmarks.drills.facts --spec FILE

FILE is JSON: ``championship``; ``cells`` (each ``table``, ``deal``, ``key`` and the values
sent: ``contract``, ``points_ns``, ``contro``); ``acknowledged`` (the keys whose
submission, and whose confirmation, got a success answer); ``refresh_wait`` (seconds to
wait for the ``ScoreRefresh`` notes to be gone); ``compare`` (compare the stored scores
and the live standings with a full recompute, which then replaces the stored scores).
Prints the facts as one JSON line; the drill judges them.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter

from benchmarks.load.common import spec_main

EXAMPLES = 5


def _entries(championship, cells: list[dict]) -> tuple[dict, dict]:
    from scoring.models import ResultEntry, ResultReview

    rows = list(
        ResultEntry.objects.filter(table__round__championship=championship)
        .values_list("id", "idempotency_key", "contract", "points_ns", "contro")
    )
    sent = {cell["key"]: cell for cell in cells}
    counts = Counter(key for _, key, *_ in rows)
    by_key = {key: (pk, contract, points, contro) for pk, key, contract, points, contro in rows}
    differ = [
        f"{key}: stored {by_key[key][1:]}, sent {(c['contract'], c['points_ns'], c['contro'])}"
        for key, c in sent.items()
        if key in by_key and by_key[key][1:] != (c["contract"], c["points_ns"], c["contro"])
    ]
    reviews = list(ResultReview.objects.values_list("entry_id", "verdict"))
    orphans = ResultReview.objects.exclude(entry_id__in=ResultEntry.objects.values("id")).count()
    confirms = Counter(entry for entry, verdict in reviews if verdict == "confirm")
    key_of = {pk: key for pk, key, *_ in rows}
    found = {
        "entries": len(rows),
        "keys_more_than_once": [[k, n] for k, n in counts.items() if n > 1][:EXAMPLES],
        "entries_not_sent": sum(n for k, n in counts.items() if k not in sent),
        "sent_missing": sorted(k for k in sent if k not in counts),
        "values_differ": differ[:EXAMPLES],
        "reviews": len(reviews),
        "reviews_orphan": orphans,
        "disputes": sum(1 for _, verdict in reviews if verdict != "confirm"),
        "confirmed_more_than_once": [[key_of.get(e), n] for e, n in confirms.items() if n > 1],
        "confirmed_keys": sorted(key_of[e] for e in confirms if e in key_of),
    }
    return found, by_key


def _scores(championship) -> list:
    from scoring.models import DealScore
    from scoring.selectors.scores import SCORE_COLUMNS

    return sorted(
        tuple(str(value) for value in row)
        for row in DealScore.objects.filter(deal__championship=championship)
        .values_list(*SCORE_COLUMNS)
    )


def _standings(championship) -> list:
    from scoring.selectors import standings

    return [
        (row.team.number, row.place, str(row.total), str(row.deal_score_sum), row.tops, row.deals)
        for row in standings(championship, live=True)
    ]


def _refresh(wait: float) -> tuple[int, float]:
    from scoring.models import ScoreRefresh

    start = time.monotonic()
    while True:
        left = ScoreRefresh.objects.count()
        waited = time.monotonic() - start
        if left == 0 or waited >= wait:
            return left, round(waited, 2)
        time.sleep(0.2)


def gather(spec: dict) -> dict:
    from tournaments.models import Championship

    championship = Championship.objects.get(pk=spec["championship"])
    found, _ = _entries(championship, spec.get("cells", []))
    acknowledged = spec.get("acknowledged", {})
    stored = {cell["key"] for cell in spec.get("cells", [])} - set(found["sent_missing"])
    found["ack_submit_missing"] = sorted(set(acknowledged.get("submit", [])) - stored)
    found["ack_confirm_missing"] = sorted(
        set(acknowledged.get("confirm", [])) - set(found["confirmed_keys"])
    )
    found["refresh_left"], found["refresh_waited"] = _refresh(spec.get("refresh_wait", 0))
    if spec.get("compare"):
        from scoring.services import recompute_championship

        stored_scores, live = _scores(championship), _standings(championship)
        recompute_championship(championship)
        fresh_scores, recomputed = _scores(championship), _standings(championship)
        found["scores"] = len(stored_scores)
        found["scores_recomputed"] = len(fresh_scores)
        found["stored_equal_recompute"] = stored_scores == fresh_scores
        found["stored_diff"] = [
            f"stored {a} / recomputed {b}"
            for a, b in zip(stored_scores, fresh_scores, strict=False) if a != b
        ][:EXAMPLES]
        found["teams"] = len(recomputed)
        found["standings_equal"] = live == recomputed
        found["standings_diff"] = [
            f"team {a[0]}: live {a[1:]}, recomputed {b[1:]}"
            for a, b in zip(live, recomputed, strict=False) if a != b
        ][:EXAMPLES]
    return found


def main() -> int:
    def report(spec) -> int:
        print(json.dumps(gather(spec)))
        return 0

    return spec_main(__doc__.splitlines()[0], report)


if __name__ == "__main__":
    sys.exit(main())
