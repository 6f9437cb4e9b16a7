"""The director's walkthrough, step 4: the captains of table 1 enter, confirm and dispute
results on a phone; the director settles the dispute and sets an adjusted score."""

from __future__ import annotations

from fractions import Fraction

from walkthrough_support import (
    Expected,
    deal_notation,
    enter_on_phone,
    play_through_services,
    shot,
)


def captains_at_table_one(w):
    """4. Captains at table 1, on one phone."""
    from playwright.sync_api import expect

    from formats.duplicate_pairs import services as scoring
    from scoring.services import ResultData

    base, d, pk, phone, visitor, watcher, round1 = w.take("base d pk phone visitor watcher round1")
    deals1, tables1, links = w.take("deals1 tables1 links")

    table = tables1[0]
    ns, ew = table.ns_team, table.ew_team
    expected = Expected()
    expected.byes.append((round1.bye_team.number, [deal.number for deal in deals1]))

    c = phone.new_page()
    c.goto(f"{base}/t/{ns.pk}/{links[ns.pk]}/")
    expect(c.locator("h1")).to_have_text(f"{ns.number}. {ns.name}")
    watcher.catalan(c, "captain page")
    # Released but not closed: the captain's page shows no cards.
    assert c.locator(".compass, article.deal").count() == 0
    page_html = c.content()
    for deal in deals1:
        assert deal.cards not in page_html and deal_notation(deal) not in page_html

    entries = [
        (deals1[0], {"contract": "O", "points_ns": 40}),
        (deals1[1], {"contract": "BOT", "points_ns": 30, "contro": True}),
        (deals1[2], {"contract": "C", "points_ns": 37}),
        (deals1[3], {"contract": "B", "points_ns": 50}),  # EW will dispute this one
    ]
    for deal, values in entries:
        enter_on_phone(c, deal.number, **values)
        card = c.locator(f"#deal-{deal.number}")
        expect(card).to_have_attribute("data-status", "pending")
        expect(card).to_contain_text(f"Esperant que {ew.name}")
    shot(c, "04-captain-entered")
    watcher.catalan(c, "captain page (pending)")

    # EW takes the phone and confirms the first three with its PIN.
    for deal, values in entries[:3]:
        card = c.locator(f"#deal-{deal.number}")
        card.locator(f"input[name='p{deal.number}-pin']").fill(ew.pin)
        card.get_by_role("button", name="Confirma amb PIN").click()
        expect(c.locator(f"#deal-{deal.number}")).to_have_attribute("data-status", "confirmed")
        expected.result(deal, table, **values)
    shot(c, "05-captain-confirmed")

    # ... and disputes the fourth from its own link.
    e = phone.new_page()
    e.goto(f"{base}/t/{ew.pk}/{links[ew.pk]}/")
    card = e.locator(f"#deal-{deals1[3].number}")
    expect(card).to_have_attribute("data-status", "pending")
    card.locator("details.dispute summary").click()
    card.locator("textarea").fill("Vam fer 22 punts, no pas 50.")
    card.get_by_role("button", name="Envia la discrepància a l'àrbitre").click()
    expect(e.locator(f"#deal-{deals1[3].number}")).to_have_attribute("data-status", "disputed")
    watcher.catalan(e, "captain page (disputed)")
    shot(e, "06-captain-disputed")

    # Table 2 reports through the services (its captains are not the subject here).
    other = tables1[1]
    table2 = [
        {"contract": "O", "points_ns": 35},
        {"contract": "BOT", "points_ns": 44},
        {"contract": "E", "points_ns": 36, "contro": True},
        {"contract": "C", "points_ns": 28},
    ]
    for deal, values in zip(deals1, table2, strict=True):
        play_through_services(scoring, ResultData, other, deal, values)
        expected.result(deal, other, **values)

    # Nothing players read shows the cards while the round is being played.
    v = visitor.new_page()
    v.goto(f"{base}/c/{pk}/rounds/1/")
    expect(v.locator("h1")).to_contain_text("Ronda 1")
    watcher.catalan(v, "public round 1 (released)")
    assert v.locator(".compass, article.deal").count() == 0
    for deal in deals1:
        assert deal_notation(deal) not in v.content()
    v.goto(f"{base}/c/{pk}/results/deals/1/")
    assert deal_notation(deals1[0]) not in v.content()

    # The director settles the dispute and sets an adjusted score.
    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("link", name="Graella de resultats de la ronda actual").click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/results/rounds/1/")
    watcher.catalan(d, "results grid")
    disputed = d.locator(f"td.cell[data-table='1'][data-deal='{deals1[3].number}']")
    expect(disputed).to_have_attribute("data-status", "disputed")
    for deal in deals1[:3]:
        cell = d.locator(f"td.cell[data-table='1'][data-deal='{deal.number}']")
        expect(cell).to_have_attribute("data-status", "confirmed")
    shot(d, "07-grid-disputed")
    disputed.locator("a").click()
    expect(d.locator("h1")).to_contain_text("Taula 1")
    watcher.catalan(d, "result page (disputed)")
    expect(d.locator("ol.history")).to_contain_text("Vam fer 22 punts")
    number = deals1[3].number
    form = d.locator("form:has(input[name='action'][value='override'])")
    form.locator("label.choice:has(input[name='r-contract'][value='B'])").click()
    form.locator("input[name='r-points_ns']").fill("22")
    form.locator("textarea[name='r-note']").fill("Comprovat amb les dues parelles.")
    form.get_by_role("button", name="Desa el resultat").click()
    expect(d.locator(".messages")).to_contain_text("Resultat entrat")
    expected.result(deals1[3], table, contract="B", points_ns=22)
    watcher.catalan(d, "result page (settled)")
    d.get_by_role("link", name="Ronda 1: resultats").click()
    expect(d.locator(f"td.cell[data-table='1'][data-deal='{number}']")).to_have_attribute(
        "data-status", "confirmed"
    )
    assert "22-50" in d.locator(f"td.cell[data-table='1'][data-deal='{number}']").inner_text()

    d.locator(f"td.cell[data-table='2'][data-deal='{deals1[0].number}'] a").click()
    form = d.locator("form:has(input[name='action'][value='adjust'])")
    form.locator("label.choice:has(input[name='a-side'][value='NS'])").click()
    form.locator("label.choice:has(input[name='a-kind'][value='custom'])").click()
    form.locator("input[name='a-value']").fill("1,55")
    form.locator("textarea[name='a-reason']").fill("Cartes mal repartides a la taula 2.")
    form.get_by_role("button", name="Aplica la puntuació ajustada").click()
    expect(d.locator(".messages")).to_contain_text("ajustada")
    expected.adjust(deals1[0], other, "NS", Fraction(31, 20))
    expect(d.locator(".adjustment-in-force")).to_contain_text("1,55")  # Catalan: a decimal comma
    watcher.catalan(d, "result page (adjusted)")
    shot(d, "08-adjusted")

    w.keep(c=c, v=v, expected=expected, table=table, ns=ns, ew=ew, other=other)
