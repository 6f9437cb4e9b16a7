"""Template helpers for the scoring pages: labels of statuses and entries, scores, the round
clock's time left and end."""

from __future__ import annotations

import math
from datetime import timedelta

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import engine
from scoring import numbers, selectors
from scoring.models import ResultEntry

register = template.Library()


@register.filter
def status_label(status: str) -> str:
    return {
        selectors.EMPTY: pgettext("result status", "Missing"),
        selectors.PENDING: pgettext("result status", "Waiting for confirmation"),
        selectors.CONFIRMED: pgettext("result status", "Confirmed"),
        selectors.DISPUTED: pgettext("result status", "Disputed"),
        selectors.ADJUSTED: pgettext("result status", "Adjusted"),
    }.get(status, status)


@register.filter
def status_short(status: str) -> str:
    return {
        selectors.EMPTY: pgettext("result status, short", "—"),
        selectors.PENDING: pgettext("result status, short", "pending"),
        selectors.CONFIRMED: pgettext("result status, short", "OK"),
        selectors.DISPUTED: pgettext("result status, short", "dispute"),
        selectors.ADJUSTED: pgettext("result status, short", "adj."),
    }.get(status, status)


@register.filter
def side_label(side: str) -> str:
    return {"NS": _("North-South"), "EW": _("East-West")}.get(side, side)


@register.filter
def side_short(side: str) -> str:
    """A side's short name in the reader's language: NS, EW (Catalan: NS, EO)."""
    return {"NS": _("NS"), "EW": _("EW")}.get(side, side)


@register.filter
def breach_label(breach: str) -> str:
    """Which side broke the rules, in the reader's language (the entry's choice labels)."""
    return str(dict(ResultEntry.Breach.choices).get(breach, breach))


@register.filter
def entry_summary(entry) -> str:
    """E.g. "Botifarra · contro · NS 40 – EW 32 · breach: NS"."""
    if entry is None:
        return ""
    parts = [str(entry.get_contract_display())]
    if entry.delegated:
        parts.append(_("delegated"))
    if entry.recontro:
        parts.append(_("contro and recontro"))
    elif entry.contro:
        parts.append(_("contro"))
    parts.append(_("NS %(ns)s – EW %(ew)s") % {"ns": entry.points_ns, "ew": entry.points_ew})
    if entry.breach != "none":
        parts.append(_("rule breach: %(side)s") % {"side": entry.get_breach_display()})
    return " · ".join(parts)


@register.filter
def score(value) -> str:
    """An exact score shown with 2 decimals, halves rounded up (rules.md 6.3)."""
    return selectors.show_final(value)


@register.filter
def deal_score(value) -> str:
    return selectors.show_deal_score(value)


@register.filter
def author(row) -> str:
    """Who made a row: a team's name, or the director's user name (an imported row's kept
    as text)."""
    if getattr(row, "by_director_id", None) or getattr(row, "by_director_name", ""):
        user = row.by_director
        # An imported row keeps its director's username as text (no account here).
        name = (user.get_full_name() or user.get_username()) if user else row.by_director_name
        # A user called "director" would read "director director".
        if name.casefold() in {"director", str(_("director")).casefold()}:
            return _("the director")
        return _("director %(name)s") % {"name": name}
    if getattr(row, "by_team_id", None):
        return str(row.by_team.name)
    return "?"


@register.filter
def dealer_label(deal) -> str:
    return str(deal.get_dealer_display())


@register.simple_tag
def adjusted_mark() -> str:
    return _("adj.")


@register.filter
def fraction_exact(value) -> str:
    """The exact fraction, for the director's history (e.g. 17/22), only when the two
    decimals shown are not exact (1.50 is 3/2 already: one number, shown once)."""
    if value is None or (value * 100).denominator == 1:
        return ""
    return f"= {value}"


@register.filter
def bye_score_per_deal(_unused=None) -> str:
    return numbers.show_score(engine.BYE_SCORE)


@register.filter
def heard_ago(moment) -> str:
    """How long ago a table was last heard from: "just now" under a minute (``timesince``
    says "0 minutes", which reads as a fault), else "5 minutes ago"."""
    if timezone.now() - moment < timedelta(minutes=1):
        return pgettext("last heard", "just now")
    return _("%(time)s ago") % {"time": timesince(moment)}


@register.filter
def clock_time(value: timedelta) -> str:
    """``1:00:00``, ``9:05``, ``0:01``: whole seconds rounded up, so that ``0:00`` is only
    ever shown at zero (static/js/clock.js shows the same)."""
    seconds = max(0, math.ceil(value.total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


@register.filter
def clock_ends(clock):
    """The clock's end as ``<time>`` in the championship's time zone (the script updates it
    when the clock changes); empty while it has no end (not started, paused)."""
    return format_html('<time data-clock-ends datetime="{}">{}</time>', clock.ends_at_iso,
                       clock.ends_at_text)
