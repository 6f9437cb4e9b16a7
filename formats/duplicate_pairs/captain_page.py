"""What the duplicate pairs' captain's page shows: the team's tables, their deals, states and forms.

Rendering a result form through Django's widgets costs about a millisecond, and the page
has one per deal. An empty form differs from another only by its prefix and its
idempotency key, so its HTML is rendered once per language and deal number and reused with
a fresh key (:func:`blank_result_fields`); a form that shows errors is rendered as usual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from formats.duplicate_pairs.forms import DisputeForm, PinForm, ResultForm
from scoring import selectors
from scoring.forms import new_idempotency_key
from scoring.models import ResultEntry
from tournaments.models import Deal, Table, Team

_KEY_PLACEHOLDER = "@@idempotency-key@@"


@lru_cache(maxsize=2048)
def _blank_fields(language: str, prefix: str) -> str:
    form = ResultForm(prefix=prefix, initial={"idempotency_key": _KEY_PLACEHOLDER})
    return render_to_string("scoring/_result_fields.html", {"form": form})


def blank_result_fields(deal_number: int) -> SafeString:
    """The fields of an empty result form for a deal, with a new idempotency key."""
    html = _blank_fields(get_language() or "", f"d{deal_number}")
    return mark_safe(html.replace(_KEY_PLACEHOLDER, new_idempotency_key()))  # noqa: S308


@dataclass
class CaptainDeal:
    deal: Deal
    trump_side: str
    we_make_trumps: bool
    state: selectors.ResultState
    open_form: bool
    # Forms bound to a failed submission, by kind ("result", "dispute", "pin").
    bound: dict = field(default_factory=dict)
    # The messages about this deal after the last action (a refusal, a wrong PIN, a notice).
    notes: list = field(default_factory=list)

    # Forms are built only when the page shows them: most deals need none of the three.
    @cached_property
    def form(self) -> ResultForm:
        return self.bound.get("result") or ResultForm(prefix=f"d{self.deal.number}")

    @cached_property
    def dispute_form(self) -> DisputeForm:
        return self.bound.get("dispute") or DisputeForm(prefix=f"x{self.deal.number}")

    @cached_property
    def pin_form(self) -> PinForm:
        return self.bound.get("pin") or PinForm(prefix=f"p{self.deal.number}")

    @property
    def blank_fields(self) -> str | None:
        """The fields of an empty result form, or ``None`` when the form shows errors."""
        if "result" in self.bound:
            return None
        return blank_result_fields(self.deal.number)

    @property
    def pending(self) -> ResultEntry | None:
        return self.state.pending_entry

    @property
    def counted(self) -> ResultEntry | None:
        return self.state.counted


@dataclass
class CaptainTable:
    """One of the team's tables on its page, with its deals."""

    table: Table
    our_side: str | None
    opponent: Team | None
    deals: list[CaptainDeal]
    writable: bool


def captain_tables(team: Team, tables: list[Table], *, bound: dict | None = None,
                    writable=True, notes: dict | None = None) -> list[CaptainTable]:
    """The team's tables with their deals, states and forms, in a bounded number of queries
    whatever the number of tables. ``bound`` maps a deal id to forms bound to a failed
    submission, so that their errors show."""
    bound = bound or {}
    notes = notes or {}
    if not tables:
        return []
    deals = list(Deal.objects.filter(round_id__in=[t.round_id for t in tables]).order_by("number"))
    states = selectors.result_states(tables, deals)
    sections = []
    for table in tables:
        our_side = selectors.team_side(table, team)
        rows = []
        for deal in deals:
            if deal.round_id != table.round_id:
                continue
            state = states[(table.pk, deal.pk)]
            forms = bound.get(deal.pk, {})
            trump = selectors.deal_trump_side(deal)
            rows.append(
                CaptainDeal(
                    deal=deal,
                    trump_side=trump,
                    we_make_trumps=trump == our_side,
                    state=state,
                    open_form=writable and (state.latest is None or "result" in forms),
                    bound=forms,
                    notes=notes.get(deal.number, []),
                )
            )
        sections.append(
            CaptainTable(
                table=table,
                our_side=our_side,
                opponent=selectors.opponent_of(table, team.pk),
                deals=rows,
                writable=writable,
            )
        )
    return sections
