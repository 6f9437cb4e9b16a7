"""The API's closed sets of values, declared as enums in the schema (a generated client then
types them) under names fixed here (``SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]``), so
that they do not depend on which fields use them.

:func:`enum_field` declares the set in the schema only: what a value may be is still checked
where it was (a service, a rule), with the message that names the field."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

#: A result cell's, or an entry's, state (``scoring.selectors.states``).
CELL_STATUSES = ["empty", "pending", "confirmed", "disputed", "adjusted"]
#: A free-deal game's state (no adjusted scores there).
GAME_STATES = ["empty", "pending", "confirmed", "disputed"]
#: A round's status (``tournaments.models.Round.Status``).
ROUND_STATUSES = ["drafted", "released", "closed"]
#: A team's side in a scorecard line; a bye has none.
SCORECARD_SIDES = ["NS", "EW", "bye"]
#: The languages of an export (``settings.LANGUAGES``).
LANGUAGES = ["ca", "es", "en"]
#: Every kind of export, of every format (each format's ``export_kinds``; a test checks that
#: this list is theirs).
EXPORT_KINDS = ["ranking_pdf", "travellers_pdf", "scorecards_pdf", "workbook", "ranking_csv",
                "results_csv", "public_archive", "full_backup", "games_csv", "bracket_pdf"]
#: A contract (``scoring.models.ResultEntry.Contract``): oros, copes, espases, bastos, botifarra.
CONTRACTS = ["O", "C", "E", "B", "BOT"]
#: The pair of a free-deal game, as its captains see it.
PAIRS = ["first", "second"]

def enum_schema(values: list[str]) -> dict:
    return {"type": "string", "enum": list(values)}


def enum_field(values: list[str], *, nullable: bool = False, **kwargs) -> serializers.CharField:
    """A text field whose schema is the enum ``values`` (checked where it was before)."""
    schema = enum_schema(values)
    if nullable:
        schema = {**schema, "nullable": True}
        kwargs.setdefault("allow_null", True)

    @extend_schema_field(schema)
    class EnumCharField(serializers.CharField):
        pass

    return EnumCharField(**kwargs)
