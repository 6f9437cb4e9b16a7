"""A game of two pairs as its table reports it (both pairs' points, how it ended, the hands
played, the score pad's optional record), the director's result with its reason, and the
other pair's PIN: the forms of every format whose tables play one game (free-deal pairs,
rules.md 11.2; the group games, 12.1). They check the shape of the input; the format's rules
(``Format.check_game``) decide what a game may be, and the format says how a game may end
(``Format.game_endings``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.json_depth import too_deep
from scoring.models import GameEntry
from scoring.services.games import GameValues
from tournaments.phrases import phrase

# What the forms accept; the rules refuse what a game cannot be (above the cap, say).
MAX_POINTS = 999
MAX_HANDS = 99


@dataclass(frozen=True)
class GamePad:
    """What a format's game is, as a table's score pad (static/js/score_pad.js) and its
    page show it (``Format.game_pad``): the points that win (``target``), the points that
    count at most (``cap``), the hands it lasts (``hands``: at most, or, with
    ``extra_hands``, exactly, then that many more while the points are level), and whether
    Sant Vicenç may be called. ``None`` for what the game does not have."""

    target: int | None = None
    cap: int | None = None
    hands: int | None = None
    extra_hands: int | None = None
    sant_vicenc: bool = True


class GameForm(forms.Form):
    """Both pairs' points, how the game ended, the hands played (rules.md 11.2)."""

    first_points = forms.IntegerField(min_value=0, max_value=MAX_POINTS)
    second_points = forms.IntegerField(min_value=0, max_value=MAX_POINTS)
    ended_by = forms.ChoiceField(label=_("How the game ended"),
                                 choices=GameEntry.EndedBy.choices)
    hands_played = forms.IntegerField(label=_("Hands played"), min_value=1,
                                      max_value=MAX_HANDS)
    idempotency_key = forms.CharField(required=False, max_length=64,
                                      widget=forms.HiddenInput)
    # The score pad's record, hand by hand (static/js/score_pad.js), as JSON; optional.
    hands = forms.CharField(required=False, max_length=20_000, widget=forms.HiddenInput)

    HAND_KEYS = {"makers", "contract", "doubling", "scorer", "points"}
    # A list of hands, each an object of plain values: measured before it is parsed, as a
    # record nested thousands deep would exhaust the parser's recursion.
    HANDS_DEPTH = 2

    def clean_hands(self):
        text = self.cleaned_data.get("hands", "").strip()
        if not text:
            return None
        if too_deep(text, self.HANDS_DEPTH) is not None:
            raise forms.ValidationError(_("The hand-by-hand record cannot be read: it should "
                                          "be a list of hands, and it nests deeper."))
        try:
            hands = json.loads(text)
        except ValueError:
            raise forms.ValidationError(_("The hand-by-hand record cannot be read.")) from None
        if (not isinstance(hands, list) or len(hands) > MAX_HANDS
                or not all(isinstance(h, dict) and set(h) == self.HAND_KEYS for h in hands)):
            raise forms.ValidationError(_("The hand-by-hand record cannot be read."))
        return tuple(hands)

    def __init__(self, *args, table=None, endings=None, **kwargs):
        super().__init__(*args, **kwargs)
        if endings is not None:
            # The format's endings (``Format.game_endings``): a group game ends by its hands.
            self.fields["ended_by"].choices = [
                (value, label) for value, label in GameEntry.EndedBy.choices
                if value in endings]
        if table is not None:
            self.fields["first_points"].label = phrase(_("Points of %(pair)s"),
                                                       pair=table.ns_team.name)
            self.fields["second_points"].label = phrase(_("Points of %(pair)s"),
                                                        pair=table.ew_team.name)

    def values(self) -> GameValues:
        data = self.cleaned_data
        return GameValues(first_points=data["first_points"],
                          second_points=data["second_points"], ended_by=data["ended_by"],
                          hands_played=data["hands_played"], hands=data.get("hands"))


class DirectorGameForm(GameForm):
    note = forms.CharField(label=_("Reason (kept in the history)"), max_length=2000,
                           required=False, widget=forms.Textarea(attrs={"rows": 2}))


class PinForm(forms.Form):
    """The other pair's PIN, typed on this pair's phone to confirm its entry."""

    pin = forms.CharField(
        label=_("PIN of the other pair"), max_length=4, required=False,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "pattern": "[0-9]{4}",
                                          "autocomplete": "off", "class": "pin"}))

    def clean_pin(self):
        pin = self.cleaned_data.get("pin", "").strip()
        # ASCII digits only, as the duplicate format's PIN.
        if len(pin) != 4 or not all("0" <= char <= "9" for char in pin):
            raise forms.ValidationError(_("PIN: type the other pair's 4 digits."))
        return pin
