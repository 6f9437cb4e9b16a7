"""A series' points table (rules.md 13.2), as the pure rules take it (``engine.series``)."""

from __future__ import annotations

from decimal import Decimal

from engine import series as rules
from series.models import Series


def points_table(series: Series) -> rules.PointsTable:
    """The points table the series' director chose."""
    if series.points_table == Series.PointsTable.ENTRANTS:
        return rules.entrants_table()
    if series.points_table == Series.PointsTable.TYPED:
        return rules.typed_table(Decimal(points) for points in series.typed_points)
    return rules.default_table()
