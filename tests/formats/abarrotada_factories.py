"""An individual championship built through the services, for the format's tests."""

from __future__ import annotations

import dataclasses

from engine.abarrotada import MAX_DELEGATIONS, trump_maker
from engine.seats import Seat
from formats.abarrotada import services as ab
from formats.abarrotada.models import PlayerTable
from formats.abarrotada.rules import ReportValues
from tournaments import services
from tournaments.models import Round


def make_individual(director, *, players: int = 16, rounds: int = 3, deals: int = 2,
                    form: int = 4):
    championship = services.create_championship(
        director, name="Abarrotada de la Mercè", format="abarrotada", rounds_planned=rounds,
        deals_per_match=deals, format_settings={"form": form})
    for i in range(1, players + 1):
        ab.add_player(championship, name=f"Jugador {i}", club="Club Botifarrer")
    return championship


def next_round(championship, director) -> Round:
    (round_,) = services.generate_next_round(championship)
    services.release_round(round_, by=director)
    round_.refresh_from_db()
    return round_


def seated(table: PlayerTable) -> dict:
    """The table's players by seat letter."""
    return {s.seat: s.player for s in table.seatings.select_related("player")}


def values(points: str, *, maker="N", contract="O", contro_by="", breaches="",
           **extra) -> ReportValues:
    """``points`` as "30-14-20-8" (N-E-S-W, or N-E-S with three players)."""
    figures = [int(p) for p in points.split("-")]
    return ReportValues(maker=maker, contract=contract,
                        points=dict(zip("NESW", figures, strict=False)),
                        contro_by=contro_by, breaches=breaches, **extra)


def delegated(report: ReportValues, table: PlayerTable, deal_number: int) -> ReportValues:
    """``report`` with as many delegations as it takes the deal's dealer to reach its trump
    maker (rules.md 10.1), unless it already reports some."""
    if report.delegations or report.estevet:
        return report
    dealer = Seat(table.round.deals.get(number=deal_number).dealer)
    form = ab.form_of(table.round.championship)
    count = next(count for count in range(MAX_DELEGATIONS + 1)
                 if trump_maker(dealer, count, form).value == report.maker)
    return dataclasses.replace(report, delegations=count)


def enter_and_confirm(table: PlayerTable, deal_number: int, report: ReportValues,
                      *, by="N", confirmer="E"):
    """Enter ``report`` (delegated as it takes to reach its maker) and confirm it."""
    report = delegated(report, table, deal_number)
    players = seated(table)
    entry, _created = ab.submit_report(player=players[by], table=table,
                                       deal_number=deal_number, values=report,
                                       idempotency_key=None)
    ab.confirm_report(report_id=entry.pk, player=players[confirmer])
    return entry


def make_evening(director, *, players: int = 8, rounds: int = 3, form: int = 4, **settings):
    """A free-deal evening (rules.md 10.4)."""
    championship = services.create_championship(
        director, name="Vespre d'abarrotada", format="abarrotada_free", rounds_planned=rounds,
        format_settings={"form": form, **settings})
    for i in range(1, players + 1):
        ab.add_player(championship, name=f"Jugador {i}")
    return championship
