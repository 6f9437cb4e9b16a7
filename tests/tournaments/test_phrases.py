"""A name in a translated sentence (``tournaments.phrases``): Catalan joins the preposition
before it ("d'Espadats", "dels Semifallos", "pel Trumfo"); the name itself stays as typed, and
Spanish and English are untouched."""

from datetime import timedelta

import pytest
from django.template import Context, Template
from django.utils import timezone, translation
from hypothesis import given
from hypothesis import strategies as st

from scoring import selectors
from scoring.templatetags.scoring_tags import heard_ago, status_short
from tournaments.phrases import MARK, mended, phrase

POINTS_OF = "Punts de %(pair)s"


@pytest.mark.parametrize(("name", "said"), [
    ("Espadats", "Punts d'Espadats"),
    ("Els Semifallos", "Punts dels Semifallos"),
    ("El Trumfo", "Punts del Trumfo"),
    ("els Nois", "Punts dels Nois"),
    ("Hortènsia", "Punts d'Hortènsia"),
    ("Oest", "Punts d'Oest"),
    ("Iolanda", "Punts de Iolanda"),  # a glide: no apostrophe
    ("Ramon", "Punts de Ramon"),
    ("Elsa", "Punts d'Elsa"),  # "Els" only as a word
    ("Club de Amics", "Punts de Club de Amics"),  # the name's own words stay as typed
])
def test_catalan_joins_de_to_the_name(name, said):
    with translation.override("ca"):
        assert phrase(POINTS_OF, pair=name) == said


@pytest.mark.parametrize(("message", "name", "said"), [
    ("Descans per a %(team)s", "Els Nois", "Descans per als Nois"),
    ("Donar un enllaç nou a %(team)s?", "El Trumfo", "Donar un enllaç nou al Trumfo?"),
    ("Confirmada per %(team)s", "Els Nois", "Confirmada pels Nois"),
    ("Confirmada per %(team)s", "Espadats", "Confirmada per Espadats"),
])
def test_catalan_joins_a_and_per_to_an_article(message, name, said):
    with translation.override("ca"):
        assert phrase(message, team=name) == said


@pytest.mark.parametrize("language", ["es", "en"])
def test_other_languages_keep_the_sentence_as_written(language):
    with translation.override(language):
        assert phrase("Puntos de %(pair)s", pair="El Trumfo") == "Puntos de El Trumfo"
        assert phrase("Points of %(pair)s", pair="Espadats") == "Points of Espadats"


@given(st.text(max_size=30).filter(lambda text: MARK not in text),
       st.sampled_from(["ca", "es", "en"]))
def test_the_mark_never_shows_and_the_name_is_kept(name, language):
    said = phrase("Punts de %(pair)s!", pair=name)
    assert MARK not in said
    assert said.endswith(name + "!")
    assert mended(said, language) == said


def test_a_template_sentence_is_mended_and_still_escaped():
    template = Template(
        "{% load i18n phrases %}{% blocktranslate with pair=name|name_in asvar said %}"
        "Points of {{ pair }}{% endblocktranslate %}{{ said|mended }}")
    with translation.override("ca"):
        assert template.render(Context({"name": "Espadats"})) == "Punts d'Espadats"
        assert template.render(Context({"name": "Els <b>Nois</b>"})) == (
            "Punts dels &lt;b&gt;Nois&lt;/b&gt;")


def test_a_table_heard_under_a_minute_ago_was_heard_just_now():
    now = timezone.now()
    with translation.override("ca"):
        assert heard_ago(now - timedelta(seconds=20)) == "ara mateix"
        assert heard_ago(now - timedelta(minutes=5, seconds=3)) == "fa 5\xa0minuts"
    with translation.override("es"):
        assert heard_ago(now) == "ahora mismo"


@pytest.mark.parametrize(("language", "word"), [("ca", "confirmat"), ("es", "confirmado"),
                                                 ("en", "OK")])
def test_a_confirmed_cell_of_the_grid_speaks_the_directors_language(language, word):
    with translation.override(language):
        assert status_short(selectors.CONFIRMED) == word
