"""The individual formats' part of the full backup (``scoring.archive``): their row lists
after the core's (:data:`BACKUP`), and the rules those rows are checked by before anything
is written, as the forms check them (``formats.abarrotada.rules``). Both formats of the
package (deals, and the free-deal evening) share them.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

import engine
from engine.abarrotada import Form
from formats.abarrotada.models import (
    DealReport,
    GameTotals,
    GameTotalsReview,
    IndividualSettings,
    PlayerDetails,
    PlayerTable,
    ReportReview,
    SeatAdjustment,
    Seating,
    SeatPinAttempt,
    SitOut,
)
from formats.abarrotada.rules import ReportRefused, ReportValues, check_values
from formats.abarrotada.services.players import LICENCE
from formats.abarrotada.services.seating import deal_cards
from formats.abarrotada.services.totals import MAX_TOTAL
from scoring.archive.errors import refuse
from scoring.archive.format import PROVENANCE, USER, ArchivePart, TableSpec

#: The individual championships' lists, all added within version 2 (a file without them
#: reads them as empty).
_TABLES = (
    # Individual championships (rules.md 10): the settings, each player's licence, the
    # rounds' tables, seats and sit-outs, the deals' reports and reviews, the seats'
    # adjusted scores, the PIN attempts at tables of players, and a free-deal evening's
    # game totals (10.4) and their reviews.
    TableSpec("individual_settings", IndividualSettings,
              ("id", "form", "hand_limit", "round_minutes")),
    TableSpec("individual_player_details", PlayerDetails, ("id", "player", "licence"),
              {"player": "teams"}),
    TableSpec("individual_tables", PlayerTable, ("id", "round", "number"),
              {"round": "rounds"}),
    TableSpec("individual_seatings", Seating, ("id", "table", "round", "seat", "player"),
              {"table": "individual_tables", "round": "rounds", "player": "teams"}),
    TableSpec("individual_sit_outs", SitOut, ("id", "round", "player"),
              {"round": "rounds", "player": "teams"}),
    TableSpec("individual_reports", DealReport,
              ("id", "table", "deal_number", "maker", "contract", "contro_by", "recontro_by",
               "sant_vicenc_by", "delegations", "estevet", "points_n", "points_e",
               "points_s", "points_w", "breaches", "by_director_override",
               "idempotency_key", "note", *PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_report_reviews", ReportReview,
              ("id", "report", "verdict", "comment", "via_pin", *PROVENANCE),
              {"report": "individual_reports", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_adjustments", SeatAdjustment,
              ("id", "table", "deal_number", "seat", "value", "note", *PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_pin_attempts", SeatPinAttempt,
              ("id", "table", "by_team", "ok", "created_at", "ip_address", "user_agent"),
              {"table": "individual_tables", "by_team": "teams"}),
    TableSpec("individual_game_totals", GameTotals,
              ("id", "table", "total_n", "total_e", "total_s", "total_w", "hands_played",
               "by_director_override", "idempotency_key", "note", *PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_game_totals_reviews", GameTotalsReview,
              ("id", "report", "verdict", "comment", "via_pin", *PROVENANCE),
              {"report": "individual_game_totals", "by_team": "teams", "by_director": USER}),
)

BACKUP = ArchivePart(
    tables=_TABLES,
    implicit_championship=(IndividualSettings,),
    optional_tables=tuple(spec.key for spec in _TABLES),
)

def check_archive(checked) -> None:
    """An individual championship's rows (rules.md 10): its settings, and every report and
    evening's totals through the rules the forms apply (``formats.abarrotada.rules``)."""
    rows = checked.rows
    settings = rows["individual_settings"]
    if len(settings) > 1:
        refuse("individual_settings[1]", _("a championship has one set of settings."))
    form_value = settings[0]["form"] if settings else 4
    if form_value not in (3, 4):
        refuse("individual_settings[0].form", _("four or three players a table."))
    form = Form(form_value)
    for i, row in enumerate(rows["individual_player_details"]):
        if not LICENCE.match(row["licence"]):
            refuse(f"individual_player_details[{i}].licence",
                   _("Licence number: at most 20 letters, digits, dots, slashes, dashes or "
                     "spaces."))
    _seating(rows, form)
    dealer = {(d["round_id"], d["number"]): d["dealer"] for d in rows["deals"]}
    table_round = {t["id"]: t["round_id"] for t in rows["individual_tables"]}
    for i, row in enumerate(rows["individual_reports"]):
        path = f"individual_reports[{i}]"
        deal_dealer = dealer.get((table_round.get(row["table_id"]), row["deal_number"]))
        if deal_dealer is None:
            refuse(f"{path}.deal_number", _("the deal is not played in the table's round."))
        points = {seat: row[f"points_{seat.lower()}"] for seat in "NESW"
                  if row[f"points_{seat.lower()}"] is not None}
        values = ReportValues(row["maker"], row["contract"], points, row["contro_by"],
                              row["recontro_by"], row["sant_vicenc_by"], row["delegations"],
                              row["estevet"], row["breaches"])
        try:
            check_values(values, dealer=deal_dealer, form=form, stored=True)
        except ReportRefused as error:
            refuse(f"{path}.{error.field}", error.message)
    seats = {seat.value for seat in form.seats}
    for i, row in enumerate(rows["individual_game_totals"]):
        for seat in "NESW":
            value = row[f"total_{seat.lower()}"]
            if (value is None) == (seat in seats) or (value is not None
                                                      and not 0 <= value <= MAX_TOTAL):
                refuse(f"individual_game_totals[{i}].total_{seat.lower()}",
                       _("a game total for each seat at the table, from 0 to %(max)s.")
                       % {"max": MAX_TOTAL})


def _seating(rows: dict, form: Form) -> None:
    """Each table has a player in each of the form's seats, and a player sitting out a
    round has no seat in it (rules.md 10.3)."""
    seats_at: dict[int, list[str]] = {}
    seated = set()
    for row in rows["individual_seatings"]:
        seats_at.setdefault(row["table_id"], []).append(row["seat"])
        seated.add((row["round_id"], row["player_id"]))
    wanted = [seat.value for seat in form.seats]
    for i, table in enumerate(rows["individual_tables"]):
        seats = seats_at.get(table["id"], [])
        if sorted(seats) != sorted(wanted):
            refuse(f"individual_tables[{i}]",
                   _("a table has a player in each seat (%(seats)s); this one has "
                      "%(count)s.") % {"seats": ", ".join(wanted), "count": len(seats)})
    for i, sit_out in enumerate(rows["individual_sit_outs"]):
        if (sit_out["round_id"], sit_out["player_id"]) in seated:
            refuse(f"individual_sit_outs[{i}].player",
                   _("player id %(player)s sits out this round and is also seated in it.")
                   % {"player": sit_out["player_id"]})


def archived_licences(checked) -> dict[int, str]:
    """Each player's licence as typed (their details row), by the archive's team id: the
    register links the player by it (``scoring.archive.register``)."""
    return {row["player_id"]: " ".join(row["licence"].split())
            for row in checked.rows["individual_player_details"] if row["licence"].strip()}


def check_archived_deal(checked, path: str, deal: dict) -> bool:
    """A deal of a three-player championship (rules.md 10.1) is built its own way, checked
    here (``True``); a four-player one is the pairs' deal, checked by the archive
    (``False``)."""
    if not any(row["form"] == 3 for row in checked.rows["individual_settings"]):
        return False
    key = bytes.fromhex(checked.championship["deal_key"])
    try:
        engine.parse_seat_hands(deal["cards"])
    except ValueError as error:
        refuse(f"{path}.cards", str(error))
    if deal["source"] == "generated" and deal["cards"] != deal_cards(key, deal["number"],
                                                                      Form.THREE):
        refuse(f"{path}.cards", _("not the deal the championship's key gives for this "
                                   "number, yet marked as generated."))
    return True
