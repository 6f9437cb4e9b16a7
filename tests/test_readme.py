"""The README is a newcomer's first screens: the two commands, a tour, "At the club", and
links to the rest (docs/). Every link and every make target it or docs/ names must exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))


def test_the_first_screens_hold_the_two_commands_the_tour_and_the_club():
    text = README.read_text()
    assert len(text.encode()) < 16_000, "the README is for the first screens; the rest goes in docs/"
    lines = text.splitlines()
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:3] == ["## The two commands", "## A tour of the demo",
                            "## At the club: one laptop and the venue's Wi-Fi"]
    first_screen = "\n".join(lines[:30])
    assert "make demo" in first_screen and "make test" in first_screen
    assert re.search(r"make test +# .*about \d+ minutes", text), "say how long make test takes"


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)
    assert re.search(r"^\s*make test\b", README.read_text(), re.M)


def test_every_relative_link_points_at_a_file():
    for page in [README, *DOCS]:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text()):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name} links to a missing {target}"


def test_every_make_target_named_in_the_docs_exists():
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([a-z][a-z-]*):", makefile, re.M))
    for page in [README, *DOCS]:
        for target in re.findall(r"`make ([a-z][a-z-]*)", page.read_text()):
            assert target in targets, f"{page.name} names `make {target}`, which the Makefile lacks"
