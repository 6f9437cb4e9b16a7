"""Fixtures of the scoring tests: a small running championship."""

from __future__ import annotations

import pytest
import scoring_factories as factories


@pytest.fixture
def championship(db, director):
    """Four teams, round 1 released: table 1 is 1 (NS) v 2 (EW), table 2 is 3 v 4."""
    championship = factories.make_championship(teams=4, director=director)
    t1, t2, t3, t4 = factories.teams_of(championship)
    factories.make_round(championship, 1, [(t1, t2), (t3, t4)])
    return championship


@pytest.fixture
def teams(championship):
    return factories.teams_of(championship)


@pytest.fixture
def round1(championship):
    return championship.rounds.get(number=1)


@pytest.fixture
def table1(round1):
    return round1.tables.get(number=1)


@pytest.fixture
def table2(round1):
    return round1.tables.get(number=2)


@pytest.fixture
def deal1(round1):
    return round1.deals.get(number=1)


@pytest.fixture
def six(db, director):
    """Six teams, three tables, one released round of 4 deals."""
    championship = factories.make_championship(teams=6, director=director)
    t = factories.teams_of(championship)
    round_ = factories.make_round(championship, 1, [(t[0], t[1]), (t[2], t[3]), (t[4], t[5])])
    tables = list(round_.tables.order_by("number"))
    deals = list(round_.deals.order_by("number"))
    return championship, t, round_, tables, deals


@pytest.fixture
def exports_folder(settings, tmp_path):
    """Export files in the test's own folder."""
    settings.EXPORTS_DIR = tmp_path / "exports"
    return settings.EXPORTS_DIR


@pytest.fixture(autouse=True)
def english(settings):
    """Pages in English, so that tests read the messages as written in the code."""
    settings.LANGUAGE_CODE = "en"

