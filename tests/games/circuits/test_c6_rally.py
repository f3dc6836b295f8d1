"""Rule scenarios for circuits §6 (Duel): Capacity and Available Rally, Rally kept for the opponent's turn,
gaining and losing Rally, Second Wind and the two Breakpoints."""

from __future__ import annotations

import random

import pytest
from circuits_scenario import POOL, events, has, pass_all, pick, scenario

from cardarena.games.circuits.ruleset import CircuitsRuleset

DUEL = ("Forgeblade", "Lumen Warden")


def rally_turn(turn: int, capacity: int, hp: int | None = None, rally: int = 0):
    """Run P1's whole turn `turn` up to its Action Step (P1 started the game)."""
    return scenario(heroes=DUEL, start="turn_start", turn=turn, capacity=(capacity, capacity), rally=(rally, rally),
                    hp=(hp, None))


def rally_step(st) -> dict:
    (e,) = [e for e in events(st, "rally_step") if e["player"] == st.active]
    return e


# -- Capacity and the refill -------------------------------------------------------------------------


def test_capacity_rises_by_one_at_each_rally_step_after_the_first_turn():
    # rule circuits.6.1
    st = rally_turn(turn=3, capacity=1)  # P1's second turn
    assert st.capacity[0] == 2 and st.rally[0] == 2
    assert rally_step(st) == {"type": "rally_step", "player": 0, "capacity": 2, "rally": 2}
    st.apply("end")
    pass_all(st)  # P2's turn 4
    st.apply("end")
    pass_all(st)
    assert st.turn == 5 and st.capacity[0] == 3  # and again at the next one


def test_capacity_does_not_rise_at_the_first_turns_rally_step():
    # rule circuits.6.2
    st = rally_turn(turn=1, capacity=1)
    assert st.capacity[0] == 1 and st.rally[0] == 1
    st.apply("end")
    pass_all(st)  # P2's first turn, as second player
    assert (st.active, st.turn) == (1, 2)
    assert st.capacity[1] == 1 and st.rally[1] == 1


@pytest.mark.parametrize(("before", "after"), [(9, 10), (10, 10)])
def test_capacity_never_rises_above_ten(before, after):
    # rule circuits.6.3
    st = rally_turn(turn=21, capacity=before)
    assert st.capacity[0] == after and st.rally[0] == after


@pytest.mark.parametrize("left", [0, 2, 4])
def test_the_rally_step_refills_available_rally_to_capacity(left):
    # rule circuits.6.4
    st = rally_turn(turn=5, capacity=4, rally=left)
    assert st.capacity[0] == 5 and st.rally[0] == 5


# -- Rally in the opponent's turn -----------------------------------------------------------------


def test_unspent_rally_stays_available_through_the_opponents_turn():
    # rule circuits.6.5
    # rule circuits.6.6
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Sidestep"], ["Quick Shot"]), rally=(4, 3), capacity=(5, 3))
    pick(st, "End the Action Step")
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    assert st.rally == [4, 4]  # P2 refilled (and grew to 4); P1 kept its 4 Rally
    pick(st, "Basic Attack")
    # P1 spends its kept Rally in P2's turn, on a Reaction
    assert st.decision is not None and st.decision.seat == 0
    pick(st, "Sidestep")
    assert st.rally[0] == 3
    assert [(e["player"], e["card"]) for e in events(st, "answer")] == [(0, "Sidestep")]


def test_in_the_opponents_turn_rally_buys_only_instants_and_reactions():
    # rule circuits.6.6
    hand = ["Quick Shot", "Sidestep", "Ember Turret", "Battle Plan", "Follow Through", "Interference"]
    st = scenario(heroes=DUEL, hands=(["Regroup"], hand), loadout=([], ["Sunlance"]), field=([], ["Repair Drone"]),
                  rally=(5, 5), active=0)
    pick(st, "Play Regroup")  # an Instant in P1's turn: P2 is asked at step 2
    d = st.decision
    assert d is not None and (d.seat, d.kind) == (1, "respond")
    offered = sorted(o.label.split(" (")[0].removeprefix("Answer with ") for o in d.options)
    assert offered == ["Interference", "Pass", "Quick Shot"]  # Interference answers a Tactic
    assert not has(st, "Equip") and not has(st, "Charge") and not has(st, "Scout") and not has(st, "Ultimate")
    pick(st, "Quick Shot")
    assert st.rally[1] == 4


def test_scout_is_offered_only_in_your_own_action_step():
    # rule circuits.6.7
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Sidestep"], ["Quick Shot"]), plans=([], ["Battle Plan"]),
                  rally=(3, 3))
    assert has(st, "Scout")
    pick(st, "Play Quick Shot")
    assert st.decision is not None and st.decision.kind == "respond" and st.decision.seat == 1
    assert not has(st, "Scout")  # P2 in P1's turn
    pick(st, "Pass")
    pick(st, "End the Action Step")
    pass_all(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    pick(st, "Basic Attack")
    assert st.decision is not None and st.decision.seat == 0
    assert not has(st, "Scout")  # P1 in P2's turn, with Rally to spend
    assert st.rally[0] >= 1


# -- gaining and losing Rally --------------------------------------------------------------------


@pytest.mark.parametrize(("rally", "after"), [(2, 3), (3, 3)])
def test_gained_rally_never_goes_above_capacity(rally, after):
    # rule circuits.6.8
    # rule circuits.6.9
    st = scenario(heroes=("Sparkwright", "Lumen Warden"), field=(["Capacitor Bank"], []), rally=(rally, 3),
                  capacity=(3, 3))
    pick(st, "End the Action Step")  # Capacitor Bank: at your End Step, gain 1 Rally
    (gain,) = [e for e in events(st, "rally") if e["source"] == "Capacitor Bank"]
    assert gain["change"] == after - rally
    assert st.rally[0] == after and st.capacity[0] == 3


def test_losing_rally_lowers_available_rally_never_capacity():
    # rule circuits.6.10
    # rule circuits.6.11
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Quick Shot"], ["Interference", "Interference"]), rally=(3, 3),
                  capacity=(4, 3))
    pick(st, "Play Quick Shot")  # P1 pays 1: 2 left
    pick(st, "Interference")  # the opponent loses 2 Rally
    assert st.rally[0] == 0 and st.capacity[0] == 4
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "action")
    assert not has(st, "Play Quick Shot")  # nothing left to pay with this turn


def test_losing_more_rally_than_you_have_stops_at_zero_and_leaves_capacity():
    # rule circuits.6.10
    # rule circuits.6.11
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Quick Shot"], ["Interference"]), rally=(2, 3), capacity=(4, 3))
    pick(st, "Play Quick Shot")  # 1 left
    pick(st, "Interference")  # lose 2: Available Rally stops at 0
    (drain,) = [e for e in events(st, "rally") if e["source"] == "Interference"]
    assert drain["change"] == -1 and drain["rally"] == 0
    assert st.rally[0] == 0 and st.capacity[0] == 4
    assert not has(st, "Play Quick Shot")


def test_over_whole_games_capacity_never_falls_and_rally_never_exceeds_it():
    # rule circuits.6.8
    # rule circuits.6.11
    game = CircuitsRuleset()
    names = sorted(n for n, d in game.starter_decks().items() if d.format != "squad")
    drained = 0
    for seed in range(16):
        r = random.Random(seed)
        st = game.new_game(decks=[names[seed % len(names)], names[(3 * seed + 1) % len(names)]], seed=seed)
        last = list(st.capacity)
        while st.decision is not None:
            st.apply(r.choice(st.decision.ids))
            assert all(st.capacity[p] >= last[p] for p in (0, 1)), f"seed {seed}: Capacity fell {last} → {st.capacity}"
            assert all(0 <= st.rally[p] <= st.capacity[p] <= 10 for p in (0, 1))
            last = list(st.capacity)
        drained += sum(1 for e in st.log if e["type"] == "rally" and e["change"] < 0)
    assert drained > 0  # lose-Rally effects did happen along the way


# -- Second Wind ------------------------------------------------------------------------------------


def test_second_wind_raises_capacity_by_two_when_at_half_hp_or_less():
    # rule circuits.6.12
    st = rally_turn(turn=5, capacity=4, hp=10)
    assert st.capacity[0] == 6 and st.rally[0] == 6
    assert events(st, "second_wind") == [{"type": "second_wind", "player": 0}]
    assert st.second_wind == [True, False]


@pytest.mark.parametrize(("above_half", "capacity"), [(0, 6), (1, 5)])
def test_exactly_half_hp_qualifies_for_second_wind_and_above_half_does_not(above_half, capacity):
    # rule circuits.6.13
    hero = next(h for h in sorted(POOL.heroes) if POOL.heroes[h].hp % 2 == 0)  # a Hero with an exact half
    half = POOL.heroes[hero].hp // 2
    st = scenario(heroes=(hero, "Lumen Warden"), start="turn_start", turn=5, capacity=(4, 4), rally=(0, 0),
                  hp=(half + above_half, None))
    assert st.capacity[0] == capacity
    assert len(events(st, "second_wind")) == (0 if above_half else 1)


def test_second_wind_happens_once_per_match():
    # rule circuits.6.14
    st = rally_turn(turn=5, capacity=4, hp=8)
    assert st.capacity[0] == 6
    st.apply("end")
    pass_all(st)  # P2's turn
    st.apply("end")
    pass_all(st)  # P1's next turn, still at low HP
    assert (st.turn, st.active) == (7, 0) and st.hp[0] <= 14
    assert st.capacity[0] == 7  # +1 only
    assert len(events(st, "second_wind")) == 1


def test_second_wind_still_stops_at_ten():
    # rule circuits.6.15
    st = rally_turn(turn=17, capacity=9, hp=5)
    assert st.capacity[0] == 10 and st.rally[0] == 10
    assert len(events(st, "second_wind")) == 1


# -- Breakpoint -------------------------------------------------------------------------------------


def hit(hp: int, card: str = "Cinder Volley", deck: int = 5, **kw):
    """P1 (Forgeblade) deals `card` to P2 (Lumen Warden) at `hp`."""
    st = scenario(heroes=DUEL, hands=([card], []), hp=(None, hp), decks=(["Quick Shot"] * 5, ["Regroup"] * deck),
                  rally=(10, 10), **kw)
    return st


def test_the_first_drop_to_ten_or_less_by_an_enemy_draws_a_card():
    # rule circuits.6.16
    st = hit(12)
    pick(st, "Play Cinder Volley")  # the enemy Hero is the only target
    assert st.hp[1] == 10
    assert [e["at"] for e in events(st, "breakpoint")] == [10]
    assert [st.name(i) for i in st.hand[1]] == ["Regroup"] and len(st.deck[1]) == 4
    assert [e["reason"] for e in events(st, "draw") if e["player"] == 1] == ["Breakpoint 10"]


def test_the_first_drop_to_five_or_less_by_an_enemy_draws_a_card():
    # rule circuits.6.17
    st = hit(7)
    pick(st, "Play Cinder Volley")  # the enemy Hero is the only target
    assert st.hp[1] == 5
    assert [e["at"] for e in events(st, "breakpoint")] == [5]  # 7 was already under 10: only the 5 line
    assert len(st.hand[1]) == 1


def test_one_event_through_both_lines_draws_twice():
    # rule circuits.6.18
    st = scenario(heroes=DUEL, hp=(None, 11), rally=(7, 7))
    pick(st, "Ultimate")  # Masterwork: 6 damage to the enemy Hero, then Burn 2
    pass_all(st)
    assert st.hp[1] == 5
    assert [e["at"] for e in events(st, "breakpoint")] == [10, 5]
    assert [e["reason"] for e in events(st, "draw") if e["player"] == 1] == ["Breakpoint 10", "Breakpoint 5"]


def test_each_breakpoint_fires_once_per_match_even_after_healing():
    # rule circuits.6.19
    st = scenario(heroes=DUEL, hands=(["Cinder Volley", "Quick Shot", "Cinder Volley"], ["Mend Light"]),
                  hp=(None, 12), rally=(10, 10))
    pick(st, "Play Cinder Volley")  # the enemy Hero is the only target
    pick(st, "Pass")  # P2 keeps Mend Light
    assert st.hp[1] == 10 and len(events(st, "breakpoint")) == 1
    pick(st, "Play Quick Shot")
    pick(st, "Mend Light")  # P2 heals 3 before Quick Shot resolves: 13, then 12
    assert st.hp[1] == 12
    pick(st, "Play Cinder Volley")  # the enemy Hero is the only target
    pass_all(st)
    assert st.hp[1] == 10
    assert [e["at"] for e in events(st, "breakpoint")] == [10]  # no second draw


def test_burn_you_applied_to_yourself_triggers_no_breakpoint():
    # rule circuits.6.20
    # No Base 001 card burns its own Hero; the state keeps self-applied Burn apart for this rule.
    st = scenario(heroes=DUEL, hp=(12, None), rally=(3, 3))
    st.burn_self[0] = 3
    pick(st, "End the Action Step")
    (tick,) = [e for e in events(st, "damage") if e["burn"]]
    assert (tick["player"], tick["final"], tick["hp"]) == (0, 3, 9)
    assert events(st, "breakpoint") == []
    assert not any(e["player"] == 0 for e in events(st, "draw"))


def test_enemy_burn_ticks_can_trigger_a_breakpoint():
    # rule circuits.6.21
    st = scenario(heroes=DUEL, hands=([], ["Flash Burn"]), hp=(12, None), rally=(3, 3))
    pick(st, "Basic Attack")
    pick(st, "Flash Burn")  # P2 answers: P1's Hero gets Burn 2
    assert st.burn_enemy[0] == 2 and st.hp[0] == 12
    pick(st, "End the Action Step")  # P1's End Step: the enemy's Burn ticks for 2
    assert st.hp[0] == 10
    assert [(e["player"], e["at"]) for e in events(st, "breakpoint")] == [(0, 10)]
    assert [e["reason"] for e in events(st, "draw") if e["player"] == 0][:1] == ["Breakpoint 10"]
