"""``Idempotency-Key`` for every write: a retry with the same key, from the same caller,
gets the first answer again (status and body), without doing anything a second time.

Answers are kept in the database (``IdempotentRequest``), per caller: a director (however
authenticated) or a team link. The key is reserved before the write runs (a row inserted
with status ``PENDING``; the unique constraint lets one request in), and the answer is
stored on that row afterwards; so the same key sent several times at once writes once, and
a request arriving while the first is still running is told to retry (409 ``in_progress``).
Answers of 5xx and 429 are not kept: the reservation is dropped and a retry tries again. A
captain's result submission keeps its key on the entry itself instead (the same transaction
as the entry; see ``captain.CaptainResultsView``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from datetime import timedelta

from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from scoring.api_models import IdempotentRequest
from scoring.services.values import KEY_LENGTH

HEADER = "Idempotency-Key"
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
MAX_KEY = 100
# A retry comes within minutes; answers are forgotten after a week (pruned now and then).
KEPT_FOR = timedelta(days=7)
#: The status of a reserved key whose request has not answered yet (no HTTP status is 0).
PENDING = 0
#: A reservation still pending after this long belongs to a request that died without
#: answering (its process was killed, the database went away): a retry takes it over. Far
#: longer than any request may run.
PENDING_FOR = timedelta(minutes=5)
#: The share of stored answers that also delete the answers older than ``KEPT_FOR`` (an
#: amortised sweep; the suite sets it to 0, like ``throttles.FORGET_SHARE``).
SWEEP_SHARE = 0.01


class _Replay(Exception):
    def __init__(self, record: IdempotentRequest):
        self.record = record


class InProgress(exceptions.APIException):
    """The same key is being answered by another request right now."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "in_progress"

    def __init__(self):
        super().__init__(_("Idempotency-Key: a request with this key is still being "
                           "processed. Please retry in a moment."))


def request_key(request) -> str | None:
    """The request's key, checked; ``None`` without one."""
    key = request.headers.get(HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY:
        raise exceptions.ValidationError(
            {HEADER: [_("Idempotency-Key: from 1 to %(max)s characters.") % {"max": MAX_KEY}]}
        )
    return key


def entry_key(team_pk: int, key: str, length: int) -> str:
    """The key kept on a captain's entry for a header key (``request_key``), scoped to the
    link: another team's identical key is another submission. A key too long for the
    entry's column (``length``) once scoped is kept as its SHA-256, never cut short: two
    long keys that begin alike would become one, and a new result would be answered with an
    old one. (A short key is kept as sent, as before: a retry still finds its entry.)"""
    scoped = f"h{team_pk}:{key}"
    if len(scoped) <= length:
        return scoped
    digest = base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()).rstrip(b"=")
    # "#" rather than ":": a hashed key never equals a key kept as sent. 45 characters and
    # the team's number: within 64 for any number a big integer column holds.
    return f"h{team_pk}#{digest.decode()}"


def submission_key(request, owner_pk: int, body_key: str | None = None, *,
                   length: int = KEY_LENGTH) -> str | None:
    """The idempotency key of a submission through a link: the ``Idempotency-Key`` header
    scoped to the link's team (another team's identical key is another submission) and
    hashed when long (never cut), else the key the body carries."""
    if header := request_key(request):
        return entry_key(owner_pk, header, length)
    return body_key


class IdempotentMixin:
    """For API views: answers a repeated write with the stored first answer."""

    # False where the operation keeps the key itself (a captain's submission).
    generic_idempotency = True

    def idempotency_scope(self, request) -> str:
        raise NotImplementedError

    def initial(self, request, *args, **kwargs):
        self._idempotency = None
        super().initial(request, *args, **kwargs)
        if not self.generic_idempotency or request.method not in WRITE_METHODS:
            return
        key = request_key(request)
        if key is None:
            return
        self._idempotency = _reserve(self.idempotency_scope(request), key, request)

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            response = Response(exc.record.body, status=exc.record.status)
            response["Idempotent-Replayed"] = "true"
            return response
        try:
            response = super().handle_exception(exc)
        except BaseException:
            # An error no handler answers (a 500): free the key, so that a retry tries again.
            self._release()
            raise
        if isinstance(exc, InProgress):
            response["Retry-After"] = "1"
        return response

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        reserved = getattr(self, "_idempotency", None)
        if reserved is None:
            return response
        if response.status_code >= 500 or response.status_code == 429:
            self._release()
            return response
        body = getattr(response, "data", None)
        if body is not None:
            body = json.loads(JSONRenderer().render(body) or b"null")
        IdempotentRequest.objects.filter(pk=reserved).update(
            status=response.status_code, body=body)
        self._idempotency = None
        if random.random() < SWEEP_SHARE:
            IdempotentRequest.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()
        return response

    def _release(self) -> None:
        reserved, self._idempotency = getattr(self, "_idempotency", None), None
        if reserved is None:
            return
        try:
            IdempotentRequest.objects.filter(pk=reserved, status=PENDING).delete()
        except DatabaseError:
            pass  # the database is away: the reservation is taken over after PENDING_FOR


def _reserve(scope: str, key: str, request) -> int:
    """Reserve ``key`` for this request before it writes anything: the reservation's id.
    Raises ``_Replay`` with the stored answer, ``InProgress`` while another request holds
    the key, or a 400 when the key was used for another request."""
    method, path = request.method, request.path[:300]
    try:
        with transaction.atomic():
            return IdempotentRequest.objects.create(
                scope=scope, key=key, method=method, path=path, status=PENDING).pk
    except IntegrityError:
        pass  # the key is taken: by an answered request, or by one still running
    found = IdempotentRequest.objects.filter(scope=scope, key=key).first()
    if found is None:
        raise InProgress  # the holder failed and freed it a moment ago: retry
    if (found.method, found.path) != (method, path):
        raise exceptions.ValidationError({HEADER: [_(
            "Idempotency-Key: this key was already used for another request.")]})
    if found.status != PENDING:
        raise _Replay(found)
    # Take over a reservation whose request died; one request at most wins the update.
    stale = IdempotentRequest.objects.filter(
        pk=found.pk, status=PENDING, created_at__lt=timezone.now() - PENDING_FOR)
    if stale.update(created_at=timezone.now()):
        return found.pk
    raise InProgress
