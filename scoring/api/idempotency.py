"""``Idempotency-Key`` for every write: a retry with the same key, from the same caller,
gets the first answer again (status and body), without doing anything a second time.

Answers are kept in the database (``IdempotentRequest``), per caller: a director (however
authenticated) or a team link. Answers of 5xx and 429 are not kept: a retry tries again. A
captain's result submission keeps its key on the entry itself instead (the same
transaction as the entry; see ``captain.CaptainResultsView``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from scoring.api_models import IdempotentRequest

HEADER = "Idempotency-Key"
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
MAX_KEY = 100
# A retry comes within minutes; answers are forgotten after a week (pruned now and then).
KEPT_FOR = timedelta(days=7)
#: The share of stored answers that also delete the answers older than ``KEPT_FOR`` (an
#: amortised sweep; the suite sets it to 0, like ``throttles.FORGET_SHARE``).
SWEEP_SHARE = 0.01


class _Replay(Exception):
    def __init__(self, record: IdempotentRequest):
        self.record = record


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
        scope = self.idempotency_scope(request)
        found = IdempotentRequest.objects.filter(scope=scope, key=key).first()
        if found is not None:
            if (found.method, found.path) != (request.method, request.path):
                raise exceptions.ValidationError({HEADER: [_(
                    "Idempotency-Key: this key was already used for another request.")]})
            raise _Replay(found)
        self._idempotency = (scope, key)

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            response = Response(exc.record.body, status=exc.record.status)
            response["Idempotent-Replayed"] = "true"
            return response
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        pending = getattr(self, "_idempotency", None)
        if pending and response.status_code < 500 and response.status_code != 429:
            scope, key = pending
            body = getattr(response, "data", None)
            if body is not None:
                body = json.loads(JSONRenderer().render(body) or b"null")
            try:
                with transaction.atomic():
                    IdempotentRequest.objects.create(
                        scope=scope, key=key, method=request.method, path=request.path[:300],
                        status=response.status_code, body=body,
                    )
            except IntegrityError:
                pass  # the same key sent twice at once: the first answer stored is kept
            if random.random() < SWEEP_SHARE:
                IdempotentRequest.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()
        return response
