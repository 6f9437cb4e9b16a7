"""What the REST API keeps in the database: directors' API tokens, the first answer to each
idempotent write, and throttle counters. In the database (not in process memory) so that
every web process shares them. Imported into ``scoring.models``."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# 32 random bytes: 43 URL-safe characters after the "dup_" prefix.
TOKEN_BYTES = 32
TOKEN_PREFIX = "dup_"


def hash_token(raw: str) -> str:
    """Tokens are stored as their SHA-256: random enough that no salt or slow hash is
    needed, and a stolen database gives no usable token."""
    return hashlib.sha256(raw.encode()).hexdigest()


def new_raw_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


class ApiToken(models.Model):
    """A director's API token. The token itself is shown once, when created; only its hash
    and its first characters (to tell tokens apart) are kept."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=100)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=12, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class IdempotentRequest(models.Model):
    """The first answer to a write sent with an ``Idempotency-Key`` header, per caller
    (``scope``: a director or a team link): a retry with the same key gets it again."""

    scope = models.CharField(max_length=40)
    key = models.CharField(max_length=100)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        app_label = "scoring"
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotent_request_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.scope} · {self.key}"


class ThrottleCount(models.Model):
    """Requests counted per key (e.g. a team link's writes) in one time bucket."""

    scope_key = models.CharField(max_length=120)
    bucket = models.BigIntegerField()
    hits = models.PositiveIntegerField(default=1)

    class Meta:
        app_label = "scoring"
        constraints = [
            models.UniqueConstraint(fields=["scope_key", "bucket"], name="throttle_count_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.scope_key} · {self.bucket}: {self.hits}"
