"""The championship archive's format (``docs/archive.md``): its marker, version, the rows a
full backup holds, and how values are written.

A full backup lists, for every table below, the named fields of every row of the
championship, by the model field's name, in id order. A reference to another row of the
archive is that row's id; a reference to a user account is its username (accounts are not
archived: ids differ from one installation to the next), or the username kept as text in
the row (:func:`user_name_field`) if it was imported. The championship a row belongs
to is implicit: an archive holds one championship.

Adding a field or a model to the tournaments or scoring apps means deciding here whether
the full backup carries it (``tests/scoring/test_archive_coverage.py`` fails until then).
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field

from django.utils.text import slugify

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
from formats.free_deal.models import (
    FreeDealSettings,
    GameEntry,
    GameReview,
    KnockoutEntry,
    KnockoutGame,
    KnockoutTie,
    PairSection,
    Section,
    SectionBye,
)
from scoring.models import Adjustment, PinAttempt, ResultEntry, ResultReview
from tournaments.models import AuditEvent, Championship, Deal, Round, Table, Team

FORMAT = "duplicada-championship"
#: 2: the championship's format, and the free-deal format's settings and games. A version 1
#: file (a duplicate championship from before formats) is still read (``reading``).
FORMAT_VERSION = 2
#: What a version 1 file lacks, and what it means.
VERSION_1_DEFAULTS = {"format": "duplicate_pairs"}
KIND_FULL = "full"
KIND_PUBLIC = "public"
KINDS = (KIND_FULL, KIND_PUBLIC)

#: A reference to a user account, written as its username.
USER = "user"


def user_name_field(name: str) -> str:
    """The text field that keeps the username of a user reference ``name`` for a row
    imported from a full backup: an import never links a row to an account here (one with
    the same username may be someone else) nor creates one. The archive writes either as
    the reference's username."""
    return f"{name}_name"

_PROVENANCE = ("by_team", "by_director", "created_at", "ip_address", "user_agent")


@dataclass(frozen=True)
class TableSpec:
    """One list of rows in a full backup: its key, its model, the fields it writes (by
    model field name, ``id`` first) and where each reference field points (a table key,
    or :data:`USER`)."""

    key: str
    model: type
    fields: tuple[str, ...]
    refs: dict[str, str] = field(default_factory=dict)


CHAMPIONSHIP = TableSpec(
    "championship", Championship,
    ("id", "name", "venue", "starts_on", "ends_on", "status", "format", "deals_per_match",
     "variant", "doubling", "movement", "rounds_planned", "results_public", "deal_key",
     "key_commitment", "created_at", "archived_at"),
)

#: The row lists of a full backup, in the order they are inserted (references first).
TABLES: tuple[TableSpec, ...] = (
    TableSpec("teams", Team,
              ("id", "number", "name", "club", "player1", "player2", "withdrawn",
               "link_secret", "pin")),
    TableSpec("rounds", Round,
              ("id", "number", "status", "bye_team", "released_at", "closed_at"),
              {"bye_team": "teams"}),
    TableSpec("tables", Table, ("id", "round", "number", "ns_team", "ew_team", "bye_team"),
              {"round": "rounds", "ns_team": "teams", "ew_team": "teams", "bye_team": "teams"}),
    TableSpec("deals", Deal, ("id", "round", "number", "dealer", "cards", "source"),
              {"round": "rounds"}),
    TableSpec("result_entries", ResultEntry,
              ("id", "table", "deal", "contract", "delegated", "contro", "recontro",
               "points_ns", "breach", "by_director_override", "idempotency_key", "note",
               *_PROVENANCE),
              {"table": "tables", "deal": "deals", "by_team": "teams", "by_director": USER}),
    TableSpec("result_reviews", ResultReview,
              ("id", "entry", "verdict", "comment", "via_pin", *_PROVENANCE),
              {"entry": "result_entries", "by_team": "teams", "by_director": USER}),
    TableSpec("adjustments", Adjustment,
              ("id", "table", "deal", "side", "kind", "score_num", "score_den", "reason",
               "cleared", *_PROVENANCE),
              {"table": "tables", "deal": "deals", "by_team": "teams", "by_director": USER}),
    TableSpec("pin_attempts", PinAttempt,
              ("id", "table", "entry", "by_team", "ok", "created_at", "ip_address",
               "user_agent"),
              {"table": "tables", "entry": "result_entries", "by_team": "teams"}),
    TableSpec("audit_events", AuditEvent,
              ("id", "action", "round_number", "team", "detail", "by_director", "created_at",
               "ip_address", "user_agent"),
              {"team": "teams", "by_director": USER}),
    # The free-deal format (rules.md 11): its settings and its games. Empty lists for a
    # duplicate championship.
    TableSpec("free_deal_settings", FreeDealSettings,
              ("id", "target", "hand_limit", "round_minutes", "cap", "sant_vicenc",
               "match_points", "tie_breaks", "bye_difference", "bye_points", "seeding",
               "knockout_size", "knockout_best_of")),
    TableSpec("game_entries", GameEntry,
              ("id", "table", "first_points", "second_points", "ended_by", "hands_played",
               "hands", "by_director_override", "idempotency_key", "note", *_PROVENANCE),
              {"table": "tables", "by_team": "teams", "by_director": USER}),
    TableSpec("game_reviews", GameReview,
              ("id", "entry", "verdict", "comment", "via_pin", *_PROVENANCE),
              {"entry": "game_entries", "by_team": "teams", "by_director": USER}),
    # Free-deal sections (rules.md 11.3): the sections, each pair's, and each section's byes.
    TableSpec("free_deal_sections", Section, ("id", "name", "position")),
    TableSpec("free_deal_pair_sections", PairSection, ("id", "team", "section"),
              {"team": "teams", "section": "free_deal_sections"}),
    TableSpec("free_deal_section_byes", SectionBye, ("id", "round", "team"),
              {"round": "rounds", "team": "teams"}),
    # The free-deal knockout stage (rules.md 11.3): its ties and their games.
    TableSpec("free_deal_knockout_ties", KnockoutTie,
              ("id", "stage", "slot", "first", "second", "first_seed", "second_seed", "winner"),
              {"first": "teams", "second": "teams", "winner": "teams"}),
    TableSpec("free_deal_knockout_games", KnockoutGame,
              ("id", "tie", "number", "first_points", "second_points", *_PROVENANCE),
              {"tie": "free_deal_knockout_ties", "by_team": "teams", "by_director": USER}),
    # A captain's report of a knockout game, waiting for, confirmed or disputed by the
    # other pair (the game it made, once confirmed).
    TableSpec("free_deal_knockout_entries", KnockoutEntry,
              ("id", "tie", "number", "first_points", "second_points", "verdict",
               "reviewed_by", "reviewed_at", "comment", "game", "idempotency_key",
               *_PROVENANCE),
              {"tie": "free_deal_knockout_ties", "reviewed_by": "teams",
               "game": "free_deal_knockout_games", "by_team": "teams", "by_director": USER}),
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
               "idempotency_key", "note", *_PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_report_reviews", ReportReview,
              ("id", "report", "verdict", "comment", "via_pin", *_PROVENANCE),
              {"report": "individual_reports", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_adjustments", SeatAdjustment,
              ("id", "table", "deal_number", "seat", "value", "note", *_PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_pin_attempts", SeatPinAttempt,
              ("id", "table", "by_team", "ok", "created_at", "ip_address", "user_agent"),
              {"table": "individual_tables", "by_team": "teams"}),
    TableSpec("individual_game_totals", GameTotals,
              ("id", "table", "total_n", "total_e", "total_s", "total_w", "hands_played",
               "by_director_override", "idempotency_key", "note", *_PROVENANCE),
              {"table": "individual_tables", "by_team": "teams", "by_director": USER}),
    TableSpec("individual_game_totals_reviews", GameTotalsReview,
              ("id", "report", "verdict", "comment", "via_pin", *_PROVENANCE),
              {"report": "individual_game_totals", "by_team": "teams", "by_director": USER}),
)

#: The individual championships' tables (added within version 2).
INDIVIDUAL_TABLES = ("individual_settings", "individual_player_details", "individual_tables",
                     "individual_seatings", "individual_sit_outs", "individual_reports",
                     "individual_report_reviews", "individual_adjustments",
                     "individual_pin_attempts", "individual_game_totals",
                     "individual_game_totals_reviews")
#: The tables a version 1 file does not have (read as empty).
VERSION_2_TABLES = ("free_deal_settings", "game_entries", "game_reviews")
#: Tables added within version 2 (free-deal sections): a version 2 file without them is a
#: championship without sections, read as empty lists.
OPTIONAL_TABLES = ("free_deal_sections", "free_deal_pair_sections", "free_deal_section_byes",
                   "free_deal_knockout_ties", "free_deal_knockout_games",
                   "free_deal_knockout_entries", *INDIVIDUAL_TABLES)
#: Championship fields added within version 2, with the value a file from before them means.
OPTIONAL_CHAMPIONSHIP = {"archived_at": None}
#: Settings added within version 2, with the value a file from before them means.
OPTIONAL_SETTINGS = {"knockout_size": 0, "knockout_best_of": 1}
#: Row fields added within version 2, by list, with the value a file from before them means.
OPTIONAL_ROW_FIELDS = {"free_deal_knockout_entries": {"idempotency_key": None}}

#: Rows that point at the championship do so implicitly (one championship per archive).
IMPLICIT_CHAMPIONSHIP = {Team, Round, Deal, AuditEvent, FreeDealSettings, Section, KnockoutTie,
                         IndividualSettings}

#: Model fields a full backup leaves out on purpose: derived data rebuilt on import.
#: ``DealScore`` rows are recomputed from the results; a ``ScoreRefresh`` note only says
#: that a deal awaits that rebuild, which the import does at once.
#: An ``ExportJob`` is a file made on demand from the rest, kept for a day. The API's own
#: rows (a director's tokens, stored idempotent answers, throttle counters) belong to the
#: installation, not to a championship.
#: A ``DealAnalysis`` (the double-dummy hand record) is computed from the cards and the rule
#: variant: once an import is committed, the closed rounds' deals are analysed again in the
#: background, as when their rounds closed (a backup cannot slip in a wrong analysis, and one
#: made by an older solver is made afresh).
#: A free-deal ``RoundClock`` is the room's live state, not a result: a championship moved
#: with a round in play has that round's clock started again by its director.
DERIVED_MODELS = ("DealScore", "ScoreRefresh", "ExportJob", "ApiToken", "IdempotentRequest",
                  "ThrottleCount", "DealAnalysis", "RoundClock")


# --- Values ----------------------------------------------------------------------------------


def write_datetime(value: datetime.datetime | None) -> str | None:
    """UTC with microseconds always written, so that the text never depends on the value."""
    if value is None:
        return None
    return value.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$")


def read_datetime(text: str) -> datetime.datetime:
    """The inverse of :func:`write_datetime`; ``ValueError`` for anything else."""
    if not _DATETIME.match(text):
        raise ValueError(text)
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(
        tzinfo=datetime.UTC
    )


def write_date(value: datetime.date | None) -> str | None:
    return None if value is None else value.isoformat()


def to_json_bytes(archive: dict) -> bytes:
    """The archive as canonical JSON: keys sorted, rows in the order given (id order),
    UTF-8, one row a line. The same archive always gives the same bytes."""
    text = json.dumps(archive, ensure_ascii=False, sort_keys=True, indent=1,
                      separators=(",", ": "), allow_nan=False)
    return (text + "\n").encode("utf-8")


def renumbered(archive: dict) -> dict:
    """A copy of a full backup whose ids are the rows' ranks in each list (1, 2, ... in the
    file's order; the championship's is 1), references translated alike. An import gives
    every row a new id: a backup made before and one made after compare equal renumbered."""
    copy = json.loads(json.dumps(archive))
    ranks = {CHAMPIONSHIP.key: {copy["championship"]["id"]: 1}}
    copy["championship"]["id"] = 1
    for spec in TABLES:
        ranks[spec.key] = {row["id"]: rank for rank, row in enumerate(copy[spec.key], start=1)}
        for row in copy[spec.key]:
            row["id"] = ranks[spec.key][row["id"]]
            for name, target in spec.refs.items():
                if target != USER and row[name] is not None:
                    row[name] = ranks[target][row[name]]
    return copy


def archive_filename(championship: Championship, kind: str) -> str:
    """``duplicada-<id>-<name>-public.json``, or ``...-full-backup-SECRET.json`` for the
    full backup, whose name warns that it holds the team links, PINs and deal key."""
    name = slugify(championship.name)[:60] or "championship"
    suffix = "full-backup-SECRET" if kind == KIND_FULL else "public"
    return f"duplicada-{championship.pk}-{name}-{suffix}.json"
