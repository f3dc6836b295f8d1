"""Seed 000 §2 (components) and §4 inspection through `state.inspect`."""

from __future__ import annotations

import json

import pytest
from circuits_scenario import GAME, events, has, pick, scenario

from cardarena.core.errors import IllegalChoice


def test_one_reserve_token_in_the_game_held_by_the_second_player() -> None:
    # rule circuits.2.3
    st = GAME.new_game(seed=3)
    while st.turn == 0 and st.decision is not None:
        st.apply(st.decision.options[0].id)
    holders = [p for p in (0, 1) if st.view(p)["players"][p]["reserve_token"]]
    assert holders == [1 - st.first]
    assert [p for p in (0, 1) if st.view(0)["players"][p]["reserve_token"]] == holders


def test_three_kind_markers_one_face_down_plan_per_kind() -> None:
    # rule circuits.2.4
    st = scenario(heroes=("Cinder Oracle", "Lumen Warden"), hands=(["Slow Fuse", "Slow Fuse"], []), rally=(9, 0))
    pick(st, "Play Slow Fuse")
    while st.decision is not None and st.decision.kind != "action":
        st.apply("pass" if "pass" in [o.id for o in st.decision.options] else st.decision.options[0].id)
    assert [st.kind_of[i] for i in st.plans[0]] == ["offense"]
    assert not has(st, "Play Slow Fuse")  # the Offense marker is in use


def test_marked_is_a_yes_or_no_state() -> None:
    # rule circuits.2.6
    st = scenario(heroes=("Prism Tactician", "Forgeblade"), hands=(["Spotlight", "Spotlight"], []), rally=(9, 0))
    pick(st, "Play Spotlight")
    pick(st, "Play Spotlight")
    assert st.marked[1] is True
    hp = st.hp[1]
    pick(st, "Basic Attack")
    hit = [e for e in events(st, "damage") if e["target"] == "hero"][-1]
    assert hit["marked"] == 1 and st.hp[1] == hp - hit["final"]  # +1 once, not +2
    assert st.marked[1] is False


def test_inspect_any_known_card_changes_nothing() -> None:
    # rule circuits.4.5
    # rule circuits.4.6
    # rule circuits.4.7
    # rule circuits.4.8
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Spotlight"], ["Spotlight"]),
                  field=([], ["Kiln Golem"]), plans=([], ["Slow Fuse"]), rally=(3, 3))
    before = json.dumps(st.to_json(), sort_keys=True)
    mine = st.inspect(0, st.hand[0][0])
    theirs = st.inspect(0, st.field[1][0])
    hero = st.inspect(0, st.hero[1])
    assert mine["name"] == "Spotlight" and theirs["name"] == "Kiln Golem" and hero["name"] == "Lumen Warden"
    with pytest.raises(PermissionError):
        st.inspect(0, st.hand[1][0])  # the opponent's hand
    with pytest.raises(PermissionError):
        st.inspect(0, st.plans[1][0])  # a face-down Plan not seen
    assert st.inspect(1, st.plans[1][0])["name"] == "Slow Fuse"  # its owner may
    assert json.dumps(st.to_json(), sort_keys=True) == before


def test_inspecting_is_not_an_option_of_any_decision() -> None:
    # rule circuits.4.6
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Spotlight"], []))
    with pytest.raises(IllegalChoice):
        st.apply("inspect")
