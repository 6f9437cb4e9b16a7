"""The director's pages. Login required; a championship's pages answer 404 to anyone who
does not direct it. Views are thin: forms check the input, services do the work and
raise ``ServiceError`` with a message the page shows.

Modules: ``common`` (the access check ``director_page`` and the helpers every page shares),
``championships`` (the home page, a championship's page and settings, its directors),
``teams`` (registering, editing and importing teams; their cards and PINs), ``rounds``
(generating rounds, a round's page and its changes, table cards) and ``deals`` (importing
and restoring deals, deal sheets). The names below keep ``director_views.<view>`` working
for the URL conf and for the other view modules that reuse ``director_page``.
"""

from tournaments.director_views.championships import (
    championship_create,
    championship_detail,
    championship_edit,
    director_add,
    director_home,
)
from tournaments.director_views.common import director_page
from tournaments.director_views.deals import (
    deal_import,
    deal_restore,
    deal_sheets_pdf,
    round_deal_sheets_pdf,
)
from tournaments.director_views.rounds import (
    generate_rounds,
    round_detail,
    round_release,
    round_reopen,
    round_swap_tables,
    round_swap_teams,
    table_cards_pdf,
)
from tournaments.director_views.teams import (
    team_cards_pdf,
    team_edit,
    team_import,
    team_list,
    team_reinstate,
    team_reissue_pin,
    team_template,
)

__all__ = [
    "championship_create",
    "championship_detail",
    "championship_edit",
    "deal_import",
    "deal_restore",
    "deal_sheets_pdf",
    "director_add",
    "director_home",
    "director_page",
    "generate_rounds",
    "round_deal_sheets_pdf",
    "round_detail",
    "round_release",
    "round_reopen",
    "round_swap_tables",
    "round_swap_teams",
    "table_cards_pdf",
    "team_cards_pdf",
    "team_edit",
    "team_import",
    "team_list",
    "team_reinstate",
    "team_reissue_pin",
    "team_template",
]
