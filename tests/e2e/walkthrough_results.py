"""The director's walkthrough, steps 5 and 6: round 1 closes and its results are published;
the other rounds are played, the championship finishes and anyone checks a deal."""

from __future__ import annotations

from fractions import Fraction

from walkthrough_support import (
    deal_notation,
    play_through_services,
    shot,
    shown_ca,
    standings_on_page,
)


def close_and_publish(w):
    """5. Close round 1 and publish."""
    from playwright.sync_api import expect

    from tournaments.models import Round

    base, c, d, v, pk, championship, teams = w.take("base c d v pk championship teams")
    watcher, round1, deals1, tables1, links = w.take("watcher round1 deals1 tables1 links")
    expected, ns, other = w.take("expected ns other")

    d.goto(f"{base}/director/c/{pk}/results/rounds/1/")
    d.get_by_role("link", name="Tanca la ronda 1").click()
    # The confirmation page lists what is missing; only its button closes the round.
    expect(d.locator("h1")).to_contain_text("Tancar la ronda 1?")
    watcher.catalan(d, "close confirmation")
    d.get_by_role("button", name="Tanca la ronda 1").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 1")
    round1.refresh_from_db()
    assert round1.status == Round.Status.CLOSED
    d.get_by_role("button", name="Publica els resultats").click()
    expect(d.locator(".messages")).to_contain_text("Resultats publicats")
    watcher.catalan(d, "results grid (closed, published)")

    v.goto(f"{base}/c/{pk}/")
    v.get_by_role("link", name="Classificació").first.click()
    expect(v).to_have_url(f"{base}/c/{pk}/results/")
    watcher.catalan(v, "public standings after round 1")
    shot(v, "09-standings-round-1")
    totals = expected.totals([deal.number for deal in deals1])
    assert standings_on_page(v) == {
        number: shown_ca(totals.get(number, Fraction(0))) for number in teams
    }

    v.goto(f"{base}/c/{pk}/results/deals/{deals1[0].number}/")
    watcher.catalan(v, "traveller")
    scores = expected.deal(deals1[0].number)
    for tbl in tables1:
        cells = v.locator(f"table.traveller tr[data-table='{tbl.number}'] td")
        score = scores[tbl.pk]
        assert cells.nth(7).inner_text().startswith(shown_ca(score.ns_final))
        assert cells.nth(8).inner_text().startswith(shown_ca(score.ew_final))
    assert "(ajust.)" in v.locator(f"table.traveller tr[data-table='{other.number}']").inner_text()
    # Now that the round is closed, the cards are public.
    expect(v.locator("code.notation")).to_have_text(deal_notation(deals1[0]))
    v.goto(f"{base}/c/{pk}/rounds/1/")
    expect(v.locator("article.deal")).to_have_count(4)

    # The captain's page is read-only now.
    c.reload()
    expect(c.locator(".card.notice")).to_be_visible()
    assert c.locator("form.result-form").count() == 0

    v.goto(f"{base}/c/{pk}/results/teams/{ns.number}/")
    watcher.catalan(v, "scorecard")
    expect(v.locator("table.scorecard tfoot")).to_contain_text(
        shown_ca(totals[ns.number])
    )
    v.goto(f"{base}/c/{pk}/results/deals/")
    watcher.catalan(v, "travellers")

    # Round 2 released with the results public: still no cards for players.
    d.goto(f"{base}/director/c/{pk}/rounds/2/")
    d.get_by_role("button", name="Posa la ronda en joc").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 2")
    round2 = championship.rounds.get(number=2)
    assert round2.status == Round.Status.RELEASED
    deals2 = list(round2.deals.order_by("number"))
    v.goto(f"{base}/c/{pk}/rounds/2/")
    assert v.locator(".compass, article.deal").count() == 0
    response = v.goto(f"{base}/c/{pk}/results/deals/{deals2[0].number}/")
    assert response.status == 404
    player = round2.tables.select_related("ns_team").first().ns_team
    c.goto(f"{base}/t/{player.pk}/{links[player.pk]}/")
    expect(c.locator(".table-title")).to_contain_text("Ronda 2")
    for page in (v, c):
        for deal in deals2:
            assert deal_notation(deal) not in page.content()
    assert c.locator(".compass, article.deal").count() == 0



def finish(w):
    """6. The other rounds, quickly, and the end of the championship."""
    from playwright.sync_api import expect

    import engine
    from formats.duplicate_pairs import services as scoring
    from scoring.services import ResultData
    from tournaments import services as tournaments
    from tournaments.models import Championship, Round

    base, d, v, pk, championship, teams, watcher = w.take("base d v pk championship teams watcher")
    expected = w.expected

    for round_ in championship.rounds.filter(number__gt=1).order_by("number"):
        if round_.status == Round.Status.DRAFTED:
            tournaments.release_round(round_)
        round_deals = list(round_.deals.order_by("number"))
        for tbl in round_.tables.select_related("ns_team", "ew_team").order_by("number"):
            for deal in round_deals:
                values = {
                    "contract": "OCEB"[deal.number % 4] if deal.number % 5 else "BOT",
                    "points_ns": (deal.number * 7 + tbl.number * 11) % 73,
                    "contro": deal.number % 3 == 0,
                }
                play_through_services(scoring, ResultData, tbl, deal, values)
                expected.result(deal, tbl, **values)
        round_.refresh_from_db()
        expected.byes.append((round_.bye_team.number, [deal.number for deal in round_deals]))
        tournaments.close_round(round_)

    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("link", name="Acaba el campionat i revela la clau de repartiment").click()
    d.get_by_role("button", name="Acaba i revela la clau de repartiment").click()
    expect(d.locator(".messages")).to_contain_text("clau")
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    watcher.catalan(d, "championship page (finished)")
    for path, where in [
        (f"/c/{pk}/results/", "standings (director's view)"),
        (f"/c/{pk}/results/projector/", "projector"),
        (f"/director/c/{pk}/teams/{teams[1].pk}/", "team page"),
        (f"/director/c/{pk}/rounds/5/", "round 5 (closed)"),
    ]:
        d.goto(base + path)
        watcher.catalan(d, where)

    v.goto(f"{base}/c/{pk}/results/")
    totals = expected.totals(range(1, 21))
    assert standings_on_page(v) == {number: shown_ca(totals[number]) for number in teams}
    shot(v, "10-final-standings")

    v.goto(f"{base}/c/{pk}/")
    watcher.catalan(v, "public championship (finished)")
    v.get_by_role("link", name="Comprova una mà amb la clau").click()
    expect(v).to_have_url(f"{base}/c/{pk}/deal-check/")
    watcher.catalan(v, "deal check")
    v.fill("#id_number", "7")
    v.get_by_role("button", name="Comprova", exact=True).click()
    expect(v.locator(".message.success")).to_contain_text("7")
    regenerated = engine.format_deal(engine.generate_deal(championship.key_bytes, 7))
    expect(v.locator("code.notation")).to_have_count(2)
    assert v.locator("code.notation").all_inner_texts() == [regenerated, regenerated]
    shot(v, "11-deal-check")

    # One switch to Spanish through the language switcher.
    v.select_option("#language-select", "es")
    v.locator(".language-switcher button").click()
    expect(v.locator("html")).to_have_attribute("lang", "es")
    expect(v.locator("h1")).to_have_text("Comprobar una mano")
    v.goto(f"{base}/c/{pk}/results/")
    expect(v.locator("h1")).to_have_text("Clasificación")

    watcher.check()

