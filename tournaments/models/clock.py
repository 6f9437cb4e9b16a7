"""A released round's clock (rules.md 11.1; the arithmetic is ``tournaments.clock``)."""

from __future__ import annotations

from datetime import timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.clock import ClockTimes
from tournaments.models.rounds import Round


class RoundClock(models.Model):
    """A released round's clock, in any format whose rounds are timed.

    Made when the director first starts or extends it, with the format's minutes per round
    (``Format.round_minutes``): the settings are locked once round 1 is released, so that is
    the duration the round had when it was released. Changed in place under the round's row
    lock (a clock is one state, not a history): every change is an audit event instead."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    duration = models.DurationField(_("duration"))
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    # The pauses that ended, added up (the current one runs since paused_at).
    paused = models.DurationField(_("time paused"), default=timedelta(0))
    extra = models.DurationField(_("extra time"), default=timedelta(0))

    class Meta:
        # The table the free-deal format made when the clock was its own (the model moved to
        # the core without moving its rows: tournaments 0019, free_deal 0011).
        db_table = "free_deal_roundclock"
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.CheckConstraint(condition=Q(duration__gt=timedelta(0)),
                                   name="round_clock_duration_positive"),
            models.CheckConstraint(condition=Q(paused__gte=timedelta(0))
                                   & Q(extra__gte=timedelta(0)),
                                   name="round_clock_times_not_negative"),
            models.CheckConstraint(condition=Q(paused_at__isnull=True)
                                   | Q(started_at__isnull=False),
                                   name="round_clock_paused_once_started"),
        ]

    def __str__(self) -> str:
        return f"{self.round}"

    @property
    def times(self) -> ClockTimes:
        return ClockTimes(duration=self.duration, started_at=self.started_at,
                          paused_at=self.paused_at, paused=self.paused, extra=self.extra)

    def set_times(self, times: ClockTimes) -> None:
        self.duration, self.started_at, self.paused_at = (times.duration, times.started_at,
                                                          times.paused_at)
        self.paused, self.extra = times.paused, times.extra
