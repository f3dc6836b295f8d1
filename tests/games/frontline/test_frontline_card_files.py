"""A frontline game with a card file (docs/cards.md): played with the file's cards, never mixed with the
package's in one process; its text is generated from the file's fields."""

from __future__ import annotations

from card_file_tools import check_pools_never_mix
from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game

#: Lady Cinder (ember_blitz's General) costs 2 and has 3 HP
CINDER = '''
[[cards]]
kind = "general"
id = "G06"
name = "Lady Cinder"
cost = 2
atk = 3
hp = 3
keywords = ["pierce"]
ability = { name = "Firestorm", cost = 2, effects = [{ verb = "damage", amount = 1, to = "each_enemy" }] }
'''


def test_games_with_a_card_file_and_without_never_mix() -> None:
    check_pools_never_mix("frontline", ["ember_blitz", "iron_wall"], CINDER)


def test_the_card_reads_as_the_file_says() -> None:
    info = load_game("frontline", CardFiles([("cinder.toml", CINDER)])).card_info("Lady Cinder")
    assert (info["cost"], info["hp"]) == (2, 3)
    assert load_game("frontline").card_info("Lady Cinder")["hp"] == 2
