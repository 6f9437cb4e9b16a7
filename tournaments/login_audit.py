"""Failed director logins are recorded as audit events (who tried which user name, from
where). Throttling them is django-axes' job (docs/operations.md, "Security")."""

from __future__ import annotations

from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver

from tournaments import audit
from tournaments.models import AuditEvent


@receiver(user_login_failed, dispatch_uid="tournaments.audit_failed_login")
def record_failed_login(sender, credentials=None, request=None, **kwargs):
    username = str((credentials or {}).get("username", "") or "")
    origin = audit.origin_of(request) if request is not None else None
    audit.record(AuditEvent.Action.LOGIN_FAILED, None, origin=origin, detail=username)


def lockout_response(request, original_response=None, credentials=None):
    """The page a locked-out login gets (django-axes' AXES_LOCKOUT_CALLABLE): 429, in the
    user's language, saying how long to wait."""
    from django.conf import settings
    from django.shortcuts import render

    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
