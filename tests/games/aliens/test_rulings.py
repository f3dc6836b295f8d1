"""Rule scenarios for the rulings that fill the rulebook's gaps (aliens.gap.1–gap.36), as written in
docs/rulings/aliens.md. Each test cites the ruling it pins."""

from __future__ import annotations

import msgspec
import pytest
from aliens_scenario import (
    GAME,
    POOL,
    card,
    events,
    has,
    ids_named,
    labels,
    pick,
    scenario,
    slot,
    tactics_of,
)

from cardarena.core.cards import convert_cards
from cardarena.core.decks import Deck
from cardarena.core.errors import CardDataError, DeckError, IllegalChoice
from cardarena.core.rng import Rng
from cardarena.games.aliens.schema import Card

P0 = ["Cindermaw", "Rustbloom Engine", "Boreas Galewing"]  # Pyrrhid 15, Ferrax 13, Glacien 12
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]  # Voltari 13, Lithari 16, Psykari 12
FILL = "Nanite Infusion"
H, T = True, False
E = 9  # energy to spare, where a test is not about energy

# Cards that are not in the pool, built through the real schema (kept alive for the whole run).
WHEEL_AND_LIST = msgspec.convert(
    {"kind": "tactic", "id": "t-wheel-list", "name": "Test Flame", "species": "Pyrrhid", "subtype": "attack",
     "cost": 1, "affinity": "Plasma", "damage": 2, "super_effective": ["Cryo"], "text": "t"}, Card)
UNIVERSAL_WITH_LIST = msgspec.convert(
    {"kind": "tactic", "id": "t-univ-list", "name": "Test Void Ray", "species": "Pyrrhid", "subtype": "attack",
     "cost": 1, "affinity": "Universal", "damage": 2, "super_effective": ["Cryo"], "text": "t"}, Card)
DOUBLE_ASSAULT = msgspec.convert(
    {"kind": "tactic", "id": "t-double", "name": "Test Double Assault", "species": "Voltari", "subtype": "special",
     "cost": 0, "effects": [{"verb": "followup", "action": "assault", "to": "you"},
                            {"verb": "followup", "action": "assault", "to": "you"}], "text": "t"}, Card)
CORRODING_FIELD = msgspec.convert(
    {"kind": "spawn", "id": "t-acid-field", "name": "Test Acid Field", "subtype": "continuous", "cost": 1,
     "each_turn": [{"verb": "status", "status": "corroding", "to": "all_allies"}], "text": "t"}, Card)


# -- helpers ---------------------------------------------------------------------------------------


def until_turn(st, turn: int) -> None:
    """Pass (or decline) until turn `turn` asks for its primary action."""
    while not (st.turn == turn and st.decision is not None and st.decision.kind == "action"):
        d = st.decision
        assert d is not None, st.result
        st.apply("pass" if "pass" in d.ids else d.ids[-1])


def swap_card(st, iid: int, new) -> None:
    """Give instance `iid` another definition, then rebuild the pending decision."""
    defs = list(st.defs)
    defs[iid] = new
    st.defs = defs
    st.reask()


def coins_state(*coins: bool) -> int:
    for s in range(10_000):
        r = Rng(s)
        if all(r.coin() == c for c in coins):
            return s
    raise AssertionError(f"no RNG state gives {coins}")


def names(st, ids) -> list[str]:
    return sorted(st.name(i) for i in ids)


def legal_deck(aliens=("Cindermaw", "Rustbloom Engine", "Boreas Galewing"), **changes) -> Deck:
    """A legal 50-card deck: 4 Tactics x 3 copies of 4 species, plus 2 Spawns."""
    cards: dict[str, int] = {}
    for sp in ("Pyrrhid", "Ferrax", "Glacien", "Lithari"):
        for n in tactics_of(sp)[:4]:
            cards[n] = 3
    cards[FILL] = 2
    cards.update(changes)
    cards = {n: c for n, c in cards.items() if c}
    return Deck(game="aliens", name="test", format="standard", leaders={"aliens": list(aliens)}, cards=cards)


def hp_of(name: str) -> int:
    """Printed HP of an Alien."""
    return card(name).hp


def amount_of(thing, verb: str) -> int:
    """The amount of the first `verb` effect of a card or an ability (card data, not a constant here)."""
    effects = getattr(thing, "effects", ()) or getattr(thing, "each_turn", ())
    return next(e.amount for e in effects if e.verb == verb)


def damage_events(st, source: str | None = None) -> list[dict]:
    return [e for e in events(st, "damage") if source is None or e["source"] == source]


# -- gap.1: a Species Tactic belongs to every Alien of its species ---------------------------------

TWO_PYRRHID = ["Vexa, Ember Queen", "Solrath the Kindled", "Boreas Galewing"]


def test_gap1_every_alien_of_the_species_may_perform_and_the_player_chooses():
    # rule aliens.gap.1
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=(["Ember Lash"], []), charge=(E, 0))
    pick(st, "Play Ember Lash")
    assert st.decision.kind == "performer"
    assert [x.split(" (")[0] for x in labels(st)] == ["Vexa, Ember Queen", "Solrath the Kindled"]
    pick(st, "Solrath")
    pick(st, "Gravok Stonehide")
    assert events(st, "activate")[0]["performer"] == "Solrath the Kindled"


def test_gap1_an_alien_of_another_species_cannot_perform():
    # rule aliens.gap.1
    st = scenario(aliens=(["Boreas Galewing", "Rustbloom Engine", "Gravok Stonehide"], P1),
                  hands=(["Ember Lash"], []), charge=(E, 0))
    assert not has(st, "Play Ember Lash")


def test_gap1_tactic_stays_usable_while_one_alien_of_its_species_lives():
    # rule aliens.gap.1
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  hp={"Vexa, Ember Queen": 0})
    pick(st, "Play Ember Lash")
    assert st.decision.kind == "target"  # the performer is forced: Solrath
    pick(st, "Gravok Stonehide")
    assert events(st, "activate")[0]["performer"] == "Solrath the Kindled"


def test_gap1_a_jammed_alien_of_the_species_is_not_a_performer():
    # rule aliens.gap.1
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  status={"Solrath the Kindled": "jammed"})
    pick(st, "Play Ember Lash")
    pick(st, "Gravok Stonehide")
    assert events(st, "activate")[0]["performer"] == "Vexa, Ember Queen"


def test_gap1_flux_applies_to_the_fluxed_performer_only():
    # rule aliens.gap.1
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  status={"Vexa, Ember Queen": "fluxed"})
    pick(st, "Play Ember Lash")
    c = card("Ember Lash").cost
    assert labels(st) == [f"Vexa, Ember Queen (cost {c + 1})", f"Solrath the Kindled (cost {c})"]


def test_gap1_species_tactics_recycle_while_another_alien_of_the_species_lives():
    # rule aliens.gap.1
    st = scenario(aliens=(P0, TWO_PYRRHID), hands=(["Rivet Gun"], []), charge=(E, 0),
                  discard=([], ["Ember Lash"]), hp={"Vexa, Ember Queen": 1})
    pick(st, "Play Rivet Gun")
    pick(st, "Vexa")
    assert st.hp[slot(st, "Vexa, Ember Queen")] == 0
    assert events(st, "recycle")[0]["cards"] == ["Ember Lash"]


# -- gap.2: stray Tactics (a species none of your Aliens has) ---------------------------------------


def test_gap2_a_stray_tactic_cannot_be_activated_from_hand():
    # rule aliens.gap.2
    st = scenario(aliens=(P0, P1), hands=(["Spore Lash"], []), charge=(E, 0))  # Mycora: no Mycora Alien
    assert not has(st, "Play Spore Lash")
    assert has(st, "Set Spore Lash face-down")
    # control: a squad with a Mycora Alien may play it
    own = scenario(aliens=(["Sporemother Yth", "Rustbloom Engine", "Boreas Galewing"], P1),
                   hands=(["Spore Lash"], []), charge=(E, 0))
    assert has(own, "Play Spore Lash")


def test_gap2_a_stray_tactic_can_be_set_but_never_played_from_the_field():
    # rule aliens.gap.2
    st = scenario(aliens=(P0, P1), hands=(["Spore Lash"], []), charge=(E, 0))
    pick(st, "Set Spore Lash face-down")
    iid = ids_named(st, "Spore Lash", st.command[0])[0]
    assert st.set_turn[iid] == 3
    until_turn(st, 5)
    assert not has(st, "Spore Lash")


def test_gap2_stray_tactics_never_recycle():
    # rule aliens.gap.2
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  discard=([], ["Spore Lash", "Shadow Bolt", "Pebble Barrage"]), hp={"Tempestra": 1})
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert events(st, "recycle")[0]["cards"] == ["Pebble Barrage"]
    assert names(st, st.discard[1]) == ["Shadow Bolt", "Spore Lash"]


def test_gap2_a_stray_tactic_can_be_pre_banked():
    # rule aliens.gap.2
    st = scenario(aliens=(P0, P1), decks=(["Spore Lash"] * 20, ["Spore Lash"] * 20), start="setup")
    assert st.decision.kind == "prebank"
    pick(st, "Bank Spore Lash")
    p = 1 - st.priority
    assert names(st, st.reactor[p]) == ["Spore Lash"]


# -- gap.3: Spawns are neutral --------------------------------------------------------------------


def test_gap3_spawns_do_not_count_as_a_species_for_the_deck():
    # rule aliens.gap.3
    cards: dict[str, int] = {}
    for sp in ("Pyrrhid", "Ferrax", "Glacien"):
        for n in tactics_of(sp)[:4]:
            cards[n] = 3
    for n in ("Nanite Infusion", "Reactor Tap", "Orbital Strike", "Plasma Edge", "Battle Doctrine"):
        cards[n] = 3  # 36 + 15 = 51 cards, 3 species + Spawns
    deck = Deck(game="aliens", name="t", format="standard", leaders={"aliens": P0}, cards=dict(cards))
    problems = GAME.check_deck(deck)
    assert len(problems) == 1 and "species" in problems[0]
    cards["Nanite Infusion"] = 2
    cards[tactics_of("Lithari")[0]] = 1  # a 4th species makes it legal
    deck4 = Deck(game="aliens", name="t", format="standard", leaders={"aliens": P0}, cards=cards)
    assert GAME.check_deck(deck4) == []


def test_gap3_jam_does_not_stop_spawns():
    # rule aliens.gap.3
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike"], []), charge=(E, 0),
                  status=dict.fromkeys(P0, "jammed"))
    assert has(st, "Play Orbital Strike")


def test_gap3_flux_does_not_raise_a_spawns_cost():
    # rule aliens.gap.3
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike"], []), charge=(E, 0),
                  status=dict.fromkeys(P0, "fluxed"))
    pick(st, "Play Orbital Strike")
    pick(st, "Gravok Stonehide")
    assert events(st, "energy_paid")[0]["amount"] == card("Orbital Strike").cost


def test_gap3_spawns_stay_usable_when_aliens_are_ko():
    # rule aliens.gap.3
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike", "Ember Lash"], []), charge=(E, 0),
                  hp={"Cindermaw": 0, "Rustbloom Engine": 0})
    assert has(st, "Play Orbital Strike")
    assert not has(st, "Play Ember Lash")


def test_gap3_spawns_always_recycle():
    # rule aliens.gap.3
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  discard=([], ["Feedback Loop", "Spore Haze"]), hp={"Tempestra": 1})
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert sorted(events(st, "recycle")[0]["cards"]) == ["Feedback Loop", "Spore Haze"]


# -- gap.4 / gap.5 / gap.6: deck checks ------------------------------------------------------------


def test_gap4_universal_counts_as_an_affinity_for_the_span():
    # rule aliens.gap.4
    # The Grey Bloom (Universal) + two Plasma Aliens: two affinities, so legal.
    deck = legal_deck(aliens=("The Grey Bloom", "Vexa, Ember Queen", "Magmora Coreheart"))
    assert GAME.check_deck(deck) == []
    # control: three Alloy Aliens are one affinity
    same = legal_deck(aliens=("Ferrax Prime", "Rimeforged Golem", "Ironshard Colossus"))
    assert any("affinit" in p for p in GAME.check_deck(same))


def test_gap5_aliens_are_unique_by_name():
    # rule aliens.gap.5
    deck = legal_deck(aliens=("Cindermaw", "Cindermaw", "Boreas Galewing"))
    problems = GAME.check_deck(deck)
    assert any("Cindermaw" in p and "twice" in p for p in problems)


@pytest.mark.parametrize(
    "deck",
    [
        legal_deck(aliens=("Cindermaw", "Boreas Galewing")),
        legal_deck(**{FILL: 1}),  # 49 cards
        legal_deck(**{FILL: 1, "Ember Lash": 4}),  # 50 cards, but a 4th copy
    ],
    ids=["two-aliens", "49-cards", "four-copies"],
)
def test_gap6_every_deck_rule_is_checked_at_validation_and_at_match_entry(deck):
    # rule aliens.gap.6
    assert len(GAME.check_deck(deck)) == 1  # `cardarena validate` / deck save
    with pytest.raises(DeckError):
        GAME.new_game([deck, legal_deck()])  # entering a match or contest
    assert GAME.check_deck(legal_deck()) == []
    GAME.new_game([legal_deck(), legal_deck()])  # control: a legal pair starts


# -- gap.7: Basic Spawns ---------------------------------------------------------------------------


def test_gap7_a_basic_spawn_resolves_once_then_goes_to_the_discard():
    # rule aliens.gap.7
    tap = card("Reactor Tap")
    n = tap.effects[0].amount
    st = scenario(aliens=(P0, P1), hands=(["Reactor Tap"], []), charge=(tap.cost, 0),
                  decks=(["Nanite Infusion"] * 10, []))
    pick(st, "Play Reactor Tap")
    assert names(st, st.discard[0]) == ["Reactor Tap"]
    assert st.command[0] == []
    assert [e["count"] for e in events(st, "draw") if e["reason"] == "effect"] == [n]  # once


# -- gap.8: Counter Spawns follow the Counter timing rules -----------------------------------------


def p1_attacks_boreas(**kw):
    st = scenario(aliens=(P0, P1), hands=kw.pop("hands", ([], ["Thunderclap"])), charge=kw.pop("charge", (E, E)),
                  turn=4, active=1, **kw)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    return st


def test_gap8_a_counter_spawn_set_on_an_earlier_turn_answers():
    # rule aliens.gap.8
    st = p1_attacks_boreas(command=(["Emergency Barrier"], []), set_on=3)
    assert st.decision.kind == "respond" and st.decision.seat == 0
    pick(st, "Answer with Emergency Barrier")
    [d] = damage_events(st, "Thunderclap")
    barrier = card("Emergency Barrier")
    block, shield = amount_of(barrier, "block"), amount_of(barrier, "shield")
    left = max(card("Thunderclap").damage - block, 0)
    assert (d["blocked"], d["shielded"], d["final"]) == (block, min(shield, left), max(left - shield, 0))


def test_gap8_a_counter_spawn_set_this_turn_cannot_answer():
    # rule aliens.gap.8
    st = p1_attacks_boreas(command=(["Emergency Barrier"], []), set_on=4)
    assert st.turn == 5 and st.decision.kind == "action"  # never asked
    assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing") - card("Thunderclap").damage


def test_gap8_a_counter_spawn_in_hand_cannot_answer_on_the_opponents_turn():
    # rule aliens.gap.8
    st = p1_attacks_boreas(hands=(["Emergency Barrier"], ["Thunderclap"]))
    assert st.turn == 5 and st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing") - card("Thunderclap").damage


def test_gap8_a_counter_spawn_in_hand_can_be_used_on_your_own_turn():
    # rule aliens.gap.8
    st = scenario(aliens=(P0, P1), hands=(["Emergency Barrier"], []), charge=(E, 0))
    pick(st, "Play Emergency Barrier")
    pick(st, "Boreas Galewing")
    assert st.shield[slot(st, "Boreas Galewing")] == amount_of(card("Emergency Barrier"), "shield")


# -- gap.9: the one shared Sector Zone ---------------------------------------------------------------


def test_gap9_a_sector_goes_to_the_shared_sector_zone_for_its_printed_cost():
    # rule aliens.gap.9
    st = scenario(aliens=(P0, P1), hands=(["Ion Storm Front"], []), charge=(E, 0))
    pick(st, "Play Ion Storm Front")
    assert st.name(st.sector) == "Ion Storm Front"
    assert st.command[0] == [] and st.discard[0] == []
    assert events(st, "energy_paid")[0]["amount"] == card("Ion Storm Front").cost
    for seat in (0, 1):
        assert st.view(seat)["sector"]["name"] == "Ion Storm Front"


def test_gap9_a_new_sector_sends_the_old_one_to_its_owners_discard():
    # rule aliens.gap.9
    st = scenario(aliens=(P0, P1), hands=(["Ion Storm Front"], ["Gravity Rift"]), charge=(E, E))
    pick(st, "Play Ion Storm Front")
    old = st.sector
    until_turn(st, 4)
    pick(st, "Play Gravity Rift")
    assert st.name(st.sector) == "Gravity Rift"
    assert old in st.discard[0]  # P0 owned it
    assert old not in st.discard[1]


def test_gap9_sector_modifiers_apply_to_both_players():
    # rule aliens.gap.9
    # P0's Ion Storm Front (+1 to every Attack) boosts P1's Thunderclap too.
    st = scenario(aliens=(P0, P1), hands=(["Ion Storm Front"], ["Thunderclap"]), charge=(E, 0))
    pick(st, "Play Ion Storm Front")
    until_turn(st, 4)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    [d] = damage_events(st, "Thunderclap")
    plus = card("Ion Storm Front").modifiers.attack
    assert (d["modifier"], d["final"]) == (plus, card("Thunderclap").damage + plus)


def test_gap9_sector_each_turn_hits_the_player_whose_energy_phase_it_is():
    # rule aliens.gap.9
    st = scenario(aliens=(P0, P1), hands=(["Spore Haze"], [FILL]), charge=(E, 0))
    haze = amount_of(card("Spore Haze"), "damage")
    full0, full1 = [hp_of(n) for n in P0], [hp_of(n) for n in P1]
    pick(st, "Play Spore Haze")  # end of P0's turn 3: only P0's Aliens
    assert st.hp[0:3] == [h - haze for h in full0] and st.hp[3:6] == full1
    st.apply("pass")  # end of P1's turn 4: only P1's Aliens
    assert st.hp[0:3] == [h - haze for h in full0] and st.hp[3:6] == [h - haze for h in full1]


def test_gap9_a_sector_leaves_when_destroyed():
    # rule aliens.gap.9
    st = scenario(aliens=(P0, P1), hands=(["Ion Storm Front"], ["Demolition Charge"]), charge=(E, 0))
    pick(st, "Play Ion Storm Front")
    old = st.sector
    until_turn(st, 4)
    pick(st, "Play Demolition Charge")
    if st.decision is not None and st.decision.kind == "target":
        pick(st, "Ion Storm Front")
    assert st.sector == -1 and old in st.discard[0]


# -- gap.10: Equip Spawns ------------------------------------------------------------------------------


def test_gap10_an_equip_goes_only_on_your_own_live_aliens():
    # rule aliens.gap.10
    st = scenario(aliens=(P0, P1), hands=(["Plasma Edge"], []), charge=(E, 0), hp={"Rustbloom Engine": 0})
    pick(st, "Play Plasma Edge")
    assert [x.split(" (")[0] for x in labels(st)] == ["P1's Cindermaw", "P1's Boreas Galewing"]


def test_gap10_an_equip_stays_face_up_and_boosts_only_its_alien():
    # rule aliens.gap.10
    st = scenario(aliens=(P0, P1), hands=(["Plasma Edge", "Ember Lash", "Rivet Gun"], []), charge=(E, 0))
    pick(st, "Play Plasma Edge")
    pick(st, "Cindermaw")
    c = slot(st, "Cindermaw")
    edge = st.equip[c]
    assert st.name(edge) == "Plasma Edge" and edge in st.command[0] and edge not in st.set_turn
    until_turn(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok Stonehide")
    assert damage_events(st, "Ember Lash")[0]["modifier"] == 1
    until_turn(st, 7)
    pick(st, "Play Rivet Gun")  # Rustbloom carries nothing
    pick(st, "Gravok Stonehide")
    assert damage_events(st, "Rivet Gun")[0]["modifier"] == 0


def test_gap10_one_equip_per_alien_the_new_one_replaces_the_old():
    # rule aliens.gap.10
    st = scenario(aliens=(P0, P1), hands=(["Plasma Edge", "Aegis Plating"], []), charge=(E, 0))
    pick(st, "Play Plasma Edge")
    pick(st, "Cindermaw")
    edge = st.equip[slot(st, "Cindermaw")]
    until_turn(st, 5)
    pick(st, "Play Aegis Plating")
    pick(st, "Cindermaw")
    assert st.name(st.equip[slot(st, "Cindermaw")]) == "Aegis Plating"
    assert edge in st.discard[0] and edge not in st.command[0]


def test_gap10_an_equip_leaves_with_its_ko_alien_and_recycles():
    # rule aliens.gap.10
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], ["Plasma Edge"]), charge=(0, E), hp={"Tempestra": 1},
                  turn=4, active=1)
    pick(st, "Play Plasma Edge")
    pick(st, "Tempestra")
    edge = st.equip[slot(st, "Tempestra")]
    until_turn(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert st.equip[slot(st, "Tempestra")] == -1
    assert edge not in st.command[1]
    assert "Plasma Edge" in events(st, "recycle")[0]["cards"]  # it reached the Discard before Recycling
    assert edge in st.deck[1] or edge in st.hand[1]


# -- gap.11: Continuous Spawns -----------------------------------------------------------------------


def test_gap11_a_continuous_spawn_stays_face_up_and_boosts_its_owners_squad_only():
    # rule aliens.gap.11
    st = scenario(aliens=(P0, P1), hands=(["Battle Doctrine", "Ember Lash"], ["Thunderclap"]), charge=(E, 0))
    pick(st, "Play Battle Doctrine")
    doc = ids_named(st, "Battle Doctrine", st.command[0])[0]
    assert doc not in st.set_turn
    assert st.view(1)["players"][0]["command"] == [{"index": 0, "face_down": False,
                                                    "card": st.card_view(doc)}]
    until_turn(st, 4)
    pick(st, "Play Thunderclap")  # the opponent's Attack gets nothing
    pick(st, "Boreas Galewing")
    assert damage_events(st, "Thunderclap")[0]["modifier"] == 0
    until_turn(st, 5)
    pick(st, "Play Ember Lash")
    pick(st, "Gravok Stonehide")
    assert damage_events(st, "Ember Lash")[0]["modifier"] == 1
    assert doc in st.command[0]  # still there turns later


def test_gap11_continuous_each_turn_works_at_its_owners_energy_phase():
    # rule aliens.gap.11
    st = scenario(aliens=(P0, P1), hands=(["Entropy Engine"], [FILL]), charge=(E, 0))
    deck1 = len(st.deck[1])
    pick(st, "Play Entropy Engine")  # P0's Energy Phase right away: P1 mills 1
    assert [e["player"] for e in events(st, "mill")] == [1]
    assert len(st.deck[1]) == deck1 - 1 - 4  # milled 1, then drew 4 for its turn
    st.apply("pass")  # P1's own Energy Phase: no mill
    assert len(events(st, "mill")) == 1


def test_gap11_a_continuous_spawn_leaves_only_when_destroyed():
    # rule aliens.gap.11
    st = scenario(aliens=(P0, P1), hands=(["Battle Doctrine"], ["Demolition Charge"]), charge=(E, 0))
    pick(st, "Play Battle Doctrine")
    doc = ids_named(st, "Battle Doctrine", st.command[0])[0]
    until_turn(st, 4)
    pick(st, "Play Demolition Charge")
    if st.decision is not None and st.decision.kind == "target":
        pick(st, "Battle Doctrine")
    assert doc in st.discard[0] and doc not in st.command[0]


# -- gap.12 / gap.13 / gap.14 / gap.15: energy ---------------------------------------------------------


def test_gap12_there_is_no_voluntary_banking():
    # rule aliens.gap.12
    st = scenario(aliens=(P0, P1), hands=([FILL, "Ember Lash", "Rivet Gun", "Ignite", "Thaw"], []), charge=(E, 0))
    assert not any("bank" in x.lower() or "reactor" in x.lower() for x in labels(st))
    hand = list(st.hand[0])
    pick(st, "Pass")
    assert st.reactor[0] == [] and st.hand[0] == hand  # the Energy Phase banks nothing
    until_turn(st, 5)
    assert len(st.reactor[0]) == 1 and st.hand[0] == hand  # only mill-on-full fed the Reactor


def test_gap13_ramp_is_a_charge_beside_the_reactor_and_carries_over():
    # rule aliens.gap.13
    st = scenario(aliens=(P0, P1), hands=([FILL], []), reactor=(["Ember Lash", "Rivet Gun"], []), charge=(1, 0),
                  start="turn_start")
    assert st.turn == 3
    assert st.charge[0] == 1 + 2 and len(st.reactor[0]) == 2
    v = st.view(0)["players"][0]
    assert (v["reactor_count"], v["charge"], v["energy"]) == (2, 3, 5)
    pick(st, "Pass")
    until_turn(st, 5)
    assert st.charge[0] == 3 + 2  # unspent ramp carried over


def test_gap13_ramp_energy_pays_for_cards():
    # rule aliens.gap.13
    c = card("Ignite").cost
    st = scenario(aliens=(P0, P1), hands=(["Ignite"], []), charge=(c, 0))
    pick(st, "Play Ignite")
    pick(st, "Gravok Stonehide")
    [paid] = events(st, "energy_paid")
    assert (paid["ramp"], paid["cards"]) == (c, [])
    assert st.charge[0] == 0


def test_gap14_only_the_active_player_ramps_before_the_draw_phase():
    # rule aliens.gap.14
    st = scenario(aliens=(P0, P1), hands=([FILL] * 3, [FILL]), charge=(0, 0), start="turn_start")
    assert st.charge == [2, 0]
    types = [e["type"] for e in st.log]
    assert types.index("ramp") < types.index("draw")


def test_gap14_the_first_player_ramps_on_turn_one():
    # rule aliens.gap.14
    st = scenario(aliens=(P0, P1), start="setup", seed=1)
    pick(st, "Done banking")
    first = st.priority
    assert st.turn == 1 and st.active == first
    assert st.charge[first] == 2 and st.charge[1 - first] == 0


def test_gap15_payment_takes_the_oldest_reactor_cards_then_ramp():
    # rule aliens.gap.15
    c = card("Ignite").cost
    st = scenario(aliens=(P0, P1), hands=(["Ignite"], []), reactor=(["Pebble Barrage"] * c + [FILL], []),
                  charge=(2, 0))
    oldest = st.reactor[0][:c]
    pick(st, "Play Ignite")
    pick(st, "Gravok Stonehide")
    assert st.discard[0][:c] == oldest
    assert names(st, st.reactor[0]) == [FILL] and st.charge[0] == 2  # the newest card and the ramp are kept
    assert events(st, "energy_paid")[0]["ramp"] == 0


def test_gap15_ramp_pays_only_what_the_reactor_cards_cannot():
    # rule aliens.gap.15
    c = card("Orbital Strike").cost  # more than the one Reactor card
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike"], []), reactor=(["Pebble Barrage"], []), charge=(E, 0))
    pick(st, "Play Orbital Strike")
    pick(st, "Gravok Stonehide")
    assert st.reactor[0] == [] and st.charge[0] == E - (c - 1)
    assert events(st, "energy_paid")[0]["ramp"] == c - 1


# -- gap.16 / gap.17: turn 1 and priority ------------------------------------------------------------


def test_gap16_only_the_games_turn_one_skips_mill_on_full():
    # rule aliens.gap.16
    st = scenario(aliens=(P0, P1), start="setup", seed=1)
    first, second = st.priority, 1 - st.priority
    pick(st, "Done banking")
    assert st.reactor[first] == [] and len(st.hand[first]) == 5  # turn 1: neither draw nor mill
    st.apply("pass")
    assert st.turn == 2 and st.active == second
    assert len(st.reactor[second]) == 1 and len(st.hand[second]) == 5  # its own first turn still mills
    assert [e["player"] for e in events(st, "mill_to_reactor")] == [second]


def test_gap17_the_coin_flip_winner_takes_turn_one_and_the_other_may_pre_bank():
    # rule aliens.gap.17
    seen = set()
    for seed in range(12):
        st = scenario(aliens=(P0, P1), start="setup", seed=seed)
        coin = next(e for e in events(st, "coin") if e["purpose"] == "priority")
        assert coin["winner"] == st.priority
        assert st.decision.kind == "prebank" and st.decision.seat == 1 - st.priority
        pick(st, "Done banking")
        assert st.turn == 1 and st.active == st.priority
        seen.add(st.priority)
    assert seen == {0, 1}


# -- gap.18: where used cards go; the face-down limit -----------------------------------------------


@pytest.mark.parametrize("name", ["Ember Lash", "Ignite", "Flame Ward", "Orbital Strike"])
def test_gap18_attack_special_counter_and_basic_go_to_the_discard(name):
    # rule aliens.gap.18
    st = scenario(aliens=(P0, P1), hands=([name], []), charge=(E, 0))
    pick(st, f"Play {name}")
    pick(st, "Gravok Stonehide")
    iid = ids_named(st, name, st.discard[0])
    assert len(iid) == 1 and iid[0] not in st.command[0]


@pytest.mark.parametrize("name", ["Battle Doctrine", "Plasma Edge"])
def test_gap18_equip_and_continuous_stay_face_up_in_the_command_zone(name):
    # rule aliens.gap.18
    st = scenario(aliens=(P0, P1), hands=([name], []), charge=(E, 0))
    pick(st, f"Play {name}")
    if st.decision.kind == "target":
        pick(st, "Cindermaw")
    [iid] = ids_named(st, name, st.command[0])
    assert iid not in st.set_turn and st.discard[0] == []


def test_gap18_at_most_five_face_down_cards():
    # rule aliens.gap.18
    st = scenario(aliens=(P0, P1), hands=(["Ignite"], []), command=(["Ignite"] * 5, []), set_on=1, charge=(E, 0))
    assert st.decision.seat == 0
    assert not has(st, "Set Ignite face-down")
    four = scenario(aliens=(P0, P1), hands=(["Ignite"], []), command=(["Ignite"] * 4, []), set_on=1, charge=(E, 0))
    assert has(four, "Set Ignite face-down")


def test_gap18_face_up_cards_do_not_count_toward_the_limit():
    # rule aliens.gap.18
    st = scenario(aliens=(P0, P1), hands=(["Ignite"], []), command=(["Battle Doctrine"] + ["Ignite"] * 4, []),
                  set_on=1, charge=(E, 0))
    assert not has(st, "Set Ignite face-down")  # five face-down so far
    doc = ids_named(st, "Battle Doctrine", st.command[0])[0]
    del st.set_turn[doc]  # the Continuous is face-up in play
    st.reask()
    assert has(st, "Set Ignite face-down")


# -- gap.19 / gap.20: setting --------------------------------------------------------------------------


def test_gap19_setting_is_free_and_is_the_primary_action():
    # rule aliens.gap.19
    st = scenario(aliens=(P0, P1), hands=(["Ignite", FILL], []), charge=(0, 0))
    pick(st, "Set Ignite face-down")
    assert st.charge[0] == 0 and st.reactor[0] == [] and st.discard[0] == []
    assert st.turn == 4 and st.decision.seat == 1  # no second action


def test_gap19_a_set_card_is_played_from_the_field_on_a_later_turn_paying_its_cost():
    # rule aliens.gap.19
    st = scenario(aliens=(P0, P1), hands=(["Ignite", FILL], []), charge=(E, 0))
    pick(st, "Set Ignite face-down")
    until_turn(st, 5)
    pick(st, "Play Ignite from the field")
    pick(st, "Gravok Stonehide")
    assert events(st, "energy_paid")[0]["amount"] == card("Ignite").cost
    assert [e["origin"] for e in events(st, "activate")] == ["command"]
    assert st.status[slot(st, "Gravok Stonehide")] == "corroding"
    assert st.turn == 6  # it was the primary action


def test_gap19_a_card_set_this_turn_cannot_be_played_from_the_field():
    # rule aliens.gap.19
    st = scenario(aliens=(P0, P1), hands=([FILL], []), command=(["Ignite"], []), set_on=3, charge=(E, 0))
    assert not has(st, "from the field")


def test_gap20_the_opponents_next_turn_is_enough_for_a_set_counter():
    # rule aliens.gap.20
    st = scenario(aliens=(P0, P1), hands=(["Glacial Wall", FILL], ["Thunderclap"]), charge=(E, 0))
    pick(st, "Set Glacial Wall face-down")  # turn 3
    until_turn(st, 4)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    assert st.decision.kind == "respond" and st.decision.seat == 0
    pick(st, "Answer with Glacial Wall")
    assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing")


# -- gap.21: Counter windows ---------------------------------------------------------------------------


def test_gap21_attack_window_comes_after_paying_and_choosing_but_before_damage():
    # rule aliens.gap.21
    st = p1_attacks_boreas(command=(["Glacial Wall"], []), set_on=1)
    assert st.decision.kind == "respond"
    assert st.charge[1] == E - card("Thunderclap").cost  # P1 already paid
    assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing")  # no damage yet
    assert st.attacked[slot(st, "Tempestra")]


def test_gap21_tactic_window_answers_an_alien_ability():
    # rule aliens.gap.21
    st = scenario(aliens=(P0, P1), hands=([], [FILL]), command=(["Feedback Loop"], []), set_on=1, charge=(E, E),
                  turn=4, active=1)
    pick(st, "Synapse Drone: Feedback Spike")
    pick(st, "Boreas Galewing")
    assert st.decision.kind == "respond" and st.decision.seat == 0
    pick(st, "Answer with Feedback Loop")
    pick(st, "Synapse Drone")  # Feedback Loop's Jam target
    assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing")  # negated
    assert st.status[slot(st, "Synapse Drone")] == "jammed"
    assert st.charge[1] == E - card("Synapse Drone").ability.cost  # the ability's cost stays paid


def test_gap21_tactic_window_answers_a_special_and_a_spawn():
    # rule aliens.gap.21
    for name in ("Orbital Strike", "Mind Fog"):
        st = scenario(aliens=(P0, P1), hands=([], [name]), command=(["Null Field"], []), set_on=1, charge=(E, E),
                      turn=4, active=1)
        pick(st, f"Play {name}")
        pick(st, "Boreas Galewing")
        assert st.decision.kind == "respond", name
        pick(st, "Answer with Null Field")
        assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing") and st.status[slot(st, "Boreas Galewing")] is None
        assert ids_named(st, name, st.discard[1])  # negated: to the Discard


def test_gap21_a_negated_attack_is_discarded_stays_paid_and_still_counts_as_the_attack():
    # rule aliens.gap.21
    st = p1_attacks_boreas(command=(["Null Field"], []), set_on=1)
    pick(st, "Answer with Null Field")
    assert st.hp[slot(st, "Boreas Galewing")] == hp_of("Boreas Galewing")
    assert ids_named(st, "Thunderclap", st.discard[1])
    assert [e["card"] for e in events(st, "negated")] == ["Thunderclap"]
    assert events(st, "energy_paid")[0]["amount"] == card("Thunderclap").cost  # paid, and not refunded
    assert st.charge[1] == E - card("Thunderclap").cost


def test_gap21_a_negated_attack_still_uses_up_that_aliens_attack():
    # rule aliens.gap.21
    # A test Special grants two Assaults. Tempestra's Thunderclap is negated; for the second Assault,
    # Static Jolt would need a Voltari that has not attacked: there is none, so nothing is offered.
    st = scenario(aliens=(P0, P1), hands=([], [FILL, "Thunderclap", "Static Jolt"]),
                  command=(["Null Field"], []), set_on=1, charge=(E, E), turn=4, active=1)
    swap_card(st, st.hand[1][0], DOUBLE_ASSAULT)
    pick(st, "Play Test Double Assault")
    pick(st, "Let it resolve")
    assert st.decision.kind == "followup"
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    pick(st, "Answer with Null Field")
    assert [e["card"] for e in events(st, "negated")] == ["Thunderclap"]
    # the second Assault has nothing usable; P2 still holds cards, so it is asked with only a decline
    # (an unasked follow-up would tell P1 that P2's hand holds no usable Attack)
    assert st.decision.kind == "followup" and st.decision.ids == ["pass"]
    pick(st, "Decline the follow-up")
    assert [e["mode"] for e in events(st, "pass")] == ["assault"]
    assert ids_named(st, "Static Jolt", st.hand[1])


def test_gap21_a_block_lowers_the_attack_by_its_amount():
    # rule aliens.gap.21
    st = p1_attacks_boreas(command=(["Frostbite Riposte"], []), set_on=1)
    pick(st, "Answer with Frostbite Riposte")
    [d] = damage_events(st, "Thunderclap")
    block = amount_of(card("Frostbite Riposte"), "block")
    assert (d["blocked"], d["final"]) == (block, card("Thunderclap").damage - block)


def test_gap21_only_one_counter_answers_and_counters_are_not_answered():
    # rule aliens.gap.21
    st = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), command=(["Glacial Wall", "Emergency Barrier"],
                                                                       ["Null Field"]),
                  set_on=1, charge=(E, E), turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    assert st.decision.seat == 0 and len(st.decision.options) == 3  # two Counters or let it resolve
    pick(st, "Answer with Glacial Wall")
    # no second Counter from P0, and P1's Null Field is never offered against the Counter
    assert st.turn == 5 and st.decision.kind == "action"
    assert [e["card"] for e in events(st, "activate")] == ["Thunderclap", "Glacial Wall"]


def test_gap21_no_window_without_a_face_down_card_to_answer_with():
    # rule aliens.gap.21
    st = p1_attacks_boreas()  # P0 has nothing set: both players see that no answer is possible
    assert st.turn == 5 and len(st.history) == 2


def test_gap21_the_window_is_asked_even_when_the_set_card_cannot_answer():
    # rule aliens.gap.21
    # rule aliens.10.5
    poor = p1_attacks_boreas(command=(["Null Field"], []), set_on=1, charge=(0, E))  # P0 cannot pay for it
    bluff = p1_attacks_boreas(command=([FILL], []), set_on=1)  # a set bluff
    for st in (poor, bluff):
        assert (st.decision.kind, st.decision.seat, st.decision.ids) == ("respond", 0, ["pass"])
        assert st.view(1)["decision"] == {"seq": st.decision.seq, "seat": 0, "kind": "respond"}
        pick(st, "Let it resolve")
        assert st.turn == 5 and events(st, "no_answer")


# -- gap.22: Counters on your own turn ----------------------------------------------------------------


def test_gap22_a_counter_made_only_of_block_or_negate_is_offered_on_your_turn_and_does_nothing():
    # rule aliens.gap.22
    # rule aliens.10.3
    st = scenario(aliens=(P0, P1), hands=(["Glacial Wall", "Null Field"], []), command=(["Glacial Wall"], []),
                  set_on=1, charge=(E, 0))
    assert has(st, "Play Glacial Wall", "no effect on your turn")
    assert has(st, "Play Glacial Wall from the field", "no effect on your turn")
    assert has(st, "Play Null Field", "no effect on your turn")
    hp = list(st.hp)
    pick(st, "Play Null Field")
    assert events(st, "energy_paid")[0]["amount"] == card("Null Field").cost  # its cost is paid
    assert ids_named(st, "Null Field", st.discard[0])  # used: to the Discard
    assert st.hp == hp and not events(st, "negated")  # nothing to negate or block on your own turn
    assert st.turn == 4  # it was the primary action


def test_gap22_a_counter_from_hand_is_your_primary_action_and_only_its_other_effects_work():
    # rule aliens.gap.22
    st = scenario(aliens=(P0, P1), hands=(["Flame Ward"], []), charge=(E, 0))
    pick(st, "Play Flame Ward")
    pick(st, "Gravok Stonehide")
    assert st.hp[slot(st, "Gravok Stonehide")] == hp_of("Gravok Stonehide") - amount_of(card("Flame Ward"), "damage")
    assert st.turn == 4 and st.decision.seat == 1


def test_gap22_a_set_counter_can_be_used_on_your_own_turn():
    # rule aliens.gap.22
    st = scenario(aliens=(P0, P1), hands=([FILL], []), command=(["Flame Ward"], []), set_on=1, charge=(E, 0))
    pick(st, "Play Flame Ward from the field")
    pick(st, "Gravok Stonehide")
    assert st.hp[slot(st, "Gravok Stonehide")] == hp_of("Gravok Stonehide") - amount_of(card("Flame Ward"), "damage")
    assert st.turn == 4



def test_gap22_a_counter_on_your_own_turn_can_be_answered_and_negated():
    # rule aliens.gap.22
    # rule aliens.gap.21
    # P0 plays Short Circuit from hand as its action; P1 answers with a set Null Veil, which names
    # Counters among what it negates: Short Circuit does nothing, and Null Veil is not answered
    umbral = ["Cryovex Shade", "Cindermaw", "Boreas Galewing"]
    st = scenario(aliens=(P1, umbral), hands=(["Short Circuit"], []), command=(["Null Veil"], ["Null Veil"]),
                  set_on=1, charge=(E, E))
    pick(st, "Play Short Circuit")
    pick(st, "Cindermaw")
    assert st.decision.kind == "respond" and st.decision.seat == 1
    assert has(st, "Answer with Null Veil")
    pick(st, "Answer with Null Veil")
    # no chain: P0's own set Null Veil is not offered against the answer; the turn goes on to P1
    assert not events(st, "no_answer") and (st.turn, st.decision.seat, st.decision.kind) == (4, 1, "action")
    assert [e["card"] for e in events(st, "negated")] == ["Short Circuit"]
    assert st.status[slot(st, "Cindermaw")] is None
    assert len(events(st, "mill")[0]["cards"]) == amount_of(card("Null Veil"), "mill")
    assert ids_named(st, "Short Circuit", st.discard[0]) and st.turn == 4


def test_gap22_counter_texts_name_counters_among_what_they_negate():
    # rule aliens.gap.22
    # every Counter that answers a `tactic` event by naming what it answers lists Counters too
    listed = [c for c in (*POOL.tactics, *POOL.spawns) if c.subtype == "counter" and "Special, Spawn" in c.text]
    assert {c.name for c in listed} >= {"Null Veil", "Short Circuit", "Feedback Loop"}
    for c in listed:
        assert c.window in ("tactic", "any") and "Special, Spawn, Counter or Alien ability" in c.text, c.name

# -- gap.23: follow-ups --------------------------------------------------------------------------------


def test_gap23_an_assault_is_one_more_attack_by_an_alien_that_has_not_attacked():
    # rule aliens.gap.23
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=(["Twin Flare", "Ember Lash"], []), charge=(E, 0))
    pick(st, "Play Twin Flare")
    pick(st, "Vexa")
    pick(st, "Gravok Stonehide")
    assert st.decision.kind == "followup"
    pick(st, "Play Ember Lash")
    # Vexa already attacked: Solrath is the only performer, so the next choice is the target
    assert st.decision.kind == "target"
    pick(st, "Gravok Stonehide")
    assert [e["performer"] for e in events(st, "activate")] == ["Vexa, Ember Queen", "Solrath the Kindled"]
    assert st.turn == 4  # exactly one follow-up


def test_gap23_no_assault_is_offered_if_every_able_alien_has_attacked():
    # rule aliens.gap.23
    st = scenario(aliens=(P0, P1), hands=(["Twin Flare", "Ember Lash", "Ignite"], []), charge=(E, 0))
    pick(st, "Play Twin Flare")
    pick(st, "Gravok Stonehide")
    # Cindermaw (the only Pyrrhid) has attacked; an assault is not a Special: nothing to offer, but
    # the hand is hidden, so the follow-up is asked with only a decline
    assert st.decision.kind == "followup" and st.decision.ids == ["pass"]
    pick(st, "Decline the follow-up")
    assert st.turn == 4
    assert [e["mode"] for e in events(st, "pass")] == ["assault"]


def test_gap23_a_follow_up_may_be_declined():
    # rule aliens.gap.23
    st = scenario(aliens=(P0, P1), hands=(["Twin Flare", "Rivet Gun"], []), charge=(E, 0))
    pick(st, "Play Twin Flare")
    pick(st, "Gravok Stonehide")
    assert st.decision.kind == "followup" and has(st, "Play Rivet Gun")
    pick(st, "Decline the follow-up")
    assert st.turn == 4 and ids_named(st, "Rivet Gun", st.hand[0])


def test_gap23_a_special_follow_up_allows_a_second_special_but_no_attack():
    # rule aliens.gap.23
    st = scenario(aliens=(P0, P1), hands=(["Reboot Sequence", "Ice Carapace", "Rivet Gun"], []), charge=(E, 0))
    pick(st, "Play Reboot Sequence")
    pick(st, "Boreas Galewing")
    assert st.decision.kind == "followup"
    assert has(st, "Play Ice Carapace") and not has(st, "Play Rivet Gun")
    pick(st, "Play Ice Carapace")
    pick(st, "Boreas Galewing")
    assert st.shield[slot(st, "Boreas Galewing")] == (amount_of(card("Reboot Sequence"), "shield")
                                                      + amount_of(card("Ice Carapace"), "shield"))
    assert st.turn == 4


def test_gap23_a_special_follow_up_offers_no_spawn_and_no_counter():
    # rule aliens.gap.23
    # Orbital Strike (a Basic Spawn) and Reactive Plating (a Counter, usable from hand on your own turn)
    # are offered as the primary action, but a Special follow-up is a Special only.
    hand = ["Reboot Sequence", "Ice Carapace", "Orbital Strike", "Reactive Plating"]
    st = scenario(aliens=(P0, P1), hands=(hand, []), charge=(E, 0))
    assert has(st, "Play Orbital Strike") and has(st, "Play Reactive Plating")
    pick(st, "Play Reboot Sequence")
    pick(st, "Boreas Galewing")
    assert st.decision.kind == "followup"
    assert has(st, "Play Ice Carapace")
    assert not has(st, "Play Orbital Strike") and not has(st, "Play Reactive Plating")


# -- gap.24: who may attack whom ---------------------------------------------------------------------


def test_gap24_only_live_enemy_aliens_are_targets():
    # rule aliens.gap.24
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Gravok Stonehide": 0})
    pick(st, "Play Ember Lash")
    assert [x.split(" (")[0] for x in labels(st)] == ["P2's Tempestra", "P2's Synapse Drone"]


def test_gap24_the_attack_cards_affinity_counts_not_the_declaring_aliens():
    # rule aliens.gap.24
    # Solrath (Solar) declares Ember Lash (Plasma) on Cryovex Shade (Cryo): Plasma beats Cryo -> +2.
    st = scenario(aliens=(["Solrath the Kindled", "Rustbloom Engine", "Boreas Galewing"],
                          ["Cryovex Shade", "Gravok Stonehide", "Synapse Drone"]),
                  hands=(["Ember Lash"], []), charge=(E, 0))
    pick(st, "Play Ember Lash")
    pick(st, "Cryovex Shade")
    [d] = damage_events(st, "Ember Lash")
    assert (d["bonus"], d["final"]) == (2, card("Ember Lash").damage + 2)


# -- gap.25: damage arithmetic ---------------------------------------------------------------------


def test_gap25_base_bonus_modifier_block_armor_then_shield():
    # rule aliens.gap.25
    # Vexa (+1) Ember Lash (Plasma) on Kryssa (Cryo, armor 1), answered by Emergency Barrier (block,
    # then a shield on Kryssa). With today's cards: 2 + 2 + 1 - 2 = 3, - 1 armor = 2, shield 1 -> 1.
    st = scenario(aliens=(["Vexa, Ember Queen", "Rustbloom Engine", "Boreas Galewing"],
                          ["Kryssa the Still", "Gravok Stonehide", "Synapse Drone"]),
                  hands=(["Ember Lash"], []), command=([], ["Emergency Barrier"]), set_on=1, charge=(E, E))
    pick(st, "Play Ember Lash")
    pick(st, "Kryssa")
    pick(st, "Answer with Emergency Barrier")
    [d] = damage_events(st, "Ember Lash")
    base = card("Ember Lash").damage
    plus = card("Vexa, Ember Queen").ability.modifiers.attack
    block = amount_of(card("Emergency Barrier"), "block")
    shield = amount_of(card("Emergency Barrier"), "shield")
    armor = card("Kryssa the Still").ability.modifiers.armor
    after_block = max(base + 2 + plus - block, 0)
    after_armor = max(after_block - armor, 0)
    final = max(after_armor - shield, 0)
    assert (d["base"], d["bonus"], d["modifier"], d["blocked"], d["armor"], d["final"]) == \
        (base, 2, plus, block, armor, final)
    assert d["shielded"] == after_armor - final
    assert st.hp[slot(st, "Kryssa the Still")] == hp_of("Kryssa the Still") - final


def test_gap25_a_block_bigger_than_the_attack_deals_zero_not_a_heal():
    # rule aliens.gap.25
    # Psi Needle (no bonus on Atmospheric) against the bigger block of Glacial Wall: 0 damage, not less.
    assert amount_of(card("Glacial Wall"), "block") > card("Psi Needle").damage
    st = scenario(aliens=(P0, P1), hands=([], ["Psi Needle"]), command=(["Glacial Wall"], []), set_on=1,
                  charge=(E, E), hp={"Boreas Galewing": 7}, turn=4, active=1)
    pick(st, "Play Psi Needle")
    pick(st, "Boreas Galewing")
    pick(st, "Answer with Glacial Wall")
    [d] = damage_events(st, "Psi Needle")
    assert d["final"] == 0
    assert st.hp[slot(st, "Boreas Galewing")] == 7


def test_gap25_hp_stops_at_zero():
    # rule aliens.gap.25
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike"], []), charge=(E, 0), hp={"Tempestra": 1})
    pick(st, "Play Orbital Strike")
    pick(st, "Tempestra")
    assert st.hp[slot(st, "Tempestra")] == 0
    assert damage_events(st)[0]["hp"] == 0


def test_gap25_effect_damage_gets_no_wheel_bonus():
    # rule aliens.gap.25
    # Rustbloom (Mycelial) sprays Cryovex Shade (Cryo): Mycelial beats Cryo, but an effect has no wheel.
    st = scenario(aliens=(P0, ["Cryovex Shade", "Gravok Stonehide", "Synapse Drone"]), hands=([FILL], []),
                  charge=(E, 0))
    pick(st, "Rustbloom Engine: Acid Spray")
    pick(st, "Cryovex Shade")
    [d] = damage_events(st)
    assert (d["bonus"], d["final"]) == (0, amount_of(card("Rustbloom Engine").ability, "damage"))


def test_gap25_armor_and_shields_apply_to_effect_damage():
    # rule aliens.gap.25
    st = scenario(aliens=(P0, ["Kryssa the Still", "Gravok Stonehide", "Synapse Drone"]),
                  hands=(["Orbital Strike"], []), charge=(E, 0))
    st.shield[slot(st, "Kryssa the Still")] = 1
    pick(st, "Play Orbital Strike")
    pick(st, "Kryssa")
    [d] = damage_events(st)
    armor = card("Kryssa the Still").ability.modifiers.armor
    assert (d["armor"], d["shielded"], d["final"]) == (armor, 1, amount_of(card("Orbital Strike"), "damage") - armor - 1)


def test_gap25_corroding_ignores_armor_and_shields():
    # rule aliens.gap.25
    st = scenario(aliens=(P0, ["Kryssa the Still", "Gravok Stonehide", "Synapse Drone"]), hands=([], [FILL]),
                  status={"Kryssa the Still": "corroding"}, turn=4, active=1)
    k = slot(st, "Kryssa the Still")
    st.shield[k] = 2
    pick(st, "Pass")
    assert st.hp[k] == hp_of("Kryssa the Still") - 1 and st.shield[k] == 2



@pytest.mark.parametrize("graft", [False, True])
def test_gap25_negative_armor_adds_nothing_to_a_fully_blocked_attack(graft: bool):
    # rule aliens.gap.25
    # Ember Lash (Plasma, no bonus on Alloy or Ion) blocked by Decoy Hologram's 2: 0 damage, and
    # "takes 1 more damage from cards" (Ironshard's Unstable Core, or Berserker Graft on Synapse Drone)
    # has nothing to add to. Unblocked, the same attack deals 1 more.
    victim = "Synapse Drone" if graft else "Ironshard Colossus"
    squad = ["Ironshard Colossus", "Gravok Stonehide", "Synapse Drone"]
    assert amount_of(card("Decoy Hologram"), "block") == card("Ember Lash").damage

    def board(counter: list[str]):
        st = scenario(aliens=(P0, squad), hands=(["Ember Lash"], []), command=([], counter), set_on=1,
                      charge=(E, E))
        if graft:
            [g] = st.deal(1, [card("Berserker Graft")], shuffle=False)
            st.command[1].append(g)
            st.equip[slot(st, victim)] = g
        pick(st, "Play Ember Lash")
        pick(st, victim)
        return st

    armor = (card("Berserker Graft").modifiers if graft else card(victim).ability.modifiers).armor
    assert armor < 0
    st = board(["Decoy Hologram"])
    pick(st, "Answer with Decoy Hologram")
    [d] = damage_events(st, "Ember Lash")
    assert (d["bonus"], d["blocked"], d["armor"], d["final"]) == (0, card("Ember Lash").damage, 0, 0)
    assert st.hp[slot(st, victim)] == hp_of(victim)
    st = board([])
    [d] = damage_events(st, "Ember Lash")
    assert (d["armor"], d["final"]) == (armor, card("Ember Lash").damage - armor)

# -- gap.26: +2 once; Universal --------------------------------------------------------------------


def test_gap26_wheel_and_card_list_together_give_plus_two_once():
    # rule aliens.gap.26
    st = scenario(aliens=(P0, ["Cryovex Shade", "Gravok Stonehide", "Synapse Drone"]), hands=(["Ember Lash"], []),
                  charge=(E, 0))
    swap_card(st, st.hand[0][0], WHEEL_AND_LIST)  # Plasma, its list names Cryo, which the wheel gives too
    pick(st, "Play Test Flame")
    pick(st, "Cryovex Shade")
    [d] = damage_events(st, "Test Flame")
    assert (d["bonus"], d["final"]) == (2, 4)


def test_gap26_a_card_list_cannot_name_universal():
    # rule aliens.gap.26
    table = {"kind": "tactic", "id": "t-bad", "name": "Bad", "species": "Pyrrhid", "subtype": "attack", "cost": 1,
             "affinity": "Plasma", "damage": 2, "super_effective": ["Universal"], "text": "t"}
    with pytest.raises(CardDataError, match="Universal"):
        convert_cards([("test.toml", table)], Card)


def test_gap26_a_universal_attack_gets_no_bonus_even_from_its_own_list():
    # rule aliens.gap.26
    st = scenario(aliens=(P0, ["Cryovex Shade", "Gravok Stonehide", "Synapse Drone"]), hands=(["Ember Lash"], []),
                  charge=(E, 0))
    swap_card(st, st.hand[0][0], UNIVERSAL_WITH_LIST)
    pick(st, "Play Test Void Ray")
    pick(st, "Cryovex Shade")
    [d] = damage_events(st, "Test Void Ray")
    assert (d["bonus"], d["final"]) == (0, 2)


# -- gap.27: discarding a KO'd Alien's set Tactics -----------------------------------------------------


def ko_cindermaw(command: list[str], aliens=P0):
    st = scenario(aliens=(aliens, P1), hands=([], ["Thunderclap"]), command=(command, []), set_on=1,
                  charge=(0, E), hp={aliens[0]: 1}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, aliens[0].split(",")[0])
    pick(st, "Let it resolve")  # P0's window: it has face-down cards
    return st


def test_gap27_the_owner_chooses_right_after_the_ko_and_its_recycling():
    # rule aliens.gap.27
    st = ko_cindermaw(["Ignite"])
    assert st.decision.kind == "ko_discard" and st.decision.seat == 0
    types = [e["type"] for e in st.log]
    assert "ko" in types and "recycle" in types and "turn_end" not in types[types.index("ko"):]


def test_gap27_all_or_none_and_only_the_ko_species_set_tactics():
    # rule aliens.gap.27
    st = ko_cindermaw(["Ignite", "Ember Lash", "Rivet Gun", FILL])
    assert [o.id for o in st.decision.options] == ["discard", "keep"]
    assert sorted(st.decision.options[0].data["cards"]) == sorted([card("Ember Lash").id, card("Ignite").id])
    pick(st, "Discard them")
    assert names(st, st.command[0]) == [FILL, "Rivet Gun"]


def test_gap27_discarded_dead_tactics_stay_in_the_discard():
    # rule aliens.gap.27
    st = ko_cindermaw(["Ignite"])
    pick(st, "Discard them")
    ignite = ids_named(st, "Ignite", st.discard[0])
    assert ignite
    until_turn(st, 5)
    assert ignite[0] in st.discard[0]


def test_gap27_not_asked_while_another_alien_of_the_species_lives():
    # rule aliens.gap.27
    st = ko_cindermaw(["Ignite"], aliens=TWO_PYRRHID)
    assert st.hp[0] == 0
    assert st.decision.kind == "action" and st.turn == 5
    assert names(st, st.command[0]) == ["Ignite"]


def test_gap27_asked_with_keep_only_when_no_set_card_is_a_tactic_of_the_species():
    # rule aliens.gap.27
    # rule aliens.10.5: whether a set card is the KO'd species' Tactic is hidden, so the choice is asked
    st = ko_cindermaw(["Rivet Gun"])
    assert (st.decision.kind, st.decision.ids) == ("ko_discard", ["keep"])
    pick(st, "Keep them")
    assert st.decision.kind == "action" and st.turn == 5


def test_gap27_not_asked_without_any_face_down_card():
    # rule aliens.gap.27
    st = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), charge=(0, E), hp={P0[0]: 1}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, P0[0].split(",")[0])
    assert st.decision.kind == "action" and st.turn == 5


def test_gap27_two_aliens_of_one_species_kod_together_ask_once():
    # rule aliens.gap.27
    # Cataclysm Comet KOs both Pyrrhid Aliens at once: one species' set Tactics, one choice (it was
    # asked once per KO'd Alien, so a "keep" could be asked again)
    st = scenario(aliens=(TWO_PYRRHID, P1), hands=([], ["Cataclysm Comet"]), command=(["Ignite"], []), set_on=1,
                  charge=(0, E), hp={TWO_PYRRHID[0]: 1, TWO_PYRRHID[1]: 2}, turn=4, active=1)
    pick(st, "Play Cataclysm Comet")
    pick(st, "Let it resolve")
    assert st.hp[0] == st.hp[1] == 0
    assert st.decision.kind == "ko_discard" and st.decision.seat == 0
    pick(st, "Keep them")
    assert st.decision.kind == "action" and st.turn == 5
    assert names(st, st.command[0]) == ["Ignite"]


# -- gap.28: Recycling timing ---------------------------------------------------------------------


def test_gap28_recycling_runs_inside_the_effect_that_ko():
    # rule aliens.gap.28
    # War Howl: 1 damage to every enemy Alien, then an assault. Tempestra (first) is KO'd: its KO and
    # Recycling come once the damage has landed on all three (one damage, KOs together), and before
    # the rest of the card (the follow-up) resolves.
    st = scenario(aliens=(P0, P1), hands=(["War Howl"], []), charge=(E, 0), discard=([], ["Pebble Barrage"]),
                  hp={"Tempestra": 1})
    pick(st, "Play War Howl")
    types = [e["type"] for e in st.log]
    i_ko, i_rec, i_grant = types.index("ko"), types.index("recycle"), types.index("followup_granted")
    damage = [i for i, t in enumerate(types) if t == "damage"]
    assert len(damage) == 3 and max(damage) < i_ko < i_rec < i_grant


def test_gap28_recycling_comes_before_the_victory_check():
    # rule aliens.gap.28
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), discard=([], [FILL]),
                  hp={"Tempestra": 1, "Gravok Stonehide": 0, "Synapse Drone": 0})
    pick(st, "Play Ember Lash")
    types = [e["type"] for e in st.log]
    assert types.index("recycle") < types.index("result")
    assert st.result.winner == 0


def test_gap28_recycling_leaves_reactor_and_command_zone_alone():
    # rule aliens.gap.28
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), reactor=([], ["Thunderclap"]),
                  command=([], ["Overcharge"]), set_on=1, hp={"Tempestra": 1})
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert names(st, st.reactor[1]) == ["Thunderclap"] and names(st, st.command[1]) == ["Overcharge"]


# -- gap.29: status timing ---------------------------------------------------------------------------


def test_gap29_statuses_resolve_only_in_their_owners_energy_phase():
    # rule aliens.gap.29
    st = scenario(aliens=(P0, P1), hands=([FILL], [FILL]), hp={"Gravok Stonehide": 10},
                  status={"Gravok Stonehide": "corroding", "Synapse Drone": "jammed"})
    pick(st, "Pass")  # P0's turn 3 ends
    assert st.hp[slot(st, "Gravok Stonehide")] == 10
    assert events(st, "coin") == []
    st.apply("pass")  # P1's turn 4 ends
    assert st.hp[slot(st, "Gravok Stonehide")] == 9
    assert [e["purpose"] for e in events(st, "coin")] == ["jammed"]


def test_gap29_a_jam_lands_on_the_victims_next_turn():
    # rule aliens.gap.29
    st = scenario(aliens=(["Zarkon Arcwing", "Rustbloom Engine", "Boreas Galewing"], P1), hands=([FILL], []),
                  charge=(E, E))
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Gravok Stonehide")
    # no coin at the end of P0's turn: P1's turn 4 starts with Gravok Jammed
    assert events(st, "coin") == []
    assert st.turn == 4 and st.status[slot(st, "Gravok Stonehide")] == "jammed"
    assert st.energy(1) >= card("Gravok Stonehide").ability.cost
    assert not has(st, "Seismic Slam")  # affordable, but Gravok is Jammed
    assert has(st, "Synapse Drone: Feedback Spike")


def test_gap29_a_status_gained_during_the_energy_phase_resolves_in_it():
    # rule aliens.gap.29
    # A Continuous that makes each ally Corroding at the start of the Energy Phase: it bites at its end.
    st = scenario(aliens=(P0, P1), hands=([FILL], []), command=(["Battle Doctrine"], []), set_on=1)
    field = st.command[0][0]
    del st.set_turn[field]
    swap_card(st, field, CORRODING_FIELD)
    pick(st, "Pass")
    assert st.status[0:3] == ["corroding"] * 3
    assert st.hp[0:3] == [hp_of(n) - 1 for n in P0]


@pytest.mark.parametrize("coins,after", [((T, T, H, H), ("jammed", None)), ((H, H, T, T), (None, "jammed"))])
def test_gap29_statuses_resolve_in_squad_order(coins, after):
    # rule aliens.gap.29
    st = scenario(aliens=(P0, P1), hands=([], [FILL]), status={"Tempestra": "jammed", "Synapse Drone": "jammed"},
                  turn=4, active=1)
    st.rng.s = coins_state(*coins)
    pick(st, "Pass")
    assert [e["alien"] for e in events(st, "coin")] == [st.aliens[3], st.aliens[5]]
    assert (st.status[3], st.status[5]) == after


def test_gap29_a_ko_alien_loses_its_status():
    # rule aliens.gap.29
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Tempestra": 1},
                  status={"Tempestra": "corroding"})
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    t = slot(st, "Tempestra")
    assert st.status[t] is None
    assert st.view(1)["players"][1]["aliens"][0]["status"] is None


# -- gap.30: Corroding lasts -------------------------------------------------------------------------


def test_gap30_corroding_has_no_recovery_of_its_own():
    # rule aliens.gap.30
    st = scenario(aliens=(P0, P1), hands=([], [FILL]), status={"Gravok Stonehide": "corroding"}, turn=4, active=1)
    until_turn(st, 12)  # P1's turns 4, 6, 8, 10 ended
    assert st.status[slot(st, "Gravok Stonehide")] == "corroding"
    assert st.hp[slot(st, "Gravok Stonehide")] == hp_of("Gravok Stonehide") - 4
    assert not [e for e in events(st, "coin") if e["purpose"] != "priority"]


def test_gap30_a_cleanse_removes_corroding():
    # rule aliens.gap.30
    st = scenario(aliens=(P0, P1), hands=(["Thaw"], []), charge=(E, 0), hp={"Boreas Galewing": 8},
                  status={"Boreas Galewing": "corroding"})
    pick(st, "Play Thaw")
    pick(st, "Boreas Galewing")
    b = slot(st, "Boreas Galewing")
    # healed, and no Corroding bite at the end of the turn
    assert st.status[b] is None and st.hp[b] == 8 + amount_of(card("Thaw"), "heal")


# -- gap.31: Jammed scope --------------------------------------------------------------------------


@pytest.mark.parametrize("alien,ability", [("Zarkon Arcwing", "Overload"), ("Oracle Venn", "Foresight"),
                                           ("Rimeforged Golem", "Glacial Bastion")])
def test_gap31_a_jammed_alien_cannot_use_its_ability(alien, ability):
    # rule aliens.gap.31
    squad = ["Zarkon Arcwing", "Oracle Venn", "Rimeforged Golem"]
    free = scenario(aliens=(squad, P1), hands=([FILL], []), charge=(E, 0))
    assert has(free, ability)
    st = scenario(aliens=(squad, P1), hands=([FILL], []), charge=(E, 0), status={alien: "jammed"})
    assert not has(st, ability)


def test_gap31_a_jammed_aliens_passive_still_works():
    # rule aliens.gap.31
    st = scenario(aliens=(P0, ["Ferrax Prime", "Gravok Stonehide", "Synapse Drone"]), hands=(["Ember Lash"], []),
                  charge=(E, 0), status={"Ferrax Prime": "jammed"})
    pick(st, "Play Ember Lash")
    pick(st, "Synapse Drone")
    assert damage_events(st, "Ember Lash")[0]["armor"] == 1


def test_gap31_spawns_are_unaffected_by_a_jam():
    # rule aliens.gap.31
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike", "Ember Lash"], []), charge=(E, 0),
                  status={"Cindermaw": "jammed"})
    assert has(st, "Play Orbital Strike") and not has(st, "Play Ember Lash")


# -- gap.32 / gap.33: ability kinds ----------------------------------------------------------------


def test_gap32_a_passive_each_turn_effect_works_without_a_choice():
    # rule aliens.gap.32
    # A test Alien whose passive costs it 1 HP at the start of its owner's Energy Phase: it happens
    # without being offered as a choice.
    withering = msgspec.convert({
        "kind": "alien", "id": "test-withering", "name": "Withering Test", "species": "Pyrrhid",
        "affinity": "Plasma", "hp": 12,
        "ability": {"kind": "passive", "name": "Unstable Core", "text": "It takes 1 damage each Energy Phase.",
                    "each_turn": [{"verb": "damage", "amount": 1, "to": "performer"}]},
    }, Card)
    st = scenario(aliens=(P0, P1), hands=([FILL], []))
    s0 = slot(st, "Cindermaw")
    defs = list(st.defs)
    defs[st.aliens[s0]] = withering
    st.defs = defs
    st.hp[s0] = 12
    assert not has(st, "Unstable Core")
    pick(st, "Pass")
    assert st.hp[s0] == 11


def test_gap32_a_repeatable_ability_comes_before_the_primary_action_once_per_turn():
    # rule aliens.gap.32
    st = scenario(aliens=(["Oracle Venn", "Rustbloom Engine", "Boreas Galewing"], P1), hands=([FILL], []),
                  charge=(E, 0))
    pick(st, "Foresight")
    assert st.decision.kind == "action" and not has(st, "Foresight")
    pick(st, "Pass")
    assert st.turn == 4


def test_gap33_a_once_per_battle_ability_is_the_primary_action():
    # rule aliens.gap.33
    st = scenario(aliens=(["Rimeforged Golem", "Rustbloom Engine", "Boreas Galewing"], P1), hands=([FILL], []),
                  charge=(E, 0))
    pick(st, "Glacial Bastion")
    assert st.turn == 4 and st.decision.seat == 1


def test_gap33_a_ko_aliens_passive_stops():
    # rule aliens.gap.33
    # Heliox Dynamo's Passive makes its squad's Tactics cost 1 less; once it is KO'd, they cost full
    from cardarena.games.aliens.effects import tactic_cost

    lash = card("Ember Lash")
    live = scenario(aliens=(["Heliox Dynamo", "Cindermaw", "Boreas Galewing"], P1))
    assert tactic_cost(live, lash, slot(live, "Cindermaw")) == max(lash.cost - 1, 0)
    st = scenario(aliens=(["Heliox Dynamo", "Cindermaw", "Boreas Galewing"], P1), hp={"Heliox Dynamo": 0})
    assert tactic_cost(st, lash, slot(st, "Cindermaw")) == lash.cost


# -- gap.34: victory timing ------------------------------------------------------------------------


@pytest.mark.parametrize("priority", [0, 1])
def test_gap34_victory_is_judged_once_the_whole_effect_has_resolved(priority):
    # rule aliens.gap.34
    # Supernova: 3 to every enemy (P1's last Alien falls), THEN 2 to Solrath (P0's last Alien falls).
    st = scenario(aliens=(["Solrath the Kindled", "Rustbloom Engine", "Boreas Galewing"], P1), hands=([FILL], []),
                  charge=(E, 0), priority=priority,
                  hp={"Solrath the Kindled": 1, "Rustbloom Engine": 0, "Boreas Galewing": 0,
                      "Tempestra": 1, "Gravok Stonehide": 0, "Synapse Drone": 0})
    pick(st, "Supernova")
    assert st.hp[0] == 0 and st.hp[3] == 0
    assert (st.result.winner, st.result.reason) == (priority, "simultaneous_ko")


def test_gap34_a_ko_during_the_energy_phase_is_judged_there():
    # rule aliens.gap.34
    st = scenario(aliens=(P0, P1), hands=([FILL], []), hp={"Cindermaw": 1, "Rustbloom Engine": 0,
                                                           "Boreas Galewing": 0},
                  status={"Cindermaw": "corroding"})
    pick(st, "Pass")
    assert (st.result.winner, st.result.reason, st.result.turns) == (1, "all_aliens_ko", 3)


# -- gap.35: rounds and the cap ----------------------------------------------------------------------


def test_gap35_a_round_is_one_turn_of_each_player():
    # rule aliens.gap.35
    st = scenario(aliens=(P0, P1), hands=([FILL], [FILL]), turn=1)
    assert st.round == 1
    st.apply("pass")
    assert st.turn == 2 and st.round == 1
    st.apply("pass")
    assert st.turn == 3 and st.round == 2


def test_gap35_the_cap_is_checked_when_a_turn_ends():
    # rule aliens.gap.35
    st = scenario(aliens=(P0, P1), hands=([FILL], [FILL]), turn=1, rules={"safety_cap_rounds": 1})
    st.apply("pass")
    assert st.result is None and st.turn == 2  # round 1 is not over after turn 1
    st.apply("pass")
    assert st.result is not None and (st.result.reason, st.result.turns) == ("safety_cap", 2)


def test_gap35_default_cap_ends_after_turn_sixty():
    # rule aliens.gap.35
    st = scenario(aliens=(P0, P1), hands=([FILL], [FILL]), turn=59)
    st.apply("pass")
    assert st.result is None
    st.apply("pass")
    assert (st.result.reason, st.result.turns) == ("safety_cap", 60)
    with pytest.raises(IllegalChoice):
        st.apply("pass")


# -- gap.36: more than 5 cards at the Draw Phase -----------------------------------------------------


def test_gap36_a_hand_over_five_counts_as_full_and_mills():
    # rule aliens.gap.36
    st = scenario(aliens=(P0, P1), hands=([FILL] * 7, []), start="turn_start")
    assert st.turn == 3
    assert len(st.hand[0]) == 7  # no draw, no discard
    assert len(st.reactor[0]) == 1 and len(st.deck[0]) == 19
    assert st.discard[0] == []
