"""Who may listen to what, and what each listener is told.

A page that listens gets a signed token naming its scope when it is rendered (the view
has already checked who may see the page); the stream checks the signature and nothing
else, so it needs no database and no session. Tokens expire after :data:`TOKEN_MAX_AGE`;
the page then falls back to polling until it is reloaded.

- ``director`` (the grid, the director's live standings): every event of the championship,
  with round, table and deal numbers;
- ``team`` (a captain's page): events of the team's own tables (with the deal number) and
  changes of a round's state, nothing about other tables;
- ``public`` (published standings, the projector): that something public changed, only when
  it concerns what the public may see (a closed round, publishing, a round's state).

Every listener is told that a free-deal round's clock changed (started, paused, resumed,
extended): the clock is shown to the whole room.
"""

from __future__ import annotations

from django.core import signing

TOKEN_SALT = "duplicada.live"
#: Seconds a stream token stays valid (a page left open for a whole day polls after that).
TOKEN_MAX_AGE = 16 * 3600

KINDS = ("director", "team", "public")


def make_token(kind: str, championship_id: int, team_id: int | None = None) -> str:
    if kind not in KINDS:
        raise ValueError(kind)
    return signing.dumps({"k": kind, "c": championship_id, "t": team_id}, salt=TOKEN_SALT,
                         compress=False)


def read_token(token: str) -> dict | None:
    """The scope a token grants, or ``None`` if it is forged, damaged or expired."""
    try:
        scope = signing.loads(token, salt=TOKEN_SALT, max_age=TOKEN_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(scope, dict) or scope.get("k") not in KINDS:
        return None
    return scope


def visible(scope: dict, event: dict) -> dict | None:
    """What a listener with ``scope`` is told of ``event``, or ``None`` (nothing)."""
    if event.get("kind") == "resync":
        return {"kind": "resync"}
    if event.get("c") != scope.get("c"):
        return None
    kind = event.get("kind")
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
        return None
    # The public sees closed rounds only: a change in a round being played tells it nothing.
    if kind in ("round", "publish") or (kind == "result" and event.get("closed")):
        return {"kind": kind}
    return None
