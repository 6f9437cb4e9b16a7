"""Who did what, and from where: the director's actions recorded as :class:`AuditEvent` rows.

Services call :func:`record` inside their transaction; views pass the request's
:func:`origin_of`. The client address follows the same rule as the results' provenance
(``scoring.services.client_ip``): ``REMOTE_ADDR``, or the address ``TRUSTED_PROXY_HOPS``
reverse proxies appended to X-Forwarded-For, never a header the client wrote itself.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from django.conf import settings

from tournaments.models import AuditEvent, Championship


@dataclass(frozen=True)
class Origin:
    ip_address: str | None = None
    user_agent: str = ""


def client_ip(request) -> str | None:
    hops = getattr(settings, "TRUSTED_PROXY_HOPS", 0)
    if hops:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        if len(forwarded) >= hops:
            try:
                return str(ipaddress.ip_address(forwarded[-hops]))
            except ValueError:
                pass
    return request.META.get("REMOTE_ADDR") or None


def origin_of(request) -> Origin:
    return Origin(
        ip_address=client_ip(request),
        user_agent=request.META.get("HTTP_USER_AGENT", "")[:300],
    )


def record(
    action: str,
    championship: Championship | int | None,
    *,
    by=None,
    origin=None,
    round_number: int | None = None,
    team=None,
    detail: str = "",
) -> AuditEvent:
    """Add one audit row. ``origin`` is anything with ``ip_address`` and ``user_agent``
    (this module's :class:`Origin` or the scoring app's); ``championship`` is ``None`` for
    an event about no championship (a failed login)."""
    championship_id = getattr(championship, "pk", championship)
    return AuditEvent.objects.create(
        championship_id=championship_id,
        action=action,
        round_number=round_number,
        team=team,
        detail=(detail or "")[:150],
        by_director=by if by is not None and by.is_authenticated else None,
        ip_address=getattr(origin, "ip_address", None),
        user_agent=(getattr(origin, "user_agent", "") or "")[:300],
    )
