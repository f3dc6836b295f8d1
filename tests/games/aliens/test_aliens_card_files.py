"""An aliens game with a card file (docs/cards.md): played with the file's cards, never mixed with the
package's in one process."""

from __future__ import annotations

from card_file_tools import check_pools_never_mix, ember_lash
from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game

#: Ember Lash (three in wildfire_assault) deals 6, not 2
LASH = ember_lash(6)


def test_games_with_a_card_file_and_without_never_mix() -> None:
    check_pools_never_mix("aliens", ["wildfire_assault", "mind_storm"], LASH)


def test_the_game_deals_the_file_s_definition() -> None:
    st = load_game("aliens", CardFiles([("lash.toml", LASH)])).new_game(["wildfire_assault", "mind_storm"], seed=1)
    lashes = [d for d in st.defs if d.id == "pyr-ember-lash"]
    assert len(lashes) == 3 and {d.damage for d in lashes} == {6}
    assert st.config["cards"]["files"][0]["name"] == "lash.toml"
    assert "cards" not in load_game("aliens").new_game(["wildfire_assault", "mind_storm"], seed=1).config
