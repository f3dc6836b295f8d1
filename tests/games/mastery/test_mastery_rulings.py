"""Scenarios pinning the rulings of docs/rulings/mastery.md (the gaps of the rulebook)."""

from __future__ import annotations

from mastery_scenario import GAME, act_with, card, events, has, hp_of, pass_opportunity, pick, scenario, slot


def end_round(st) -> None:  # type: ignore[no-untyped-def]
    r = st.round
    while st.round == r and st.result is None:
        pass_opportunity(st)


def test_gap1_tactics_have_no_performer_and_attacks_are_damage() -> None:
    # rule mastery.gap.1
    # rule mastery.gap.10
    st = scenario(hands=(["Throwing Knife"], []))
    pick(st, "Throwing Knife")
    assert st.decision.kind == "target"  # straight to the target: no performer
    pick(st, "Brann")
    perform = events(st, "perform")[0]
    assert perform["mode"] == "tactic" and perform["hero"] is None
    assert st.kit == [()] * 6  # never Mastery
    assert st.discard[0] and st.defs[st.discard[0][0]].name == "Throwing Knife"


def test_gap2_both_players_may_field_the_same_hero() -> None:
    # rule mastery.gap.2
    st = GAME.new_game(decks=["venom_circle", "venom_circle"], seed=2)
    assert [h.id for h in st.heroes] == ["oren", "vessa", "rook"] * 2


def test_gap4_gap14_empty_deck_reshuffles_the_discard_then_skips() -> None:
    # rule mastery.gap.4
    # rule mastery.gap.14
    st = scenario(hands=(["Slash"] * 3, ["Slash"] * 7), decks=([], []), discard=(["Mend Wounds"] * 2, []),
                  start="round_start")
    assert len(st.hand[0]) == 5 and st.discard[0] == [] and st.deck[0] == []
    assert events(st, "reshuffle")[0]["cards"] == 2
    assert events(st, "draw_skipped")[0]["missing"] == 2 and st.result is None


def test_gap6_no_hand_limit() -> None:
    # rule mastery.gap.6
    st = scenario(hands=(["Slash"] * 9, []), start="round_start")
    assert len(st.hand[0]) == 9


def test_gap8_two_passes_in_a_row_end_the_round() -> None:
    # rule mastery.gap.8
    st = scenario(hands=([], ["Slash"]))
    pass_opportunity(st)
    act_with(st, "Slash", target="Kael")  # P2 acts: the passes start over
    pass_opportunity(st)
    assert st.round == 2
    pass_opportunity(st)
    assert st.round == 3


def test_gap9_opportunity_asked_without_ready_heroes() -> None:
    # rule mastery.gap.9
    st = scenario(hands=(["War Drums", "Slash"], []), used=["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"])
    assert st.decision.kind == "opportunity" and has(st, "War Drums") and not has(st, "Perform")
    st = scenario(used=["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"])
    assert st.decision.kind == "opportunity" and st.decision.ids == ["pass"]


def test_gap13_passives() -> None:
    # rule mastery.gap.13
    # Venom Veins: Vessa cannot be Poisoned
    st = scenario(parties=(["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"],
                           ["Oren Ashveil", "Vessa Nightthorn", "Rook Thornwall"]), hands=(["Poison Dart"], []))
    pick(st, "Poison Dart")
    pick(st, "Vessa")
    assert st.poison[slot(st, "Vessa Nightthorn")] == 0
    # Stubborn Mend heals at the End Phase; Bulwark Presence gives Gorm's allies +1 DEF
    st.hp[slot(st, "Rook Thornwall")] = 10
    st.apply("pass")
    end_round(st)
    assert hp_of(st, "Rook Thornwall") == 10 + card("Rook Thornwall").passive.amount
    from cardarena.games.mastery.effects import defense

    assert defense(st, slot(st, "Kael Emberstride")) == card("Kael Emberstride").defense + 1
    # a defeated Hero's Passive ends
    st.hp[slot(st, "Gorm Ironhide")] = 0
    assert defense(st, slot(st, "Kael Emberstride")) == card("Kael Emberstride").defense
    # Rivet Sense: Tamsin's DEF grants are +1
    st = scenario(parties=(["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"],
                           ["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"]), hands=(["Forge Plating"], []))
    act_with(st, "Forge Plating", target="Brann")
    assert st.def_up[slot(st, "Brann Stormfist")] == card("Forge Plating").effects[0].amount + 1


def test_gap18_shield_blocks_the_whole_attack_and_does_not_stack() -> None:
    # rule mastery.gap.18
    st = scenario(hands=(["Poisoned Blade"], []), shielded=["Brann Stormfist"])
    act_with(st, "Poisoned Blade", target="Brann")
    assert st.poison[slot(st, "Brann Stormfist")] == 0 and hp_of(st, "Brann Stormfist") == 18
    st = scenario(hands=(["Protective Prayer"], []), shielded=["Kael Emberstride"])
    act_with(st, "Protective Prayer", target="Kael")
    assert st.shielded[slot(st, "Kael Emberstride")] and st.kit[slot(st, "Mira Dawnsong")] == ()


def test_gap18_redirect_is_used_up_by_the_next_single_target_attack() -> None:
    # rule mastery.gap.18
    st = scenario(hands=(["Provoke"], ["Slash", "Slash"]))
    act_with(st, "Provoke")
    act_with(st, "Slash", target="Gorm")  # already on Gorm: the redirect is used up anyway
    assert st.redirect[0] == -1
    st.used[slot(st, "Brann Stormfist")] = False  # a second attack this Round, for the test
    pass_opportunity(st)
    act_with(st, "Slash", target="Mira")
    assert hp_of(st, "Mira Dawnsong") < 16


def test_gap19_poison_is_hp_loss_and_refreshes() -> None:
    # rule mastery.gap.19
    st = scenario(hands=(["Poison Dart"], []), poison={"Brann Stormfist": 1}, shielded=["Brann Stormfist"])
    st.def_up[slot(st, "Brann Stormfist")] = 9
    pick(st, "Poison Dart")
    pick(st, "Brann")
    brann = slot(st, "Brann Stormfist")
    assert st.poison[brann] == 2 and events(st, "poisoned")[0]["refreshed"]  # back to 2, not 3
    st.apply("pass")
    end_round(st)
    assert st.hp[brann] == 16 and st.shielded[brann]  # DEF and Shielded do not stop the loss
    st = scenario(hp={"Brann Stormfist": 2}, poison={"Brann Stormfist": 2})
    end_round(st)
    assert st.hp[slot(st, "Brann Stormfist")] == 0  # it can defeat


def test_gap20_defeated_heroes_are_not_healed() -> None:
    # rule mastery.gap.20
    st = scenario(hands=(["Healing Light", "Dawnsong Hymn"], []), hp={"Kael Emberstride": 0})
    pick(st, "Healing Light")
    assert all("Kael" not in o.label for o in st.decision.options)
    st = scenario(hands=(["Dawnsong Hymn"], []), hp={"Kael Emberstride": 0, "Gorm Ironhide": 20})
    act_with(st, "Dawnsong Hymn")
    assert hp_of(st, "Kael Emberstride") == 0 and hp_of(st, "Gorm Ironhide") > 20


def test_gap22_blocked_attack_qualifies() -> None:
    # rule mastery.gap.22
    st = scenario(hands=(["Slash"], []), shielded=["Brann Stormfist"])
    act_with(st, "Slash", target="Brann")
    assert st.kit[slot(st, "Kael Emberstride")] == (card("Slash").id,)


def test_gap24_spent_skills_survive_the_round() -> None:
    # rule mastery.gap.24
    st = scenario(kit={"Kael Emberstride": ["Power Strike", "Slash", "Feint"]},
                  spent={"Kael Emberstride": ["Power Strike"]})
    end_round(st)
    assert st.spent[slot(st, "Kael Emberstride")] == (card("Power Strike").id,)


def test_gap33_round_cap_tie_break() -> None:
    # rule mastery.gap.33
    st = scenario(round=20, hp={"Mira Dawnsong": 0})
    end_round(st)
    assert st.result is not None and st.result.winner == 1 and st.result.reason == "round_cap"
    assert events(st, "round_cap")[0]["decided_by"] == "survivors"
    st = scenario(round=20, hp={"Brann Stormfist": 10})
    end_round(st)
    assert st.result.winner == 0 and events(st, "round_cap")[0]["decided_by"] == "total_hp"
    st = scenario(round=20, parties=(["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"],) * 2)
    end_round(st)
    assert st.result.winner is None and events(st, "round_cap")[0]["decided_by"] == "tie"
    assert GAME.rule_defaults["round_cap"] == 20


def test_gap33_the_result_line_without_the_log_names_what_the_cap_compares() -> None:
    # rule mastery.gap.33
    # The play-by-play's "Result:" line is worded from the result event alone (no log): it said only
    # "the Round cap ended the game", never by what a player won or why a cap game was a draw.
    from cardarena.games.mastery.narrate import narrate

    same = (["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"],) * 2
    for st, winner in ((scenario(round=20, hp={"Brann Stormfist": 10}), 0), (scenario(round=20, parties=same), None)):
        end_round(st)
        assert st.result.reason == "round_cap" and st.result.winner == winner
        line = narrate(events(st, "result")[0]) or ""
        assert line.strip().startswith("Result: P1 wins:" if winner == 0 else "Result: Draw:")
        assert "more surviving Heroes, then more total HP, else a draw" in line


def test_level2_cards_of_a_defeated_hero_are_dead_cards() -> None:
    st = scenario(hands=(["Whirling Blades"], []), path={"Kael Emberstride": "Bladestorm"},
                  hp={"Kael Emberstride": 0})
    assert not has(st, "Whirling Blades")
    assert sum(st.defs[i].name == "Whirling Blades" for i in st.deck[0]) == 2  # they stay in the deck


def test_gap13_heal_bonus_adds_to_the_healing_performed() -> None:
    # rule mastery.gap.13
    st = scenario(hands=(["Mend Wounds"], []), hp={"Kael Emberstride": 10})
    act_with(st, "Mend Wounds", target="Kael")  # Mira's Gentle Hands: +1
    assert hp_of(st, "Kael Emberstride") == 10 + card("Mend Wounds").effects[0].amount + 1


def test_gap13_guard_bonus_adds_to_damage_reductions() -> None:
    # rule mastery.gap.13
    tp = (["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"],
          ["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"])
    st = scenario(parties=tp, hands=(["Shield Wall"], ["Slash"]))
    act_with(st, "Shield Wall")  # Hild, the only Tank: Shieldwright +1
    n = card("Shield Wall").effects[0].amount + card("Hild Stonewarden").passive.amount
    assert st.reduce[:3] == [n] * 3
    act_with(st, "Slash", target="Hild")
    d = events(st, "damage")[0]
    assert d["reduced"] == n
    assert d["final"] == max(1, d["base"] + d["bonus"] - d["defense"] - n)


def test_gap13_end_phase_healing_gets_no_heal_bonus() -> None:
    # rule mastery.gap.13
    # Lysa's Second Breath heals at the End Phase; the heal is performed by nobody, so neither her
    # Lightbringer Radiance (heal_bonus) nor Mira's Gentle Hands adds to it
    party = ["Lysa Quillmark", "Kael Emberstride", "Gorm Ironhide"]
    st = scenario(parties=(party, ["Mira Dawnsong", "Brann Stormfist", "Hild Stonewarden"]),
                  path={"Lysa Quillmark": "Lightbringer"}, hp={"Lysa Quillmark": 8}, start="end_phase")
    assert card("Lightbringer").passive.kind == "heal_bonus"
    assert events(st, "heal")[0]["amount"] == card("Lysa Quillmark").passive.amount
    assert hp_of(st, "Lysa Quillmark") == 8 + card("Lysa Quillmark").passive.amount


def test_gap18_intercepted_damage_uses_the_interceptors_def_and_shield() -> None:
    # rule mastery.gap.18
    # Kael's own protection (a big DEF grant, Shielded) plays no part: Gorm takes the hit as Gorm
    st = scenario(hands=(["Bodyguard"], ["Slash"]))
    kael, gorm = slot(st, "Kael Emberstride"), slot(st, "Gorm Ironhide")
    st.def_up[kael] = 9
    act_with(st, "Bodyguard", target="Kael")
    act_with(st, "Slash", target="Kael")
    d = events(st, "damage")[0]
    base = card("Slash").effects[0].amount + card("Brann Stormfist").passive.amount
    assert d["hero"] == {"seat": 0, "slot": 2} and d["defense"] == card("Gorm Ironhide").defense
    assert st.hp[gorm] == card("Gorm Ironhide").hp - max(1, base - card("Gorm Ironhide").defense)
    assert hp_of(st, "Kael Emberstride") == card("Kael Emberstride").hp
    # Gorm's Shield blocks the intercepted damage; Kael's Shield stays in place
    st = scenario(hands=(["Bodyguard"], ["Slash"]), shielded=["Gorm Ironhide"])
    act_with(st, "Bodyguard", target="Kael")
    st.shielded[kael] = True
    act_with(st, "Slash", target="Kael")
    assert events(st, "blocked")[0]["hero"] == {"seat": 0, "slot": 2}
    assert not st.shielded[gorm] and st.shielded[kael]
    assert st.hp[gorm] == card("Gorm Ironhide").hp and hp_of(st, "Kael Emberstride") == card("Kael Emberstride").hp


def test_gap22_poison_at_duration_two_is_no_real_effect() -> None:
    # rule mastery.gap.22
    party = (["Oren Ashveil", "Kael Emberstride", "Gorm Ironhide"], ["Tamsin Bellwright", "Brann Stormfist",
                                                                     "Hild Stonewarden"])
    full = {n: 2 for n in party[1]}
    st = scenario(parties=party, hands=(["Caustic Cloud"], []), poison=full)
    act_with(st, "Caustic Cloud")  # Oren, an Alchemist: Poisons each enemy, all already at 2
    assert [e["refreshed"] for e in events(st, "poisoned")] == [True] * 3
    assert st.poison[3:] == [2, 2, 2] and st.kit[slot(st, "Oren Ashveil")] == ()
    # a refresh below 2 is a real effect
    st = scenario(parties=party, hands=(["Caustic Cloud"], []), poison={**full, "Brann Stormfist": 1})
    act_with(st, "Caustic Cloud")
    assert st.kit[slot(st, "Oren Ashveil")] == (card("Caustic Cloud").id,)


def test_gap29_both_players_lose_a_hero_first_player_asked_first() -> None:
    # rule mastery.gap.29
    # both Attackers are on Bladestorm with Battle Medic earned; Poisoned defeats Mira and Tamsin at
    # the same End Phase; seat 1 is the Round's first player
    kit = ["Power Strike", "Slash", "Second Wind", "Battle Focus"]
    st = scenario(kit={"Kael Emberstride": kit, "Brann Stormfist": kit},
                  path={"Kael Emberstride": "Bladestorm", "Brann Stormfist": "Bladestorm"},
                  hp={"Mira Dawnsong": 2, "Tamsin Bellwright": 2},
                  poison={"Mira Dawnsong": 2, "Tamsin Bellwright": 2}, active=1, start="end_phase")
    assert hp_of(st, "Mira Dawnsong") == 0 and hp_of(st, "Tamsin Bellwright") == 0
    assert st.first == 1
    assert st.decision.kind == "rebalance" and st.decision.seat == 1
    pick(st, "Decline")
    assert st.decision.kind == "rebalance" and st.decision.seat == 0
    st = scenario(kit={"Kael Emberstride": kit, "Brann Stormfist": kit},
                  path={"Kael Emberstride": "Bladestorm", "Brann Stormfist": "Bladestorm"},
                  hp={"Mira Dawnsong": 2, "Tamsin Bellwright": 2},
                  poison={"Mira Dawnsong": 2, "Tamsin Bellwright": 2}, active=0, start="end_phase")
    assert st.decision.kind == "rebalance" and st.decision.seat == 0


def test_gap29_no_rebalance_at_the_end_of_the_last_round() -> None:
    # rule mastery.gap.29, rule mastery.gap.33: a Hero defeated in the End Phase of the last Round
    # is followed by the Round cap, which no Rebalance could change; a Round earlier it is offered
    kit = ["Power Strike", "Slash", "Second Wind", "Battle Focus"]
    board = dict(kit={"Kael Emberstride": kit}, path={"Kael Emberstride": "Bladestorm"},
                 hp={"Mira Dawnsong": 2}, poison={"Mira Dawnsong": 2}, start="end_phase")
    st = scenario(round=GAME.rule_defaults["round_cap"], **board)  # type: ignore[arg-type]
    assert hp_of(st, "Mira Dawnsong") == 0
    assert st.decision is None and st.result is not None and st.result.reason == "round_cap"
    assert not events(st, "rebalance_declined")
    st = scenario(round=GAME.rule_defaults["round_cap"] - 1, **board)  # type: ignore[arg-type]
    assert st.decision.kind == "rebalance" and st.decision.seat == 0


def test_gap32_intercepts_and_redirects_expire_with_the_round() -> None:
    # rule mastery.gap.32
    st = scenario(hands=(["Taunting Banner", "Bodyguard"], ["Slash"]))
    act_with(st, "Taunting Banner", target="Mira")  # the next single-target attack goes to Mira
    act_with(st, "Bodyguard", target="Kael")  # Gorm intercepts the next attack on Kael
    mira, kael, gorm = slot(st, "Mira Dawnsong"), slot(st, "Kael Emberstride"), slot(st, "Gorm Ironhide")
    assert st.redirect[0] == mira and st.intercept[kael] == gorm
    end_round(st)
    assert st.round == 3 and st.redirect == [-1, -1] and st.intercept == [-1] * 6
    assert events(st, "round_effects_expire")
    assert st.decision.seat == 1  # the first player of Round 3
    act_with(st, "Slash", target="Kael")
    assert not events(st, "redirected") and not events(st, "intercepted")
    assert events(st, "damage")[-1]["hero"] == {"seat": 0, "slot": 1}
    assert hp_of(st, "Kael Emberstride") < card("Kael Emberstride").hp
    assert hp_of(st, "Mira Dawnsong") == card("Mira Dawnsong").hp and st.hp[gorm] == card("Gorm Ironhide").hp
