"""What every format's entries and reviews are made of (``results``): who made a row and
from where, an entry's key and note, a review's verdict, a PIN attempt. Abstract: each format's
entry, review and PIN attempt add their table, slot and values."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team


class Provenance(models.Model):
    """Who made a row and from where: a team (through its link) or a director."""

    by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # A director who is no account here: a row imported from a full backup keeps its
    # author's username as text (an import never creates or links accounts).
    by_director_name = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True

    @property
    def author(self) -> str:
        if self.by_director_id:
            return str(self.by_director)
        if self.by_director_name:
            return self.by_director_name
        return str(self.by_team) if self.by_team_id else "?"


class Entry(Provenance):
    """What every format's entry holds besides its values (``results``): whether the
    director entered it (it counts at once), the request key that stores it once, and the
    director's note. Each format's entry adds its table, its slot and its values."""

    # A director's entry or override counts at once, without the entrants' confirmation.
    by_director_override = models.BooleanField(default=False)
    # Re-sending the same form (a double tap, the offline outbox) is stored once.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # The director's reason for entering or overriding a result.
    note = models.TextField(_("note"), blank=True)

    class Meta:
        abstract = True
        # Someone made it: an entrant, a director, or (imported from a full backup, which
        # never links accounts) a director's name. A format's entry that adds constraints
        # lists these first (``[*Entry.Meta.constraints, ...]``).
        constraints = [
            models.CheckConstraint(
                condition=Q(by_team__isnull=False) | Q(by_director__isnull=False)
                | ~Q(by_director_name=""),
                name="%(app_label)s_%(class)s_has_author",
            ),
        ]


class PinAttemptRecord(models.Model):
    """One attempt to confirm an entry with another entrant's PIN, typed on the entering
    phone (``results.pins``): kept in the database, not in process memory, so that the
    lockout holds across several web processes. Each format's attempts add their table."""

    # The entrant whose phone was used (the one who entered the result).
    by_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ok = models.BooleanField()
    created_at = models.DateTimeField(auto_now_add=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.table} · {'ok' if self.ok else 'wrong'}"


class Review(Provenance):
    """A verdict on an entry of any format (``results``): another entrant's (or the
    director's) confirmation or dispute. Each format's review adds its foreign key to its
    entry (named as ``results.kinds.EntryKind.review_field`` says) and its constraints."""

    class Verdict(models.TextChoices):
        CONFIRM = "confirm", _("Confirmed")
        DISPUTE = "dispute", _("Disputed")

    verdict = models.CharField(max_length=8, choices=Verdict.choices)
    comment = models.TextField(_("comment"), blank=True)
    # Confirmed on the entering entrant's phone by typing another entrant's PIN.
    via_pin = models.BooleanField(default=False)

    #: The review's foreign key to its entry (``EntryKind.review_field``).
    entry_field = "entry"

    class Meta:
        abstract = True
        # A format's review subclasses this Meta (``class Meta(Review.Meta)``).
        constraints = [
            models.CheckConstraint(condition=Q(verdict__in=["confirm", "dispute"]),
                                   name="%(app_label)s_%(class)s_verdict_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.get_verdict_display()} · {getattr(self, f'{self.entry_field}_id')}"


def review_meta(entry_field: str, verbose_name, verbose_name_plural, **options) -> type:
    """A format's review's ``Meta``: the core's constraints (``Review.Meta``), its rows in
    the order of their entries, then of time; ``options`` adds others (a ``db_table``)."""
    return type("Meta", (Review.Meta,), {
        "ordering": [entry_field, "created_at", "id"], "verbose_name": verbose_name,
        "verbose_name_plural": verbose_name_plural, "__module__": __name__, **options})
