"""Championships for the archive tests, built through the ordinary services, and what a
round trip must keep: standings, the history of every result, stored scores, the rows.
"""

from __future__ import annotations

from fractions import Fraction

from django.apps import apps
from django.db import connection
from table_counts import count_rows

from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.demo import add_demo_results
from scoring import selectors, services
from scoring.models import DealScore, ResultEntry
from scoring.selectors.scores import SCORE_COLUMNS
from scoring.services import Origin, PinRefused, ResultData, ScoringError
from tournaments import services as tournament_services
from tournaments.audit import Origin as AuditOrigin
from tournaments.demo import load_demo
from tournaments.models import Championship, Round, Table

PHONE = Origin(ip_address="192.0.2.17", user_agent="Mozilla/5.0 (Android 14; captain)")
DESK = Origin(ip_address="2001:db8::5", user_agent="Firefox on the director's desk")


def demo_championship(director) -> Championship:
    """The demo: 13 teams, rounds 1 and 2 closed, round 3 open, results published."""
    championship, _message = load_demo(director)
    add_demo_results(championship)
    services.rebuild_stale_deals()
    championship.refresh_from_db()
    return championship


def rich_championship(director) -> Championship:
    """The demo plus every kind of row: a director's override and confirmation, a custom
    adjusted score later cleared, a PIN lockout, reissued links and PINs, a withdrawal."""
    championship = demo_championship(director)
    round3 = championship.rounds.get(number=3)
    tables = list(round3.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round3.deals.order_by("number"))
    # The disputed entry of the demo: the director settles it with an override.
    pairs_services.director_enter_result(
        table=tables[0], deal=deals[2], user=director, origin=DESK,
        data=ResultData(contract="C", points_ns=33, contro=True),
        note="Counted again with both captains.", idempotency_key="desk-override-1",
    )
    # The pending one: the director confirms it.
    pending = ResultEntry.objects.get(table=tables[1], deal=deals[3])
    pairs_services.director_confirm_entry(
        table=pending.table, deal=pending.deal, entry_id=pending.pk, user=director, origin=DESK)
    # A result entered on the NS phone where none was (table 1, last deal); five wrong
    # PINs then lock PIN confirmation at that table.
    table = tables[0]
    entry, _created = pairs_services.submit_result(
        team=table.ns_team, table=table, deal=deals[3], origin=PHONE,
        data=ResultData(contract="BOT", points_ns=50, delegated=True),
        idempotency_key="phone-1-4",
    )
    for _attempt in range(services.PIN_MAX_FAILURES):
        try:
            pairs_services.confirm_with_pin(entry_id=entry.pk, team=table.ns_team, pin="abcd",
                                      origin=PHONE)
        except (PinRefused, ScoringError):
            pass
    # A custom adjusted score, then withdrawn; another left in force.
    pairs_services.set_adjustment(table=tables[5], deal=deals[0], side="NS", kind="custom",
                            value=Fraction(31, 20),
                            reason="Slow play warning.", user=director, origin=DESK)
    pairs_services.clear_adjustment(table=tables[5], deal=deals[0], side="NS",
                              reason="Warning withdrawn.", user=director, origin=DESK)
    pairs_services.set_adjustment(table=tables[5], deal=deals[1], side="EW", kind="average_minus",
                            reason="Late arrival.", user=director, origin=DESK)
    team = championship.teams.order_by("number").last()
    origin = AuditOrigin(ip_address="198.51.100.4", user_agent="desk")
    tournament_services.reissue_link(team, by=director, origin=origin)
    tournament_services.reissue_pin(team, by=director, origin=origin)
    services.rebuild_stale_deals()
    championship.refresh_from_db()
    return championship


def snapshot(championship: Championship) -> dict:
    """Everything a round trip must keep, in plain values. Rows are named as the pages name
    them (team, round, table and deal numbers) and by their rank among the championship's
    rows of their kind, not by id: an import gives every row a new id."""
    from scoring.models import Adjustment, PinAttempt, ResultReview

    def author(row):
        if getattr(row, "by_director_id", None):
            return "director", row.by_director.get_username()
        if getattr(row, "by_director_name", ""):  # imported: the username kept as text
            return "director", row.by_director_name
        return "team", row.by_team.number if getattr(row, "by_team_id", None) else None

    def rows(standings):
        return [(r.place, r.label, r.team.number, r.total, r.deal_score_sum, r.tops, r.deals)
                for r in standings]

    in_championship = {ResultEntry: "table__round__championship",
                       ResultReview: "entry__table__round__championship",
                       Adjustment: "table__round__championship",
                       PinAttempt: "table__round__championship"}
    ranks = {model: {pk: rank for rank, pk in enumerate(
        model.objects.filter(**{path: championship}).order_by("pk").values_list("pk", flat=True))}
        for model, path in in_championship.items()}
    tables = {pk: (round_number, number) for pk, round_number, number in
              Table.objects.filter(round__championship=championship)
              .values_list("pk", "round__number", "number")}
    deals = dict(championship.deals.values_list("pk", "number"))
    history = {}
    for round_ in championship.rounds.exclude(status=Round.Status.DRAFTED):
        for table in round_.tables.all():
            for deal in round_.deals.all():
                state = selectors.result_state(table, deal)
                history[(round_.number, table.number, deal.number)] = (state.status, [
                    (item.kind, ranks[type(item.obj)][item.obj.pk], item.when,
                     getattr(item.obj, "ip_address", None), author(item.obj))
                    for item in selectors.history(state)
                ])
    scores = []
    for row in DealScore.objects.filter(deal__championship=championship).values_list(
            *SCORE_COLUMNS):
        named = dict(zip(SCORE_COLUMNS, row, strict=True))
        named["table_id"], named["deal_id"] = tables[named["table_id"]], deals[named["deal_id"]]
        if named["entry_id"] is not None:
            named["entry_id"] = ranks[ResultEntry][named["entry_id"]]
        scores.append(tuple(named.values()))
    return {
        "live": rows(selectors.standings(championship, live=True)),
        "public": rows(selectors.standings(championship, live=False)),
        "scores": sorted(scores),
        "history": history,
        "links": sorted(championship.teams.values_list("number", "link_secret", "pin")),
    }


def delete_championship(championship: Championship) -> None:
    """Remove every row of the championship (results first: they are protected)."""
    from formats.abarrotada.models import (
        DealReport,
        GameTotals,
        GameTotalsReview,
        ReportReview,
        SeatAdjustment,
        Seating,
        SitOut,
    )
    from scoring.models import (
        Adjustment,
        GameEntry,
        GameReview,
        KnockoutEntry,
        KnockoutGame,
        KnockoutReview,
        PinAttempt,
        ResultReview,
        ScoreRefresh,
    )
    from tournaments.models import AuditEvent

    ResultReview.objects.filter(entry__table__round__championship=championship).delete()
    GameReview.objects.filter(entry__table__round__championship=championship).delete()
    # An individual championship's rows name its players (protected).
    ReportReview.objects.filter(report__table__round__championship=championship).delete()
    GameTotalsReview.objects.filter(report__table__round__championship=championship).delete()
    for model in (DealReport, GameTotals, SeatAdjustment):
        model.objects.filter(table__round__championship=championship).delete()
    Seating.objects.filter(round__championship=championship).delete()
    SitOut.objects.filter(round__championship=championship).delete()
    GameEntry.objects.filter(table__round__championship=championship).delete()
    # A captain's knockout report and the game it made name the pair (protected).
    KnockoutReview.objects.filter(entry__tie__championship=championship).delete()
    KnockoutEntry.objects.filter(tie__championship=championship).delete()
    KnockoutGame.objects.filter(tie__championship=championship).delete()
    for model in (ResultEntry, Adjustment, PinAttempt, DealScore):
        model.objects.filter(table__round__championship=championship).delete()
    ScoreRefresh.objects.filter(deal__championship=championship).delete()
    AuditEvent.objects.filter(championship=championship).delete()
    championship.rounds.all().delete()
    championship.delete()


def row_counts() -> dict[str, int]:
    """Rows of every table of the project's apps and the accounts."""
    directors = Championship.directors.through
    models = [model for label in ("tournaments", "scoring", "free_deal", "abarrotada", "auth")
              for model in apps.get_app_config(label).get_models()]
    return count_rows([*models, directors], key=lambda model: (
        "directors" if model is directors else model._meta.db_table))


def is_postgres() -> bool:
    return connection.vendor == "postgresql"


def comparable(championship: Championship) -> dict:
    """:func:`snapshot` as plain JSON values, to compare across processes."""
    import json

    snap = snapshot(championship)
    snap["history"] = {"-".join(map(str, key)): value for key, value in snap["history"].items()}
    return json.loads(json.dumps(snap, default=str))


def shift_ids(archive: dict, offset: int) -> dict:
    """A copy of a full backup whose ids are all ``offset`` higher (as if made elsewhere)."""
    import copy

    shifted = copy.deepcopy(archive)
    shifted["championship"]["id"] += offset
    for key in ("teams", "rounds", "tables", "deals", "result_entries", "result_reviews",
                "adjustments", "pin_attempts", "audit_events", "register_players",
                "entrant_players"):
        for row in shifted[key]:
            row["id"] += offset
            for name in ("round", "table", "deal", "entry", "ns_team", "ew_team", "bye_team",
                         "by_team", "team", "player"):
                if isinstance(row.get(name), int):
                    row[name] += offset
    return shifted


def as_another_championship(archive: dict) -> dict:
    """A copy of a full backup that is another championship: its own deal key (the deals
    kept, as imported deals)."""
    import copy
    import secrets

    import engine

    other = copy.deepcopy(archive)
    key = secrets.token_bytes(32)
    other["championship"].update(deal_key=key.hex(), key_commitment=engine.key_commitment(key))
    for deal in other["deals"]:
        deal["source"] = "imported"
    return other
