"""Duplicate scoring of individual play by seat (rules.md 10.2), with the worked example 10.2a."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.abarrotada import (
    Form,
    IndividualError,
    TableReport,
    check_report,
    deal_scores,
    score_individual_deal,
    trump_maker,
)
from engine.cards import Contract
from engine.final_scores import show_score
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def report(key, points, contract, contro=(), breaches=(), **kw):
    return TableReport(
        key=key,
        dealer=N,
        maker=N,
        contract=contract,
        points=dict(zip((N, E, S, W), points, strict=True)),
        contro_by=frozenset(contro),
        breaches=frozenset(breaches),
        **kw,
    )


WORKED = [
    report(1, (30, 14, 20, 8), Contract.OROS),
    report(2, (22, 18, 24, 8), Contract.BOTIFARRA, contro=(E,)),
    report(3, (35, 10, 15, 12), Contract.COPES, contro=(S,)),
    report(4, (25, 20, 15, 12), Contract.ESPASES, breaches=(W,)),
]


def test_worked_example_10_2a():
    assert [list(deal_scores(r).values()) for r in WORKED[:3]] == [
        [12, -4, 2, -10],
        [8, 0, 6, -10],
        [17, -8, -6, -6],
    ]
    scores = score_individual_deal(WORKED)
    shown = {key: [show_score(scores[key][s].final) for s in (N, E, S, W)] for key in scores}
    assert shown == {
        1: ["1.44", "1.50", "1.67", "1.00"],
        2: ["1.00", "2.00", "2.00", "1.00"],
        3: ["2.00", "1.00", "1.00", "2.00"],
        4: ["1.48", "1.50", "1.56", "0.00"],
    }
    assert scores[1][N].final == Fraction(13, 9)
    assert scores[4][N].final == Fraction(40, 27)
    assert scores[4][W].breach and scores[4][W].final == 0


def test_adjusted_seat_leaves_its_pool_and_unplayed_seats_do_not_score():
    scores = score_individual_deal(
        WORKED[:3], adjustments={3: {N: Fraction(8, 5)}, 9: {E: Fraction(3, 2)}}
    )
    assert scores[3][N].final == Fraction(8, 5) and scores[3][N].adjusted
    # N's pool is now 12 and 8: table 1 is the top.
    assert scores[1][N].final == 2 and scores[2][N].final == 1
    assert scores[9][E].final == Fraction(3, 2) and scores[9][N].final is None
    assert scores[9][N].deal_score is None


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"points": {N: 30, E: 14, S: 20, W: 9}}, "points", "points_do_not_add_up"),
        ({"contro_by": frozenset({N})}, "contro_by", "contro_by_maker"),
        (
            {"estevet": True, "maker": E, "delegations": 1, "recontro_by": S},
            "recontro_by",
            "recontro_by_other",
        ),
        ({"delegations": 4}, "delegations", "too_many_delegations"),
        ({"estevet": True, "delegations": 1}, "estevet", "estevet_by_maker"),
        ({"sant_vicenc_by": E}, "sant_vicenc_by", "sant_vicenc_without_recontro"),
    ],
)
def test_bad_reports_name_the_field(change, field, code):
    fields = {f: getattr(WORKED[0], f) for f in TableReport.__slots__}
    fields.update(change)
    with pytest.raises(IndividualError) as caught:
        score_individual_deal([TableReport(**fields)])
    assert (caught.value.field, caught.value.code) == (field, code)
    if code == "points_do_not_add_up":
        assert caught.value.params == {"sum": 73} and "73" in caught.value.message


def test_three_player_threshold_is_24():
    r = TableReport(
        key=1,
        dealer=N,
        maker=E,
        delegations=1,
        contract=Contract.BOTIFARRA,
        points={N: 30, E: 30, S: 12},
        contro_by=frozenset({S}),
        form=Form.THREE,
    )
    assert deal_scores(r) == {N: 6, E: 12, S: -24}


def points_split(seats):
    cuts = st.lists(st.integers(0, 72), min_size=seats - 1, max_size=seats - 1).map(sorted)
    return cuts.map(lambda c: [b - a for a, b in zip([0, *c], [*c, 72], strict=True)])


@st.composite
def deals(draw):
    tables = draw(st.integers(1, 8))
    out = []
    for key in range(tables):
        pts = draw(points_split(4))
        delegations = draw(st.integers(0, 3))
        maker = trump_maker(N, delegations)
        contro = draw(st.sets(st.sampled_from([s for s in (N, E, S, W) if s is not maker])))
        breaches = (
            draw(st.sets(st.sampled_from([N, E, S, W]), max_size=2))
            if draw(st.booleans())
            else set()
        )
        out.append(
            TableReport(
                key=key,
                dealer=N,
                maker=maker,
                delegations=delegations,
                contract=draw(st.sampled_from(list(Contract))),
                points=dict(zip((N, E, S, W), pts, strict=True)),
                contro_by=frozenset(contro),
                breaches=frozenset(breaches),
            )
        )
    return out


@given(deals(), st.randoms())
def test_finals_lie_in_0_2_and_ignore_table_order(reports, rnd):
    scores = score_individual_deal(reports)
    for seats in scores.values():
        for score in seats.values():
            assert 0 <= score.final <= 2
            assert score.final == 0 or score.final >= 1
    shuffled = list(reports)
    rnd.shuffle(shuffled)
    assert score_individual_deal(shuffled) == scores


@given(points_split(4), st.integers(1, 10))
def test_everybody_the_same_scores_the_average(points, tables):
    same = [report(k, points, Contract.OROS) for k in range(tables)]
    for seats in score_individual_deal(same).values():
        assert all(score.final == Fraction(3, 2) for score in seats.values())


def test_ordinary_score_10_1():
    from engine.abarrotada import ordinary_score

    assert ordinary_score(26, Form.FOUR) == 8  # the seed's "worth 9" does not add up
    assert ordinary_score(18, Form.FOUR) == 0
    assert ordinary_score(30, Form.THREE, multiplier=2) == 12
    with pytest.raises(ValueError, match="points"):
        ordinary_score(73, Form.FOUR)


# --- Who makes trumps after delegations (rules.md 10.1) ---------------------------------------

#: The player on each seat's left, read off the table as the rules draw it (N at the top, E
#: on the right of the drawing, play N -> W -> S -> E): the one who plays just before that
#: seat. With three players W is empty and play goes N -> S -> E.
LEFT = {
    Form.FOUR: {N: E, E: S, S: W, W: N},
    Form.THREE: {N: E, E: S, S: N},
}


def reached(dealer, delegations, form):
    seat = dealer
    for _ in range(delegations):
        seat = LEFT[form][seat]
    return seat


@st.composite
def delegated_reports(draw):
    """A report of either form with any dealer, delegations (0 to 3) and maker, and nothing
    else the rules refuse (no contro by anyone who could be the maker, no breach)."""
    form = draw(st.sampled_from(list(Form)))
    seats = form.seats
    return TableReport(
        key=1,
        dealer=draw(st.sampled_from(seats)),
        maker=draw(st.sampled_from(seats)),
        contract=draw(st.sampled_from(list(Contract))),
        points=dict(zip(seats, draw(points_split(len(seats))), strict=True)),
        delegations=draw(st.integers(0, 3)),
        form=form,
    )


@given(delegated_reports())
def test_the_maker_is_the_player_the_delegations_reached(report):
    expected = reached(report.dealer, report.delegations, report.form)
    assert trump_maker(report.dealer, report.delegations, report.form) is expected
    if report.maker is expected:
        check_report(report)
        return
    with pytest.raises(IndividualError) as caught:
        check_report(report)
    assert (caught.value.field, caught.value.code) == ("maker", "maker_not_reached")
    assert caught.value.params["seat"] == expected.value


def test_one_delegation_from_north_reaches_east_not_west():
    one = TableReport(key=1, dealer=N, maker=W, contract=Contract.OROS,
                      points={N: 30, E: 14, S: 20, W: 8}, delegations=1)
    with pytest.raises(IndividualError) as caught:
        check_report(one)
    assert (caught.value.field, caught.value.code) == ("maker", "maker_not_reached")
    assert "E names trumps, not W" in caught.value.message
    check_report(TableReport(**{**{f: getattr(one, f) for f in TableReport.__slots__},
                                "maker": E}))


@pytest.mark.parametrize("dealer", [N, E, S, W])
def test_two_delegations_reach_the_partner_as_in_pairs(dealer):
    from engine.dealers import trump_side

    maker = trump_maker(dealer, 2)
    assert maker is dealer.partner and maker.side is trump_side(dealer)


def test_an_estevet_that_comes_back_to_its_dealer_is_refused_on_the_delegations():
    three = TableReport(key=1, dealer=N, maker=E, contract=Contract.OROS,
                        points={N: 30, E: 30, S: 12}, delegations=3, estevet=True,
                        form=Form.THREE)
    with pytest.raises(IndividualError) as caught:
        check_report(three)
    assert (caught.value.field, caught.value.code) == ("delegations", "estevet_back_to_dealer")
    with pytest.raises(IndividualError) as caught:
        check_report(TableReport(**{**{f: getattr(three, f) for f in TableReport.__slots__},
                                    "maker": N}))
    assert caught.value.code == "estevet_by_maker"


def test_scoring_takes_a_stored_maker_as_reported():
    # Reports stored before the trump maker was checked on entry still score (no refusal).
    stored = TableReport(key=1, dealer=N, maker=W, contract=Contract.BOTIFARRA,
                         points={N: 10, E: 14, S: 20, W: 28}, delegations=1)
    assert deal_scores(stored)[W] == 20
    assert score_individual_deal([stored])[1][W].deal_score == 20
