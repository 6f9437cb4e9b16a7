"""Shared fixtures for the whole suite."""

import gc
import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# On PostgreSQL, fails the test that leaves a pooled connection checked out (its docstring).
pytest_plugins = ["connection_leaks", "pytester"]

# Speed is measured by the benchmarks, not by tests: a per-example deadline only makes the
# properties flaky on a busy machine (CI runs the suite twice on two cores).
hypothesis_settings.register_profile("duplicada", deadline=None)
# The developer's loop (`make test-fast` sets HYPOTHESIS_PROFILE=fast): each property tries
# at most FAST_EXAMPLES cases instead of its own number (100 unless it says), a smoke test of
# every property; `make test` and CI keep the default profile and every property's number.
FAST_EXAMPLES = 20
hypothesis_settings.register_profile("fast", parent=hypothesis_settings.get_profile("duplicada"),
                                     max_examples=FAST_EXAMPLES)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "duplicada"
hypothesis_settings.load_profile(HYPOTHESIS_PROFILE)


def pytest_configure(config):
    """A Celery worker reads one database, test_<name>; an xdist worker tests in its own
    (test_<name>_gw0, ...), so a task sent to the broker from there would read the wrong data.
    ``make test`` runs the parallel pass without a broker and the ``celery_worker`` tests
    after it in one process; refuse the mix rather than fail in puzzling ways."""
    if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("CELERY_BROKER_URL"):
        raise pytest.UsageError(
            "CELERY_BROKER_URL is set and the tests run in xdist workers: the Celery worker "
            "cannot see a worker's own test database. Run `make test` (it splits the passes), "
            "or unset CELERY_BROKER_URL, or drop -n.")
    use_the_fastest_password_hasher()
    find_static_files_when_asked()
    solve_each_deal_once()


def use_the_fastest_password_hasher():
    """Production's PBKDF2 spends a deliberate fraction of a second of CPU on every
    ``create_user`` and every password login: across the suite, minutes. Tests check who may
    log in, not how Django hashes, so they hash with MD5; production keeps Django's hashers
    (``tests/test_security_settings.py`` checks it). Set before any test hashes anything,
    so Django's cache of hashers is still empty."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def find_static_files_when_asked():
    """WhiteNoise's middleware lists every static file (the apps' folders too:
    ``WHITENOISE_USE_FINDERS``) when a handler loads it, and each test client loads its own:
    some 30 ms of CPU for every client of every test, most of a one-request test. In tests it
    looks a file up when one is asked for (``WHITENOISE_AUTOREFRESH``, as under ``DEBUG``);
    the files served and their headers are the same. Set before any handler is made."""
    from django.conf import settings

    settings.WHITENOISE_AUTOREFRESH = True


def solve_each_deal_once():
    """A deal's analysis (its double-dummy table, par and line: ``engine.hand_records``) is a
    pure function of its cards, dealer and variant, and takes from a tenth of a second to
    seconds of CPU. The tests that show analyses (pages, exports, archives, the API, the
    secrecy walk) analyse the same few deals over and over (some 15 deals 170 times in their
    files). In tests, the service that stores analyses asks the engine once per process
    for each deal and replays its record (index, record, seconds) afterwards; a failed
    analysis is never kept. The engine's own tests (``tests/engine``) call it directly and
    still solve every time; production is unchanged."""
    from dataclasses import replace

    from tournaments.services import analysis

    solve = analysis.hand_records
    solved = {}

    def hand_records(deals, variant, *args, **kwargs):
        deals = list(deals)
        keys = [(repr(deal), dealer, variant) for deal, dealer in deals]
        todo = [index for index, key in enumerate(keys) if key not in solved]
        for done in solve([deals[index] for index in todo], variant, *args, **kwargs):
            index = todo[done.index]
            if done.error is None:
                solved[keys[index]] = done
            yield replace(done, index=index)
        for index, key in enumerate(keys):
            if index not in todo:
                yield replace(solved[key], index=index)

    analysis.hand_records = hand_records


@pytest.fixture(autouse=True)
def rebuild_scores_when_asked(settings):
    """No background rebuild of stored scores during tests: a thread or a worker writing
    while a test tears its data down would race it. Pages score changed deals from their
    results until a rebuild (which is exactly what they must do); tests that need stored
    rows call ``rebuild_stale_deals`` themselves, and ``test_score_rebuild`` drives the
    background paths on purpose."""
    settings.SCORING_REBUILD = "off"
    settings.DEAL_ANALYSIS = "off"  # likewise the deals' analysis; its tests run it inline
    settings.RATINGS_REBUILD = "off"  # and the ratings' rebuild; tests/tournaments/test_ratings*


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the site's language, whatever the test before it in this process
    left active: a test client's request leaves its language active on the thread
    (``LocaleMiddleware`` activates it and nothing deactivates it), so without this a test's
    stored words, or its expected ones, would depend on the order the files run in."""
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def no_random_sweeps(monkeypatch):
    """The API's amortised sweeps (old throttle windows, old idempotent answers) run on a
    random share of writes: one more statement, now and then. Off in tests, so that query
    counts are exact; ``test_api_limits`` turns them on to test them."""
    from scoring.api import idempotency, throttles

    monkeypatch.setattr(throttles, "FORGET_SHARE", 0)
    monkeypatch.setattr(idempotency, "SWEEP_SHARE", 0)


@pytest.fixture
def pdf_layout_skipped(monkeypatch):
    """For the tests that count what a printed file reads: each sheet's template is still
    rendered with its data (every query the file makes), but WeasyPrint, which reads nothing
    from the database and takes most of the time, lays nothing out: the file's bytes are a
    stand-in. The files' contents are read by the tests that open them."""
    from weasyprint import HTML

    monkeypatch.setattr(HTML, "write_pdf", lambda self, *args, **kwargs: b"%PDF- stand-in")


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director1", password="secret-pass-1")


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def pytest_collection_modifyitems(config, items):
    """A test module named ``test_*migration*.py`` migrates the database itself: it is marked
    ``migrations`` whether or not it says so, so that ``make test-fast`` (the schema straight
    from the models, ``--no-migrations``) leaves it out rather than fail on a missing node.
    The engine's tests are marked ``no_database``: the engine is pure Python
    (``tests/engine/test_purity.py``), so CI's second run on PostgreSQL (``make test
    SECOND_DATABASE=1``) would only repeat them."""
    engine_tests = Path(__file__).resolve().parent / "engine"
    for item in items:
        if "migration" in item.path.name:
            item.add_marker(pytest.mark.migrations)
        if engine_tests in item.path.parents:
            item.add_marker(pytest.mark.no_database)
        if HYPOTHESIS_PROFILE == "fast":
            fewer_examples(item)


def fewer_examples(item):
    """Under the ``fast`` profile, a property whose own ``@settings`` asks for more than
    FAST_EXAMPLES cases tries FAST_EXAMPLES (a profile only fills in what a test leaves
    unsaid). Hypothesis reads a test's settings from this attribute when the test runs; the
    settings are replaced whole, keeping everything else the test chose."""
    test = getattr(item, "obj", None)
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if getattr(test, "is_hypothesis_test", False) and own is not None \
            and own.max_examples > FAST_EXAMPLES:
        test._hypothesis_internal_use_settings = hypothesis_settings(
            own, max_examples=FAST_EXAMPLES)


def pytest_collection_finish(session):
    collect_garbage_less_often()


def collect_garbage_less_often():
    """Python's cyclic garbage collector goes through every object of a generation it
    collects. After collection a test process holds some 190,000 long-lived objects (Django,
    the collected tests, WeasyPrint, numba...) that each full collection went through again:
    in a sample of 1,000 tests, 2.5 s of their 23 s of CPU were the collector's. Frozen
    (``gc.freeze``), they are left out of every later collection, pytest's five at the end
    of the session included; the thresholds make the collections rarer (a young generation
    of 5,000 objects, not 700). Garbage is still collected, a little later: 0.8 s in the
    same sample. Production is unchanged."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(5000, 20, 20)


def pytest_report_header(config):
    from django.conf import settings

    database = settings.DATABASES["default"]
    broker = settings.CELERY_BROKER_URL or "none (tasks run in-process)"
    return [f"database: {database['ENGINE']} ({database['NAME']})", f"celery broker: {broker}"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite, test in a file rather than in shared-cache memory.

    Concurrency tests and the browser tests' live server use several connections at once.
    Shared-cache memory databases answer a concurrent writer with "database table is locked"
    at once (the busy timeout does not apply to them); a file database with WAL waits, as the
    production database does.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        test = database.setdefault("TEST", {})
        if not test.get("NAME"):
            test["NAME"] = str(tmp_path_factory.mktemp("sqlite") / "test.sqlite3")
