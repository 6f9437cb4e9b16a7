"""Operations that change championships, teams, rounds, tables and deals.

One function per operation, each inside a transaction. A refused operation raises
:class:`ServiceError` with a translated message (naming the field when there is one) and
writes nothing; views show the message.

Movements (rules.md 7): :func:`generate_next_round` drafts what comes next as the
championship's format says (``formats``; the pairs' round robin and Swiss movements are
``formats.duplicate_pairs.rounds``). A team withdrawn after a round robin's schedule is made
keeps its place in it, and its opponents in the rounds not yet released have a bye
(``withdrawals``, rules.md 6.5).

Deals (rules.md 8): a round's deals are created with the round, from the championship's
secret key, and may be replaced by imported ones until the round is released.

Modules: ``common`` (the error, locks and checks every operation shares, and a round's
deals from the key), ``championships`` (details, settings and directors), ``teams``
(registering, importing, withdrawing; links and PINs), ``withdrawals`` (the byes a
withdrawal gives in the rounds not yet released), ``rounds`` (asking the format for the
next round, discarding drafted rounds), ``round_states`` (releasing, closing and reopening a round;
finishing the championship), ``drafts`` (changing a drafted round by hand), ``deals``
(importing deals and restoring the generated ones), ``places`` (the final places kept when a
championship finishes, rules.md 13), ``ratings`` (rebuilding the players' ratings, 13.3).
"""

from tournaments.services.championships import (
    CHAMPIONSHIP_FIELDS,
    LOCKED_SETTINGS,
    SHAPE_SETTINGS,
    add_director,
    create_championship,
    locked_fields,
    remove_director,
    settings_locked,
    update_championship,
)
from tournaments.services.common import ServiceError
from tournaments.services.deals import import_deals, restore_generated_deals
from tournaments.services.drafts import swap_tables, swap_teams
from tournaments.services.round_states import (
    close_round,
    finish_championship,
    release_round,
    reopen_round,
)
from tournaments.services.rounds import discard_drafted_rounds, generate_next_round
from tournaments.services.teams import (
    TEAM_FIELDS,
    add_team,
    check_pin,
    import_teams,
    reinstate_team,
    reissue_link,
    reissue_pin,
    team_import_template,
    update_team,
    withdraw_team,
)

__all__ = [
    "CHAMPIONSHIP_FIELDS", "LOCKED_SETTINGS", "SHAPE_SETTINGS", "TEAM_FIELDS", "ServiceError",
    "add_director", "add_team", "check_pin", "close_round", "create_championship",
    "discard_drafted_rounds", "finish_championship", "generate_next_round",
    "import_deals", "import_teams", "locked_fields", "reinstate_team", "reissue_link", "reissue_pin",
    "release_round", "remove_director", "reopen_round", "restore_generated_deals",
    "settings_locked", "swap_tables", "swap_teams", "team_import_template", "update_championship",
    "update_team", "withdraw_team",
]
