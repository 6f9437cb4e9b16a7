"""Ties of a knockout bracket that are decided without a game (rules.md 12.3, 12.4): a bye
(a first-round tie with one pair, who goes through at once), a pair withdrawn during the
knockout (its opponent goes through, when the format says so: ``Format.knockout_walkovers``),
and the third-place game's pairs once both semi-finals are decided.

The engine decides (``engine.free_deal.knockout.advance``, from the stored first round, the
games counted and the withdrawn pairs); this module writes the ties whose pairs or winner it
changed, in the caller's transaction and under its lock of the championship. A bracket
without byes or withdrawals is left as the games made it, so a format without either sees
no change. The third-place tie is stored after the final (same ``stage``, ``slot`` 2) and
never feeds another tie.
"""

from __future__ import annotations

from engine.free_deal import knockout as ko
from formats import format_of
from scoring.models import KnockoutTie
from scoring.services import live_events
from tournaments.models import Championship

#: The third-place tie's slot in the final's stage (the final is slot 1).
THIRD_PLACE_SLOT = 2


def is_third_place(tie: KnockoutTie, last_stage: int) -> bool:
    return tie.stage == last_stage and tie.slot == THIRD_PLACE_SLOT


def decided_ties(ties: list[KnockoutTie]) -> tuple[list[KnockoutTie], KnockoutTie | None] | None:
    """The bracket's ties less the third-place game, and that game (``None`` without one),
    once the final and any third-place game are decided; ``None`` before, or without ties:
    what a format's final places wait for (rules.md 11.3, 12.4)."""
    if not ties:
        return None
    last = max(tie.stage for tie in ties)
    third = next((tie for tie in ties if is_third_place(tie, last)), None)
    final = next(tie for tie in ties if tie.stage == last and tie.slot == 1)
    if final.winner_id is None or (third is not None and third.winner_id is None):
        return None
    return [tie for tie in ties if tie is not third], third


def engine_bracket(ties: list[KnockoutTie], best_of: int, *,
                   withdrawn=()) -> ko.Bracket:
    """The engine's bracket of the stored ``ties`` (every tie of the championship, any
    order, their games prefetched or not): the first round as stored, the games counted, and
    the later rounds as the engine fills them. The third-place tie is left out. A tie lost
    without a game (its pair withdrew) stands, even once that pair is reinstated."""
    last = max(tie.stage for tie in ties)
    withdrawn = set(withdrawn) | {
        tie.second_id if tie.winner_id == tie.first_id else tie.first_id
        for tie in ties if tie.winner_id and tie.first_id and tie.second_id
        and not tie.games.all() and not is_third_place(tie, last)}
    first_round = sorted((t for t in ties if t.stage == 1), key=lambda t: t.slot)
    rounds = [tuple(ko.Tie(1, t.slot, t.first_id, t.second_id, t.first_seed, t.second_seed)
                    for t in first_round)]
    while len(rounds[-1]) > 1:
        number = len(rounds) + 1
        rounds.append(tuple(ko.Tie(number, k + 1) for k in range(len(rounds[-1]) // 2)))
    results = {}
    for tie in ties:
        games = list(tie.games.all())
        if games and not is_third_place(tie, last):
            results[frozenset((tie.first_id, tie.second_id))] = [
                tie.first_id if game.first_won else tie.second_id for game in games]
    bracket = ko.Bracket(2 * len(first_round), best_of, tuple(rounds))
    return ko.advance(bracket, results, withdrawn=withdrawn)


def settle_bracket(championship: Championship) -> list[KnockoutTie]:
    """Write what the engine decides without a game (byes, withdrawals, the third-place
    game's pairs); the ties changed, each announced live."""
    ties = list(KnockoutTie.objects.filter(championship=championship)
                .prefetch_related("games").select_related("first", "second"))
    if not ties:
        return []
    fmt = format_of(championship)
    withdrawn = set()
    if fmt.knockout_walkovers(championship):
        withdrawn = {pk for tie in ties for pk, team in ((tie.first_id, tie.first),
                                                         (tie.second_id, tie.second))
                     if team is not None and team.withdrawn}
    bracket = engine_bracket(ties, fmt.knockout_best_of(championship), withdrawn=withdrawn)
    last = len(bracket.rounds)
    changed = []
    for tie in ties:
        if is_third_place(tie, last):
            target = _third_place_pairs(bracket, tie, withdrawn)
        else:
            decided = bracket.tie(tie.stage, tie.slot)
            target = (decided.top, decided.bottom, decided.top_seed, decided.bottom_seed,
                      decided.winner)
        now = (tie.first_id, tie.second_id, tie.first_seed, tie.second_seed, tie.winner_id)
        if target != now:
            (tie.first_id, tie.second_id, tie.first_seed, tie.second_seed,
             tie.winner_id) = target
            tie.save(update_fields=["first", "second", "first_seed", "second_seed", "winner"])
            changed.append(tie)
    for tie in changed:
        live_events.knockout_changed(tie, counted=True)
    return changed


def _third_place_pairs(bracket: ko.Bracket, tie: KnockoutTie, withdrawn) -> tuple:
    """The losing semi-finalists, the better seed first, once both are known; the tie's
    winner as its game decided it (or, undecided, the one still there when the other
    withdrew)."""
    if len(bracket.rounds) < 2:
        return (None, None, None, None, None)
    losers = []
    for semi in bracket.rounds[-2]:
        if semi.winner is not None and semi.top is not None and semi.bottom is not None:
            loser_is_top = semi.winner == semi.bottom
            losers.append((semi.top, semi.top_seed) if loser_is_top
                          else (semi.bottom, semi.bottom_seed))
    if len(losers) != 2:
        return (tie.first_id, tie.second_id, tie.first_seed, tie.second_seed, tie.winner_id)
    losers.sort(key=lambda pair: pair[1])
    winner = tie.winner_id
    present = [pair for pair, _seed in losers if pair not in withdrawn]
    if winner is None and len(present) == 1:
        winner = present[0]
    return (losers[0][0], losers[1][0], losers[0][1], losers[1][1], winner)
