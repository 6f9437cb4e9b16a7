"""Scoring pages: the captain's page (private link), the director's grid and result pages,
and the public result pages. Views are thin: selectors read, services write."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import engine
from scoring import selectors, services
from scoring.forms import (
    AdjustmentForm,
    ClearAdjustmentForm,
    DirectorResultForm,
    DisputeForm,
    PinForm,
    ResultForm,
)
from scoring.models import ResultEntry
from scoring.services import Origin, ScoringError
from tournaments import selectors as tournament_selectors
from tournaments import services as tournament_services
from tournaments.models import Championship, Deal, Round, Table, Team
from tournaments.presentation import deal_view

# --- Helpers ---------------------------------------------------------------------------------


def _team_or_404(team_id: int, secret: str) -> Team:
    team = tournament_selectors.team_by_link(team_id, secret)
    if team is None:
        raise Http404("Unknown link")
    return team


def _captain_url(team: Team, deal_number: int | None = None) -> str:
    url = reverse("scoring:captain", args=[team.pk, team.link_secret])
    return f"{url}#deal-{deal_number}" if deal_number else url


def _add_errors(request, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _no_store(response: HttpResponse) -> HttpResponse:
    # Private pages and live data: never cached by a proxy or the browser's back button.
    response["Cache-Control"] = "no-store"
    return response


@dataclass
class CaptainDeal:
    deal: Deal
    trump_side: str
    we_make_trumps: bool
    state: selectors.ResultState
    form: ResultForm
    dispute_form: DisputeForm
    pin_form: PinForm
    open_form: bool

    @property
    def pending(self) -> ResultEntry | None:
        return self.state.pending_entry

    @property
    def counted(self) -> ResultEntry | None:
        return self.state.counted


@dataclass
class CaptainTable:
    """One of the team's tables on its page, with its deals."""

    table: Table
    our_side: str | None
    opponent: Team | None
    deals: list[CaptainDeal]
    writable: bool


def _captain_tables(team: Team, tables: list[Table], *, bound: dict | None = None,
                    writable=True) -> list[CaptainTable]:
    """The team's tables with their deals, states and forms, in a bounded number of queries
    whatever the number of tables. ``bound`` maps a deal id to forms bound to a failed
    submission, so that their errors show."""
    bound = bound or {}
    if not tables:
        return []
    deals = list(Deal.objects.filter(round_id__in=[t.round_id for t in tables]).order_by("number"))
    states = selectors.result_states(tables, deals)
    sections = []
    for table in tables:
        our_side = selectors.team_side(table, team)
        rows = []
        for deal in deals:
            if deal.round_id != table.round_id:
                continue
            state = states[(table.pk, deal.pk)]
            forms = bound.get(deal.pk, {})
            trump = selectors.deal_trump_side(deal)
            rows.append(
                CaptainDeal(
                    deal=deal,
                    trump_side=trump,
                    we_make_trumps=trump == our_side,
                    state=state,
                    form=forms.get("result") or ResultForm(prefix=f"d{deal.number}"),
                    dispute_form=forms.get("dispute") or DisputeForm(prefix=f"x{deal.number}"),
                    pin_form=forms.get("pin") or PinForm(prefix=f"p{deal.number}"),
                    open_form=writable and (state.latest is None or "result" in forms),
                )
            )
        sections.append(
            CaptainTable(
                table=table,
                our_side=our_side,
                opponent=selectors.opponent_of(table, team.pk),
                deals=rows,
                writable=writable,
            )
        )
    return sections


def _render_captain(request, team: Team, *, bound=None, status=200):
    position = selectors.team_position(team)
    # A withdrawn team's link reads but never writes (the services refuse it too).
    writable = position.writable and not team.withdrawn
    if position.kind == "play":
        tables = position.tables
    elif position.table is not None:
        tables = [position.table]
    else:
        tables = []
    sections = _captain_tables(team, tables, bound=bound, writable=writable)
    context = {
        "team": team,
        "position": position,
        "championship": team.championship,
        "sections": sections,
        # Every deal row of every table shown, in page order.
        "deals": [row for section in sections for row in section.deals],
    }
    if sections:
        first = sections[0]
        context.update(table=first.table, our_side=first.our_side, opponent=first.opponent)
    return _no_store(render(request, "scoring/captain.html", context, status=status))


def _no_open_table() -> ScoringError:
    return ScoringError(
        _("Your team has no open table right now: the round is closed or has not started."),
        code="round_closed",
    )


def _open_table_for_deal(team: Team, deal_number: int) -> tuple[Table, Deal]:
    """The team's table in the round of deal ``deal_number``, where the link writes that
    deal: 404 for a deal the championship does not have, ScoringError unless the deal's
    round is released and the team plays in it. A link never writes to another table."""
    deal = get_object_or_404(Deal, championship_id=team.championship_id, number=deal_number)
    table = selectors.team_position(team).open_table_of_round(deal.round_id)
    if table is None:
        raise _no_open_table()
    return table, deal


# --- Captain ---------------------------------------------------------------------------------


def captain(request, team_id: int, secret: str):
    """The team's private page: each of its tables in an open round, earliest first, with
    their deals; else its latest table read-only, or the bye or waiting notice."""
    team = _team_or_404(team_id, secret)
    return _render_captain(request, team)


@require_POST
def captain_submit(request, team_id: int, secret: str, deal_number: int):
    team = _team_or_404(team_id, secret)
    try:
        table, deal = _open_table_for_deal(team, deal_number)
    except ScoringError as exc:
        messages.error(request, exc.message)
        return redirect(_captain_url(team))
    form = ResultForm(request.POST, prefix=f"d{deal.number}")
    if not form.is_valid():
        return _render_captain(request, team, bound={deal.pk: {"result": form}})
    try:
        entry, created = services.submit_result(
            team=team,
            table=table,
            deal=deal,
            data=form.result_data(),
            idempotency_key=form.cleaned_data.get("idempotency_key"),
            origin=Origin.from_request(request),
        )
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        opponent = selectors.opponent_of(table, team.pk)
        messages.success(
            request,
            _("Deal %(deal)s entered. %(team)s must now confirm it.")
            % {"deal": deal.number, "team": opponent.name},
        )
    return redirect(_captain_url(team, deal.number))


def _entry_of_team_table(team: Team, entry_id: int) -> ResultEntry:
    """An entry at one of the team's open tables (any released round it plays in): 404 for
    an entry of another team's table, ScoringError for one of the team's closed tables."""
    open_ids = [table.pk for table in selectors.team_position(team).tables]
    entry = (
        ResultEntry.objects.select_related("deal")
        .filter(pk=entry_id)
        .filter(Q(table__ns_team=team) | Q(table__ew_team=team))
        .first()
    )
    if entry is None:
        if not open_ids:
            raise _no_open_table()
        raise Http404("No such result at your table")
    if entry.table_id not in open_ids:
        raise _no_open_table()
    return entry


@require_POST
def captain_confirm(request, team_id: int, secret: str, entry_id: int):
    team = _team_or_404(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
        services.confirm_entry(entry_id=entry.pk, team=team, origin=Origin.from_request(request))
    except ScoringError as exc:
        messages.error(request, exc.message)
        return redirect(_captain_url(team))
    messages.success(request, _("Deal %(deal)s confirmed.") % {"deal": entry.deal.number})
    return redirect(_captain_url(team, entry.deal.number))


@require_POST
def captain_dispute(request, team_id: int, secret: str, entry_id: int):
    team = _team_or_404(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
    except ScoringError as exc:
        messages.error(request, exc.message)
        return redirect(_captain_url(team))
    form = DisputeForm(request.POST, prefix=f"x{entry.deal.number}")
    if not form.is_valid():
        return _render_captain(request, team, bound={entry.deal_id: {"dispute": form}})
    try:
        services.dispute_entry(
            entry_id=entry.pk,
            team=team,
            comment=form.cleaned_data["comment"],
            origin=Origin.from_request(request),
        )
    except ScoringError as exc:
        messages.error(request, exc.message)
    except ValidationError as exc:
        _add_errors(request, exc)
    else:
        messages.success(
            request,
            _("Deal %(deal)s disputed. The director has been told.") % {"deal": entry.deal.number},
        )
    return redirect(_captain_url(team, entry.deal.number))


@require_POST
def captain_pin(request, team_id: int, secret: str, entry_id: int):
    team = _team_or_404(team_id, secret)
    try:
        entry = _entry_of_team_table(team, entry_id)
    except ScoringError as exc:
        messages.error(request, exc.message)
        return redirect(_captain_url(team))
    form = PinForm(request.POST, prefix=f"p{entry.deal.number}")
    if not form.is_valid():
        return _render_captain(request, team, bound={entry.deal_id: {"pin": form}})
    try:
        services.confirm_with_pin(
            entry_id=entry.pk, team=team, pin=form.cleaned_data["pin"],
            origin=Origin.from_request(request),
        )
    except ScoringError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Deal %(deal)s confirmed.") % {"deal": entry.deal.number})
    return redirect(_captain_url(team, entry.deal.number))


# --- Director --------------------------------------------------------------------------------


def _director_championship(request, pk: int) -> Championship:
    return tournament_selectors.championship_for_director(request.user, pk)


def _round_or_404(championship: Championship, number: int) -> Round:
    return get_object_or_404(Round, championship=championship, number=number)


@login_required
def director_results(request, pk: int):
    """Entry point: the grid of the current round."""
    championship = _director_championship(request, pk)
    round_ = selectors.current_round(championship)
    if round_ is None:
        messages.info(request, _("There are no rounds yet."))
        return redirect("scoring:standings", pk=championship.pk)
    return redirect("scoring:grid", pk=championship.pk, number=round_.number)


@login_required
def director_grid(request, pk: int, number: int):
    championship = _director_championship(request, pk)
    round_ = _round_or_404(championship, number)
    grid = selectors.round_grid(round_)
    context = {
        "championship": championship,
        "round": round_,
        "grid": grid,
        "rounds": championship.rounds.order_by("number"),
        "refresh_seconds": 15,
    }
    template = "scoring/_grid.html" if request.GET.get("partial") else "scoring/director_grid.html"
    return _no_store(render(request, template, context))


def _director_cell(request, pk: int, number: int, table_number: int, deal_number: int):
    championship = _director_championship(request, pk)
    round_ = _round_or_404(championship, number)
    table = get_object_or_404(
        Table.objects.select_related("ns_team", "ew_team", "round"), round=round_,
        number=table_number,
    )
    deal = get_object_or_404(Deal, round=round_, number=deal_number)
    return championship, round_, table, deal


def _cell_url(championship, round_, table, deal) -> str:
    return reverse(
        "scoring:cell", args=[championship.pk, round_.number, table.number, deal.number]
    )


@login_required
def director_cell(request, pk: int, number: int, table_number: int, deal_number: int):
    """One table's result on one deal: full history, override, confirm, adjust."""
    championship, round_, table, deal = _director_cell(request, pk, number, table_number,
                                                        deal_number)
    origin = Origin.from_request(request)
    result_form = DirectorResultForm(prefix="r")
    adjustment_form = AdjustmentForm(prefix="a")
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "override":
                result_form = DirectorResultForm(request.POST, prefix="r")
                if result_form.is_valid():
                    services.director_enter_result(
                        table=table, deal=deal, data=result_form.result_data(),
                        user=request.user, note=result_form.cleaned_data["note"],
                        idempotency_key=result_form.cleaned_data.get("idempotency_key"),
                        origin=origin,
                    )
                    messages.success(request, _("Result entered."))
                    return redirect(_cell_url(championship, round_, table, deal))
            elif action == "confirm":
                entry_id = request.POST.get("entry", "")
                if not entry_id.isdigit():
                    raise Http404("No such result")
                entry = get_object_or_404(ResultEntry, pk=entry_id, table=table, deal=deal)
                services.director_confirm_entry(entry_id=entry.pk, user=request.user,
                                                origin=origin)
                messages.success(request, _("Result confirmed."))
                return redirect(_cell_url(championship, round_, table, deal))
            elif action == "adjust":
                adjustment_form = AdjustmentForm(request.POST, prefix="a")
                if adjustment_form.is_valid():
                    data = adjustment_form.cleaned_data
                    sides = ["NS", "EW"] if data["side"] == "both" else [data["side"]]
                    for side in sides:
                        services.set_adjustment(
                            table=table, deal=deal, side=side, kind=data["kind"],
                            value=data["fraction"], reason=data["reason"], user=request.user,
                            origin=origin,
                        )
                    messages.success(request, _("Adjusted score set."))
                    return redirect(_cell_url(championship, round_, table, deal))
            elif action == "clear":
                clear_form = ClearAdjustmentForm(request.POST)
                if clear_form.is_valid():
                    services.clear_adjustment(
                        table=table, deal=deal, side=clear_form.cleaned_data["side"],
                        reason=clear_form.cleaned_data["reason"], user=request.user,
                        origin=origin,
                    )
                    messages.success(request, _("Adjusted score withdrawn."))
                    return redirect(_cell_url(championship, round_, table, deal))
                for errors in clear_form.errors.values():
                    for error in errors:
                        messages.error(request, error)
            else:
                messages.error(request, _("Unknown action."))
        except ScoringError as exc:
            messages.error(request, exc.message)
        except ValidationError as exc:
            _add_errors(request, exc)
    state = selectors.result_state(table, deal)
    score = deal.scores.filter(table=table).first()
    context = {
        "championship": championship,
        "round": round_,
        "table": table,
        "deal": deal,
        "state": state,
        "history": selectors.history(state),
        "score": score,
        "trump_side": selectors.deal_trump_side(deal),
        "result_form": result_form,
        "adjustment_form": adjustment_form,
        "adjustments": state.adjustments,
    }
    return _no_store(render(request, "scoring/director_cell.html", context))


@login_required
@require_POST
def director_close_round(request, pk: int, number: int):
    championship = _director_championship(request, pk)
    round_ = _round_or_404(championship, number)
    try:
        # The tournaments app owns round states and records who closed the round.
        tournament_services.close_round(
            round_, by=request.user, origin=Origin.from_request(request)
        )
    except tournament_services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": round_.number})
    return redirect("scoring:grid", pk=championship.pk, number=round_.number)


@login_required
@require_POST
def director_publish(request, pk: int):
    championship = _director_championship(request, pk)
    public = request.POST.get("public") == "1"
    services.set_results_public(
        championship, public, user=request.user, origin=Origin.from_request(request)
    )
    if public:
        messages.success(request, _("Results published."))
    else:
        messages.success(request, _("Results are no longer public."))
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = reverse("scoring:standings", args=[pk])
    return redirect(next_url)


# --- Result pages (public once published; directors always) --------------------------------


def _results_access(request, pk: int) -> tuple[Championship, bool]:
    """The championship and whether the viewer directs it (live view). Raises 404 for a
    championship the viewer may not see; the caller shows "not published" itself."""
    championship = get_object_or_404(Championship, pk=pk)
    director = tournament_selectors.is_director(request.user, championship)
    if not director and championship.status == Championship.Status.DRAFT:
        raise Http404("No such championship")
    return championship, director


def _not_published(request, championship):
    return render(request, "scoring/not_published.html", {"championship": championship})


def standings(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    rows = selectors.standings(championship, live=director)
    context = {"championship": championship, "rows": rows, "director": director}
    return render(request, "scoring/standings.html", context)


def projector(request, pk: int):
    """Large type; cycles through the standings page by page by itself (meta refresh)."""
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    rows = selectors.standings(championship, live=director)
    per_page = 10
    pages = max(1, -(-len(rows) // per_page))
    try:
        page = int(request.GET.get("page", 1))
    except ValueError:
        page = 1
    page = min(max(page, 1), pages)
    next_page = page % pages + 1
    context = {
        "championship": championship,
        "rows": rows[(page - 1) * per_page : page * per_page],
        "page": page,
        "pages": pages,
        "next_url": f"{reverse('scoring:projector', args=[pk])}?page={next_page}",
        "seconds": 12,
    }
    return render(request, "scoring/projector.html", context)


def _scored_deals(championship: Championship, director: bool):
    statuses = [Round.Status.CLOSED] + ([Round.Status.RELEASED] if director else [])
    return Deal.objects.filter(championship=championship, round__status__in=statuses).select_related(
        "round"
    ).order_by("number")


def travellers(request, pk: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    context = {
        "championship": championship,
        "deals": _scored_deals(championship, director),
        "teams": championship.teams.order_by("number"),
    }
    return render(request, "scoring/travellers.html", context)


def _hands(deal: Deal):
    """The deal laid out as at the table, or None while the deal is secret."""
    if not tournament_selectors.deal_is_public(deal):
        return None
    return deal_view(deal)


def traveller(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    deal = get_object_or_404(_scored_deals(championship, director), number=number)
    context = {
        "championship": championship,
        "deal": deal,
        "lines": selectors.traveller(deal),
        "trump_side": selectors.deal_trump_side(deal),
        "hands": _hands(deal),
        "director": director,
    }
    return render(request, "scoring/traveller.html", context)


def scorecard(request, pk: int, number: int):
    championship, director = _results_access(request, pk)
    if not (director or championship.results_public):
        return _not_published(request, championship)
    team = get_object_or_404(Team, championship=championship, number=number)
    lines, total = selectors.scorecard(team, live=director)
    context = {
        "championship": championship,
        "team": team,
        "lines": lines,
        "total": engine.show_score(total),
    }
    return render(request, "scoring/scorecard.html", context)
