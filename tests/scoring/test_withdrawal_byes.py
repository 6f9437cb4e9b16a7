"""rules.md 6.5, policy — withdrawal: a team withdrawing in round 3 of a 9-team round robin.

Its opponents in every later round not yet released score a bye (1.5 a deal, an
``AuditEvent`` each); round 3, already in play, keeps its table (unplayed deals stay not
played); the opponents' captain pages say so and the grid shows it; standings equal a
recompute; reinstating takes the byes back in the rounds still drafted only.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.db.models import Q
from django.urls import reverse

import engine
from formats.duplicate_pairs import services as pairs_services
from formats.duplicate_pairs.grid import round_grid
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import selectors
from scoring import services as scoring
from scoring.services import ResultData, ScoringError
from tournaments import services
from tournaments.models import AuditEvent, Championship, Table


def _play(round_, points=40):
    for table in round_.tables.select_related("ns_team", "ew_team"):
        if table.bye_team_id:
            continue
        for i, deal in enumerate(round_.deals.order_by("number")):
            entry, _ = pairs_services.submit_result(
                team=table.ns_team, table=table, deal=deal,
                data=ResultData(contract="O", points_ns=points + (table.number + i) % 5),
                idempotency_key=None)
            pairs_services.confirm_entry(entry_id=entry.pk, team=table.ew_team)


@pytest.fixture
def nine(db, director):
    championship = services.create_championship(director, name="Lliga", deals_per_match=2)
    for i in range(1, 10):
        services.add_team(championship, name=f"Team {i}", player1=f"P{i}a", player2=f"P{i}b")
    generate_schedule(championship)
    for number in (1, 2):
        round_ = championship.rounds.get(number=number)
        services.release_round(round_)
        _play(round_)
        services.close_round(round_)
    round3 = championship.rounds.get(number=3)
    services.release_round(round3)
    _play(round3)  # results in, round still open
    return championship


def _tables_of(championship, team, status):
    return list(
        Table.objects.filter(round__championship=championship, round__status=status)
        .filter(Q(ns_team=team) | Q(ew_team=team))
        .select_related("round", "ns_team", "ew_team").order_by("round__number")
    )


def _totals(championship):
    return {row.team.number: row.total for row in selectors.standings(championship, live=True)}


def _check_standings_equal_a_recompute(championship):
    before = [(r.team.pk, r.total, r.deal_score_sum, r.tops, r.deals)
              for r in selectors.standings(championship, live=True)]
    scoring.recompute_championship(championship)
    after = [(r.team.pk, r.total, r.deal_score_sum, r.tops, r.deals)
             for r in selectors.standings(championship, live=True)]
    assert before == after
    # The scorecards add up to the same totals through another path.
    for team_pk, total, *_ in after:
        team = championship.teams.get(pk=team_pk)
        assert selectors.scorecard(team, live=True)[1] == total


def test_a_withdrawal_in_round_3_gives_the_later_opponents_byes(nine, director,
                                                               director_client):
    championship = nine
    # A team whose own bye comes late (round 6 or after), so that it plays round 4.
    team = championship.rounds.filter(number__gte=6).order_by("number")[0].bye_team
    later = _tables_of(championship, team, "drafted")
    round3_table = _tables_of(championship, team, "released")[0]
    totals_before = _totals(championship)

    services.withdraw_team(team, by=director)

    # Every later round not yet released: the opponent has the bye, audited.
    for table in later:
        table.refresh_from_db()
        opponent = table.ew_team if table.ns_team_id == team.pk else table.ns_team
        assert table.bye_team_id == opponent.pk
        assert AuditEvent.objects.filter(action=AuditEvent.Action.WITHDRAWAL_BYE_GIVEN,
                                         round_number=table.round.number,
                                         team=opponent).exists()
    assert len(later) == 5  # rounds 4-9, minus its own bye round
    own_bye = championship.rounds.filter(number__gt=3).exclude(
        pk__in=[t.round_id for t in later]).get()
    own_bye.refresh_from_db()
    assert own_bye.bye_team_id is None  # a withdrawn team scores nothing
    # Round 3 was in play: its table is untouched.
    round3_table.refresh_from_db()
    assert round3_table.bye_team_id is None
    assert _totals(championship) == totals_before  # it keeps every score it has

    # Round 4 is released and closed: the opponent there scores the bye.
    table4 = next(t for t in later if t.round.number == 4)
    opponent4 = table4.ew_team if table4.ns_team_id == team.pk else table4.ns_team
    services.close_round(championship.rounds.get(number=3))
    before4 = _totals(championship)
    round4 = championship.rounds.get(number=4)
    services.release_round(round4)
    # The opponent's captain page says so, and its link cannot enter anything there.
    page = director_client.get(reverse("scoring:captain",
                                       args=[opponent4.pk, opponent4.link_secret]))
    text = page.content.decode()
    assert f"Round 4: {team.name} have withdrawn, so your pair has a bye" in text
    deal = round4.deals.order_by("number").first()
    table4.refresh_from_db()
    with pytest.raises(ScoringError) as refused:
        pairs_services.submit_result(team=opponent4, table=table4, deal=deal,
                              data=ResultData(contract="O", points_ns=40),
                              idempotency_key=None)
    assert refused.value.code == "withdrawal_bye"
    # The director's grid shows the bye, and it is not a missing result.
    grid = round_grid(round4)
    assert all(cell.status == "bye" for row in grid.rows if row.table.pk == table4.pk
               for cell in row.cells)
    assert all(table != table4.number for table, _deal, _status in grid.missing_cells())
    grid_page = director_client.get(reverse("scoring:grid", args=[championship.pk, 4]))
    assert f"Bye for {opponent4.name}: the other pair withdrew" in grid_page.content.decode()

    _play(round4)
    services.close_round(round4)
    after4 = _totals(championship)
    deals4 = round4.deals.count()
    assert after4[opponent4.number] - before4[opponent4.number] == engine.BYE_SCORE * deals4
    assert after4[team.number] == before4[team.number]  # the withdrawn team: nothing
    # Round 4 closed: the page still says bye, and shows no table to play.
    text = director_client.get(reverse("scoring:captain",
                                       args=[opponent4.pk, opponent4.link_secret])).content.decode()
    assert f"Round 4: {team.name} have withdrawn" in text and "Send deal" not in text
    row = next(r for r in selectors.standings(championship, live=True)
               if r.team.pk == opponent4.pk)
    assert row.deals == 2 * 4  # rounds 1-4, the bye's deals counted as scored
    _check_standings_equal_a_recompute(championship)

    # Reinstated: the drafted rounds (5-9) play again; round 4 keeps its bye.
    services.reinstate_team(team, by=director)
    for table in later:
        table.refresh_from_db()
        assert table.bye_team_id == (opponent4.pk if table.round.number == 4 else None)
    own_bye.refresh_from_db()
    assert own_bye.bye_team_id == team.pk
    assert AuditEvent.objects.filter(action=AuditEvent.Action.WITHDRAWAL_BYE_REMOVED).count() == 4
    _check_standings_equal_a_recompute(championship)


def test_swapping_a_withdrawn_team_out_moves_the_bye(nine, director):
    championship = nine
    team = championship.teams.get(number=4)
    services.withdraw_team(team)
    table = _tables_of(championship, team, "drafted")[0]
    round_ = table.round
    other = next(t for t in round_.tables.exclude(pk=table.pk))
    # Swap the withdrawn team with a team of another table: that table gets the bye.
    services.swap_teams(round_, team, other.ns_team)
    marks = dict(round_.tables.values_list("number", "bye_team_id"))
    assert sum(1 for v in marks.values() if v) == 1
    moved = round_.tables.get(Q(ns_team=team) | Q(ew_team=team))
    partner = moved.ew_team_id if moved.ns_team_id == team.pk else moved.ns_team_id
    assert marks[moved.number] == partner


def test_a_swiss_team_joins_before_the_next_round_is_paired(db, director):
    championship = services.create_championship(
        director, name="Suís", movement=Championship.Movement.SWISS, rounds_planned=4,
        deals_per_match=2)
    for i in range(1, 7):
        services.add_team(championship, name=f"Team {i}", player1="a", player2="b")
    (round1,) = services.generate_next_round(championship)
    # Paired already: no team can join round 1.
    with pytest.raises(services.ServiceError):
        services.add_team(championship, name="Late", player1="a", player2="b")
    services.release_round(round1)
    _play(round1)
    services.close_round(round1)
    late = services.add_team(championship, name="Late", player1="a", player2="b")
    assert _totals(championship)[late.number] == Fraction(0)  # joins with no score
    (round2,) = services.generate_next_round(championship)
    placed = set(round2.tables.values_list("ns_team_id", flat=True)) | set(
        round2.tables.values_list("ew_team_id", flat=True)) | {round2.bye_team_id}
    assert late.pk in placed
