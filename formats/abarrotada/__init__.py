"""Individual championships, *Botifarra abarrotada* (rules.md 10): every player for himself.

Each entrant is one player, stored as a ``tournaments.models.Team`` row with one name (see
``models``), so that numbers, private links, PINs, withdrawal, imports and cards work as
for pairs. A round seats the players four (or three) a table, one per seat, with sit-outs
when the field is not a multiple of the table size; every table plays the round's deals,
and each player is compared with the players who held the same seat's cards.

- ``models``: the settings (the form), tables and seats, sit-outs, deal reports and their
  reviews, seat adjustments;
- ``rules``: a report as the engine's ``TableReport``, the engine's refusals translated;
- ``services``: settings, seating the next round, entering and confirming deals;
- ``selectors``: the counted reports, each seat's scores, the standings;
- ``format``: the object ``formats`` registers (``formats.base.Format``).

The pure rules (play, scoring by seat, movements, the free-deal evening's ranking) are
``engine.abarrotada``.
"""
