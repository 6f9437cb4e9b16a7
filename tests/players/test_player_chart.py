"""The rating chart drawn on the server (series.player_chart): points inside the box, one
point, no points, escaped text, accessible."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from series.player_chart import Box, chart_points, rating_chart

SVG = "{http://www.w3.org/2000/svg}"


def _circles(markup: str) -> list[tuple[float, float]]:
    root = ET.fromstring(markup)
    return [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{SVG}circle")]


@given(st.lists(st.floats(min_value=-50, max_value=60, allow_nan=False), min_size=1,
                max_size=40))
def test_every_value_is_drawn_inside_the_box(values):
    box = Box()
    points = chart_points(values, box)
    assert len(points) == len(values)
    for x, y in points:
        assert box.left <= x <= box.right and box.top <= y <= box.bottom
    xs = [x for x, _y in points]
    assert xs == sorted(xs)  # in order, left to right


def test_the_highest_is_at_the_top_and_the_lowest_at_the_bottom():
    box = Box()
    points = chart_points([1.0, 9.0, 5.0], box)
    assert points[1][1] == box.top and points[0][1] == box.bottom
    assert points[0][0] == box.left and points[2][0] == box.right


def test_one_point_is_drawn_in_the_middle_without_a_line():
    markup = rating_chart([("Only open", 4.2)], title="Rating history")
    (point,) = _circles(markup)
    box = Box()
    assert point == ((box.left + box.right) / 2, (box.top + box.bottom) / 2)
    assert "<polyline" not in markup


def test_no_points_draw_nothing():
    assert rating_chart([], title="Rating history") == ""
    assert chart_points([]) == []


def test_the_chart_is_accessible_and_escapes_every_text():
    markup = rating_chart([("<script>alert(1)</script>", 1.0), ("Open & Co", 2.5)],
                          title='Maria "M" <Costa>')
    root = ET.fromstring(markup)  # well-formed
    assert root.get("role") == "img"
    assert root.get("aria-label") == 'Maria "M" <Costa>'
    title = root.find(f"{SVG}title")
    assert title is not None and root.get("aria-labelledby") == title.get("id")
    assert "<script" not in markup and "&lt;script&gt;" in markup
    assert len(_circles(markup)) == 2 and "<polyline" in markup
    # It scales to the page's width: a viewBox, no fixed width.
    assert root.get("viewBox") and root.get("width") is None
    assert not re.search(r"\son\w+=", markup)  # no script in attributes either
