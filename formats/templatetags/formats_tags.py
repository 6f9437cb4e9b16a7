"""``championship|format``: the championship's format (``formats.base.Format``), so that a
shared template asks it (``fmt.has_deals``, ``fmt.facts_template``) instead of naming one;
``{% projector_panel championship %}``: what the format adds to the shared projector;
``{% download_links championship as kinds %}`` and ``{% round_printouts championship round
as sheets %}``: what the format offers to download and to print;
``championship|entrant:"Entrants"``: the word for who plays (pairs, players);
``championship|format_summary``: the format as a list of championships names it."""

from django import template

from formats import format_of

register = template.Library()


@register.filter(name="format")
def format_filter(championship):
    return format_of(championship)


@register.filter
def format_summary(championship) -> str:
    """The format in a list of championships: "Duplicate pairs · Swiss", "Free-deal pairs
    (Swiss)", "Individual (abarrotada)" (the movement where the director chose one)."""
    fmt = format_of(championship)
    if "movement" in fmt.championship_fields:
        return f"{fmt.label} · {championship.get_movement_display()}"
    return str(fmt.label)


@register.simple_tag(takes_context=True)
def projector_panel(context, championship):
    return format_of(championship).projector_panel(context.get("request"), championship)


@register.simple_tag(takes_context=True)
def round_panel(context, round_):
    """What the format shows on the director's round page (a free-deal round's clock)."""
    return format_of(round_.championship).round_panel(context.get("request"), round_)


@register.simple_tag
def download_links(championship) -> list:
    """The export kinds the results pages link to for the championship (its format's
    public ones)."""
    from scoring.exports.registry import download_links as links  # late: imports models

    return links(championship)


@register.simple_tag
def round_printouts(championship, round_) -> list:
    """``(label, url)`` of the sheets the director prints for a round, as its format says."""
    return format_of(championship).round_printouts(round_)


@register.filter
def has_deals(fmt) -> bool:
    """Whether the format's rounds have generated deals (travellers, deal sheets...)."""
    return fmt.has_deals


@register.simple_tag
def captain_results_links(team) -> list:
    """The public results a captain's page links to (``Format.captain_results_links``)."""
    return format_of(team.championship).captain_results_links(team)


@register.filter
def players_entrants(fmt) -> bool:
    """Whether the format's entrants are players, one each (individual championships)."""
    return fmt.players_entrants


@register.filter
def entrant(championship, form: str = "Entrants"):
    """The championship's entrant word in ``form`` ("entrant", "entrants", "Entrant",
    "Entrants"), or one of its whole sentences ("add_one", "add_button", "none_yet"), as
    its format words it (``Format.wording``): pairs, or players in individual play."""
    from scoring.wording import ENTRANT_FORMS, ENTRANT_SENTENCES

    name = ENTRANT_FORMS.get(form, form)
    if name not in ENTRANT_SENTENCES and name not in ENTRANT_FORMS.values():
        raise template.TemplateSyntaxError(f"entrant: no form {form!r}")
    return getattr(format_of(championship).wording, name)
