"""The championship's own rules, checked on a full backup before anything is written.

The same rules as the models' check constraints and the services (a result is checked by
``check_result_values``, as the forms and the API check it; a deal must be valid notation
and, if generated, the deal the key gives; the key must match its public commitment).
Each refusal names the row. The database's constraints stay as the last guard.
"""

from __future__ import annotations

import re
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import engine
from scoring.archive.errors import ArchiveError
from scoring.archive.knockout_rules import check_knockout
from scoring.archive.validation import CheckedArchive
from scoring.services import ADJUSTMENT_VALUES, check_result_values
from tournaments.models import Round

_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_PIN = re.compile(r"^[0-9]{4}$")
_LINK_SECRET = re.compile(r"^[A-Za-z0-9_-]{22,64}$")


def _refuse(path: str, message: str):
    raise ArchiveError(f"{path}: {message}", path=path)


def check_rules(checked: CheckedArchive) -> None:
    _championship(checked.championship)
    rows = checked.rows
    for i, team in enumerate(rows["teams"]):
        path = f"teams[{i}]"
        if team["number"] < 1:
            _refuse(f"{path}.number", _("a team number starts at 1."))
        if not _PIN.match(team["pin"]):
            _refuse(f"{path}.pin", _("a PIN is 4 digits."))
        if not _LINK_SECRET.match(team["link_secret"]):
            _refuse(f"{path}.link_secret", _("a link secret is 22 to 64 URL-safe characters."))
        # A pair has two players; an individual championship's entrant is one (rules.md 10).
        individual = checked.championship["format"] in ("abarrotada", "abarrotada_free")
        if not individual and not team["player2"].strip():
            _refuse(f"{path}.player2", _("a pair has a second player."))
    _rounds(rows)
    _deals(checked)
    _results(rows)
    _format_rows(checked)


#: The rows only a format's championships have (rules.md 6 and 11). PIN attempts are both
#: formats' (a free-deal game is confirmed with a PIN too; its attempts name no entry).
_FORMAT_ROWS = {
    "duplicate_pairs": ("deals", "result_entries", "result_reviews", "adjustments",
                        "pin_attempts"),
    "free_deal_pairs": ("free_deal_settings", "game_entries", "game_reviews",
                        "free_deal_sections", "free_deal_pair_sections",
                        "free_deal_section_byes", "free_deal_knockout_ties",
                        "free_deal_knockout_games", "free_deal_knockout_entries",
                        "pin_attempts"),
    "abarrotada": ("deals", "individual_settings", "individual_player_details",
                   "individual_tables", "individual_seatings", "individual_sit_outs",
                   "individual_reports", "individual_report_reviews",
                   "individual_adjustments", "individual_pin_attempts"),
    "abarrotada_free": ("individual_settings", "individual_player_details",
                        "individual_tables", "individual_seatings", "individual_sit_outs",
                        "individual_pin_attempts", "individual_game_totals",
                        "individual_game_totals_reviews"),
}


def _format_rows(checked: CheckedArchive) -> None:
    """Rows of another format are refused; a free-deal championship's settings and games
    go through the rules its forms apply (``formats.free_deal.rules``)."""
    fmt = checked.championship["format"]
    for other, keys in _FORMAT_ROWS.items():
        if other == fmt:
            continue
        for key in keys:
            if checked.rows[key] and key not in _FORMAT_ROWS.get(fmt, ()):
                _refuse(f"{key}[0]", _("a %(format)s championship has no such rows.")
                        % {"format": fmt})
    if fmt == "free_deal_pairs":
        _free_deal(checked)
    if fmt in ("abarrotada", "abarrotada_free"):
        _individual(checked)


def _individual(checked: CheckedArchive) -> None:
    """An individual championship's rows (rules.md 10): its settings, and every report and
    evening's totals through the rules the forms apply (``formats.abarrotada.rules``)."""
    from engine.abarrotada import Form
    from formats.abarrotada.rules import ReportRefused, ReportValues, check_values
    from formats.abarrotada.services.totals import MAX_TOTAL

    rows = checked.rows
    settings = rows["individual_settings"]
    if len(settings) > 1:
        _refuse("individual_settings[1]", _("a championship has one set of settings."))
    form_value = settings[0]["form"] if settings else 4
    if form_value not in (3, 4):
        _refuse("individual_settings[0].form", _("four or three players a table."))
    form = Form(form_value)
    _seating(rows, form)
    dealer = {(d["round_id"], d["number"]): d["dealer"] for d in rows["deals"]}
    table_round = {t["id"]: t["round_id"] for t in rows["individual_tables"]}
    for i, row in enumerate(rows["individual_reports"]):
        path = f"individual_reports[{i}]"
        deal_dealer = dealer.get((table_round.get(row["table_id"]), row["deal_number"]))
        if deal_dealer is None:
            _refuse(f"{path}.deal_number", _("the deal is not played in the table's round."))
        points = {seat: row[f"points_{seat.lower()}"] for seat in "NESW"
                  if row[f"points_{seat.lower()}"] is not None}
        values = ReportValues(row["maker"], row["contract"], points, row["contro_by"],
                              row["recontro_by"], row["sant_vicenc_by"], row["delegations"],
                              row["estevet"], row["breaches"])
        try:
            check_values(values, dealer=deal_dealer, form=form, stored=True)
        except ReportRefused as error:
            _refuse(f"{path}.{error.field}", error.message)
    seats = {seat.value for seat in form.seats}
    for i, row in enumerate(rows["individual_game_totals"]):
        for seat in "NESW":
            value = row[f"total_{seat.lower()}"]
            if (value is None) == (seat in seats) or (value is not None
                                                      and not 0 <= value <= MAX_TOTAL):
                _refuse(f"individual_game_totals[{i}].total_{seat.lower()}",
                        _("a game total for each seat at the table, from 0 to %(max)s.")
                        % {"max": MAX_TOTAL})


def _seating(rows: dict, form) -> None:
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
            _refuse(f"individual_tables[{i}]",
                    _("a table has a player in each seat (%(seats)s); this one has "
                      "%(count)s.") % {"seats": ", ".join(wanted), "count": len(seats)})
    for i, sit_out in enumerate(rows["individual_sit_outs"]):
        if (sit_out["round_id"], sit_out["player_id"]) in seated:
            _refuse(f"individual_sit_outs[{i}].player",
                    _("player id %(player)s sits out this round and is also seated in it.")
                    % {"player": sit_out["player_id"]})


def _free_deal(checked: CheckedArchive) -> None:
    from formats.free_deal.models import FreeDealSettings
    from formats.free_deal.rules import GameRefused, check_game, check_settings
    from formats.free_deal.services import GameValues
    from tournaments.models import Championship
    from tournaments.services.common import ServiceError

    rows = checked.rows["free_deal_settings"]
    if len(rows) > 1:
        _refuse("free_deal_settings[1]", _("a championship has one set of settings."))
    values = {k: v for k, v in (rows[0] if rows else {}).items() if k != "id"}
    settings = FreeDealSettings(
        championship=Championship(doubling=checked.championship["doubling"]), **values)
    try:
        check_settings(settings)
    except ServiceError as error:
        _refuse(f"free_deal_settings[0].{error.field or 'target'}", error.message)
    for i, entry in enumerate(checked.rows["game_entries"]):
        game = GameValues(entry["first_points"], entry["second_points"], entry["ended_by"],
                          entry["hands_played"],
                          tuple(entry["hands"]) if entry["hands"] is not None else None)
        try:
            check_game(settings, game)
        except GameRefused as error:
            _refuse(f"game_entries[{i}].{error.field}", error.message)
    _sections(checked.rows)
    check_knockout(checked.rows, settings)


def _sections(rows: dict) -> None:
    """Free-deal sections (rules.md 11.3): pairs of two sections never share a table, and a
    section bye is a pair of a section sitting out a round it has no table in, one per
    section and round."""
    section_of = {row["team_id"]: row["section_id"] for row in rows["free_deal_pair_sections"]}
    if not section_of:
        if rows["free_deal_section_byes"]:
            _refuse("free_deal_section_byes[0]", _("a section bye needs sections."))
        return
    seated = set()
    for i, table in enumerate(rows["tables"]):
        seated |= {(table["round_id"], table["ns_team_id"]), (table["round_id"],
                                                               table["ew_team_id"])}
        if section_of.get(table["ns_team_id"]) != section_of.get(table["ew_team_id"]):
            _refuse(f"tables[{i}].ew_team", _("the two pairs of a table are in different "
                                              "sections."))
    byes = set()
    for i, bye in enumerate(rows["free_deal_section_byes"]):
        section = section_of.get(bye["team_id"])
        if section is None:
            _refuse(f"free_deal_section_byes[{i}].team", _("the pair is in no section."))
        if (bye["round_id"], bye["team_id"]) in seated or (bye["round_id"], section) in byes:
            _refuse(f"free_deal_section_byes[{i}]", _("a section has one bye a round, for a "
                                                      "pair without a table in it."))
        byes.add((bye["round_id"], section))


def _championship(row: dict) -> None:
    if not 1 <= row["deals_per_match"] <= 12:
        _refuse("championship.deals_per_match", _("must be from 1 to 12."))
    if row["rounds_planned"] is not None and row["rounds_planned"] < 1:
        _refuse("championship.rounds_planned", _("must be at least 1."))
    if row["starts_on"] and row["ends_on"] and row["ends_on"] < row["starts_on"]:
        _refuse("championship.ends_on", _("the last day is before the first day."))
    if not _HEX64.match(row["deal_key"]):
        _refuse("championship.deal_key", _("a deal key is 64 hexadecimal digits."))
    if engine.key_commitment(bytes.fromhex(row["deal_key"])) != row["key_commitment"]:
        _refuse("championship.key_commitment",
                _("does not match the deal key (the archive has been altered)."))


def _rounds(rows: dict) -> None:
    for i, round_ in enumerate(rows["rounds"]):
        path = f"rounds[{i}]"
        if round_["number"] < 1:
            _refuse(f"{path}.number", _("a round number starts at 1."))
        if round_["status"] != Round.Status.DRAFTED and round_["released_at"] is None:
            _refuse(f"{path}.released_at", _("a released or closed round has a release time."))
        if (round_["status"] == Round.Status.CLOSED) != (round_["closed_at"] is not None):
            _refuse(f"{path}.closed_at", _("only a closed round has a closing time, and it "
                                           "must have one."))
    byes = {r["id"]: r["bye_team_id"] for r in rows["rounds"]}
    seated: set[tuple[int, int]] = set()
    for i, table in enumerate(rows["tables"]):
        path = f"tables[{i}]"
        if table["number"] < 1:
            _refuse(f"{path}.number", _("a table number starts at 1."))
        if table["ns_team_id"] == table["ew_team_id"]:
            _refuse(f"{path}.ew_team", _("a team cannot play against itself."))
        for team_id in (table["ns_team_id"], table["ew_team_id"]):
            if (table["round_id"], team_id) in seated or byes[table["round_id"]] == team_id:
                _refuse(path, _("team id %(team)s has two places in the same round.")
                        % {"team": team_id})
            seated.add((table["round_id"], team_id))


def _deals(checked: CheckedArchive) -> None:
    key = bytes.fromhex(checked.championship["deal_key"])
    three = (checked.championship["format"] in ("abarrotada", "abarrotada_free")
             and any(row["form"] == 3 for row in checked.rows["individual_settings"]))
    for i, deal in enumerate(checked.rows["deals"]):
        path = f"deals[{i}]"
        if deal["number"] < 1:
            _refuse(f"{path}.number", _("a deal number starts at 1."))
        if three:  # an individual three-player deal (rules.md 10.1): its own construction
            _three_player_deal(path, deal, key)
            continue
        try:
            cards = engine.parse_deal(deal["cards"])
        except ValueError as error:
            _refuse(f"{path}.cards", str(error))
        if deal["source"] == "generated" and cards != engine.generate_deal(key, deal["number"]):
            _refuse(f"{path}.cards", _("not the deal the championship's key gives for this "
                                       "number, yet marked as generated."))


def _three_player_deal(path: str, deal: dict, key: bytes) -> None:
    from engine.abarrotada import Form
    from formats.abarrotada.services.seating import deal_cards

    try:
        engine.parse_seat_hands(deal["cards"])
    except ValueError as error:
        _refuse(f"{path}.cards", str(error))
    if deal["source"] == "generated" and deal["cards"] != deal_cards(key, deal["number"],
                                                                      Form.THREE):
        _refuse(f"{path}.cards", _("not the deal the championship's key gives for this "
                                   "number, yet marked as generated."))


def _results(rows: dict) -> None:
    table_round = {t["id"]: t["round_id"] for t in rows["tables"]}
    deal_round = {d["id"]: d["round_id"] for d in rows["deals"]}
    for key in ("result_entries", "adjustments"):
        for i, row in enumerate(rows[key]):
            path = f"{key}[{i}]"
            if table_round[row["table_id"]] != deal_round[row["deal_id"]]:
                _refuse(f"{path}.deal", _("the deal is not played in the table's round."))
            if row["by_team_id"] is None and row["by_director"] is None:
                _refuse(path, _("every result row records who made it (by_team or "
                                "by_director)."))
    for i, entry in enumerate(rows["result_entries"]):
        try:
            check_result_values(
                contract=entry["contract"], points_ns=entry["points_ns"],
                delegated=entry["delegated"], contro=entry["contro"],
                recontro=entry["recontro"], breach=entry["breach"],
            )
        except ValidationError as error:
            _refuse(f"result_entries[{i}]", " ".join(error.messages))
    for i, adjustment in enumerate(rows["adjustments"]):
        path = f"adjustments[{i}]"
        if adjustment["score_den"] < 1:
            _refuse(f"{path}.score_den", _("must be at least 1."))
        # As ``set_adjustment`` allows: a custom value from 0 to 2, else the kind's value.
        score = Fraction(adjustment["score_num"], adjustment["score_den"])
        fixed = ADJUSTMENT_VALUES.get(adjustment["kind"])
        if not 0 <= score <= 2 or (fixed is not None and score != fixed):
            _refuse(f"{path}.score_num", _("%(score)s is not a score this kind of adjustment "
                                           "gives.") % {"score": f"{score}"})
    for i, review in enumerate(rows["result_reviews"]):
        if review["verdict"] == "dispute" and not review["comment"].strip():
            _refuse(f"result_reviews[{i}].comment", _("a dispute always has a comment."))
