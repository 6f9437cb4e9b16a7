"""Director API tokens: ``Authorization: Token dup_...`` (or ``Bearer``). A director creates,
names and revokes them on their own page (``scoring.views.tokens``); only the token's hash
is stored. Browsers use their session instead (DRF's session authentication, with its CSRF
check). Failed token attempts are counted per address; past the limit, 429."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from scoring.api import throttles
from scoring.api_models import ApiToken, hash_token

# last_used_at is written at most this often per token, not on every request.
LAST_USED_PRECISION = timedelta(minutes=1)


class TokenAuthentication(BaseAuthentication):
    keywords = (b"token", b"bearer")

    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in self.keywords:
            return None
        if throttles.token_failures_exceeded(request):
            raise exceptions.Throttled(
                wait=throttles.seconds_left(throttles.TOKEN_FAILURE_WINDOW),
                detail=_("Too many failed token attempts from your address. Try again later."),
            )
        if len(parts) != 2:
            self._fail(request)
        try:
            raw = parts[1].decode("ascii")
        except UnicodeDecodeError:
            self._fail(request)
        token = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=hash_token(raw), revoked_at__isnull=True)
            .first()
        )
        if token is None or not token.user.is_active:
            self._fail(request)
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def _fail(self, request):
        throttles.count_token_failure(request)
        raise exceptions.AuthenticationFailed(_("Invalid or revoked token."))

    def authenticate_header(self, request):
        return "Token"


class TokenScheme(OpenApiAuthenticationExtension):
    """How the OpenAPI schema describes the token."""

    target_class = TokenAuthentication
    name = "directorToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey", "in": "header", "name": "Authorization",
            "description": "A director's API token: `Token dup_...`.",
        }
