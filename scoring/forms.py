"""Forms every format's pages share: a new idempotency key for a form, and a dispute's
comment. (The duplicate pairs' own forms are ``formats.duplicate_pairs.forms``.)"""

from __future__ import annotations

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _


def new_idempotency_key() -> str:
    return secrets.token_urlsafe(24)


class DisputeCommentForm(forms.Form):
    """A dispute's comment, for the formats' pages (a free-deal game, an individual deal
    or evening's totals): the service that records the dispute refuses an empty one, in
    the format's words, so the form only bounds it."""

    comment = forms.CharField(label=_("What is wrong?"), max_length=2000, required=False,
                              widget=forms.Textarea(attrs={"rows": 2}))
