"""What an individual championship sends out of the building (rules.md 10): the ranking
sheet, the players' scorecards and the travellers (PDF), the Excel workbook and CSV files,
each standing after a closed round as the pairs' exports do (``scoring.exports``).

- ``data``: the rounds an export covers, and its lines (ranking, scorecards, travellers);
- ``pdf``, ``workbook``, ``csv_files``: the files;
- ``kinds``: the kinds the format offers (``Abarrotada.export_kinds``) and what its kept
  public downloads depend on;
- ``evening``: a free-deal evening's ranking sheet, workbook and CSV files, and its kinds
  (``AbarrotadaFree.export_kinds``).
"""
