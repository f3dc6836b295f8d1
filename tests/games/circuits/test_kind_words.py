"""A Plan's Kind reaches the screen as the rulebook writes it ("Offense", docs/rulings/circuits.md
gap.27 and gap.28): on the terminal board, in the play-by-play and in a card's text, while the card
data, the views and the events keep the lower-case value that bots read."""

from __future__ import annotations

from circuits_scenario import GAME, pick, scenario

from cardarena.games.circuits.narrate import narrate
from cardarena.games.circuits.present import render
from cardarena.games.circuits.schema import KIND_WORDS, kind_word
from cardarena.terminal.cardtext import CardIndex, card_lines

DUEL = ("Forgeblade", "Lumen Warden")


def test_the_kinds_are_the_rulebooks_words() -> None:
    assert KIND_WORDS == {"offense": "Offense", "defense": "Defense", "utility": "Utility"}
    assert kind_word("defense") == "Defense" and kind_word(None) == "?"


def test_a_face_down_plan_reads_with_a_capital_kind_on_every_screen_and_lower_case_in_the_data() -> None:
    st = scenario(heroes=DUEL, hands=(["Battle Plan"], ["Interference"]), rally=(3, 3))
    pick(st, "Play Battle Plan")
    pick(st, "Pass")
    theirs, mine = st.view(1), st.view(0)
    # the data bots read: unchanged
    assert theirs["players"][0]["plans"] == [{"index": 0, "kind": "offense", "delayed": False}]
    played = [e for e in st.visible_log(1) if e["type"] == "play"]
    assert played[0]["kind"] == "offense"
    assert GAME.card_info("Battle Plan")["plan_kind"] == "offense"
    # what a person reads
    assert "Plans: [Offense]" in render(theirs)
    assert "Plans: [Offense: Battle Plan]" in render(mine)
    assert narrate(played[0]) == "  P1 plays a face-down Offense Plan"
    lines = card_lines(GAME.card_info("Battle Plan"))
    assert any("Kind Offense" in line for line in lines) and not any("Kind offense" in line for line in lines)
    assert "Kind Offense" in " ".join(CardIndex(GAME).describe(CardIndex(GAME).entries["battle plan"]))
    for kind in KIND_WORDS:
        assert narrate({"type": "play", "player": 1, "card": None, "card_type": "plan", "kind": kind}) == \
            f"  P2 plays a face-down {KIND_WORDS[kind]} Plan"
