"""Sections of a free-deal event (rules.md 11.3): the director names them, in order, and puts
each pair in one. Each section is paired and ranked on its own; all share the rounds and the
clock. No sections is one implicit section (every pair together), as before sections existed.

Both the sections and the pairs' places in them are settings: fixed once a round has been
paired (a drafted round was paired by them, a released one played by them).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from formats.free_deal.models import PairSection, Section, SectionBye
from tournaments.models import Championship, Round, Team
from tournaments.services.common import ServiceError, lock_championship

MAX_SECTIONS = 20
MAX_NAME = Section._meta.get_field("name").max_length


def sections_of(championship: Championship) -> list[Section]:
    """The championship's sections in their order (empty: one implicit section)."""
    if not championship.pk:
        return []
    return list(Section.objects.filter(championship=championship).order_by("position"))


def section_ids(championship: Championship) -> dict[int, int]:
    """Each assigned pair's section id, by pair id (one query)."""
    return dict(PairSection.objects.filter(team__championship=championship)
                .values_list("team_id", "section_id"))


def _refuse_once_paired(championship: Championship, field: str) -> None:
    if championship.rounds.exists():
        raise ServiceError(_("Round 1 has been paired: the sections and the pairs in them can "
                             "no longer change."), field=field)


def clean_names(names) -> list[str]:
    """The section names as given, stripped, blank lines dropped; refused (naming the field
    ``sections``) when one is too long, repeated, or there are too many."""
    cleaned = [str(name).strip() for name in names if str(name).strip()]
    if len(cleaned) > MAX_SECTIONS:
        raise ServiceError(_("At most %(limit)s sections.") % {"limit": MAX_SECTIONS},
                           field="sections")
    seen: set[str] = set()
    for name in cleaned:
        if len(name) > MAX_NAME:
            raise ServiceError(_("The section name “%(name)s” is longer than %(limit)s "
                                 "characters.") % {"name": name[:MAX_NAME], "limit": MAX_NAME},
                               field="sections")
        if name.casefold() in seen:
            raise ServiceError(_("The section “%(name)s” is named twice.") % {"name": name},
                               field="sections")
        seen.add(name.casefold())
    if len(cleaned) == 1:
        raise ServiceError(_("Name two sections or more, or none for a single field."),
                           field="sections")
    return cleaned


def save_sections(championship: Championship, names) -> list[Section]:
    """Make the championship's sections exactly ``names``, in that order. A section kept
    (by name) keeps its pairs; a pair of a removed section is in none. Call it inside the
    settings' transaction."""
    names = clean_names(names)
    current = {s.name: s for s in sections_of(championship)}
    if list(current) == names:
        return list(current.values())
    _refuse_once_paired(championship, "sections")
    Section.objects.filter(championship=championship).exclude(name__in=names).delete()
    kept = {s.name: s for s in Section.objects.filter(championship=championship)}
    # Out of the way of the unique positions first, then each to its place.
    for n, section in enumerate(kept.values(), start=1):
        Section.objects.filter(pk=section.pk).update(position=MAX_SECTIONS + n)
    for position, name in enumerate(names, start=1):
        if name in kept:
            Section.objects.filter(pk=kept[name].pk).update(position=position)
        else:
            Section.objects.create(championship=championship, name=name, position=position)
    return sections_of(championship)


def section_by_name(championship: Championship, name: str, *,
                    sections: list[Section] | None = None) -> Section:
    """The section named ``name`` (case and spaces ignored), or a refusal naming the field
    ``section``."""
    sections = sections_of(championship) if sections is None else sections
    wanted = name.strip().casefold()
    for section in sections:
        if section.name.casefold() == wanted:
            return section
    if not sections:
        raise ServiceError(_("This championship has no sections: leave the section empty."),
                           field="section")
    raise ServiceError(_("There is no section “%(name)s”: the sections are %(names)s.")
                       % {"name": name.strip(), "names": ", ".join(s.name for s in sections)},
                       field="section")


@transaction.atomic
def assign_sections(championship: Championship, placements: dict[int, str | None]) -> None:
    """Put each pair (by id) in the named section (``None`` or ``""``: in none). All or
    nothing; refused once a round has been paired."""
    championship = lock_championship(championship)
    sections = sections_of(championship)
    teams = set(championship.teams.filter(pk__in=placements).values_list("pk", flat=True))
    resolved: dict[int, Section | None] = {}
    for team_id, name in placements.items():
        if team_id not in teams:
            raise ServiceError(_("The pair is not in this championship."), field="team")
        resolved[team_id] = section_by_name(championship, name, sections=sections) if name else None
    current = section_ids(championship)
    changed = {t: s for t, s in resolved.items() if current.get(t) != (s.pk if s else None)}
    if not changed:
        return
    _refuse_once_paired(championship, "section")
    PairSection.objects.filter(team_id__in=changed).delete()
    PairSection.objects.bulk_create(PairSection(team_id=t, section=s)
                                    for t, s in changed.items() if s is not None)


def set_pair_section(team: Team, name: str | None) -> None:
    assign_sections(team.championship, {team.pk: name})


def unplaced_pairs(championship: Championship) -> list[Team]:
    """The pairs in play that are in no section while the championship has sections."""
    if not Section.objects.filter(championship=championship).exists():
        return []
    return list(championship.teams.filter(withdrawn=False, free_deal_section__isnull=True)
                .order_by("number"))


# --- Drafted rounds (the hooks of ``formats.base.Format`` for drafts and withdrawals) ---------


def round_section_byes(round_: Round) -> set[int]:
    return set(SectionBye.objects.filter(round=round_).values_list("team_id", flat=True))


def check_tables(championship: Championship, tables: dict[int, tuple[int, int]]) -> None:
    """Refuse a drafted table whose two pairs are in different sections: each section plays
    among itself, so no game between sections can be entered."""
    placed = section_ids(championship)
    if not placed:
        return
    for number, (first, second) in sorted(tables.items()):
        if placed.get(first) != placed.get(second):
            names = {s.pk: s.name for s in sections_of(championship)}
            teams = {t.pk: t.name for t in championship.teams.filter(pk__in=(first, second))}
            none = _("no section")
            raise ServiceError(
                _("Table %(table)s would seat %(a)s (%(section_a)s) against %(b)s "
                  "(%(section_b)s): pairs of different sections never play each other.")
                % {"table": number, "a": teams[first],
                   "section_a": names.get(placed.get(first), none), "b": teams[second],
                   "section_b": names.get(placed.get(second), none)},
                field="team_b")


def swap_section_byes(round_: Round, swap: dict[int, int]) -> None:
    old = round_section_byes(round_)
    new = {swap.get(team, team) for team in old}
    if new != old:
        SectionBye.objects.filter(round=round_, team_id__in=old - new).delete()
        SectionBye.objects.bulk_create(SectionBye(round=round_, team_id=team)
                                       for team in new - old)


def set_section_bye(round_: Round, team: Team, given: bool) -> bool:
    """A withdrawal takes back a pair's section bye in a drafted round (a reinstatement
    gives it back); ``False`` for a championship without sections."""
    if not Section.objects.filter(championship_id=round_.championship_id).exists():
        return False
    if given:
        SectionBye.objects.get_or_create(round=round_, team=team)
    else:
        SectionBye.objects.filter(round=round_, team=team).delete()
    return True
