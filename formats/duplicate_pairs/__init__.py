"""Duplicate pairs (rules.md 6 and 7): the official championship, as a format package.

Its app registers the format object (``format.DuplicatePairs``) when Django is ready, as
every format's does. Its code is still mostly the core's (results per deal in ``scoring``,
rounds, movements and deals in ``tournaments``); the format object points at it, and the
pairs' own parts move here one at a time.
"""
