"""Hand records players can read (rules.md 8.1): the optimal line as numbered tricks, each card
named as players name it in the page's language, each trick's winner marked; contracts named
as everywhere else (Botifarra, never "no trumps"); deal scores signed with a true minus; and
nothing of it before the deal's round is closed, by the deals' one secrecy rule."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st
from tournament_factories import add_teams

import engine
from engine.hand_records import line_tricks
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import services as scoring_services
from scoring.archive import export_public, to_json_bytes
from scoring.models import ResultEntry
from tournaments import presentation, services
from tournaments.analysis_selectors import deal_analyses, deal_analysis
from tournaments.models import Deal
from tournaments.services.analysis import analyse_deal

pytestmark = pytest.mark.django_db

# Each seat holds one whole suit: solved at once, and a real deal all the same.
SUIT_HANDS = ["9ARCS8765432...", ".9ARCS8765432..", "..9ARCS8765432.", "...9ARCS8765432"]
SEATS = {
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
    "ca": {"N": "Nord", "E": "Est", "S": "Sud", "W": "Oest"},
}


def one_round(championship):
    add_teams(championship, 2)
    generate_schedule(championship)
    round_ = championship.rounds.get()
    numbers = list(round_.deals.order_by("number").values_list("number", flat=True))
    services.import_deals(round_, "\n".join(
        f"{n} N:" + " ".join(SUIT_HANDS[i % 4:] + SUIT_HANDS[:i % 4])
        for i, n in enumerate(numbers)))
    return round_


def analysed(deal):
    stored = analyse_deal(Deal.objects.select_related("championship").get(pk=deal.pk))
    assert stored.status == stored.Status.DONE, stored.error
    return stored


def expected_rows(stored, dealer: str, lang: str) -> list[tuple[str, list[str], str, str]]:
    """Each trick of the stored line, read by the engine's rules of play: its number, its
    cards as "Seat: card name", the winning card's text and the winner's seat name."""
    contract = engine.Contract(stored.par_contract)
    played = [engine.parse_card(code) for code in stored.line.split()]
    rows = []
    for number, trick in enumerate(line_tricks(played, engine.Seat(dealer), contract), start=1):
        winner = engine.trick_winner(trick, contract)
        cards = [f"{SEATS[lang][seat.value]}: {engine.card_name(card, lang)}" for seat, card in trick]
        rows.append((str(number), cards, engine.card_name(dict(trick)[winner], lang),
                     SEATS[lang][winner.value]))
    return rows


def shown_rows(page: str) -> list[tuple[str, list[str], list[str], str]]:
    """The optimal line's rows as the page shows them: the trick number, the four cards'
    text, the text in bold among the cards, and the "won by" cell."""
    rows = []
    for number, body in re.findall(r'<tr data-trick="(\d+)">(.*?)</tr>', page, re.S):
        head = re.search(r"<th[^>]*>(.*?)</th>", body).group(1)
        assert head == number
        cells = re.findall(r"<td[^>]*>(.*?)</td>", body)
        text = [html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in cells]
        bold = [html.unescape(b) for cell in cells[:4] for b in re.findall(r"<strong>(.*?)</strong>", cell)]
        rows.append((head, text[:4], bold, text[4]))
    return rows


@pytest.fixture
def closed(championship, director):
    """A closed round, its results published, its first deal analysed."""
    round_ = one_round(championship)
    services.release_round(round_)
    scoring_services.publish_results(championship)
    services.close_round(round_)
    deal = round_.deals.order_by("number").first()
    return deal, analysed(deal)


@pytest.mark.parametrize("lang", ["en", "ca"])
def test_the_line_is_numbered_tricks_of_named_cards_with_the_winner_marked(
    championship, closed, lang
):
    deal, stored = closed
    client = Client(headers={"accept-language": lang})
    url = reverse("scoring:traveller", args=[championship.pk, deal.number])
    page = client.get(url).content.decode()
    rows = shown_rows(page)
    expected = expected_rows(stored, deal.dealer, lang)
    assert len(rows) == 12
    for (number, cards, bold, won_by), (n, want, winning, winner) in zip(rows, expected, strict=True):
        assert number == n and cards == want
        assert bold == [winning]  # one card in bold a trick: the one that takes it
        assert won_by == winner
    # Players' names for the cards, not the engine's codes ("O7" reads like "07").
    nine, ace = {"en": ("nine of", "ace of"), "ca": ("manilla d", "as d")}[lang]
    assert nine in html.unescape(page) and ace in html.unescape(page)
    assert not re.search(r"<code>[OCEB][9ARCS2-8]</code>", page)


def test_signed_deal_scores_and_one_name_for_botifarra(championship, closed):
    deal, stored = closed
    client = Client(headers={"accept-language": "en"})
    page = client.get(reverse("scoring:traveller", args=[championship.pk, deal.number]))
    text = page.content.decode()
    assert "no trumps" not in text.lower()
    table = dict(re.findall(r'<tr data-contract="(\w+)".*?<td class="num">[^<]*</td>'
                            r'<td class="num">[^<]*</td><td class="num">([^<]*)</td>', text, re.S))
    side = engine.trump_side(engine.Seat(deal.dealer))
    for code, shown in table.items():
        ns = stored.table[code]
        own = ns if side is engine.Side.NS else 72 - ns
        score = engine.side_deal_score(own, doubled=code == "BOT")
        assert shown == presentation.signed(score)
        assert "-" not in shown and (score <= 0 or shown.startswith("+"))
    assert any(value.startswith("\u2212") for value in table.values()), table  # a negative one
    assert f"deal score {presentation.signed(stored.par_score)} for" in text
    # The contracts carry the names the result forms give them.
    with translation.override("en"):
        labels = dict(ResultEntry.Contract.choices)
        assert {code: str(name) for code, name in presentation.CONTRACT_NAMES.items()} == {
            code: str(label) for code, label in labels.items()}
    for code in ("O", "BOT"):
        assert re.search(rf'data-contract="{code}"[^>]*><td>{labels[code]}\b', text)


@pytest.mark.parametrize("lang", ["ca", "es"])
def test_contract_names_match_the_result_forms_in_every_language(lang):
    with translation.override(lang):
        assert {code: str(name) for code, name in presentation.CONTRACT_NAMES.items()} == {
            code: str(label) for code, label in ResultEntry.Contract.choices}


@given(st.integers(min_value=-10**6, max_value=10**6))
def test_the_signed_formatter_reads_back_with_a_true_minus(value):
    shown = presentation.signed(value)
    assert "-" not in shown and int(shown.replace("\u2212", "-")) == value
    assert shown[0] == ("+" if value > 0 else "\u2212" if value < 0 else "0")


def analysis_shown(championship, deal) -> dict[str, bool]:
    """Where the analysis of ``deal`` shows: the traveller, the round page, the public archive
    and the selectors."""
    client = Client(headers={"accept-language": "en"})
    traveller = client.get(reverse("scoring:traveller", args=[championship.pk, deal.number]))
    round_page = client.get(reverse("tournaments:public_round", args=[championship.pk, 1]))
    archive = json.loads(to_json_bytes(export_public(championship)))
    fresh = Deal.objects.select_related("round").get(pk=deal.pk)
    return {
        "traveller": "data-trick=" in traveller.content.decode(),
        "round page": "data-trick=" in round_page.content.decode(),
        "archive": any(d.get("analysis") for d in archive.get("deals", [])),
        "selector": deal_analysis(fresh) is not None,
        "selectors": bool(deal_analyses([fresh])),
    }


def test_an_unreleased_or_unclosed_rounds_analysis_never_leaves(championship, monkeypatch):
    round_ = one_round(championship)
    deal = round_.deals.order_by("number").first()
    analysed(deal)  # analysed early: the round is still being drafted
    scoring_services.publish_results(championship)
    assert not any(analysis_shown(championship, deal).values())
    services.release_round(round_)  # being played
    assert not any(analysis_shown(championship, deal).values())
    services.close_round(round_)
    assert all(analysis_shown(championship, deal).values())
    # The pages, archive and selectors ask the deals' one secrecy rule, not a rule of their own.
    monkeypatch.setattr("tournaments.selectors.deals_visible_to_public", lambda round_: False)
    assert not any(analysis_shown(championship, deal).values())
