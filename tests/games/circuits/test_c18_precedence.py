"""Rule scenarios for rulebook §18, precedence rules (rules circuits.18.1–18.10): card text over rules
text, "can't" over "can", once-per-match limits, damage events, windows inside a resolution, and
effects without a legal choice, and the order a player gives their simultaneous triggers (18.4).
18.3 (both players' triggers at one moment) cannot arise: every trigger condition is one player's, and a
test keeps it so."""

from __future__ import annotations

from circuits_c11_c19_helpers import amount, answers_offered, asked, board, index, resolved, to_next_action
from circuits_scenario import card, events, has, labels, pick, scenario

HEROES = ("Volt Reaver", "Lumen Warden")



# -- 18.1 card text beats rules text ---------------------------------------------------------------


def test_card_text_beats_rules_text_a_strike_asset_gets_guard():
    # rule circuits.18.1
    # No base Asset prints both Guard and Strike, but Hold Everything gives Guard to the Assets present:
    # P0's Ember Turret (Strike) then has both. It still Strikes at P0's End Step, and P1's Basic
    # Attack must target it.
    st = board(heroes=("Swarm Architect (Bastion)", "Volt Reaver"), field=(["Ember Turret"], []), rally=(7, 3))
    turret = st.field[0][0]
    pick(st, "Ultimate")
    assert st.has_guard(turret) and st.defs[turret].strike > 0
    pick(st, "End")
    assert [e["source"] for e in events(st, "damage")] == ["Ember Turret"]  # its Strike
    to_next_action(st, 1)
    pick(st, "Basic Attack")  # no target choice: the Guard Asset is the only legal one
    [hit] = [e for e in events(st, "damage") if e["source"] == "Basic Attack"]
    assert (hit["target"], hit["card"]) == ("asset", "Ember Turret")
    assert st.hp[0] == st.max_hp(0)


def test_without_the_card_text_the_strike_asset_has_no_guard():
    # rule circuits.18.1
    st = board(heroes=("Volt Reaver", "Swarm Architect (Bastion)"), field=([], ["Ember Turret"]))
    pick(st, "Basic Attack")
    assert (st.decision.seat, st.decision.kind) == (0, "target")
    assert any("Swarm Architect" in lbl for lbl in labels(st))


# -- 18.2 "can't" beats "can" ------------------------------------------------------------------------


def test_cannot_heal_beats_every_heal():
    # rule circuits.18.2
    # Cold Iron: P1 cannot heal until the start of P0's next turn. P1's Dawnlight ("heals 1" at the start
    # of its turn) and Mend Light ("heals 3") both heal 0.
    st = board(heroes=HEROES, hands=(["Cold Iron"], ["Mend Light"]), hp=(None, 20), rally=(3, 3))
    pick(st, "Play Cold Iron")
    asked(st, 1, 2)
    pick(st, "Pass")  # P1 keeps its Mend Light for its own turn
    hp = st.hp[1]
    assert hp == 20 - amount("Cold Iron", "damage")
    pick(st, "End")
    to_next_action(st, 1)
    pick(st, "Play Mend Light")
    heals = events(st, "heal")
    assert [(e["source"], e["amount"], e.get("blocked")) for e in heals] == [
        ("Lumen Warden", 0, "cannot heal"), ("Mend Light", 0, "cannot heal")]
    assert st.hp[1] == hp


# -- 18.5 once per match ---------------------------------------------------------------------------


def test_a_used_lethal_save_stays_used_in_later_turns():
    # rule circuits.18.5
    # Survivor's Token saves P1 once; two turns later, lethal damage defeats it.
    st = board(heroes=HEROES, hands=(["Cinder Volley", "Cinder Volley"], []), gear=([], ["Survivor's Token"]),
               hp=(None, 2), rally=(3, 3))
    pick(st, "Play Cinder Volley")
    assert st.hp[1] == 1 and [e["card"] for e in events(st, "lethal_save")] == ["Survivor's Token"]
    pick(st, "End")
    to_next_action(st, 0)
    assert st.turn == 7 and st.hp[1] >= 1
    pick(st, "Play Cinder Volley")
    assert len(events(st, "lethal_save")) == 1
    assert st.result is not None and st.result.winner == 0


def test_a_used_ultimate_stays_used_for_the_rest_of_the_match():
    # rule circuits.18.5
    st = board(heroes=HEROES, rally=(10, 10))
    pick(st, "Ultimate")
    for turn in (7, 9, 11):
        pick(st, "End")
        to_next_action(st, 0)
        assert st.turn == turn and st.rally[0] >= 7
        assert not has(st, "Ultimate")


# -- 18.6 / 18.7 damage events ---------------------------------------------------------------------


def test_one_source_to_one_target_is_one_event_with_one_marked_bonus_and_one_shield_step():
    # rule circuits.18.6
    # A Basic Attack carrying two queued bonuses (Quick Shot's and Heavy Swing's) is still one event:
    # Marked adds 1 once, Shield absorbs once, and Marked is then removed.
    st = board(heroes=HEROES, hands=(["Quick Shot", "Heavy Swing"], []), rally=(5, 5))
    pick(st, "Play Quick Shot")
    pick(st, "Play Heavy Swing")
    st.marked[1] = True
    st.shield[1] = 2
    before = st.hp[1]
    pick(st, "Basic Attack")
    [hit] = [e for e in events(st, "damage") if e["source"] == "Basic Attack"]
    base = 1 + 1 + amount("Quick Shot", "next_attack") + amount("Heavy Swing", "next_attack")  # Volt Reaver +1
    assert (hit["base"], hit["marked"], hit["shielded"], hit["final"]) == (base, 1, 2, base + 1 - 2)
    assert st.hp[1] == before - (base - 1)
    assert st.marked[1] is False and st.shield[1] == 0


def test_damage_to_each_of_several_targets_is_one_event_per_target():
    # rule circuits.18.7
    # Swarm Surge: 2 damage to each enemy Asset, then its Hero damage to the enemy Hero: three events.
    # P1's Shield 2 (Heroes only) is used by the Hero's own event.
    st = board(heroes=("Swarm Architect", "Volt Reaver"), field=([], ["Ember Turret", "Bulwark Drone"]), rally=(7, 3))
    st.shield[1] = 2
    pick(st, "Ultimate")
    hits = [(e["target"], e.get("card"), e["final"]) for e in events(st, "damage")]
    to_hero = next(e.amount for e in card("Swarm Architect").ultimate.effects if e.to == "enemy_hero")
    assert to_hero > 2
    assert hits == [("asset", "Ember Turret", 2), ("asset", "Bulwark Drone", 2), ("hero", None, to_hero - 2)]
    assert [st.damage[a] for a in st.field[1]] == [2, 2]


# -- 18.8 / 18.9 windows inside a resolution ---------------------------------------------------------


def test_a_window_opened_inside_a_resolution_is_a_full_window():
    # rule circuits.18.8
    # Grand Design (the Ultimate of Cinder Oracle (Seer)) reveals P0's Plan while the Ultimate resolves: P1 may answer
    # with an Instant at step 2 (only a full window allows one) and P0 gets step 3.
    st = board(heroes=("Cinder Oracle (Seer)", "Volt Reaver"), plans=(["Battle Plan"], []),
               hands=(["Echo Protocol"], ["Regroup", "Setup Scrambler"]), rally=(8, 5))
    pick(st, "Ultimate")
    asked(st, 1, 2)
    assert "Grand Design" in st.decision.prompt
    pick(st, "Pass")
    asked(st, 1, 2)
    assert "Plan Battle Plan reveals" in st.decision.prompt
    assert answers_offered(st) == ["Regroup", "Setup Scrambler"]
    pick(st, "Regroup")
    asked(st, 0, 3)
    pick(st, "Echo Protocol")
    assert resolved(st) == ["Echo Protocol", "Regroup", "Battle Plan"]


def test_the_inner_window_finishes_before_the_outer_resolution_continues():
    # rule circuits.18.9
    # Forced Collapse: "force a reveal", then "draw a card". The reveal's whole window (Echo Protocol,
    # then the Plan's resolution) comes before Forced Collapse's draw.
    st = board(heroes=HEROES, plans=([], ["Battle Plan"]), hands=(["Forced Collapse"], ["Echo Protocol"]), rally=(5, 5))
    pick(st, "Play Forced Collapse")
    asked(st, 1, 3)
    pick(st, "Echo Protocol")
    plan_done = index(st, "damage", source="Battle Plan")
    assert index(st, "resolve", card="Forced Collapse") < index(st, "plan_revealed") < index(st, "resolve", card="Echo Protocol")
    assert plan_done < index(st, "draw", reason="Forced Collapse")


def test_grand_design_counts_its_reward_after_every_inner_window():
    # rule circuits.18.9
    st = board(heroes=("Cinder Oracle (Seer)", "Volt Reaver"), plans=(["Battle Plan", "Timeline Fold"], []),
               hands=([], ["Regroup"]), rally=(8, 5))
    pick(st, "Ultimate")
    while st.decision is not None and st.decision.kind in ("respond", "plan_order"):
        pick(st, "Pass" if st.decision.kind == "respond" else "Reveal Battle Plan")  # the order: ruling 56
    reward = index(st, "damage", source="Ultimate reward")
    assert all(k < reward for k, e in enumerate(st.log) if e["type"] in ("plan_revealed", "resolve", "pass_window"))
    assert events(st, "plans_resolved")[0]["count"] == 2


# -- 18.10 no legal choice ---------------------------------------------------------------------------


def test_without_a_legal_choice_an_effect_does_as_much_as_it_can():
    # rule circuits.18.10
    # Forced Collapse with no enemy Plan still draws; Thunder Fist with no enemy Gear still gives its
    # next-attack bonus.
    st = board(heroes=HEROES, hands=(["Forced Collapse", "Thunder Fist"], []), rally=(5, 5))
    pick(st, "Play Forced Collapse")
    assert events(st, "plan_revealed") == []
    assert [e["reason"] for e in events(st, "draw")] == ["Forced Collapse"]
    pick(st, "Play Thunder Fist")
    assert events(st, "jam") == []
    assert (0, "next_attack", amount("Thunder Fist", "next_attack")) in [q[:3] for q in st.queued]


#: every condition a printed trigger may have, each met by one player only: the one who plays, takes or
#: prevents damage, heals, loses a Shield, gets an Asset onto the Field or destroyed, or whose turn it is
ONE_PLAYERS_CONDITIONS = {"turn_start", "you_heal", "you_prevent", "you_take_damage", "shield_depleted",
                          "you_play_plan", "you_play_asset", "asset_enters", "this_destroyed", "end_step"}


def test_no_printed_trigger_fires_for_both_players_at_one_moment() -> None:
    # rule circuits.18.3
    # The active player's triggers go first among simultaneous ones, but one moment never fires both
    # players' printed triggers: every condition is one player's (ruling 50), and the engine fires them
    # per player (damage.fire). A card with a condition both players can meet at once (say "when any
    # Asset enters") needs the active player's triggers ordered first: this fails until it is.
    from typing import get_args, get_type_hints

    from cardarena.games.circuits.pool import card_pool
    from cardarena.games.circuits.schema import Trigger_

    conditions = set(get_args(get_type_hints(Trigger_)["when"]))
    assert conditions == ONE_PLAYERS_CONDITIONS, f"trigger conditions changed: {conditions ^ ONE_PLAYERS_CONDITIONS}"
    pool = card_pool()
    holders = [*(h.passive for h in pool.heroes.values()), *pool.gear, *pool.assets]
    printed = {t.when for c in holders for t in c.triggers}
    assert len(printed) >= 8 and printed <= ONE_PLAYERS_CONDITIONS


def test_a_player_orders_their_own_simultaneous_triggers() -> None:
    # rule circuits.18.4
    # circuits ruling 50 (docs/rulings/circuits.md, Further rulings)
    # Sparkwright plays a Plan with Probability Engine on her Field and an empty deck, the enemy Hero at
    # 3 HP: Feedback Read (3 damage) and Probability Engine (draw a card) trigger together, and the order
    # decides the game. Feedback Read first: the enemy Hero is at 0 when the draw decks her out, both
    # lose at once (ruling gap.44). Probability Engine first: the deck-out alone, she loses.
    for first, winner in (("Sparkwright", None), ("Probability Engine", 1)):
        st = scenario(heroes=("Sparkwright", "Lumen Warden"), hands=(["Battle Plan"], []),
                      decks=([], ["Quick Shot"] * 5), field=(["Probability Engine"], []), hp=(None, 3))
        pick(st, "Play Battle Plan")
        assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "trigger_order")
        # in words, not the trigger's id ("you play plan" read from "you_play_plan")
        assert "(when you play a Plan)" in st.decision.prompt
        assert sorted(labels(st)) == ["Probability Engine (when you play a Plan)", "Sparkwright (when you play a Plan)"]
        pick(st, first)
        assert next(e["card"] for e in events(st, "trigger")) == first
        assert st.result is not None and st.result.winner == winner


def test_a_card_with_no_asset_to_choose_still_plays_and_does_what_it_can():
    # rule circuits.18.10
    # Chain Lightning deals 3 to the enemy Hero and 2 to an enemy Asset. With no enemy Asset there is
    # no Asset to choose: it is still playable and deals its Hero damage.
    st = scenario(heroes=HEROES, hands=(["Quick Shot", "Chain Lightning"], []), rally=(10, 10))
    pick(st, "Play Quick Shot")
    assert has(st, "Play Chain Lightning")
    hp = st.hp[1]
    pick(st, "Play Chain Lightning")
    assert st.hp[1] == hp - amount("Chain Lightning", "damage")
