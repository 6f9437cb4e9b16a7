"""Result values and the errors, origins and policies every operation shares."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import engine
from scoring.models import Adjustment, ResultEntry
from tournaments.audit import client_ip

TOTAL_POINTS = 72

ADJUSTMENT_VALUES = {
    Adjustment.Kind.AVERAGE: engine.AVERAGE,
    Adjustment.Kind.AVERAGE_PLUS: engine.AVERAGE_PLUS,
    Adjustment.Kind.AVERAGE_MINUS: engine.AVERAGE_MINUS,
}


#: The longest idempotency key a result keeps (its column). Forms and the API refuse or hash
#: longer ones; see :func:`stored_key`.
KEY_LENGTH = ResultEntry._meta.get_field("idempotency_key").max_length


def stored_key(key: str | None) -> str | None:
    """A submission's idempotency key as stored on its entry, or ``None`` for none. Never
    cut short: two keys that begin alike would become one, and a new result would be
    answered with an old one. A longer key here is a caller's bug (its form or serializer
    refuses it, the API hashes a long header), not a key to trim."""
    key = (key or "").strip() or None
    if key is not None and len(key) > KEY_LENGTH:
        raise ValueError(f"An idempotency key has at most {KEY_LENGTH} characters.")
    return key


class ScoringError(Exception):
    """An operation that is refused, with a message for the user."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.code = code


class GameRefused(ScoringError):
    """A game's values refused (``scoring.services.games``, asked of the format by
    ``Format.check_game``); ``field`` names the form field it concerns (``table`` when the
    table plays no game)."""

    def __init__(self, message: str, code: str, field: str):
        super().__init__(message, code=code)
        self.field = field


class PinRefused(ScoringError):
    """A wrong PIN, or PIN confirmation locked at this table."""


@dataclass(frozen=True)
class Origin:
    """Where a request came from, stored with every row."""

    ip_address: str | None = None
    user_agent: str = ""

    @classmethod
    def from_request(cls, request) -> Origin:
        agent = request.META.get("HTTP_USER_AGENT", "")[:300]
        return cls(ip_address=client_ip(request), user_agent=agent)


@dataclass(frozen=True)
class ResultData:
    """One table's report of one deal (rules.md 6.1), already cleaned."""

    contract: str
    points_ns: int
    delegated: bool = False
    contro: bool = False
    recontro: bool = False
    breach: str = ResultEntry.Breach.NONE

    @property
    def points_ew(self) -> int:
        return TOTAL_POINTS - self.points_ns

    def entry_fields(self) -> dict:
        """The values as ``ResultEntry`` fields (the dataclass fields are named alike)."""
        return dataclasses.asdict(self)


def check_result_values(
    *,
    contract,
    points_ns,
    points_ew=None,
    delegated=False,
    contro=False,
    recontro=False,
    sant_vicenc=False,
    breach=ResultEntry.Breach.NONE,
) -> ResultData:
    """Validate a reported result (rules.md 6.1) and return it as :class:`ResultData`.

    Raises ``ValidationError`` mapping each wrong field to a message that names it. Used
    by the forms, the API and (as a last check) the services themselves.
    """
    errors: dict[str, str] = {}
    if contract in (None, ""):
        errors["contract"] = _("Contract: choose a suit or Botifarra.")
    elif contract not in ResultEntry.Contract.values:
        errors["contract"] = _("Contract: %(value)s is not a suit or Botifarra.") % {
            "value": contract
        }
    ns_ok = False
    if points_ns in (None, ""):
        errors["points_ns"] = _("NS points: enter the points of North-South, from 0 to 72.")
    elif isinstance(points_ns, bool) or not isinstance(points_ns, int):
        errors["points_ns"] = _("NS points: enter a whole number from 0 to 72.")
    elif not 0 <= points_ns <= TOTAL_POINTS:
        errors["points_ns"] = _("NS points: %(value)s is not between 0 and 72.") % {
            "value": points_ns
        }
    else:
        ns_ok = True
    if points_ew not in (None, ""):
        if isinstance(points_ew, bool) or not isinstance(points_ew, int):
            errors["points_ew"] = _("EW points: enter a whole number from 0 to 72, or leave it empty.")
        elif ns_ok and points_ns + points_ew != TOTAL_POINTS:
            errors["points_ew"] = _(
                "EW points: NS and EW points must add up to 72 "
                "(%(ns)s + %(ew)s = %(sum)s). EW should be %(expected)s."
            ) % {
                "ns": points_ns,
                "ew": points_ew,
                "sum": points_ns + points_ew,
                "expected": TOTAL_POINTS - points_ns,
            }
    if recontro and not contro:
        errors["recontro"] = _(
            "Recontro: only possible after contro. Tick contro too, or untick recontro."
        )
    if sant_vicenc:
        errors["sant_vicenc"] = _(
            "Sant Vicenç: not allowed in duplicate Botifarra. In duplicate scoring only "
            "contro doubles a score, so Sant Vicenç cannot be played; enter the result "
            "with contro and recontro only, or call the director."
        )
    if breach not in ResultEntry.Breach.values:
        errors["breach"] = _("Rule breach: choose none, NS, EW or both.")
    if errors:
        raise ValidationError(errors)
    return ResultData(
        contract=contract,
        points_ns=points_ns,
        delegated=bool(delegated),
        contro=bool(contro),
        recontro=bool(recontro),
        breach=breach,
    )


def recheck(data: ResultData) -> ResultData:
    """Services validate again, so that no caller can store an invalid result."""
    try:
        return check_result_values(
            contract=data.contract,
            points_ns=data.points_ns,
            delegated=data.delegated,
            contro=data.contro,
            recontro=data.recontro,
            breach=data.breach,
        )
    except ValidationError as exc:
        raise ScoringError(" ".join(exc.messages), code="invalid") from exc



#: The largest denominator of a custom adjusted score. Its numerator is at most twice as
#: big, so both fit the database's integer columns (2**31 - 1) with room to spare.
MAX_ADJUSTED_DENOMINATOR = 1_000_000
# Only plain ASCII digits, a bounded number of them, and no exponent: ``1e-10000000`` or a
# thousand-digit fraction would cost seconds of CPU before failing (and "²" or "Infinity"
# are not numbers a director types).
_DECIMAL_VALUE = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?", re.ASCII)
_FRACTION_VALUE = re.compile(r"([0-9]{1,7})/([0-9]{1,7})", re.ASCII)


def parse_adjusted_value(text: str) -> Fraction:
    """A custom adjusted score typed by the director: a decimal (1.55, at most six
    decimals) or a fraction (31/20, denominator at most a million)."""
    text = (text or "").strip().replace(",", ".")
    if len(text) > 20:  # the patterns below are anchored and bounded; this keeps them cheap
        text = "x"
    if _DECIMAL_VALUE.fullmatch(text):
        value = Fraction(Decimal(text))
    elif (match := _FRACTION_VALUE.fullmatch(text)) and int(match[2]) != 0:
        value = Fraction(int(match[1]), int(match[2]))
    else:
        raise ValidationError(
            {"value": _("Value: enter a number from 0 to 2, e.g. 1.55 or 31/20 "
                        "(at most six decimals).")}
        )
    if value.denominator > MAX_ADJUSTED_DENOMINATOR:
        raise ValidationError({"value": _("Value: use a fraction with a denominator of at most "
                                          "a million, or at most six decimals.")})
    if not 0 <= value <= 2:
        raise ValidationError({"value": _("Value: an adjusted score must lie between 0 and 2.")})
    return value


