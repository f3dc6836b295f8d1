"""Rule scenarios for rulebook §9.1: Assets — the Field, playing and entering, Guard, Strike, Cannot heal,
Charge, and what Assets are not (rules circuits.9.1.1–9.1.32)."""

from __future__ import annotations

import msgspec
import pytest
from circuits_c8_helpers import amount, asset_hits, end_turn, hero_hits, named
from circuits_scenario import POOL, card, events, has, labels, pass_all, pick, scenario

from cardarena.games.circuits.schema import Card

# Swarm Architect's Hive Link draws this many cards (the Hero pool's number, docs/rulings/circuits.md ruling 8)
HIVE_LINK = card("Swarm Architect").passive.triggers[0].effects[0].amount

OVERWATCH = amount("Overwatch", "damage")
MEND = amount("Mend Light", "heal")


def asset_data(**over):
    base = {"kind": "asset", "id": "test-asset", "name": "Test Asset", "cost": 2, "hp": 3, "circuits": ["Nano"],
            "text": "Asset."}
    return {**base, **over}


def respond_offers(st):
    return [lab.removeprefix("Answer with ").split(" (")[0] for lab in labels(st) if lab.startswith("Answer with")]


# -- what an Asset is; the Field --------------------------------------------------------------------------


def test_every_asset_has_a_cost_hp_one_or_two_circuits_and_text():
    # rule circuits.9.1.1
    assert POOL.assets
    for a in POOL.assets:
        assert a.cost >= 0 and a.hp >= 1 and 1 <= len(a.circuits) <= 2 and a.text, a.name
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Tesla Coil"], []))
    view = st.view(1)["players"][0]["field"][0]
    assert (view["cost"], view["hp"], view["circuits"]) == (card("Tesla Coil").cost, card("Tesla Coil").hp, ["Static"])


@pytest.mark.parametrize(("over", "message"), [({"hp": 0}, "hp"), ({"circuits": ["Nano", "Heat", "Static"]}, "two Circuits")])
def test_an_asset_without_hp_or_with_three_circuits_is_rejected(over, message):
    # rule circuits.9.1.1
    with pytest.raises(msgspec.ValidationError, match=message):
        msgspec.convert(asset_data(**over), Card)


def test_the_field_holds_two_assets():
    # rule circuits.9.1.2
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Echo Turret"], []),
                  hands=(["Capacitor Bank", "Solar Array"], []))
    pick(st, "Play Capacitor Bank")  # room for a second: it is played without discarding anything
    pass_all(st)
    assert len(st.field[0]) == 2
    pick(st, "Play Solar Array")
    assert st.decision.kind == "make_room"
    pick(st, "Discard Echo Turret")
    pass_all(st)
    assert sorted(st.name(a) for a in st.field[0]) == ["Capacitor Bank", "Solar Array"]


def test_a_full_field_must_discard_one_of_your_assets_first():
    # rule circuits.9.1.3
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Echo Turret", "Capacitor Bank"], ["Pile Driver"]),
                  hands=(["Solar Array"], ["Overwatch"]))
    pick(st, "Play Solar Array")
    assert st.decision.seat == 0
    assert sorted(labels(st)) == ["Discard Capacitor Bank to make room", "Discard Echo Turret to make room"]
    pick(st, "Discard Echo Turret")
    assert st.decision.seat == 1 and st.decision.kind == "respond"  # the Solar Array's window
    assert named(st, "Echo Turret", st.discard[0]) >= 0
    discard = next(k for k, e in enumerate(st.log) if e["type"] == "discard")
    play = next(k for k, e in enumerate(st.log) if e["type"] == "play")
    assert discard < play  # first the discard, then the play


def test_assets_stay_on_the_field_from_turn_to_turn():
    # rule circuits.9.1.4
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Capacitor Bank", "Lightwell Sentinel"], ["Bulwark Drone"]))
    before = [st.field[0][:], st.field[1][:]]
    end_turn(st)
    end_turn(st)
    assert st.field == before


# -- playing and entering ----------------------------------------------------------------------------------


def test_an_asset_is_played_once_paid_and_committed_before_its_window():
    # rule circuits.9.1.5
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Bulwark Drone"], ["Overwatch"]), rally=(5, 5))
    drone = st.hand[0][0]
    pick(st, "Play Bulwark Drone")
    assert st.decision.seat == 1 and st.decision.kind == "respond"  # its window, step 2
    assert drone not in st.hand[0] and drone in st.pending and drone not in st.field[0]
    assert st.rally[0] == 5 - card("Bulwark Drone").cost
    assert [e["type"] for e in st.log] == ["play", "paid"]


def test_when_you_play_an_asset_triggers_happen_before_the_window():
    # rule circuits.9.1.6
    # Swarm Architect's Hive Link: when you play an Asset, draw cards. The draw is done by the time P2 is
    # asked to answer the play.
    st = scenario(heroes=("Swarm Architect", "Sparkwright"), hands=(["Bulwark Drone"], ["Overwatch"]))
    pick(st, "Play Bulwark Drone")
    assert st.decision.seat == 1 and st.decision.kind == "respond"
    assert [(e["when"], e["card"]) for e in events(st, "trigger")] == [("you_play_asset", "Swarm Architect")]
    assert len(st.hand[0]) == HIVE_LINK and {e["player"] for e in events(st, "draw")} == {0}
    assert events(st, "enter") == []


def test_when_you_play_triggers_stand_even_if_the_asset_dies_in_its_window():
    # rule circuits.9.1.7
    # Overwatch deals lethal damage to the Echo Turret while it is still in its window: it never enters.
    assert card("Echo Turret").hp <= OVERWATCH
    st = scenario(heroes=("Swarm Architect", "Sparkwright"), hands=(["Echo Turret"], ["Overwatch"]))
    turret = st.hand[0][0]
    pick(st, "Play Echo Turret")
    pick(st, "Answer with Overwatch")
    assert st.field[0] == [] and turret in st.discard[0] and turret not in st.pending
    assert [e["card"] for e in events(st, "destroyed")] == ["Echo Turret"]
    assert events(st, "enter") == []
    assert [e["when"] for e in events(st, "trigger")] == ["you_play_asset"]
    assert len(st.hand[0]) == HIVE_LINK  # Hive Link's cards stay drawn


def test_entering_is_a_separate_event_after_the_play():
    # rule circuits.9.1.8
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Bulwark Drone"], ["Overwatch"]))
    drone = st.hand[0][0]
    pick(st, "Play Bulwark Drone")
    assert drone not in st.field[0]  # played, not yet on the Field
    pick(st, "Pass")
    assert st.field[0] == [drone]
    kinds = [e["type"] for e in st.log]
    assert kinds.index("play") < kinds.index("pass_window") < kinds.index("enter")


def test_entering_the_field_opens_no_window_of_its_own():
    # rule circuits.9.1.10
    # P2 could answer an Asset (Overwatch) or anything (Quick Shot); after passing the play's window it is not
    # asked again when the Asset enters.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Bulwark Drone"], ["Overwatch", "Quick Shot"]))
    pick(st, "Play Bulwark Drone")
    assert st.decision.kind == "respond"
    pick(st, "Pass")
    assert st.decision.seat == 0 and st.decision.kind == "action"
    assert len(st.field[0]) == 1 and st.frames == []
    assert [e["type"] for e in st.log].count("pass_window") == 1


#: test-only cards for rule 9.1.9 (no Base 001 card puts an Asset onto the Field): an Asset with "when you
#: play" text and an "enters" trigger, and an Instant that puts an Asset from the discard pile onto the Field
BEACON = msgspec.convert({"kind": "asset", "id": "test-beacon", "name": "Signal Beacon", "cost": 1, "hp": 3,
                          "circuits": ["Heat"], "text": "When you play it, draw a card. When it enters, your Hero "
                                                        "gains Shield 1.",
                          "on_play": [{"verb": "draw", "amount": 1, "to": "you"}],
                          "triggers": [{"when": "asset_enters",
                                        "effects": [{"verb": "shield", "amount": 1, "to": "your_hero"}]}]}, Card)
SALVAGE = msgspec.convert({"kind": "tactic", "id": "test-salvage", "name": "Salvage Protocol", "type": "instant",
                           "cost": 1, "text": "Instant. Put an Asset card from your discard pile onto your Field.",
                           "effects": [{"verb": "return_asset", "to": "your_discarded_asset"}]}, Card)


def salvage_board(*, field=(), hand=("Echo Turret",)):
    """P1 plays Forgeblade (Stormforged), whose Arc Furnace burns the enemy when P1 *plays* an Asset; a
    Signal Beacon lies in P1's discard pile, Salvage Protocol in P1's hand."""
    st = scenario(heroes=("Forgeblade (Stormforged)", "Sparkwright"), hands=(["Quick Shot", *hand], []),
                  discard=(["Pile Driver"], []), field=(list(field), []))
    st.defs[st.hand[0][0]] = SALVAGE
    st.defs[st.discard[0][0]] = BEACON
    st.reask()
    return st, st.discard[0][0]


def test_an_asset_put_onto_the_field_enters_but_is_not_played():
    # rule circuits.9.1.9
    # rule circuits.9.1.8
    # rule circuits.9.1.10
    st, beacon = salvage_board()
    st.damage[beacon] = 2  # whatever it had: it starts with no damage (rule 8.3.9)
    hand = len(st.hand[0])
    pick(st, "Play Salvage Protocol")
    pass_all(st)
    assert st.field[0] == [beacon] and beacon not in st.discard[0] and st.damage.get(beacon, 0) == 0
    (enter,) = events(st, "enter")
    assert enter["card"] == "Signal Beacon" and enter["put"] is True and enter["source"] == "Salvage Protocol"
    # entering: its "enters" trigger fires; not played: no "when you play" text, neither its own draw nor
    # Arc Furnace's Burn, and no window of its own (only Salvage Protocol was played)
    assert [(e["card"], e["when"]) for e in events(st, "trigger")] == [("Signal Beacon", "asset_enters")]
    assert st.shield[0] == 1
    assert len(st.hand[0]) == hand - 1 and events(st, "draw") == []
    assert st.burn_enemy[1] == 0
    assert [e["card"] for e in events(st, "play")] == ["Salvage Protocol"]
    assert st.decision.seat == 0 and st.decision.kind == "action" and st.frames == []


def test_the_same_asset_played_from_the_hand_does_trigger_when_you_play_text():
    # rule circuits.9.1.9
    # rule circuits.9.1.6
    # The contrast: played, the Beacon draws (its own text) and Arc Furnace burns the enemy Hero.
    st, _ = salvage_board()
    echo = st.hand[0][1]
    st.defs[echo] = BEACON
    st.reask()
    pick(st, "Play Signal Beacon")
    pass_all(st)
    assert st.field[0] == [echo]
    assert {e["when"] for e in events(st, "trigger")} == {"you_play_asset", "asset_enters"}
    assert st.burn_enemy[1] == 1 and len(events(st, "draw")) == 1


def test_an_asset_put_onto_a_full_field_stays_in_the_discard_pile():
    # rule circuits.9.1.9
    # rule circuits.9.1.2
    # Only a play discards to make room (rule 9.1.3); a put into a full Field does nothing (ruling 54).
    st, beacon = salvage_board(field=("Bulwark Drone", "Echo Turret"))
    on_field = list(st.field[0])
    pick(st, "Play Salvage Protocol")
    pass_all(st)
    assert st.field[0] == on_field and beacon in st.discard[0]
    (fail,) = events(st, "return_fails")
    assert fail["card"] == "Signal Beacon" and events(st, "enter") == [] and events(st, "trigger") == []


def test_a_card_that_puts_an_asset_onto_the_field_needs_one_in_the_discard_pile():
    # rule circuits.9.1.9
    # rule circuits.18.10
    # Its only effect needs the chosen Asset card: with none in the pile it is not offered; with two it
    # asks which (the pile is public), identical copies being one option.
    st, beacon = salvage_board()
    st.discard[0].remove(beacon)
    st.reask()
    assert not has(st, "Play Salvage Protocol")
    st, beacon = salvage_board(hand=("Echo Turret", "Bulwark Drone", "Bulwark Drone"))
    st.discard[0] += st.hand[0][2:]  # two Bulwark Drones join the Beacon in the pile
    del st.hand[0][2:]
    st.reask()
    pick(st, "Play Salvage Protocol")
    assert st.decision.kind == "target"
    assert sorted(o.label.split(" (")[0] for o in st.decision.options) == ["Bulwark Drone", "Signal Beacon"]


# -- Guard and Strike ------------------------------------------------------------------------------------


def test_guard_does_not_restrict_tactic_ultimate_or_strike_damage():
    # rule circuits.9.1.11
    st = scenario(heroes=("Forgeblade", "Sparkwright"), field=(["Ember Turret"], ["Bulwark Drone", "Pile Driver"]),
                  hands=(["Cinder Volley"], []))
    pick(st, "Play Cinder Volley")
    assert sorted(labels(st)) == sorted([f"Sparkwright (Hero, {st.hp[1]} HP)",
                                         f"Bulwark Drone (Asset, {card('Bulwark Drone').hp} HP left)",
                                         f"Pile Driver (Asset, {card('Pile Driver').hp} HP left)"])
    pick(st, "Sparkwright")
    pick(st, "Ultimate: Masterwork")
    pick(st, "End the Action Step")  # Ember Turret Strikes
    assert [e["source"] for e in hero_hits(st, 1)] == ["Cinder Volley", "Masterwork", "Ember Turret"]
    assert asset_hits(st, "Bulwark Drone") == []


def test_strike_deals_its_damage_to_the_enemy_hero_at_your_end_step():
    # rule circuits.9.1.12
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Stormforge Relay", "Ember Turret"], ["Pile Driver"]))
    pick(st, "Basic Attack")
    pick(st, "Sparkwright")
    pass_all(st)
    assert len(hero_hits(st, 1)) == 1  # nothing from Strike during the Action Step
    end_turn(st)  # P1's End Step, then P2's turn up to its Action Step
    strikes = [(e["source"], e["final"]) for e in hero_hits(st, 1)[1:]]
    assert strikes == [("Stormforge Relay", card("Stormforge Relay").strike), ("Ember Turret", card("Ember Turret").strike)]
    assert hero_hits(st, 0) == []  # P2's Pile Driver does not Strike at P1's End Step


def test_strike_is_not_an_attack():
    # rule circuits.9.1.13
    # On P1's 9th turn (Overtime), with Impact Maul and a queued Redline Drill rider, the Strike deals its
    # printed N: no Weapon, no Overtime, and the rider stays queued for the Basic Attack.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], []), field=(["Ember Turret"], []),
                  hands=(["Heavy Swing"], []), turn=17)
    assert st.own_turns[0] >= st.params["overtime_start"]
    pick(st, "Play Heavy Swing")
    pass_all(st)
    end_turn(st)
    (strike,) = hero_hits(st, 1)
    assert strike["source"] == "Ember Turret" and strike["attack"] is False
    assert strike["base"] == card("Ember Turret").strike
    assert [q[:3] for q in st.queued] == [(0, "next_attack", amount("Heavy Swing", "next_attack"))]


def test_strike_opens_only_the_restricted_window():
    # rule circuits.9.1.14
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Ember Turret"], []),
                  hands=([], ["Quick Shot", "Sidestep", "Brace", "Grounding Field"]))
    pick(st, "End the Action Step")
    assert st.decision.seat == 1 and "Strikes" in st.decision.prompt
    assert respond_offers(st) == ["Grounding Field"]
    pick(st, "Answer with Grounding Field")
    assert (st.decision.seat, st.decision.kind) == (1, "action")  # the window is over: P2's turn goes on
    assert [e["step"] for e in events(st, "answer")] == [2]
    assert hero_hits(st, 1)[0]["prevented_by_reactions"] == card("Ember Turret").strike


def test_gear_and_shield_reduce_strike_damage():
    # rule circuits.9.1.15
    strike = card("Stormforge Relay").strike
    vest = card("Padded Vest").reduce
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([], ["Padded Vest"]), field=(["Stormforge Relay"], []))
    st.shield[1] = strike
    pick(st, "End the Action Step")
    (hit,) = hero_hits(st, 1)
    assert (hit["base"], hit["reduced_by_gear"], hit["shielded"], hit["final"]) == (strike, vest, strike - vest, 0)
    assert st.shield[1] == vest


# -- Cannot heal (Cold Iron) ------------------------------------------------------------------------------


def cold_iron_board():
    """P1 plays Cold Iron on Lumen Warden (with Vital Circuit, a damaged Repair Drone, Mend Light and Patch
    Swarm); then it is P2's turn."""
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), gear=([], ["Vital Circuit"]), field=([], ["Repair Drone"]),
                  hands=(["Cold Iron"], ["Mend Light", "Patch Swarm", "Mend Light"]), hp=(None, 20))
    drone = st.field[1][0]
    st.damage[drone] = 2
    pick(st, "Play Cold Iron")
    pass_all(st)
    assert st.view(0)["players"][1]["hero"]["cannot_heal"] is True
    end_turn(st)  # P2's turn 6
    return st, drone


def test_a_hero_that_cannot_heal_heals_zero():
    # rule circuits.9.1.16
    st, _ = cold_iron_board()
    hp = st.hp[1]
    dawn = [e for e in events(st, "heal") if e["source"] == "Lumen Warden"]
    assert [(e["amount"], e.get("blocked")) for e in dawn] == [(0, "cannot heal")]  # Dawnlight, start of turn
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[1] == hp
    assert events(st, "heal")[-1]["amount"] == 0


def test_when_you_heal_effects_do_not_trigger_while_the_hero_cannot_heal():
    # rule circuits.9.1.17
    st, _ = cold_iron_board()
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.shield[1] == 0
    assert [e for e in events(st, "trigger") if e["when"] == "you_heal"] == []


def test_cannot_heal_does_not_stop_repair_on_assets():
    # rule circuits.9.1.18
    st, drone = cold_iron_board()
    pick(st, "Play Patch Swarm")
    pass_all(st)
    assert st.damage[drone] == 0
    assert [e["card"] for e in events(st, "repair")] == ["Repair Drone"]


def test_cold_iron_lasts_until_the_start_of_the_casters_next_turn():
    # rule circuits.9.1.19
    # Blocked all through P2's turn; at P1's next turn P2 heals again (Mend Light answering P1's attack).
    st, _ = cold_iron_board()
    pick(st, "Play Mend Light")
    pass_all(st)
    assert events(st, "heal")[-1]["amount"] == 0
    end_turn(st)  # P1's turn 7
    assert st.view(0)["players"][1]["hero"]["cannot_heal"] is False
    hp = st.hp[1]
    pick(st, "Basic Attack")
    pick(st, "Lumen Warden")
    pick(st, "Answer with Mend Light")
    heal = events(st, "heal")[-1]
    assert heal["player"] == 1 and heal["amount"] == MEND and "blocked" not in heal
    assert st.hp[1] == hp + MEND - hero_hits(st, 1)[-1]["final"]
    assert [e["when"] for e in events(st, "trigger") if e["player"] == 1][-1] == "you_heal"  # Vital Circuit again


# -- Charge ---------------------------------------------------------------------------------------------


def test_charge_pays_its_rally_in_your_action_step():
    # rule circuits.9.1.20
    cost = card("Repair Drone").charge.cost
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Repair Drone", "Echo Turret"], []), rally=(4, 4))
    turret = st.field[0][1]
    st.damage[turret] = 1
    pick(st, f"Charge Repair Drone ({cost} Rally)")
    pick(st, "Echo Turret")
    assert st.rally[0] == 4 - cost
    assert st.damage[turret] == 0


def test_charge_is_not_offered_outside_your_action_step_or_without_the_rally():
    # rule circuits.9.1.20
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Repair Drone"]), hands=([], ["Sidestep"]))
    pick(st, "Basic Attack")
    pick(st, "Sparkwright")
    assert st.decision.seat == 1 and st.decision.kind == "respond"  # P2 acts during P1's turn...
    assert not has(st, "Charge")  # ...but cannot Charge there
    pick(st, "Pass")
    end_turn(st)  # P2's own Action Step
    assert has(st, "Charge Repair Drone")
    st.rally[1] = card("Repair Drone").charge.cost - 1
    st.reask()
    assert not has(st, "Charge Repair Drone")


def test_each_card_charges_at_most_once_per_turn():
    # rule circuits.9.1.21
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Repair Drone", "Tesla Coil"], []), gear=(["Field Kit"], []))
    drone, coil = st.field[0]
    st.damage[coil] = 1
    pick(st, "Charge Repair Drone")
    pick(st, "Tesla Coil")
    assert st.damage[coil] == 0
    assert not has(st, "Charge Repair Drone")
    assert has(st, "Charge Tesla Coil") and has(st, "Charge Field Kit")  # other cards still can
    pick(st, "Charge Field Kit")
    assert not has(st, "Charge Field Kit")
    end_turn(st)
    end_turn(st)
    assert has(st, "Charge Repair Drone") and has(st, "Charge Field Kit")  # a new turn
    assert drone in st.field[0]


def test_charge_opens_no_window():
    # rule circuits.9.1.22
    # P2 holds an Instant and a Reaction to enemy Tactics; neither is offered after a Charge.
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Redline Drill"], []), field=(["Tesla Coil"], []),
                  hands=([], ["Quick Shot", "Interference"]))
    pick(st, "Charge Redline Drill")
    assert st.decision.seat == 0 and st.decision.kind == "action"
    pick(st, "Charge Tesla Coil")
    assert st.decision.seat == 0 and st.decision.kind == "action"  # the Hero was the only target
    assert events(st, "pass_window") == [] and st.frames == []
    assert [e["card"] for e in events(st, "charge")] == ["Redline Drill", "Tesla Coil"]
    assert st.hp[1] == st.max_hp(1) - amount("Tesla Coil", "damage")


def test_gear_can_have_charge():
    # rule circuits.9.1.23
    heal = amount("Field Kit", "heal")
    cost = card("Field Kit").charge.cost
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Field Kit"], []), rally=(5, 5), hp=(10, None))
    pick(st, "Charge Field Kit")
    assert st.hp[0] == 10 + heal and st.rally[0] == 5 - cost
    assert not has(st, "Charge Field Kit")


def test_a_jammed_gear_cannot_charge():
    # rule circuits.9.1.23
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Field Kit"], []))
    st.jammed[st.equipped(0)[0]] = st.turn + 2
    st.reask()
    assert not has(st, "Charge Field Kit")


# -- Guard and Strike on one card ------------------------------------------------------------------------


def test_no_base_asset_prints_both_guard_and_strike():
    # rule circuits.9.1.24
    assert [a.name for a in POOL.assets if a.guard and a.strike] == []
    assert any(a.guard for a in POOL.assets) and any(a.strike for a in POOL.assets)
    with pytest.raises(msgspec.ValidationError, match="Guard and Strike"):
        msgspec.convert(asset_data(guard=True, strike=1), Card)


def test_a_card_effect_may_give_guard_to_a_strike_asset():
    # rule circuits.9.1.25
    # Hold Everything gives Guard to an Ember Turret (Strike 1): it still Strikes, and the enemy must attack it.
    st = scenario(heroes=("Swarm Architect (Bastion)", "Sparkwright"), field=(["Ember Turret"], []))
    turret = st.field[0][0]
    pick(st, "Ultimate: Hold Everything")
    pass_all(st)
    assert st.has_guard(turret) and st.defs[turret].strike
    end_turn(st)  # P1's End Step: the guarded Turret Strikes
    assert [(e["source"], e["final"]) for e in hero_hits(st, 1)] == [("Ember Turret", card("Ember Turret").strike)]
    pick(st, "Basic Attack")  # P2's attack: the Guard Turret is the only target
    pass_all(st)
    assert asset_hits(st, "Ember Turret") and hero_hits(st, 0) == []


# -- what Assets are not --------------------------------------------------------------------------------------


def test_an_asset_cannot_be_marked():
    # rule circuits.9.1.26
    # Spotlight Marks the enemy Hero with no choice of target; an Asset hit afterwards gets no +1.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Pile Driver"]), hands=(["Spotlight"], []))
    pick(st, "Play Spotlight")
    assert st.decision.kind == "action"  # no target was asked
    assert st.marked[1] is True
    pick(st, "Basic Attack")
    pick(st, "Pile Driver")
    (hit,) = asset_hits(st, "Pile Driver")
    assert hit["final"] == 1
    assert st.marked[1] is True  # still on the Hero


def test_an_asset_cannot_be_burned():
    # rule circuits.9.1.27
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Pile Driver"]), hands=(["Flash Burn"], []))
    pick(st, "Play Flash Burn")
    assert st.decision.kind == "action"  # no target was asked
    assert st.burn_enemy[1] == amount("Flash Burn", "burn")
    end_turn(st)
    end_turn(st)  # P2's End Step ticked its Hero's Burn
    assert [e["source"] for e in hero_hits(st, 1)] == ["Burn"]
    assert asset_hits(st, "Pile Driver") == [] and st.damage == {}


def test_an_asset_cannot_be_shielded():
    # rule circuits.9.1.28
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Nanite Bastion"]), hands=([], ["Aegis Flare"]))
    pick(st, "Basic Attack")
    pick(st, "Answer with Aegis Flare")  # P2's Hero gains Shield: no Asset can be chosen
    assert st.shield[1] == amount("Aegis Flare", "shield")
    assert asset_hits(st, "Nanite Bastion")[0]["final"] == 1
    assert "shielded" not in asset_hits(st, "Nanite Bastion")[0]


def test_an_asset_cannot_be_healed():
    # rule circuits.9.1.29
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Bulwark Drone"], []), hands=(["Mend Light"], []),
                  hp=(20, None))
    drone = st.field[0][0]
    st.damage[drone] = 2
    pick(st, "Play Mend Light")
    pass_all(st)
    assert st.hp[0] == 20 + MEND
    assert st.damage[drone] == 2
    assert events(st, "repair") == []


def test_an_asset_cannot_be_jammed():
    # rule circuits.9.1.30
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([], ["Padded Vest", "Field Kit"]),
                  field=([], ["Pile Driver", "Repair Drone"]), hands=(["Short Out"], []))
    pick(st, "Play Short Out")
    assert sorted(labels(st)) == ["Field Kit", "Padded Vest"]
    pick(st, "Field Kit")
    pass_all(st)
    assert [st.name(g) for g in st.jammed] == ["Field Kit"]


def test_an_effect_on_the_enemy_hero_cannot_choose_an_asset():
    # rule circuits.9.1.31
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Pile Driver", "Repair Drone"]), hands=(["Cold Iron"], []))
    pick(st, "Play Cold Iron")
    assert st.decision.kind == "action"  # no target was asked
    assert [e["target"] for e in events(st, "damage")] == ["hero"]
    assert st.damage == {}


def test_effects_on_an_enemy_asset_or_any_enemy_target_can_choose_an_asset():
    # rule circuits.9.1.32
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Pile Driver", "Repair Drone"]),
                  hands=(["Melt Down", "Cinder Volley"], []))
    pick(st, "Play Melt Down")
    assert [lab.split(" (")[0] for lab in sorted(labels(st))] == ["Pile Driver", "Repair Drone"]
    pick(st, "Pile Driver")
    pass_all(st)
    pick(st, "Play Cinder Volley")
    assert [lab.split(" (")[0] for lab in sorted(labels(st))] == ["Pile Driver", "Repair Drone", "Sparkwright"]
    pick(st, "Repair Drone")
    pass_all(st)
    assert asset_hits(st, "Pile Driver")[0]["final"] == amount("Melt Down", "damage")
    assert asset_hits(st, "Repair Drone")[0]["final"] == amount("Cinder Volley", "damage")


def test_cold_iron_played_in_the_enemy_turn_ends_at_the_start_of_the_casters_next_turn():
    # rule circuits.9.1.19
    # P1 answers P0's Basic Attack with Cold Iron in P0's turn: P0 cannot heal for the rest of that
    # turn; it ends at the start of P1's next turn (the very next turn), not a turn later.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Mend Light"], ["Cold Iron"]),
                  hp=(20, None), rally=(5, 5))
    pick(st, "Basic Attack")
    pick(st, "Answer with Cold Iron")
    pass_all(st)
    assert st.view(0)["players"][0]["hero"]["cannot_heal"]
    pick(st, "End the Action Step")
    pass_all(st)  # P1's turn: Cold Iron has ended at its start
    assert st.active == 1 and not st.view(0)["players"][0]["hero"]["cannot_heal"]
