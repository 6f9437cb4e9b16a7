"""How a format names who plays at a table, per format: its refusals, and the entrant word
the shared pages, messages and exports use (no models here: ``formats.base`` reads it before
the apps are loaded)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class Wording:
    """How a format names who plays at a table: a duplicate team, a free-deal pair, an
    individual player (each format gives its own, through ``formats``' seam:
    ``Format.wording``).

    The refusals are whole sentences. The entrant word comes in four forms (``entrant``,
    ``entrants``, ``entrant_title``, ``entrants_title``), for headings, lists and phrases
    where no article or adjective agrees with it (Catalan and Spanish give the pair and the
    player different genders); the few sentences where one does are whole sentences here
    too (``add_one``, ``add_button``, ``none_yet``). Templates read them with
    ``{{ championship|entrant:"Entrants" }}`` (``formats_tags``)."""

    not_your_table: object
    withdrawn: object
    withdrawal_bye: object
    no_open_table: object
    # The entrant word (pairs by default: duplicate and free-deal pairs).
    entrant: object = gettext_lazy("pair")
    entrants: object = gettext_lazy("pairs")
    entrant_title: object = gettext_lazy("Pair")
    entrants_title: object = gettext_lazy("Pairs")
    add_one: object = gettext_lazy("Add a pair")
    add_button: object = gettext_lazy("Add the pair")
    none_yet: object = gettext_lazy("No pairs yet: add them one by one or import a file.")


TEAM_WORDING = Wording(
    not_your_table=gettext_lazy("Your pair does not play at this table."),
    withdrawn=gettext_lazy("Your pair has withdrawn: its link can no longer enter or confirm "
                           "results. Please ask the director."),
    withdrawal_bye=gettext_lazy("The other pair has withdrawn: this table plays no deal and "
                                "your pair has a bye."),
    no_open_table=gettext_lazy("Your pair has no open table right now: the round is closed "
                               "or has not started."),
)

#: Pairs who play games, not deals (free-deal pairs, groups then knockout): a withdrawal
#: leaves their table no game.
GAME_PAIR_WORDING = replace(
    TEAM_WORDING,
    withdrawal_bye=gettext_lazy("The other pair has withdrawn: this table plays no game and "
                                "your pair has a bye."),
)

#: The four forms of the entrant word by the names templates use (``entrant`` filter).
ENTRANT_FORMS = {"entrant": "entrant", "entrants": "entrants", "Entrant": "entrant_title",
                 "Entrants": "entrants_title"}
#: The whole sentences that name the entrant (``entrant`` filter).
ENTRANT_SENTENCES = ("add_one", "add_button", "none_yet")
