"""A Reaction set beside a declaration answers only that action (circuits ruling 64): not a passive
trigger's damage in the middle of its resolution, nor another item of the same window. The package's
cards cannot build these boards, so each test plays with a card file (docs/cards.md)."""

from __future__ import annotations

from circuits_scenario import events, pass_all, pick, scenario

from cardarena.core.cardfiles import CardFiles

CARDS = CardFiles([("answered.toml", '''
[[cards]]
kind = "asset"
id = "test-wrecking-drone"
name = "Wrecking Drone"
circuits = ["Kinetic"]
cost = 2
hp = 2
text = "Asset. When an Asset enters under your control, deal 2 damage to each enemy Asset. When you play this, deal 1 damage to an enemy Asset."
on_play = [{ verb = "damage", amount = 1, to = "enemy_asset" }]
triggers = [{ when = "asset_enters", effects = [{ verb = "damage", amount = 2, to = "each_enemy_asset" }] }]

[[cards]]
kind = "asset"
id = "test-pylon"
name = "Test Pylon"
circuits = ["Nano"]
cost = 2
hp = 3
text = "Asset."

[[cards]]
kind = "asset"
id = "test-volatile-core"
name = "Volatile Core"
circuits = ["Heat"]
cost = 2
hp = 2
text = "Asset. When this is destroyed, deal 2 damage to the enemy Hero."
triggers = [{ when = "this_destroyed", effects = [{ verb = "damage", amount = 2, to = "enemy_hero" }], once_per = "none" }]

[[cards]]
kind = "tactic"
id = "test-overcharge"
name = "Overcharge"
type = "instant"
circuits = ["Heat"]
cost = 1
text = "Instant. Deal 3 damage to the enemy Hero and 2 damage to your Hero."
effects = [{ verb = "damage", amount = 3, to = "enemy_hero" }, { verb = "damage", amount = 2, to = "your_hero" }]
''')])


def test_self_assembly_does_not_save_an_asset_from_a_passive_trigger_s_damage():
    # rule circuits.11.30
    # rule circuits.11.26
    # rule circuits.8.5.1
    # P2 plays Wrecking Drone aimed at P1's Test Pylon; P1 sets Self-Assembly beside it. The Drone enters:
    # its trigger (a passive trigger, no window) deals 2 to each of P1's Assets and destroys the Echo
    # Turret: Self-Assembly does not answer that. Then the play's own 1 damage would destroy the Pylon:
    # that is the action Self-Assembly answers, so the Pylon survives with 1 HP.
    st = scenario(heroes=("Forgeblade", "Volt Reaver"), hands=(["Self-Assembly"], ["Wrecking Drone"]),
                  field=(["Test Pylon", "Echo Turret"], []), active=1, cards=CARDS)
    pylon, turret = st.field[0]
    pick(st, "Play Wrecking Drone")
    pick(st, "Test Pylon")
    pick(st, "Answer with Self-Assembly")
    pass_all(st)
    assert st.field[0] == [pylon] and turret in st.discard[0]
    assert st.damage[pylon] == 2  # 3 HP, 1 remaining (rule 8.5.2)
    assert [(e["card"], e["by"]) for e in events(st, "survives")] == [("Test Pylon", "Self-Assembly")]
    assert [e["card"] for e in events(st, "destroyed")] == ["Echo Turret"]


def test_leftover_prevention_does_not_absorb_a_this_destroyed_trigger():
    # rule circuits.11.30
    # rule circuits.8.2.2
    # P2 attacks P1's Volatile Core. P1 answers with Quick Shot at P2's Hero; P2 answers that with Brace
    # (prevent 2): Quick Shot's 1 is prevented, 1 is left. The attack destroys the Core, whose "when this
    # is destroyed" trigger deals 2 to P2: a passive trigger, which the leftover prevention does not answer.
    st = scenario(heroes=("Forgeblade", "Volt Reaver"), hands=(["Quick Shot"], ["Brace"]),
                  field=(["Volatile Core"], []), active=1, cards=CARDS)
    pick(st, "Basic Attack")
    pick(st, "Volatile Core")
    pick(st, "Quick Shot")
    pick(st, "Brace")
    pass_all(st)
    quick, core = [e for e in events(st, "damage") if e["target"] == "hero" and e["player"] == 1]
    assert (quick["source"], quick["prevented_by_reactions"], quick["final"]) == ("Quick Shot", 1, 0)
    assert (core["source"], core["prevented_by_reactions"], core["final"]) == ("Volatile Core", 0, 2)
    assert st.hp[1] == st.max_hp(1) - 2


def _overcharge(gear: list[str]):
    """P2 plays Overcharge (3 to P1's Hero, 2 to its own); P1 answers with Quick Shot at P2's Hero and
    P2 sets Backdraft beside Quick Shot."""
    st = scenario(heroes=("Forgeblade", "Volt Reaver"), hands=(["Quick Shot"], ["Overcharge", "Backdraft"]),
                  gear=([], gear), active=1, cards=CARDS)
    pick(st, "Play Overcharge")
    pick(st, "Quick Shot")
    pick(st, "Backdraft")
    pass_all(st)
    return st


def test_a_reaction_set_at_step_3_answers_the_step_2_card_not_the_declaration():
    # rule circuits.11.26
    # rule circuits.11.27
    # rule circuits.11.28
    # Padded Vest takes Quick Shot's 1: P2's Hero takes no damage from the card Backdraft answers. Then
    # Overcharge, P2's own declaration, hurts P2's Hero: Backdraft was set beside Quick Shot, not beside
    # Overcharge, so it does not resolve and is discarded when the window closes.
    st = _overcharge(["Padded Vest"])
    assert st.hp[1] == st.max_hp(1) - 1  # Overcharge's 2, less the Vest's 1
    assert events(st, "reaction_fires") == []
    assert [e["card"] for e in events(st, "reaction_discarded")] == ["Backdraft"]
    assert st.burn_enemy[0] == 0
    # without the Vest, Quick Shot's damage is the outcome Backdraft answers: it resolves
    st = _overcharge([])
    assert [e["card"] for e in events(st, "reaction_fires")] == ["Backdraft"]
    assert st.burn_enemy[0] == 2
