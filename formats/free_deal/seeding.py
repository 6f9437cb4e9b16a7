"""Round 1 seeded by rating, as the director sees it before pairing it (rules.md 11.3 and
13.3): each section's pairs in play in the order round 1 will use, best first. The order is
the core's (``tournaments.rating_selectors``); ``services.pairing`` pairs it top half v
bottom half."""

from __future__ import annotations

from dataclasses import dataclass

from formats.free_deal.services.sections import section_ids, sections_of
from tournaments.models import Championship
from tournaments.rating_selectors import Seed, seeding_lines


@dataclass(frozen=True)
class SectionSeeding:
    """A section's seeding (``name`` empty without sections)."""

    name: str
    lines: list[Seed]


def rating_seeding(championship: Championship) -> list[SectionSeeding]:
    """What round 1 will be seeded from, section by section, while it is seeded by rating
    and not paired yet; empty otherwise."""
    if not championship.seed_by_rating or championship.rounds.exists():
        return []
    teams = list(championship.teams.filter(withdrawn=False).order_by("number"))
    lines = seeding_lines(championship, teams)
    sections = sections_of(championship)
    if not sections:
        return [SectionSeeding("", lines)]
    placed = section_ids(championship)
    parts = []
    for section in sections:
        own = [line for line in lines if placed.get(line.team.pk) == section.pk]
        parts.append(SectionSeeding(section.name, [
            Seed(seed, line.team, line.strength) for seed, line in enumerate(own, start=1)]))
    return parts
