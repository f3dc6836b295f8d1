"""Every option's `data` has the shape docs/protocol.md ("Option data, game by game") gives for its
game, decision kind and option id: random games of every registered game, in each of its formats, are
checked option by option against the tables read from that page, so a change of shape fails here
until the page (and its "Changes") says so. Bots read these shapes (examples/bots/, docs/protocol.md).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardarena import load_game
from cardarena.core.decks import Deck
from cardarena.core.engine import State
from cardarena.core.registry import game_ids
from cardarena.guide import load_guide

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
SECTION = "## Option data, game by game"
REF = {"seat": "int", "zone": "str", "index": "int"}
GAMES = game_ids()
#: decisions per game at most (a passive player's game runs until a deck is out)
MAX_DECISIONS = 3000
#: games per game, over its formats (enough that the rare decisions come up: a Rebalance, a hand cap)
GAMES_EACH = 60


@dataclass(frozen=True)
class Row:
    ids: tuple[re.Pattern[str], ...]
    spec: Any
    line: str


def _id_pattern(text: str) -> re.Pattern[str]:
    """`target:<seat>:<zone>:<index>`: a `<...>` part is any one part of the id, the rest literal."""
    parts = ["[^:]+" if p.startswith("<") and p.endswith(">") else re.escape(p) for p in text.split(":")]
    return re.compile(":".join(parts))


def documented() -> dict[tuple[str, str], list[Row]]:
    """(game, kind) -> its rows, from the tables of the page's section."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    rows: dict[tuple[str, str], list[Row]] = {}
    game = None
    for line in text[start:end].splitlines():
        if line.startswith("### "):
            game = line[4:].strip()
            continue
        if game is None or not line.startswith("| `"):
            continue
        kinds, ids, data = (re.findall(r"`([^`]+)`", c) for c in line.strip().strip("|").split("|")[:3])
        row = Row(tuple(_id_pattern(i) for i in ids), json.loads(data[0]), line)
        for kind in kinds:
            rows.setdefault((game, kind), []).append(row)
    return rows


def matches(spec: Any, value: Any, ids: Any) -> bool:
    """Whether `value` has the shape `spec` (the page's notation; `ids`: the game's pool ids)."""
    if isinstance(spec, dict):
        return isinstance(value, dict) and value.keys() == spec.keys() and \
            all(matches(spec[k], value[k], ids) for k in spec)
    if isinstance(spec, list):
        return isinstance(value, list) and all(matches(spec[0], v, ids) for v in value)
    if isinstance(spec, bool):
        return value is spec
    if spec == "ref":
        return matches(REF, value, ids)
    return any(_one(alt, value, ids) for alt in spec.split("/"))


def _one(alt: str, value: Any, ids: Any) -> bool:
    if alt == "int":
        return type(value) is int
    if alt == "str":
        return type(value) is str
    if alt == "bool":
        return type(value) is bool
    if alt == "id":
        return type(value) is str and value in ids
    if alt == "null":
        return value is None
    return value == alt  # a literal


ROWS = documented()


def _passive(options: list[Any], rng: random.Random) -> Any:
    """Pass or end whenever it may, so hands fill up (the hand-cap discards are asked) and the other
    seat's attacks get through (a Hero falls: a Rebalance is asked)."""
    quiet = [o for o in options if o.id.split(":")[0] in ("pass", "end", "battle", "done", "keep", "decline")]
    return rng.choice(quiet or options)


def _games(game_id: str, seeds: int) -> list[tuple[str, State, random.Random, bool]]:
    """(what, state, rng, passive): starter and random decks in every format, random and passive play."""
    game = load_game(game_id)
    out = []
    for fmt in game.info.formats:
        for seed in range(seeds):
            rng = random.Random(seed)
            decks = game.random_decks(rng, 2) if fmt == game.info.default_format and seed % 2 else None
            what = f"{game_id} {'random decks' if decks else fmt} seed {seed}"
            # random decks bring their own format (circuits deals Duel and Squad decks)
            st = game.new_game(decks=decks, seed=seed, fmt=None if decks else fmt)
            out.append((what, st, rng, seed % 3 == 2))
    if game_id == "aliens":  # two Aliens of one species: who performs its Tactic is asked
        d = game.starter_decks()["wildfire_assault"].to_dict()
        d["aliens"] = ["Vexa, Ember Queen", "Solrath the Kindled", "Tempestra"]
        deck = Deck.from_dict(d)
        assert game.check_deck(deck) == []
        for seed in range(2):
            out.append((f"aliens two Pyrrhid seed {seed}", game.new_game(decks=[deck, deck], seed=seed),
                        random.Random(seed), False))
    if game_id == "circuits":  # a trigger order that can change the game (most are not asked, circuits ruling 50)
        rng = random.Random(218)
        out.append(("circuits trigger order seed 218", game.new_game(decks=game.random_decks(rng, 2), seed=218),
                    rng, False))
    if game_id == "mastery":  # a flexible third to pick after a Rebalance: too rare in random games
        out.append(("mastery flexible third", _mastery_flexible_third(game), random.Random(0), False))
    return out


def _mastery_flexible_third(game: Any) -> State:
    """Seat 0's Attacker, on its Support Path with two Masteries eligible as the flexible third,
    Rebalances to its Attack Path (ruling mastery.gap.30): the `flex` decision comes first, then the
    game goes on from its first decision."""
    st: Any = game.new_game(seed=0)
    by_name = game.pool.by_name
    s = 1
    paths = {game.pool.by_id[p].symbol: p for p in st.heroes[s].paths}
    kit = ("Second Wind", "Battle Focus", "Slash", "Power Strike", "Cleave", "Parry")
    st.kit[s] = tuple(by_name[n].id for n in kit)
    st.loadout[s] = st.kit[s][:3]
    st.path[s] = paths["Support"]
    st.stack += [st.asker, ("rebalance_chosen", 0, (s, paths["Attack"]))]
    st.decision = None
    st.run()
    assert st.decision.kind == "flex"
    return st  # type: ignore[no-any-return]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_page_lists_every_decision_kind_of_the_game(game_id: str) -> None:
    kinds = {k for g, k in ROWS if g == game_id}
    assert kinds, f"docs/protocol.md has no '### {game_id}' table under {SECTION!r}"
    assert sorted(kinds ^ set(load_guide(game_id).decisions)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_its_documented_data(game_id: str) -> None:
    ids = load_game(game_id).cards_by_id()
    seen: Counter[str] = Counter()
    game = load_game(game_id)
    for what, st, rng, passive in _games(game_id, max(6, GAMES_EACH // len(game.info.formats))):
        for _ in range(MAX_DECISIONS):
            d = st.decision
            if d is None:
                break
            rows = ROWS.get((game_id, d.kind))
            assert rows, f"{what}: decision kind {d.kind!r} is not in docs/protocol.md"
            for o in d.options:
                # the data as a bot receives it (JSON), so a tuple is a list there as here
                data = json.loads(json.dumps(o.data))
                fit = [r for r in rows if any(p.fullmatch(o.id) for p in r.ids) and matches(r.spec, data, ids)]
                assert fit, (f"{what}: a {d.kind!r} option {o.id!r} has data {data}, which no row of "
                             f"docs/protocol.md gives:\n" + "\n".join(r.line for r in rows))
                seen[fit[0].line] += 1
            choice = _passive(d.options, rng) if passive and d.seat == 0 else d.options[rng.randrange(len(d.options))]
            st.apply(choice.id, seq=d.seq)
    unseen = sorted({r.line for (g, _k), rs in ROWS.items() if g == game_id for r in rs} - set(seen))
    assert unseen == [], "rows of docs/protocol.md no game showed (a shape gone? a rarer game needed?)"


def test_the_notation_tells_the_old_frontline_target_from_the_new() -> None:
    ids = load_game("frontline").cards_by_id()
    (row,) = ROWS[("frontline", "target")]
    new = {"target": {"seat": 1, "zone": "front", "index": 0, "card": "H101"}}
    assert matches(row.spec, new, ids)
    assert not matches(row.spec, new["target"], ids)  # the shape before 2026-12-07
    assert not matches(row.spec, {"target": {**new["target"], "card": "no-such-card"}}, ids)
    assert not matches(row.spec, {"target": {**new["target"], "zone": "hand"}}, ids)
    assert matches("id/null", None, ids) and not matches("id", None, ids) and not matches("int", True, ids)
