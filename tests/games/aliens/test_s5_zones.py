"""Rule scenarios for aliens §5, zones: the Alien Zone, the Command Zone (face-up activated cards,
face-down set cards), the hidden Deck, the Discard, the hidden Reactor and the shared Sector Zone."""

from __future__ import annotations

import json

from aliens_scenario import events, pass_until, pick, scenario, slot

ATTACKER = ["Solrath the Kindled", "Gravok Stonehide", "Synapse Drone"]  # Pyrrhid, Lithari, Psykari
DEFENDER = ["Magmora Coreheart", "Sporemother Yth", "Boreas Galewing"]  # Plasma, Mycelial, Atmospheric


def zone_names(view: dict, p: int, zone: str) -> list[str]:
    return [c["name"] for c in view["players"][p][zone]]


def command_entries(view: dict, p: int) -> list[dict]:
    return view["players"][p]["command"]


def test_the_alien_zone_keeps_all_three_aliens_including_kod_ones():
    # rule aliens.5.1
    hp = {"Magmora Coreheart": 2, "Sporemother Yth": 2, "Boreas Galewing": 2}
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), charge=(3, 0), hp=hp)
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    for seat in (0, 1):
        zone = st.view(seat)["players"][1]["aliens"]
        assert [a["name"] for a in zone] == DEFENDER
        assert [a["ko"] for a in zone] == [True, False, False]
    pass_until(st, 5)
    pick(st, "Supernova")  # 3 damage to every enemy Alien: the last two fall, the game ends
    assert st.result is not None and st.result.winner == 0
    for seat in (0, 1):
        view = st.view(seat)
        assert [a["name"] for a in view["players"][1]["aliens"]] == DEFENDER
        assert all(a["ko"] for a in view["players"][1]["aliens"])
        assert [a["name"] for a in view["players"][0]["aliens"]] == ATTACKER


def test_lasting_spawns_lie_face_up_in_the_command_zone():
    # rule aliens.5.2
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Battle Doctrine", "Plasma Edge"], []), charge=(3, 0))
    pick(st, "Play Battle Doctrine")
    pass_until(st, 5)
    pick(st, "Play Plasma Edge")
    pick(st, "Gravok")
    for seat in (0, 1):  # both players see them face-up
        entries = command_entries(st.view(seat), 0)
        assert [(e["face_down"], e["card"]["name"]) for e in entries] == [
            (False, "Battle Doctrine"), (False, "Plasma Edge")]


def test_activated_cards_are_face_up_and_a_sector_goes_to_the_sector_zone():
    # rule aliens.5.2
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ion Storm Front", "Ember Lash"], []), charge=(3, 0))
    pick(st, "Play Ion Storm Front")
    view = st.view(1)
    assert view["sector"]["name"] == "Ion Storm Front"
    assert command_entries(view, 0) == []  # the Sector is not in the Command Zone
    pass_until(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    # the opponent sees which card was activated (face-up), and where it went after resolving
    seen = [e["card"] for e in st.visible_log(1) if e["type"] == "activate"]
    assert seen == ["Ion Storm Front", "Ember Lash"]
    assert zone_names(st.view(1), 0, "discard") == ["Ember Lash"]


def test_a_set_card_lies_face_down_in_the_command_zone():
    # rule aliens.5.3
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Backdraft"], []))
    pick(st, "Set Backdraft")
    [mine] = command_entries(st.view(0), 0)
    assert mine["face_down"] and mine["card"]["name"] == "Backdraft"
    [theirs] = command_entries(st.view(1), 0)
    assert theirs["face_down"] and "card" not in theirs
    assert "Backdraft" not in json.dumps(st.view(1))
    assert all(e.get("card") is None for e in st.visible_log(1) if e["type"] == "set")


def test_the_deck_is_face_down_to_both_players():
    # rule aliens.5.4
    decks = (["Singularity", "Data Purge", "Planetfall"], ["Arc Discharge", "Mind Rend"])
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], ["Ember Lash"]), decks=decks)
    for seat in (0, 1):
        view = st.view(seat)
        text = json.dumps(view)
        for name in (*decks[0], *decks[1]):
            assert name not in text  # neither the owner nor the opponent sees a deck card
        for p in (0, 1):
            assert "deck" not in view["players"][p]  # nor the order: only a count
            assert view["players"][p]["deck_count"] == len(decks[p])


def test_the_opponents_draws_stay_hidden():
    # rule aliens.5.4
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), decks=(["Reactor Tap"] * 5,
                                                                                   ["Singularity"] * 5))
    pick(st, "Pass")  # P1 draws 5 on turn 4
    draws = [e for e in st.visible_log(0) if e["type"] == "draw" and e["player"] == 1]
    assert draws and all(e["cards"] == [None] * 5 and e["count"] == 5 for e in draws)
    own = [e for e in st.visible_log(1) if e["type"] == "draw" and e["player"] == 1]
    assert own[0]["cards"] == ["Singularity"] * 5


def test_a_destroyed_set_card_goes_to_the_discard():
    # rule aliens.5.5
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Demolition Charge"], []), charge=(2, 0),
                  command=([], ["Backdraft"]))
    pick(st, "Play Demolition Charge")  # the only card in play: no target choice
    pick(st, "Let it resolve")  # P2's window: it has a face-down card
    assert st.command[1] == []
    assert zone_names(st.view(0), 1, "discard") == ["Backdraft"]
    assert zone_names(st.view(0), 0, "discard") == ["Demolition Charge"]


def test_a_destroyed_sector_goes_to_its_owners_discard():
    # rule aliens.5.5
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Asteroid Field"], ["Demolition Charge"]), charge=(1, 0))
    pick(st, "Play Asteroid Field")
    pass_until(st, 4)
    pick(st, "Play Demolition Charge")
    view = st.view(1)
    assert view["sector"] is None
    assert zone_names(view, 0, "discard") == ["Asteroid Field"]


def test_used_attack_special_and_basic_cards_go_to_the_discard():
    # rule aliens.5.6
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Twin Flare", "Orbital Strike", "Ignite"], []),
                  charge=(9, 0))
    pick(st, "Play Ignite")
    pick(st, "Magmora")
    assert zone_names(st.view(1), 0, "discard") == ["Ignite"]
    pass_until(st, 5)
    pick(st, "Play Orbital Strike")
    pick(st, "Magmora")
    pass_until(st, 7)
    pick(st, "Play Twin Flare")
    pick(st, "Magmora")
    assert zone_names(st.view(1), 0, "discard") == ["Ignite", "Orbital Strike", "Twin Flare"]


def test_a_used_counter_goes_to_the_discard():
    # rule aliens.5.6
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), charge=(3, 2),
                  command=([], ["Mycelial Net"]))  # P1 set it on turn 0
    pick(st, "Play Ember Lash")
    pick(st, "Sporemother")
    pick(st, "Answer with Mycelial Net")
    assert st.command[1] == []
    assert zone_names(st.view(0), 1, "discard") == ["Mycelial Net"]
    assert zone_names(st.view(0), 0, "discard") == ["Ember Lash"]


def test_reactor_cards_spent_as_energy_go_to_the_discard():
    # rule aliens.5.6
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), reactor=(["Singularity"], []))
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert st.reactor[0] == []
    assert zone_names(st.view(1), 0, "discard") == ["Singularity", "Ember Lash"]


def test_reactor_cards_are_face_down_to_the_opponent():
    # rule aliens.5.7
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), reactor=(["Singularity", "Mind Rend"], []))
    own = st.view(0)["players"][0]
    assert [c["name"] for c in own["reactor"]] == ["Singularity", "Mind Rend"]
    other = st.view(1)
    assert "reactor" not in other["players"][0] and other["players"][0]["reactor_count"] == 2
    assert "Singularity" not in json.dumps(other) and "Mind Rend" not in json.dumps(other)


def test_a_card_milled_into_the_reactor_stays_hidden_from_the_opponent():
    # rule aliens.5.7
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], ["Ember Lash"] * 5),
                  decks=(["Reactor Tap"] * 5, ["Singularity"]))
    pick(st, "Pass")  # P1 holds 5 on turn 4: the top card goes into the Reactor
    assert [st.defs[i].name for i in st.reactor[1]] == ["Singularity"]
    [seen] = [e for e in st.visible_log(0) if e["type"] == "mill_to_reactor"]
    assert seen.get("card") is None
    assert "Singularity" not in json.dumps(st.view(0))


def test_a_sector_affects_both_players_attacks():
    # rule aliens.5.8
    st = scenario(aliens=(ATTACKER, ATTACKER), hands=(["Ion Storm Front", "Ember Lash"], ["Ember Lash"]),
                  charge=(3, 0))
    pick(st, "Play Ion Storm Front")  # P0 plays it: attack +1
    pass_until(st, 4)
    pick(st, "Play Ember Lash")  # P1's attack gets it too
    pick(st, "Gravok")
    pass_until(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok")
    hits = [(e["modifier"], e["final"]) for e in events(st, "damage") if e["source"] == "Ember Lash"]
    assert hits == [(1, 3), (1, 3)]


def test_a_sector_protects_both_players_aliens():
    # rule aliens.5.8
    st = scenario(aliens=(ATTACKER, ATTACKER), hands=(["Asteroid Field", "Ember Lash"], ["Ember Lash"]),
                  charge=(3, 0))
    pick(st, "Play Asteroid Field")  # P0 plays it: armor 1 for every Alien
    pass_until(st, 4)
    pick(st, "Play Ember Lash")  # P1 attacks P0's Gravok
    pick(st, "Gravok")
    pass_until(st, 5)
    pick(st, "Play Ember Lash")  # P0 attacks P1's Gravok
    pick(st, "Gravok")
    hits = [(e["armor"], e["final"]) for e in events(st, "damage") if e["source"] == "Ember Lash"]
    assert hits == [(1, 1), (1, 1)]
    assert st.hp[slot(st, "Gravok Stonehide")] == 16 - 1 and st.hp[4] == 16 - 1
