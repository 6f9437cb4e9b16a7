"""An engine refusal worded by the web layer: by its code, its figures filled in, and the
engine's English whenever the words cannot be used as they are."""

from engine.field_error import FieldError, worded

MESSAGES = {"too_many": "Massa mans: %(hands)s, com a molt %(most)s."}


def test_the_code_picks_the_words_and_the_params_fill_them():
    error = FieldError("hands", "too many hands", code="too_many",
                       params={"hands": 14, "most": 12})
    assert worded(error, MESSAGES) == "Massa mans: 14, com a molt 12."


def test_an_unknown_code_or_a_missing_figure_falls_back_to_the_engines_english():
    assert worded(FieldError("hands", "odd", code="other"), MESSAGES) == "hands: odd"
    missing = FieldError("hands", "too many hands", code="too_many", params={"hands": 14})
    assert worded(missing, MESSAGES) == "hands: too many hands"
    assert worded(ValueError("plain"), MESSAGES) == "plain"
