"""Playing a game with a card file (docs/cards.md) the way the tests of each game check it: random
choices from a seed, the whole game (its log and every option offered, id and label) as one digest, and
the same games played by a fresh process that never saw another pool."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game
from cardarena.core.rng import Rng

#: a new aliens card, in no starter: the table a card file adds
FLAME_WHIP = """
[[cards]]
kind = "tactic"
id = "pyr-flame-whip"
name = "Flame Whip"
species = "Pyrrhid"
subtype = "attack"
cost = 1
affinity = "Plasma"
damage = 3
text = "Attack (Plasma): deal 3 damage."
"""

#: Solar Lance deals 5, not 3; Flame Whip is new (a card file that changes one card and adds one)
LANCE = '''[[cards]]
kind = "tactic"
id = "pyr-solar-lance"
name = "Solar Lance"
species = "Pyrrhid"
subtype = "attack"
cost = 2
affinity = "Solar"
damage = 5
super_effective = ["Cryo"]
text = "Attack (Solar): deal 5 damage. Also super-effective against Cryo."
''' + FLAME_WHIP


def ember_lash(damage: int) -> str:
    """A card file that changes Ember Lash (2 damage, three in wildfire_assault) to deal `damage`."""
    return f'''
[[cards]]
kind = "tactic"
id = "pyr-ember-lash"
name = "Ember Lash"
species = "Pyrrhid"
subtype = "attack"
cost = 1
affinity = "Plasma"
damage = {damage}
text = "Attack (Plasma): deal {damage} damage."
'''


def play(game: str, decks: list[str], cards: CardFiles | None, seed: int) -> str:
    """The digest of a game of random choices: its log and the options offered at each decision."""
    st = load_game(game, cards).new_game(decks, seed=seed)
    rng = Rng(seed)
    offered: list[Any] = []
    while st.decision is not None:
        opts = st.decision.options
        offered.append([(o.id, o.label) for o in opts])
        st.apply(opts[rng.below(len(opts))].id)
    return hashlib.sha256(json.dumps([st.log, offered], sort_keys=True).encode()).hexdigest()


def fresh(game: str, decks: list[str], text: str | None, seeds: list[int]) -> list[str]:
    """`play` of each seed in a new process that plays only that pool (the card file's text, or None)."""
    script = ("import json, sys; from card_file_tools import play; from cardarena.core.cardfiles import CardFiles; "
              "game, decks, text, seeds = json.loads(sys.argv[1]); "
              "cards = None if text is None else CardFiles([('card file', text)]); "
              "print(json.dumps([play(game, decks, cards, s) for s in seeds]))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run([sys.executable, "-c", script, json.dumps([game, decks, text, seeds])],
                         capture_output=True, text=True, env=env, check=True)
    return list(json.loads(out.stdout))


def check_pools_never_mix(game: str, decks: list[str], text: str, seeds: tuple[int, int] = (1, 2)) -> None:
    """Games of the package's cards and of the card file's, played in turn in this process, are each the
    game a process of that pool alone plays; and the card file changes them."""
    cards = CardFiles([("card file", text)])
    alone = {**dict(zip([(None, s) for s in seeds], fresh(game, decks, None, list(seeds)), strict=True)),
             **dict(zip([(cards, s) for s in seeds], fresh(game, decks, text, list(seeds)), strict=True))}
    a, b = seeds
    for c, s in [(None, a), (cards, a), (None, b), (cards, b), (cards, a), (None, a)]:
        assert play(game, decks, c, s) == alone[(c, s)], (c, s)
    assert alone[(cards, a)] != alone[(None, a)] or alone[(cards, b)] != alone[(None, b)]
