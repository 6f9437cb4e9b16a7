"""Reading the deals' double-dummy analysis (rules.md 8.1), for pages, sheets and exports.

:func:`deal_analysis` is the one entry point for anything that shows an analysis (traveller
and round pages, deal sheets, the Excel *Deals* sheet, the archive): it answers ``None``
unless the deal's cards may be shown (``tournaments.selectors.deals_visible_to_public``, the
one secrecy rule: the round is closed) and unless the analysis is done.
:func:`deal_analyses` answers the same for many deals in one query (exports, archive, API);
:func:`analysis_record` is the language-neutral form that the archive and the API give.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

import engine
from engine.hand_records import line_tricks
from tournaments import selectors as secrecy  # the deals' one secrecy rule (rules.md 8)
from tournaments.models import Championship, Deal, DealAnalysis
from tournaments.presentation import CONTRACT_NAMES, SEAT_NAMES, SIDE_NAMES, language, signed

__all__ = ["AnalysisProgress", "AnalysisView", "PlayedCard", "TrickLine", "analysis_progress",
           "analysis_record", "deal_analyses", "deal_analysis"]


@dataclass(frozen=True)
class ContractLine:
    code: str  # "O", "C", "E", "B" or "BOT"
    name: str  # as the result forms name it: "Coins", ..., "Botifarra"
    ns_points: int
    ew_points: int
    trump_score: int  # the trump makers' deal score (rules.md 6.2), doubled for Botifarra
    is_par: bool

    @property
    def trump_score_shown(self) -> str:
        return signed(self.trump_score)


@dataclass(frozen=True)
class PlayedCard:
    seat: str  # "N", "E", "S" or "W"
    seat_name: str
    code: str  # the engine's code, e.g. "O9" (exports, archive)
    name: str  # as players name it, in the reader's language: "manilla d'ors", "ace of cups"
    wins: bool  # the card that takes the trick


@dataclass(frozen=True)
class TrickLine:
    number: int  # 1 to 12
    cards: tuple[PlayedCard, ...]  # in the order played, the leader's first
    winner: str  # seat code
    winner_name: str  # seat name

    @property
    def text(self) -> str:
        """The trick in one line of words (the workbook): "North: ace of cups · East: ... ·
        won by South"."""
        played = " · ".join(
            _("%(seat)s: %(card)s") % {"seat": card.seat_name, "card": card.name}
            for card in self.cards
        )
        return _("%(cards)s · won by %(seat)s") % {"cards": played, "seat": self.winner_name}


@dataclass(frozen=True)
class AnalysisView:
    """What a page shows of a deal's analysis; the raw fields are there for exports."""

    deal_number: int
    variant: str
    trump_side: str  # "NS" or "EW"
    trump_side_name: str
    table: tuple[ContractLine, ...]
    par_contract: str
    par_name: str
    par_score: int
    par_points: int  # the trump makers' points in the par contract
    line: tuple[str, ...]  # 48 card codes in the order played, in the par contract
    tricks: tuple[TrickLine, ...]

    @property
    def par_score_shown(self) -> str:
        return signed(self.par_score)

    @property
    def table_by_code(self) -> dict[str, int]:
        """NS points with perfect play by contract code, e.g. ``{"O": 40, ..., "BOT": 38}``."""
        return {row.code: row.ns_points for row in self.table}


def _tricks(cards: tuple[str, ...], dealer: engine.Seat, contract: engine.Contract,
            lang: str) -> tuple[TrickLine, ...]:
    """The line as tricks: each card named as players name it, the trick's winner marked."""
    if len(cards) != 48:
        return ()
    played = [engine.parse_card(code) for code in cards]
    tricks = []
    for number, trick in enumerate(line_tricks(played, dealer, contract), start=1):
        winner = engine.trick_winner(trick, contract)
        tricks.append(TrickLine(
            number,
            tuple(PlayedCard(seat.value, str(SEAT_NAMES[seat.value]), str(card),
                             engine.card_name(card, lang), seat is winner)
                  for seat, card in trick),
            winner.value,
            str(SEAT_NAMES[winner.value]),
        ))
    return tuple(tricks)


def _view(deal: Deal, analysis: DealAnalysis) -> AnalysisView:
    lang = language()
    dealer = engine.Seat(deal.dealer)
    side = engine.trump_side(dealer)
    rows = []
    for contract in engine.Contract:
        ns = analysis.table[contract.value]
        own = ns if side is engine.Side.NS else 72 - ns
        rows.append(
            ContractLine(
                contract.value, str(CONTRACT_NAMES[contract.value]), ns, 72 - ns,
                engine.side_deal_score(own, doubled=contract.is_botifarra),
                contract.value == analysis.par_contract,
            )
        )
    par_contract = engine.Contract(analysis.par_contract)
    cards = tuple(analysis.line.split())
    return AnalysisView(
        deal_number=deal.number,
        variant=analysis.variant,
        trump_side=side.value,
        trump_side_name=str(SIDE_NAMES[side.value]),
        table=tuple(rows),
        par_contract=analysis.par_contract,
        par_name=str(CONTRACT_NAMES[par_contract.value]),
        par_score=analysis.par_score,
        par_points=next(row.ns_points if side is engine.Side.NS else row.ew_points
                        for row in rows if row.is_par),
        line=cards,
        tricks=_tricks(cards, dealer, par_contract, lang),
    )


def deal_analysis(deal: Deal) -> AnalysisView | None:
    """The analysis of ``deal`` once its cards are public and the analysis is done, else None."""
    if not secrecy.deals_visible_to_public(deal.round):
        return None
    analysis = DealAnalysis.objects.filter(deal=deal, status=DealAnalysis.Status.DONE).first()
    if analysis is None:
        return None
    return _view(deal, analysis)


def deal_analyses(deals: Iterable[Deal]) -> dict[int, AnalysisView]:
    """The analyses of ``deals`` that may be shown, by deal id, in one query: as
    :func:`deal_analysis` answers for each (closed round, analysis done), the others left
    out. Give the deals with their round loaded (``select_related("round")``)."""
    shown = {deal.pk: deal for deal in deals if secrecy.deals_visible_to_public(deal.round)}
    if not shown:
        return {}
    found = DealAnalysis.objects.filter(deal_id__in=list(shown), status=DealAnalysis.Status.DONE)
    return {analysis.deal_id: _view(shown[analysis.deal_id], analysis) for analysis in found}


def analysis_record(view: AnalysisView) -> dict:
    """The analysis as plain data, in codes rather than words (the public archive and the
    API): the NS points by contract, the par, and the optimal line as card codes and as
    numbered tricks with each trick's winner."""
    return {
        "variant": view.variant,
        "table": view.table_by_code,
        "par": {"contract": view.par_contract, "side": view.trump_side,
                "points": view.par_points, "deal_score": view.par_score},
        "line": " ".join(view.line),
        "tricks": [
            {"number": trick.number,
             "cards": [{"seat": card.seat, "card": card.code} for card in trick.cards],
             "winner": trick.winner}
            for trick in view.tricks
        ],
    }


@dataclass(frozen=True)
class AnalysisProgress:
    """How far the analysis of the closed rounds' deals has got (the director's page)."""

    total: int
    done: int
    failed: int

    @property
    def waiting(self) -> int:
        return self.total - self.done - self.failed


def analysis_progress(championship: Championship) -> AnalysisProgress:
    """Public deals (closed rounds), and how many of them are analysed or failed (one query)."""
    counts = secrecy.public_deals(championship).aggregate(
        total=Count("pk"),
        done=Count("pk", filter=Q(analysis__status=DealAnalysis.Status.DONE)),
        failed=Count("pk", filter=Q(analysis__status=DealAnalysis.Status.FAILED)),
    )
    return AnalysisProgress(counts["total"], counts["done"], counts["failed"])
