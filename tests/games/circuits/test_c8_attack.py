"""Rule scenarios for rulebook §8.1: the Basic Attack (rules circuits.8.1.1–8.1.11)."""

from __future__ import annotations

import pytest
from circuits_c8_helpers import amount, asset_hits, end_turn, hero_hits, make_card, named, swap_in
from circuits_scenario import card, events, find, has, labels, pass_all, pick, scenario

from cardarena.core.errors import IllegalChoice

SWING = amount("Heavy Swing", "next_attack")
VOLLEY = amount("Cinder Volley", "damage")

#: test-only Reaction: the attacker's step-3 answer that removes the declared Asset target before the
#: attack resolves (no Base 001 card can do that inside an attack's window)
DEMOLITION = make_card(kind="tactic", id="test-demolition", name="Demolition Charge", type="reaction",
                       trigger="enemy_plays_tactic", cost=1,
                       text="Reaction — when the enemy plays a Tactic: destroy an enemy Asset.",
                       effects=[{"verb": "destroy", "to": "enemy_asset"}])


def test_one_basic_attack_per_action_step():
    # rule circuits.8.1.1
    st = scenario(heroes=("Lumen Warden", "Forgeblade"))
    pick(st, "Basic Attack")
    assert st.hp[1] == st.max_hp(1) - 1
    assert not has(st, "Basic Attack")
    with pytest.raises(IllegalChoice):
        st.apply("attack")  # a second Basic Attack is refused
    assert len(hero_hits(st, 1)) == 1
    end_turn(st)  # the opponent's turn
    end_turn(st)  # our next Action Step: a new Basic Attack
    assert has(st, "Basic Attack")


@pytest.mark.parametrize("weapon", [None, "Training Blade", "Impact Maul"])
def test_basic_attack_deals_one_modified_by_the_weapon(weapon):
    # rule circuits.8.1.2
    damage = 1 + (card(weapon).attack if weapon else 0)
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), gear=([weapon] if weapon else [], []))
    assert has(st, f"Basic Attack ({damage} damage)")
    pick(st, "Basic Attack")
    (hit,) = hero_hits(st, 1)
    assert hit["base"] == damage and hit["final"] == damage and hit["attack"] is True
    assert st.hp[1] == st.max_hp(1) - damage


def test_attacker_chooses_the_hero_or_an_enemy_asset():
    # rule circuits.8.1.3
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Ember Turret", "Pile Driver"]))
    pick(st, "Basic Attack")
    assert st.decision.seat == 0 and st.decision.kind == "target"
    assert sorted(labels(st)) == [f"Ember Turret (Asset, {card('Ember Turret').hp} HP left)",
                                  f"Pile Driver (Asset, {card('Pile Driver').hp} HP left)",
                                  f"Sparkwright (Hero, {st.max_hp(1)} HP)"]
    pick(st, "Pile Driver")
    assert st.damage[named(st, "Pile Driver", st.field[1])] == 1
    assert st.hp[1] == st.max_hp(1)
    assert asset_hits(st, "Ember Turret") == []


def test_attacker_may_choose_the_enemy_hero_over_its_assets():
    # rule circuits.8.1.3
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Ember Turret"]))
    pick(st, "Basic Attack")
    pick(st, "Sparkwright")
    assert st.hp[1] == st.max_hp(1) - 1
    assert st.damage == {}


def test_a_guard_asset_must_be_the_target():
    # rule circuits.8.1.4
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Ember Turret", "Bulwark Drone"]))
    pick(st, "Basic Attack")  # the only legal target is the Guard Asset: no choice is offered
    drone = named(st, "Bulwark Drone", st.field[1])
    assert st.damage == {drone: 1}
    assert st.hp[1] == st.max_hp(1)
    assert "Bulwark Drone" in events(st, "attack")[0]["target"]


def test_with_two_guard_assets_only_they_are_targets():
    # rule circuits.8.1.4
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Lightwell Sentinel", "Bulwark Drone"]))
    pick(st, "Basic Attack")
    assert sorted(labels(st)) == [f"Bulwark Drone (Asset, {card('Bulwark Drone').hp} HP left)",
                                  f"Lightwell Sentinel (Asset, {card('Lightwell Sentinel').hp} HP left)"]
    assert not has(st, "Sparkwright")
    pick(st, "Lightwell Sentinel")
    assert st.damage == {named(st, "Lightwell Sentinel", st.field[1]): 1}


def test_tactic_damage_is_not_an_attack_and_does_not_use_next_attack_bonuses():
    # rule circuits.8.1.5
    # rule circuits.8.1.6
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Heavy Swing", "Cinder Volley"], []))
    pick(st, "Play Heavy Swing")
    assert has(st, f"Basic Attack ({1 + SWING} damage)")
    pick(st, "Play Cinder Volley")  # the enemy Hero is the only target: no choice is asked
    volley = hero_hits(st, 1)[-1]
    assert volley["source"] == "Cinder Volley" and volley["attack"] is False
    assert volley["final"] == VOLLEY  # not VOLLEY + Heavy Swing's bonus
    assert has(st, f"Basic Attack ({1 + SWING} damage)")  # the bonus still waits for the Basic Attack
    pick(st, "Basic Attack")
    attack = hero_hits(st, 1)[-1]
    assert attack["source"] == "Basic Attack" and attack["attack"] is True and attack["final"] == 1 + SWING
    assert st.hp[1] == st.max_hp(1) - VOLLEY - 1 - SWING


def test_an_attack_reaction_answers_only_the_basic_attack():
    # rule circuits.8.1.5
    # rule circuits.8.1.6
    # Sidestep ("when the enemy declares a Basic Attack") is not offered against Tactic or Ultimate damage.
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Cinder Volley"], ["Sidestep"]))
    pick(st, "Play Cinder Volley")
    assert st.decision.kind == "action" and st.decision.seat == 0  # no answer was possible
    assert st.hp[1] == st.max_hp(1) - VOLLEY
    pick(st, "Ultimate: Masterwork")
    assert st.decision.kind == "action"  # still no answer: an Ultimate is not an attack
    assert hero_hits(st, 1)[-1]["attack"] is False
    pick(st, "Basic Attack")
    assert labels(st) == ["Answer with Sidestep (cost 1)", "Pass"]
    pick(st, "Answer with Sidestep")
    assert hero_hits(st, 1)[-1]["prevented_by_reactions"] == 1


def test_declared_asset_target_is_kept_even_when_the_hero_is_protected():
    # rule circuits.8.1.7
    # The declared Asset is hit; nothing in the window moves the attack to another target.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Ember Turret", "Pile Driver"]),
                  hands=([], ["Sidestep"]))
    pick(st, "Basic Attack")
    pick(st, "Ember Turret")
    pick(st, "Answer with Sidestep")
    assert st.damage == {named(st, "Ember Turret", st.field[1]): 1}
    assert hero_hits(st, 1) == [] and asset_hits(st, "Pile Driver") == []


def fizzle_board():
    """P1 attacks P2's Ember Turret after Heavy Swing; P2 answers with Quick Shot at step 2 and P1 removes
    the Ember Turret at step 3 with a test-only Reaction, before the attack resolves."""
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), hands=(["Heavy Swing", "Quick Shot"], ["Quick Shot"]),
                  field=([], ["Ember Turret", "Pile Driver"]))
    swap_in(st, named(st, "Quick Shot", st.hand[0]), DEMOLITION)
    pick(st, "Play Heavy Swing")
    pass_all(st)
    assert has(st, f"Basic Attack ({1 + SWING} damage)")
    pick(st, "Basic Attack")
    pick(st, "Ember Turret")
    pick(st, "Answer with Quick Shot")  # P2, step 2: at P1's Hero
    pick(st, "Answer with Demolition Charge")  # P1, step 3
    pick(st, "Ember Turret")
    return st


def test_attack_on_an_asset_that_left_deals_no_damage():
    # rule circuits.8.1.8
    # rule circuits.8.1.7
    st = fizzle_board()
    assert named(st, "Ember Turret", st.discard[1]) >= 0
    assert [e["card"] for e in events(st, "destroyed")] == ["Ember Turret"]
    assert asset_hits(st, "Ember Turret") == []
    assert [e["reason"] for e in events(st, "attack_fizzles")] == ["the target Asset left the Field"]


def test_attack_whose_target_left_is_not_redirected():
    # rule circuits.8.1.9
    st = fizzle_board()
    assert st.hp[1] == st.max_hp(1)  # not the Hero
    assert st.damage == {}  # not the other Asset
    assert asset_hits(st, "Pile Driver") == []


def test_attack_whose_target_left_still_counts_as_the_basic_attack():
    # rule circuits.8.1.10
    st = fizzle_board()
    assert st.decision.kind == "action" and st.decision.seat == 0
    assert not has(st, "Basic Attack")
    with pytest.raises(IllegalChoice):
        st.apply("attack")


def test_attack_whose_target_left_uses_up_the_queued_bonuses():
    # rule circuits.8.1.11
    st = fizzle_board()
    assert [q for q in st.queued if q[0] == 0] == []
    end_turn(st)
    end_turn(st)
    assert find(st, "Basic Attack") == "attack"
    assert has(st, "Basic Attack (1 damage)")  # Heavy Swing's +2 is gone
