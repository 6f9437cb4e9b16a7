"""The results core: the one lifecycle of an entry, shared by every format.

A table reports what it played (a deal, a game, each seat's totals): an **entry**. Every
format's entries live the same life, written here once:

- **submit** (``lifecycle.submit``): a seated entrant enters it. The table's row is locked
  (``locks.lock_table``), so the entrants and the director at one table queue behind one
  another while the other tables write in parallel; the round's status is read after that
  lock, so a round that closes and an entry that arrives at the same moment are ordered. The
  same idempotency key stores one entry (a unique constraint), and a retry of a stored entry
  gets its first answer even after the round closed (``lifecycle.earlier_submission``).
- **confirm** (``lifecycle.confirm``, ``pins.confirm_with_pin``): another entrant seated at
  the table confirms it, on their own phone or by typing their PIN on the entering phone,
  under one lockout per table (``pins``). Nobody confirms their own entry.
- **dispute** (``lifecycle.dispute``): it goes to the director; no entrant confirms a disputed
  entry any more.
- **the director** (``lifecycle.director_confirm``, ``lifecycle.director_entry``) confirms an
  entry as it stands, or enters one that counts at once; the URL's table (and slot) scopes
  every lookup (``scoring.services.places``).

Nothing is updated in place: an entry, a confirmation, a dispute, a PIN attempt and a
director's entry each add a row with who, when and from where (the audit). Every operation
tells open pages what changed through the format's ``publish`` (``live``), after its commit.

What a format says is an :class:`results.kinds.EntryKind`: its entry and review models, who
sits at a table and may write there, who else may confirm, what it publishes, and its words.
A format's services check the values (rules.md) and then call this lifecycle; the core never
imports a format.
"""
