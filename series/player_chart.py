"""A player's rating history as a small line chart, drawn on the server as inline SVG.

The player page shows it to anyone, on any phone, with no JavaScript: the chart is plain
markup that scales to the width it is given (``viewBox``, ``width: 100%``). It is a picture
for the eye only; the page lists the same figures in a table next to it, which is what a
screen reader reads (the SVG carries a ``<title>`` and an ``aria-label`` saying so).

Pure: a list of ``(label, value)`` in, markup out; every text is escaped here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

#: The drawing's own units; the SVG scales to the page's width (``viewBox``).
WIDTH = 320
HEIGHT = 160
#: The plotting box inside the drawing: room on the left for the axis' figures.
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 12, 22


@dataclass(frozen=True, slots=True)
class Box:
    """Where the points may be drawn (the drawing's units)."""

    left: float = LEFT
    top: float = TOP
    right: float = WIDTH - RIGHT
    bottom: float = HEIGHT - BOTTOM


def _figure(value: float) -> str:
    return f"{value:.1f}"


def _scale(values: Sequence[float]) -> tuple[float, float]:
    """The lowest and highest value of the vertical axis: the values' range, widened to at
    least 1 so that a flat history draws a flat line in the middle."""
    low, high = min(values), max(values)
    if high - low < 1:
        middle = (low + high) / 2
        low, high = middle - 0.5, middle + 0.5
    return low, high


def chart_points(values: Sequence[float], box: Box = Box()) -> list[tuple[float, float]]:
    """Where each value is drawn: spread evenly from left to right in order (one value in
    the middle), the highest at the top of the box, the lowest at its bottom."""
    if not values:
        return []
    low, high = _scale(values)
    width, height = box.right - box.left, box.bottom - box.top
    step = width / (len(values) - 1) if len(values) > 1 else 0
    points = []
    for index, value in enumerate(values):
        x = box.left + index * step if len(values) > 1 else box.left + width / 2
        y = box.bottom - (value - low) / (high - low) * height
        points.append((round(x, 1), round(y, 1)))
    return points


def rating_chart(history: Sequence[tuple[str, float]], *, title: str,
                 chart_id: str = "rating-chart") -> SafeString:
    """The SVG of ``history`` (``(label, value)`` in order: a championship's name and the
    rating shown after it), titled ``title``; empty when there is nothing to draw."""
    if not history:
        return mark_safe("")
    values = [float(value) for _label, value in history]
    box = Box()
    points = chart_points(values, box)
    low, high = _scale(values)
    title_id = escape(f"{chart_id}-title")
    parts = [
        f'<svg class="rating-chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-labelledby="{title_id}" aria-label="{escape(title)}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{title_id}">{escape(title)}</title>',
        f'<rect class="chart-box" x="{box.left}" y="{box.top}" width="{box.right - box.left}" '
        f'height="{box.bottom - box.top}" fill="none" stroke="#ddd"/>',
        f'<text class="chart-axis" x="{box.left - 4}" y="{box.top + 4}" text-anchor="end" '
        f'font-size="10">{escape(_figure(high))}</text>',
        f'<text class="chart-axis" x="{box.left - 4}" y="{box.bottom}" text-anchor="end" '
        f'font-size="10">{escape(_figure(low))}</text>',
    ]
    if len(points) > 1:
        line = " ".join(f"{x},{y}" for x, y in points)
        parts.append(f'<polyline class="chart-line" points="{line}" fill="none" '
                     f'stroke="#9b1c1c" stroke-width="2"/>')
    for (x, y), (label, value) in zip(points, history, strict=True):
        parts.append(f'<circle class="chart-point" cx="{x}" cy="{y}" r="3.5" fill="#9b1c1c">'
                     f'<title>{escape(label)}: {escape(_figure(float(value)))}</title></circle>')
    first, last = history[0][0], history[-1][0]
    parts.append(f'<text class="chart-label" x="{box.left}" y="{HEIGHT - 6}" font-size="10">'
                 f'{escape(_short(first))}</text>')
    if len(history) > 1:
        parts.append(f'<text class="chart-label" x="{box.right}" y="{HEIGHT - 6}" '
                     f'text-anchor="end" font-size="10">{escape(_short(last))}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def _short(label: str, limit: int = 22) -> str:
    """A label short enough for a corner of the chart (the table gives it whole)."""
    return label if len(label) <= limit else label[: limit - 1] + "…"
