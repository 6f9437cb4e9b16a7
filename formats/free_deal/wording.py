"""How the free-deal format's refusals name who plays at a table: a pair who plays games
(the core's words, ``scoring.wording``), given to them through ``Format.wording``; and how
its tie-break metrics are named."""

from django.utils.translation import gettext_lazy as _

from scoring.wording import GAME_PAIR_WORDING

#: The core's words for pairs who play games (``scoring.wording``).
PAIR_WORDING = GAME_PAIR_WORDING


#: How the ranking's tie-break metrics (``engine.free_deal.METRICS``) are named: on a sheet,
#: and in the settings' order picker.
METRIC_NAMES = {
    "match_points": _("match points"),
    "point_difference": _("point difference"),
    "points": _("points scored"),
    "buchholz": _("Buchholz"),
    "wins": _("games won"),
    "points_against": _("fewest points conceded"),
}
