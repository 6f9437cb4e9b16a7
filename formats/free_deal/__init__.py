"""Free-deal pairs, Swiss (rules.md 11): the format of most club tournaments.

Pairs play one **game** a round with cards shuffled at the table, to a target, a number of
hands or the round's time; the ranking is by match points, then point difference, points
and Buchholz; later rounds are paired Swiss from the ranking, never a rematch.

Where things are:

- ``engine.free_deal``: the pure rules (a game and its checks, the ranking, the pairing,
  the knockout);
- ``models``: the format's settings, the games entered at the table and their reviews;
- ``services``: writes (settings, pairing a round, entering, confirming, disputing a game,
  the director's result), one function each, in one transaction;
- ``selectors``: reads (each table's game, the ranking);
- ``permissions``: what a pair's link may reach (its open table, its tables' entries);
- ``forms``, ``views``, ``urls`` and ``templates/free_deal/``: the pages; a table's game
  (its card with the score pad, ``static/js/score_pad.js``, the link's posts, the
  director's grid and table page) is the core's, ``scoring.views.games``;
- the round clock is the core's (``tournaments.clock`` says where each part is): the format
  gives it its minutes per round (``format.FreeDealPairs.round_minutes``);
- ``api`` (views and URLs) and ``serializers``: the REST API under ``/api/v1/``;
- ``exports/``: the ranking sheet, scorecards, workbook, CSV and pairing sheets;
- ``archive``: the public archive's games and ranking (the full backup is ``scoring.archive``'s);
- ``demo``: the demo tournament;
- ``format``: the :class:`~formats.base.Format` that the rest of Duplicada asks.
"""
