"""Every bad archive is refused with a message that says what is wrong, and nothing is
written: every table of the project (and the accounts) has as many rows as before.

The championship the archive is taken from, its director and the archive are built once for
the module (``world_built_once``, ``tests/built_once.py``): each test gets its own copy of
the archive, and what it writes (an import, a deletion) is rolled back before the next.
"""

from __future__ import annotations

import copy
import json

import pytest
from archive_events import as_another_championship, delete_championship, row_counts
from built_once import module_world
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_factories import make_championship, make_round, result, teams_of

from formats.duplicate_pairs import services as pairs_services
from scoring.archive import ArchiveError, export_full, import_archive, to_json_bytes
from scoring.services import Origin


def build_world() -> dict:
    """The director (as the tests' ``director`` fixture makes him) and a full backup of a
    small championship of his with results, as a dict; the championship stays."""
    director = get_user_model().objects.create_user("director1", password="secret-pass-1")
    return {"director": director, "archive": championship_archive(director)}


built, world = module_world(build_world)


@pytest.fixture
def director(world):
    """The world's director, instead of the suite's (same username)."""
    return world["director"]


@pytest.fixture
def archive(world):
    """A full backup of a small championship with results, as a dict: the test's own copy."""
    return world["archive"]


def championship_archive(director) -> dict:
    championship = make_championship(teams=4, director=director, name="Open Refusals")
    t = teams_of(championship)
    round_ = make_round(championship, 1, [(t[0], t[1]), (t[2], t[3])])
    table = round_.tables.get(number=1)
    for deal in round_.deals.order_by("number"):
        entry, _ = pairs_services.submit_result(team=t[0], table=table, deal=deal, data=result(40),
                                          idempotency_key=f"k-{deal.pk}",
                                          origin=Origin("192.0.2.1", "phone"))
        pairs_services.confirm_entry(entry_id=entry.pk, team=t[1])
    return export_full(championship)


def refused(data: bytes, director, match: str) -> ArchiveError:
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        import_archive(data, director=director)
    assert match in caught.value.message, caught.value.message
    assert row_counts() == before
    return caught.value


def as_bytes(archive: dict) -> bytes:
    return to_json_bytes(archive)


def test_corrupt_json(archive, director):
    data = as_bytes(archive).replace(b'"teams": [', b'"teams": [}', 1)
    refused(data, director, "not valid JSON (line")


def test_not_text(archive, director):
    refused(b"\xff\xfe{\x00}", director, "not UTF-8 text")
    refused(b"   \n", director, "empty")
    refused(b"[" * 100_000 + b"]" * 100_000, director, "not a Duplicada archive")
    refused(b'{"format": ' + b"9" * 5000 + b"}", director, "not a Duplicada archive")


@pytest.mark.parametrize("foreign", [b'{"hello": "world"}', b"[1, 2, 3]", b'"text"',
                                     b'{"format": "other-tool", "format_version": 1}'])
def test_foreign_json(director, db, foreign):
    refused(foreign, director, "not a Duplicada championship archive")


def test_wrong_format_version(archive, director):
    archive["format_version"] = 0
    refused(as_bytes(archive), director, "format version 0; this installation reads version 2")
    archive["format_version"] = "1"
    refused(as_bytes(archive), director, "format_version: expected a whole number, found text")


def test_newer_format_version(archive, director):
    archive["format_version"] = 3
    error = refused(as_bytes(archive), director, "newer than this installation reads")
    assert error.path == "format_version"


def test_truncated(archive, director):
    data = as_bytes(archive)
    refused(data[: len(data) // 2], director, "truncated")
    # Cut right after a row's closing brace, or inside a string.
    refused(data[: data.index(b"}") + 1], director, "truncated")
    refused(data[: data.index(b"Player") + 3], director, "truncated")


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(min_value=0, max_value=1, exclude_max=True))
def test_any_truncation_is_refused_cleanly(archive, director, cut):
    data = as_bytes(archive).rstrip()
    message = refused(data[: int(len(data) * cut)], director, "").message
    assert "truncated" in message or "empty" in message


def test_the_championship_still_here(archive, director):
    error = refused(as_bytes(archive), director, "already in this installation")
    assert error.path == "championship.deal_key"


def test_idempotency_key_already_used(archive, director):
    """Another championship (its own deal key), but a result's key is taken here."""
    refused(as_bytes(as_another_championship(archive)), director, "idempotency key k-")


def test_public_archive_is_refused(archive, director):
    archive["kind"] = "public"
    refused(as_bytes(archive), director, "This is a public archive")


def test_oversized(archive, director, settings):
    settings.ARCHIVE_MAX_BYTES = 1000
    refused(as_bytes(archive), director, "too large")


def _set(path: str, value):
    def change(archive):
        target = archive
        *parts, last = path.split(".")
        for part in parts:
            name, _, index = part.partition("[")
            target = target[name]
            if index:
                target = target[int(index[:-1])]
        if value is KeyError:
            del target[last]
        else:
            target[last] = value
    return change


def _same(path: str, other: str):
    def change(archive):
        table, rest = path.split("[", 1)
        index, field = rest.split("].")
        source = other.split("[", 1)[1].split("]")[0]
        archive[table][int(index)][field] = archive[table][int(source)][field]
    return change


BROKEN = [
    # (what is wrong, the change, a part of the message)
    ("missing field", _set("teams[1].pin", KeyError), "teams[1].pin: missing."),
    ("missing list", _set("result_reviews", KeyError), "result_reviews: missing."),
    ("wrong type", _set("teams[0].number", "3"),
     "teams[0].number: expected a whole number, found text."),
    ("wrong type bool", _set("rounds[0].number", True), "rounds[0].number: expected a whole"),
    ("null", _set("teams[2].name", None), "teams[2].name: expected a value, found null."),
    ("unknown field", _set("tables[0].colour", "red"), "tables[0]: unknown field \"colour\"."),
    ("not a choice", _set("result_entries[0].contract", "X"),
     "result_entries[0].contract: \"X\" is not one of"),
    ("too long", _set("teams[0].name", "x" * 121), "teams[0].name: longer than 120"),
    ("bad date", _set("rounds[0].released_at", "yesterday"), "rounds[0].released_at: "),
    ("bad address", _set("result_entries[0].ip_address", "999.1.1.1"), "not an IP address"),
    ("id twice", _same("teams[1].id", "teams[0]"), "is used twice in the archive"),
    ("missing reference", _set("tables[0].ns_team", 987654),
     "tables[0].ns_team: refers to teams id 987654, which is not in the archive."),
    ("missing user", _set("directors", "director1"), "directors: expected a list"),
    ("unique number", _same("teams[1].number", "teams[0]"), "the same number as teams[0]"),
    ("bad PIN", _set("teams[0].pin", "12a4"), "teams[0].pin: a PIN is 4 digits."),
    ("short link", _set("teams[0].link_secret", "abc"), "teams[0].link_secret: "),
    ("altered key", _set("championship.deal_key", "0" * 64),
     "championship.key_commitment: does not match the deal key"),
    ("points", _set("result_entries[0].points_ns", 80), "NS points: 80 is not between 0 and 72."),
    ("recontro", _set("result_entries[0].recontro", True), "Recontro: only possible after contro"),
    ("cards", _set("deals[0].cards", "N:nonsense"), "deals[0].cards: "),
    ("same team", lambda a: a["tables"][0].update(ew_team=a["tables"][0]["ns_team"]),
     "tables[0].ew_team: a pair cannot"),
    ("two places", lambda a: a["tables"][1].update(ns_team=a["tables"][0]["ew_team"]),
     "has two places in the same round"),
    ("foreign deal", lambda a: a["deals"].__setitem__(0, {**a["deals"][0], "round": 999}),
     "deals[0].round: refers to rounds id 999"),
    ("closed_at", _set("rounds[0].closed_at", "2026-01-01T10:00:00.000000Z"),
     "rounds[0].closed_at: only a closed round"),
]


def test_adjustments_and_disputes_follow_the_services(db, director):
    from archive_events import rich_championship

    from scoring.models import ResultReview

    championship = rich_championship(director)
    archive = export_full(championship)
    delete_championship(championship)
    custom = next(i for i, a in enumerate(archive["adjustments"]) if a["kind"] == "custom")
    average = next(i for i, a in enumerate(archive["adjustments"]) if a["kind"] == "average")
    dispute = next(i for i, r in enumerate(archive["result_reviews"])
                   if r["verdict"] == ResultReview.Verdict.DISPUTE)
    for change, message in [
        (lambda a: a["adjustments"][custom].update(score_num=41, score_den=20),
         f"adjustments[{custom}].score_num: 41/20 is not a score"),
        (lambda a: a["adjustments"][average].update(score_num=8, score_den=5),
         f"adjustments[{average}].score_num: 8/5 is not a score"),
        (lambda a: a["result_reviews"][dispute].update(comment="  "),
         f"result_reviews[{dispute}].comment: a dispute always has a comment."),
    ]:
        changed = copy.deepcopy(archive)
        change(changed)
        refused(as_bytes(changed), director, message)
    import_archive(as_bytes(archive), director=director)  # and unchanged, it imports


@pytest.mark.parametrize("what,change,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_rows_are_refused_naming_the_field(archive, director, what, change, message):
    change(archive)
    refused(as_bytes(archive), director, message)


def test_generated_deal_must_match_the_key(archive, director):
    archive["deals"][0]["cards"], archive["deals"][1]["cards"] = (
        archive["deals"][1]["cards"], archive["deals"][0]["cards"])
    refused(as_bytes(archive), director, "not the deal the championship's key gives")
    archive["deals"][0]["source"] = archive["deals"][1]["source"] = "imported"
    # Imported deals may be anything valid: now only the championship still here stops it.
    refused(as_bytes(archive), director, "already in this installation")


def test_a_fixed_archive_then_imports(archive, director, django_user_model):
    """The refusals above are about the archive, not the installation: once the
    championship is gone, the very same archive imports."""
    from tournaments.models import Championship

    delete_championship(Championship.objects.get(pk=archive["championship"]["id"]))
    championship = import_archive(json.dumps(archive).encode(), director=director)
    assert championship.teams.count() == 4


def test_the_database_stays_the_last_guard(archive, director, monkeypatch):
    """A rule the checks missed is still refused by the database's constraints, with a
    message, and the transaction leaves nothing behind."""
    from scoring.archive import importing
    from tournaments.models import Championship

    delete_championship(Championship.objects.get(pk=archive["championship"]["id"]))
    monkeypatch.setattr(importing, "check_rules", lambda checked: None)
    archive["teams"][0]["pin"] = "12a4"
    refused(as_bytes(archive), director, "The database refused the archive")


JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                        st.text(max_size=30), st.lists(st.integers(), max_size=2),
                        st.dictionaries(st.text(max_size=3), st.integers(), max_size=1))
LISTS = ["teams", "rounds", "tables", "deals", "result_entries", "result_reviews"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_changed_value_imports_or_is_refused_cleanly(archive, director, data):
    """Whatever one field of one row is changed to, the import either succeeds or raises
    ArchiveError having written nothing; never another error, never half an import."""
    from tournaments.models import Championship

    existing = Championship.objects.filter(pk=archive["championship"]["id"]).first()
    if existing is not None:
        delete_championship(existing)
    changed = copy.deepcopy(archive)
    key = data.draw(st.sampled_from(["championship", *LISTS]))
    row = changed[key] if key == "championship" else data.draw(st.sampled_from(changed[key]))
    field = data.draw(st.sampled_from(sorted(row)))
    row[field] = data.draw(JSON_VALUES)
    before = row_counts()
    try:
        import_archive(as_bytes(changed), director=director)
    except ArchiveError as error:
        assert error.message
        assert row_counts() == before
