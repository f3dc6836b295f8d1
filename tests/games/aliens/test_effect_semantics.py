"""What each effect verb does (docs/cards.md, "Effects"), and what happens to a card or ability whose
Alien is KO'd by the Counter that answers it. Each test here was written against a one-line break of
the engine that no other test caught."""

from __future__ import annotations

import random
import re

import msgspec
import pytest
from aliens_scenario import GAME, card, events, has, ids_named, pass_until, pick, scenario, slot

from cardarena.games.aliens.schema import Card

P0 = ["Cindermaw", "Rustbloom Engine", "Boreas Galewing"]  # Pyrrhid 15, Ferrax 13, Glacien 12
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]  # Voltari 13, Lithari 16, Psykari 12
E = 9  # energy to spare, where a test is not about energy

# Cards that are not in the pool, built through the real schema
GIFT = msgspec.convert(
    {"kind": "spawn", "id": "t-gift", "name": "Test Gift", "subtype": "basic", "cost": 0,
     "effects": [{"verb": "draw", "amount": 2, "to": "opponent"}], "text": "t"}, Card)
RALLY_WALL = msgspec.convert(
    {"kind": "spawn", "id": "t-rally-wall", "name": "Test Rally Wall", "subtype": "counter", "cost": 0,
     "window": "attack", "effects": [{"verb": "block", "amount": 1}, {"verb": "followup", "action": "any"}],
     "text": "t"}, Card)


def card_ramp() -> int:
    return GAME.rule_defaults["ramp"]


def swap_card(st, iid: int, new) -> None:
    defs = list(st.defs)
    defs[iid] = new
    st.defs = defs
    st.reask()


# -- a Counter that KOs the Alien a card or ability is about ------------------------------------------


def test_an_ability_whose_alien_is_koed_by_the_answering_counter_does_nothing():
    # rule aliens.11.3
    # Cindermaw's Eruption (2 damage, then shield itself) is answered by Psychic Backlash, which KOs it.
    st = scenario(aliens=(P0, P1), charge=(E, E), command=([], ["Psychic Backlash"]), set_on=2,
                  hp={"Cindermaw": 2})
    pick(st, "Cindermaw: Eruption")
    pick(st, "Gravok")
    pick(st, "Answer with Psychic Backlash")
    pick(st, "Cindermaw")  # the Counter's own target, chosen by its player
    assert st.hp[slot(st, "Cindermaw")] == 0
    assert st.hp[slot(st, "Gravok Stonehide")] == 16  # the ability never resolved
    assert [e["source"] for e in events(st, "damage")] == ["Psychic Backlash"]
    assert events(st, "shield") == []
    # and the play-by-play says so (it showed the ability used, then nothing)
    fizzled = events(st, "fizzle")
    assert [(e["card"], e["ability"]) for e in fizzled] == [("Cindermaw", "Eruption")]
    from cardarena.games.aliens.narrate import narrate

    assert "Cindermaw's Eruption fizzles" in str(narrate(fizzled[0]))


def test_an_equip_whose_alien_is_koed_before_it_attaches_goes_to_the_discard():
    # rule aliens.gap.10
    st = scenario(aliens=(P0, P1), hands=(["Plasma Edge"], []), charge=(E, E),
                  command=([], ["Psychic Backlash"]), set_on=2, hp={"Cindermaw": 2})
    pick(st, "Play Plasma Edge")
    pick(st, "Cindermaw")
    pick(st, "Answer with Psychic Backlash")
    pick(st, "Cindermaw")
    c = slot(st, "Cindermaw")
    assert st.hp[c] == 0 and st.equip[c] == -1
    assert ids_named(st, "Plasma Edge", st.discard[0]) and not ids_named(st, "Plasma Edge", st.command[0])
    assert events(st, "equip") == []


def test_a_heal_never_revives_an_alien_koed_by_the_answering_counter():
    # rule aliens.11.6
    st = scenario(aliens=(P0, P1), hands=(["Thaw"], []), charge=(E, E),
                  command=([], ["Psychic Backlash"]), set_on=2, hp={"Boreas Galewing": 2})
    pick(st, "Play Thaw")
    pick(st, "Boreas")
    pick(st, "Answer with Psychic Backlash")
    pick(st, "Boreas")
    assert st.hp[slot(st, "Boreas Galewing")] == 0
    assert events(st, "heal") == []


# -- face-down cards do nothing until they are activated ------------------------------------------


def test_a_face_down_continuous_spawn_neither_modifies_nor_acts():
    # rule aliens.3.12
    # Battle Doctrine (+1 attack) and Entropy Engine (opponent mills 1 each Energy Phase), set face-down
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  command=(["Battle Doctrine", "Entropy Engine"], []), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    assert [e["modifier"] for e in events(st, "damage")] == [0]
    assert st.turn == 4 and events(st, "mill") == []


# -- the verbs ---------------------------------------------------------------------------------------


def test_heal_stops_at_the_printed_hp():
    # docs/cards.md: heal restores HP up to the Alien's printed HP
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0), hp={"Boreas Galewing": 10})
    pick(st, "Play Nanite Infusion")
    pick(st, "Boreas")
    assert st.hp[slot(st, "Boreas Galewing")] == card("Boreas Galewing").hp == 12
    assert events(st, "heal")[0]["amount"] == 2


def test_mill_sends_the_top_cards_to_the_discard():
    # docs/cards.md: mill sends the top cards of that deck to the Discard (not to the Reactor)
    st = scenario(aliens=(P0, P1), hands=(["Data Purge"], []), charge=(E, 0),
                  decks=(["Reactor Tap"] * 5, ["Nanite Infusion"] * 5 + ["Orbital Strike"] * 3))
    top = st.deck[1][-3:]
    pick(st, "Play Data Purge")
    assert sorted(st.discard[1]) == sorted(top)
    assert st.reactor[1] == [] and events(st, "mill_to_reactor") == []


def test_drain_takes_ramp_energy_first_then_the_oldest_reactor_card():
    # docs/cards.md: drain takes ramp first, then the oldest Reactor cards to the Discard
    squad = ["Whisperer Oss", "Rustbloom Engine", "Boreas Galewing"]  # Umbral: Entropic Grasp drains 2
    st = scenario(aliens=(squad, P1), hands=(["Entropic Grasp"], []), charge=(E, 1),
                  reactor=([], ["Reactor Tap", "Orbital Strike"]))
    oldest, newest = st.reactor[1]
    pick(st, "Play Entropic Grasp")
    pick(st, "Gravok")
    assert st.reactor[1] == [newest] and oldest in st.discard[1]
    assert st.charge[1] == card_ramp()  # the 1 ramp energy went first; P1's turn 4 ramp since


def test_a_shield_is_used_up_by_the_damage_it_absorbs():
    # rule aliens.gap.25
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Ember Lash"], []), charge=(E, 0))
    g = slot(st, "Gravok Stonehide")
    st.shield[g] = 2
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    assert st.hp[g] == 16 and st.shield[g] == 0
    pass_until(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    assert st.hp[g] == 16 - card("Ember Lash").damage  # nothing left to absorb it


def test_a_destroyed_equip_stops_applying():
    # rule aliens.5.5
    st = scenario(aliens=(P0, P1), hands=(["Demolition Charge", "Ember Lash"], ["Aegis Plating"]),
                  charge=(E, E), turn=4, active=1)
    pick(st, "Play Aegis Plating")
    pick(st, "Gravok")
    g = slot(st, "Gravok Stonehide")
    assert st.view(0)["players"][1]["aliens"][1]["equip"]["name"] == "Aegis Plating"
    pass_until(st, 5)
    pick(st, "Play Demolition Charge")
    assert st.equip[g] == -1 and st.view(0)["players"][1]["aliens"][1]["equip"] is None
    pass_until(st, 7)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    assert events(st, "damage")[-1]["armor"] == 0


def test_a_koed_alien_keeps_no_shield():
    # rule aliens.11.2
    # Corroding ignores shields, so an Alien can be KO'd with its shield up
    st = scenario(aliens=(P0, P1), hands=(["Reactor Tap"], []), status={"Boreas Galewing": "corroding"},
                  hp={"Boreas Galewing": 1})
    b = slot(st, "Boreas Galewing")
    st.shield[b] = 2
    pick(st, "Pass")
    assert st.hp[b] == 0
    view = st.view(1)["players"][0]["aliens"][2]
    assert view["ko"] and view["shield"] == 0 and view["status"] is None


def test_draw_and_mill_on_full_take_the_top_of_the_deck():
    # rule aliens.7.2
    # rule aliens.7.4
    st = scenario(aliens=(P0, P1), hands=(["Reactor Tap"] * 4, []), start="turn_start", turn=3,
                  decks=(["Nanite Infusion", "Orbital Strike", "Data Purge"], ["Nanite Infusion"] * 5))
    assert ids_named(st, "Data Purge", st.hand[0])  # the top card (the last one listed)
    assert [st.name(i) for i in st.deck[0]] == ["Nanite Infusion", "Orbital Strike"]
    pick(st, "Pass")
    pass_until(st, 5)  # P0 holds 5: mill-on-full takes the new top card
    assert [st.name(i) for i in st.reactor[0]] == ["Orbital Strike"]
    assert [st.name(i) for i in st.deck[0]] == ["Nanite Infusion"]


def test_costs_never_go_below_zero():
    # rule aliens.8.7
    # Overclocked Nebula: everything costs 1 less, not below 0; Reactor Tap costs 0
    st = scenario(aliens=(P0, P1), hands=(["Overclocked Nebula", "Reactor Tap"], []), charge=(1, 0))
    pick(st, "Play Overclocked Nebula")
    pass_until(st, 5)
    pick(st, "Play Reactor Tap")
    assert [e["cost"] for e in events(st, "activate")] == [1, 0]


def test_a_player_effect_to_the_opponent_goes_to_the_opponent():
    # docs/cards.md: draw, to = you / opponent
    st = scenario(aliens=(P0, P1), hands=(["Reactor Tap"], []), decks=([], ["Nanite Infusion"] * 5))
    swap_card(st, st.hand[0][0], GIFT)
    pick(st, "Play Test Gift")
    assert [(e["player"], e["count"]) for e in events(st, "draw") if e["reason"] == "effect"] == [(1, 2)]


def test_no_card_can_feed_the_reactor():
    # rule aliens.7.17
    # the Reactor gains energy only from the ramp, the pre-bank and mill-on-full: no effect verb and no
    # modifier gives energy, so a card that would is refused when it loads
    for effect in ({"verb": "energy", "amount": 2, "to": "you"},):
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"kind": "spawn", "id": "t-x", "name": "X", "subtype": "basic", "cost": 0,
                             "effects": [effect], "text": "t"}, Card)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"kind": "spawn", "id": "t-y", "name": "Y", "subtype": "continuous", "cost": 1,
                         "modifiers": {"ramp": 1}, "text": "t"}, Card)
    # and in play, every turn's ramp is the rule's +2, whatever the squads and Sectors
    rng = random.Random(3)
    starters = sorted(GAME.starter_decks())
    for seed in range(12):
        st = GAME.new_game(decks=[starters[seed % len(starters)], starters[(seed + 3) % len(starters)]], seed=seed)
        while st.decision is not None:
            st.apply(rng.choice(st.decision.options).id)
        assert {e["amount"] for e in st.log if e["type"] == "ramp"} == {card_ramp()}
        assert not [e for e in st.log if e["type"] == "energy_gained"]


def test_no_card_text_says_it_feeds_the_reactor():
    # rule aliens.7.17
    # no card feeds the Reactor (ruling aliens.gap.12), so no printed text, an Alien's line included,
    # may say one does: a player reading "feeds the squad's reactor" would look for energy that never comes
    feeding = re.compile(r"(feed|fill|charge|power)s?\b[^.]*\breactor|\bgains?\b[^.]*\benergy", re.IGNORECASE)
    said = []
    for c in GAME.pool.cards:
        texts = [c.text, getattr(getattr(c, "ability", None), "text", "")]
        said += [f"{c.name}: {t}" for t in texts if t and feeding.search(t)]
    assert said == []


def test_a_follow_up_granted_on_the_opponents_turn_gives_nobody_an_action():
    # rule aliens.7.12
    # a test Counter that blocks and grants a follow-up answers P0's attack: P0 gets no second action
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Ember Lash"], []), charge=(E, E),
                  command=([], ["Emergency Barrier"]), set_on=2)
    swap_card(st, st.command[1][0], RALLY_WALL)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    pick(st, "Answer with Test Rally Wall")
    assert events(st, "followup_granted") == []
    assert st.turn == 4 and st.grants == []
    assert not has(st, "Follow-up")


def test_the_activation_phase_sums_each_slots_modifiers_as_slot_modifier_does():
    # rule aliens.8.7: the Activation Phase reads every slot's cost modifiers at once (slot_modifiers,
    # the shared parts summed once); they must be exactly each slot's own slot_modifier
    import random

    from cardarena.games.aliens.effects import slot_modifier, slot_modifiers

    rng = random.Random(5)
    starters = sorted(GAME.starter_decks())  # every starter: Ferrax Prime's Passive is squad-wide
    checked = 0
    for seed in range(60):
        st = GAME.new_game(decks=[starters[seed % len(starters)], starters[(seed + 1) % len(starters)]], seed=seed)
        while st.decision is not None:
            for p in (0, 1):
                for field in ("attack", "armor", "cost"):
                    assert slot_modifiers(st, p, field) == [slot_modifier(st, s, field) for s in range(3 * p, 3 * p + 3)]
                    checked += 1
            st.apply(rng.choice(st.decision.options).id)
    assert checked > 10_000
