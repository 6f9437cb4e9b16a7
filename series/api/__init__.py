"""The series' REST API under ``/api/v1/series/`` (rules.md 13.2): the director's series
and their championships, and the public ranking."""
