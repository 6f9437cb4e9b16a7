"""A championship's entrants: a pair (two players), or one player in an individual format."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import new_link_secret, new_pin
from tournaments.models.championship import Championship


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
