"""Secure, reproducible deals from a tournament key (rules.md section 8).

Each tournament has a secret 32-byte key (:func:`new_deal_key`). Its SHA-256 digest is published
from the start as a commitment (:func:`key_commitment`); the key itself is revealed when the
event closes, so that anyone can regenerate every deal and check it. Without the key the deals
are unpredictable; with it they are fully determined by the deal number.

Construction (version 1), exactly, so that it can be re-implemented independently:

1. For deal number ``n`` (an integer, ``0 <= n < 2**64``) and block counter ``j = 0, 1, 2, ...``
   compute the 32-byte block::

       block_j = HMAC-SHA256(key, b"duplicada-deal-v1" + n.to_bytes(8, "big") + j.to_bytes(4, "big"))

   and read it as a 256-bit big-endian unsigned integer ``x_j``.
2. Let ``D = 48! / (12!)**4`` (:data:`DEAL_COUNT`, about 2.36e26) and
   ``LIMIT = 2**256 - (2**256 % D)``, the largest multiple of ``D`` not above ``2**256``. Take the
   first ``x_j`` below ``LIMIT`` (rejection sampling; the chance of needing ``j = 1`` is below
   ``2**-167``) and let ``r = x_j % D``. Because ``LIMIT`` is a multiple of ``D``, ``r`` is
   uniform on ``0 <= r < D``.
3. The deal is the one of rank ``r`` (:func:`unrank_deal`): list the cards in deck order (oros,
   copes, espases, bastos; within a suit 9, 1, 12, 11, 10, 8, 7, ..., 2), and write under each
   card the seat that receives it. Every deal is such a sequence of 48 seats containing each of
   N, E, S, W exactly 12 times; ordering these sequences lexicographically with N < E < S < W,
   the deal of rank ``r`` is the ``r``-th (counting from 0). So rank 0 gives N the first twelve
   cards (all oros), and rank ``D - 1`` gives them to W.

Every possible deal has exactly one rank, hence each is reachable with probability ``1 / D``.
Python's ``random`` module is never used here.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from math import factorial

from engine.cards import Deal

__all__ = [
    "DEAL_COUNT",
    "KEY_SIZE",
    "generate_deal",
    "key_commitment",
    "new_deal_key",
    "rank_deal",
    "unrank_deal",
]

#: Number of different deals: 48! / (12!)^4 = 235,809,301,462,142,612,780,721,600.
DEAL_COUNT: int = factorial(48) // factorial(12) ** 4
#: Size in bytes of a deal key.
KEY_SIZE = 32

_DOMAIN = b"duplicada-deal-v1"
_LIMIT = 2**256 - (2**256 % DEAL_COUNT)

# Number of ways to complete a deal from a state where N, E, S, W still need a, b, c, d cards:
# the multinomial (a+b+c+d)! / (a! b! c! d!). Stored flat, each count shifted by one so that a
# count of -1 (a seat that is already full) indexes a 0 entry: index = sum((count+1) * stride).
_DIM = 14
_STRIDE_N, _STRIDE_E, _STRIDE_S, _STRIDE_W = _DIM**3, _DIM**2, _DIM, 1
_START = 13 * (_STRIDE_N + _STRIDE_E + _STRIDE_S + _STRIDE_W)  # 12 cards to go for every seat


def _completions_table() -> list[int]:
    table = [0] * _DIM**4
    for a in range(13):
        for b in range(13):
            for c in range(13):
                for d in range(13):
                    index = (a + 1) * _STRIDE_N + (b + 1) * _STRIDE_E + (c + 1) * _STRIDE_S + d + 1
                    table[index] = factorial(a + b + c + d) // (
                        factorial(a) * factorial(b) * factorial(c) * factorial(d)
                    )
    return table


_COMPLETIONS = _completions_table()
assert _COMPLETIONS[_START] == DEAL_COUNT


def new_deal_key() -> bytes:
    """A fresh secret tournament key: 32 bytes from the operating system's secure source."""
    return secrets.token_bytes(KEY_SIZE)


def key_commitment(key: bytes) -> str:
    """The public commitment to ``key``: its SHA-256 digest in lower-case hexadecimal."""
    return hashlib.sha256(key).hexdigest()


def uniform_rank(key: bytes, domain: bytes, number: int, count: int) -> int:
    """Steps 1 and 2 of the construction, for any ``count`` of deals: a uniform rank below it.

    The pairs' deals use ``domain = b"duplicada-deal-v1"`` and ``count = DEAL_COUNT``; the
    three-player individual deck (:mod:`engine.abarrotada.dealing`) its own domain and count.
    """
    limit = _LIMIT if count == DEAL_COUNT else 2**256 - (2**256 % count)
    prefix = domain + number.to_bytes(8, "big")
    counter = 0
    while True:
        block = hmac.digest(key, prefix + counter.to_bytes(4, "big"), "sha256")
        x = int.from_bytes(block, "big")
        if x < limit:
            return x % count
        counter += 1  # practically never happens (probability < 2**-167)


def _deal_rank(key: bytes, number: int) -> int:
    """Steps 1 and 2 of the construction: a uniform rank below DEAL_COUNT."""
    return uniform_rank(key, _DOMAIN, number, DEAL_COUNT)


def check_key_and_number(key: bytes, number: int) -> None:
    """Refuse a key that is not non-empty bytes, or a deal number outside 0..2**64 - 1."""
    if not isinstance(key, bytes | bytearray) or not key:
        raise ValueError("the deal key must be non-empty bytes")
    if not isinstance(number, int) or not 0 <= number < 2**64:
        raise ValueError(f"deal number must be an integer from 0 to 2**64 - 1, not {number!r}")


def generate_deal(key: bytes, number: int) -> Deal:
    """Deal number ``number`` of the tournament with secret ``key`` (see the module docstring).

    ``number`` is any integer from 0 to 2**64 - 1 (tournaments number deals from 1).
    The same key and number always give the same deal.
    """
    check_key_and_number(key, number)
    return unrank_deal(_deal_rank(bytes(key), number))


def unrank_deal(rank: int) -> Deal:
    """The deal of the given rank, ``0 <= rank < DEAL_COUNT`` (step 3 of the construction)."""
    if not 0 <= rank < DEAL_COUNT:
        raise ValueError("deal rank out of range")
    table = _COMPLETIONS
    state = _START
    r = rank
    n = e = s = w = 0
    bit = 1
    # For each card in deck order, try N, E, S, W in turn: skipping a seat skips every deal
    # that gives it this card, i.e. the number of ways to complete that choice.
    for _ in range(48):
        ways = table[state - _STRIDE_N]
        if r < ways:
            state -= _STRIDE_N
            n |= bit
        else:
            r -= ways
            ways = table[state - _STRIDE_E]
            if r < ways:
                state -= _STRIDE_E
                e |= bit
            else:
                r -= ways
                ways = table[state - _STRIDE_S]
                if r < ways:
                    state -= _STRIDE_S
                    s |= bit
                else:
                    r -= ways
                    state -= _STRIDE_W
                    w |= bit
        bit <<= 1
    return Deal._trusted((n, e, s, w))


def rank_deal(deal: Deal) -> int:
    """The rank of ``deal`` (the inverse of :func:`unrank_deal`)."""
    table = _COMPLETIONS
    state = _START
    rank = 0
    n, e, s, _w = deal.masks
    for i in range(48):
        # Add the deals that give this card to an earlier seat than the one holding it.
        if n >> i & 1:
            state -= _STRIDE_N
            continue
        rank += table[state - _STRIDE_N]
        if e >> i & 1:
            state -= _STRIDE_E
            continue
        rank += table[state - _STRIDE_E]
        if s >> i & 1:
            state -= _STRIDE_S
            continue
        rank += table[state - _STRIDE_S]
        state -= _STRIDE_W
    return rank
