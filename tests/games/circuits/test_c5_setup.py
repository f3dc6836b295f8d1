"""Rule scenarios for circuits §5 (Duel set-up), played through `CircuitsRuleset().new_game` with two
starter decks: reveal the Heroes, pick the secret Loadouts, reveal them together, draw five, one optional
mulligan each, a random starting player, the Reserve token, Capacity and Rally 1, no first draw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardarena.core.decks import parse_deck
from cardarena.core.errors import IllegalChoice
from cardarena.games.circuits.ruleset import CircuitsRuleset
from cardarena.games.circuits.state import CircuitsState

GAME = CircuitsRuleset()
#: the Forgeblade starter as first printed (its own deck here: the starter was rebalanced since, and the
#: picks below name this Armory's Gear)
_FORGEBLADE = Path(__file__).with_name("decks") / "setup_forgeblade.toml"
DECKS = [parse_deck(_FORGEBLADE.read_text(encoding="utf-8"), str(_FORGEBLADE)), "lumen_warden"]
#: P1 (Forgeblade) and P2 (Lumen Warden) Loadout picks, by slot
PICKS = ({"weapon": "Heartforge Hammer", "armor": "Slag Plate", "relic": "Recoil Engine"},
         {"weapon": "Sunlance", "armor": "Mesh Weave", "relic": "Vital Circuit"})


def types(st: CircuitsState) -> list[str]:
    return [e["type"] for e in st.log]


def choose_loadouts(st: CircuitsState, picks=PICKS) -> None:
    """Answer the Loadout questions with the Gear named in `picks`; stop at a slot `picks` leaves out."""
    while st.decision is not None and st.decision.kind == "loadout":
        d = st.decision
        slot = next(s for s in ("weapon", "armor", "relic") if s in d.prompt)
        want = picks[d.seat].get(slot)
        if want is None:
            return
        st.apply(next(o.id for o in d.options if o.label.startswith(want + " (")))


def keep_hands(st: CircuitsState) -> None:
    while st.decision is not None and st.decision.kind == "mulligan":
        st.apply("keep")


def to_first_action(seed: int, **kw) -> CircuitsState:
    st = GAME.new_game(decks=DECKS, seed=seed, **kw)
    choose_loadouts(st)
    keep_hands(st)
    return st


def seed_where_first_is(first: int) -> int:
    return next(s for s in range(50) if to_first_action(s).first == first)


def test_heroes_are_revealed_before_anything_else():
    # rule circuits.5.1
    st = GAME.new_game(decks=DECKS, seed=4)
    assert st.decision is not None and st.decision.kind == "loadout"  # step 2 is waiting
    assert [(e["type"], e["player"], e["hero"]) for e in st.log] == [
        ("reveal_hero", 0, "Forgeblade"), ("reveal_hero", 1, "Lumen Warden")]
    for seat in (0, 1):
        assert [pv["hero"]["name"] for pv in st.view(seat)["players"]] == ["Forgeblade", "Lumen Warden"]


def test_loadout_picks_are_secret_until_the_reveal():
    # rule circuits.5.3
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st, (PICKS[0], {}))  # P1 commits all three; P2 is being asked now
    d = st.decision
    assert d is not None and (d.seat, d.kind) == (1, "loadout")
    committed = [e for e in st.log if e["type"] == "loadout_committed"]
    assert [e["card"] for e in committed] == ["Heartforge Hammer", "Slag Plate", "Recoil Engine"]
    # P2 sees that P1 committed three picks, never which
    seen = [e for e in st.visible_log(1) if e["type"] == "loadout_committed"]
    assert seen == [{"type": "loadout_committed", "player": 0, "card": None}] * 3
    theirs = json.dumps(st.view(1)["players"][0])
    assert not any(name in theirs for name in PICKS[0].values())
    # and P1 does not see P2's question or options
    assert {k: v for k, v in st.view(0)["decision"].items() if k != "seq"} == {"seat": 1, "kind": "loadout"}
    assert "loadout" not in types(st)  # nothing is revealed yet


def test_a_duel_loadout_is_one_weapon_one_armor_and_one_relic():
    # rule circuits.5.4
    st = GAME.new_game(decks=DECKS, seed=4)
    asked = []
    while st.decision is not None and st.decision.kind == "loadout":
        d = st.decision
        slots = {st.defs[o.value].slot for o in d.options}
        assert len(slots) == 1  # each question offers Gear of one slot only
        asked.append((d.seat, slots.pop()))
        st.apply(d.ids[0])
    assert asked == [(0, "weapon"), (0, "armor"), (0, "relic"), (1, "weapon"), (1, "armor"), (1, "relic")]
    for p in (0, 1):
        assert sorted(st.defs[g].slot for g in st.loadout[p]) == ["armor", "relic", "weapon"]
        assert len(st.armory[p]) == 3


def test_an_illegal_pick_is_refused_and_the_reveal_waits_for_every_pick():
    # rule circuits.5.6
    st = GAME.new_game(decks=DECKS, seed=4)
    armor = next(g for g in st.armory[0] if st.defs[g].slot == "armor")
    enemy = next(g for g in st.armory[1] if st.defs[g].slot == "weapon")
    assert st.decision is not None and "weapon" in st.decision.prompt
    for bad in (f"gear:{armor}", f"gear:{enemy}"):  # another slot's Gear, the opponent's Gear
        with pytest.raises(IllegalChoice):
            st.apply(bad)
    assert st.picks == [[], []] and st.decision is not None and "weapon" in st.decision.prompt
    for _ in range(5):  # five of the six picks: still no reveal
        st.apply(st.decision.ids[0])
        assert "loadout" not in types(st) and st.loadout == [[], []]
    st.apply(st.decision.ids[0])
    assert types(st).count("loadout") == 2


def test_loadouts_are_revealed_together_and_face_up():
    # rule circuits.5.7
    # rule circuits.4.4
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st)
    t = types(st)
    assert t.count("loadout_committed") == 6
    first = t.index("loadout")
    assert t[first:first + 2] == ["loadout", "loadout"]  # both at once, after the last commit
    assert first > max(i for i, x in enumerate(t) if x == "loadout_committed")
    reveal = [e for e in st.log if e["type"] == "loadout"]
    assert [sorted(e["cards"]) for e in reveal] == [sorted(PICKS[0].values()), sorted(PICKS[1].values())]
    # face-up at once, already during the mulligans (turn 0): each player sees the other's Loadout
    assert st.decision is not None and st.decision.kind == "mulligan" and st.turn == 0
    for seat in (0, 1):
        view = st.view(seat)
        for p in (0, 1):
            assert sorted(c["name"] for c in view["players"][p]["loadout"]) == sorted(PICKS[p].values())


def test_unpicked_gear_stay_face_up_in_the_armory_reserve():
    # rule circuits.5.8
    # rule circuits.4.4
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st)
    reserve = ({"Redline Drill", "Plated Harness", "Crown of the Forge"},
               {"Nanite Lash", "Padded Vest", "Aegis of Dawn"})
    reveal = [e for e in st.log if e["type"] == "loadout"]
    assert [set(e["reserve"]) for e in reveal] == list(reserve)
    for seat in (0, 1):
        view = st.view(seat)
        assert [{c["name"] for c in view["players"][p]["armory"]} for p in (0, 1)] == list(reserve)


def test_armory_reserve_gear_cannot_be_equipped():
    # rule circuits.5.9
    # P2 picked Sunlance (cost 2) and left Nanite Lash (cost 1) in the Armory reserve. On P2's first turn
    # (Capacity 1 plus the Reserve token) Sunlance can be paid for, and Nanite Lash could be, but it is
    # outside the game.
    st = to_first_action(seed_where_first_is(0))
    assert st.decision is not None and st.decision.seat == 0
    st.apply("end")
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    assert st.rally[1] == 1 and st.reserve == 1
    lash = next(g for g in st.armory[1] if st.name(g) == "Nanite Lash")
    equips = {st.name(o.value[1]) for o in st.decision.options if o.id.startswith("equip:")}
    assert equips == {"Sunlance", "Mesh Weave", "Vital Circuit"}
    assert f"equip:{lash}" not in st.decision.ids
    with pytest.raises(IllegalChoice):
        st.apply(f"equip:{lash}")
    assert lash in st.armory[1]


def test_each_player_shuffles_and_draws_five():
    # rule circuits.5.10
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st)
    t = types(st)
    assert [(e["type"], e.get("player")) for e in st.log if e["type"] == "shuffle"] == [("shuffle", 0), ("shuffle", 1)]
    draws = [e for e in st.log if e["type"] == "draw"]
    assert [(e["player"], e["reason"]) for e in draws] == [(0, "opening hand")] * 5 + [(1, "opening hand")] * 5
    assert t.index("shuffle") < t.index("draw")
    assert [len(h) for h in st.hand] == [5, 5] and [len(d) for d in st.deck] == [35, 35]
    # really shuffled: the cards are no longer in the order they were registered (ascending ids)
    for p in (0, 1):
        order = st.deck[p] + st.hand[p][::-1]
        assert order != sorted(order)


def test_a_mulligan_shuffles_the_whole_hand_back_and_draws_five():
    # rule circuits.5.11
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st)
    d = st.decision
    assert d is not None and (d.seat, d.kind) == (0, "mulligan")
    old = list(st.hand[0])
    st.apply("mulligan")
    assert st.mulliganed[0] is True
    assert [e for e in st.log if e["type"] == "mulligan"] == [{"type": "mulligan", "player": 0, "taken": True}]
    redraw = [e for e in st.log if e["type"] == "draw" and e["reason"] == "mulligan"]
    assert len(redraw) == 5 and all(e["player"] == 0 for e in redraw)
    assert len(st.hand[0]) == 5 and len(st.deck[0]) == 35
    assert set(old) <= set(st.deck[0]) | set(st.hand[0])  # the old hand went back into the deck


def test_the_mulligan_is_optional_once_and_all_or_nothing():
    # rule circuits.5.12
    st = GAME.new_game(decks=DECKS, seed=4)
    choose_loadouts(st)
    d = st.decision
    assert d is not None and d.ids == ["keep", "mulligan"]  # the whole hand or nothing: no partial choice
    st.apply("mulligan")
    d = st.decision
    assert d is not None and (d.seat, d.kind) == (1, "mulligan")  # P1 is not asked a second time
    kept = list(st.hand[1])
    st.apply("keep")
    assert st.hand[1] == kept and st.mulliganed == [True, False]
    assert st.decision is not None and st.decision.kind == "action"
    assert [e["taken"] for e in st.log if e["type"] == "mulligan"] == [True, False]


def test_the_starting_player_is_random_and_chosen_after_the_mulligans():
    # rule circuits.5.13
    firsts = set()
    for seed in range(12):
        st = to_first_action(seed)
        t = types(st)
        coin = t.index("coin")
        assert coin > max(i for i, x in enumerate(t) if x == "mulligan")
        assert next(e for e in st.log if e["type"] == "coin")["first"] == st.first
        assert to_first_action(seed).first == st.first  # the game's RNG: the same seed, the same result
        firsts.add(st.first)
    assert firsts == {0, 1}


def test_the_second_player_takes_the_reserve_token():
    # rule circuits.5.14
    for first in (0, 1):
        st = to_first_action(seed_where_first_is(first))
        assert st.reserve == 1 - first
        assert [e["player"] for e in st.log if e["type"] == "reserve_token_taken"] == [1 - first]
        for seat in (0, 1):
            assert [pv["reserve_token"] for pv in st.view(seat)["players"]] == [p != first for p in (0, 1)]


def test_both_players_begin_with_capacity_1_and_rally_1():
    # rule circuits.5.15
    st = to_first_action(seed_where_first_is(0))
    assert st.capacity == [1, 1] and st.rally == [1, 1]
    assert next(e for e in st.log if e["type"] == "rally_step") == {
        "type": "rally_step", "player": 0, "capacity": 1, "rally": 1}
    st.apply("end")  # P2's first turn: its Capacity is still 1
    assert st.decision is not None and st.decision.seat == 1
    assert st.capacity[1] == 1 and st.rally[1] == 1


def test_the_starting_player_skips_only_its_first_draw():
    # rule circuits.5.16
    st = to_first_action(seed_where_first_is(0))
    assert [e for e in st.log if e["type"] == "draw_skipped"] == [{"type": "draw_skipped", "player": 0}]
    assert len(st.hand[0]) == 5 and len(st.deck[0]) == 35
    st.apply("end")
    assert st.decision is not None and st.decision.seat == 1
    assert len(st.hand[1]) == 6 and len(st.deck[1]) == 34  # the other player draws in its first turn
    assert [e["player"] for e in st.log if e.get("reason") == "draw step"] == [1]
    st.apply("end")
    assert st.decision is not None and st.decision.seat == 0
    assert len(st.hand[0]) == 6  # and the starting player draws from its second turn on
