"""Rule scenarios for rulebook §1: Goal & Party."""

from __future__ import annotations

from mastery_scenario import GAME, P1, P2, act_with, card, events, pick, scenario, slot

from cardarena.core.decks import Deck


def deck(heroes: list[str]) -> Deck:
    starter = GAME.starter_decks()["dawn_vanguard"]
    return Deck(game="mastery", name="t", format="standard", leaders={"heroes": heroes}, cards=dict(starter.cards))


def test_party_is_exactly_one_of_each_class() -> None:
    # rule mastery.1.1
    assert GAME.check_deck(deck(GAME.starter_decks()["dawn_vanguard"].leaders["heroes"])) == []
    two_supports = GAME.check_deck(deck(["Mira Dawnsong", "Oren Ashveil", "Gorm Ironhide"]))
    assert any("one Support, one Attacker and one Tank" in p for p in two_supports)
    four = GAME.check_deck(deck([*P1, "Rook Thornwall"]))
    assert any("exactly one Support" in p for p in four)
    st = GAME.new_game(seed=3)
    assert [h.cls for h in st.heroes] == ["Support", "Attacker", "Tank"] * 2


def test_all_heroes_start_on_the_battlefield_at_full_hp() -> None:
    # rule mastery.1.2
    # rule mastery.2.2
    st = GAME.new_game(seed=4)
    assert st.hp == [h.hp for h in st.heroes]
    assert all(not h["defeated"] for p in st.view(0)["players"] for h in p["heroes"])


def test_hp_and_def_belong_to_one_hero() -> None:
    # rule mastery.1.3
    st = scenario(hands=(["Ember Arrow"], []))
    before = {n: st.hp[slot(st, n)] for n in P2}
    act_with(st, "Ember Arrow", target="Brann")
    assert st.hp[slot(st, "Brann Stormfist")] < before["Brann Stormfist"]
    assert st.hp[slot(st, "Tamsin Bellwright")] == before["Tamsin Bellwright"]
    assert st.hp[slot(st, "Hild Stonewarden")] == before["Hild Stonewarden"]
    assert st.def_up == [0] * 6


def test_profession_class_and_passive_are_per_hero() -> None:
    # rule mastery.1.4
    st = scenario()
    heroes = st.view(0)["players"][0]["heroes"]
    assert [h["class"] for h in heroes] == ["Support", "Attacker", "Tank"]
    assert [h["profession"] for h in heroes] == [card(n).profession for n in P1]
    assert [h["passive"] for h in heroes] == [card(n).passive.name for n in P1]
    assert len({h["passive"] for h in heroes}) == 3


def test_acting_and_mastery_change_only_that_hero() -> None:
    # rule mastery.1.5
    st = scenario(hands=(["Slash"], []))
    kael = slot(st, "Kael Emberstride")
    act_with(st, "Slash", target="Brann")
    assert st.used[:3] == [s == kael for s in range(3)]
    assert [bool(k) for k in st.kit[:3]] == [s == kael for s in range(3)]
    assert st.path[:3] == ["", "", ""]


def test_win_by_defeating_all_three_heroes_no_player_life() -> None:
    # rule mastery.1.6
    # rule mastery.1.7
    # rule mastery.11.1
    st = scenario(hands=(["Cleave"], []), hp={"Tamsin Bellwright": 1, "Brann Stormfist": 1, "Hild Stonewarden": 1})
    v = st.view(0)
    assert "hp" not in v["players"][1] and "life" not in v["players"][1]
    act_with(st, "Cleave")
    assert st.result is not None and st.result.winner == 0 and st.result.reason == "party_defeated"
    assert len(events(st, "defeated")) == 3
    # every target option names a Hero by seat and position, never a player
    st = scenario(hands=(["Slash"], []))
    pick(st, "Slash")
    assert st.decision is not None and all(o.id.startswith("target:") for o in st.decision.options)
