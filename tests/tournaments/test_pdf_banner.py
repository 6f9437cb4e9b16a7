"""Without its libraries WeasyPrint prints a banner of its own to the terminal before it
fails: the check keeps it off the terminal and logs its own one line."""

from __future__ import annotations

import logging

from tournaments import pdf_support


def test_weasyprints_banner_never_reaches_the_terminal(monkeypatch, capsys, caplog):
    def failing_import():
        print("\n-----\n\nWeasyPrint could not import some external libraries. Please "
              "carefully follow the installation steps before reporting an issue")
        raise OSError("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr(pdf_support, "_weasyprint_html", failing_import)
    pdf_support.problem.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="tournaments.pdf_support"):
            reason = pdf_support.problem()
    finally:
        pdf_support.problem.cache_clear()
    assert reason == "OSError: cannot load library 'libpango-1.0-0'"
    printed = capsys.readouterr()
    assert "could not import" not in printed.out + printed.err
    (line,) = [record.getMessage() for record in caplog.records]
    assert line.startswith("PDF files cannot be made on this computer (OSError")
