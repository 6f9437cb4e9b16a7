"""The shape of a full backup's row lists (``scoring.archive.format``): a list's key, model,
fields and references, and the values every list shares. Apart from ``format`` so that the
core's own parts (``scoring.archive.knockout``) can declare their lists without a cycle."""

from __future__ import annotations

from dataclasses import dataclass, field

#: A reference to a user account, written as its username.
USER = "user"


#: Who made a row, when and from where (the rows a captain or a director writes).
PROVENANCE = ("by_team", "by_director", "created_at", "ip_address", "user_agent")


@dataclass(frozen=True)
class TableSpec:
    """One list of rows in a full backup: its key, its model, the fields it writes (by
    model field name, ``id`` first) and where each reference field points (a table key,
    or :data:`USER`)."""

    key: str
    model: type
    fields: tuple[str, ...]
    refs: dict[str, str] = field(default_factory=dict)
    #: The lookup from a row to its championship, when its references do not tell it (an
    #: ``entry`` that is not a round's table's, say): ``export._queryset``.
    championship_lookup: str = ""
