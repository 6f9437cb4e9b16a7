"""Forms every format's pages share: a new idempotency key for a form, a dispute's comment,
and the director's round clock buttons. (The duplicate pairs' own forms are ``formats.duplicate_pairs.forms``.)"""

from __future__ import annotations

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.clock import MAX_EXTENSION_MINUTES


def new_idempotency_key() -> str:
    return secrets.token_urlsafe(24)


class DisputeCommentForm(forms.Form):
    """A dispute's comment, for the formats' pages (a free-deal game, an individual deal
    or evening's totals): the service that records the dispute refuses an empty one, in
    the format's words, so the form only bounds it."""

    comment = forms.CharField(label=_("What is wrong?"), max_length=2000, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}))


class ClockForm(forms.Form):
    """The director's clock buttons: which one was pressed, and an extension's minutes."""

    ACTIONS = ("start", "pause", "resume", "extend")

    action = forms.ChoiceField(choices=[(action, action) for action in ACTIONS])
    minutes = forms.IntegerField(label=_("Minutes to add"), min_value=1,
                                 max_value=MAX_EXTENSION_MINUTES, initial=5, required=False)

    def clean(self):
        data = super().clean()
        if data.get("action") == "extend" and data.get("minutes") is None:
            self.add_error("minutes", _("Give the minutes to add."))
        return data
