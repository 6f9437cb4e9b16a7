"""A free-deal pair's public scorecard (``Format.scorecard_page``): each closed round's game
with its opponent, points and match points, its byes, its place and totals as on the
standings, its knockout ties; nothing of a round still in play; no deals (a free-deal game
has none, so no travellers either); and a cost that does not grow with the field."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.test import Client
from free_deal_factories import make_free_deal, next_round, play_round, sectioned, win

from formats.free_deal import selectors
from scoring.models import KnockoutTie
from scoring.services import set_results_public
from tournaments import services

pytestmark = pytest.mark.django_db

english = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _draw():
    from scoring.services.games import GameValues

    return GameValues(first_points=60, second_points=60, ended_by="hands", hands_played=12)


def played(director, *, pairs=5, closed=2, **settings):
    """``closed`` rounds played and closed, then a round in play with its games confirmed;
    the results public."""
    championship = make_free_deal(director, pairs=pairs, match_points="3-1-0",
                                  bye_points=50, bye_difference=20, **settings)
    for _ in range(closed):
        round_ = next_round(championship, director)
        play_round(round_, lambda t: _draw() if t.number % 3 == 0 else win(101, 30 + t.number))
        services.close_round(round_, by=director)
    in_play = next_round(championship, director)
    play_round(in_play, lambda t: win(101, 7))
    set_results_public(championship, True, user=director)
    return championship, in_play


def card_of(championship, team, **headers):
    response = Client().get(f"/c/{championship.pk}/results/teams/{team.number}/",
                            **(headers or english))
    assert response.status_code == 200
    return response


def test_the_card_lists_exactly_the_closed_rounds_games_as_the_standings_count_them(director):
    championship, in_play = played(director)
    standings = {line.pair_id: line for line in selectors.ranking(championship, up_to=2)}
    games = selectors.counted_games(championship, up_to=2)
    byes = selectors.byes(championship, up_to=2)
    teams = list(championship.teams.order_by("number"))
    for team in teams:
        response = card_of(championship, team)
        card = response.context["card"]
        expected = set()
        for g in games:
            if team.pk == g.first_id:
                expected.add((g.round_number, g.table_number, g.second_id, g.first_points,
                              g.second_points))
            elif team.pk == g.second_id:
                expected.add((g.round_number, g.table_number, g.first_id, g.second_points,
                              g.first_points))
        shown = {(r.round_number, r.table_number, r.opponent.pk, r.points_for,
                  r.points_against) for r in card.rows if not r.bye}
        assert shown == expected
        assert [r.round_number for r in card.rows if r.bye] == [
            n for n, pair in sorted(byes) if pair == team.pk]
        # Each game's match points by the 3-1-0 scheme; they add up to the standings' line,
        # which the card shows as its own.
        for row in card.rows:
            if not row.bye:
                assert row.match_points == (3 if row.points_for > row.points_against else
                                            1 if row.points_for == row.points_against else 0)
        line = standings[team.pk]
        assert sum(r.match_points for r in card.rows) == line.match_points
        assert card.line.place == line.place and card.line.match_points == line.match_points
        assert card.line.points == line.points
        assert card.line.point_difference == line.point_difference
        # Nothing of round 3, whose games are confirmed but whose round is still in play.
        assert all(r.round_number <= 2 for r in card.rows)
        assert 3 not in {r.round_number for r in card.rows}
    # The opponent links to its own card; the standings link every pair to its card.
    page = card_of(championship, teams[0]).content.decode()
    opponent = next(r.opponent for r in card_of(championship, teams[0]).context["card"].rows
                    if not r.bye)
    assert f'href="/c/{championship.pk}/results/teams/{opponent.number}/"' in page
    assert "After round 2 of 5" in page
    ranking = Client().get(f"/c/{championship.pk}/results/").content.decode()
    assert all(f'/results/teams/{t.number}/"' in ranking for t in teams)


def test_a_bye_is_shown_with_the_match_points_and_points_of_the_settings(director):
    championship, _in_play = played(director, pairs=5)
    round_1 = championship.rounds.get(number=1)
    team = round_1.bye_team
    response = card_of(championship, team)
    (bye,) = [r for r in response.context["card"].rows if r.round_number == 1]
    assert (bye.bye, bye.opponent, bye.table_number) == ("Bye", None, None)
    # 3-1-0: a bye is a win; 50 points and a difference of +20, as the settings say.
    assert (bye.match_points, bye.points_for, bye.points_against) == (Fraction(3), 50, 30)
    page = response.content.decode()
    assert "<strong>Bye</strong>" in page
    line = {line.pair_id: line for line in selectors.ranking(championship, up_to=2)}[team.pk]
    assert response.context["card"].line.byes == line.byes >= 1


def test_a_section_bye_is_named_as_such(director):
    championship = sectioned(director, sizes=(3, 3), rounds=2)
    round_ = next_round(championship, director)
    play_round(round_, lambda t: win())
    services.close_round(round_, by=director)
    set_results_public(championship, True, user=director)
    bye_pairs = list(round_.section_byes.values_list("team", flat=True))
    assert len(bye_pairs) == 2
    team = championship.teams.get(pk=bye_pairs[0])
    response = card_of(championship, team)
    (row,) = response.context["card"].rows
    assert row.bye == "Section bye" and row.match_points == 1  # the default 1-½-0
    assert "Section bye" in response.content.decode()


def test_nothing_before_a_round_is_closed_and_unknown_pairs_or_deals_are_not_found(director):
    championship = make_free_deal(director, pairs=4)
    round_ = next_round(championship, director)
    play_round(round_, lambda t: win())
    set_results_public(championship, True, user=director)
    team = championship.teams.get(number=1)
    response = card_of(championship, team)
    assert response.context["card"].rows == []
    assert "No game counted yet." in response.content.decode()
    client = Client()
    assert client.get(f"/c/{championship.pk}/results/teams/99/").status_code == 404
    # A free-deal game has no deals: no traveller, whatever the number.
    assert client.get(f"/c/{championship.pk}/results/deals/1/").status_code == 404
    # Unpublished results stay unpublished.
    set_results_public(championship, False, user=director)
    hidden = client.get(f"/c/{championship.pk}/results/teams/1/")
    assert "card" not in (hidden.context or {})


def test_the_free_deal_traveller_page_is_not_found_even_if_asked(director, rf):
    from django.http import Http404

    from formats import format_of

    championship = make_free_deal(director, pairs=4)
    with pytest.raises(Http404):
        format_of(championship).traveller_page(rf.get("/"), championship, None, director=False)


# Words of the duplicate deals, in each language (a free-deal game is played to 101 with
# cards shuffled at the table: there is no deal to speak of).
# ("Hand limit" is the game's own hands: allowed.)
DEAL_WORDS = {"en": r"\bdeals?\b", "ca": r"\bmà\b", "es": r"\brepartos?\b"}


@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_the_card_speaks_of_games_not_deals_in_each_language(director, language):
    championship, _in_play = played(director, pairs=5)
    team = championship.rounds.get(number=1).bye_team
    page = card_of(championship, team, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    main = page.split("<main", 1)[-1].split("</main>", 1)[0]
    text = re.sub(r"<[^>]+>", " ", main)
    assert not re.search(DEAL_WORDS[language], text, re.IGNORECASE), text
    # Translated: the bye's own word in the reader's language.
    assert {"ca": "Descans", "es": "Descanso", "en": "Bye"}[language] in text


def test_a_pair_of_the_knockout_stage_sees_its_tie(director, director_client):
    from test_free_deal_knockout_stage import swiss_played

    championship = swiss_played(director, pairs=4, rounds=2, knockout_size=2)
    set_results_public(championship, True, user=director)
    url = f"/director/c/{championship.pk}/knockout/"
    director_client.post(url, {"action": "start"})
    final = KnockoutTie.objects.get(championship=championship)
    director_client.post(url, {"action": "game", "tie": final.pk, "game": "1",
                               "first_points": "55", "second_points": "101"})
    winner = card_of(championship, final.second).context["ties"]
    assert [(t["name"], t["opponent"], t["games"], t["through"]) for t in winner] == [
        ("The final", final.first, [(101, 55)], True)]
    page = card_of(championship, final.first).content.decode()
    assert "Knockout stage" in page and "55–101" in page
    # A pair outside the bracket has no tie.
    other = championship.teams.exclude(pk__in=[final.first_id, final.second_id]).first()
    assert card_of(championship, other).context["ties"] == []


@pytest.mark.parametrize("pairs", [6, 12])
def test_the_card_costs_the_same_whatever_the_field(director, pairs,
                                                    django_assert_num_queries):
    championship, _in_play = played(director, pairs=pairs)
    team = championship.teams.get(number=1)
    client = Client()
    url = f"/c/{championship.pk}/results/teams/{team.number}/"
    client.get(url)  # the session and the translations warmed
    with django_assert_num_queries(QUERIES):
        assert client.get(url).status_code == 200


#: The championship and the pair, the scope, the pairs with their sections, the settings, the
#: counted games and the byes.
QUERIES = 7
