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
from formats.registry import FORMATS
from scoring.archive.errors import refuse
from scoring.archive.knockout import check_bracket
from scoring.archive.validation import CheckedArchive
from scoring.services import ADJUSTMENT_VALUES, check_result_values
from tournaments.models import Round

_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_PIN = re.compile(r"^[0-9]{4}$")
_LINK_SECRET = re.compile(r"^[A-Za-z0-9_-]{22,64}$")


def check_rules(checked: CheckedArchive) -> None:
    """Refuse (``ArchiveError`` naming the row) a full backup the project could not have
    written: the core's rows here, each format's own through its
    :meth:`~formats.base.Format.check_archive`."""
    _championship(checked.championship)
    fmt = FORMATS.get(checked.championship["format"])
    rows = checked.rows
    for i, team in enumerate(rows["teams"]):
        path = f"teams[{i}]"
        if team["number"] < 1:
            refuse(f"{path}.number", _("a pair number starts at 1."))
        if not _PIN.match(team["pin"]):
            refuse(f"{path}.pin", _("a PIN is 4 digits."))
        if not _LINK_SECRET.match(team["link_secret"]):
            refuse(f"{path}.link_secret", _("a link secret is 22 to 64 URL-safe characters."))
        # A pair has two players; an individual championship's entrant is one (rules.md 10).
        individual = fmt is not None and fmt.players_entrants
        if not individual and not team["player2"].strip():
            refuse(f"{path}.player2", _("a pair has a second player."))
    _rounds(rows)
    _deals(checked, fmt)
    _results(rows)
    # Rows of another format first: a file with a bracket its format cannot have is told
    # so, whatever that bracket holds.
    _other_formats_rows(checked, fmt)
    check_bracket(rows)
    if fmt is not None:
        fmt.check_archive(checked)


def _other_formats_rows(checked: CheckedArchive, fmt) -> None:
    """Rows of another format are refused (each format's :attr:`archive_rows`); the
    format's own go through the rules its forms apply (``Format.check_archive``)."""
    own = fmt.archive_rows if fmt is not None else ()
    for other in FORMATS.values():
        if other is fmt:
            continue
        for key in other.archive_rows:
            if checked.rows[key] and key not in own:
                refuse(f"{key}[0]", _("a %(format)s championship has no such rows.")
                       % {"format": checked.championship["format"]})


def _championship(row: dict) -> None:
    if not 1 <= row["deals_per_match"] <= 12:
        refuse("championship.deals_per_match", _("must be from 1 to 12."))
    if row["rounds_planned"] is not None and row["rounds_planned"] < 1:
        refuse("championship.rounds_planned", _("must be at least 1."))
    if row["starts_on"] and row["ends_on"] and row["ends_on"] < row["starts_on"]:
        refuse("championship.ends_on", _("the last day is before the first day."))
    if not _HEX64.match(row["deal_key"]):
        refuse("championship.deal_key", _("a deal key is 64 hexadecimal digits."))
    if engine.key_commitment(bytes.fromhex(row["deal_key"])) != row["key_commitment"]:
        refuse("championship.key_commitment",
               _("does not match the deal key (the archive has been altered)."))


def _rounds(rows: dict) -> None:
    for i, round_ in enumerate(rows["rounds"]):
        path = f"rounds[{i}]"
        if round_["number"] < 1:
            refuse(f"{path}.number", _("a round number starts at 1."))
        if round_["status"] != Round.Status.DRAFTED and round_["released_at"] is None:
            refuse(f"{path}.released_at", _("a released or closed round has a release time."))
        if (round_["status"] == Round.Status.CLOSED) != (round_["closed_at"] is not None):
            refuse(f"{path}.closed_at", _("only a closed round has a closing time, and it "
                                           "must have one."))
    byes = {r["id"]: r["bye_team_id"] for r in rows["rounds"]}
    seated: set[tuple[int, int]] = set()
    for i, table in enumerate(rows["tables"]):
        path = f"tables[{i}]"
        if table["number"] < 1:
            refuse(f"{path}.number", _("a table number starts at 1."))
        if table["ns_team_id"] == table["ew_team_id"]:
            refuse(f"{path}.ew_team", _("a pair cannot play against itself."))
        for team_id in (table["ns_team_id"], table["ew_team_id"]):
            if (table["round_id"], team_id) in seated or byes[table["round_id"]] == team_id:
                refuse(path, _("pair id %(team)s has two places in the same round.")
                       % {"team": team_id})
            seated.add((table["round_id"], team_id))


def _deals(checked: CheckedArchive, fmt) -> None:
    key = bytes.fromhex(checked.championship["deal_key"])
    for i, deal in enumerate(checked.rows["deals"]):
        path = f"deals[{i}]"
        if deal["number"] < 1:
            refuse(f"{path}.number", _("a deal number starts at 1."))
        # A format's own deals (an individual three-player deal, rules.md 10.1) are its.
        if fmt is not None and fmt.check_archived_deal(checked, path, deal):
            continue
        try:
            cards = engine.parse_deal(deal["cards"])
        except ValueError as error:
            refuse(f"{path}.cards", str(error))
        if deal["source"] == "generated" and cards != engine.generate_deal(key, deal["number"]):
            refuse(f"{path}.cards", _("not the deal the championship's key gives for this "
                                       "number, yet marked as generated."))


def _results(rows: dict) -> None:
    table_round = {t["id"]: t["round_id"] for t in rows["tables"]}
    deal_round = {d["id"]: d["round_id"] for d in rows["deals"]}
    for key in ("result_entries", "adjustments"):
        for i, row in enumerate(rows[key]):
            path = f"{key}[{i}]"
            if table_round[row["table_id"]] != deal_round[row["deal_id"]]:
                refuse(f"{path}.deal", _("the deal is not played in the table's round."))
            if row["by_team_id"] is None and row["by_director"] is None:
                refuse(path, _("every result row records who made it (by_team or "
                                "by_director)."))
    for i, entry in enumerate(rows["result_entries"]):
        try:
            check_result_values(
                contract=entry["contract"], points_ns=entry["points_ns"],
                delegated=entry["delegated"], contro=entry["contro"],
                recontro=entry["recontro"], breach=entry["breach"],
            )
        except ValidationError as error:
            refuse(f"result_entries[{i}]", " ".join(error.messages))
    for i, adjustment in enumerate(rows["adjustments"]):
        path = f"adjustments[{i}]"
        if adjustment["score_den"] < 1:
            refuse(f"{path}.score_den", _("must be at least 1."))
        # As ``set_adjustment`` allows: a custom value from 0 to 2, else the kind's value.
        score = Fraction(adjustment["score_num"], adjustment["score_den"])
        fixed = ADJUSTMENT_VALUES.get(adjustment["kind"])
        if not 0 <= score <= 2 or (fixed is not None and score != fixed):
            refuse(f"{path}.score_num", _("%(score)s is not a score this kind of adjustment "
                                           "gives.") % {"score": f"{score}"})
    for i, review in enumerate(rows["result_reviews"]):
        if review["verdict"] == "dispute" and not review["comment"].strip():
            refuse(f"result_reviews[{i}].comment", _("a dispute always has a comment."))
