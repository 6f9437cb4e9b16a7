"""Championships, teams, rounds, tables and deals.

Models hold data and database invariants only. Operations that change data live in
the ``tournaments.services`` package; read queries in ``tournaments/selectors.py``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.audit_actions import AuditAction

# A team's private link carries 16 random bytes (128 bits, 22 URL-safe characters): too
# many to guess, and short enough to type from a printed team card.
LINK_SECRET_BYTES = 16


def new_link_secret() -> str:
    return secrets.token_urlsafe(LINK_SECRET_BYTES)


def new_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


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
                                          "abarrotada_free"]),
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


class Team(models.Model):
    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="teams"
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    player1 = models.CharField(_("first player"), max_length=120)
    player2 = models.CharField(_("second player"), max_length=120, blank=True)  # "": a player
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    # The private link is /t/<id>/<link_secret>/; the secret is compared in constant time.
    # Both secrets are kept so that team cards can be printed again; the director can
    # reissue either one.
    link_secret = models.CharField(max_length=64, default=new_link_secret, editable=False)
    pin = models.CharField(max_length=4, default=new_pin, editable=False)

    class Meta:
        ordering = ["championship", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["championship", "name"], name="team_name_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_positive"),
            models.CheckConstraint(condition=Q(pin__regex=r"^[0-9]{4}$"), name="team_pin_digits"),
            # At least 128 bits: 22 characters of URL-safe base64.
            models.CheckConstraint(
                condition=Q(link_secret__regex=r"^[A-Za-z0-9_-]{22,64}$"),
                name="team_link_secret_long",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    @property
    def players(self) -> str:
        return f"{self.player1} – {self.player2}"

    @property
    def private_path(self) -> str:
        """The path of the team's private page (built by the scoring app): /t/<id>/<secret>/."""
        from django.urls import NoReverseMatch, reverse

        try:
            return reverse("scoring:captain", args=[self.pk, self.link_secret])
        except NoReverseMatch:  # the scoring app has not registered its page
            return f"/t/{self.pk}/{self.link_secret}/"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFTED = "drafted", _("Drafted")
        RELEASED = "released", _("Released")
        CLOSED = "closed", _("Closed")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFTED
    )
    # With an odd field one team sits out each round and scores the bye (rules.md 6.5).
    bye_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="byes"
    )
    released_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["championship", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["drafted", "released", "closed"]),
                name="round_status_valid",
            ),
            # A released or closed round records when it was released; only a closed
            # round has a closing time.
            models.CheckConstraint(
                condition=Q(status="drafted") | Q(released_at__isnull=False),
                name="round_released_at_set",
            ),
            models.CheckConstraint(
                condition=(Q(status="closed") & Q(closed_at__isnull=False))
                | (~Q(status="closed") & Q(closed_at__isnull=True)),
                name="round_closed_at_iff_closed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.championship} – {self.number}"

    @property
    def first_deal(self) -> int:
        return (self.number - 1) * self.championship.deals_per_match + 1

    @property
    def last_deal(self) -> int:
        return self.number * self.championship.deals_per_match


class Table(models.Model):
    """One match of a round: the NS team against the EW team."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    ns_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="ns_tables", verbose_name=_("NS team")
    )
    ew_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="ew_tables", verbose_name=_("EW team")
    )
    # Set when the other team withdrew before this round was released: this team scores a
    # bye here and the table plays nothing (rules.md 6.5, policy — withdrawal).
    bye_team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="withdrawal_byes",
        verbose_name=_("bye (opponent withdrawn)"),
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            # One team per seat per round. A team sitting NS at one table and EW at another
            # of the same round spans two columns, which SQL cannot express portably; the
            # round services check it (and a test asserts it).
            models.UniqueConstraint(fields=["round", "ns_team"], name="table_ns_team_unique"),
            models.UniqueConstraint(fields=["round", "ew_team"], name="table_ew_team_unique"),
            models.CheckConstraint(
                condition=~Q(ns_team=F("ew_team")), name="table_teams_differ"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.number}"


class Deal(models.Model):
    class Source(models.TextChoices):
        GENERATED = "generated", _("Generated from the key")
        IMPORTED = "imported", _("Imported")

    class Dealer(models.TextChoices):
        N = "N", _("North")
        E = "E", _("East")
        S = "S", _("South")
        W = "W", _("West")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="deals"
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=Dealer.choices)
    # The four hands in rules.md section 2 notation, e.g. "N:9RS.A82..RC654 ...".
    cards = models.CharField(_("cards"), max_length=80)
    source = models.CharField(
        max_length=16, choices=Source.choices, default=Source.GENERATED
    )

    class Meta:
        ordering = ["championship", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="deal_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(
                condition=Q(dealer__in=["N", "E", "S", "W"]), name="deal_dealer_valid"
            ),
            models.CheckConstraint(
                condition=Q(source__in=["generated", "imported"]), name="deal_source_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.championship} – {self.number}"


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


# The double-dummy analysis of a deal lives in its own module (rules.md 8.1).
from tournaments.analysis_models import DealAnalysis  # noqa: E402, F401
