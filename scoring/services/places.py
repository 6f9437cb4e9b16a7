"""Finding what a director's request names inside the place its address names.

A director's action names its place in the URL (the championship, the round, the table and,
where there is one, the deal) and its object in the body (the entry or report to settle).
The championship is checked against the director when the URL is read; the object must
then be found **inside** that place, never by its id alone: otherwise the director of one
championship could settle the results of another by posting its ids. The director services
therefore take the place from the URL and look the posted id up through it with
:func:`one_here`; an id that is not there, or is not an id at all, is :class:`NotHere`
(404 on the pages and in the API), and nothing is written.
"""

from __future__ import annotations

import re

from django.http import Http404

#: An id as posted: ASCII digits only ("²".isdigit() is true and int() reads "٣"), few
#: enough for a 64-bit id column (5,000 digits would overflow it, and int() refuses them).
_POSTED_ID = re.compile(r"[0-9]{1,18}", re.ASCII)
_LARGEST_ID = 2**63 - 1


class NotHere(Http404):
    """The object a director's request names is not at the place its URL names (or the id
    is no id): answered as any unknown address, 404, telling nothing of other championships."""


def posted_id(value) -> int | None:
    """``value`` (a posted string, or an int from a checked API body) as an id, or ``None``
    when it cannot be one (letters, signs, exponents, other digits, a NUL, too many digits)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= _LARGEST_ID else None
    if isinstance(value, str) and _POSTED_ID.fullmatch(value):
        number = int(value)
        return number if 0 < number <= _LARGEST_ID else None
    return None


def one_here(queryset, value, what: str = "object"):
    """The object of ``queryset`` (already narrowed to the URL's place) whose id is
    ``value``; :class:`NotHere` when there is none there."""
    pk = posted_id(value)
    found = queryset.filter(pk=pk).first() if pk is not None else None
    if found is None:
        raise NotHere(f"No such {what} here")
    return found
