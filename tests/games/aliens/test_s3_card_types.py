"""Rule scenarios for aliens §3, card types: Aliens in play from the start, Species Tactics (Attack,
Special, Counter) and neutral Spawns (Basic, Counter, Sector, Equip, Continuous)."""

from __future__ import annotations

import random

import pytest
from aliens_scenario import POOL, events, has, pass_until, pick, scenario, slot

import cardarena
from cardarena.core.cards import convert_cards
from cardarena.core.errors import CardDataError
from cardarena.games.aliens.schema import AlienCard, Card

GAME = cardarena.load_game("aliens")

ATTACKER = ["Solrath the Kindled", "Gravok Stonehide", "Synapse Drone"]  # Pyrrhid, Lithari, Psykari
DEFENDER = ["Magmora Coreheart", "Sporemother Yth", "Boreas Galewing"]  # Plasma, Mycelial, Atmospheric
ALIEN_NAMES = {a.name for a in POOL.aliens}

ALIEN_TABLE = {
    "kind": "alien", "id": "test-alien", "name": "Test Alien", "species": "Pyrrhid", "affinity": "Plasma",
    "hp": 10, "text": "",
    "ability": {"kind": "active", "name": "Zap", "text": "Deal 1.", "cost": 1, "target": "enemy",
                "effects": [{"verb": "damage", "amount": 1, "to": "target"}]},
}


def convert(table: dict) -> Card:
    return convert_cards([("test/cards.toml", table)], Card)[0]


def random_game(seed: int) -> cardarena.State:
    """A whole game between two uniformly random players (fixed seed)."""
    st = GAME.new_game(decks=["wildfire_assault", "mind_storm"], seed=seed)
    rng = random.Random(seed)
    while st.decision is not None:
        st.apply(rng.choice(st.decision.ids))
    return st


def damage_from(st, source: str) -> list[dict]:
    return [e for e in events(st, "damage") if e["source"] == source]


# -- Aliens --------------------------------------------------------------------------------------


def test_aliens_are_in_play_at_game_start_not_in_hand_or_deck():
    # rule aliens.3.1
    st = GAME.new_game(decks=["wildfire_assault", "mind_storm"], seed=5)
    squads = [GAME.starter_decks()[k].leaders["aliens"] for k in ("wildfire_assault", "mind_storm")]
    for p in (0, 1):
        assert [a["name"] for a in st.view(p)["players"][p]["aliens"]] == squads[p]
        for i in [*st.hand[p], *st.deck[p]]:
            assert not isinstance(st.defs[i], AlienCard)


def test_aliens_are_never_drawn_or_played_from_hand():
    # rule aliens.3.1
    st = random_game(11)
    assert st.result is not None
    for e in events(st, "draw"):
        assert not ALIEN_NAMES & set(e["cards"])
    for e in events(st, "activate"):
        assert e["card"] not in ALIEN_NAMES
    assert not any(e["card"] in ALIEN_NAMES for e in events(st, "set"))


def test_a_complete_alien_card_is_valid():
    # rule aliens.3.2
    a = convert(ALIEN_TABLE)
    assert isinstance(a, AlienCard)
    assert (a.affinity, a.name, a.species, a.hp, a.ability.name) == ("Plasma", "Test Alien", "Pyrrhid", 10, "Zap")


@pytest.mark.parametrize("field", ["affinity", "name", "species", "hp", "ability"])
def test_an_alien_card_missing_a_field_is_invalid(field):
    # rule aliens.3.2
    table = {k: v for k, v in ALIEN_TABLE.items() if k != field}
    with pytest.raises(CardDataError, match=f"missing required field `{field}`"):
        convert(table)


def test_every_alien_of_the_pool_shows_its_five_parts():
    # rule aliens.3.2
    for a in POOL.aliens:
        info = GAME.card_info(a.name)
        assert info["affinity"] and info["name"] and info["species"] and info["hp"] >= 1
        assert info["ability"]["name"] and info["ability"]["kind"]


def test_each_alien_starts_face_up_in_its_owners_alien_zone():
    # rule aliens.3.3
    st = GAME.new_game(decks=["wildfire_assault", "mind_storm"], seed=5)
    for seat in (0, 1):
        view = st.view(seat)
        for p in (0, 1):
            zone = view["players"][p]["aliens"]
            assert [a["index"] for a in zone] == [0, 1, 2]
            for a in zone:
                assert not a["ko"] and a["hp"] == a["max_hp"]
                assert a["name"] in ALIEN_NAMES and a["affinity"] and a["species"]  # identity shown to both


# -- Species Tactics -----------------------------------------------------------------------------


def test_species_tactics_come_in_exactly_three_subtypes():
    # rule aliens.3.4
    assert {t.subtype for t in POOL.tactics} == {"attack", "special", "counter"}
    table = {"kind": "tactic", "id": "t-x", "name": "Odd Trick", "species": "Pyrrhid", "subtype": "trap",
             "cost": 1, "text": "", "effects": [{"verb": "draw", "amount": 1, "to": "you"}]}
    with pytest.raises(CardDataError, match="subtype"):
        convert(table)


def test_an_attack_tactic_deals_damage():
    # rule aliens.3.5
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ember Lash"], []), charge=(3, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert st.hp[slot(st, "Magmora Coreheart")] == 12 - 2
    assert [e["final"] for e in damage_from(st, "Ember Lash")] == [2]


def test_an_alien_that_attacked_cannot_take_a_granted_assault():
    # rule aliens.3.6
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Twin Flare", "Ember Lash"], []), charge=(5, 0))
    pick(st, "Play Twin Flare")  # Solrath attacks; Twin Flare grants a follow-up Assault
    pick(st, "Magmora")
    # Solrath is the only Pyrrhid and has attacked: Ember Lash is not offered, the follow-up is void
    # (asked with only a decline: the hand is hidden, so skipping it would tell what the hand holds)
    assert [(e["action"], e["source"]) for e in events(st, "followup_granted")] == [("assault", "Twin Flare")]
    assert st.decision.kind == "followup" and st.decision.ids == ["pass"]
    pick(st, "Decline the follow-up")
    skipped = [e for e in events(st, "pass") if e.get("mode") == "assault"]
    assert skipped and not skipped[0].get("forced")
    assert [e["card"] for e in events(st, "activate")] == ["Twin Flare"]
    assert [i for i in st.hand[0] if st.defs[i].name == "Ember Lash"]


def test_another_alien_may_take_the_granted_assault():
    # rule aliens.3.6
    squad = ["Solrath the Kindled", "Cindermaw", "Synapse Drone"]  # two Pyrrhids
    st = scenario(aliens=(squad, DEFENDER), hands=(["Twin Flare", "Ember Lash"], []), charge=(5, 0))
    pick(st, "Play Twin Flare")
    pick(st, "Solrath")
    pick(st, "Magmora")
    assert st.decision is not None and st.decision.kind == "followup"
    pick(st, "Play Ember Lash")  # Solrath attacked already: Cindermaw declares it without a choice
    pick(st, "Magmora")
    assert [(e["card"], e["performer"]) for e in events(st, "activate")] == [
        ("Twin Flare", "Solrath the Kindled"), ("Ember Lash", "Cindermaw")]


def test_specials_have_no_per_turn_limit():
    # rule aliens.3.7
    squad = ["Rustbloom Engine", "Boreas Galewing", "Gravok Stonehide"]  # Ferrax, Glacien, Lithari
    st = scenario(aliens=(squad, DEFENDER), hands=(["Reboot Sequence", "Reboot Sequence", "Thaw"], []),
                  charge=(6, 0))
    pick(st, "Play Reboot Sequence")
    pick(st, "Rustbloom")
    assert st.decision.kind == "followup"
    pick(st, "Play Reboot Sequence")  # a second Special this turn
    pick(st, "Boreas")
    assert st.decision.kind == "followup"
    pick(st, "Play Thaw")  # and a third
    pick(st, "Gravok")
    specials = [e["card"] for e in events(st, "activate") if e["subtype"] == "special"]
    assert specials == ["Reboot Sequence", "Reboot Sequence", "Thaw"]
    types = [e["type"] for e in st.log]
    last_activate = max(i for i, t in enumerate(types) if t == "activate")
    assert last_activate < types.index("turn_end")  # all three in the same turn


# -- Spawns --------------------------------------------------------------------------------------


def test_a_spawn_needs_no_particular_alien():
    # rule aliens.3.8
    hp = {"Solrath the Kindled": 0, "Gravok Stonehide": 0}  # only Synapse Drone (Psykari) is live
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Orbital Strike", "Ember Lash"], []), charge=(3, 0), hp=hp)
    assert not has(st, "Play Ember Lash")  # the Pyrrhid Tactic's Alien is KO'd
    pick(st, "Play Orbital Strike")
    pick(st, "Magmora")
    act = events(st, "activate")[0]
    assert act["card"] == "Orbital Strike" and act["performer"] is None
    assert st.hp[slot(st, "Magmora Coreheart")] == 12 - 3


def test_a_spawn_is_usable_with_all_aliens_live():
    # rule aliens.3.8
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Reactor Tap"], []), decks=(["Nanite Infusion"] * 5, []))
    pick(st, "Play Reactor Tap")
    assert [e["count"] for e in events(st, "draw") if e["reason"] == "effect"] == [2]


def test_there_are_exactly_five_spawn_subtypes():
    # rule aliens.3.9
    assert {s.subtype for s in POOL.spawns} == {"basic", "counter", "sector", "equip", "continuous"}
    table = {"kind": "spawn", "id": "s-x", "name": "Odd Spawn", "subtype": "trap", "cost": 1, "text": "",
             "effects": [{"verb": "draw", "amount": 1, "to": "you"}]}
    with pytest.raises(CardDataError, match="subtype"):
        convert(table)


def test_a_sector_goes_to_the_sector_zone_and_keeps_applying():
    # rule aliens.3.10
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Ion Storm Front", "Ember Lash"], []), charge=(1, 0))
    pick(st, "Play Ion Storm Front")  # attack +1 for every Alien
    view = st.view(1)
    assert view["sector"]["name"] == "Ion Storm Front"
    assert all(c["card"]["name"] != "Ion Storm Front" for c in view["players"][0]["command"])
    pass_until(st, 7)  # two turns of P0 later, still there
    assert st.view(0)["sector"]["name"] == "Ion Storm Front"
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    hit = damage_from(st, "Ember Lash")[0]
    assert (hit["base"], hit["modifier"], hit["final"]) == (2, 1, 3)


def test_an_equip_is_attached_to_an_alien_and_stays_face_up():
    # rule aliens.3.11
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Plasma Edge", "Ember Lash"], []), charge=(2, 0))
    pick(st, "Play Plasma Edge")
    pick(st, "Solrath")
    pass_until(st, 5)
    for seat in (0, 1):
        view = st.view(seat)
        solrath = view["players"][0]["aliens"][0]
        assert solrath["name"] == "Solrath the Kindled" and solrath["equip"]["name"] == "Plasma Edge"
        [entry] = [c for c in view["players"][0]["command"] if not c["face_down"]]
        assert entry["card"]["name"] == "Plasma Edge"
    pick(st, "Play Ember Lash")  # the equipped Alien attacks with +1
    pick(st, "Magmora")
    assert damage_from(st, "Ember Lash")[0]["modifier"] == 1


def test_a_continuous_spawn_applies_while_it_stays_in_play():
    # rule aliens.3.12
    st = scenario(aliens=(ATTACKER, DEFENDER), hands=(["Battle Doctrine", "Ember Lash", "Ember Lash"],
                                                      ["Demolition Charge"]), charge=(3, 0))
    pick(st, "Play Battle Doctrine")  # attack +1 for P0's squad
    pass_until(st, 5)
    assert [c["card"]["name"] for c in st.view(1)["players"][0]["command"] if not c["face_down"]] == [
        "Battle Doctrine"]
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert damage_from(st, "Ember Lash")[0]["modifier"] == 1
    # P1 destroys it on turn 6; P0's next attack has no bonus any more
    assert st.turn == 6 and st.decision.seat == 1
    pick(st, "Play Demolition Charge")
    assert st.view(0)["players"][0]["command"] == []
    pass_until(st, 7)
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")
    assert [e["modifier"] for e in damage_from(st, "Ember Lash")] == [1, 0]



@pytest.mark.parametrize("verb", ["negate", "block"])
def test_negate_and_block_belong_to_counters_only(verb):
    # rule aliens.gap.21
    # negate and block act on the use a Counter answers; on another card they would do nothing
    effect = {"verb": verb, "amount": 1} if verb == "block" else {"verb": verb}
    special = {"kind": "tactic", "id": "t-x", "name": "Odd Trick", "species": "Pyrrhid", "subtype": "special",
               "cost": 1, "text": "", "effects": [effect]}
    with pytest.raises(CardDataError, match="only a Counter"):
        convert(special)
    ability = {**ALIEN_TABLE, "ability": {"kind": "active", "name": "Hush", "text": "", "cost": 1, "effects": [effect]}}
    with pytest.raises(CardDataError, match="only a Counter"):
        convert(ability)
    counter = {**special, "subtype": "counter", "window": "any"}
    assert convert(counter).subtype == "counter"
