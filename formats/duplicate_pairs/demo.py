"""The duplicate demo championship (``python manage.py demo``, which asks every format for
its demo, this one first): the championship and its rounds (``tournaments.demo``), then
results, so that its grid, standings and travellers show real data at once.

Every released round gets results, entered by the NS captain and confirmed by the EW captain
through the ordinary services, with a few Botifarra contracts, contro (and one recontro), one
rule breach and one director's adjusted score on a deal that was not played. The bye comes
from the championship's own movement (13 teams: one team sits out each round).

All rounds but the latest are then closed, and the results published, so the public pages
show them; the latest round stays open with one result waiting for confirmation, one
disputed and one missing, as in a real hall. Running it again adds nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from django.db import transaction
from django.utils.translation import gettext as _

from formats.duplicate_pairs import services as pairs_services
from scoring import services
from scoring.models import Adjustment, ResultEntry
from scoring.services import Origin, ResultData
from tournaments import demo
from tournaments.models import Championship, Round
from tournaments.services.analysis import outliving_the_command, request_missing_analysis

DEMO_ORIGIN = Origin(ip_address=None, user_agent="demo")


def load_demo(director) -> Iterator[str]:
    """Load the demo championship directed by ``director`` (or find it loaded) and add its
    results; the lines to print, each as it is done.

    The closed rounds' analysis goes on after the command has returned (in a separate
    process, or on a Celery worker), so that the hand records are there without waiting for
    them here, nor pressing "Recompute"."""
    with outliving_the_command():
        championship, message = demo.load_demo(director)
        if message:
            yield message
        if championship is not None:
            message = add_demo_results(championship)
            if message:
                yield message
        # Also carries on with an analysis cut short the last time.
        asked = request_missing_analysis(championship.pk) if championship else 0
    if asked:
        yield _("Hand records: %(deals)s deals of the closed rounds are being analysed in "
                "the background.") % {"deals": asked}


def _demo_result(rng: random.Random) -> ResultData:
    contract = "BOT" if rng.random() < 0.2 else rng.choice("OCEB")
    contro = rng.random() < 0.15
    return ResultData(
        contract=contract,
        points_ns=max(0, min(72, round(rng.gauss(36, 9)))),
        delegated=rng.random() < 0.3,
        contro=contro,
        recontro=contro and rng.random() < 0.3,
    )


def add_demo_results(championship: Championship) -> str:
    """Add results to every released round that has none yet; return a short report."""
    rounds = list(
        championship.rounds.filter(status=Round.Status.RELEASED).order_by("number")
    )
    if not rounds or ResultEntry.objects.filter(deal__championship=championship).exists():
        return ""
    director = championship.directors.order_by("pk").first()
    # A fixed seed: the demo is the same every time it is built.
    rng = random.Random(championship.pk * 7919)
    entered = 0
    with transaction.atomic():
        last = rounds[-1]
        for round_ in rounds:
            tables = list(round_.tables.select_related("ns_team", "ew_team").order_by("number"))
            deals = list(round_.deals.order_by("number"))
            for table in tables:
                for deal in deals:
                    position = (round_.number, table.number, deal.number - deals[0].number + 1)
                    data = _demo_result(rng)
                    if round_ is last and position[1:] == (1, 4):
                        continue  # still being played: missing on the grid
                    if position == (rounds[0].number, 2, 3):
                        # A revoke by EW: it scores 0, NS the average of the others.
                        data = ResultData(contract="E", points_ns=41, breach="EW")
                    if position == (rounds[0].number, 1, 2):
                        data = ResultData(contract="BOT", points_ns=47, contro=True,
                                          recontro=True)
                    if position == (rounds[-1].number, 3, 1) and director is not None:
                        for side in ("NS", "EW"):
                            pairs_services.set_adjustment(
                                table=table, deal=deal, side=side,
                                kind=Adjustment.Kind.AVERAGE,
                                reason=_("Demo: the deal was fouled and could not be played."),
                                user=director, origin=DEMO_ORIGIN,
                            )
                        continue
                    entry, _created = pairs_services.submit_result(
                        team=table.ns_team, table=table, deal=deal, data=data,
                        idempotency_key=f"demo-{championship.pk}-{table.pk}-{deal.pk}",
                        origin=DEMO_ORIGIN,
                    )
                    entered += 1
                    if round_ is last and position[1:] == (2, 4):
                        continue  # waiting for the EW captain's confirmation
                    if round_ is last and position[1:] == (1, 3):
                        pairs_services.dispute_entry(
                            entry_id=entry.pk, team=table.ew_team,
                            comment=_("Demo: we counted 4 points fewer."), origin=DEMO_ORIGIN,
                        )
                        continue
                    pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team,
                                           origin=DEMO_ORIGIN)
        for round_ in rounds[:-1]:
            services.close_round(round_, user=director)
        services.publish_results(championship, user=director)
        services.rebuild_stale_deals()  # store the scores now rather than a moment later
    # Said as the README's tour says it: the rounds closed, the one in play.
    return _("Demo results: %(entries)s results entered; rounds closed: %(closed)s; round "
             "%(playing)s in play; results published.") % {
        "entries": entered,
        "closed": ", ".join(str(r.number) for r in rounds[:-1]) or "—",
        "playing": rounds[-1].number,
    }
