"""The REST API under ``/api/v1/``, split by audience and resource the way the URLs are
(``urls.py``): ``public`` (what the result pages show), ``director_*`` (a director's
championships, teams, rounds, deals and exports).

Every endpoint calls the same services and selectors as the pages, and asks the same
permission functions (``scoring.permissions`` and ``tournaments.selectors``): the API adds
no rule of its own. The endpoints here are every format's, or duplicate pairs' public ones;
each format with endpoints of its own has an ``api`` module (duplicate pairs' captains and
results grid: ``formats.duplicate_pairs.api``; free-deal pairs: ``formats.free_deal.api``),
included by ``urls``. An endpoint of one format refuses another's championships (409,
``base.check_format``). Cross-cutting parts: ``authentication`` (director API tokens),
``errors`` (one JSON shape for every refusal), ``parsers`` (size and depth limits),
``throttles``, ``idempotency``, ``pagination`` and ``responses`` (the OpenAPI parameters
and refusals every endpoint shares).
"""
