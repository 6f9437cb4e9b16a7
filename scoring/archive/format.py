"""The championship archive's format (``docs/archive.md``): its marker, version, the rows a
full backup holds, and how values are written.

A full backup lists, for every table below, the named fields of every row of the
championship, by the model field's name, in id order. A reference to another row of the
archive is that row's id; a reference to a user account is its username (accounts are not
archived: ids differ from one installation to the next), or the username kept as text in
the row (:func:`user_name_field`) if it was imported. The championship a row belongs
to is implicit: an archive holds one championship.

Adding a field or a model to the tournaments or scoring apps means deciding here whether
the full backup carries it, and to a format's app deciding so in the format's
:class:`ArchivePart` (``formats/free_deal/archive.py``, ``formats/abarrotada/archive.py``):
``tests/scoring/test_archive_coverage.py`` fails until then.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.text import slugify

from formats.registry import FORMATS
from scoring.archive import knockout
from scoring.archive.specs import PROVENANCE, USER, TableSpec
from scoring.models import (
    Adjustment,
    GameEntry,
    GameReview,
    KnockoutTie,
    PinAttempt,
    ResultEntry,
    ResultReview,
)
from tournaments.models import (
    AuditEvent,
    Championship,
    Deal,
    EntrantPlayer,
    Player,
    Round,
    Table,
    Team,
)

FORMAT = "duplicada-championship"
#: 2: the championship's format, and the free-deal format's settings and games. A version 1
#: file (a duplicate championship from before formats) is still read (``reading``).
FORMAT_VERSION = 2
#: What a version 1 file lacks, and what it means.
VERSION_1_DEFAULTS = {"format": "duplicate_pairs"}
KIND_FULL = "full"
KIND_PUBLIC = "public"
KINDS = (KIND_FULL, KIND_PUBLIC)


def user_name_field(name: str) -> str:
    """The text field that keeps the username of a user reference ``name`` for a row
    imported from a full backup: an import never links a row to an account here (one with
    the same username may be someone else) nor creates one. The archive writes either as
    the reference's username."""
    return f"{name}_name"


CHAMPIONSHIP = TableSpec(
    "championship", Championship,
    ("id", "name", "venue", "starts_on", "ends_on", "status", "format", "deals_per_match",
     "variant", "doubling", "movement", "rounds_planned", "results_public", "deal_key",
     "key_commitment", "created_at", "archived_at", "finished_at", "seed_by_rating",
     "show_ratings"),
)

#: The core's row lists of a full backup, in the order they are inserted (references
#: first); each format's follow (:func:`backup_layout`).
CORE_TABLES: tuple[TableSpec, ...] = (
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
               *PROVENANCE),
              {"table": "tables", "deal": "deals", "by_team": "teams", "by_director": USER}),
    TableSpec("result_reviews", ResultReview,
              ("id", "entry", "verdict", "comment", "via_pin", *PROVENANCE),
              {"entry": "result_entries", "by_team": "teams", "by_director": USER}),
    TableSpec("adjustments", Adjustment,
              ("id", "table", "deal", "side", "kind", "score_num", "score_den", "reason",
               "cleared", *PROVENANCE),
              {"table": "tables", "deal": "deals", "by_team": "teams", "by_director": USER}),
    # A game's entry and its confirmation or dispute (the free-deal and the groups formats'
    # games: ``scoring.services.games``). Empty lists for a duplicate championship.
    TableSpec("game_entries", GameEntry,
              ("id", "table", "first_points", "second_points", "ended_by", "hands_played",
               "hands", "by_director_override", "idempotency_key", "note", *PROVENANCE),
              {"table": "tables", "by_team": "teams", "by_director": USER}),
    TableSpec("game_reviews", GameReview,
              ("id", "entry", "verdict", "comment", "via_pin", *PROVENANCE),
              {"entry": "game_entries", "by_team": "teams", "by_director": USER}),
    # A knockout bracket's ties, games, reports and verdicts (the free-deal and the groups
    # formats' brackets: ``scoring.archive.knockout``). Empty lists without a bracket.
    *knockout.TABLES,
    TableSpec("pin_attempts", PinAttempt,
              ("id", "table", "entry", "by_team", "ok", "created_at", "ip_address",
               "user_agent"),
              {"table": "tables", "entry": "result_entries", "by_team": "teams"}),
    TableSpec("audit_events", AuditEvent,
              ("id", "action", "round_number", "team", "detail", "by_director", "created_at",
               "ip_address", "user_agent"),
              {"team": "teams", "by_director": USER}),
)

#: The register entries the championship's entrants name (rules.md 13.1), added within
#: version 2: the players as this installation's register knows them, and which player each
#: entrant names in which position. Not rows an import inserts: each entrant's players are
#: linked to the importing installation's register (``scoring.archive.register``), so a
#: file without them (written before them) links by the names typed on the entrants.
REGISTER_PLAYERS = TableSpec("register_players", Player, ("id", "name", "club", "licence"))
ENTRANT_PLAYERS = TableSpec("entrant_players", EntrantPlayer,
                            ("id", "team", "position", "player"),
                            {"team": "teams", "player": "register_players"})
REGISTER_TABLES = (REGISTER_PLAYERS, ENTRANT_PLAYERS)
#: A register player's fields the archive leaves out: the searched name (made from the
#: name), and what belongs to the installation's register (when it was registered, a merge
#: into another player: the file names the player kept).
REGISTER_LEFT_OUT = ("search_name", "merged_into", "created_at")

#: Rows that point at the championship do so implicitly (one championship per archive).
CORE_IMPLICIT_CHAMPIONSHIP = (Team, Round, Deal, AuditEvent, KnockoutTie)
#: Championship fields added within version 2, with the value a file from before them means.
OPTIONAL_CHAMPIONSHIP = {"archived_at": None, "finished_at": None, "seed_by_rating": False,
                         "show_ratings": False}

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
#: A ``RoundClock`` is the room's live state, not a result: a championship moved with a round
#: in play has that round's clock started again by its director.
#: A ``FinalPlace`` follows from a finished championship's standings: kept again on import.
#: A ``PlayerRating`` is rebuilt from the final places and the register; a ``PlayerMerge``
#: is a director's decision about this installation's register, not the championship's.
CORE_DERIVED_MODELS = ("DealScore", "ScoreRefresh", "ExportJob", "ApiToken",
                       "IdempotentRequest", "ThrottleCount", "DealAnalysis", "RoundClock",
                       "FinalPlace", "PlayerRating", "PlayerMerge")


@dataclass(frozen=True)
class ArchivePart:
    """What a format adds to the full backup (its answer to
    :meth:`formats.base.Format.archive_part`): its row lists after the core's, and what a
    file from before them means."""

    #: The format's row lists, in the order they are inserted (references first).
    tables: tuple[TableSpec, ...] = ()
    #: Models of ``tables`` whose rows point at the championship implicitly.
    implicit_championship: tuple[type, ...] = ()
    #: Lists a version 1 file does not have (read as empty).
    version_2_tables: tuple[str, ...] = ()
    #: Lists added within version 2: a version 2 file without them reads them as empty.
    optional_tables: tuple[str, ...] = ()
    #: Settings fields added within version 2, by list, with the value a file from before
    #: them means.
    optional_settings: dict[str, dict] = field(default_factory=dict)
    #: Row fields added within version 2, by list, with the value a file from before them
    #: means.
    optional_row_fields: dict[str, dict] = field(default_factory=dict)
    #: The format's models a full backup leaves out on purpose (see :data:`CORE_DERIVED_MODELS`).
    derived_models: tuple[str, ...] = ()
    #: ``upgrade(archive)``: rewrites, in place, rows of a file from before a change of the
    #: format's rows into today's (a value moved to rows of another list), after the
    #: optional lists and fields are filled in; or ``None``.
    upgrade: Callable[[dict], None] | None = None


#: The core's part: duplicate pairs' rows, the games' rows (a version 1 file, from before
#: formats, has none), a knockout bracket's rows (added within version 2: a file from before
#: them has no bracket), and the rows every format has.
CORE_PART = ArchivePart(tables=CORE_TABLES, implicit_championship=CORE_IMPLICIT_CHAMPIONSHIP,
                        version_2_tables=("game_entries", "game_reviews"),
                        optional_tables=knockout.KEYS,
                        optional_row_fields=knockout.OPTIONAL_ROW_FIELDS,
                        derived_models=CORE_DERIVED_MODELS,
                        # A file from before the reports joined the results core kept each
                        # one's verdict on it.
                        upgrade=knockout.reviews_from_verdicts)


@dataclass(frozen=True)
class BackupLayout:
    """Every row list of a full backup: the core's, then each format's in the order of
    ``formats.FORMATS`` (see :class:`ArchivePart` for each field)."""

    tables: tuple[TableSpec, ...]
    implicit_championship: frozenset
    version_2_tables: tuple[str, ...]
    optional_tables: tuple[str, ...]
    optional_settings: dict[str, dict]
    optional_row_fields: dict[str, dict]
    derived_models: tuple[str, ...]
    upgrades: tuple[Callable[[dict], None], ...] = ()


def backup_layout() -> BackupLayout:
    """The full backup's lists: the core's and every registered format's part."""
    parts = [CORE_PART] + [part for fmt in FORMATS.values() if (part := fmt.archive_part())]
    return BackupLayout(
        tables=tuple(spec for part in parts for spec in part.tables),
        implicit_championship=frozenset(m for part in parts for m in part.implicit_championship),
        version_2_tables=tuple(key for part in parts for key in part.version_2_tables),
        optional_tables=tuple(key for part in parts for key in part.optional_tables),
        optional_settings={k: v for part in parts for k, v in part.optional_settings.items()},
        optional_row_fields={k: v for part in parts
                             for k, v in part.optional_row_fields.items()},
        derived_models=tuple(name for part in parts for name in part.derived_models),
        upgrades=tuple(part.upgrade for part in parts if part.upgrade is not None),
    )


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
    register = REGISTER_TABLES if all(spec.key in copy for spec in REGISTER_TABLES) else ()
    for spec in (*backup_layout().tables, *register):
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
