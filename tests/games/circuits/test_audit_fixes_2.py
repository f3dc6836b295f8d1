"""Rule defects found by a second rules audit (2026-12-07), each pinned by a scenario: "any enemy
target" may choose the Asset being played (9.1.32), a lethal save prevents damage (8.2.18), an
outcome Reaction answers a threat to the Asset being played (11.25) and a Jam that would destroy an
Asset (8.4.4), and a delayed Plan holds no Kind marker (gap.27)."""

from __future__ import annotations

from circuits_scenario import events, find, has, labels, pass_all, scenario


def test_any_enemy_target_may_choose_the_asset_being_played():
    # rule circuits.9.1.32
    # P1 plays Pile Driver; P2 answers with Cinder Volley ("any enemy target"): the Asset in its own
    # window is a target, as it is for Melt Down ("an enemy Asset"), and its damage stays (8.3.10)
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), hands=(["Pile Driver"], ["Cinder Volley"]))
    st.apply(find(st, "Play Pile Driver"))
    st.apply(find(st, "Cinder Volley"))
    assert st.decision.kind == "target" and any("Pile Driver" in x for x in labels(st)), labels(st)
    st.apply(find(st, "Pile Driver"))
    pass_all(st)
    hit = [e for e in events(st, "damage") if e.get("target") != "hero"]
    assert hit and hit[0]["final"] == 2, events(st, "damage")


def test_a_lethal_save_prevents_damage():
    # rule circuits.8.2.18
    # Ironclad Vanguard at 2 HP wears Survivor's Token; Cinder Volley's 2 would be lethal: the save
    # lowers it to 1, which is preventing damage, so "when you prevent damage" (Riposte) fires
    st = scenario(heroes=("Forgeblade", "Ironclad Vanguard"), hands=(["Cinder Volley"], []),
                  gear=([], ["Survivor's Token"]), hp=(None, 2))
    st.apply(find(st, "Play Cinder Volley"))
    if st.decision.kind == "target":
        st.apply(find(st, "Ironclad"))
    pass_all(st)
    d = events(st, "damage")[0]
    assert (d["base"], d["final"], d["lethal_saved"]) == (2, 1, True)
    assert ("Ironclad Vanguard", "you_prevent") in [(e["card"], e["when"]) for e in events(st, "trigger")]


def test_self_assembly_answers_a_threat_to_the_asset_being_played_on_an_empty_field():
    # rule circuits.11.25
    # P1 plays Echo Turret (HP 2) with no other Asset; P2 answers with Overwatch (2 damage to it):
    # Self-Assembly may be declared against it, as it may when another Asset is on the Field
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), hands=(["Echo Turret", "Self-Assembly"], ["Overwatch"]))
    st.apply(find(st, "Play Echo Turret"))
    st.apply(find(st, "Overwatch"))
    assert has(st, "Self-Assembly"), labels(st)
    st.apply(find(st, "Self-Assembly"))
    pass_all(st)
    assert [st.name(a) for a in st.field[0]] == ["Echo Turret"] and events(st, "survives")


def test_an_outcome_reaction_answers_a_jam_that_would_destroy_an_asset():
    # rule circuits.11.25
    # P2's Echo Turret (HP 2) has 2 damage and lives by Scaffold Matrix's +1 HP; P1's Short Out jams
    # the Gear, which destroys the Turret (8.4.4): Self-Assembly and Salvage Protocol answer it
    st = scenario(heroes=("Sparkwright", "Swarm Architect"), hands=(["Short Out"], ["Self-Assembly", "Salvage Protocol"]),
                  gear=([], ["Scaffold Matrix"]), field=([], ["Echo Turret"]))
    st.damage[st.field[1][0]] = 2
    st.apply(find(st, "Play Short Out"))
    assert has(st, "Self-Assembly") and has(st, "Salvage Protocol"), labels(st)
    st.apply(find(st, "Self-Assembly"))
    pass_all(st)
    assert [st.name(a) for a in st.field[1]] == ["Echo Turret"] and events(st, "survives")
    # without an Asset that lives by the bonus, a Jam threatens no Asset: only Pass
    st = scenario(heroes=("Sparkwright", "Swarm Architect"), hands=(["Short Out"], ["Self-Assembly"]),
                  gear=([], ["Scaffold Matrix"]), field=([], ["Echo Turret"]))
    st.apply(find(st, "Play Short Out"))
    assert not has(st, "Self-Assembly"), labels(st)


def test_a_delayed_plan_is_face_up_and_holds_no_kind_marker():
    # rule circuits.gap.27
    # P1's Setup Scrambler delays P2's Siege Ram (Offense) at its reveal: face-up, it holds no marker,
    # so P2 may set Battle Plan, another Offense Plan
    st = scenario(heroes=("Forgeblade", "Cinder Oracle"), hands=(["Setup Scrambler"], ["Battle Plan"]),
                  plans=([], ["Siege Ram"]), active=0, turn=5)
    st.apply(find(st, "End the Action Step"))
    while st.decision.kind != "action":
        hit = [o.id for o in st.decision.options if "Setup Scrambler" in o.label]
        ids = [o.id for o in st.decision.options]
        st.apply(hit[0] if hit else ("pass" if "pass" in ids else ids[0]))
    assert [e["card"] for e in events(st, "delayed")] == ["Siege Ram"]
    assert st.decision.seat == 1 and has(st, "Battle Plan"), labels(st)


def _strikes_into_a_lethal_save(first: str) -> tuple[list[tuple[str, list[str]]], int]:
    # P1 ends its turn with Echo Turret (Strike 1) and Overclocked Swarm (Strike 3); P2's Hero has 3 HP
    # and a Survivor's Token (lethal save, once): the order decides whether the save holds
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), field=(["Echo Turret", "Overclocked Swarm"], []),
                  gear=([], ["Survivor's Token"]), hp=(None, 3))
    st.apply(find(st, "End the Action Step"))
    asked = []
    while st.decision is not None and st.decision.kind != "action":
        asked.append((st.decision.kind, labels(st)))
        if st.decision.kind == "strike_order":
            st.apply(find(st, first))
        else:
            ids = [o.id for o in st.decision.options]
            st.apply("pass" if "pass" in ids else ids[0])
    return asked, st.hp[1]


def test_the_controller_orders_its_different_strikes():
    # rule circuits.18.4
    # rule circuits.7.14
    asked, hp = _strikes_into_a_lethal_save("Echo Turret")
    orders = [labels for kind, labels in asked if kind == "strike_order"]
    assert orders and sorted(orders[0]) == ["Echo Turret (Strike 1)", "Overclocked Swarm (Strike 3)"], asked
    assert hp == 1  # 1 then 3: the save holds the second
    _, hp = _strikes_into_a_lethal_save("Overclocked Swarm")
    assert hp == 0  # 3 then 1: the save is spent on the first


def test_copies_of_one_strike_asset_are_not_ordered():
    # rule circuits.18.4
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), field=(["Echo Turret", "Echo Turret"], []))
    st.apply(find(st, "End the Action Step"))
    kinds = []
    while st.decision is not None and st.decision.kind != "action":
        kinds.append(st.decision.kind)
        ids = [o.id for o in st.decision.options]
        st.apply("pass" if "pass" in ids else ids[0])
    assert "strike_order" not in kinds and len([e for e in events(st, "damage") if e.get("target") == "hero"]) == 2
