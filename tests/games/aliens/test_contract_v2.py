"""`aliens` on engine contract v2: the effect-verb and step tables are complete, option ids and data
are pool ids and positions, the view matches its published schema, emitted events match
docs/events.md, and caches are keyed by pool id."""

from __future__ import annotations

import ast
import json
import pickle
import random
import re
from pathlib import Path
from typing import get_args

import msgspec
import pytest
from aliens_scenario import card, events, pick, scenario

import cardarena
from cardarena.games.aliens import actions
from cardarena.games.aliens.effects import VERBS
from cardarena.games.aliens.schema import Verb
from cardarena.games.aliens.state import AliensState
from cardarena.games.aliens.views import AliensView, schema_text

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "src" / "cardarena" / "games" / "aliens"
GAME = cardarena.load_game("aliens")
P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]


def _random_games(n: int, seed0: int = 0):
    for seed in range(seed0, seed0 + n):
        rng = random.Random(seed)
        st = GAME.new_game(decks=[GAME.random_deck(rng), GAME.random_deck(rng)], seed=seed)
        yield st, rng


# -- tables ----------------------------------------------------------------------------------------


def test_every_effect_verb_of_the_schema_has_a_handler() -> None:
    assert set(VERBS) == set(get_args(Verb))


def _pushed_step_names() -> set[str]:
    """Every step name the rules push, append or resume to, or hand straight to its handler (`h_...`,
    the step the run loop would have taken next), read from the source."""
    names: set[str] = set()
    for path in SRC.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr in ("push", "append", "ask"))
                    or (isinstance(node.func, ast.Name) and node.func.id.startswith("h_"))):
                for arg in node.args:
                    if isinstance(arg, ast.Tuple) and arg.elts and isinstance(arg.elts[0], ast.Constant) \
                            and isinstance(arg.elts[0].value, str):
                        names.add(arg.elts[0].value)
    return names


def test_every_pushed_step_name_has_a_handler() -> None:
    names = _pushed_step_names()
    assert {"activation", "window", "resolve", "dead_tactics"} <= names  # the scan finds them
    names.add("settle")  # pushed by the core's State.flush()
    assert names <= set(AliensState.HANDLERS), sorted(names - set(AliensState.HANDLERS))


# -- caches ------------------------------------------------------------------------------------------


def test_the_proactive_cache_is_keyed_by_pool_id() -> None:
    wall = card("Glacial Wall")
    copy = pickle.loads(pickle.dumps(wall))  # a definition unpickled on a worker: a new object
    assert copy is not wall
    assert actions.is_proactive(wall) is False and actions.is_proactive(copy) is False
    assert actions.is_proactive(card("Backdraft")) is True
    assert all(isinstance(k, str) for k in actions._PROACTIVE)
    assert actions._PROACTIVE[wall.id] is False


def test_proactive_verbs_are_every_verb_but_negate_and_block() -> None:
    # rule aliens.gap.22
    # a Counter "does something on your turn" unless it is made only of negate / block: the list is the
    # schema's verbs less those two, with no verb the schema no longer has
    acting = set(get_args(Verb)) - {"negate", "block"}
    assert acting == actions.PROACTIVE_VERBS


# -- option ids and data -------------------------------------------------------------------------------


def test_option_ids_and_data_name_cards_by_pool_id_and_targets_by_position() -> None:
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Ember Lash", "Ignite"], []), charge=(5, 0),
                  command=(["Backdraft"], []), set_on=1)
    lash, ignite, backdraft = card("Ember Lash").id, card("Ignite").id, card("Backdraft").id
    ids = st.decision.ids
    assert ids.count(f"play:{lash}") == 1 and f"play:{ignite}" in ids  # identical copies: one option
    assert "play:command:0" in ids and f"set:{lash}" in ids and "pass" in ids
    opt = st.decision.option("play:command:0")
    assert opt.data == {"action": "play", "card": backdraft, "from": "command", "index": 0}
    assert st.decision.option(f"play:{lash}").data == {"action": "play", "card": lash, "from": "hand"}
    st.apply(f"play:{lash}")
    assert st.decision.kind == "target"
    assert st.decision.ids == ["target:1:aliens:0", "target:1:aliens:1", "target:1:aliens:2"]
    assert st.decision.options[1].data == {"target": {"seat": 1, "zone": "aliens", "index": 1},
                                           "card": card("Zarkon Arcwing").id}


def test_the_same_situation_gives_the_same_option_ids_whatever_the_instance_ids() -> None:
    a = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Ignite"], []), charge=(5, 0))
    b = scenario(aliens=(P0, P1), hands=(["Ignite", "Ember Lash"], []), charge=(5, 0),
                 decks=(["Ignite"] * 7, ["Ember Lash"] * 3))
    assert sorted(a.decision.ids) == sorted(b.decision.ids)
    assert sorted(json.dumps(o.data, sort_keys=True) for o in a.decision.options) == \
        sorted(json.dumps(o.data, sort_keys=True) for o in b.decision.options)


def test_a_face_down_target_is_named_only_by_position() -> None:
    st = scenario(aliens=(P0, P1), hands=([], ["Demolition Charge"]), charge=(0, 5),
                  command=(["Backdraft", "Ember Lash"], []), set_on=2, active=1, turn=4)
    pick(st, "Play Demolition Charge")
    assert st.decision.ids == ["target:0:command:0", "target:0:command:1"]
    assert [o.data["card"] for o in st.decision.options] == [None, None]
    st.apply("target:0:command:1")
    act = next(e for e in st.visible_log(1) if e["type"] == "activate")
    assert act["target"] is None and act["target_at"] == {"seat": 0, "zone": "command", "index": 1}
    assert next(e for e in st.visible_log(0) if e["type"] == "activate")["target"] == "Ember Lash"


# -- the forced-choice skip uses public facts only --------------------------------------------------------


def test_the_activation_phase_is_skipped_only_when_public_facts_leave_nothing() -> None:
    # rule aliens.7.11
    # an empty hand and no face-down card: both players see that passing is all there is
    st = scenario(aliens=(P0, P1), hands=([], ["Ember Lash"]), charge=(0, 0))
    assert [e.get("forced") for e in events(st, "pass")] == [True]
    # a face-down card set earlier that cannot be used (a bluff): asked, with only `pass`
    st = scenario(aliens=(P0, P1), hands=([], []), command=(["Frost Shard"], []), set_on=1)
    assert (st.decision.seat, st.decision.kind, st.decision.ids) == (0, "action", ["pass"])


# -- the view and the events against their published descriptions -------------------------------------------


def test_the_published_view_schema_is_current() -> None:
    path = ROOT / "docs" / "schema" / "aliens-view.json"
    assert path.read_text(encoding="utf-8") == schema_text(), \
        "stale: run python -m cardarena.games.aliens.views docs/schema"
    assert GAME.view_type is AliensView  # type: ignore[attr-defined]


def test_real_views_match_the_view_type() -> None:
    for st, rng in _random_games(6, 300):
        n = 0
        while st.decision is not None:
            if n % 5 == 0:
                for seat in (0, 1):
                    v = msgspec.convert(st.view(seat), AliensView)
                    assert v.game == "aliens" and v.seat == seat
                    other = v.players[1 - seat]
                    assert other.hand is msgspec.UNSET and other.reactor is msgspec.UNSET
                    assert all(c.card is msgspec.UNSET for c in other.command if c.face_down)
            st.apply(rng.choice(st.decision.ids))
            n += 1


def _documented() -> dict[str, set[str]]:
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    section = text.split("## `aliens`", 1)[1].split("\n## ", 1)[0]
    out: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 4 or not cells[1].strip().startswith("`"):
            continue
        fields = set(re.findall(r"`(\w+)`", cells[2]))
        for t in re.findall(r"`(\w+)`", cells[1]):
            out[t] = fields
    return out


def test_every_emitted_event_and_field_is_documented() -> None:
    documented = _documented()
    documented["result"] = {"winner", "reason", "turns", "winners", "ranking"}  # every game (docs/events.md)
    seen: set[str] = set()
    for st, rng in _random_games(25, 500):
        while st.decision is not None:
            st.apply(rng.choice(st.decision.ids))
        for e in st.visible_log(0):
            t = e["type"]
            seen.add(t)
            assert t in documented, f"event {t!r} is not in docs/events.md"
            extra = set(e) - {"type"} - documented[t]
            assert not extra, f"event {t!r} has undocumented fields {sorted(extra)}"
    assert {"activate", "damage", "energy_paid", "draw", "turn"} <= seen


@pytest.mark.parametrize("seat", [0, 1])
def test_no_event_names_a_card_as_plain_text(seat: int) -> None:
    names = set(GAME.card_names())
    for st, rng in _random_games(5, 700):
        while st.decision is not None:
            st.apply(rng.choice(st.decision.ids))
        for e in st.log:
            cards = set(e.get("~see", {}))
            for k, v in e.items():
                if k not in cards and k != "~see":
                    assert not (isinstance(v, str) and v in names), (k, e)


def test_every_method_the_core_leaves_unimplemented_is_implemented() -> None:
    # what the core base classes only declare (they raise NotImplementedError) must be overridden here,
    # so that a missing one shows at once, not in the middle of a game
    import inspect

    from cardarena.core.engine import State
    from cardarena.core.ruleset import Ruleset
    from cardarena.games.aliens.ruleset import AliensRuleset

    for base, cls in ((Ruleset, AliensRuleset), (State, AliensState)):
        for name, fn in vars(base).items():
            if not inspect.isfunction(fn) or name == "clone":  # clone is compiled from FIELDS
                continue
            if "raise NotImplementedError" in inspect.getsource(fn):
                assert getattr(cls, name) is not fn, f"{cls.__name__} does not implement {name}"
    assert AliensState.clone is not State.clone


def test_an_alien_target_names_the_alien_in_that_slot() -> None:
    # the option data of an Alien target names the Alien there (public), for either seat's Aliens;
    # its slot is not an instance id (it once read the card with that id instead)
    game = cardarena.load_game("aliens")
    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        st = game.new_game(seed=seed)
        while st.decision is not None:
            for o in st.decision.options:
                t = o.data.get("target") if isinstance(o.data, dict) else None
                if isinstance(t, dict) and t["zone"] == "aliens":
                    assert o.data["card"] == st.alien(t["seat"] * 3 + t["index"]).id
                    seen.add(t["seat"])
            st.apply(rng.choice(st.decision.options).id)
    assert seen == {0, 1}
