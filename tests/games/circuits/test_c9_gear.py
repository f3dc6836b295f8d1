"""Rule scenarios for rulebook §9.2: Gear — slots, Scrap, Jam, once-per-turn Gear triggers and the
absence of Gear destruction (rules circuits.9.2.1–9.2.7)."""

from __future__ import annotations

from circuits_c8_helpers import amount, end_turn, hero_hits
from circuits_scenario import POOL, card, events, has, labels, pass_all, pick, scenario

from cardarena.games.circuits.effects import choice_kind
from cardarena.games.circuits.schema import GearCard, HeroCard
from cardarena.games.circuits.state import SLOT

VEST = card("Padded Vest").reduce
SLAG = card("Slag Plate").reduce
VOLLEY = amount("Cinder Volley", "damage")


def slot_of(st, seat, slot):
    g = st.gear[seat * 3 + SLOT[slot]]
    return None if g < 0 else st.name(g)


def test_each_gear_goes_into_the_slot_of_its_type():
    # rule circuits.9.2.1
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Training Blade"], []),
                  loadout=(["Padded Vest", "Field Kit"], []))
    pick(st, "Equip Padded Vest")
    pass_all(st)
    assert (slot_of(st, 0, "weapon"), slot_of(st, 0, "armor"), slot_of(st, 0, "relic")) == ("Training Blade", "Padded Vest", None)
    assert st.scrap[0] == []
    end_turn(st)
    end_turn(st)
    pick(st, "Equip Field Kit")
    pass_all(st)
    assert [g["name"] for g in st.view(1)["players"][0]["gear"]] == ["Training Blade", "Padded Vest", "Field Kit"]
    assert [g["slot"] for g in st.view(1)["players"][0]["gear"]] == ["weapon", "armor", "relic"]


def test_equipping_into_an_occupied_slot_scraps_the_old_gear():
    # rule circuits.9.2.2
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Training Blade", "Padded Vest"], []),
                  loadout=(["Impact Maul"], []))
    blade = st.equipped(0)[0]
    pick(st, "Equip Impact Maul")
    pass_all(st)
    assert slot_of(st, 0, "weapon") == "Impact Maul" and slot_of(st, 0, "armor") == "Padded Vest"
    assert st.scrap[0] == [blade]
    assert [e["card"] for e in events(st, "scrap")] == ["Training Blade"]
    assert has(st, f"Basic Attack ({1 + card('Impact Maul').attack} damage)")


def test_scrapped_gear_does_not_return_and_cannot_be_equipped_again():
    # rule circuits.9.2.3
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Training Blade"], []), loadout=(["Impact Maul"], []))
    blade = st.equipped(0)[0]
    pick(st, "Equip Impact Maul")
    pass_all(st)
    end_turn(st)
    end_turn(st)  # P1's next Action Step: equipping is allowed again
    assert blade in st.scrap[0] and blade not in st.loadout[0]
    assert not [lab for lab in labels(st) if lab.startswith("Equip")]
    assert [g["name"] for g in st.view(0)["players"][0]["scrap"]] == ["Training Blade"]


def test_gear_text_works_in_every_turn():
    # rule circuits.9.2.4
    # P2's Padded Vest reduces P1's attack in P1's turn, and P1's Quick Shot answering P2's attack in P2's turn.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Padded Vest"]), hands=(["Quick Shot"], []))
    pick(st, "Basic Attack")
    end_turn(st)
    pick(st, "Basic Attack")
    pick(st, "Answer with Quick Shot")  # at P2's Hero, its only target
    pass_all(st)
    assert [(e["source"], e["reduced_by_gear"]) for e in hero_hits(st, 1)] == [("Basic Attack", VEST), ("Quick Shot", 1)]


def test_a_jammed_gear_does_nothing():
    # rule circuits.9.2.4
    # rule circuits.9.2.5
    # Short Out Jams P2's Slag Plate: no reduction and no "when your Hero takes damage" Burn for P1.
    maul = 1 + card("Impact Maul").attack
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Slag Plate"]),
                  hands=(["Cinder Volley", "Short Out"], []))
    pick(st, "Play Short Out")  # P2's only Gear is the target
    assert [st.name(g) for g in st.jammed] == ["Slag Plate"]
    assert st.view(0)["players"][1]["gear"][0]["jammed"] is True
    pick(st, "Play Cinder Volley")
    pick(st, "Basic Attack")
    got = [(e["base"], e["reduced_by_gear"], e["final"]) for e in hero_hits(st, 1)]
    assert got == [(VOLLEY, 0, VOLLEY), (maul, 0, maul)]
    assert [e for e in events(st, "trigger") if e["card"] == "Slag Plate"] == []
    assert st.burn_enemy[0] == 0


def test_a_recurring_gear_trigger_works_once_per_turn():
    # rule circuits.9.2.6
    # Slag Plate: "once per turn, when your Hero takes damage, the enemy Hero gets Burn 1". Two hits in P1's
    # turn give one Burn; a hit in the next turn gives another.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=(["Impact Maul"], ["Slag Plate"]),
                  hands=(["Cinder Volley", "Cinder Volley"], []))
    burn = amount("Slag Plate", "burn")
    pick(st, "Play Cinder Volley")
    pick(st, "Basic Attack")
    assert len([e for e in hero_hits(st, 1) if e["final"] > 0]) == 2
    assert st.burn_enemy[0] == burn
    assert len([e for e in events(st, "trigger") if e["card"] == "Slag Plate"]) == 1
    end_turn(st)  # P1's End Step, then P2's turn
    pick(st, "Basic Attack")
    pick(st, "Answer with Cinder Volley")  # at P2's Hero, its only target
    pass_all(st)
    assert hero_hits(st, 1)[-1]["final"] > 0
    assert len([e for e in events(st, "trigger") if e["card"] == "Slag Plate"]) == 2


def test_no_base_effect_destroys_gear_and_jam_is_the_only_gear_interaction():
    # rule circuits.9.2.7
    # Every effect printed in the pool: "destroy" only ever reaches Assets, and the only effect whose target
    # is a Gear is Jam.
    effects = []
    for c in POOL.cards:
        if isinstance(c, HeroCard):
            effects += [*c.ultimate.effects, *(e for t in c.passive.triggers for e in t.effects)]
            continue
        effects += list(getattr(c, "effects", ()))
        effects += list(getattr(c, "on_play", ()))
        if getattr(c, "charge", None) is not None:
            effects += list(c.charge.effects)
        effects += [e for t in getattr(c, "triggers", ()) for e in t.effects]
    assert effects
    assert {e.to for e in effects if e.verb == "destroy"} <= {"enemy_asset", "each_enemy_asset", "this_asset", "your_asset"}
    gear_verbs = {e.verb for e in effects if choice_kind([e]) == "enemy_gear"}
    assert gear_verbs == {"jam"}
    assert all(isinstance(c, GearCard) for c in POOL.gear)


def test_damage_and_asset_destruction_leave_gear_in_place():
    # rule circuits.9.2.7
    st = scenario(heroes=("Swarm Architect", "Sparkwright"), gear=([], ["Padded Vest", "Scaffold Matrix"]),
                  field=([], ["Echo Turret"]), hands=(["Cinder Volley"], []))
    gear = st.equipped(1)
    pick(st, "Ultimate: Swarm Surge")  # damages each enemy Asset and the enemy Hero
    pass_all(st)
    pick(st, "Play Cinder Volley")
    pass_all(st)
    assert st.equipped(1) == gear and st.scrap[1] == []


def test_a_jammed_lethal_save_does_not_save():
    # rule circuits.9.2.5
    # P0 Jams Survivor's Token with Short Out, then Cinder Volley's lethal damage is not stopped.
    st = scenario(heroes=("Volt Reaver", "Lumen Warden"), gear=([], ["Survivor's Token"]),
                  hands=(["Short Out", "Cinder Volley"], []), hp=(None, VOLLEY), rally=(10, 10))
    pick(st, "Play Short Out")
    pick(st, "Play Cinder Volley")
    if st.decision is not None and st.decision.kind == "target":
        pick(st, "Lumen Warden")
    assert events(st, "lethal_save") == [] and st.hp[1] == 0
    assert st.result is not None and st.result.winner == 0
