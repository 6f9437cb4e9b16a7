"""The database check of a burst of one game a table (free-deal pairs, the group games of
groups then knockout), the part that is the same for both formats: the rows each table's
game left. The format's check child (``free_deal_check``, ``groups_check``) calls
:func:`check_games` and then checks its own ranking.

The spec (JSON, written by the runner): the championship, the round, each table's first and
second pair, the game sent for each table, the idempotency keys of the bad submissions,
what the server acknowledged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from benchmarks.load.common import check_line

GAME_FIELDS = ("first_points", "second_points", "ended_by", "hands_played")


@dataclass
class GameCheck:
    ok: bool
    championship: object
    entries: list  # every GameEntry of the championship, oldest first
    confirms: Counter  # entry id: its confirmations

    def stored_games(self) -> list[tuple[int, int, int, int]]:
        """The stored games that count, read from the rows: each table's latest confirmed
        entry, as ``(first, second, first points, second points)``."""
        latest_confirmed = {}
        for entry in self.entries:  # oldest first: a newer confirmed entry replaces an older one
            if self.confirms[entry.pk]:
                latest_confirmed[entry.table_id] = entry
        return [(e.table.ns_team_id, e.table.ew_team_id, e.first_points, e.second_points)
                for e in latest_confirmed.values()]


def check_games(spec: dict) -> GameCheck:
    """Print a PASS or FAIL line for each: every table has exactly one entry (duplicates
    stored once), the stored game is the one the first pair sent, every game is confirmed
    once by the second pair, no bad request wrote anything, nothing acknowledged was lost,
    and the games that count are the games sent."""
    from scoring.models import GameEntry, GameReview
    from scoring.selectors.games import counted_games
    from tournaments.models import Championship

    championship = Championship.objects.get(pk=spec["championship"])
    tables = {t["number"]: t for t in spec["tables"]}
    ok = True

    entries = list(GameEntry.objects.filter(table__round__championship=championship)
                   .select_related("table", "table__round").order_by("id"))
    per_table = Counter(e.table.number for e in entries if e.table.round.number == spec["round"])
    wrong = [f"table {n}: {per_table[n]} entries" for n in sorted(tables) if per_table[n] != 1]
    stray = [f"table {n}" for n in sorted(set(per_table) - set(tables))]
    ok &= check_line(not wrong and not stray and len(entries) == len(tables),
                f"every table has exactly one entry, duplicates stored once ({len(tables)} "
                f"tables, {len(entries)} entries)", wrong + stray)

    by_table = {e.table.number: e for e in entries}
    differ = []
    for number, sent in sorted(spec["expected"].items(), key=lambda item: int(item[0])):
        entry = by_table.get(int(number))
        if entry is None:
            continue  # reported above
        stored = tuple(getattr(entry, name) for name in GAME_FIELDS)
        sent_values = tuple(sent[name] for name in GAME_FIELDS)
        author = (entry.by_team_id, entry.by_director_override, entry.hands)
        if stored != sent_values or entry.idempotency_key != sent["idempotency_key"]:
            differ.append(f"table {number}: stored {stored}, sent {sent_values}")
        elif author != (tables[int(number)]["first"], False, None):
            differ.append(f"table {number}: entered by pair id {entry.by_team_id} "
                          f"(director: {entry.by_director_override}), hands {entry.hands!r}")
    ok &= check_line(not differ, "every stored game is the one the first pair sent", differ)

    reviews = list(GameReview.objects.filter(entry__in=entries).select_related("entry"))
    confirms = Counter(r.entry_id for r in reviews if r.verdict == GameReview.Verdict.CONFIRM)
    unconfirmed = [f"table {n}" for n, e in sorted(by_table.items()) if confirms[e.pk] == 0]
    twice = [f"entry {pk}: {n} confirmations" for pk, n in confirms.items() if n > 1]
    wrong_pair = [f"entry {r.entry_id} confirmed by pair id {r.by_team_id}" for r in reviews
                  if r.verdict == GameReview.Verdict.CONFIRM
                  and r.by_team_id != tables[r.entry.table.number]["second"]]
    ok &= check_line(not unconfirmed and not twice and not wrong_pair and len(by_table) == len(tables),
                f"every game is confirmed once, by the second pair ({sum(confirms.values())} "
                f"confirmations)", unconfirmed + twice + wrong_pair)

    bad_entries = list(GameEntry.objects.filter(idempotency_key__in=spec["bad_keys"])
                       .values_list("pk", flat=True))
    own = [f"entry {r.entry_id} confirmed by the pair that entered it" for r in reviews
           if r.by_team_id is not None and r.by_team_id == r.entry.by_team_id]
    disputes = [f"entry {r.entry_id} disputed" for r in reviews
                if r.verdict != GameReview.Verdict.CONFIRM]
    stray_reviews = len(reviews) - len(confirms)
    ok &= check_line(not bad_entries and not own and not disputes and stray_reviews == 0,
                f"no bad request wrote anything ({len(spec['bad_keys'])} bad submissions' keys "
                f"absent, no self-confirmation, {len(reviews)} reviews for {len(entries)} entries)",
                [f"bad key stored as entry {pk}" for pk in bad_entries] + own + disputes)

    acknowledged = spec.get("acknowledged", {})
    lost = [f"table {n}: acknowledged, no entry" for n in acknowledged.get("submit", [])
            if int(n) not in by_table]
    lost += [f"table {n}: confirmation acknowledged, none stored"
             for n in acknowledged.get("confirm", [])
             if (e := by_table.get(int(n))) is None or not confirms[e.pk]]
    ok &= check_line(not lost, f"nothing acknowledged was lost ({len(acknowledged.get('submit', []))} "
                f"submissions, {len(acknowledged.get('confirm', []))} confirmations answered "
                f"with success)", lost)

    # The games that count (the core's read, which the formats' standings read) are the
    # games sent.
    number_of = {e.table_id: e.table.number for e in entries}
    counted = {number_of.get(g.table_id): (g.first_id, g.second_id, g.first_points,
                                           g.second_points) for g in counted_games(championship)}
    sent_games = {int(n): (tables[int(n)]["first"], tables[int(n)]["second"],
                           sent["first_points"], sent["second_points"])
                  for n, sent in spec["expected"].items()}
    miscounted = [f"table {n}: counted {counted.get(n)}, sent {sent_games.get(n)}"
                  for n in sorted(set(counted) | set(sent_games), key=str)
                  if counted.get(n) != sent_games.get(n)]
    ok &= check_line(not miscounted, f"the counted games are the games sent ({len(counted)} games)",
                miscounted)
    return GameCheck(ok, championship, entries, confirms)
