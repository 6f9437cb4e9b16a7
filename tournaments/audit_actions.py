"""The actions an :class:`~tournaments.models.AuditEvent` records (its ``action`` choices).

In their own module so that ``tournaments/models/audit.py`` does not grow with each new audited
action; the formats' actions are listed here too (one audit log for every format).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    ROUND_RELEASED = "round_released", _("round released")
    ROUND_CLOSED = "round_closed", _("round closed")
    ROUND_REOPENED = "round_reopened", _("round reopened")
    RESULTS_PUBLISHED = "results_published", _("results published")
    RESULTS_UNPUBLISHED = "results_unpublished", _("results unpublished")
    LINK_REISSUED = "link_reissued", _("team link reissued")
    PIN_REISSUED = "pin_reissued", _("team PIN reissued")
    TEAM_WITHDRAWN = "team_withdrawn", _("team withdrawn")
    TEAM_REINSTATED = "team_reinstated", _("team reinstated")
    WITHDRAWAL_BYE_GIVEN = "withdrawal_bye_given", _("bye given (opponent withdrawn)")
    WITHDRAWAL_BYE_REMOVED = "withdrawal_bye_removed", _("bye taken back (opponent reinstated)")
    ROUND_BYE_CANCELLED = "round_bye_cancelled", _("bye cancelled (team withdrawn)")
    ROUND_BYE_RESTORED = "round_bye_restored", _("bye restored (team reinstated)")
    CHAMPIONSHIP_FINISHED = "championship_finished", _("championship finished")
    DIRECTOR_ADDED = "director_added", _("director added")
    DIRECTOR_REMOVED = "director_removed", _("director removed")
    LOGIN_FAILED = "login_failed", _("failed login")
    BACKUP_DOWNLOADED = "backup_downloaded", _("full backup downloaded")
    ROUNDS_PLANNED_CHANGED = "rounds_planned_changed", _("rounds planned changed")
    # A championship archived, brought back, or deleted (``scoring.archive.retiring``).
    CHAMPIONSHIP_ARCHIVED = "championship_archived", _("championship archived")
    CHAMPIONSHIP_RESTORED = "championship_restored", _("championship brought back from the archive")
    CHAMPIONSHIP_DELETED = "championship_deleted", _("championship deleted")
    # A round's clock (tournaments.services.clock): free-deal pairs, an individual evening.
    CLOCK_STARTED = "clock_started", _("round clock started")
    CLOCK_PAUSED = "clock_paused", _("round clock paused")
    CLOCK_RESUMED = "clock_resumed", _("round clock resumed")
    CLOCK_EXTENDED = "clock_extended", _("round clock extended")
    # A knockout stage (scoring.services.knockout; free-deal's settings, formats.free_deal).
    KNOCKOUT_SETTINGS_CHANGED = "knockout_settings_changed", _("knockout settings changed")
    KNOCKOUT_STARTED = "knockout_started", _("knockout bracket drawn")
    KNOCKOUT_GAME_ENTERED = "knockout_game_entered", _("knockout game entered")
    # Groups then knockout: making the groups (formats.groups_knockout.services.groups).
    GROUPS_DRAWN = "groups_drawn", _("groups made")
    GROUPS_SWAPPED = "groups_swapped", _("pairs swapped between groups")
    # The director's draw between level pairs (formats.groups_knockout.services.draws).
    GROUP_TIE_DRAWN = "group_tie_drawn", _("draw between level pairs")
