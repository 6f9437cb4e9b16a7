"""The director's audit trail: one row per action that changes what others may do or see."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.audit_actions import AuditAction
from tournaments.models.championship import Championship
from tournaments.models.teams import Team


class AuditEvent(models.Model):
    """A director's action that changes what captains may do or what the public sees:
    releasing, closing or reopening a round, publishing results, reissuing a team's link or
    PIN, withdrawing a team, adding or removing a co-director, a failed director login;
    downloading a full backup, which holds every link and PIN; and starting, pausing,
    resuming or extending a free-deal round's clock. One row per action, recording who, when
    and from where; rows are only ever added. (Results keep their own history in the scoring
    app.)"""

    Action = AuditAction  # the choices, in their own module

    # Empty for a failed login, or a deleted championship (named in ``detail``).
    championship = models.ForeignKey(
        Championship, null=True, blank=True, on_delete=models.CASCADE,
        related_name="audit_events",
    )
    action = models.CharField(_("action"), max_length=32, choices=Action.choices)
    round_number = models.PositiveIntegerField(_("round"), null=True, blank=True)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_director = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+",
    )
    # A director who is no account here: an event imported from a full backup keeps its
    # author's username as text (an import never creates or links accounts).
    by_director_name = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    # Whom the action was about when that is not a team: the co-director added or removed,
    # or the user name a failed login tried.
    detail = models.CharField(_("detail"), max_length=150, blank=True)

    class Meta:
        ordering = ["championship", "created_at", "id"]
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")

    def __str__(self) -> str:
        return f"{self.championship} · {self.get_action_display()}"
