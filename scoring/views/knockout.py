"""The knockout bracket's pages that every format with a knockout stage shares (rules.md
11.3, 12.4): the director's form for a tie's game, the bracket round by round with its names,
and the read-only bracket the standings page and the projector show. Thin:
``scoring.services.knockout`` decides and writes; the format's own page (starting its stage,
its settings) calls these."""

from __future__ import annotations

from django import forms
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from formats import format_of
from scoring.game_forms import MAX_HANDS
from scoring.models import KnockoutTie
from scoring.selectors.knockout import knockout_bracket, stage_name
from scoring.services.knockout import MAX_POINTS, enter_knockout_game
from scoring.services.knockout_captains import latest_entry
from scoring.services.values import Origin
from tournaments.print_pages import printed_file
from tournaments.services.common import ServiceError

_GAME_ERRORS = {
    "required": gettext_lazy("Game: the form does not say which game of the tie it enters. "
                             "Reload the page, then enter the game."),
    **{code: gettext_lazy("Game: a game of a tie is a whole number from 1. Reload the page, "
                          "then enter the game.")
       for code in ("invalid", "min_value", "max_value")},
}


class KnockoutGameForm(forms.Form):
    """One game of one tie: both pairs' points (never level), and the hands played when the
    format counts them (``Format.knockout_pad``; the format's rules decide whether they are
    required, ``Format.check_knockout_game``)."""

    tie = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**63 - 1)
    # The game the form was opened for: a form left open while that game counted (the pairs
    # confirmed a captain's report) is stale, and refused rather than counted as the next.
    game = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=99,
                              error_messages=_GAME_ERRORS)
    first_points = forms.IntegerField(label=gettext_lazy("Points of the first pair"),
                                      min_value=0, max_value=MAX_POINTS)
    second_points = forms.IntegerField(label=gettext_lazy("Points of the second pair"),
                                       min_value=0, max_value=MAX_POINTS)
    hands = forms.IntegerField(label=gettext_lazy("Hands played"), required=False,
                               min_value=1, max_value=MAX_HANDS)


#: The fields a knockout game's refusal may name on its form (others: the form's own).
GAME_FIELDS = ("first_points", "second_points", "hands")


def knockout_pad(championship):
    """What the championship's knockout games last when their hands are counted (the forms
    then ask for them), or ``None``: the format's answer (``Format.knockout_pad``)."""
    return format_of(championship).knockout_pad(championship)


def bracket_rounds(championship) -> list[tuple[str, list]]:
    """The bracket, round by round, each with its name; empty before the stage starts. A
    third-place game (stored beside the final: ``scoring.services.knockout_settle``) is a
    round of its own, after the final."""
    rounds = knockout_bracket(championship)
    named = [(stage_name(len(ties)), ties) for ties in rounds]
    if len(rounds) >= 2 and len(rounds[-1]) == 2:
        final, third = rounds[-1]
        named[-1:] = [(stage_name(1), [final]), (_("Third-place game"), [third])]
    return named


def bracket_html(request, championship, rounds=None) -> str:
    """The read-only bracket (the standings page, the projector); empty without one."""
    rounds = bracket_rounds(championship) if rounds is None else rounds
    if not rounds:
        return ""
    return render_to_string("scoring/_bracket.html", {"rounds": rounds}, request=request)


def bracket_sheet(request, championship):
    """The printed bracket (``scoring.exports.bracket``) as a PDF, or its print-ready page,
    for the wall; the format's own view finds the championship (its director's, its
    format)."""
    from scoring.exports.bracket import bracket_pdf

    response = printed_file(request, lambda: bracket_pdf(championship), "knockout.pdf")
    response["Cache-Control"] = "no-store"
    return response


def with_reports(rounds: list[tuple[str, list]]) -> list[tuple[str, list]]:
    """Each undecided tie with the captains' report of its next game, waiting or disputed
    (``tie.report``, rules.md 11.3), for the director's bracket page."""
    for _name, ties in rounds:
        for tie in ties:
            tie.report = None if tie.winner_id else latest_entry(tie)
    return rounds


def enter_game(request, championship) -> tuple[KnockoutGameForm, str, bool]:
    """The director's POST of a tie's game: the form (with its errors), the tie it was for,
    and whether the game was entered. A tie of another championship is 404."""
    form = KnockoutGameForm(request.POST)
    failed_tie = str(request.POST.get("tie") or "")
    if not form.is_valid():
        return form, failed_tie, False
    # The tie is looked up in this bracket: another championship's is 404, as an unknown
    # one (its refusal would have no tie of this page to show at).
    tie = get_object_or_404(KnockoutTie, championship=championship, pk=form.cleaned_data["tie"])
    try:
        enter_knockout_game(tie, form.cleaned_data["first_points"],
                            form.cleaned_data["second_points"],
                            hands=form.cleaned_data["hands"], by=request.user,
                            origin=Origin.from_request(request),
                            game_number=form.cleaned_data["game"])
    except ServiceError as error:
        field = error.field if error.field in GAME_FIELDS else None
        form.add_error(field, error.message)
        return form, failed_tie, False
    return form, failed_tie, True
