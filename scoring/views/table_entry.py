"""A director's page of one table's entry in a format that enters a result per table (a
free-deal game, an evening's totals): the director settles an entry as it stands, or enters
the result, which counts at once. The format's page reads and shows its own; these find the
table, answer the page's POST through the format's services and read the history.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from scoring.services.values import Origin, ScoringError
from tournaments import selectors as tournament_selectors


def director_table(request, tables, pk: int, number: int, table_number: int):
    """The championship the user directs (else 404) and its table ``table_number`` of round
    ``number``, from the format's query of its ``tables``; 404 for any other."""
    championship = tournament_selectors.championship_for_director(request.user, pk)
    table = get_object_or_404(tables, round__championship=championship, round__number=number,
                              number=table_number)
    return championship, table


def director_table_post(request, table, form, *, confirm, save, confirmed: str,
                        show_refusal):
    """The director's POST on the table's page, or ``None`` to show the page (a GET, or a
    form to show again with its errors):

    - ``action=confirm``: ``confirm(table=, entry_id=, user=, origin=)`` settles the entry
      the request names (the service looks it up among the table's: an id of another
      table, round or championship, or no id at all, is a 404 and nothing is written); the
      page again with ``confirmed`` or the refusal as a message;
    - else the valid form is saved, ``save(table=, values=, user=, note=, origin=)``, and
      the page again with "Result saved."; a refusal is shown at the field it concerns
      (``show_refusal(form, error)``).
    """
    if request.method != "POST":
        return None
    who = {"table": table, "user": request.user, "origin": Origin.from_request(request)}
    if request.POST.get("action") == "confirm":
        try:
            confirm(entry_id=request.POST.get("entry", ""), **who)
        except ScoringError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, confirmed)
        return redirect(request.path)
    if form.is_valid():
        try:
            save(values=form.values(), note=form.cleaned_data["note"], **who)
        except ScoringError as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("Result saved."))
            return redirect(request.path)
    return None


def entry_history(entries) -> list:
    """The table's entries, oldest first, with who made each and every review of them."""
    return list(entries.select_related("by_team", "by_director")
                .prefetch_related("reviews__by_team", "reviews__by_director").order_by("id"))
