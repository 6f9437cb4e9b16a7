"""The demo's series (``python manage.py demo``, rules.md 13.2): "Rànquing del Casal 2026",
the finished groups event of Santa Tecla and the Casal's four club nights, the default points
table, each player's best 3 results counted, the ranking public.

The championships are loaded by their formats' demos (the core never asks a format for
them): they are found here by name, once every format's demo is in, and those missing are
left out. A series of that name already there is left as it is, so loading the demo twice
leaves one series.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from series import services
from series.models import Series
from tournaments.models import Championship

SERIES_NAME = "Rànquing del Casal 2026"
#: The series' championships by name, in the order played.
CHAMPIONSHIPS = (
    "Obert de Botifarra de Santa Tecla",
    "Nit de Botifarra del Casal — 1a nit",
    "Nit de Botifarra del Casal — 2a nit",
    "Nit de Botifarra del Casal — 3a nit",
    "Nit de Botifarra del Casal — 4a nit",
)
BEST_OF = 3


@transaction.atomic
def load_series_demo(director) -> tuple[Series, str]:
    existing = Series.objects.filter(name=SERIES_NAME).first()
    if existing is not None:
        existing.directors.add(director)
        return existing, _("Series demo already loaded: “%(name)s”.") % {"name": SERIES_NAME}
    series = services.create_series(
        director, name=SERIES_NAME, points_table=Series.PointsTable.DEFAULT, best_of=BEST_OF,
        updates=Series.Updates.FINISHED, results_public=True)
    by_name = {championship.name: championship for championship in
               Championship.objects.filter(name__in=CHAMPIONSHIPS, directors=director)}
    found = [by_name[name] for name in CHAMPIONSHIPS if name in by_name]
    for championship in found:
        services.add_championship(series, championship, by=director)
    return series, _("Series demo loaded: “%(name)s”, %(count)s championships, each "
                     "player's best %(best)s results counted; its ranking at %(path)s.") % {
        "name": SERIES_NAME, "count": len(found), "best": BEST_OF,
        "path": reverse("series:ranking", args=[series.pk])}
