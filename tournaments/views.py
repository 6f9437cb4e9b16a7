"""Public tournament pages. Views are thin: they call selectors to read and services to write.

The director's pages are in the ``tournaments.director_views`` package.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournaments import selectors
from tournaments.forms import DealCheckForm
from tournaments.models import Championship
from tournaments.presentation import deal_view


def home(request):
    """The landing page: the championships a visitor may look at."""
    return render(
        request,
        "home.html",
        {"championships": selectors.visible_championships(request.user)},
    )


def _public_championship_or_404(request, pk: int) -> Championship:
    return get_object_or_404(selectors.visible_championships(request.user), pk=pk)


def public_championship(request, pk: int):
    """The public page of a championship: commitment (or key), teams and released rounds.

    Reachable from the moment the championship is created (drafts are not listed on the
    landing page, but their address works), so that the deal key's commitment is public
    before any deal is dealt.
    """
    championship = get_object_or_404(Championship, pk=pk)
    return render(
        request,
        "tournaments/public_championship.html",
        {
            "championship": championship,
            "teams": selectors.teams(championship),
            "rounds": selectors.released_rounds(championship),
            "is_director": selectors.is_director(request.user, championship),
        },
    )


def public_round(request, pk: int, number: int):
    """A released or closed round: its tables and bye; its deals once it is closed."""
    championship = _public_championship_or_404(request, pk)
    round_ = get_object_or_404(
        selectors.released_rounds(championship), number=number
    )
    deals = []
    if selectors.deals_visible_to_public(round_):
        from formats import format_of  # late: the formats import the tournaments' modules

        sides = format_of(championship).has_sides
        deals = [deal_view(deal, sides=sides) for deal in selectors.round_deals(round_)]
    return render(
        request,
        "tournaments/public_round.html",
        {"championship": championship, "round": round_, "deals": deals},
    )


def deal_check(request, pk: int):
    """Once the championship is finished, anyone regenerates a deal from the revealed key
    and compares it with the deal that was played. Before that it shows the commitment. A
    format without deals (free deals: shuffled at the table) has nothing to check."""
    from formats import format_of  # late: the formats import the tournaments' modules

    championship = get_object_or_404(Championship, pk=pk)
    if not format_of(championship).has_deals:
        raise Http404("This championship has no generated deals.")
    context = {"championship": championship}
    if championship.key_revealed:
        form = DealCheckForm(request.GET or None)
        context["form"] = form
        if form.is_bound and form.is_valid():
            number = form.cleaned_data["number"]
            check = selectors.check_deal(championship, number)
            context["number"] = number
            context["regenerated"] = deal_view(None, deal=check.regenerated, number=number)
            if check.played is not None:
                context["stored"] = deal_view(check.played)
                context["imported"] = check.imported
                context["matches"] = check.matches
            else:
                context["not_played"] = True
    return render(request, "tournaments/deal_check.html", context)
