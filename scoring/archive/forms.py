"""The form that uploads a full backup."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.archive.reading import max_bytes


class ImportArchiveForm(forms.Form):
    file = forms.FileField(
        label=_("Full backup (.json)"),
        help_text=_("The file a director downloaded as the championship's full backup."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        # Refused before it is read: the size is known from the upload.
        if upload.size > max_bytes():
            raise forms.ValidationError(
                _("File: too large for an archive (%(size)s bytes; at most %(limit)s).")
                % {"size": upload.size, "limit": max_bytes()}
            )
        return upload
