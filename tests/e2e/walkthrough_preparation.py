"""The director's walkthrough, steps 1 to 3: the director creates the championship, imports
its teams, generates the schedule, releases round 1 and prints."""

from __future__ import annotations

import re

from walkthrough_support import (
    TEAMS,
    csv_bytes,
    deal_hands_shown,
    deal_notation,
    pdf_text,
    shot,
    squash,
)


def create_championship(w):
    """1. The director logs in and creates the championship."""
    from playwright.sync_api import expect

    from tournaments.models import Championship

    base, desk, watcher = w.take("base desk watcher")

    d = desk.new_page()
    d.goto(f"{base}/director/")
    expect(d).to_have_url(re.compile(r"/accounts/login/"))
    d.fill("#id_username", "arbitra")
    d.fill("#id_password", "botifarra-72")
    d.get_by_role("button", name="Entra").click()
    expect(d).to_have_url(f"{base}/director/")
    watcher.catalan(d, "director home")
    d.locator("a[href='/director/new/']").first.click()
    expect(d.locator("h1")).to_have_text("Campionat nou")
    watcher.catalan(d, "new championship form")
    d.fill("#id_name", "Open de Botifarra")
    d.fill("#id_venue", "Casal de Gràcia")
    d.select_option("#id_movement", "round_robin")
    d.fill("#id_deals_per_match", "4")
    shot(d, "01-new-championship")
    d.get_by_role("button", name="Desa").click()
    expect(d).to_have_url(re.compile(r"/director/c/\d+/$"))
    pk = int(re.search(r"/director/c/(\d+)/$", d.url).group(1))
    championship = Championship.objects.get(pk=pk)
    assert championship.movement == "round_robin" and championship.deals_per_match == 4
    assert championship.directors.filter(username="arbitra").exists()
    expect(d.locator(".messages")).to_contain_text("Campionat creat")
    watcher.catalan(d, "championship page (empty)")

    w.keep(d=d, pk=pk, championship=championship)


def import_teams(w):
    """2. Team import: a bad file first, then the good one."""
    from playwright.sync_api import expect

    from tournaments.models import Team

    base, d, pk, championship, watcher = w.take("base d pk championship watcher")

    d.get_by_role("link", name="Importa parelles").click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/teams/import/")
    watcher.catalan(d, "team import page")
    bad = [
        ("1", "Els Manillaires", "", "Anna Puig", "Jordi Vila"),
        ("x", "Penya Botifarrera", "", "Marta Soler", ""),
        ("3", "els manillaires", "", "Núria Pla", "Joan Serra"),
    ]
    d.set_input_files(
        "#id_file",
        files=[{"name": "parelles.csv", "mimeType": "text/csv", "buffer": csv_bytes(bad)}],
    )
    d.get_by_role("button", name="Importa", exact=True).click()
    errors = d.locator(".import-errors")
    expect(errors).to_be_visible()
    expect(errors).to_contain_text("No s'ha desat res")
    error_lines = errors.locator("li").all_inner_texts()
    assert len(error_lines) == 3, error_lines
    assert error_lines[0].startswith("Fila 3, number:"), error_lines  # "x" is not a number
    assert error_lines[1].startswith("Fila 3, player2:"), error_lines  # missing player
    assert error_lines[2].startswith("Fila 4, name:"), error_lines  # same name as row 2
    assert not Team.objects.filter(championship=championship).exists()
    watcher.catalan(d, "team import errors")
    shot(d, "02-import-errors")

    d.set_input_files(
        "#id_file",
        files=[{"name": "parelles.csv", "mimeType": "text/csv", "buffer": csv_bytes(TEAMS)}],
    )
    d.get_by_role("button", name="Importa", exact=True).click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/teams/")
    expect(d.locator(".messages")).to_contain_text("5 parelles importades")
    teams = {t.number: t for t in Team.objects.filter(championship=championship)}
    assert sorted(teams) == [1, 2, 3, 4, 5]
    assert teams[5].name == "Contro i Recontro"  # the row without a number took the next one
    watcher.catalan(d, "team list")

    w.keep(teams=teams)


def schedule_and_print(w):
    """3. Schedule, release round 1, print."""
    from playwright.sync_api import expect

    from tournaments.models import Round

    base, d, pk, championship, teams, watcher = w.take("base d pk championship teams watcher")

    d.goto(f"{base}/director/c/{pk}/")
    d.get_by_role("button", name="Genera el calendari de la lliga").click()
    expect(d.locator(".messages")).to_be_visible()
    rounds = list(championship.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]  # 5 teams: 5 rounds with a bye
    assert all(r.status == Round.Status.DRAFTED for r in rounds)
    watcher.catalan(d, "championship page (schedule)")
    d.locator(f"a[href='/director/c/{pk}/rounds/1/']").first.click()
    expect(d).to_have_url(f"{base}/director/c/{pk}/rounds/1/")
    d.get_by_role("button", name="Posa la ronda en joc").click()
    expect(d.locator(".messages")).to_contain_text("Ronda 1")
    round1 = championship.rounds.get(number=1)
    assert round1.status == Round.Status.RELEASED
    watcher.catalan(d, "round 1 (released)")
    shot(d, "03-round-1-released")

    deals1 = list(round1.deals.order_by("number"))
    assert [deal.number for deal in deals1] == [1, 2, 3, 4]
    tables1 = list(round1.tables.select_related("ns_team", "ew_team").order_by("number"))
    assert len(tables1) == 2 and round1.bye_team is not None
    playing = [t.ns_team.name for t in tables1] + [t.ew_team.name for t in tables1]

    sheets = pdf_text(d.request.get(
        base + d.locator("a[href$='/rounds/1/deals.pdf']").first.get_attribute("href")))
    assert "Open de Botifarra" in sheets
    for deal in deals1:
        assert squash(deal_notation(deal)) in squash(sheets), f"deal {deal.number} missing"
        for ranks in deal_hands_shown(deal):
            assert ranks in sheets
    assert "Repartidor" in sheets  # printed in Catalan

    cards = pdf_text(d.request.get(
        base + d.locator("a[href$='/rounds/1/table-cards.pdf']").first.get_attribute("href")))
    for name in playing:
        assert name in cards, f"{name} not on the table cards"
    # Table cards show no cards.
    assert not any(squash(deal_notation(deal)) in squash(cards) for deal in deals1)

    d.goto(f"{base}/director/c/{pk}/")
    team_cards = pdf_text(d.request.get(
        base + d.get_by_role("link", name=re.compile("targetes de parella", re.I))
        .get_attribute("href")))
    links = dict(
        (int(m.group(1)), m.group(2))
        for m in re.finditer(r"/t/(\d+)/([A-Za-z0-9_-]{22,64})/", squash(team_cards))
    )
    for team in teams.values():
        assert team.name in team_cards
        assert f"PIN: {team.pin}" in team_cards
        assert links.get(team.pk) == team.link_secret, "the team card's link is not the team's"

    w.keep(round1=round1, deals1=deals1, tables1=tables1, links=links)
