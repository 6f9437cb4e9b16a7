"""The finished championships whose files are kept here, one builder per event, each built
through the ordinary services from the project's demos and test builders (``write.py``
runs them once, on a database of its own).

Every event is finished: its rounds closed, its results public, its deal key revealed.
On the way each keeps some history a file must carry: results entered and confirmed by
the players, disputes and the director's settlements, adjusted scores.
"""

from __future__ import annotations

import datetime

from abarrotada_factories import delegated, enter_and_confirm, next_round, seated, values
from archive_events import DESK, rich_championship
from groups_knockout_factories import played_groups_event

from formats.abarrotada import selectors as individual
from formats.abarrotada import services as ab
from formats.abarrotada.demo import load_individual_demo
from formats.abarrotada.rules import ReportValues
from formats.duplicate_pairs import services as pairs_services
from formats.free_deal.demo_knockout import load_knockout_demo
from formats.free_deal.services.sections import assign_sections
from scoring import selectors
from scoring import services as scoring
from scoring.models import KnockoutEntry, KnockoutTie
from scoring.services import ResultData, games, set_results_public
from scoring.services.games import GameValues
from scoring.services.knockout import enter_knockout_game
from scoring.services.knockout_captains import confirm_knockout_entry
from tournaments import services


def _finish(championship, director):
    """Discard the rounds never played, publish the results and finish."""
    services.discard_drafted_rounds(championship)
    if not championship.results_public:
        set_results_public(championship, True, user=director)
    services.finish_championship(championship, by=director)
    scoring.rebuild_stale_deals()
    championship.refresh_from_db()
    return championship


def duplicate_pairs(director):
    """The demo's 13 teams with every kind of row (``archive_events.rich_championship``:
    overrides, a PIN lockout, adjusted scores, reissued links), round 3 settled by the
    director and closed; the rest of the round robin never played."""
    championship = rich_championship(director)
    round3 = championship.rounds.get(number=3)
    tables = list(round3.tables.select_related("ns_team", "ew_team").order_by("number"))
    deals = list(round3.deals.order_by("number"))
    for (_table, _deal), state in selectors.result_states(tables, deals).items():
        if state.adjustments:
            continue
        pending = state.pending_entry
        if pending is not None:
            pairs_services.director_confirm_entry(table=state.table, deal=state.deal,
                                           entry_id=pending.pk, user=director, origin=DESK)
        elif state.counted is None:
            pairs_services.director_enter_result(table=state.table, deal=state.deal, user=director,
                                          data=ResultData(contract="O", points_ns=36),
                                          note="Entered from the scoresheet.", origin=DESK)
    services.close_round(round3, by=director)
    return _finish(championship, director)


def free_deal_pairs(director):
    """The knockout demo (8 pairs, 3 Swiss rounds, semi-finals of the top 4): the waiting
    captain's report confirmed by the other pair, then the final played."""
    championship, _message = load_knockout_demo(director)
    for entry in KnockoutEntry.objects.filter(tie__championship=championship,
                                              reviews=None):
        tie = entry.tie
        other = tie.first if entry.by_team_id == tie.second_id else tie.second
        confirm_knockout_entry(team=other, entry_id=entry.pk)
    final = KnockoutTie.objects.get(championship=championship, stage=2)
    enter_knockout_game(final, 88, 101, by=director)
    return _finish(championship, director)


def free_deal_pairs_sections(director):
    """Ten pairs in two sections of five (each its own bye a round), three Swiss rounds; a
    disputed game the director sets, a pending one the director confirms."""
    championship = services.create_championship(
        director, name="Torneig per seccions de Sant Joan", venue="Casal de Gràcia",
        format="free_deal_pairs", rounds_planned=3, starts_on=datetime.date(2026, 6, 23),
        ends_on=datetime.date(2026, 6, 23),
        format_settings={"sections": ["Nord", "Sud"], "cap": 121})
    for number in range(1, 11):
        services.add_team(championship, name=f"Parella {number}", club="Casal de Gràcia",
                          player1=f"Jugador {number}a", player2=f"Jugador {number}b")
    teams = list(championship.teams.order_by("number"))
    assign_sections(championship, {team.pk: "Nord" if team.number <= 5 else "Sud"
                                   for team in teams})
    for number in range(1, 4):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        tables = round_.tables.select_related("ns_team", "ew_team").order_by("number")
        for index, table in enumerate(tables):
            if table.bye_team_id:
                continue
            first, second = (101, 40 + 7 * index + number) if (index + number) % 3 else (
                55 + index, 101 + number)
            entry, _created = games.submit_game(
                team=table.ns_team, table=table, idempotency_key=None,
                values=GameValues(first, second, "target", 8 + index % 4))
            if (number, index) == (2, 0):
                games.dispute_game(entry_id=entry.pk, team=table.ew_team,
                                   comment="Vam acabar 101 a 99.")
                games.director_set_game(table=table, values=GameValues(101, 99, "target", 12),
                                        user=director, note="Comptat de nou amb les dues parelles.")
            elif (number, index) == (3, 1):
                games.director_confirm_game(table=table, entry_id=entry.pk, user=director)
            else:
                games.confirm_game(entry_id=entry.pk, team=table.ew_team)
        services.close_round(round_, by=director)
    return _finish(championship, director)


def abarrotada(director):
    """The individual demo (18 players, four-player form, 4 deals a round over 3 rounds):
    round 3's waiting deal confirmed by the director, its disputed one set by the director,
    its unplayed deals entered from the scoresheets, a seat's adjusted score; then closed."""
    championship, _message = load_individual_demo(director)
    round3 = championship.rounds.get(number=3)
    states = individual.deal_states(round3)
    deals = dict(round3.deals.values_list("number", "dealer"))
    for table in round3.player_tables.order_by("number"):
        for deal_number in sorted(deals):
            state = states.get((table.pk, deal_number))
            status = state.status if state is not None else "missing"
            if status == "pending":
                ab.director_confirm_report(table=table, deal_number=deal_number,
                                           report_id=state.report.pk, user=director)
            elif status in ("disputed", "missing"):
                maker = deals[deal_number]  # the dealer keeps the trumps: no delegation
                points = {seat: 18 for seat in "NESW"}
                points[maker] = 30
                points[next(s for s in "NESW" if s != maker)] = 6
                ab.director_set_report(
                    table=table, deal_number=deal_number, user=director,
                    values=ReportValues(maker=maker, contract="O", points=points),
                    note="Del full de la taula.")
    first = round3.player_tables.order_by("number").first()
    ab.adjust_seat(table=first, deal_number=min(deals), seat="W", value="0.6", user=director,
                   note="Joc lent.")
    services.close_round(round3, by=director)
    return _finish(championship, director)


def abarrotada_register(director):
    """The individual event of :func:`abarrotada`, kept again once the full backup carried
    the register entries (rules.md 13.1): each player's register name, club and licence
    number (most of the demo's players have one), so that a later version proves it still
    links them by licence."""
    return abarrotada(director)


def abarrotada_three(director):
    """The three-player form (rules.md 10.3): seven players, two rounds of two deals, each
    report entered by one player and confirmed by another; one disputed and set by the
    director, a seat's adjusted score."""
    championship = services.create_championship(
        director, name="Abarrotada a tres de Santa Tecla", venue="Casal de Gràcia",
        format="abarrotada", rounds_planned=2, deals_per_match=2,
        starts_on=datetime.date(2026, 9, 23), ends_on=datetime.date(2026, 9, 23),
        format_settings={"form": 3})
    for number in range(1, 8):
        ab.add_player(championship, name=f"Jugador {number}", club="Casal de Gràcia")
    for number in range(1, 3):
        round_ = next_round(championship, director)
        for index, table in enumerate(round_.player_tables.order_by("number")):
            for deal_number in round_.deals.values_list("number", flat=True):
                points = "40-12-20" if (index + deal_number) % 2 else "16-30-26"
                report = values(points, maker="NES"[(index + deal_number) % 3])
                if (number, index, deal_number) == (2, 0, round_.first_deal):
                    who = seated(table)
                    report = delegated(report, table, deal_number)
                    entry, _created = ab.submit_report(player=who["N"], table=table,
                                                       deal_number=deal_number,
                                                       values=report, idempotency_key=None)
                    ab.dispute_report(report_id=entry.pk, player=who["E"],
                                      comment="Vaig fer 20 punts.")
                    ab.director_set_report(
                        table=table, deal_number=deal_number, user=director,
                        values=delegated(values("40-20-12", maker=report.maker), table,
                                         deal_number), note="Revisat amb els tres.")
                    continue
                enter_and_confirm(table, deal_number, report, by="N", confirmer="S")
        if number == 1:
            ab.adjust_seat(table=round_.player_tables.order_by("number").first(),
                           deal_number=round_.first_deal, seat="E", value="1.4",
                           user=director, note="Revoke de la parella contrària.")
        services.close_round(round_, by=director)
    return _finish(championship, director)


def abarrotada_free(director):
    """A free-deal evening of nine players (four-player form, one sits out each round),
    three rounds: each table's game totals entered and confirmed by the players; one
    disputed and set by the director."""
    championship = services.create_championship(
        director, name="Vespre d'abarrotada del Casal", venue="Casal de Gràcia",
        format="abarrotada_free", rounds_planned=3, starts_on=datetime.date(2026, 10, 2),
        ends_on=datetime.date(2026, 10, 2), format_settings={"form": 4, "hand_limit": 12})
    for number in range(1, 10):
        ab.add_player(championship, name=f"Jugadora {number}", club="Casal de Gràcia")
    for number in range(1, 4):
        (round_,) = services.generate_next_round(championship)
        services.release_round(round_, by=director)
        for index, table in enumerate(round_.player_tables.order_by("number")):
            seated = {s.seat: s.player for s in table.seatings.select_related("player")}
            totals = {"N": 3 * number + index, "E": index, "S": 10 - number, "W": 2 * index}
            entry, _created = ab.submit_totals(
                player=seated["N"], table=table, idempotency_key=None,
                values=ab.TotalsValues(totals, hands_played=9 + index))
            if (number, index) == (2, 1):
                ab.dispute_totals(entry_id=entry.pk, player=seated["E"],
                                  comment="Jo en vaig fer 4.")
                ab.director_set_totals(table=table, user=director, note="Revisat.",
                                       values=ab.TotalsValues({**totals, "E": 4},
                                                              hands_played=10))
            else:
                ab.confirm_totals(entry_id=entry.pk, player=seated["S"])
        services.close_round(round_, by=director)
    return _finish(championship, director)


def groups_knockout(director):
    """Nine pairs in two groups (5 and 4) playing their round robins (rules.md 12.1): games
    entered by the pairs, confirmed, one disputed and set by the director, the rest set by
    the director; a pair withdrawn after round 1 loses its other games by walkover (12.4);
    every round closed, two pairs through per group (12.3); the knockout not started."""
    championship = played_groups_event(director)
    championship.name, championship.venue = "Open de grups de la Fira", "Casal de Gràcia"
    championship.starts_on = championship.ends_on = datetime.date(2026, 11, 14)
    championship.save(update_fields=["name", "venue", "starts_on", "ends_on"])
    return _finish(championship, director)


#: The kept events: each file's name and its builder.
EVENTS = {
    "duplicate_pairs": duplicate_pairs,
    "free_deal_pairs": free_deal_pairs,
    "free_deal_pairs_sections": free_deal_pairs_sections,
    "abarrotada": abarrotada,
    "abarrotada_register": abarrotada_register,
    "abarrotada_three": abarrotada_three,
    "abarrotada_free": abarrotada_free,
    "groups_knockout": groups_knockout,
}
