"""Background tasks of the scoring app."""
