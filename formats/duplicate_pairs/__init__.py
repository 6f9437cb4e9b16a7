"""Duplicate pairs (rules.md 6 and 7): the official championship, as a format package.

Its app registers the format object (``format.DuplicatePairs``) when Django is ready, as
every format's does. Its own code is here: its rounds and movements (``rounds``), its
results pages (``results_views``), its exports (``exports``) and its part of the public
archive (``archive``). Its models, its stored scores and standings, its deals and their
analysis are still the core's (``scoring``, ``tournaments``), which the core's REST API
and archive read too.
"""
