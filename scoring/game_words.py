"""How the refusals of a game's hand-by-hand record read (rules.md 11.2, and 12.1 for the
group games): the codes of ``engine.free_deal.hands``, whose check every format with a score
pad shares, in the reader's language. Here because a format may not import another; each
format spreads them into its own messages (``engine.field_error.worded``)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def unreadable_record(problem) -> str:
    """A record that is not a list of hands at all (a field missing, of the wrong kind)."""
    return _("The hand-by-hand record cannot be read: %(problem)s") % {"problem": problem}


def record_messages() -> dict[str, str]:
    """Each refusal code of a hand-by-hand record in the reader's language; the engine's
    parameters fill them in."""
    return {
        "record_length": _("The hand-by-hand record has %(hands)s hands, but %(hands_played)s "
                           "were played: send the hands played, or these totals without the "
                           "record (on the phone: “Clear the pad”)."),
        "unknown_pair": _("Hand %(hand)s: choose which pair."),
        "makers_do_not_alternate": _("Hand %(hand)s: the deal passes to the right after each "
                                     "hand, so the trump makers change from pair to pair."),
        "unknown_contract": _("Hand %(hand)s: choose the trumps or Botifarra."),
        "unknown_doubling": _("Hand %(hand)s: the doubling is none, contro, recontro or Sant "
                              "Vicenç."),
        "sant_vicenc_forbidden": _("Hand %(hand)s: Sant Vicenç is not allowed in this "
                                   "championship."),
        "points_without_scorer": _("Hand %(hand)s: points were scored, so choose the pair "
                                   "that scored them."),
        "scorer_without_points": _("Hand %(hand)s: a scoring pair needs its points."),
        "impossible_points": _("Hand %(hand)s: no result of that contract and doubling scores "
                               "%(points)s points."),
        "hand_after_target": _("Hand %(hand)s was played after a pair had reached the "
                               "target."),
        "hands_do_not_add_up": _("The hands stop adding up to the reported points at hand "
                                 "%(hand)s: send the hands played, or these totals without "
                                 "the record (on the phone: “Clear the pad”)."),
    }
