"""Writes of the series (rules.md 13.2): create, change and delete a series, add, remove and
reorder its championships, add a co-director. One function per operation, each in one
transaction; a refusal is a :class:`~tournaments.services.ServiceError` naming the field
(the pages put it under the field, the API answers 400 with it), and nothing is written.

Who may: a series' directors (``Series.directors``) change it; any logged-in director
creates one, as any logged-in director creates a championship. A championship is added by
a director of both the series and the championship.

Positions stay 1, 2, 3... and unique (the database's constraint on ``(series, position)``):
each change renumbers the series' championships in two steps, first past every position
held, then to their final ones, so that no single update ever meets a position still held,
on any database and in any row order.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from engine import series as rules
from engine.field_error import worded
from series.models import Series, SeriesChampionship
from tournaments.models import Championship
from tournaments.services import ServiceError

#: The fields :func:`create_series` and :func:`update_series` take.
SERIES_FIELDS = ("name", "points_table", "typed_points", "best_of", "updates", "results_public")
#: At most this many places in a typed table, and points per place.
MAX_TYPED_PLACES = 500
MAX_POINTS = Decimal(100000)
_NUMBER = re.compile(r"^-?\d{1,12}(?:[.,]\d{1,12})?$")


def _typed_messages() -> dict[str, str]:
    return {
        "negative_points": _("Typed points: %(value)s is negative; points cannot be negative."),
        "too_many_decimals": _("Typed points: %(value)s has more than 2 decimals."),
        "empty_table": _("Typed points: type the points of 1st, 2nd, 3rd... place."),
    }


def parse_typed_points(text) -> list[str]:
    """The typed table as the director wrote it ("25 20 16.5 13", spaces or semicolons
    between places; a decimal comma is read as a point), checked by the rules
    (``engine.series.typed_table``): the points as decimal strings ("16.5")."""
    if isinstance(text, list | tuple):
        tokens = [str(token).strip() for token in text]
    elif isinstance(text, str):
        tokens = [token for token in re.split(r"[\s;]+", text.strip()) if token]
    else:
        raise ServiceError(_("Typed points: type the points of 1st, 2nd, 3rd... place."),
                           field="typed_points")
    if len(tokens) > MAX_TYPED_PLACES:
        raise ServiceError(_("Typed points: at most %(count)s places.")
                           % {"count": MAX_TYPED_PLACES}, field="typed_points")
    points = []
    for token in tokens:
        if not _NUMBER.match(token):
            raise ServiceError(_("Typed points: “%(value)s” is not a number of points.")
                               % {"value": token[:20]}, field="typed_points")
        value = Decimal(token.replace(",", "."))
        if value > MAX_POINTS:
            raise ServiceError(_("Typed points: %(value)s is more than %(max)s.")
                               % {"value": token, "max": MAX_POINTS}, field="typed_points")
        points.append(value)
    try:
        rules.typed_table(points)
    except rules.SeriesError as error:
        raise ServiceError(worded(error, _typed_messages()), field="typed_points") from None
    return [format(value.normalize(), "f") for value in points]


def _clean(values: dict, current: Series | None) -> dict:
    """The series' settings checked (each refusal naming its field), as stored."""
    unknown = set(values) - set(SERIES_FIELDS)
    if unknown:
        raise TypeError(f"unknown series settings: {sorted(unknown)}")
    cleaned = dict(values)
    if "name" in cleaned:
        name = " ".join(str(cleaned["name"] or "").split())
        if not name:
            raise ServiceError(_("The name is required."), field="name")
        if len(name) > 200:
            raise ServiceError(_("The name has at most 200 characters."), field="name")
        cleaned["name"] = name
    if "points_table" in cleaned and cleaned["points_table"] not in Series.PointsTable.values:
        raise ServiceError(_("Points table: choose one of the tables offered."),
                           field="points_table")
    if "updates" in cleaned and cleaned["updates"] not in Series.Updates.values:
        raise ServiceError(_("Updates: choose when the ranking updates."), field="updates")
    if "best_of" in cleaned:
        best = cleaned["best_of"]
        if best in ("", None):
            cleaned["best_of"] = None
        elif isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= 1000:
            raise ServiceError(_("Best results counted: a whole number from 1 (blank: all)."),
                               field="best_of")
    if "results_public" in cleaned:
        cleaned["results_public"] = bool(cleaned["results_public"])
    table = cleaned.get("points_table", current.points_table if current else None)
    if table == Series.PointsTable.TYPED:
        typed = cleaned.get("typed_points", current.typed_points if current else None)
        cleaned["typed_points"] = parse_typed_points(typed if typed is not None else "")
    elif "typed_points" in cleaned:
        # Kept for when the director switches back to the typed table, if it is valid.
        typed = cleaned["typed_points"]
        cleaned["typed_points"] = parse_typed_points(typed) if typed not in ("", None, []) \
            else []
    return cleaned


@transaction.atomic
def create_series(director, **values) -> Series:
    """A new series directed by ``director`` (a logged-in account): ``name``, the points
    table (``typed_points`` as text or a list when typed), ``best_of`` (None: all),
    ``updates`` and ``results_public``."""
    if director is None or not director.is_authenticated:
        raise ServiceError(_("Log in as a director to create a series."))
    values.setdefault("name", "")
    series = Series(**_clean(values, None))
    series.save()
    series.directors.add(director)
    return series


def lock_series(series: Series) -> Series:
    """The series' row again, under a lock: two directors changing it are serialised."""
    return Series.objects.select_for_update().get(pk=series.pk)


@transaction.atomic
def update_series(series: Series, **changes) -> Series:
    """Change the settings given (the others keep their values)."""
    series = lock_series(series)
    for field, value in _clean(changes, series).items():
        setattr(series, field, value)
    series.save()
    return series


@transaction.atomic
def delete_series(series: Series) -> None:
    """Delete the series (its championships stay: only their list goes)."""
    lock_series(series).delete()


def _renumber(series: Series, entries: list[SeriesChampionship]) -> None:
    """Give ``entries`` (every championship of the series) positions 1, 2, ... in their
    order, never holding one position twice on the way (module docstring)."""
    past = max((entry.position for entry in entries), default=0)
    for offset, entry in enumerate(entries, start=1):
        entry.position = past + offset
    SeriesChampionship.objects.bulk_update(entries, ["position"])
    for position, entry in enumerate(entries, start=1):
        entry.position = position
    SeriesChampionship.objects.bulk_update(entries, ["position"])


def _entries(series: Series) -> list[SeriesChampionship]:
    return list(SeriesChampionship.objects.filter(series=series).order_by("position"))


@transaction.atomic
def add_championship(series: Series, championship_id, *, by) -> SeriesChampionship:
    """Add a championship ``by`` directs (any format, any state) at the end of the series."""
    series = lock_series(series)
    if isinstance(championship_id, Championship):
        championship_id = championship_id.pk
    try:
        championship_id = int(championship_id)
    except (TypeError, ValueError):
        championship_id = None
    championship = (Championship.objects.filter(pk=championship_id, directors=by).first()
                    if championship_id is not None and by is not None else None)
    if championship is None:
        raise ServiceError(_("Championship: choose a championship you direct."),
                           field="championship")
    if SeriesChampionship.objects.filter(series=series, championship=championship).exists():
        raise ServiceError(_("Championship: “%(name)s” is already in the series.")
                           % {"name": championship.name}, field="championship")
    last = SeriesChampionship.objects.filter(series=series).aggregate(last=Max("position"))
    return SeriesChampionship.objects.create(series=series, championship=championship,
                                             position=(last["last"] or 0) + 1)


def _entry(series: Series, championship_id) -> SeriesChampionship:
    entry = SeriesChampionship.objects.filter(series=series,
                                              championship_id=championship_id).first()
    if entry is None:
        raise ServiceError(_("Championship: it is not in the series."), field="championship")
    return entry


@transaction.atomic
def remove_championship(series: Series, championship_id) -> None:
    """Take a championship out of the series (the championship itself stays)."""
    series = lock_series(series)
    _entry(series, championship_id).delete()
    _renumber(series, _entries(series))


@transaction.atomic
def move_championship(series: Series, championship_id, step: int) -> None:
    """Move a championship one place up (``step`` −1) or down (+1); at either end nothing
    moves."""
    series = lock_series(series)
    entries = _entries(series)
    moved = _entry(series, championship_id)
    index = next(i for i, entry in enumerate(entries) if entry.pk == moved.pk)
    other = index + (1 if step > 0 else -1)
    if 0 <= other < len(entries):
        entries[index], entries[other] = entries[other], entries[index]
        _renumber(series, entries)


@transaction.atomic
def reorder_championships(series: Series, championship_ids) -> None:
    """Put the series' championships in the order of ``championship_ids`` (each of them,
    once)."""
    series = lock_series(series)
    entries = {entry.championship_id: entry for entry in _entries(series)}
    ids = list(championship_ids)
    if sorted(ids) != sorted(entries) or len(set(ids)) != len(ids):
        raise ServiceError(_("Championships: list every championship of the series, once "
                             "each."), field="championships")
    _renumber(series, [entries[championship_id] for championship_id in ids])


@transaction.atomic
def add_director(series: Series, username: str) -> None:
    """Another director account directs the series too."""
    user = get_user_model().objects.filter(username=(username or "").strip(),
                                           is_active=True).first()
    if user is None:
        raise ServiceError(_("Username: no director account has that username."),
                           field="username")
    lock_series(series).directors.add(user)
