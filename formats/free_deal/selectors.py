"""Reads of the free-deal format: the ranking (rules.md 11.3), the sections, the byes and the
pairing history. Each table's game, its state and the games that count are the core's
(``scoring.selectors.games``, named here too for this format's callers), and so is the
knockout bracket (``scoring.selectors.knockout``); a round's clock is the core's too
(``tournaments.clock_selectors``). A fixed number of queries each, whatever the number of
pairs (pinned in tests/formats/test_free_deal_costs.py)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, Q

from formats.free_deal import rules
from formats.free_deal.models import Section, SectionBye
from formats.free_deal.services.settings import settings_of
from scoring.selectors.games import (  # noqa: F401  the core's game reads, as this format's
    CONFIRMED,
    DISPUTED,
    EMPTY,
    PENDING,
    CountedGame,
    TableGame,
    counted_games,
    entry_state,
    game_history,
    missing_results,
    round_games,
    table_game,
)
from tournaments.models import Championship, Round, Table, Team


def byes(championship: Championship, *, up_to: int | None = None) -> list[tuple[int, int]]:
    """``(round number, pair id)`` of every bye: the round's odd pair out (a section's, when
    there are sections), and a pair whose opponent withdrew before the round was released."""
    rounds = Round.objects.filter(championship=championship).exclude(bye_team=None)
    tables = Table.objects.filter(round__championship=championship).exclude(bye_team=None)
    sections = SectionBye.objects.filter(round__championship=championship)
    if up_to is not None:
        rounds = rounds.filter(number__lte=up_to)
        tables = tables.filter(round__number__lte=up_to)
        sections = sections.filter(round__number__lte=up_to)
    # One query for the three kinds.
    return list(rounds.order_by().values_list("number", "bye_team_id").union(
        tables.order_by().values_list("round__number", "bye_team_id"),
        sections.order_by().values_list("round__number", "team_id"), all=True))


@dataclass(frozen=True)
class SectionRanking:
    """One section's ranking (``section`` None: a championship without sections)."""

    section: Section | None
    lines: list


@dataclass(frozen=True)
class RankingRead:
    """What a ranking is made of, read once: the pairs (with their sections' columns), the
    settings, the counted games and the byes. A page that shows them beside the ranking (a
    pair's scorecard) reads them once through :func:`ranking_read`."""

    pairs: list
    settings: object
    games: list[CountedGame]
    byes: list[tuple[int, int]]


def ranking_read(championship: Championship, *, up_to: int | None = None) -> RankingRead:
    """The rows of :func:`section_rankings` (four queries)."""
    # The pairs with their sections in the same query (a LEFT JOIN: none without sections).
    # The section's columns annotated rather than ``select_related``: one model instance per
    # pair instead of three, and one ``Section`` per section (``_sections_of``).
    pairs = list(championship.teams.annotate(
        section_pk=F("free_deal_section__section_id"),
        section_name=F("free_deal_section__section__name"),
        section_position=F("free_deal_section__section__position")).order_by("number"))
    return RankingRead(pairs, settings_of(championship),
                       counted_games(championship, up_to=up_to),
                       byes(championship, up_to=up_to))


def section_rankings(championship: Championship, *, up_to: int | None = None,
                     read: RankingRead | None = None) -> list[SectionRanking]:
    """The ranking of each section (rules.md 11.3), in the sections' order (a section without
    pairs has none); one unnamed ranking of every pair when no pair is in a section. A pair
    in no section (possible only before round 1 is paired) is ranked in a last, unnamed
    group. As many queries as without sections; none when ``read`` (from
    :func:`ranking_read`, ``up_to`` then ignored) gives the rows."""
    read = read or ranking_read(championship, up_to=up_to)
    pairs, settings, games, all_byes = read.pairs, read.settings, read.games, read.byes
    section_of = _sections_of(championship, pairs)
    sections = sorted({s for s in section_of.values() if s is not None},
                      key=lambda s: s.position)
    if not sections:
        return [SectionRanking(None, rules.rank(settings, pairs, games, all_byes))]
    # One pass over the pairs, the games and the byes each, splitting them by section (keyed
    # by the section's id; None for the pairs in no section); each section is then ranked
    # on its own games only.
    key_of = {pk: None if section is None else section.pk for pk, section in section_of.items()}
    members: dict = {section.pk: [] for section in sections}
    members[None] = []
    for pair in pairs:
        members[key_of[pair.pk]].append(pair)
    # A game or a bye of no pair listed (none expected) is left out, as each section's own
    # filter left it out.
    games_of: dict = {key: [] for key in members}
    games_of[_NOWHERE] = []
    for game in games:
        games_of[key_of.get(game.first_id, _NOWHERE)].append(game)
    byes_of: dict = {key: [] for key in members}
    byes_of[_NOWHERE] = []
    for bye in all_byes:
        byes_of[key_of.get(bye[1], _NOWHERE)].append(bye)
    result = []
    for section in [*sections, None]:
        key = None if section is None else section.pk
        if section is None and not members[None]:
            continue
        lines = rules.rank(settings, members[key], games_of[key], byes_of[key],
                           section=section)
        result.append(SectionRanking(section, lines))
    return result


#: The key of the games and byes of no pair listed (``section_rankings``).
_NOWHERE = object()


def _sections_of(championship: Championship, pairs: list[Team]) -> dict[int, Section | None]:
    """Each pair's section (None: in no section), from the columns ``section_rankings``
    annotates; each section built once, as the database returned it."""
    built: dict[int, Section] = {}
    section_of: dict[int, Section | None] = {}
    for pair in pairs:
        if pair.section_pk is None:
            section_of[pair.pk] = None
            continue
        if pair.section_pk not in built:
            built[pair.section_pk] = Section.from_db(
                Section.objects.db, ["id", "championship_id", "name", "position"],
                [pair.section_pk, championship.pk, pair.section_name, pair.section_position])
        section_of[pair.pk] = built[pair.section_pk]
    return section_of


def ranking(championship: Championship, *, up_to: int | None = None) -> list:
    """The ranking lines of every pair (rules.md 11.3), best first, from the counted games;
    with sections, each section's lines in turn (each place within its section, each line's
    ``section`` set)."""
    return [line for part in section_rankings(championship, up_to=up_to) for line in part.lines]


def history(championship: Championship) -> tuple[set[frozenset], list[int]]:
    """Who has met whom (every table ever drafted, played or not), and one entry per bye."""
    met = {
        frozenset(pair)
        for pair in Table.objects.filter(round__championship=championship)
        .values_list("ns_team_id", "ew_team_id")
    }
    return met, [pair for _number, pair in byes(championship)]


@dataclass
class TeamGame:
    """A pair's game as its link shows it: its table in the open round (else its latest
    table), the game there, and the open round in which it has the bye, if any."""

    team: Team
    table: Table | None
    game: TableGame | None
    bye_round: Round | None

    @property
    def open(self) -> bool:
        """Whether the table's round is in play."""
        return self.table is not None and self.table.round.status == Round.Status.RELEASED

    @property
    def we_are(self) -> str | None:
        """Whether the pair is the first (``ns_team``) or the second pair at its table."""
        if self.table is None:
            return None
        return "first" if self.table.ns_team_id == self.team.pk else "second"

    @property
    def opponent(self) -> Team | None:
        if self.table is None:
            return None
        return self.table.ew_team if self.we_are == "first" else self.table.ns_team

    @property
    def writable(self) -> bool:
        """Whether the link may enter and confirm there now (not withdrawn, not a table
        whose other pair withdrew)."""
        return self.open and not self.team.withdrawn and self.table.bye_team_id is None


def round_byes(round_: Round) -> list[Team]:
    """The pairs sitting the round out with a bye (the odd pair out; with sections, one per
    section with an odd number of pairs), by number (one query)."""
    return list(Team.objects.filter(championship_id=round_.championship_id)
                .filter(Q(byes=round_) | Q(section_byes__round=round_)).distinct()
                .order_by("number"))


def open_bye_round(team: Team) -> Round | None:
    rounds = Round.objects.filter(championship_id=team.championship_id,
                                  status=Round.Status.RELEASED)
    return ((rounds.filter(bye_team=team) | rounds.filter(section_byes__team=team))
            .order_by("number").first())


def team_game(team: Team) -> TeamGame:
    table = team_table(team)
    game = table_game(table) if table is not None else None
    return TeamGame(team, table, game, open_bye_round(team))


def ranking_in_scope(scope) -> list:
    """The ranking a results reader sees (``scoring.selectors.ranking_scope``): live, every
    confirmed game, for the championship's directors; else after the chosen closed round,
    or the last one (none yet: nothing counts)."""
    up_to = scope.up_to
    if up_to is None and not scope.live:
        up_to = scope.last_closed
    return ranking(scope.championship, up_to=up_to)


def team_table(team: Team) -> Table | None:
    """The pair's table in its earliest open round, else its latest table."""
    tables = (Table.objects.filter(round__championship_id=team.championship_id)
              .filter(round__status__in=[Round.Status.RELEASED, Round.Status.CLOSED])
              .filter(ns_team=team) | Table.objects.filter(
                  round__championship_id=team.championship_id,
                  round__status__in=[Round.Status.RELEASED, Round.Status.CLOSED], ew_team=team))
    # The championship and its game settings in the same read: entering a game checks them.
    tables = tables.select_related("round__championship__free_deal_settings", "ns_team",
                                   "ew_team")
    open_ = tables.filter(round__status=Round.Status.RELEASED).order_by("round__number").first()
    return open_ or tables.order_by("-round__number").first()

