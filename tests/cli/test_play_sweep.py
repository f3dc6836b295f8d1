"""`cardarena play` as a newcomer sweeps it: options that read alike say where each card is, a term of
the rules is looked up on its own (`? shield`), every public pile can be listed card by card (`d`), and
`--help` reads whole at 80 columns."""

from __future__ import annotations

import inspect
import io
import random
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cardarena
from cardarena.agents.human import TerminalHuman
from cardarena.cli import app
from cardarena.core.registry import game_ids
from cardarena.guide import load_guide
from cardarena.terminal.cardtext import CardIndex

runner = CliRunner()
OPTION = re.compile(r"^  [ \d]\d\. (.*)$")


def play(game_id: str, seed: int, input: str) -> Any:
    r = runner.invoke(app, ["play", game_id, "--opponent", "random", "--seed", str(seed)], input=input)
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    return r


def menus(output: str) -> list[list[str]]:
    """Each menu's option lines, as printed (a menu starts at its option 1)."""
    found: list[list[str]] = []
    for line in output.splitlines():
        m = OPTION.match(line)
        if m is None:
            continue
        if line.lstrip().startswith("1. "):
            found.append([])
        found[-1].append(m.group(1))
    return found


# rules frontline.4.5 (equipment goes on a unit), frontline.7.17 (Retreat), circuits.4.4 (the Field is
# visible): two copies of a card on the table are two choices, and the menu must tell them apart
@pytest.mark.parametrize("game_id", ["frontline", "circuits"])
def test_two_options_that_read_alike_say_where_each_card_is(game_id: str) -> None:
    # answering 1: frontline (seed 1) offers to Retreat either of two Vanguard Squires (one wears an
    # Iron Helm); circuits (seed 56) to discard either of two Probability Engines that something public
    # tells apart (identical copies in identical states are one option, circuits ruling 59)
    out = play(game_id, {"frontline": 1, "circuits": 56}[game_id], "1\n" * 400).output
    repeated = [m for m in menus(out) if len(set(m)) < len(m)]
    assert repeated == [], repeated[:3]
    told = [o for m in menus(out) for o in m if re.search(r" — your (Front Line|Field) slot \d$", o)]
    assert len(told) >= 2, "the seed no longer meets two copies of a card: pick another"


def test_an_attacker_is_told_apart_from_its_target() -> None:
    from cardarena.core.engine import Option
    from cardarena.terminal.labels import distinct_labels

    label = "Rubble Rat (1 ATK) attacks Pike Levy (1 HP) in the Front Line"
    options = [Option(f"attack:{i}:1:front:0", label, {"attacker": i, "card": "H008",
                                                       "target": {"seat": 1, "zone": "front", "index": 0}})
               for i in (0, 2)]
    assert distinct_labels(options, 0) == [f"{label} — attacker in your Front Line slot 1",
                                           f"{label} — attacker in your Front Line slot 3"]


def _plain_term(game_id: str) -> str:
    """A term of the game's rules summary that is no card's name (`i TERM` must fall back to it)."""
    index = CardIndex(cardarena.load_game(game_id))
    return next(t for t in load_guide(game_id).terms if index.find(t, set()) == (None, []))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_term_of_the_rules_is_looked_up_on_its_own(game_id: str) -> None:
    term = _plain_term(game_id)
    meaning = load_guide(game_id).terms[term]
    out = play(game_id, 4, f"? {term.lower()}\ni {term}\n?no such term at all\nq\ny\n").output
    flat = " ".join(out.split())
    assert flat.count(f"{term} — {' '.join(meaning.split())}") == 2, out[-3000:]
    assert "no term 'no such term at all' in the rules summary" in flat
    assert "Worked example\n---" not in out  # one term, not the whole guide


@pytest.mark.parametrize("game_id", game_ids())
def test_d_lists_each_seats_public_piles_card_by_card(game_id: str) -> None:
    out = play(game_id, 4, "1\n" * 12 + "d\nq\ny\n").output
    pile = "Fallen" if game_id == "frontline" else "Discard"
    assert re.search(rf"(^|> )Opponent \(P2\) {pile} \(\d+\): ", out, re.M), out[-2000:]
    assert re.search(rf"^You \(P1\) {pile} \(\d+\): ", out, re.M), out[-2000:]


@pytest.mark.parametrize(("game_id", "key"), [("aliens", "discard"), ("circuits", "discard"),
                                              ("mastery", "discard"), ("frontline", "fallen")])
def test_d_names_every_card_of_the_opponents_pile_and_nothing_hidden(game_id: str, key: str) -> None:
    g = cardarena.load_game(game_id)
    st = g.new_game(seed=5)
    rng = random.Random(5)
    while st.decision is not None and len(st.view(1)["players"][1][key]) < 3:
        st.apply(rng.choice(st.decision.options).id)
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=4000))
    view = st.view(0)
    human._piles(view)
    theirs = [c["name"] for c in st.view(1)["players"][1][key]]  # as their owner sees them
    title = {"discard": "Discard", "fallen": "Fallen"}[key]
    assert f"Opponent (P2) {title} ({len(theirs)}): {', '.join(theirs)}" in buf.getvalue()
    hand = [c["name"] for c in st.view(1)["players"][1].get("hand", []) if isinstance(c, dict) and "name" in c]
    listed = buf.getvalue().split("You (P1)")[0]
    assert [n for n in hand if n not in theirs and n in listed] == []  # their hand never shows


def test_help_paragraphs_are_whole_at_80_columns() -> None:
    """Every command's help paragraph is one line for `--help` to wrap (none broken half-way)."""
    import typer

    def commands(t: typer.Typer) -> list[Any]:
        return list(t.registered_commands) + [c for g in t.registered_groups if g.typer_instance is not None
                                             for c in commands(g.typer_instance)]

    broken = [c.name or c.callback.__name__ for c in commands(app)
              if any("\n" in p for p in inspect.cleandoc(c.help or c.callback.__doc__ or "").split("\n\n"))]
    assert broken == []
    r = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "80"})
    assert "[[cards]]" in r.output  # not eaten as markup ("its [] replace")


@pytest.mark.parametrize("game_id", game_ids())
def test_rules_with_a_word_prints_what_the_guide_says_of_that_term(game_id: str) -> None:
    term = _plain_term(game_id)
    meaning = " ".join(load_guide(game_id).terms[term].split())
    r = runner.invoke(app, ["rules", game_id, term.lower()])
    assert r.exit_code == 0, r.output
    assert f"{term} — {meaning}" in " ".join(r.output.split())
    assert f"(`cardarena rules {game_id}` shows them all)" in " ".join(r.output.split()) or "See also" not in r.output
    r = runner.invoke(app, ["rules", game_id, "no such term"])
    assert r.exit_code == 2 and "no rule item or term 'no such term'" in r.output


def test_an_empty_frontline_hand_says_empty() -> None:
    """Seed 1, answering 1: P1 deploys and equips its whole opening hand on turn 1."""
    out = play("frontline", 1, "1\n" * 8 + "q\ny\n").output
    assert "\n  Hand: empty\n" in out
    assert not re.search(r"\n  Hand:\n(?!    - )", out)  # never a heading over nothing


def test_an_ignored_aliens_status_names_both_statuses_as_the_rules_do() -> None:
    """rule aliens.12.1 (an Alien holds at most one status): the line names them as the board does."""
    from cardarena.games.aliens.narrate import narrate

    line = narrate({"type": "status_ignored", "name": "Sporemother Yth", "has": "corroding", "status": "jammed"})
    assert line == "    Sporemother Yth is already Corroding: Jammed is ignored"
