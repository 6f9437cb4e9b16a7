"""A series ranking as files to take away: the ranking sheet (PDF), the Excel workbook and
the CSV file (rules.md 13.2; docs/series.md, "Files").

- ``sheet``: what every file shows, read once (``series.selectors.series_ranking``, the
  pages' own reading) with the championships the reader may see;
- ``pdf``, ``workbook``, ``csv_file``: the formats, each through the core's machinery
  (``tournaments.printing.render_pdf``, ``scoring.exports.workbook``,
  ``scoring.exports.csv_files``), so a series file looks and reads like a championship's;
- ``kinds``: the three kinds, their names and how a file of one is made in a language.

Who sees what is the caller's to say (``director``): the public files count only the
championships whose results are public, whoever downloads them; the director's count all.
"""
