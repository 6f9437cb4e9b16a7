"""The deals' double-dummy analysis in the apps (rules.md 8.1): computed when a round closes,
stored, shown on the traveller, round page and deal sheets only once the round is closed,
recomputed by the director, and its progress on the director's page."""

from __future__ import annotations

import pytest
from django.urls import reverse
from tournament_factories import add_teams

import engine
from formats.duplicate_pairs.rounds import generate_schedule
from scoring import services as scoring_services
from tournaments import services
from tournaments.analysis_selectors import analysis_progress, deal_analysis
from tournaments.models import DealAnalysis
from tournaments.services.analysis import analyse_deal

pytestmark = pytest.mark.django_db

# Each seat holds one whole suit: quick to solve, and a real deal all the same. The deals of
# a round differ (a round may not hold the same cards twice): the suits move round the seats.
SUIT_HANDS = ["9ARCS8765432...", ".9ARCS8765432..", "..9ARCS8765432.", "...9ARCS8765432"]


def suits_deal(turn: int) -> str:
    turn %= 4
    return "N:" + " ".join(SUIT_HANDS[turn:] + SUIT_HANDS[:turn])


def _one_round(championship):
    add_teams(championship, 2)
    generate_schedule(championship)
    round_ = championship.rounds.get()
    numbers = list(round_.deals.order_by("number").values_list("number", flat=True))
    assert len(numbers) <= len(SUIT_HANDS)
    services.import_deals(round_, "\n".join(f"{n} {suits_deal(i)}" for i, n in enumerate(numbers)))
    return round_


def test_closing_a_round_analyses_its_deals_after_commit(
    championship, settings, django_capture_on_commit_callbacks
):
    settings.DEAL_ANALYSIS = "inline"
    round_ = _one_round(championship)
    services.release_round(round_)
    deal = round_.deals.order_by("number").first()
    assert deal_analysis(deal) is None
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.close_round(round_)
    assert len(callbacks) >= 1
    stored = DealAnalysis.objects.get(deal=deal)
    assert stored.status == DealAnalysis.Status.DONE and stored.variant == "eastern"
    cards = engine.parse_deal(deal.cards)
    dealer = engine.Seat(deal.dealer)
    expected = engine.solver.double_dummy_table(cards, dealer, engine.Variant.EASTERN)
    assert stored.table == {c.value: v for c, v in expected.items()}
    best = engine.par(expected, dealer)
    assert (stored.par_contract, stored.par_score) == (best.contract.value, best.score)
    line = [engine.parse_card(code) for code in stored.line.split()]
    outcome = engine.validate_play(cards, dealer, best.contract, engine.Variant.EASTERN, line)
    assert outcome.is_legal and outcome.ns_points == expected[best.contract]
    view = deal_analysis(type(deal).objects.get(pk=deal.pk))  # the round now read as closed
    assert view.table_by_code == stored.table and len(view.tricks) == 12
    assert analysis_progress(championship).done == round_.deals.count()


def test_analysis_is_shown_only_once_the_round_is_closed(
    championship, client, director_client, settings
):
    settings.DEAL_ANALYSIS = "off"
    round_ = _one_round(championship)
    deal = round_.deals.order_by("number").first()
    services.release_round(round_)
    scoring_services.publish_results(championship)
    analyse_deal(deal)  # even if an analysis existed early, nothing shows it before closing
    traveller = reverse("scoring:traveller", args=[championship.pk, deal.number])
    public_round = reverse("tournaments:public_round", args=[championship.pk, 1])
    for page in (client.get(traveller), client.get(public_round), director_client.get(traveller)):
        assert "Double-dummy analysis" not in page.content.decode()
    assert deal_analysis(deal) is None
    services.close_round(round_)
    for page in (client.get(traveller), client.get(public_round)):
        text = page.content.decode()
        assert "Double-dummy analysis" in text and "Par:" in text
    view = deal_analysis(type(deal).objects.get(pk=deal.pk))
    assert f">{view.table[0].ns_points}<" in client.get(traveller).content.decode()


def test_director_sees_progress_and_recomputes(
    championship, director_client, settings, django_capture_on_commit_callbacks
):
    settings.DEAL_ANALYSIS = "inline"
    round_ = _one_round(championship)
    page = reverse("tournaments:director_championship", args=[championship.pk])
    services.release_round(round_)
    assert "Hand records" not in director_client.get(page).content.decode()
    services.close_round(round_)  # callbacks not run: nothing analysed yet
    total = round_.deals.count()
    assert f"0 of {total} deals" in director_client.get(page).content.decode()
    recompute = reverse("tournaments:director_recompute_analysis", args=[championship.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(recompute, follow=True)
    assert "being recomputed" in response.content.decode()
    assert f"{total} of {total} deals" in director_client.get(page).content.decode()
    assert analysis_progress(championship).done == total


def test_recompute_refused_without_closed_rounds(championship, director_client, client):
    recompute = reverse("tournaments:director_recompute_analysis", args=[championship.pk])
    response = director_client.post(recompute, follow=True)
    assert "nothing to analyse" in response.content.decode()
    assert client.post(recompute).status_code == 302  # anonymous: to the login page
    assert not DealAnalysis.objects.exists()


def test_a_failed_analysis_is_stored_with_its_error(championship, settings):
    round_ = _one_round(championship)
    services.release_round(round_)
    services.close_round(round_)
    deal = round_.deals.order_by("number").first()
    type(deal).objects.filter(pk=deal.pk).update(cards="N:not a deal")
    deal.refresh_from_db()
    stored = analyse_deal(deal)
    assert stored.status == DealAnalysis.Status.FAILED and stored.error
    assert deal_analysis(deal) is None
    assert analysis_progress(championship).failed == 1


def test_deal_sheets_print_the_analysis_once_the_round_is_closed(championship, director_client):
    import io

    from pypdf import PdfReader

    round_ = _one_round(championship)
    services.release_round(round_)
    sheets = reverse("tournaments:director_round_deal_sheets", args=[championship.pk, 1])

    def printed():
        return PdfReader(io.BytesIO(director_client.get(sheets).content)).pages

    deal = round_.deals.order_by("number").first()
    analyse_deal(deal)
    # Released, not closed: not printed.
    assert "Double-dummy analysis" not in printed()[0].extract_text()
    services.close_round(round_)
    pages = printed()
    text = pages[0].extract_text()
    assert "Double-dummy analysis" in text and "Par:" in text
    # The optimal line as numbered tricks of named cards, and still one page a deal.
    assert "Won by" in text and " of " in text
    assert len(pages) == round_.deals.count()


def test_the_celery_task_analyses_the_deals(championship):
    from tournaments.tasks import analyse_deals_task

    round_ = _one_round(championship)
    services.release_round(round_)
    services.close_round(round_)
    ids = list(round_.deals.values_list("pk", flat=True))
    assert analyse_deals_task.apply(args=(ids,)).get() == len(ids)
    assert analysis_progress(championship).done == len(ids)


@pytest.mark.django_db(transaction=True)
def test_closing_a_round_analyses_in_a_background_thread(director, settings):
    import time

    from tournament_factories import make_championship

    settings.DEAL_ANALYSIS = "background"
    championship = make_championship(director, name="Background")
    round_ = _one_round(championship)
    services.release_round(round_)
    started = time.monotonic()
    services.close_round(round_)
    assert time.monotonic() - started < 5  # closing does not wait for the analysis
    total = round_.deals.count()
    deadline = time.monotonic() + 120
    while analysis_progress(championship).done < total and time.monotonic() < deadline:
        time.sleep(0.2)
    assert analysis_progress(championship).done == total


def test_the_analyse_deals_command(championship):
    import io

    from django.core.management import CommandError, call_command

    round_ = _one_round(championship)
    services.release_round(round_)
    services.close_round(round_)  # the analysis is off in tests: nothing done yet
    total = round_.deals.count()
    out = io.StringIO()
    call_command("analyse_deals", str(championship.pk), stdout=out)
    assert f"{total} of {total} deals analysed" in out.getvalue()
    assert analysis_progress(championship).done == total
    first = dict(DealAnalysis.objects.values_list("deal_id", "computed_at"))
    call_command("analyse_deals", str(championship.pk), stdout=out)  # nothing is missing
    assert dict(DealAnalysis.objects.values_list("deal_id", "computed_at")) == first
    call_command("analyse_deals", str(championship.pk), "--force", verbosity=0)
    again = dict(DealAnalysis.objects.values_list("deal_id", "computed_at"))
    assert again.keys() == first.keys() and all(again[k] > first[k] for k in first)
    with pytest.raises(CommandError, match="No championship with id 999"):
        call_command("analyse_deals", "999")
