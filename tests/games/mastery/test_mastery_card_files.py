"""A mastery game played with a card file (docs/cards.md): the state looks cards up in its own pool,
and the tables the rules keep by pool id (options, costs, Passives, earned Paths) never serve a card of
another pool — a process that plays the package's cards and a card file's in turn plays each game
exactly as it plays alone."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game
from cardarena.core.rng import Rng

#: Power Strike (two in dawn_vanguard) costs 1 AP, not 2, and deals 6, not 4
STRIKE = CardFiles([("strike.toml", '''
[[cards]]
kind = "technique"
id = "power_strike"
name = "Power Strike"
level = 1
symbol = "Attack"
access = { kind = "class", cls = "Attacker" }
cost = 1
target = "enemy"
effects = [{ verb = "damage", amount = 6 }]
''')])
DECKS = ["dawn_vanguard", "stone_bastion"]


def play(cards: CardFiles | None, seed: int) -> tuple[list[Any], set[str]]:
    """A game of random choices: its log and every option offered (id and label), and every label
    offered for Power Strike."""
    st = load_game("mastery", cards).new_game(DECKS, seed=seed)
    rng = Rng(seed)
    labels: set[str] = set()
    offered: list[Any] = []
    while st.decision is not None:
        opts = st.decision.options
        offered.append([(o.id, o.label) for o in opts])
        labels.update(o.label for o in opts if o.id == "card:power_strike" or ":power_strike" in o.id)
        st.apply(opts[rng.below(len(opts))].id)
    return [st.log, offered], labels


def test_the_changed_card_is_offered_and_played_as_the_file_says() -> None:
    seen = set()
    for seed in range(6):
        seen |= play(STRIKE, seed)[1]
    assert any("Power Strike (1 AP" in x for x in seen) and not any("(2 AP" in x for x in seen)
    seen = set()
    for seed in range(6):
        seen |= play(None, seed)[1]
    assert any("Power Strike (2 AP" in x for x in seen) and not any("(1 AP" in x for x in seen)


def _digest(game: list[Any]) -> str:
    return hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()


def test_games_of_two_pools_in_one_process_never_mix() -> None:
    # each pool's games as a fresh process plays them (nothing remembered of another pool), then all in this one
    alone: dict[tuple[CardFiles | None, int], str] = {}
    for c, name in ((STRIKE, "STRIKE"), (None, "None")):
        script = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
                  "from test_mastery_card_files import STRIKE, play, _digest; "
                  f"print(' '.join(_digest(play({name}, s)[0]) for s in (1, 2)))")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        fresh = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
        alone.update(zip([(c, 1), (c, 2)], fresh.stdout.split(), strict=True))
    for c, s in [(None, 1), (STRIKE, 1), (None, 2), (STRIKE, 2), (STRIKE, 1), (None, 1)]:
        assert _digest(play(c, s)[0]) == alone[(c, s)], (c, s)
    assert alone[(STRIKE, 1)] != alone[(None, 1)]


def test_a_saved_state_comes_back_with_its_cards() -> None:
    game = load_game("mastery", STRIKE)
    st = game.new_game(DECKS, seed=4)
    rng = Rng(4)
    for _ in range(30):
        assert st.decision is not None
        st.apply(st.decision.options[rng.below(len(st.decision.options))].id)
    data = st.to_json()
    assert data["config"]["cards"]["files"][0]["name"] == "strike.toml"
    back: Any = load_game("mastery").load_state(data)  # the package's game loads it with the file's cards
    assert back.pool is game.pool and back.to_json() == data
    for _ in range(40):
        if st.decision is None:
            break
        choice = st.decision.options[rng.below(len(st.decision.options))].id
        st.apply(choice)
        back.apply(choice)
    assert back.to_json() == st.to_json()


def test_games_with_a_card_file_and_without_never_mix_as_every_game_checks() -> None:
    from card_file_tools import check_pools_never_mix

    check_pools_never_mix("mastery", DECKS, STRIKE.files[0][1], seeds=(3, 5))
