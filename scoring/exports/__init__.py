"""Results leaving Duplicada: ranking sheets, travellers and scorecards (PDF), the Excel
workbook and CSV files, and the background jobs that make the large ones.

- ``data``: what every export shows, read once through the scoring selectors (no second
  scoring path): the ranking, one line per table and deal, teams, deals, rounds;
- ``text``: spreadsheet text that cannot run as a formula;
- ``workbook``, ``csv_files``, ``pdf``: the file formats;
- ``registry``: what a kind of export is and how a file of it is built (each format
  registers its own kinds: ``Format.export_kinds``);
- ``jobs`` and ``tasks``: export jobs run by Celery (in-process without a broker), their
  files under ``settings.EXPORTS_DIR`` and their cleanup;
- ``public_files``: public downloads, made once per state of the results and kept;
- ``state``: what those downloads depend on, as marks each format gives (``export_state``).

Every export stands after a round (``scoring.selectors.scope``): the closed rounds, as the
public sees them, or an earlier closed round the reader chose. Deals are those of the rounds
counted, so no export ever holds a deal of a round still being played.
"""
