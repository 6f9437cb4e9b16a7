"""One JSON shape for every refusal, translated by ``Accept-Language`` (LocaleMiddleware):

- bad input: ``{"<field>": ["message", ...]}``, each message naming the field (HTTP 400);
  an import adds ``"rows": [{"row": 3, "field": "name", "message": "..."}]``;
- anything else: ``{"detail": "message", "code": "machine_code"}`` (401, 403, 404, 409,
  413, 429, ...).

Services raise their own errors (``tournaments.services.ServiceError``,
``scoring.services.ScoringError``, Django's ``ValidationError``); this handler turns them
into responses, so views call services without translating errors themselves.

A refusal that echoes what was sent (``"\\ud800" is not a valid choice.``) shows a lone
surrogate escaped: JSON may carry one, UTF-8 cannot, and the answer would otherwise be a 500.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.exceptions import ErrorDetail
from rest_framework.response import Response
from rest_framework.views import exception_handler

from scoring.permissions import UnknownDeal
from scoring.services import ScoringError
from tournaments.services import ServiceError


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self, limit: int):
        super().__init__(
            _("The request body is too large (at most %(limit)s bytes).") % {"limit": limit}
        )


class WrongFormat(exceptions.APIException):
    """An endpoint of one championship format called on a championship of another (the
    duplicate results of a free-deal event, say): 409, saying which format it is."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "wrong_format"


def refusal(message: str, code: str, http_status: int = status.HTTP_409_CONFLICT) -> Response:
    return Response({"detail": message, "code": code}, status=http_status)


def service_error_response(error: ServiceError) -> Response:
    """A refused tournaments operation: 400 naming the field when there is one (and listing
    an import's rows), else 409."""
    if error.field or error.errors:
        body: dict = {error.field or "non_field_errors": [error.message]}
        if error.errors:
            body["rows"] = [
                {"row": e.row, "field": e.field, "message": e.message} for e in error.errors
            ]
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    return refusal(error.message, "refused")


def handle(exc, context):
    response = _response(exc, context)
    if response is not None:
        response.data = _printable(response.data)
    return response


def _response(exc, context):
    if isinstance(exc, UnknownDeal):
        return Response({"deal": [_("Deal: not played at your table in this round.")]},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ServiceError):
        return service_error_response(exc)
    if isinstance(exc, ScoringError):
        return refusal(exc.message, exc.code)
    if isinstance(exc, DjangoValidationError):
        body = exc.message_dict if hasattr(exc, "error_dict") else {
            "non_field_errors": exc.messages}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(_("Not found."))
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        data = response.data
        if isinstance(data, dict) and set(data) == {"detail"}:
            codes = exc.get_codes()
            data["code"] = codes if isinstance(codes, str) else "error"
    return response


def _printable(value):
    """``value`` with every string (keys too) encodable as UTF-8: a lone surrogate, which a
    JSON body may hold ("\\ud800") and a message may echo, is shown as its escape."""
    if isinstance(value, str):
        try:
            value.encode()
        except UnicodeEncodeError:
            safe = value.encode("utf-8", "backslashreplace").decode()
            return ErrorDetail(safe, value.code) if isinstance(value, ErrorDetail) else safe
        return value
    if isinstance(value, dict):
        return {_printable(key): _printable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_printable(item) for item in value]
    return value
