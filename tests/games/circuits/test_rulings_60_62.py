"""Circuits rulings 60-62 (docs/rulings/circuits.md, Further rulings): Sidestep answers any enemy Basic
Attack; what a Reaction set beside Grand Design answers; a look with nothing to look at."""

from __future__ import annotations

from circuits_c11_c19_helpers import amount, answers_offered, asked, board, index
from circuits_scenario import events, labels, pick

SEER = "Cinder Oracle (Seer)"


def test_sidestep_answers_a_basic_attack_on_an_asset_and_prevents_nothing():
    # rule circuits.11.8
    # rule circuits.8.3.4
    # circuits ruling 60 (docs/rulings/circuits.md, Further rulings)
    # Sidestep's trigger is the declaration of a Basic Attack, whatever its target: against an attack on
    # P2's Bulwark Drone it may be played (paid, discarded), and it prevents nothing, so Riposte
    # ("when you prevent damage") does not fire and the Drone takes the whole attack.
    st = board(heroes=("Forgeblade", "Ironclad Vanguard"), hands=([], ["Sidestep"]), field=([], ["Bulwark Drone"]),
               rally=(3, 3))
    pick(st, "Basic Attack")
    assert answers_offered(st) == ["Sidestep"]
    pick(st, "Sidestep")
    drone = st.field[1][0]
    hit = [e for e in events(st, "damage") if e["target"] == "asset"]
    assert len(hit) == 1 and st.damage[drone] == hit[0]["final"] > 0
    assert [e for e in events(st, "damage") if e["target"] == "hero"] == []
    assert events(st, "trigger") == [] and st.rally[1] == 3 - 1
    assert [st.name(i) for i in st.discard[1]] == ["Sidestep"]


def _grand_design(plans: list[str], hand: list[str], field: tuple[str, ...] = ()):
    st = board(heroes=(SEER, "Volt Reaver"), plans=(plans, []), hands=([], hand), field=([], list(field)), rally=(8, 5))
    st.apply(next(o.id for o in st.decision.options if "Grand Design" in o.label))
    return st


def test_a_reaction_beside_grand_design_answers_its_reward_not_the_plans_it_resolves():
    # rule circuits.11.25
    # rule circuits.11.27
    # rule circuits.18.6
    # rule circuits.18.8
    # circuits ruling 61 (docs/rulings/circuits.md, Further rulings)
    # Grand Design's own damage is its reward; each Plan it resolves is a source of its own, answered in
    # its own reveal window. So Brace and Backdraft are offered beside it only while a Plan could
    # resolve, Salvage Protocol never (the reward hits no Asset); Backdraft fires at the reward's damage,
    # not at Battle Plan's, and Brace prevents the reward, not Battle Plan.
    st = _grand_design([], ["Brace", "Backdraft", "Salvage Protocol", "Eclipse Ward"], ("Echo Turret",))
    asked(st, 1, 2)
    assert answers_offered(st) == ["Eclipse Ward"]
    st = _grand_design(["Battle Plan"], ["Brace", "Backdraft", "Salvage Protocol"], ("Echo Turret",))
    asked(st, 1, 2)
    assert answers_offered(st) == ["Backdraft", "Brace"]
    for reaction in ("Backdraft", "Brace"):
        st = _grand_design(["Battle Plan"], [reaction, "Regroup"])
        pick(st, reaction)
        while st.decision.kind != "action":
            st.apply("pass" if "pass" in [o.id for o in st.decision.options] else st.decision.options[0].id)
        hits = {e["source"]: e for e in events(st, "damage") if e["target"] == "hero"}
        assert set(hits) == {"Battle Plan", "Ultimate reward"}
        assert hits["Battle Plan"]["prevented_by_reactions"] == 0
        if reaction == "Brace":
            assert hits["Ultimate reward"]["prevented_by_reactions"] == amount("Brace", "prevent")
        else:
            fires = index(st, "reaction_fires", card="Backdraft")
            assert index(st, "damage", source="Ultimate reward") < fires
            assert st.burn_enemy[0] == amount("Backdraft", "burn")


def test_scout_and_a_look_charge_with_nothing_to_look_at_are_not_offered():
    # rule circuits.12.13
    # rule circuits.12.14
    # rule circuits.12.16
    # rule circuits.18.10
    # circuits ruling 62 (docs/rulings/circuits.md, Further rulings)
    # P2 has no face-down Plan and an empty deck: Scout and Phase Edge's Charge (a look and nothing
    # else) would look at nothing, so they are not offered. A face-down Plan, or a card in the deck,
    # brings them back.
    def options(plans: list[str], deck: list[str]) -> list[str]:
        st = board(heroes=("Prism Tactician", "Sparkwright"), gear=(["Phase Edge"], []), plans=([], plans),
                   decks=(["Regroup"] * 5, deck))
        return labels(st)

    bare = options([], [])
    assert not any(o.startswith(("Scout", "Charge Phase Edge")) for o in bare), bare
    for plans, deck in ((["Battle Plan"], []), ([], ["Regroup"])):
        offered = options(plans, deck)
        assert any(o.startswith("Scout") for o in offered) and any(o.startswith("Charge Phase Edge") for o in offered)
