"""The public archive: what the published pages show, in one file.

Settings, teams (no link, no PIN), the released and closed rounds with their tables, and
what the championship's format adds (``Format.public_archive``): for duplicate pairs, the
deals of closed rounds only (rules.md 8) with their double-dummy analysis once it is done
(rules.md 8.1), the counted result and scores of every table on those deals, the adjusted
scores in force there, and the standings after the closed rounds
(``formats.duplicate_pairs.archive``).
No id of a private link, no deal key until the championship is finished, no audit address.
Teams, rounds, tables and deals are referred to by their numbers, as on the pages.
"""

from __future__ import annotations

from formats import format_of
from scoring.archive.export import header, snapshot
from scoring.archive.format import KIND_PUBLIC, write_date, write_datetime
from tournaments import selectors as tournament_selectors
from tournaments.models import Championship

_SETTINGS = ("name", "venue", "status", "format", "deals_per_match", "variant", "doubling", "movement",
             "rounds_planned", "results_public", "key_commitment")


def export_public(championship: Championship) -> dict:
    """Everything anyone may see of the championship (``docs/archive.md``)."""
    with snapshot():
        return _public(championship)


def _public(championship: Championship) -> dict:
    archive = header(KIND_PUBLIC)
    details = {name: getattr(championship, name) for name in _SETTINGS}
    details.update(id=championship.pk, starts_on=write_date(championship.starts_on),
                   ends_on=write_date(championship.ends_on))
    # The key is public once the championship is finished (the deal-check page shows it).
    details["deal_key"] = championship.deal_key if championship.key_revealed else None
    archive["championship"] = details
    teams = {t.pk: t for t in tournament_selectors.teams(championship)}
    number = {pk: team.number for pk, team in teams.items()}
    archive["teams"] = [
        {"number": t.number, "name": t.name, "club": t.club, "player1": t.player1,
         "player2": t.player2, "withdrawn": t.withdrawn}
        for t in teams.values()
    ]
    rounds = list(tournament_selectors.released_rounds(championship))
    archive["rounds"] = [
        {"number": r.number, "status": r.status,
         "bye_team": number.get(r.bye_team_id), "released_at": write_datetime(r.released_at),
         "closed_at": write_datetime(r.closed_at)}
        for r in rounds
    ]
    archive["tables"] = [
        {"round": r.number, "number": t.number, "ns_team": number[t.ns_team_id],
         "ew_team": number[t.ew_team_id]}
        for r in rounds for t in sorted(r.tables.all(), key=lambda t: t.number)
    ]
    # The results and the standings are the format's (formats.base.Format).
    archive.update(format_of(championship).public_archive(championship, rounds, number))
    return archive
