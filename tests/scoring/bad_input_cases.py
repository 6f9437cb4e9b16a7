"""The free-deal and individual formats' cases of the bad-input corpus
(``test_bad_input_corpus.py``): the free-deal settings, a game through the captain's and the
director's pages, hand records nested too deep, and ids that are no ids posted to every
format's director confirmations (issue 34, item 3). Each ``Case`` is checked by the corpus:
refused with a 4xx or a form error naming the field, nothing written."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse


@dataclass
class Case:
    name: str
    url: str
    data: dict = field(default_factory=dict)
    client: str = "director"  # "director", "captain" (anonymous) or "other" (a director elsewhere)
    # What proves the refusal names the field: a form field with an error, or a text shown.
    form: str | None = None  # the context name of the form
    field_name: str | None = None
    text: str | None = None
    status: int | None = None  # an expected 4xx instead



def free_deal_cases(w) -> list[Case]:
    """A free-deal game (rules.md 11.2) and the format's settings, through the pages."""
    cases: list[Case] = []
    settings = {"name": "Lliure 2", "format": "free_deal_pairs", "rounds_planned": "5",
                "doubling": "2-4-8", "fd-target": "101", "fd-hand_limit": "12",
                "fd-round_minutes": "60", "fd-cap": "121", "fd-match_points": "1-1/2-0",
                "fd-tie_breaks": "match_points,point_difference,points,buchholz",
                "fd-bye_difference": "0", "fd-bye_points": "0", "fd-seeding": "draw"}
    create = reverse("tournaments:director_create")
    for field_name, value in [
        ("target", "0"), ("target", "1000"), ("target", "abc"), ("cap", "100"),
        ("hand_limit", "-1"), ("round_minutes", "1e3"), ("match_points", "4-2-0"),
        ("tie_breaks", "luck"), ("tie_breaks", "points,points"), ("bye_points", "-1"),
        ("seeding", "<script>"),
    ]:
        cases.append(Case(f"free-deal settings {field_name}={value!r}", create,
                          {**settings, f"fd-{field_name}": value}, form="extra",
                          field_name=field_name))
    cases.append(Case("free-deal settings: a game with no end", create,
                      {**settings, "fd-target": "", "fd-hand_limit": "", "fd-round_minutes": ""},
                      form="extra", field_name="target"))
    fd_round = w["fd_round"]
    table = fd_round.tables.order_by("number").first()
    first = table.ns_team
    # The director settles an entry of this table by its id: anything else is a 404.
    director_game = reverse("free_deal:director_game",
                            args=[w["free_deal"].pk, fd_round.number, table.number])
    for entry in ("abc", "²", "1e3", "0x10", "\x00", "9" * 5000, str(w["entry_t6"].pk)):
        cases.append(Case(f"free-deal director confirm entry={entry[:12]!r}", director_game,
                          {"action": "confirm", "entry": entry}, status=404))
    game = {"first_points": "101", "second_points": "40", "ended_by": "target",
            "hands_played": "9", "idempotency_key": "corpus"}
    submit = f"/t/{first.pk}/{first.link_secret}/game/"
    for name, changes, field_name in [
        ("points above the cap", {"first_points": "130"}, "first_points"),
        ("negative points", {"second_points": "-1"}, "second_points"),
        # Shown once, at the first pair's points (issue 37 item 3), since it concerns both.
        ("both pairs over the target", {"second_points": "105"}, "first_points"),
        ("target not reached", {"first_points": "90"}, "ended_by"),
        ("hands above the limit", {"ended_by": "hands", "first_points": "90",
                                   "hands_played": "13"}, "hands_played"),
        ("hand limit not reached", {"ended_by": "hands", "first_points": "90",
                                    "hands_played": "10"}, "hands_played"),
        ("no hands", {"hands_played": "0"}, "hands_played"),
        ("unknown ending", {"ended_by": "luck"}, "ended_by"),
        ("huge points", {"first_points": "99999999999999999999"}, "first_points"),
        ("over-long key", {"idempotency_key": "k" * 65}, "idempotency_key"),
    ]:
        cases.append(Case(f"free-deal game: {name}", submit, {**game, **changes},
                          client="captain", form="form", field_name=field_name))
    bye = fd_round.bye_team
    cases.append(Case("free-deal game: a bye entered as a game",
                      f"/t/{bye.pk}/{bye.link_secret}/game/", game, client="captain",
                      text="no open table"))
    cases.append(Case("free-deal game: wrong link", f"/t/{first.pk}/{'x' * 22}/game/", game,
                      client="captain", status=404))
    director_game = f"/director/c/{w['free_deal'].pk}/results/rounds/1/games/{table.number}/"
    for name, hands in DEEP_HANDS:
        cases.append(Case(f"free-deal game: hands {name}", submit, {**game, "hands": hands},
                          client="captain", form="form", field_name="hands"))
        cases.append(Case(f"free-deal director's game: hands {name}", director_game,
                          {**game, "hands": hands, "note": ""}, form="form",
                          field_name="hands"))
    return cases + posted_id_cases(w, director_game)


# The score pad's record nested deeper than Python's parser recurses (issue 34, item 3).
DEEP_HANDS = [
    ("nested 5,000 deep", "[" * 5000 + "]" * 5000),
    ("nested 990 deep in a hand", '[{"makers": ' + "[" * 990 + "]" * 990 + ', "contract": '
     '"O", "doubling": 0, "scorer": "first", "points": 10}]'),
]
# Ids posted by the director's pages (a pending game, report, evening total or knockout tie
# to confirm) that are not a database id: refused, never a 500, nothing written.
NOT_IDS = ["abc", "\u00b2", "1e3", "0x10", "\x00", "1\x00", "9" * 5000, "9" * 30, "-1",
           " 1", "١"]


def posted_id_cases(w, free_deal_game: str) -> list[Case]:
    individual, evening = w["individual"], w["evening"]
    pages = [
        ("free-deal director's game", free_deal_game, "entry", {"action": "confirm"}),
        ("individual director's deal",
         f"/director/c/{individual.pk}/results/rounds/1/players/1/deals/1/", "report",
         {"action": "confirm"}),
        ("evening director's game", f"/director/c/{evening.pk}/results/rounds/1/evening/1/",
         "entry", {"action": "confirm"}),
        ("knockout bracket", f"/director/c/{w['free_deal'].pk}/knockout/", "tie",
         {"first_points": "101", "second_points": "40"}),
    ]
    return [Case(f"{page}: {name}={value[:12]!r}", url, {**data, name: value})
            for page, url, name, data in pages for value in NOT_IDS]
