"""Template tags that show the deals' double-dummy analysis (rules.md 8.1).

``{% deal_analysis_block championship number %}`` shows the table, par and optimal line of a
deal, and nothing until its round is closed and the analysis is done.
``{% analysis_panel championship %}`` is the director's progress and "recompute" button.
"""

from __future__ import annotations

from django import template

from tournaments.analysis_selectors import analysis_progress, deal_analysis

register = template.Library()


@register.inclusion_tag("tournaments/_analysis.html")
def deal_analysis_block(championship, number: int, printed: bool = False):
    deal = championship.deals.select_related("round").filter(number=number).first()
    return {"analysis": deal_analysis(deal) if deal is not None else None, "printed": printed}


@register.inclusion_tag("tournaments/director/_analysis_panel.html", takes_context=True)
def analysis_panel(context, championship):
    return {
        "championship": championship,
        "progress": analysis_progress(championship),
        "csrf_token": context.get("csrf_token"),
    }
