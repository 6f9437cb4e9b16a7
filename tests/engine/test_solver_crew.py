"""Two cores on one contract (engine._crew): a free core helps a search still running.

The helper shares the solver's transposition table and searches the same null-window tests;
whichever finishes first answers. The values must be exactly those of a solver alone, the
table's entries must never mix two writes, and a search told to stop must give up.
"""

from __future__ import annotations

import random
import secrets

import pytest

from engine import _backend
from engine import _search as S
from engine import _transpositions as TT
from engine.cards import Contract
from engine.dealing import generate_deal
from engine.play import Variant, random_legal_play
from engine.positions import Position
from engine.seats import Seat
from engine.solver import Crew, Solver, each_contract

COMPILED = _backend.compiled()


def positions_of(deal, dealer, variant, rng, cards_played):
    """The position of each contract after ``cards_played`` cards of a random legal play."""
    out = {}
    for contract in Contract:
        position = Position.start(deal, dealer, contract, variant)
        for card in random_legal_play(deal, dealer, contract, variant, rng)[:cards_played]:
            position, _ = position.play(card)
        out[contract] = position
    return out


@pytest.mark.skipif(COMPILED is None, reason="numba is not installed")
def test_helped_solvers_give_the_values_of_solvers_alone():
    seed = secrets.randbits(32)
    print("seed", seed)  # replay a failure with this seed
    rng = random.Random(seed)
    for _ in range(6):
        deal = generate_deal(secrets.token_bytes(8), rng.randrange(10**6))
        dealer, variant = rng.choice(list(Seat)), rng.choice(list(Variant))
        # Six or seven tricks left: long enough searches for the helper to join and to give up.
        positions = positions_of(deal, dealer, variant, rng, rng.choice((20, 24)))
        crew = Crew(len(Contract))
        solvers = {}

        def work(contract, crew=crew, solvers=solvers, positions=positions, variant=variant):
            solvers[contract] = Solver(contract, variant, COMPILED, crew=crew)
            return solvers[contract].value(positions[contract])

        helped = each_contract(work, COMPILED, crew)
        alone = {c: Solver(c, variant, COMPILED).value(p) for c, p in positions.items()}
        assert helped == alone, seed


def test_a_helper_answers_the_test_under_way_when_it_finishes_first():
    # The helper's side, without a race: a test is published as ``Solver._search`` does, the
    # helper searches it to the end (nobody stops it) and gives its answer, which is right.
    import threading

    backend = COMPILED or _backend.PURE
    deal = generate_deal(b"helper", 4)
    position = positions_of(deal, Seat.N, Variant.EASTERN, random.Random(4), 28)[
        Contract.COPES]
    value = Solver(Contract.COPES, Variant.EASTERN, backend).value(position)
    solver = Solver(Contract.COPES, Variant.EASTERN, backend)
    solver._know_owners(position)
    with solver._talk:
        solver._searching = True
        solver._stop[0] = 1
        solver._test = (1, position, value - 1, value)
    helper = threading.Thread(target=solver.help, daemon=True)
    helper.start()
    for _ in range(1000):
        if solver._stop[0] == 0:
            break
        helper.join(timeout=0.05)
    with solver._talk:
        solver._searching = False
        solver._talk.notify_all()
    helper.join(timeout=10)
    assert not helper.is_alive()
    # A lower bound (fail-soft) of the value, at least the window's top: so the value itself.
    assert solver._answer == (1, value)
    assert solver.positions > 0  # the helper's positions count


def test_an_entry_read_half_old_half_new_matches_nothing():
    tt = [0] * (2 * TT.WAYS)
    key, key2, other2 = (1 << 40) | 12345, 777, 778
    TT.tt_store(tt, 0, key, key2, 10, 20, 5, 7)
    found, first, second = TT.tt_find(tt, 0, key, key2)
    assert found == 0 and TT.tt_bounds(first) == (10, 20) and TT.tt_move(second) == 5
    # Another thread writes, in the same place, a position with the same first key but another
    # second key: a reader that sees the new first number beside the old second one finds
    # neither position.
    other = [0] * (2 * TT.WAYS)
    TT.tt_store(other, 0, key, other2, 30, 40, 6, 7)
    assert tt_find_index(other, key, other2) == 0
    tt[0] = other[0]
    assert tt_find_index(tt, key, key2) == -1
    assert tt_find_index(tt, key, other2) == -1


def tt_find_index(tt, key, key2):
    return TT.tt_find(tt, 0, key, key2)[0]


@pytest.mark.parametrize("backend", [_backend.PURE] + ([COMPILED] if COMPILED else []),
                         ids=lambda b: b.name)
def test_a_search_whose_test_is_over_gives_up(backend):
    rng = random.Random(5)
    for _ in range(20):
        deal = generate_deal(b"give up", rng.randrange(1000))
        position = positions_of(deal, Seat.N, Variant.EASTERN, rng, 20)[Contract.BOTIFARRA]
        value = Solver(Contract.BOTIFARRA, Variant.EASTERN, backend).value(position)
        solver = Solver(Contract.BOTIFARRA, Variant.EASTERN, backend, table_size=1 << 12)
        solver._know_owners(position)
        # The test under way is number 1: a search of test 1 answers...
        solver._stop[0] = 1
        arrays = (backend.array(4, 0), backend.array(S.BUF_SIZE, 0),
                  backend.array(S.STACK_SIZE, 0))
        assert solver._kernel(arrays, position, value - 1, value, 1, 1) >= value
        if arrays[1][S.NODES] > 2048:
            break
    else:
        pytest.fail("no search long enough")
    # ... and the same search numbered 2 gives up after 1,024 positions.
    solver = Solver(Contract.BOTIFARRA, Variant.EASTERN, backend, table_size=1 << 12)
    solver._know_owners(position)
    solver._stop[0] = 1
    arrays = (backend.array(4, 0), backend.array(S.BUF_SIZE, 0), backend.array(S.STACK_SIZE, 0))
    assert solver._kernel(arrays, position, value - 1, value, 2, 1) == -1
    assert arrays[1][S.NODES] == 1024


def test_the_crew_tells_solvers_apart_by_identity_not_by_value():
    # Solvers of one contract on two deals compare equal (a dataclass's fields): when one of
    # two such solvers stops, the other is still the one to help.
    import threading

    class Alike:
        def __init__(self, crew):
            self.crew, self.helped = crew, 0

        def __eq__(self, other):
            return True

        __hash__ = None

        def help(self):
            self.helped += 1
            self.crew.stopped(self)
            self.crew.work_over()

    crew = Crew(2)
    first, second = Alike(crew), Alike(crew)
    crew.started(first)
    crew.started(second)
    crew.stopped(second)
    crew.work_over()
    helper = threading.Thread(target=crew.help_until_done, daemon=True)
    helper.start()
    helper.join(timeout=10)
    assert not helper.is_alive() and (first.helped, second.helped) == (1, 0)
