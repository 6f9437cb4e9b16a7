"""The REST API under ``/api/v1/``, split by audience and resource the way the URLs are
(``urls.py``): ``captain`` (a team's private link), ``public`` (what the result pages show),
``director_*`` (a director's championships, teams, rounds, deals and results).

Every endpoint calls the same services and selectors as the pages, and asks the same
permission functions (``scoring.permissions`` and ``tournaments.selectors``): the API adds
no rule of its own. Cross-cutting parts: ``authentication`` (director API tokens),
``errors`` (one JSON shape for every refusal), ``parsers`` (size and depth limits),
``throttles``, ``idempotency`` and ``pagination``.
"""
