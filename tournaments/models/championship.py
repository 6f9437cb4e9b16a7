"""A championship: its format, movement, rule variant, dates and the deal key it draws from."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Championship(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Format(models.TextChoices):
        # How the championship is played; each key is a module of the ``formats`` package.
        DUPLICATE_PAIRS = "duplicate_pairs", _("Duplicate pairs")
        FREE_DEAL_PAIRS = "free_deal_pairs", _("Free-deal pairs (Swiss)")
        ABARROTADA = "abarrotada", _("Individual (abarrotada)")
        ABARROTADA_FREE = "abarrotada_free", _("Individual, free deals (abarrotada)")
        GROUPS_KNOCKOUT = "groups_knockout", _("Groups then knockout")

    class Movement(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")

    class Variant(models.TextChoices):
        WESTERN = "western", _("Western (free play)")
        EASTERN = "eastern", _("Eastern (forced play)")
        EASTERN_SECOND_COUNTS = "eastern_second_counts", _(
            "Eastern, second player may play a counting card when following suit"
        )

    class Doubling(models.TextChoices):
        D248 = "2-4-8", "2-4-8"
        D235 = "2-3-5", "2-3-5"
        D2410 = "2-4-10", "2-4-10"

    name = models.CharField(_("name"), max_length=200)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    starts_on = models.DateField(_("first day"), null=True, blank=True)
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )

    # Chosen first, when the championship is created; it never changes after that.
    format = models.CharField(
        _("format"), max_length=24, choices=Format.choices, default=Format.DUPLICATE_PAIRS
    )
    # Settings (locked once round 1 is released).
    deals_per_match = models.PositiveSmallIntegerField(_("deals per match"), default=4)
    variant = models.CharField(
        _("rule variant"), max_length=32, choices=Variant.choices, default=Variant.EASTERN
    )
    doubling = models.CharField(
        _("doubling scheme"), max_length=8, choices=Doubling.choices, default=Doubling.D248
    )
    movement = models.CharField(
        _("movement"), max_length=16, choices=Movement.choices, default=Movement.ROUND_ROBIN
    )
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"),
        null=True,
        blank=True,
        help_text=_("Swiss only; a round robin plays every opponent once."),
    )
    results_public = models.BooleanField(_("results are public"), default=False)

    # The secret deal key (hex) and its public commitment, SHA-256 of the key bytes.
    # The key is shown only once the championship is finished.
    deal_key = models.CharField(max_length=64, editable=False)
    key_commitment = models.CharField(_("deal key commitment"), max_length=64, editable=False)

    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="championships", verbose_name=_("directors")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # When a director archived it: off the active list, still readable (scoring.archive.retiring).
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)
    # When it finished: the ratings take championships of one date in this order (13.3).
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Players across championships (rules.md 13.3): round 1 of a Swiss event, or the groups,
    # seeded by the players' ratings; and the ratings shown on the ranking sheet. Defaults
    # in the database too: rows written without them (a backup's import, older migrations'
    # models) are not refused.
    seed_by_rating = models.BooleanField(_("seed by rating"), default=False, db_default=False)
    show_ratings = models.BooleanField(_("show ratings on the ranking sheet"), default=False,
                                       db_default=False)

    class Meta:
        ordering = ["-starts_on", "-id"]
        verbose_name = _("championship")
        verbose_name_plural = _("championships")
        constraints = [
            models.CheckConstraint(
                condition=Q(deals_per_match__gte=1) & Q(deals_per_match__lte=12),
                name="championship_deals_per_match_range",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "running", "finished"]),
                name="championship_status_valid",
            ),
            models.CheckConstraint(
                condition=Q(format__in=["duplicate_pairs", "free_deal_pairs", "abarrotada",
                                          "abarrotada_free", "groups_knockout"]),
                name="championship_format_valid",
            ),
            models.CheckConstraint(
                condition=Q(movement__in=["round_robin", "swiss"]),
                name="championship_movement_valid",
            ),
            models.CheckConstraint(
                condition=Q(variant__in=["western", "eastern", "eastern_second_counts"]),
                name="championship_variant_valid",
            ),
            models.CheckConstraint(
                condition=Q(doubling__in=["2-4-8", "2-3-5", "2-4-10"]),
                name="championship_doubling_valid",
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__isnull=True) | Q(rounds_planned__gte=1),
                name="championship_rounds_planned_positive",
            ),
            models.CheckConstraint(
                condition=Q(starts_on__isnull=True)
                | Q(ends_on__isnull=True)
                | Q(ends_on__gte=F("starts_on")),
                name="championship_dates_ordered",
            ),
            # The key is 32 bytes in hex, and the commitment a SHA-256 digest in hex.
            models.CheckConstraint(
                condition=Q(deal_key__regex=r"^[0-9a-f]{64}$"),
                name="championship_deal_key_hex",
            ),
            models.CheckConstraint(
                condition=Q(key_commitment__regex=r"^[0-9a-f]{64}$"),
                name="championship_key_commitment_hex",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def key_revealed(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def key_bytes(self) -> bytes:
        return bytes.fromhex(self.deal_key)

    @property
    def is_swiss(self) -> bool:
        return self.movement == self.Movement.SWISS
