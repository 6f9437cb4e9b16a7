"""The exports' bodies: the kinds a director may ask for, a request for a file, and a job
(``scoring.exports.registry``, ``scoring.exports.jobs``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.api import enums


class ExportKindSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    scoped = serializers.BooleanField(help_text=_("Stands after a round: the job takes “after”."))
    holds_secrets = serializers.BooleanField()
    public_url = serializers.SerializerMethodField(
        help_text=_("Where anyone downloads it once the results are published (closed "
                    "rounds only; ?after=N); null for a kind only directors may have."))

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_public_url(self, kind) -> str | None:
        if kind.directors_only:
            return None
        path = reverse("scoring:export", args=[self.context["championship"].pk, kind.key])
        return self.context["request"].build_absolute_uri(path)


class ExportStartSerializer(serializers.Serializer):
    """The values are checked by the exports page's own rules (``jobs.start_job``)."""

    kind = enums.enum_field(enums.EXPORT_KINDS, label=_("kind"), max_length=32)
    language = enums.enum_field(
        enums.LANGUAGES, label=_("language"), max_length=8, required=False,
        help_text=_("ca, es or en; the request's language (Accept-Language) when left out."))
    after = serializers.IntegerField(
        label=_("after round"), required=False, allow_null=True,
        help_text=_("A closed round, for a kind that stands after a round; the last closed "
                    "round when left out."))


class ExportJobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = enums.enum_field(enums.EXPORT_KINDS)
    kind_label = serializers.CharField()
    language = enums.enum_field(enums.LANGUAGES)
    after = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    error = serializers.CharField(source="error_said", help_text=_(
        "Why a failed job failed, in the language of the request."))
    can_retry = serializers.BooleanField(source="retry")
    filename = serializers.CharField(help_text=_("The file's name, once it is made."))
    size = serializers.IntegerField(allow_null=True)
    requested_by = serializers.CharField(source="requested_by.username", allow_null=True,
                                         default=None)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    download_url = serializers.SerializerMethodField(help_text=_("Where to download the file once it is made; null before."))

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_download_url(self, job) -> str | None:
        if job.status != job.Status.DONE:
            return None
        path = reverse("api-export-file", args=[job.championship_id, job.pk])
        return self.context["request"].build_absolute_uri(path)
