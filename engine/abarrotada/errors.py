"""The error an individual (*abarrotada*) entry is refused with (rules.md 10).

Like :class:`engine.free_deal.GameError`: :class:`IndividualError` names the field, carries a
plain English message, and a stable ``code`` with its ``params`` so that the web layer can
build a translated message of its own without parsing the English one.
"""

from __future__ import annotations

from engine.field_error import FieldError

__all__ = ["CODES", "IndividualError"]

#: Every code an :class:`IndividualError` may carry, with what it means.
CODES: dict[str, str] = {
    "invalid": "not valid (no more precise code)",
    # The table's report of a deal (TableReport)
    "unknown_seat": "not a seat at this table",
    "unknown_contract": "not a contract",
    "points_missing": "a seat's points are missing",
    "negative_points": "points cannot be negative",
    "points_do_not_add_up": "the seats' points do not add up to 72",
    "too_many_delegations": "more than three delegations",
    "contro_by_maker": "the trump maker cannot say contro",
    "estevet_by_maker": "an Estevet is the dealer's, so the dealer cannot make trumps",
    "estevet_without_delegation": "an Estevet is a delegation; none was reported",
    "estevet_back_to_dealer": "the delegations of an Estevet bring the choice back to the dealer",
    "maker_not_reached": "the trump maker is not the player the delegations reached",
    "recontro_by_other": "only the trump maker may say recontro",
    "recontro_without_contro": "a recontro needs a contro",
    "sant_vicenc_by_other": "only a player who said contro may say Sant Vicenç",
    "sant_vicenc_without_recontro": "Sant Vicenç needs a recontro",
    # A play record
    "card_not_in_deck": "the card is not in this form's deck",
    "card_not_held": "the player does not hold the card",
    "illegal_card": "the card breaks a rule of play",
    "record_too_long": "more cards than the deal has",
}


class IndividualError(FieldError):
    """An individual entry refused: which field, and why.

    ``field`` names the input: ``"points"``, ``"points.N"``, ``"contro_by"``... or, for a play
    record, ``"tricks[3][2]"`` (indices from 0 as in JSON; ``params["trick"]`` and
    ``params["card"]`` count from 1, as a player would).
    """
