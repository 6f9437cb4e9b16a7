"""Who may listen to what, and what each listener is told.

A page that listens gets a signed token naming its scope when it is rendered (the view
has already checked who may see the page); the stream checks the signature, so it needs no
session. Tokens expire after :data:`TOKEN_MAX_AGE`; the page then falls back to polling
until it is reloaded.

A captain's token also carries a digest of the team's private link as it was when the page
was rendered: reissuing the link must cut off whoever held the old one, stream included. So
a team's stream, and only a team's, reads the team's current link once when it opens
(:func:`link_is_current`), and reissuing publishes a ``link`` event that ends the team's
open streams that hold an older link (:func:`ends`).

- ``director`` (the grid, the director's live standings): every event of the championship,
  with round, table and deal numbers;
- ``team`` (a captain's page): events of the team's own tables (with the deal number), of its
  own knockout tie, and changes of a round's state, nothing about other tables;
- ``public`` (published standings, the projector): that something public changed, only when
  it concerns what the public may see (a closed round, publishing, a round's state, a knockout
  game that counts).

Every listener is told that a round's clock changed (started, paused, resumed,
extended): the clock is shown to the whole room.
"""

from __future__ import annotations

import hmac

from django.core import signing
from django.db import connections
from django.utils.crypto import salted_hmac

TOKEN_SALT = "duplicada.live"
#: Seconds a stream token stays valid (a page left open for a whole day polls after that).
TOKEN_MAX_AGE = 16 * 3600

KINDS = ("director", "team", "public")


def link_digest(link_secret: str) -> str:
    """Which link a token was made for: a keyed digest, so the token never shows the secret
    (stream URLs may reach logs)."""
    return salted_hmac("duplicada.live.link", link_secret).hexdigest()[:16]


def make_token(kind: str, championship_id: int, team_id: int | None = None, *,
               link_secret: str | None = None) -> str:
    """A token for one listener; a team's (``kind="team"``) needs the team's current
    ``link_secret``."""
    if kind not in KINDS:
        raise ValueError(kind)
    scope = {"k": kind, "c": championship_id, "t": team_id}
    if kind == "team":
        if not link_secret:
            raise ValueError("a team's stream token needs the team's link secret")
        scope["d"] = link_digest(link_secret)
    return signing.dumps(scope, salt=TOKEN_SALT, compress=False)


def read_token(token: str) -> dict | None:
    """The scope a token grants, or ``None`` if it is forged, damaged or expired."""
    try:
        scope = signing.loads(token, salt=TOKEN_SALT, max_age=TOKEN_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(scope, dict) or scope.get("k") not in KINDS:
        return None
    if scope["k"] == "team" and not isinstance(scope.get("d"), str):
        return None  # made before tokens named the link: the page polls until reloaded
    return scope


def link_is_current(scope: dict) -> bool:
    """Whether a team's token was made for the team's link as it is now (one query; any
    other listener: yes, with no query). Runs outside Django's request cycle, so it opens
    and closes its database connection as a request would."""
    if scope.get("k") != "team":
        return True
    from tournaments.models import Team

    _close_old_connections()
    try:
        secret = (Team.objects.filter(pk=scope.get("t"), championship_id=scope.get("c"))
                  .values_list("link_secret", flat=True).first())
    finally:
        _close_old_connections()
    return secret is not None and hmac.compare_digest(link_digest(secret), scope["d"])


def _close_old_connections() -> None:
    """Django's ``close_old_connections``, leaving alone a connection inside a transaction
    (a caller's, or a test's)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


def link_event(championship_id: int, team_id: int, link_secret: str) -> dict:
    """The event a reissued link publishes: it names the new link, never the secret."""
    return {"kind": "link", "c": championship_id, "t": team_id, "d": link_digest(link_secret)}


def ends(scope: dict, event: dict) -> bool:
    """Whether ``event`` ends a stream open with ``scope``: the team's link was reissued
    since its token was made."""
    return (event.get("kind") == "link" and scope.get("k") == "team"
            and event.get("c") == scope.get("c") and event.get("t") == scope.get("t")
            and event.get("d") != scope.get("d"))


def visible(scope: dict, event: dict) -> dict | None:
    """What a listener with ``scope`` is told of ``event``, or ``None`` (nothing)."""
    if event.get("kind") == "resync":
        return {"kind": "resync"}
    if event.get("c") != scope.get("c"):
        return None
    kind = event.get("kind")
    if kind == "link":  # for the team's own streams only, which it ends (``ends``)
        return None
    listener = scope["k"]
    if listener == "director":
        return {key: event[key] for key in ("kind", "round", "table", "deal") if key in event}
    if kind == "clock":
        # A free-deal round's clock: shown to everyone at the venue (phones, projector).
        return {"kind": "clock", "round": event.get("round")}
    if listener == "team":
        if kind == "round":
            return {"kind": "round", "round": event.get("round")}
        if kind == "result" and scope.get("t") in event.get("teams", ()):
            return {"kind": "result", "round": event.get("round"), "deal": event.get("deal")}
        if kind == "knockout" and scope.get("t") in event.get("teams", ()):
            return {"kind": "knockout"}
        return None
    # The public sees closed rounds only: a change in a round being played tells it nothing;
    # of a knockout tie, only a game that counts.
    if kind in ("round", "publish") or (kind in ("result", "knockout") and event.get("closed")):
        return {"kind": kind}
    return None
