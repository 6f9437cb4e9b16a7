"""The free-deal format's exports (``Format.export_kinds``): the ranking sheet and the pairs'
scorecards (PDF), the Excel workbook (Ranking, Games, Pairings) and CSV files of the ranking
and the games; and a round's pairing sheets, printed from the director's round page.

- ``data``: what they show, read through the format's selectors (the ranking of the
  standings page, the games that count, the pairings, each pair's scorecard);
- ``pdf``, ``workbook``, ``csv_files``: the file formats, on the shared exports' helpers
  (``scoring.exports``: the printed sheet's frame and escaped running head, the workbook's
  sheets, text that cannot run as a formula);
- ``kinds``: the kinds of export, and what the kept public downloads depend on.

As for duplicate pairs, every export stands after a closed round (``scoring.exports.data.
export_scope``): the public sees closed rounds only. The pairing sheets show any round,
drafted too: they are a director's.
"""
