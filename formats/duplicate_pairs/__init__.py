"""Duplicate pairs (rules.md 6 and 7): the official championship, as a format package.

Its app registers the format object (``format.DuplicatePairs``) when Django is ready, as
every format's does. The pairs' own code lives here as the other formats' does: a deal's
result entry (``services``), the captain's page and actions, the director's grid and cell,
their forms, URLs (namespace ``duplicate_pairs``) and API endpoints, the demo, its rounds and
movements (``rounds``), its results pages (``results_views``), its exports (``exports``) and
its part of the public archive (``archive``); the list is ``format``'s docstring. Its models
stay in ``scoring`` and ``tournaments`` (moving a model between apps is a schema change not
worth making), and so do its stored scores and standings, its deals and their analysis,
which the core's REST API and archive read too; what every format uses (championships,
entrants, rounds, tables, the results core, printing, exports, archive, live updates) is the
core's.
"""
