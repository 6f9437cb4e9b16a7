"""Read queries for championships, teams, rounds, tables and deals.

Deal secrecy lives here and only here: :func:`deal_is_public` and
:func:`deals_visible_to_public` decide whether a deal's cards may be shown to anyone who is
not a director of its championship. Every page, PDF and API outside the director's pages
must ask them (rules.md 8).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from tournaments.models import Championship, Deal, Round, Table, Team

# --- Championships and directors -----------------------------------------------------------


def visible_championships(user) -> QuerySet[Championship]:
    """Championships listed on the landing page: running or finished ones for everyone,
    plus drafts for the directors who run them."""
    public = Championship.objects.exclude(status=Championship.Status.DRAFT)
    if user.is_authenticated:
        return (public | Championship.objects.filter(directors=user)).distinct()
    return public


def public_championships() -> QuerySet[Championship]:
    """Championships anyone may look at: every one that is not a draft."""
    return Championship.objects.exclude(status=Championship.Status.DRAFT)


def directed_championships(user) -> QuerySet[Championship]:
    """The championships ``user`` directs (none for an anonymous user)."""
    if not user.is_authenticated:
        return Championship.objects.none()
    return Championship.objects.filter(directors=user)


def is_director(user, championship: Championship) -> bool:
    return bool(
        user.is_authenticated and championship.directors.filter(pk=user.pk).exists()
    )


def championship_for_director(user, pk: int) -> Championship:
    """The championship ``pk`` if ``user`` directs it; otherwise 404, so that other users
    cannot even tell that it exists."""
    championship = directed_championships(user).filter(pk=pk).first()
    if championship is None:
        raise Http404("No such championship")
    return championship


# --- Teams ---------------------------------------------------------------------------------


def team_by_link(team_id: int, secret: str) -> Team | None:
    """The team whose private link is ``/t/<team_id>/<secret>/``, or ``None``.

    The secret is compared in constant time. Withdrawn teams are returned too: what they
    may still do is the caller's decision.
    """
    try:
        team_id = int(team_id)
    except (TypeError, ValueError):
        return None
    if not isinstance(secret, str):
        return None
    team = Team.objects.select_related("championship").filter(pk=team_id).first()
    # Compare even when there is no team, so timing tells nothing either way.
    expected = team.link_secret if team is not None else "x" * 43
    if not hmac.compare_digest(expected.encode(), secret.encode()):
        return None
    return team


def teams(championship: Championship) -> QuerySet[Team]:
    return championship.teams.order_by("number")


def active_teams(championship: Championship) -> QuerySet[Team]:
    return championship.teams.filter(withdrawn=False).order_by("number")


# --- Rounds and tables ---------------------------------------------------------------------


def rounds(championship: Championship) -> QuerySet[Round]:
    return championship.rounds.select_related("bye_team", "championship").order_by("number")


def round_tables(round_: Round) -> QuerySet[Table]:
    return round_.tables.select_related("ns_team", "ew_team").order_by("number")


def round_byes(round_: Round) -> list[Team]:
    """Every entrant with the bye in ``round_``, by number: the round's own, and those its
    format keeps besides (each free-deal section's, rules.md 11.3)."""
    from formats import format_of  # late: the formats import this app

    ids = set(format_of(round_.championship).other_byes(round_))
    if round_.bye_team_id:
        ids.add(round_.bye_team_id)
    return list(Team.objects.filter(pk__in=ids).order_by("number")) if ids else []


def rounds_with_tables(championship: Championship, statuses=None) -> QuerySet[Round]:
    """Rounds with their tables and teams prefetched (one query per relation, not per row)."""
    qs = rounds(championship).prefetch_related(
        Prefetch("tables", queryset=Table.objects.select_related("ns_team", "ew_team"))
    )
    if statuses is not None:
        qs = qs.filter(status__in=statuses)
    return qs


def released_rounds(championship: Championship) -> QuerySet[Round]:
    """Rounds whose pairings are public: released or closed (never drafted ones)."""
    return rounds_with_tables(
        championship, statuses=[Round.Status.RELEASED, Round.Status.CLOSED]
    )


def last_round(championship: Championship) -> Round | None:
    return championship.rounds.order_by("-number").first()


def team_round_position(round_: Round, team: Team) -> tuple[Table | None, str | None]:
    """Where ``team`` sits in ``round_``: ``(table, "NS"|"EW")``, or ``(None, "bye")``,
    or ``(None, None)`` when it does not play."""
    if round_.bye_team_id == team.pk:
        return None, "bye"
    for table in round_tables(round_):
        if table.ns_team_id == team.pk:
            return table, "NS"
        if table.ew_team_id == team.pk:
            return table, "EW"
    return None, None


# --- Deals and their secrecy ---------------------------------------------------------------


def deals_visible_to_public(round_: Round) -> bool:
    """Whether the cards of ``round_``'s deals may be shown to players and the public.

    Only once the round is closed: while it is drafted the deals are being prepared, and
    while it is released other tables may still be playing them.
    """
    return round_.status == Round.Status.CLOSED


def deal_is_public(deal: Deal) -> bool:
    """Whether ``deal``'s cards may be shown outside the director's pages."""
    return deals_visible_to_public(deal.round)


def public_deals(championship: Championship) -> QuerySet[Deal]:
    """The deals whose cards anyone may see (those of closed rounds)."""
    return championship.deals.filter(round__status=Round.Status.CLOSED).select_related("round")


def round_deals(round_: Round) -> QuerySet[Deal]:
    """All deals of a round, for directors. Other callers must check
    :func:`deals_visible_to_public` first."""
    return round_.deals.order_by("number")


@dataclass(frozen=True)
class DealCheck:
    """A deal regenerated from the revealed key, and the deal played if anyone may see it."""

    number: int
    regenerated: object  # engine.Deal
    played: Deal | None  # None: not played, or its round was never closed
    matches: bool | None

    @property
    def imported(self) -> bool:
        return self.played is not None and self.played.source == Deal.Source.IMPORTED


def check_deal(championship: Championship, number: int) -> DealCheck | None:
    """Once the championship is finished (its key revealed), anyone may regenerate a deal
    and compare it with the one played; ``None`` before. The key is public then, but an
    imported deal of a round that was never closed stays unpublished: only
    :func:`deal_is_public` decides."""
    import engine

    if not championship.key_revealed:
        return None
    regenerated = engine.generate_deal(championship.key_bytes, number)
    stored = championship.deals.select_related("round").filter(number=number).first()
    if stored is None or not deal_is_public(stored):
        return DealCheck(number, regenerated, None, None)
    return DealCheck(number, regenerated, stored, engine.parse_deal(stored.cards) == regenerated)


def championship_deals(championship: Championship) -> QuerySet[Deal]:
    """All deals, for directors."""
    return championship.deals.select_related("round").order_by("number")


# The deals' double-dummy analysis (rules.md 8.1) is read in tournaments.analysis_selectors,
# which asks deals_visible_to_public above whether it may be shown.


def current_round(championship: Championship) -> Round | None:
    """The round a director is most likely busy with (the results pages open on it, the
    director's menu links it): the latest released one, else the latest closed one, else
    the first drafted one (one query)."""
    rounds = list(championship.rounds.order_by("number"))
    for status in (Round.Status.RELEASED, Round.Status.CLOSED):
        matching = [r for r in rounds if r.status == status]
        if matching:
            return matching[-1]
    return rounds[0] if rounds else None
