"""Rule scenarios for circuits §7 (Duel): the five steps of a turn in order — Start (Plans, then "start of
your turn"), Rally, Draw, Action (equip once, attack, play, in any order) and End (end-of-turn effects,
Strike, Burn, expiry, hand to seven) — and Overtime from each player's own 9th turn."""

from __future__ import annotations

import pytest
from circuits_scenario import events, has, labels, pass_all, pick, scenario

from cardarena.core.errors import IllegalChoice

DUEL = ("Forgeblade", "Lumen Warden")
#: Heroes whose Passives add nothing to a Basic Attack (Forgeblade's would after taking damage)
CALM = ("Lumen Warden", "Swarm Architect")


def kinds(st, *wanted: str) -> list[str]:
    return [e["type"] for e in st.log if e["type"] in wanted]


def start_turn(**kw):
    """P1 (Lumen Warden: "at the start of your turn, your Hero heals 1") begins its second turn, turn 3."""
    base = {"heroes": ("Lumen Warden", "Forgeblade"), "hp": (20, None), "start": "turn_start", "turn": 3,
            "capacity": (2, 2), "rally": (0, 0)}
    return scenario(**{**base, **kw})


# -- the order of the steps -------------------------------------------------------------------------


def test_a_turn_runs_start_rally_draw_action_and_end_steps_in_order():
    # rule circuits.7.1
    st = start_turn(plans=(["Battle Plan"], []), field=(["Ember Turret"], []))
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "action")
    before_action = [e["type"] for e in st.log if e["type"] in ("turn", "plan_revealed", "rally_step", "draw")
                     or (e["type"] == "trigger" and e["when"] == "turn_start")]
    assert before_action == ["turn", "plan_revealed", "trigger", "rally_step", "draw"]
    assert [e["reason"] for e in events(st, "draw")] == ["draw step"]
    pick(st, "End the Action Step")
    pass_all(st)
    order = [(e["type"], e.get("player")) for e in st.log
             if e["type"] in ("action_step_end", "damage", "turn_effects_expire", "turn")]
    assert order == [("turn", 0), ("damage", 1),  # Battle Plan at the Start Step
                     ("action_step_end", 0), ("damage", 1),  # Ember Turret's Strike at the End Step
                     ("turn_effects_expire", 0), ("turn", 1)]


def test_plans_reveal_and_resolve_one_at_a_time():
    # rule circuits.7.2
    st = start_turn(plans=(["Battle Plan", "Field Triage"], []), hands=([], ["Quick Shot"]), rally=(0, 3),
                    capacity=(2, 3))
    pick(st, "Reveal Battle Plan")
    # P2 may answer the first reveal: the second Plan is still face-down
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "respond")
    assert [e["card"] for e in events(st, "plan_revealed")] == ["Battle Plan"]
    assert len(st.plans[0]) == 2
    pick(st, "Pass")
    assert kinds(st, "plan_revealed", "resolve") == ["plan_revealed", "resolve", "plan_revealed"]
    pick(st, "Pass")  # the second reveal's window
    assert [(e["type"], e["card"]) for e in st.log if e["type"] in ("plan_revealed", "resolve")] == [
        ("plan_revealed", "Battle Plan"), ("resolve", "Battle Plan"),
        ("plan_revealed", "Field Triage"), ("resolve", "Field Triage")]
    assert st.plans[0] == []


@pytest.mark.parametrize("first", ["Battle Plan", "Field Triage"])
def test_the_active_player_chooses_the_order_of_its_plans(first):
    # rule circuits.7.3
    st = start_turn(plans=(["Battle Plan", "Field Triage"], []))
    d = st.decision
    assert d is not None and (d.seat, d.kind) == (0, "plan_order")
    assert sorted(labels(st)) == ["Reveal Battle Plan", "Reveal Field Triage"]
    pick(st, f"Reveal {first}")
    second = ({"Battle Plan", "Field Triage"} - {first}).pop()
    assert [e["card"] for e in events(st, "plan_revealed")] == [first, second]  # the last one needs no choice


def test_start_of_turn_effects_come_after_all_the_plans():
    # rule circuits.7.4
    st = start_turn(plans=(["Battle Plan", "Field Triage"], []))
    pick(st, "Reveal Field Triage")
    heals = [(e["source"], e["hp"]) for e in events(st, "heal")]
    assert heals == [("Field Triage", 23), ("Lumen Warden", 24)]  # Dawnlight after the Plans
    t = [e["type"] for e in st.log]
    last_plan = max(i for i, x in enumerate(t) if x == "resolve")
    dawn = next(i for i, e in enumerate(st.log) if e["type"] == "trigger" and e["when"] == "turn_start")
    assert dawn > last_plan and dawn < t.index("rally_step")


def test_the_capacity_rise_comes_before_the_refill():
    # rule circuits.7.5
    st = start_turn(capacity=(3, 3), rally=(0, 0), hp=(None, None))
    assert events(st, "rally_step") == [{"type": "rally_step", "player": 0, "capacity": 4, "rally": 4}]
    assert st.rally[0] == 4


def test_the_draw_step_draws_one_card():
    # rule circuits.7.6
    st = start_turn(hands=(["Quick Shot"], []), decks=(["Regroup", "Mend Light"], ["Regroup"]))
    assert [st.name(i) for i in st.hand[0]] == ["Quick Shot", "Mend Light"]  # the top card
    assert [st.name(i) for i in st.deck[0]] == ["Regroup"]
    assert [(e["player"], e["reason"]) for e in events(st, "draw")] == [(0, "draw step")]


# -- the Action Step --------------------------------------------------------------------------------


def test_action_step_actions_mix_in_any_order():
    # rule circuits.7.7
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Regroup"], []), loadout=(["Slag Plate"], []), rally=(6, 6))
    pick(st, "Basic Attack")
    assert has(st, "Equip Slag Plate") and has(st, "Play Quick Shot")
    pick(st, "Equip Slag Plate")
    assert has(st, "Play Quick Shot") and has(st, "Play Regroup")
    pick(st, "Play Quick Shot")
    pick(st, "Play Regroup")
    assert [e["type"] for e in st.log if e["type"] in ("attack", "equip", "play")] == ["attack", "equip", "play", "play"]
    assert st.hp[1] == st.max_hp(1) - 1 - 1  # the attack, then Quick Shot
    assert [st.name(g) for g in st.equipped(0)] == ["Slag Plate"]


def test_equipping_takes_gear_from_your_own_loadout_and_pays_its_cost():
    # rule circuits.7.8
    st = scenario(heroes=DUEL, loadout=(["Plated Harness", "Heartforge Hammer", "Recoil Engine"], ["Sunlance"]),
                  rally=(3, 3))
    equips = sorted(lb for lb in labels(st) if lb.startswith("Equip"))
    # only your own Loadout; Recoil Engine (2), Plated Harness (3) and Heartforge Hammer (3) are affordable
    assert equips == ["Equip Heartforge Hammer (weapon, cost 3)", "Equip Plated Harness (armor, cost 3)",
                      "Equip Recoil Engine (relic, cost 2)"]
    pick(st, "Equip Plated Harness")
    assert st.rally[0] == 0
    assert st.name(st.gear[1]) == "Plated Harness"
    assert [st.name(g) for g in st.loadout[0]] == ["Heartforge Hammer", "Recoil Engine"]
    assert [(e["reason"], e["card"]) for e in events(st, "paid")] == [("equip", "Plated Harness")]


def test_gear_you_cannot_pay_for_cannot_be_equipped():
    # rule circuits.7.8
    st = scenario(heroes=DUEL, loadout=(["Plated Harness"], []), rally=(2, 2))
    assert not has(st, "Equip")


def test_only_one_gear_may_be_equipped_per_turn():
    # rule circuits.7.9
    st = scenario(heroes=DUEL, loadout=(["Training Blade", "Padded Vest"], []), rally=(10, 10))
    pick(st, "Equip Training Blade")
    assert not has(st, "Equip")
    vest = st.loadout[0][0]
    with pytest.raises(IllegalChoice):
        st.apply(f"equip:{vest}")
    pick(st, "End the Action Step")
    pass_all(st)  # P2's turn
    pick(st, "End the Action Step")
    pass_all(st)
    assert st.active == 0 and has(st, "Equip Padded Vest")  # a new turn, a new equip


def test_the_action_step_offers_instants_plans_assets_and_combos():
    # rule circuits.7.10
    st = scenario(heroes=DUEL, hands=(["Quick Shot", "Battle Plan", "Ember Turret", "Follow Through"], []),
                  rally=(10, 10))
    assert all(has(st, f"Play {n}") for n in ("Quick Shot", "Battle Plan", "Ember Turret"))
    assert not has(st, "Play Follow Through")  # a Combo needs another Tactic first (ruling circuits.gap.1)
    pick(st, "Play Quick Shot")
    assert has(st, "Play Follow Through")
    pick(st, "Play Follow Through")
    pick(st, "Play Battle Plan")
    pick(st, "Play Ember Turret")
    assert [(e["card"], e["card_type"]) for e in events(st, "play")] == [
        ("Quick Shot", "instant"), ("Follow Through", "combo"), ("Battle Plan", "plan"), ("Ember Turret", "asset")]
    assert [st.name(a) for a in st.field[0]] == ["Ember Turret"] and len(st.plans[0]) == 1


def test_plans_assets_and_combos_are_played_only_in_your_own_action_step():
    # rule circuits.7.11
    own = ["Brace", "Battle Plan", "Ember Turret", "Follow Through", "Cinder Volley", "Quick Shot"]
    st = scenario(heroes=DUEL, hands=(own, ["Quick Shot", "Battle Plan", "Ember Turret", "Follow Through"]),
                  rally=(10, 10))
    pick(st, "Play Quick Shot")
    # step 2: P2, in P1's turn, may answer with its Instant but not its Plan, Asset or Combo
    assert sorted(labels(st)) == ["Answer with Quick Shot (cost 1)", "Pass"]
    pick(st, "Quick Shot")
    # step 3: P1 in its own turn, but inside a window: only a Reaction, never its Plan, Asset or Combo
    assert sorted(labels(st)) == ["Answer with Brace (cost 1)", "Pass"]
    pick(st, "Pass")
    assert st.decision is not None and st.decision.kind == "action"
    assert has(st, "Play Battle Plan") and has(st, "Play Ember Turret") and has(st, "Play Follow Through")


def test_a_reaction_is_never_an_action_step_play():
    # rule circuits.7.12
    st = scenario(heroes=DUEL, hands=(["Brace", "Sidestep", "Quick Shot"], ["Quick Shot"]), rally=(10, 10))
    assert not has(st, "Brace") and not has(st, "Sidestep")
    pick(st, "Play Quick Shot")
    pick(st, "Quick Shot")  # P2 answers with damage to P1's Hero
    assert has(st, "Answer with Brace")  # the Reaction's place is the window


# -- the End Step -------------------------------------------------------------------------------------


def end_step_board():
    """P1 (Lumen Warden) ends its turn with Solar Array (end of turn: heal 1), Ember Turret (Strike 1),
    Burn 2 from the enemy and nine cards in hand. P2 (Forgeblade) has Dampening Coil (once per turn, when
    its Hero takes damage, the opponent loses 1 Rally)."""
    st = scenario(heroes=("Lumen Warden", "Forgeblade"), hands=(["Quick Shot"] * 9, []),
                  field=(["Solar Array", "Ember Turret"], []), gear=([], ["Dampening Coil"]), hp=(20, None),
                  rally=(6, 6))
    st.burn_enemy[0] = 2
    return st


def order_triggers(st) -> None:
    """Answer the "which trigger first" decisions (rule 18.4) with the first option."""
    while st.decision is not None and st.decision.kind == "trigger_order":
        st.apply(st.decision.options[0].id)


def end_step_order(st) -> list[str]:
    out = []
    for e in st.log[[e["type"] for e in st.log].index("action_step_end"):]:
        if e["type"] == "heal":
            out.append("end of turn")
        elif e["type"] == "damage":
            out.append("burn" if e["burn"] else "strike")
        elif e["type"] in ("turn_effects_expire", "discard", "turn"):
            out.append(e["type"])
    return out


def test_the_end_step_runs_end_of_turn_strike_burn_expiry_then_the_hand_limit():
    # rule circuits.7.13
    # rule circuits.7.14
    # rule circuits.7.15
    # rule circuits.7.17
    st = end_step_board()
    pick(st, "End the Action Step")
    order_triggers(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "discard")
    assert end_step_order(st) == ["end of turn", "strike", "burn", "turn_effects_expire"]
    pick(st, "Discard Quick Shot")
    pick(st, "Discard Quick Shot")
    assert end_step_order(st) == ["end of turn", "strike", "burn", "turn_effects_expire", "discard", "discard", "turn"]
    assert len(st.hand[0]) == 7 and len(st.discard[0]) == 2
    assert st.hp == [20 + 1 - 2, st.max_hp(1) - 1]


def test_this_turn_limits_still_hold_at_strike_and_burn_then_expire():
    # rule circuits.7.16
    st = end_step_board()
    pick(st, "Basic Attack")  # P2's Hero takes damage: Dampening Coil's once-this-turn trigger is used
    order_triggers(st)  # with Forgeblade's own "when your Hero takes damage" Passive (rule 18.4)
    assert [e["cause"] for e in events(st, "trigger") if e["card"] == "Dampening Coil"] == ["Basic Attack"]
    assert st.rally[0] == 5
    pick(st, "End the Action Step")
    order_triggers(st)
    t = [e["type"] for e in st.log]
    strike = next(i for i, e in enumerate(st.log) if e["type"] == "damage" and e["source"] == "Ember Turret")
    burn = next(i for i, e in enumerate(st.log) if e["type"] == "damage" and e["burn"])
    assert strike < burn < t.index("turn_effects_expire")
    assert (st.log[strike]["player"], st.log[strike]["final"]) == (1, 1)
    # the Strike damaged P2's Hero again in the same turn: the used "once per turn" still held
    assert [e["cause"] for e in events(st, "trigger") if e["card"] == "Dampening Coil"] == ["Basic Attack"]
    assert st.rally[0] == 5


def test_at_seven_cards_or_fewer_nothing_is_discarded():
    # rule circuits.7.17
    st = scenario(heroes=DUEL, hands=(["Quick Shot"] * 7, []), rally=(3, 3))
    pick(st, "End the Action Step")
    assert events(st, "discard") == [] and len(st.hand[0]) == 7
    assert st.decision is not None and st.decision.seat == 1


# -- Overtime -------------------------------------------------------------------------------------------


def attack_for(st) -> int:
    before = st.hp[1 - st.active]
    pick(st, "Basic Attack")
    pass_all(st)
    return before - st.hp[1 - st.active]


@pytest.mark.parametrize(("turn", "damage"), [(15, 1), (17, 2), (19, 3), (21, 4)])
def test_overtime_adds_one_from_your_ninth_turn_and_one_more_each_turn_after(turn, damage):
    # rule circuits.7.18
    # rule circuits.7.19
    st = scenario(heroes=CALM, turn=turn, rally=(3, 3))  # P1 started: turn 17 is its 9th
    assert st.own_turns[0] == (turn + 1) // 2
    assert has(st, f"Basic Attack ({damage} damage)")
    assert attack_for(st) == damage


def test_overtime_counts_each_players_own_turns():
    # rule circuits.7.20
    # Turn 16 is P2's 8th turn: no Overtime, although the game is far past turn 9
    st = scenario(heroes=CALM, turn=16, active=1, rally=(3, 3))
    assert st.own_turns == [8, 8]
    assert attack_for(st) == 1
    pick(st, "End the Action Step")
    pass_all(st)  # turn 17, P1's 9th: +1
    assert st.own_turns == [9, 8] and attack_for(st) == 2
    pick(st, "End the Action Step")
    pass_all(st)  # turn 18, P2's own 9th turn: +1, not +2
    assert (st.active, st.own_turns) == (1, [9, 9]) and attack_for(st) == 2


def test_overtime_adds_nothing_to_tactic_or_asset_damage():
    # rule circuits.7.21
    st = scenario(heroes=CALM, hands=(["Cinder Volley"], []), field=(["Ember Turret"], []), turn=19, rally=(3, 3))
    assert has(st, "Basic Attack (3 damage)")  # P1's 10th turn
    pick(st, "Play Cinder Volley")
    pass_all(st)
    pick(st, "End the Action Step")
    dealt = [(e["source"], e["final"]) for e in events(st, "damage")]
    assert dealt == [("Cinder Volley", 2), ("Ember Turret", 1)]
