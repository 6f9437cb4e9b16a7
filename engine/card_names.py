"""The names of suits, ranks, cards and contracts in Catalan, Spanish and English
(rules.md section 1).
"""

from __future__ import annotations

from engine.deck import Card, Contract, Suit

__all__ = ["LANGUAGES", "card_name", "contract_name", "rank_name", "suit_name"]


# --- Localised names -----------------------------------------------------------------------

#: Languages for which names are available.
LANGUAGES: tuple[str, ...] = ("ca", "es", "en")

_SUIT_NAMES = {
    "ca": {Suit.OROS: "ors", Suit.COPES: "copes", Suit.ESPASES: "espases", Suit.BASTOS: "bastos"},
    "es": {Suit.OROS: "oros", Suit.COPES: "copas", Suit.ESPASES: "espadas", Suit.BASTOS: "bastos"},
    "en": {Suit.OROS: "coins", Suit.COPES: "cups", Suit.ESPASES: "swords", Suit.BASTOS: "batons"},
}
_RANK_NAMES = {
    "ca": {9: "manilla", 1: "as", 12: "rei", 11: "cavall", 10: "sota"},
    "es": {9: "manilla", 1: "as", 12: "rey", 11: "caballo", 10: "sota"},
    "en": {9: "nine", 1: "ace", 12: "king", 11: "knight", 10: "jack"},
}
# One name for the contract everywhere: English players call it Botifarra too (pages, the
# workbook and the analysis alike), never "no trumps".
_BOTIFARRA_NAMES = {"ca": "botifarra", "es": "butifarra", "en": "botifarra"}


def _language(language: str) -> str:
    # Accept Django-style codes such as "ca-es" or "en_GB"; only the base language matters here.
    base = language.replace("_", "-").split("-")[0].lower()
    if base not in _SUIT_NAMES:
        raise ValueError(f"unsupported language {language!r}; expected one of {LANGUAGES}")
    return base


def suit_name(suit: Suit, language: str) -> str:
    """Name of ``suit`` in ``language`` ('ca', 'es' or 'en'), e.g. ``'espases'``."""
    return _SUIT_NAMES[_language(language)][suit]


def rank_name(rank: int, language: str) -> str:
    """Name of ``rank`` in ``language``: a word for counting ranks, digits for the others."""
    names = _RANK_NAMES[_language(language)]
    if not 1 <= rank <= 12:
        raise ValueError(f"rank must be from 1 to 12, not {rank!r}")
    return names.get(rank, str(rank))


def card_name(card: Card, language: str) -> str:
    """Full name of ``card``, e.g. ``'manilla d'ors'``, ``'rey de copas'``, ``'ace of swords'``."""
    lang = _language(language)
    rank = rank_name(card.rank, lang)
    suit = suit_name(card.suit, lang)
    if lang == "en":
        return f"{rank} of {suit}"
    if lang == "ca" and suit[0] in "aeiou":
        return f"{rank} d'{suit}"
    return f"{rank} de {suit}"


def contract_name(contract: Contract, language: str) -> str:
    """Name of ``contract``: the trump suit's name, or botifarra / butifarra."""
    lang = _language(language)
    if contract.trump is None:
        return _BOTIFARRA_NAMES[lang]
    return suit_name(contract.trump, lang)
