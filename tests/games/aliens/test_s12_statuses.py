"""Rule scenarios for rulebook §12: statuses (rules aliens.12.1–12.10).

Coin flips are driven through the state's RNG: `coins_state(...)` finds an RNG state whose next
coin flips are the ones a test needs, and the test sets `st.rng.s` to it right before the flips.
"""

from __future__ import annotations

import pytest
from aliens_scenario import card, events, has, pick, scenario, slot

from cardarena.core.rng import Rng

P0 = ["Cindermaw", "Rustbloom Engine", "Boreas Galewing"]  # Pyrrhid, Ferrax, Glacien
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]  # Voltari, Lithari, Psykari
H, T = True, False
E = 9  # energy to spare, where a test is not about energy


def coins_state(*coins: bool) -> int:
    """An RNG state whose next coin flips are exactly `coins` (True = heads)."""
    for s in range(10_000):
        r = Rng(s)
        if all(r.coin() == c for c in coins):
            return s
    raise AssertionError(f"no RNG state gives {coins}")


def end_p1_turn_with_coins(*coins: bool, **kw):
    """Turn 4 is P1's; P1 passes, and its Energy Phase flips `coins`."""
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), charge=(E, E), turn=4, active=1, **kw)
    st.rng.s = coins_state(*coins)
    pick(st, "Pass")
    return st


def coin_results(st, purpose: str) -> list[list[str]]:
    return [e["results"] for e in events(st, "coin") if e["purpose"] == purpose]


# -- one status at a time --------------------------------------------------------------------------


def test_second_status_is_ignored_and_the_first_stays():
    # rule aliens.12.1
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0),
                  status={"Gravok Stonehide": "corroding"})
    pick(st, "Boreas Galewing: Hailstorm")  # 1 damage, then Fluxed
    pick(st, "Gravok Stonehide")
    g = slot(st, "Gravok Stonehide")
    hail = next(e.amount for e in card("Boreas Galewing").ability.effects if e.verb == "damage")
    assert st.hp[g] == card("Gravok Stonehide").hp - hail  # the damage part still lands
    assert st.status[g] == "corroding"
    ignored = events(st, "status_ignored")
    assert [(e["name"], e["status"], e["has"]) for e in ignored] == [("Gravok Stonehide", "fluxed", "corroding")]


def test_an_alien_without_a_status_takes_the_new_one():
    # rule aliens.12.1
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    pick(st, "Boreas Galewing: Hailstorm")
    pick(st, "Gravok Stonehide")
    assert st.status[slot(st, "Gravok Stonehide")] == "fluxed"
    assert events(st, "status_ignored") == []


def test_attack_rider_status_is_ignored_on_an_alien_that_has_one():
    # rule aliens.12.1
    # Jammed Synapse Drone is hit by Acid Drill (Corroding rider): it stays Jammed only.
    st = scenario(aliens=(["Rustbloom Engine", "Cindermaw", "Boreas Galewing"], P1), hands=(["Acid Drill"], []),
                  charge=(E, 0), status={"Synapse Drone": "jammed"})
    pick(st, "Play Acid Drill")
    pick(st, "Synapse Drone")
    assert st.status[slot(st, "Synapse Drone")] == "jammed"
    assert st.hp[slot(st, "Synapse Drone")] == card("Synapse Drone").hp - card("Acid Drill").damage


def test_a_recovered_alien_can_be_given_a_new_status():
    # rule aliens.12.2
    # Gravok recovers from Jammed at the end of P1's turn 4; on turn 5 Hailstorm makes it Fluxed.
    st = end_p1_turn_with_coins(H, H, status={"Gravok Stonehide": "jammed"})
    g = slot(st, "Gravok Stonehide")
    assert st.status[g] is None
    assert st.turn == 5 and st.decision.seat == 0
    pick(st, "Boreas Galewing: Hailstorm")
    pick(st, "Gravok Stonehide")
    assert st.status[g] == "fluxed"


def test_a_cleansed_alien_can_be_given_a_new_status():
    # rule aliens.12.2
    # P0's Reboot Sequence removes Rustbloom's Fluxed; on turn 4 P1's Zarkon Jams it.
    p1 = ["Tempestra", "Gravok Stonehide", "Zarkon Arcwing"]
    st = scenario(aliens=(P0, p1), hands=(["Reboot Sequence"], []), charge=(E, 0),
                  status={"Rustbloom Engine": "fluxed"})
    pick(st, "Play Reboot Sequence")
    pick(st, "Rustbloom Engine")
    r = slot(st, "Rustbloom Engine")
    assert st.status[r] is None
    while not (st.turn == 4 and st.decision.kind == "action"):
        st.apply("pass")
    pick(st, "Zarkon Arcwing: Overload")
    pick(st, "Rustbloom Engine")
    assert st.status[r] == "jammed"


# -- when statuses resolve -------------------------------------------------------------------------


def test_statuses_resolve_at_the_end_of_the_energy_phase_before_the_turn_passes():
    # rule aliens.12.3
    # The Grey Bloom heals at the START of P1's Energy Phase; Corroding bites at its END.
    st = scenario(aliens=(P0, ["The Grey Bloom", "Gravok Stonehide", "Synapse Drone"]),
                  hands=([], ["Nanite Infusion"]), hp={"Gravok Stonehide": 10},
                  status={"Gravok Stonehide": "corroding"}, turn=4, active=1)
    n = len(st.log)
    pick(st, "Pass")
    seq = [e["type"] for e in st.log[n:]]
    i_pass = seq.index("pass")
    i_heal = seq.index("heal")
    i_corrode = next(i for i, e in enumerate(st.log[n:]) if e["type"] == "damage" and e["status"] == "corroding")
    i_end = seq.index("turn_end")
    assert i_pass < i_heal < i_corrode < i_end
    heal = card("The Grey Bloom").ability.each_turn[0].amount
    assert st.hp[slot(st, "Gravok Stonehide")] == 10 + heal - 1


def test_coin_flips_come_after_the_action_and_before_the_next_turn():
    # rule aliens.12.3
    st = end_p1_turn_with_coins(T, T, status={"Synapse Drone": "jammed"})
    seq = [e["type"] for e in st.log]
    coin = max(i for i, e in enumerate(st.log) if e["type"] == "coin" and e["purpose"] == "jammed")
    assert seq.index("pass") < coin < seq.index("turn_end")
    turn5 = next(i for i, e in enumerate(st.log) if e["type"] == "turn" and e["turn"] == 5)
    assert coin < turn5


# -- Jammed --------------------------------------------------------------------------------------


def test_jammed_aliens_tactics_cannot_be_activated():
    # rule aliens.12.4
    hand = ["Ember Lash", "Ignite"]
    free = scenario(aliens=(P0, P1), hands=(hand, []), charge=(E, 0))
    assert has(free, "Play Ember Lash") and has(free, "Play Ignite")
    st = scenario(aliens=(P0, P1), hands=(hand, []), charge=(E, 0), status={"Cindermaw": "jammed"})
    assert not has(st, "Play Ember Lash")
    assert not has(st, "Play Ignite")
    assert has(st, "Set Ember Lash face-down")


def test_jammed_aliens_set_tactics_cannot_be_activated_from_the_field():
    # rule aliens.12.4
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), command=(["Ignite"], []), set_on=1,
                  charge=(E, 0), status={"Cindermaw": "jammed"})
    assert not has(st, "Play Ignite from the field")
    free = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), command=(["Ignite"], []), set_on=1,
                    charge=(E, 0))
    assert has(free, "Play Ignite from the field")


def test_jammed_aliens_counter_cannot_answer():
    # rule aliens.12.4
    st = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), command=(["Flame Ward"], []), set_on=1,
                  charge=(E, E), status={"Cindermaw": "jammed"}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    # P0 has a face-down card, so its window is asked, but Flame Ward is not among the answers
    assert st.decision.kind == "respond" and st.decision.ids == ["pass"]
    pick(st, "Let it resolve")
    assert st.turn == 5
    assert st.hp[slot(st, "Boreas Galewing")] == card("Boreas Galewing").hp - card("Thunderclap").damage


def test_jam_only_locks_that_aliens_tactics():
    # rule aliens.12.4
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Rivet Gun"], []), charge=(E, 0),
                  status={"Cindermaw": "jammed"})
    assert not has(st, "Play Ember Lash")
    assert has(st, "Play Rivet Gun")  # Rustbloom's Ferrax Attack


@pytest.mark.parametrize("coins", [(H, H), (H, T), (T, H)], ids=["HH", "HT", "TH"])
def test_jammed_recovers_when_either_coin_is_heads(coins):
    # rule aliens.12.5
    st = end_p1_turn_with_coins(*coins, status={"Gravok Stonehide": "jammed"})
    want = ["heads" if c else "tails" for c in coins]
    assert coin_results(st, "jammed") == [want]
    assert st.status[slot(st, "Gravok Stonehide")] is None


def test_jammed_flips_exactly_two_coins():
    # rule aliens.12.5
    st = end_p1_turn_with_coins(H, T, status={"Gravok Stonehide": "jammed"})
    [res] = coin_results(st, "jammed")
    assert len(res) == 2


def test_jammed_stays_on_double_tails():
    # rule aliens.12.6
    st = end_p1_turn_with_coins(T, T, status={"Gravok Stonehide": "jammed"})
    assert coin_results(st, "jammed") == [["tails", "tails"]]
    g = slot(st, "Gravok Stonehide")
    assert st.status[g] == "jammed"


def test_still_jammed_after_double_tails_still_cannot_use_its_tactics():
    # rule aliens.12.6
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Nanite Infusion"], []), charge=(E, 0),
                  status={"Cindermaw": "jammed"})
    st.rng.s = coins_state(T, T)
    pick(st, "Set Nanite Infusion")
    # P1's turn 4, then P0's turn 5 again
    while not (st.turn == 5 and st.decision.kind == "action"):
        st.apply("pass")
    assert st.status[slot(st, "Cindermaw")] == "jammed"
    assert not has(st, "Play Ember Lash")


# -- Corroding -----------------------------------------------------------------------------------


def test_corroding_deals_one_damage_at_the_end_of_the_owners_energy_phase():
    # rule aliens.12.7
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), hp={"Gravok Stonehide": 10},
                  status={"Gravok Stonehide": "corroding"}, turn=4, active=1)
    pick(st, "Pass")
    g = slot(st, "Gravok Stonehide")
    assert st.hp[g] == 9
    [d] = [e for e in events(st, "damage") if e["status"] == "corroding"]
    assert d["final"] == 1 and d["target_name"] == "Gravok Stonehide"


def test_corroding_bites_every_turn_of_its_owner():
    # rule aliens.12.7
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), hp={"Gravok Stonehide": 10},
                  status={"Gravok Stonehide": "corroding"}, turn=4, active=1)
    while not (st.turn == 9 and st.decision.kind == "action"):
        st.apply("pass")
    # P1's turns 4, 6 and 8 ended
    assert st.hp[slot(st, "Gravok Stonehide")] == 7


def test_corroding_on_each_of_several_aliens():
    # rule aliens.12.7
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]),
                  status={"Tempestra": "corroding", "Synapse Drone": "corroding"}, turn=4, active=1)
    pick(st, "Pass")
    assert st.hp[slot(st, "Tempestra")] == card("Tempestra").hp - 1
    assert st.hp[slot(st, "Gravok Stonehide")] == card("Gravok Stonehide").hp
    assert st.hp[slot(st, "Synapse Drone")] == card("Synapse Drone").hp - 1


# -- Fluxed ----------------------------------------------------------------------------------------


def test_fluxed_aliens_tactics_cost_one_more():
    # rule aliens.12.8
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), status={"Cindermaw": "fluxed"})
    pick(st, "Play Ember Lash")
    pick(st, "Gravok Stonehide")
    [paid] = events(st, "energy_paid")
    assert paid["amount"] == card("Ember Lash").cost + 1
    assert st.charge[0] == E - card("Ember Lash").cost - 1


def test_fluxed_cost_can_make_a_tactic_unaffordable():
    # rule aliens.12.8
    exact = card("Ember Lash").cost
    ok = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(exact, 0))
    assert has(ok, "Play Ember Lash")
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(exact, 0), status={"Cindermaw": "fluxed"})
    assert not has(st, "Play Ember Lash")


def test_flux_surcharge_is_only_on_that_aliens_tactics():
    # rule aliens.12.8
    # Cindermaw is Fluxed; Rustbloom's Rivet Gun costs its printed cost.
    st = scenario(aliens=(P0, P1), hands=(["Rivet Gun", "Ember Lash"], []), charge=(E, 0),
                  status={"Cindermaw": "fluxed"})
    pick(st, "Play Rivet Gun")
    pick(st, "Gravok Stonehide")
    assert events(st, "energy_paid")[0]["amount"] == card("Rivet Gun").cost


def test_fluxed_flips_one_coin_and_recovers_on_heads():
    # rule aliens.12.9
    st = end_p1_turn_with_coins(H, status={"Synapse Drone": "fluxed"})
    assert coin_results(st, "fluxed") == [["heads"]]
    assert st.status[slot(st, "Synapse Drone")] is None


def test_fluxed_stays_on_tails():
    # rule aliens.12.10
    st = end_p1_turn_with_coins(T, status={"Synapse Drone": "fluxed"})
    assert coin_results(st, "fluxed") == [["tails"]]
    assert st.status[slot(st, "Synapse Drone")] == "fluxed"


# -- Fluxed against cost cuts (docs/rulings/aliens.md, "Fluxed pays one more") ---------------------------

P1_SQUAD = ["Cindermaw", "Gravok Stonehide", "Synapse Drone"]


@pytest.mark.parametrize("flux", [False, True])
def test_a_fluxed_performer_pays_one_more_even_when_a_cut_took_the_cost_to_zero(flux: bool) -> None:
    # rule aliens.12.8
    # Overcharge (printed 0) under Heliox Dynamo's Photon Battery ("1 less, not below 0"): 0, and 1 for a
    # Fluxed Tempestra, who then cannot play it with no energy (Heliox is Jammed: Tempestra performs alone)
    status = {"Heliox Dynamo": "jammed", **({"Tempestra": "fluxed"} if flux else {})}
    st = scenario(aliens=(["Tempestra", "Heliox Dynamo", "Vexa, Ember Queen"], P1_SQUAD), hands=(["Overcharge"], []),
                  charge=(0, 0), status=status)
    assert has(st, "Play Overcharge") is (not flux)
    st = scenario(aliens=(["Tempestra", "Heliox Dynamo", "Vexa, Ember Queen"], P1_SQUAD), hands=(["Overcharge"], []),
                  charge=(3, 0), status=status)
    pick(st, "Play Overcharge")
    assert [e["cost"] for e in events(st, "activate")] == [1 if flux else 0]


def test_fluxed_does_not_raise_the_aliens_own_ability_cost():
    # rule aliens.12.8
    # Fluxed makes that Alien's Tactics cost more, not its ability: a Fluxed Tempestra with no energy
    # may still use Eye of the Storm (pay 0); it was left out of the options
    st = scenario(aliens=(["Tempestra", "Vexa, Ember Queen", "Kryssa the Still"], P1_SQUAD), hands=(["Ember Lash"], []),
                  charge=(0, 0), status={"Tempestra": "fluxed"})
    assert has(st, "Eye of the Storm")
    pick(st, "Eye of the Storm")
    [ab] = events(st, "ability")
    assert ab["cost"] == 0 and st.charge[0] == 0
