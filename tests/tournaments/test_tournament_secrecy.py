"""No page, PDF, export or API lets anyone but the championship's directors see the cards
of a round that is not closed, nor their double-dummy analysis.

The test walks every URL pattern of the project (whatever app adds it), fills its
parameters with every plausible value, and requests it as an anonymous visitor, as a team
holding its private link, and as a director of another championship. No response may
contain a secret deal, in HTML, JSON, PDF or spreadsheet form.
"""

from __future__ import annotations

import io
import itertools
import zipfile

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from pypdf import PdfReader

import engine
from formats.duplicate_pairs.rounds import generate_schedule
from tournaments import services
from tournaments.models import Championship, Deal, Round

pytestmark = pytest.mark.django_db


def walk(patterns, namespace=""):
    """Yield (view name, parameter names) for every named URL pattern."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue  # covered separately below
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            outer = list(pattern.pattern.regex.groupindex)
            for name, params in walk(pattern.url_patterns, inner):
                yield name, outer + params
        elif isinstance(pattern, URLPattern):
            assert pattern.name, f"unnamed URL pattern {pattern.pattern}: name it so it is walked"
            yield namespace + pattern.name, list(pattern.pattern.regex.groupindex)


@pytest.fixture
def event(director):
    """A running championship: round 1 closed, round 2 released, round 3 drafted, with an
    imported deal in round 3 as well."""
    from tournament_factories import add_teams, make_championship

    championship = make_championship(director, name="Secret deals")
    # A fixed key: the same deals every run, so that the analyses below cost the same each
    # time (a few seconds) and both walks share them (tests/conftest.py solves a deal once).
    Championship.objects.filter(pk=championship.pk).update(deal_key=f"{10:064x}")
    championship.refresh_from_db()
    add_teams(championship, 6)
    generate_schedule(championship)
    imported = engine.format_deal(engine.generate_deal(b"dealt by hand", 1))
    services.import_deals(championship, f"9 {imported}")
    r1, r2 = championship.rounds.get(number=1), championship.rounds.get(number=2)
    services.release_round(r1)
    services.close_round(r1)
    services.release_round(r2)
    championship.refresh_from_db()
    return championship


def secret_strings(championship) -> dict[str, int]:
    """Every text form of a secret card layout -> its deal number."""
    strings = {}
    for deal in Deal.objects.filter(championship=championship).exclude(
        round__status=Round.Status.CLOSED
    ):
        parsed = engine.parse_deal(deal.cards)
        strings[deal.cards] = deal.number
        for seat in engine.Seat:
            strings[engine.format_hand(parsed.hand(seat))] = deal.number
            strings[engine.format_deal(parsed, first=seat)] = deal.number
    return strings


def analysis_forms(deal) -> list[str]:
    """The deal's analysis as the API and the archive write its optimal line, and its first
    trick as the pages and the workbook show it (the deal is analysed here)."""
    from engine.hand_records import line_tricks
    from tournaments.presentation import SEAT_NAMES
    from tournaments.services.analysis import analyse_deal

    analysis = analyse_deal(Deal.objects.select_related("championship").get(pk=deal.pk))
    played = [engine.parse_card(code) for code in analysis.line.split()]
    contract = engine.Contract(analysis.par_contract)
    first = next(iter(line_tricks(played, engine.Seat(deal.dealer), contract)))
    winner = engine.trick_winner(first, contract)
    named = [(str(SEAT_NAMES[seat.value]), engine.card_name(card, "en"), seat is winner)
             for seat, card in first]
    page = "".join(f'<td class="wins">{seat}: <strong>{card}</strong></td>' if wins
                   else f"<td>{seat}: {card}</td>" for seat, card, wins in named)
    sheet = " · ".join(f"{seat}: {card}" for seat, card, _wins in named)
    return [analysis.line, page, sheet]


def response_text(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if content.startswith(b"%PDF"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    if content.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return "\n".join(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    return content.decode("utf-8", "replace")


def export_kinds() -> list[str]:
    from formats.duplicate_pairs.exports import kinds as pairs_exports

    return list(pairs_exports.KINDS)


def candidate_values(championship, team, other, *, every: bool = True):
    """The values tried in each parameter. Without ``every``, only those of the event's
    own rows that matter here: round 1 (closed) and round 2 (in play), deal 1 (closed), 5
    (being played) and 9 (imported into the drafted round), table 1, the first of each id."""
    numbers = list(range(0, championship.deals.count() + 2))
    values = {
        "pk": [championship.pk, other.pk],
        "number": numbers,
        "deal_number": numbers,
        "table_number": [1, 2, 3],
        "team_id": [team.pk],
        "team_pk": [team.pk],
        "secret": [team.link_secret],
        "entry_id": [1, 2],
        # An individual championship's deals and reports (formats.abarrotada).
        "deal": numbers,
        "report_id": [1, 2],
        # Team-file templates, and every kind of export.
        "kind": ["csv", "xlsx", *export_kinds()],
        "job_id": [1, 2],
        "format": ["json"],
        # A knockout game's place in the bracket (free-deal championships).
        "stage": [1, 2],
        "slot": [1, 2],
        "tie_id": [1, 2],
        # A championship of a series (rules.md 13.2), under the series' own ``pk``.
        "championship_pk": [championship.pk, other.pk],
        # A player of the register and a merge of two (rules.md 13.1).
        "player_pk": [1, 2],
        "merge_pk": [1, 2],
    }
    if every:
        return values
    in_play = {name: candidates[:1] for name, candidates in values.items()}
    return {**in_play, "number": [1, 2], "deal_number": [1, 5, 9], "deal": [1, 5, 9],
            "kind": values["kind"]}


def combinations(params: list[str], values: dict, championship, other):
    """Every combination of the candidate values for a pattern's parameters, less those that
    can only repeat another's answer (these made the walk some 100,000 requests):

    - where a pattern names a round and a deal in it (``number`` and ``deal_number`` /
      ``deal``), ``number`` is a round: the championship's rounds and one past each end,
      not every deal number;
    - under the other championship's ``pk`` (a championship with no rounds, which only
      checks that one championship's address never serves another's rows), each parameter
      takes its first two candidates: any other number is as absent there as these.
    """
    rounds = list(range(0, championship.rounds.count() + 2))
    if len(values["pk"]) == 1:
        rounds = values["number"]  # the walk over the values in play: rounds 1 and 2
    names_a_deal = bool({"deal_number", "deal"} & set(params))
    lists = [rounds if name == "number" and names_a_deal else values[name] for name in params]
    for combination in itertools.product(*lists):
        chosen = dict(zip(params, combination, strict=True))
        if chosen.get("pk") == other.pk and any(
                lists[i].index(value) > 1 for i, value in enumerate(combination)):
            continue
        yield combination


@pytest.mark.parametrize("every", [
    # Every candidate value of every parameter, three visitors, GET and POST: some 40,000
    # requests, a minute of CPU.
    pytest.param(True, marks=pytest.mark.exhaustive, id="every value"),
    # The same walk over every URL pattern with the values in play only (the event's own
    # championship, rounds 1 and 2, deals 1, 5 and 9, the first of each id), GET only, as
    # the team holder (who may see every public page too) and the other championship's
    # director: a page that shows a secret deal shows it here too.
    pytest.param(False, id="values in play"),
])
def test_no_url_reveals_an_unreleased_or_unclosed_deal(every, event, director, django_user_model):
    from tournament_factories import make_championship

    championship = event
    team = championship.rounds.get(number=2).tables.first().ns_team  # plays right now
    outsider = django_user_model.objects.create_user("outsider", password="x-long-password")
    other = make_championship(outsider, name="Another one")
    secrets_ = secret_strings(championship)
    assert {9} <= set(secrets_.values()) and {5, 6, 7, 8} <= set(secrets_.values())
    # A deal being played may have an analysis already (its round was closed, then
    # reopened): it is as secret as the cards. A closed deal's is public.
    secrets_.update(dict.fromkeys(analysis_forms(championship.deals.get(number=5)), 5))
    closed_analysis = analysis_forms(championship.deals.get(number=1))

    # The test would prove nothing if the directors' pages did not show these strings.
    director_client = Client(headers={"accept-language": "en"})
    director_client.force_login(director)
    page = director_client.get(reverse("tournaments:director_round", args=[championship.pk, 2]))
    assert championship.deals.get(number=5).cards in page.content.decode()

    anonymous = Client(headers={"accept-language": "en"})
    team_holder = Client(headers={"accept-language": "en"})
    team_holder.get(team.private_path)  # the session has visited the team's page
    other_director = Client(headers={"accept-language": "en"})
    other_director.force_login(outsider)
    visitors = {"anonymous": anonymous, "team": team_holder, "other director": other_director}
    if not every:
        del visitors["anonymous"]

    values = candidate_values(championship, team, other, every=every)
    methods = ("get", "post") if every else ("get",)
    walked = 0
    ok_pages = 0
    closed_cards_seen = closed_analysis_seen = False
    closed_cards = set(championship.deals.filter(round__number=1).values_list("cards", flat=True))
    for name, params in walk(get_resolver().url_patterns):
        unknown = [p for p in params if p not in values]
        assert not unknown, f"{name}: add candidate values for {unknown} to this test"
        for combination in combinations(params, values, championship, other):
            url = reverse(name, kwargs=dict(zip(params, combination, strict=True)))
            queries = [""] + [f"?number={n}" for n in (5, 9)] if not params or params == ["pk"] else [""]
            for who, client in visitors.items():
                for query in queries:
                    for method in methods:
                        response = getattr(client, method)(url + query)
                        walked += 1
                        if response.status_code != 200:
                            continue
                        ok_pages += 1
                        text = response_text(response)
                        for secret, number in secrets_.items():
                            assert secret not in text, (
                                f"{method.upper()} {url}{query} as {who} shows secret deal {number}"
                            )
                        closed_cards_seen |= any(cards in text for cards in closed_cards)
                        closed_analysis_seen |= any(form in text for form in closed_analysis)
    assert walked > (500 if every else 300) and ok_pages > 20
    # Closed rounds' deals and analyses are public, so the walk must have come across them.
    assert closed_cards_seen and closed_analysis_seen


def test_admin_is_closed_to_non_staff(event):
    client = Client(headers={"accept-language": "en"})
    for deal in event.deals.all()[:3]:
        response = client.get(reverse("admin:tournaments_deal_change", args=[deal.pk]))
        assert response.status_code == 302


def test_admin_hides_secret_cards_from_staff_who_do_not_direct(event, django_user_model):
    staff = django_user_model.objects.create_superuser("staff", password="x-long-password")
    client = Client(headers={"accept-language": "en"})
    client.force_login(staff)
    deal = event.deals.get(number=5)
    page = client.get(reverse("admin:tournaments_deal_change", args=[deal.pk])).content.decode()
    assert deal.cards not in page and "secret until the round is closed" in page
    closed = event.deals.get(number=1)
    page = client.get(reverse("admin:tournaments_deal_change", args=[closed.pk])).content.decode()
    assert closed.cards in page
    page = client.get(reverse("admin:tournaments_championship_change", args=[event.pk])).content.decode()
    assert event.deal_key not in page
    for model in ("championship", "team", "round", "table", "deal"):
        assert client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
