"""The director's pages of an individual championship (rules.md 10.2): a round's grid of
tables and deals, and one deal of one table (its history, the director's report, settling
an entry as it stands, a seat's adjusted score). Thin: the forms check the shape, the
services decide and write, the selectors read."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

import live
from formats.abarrotada import selectors, services
from formats.abarrotada.models import DealReport, PlayerTable, SeatAdjustment
from formats.abarrotada.report_forms import SEAT_NAMES, ReportForm
from formats.abarrotada.services import form_of
from scoring.services.values import Origin, ScoringError
from scoring.views.common import no_store
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship, Round


class DirectorReportForm(ReportForm):
    note = forms.CharField(label=gettext_lazy("Note"), max_length=2000, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))


class AdjustForm(forms.Form):
    seat = forms.ChoiceField(label=gettext_lazy("Seat"))
    value = forms.CharField(label=gettext_lazy("Adjusted score (0 to 2; empty takes it back)"),
                            max_length=10, required=False)
    note = forms.CharField(label=gettext_lazy("Why"), max_length=2000)

    def __init__(self, *args, seats: str = "NESW", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s, SEAT_NAMES[s]) for s in seats]


def grid(request, championship: Championship, round_: Round):
    """Every table of the round × every deal: missing, waiting, disputed or confirmed."""
    context = {
        "championship": championship, "round": round_,
        "tables": selectors.round_view(round_), "sit_outs": selectors.sit_out_views(round_),
        "deal_numbers": list(round_.deals.order_by("number").values_list("number", flat=True)),
        "missing": selectors.missing_results(round_) if round_.status == "released" else [],
        "rounds": championship.rounds.order_by("number"),
        "live_url": live.stream_url("director", championship.pk),
    }
    return no_store(render(request, "abarrotada/director_grid.html", context))


def _refused(form, error: ScoringError) -> None:
    field = getattr(error, "field", None) or ""
    names = [f"points_{s}" for s in "nesw"] if field == "points" else [field]
    targets = [n for n in names if n in form.fields]
    for name in targets or [None]:
        form.add_error(name, error.message)


@login_required
def deal_page(request, pk: int, number: int, table_number: int, deal: int):
    """One deal of one table: its history, and the director's report, confirmation or
    adjusted score (each a new row, counted at once)."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    table = get_object_or_404(PlayerTable.objects.select_related("round__championship"),
                              round__championship=championship, round__number=number,
                              number=table_number)
    get_object_or_404(table.round.deals, number=deal)
    view = selectors.round_view(table.round, [table.pk])[0]
    seats = "".join(s.value for s in form_of(championship).seats)
    names = {s.seat: s.name for s in view.seats}
    action = request.POST.get("action") if request.method == "POST" else None
    form = DirectorReportForm(request.POST if action == "enter" else None, seats=seats,
                              names=names)
    adjust = AdjustForm(request.POST if action == "adjust" else None, seats=seats)
    origin = Origin.from_request(request)
    if action == "confirm":
        # Looked up among this deal's reports by the service: an id of another table, round
        # or championship (or no id at all: "abc", "²") is 404, and nothing is written.
        try:
            services.director_confirm_report(table=table, deal_number=deal,
                                             report_id=request.POST.get("report", ""),
                                             user=request.user, origin=origin)
        except ScoringError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Deal confirmed."))
        return redirect(request.path)
    if action == "enter" and form.is_valid():
        try:
            services.director_set_report(table=table, deal_number=deal, values=form.values(),
                                         user=request.user, note=form.cleaned_data["note"],
                                         origin=origin)
        except ScoringError as error:
            _refused(form, error)
        else:
            messages.success(request, _("Result saved: it counts at once."))
            return redirect(request.path)
    if action == "adjust" and adjust.is_valid():
        try:
            services.adjust_seat(table=table, deal_number=deal, seat=adjust.cleaned_data["seat"],
                                 value=adjust.cleaned_data["value"], user=request.user,
                                 note=adjust.cleaned_data["note"], origin=origin)
        except ScoringError as error:
            field = getattr(error, "field", None)
            adjust.add_error(field if field in adjust.fields else None, error.message)
        else:
            messages.success(request, _("Adjusted score saved."))
            return redirect(request.path)
    reports = list(DealReport.objects.filter(table=table, deal_number=deal)
                   .select_related("by_team", "by_director")
                   .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))
    context = {
        "championship": championship, "table": table, "round": table.round, "deal": deal,
        "view": view, "state": selectors.deal_states(table.round, [table.pk])[table.pk, deal],
        "reports": reports, "form": form, "adjust_form": adjust,
        "adjustments": SeatAdjustment.objects.filter(table=table, deal_number=deal)
        .select_related("by_director").order_by("id"),
    }
    return no_store(render(request, "abarrotada/director_deal.html", context))


def _round_sheet(request, pk: int, number: int, build, name: str):
    """A printed sheet of one of the director's individual rounds (PDF, or the print-ready
    page): ``build(round_)`` makes the PDF, ``name`` is its file name before the round."""
    from tournaments.print_pages import printed_file

    championship = tournament_selectors.championship_for_director(request.user, pk)
    round_ = get_object_or_404(championship.rounds, number=number,
                               championship__format__in=("abarrotada", "abarrotada_free"))
    return no_store(printed_file(request, lambda: build(round_),
                                  f"{name}-round-{round_.number}.pdf"))


@require_safe
@login_required
def movement_sheet(request, pk: int, number: int):
    """A round's seating, by table and by player name."""
    from formats.abarrotada.exports.pdf import movement_pdf

    return _round_sheet(request, pk, number, movement_pdf, "seating")


@require_safe
@login_required
def table_cards(request, pk: int, number: int):
    """A round's table cards: one a table, its seats and dealers."""
    from formats.abarrotada.exports.pdf import table_cards_pdf

    return _round_sheet(request, pk, number, table_cards_pdf, "table-cards")
