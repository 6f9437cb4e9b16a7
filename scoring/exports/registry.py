"""The kinds of export, one entry each, and how a file of a kind is built.

A kind says what it is called, how it is built, what it holds and who may have it::

    register(ExportKind(
        key="ranking_pdf", label=_("Ranking (PDF)"), extension="pdf",
        content_type="application/pdf", build=ranking_pdf,
    ), KINDS)

``build(championship, language)`` (``language`` is active while it runs) returns the file
name, the content type and the bytes (an :class:`ExportFile`, or any 3-tuple in that order);
a kind that stands after a round (``scoped``) is also given ``after`` (None: the last closed
round). ``directors_only`` kinds are never served to the public; ``holds_secrets`` ones are
marked on the director's exports page. Public kinds are served directly from the results
pages (``scoring.views.exports``); every kind can be made as a background job.

The kinds depend on the format: a championship is offered those of its format
(``Format.export_kinds``), through :func:`kinds_of`, :func:`get` and :func:`available` with
the championship. Each format registers its kinds in its own dict
(``formats.duplicate_pairs.exports``, ``formats.free_deal.exports``...), and may use the
same keys as another, so that ``…/export/ranking_pdf/`` is the ranking sheet of any
championship.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from django.utils.text import slugify
from django.utils.translation import override, pgettext_lazy

from formats import format_of
from scoring.exports import data
from tournaments.models import Championship

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json"


class ExportFile(NamedTuple):
    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class ExportKind:
    key: str
    label: str
    build: Callable[..., ExportFile | tuple]
    content_type: str
    extension: str
    scoped: bool = True  # stands after a round: build(..., after=N)
    directors_only: bool = False
    holds_secrets: bool = False
    linked: bool = True  # among the download links of the results pages (when public)
    #: Whether this championship is offered the kind (``None``: always); e.g. the knockout
    #: bracket, only to an event that has a knockout stage.
    offered: Callable[[Championship], bool] | None = None


def register(kind: ExportKind, kinds: dict[str, ExportKind]) -> ExportKind:
    """Add ``kind`` to ``kinds`` (a format's own dict, by key)."""
    kinds[kind.key] = kind
    return kind


def kinds_of(championship: Championship) -> dict[str, ExportKind]:
    """The kinds the championship's format offers, by key, in the order it lists them."""
    return {kind.key: kind for kind in format_of(championship).export_kinds()
            if kind.offered is None or kind.offered(championship)}


def get(key: str, championship: Championship) -> ExportKind | None:
    """The kind ``key`` of the championship's format (``None`` when it offers no such
    kind)."""
    return kinds_of(championship).get(key)


def available(championship: Championship, *, director: bool) -> list[ExportKind]:
    """The kinds a director (or the public) may have of the championship."""
    return [kind for kind in kinds_of(championship).values()
            if director or not kind.directors_only]


def download_links(championship: Championship) -> list[ExportKind]:
    """The public kinds the results pages link to (``scoring/exports/_downloads.html``)."""
    return [kind for kind in available(championship, director=False) if kind.linked]


def build(kind: ExportKind, championship: Championship, language: str,
          after: int | None = None) -> ExportFile:
    """The file of ``kind``, in ``language``. Raises ``data.ScopeError`` for a bad round."""
    with override(language):
        if kind.scoped:
            made = kind.build(championship, language, after=after)
        else:
            made = kind.build(championship, language)
    return ExportFile(*made)


#: The words of a file's name, in the language the file is made in ("classificacio-final").
FILE_WORDS = {
    "ranking": pgettext_lazy("file name", "ranking"),
    "results": pgettext_lazy("file name", "results"),
    "scorecards": pgettext_lazy("file name", "scorecards"),
    "travellers": pgettext_lazy("file name", "travellers"),
    "games": pgettext_lazy("file name", "games"),
    "bracket": pgettext_lazy("file name", "bracket"),
}


def file_name(championship: Championship, what: str, scope, extension: str) -> str:
    """``<championship>-<what>-<scope>.<extension>`` in the active language, as a slug
    (``scope.file_label``: "final", "after round 3")."""
    name = slugify(championship.name) or f"championship-{championship.pk}"
    return (f"{name}-{slugify(str(FILE_WORDS.get(what, what)))}-"
            f"{slugify(str(scope.file_label))}.{extension}")


def scoped_file(what: str, extension: str, content_type: str, make: Callable[[object], bytes]):
    """A builder for a kind that stands after a round: scope, name and bytes."""

    def build_file(championship: Championship, language: str, after=None) -> ExportFile:
        scope = data.export_scope(championship, after)
        return ExportFile(file_name(championship, what, scope, extension), content_type,
                          make(scope))

    return build_file
