"""Rule scenarios for rulebook §8.2: damage to a Hero (rules circuits.8.2.1–8.2.21).

The `damage` event of a Hero lists each step of the order: base, marked, prevented_by_reactions,
reduced_by_gear, shielded, final. Card numbers are read from the card data, so the scenarios follow it.
"""

from __future__ import annotations

from circuits_c8_helpers import amount, end_turn, hero_hits, make_card, named, swap_in
from circuits_scenario import card, events, pass_all, pick, scenario

#: test-only Relic with a flat Gear reduction, so that two Gear reductions apply to one event
WARD_CHARM = make_card(kind="gear", id="test-ward-charm", name="Ward Charm", slot="relic", cost=1, reduce=1,
                       text="Relic. Reduce damage to your Hero by 1 per damage event.")

MAUL = 1 + card("Impact Maul").attack  # a Basic Attack with Impact Maul
BLADE = 1 + card("Training Blade").attack
VEST = card("Padded Vest").reduce
BULWARK = card("Radiant Bulwark").reduce
BRACE = amount("Brace", "prevent")
VOLLEY = amount("Cinder Volley", "damage")


def steps(e):
    return (e["base"], e["marked"], e["prevented_by_reactions"], e["reduced_by_gear"], e["shielded"], e["final"])


def triggered(st, player):
    return [e["when"] for e in events(st, "trigger") if e["player"] == player]


# -- the order of the steps ---------------------------------------------------------------------------


def test_marked_adds_one_before_any_reduction():
    # rule circuits.8.2.1
    # 1 damage on a Marked Hero that answers with Brace (prevent 2): 1 + 1 = 2, all prevented. Were
    # Marked added after the prevention, 1 would get through.
    assert BRACE >= 2
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=([], ["Brace"]))
    st.marked[1] = True
    pick(st, "Basic Attack")
    pick(st, "Answer with Brace")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (1, 1, 2, 0, 0, 0)
    assert st.hp[1] == st.max_hp(1)


def test_marked_adds_one_to_tactic_damage():
    # rule circuits.8.2.1
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Cinder Volley"], []))
    st.marked[1] = True
    pick(st, "Play Cinder Volley")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (VOLLEY, 1, 0, 0, 0, VOLLEY + 1)
    assert st.hp[1] == st.max_hp(1) - VOLLEY - 1


def test_full_order_marked_reactions_gear_then_shield():
    # rule circuits.8.2.1
    # rule circuits.8.2.2
    # rule circuits.8.2.3
    # rule circuits.8.2.5
    # rule circuits.8.2.11
    # Impact Maul's attack on a Marked Hero: +1; Brace prevents its part; Padded Vest reduces; the Shield
    # takes what is left, last.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest"]),
                  hands=([], ["Brace"]))
    st.marked[1] = True
    left = MAUL + 1 - BRACE - VEST
    assert left >= 1, "the scenario needs something left for the Shield"
    st.shield[1] = left + 1
    pick(st, "Basic Attack")
    pick(st, "Answer with Brace")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (MAUL, 1, BRACE, VEST, left, 0)
    assert st.shield[1] == 1
    assert st.hp[1] == st.max_hp(1)


def test_reaction_prevention_comes_before_gear_reduction():
    # rule circuits.8.2.2
    # rule circuits.8.2.3
    # Brace prevents all of a Training Blade attack first; Padded Vest then has nothing left to reduce.
    assert BRACE >= BLADE
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Training Blade"], ["Padded Vest"]),
                  hands=([], ["Brace"]))
    pick(st, "Basic Attack")
    pick(st, "Answer with Brace")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (BLADE, 0, BLADE, 0, 0, 0)


def test_reaction_prevention_then_gear_on_what_is_left():
    # rule circuits.8.2.3
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest"]),
                  hands=(["Heavy Swing"], ["Brace"]))
    pick(st, "Play Heavy Swing")
    pass_all(st)
    base = MAUL + amount("Heavy Swing", "next_attack")
    assert base > BRACE + VEST
    pick(st, "Basic Attack")
    pick(st, "Answer with Brace")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (base, 0, BRACE, VEST, 0, base - BRACE - VEST)
    assert st.hp[1] == st.max_hp(1) - (base - BRACE - VEST)


def test_two_gear_reductions_both_apply_and_no_order_is_asked():
    # rule circuits.8.2.4
    # Every Base 001 Gear reduction is flat, so each order the defender could choose gives the same
    # result; no order decision is asked (circuits ruling 47). Both reductions apply, once each.
    assert MAUL > VEST + 1
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest", "Field Kit"]))
    swap_in(st, named(st, "Field Kit", st.equipped(1)), WARD_CHARM)
    pick(st, "Basic Attack")
    assert st.decision.seat == 0 and st.decision.kind == "action"  # the defender was asked nothing
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (MAUL, 0, 0, VEST + 1, 0, MAUL - VEST - 1)
    assert st.hp[1] == st.max_hp(1) - (MAUL - VEST - 1)


def test_shield_applies_after_the_gear_reduction():
    # rule circuits.8.2.5
    # The Shield could absorb the whole attack, but Padded Vest goes first: the Shield keeps VEST.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest"]))
    st.shield[1] = MAUL
    pick(st, "Basic Attack")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (MAUL, 0, 0, VEST, MAUL - VEST, 0)
    assert st.shield[1] == VEST


# -- lethal saves ----------------------------------------------------------------------------------------


def test_lethal_save_is_checked_after_shield_against_what_is_left():
    # rule circuits.8.2.6
    # At MAUL HP the attack would be lethal, but Shield 1 takes 1 first: what is left is not lethal and
    # the once-per-match save is not used. A later lethal event uses it; the one after that wins.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Paradox Anchor"]),
                  hands=(["Cinder Volley", "Quick Shot"], []), hp=(None, MAUL))
    st.shield[1] = 1
    pick(st, "Basic Attack")
    assert steps(hero_hits(st, 1)[-1]) == (MAUL, 0, 0, 0, 1, MAUL - 1)
    assert st.hp[1] == 1
    assert events(st, "lethal_save") == []
    pick(st, "Play Cinder Volley")  # lethal at 1 HP: the save leaves the Hero at 1
    assert [e["card"] for e in events(st, "lethal_save")] == ["Paradox Anchor"]
    assert hero_hits(st, 1)[-1]["lethal_saved"] is True
    assert st.hp[1] == 1 and st.result is None
    pick(st, "Play Quick Shot")  # the save was once per match
    assert st.hp[1] == 0
    assert st.result is not None and st.result.winner == 0


def test_a_shield_that_leaves_lethal_damage_still_lets_the_save_fire():
    # rule circuits.8.2.6
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Paradox Anchor"]), hp=(None, 2))
    st.shield[1] = MAUL - 2  # what is left after the Shield is exactly 2: lethal
    pick(st, "Basic Attack")
    (hit,) = hero_hits(st, 1)
    assert hit["shielded"] == MAUL - 2 and hit["lethal_saved"] is True and hit["final"] == 1
    assert st.hp[1] == 1 and st.result is None


# -- one Shield step per event; Shield-depletion triggers ------------------------------------------------


def test_each_damage_event_has_its_own_single_shield_step():
    # rule circuits.8.2.7
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], []), hands=(["Cinder Volley"], []))
    st.shield[1] = VOLLEY + MAUL - 1
    pick(st, "Play Cinder Volley")
    pick(st, "Basic Attack")
    volley, attack = hero_hits(st, 1)
    assert steps(volley) == (VOLLEY, 0, 0, 0, VOLLEY, 0)
    assert steps(attack) == (MAUL, 0, 0, 0, MAUL - 1, 1)  # the Shield left is used once; 1 goes through
    assert st.shield[1] == 0
    assert st.hp[1] == st.max_hp(1) - 1


def test_radiant_bulwark_shield_does_not_absorb_the_rest_of_the_depleting_event():
    # rule circuits.8.2.7
    # rule circuits.8.2.8
    # rule circuits.8.2.10
    # Impact Maul minus Radiant Bulwark's reduction; Shield 1 absorbs 1 and is used up; Bulwark then gives
    # a new Shield, which does not take the rest of this event.
    gain = amount("Radiant Bulwark", "shield")
    rest = MAUL - BULWARK - 1
    assert rest >= 1 and gain >= rest
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Radiant Bulwark"]))
    st.shield[1] = 1
    pick(st, "Basic Attack")
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (MAUL, 0, 0, BULWARK, 1, rest)
    assert st.hp[1] == st.max_hp(1) - rest
    assert st.shield[1] == gain
    shield = [e for e in events(st, "shield") if e["player"] == 1]
    assert [(e["amount"], e["source"]) for e in shield] == [(gain, "Radiant Bulwark")]
    types = [e["type"] for e in st.log]
    assert types.index("shield") > types.index("damage")


def test_radiant_bulwark_shield_protects_against_the_next_event():
    # rule circuits.8.2.9
    # rule circuits.8.2.10
    gain = amount("Radiant Bulwark", "shield")
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Radiant Bulwark"]),
                  hands=(["Cinder Volley"], []))
    st.shield[1] = 1
    pick(st, "Basic Attack")
    hp = st.hp[1]
    pick(st, "Play Cinder Volley")
    second = hero_hits(st, 1)[1]
    absorbed = min(gain, VOLLEY - BULWARK)
    assert absorbed >= 1
    assert steps(second) == (VOLLEY, 0, 0, BULWARK, absorbed, VOLLEY - BULWARK - absorbed)
    assert st.shield[1] == gain - absorbed
    assert st.hp[1] == hp - (VOLLEY - BULWARK - absorbed)


# -- took damage, prevented damage, Marked ------------------------------------------------------------


def test_hero_took_damage_only_when_one_or_more_is_dealt():
    # rule circuits.8.2.12
    # Dampening Coil: "when your Hero takes damage, the opponent loses 1 Rally" (once per turn).
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([], ["Dampening Coil"]),
                  hands=(["Cinder Volley", "Quick Shot"], []))
    st.shield[1] = VOLLEY
    pick(st, "Play Cinder Volley")  # all absorbed by the Shield: the Hero did not take damage
    assert hero_hits(st, 1)[0]["final"] == 0
    assert triggered(st, 1) == []
    pick(st, "Play Quick Shot")
    assert hero_hits(st, 1)[-1]["final"] == 1
    assert triggered(st, 1) == ["you_take_damage"]
    coil = [e for e in events(st, "rally") if e["source"] == "Dampening Coil"]
    assert [(e["player"], e["change"]) for e in coil] == [(0, -1)]


def test_marked_is_removed_when_the_hero_takes_damage():
    # rule circuits.8.2.13
    st = scenario(heroes=("Lumen Warden", "Sparkwright"))
    st.marked[1] = True
    pick(st, "Basic Attack")
    assert hero_hits(st, 1)[0]["final"] == 2
    assert st.marked[1] is False
    assert [(e["status"], e["change"]) for e in events(st, "status")] == [("marked", "removed")]


def test_marked_stays_when_all_the_damage_is_prevented():
    # rule circuits.8.2.13
    # The +1 applied and was absorbed with the rest: Marked is still there for the next event.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Cinder Volley"], []))
    st.marked[1] = True
    st.shield[1] = 2
    pick(st, "Basic Attack")
    assert steps(hero_hits(st, 1)[0]) == (1, 1, 0, 0, 2, 0)
    assert st.marked[1] is True
    pick(st, "Play Cinder Volley")
    assert steps(hero_hits(st, 1)[1]) == (VOLLEY, 1, 0, 0, 0, VOLLEY + 1)
    assert st.marked[1] is False


def test_one_event_can_both_deal_and_prevent_damage():
    # rule circuits.8.2.14
    # Ironclad Vanguard (Riposte: when you prevent damage, damage to the enemy Hero) with Padded Vest and
    # Dampening Coil: part of the attack is prevented and part dealt, so both triggers fire.
    assert MAUL > VEST
    st = scenario(heroes=("Lumen Warden", "Ironclad Vanguard"), gear=(["Impact Maul"], ["Padded Vest", "Dampening Coil"]))
    pick(st, "Basic Attack")
    # both fire from the one event; their order changes nothing, so it is not asked (circuits ruling 50)
    (hit,) = hero_hits(st, 1)
    assert steps(hit) == (MAUL, 0, 0, VEST, 0, MAUL - VEST)
    assert sorted(triggered(st, 1)) == ["you_prevent", "you_take_damage"]
    assert [e["source"] for e in events(st, "rally") if e["player"] == 0] == ["Dampening Coil"]
    assert [e["source"] for e in hero_hits(st, 0)] == ["Ironclad Vanguard"]


def test_nothing_prevented_means_no_prevent_trigger():
    # rule circuits.8.2.14
    st = scenario(heroes=("Lumen Warden", "Ironclad Vanguard"))
    pick(st, "Basic Attack")
    assert steps(hero_hits(st, 1)[0]) == (1, 0, 0, 0, 0, 1)
    assert triggered(st, 1) == []
    assert hero_hits(st, 0) == []


def test_gear_reduction_alone_is_preventing_damage():
    # rule circuits.8.2.18
    # Padded Vest reduces the 1 damage to 0: that "prevents damage" and Riposte answers.
    st = scenario(heroes=("Lumen Warden", "Ironclad Vanguard"), gear=([], ["Padded Vest"]))
    pick(st, "Basic Attack")
    assert steps(hero_hits(st, 1)[0]) == (1, 0, 0, 1, 0, 0)
    assert triggered(st, 1) == ["you_prevent"]
    assert [e["source"] for e in hero_hits(st, 0)] == ["Ironclad Vanguard"]


def test_reaction_prevention_triggers_when_you_prevent_damage():
    # rule circuits.8.2.18
    # Recoil Engine: when you prevent damage, your next Basic Attack deals +1.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=([], ["Halo Reflect"]), gear=([], ["Recoil Engine"]))
    pick(st, "Basic Attack")
    pick(st, "Answer with Halo Reflect")
    assert steps(hero_hits(st, 1)[0]) == (1, 0, 1, 0, 0, 0)
    assert triggered(st, 1) == ["you_prevent"]
    assert [q[:3] for q in st.queued] == [(1, "next_attack", amount("Recoil Engine", "next_attack"))]


def test_shield_absorbing_damage_is_preventing_damage():
    # rule circuits.8.2.19
    st = scenario(heroes=("Lumen Warden", "Ironclad Vanguard"))
    st.shield[1] = 1
    pick(st, "Basic Attack")
    assert steps(hero_hits(st, 1)[0]) == (1, 0, 0, 0, 1, 0)
    assert triggered(st, 1) == ["you_prevent"]
    assert [e["source"] for e in hero_hits(st, 0)] == ["Ironclad Vanguard"]


# -- Burn --------------------------------------------------------------------------------------------------


def test_burn_damage_is_taking_damage():
    # rule circuits.8.2.15
    # The active player's Hero ticks at its End Step; Forgeblade's Passive and Dampening Coil both answer.
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=(["Dampening Coil"], []))
    st.burn_enemy[0] = 2
    end_turn(st)
    (tick,) = hero_hits(st, 0)
    assert tick["source"] == "Burn" and tick["burn"] is True and tick["final"] == 2
    assert triggered(st, 0) == ["you_take_damage", "you_take_damage"]
    assert [q[:3] for q in st.queued] == [(0, "next_attack", amount("Forgeblade", "next_attack"))]
    assert [(e["player"], e["source"]) for e in events(st, "rally") if e["change"] < 0] == [(1, "Dampening Coil")]


def test_burn_cannot_be_prevented_or_reduced():
    # rule circuits.8.2.16
    # rule circuits.8.2.17
    # Burn 3 ticks for 3 through Padded Vest, Shield 4 and Marked; the Shield is left untouched and Marked
    # adds nothing (ruling circuits.gap.4). Nothing was prevented, so Riposte stays silent.
    st = scenario(heroes=("Ironclad Vanguard", "Sparkwright"), gear=(["Padded Vest"], []))
    st.burn_enemy[0] = 3
    st.shield[0] = 4
    st.marked[0] = True
    end_turn(st)
    (tick,) = hero_hits(st, 0)
    assert steps(tick) == (3, 0, 0, 0, 0, 3)
    assert st.hp[0] == st.max_hp(0) - 3
    assert st.shield[0] == 4
    assert "you_prevent" not in triggered(st, 0)


def test_a_lethal_save_does_not_stop_burn():
    # rule circuits.8.2.16
    # rule circuits.gap.5
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Paradox Anchor"], []), hp=(2, None))
    st.burn_enemy[0] = 2
    pick(st, "End the Action Step")
    assert st.hp[0] == 0
    assert events(st, "lethal_save") == []
    assert st.result is not None and st.result.winner == 1


# -- one source, one event; healing --------------------------------------------------------------------------


def test_each_source_is_one_damage_event():
    # rule circuits.8.2.20
    # An Ultimate, a Tactic, a Basic Attack, an Asset's Strike and a Burn tick are one event each: Padded
    # Vest reduces each of them once, not once per point of damage.
    ult = amount("Forgeblade", "damage")
    strike = card("Stormforge Relay").strike
    st = scenario(heroes=("Forgeblade", "Sparkwright"), gear=([], ["Padded Vest"]), hands=(["Cinder Volley"], []),
                  field=(["Stormforge Relay"], []))
    pick(st, "Ultimate: Masterwork")
    pick(st, "Play Cinder Volley")
    pick(st, "Basic Attack")
    st.burn_enemy[1] += 1
    burn = st.burn_enemy[1]  # ticks at P2's End Step
    end_turn(st)  # P1's End Step: Strike
    end_turn(st)  # P2's End Step: Burn
    got = [(e["source"], e["base"], e["reduced_by_gear"]) for e in hero_hits(st, 1)]
    assert got == [("Masterwork", ult, VEST), ("Cinder Volley", VOLLEY, VEST), ("Basic Attack", 1, 1),
                   ("Stormforge Relay", strike, VEST), ("Burn", burn, 0)]


def test_healing_stops_at_maximum_hp():
    # rule circuits.8.2.21
    assert amount("Mend Light", "heal") > 1
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Mend Light"], []))
    st.hp[0] = st.max_hp(0) - 1
    pick(st, "Play Mend Light")
    assert st.hp[0] == st.max_hp(0)
    assert [e["amount"] for e in events(st, "heal")] == [1]
