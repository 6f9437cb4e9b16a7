"""Who is who, asked while the director registers an entrant (rules.md 13.1).

When a typed player has no exact match in the register (the same name and club, or the
licence number) but the register holds players of the same search key, the entrant form is
shown again with one question per such player: which of them it is, or a new player. The
answer goes to the service as ``chosen`` (``register.link_entrants``). No JavaScript: the
question is a set of radio buttons inside the same form.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import register_selectors
from tournaments.models import EntrantPlayer, Player
from tournaments.names import NameProblem, clean_name

NEW = "new"


@dataclass(frozen=True)
class Question:
    position: int
    name: str
    club: str
    players: list[Player]

    @property
    def field(self) -> str:
        return f"register_{self.position}"


def player_label(player: Player) -> str:
    """"Maria Costa, Club X — already registered, 14 championships"."""
    who = f"{player.name}, {player.club}" if player.club else player.name
    if player.licence:
        who = f"{who} ({player.licence})"
    count = getattr(player, "championships", 0)
    return ngettext("%(who)s — already registered, %(count)s championship",
                    "%(who)s — already registered, %(count)s championships",
                    count) % {"who": who, "count": count}


def _clean(value: str) -> str | None:
    try:
        return clean_name(value)
    except NameProblem:
        return None


def questions(fmt, cleaned: dict, typed_before: dict | None = None) -> list[Question]:
    """What to ask about the players ``cleaned`` types: the positions with similar players in
    the register and no exact match. ``typed_before`` (an edit: the entrant's initial values)
    leaves out the positions whose name, club and licence did not change."""
    typed = []
    before = {position: (name, club, licence) for position, name, club, licence
              in fmt.typed_players(typed_before)} if typed_before else {}
    for position, name, club, licence in fmt.typed_players(cleaned):
        name, club = _clean(name), _clean(club)
        licence = " ".join(str(licence or "").split())
        if not name or club is None:
            continue  # the service says what is wrong with it
        if before.get(position) == (name, club, licence):
            continue
        typed.append((position, name, club, licence))
    if not typed:
        return []
    similar = register_selectors.similar_players(typed)
    held = register_selectors.licence_holders(licence for *_, licence in typed)
    asked = []
    for position, name, club, licence in typed:
        players = similar.get(position, [])
        if not players or (licence and licence in held):
            continue
        if any(player.name == name and player.club == club for player in players):
            continue
        asked.append(Question(position, name, club, players))
    return asked


class WhoIsWhoForm(forms.Form):
    """One radio question per :class:`Question`: a register player's id, or a new player."""

    def __init__(self, data=None, *, asked: list[Question]):
        super().__init__(data)
        self.asked = asked
        for question in asked:
            who = f"{question.name}, {question.club}" if question.club else question.name
            self.fields[question.field] = forms.ChoiceField(
                label=_("Who is %(name)s?") % {"name": who},
                widget=forms.RadioSelect,
                choices=[(str(player.pk), player_label(player)) for player in question.players]
                + [(NEW, _("A new player: %(name)s") % {"name": who})],
                error_messages={"required": gettext_lazy("Say who this player is.")},
            )

    def chosen(self) -> dict[int, int | None]:
        """The picks by position (``None``: a new player), once valid."""
        return {question.position: (None if self.cleaned_data[question.field] == NEW
                                     else int(self.cleaned_data[question.field]))
                for question in self.asked}


def ask(request, fmt, cleaned: dict, typed_before: dict | None = None):
    """``(form, chosen)``: the question form when there is one to answer or answered
    wrongly (``chosen`` ``None``: show the page again), else ``(None or the valid form,
    the picks)``."""
    asked = questions(fmt, cleaned, typed_before)
    if not asked:
        return None, {}
    answered = any(question.field in request.POST for question in asked)
    form = WhoIsWhoForm(request.POST if answered else None, asked=asked)
    if answered and form.is_valid():
        return form, form.chosen()
    if not answered:
        messages.info(request, _("Some players typed are like players already in the register: "
                                 "say who they are at the foot of the form, then save again."))
    return form, None


#: How many names an import's summary lists before saying "and N more".
SUMMARY_NAMES = 10


def import_summary(teams) -> str:
    """After an import: the imported players that have likely duplicates in the register
    (the same search key), linking to the page that reviews them; empty when none."""
    players = {entry.player_id: entry.player for entry in
               EntrantPlayer.objects.filter(team__in=list(teams)).select_related("player")}
    doubtful = register_selectors.likely_duplicates_of(
        sorted(players.values(), key=lambda player: (player.search_name, player.pk)))
    if not doubtful:
        return ""
    names = format_html_join(", ", "{}", ((str(player),) for player in doubtful[:SUMMARY_NAMES]))
    more = len(doubtful) - SUMMARY_NAMES
    return format_html(
        "{} {}{}. <a href=\"{}\">{}</a>",
        ngettext("%(count)s imported player has likely duplicates in the register:",
                 "%(count)s imported players have likely duplicates in the register:",
                 len(doubtful)) % {"count": len(doubtful)},
        names,
        (" " + _("and %(count)s more") % {"count": more}) if more > 0 else "",
        reverse("tournaments:player_duplicates"),
        _("Review the likely duplicates"),
    )
