"""A circuits game with a card file (docs/cards.md): played with the file's cards, never mixed with the
package's in one process; a face-down Plan a search redraws comes from the game's own pool."""

from __future__ import annotations

from card_file_tools import check_pools_never_mix
from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game
from cardarena.games.circuits.state import plans_marked

#: Slow Fuse (three in forgeblade) deals 6, not 3
FUSE = '''
[[cards]]
kind = "tactic"
id = "heat-slow-fuse"
name = "Slow Fuse"
type = "plan"
plan_kind = "offense"
circuits = ["Heat"]
cost = 2
text = "Plan (Offense). Deal 6 damage to the enemy Hero. It gets Burn 1."
effects = [{ verb = "damage", amount = 6, to = "enemy_hero" }, { verb = "burn", amount = 1, to = "enemy_hero" }]
'''


def test_games_with_a_card_file_and_without_never_mix() -> None:
    check_pools_never_mix("circuits", ["forgeblade", "lumen_warden"], FUSE)


def test_a_redrawn_plan_comes_from_the_game_s_pool() -> None:
    files = CardFiles([("fuse.toml", FUSE)])
    mine = [d for d in plans_marked("offense", 2, files) if d.id == "heat-slow-fuse"]
    printed = [d for d in plans_marked("offense", 2) if d.id == "heat-slow-fuse"]
    assert mine == [load_game("circuits", files).pool.by_id["heat-slow-fuse"]]
    assert mine[0].effects[0].amount == 6 and printed[0].effects[0].amount == 3
