"""Whether this computer can make PDF files, and what to say when it cannot (README "At the
club", "Printing without PDF files").

WeasyPrint loads the Pango and GObject system libraries when it is imported. On a laptop
without them (a Windows laptop without the GTK runtime, typically) the import, or the first
render, raises. The app must not fail then: every printed sheet is also a print-ready page
(``tournaments.print_pages``), every PDF link leads there, and export jobs finish with
:func:`note` instead of an error. The check runs once per process, on the first PDF
wanted (it costs one import of WeasyPrint and one tiny render), and is remembered.
"""

from __future__ import annotations

import contextlib
import functools
import io
import logging

from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)


class PdfUnavailable(Exception):
    """A PDF was wanted outside a page request (an export job) and cannot be made here."""


def _weasyprint_html():
    from weasyprint import HTML  # noqa: PLC0415 (late and guarded on purpose)

    return HTML


@functools.cache
def problem() -> str | None:
    """``None`` when PDF files can be made; otherwise the technical reason, for the logs
    and for ``manage.py venue``."""
    try:
        # Without its libraries WeasyPrint prints a banner of its own (in English, a dozen
        # lines with links) before it raises: the director reads the one line below instead.
        with contextlib.redirect_stdout(io.StringIO()):
            _weasyprint_html()(string="<p>.</p>").write_pdf()
    except Exception as error:  # noqa: BLE001 - ImportError, OSError for a missing library...
        reason = f"{type(error).__name__}: {error}"
        logger.warning("PDF files cannot be made on this computer (%s); printed sheets "
                       "are served as print-ready pages", reason)
        return reason
    return None


def available() -> bool:
    return problem() is None


def note() -> str:
    """The one line a director reads wherever a PDF was wanted and cannot be made."""
    return _("PDF files cannot be made on this computer: its PDF library (WeasyPrint and "
             "its system libraries) is not installed. Every printed sheet opens as a page "
             "to print from the browser instead.") + " " + install_hint()


def job_note() -> str:
    """The same for an export job, which has no page to show."""
    return _("PDF files cannot be made on this computer: its PDF library (WeasyPrint and "
             "its system libraries) is not installed. Open the print-ready page instead and "
             "print it from the browser.") + " " + install_hint()


def install_hint() -> str:
    """How to make PDF files too, said where the director is (not "see the README")."""
    return _("To make PDF files too, install the Pango library and start Duplicada again: "
             "on Debian or Ubuntu, apt-get install libpango-1.0-0 libpangoft2-1.0-0; on "
             "macOS, brew install pango; on Windows, the GTK 3 runtime.")
