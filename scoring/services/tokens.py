"""Directors' API tokens: create (the token is returned once, and only its hash is kept),
rename and revoke. A director manages only their own tokens."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.api_models import ApiToken, hash_token, new_raw_token
from scoring.services.values import ScoringError


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ScoringError(_("Name: give the token a name, e.g. the tool that uses it."),
                           code="name")
    if len(name) > 100:
        raise ScoringError(_("Name: at most 100 characters."), code="name")
    return name


@transaction.atomic
def create_token(user, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``: ``(token, raw)``. ``raw`` is shown once and never again."""
    raw = new_raw_token()
    token = ApiToken.objects.create(user=user, name=_clean_name(name), key_hash=hash_token(raw),
                                    prefix=raw[:10])
    return token, raw


@transaction.atomic
def rename_token(token: ApiToken, name: str) -> ApiToken:
    token.name = _clean_name(name)
    token.save(update_fields=["name"])
    return token


@transaction.atomic
def revoke_token(token: ApiToken) -> ApiToken:
    """The token stops working at once; it stays listed, marked revoked."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token
