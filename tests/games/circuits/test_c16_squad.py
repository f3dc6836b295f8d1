"""Rule scenarios for rulebook §16, Squad (rules circuits.16.1–16.31, with the Squad items of §1, §5,
§6, §7, §8.4, §11, §12, §13 and §15): the Active Hero and the Bench, Swap and its restricted window,
equips to any Hero, knock-out and Fresh Line, Ultimates and Last Stand, and the Squad win."""

from __future__ import annotations

from circuits_c11_c19_helpers import FILLER, answers_offered, asked, board, to_next_action
from circuits_scenario import GAME, card, events, has, labels, pass_all, pick

from cardarena.games.circuits.squad import FRESH_LINE

P0 = ("Forgeblade", "Lumen Warden", "Volt Reaver")
P1 = ("Ironclad Vanguard", "Swarm Architect", "Prism Tactician")


def hp(name: str) -> int:
    """A Hero's printed HP (the Hero pool's own numbers, docs/rulings/circuits.md ruling 8)."""
    return card(name).hp


def squad(**kw):
    kw.setdefault("heroes", (P0, P1))
    return board(**kw)


def bench_hp(st, p, k):
    return st.benched[st.bench[p][k]][0]


# -- set-up -------------------------------------------------------------------------------------------


def test_a_squad_game_reveals_three_heroes_and_each_player_declares_the_active_one():
    # rule circuits.5.1
    # rule circuits.5.2
    # rule circuits.16.3
    st = GAME.new_game(seed=4, fmt="squad")  # two Squad starters, no decks given
    assert st.config["format"] == "squad"
    assert len(events(st, "reveal_hero")) == 6
    d = st.decision
    assert (d.seat, d.kind) == (0, "active_hero") and len(d.options) == 3
    chosen = d.options[2].data["card"]
    st.apply(d.options[2].id)
    assert st.defs[st.hero[0]].id == chosen and len(st.bench[0]) == 2
    assert (st.decision.seat, st.decision.kind) == (1, "active_hero")
    view = st.view(1)["players"][0]
    assert view["hero"]["id"] == st.hero[0] and [b["id"] for b in view["bench"]] == st.bench[0]


def test_the_squad_loadout_is_five_gear_with_every_slot_chosen_in_secret():
    # rule circuits.5.5
    # rule circuits.5.3
    st = GAME.new_game(seed=4, fmt="squad")
    st.apply("active:hero")
    st.apply("active:hero")
    picks = 0
    while st.decision.kind == "loadout" and st.decision.seat == 0:
        slots = {o.label.split("(")[1].split(",")[0] for o in st.decision.options}
        if picks == 3:  # three Weapons taken: only Armor and Relics can fill the last two picks
            assert slots == {"armor", "relic"}
        weapon = [o for o in st.decision.options if "(weapon" in o.label]
        st.apply((weapon or st.decision.options)[0].id)
        picks += 1
        assert st.view(1)["players"][0]["loadout"] == 0  # nothing of a pick shows before the reveal
        assert isinstance(st.view(1)["players"][0]["armory"], int)
    assert picks == 5
    while st.decision.kind == "loadout":
        st.apply(st.decision.options[0].id)
    slots = [st.defs[g].slot for g in st.loadout[0]]
    assert len(slots) == 5 and set(slots) == {"weapon", "armor", "relic"} and len(st.armory[0]) == 4
    assert [c["id"] for c in st.view(1)["players"][0]["loadout"]] == st.loadout[0]


# -- Active and Bench -------------------------------------------------------------------------------


def test_only_the_active_hero_attacks_and_only_the_enemy_active_hero_can_be_attacked():
    # rule circuits.16.12
    # rule circuits.16.13
    st = squad(field=([], ["Repair Drone"]))
    pick(st, "Basic Attack")
    targets = [o.data["target"] for o in st.decision.options]
    assert {t["zone"] for t in targets} == {"hero", "field"}  # never a Bench Hero
    pick(st, "Ironclad Vanguard")
    pass_all(st)
    assert st.hp[1] == hp("Ironclad Vanguard") - 1
    assert (bench_hp(st, 1, 0), bench_hp(st, 1, 1)) == (hp("Swarm Architect"), hp("Prism Tactician"))
    assert events(st, "attack")[0]["player"] == 0


def test_tactic_damage_and_your_hero_mean_the_active_hero():
    # rule circuits.16.14
    # rule circuits.16.17
    # rule circuits.19.3
    st = squad(hands=(["Quick Shot", "Aegis Flare"], []), field=([], ["Repair Drone"]))
    pick(st, "Quick Shot")
    assert "Swarm Architect" not in " ".join(labels(st)) and len(labels(st)) == 2  # a Bench Hero is no target
    pick(st, "Ironclad Vanguard")
    pass_all(st)
    pick(st, "Aegis Flare")
    pass_all(st)
    assert st.hp[1] == hp("Ironclad Vanguard") - 1
    assert [bench_hp(st, 1, k) for k in (0, 1)] == [hp("Swarm Architect"), hp("Prism Tactician")]
    assert st.shield[0] == 3 and all(st.benched[h][3] == 0 for h in st.bench[0])


def test_a_bench_heros_passive_does_nothing():
    # rule circuits.16.15
    # Volt Reaver's Passive gives +1 to its Basic Attack; on the Bench it adds nothing.
    st = squad(heroes=(("Forgeblade", "Volt Reaver", "Lumen Warden"), P1))
    assert st.hero_card(0).title == "Forgeblade"
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.hp[1] == 29
    st = squad(heroes=(("Volt Reaver", "Forgeblade", "Lumen Warden"), P1))
    pick(st, "Basic Attack")
    pass_all(st)
    assert st.hp[1] == 28


def test_each_hero_keeps_its_hp_gear_and_statuses_on_the_bench_where_burn_does_not_tick():
    # rule circuits.16.18
    # rule circuits.gap.34
    # rule circuits.16.11
    # rule circuits.15.2
    # rule circuits.15.3
    st = squad(gear=(["Impact Maul"], []), hp=(20, None))
    st.burn_enemy[0], st.marked[0], st.shield[0] = 3, True, 2
    forgeblade = st.hero[0]
    pick(st, "Swap", "Lumen Warden")
    pass_all(st)
    assert st.hero_card(0).name == "Lumen Warden" and st.hp[0] == 30 and st.burn_enemy[0] == 0
    assert st.equipped(0) == [] and not st.marked[0]  # the benched Hero's Impact Maul works for nobody
    pick(st, "End")
    pass_all(st)  # P0's End Step: the benched Forgeblade does not Burn
    assert st.benched[forgeblade][:4] == (20, 3, 0, 2) and st.benched[forgeblade][5] is True
    assert [st.name(g) for g in st.benched[forgeblade][-1] if g >= 0] == ["Impact Maul"]
    assert not [e for e in events(st, "damage") if e["burn"]]
    to_next_action(st, 0)
    pick(st, "Swap", "Forgeblade")
    pass_all(st)
    assert st.hp[0] == 20 and st.burn_enemy[0] == 3 and st.marked[0] and st.shield[0] == 2
    assert [st.name(g) for g in st.equipped(0)] == ["Impact Maul"]


# -- Swap -------------------------------------------------------------------------------------------------


def test_swap_costs_one_rally_once_per_action_step_to_a_bench_hero_of_your_choice():
    # rule circuits.16.19
    st = squad(rally=(3, 3))
    swaps = [o for o in st.decision.options if o.id.startswith("swap:")]
    assert [o.id for o in swaps] == ["swap:bench:0", "swap:bench:1"]
    pick(st, "Swap", "Volt Reaver")
    pass_all(st)
    assert st.hero_card(0).title == "Volt Reaver" and st.rally[0] == 2
    assert sorted(st.name(h) for h in st.bench[0]) == ["Forgeblade", "Lumen Warden"]
    assert not has(st, "Swap")  # once per Action Step
    assert events(st, "swap")[0]["out"] == "Forgeblade"
    broke = squad(rally=(0, 0))
    assert not has(broke, "Swap")
    duel = board(heroes=("Forgeblade", "Lumen Warden"))
    assert not has(duel, "Swap")


def test_a_swap_opens_a_restricted_window_for_when_the_enemy_swaps_reactions_only():
    # rule circuits.11.14
    st = squad(hands=([], ["Cut Off", "Quick Shot", "Brace"]))
    pick(st, "Swap", "Lumen Warden")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Cut Off"]  # no Instant, no other Reaction
    pick(st, "Cut Off")
    assert st.decision.kind == "action"  # no step 3 in a restricted window (ruling circuits.gap.23)
    forgeblade = st.bench[0][[st.name(h) for h in st.bench[0]].index("Forgeblade")]
    assert st.benched[forgeblade][0] == hp("Forgeblade") - 2  # Cut Off hit the Hero before it left
    assert st.hero_card(0).name == "Lumen Warden" and st.hp[0] == hp("Lumen Warden")


def test_next_basic_attack_bonuses_stay_with_the_player_through_a_swap():
    # rule circuits.16.20
    st = squad(hands=(["Quick Shot"], []))
    pick(st, "Quick Shot")
    pass_all(st)
    pick(st, "Swap", "Lumen Warden")
    pass_all(st)
    pick(st, "Basic Attack (2 damage)")
    pass_all(st)
    assert st.hp[1] == 30 - 1 - 2


def test_plans_belong_to_the_player_through_swaps_and_knock_outs():
    # rule circuits.12.18
    st = squad(plans=(["Battle Plan"], []), hp=(1, None), hands=([], ["Quick Shot"]))
    plan = st.plans[0][0]
    pick(st, "Swap", "Lumen Warden")
    pass_all(st)
    assert st.plans[0] == [plan]
    pick(st, "End")
    pass_all(st)
    st.hp[0] = 1
    to_next_action(st, 1)
    pick(st, "Quick Shot")
    pass_all(st)
    assert st.fallen[0] and st.plans[0] == [plan]


# -- equips ---------------------------------------------------------------------------------------------


def test_up_to_two_equips_a_turn_to_any_hero_at_most_one_to_the_active_hero():
    # rule circuits.16.8
    # rule circuits.16.9
    # rule circuits.16.10
    st = squad(loadout=(["Impact Maul", "Plated Harness", "Sunlance"], []), rally=(10, 10))
    ids = [o.id for o in st.decision.options if o.id.startswith("equip:")]
    assert "equip:kin-impact-maul:hero:0" in ids and "equip:kin-impact-maul:bench:0" in ids
    pick(st, "Equip Impact Maul to Forgeblade")
    pass_all(st)
    assert not [o for o in st.decision.options if o.id.startswith("equip:") and ":hero:" in o.id]
    pick(st, "Equip Plated Harness to Volt Reaver")
    pass_all(st)
    assert not [o for o in st.decision.options if o.id.startswith("equip:")]  # a third equip is refused
    volt = next(h for h in st.bench[0] if st.name(h) == "Volt Reaver")
    assert [st.name(g) for g in st.equipped(0)] == ["Impact Maul"]
    assert [st.name(g) for g in st.benched[volt][-1] if g >= 0] == ["Plated Harness"]
    assert st.view(1)["players"][0]["bench"][[st.name(h) for h in st.bench[0]].index("Volt Reaver")]["gear"][0]["name"] \
        == "Plated Harness"


def test_two_bench_equips_leave_the_active_equip_unused():
    # rule circuits.16.10
    # rule circuits.gap.33
    st = squad(loadout=(["Impact Maul", "Plated Harness"], []), rally=(10, 10))
    # Gear need only be legal for the Squad's identity: Kinetic Impact Maul goes to Radiant/Nano Lumen Warden
    pick(st, "Equip Impact Maul to Lumen Warden")
    pass_all(st)
    warden = next(h for h in st.bench[0] if st.name(h) == "Lumen Warden")
    assert [st.name(g) for g in st.benched[warden][-1] if g >= 0] == ["Impact Maul"]
    pick(st, "Equip Plated Harness to Volt Reaver")
    pass_all(st)
    assert not [o for o in st.decision.options if o.id.startswith("equip:")]


def test_an_asset_hp_bonus_stops_when_its_hero_leaves_active():
    # rule circuits.8.4.4
    st = squad(heroes=(("Swarm Architect", "Forgeblade", "Lumen Warden"), P1), gear=(["Scaffold Matrix"], []),
               field=(["Repair Drone"], []))
    drone = st.field[0][0]
    st.damage[drone] = st.defs[drone].hp  # lethal without the +1 HP of Scaffold Matrix
    pick(st, "Swap", "Forgeblade")
    pass_all(st)
    assert drone in st.discard[0] and events(st, "destroyed")


# -- knock-out ------------------------------------------------------------------------------------


def test_a_knocked_out_hero_goes_to_the_fallen_pile_its_gear_to_scrap_and_a_promoted_hero_gets_fresh_line():
    # rule circuits.16.21
    # rule circuits.16.22
    # rule circuits.16.23
    # rule circuits.16.24
    st = squad(hands=(["Quick Shot"], []), gear=([], ["Impact Maul"]), hp=(None, 1))
    ironclad = st.hero[1]
    pick(st, "Quick Shot")
    pass_all_but(st, "promote")
    assert (st.decision.seat, st.decision.kind) == (1, "promote") and len(st.decision.options) == 2
    assert st.fallen[1] == [ironclad] and [st.name(g) for g in st.scrap[1]] == ["Impact Maul"]
    st.apply("promote:bench:1")
    assert st.hero_card(1).name == "Prism Tactician" and st.shield[1] == FRESH_LINE
    assert events(st, "promote")[0]["shield"] == FRESH_LINE and st.result is None
    assert st.view(0)["players"][1]["fallen"][0]["name"] == "Ironclad Vanguard"


def pass_all_but(st, kind):
    while st.decision is not None and st.decision.kind not in ("action", kind):
        ids = [o.id for o in st.decision.options]
        st.apply(next((k for k in ("pass", "no_token", "keep", "end") if k in ids), ids[0]))


def test_a_knock_out_inside_a_window_lets_the_window_finish_on_the_promoted_hero():
    # rule circuits.16.25
    # rule circuits.gap.32
    # rule circuits.16.26
    # Grand Design resolves both Plans in its own window: the first knocks out the Active Hero, the
    # second Plan and the Ultimate's reward then hit the promoted Hero, behind Fresh Line.
    st = squad(heroes=(("Cinder Oracle (Seer)", "Forgeblade", "Lumen Warden"), P1),
               plans=(["Battle Plan", "Siege Ram"], []), hp=(None, 2))
    pick(st, "Ultimate")
    while st.decision.kind != "promote":
        st.apply(st.decision.options[0].id if st.decision.kind != "respond" else "pass")
    st.apply("promote:bench:0")  # Swarm Architect, at full HP
    pass_all(st)
    assert st.hero_card(1).name == "Swarm Architect" and st.result is None
    hits = [e for e in events(st, "damage") if e["player"] == 1]
    assert hits[-1]["source"] == "Ultimate reward" and hits[-1]["base"] == 4
    # the second Plan (2 or 4) and the reward (4) hit Swarm Architect; Fresh Line took the first 2
    assert hits[-2]["shielded"] == 2 and st.hp[1] == hp("Swarm Architect") - (hits[-2]["base"] - 2) - 4


def test_when_both_active_heroes_are_knocked_out_at_once_the_active_player_promotes_first():
    # rule circuits.18.3
    # rule circuits.16.23
    # P2's attack knocks out P1's Ironclad Vanguard; its Riposte (Plated Harness prevented 1) knocks out
    # P2's Forgeblade in the same event. P2 is the active player: it chooses its promotion first, and
    # P1 chooses seeing it (it used to be seat order: P1 first, whoever's turn it was).
    st = squad(heroes=(("Ironclad Vanguard", "Lumen Warden", "Volt Reaver"), ("Forgeblade", *P1[1:])),
               gear=(["Plated Harness"], ["Impact Maul"]), hp=(2, 1), active=1)
    pick(st, "Basic Attack")
    pass_all_but(st, "promote")
    assert [e["player"] for e in events(st, "knock_out")] == [1, 0]
    assert (st.decision.seat, st.decision.kind) == (1, "promote")
    st.apply("promote:bench:1")
    assert (st.decision.seat, st.decision.kind) == (0, "promote")
    st.apply("promote:bench:0")
    assert [e["player"] for e in events(st, "promote")] == [1, 0] and st.result is None


def test_a_player_with_no_bench_hero_to_promote_has_lost():
    # rule circuits.16.27
    st = squad(hands=(["Quick Shot"], []), hp=(None, 1))
    st.bench[1] = []  # a Squad left with its Active Hero only
    st.benched = {}
    pick(st, "Quick Shot")
    pass_all(st)
    assert (st.result.winner, st.result.reason) == (0, "no_hero_to_promote")


def test_knocking_out_two_enemy_heroes_wins():
    # rule circuits.1.4
    # rule circuits.16.21
    st = squad(hands=(["Quick Shot"], []), hp=(None, 1))
    st.fallen[1] = [st.bench[1].pop()]
    pick(st, "Quick Shot")
    pass_all(st)
    assert (st.result.winner, st.result.reason) == (0, "two_heroes_knocked_out")
    assert events(st, "knock_out")[-1]["fallen"] == 2


def test_deck_out_loses_in_squad():
    # rule circuits.1.5
    st = squad(hands=(["Regroup"], []), decks=([FILLER], [FILLER] * 5))
    pick(st, "Regroup")
    pass_all(st)
    assert (st.result.winner, st.result.reason) == (1, "deck_out")


def test_a_deck_out_is_a_draw_only_when_the_other_squad_has_lost_in_the_same_resolution():
    # rule circuits.1.5
    # rule circuits.gap.44
    # Forgeblade's attack takes Ironclad Vanguard from 6 to 4 HP; Riposte knocks the attacker out;
    # Breakpoint 5 has P2 draw from an empty deck. With P0's first Hero already Fallen that knock-out
    # is P0's second (a draw); with a whole Bench P0 would promote, so the deck-out is P2's loss.
    for fallen, result in ((1, (None, "deck_out_and_knockout")), (0, (0, "deck_out"))):
        st = squad(heroes=(("Forgeblade", "Lumen Warden", "Volt Reaver"), P1), gear=(["Impact Maul"], ["Padded Vest"]),
                   hp=(1, 6), decks=([FILLER] * 5, []))
        if fallen:
            st.fallen[0] = [st.bench[0].pop()]
        pick(st, "Basic Attack")
        pass_all(st)
        assert st.result is not None and (st.result.winner, st.result.reason) == result


# -- Ultimates, Second Wind, Breakpoints, Overtime -------------------------------------------------


def test_each_hero_has_its_own_ultimate_once_per_match_only_while_active():
    # rule circuits.16.16
    # rule circuits.16.28
    st = squad(rally=(10, 10))
    pick(st, "Ultimate: Masterwork")
    pass_all(st)
    pick(st, "End")
    to_next_action(st, 0)
    assert not has(st, "Ultimate")  # Forgeblade used its own
    pick(st, "Swap", "Lumen Warden")
    pass_all(st)
    assert not has(st, "Ultimate")  # Lumen Warden became Active this turn (rule 16.29)
    pick(st, "End")
    to_next_action(st, 0)
    assert has(st, "Ultimate: High Noon")  # a Bench Hero's Ultimate was never usable from the Bench


def test_no_ultimate_on_the_turn_a_hero_became_active_by_swap_or_promotion():
    # rule circuits.16.29
    st = squad(rally=(10, 10))
    pick(st, "Swap", "Volt Reaver")
    pass_all(st)
    assert not has(st, "Ultimate")
    st = squad(hands=([], ["Quick Shot"]), active=1, hp=(1, None), rally=(10, 10))
    pick(st, "Quick Shot")
    pass_all_but(st, "promote")
    st.apply("promote:bench:1")  # Volt Reaver
    pass_all(st)
    pick(st, "End")
    to_next_action(st, 0)
    assert has(st, "Ultimate: Thunderclap (6 Rally)")  # its own next turn: allowed, Last Stand −1


def test_last_stand_lowers_ultimates_by_one_per_fallen_hero_never_below_five():
    # rule circuits.16.30
    # rule circuits.13.3
    st = squad(rally=(10, 10))
    assert has(st, "Ultimate: Masterwork (7 Rally)")
    st.fallen[0] = [st.bench[0][0]]
    st.apply("end")  # re-ask the Action Step through a fresh decision
    to_next_action(st, 0)
    assert has(st, "Ultimate: Masterwork (6 Rally)")
    # the floor: more Fallen Heroes than a live Base 001 game allows still cost 5 (circuits ruling 48)
    from cardarena.games.circuits.actions import ultimate_cost
    for n in (2, 3, 5):
        st.fallen[0] = list(range(n))
        assert ultimate_cost(st, 0) == 5


def test_second_wind_is_once_per_match_measured_on_the_active_hero():
    # rule circuits.16.31
    st = squad(start="turn_start", turn=5, hp=(hp("Forgeblade") // 2, None), capacity=(3, 3), rally=(3, 3))
    to_next_action(st, 0)
    assert st.capacity[0] == 5 and events(st, "second_wind")
    pick(st, "Swap", "Lumen Warden")
    pass_all(st)
    st.hp[0] = hp("Lumen Warden") // 2 - 1  # the new Active Hero is below half too
    pick(st, "End")
    to_next_action(st, 0)
    assert st.capacity[0] == 6 and len(events(st, "second_wind")) == 1


def test_each_squad_hero_has_its_own_breakpoints():
    # rule circuits.6.22
    st = squad(hands=(["Quick Shot", "Quick Shot"], []), hp=(None, 11))
    st.benched[st.bench[1][0]] = (11, *st.benched[st.bench[1][0]][1:])
    pick(st, "Quick Shot")
    pass_all(st)
    assert len(events(st, "breakpoint")) == 1
    pick(st, "End")
    to_next_action(st, 1)
    pick(st, "Swap", "Swarm Architect")
    pass_all(st)
    pick(st, "End")
    to_next_action(st, 0)
    pick(st, "Quick Shot")
    pass_all(st)
    assert [e["player"] for e in events(st, "breakpoint")] == [1, 1]


def test_overtime_counts_each_players_own_turns_in_squad():
    # rule circuits.7.20
    st = squad(turn=17)  # P0's 9th turn
    assert has(st, "Basic Attack (2 damage)")
