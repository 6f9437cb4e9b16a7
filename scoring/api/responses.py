"""What every endpoint's OpenAPI description shares: the idempotency header of a write, and
the refusals (400 naming the field, 404, 409, 429; 409 ``wrong_format`` for an endpoint of
one format called on a championship of another)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from scoring.api.idempotency import HEADER
from scoring.serializers import FIELD_ERRORS, ErrorSerializer

IDEMPOTENCY = OpenApiParameter(
    HEADER, str, OpenApiParameter.HEADER, required=False,
    description=("A random key per write (1 to 100 characters): sending it again returns the "
                 "first answer. While the first is still being processed, a 409 with code "
                 "`in_progress` and `Retry-After`: send it again then."),
)
REFUSED = {
    400: OpenApiResponse(FIELD_ERRORS, description="Field errors, each naming its field."),
    404: OpenApiResponse(ErrorSerializer, description="Unknown link, or not your table."),
    409: OpenApiResponse(ErrorSerializer, description="Refused, e.g. the round is closed."),
    429: OpenApiResponse(ErrorSerializer, description="Too many writes from this link."),
}
# An endpoint of one format called on a championship of another (scoring.api.base).
WRONG_FORMAT = {409: OpenApiResponse(ErrorSerializer, description=(
    "A championship of another format, e.g. a free-deal one (no deals): code wrong_format."))}
