"""Build championships, teams, rounds, tables and deals straight through the ORM.

The scoring tests do not depend on the tournaments services: they create exactly the rows
they need.
"""

from __future__ import annotations

import secrets
from itertools import count

from django.utils import timezone

import engine
from scoring.services import ResultData
from tournaments.models import Championship, Deal, Round, Table, Team

_names = count(1)


def make_championship(*, teams: int = 4, deals_per_match: int = 4, director=None,
                      **fields) -> Championship:
    key = secrets.token_bytes(32)
    championship = Championship.objects.create(
        name=fields.pop("name", f"Open {next(_names)}"),
        deals_per_match=deals_per_match,
        status=fields.pop("status", Championship.Status.RUNNING),
        deal_key=key.hex(),
        key_commitment=engine.key_commitment(key),
        **fields,
    )
    if director is not None:
        championship.directors.add(director)
    for number in range(1, teams + 1):
        make_team(championship, number)
    return championship


def make_team(championship: Championship, number: int, **fields) -> Team:
    return Team.objects.create(
        championship=championship,
        number=number,
        name=fields.pop("name", f"Team {number}"),
        player1=fields.pop("player1", f"Player {number}a"),
        player2=fields.pop("player2", f"Player {number}b"),
        **fields,
    )


def make_round(
    championship: Championship,
    number: int,
    pairs: list[tuple[Team, Team]],
    *,
    status: str = Round.Status.RELEASED,
    bye: Team | None = None,
    dealers: list[str] | None = None,
) -> Round:
    """A round with one table per (NS, EW) pair and the championship's deals.

    Dealers rotate N, W, S, E (rules.md 7) unless ``dealers`` lists them.
    """
    now = timezone.now()
    round_ = Round.objects.create(
        championship=championship,
        number=number,
        status=status,
        bye_team=bye,
        released_at=None if status == Round.Status.DRAFTED else now,
        closed_at=now if status == Round.Status.CLOSED else None,
    )
    for table_number, (ns, ew) in enumerate(pairs, start=1):
        Table.objects.create(round=round_, number=table_number, ns_team=ns, ew_team=ew)
    key = bytes.fromhex(championship.deal_key)
    numbers = engine.round_deal_numbers(number, championship.deals_per_match)
    for position, deal_number in enumerate(numbers, start=1):
        dealer = dealers[position - 1] if dealers else engine.dealer_for(position).value
        Deal.objects.create(
            championship=championship,
            round=round_,
            number=deal_number,
            dealer=dealer,
            cards=engine.format_deal(engine.generate_deal(key, deal_number)),
        )
    return round_


def teams_of(championship: Championship) -> list[Team]:
    return list(championship.teams.order_by("number"))


def close(round_: Round) -> Round:
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    return round_


def result(points_ns: int = 40, contract: str = "O", **fields) -> ResultData:
    return ResultData(contract=contract, points_ns=points_ns, **fields)


def scores_of(*deals) -> dict[int, object]:
    """``table_id -> ScoreRow`` on these deals, as the pages read them; on the way, checks
    that the background rebuild stores exactly those rows and clears the deals' notes."""
    from scoring import selectors, services
    from scoring.models import DealScore, ScoreRefresh
    from scoring.selectors.scores import SCORE_COLUMNS, ScoreRow

    deal_ids = [deal.pk for deal in deals]
    read = {(row.table_id, row.deal_id): row for row in selectors.current_scores(deal_ids)}
    services.rebuild_stale_deals()
    assert not ScoreRefresh.objects.filter(deal_id__in=deal_ids).exists()
    stored = {
        (row[0], row[1]): ScoreRow._make(row)
        for row in DealScore.objects.filter(deal_id__in=deal_ids).values_list(*SCORE_COLUMNS)
    }
    assert stored == read
    if len(deals) == 1:
        return {table_id: row for (table_id, _deal), row in read.items()}
    return read
