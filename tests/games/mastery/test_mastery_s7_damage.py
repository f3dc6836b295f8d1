"""Rule scenarios for rulebook §7: damage, healing, DEF and protection. Numbers come from card data."""

from __future__ import annotations

from mastery_scenario import GAME, P1, act_with, card, events, hp_of, pass_opportunity, pick, scenario, slot

WIDE = (P1, ["Lysa Quillmark", "Ysolde Farshot", "Edda Vanecrest"])
KAEL_BONUS = card("Kael Emberstride").passive.amount


def dmg(name: str) -> int:
    return int(card(name).effects[0].amount)


def end_round(st) -> None:  # type: ignore[no-untyped-def]
    r = st.round
    while st.round == r and st.result is None:
        pass_opportunity(st)


def test_multi_target_damage_is_per_hero() -> None:
    # rule mastery.7.1
    st = scenario(parties=WIDE, hands=(["Cleave"], []))
    before = {n: hp_of(st, n) for n in WIDE[1]}
    act_with(st, "Cleave")
    for n in WIDE[1]:
        expected = max(1, dmg("Cleave") + KAEL_BONUS - card(n).defense)
        assert before[n] - hp_of(st, n) == expected, n
    assert len(events(st, "damage")) == 3


def test_def_and_minimum_one() -> None:
    # rule mastery.7.2
    # rule mastery.7.3
    # rule mastery.gap.17
    st = scenario(hands=(["Ember Arrow", "Slash"], []))
    act_with(st, "Ember Arrow", target="Brann")
    assert card("Brann Stormfist").hp - hp_of(st, "Brann Stormfist") == dmg("Ember Arrow") + KAEL_BONUS - 2
    st = scenario(hands=(["Slash"], []))
    st.def_up[slot(st, "Hild Stonewarden")] = 5
    act_with(st, "Slash", target="Hild")
    assert events(st, "damage")[0]["final"] == 1  # 4 into DEF 8 still deals 1


def test_full_prevention_and_explicit_zero() -> None:
    # rule mastery.7.4
    # rule mastery.7.5
    # rule mastery.7.10
    st = scenario(hands=(["Slash"], []), shielded=["Brann Stormfist"])
    act_with(st, "Slash", target="Brann")
    assert hp_of(st, "Brann Stormfist") == card("Brann Stormfist").hp  # 0 damage: the minimum does not apply
    # Feint "may deal 0": into Hild's DEF 3 it deals 0, and a 0-damage attack leaves Shielded in place
    st = scenario(hands=(["Feint"], []), shielded=["Hild Stonewarden"])
    assert dmg("Feint") + KAEL_BONUS <= card("Hild Stonewarden").defense
    act_with(st, "Feint", target="Hild")
    assert events(st, "damage")[0]["final"] == 0
    assert st.shielded[slot(st, "Hild Stonewarden")]


def test_healing_restores_up_to_max() -> None:
    # rule mastery.7.6
    # rule mastery.7.7
    st = scenario(hands=(["Healing Light"], []), hp={"Kael Emberstride": 14})
    act_with(st, "Healing Light", target="Kael")
    assert hp_of(st, "Kael Emberstride") == 16
    assert events(st, "heal")[0]["amount"] == 2  # heal 4 (+1 Gentle Hands) on a Hero 2 below maximum


def test_shielded_blocks_the_next_attack_then_is_removed() -> None:
    # rule mastery.7.8
    # rule mastery.7.9
    st = scenario(hands=(["Slash", "Throwing Knife"], []), shielded=["Brann Stormfist"])
    pick(st, "Throwing Knife")
    pick(st, "Brann")
    assert hp_of(st, "Brann Stormfist") == 18 and not st.shielded[slot(st, "Brann Stormfist")]
    assert events(st, "blocked")
    act_with(st, "Slash", target="Brann")
    assert hp_of(st, "Brann Stormfist") == 18 - (dmg("Slash") + KAEL_BONUS - 2)


def test_poisoned_two_end_phases_two_hp_each() -> None:
    # rule mastery.7.11
    # rule mastery.7.12
    # rule mastery.7.13
    # rule mastery.7.14
    # rule mastery.7.15
    st = scenario(hands=(["Poison Dart"], []))
    pick(st, "Poison Dart")
    pick(st, "Brann")
    brann = slot(st, "Brann Stormfist")
    assert st.poison[brann] == 2 and st.hp[brann] == 18  # no loss when applied
    st.apply("pass")
    end_round(st)
    ticks = events(st, "poison_tick")
    assert [(t["hp"], t["left"]) for t in ticks] == [(16, 1)]  # lose 2, then duration −1
    end_round(st)
    end_round(st)
    ticks = events(st, "poison_tick")
    assert [(t["hp"], t["left"]) for t in ticks] == [(16, 1), (14, 0)]
    assert st.hp[brann] == 14 and st.poison[brann] == 0


def test_prevent_and_remove_poisoned() -> None:
    # rule mastery.7.16
    # rule mastery.7.17
    st = scenario(hands=([], ["Poison Dart"]), active=1)
    st.ward[slot(st, "Kael Emberstride")] = True
    pick(st, "Poison Dart")
    pick(st, "Kael")
    assert st.poison[slot(st, "Kael Emberstride")] == 0 and events(st, "poison_prevented")
    st = scenario(hands=(["Purge"], []), poison={"Kael Emberstride": 2})
    pick(st, "Purge")
    pick(st, "Kael")
    assert st.poison[slot(st, "Kael Emberstride")] == 0
    st.apply("pass")
    end_round(st)
    assert not events(st, "poison_tick") and hp_of(st, "Kael Emberstride") == 16


def test_guard_tools_reduce_and_grant_def() -> None:
    # rule mastery.7.18
    # rule mastery.7.19
    # rule mastery.7.22
    st = scenario(hands=(["Parry"], ["Thunder Fist"]))
    act_with(st, "Parry")
    kael = slot(st, "Kael Emberstride")
    assert st.reduce[kael] == card("Parry").effects[0].amount
    act_with(st, "Thunder Fist", target="Kael")
    brann_bonus = card("Brann Stormfist").passive.amount
    kael_def = card("Kael Emberstride").defense + card("Gorm Ironhide").passive.amount  # Bulwark Presence
    assert events(st, "damage")[0]["final"] == dmg("Thunder Fist") + brann_bonus - kael_def - 2
    st = scenario(hands=(["Fortify"], []))
    act_with(st, "Fortify")
    assert st.def_up[slot(st, "Gorm Ironhide")] == card("Fortify").effects[0].amount
    st = scenario(hands=(["Shield Wall"], []))
    act_with(st, "Shield Wall")
    assert st.reduce[:3] == [card("Shield Wall").effects[0].amount] * 3 and st.reduce[3:] == [0] * 3


def test_shield_an_ally() -> None:
    # rule mastery.7.20
    st = scenario(hands=(["Protective Prayer"], ["Slash"]))
    act_with(st, "Protective Prayer", target="Kael")
    assert st.shielded[slot(st, "Kael Emberstride")]
    act_with(st, "Slash", target="Kael")
    assert hp_of(st, "Kael Emberstride") == 16 and not st.shielded[slot(st, "Kael Emberstride")]


def test_redirect_and_intercept() -> None:
    # rule mastery.7.21
    st = scenario(hands=(["Provoke"], ["Slash"]))
    act_with(st, "Provoke")
    act_with(st, "Slash", target="Mira")
    gorm = slot(st, "Gorm Ironhide")
    assert hp_of(st, "Mira Dawnsong") == 16 and st.hp[gorm] < 24
    assert events(st, "redirected")[0]["to"] == {"seat": 0, "slot": 2}
    st = scenario(hands=(["Bodyguard"], ["Slash"]))
    act_with(st, "Bodyguard", target="Kael")
    act_with(st, "Slash", target="Kael")
    assert hp_of(st, "Kael Emberstride") == 16
    d = events(st, "damage")[0]
    assert d["hero"] == {"seat": 0, "slot": 2} and d["defense"] == card("Gorm Ironhide").defense


def test_granted_def_lowers_the_damage_taken() -> None:
    # rule mastery.7.19
    # rule mastery.gap.17
    st = scenario(hands=(["Fortify"], ["Thunder Fist"]))
    act_with(st, "Fortify")
    act_with(st, "Thunder Fist", target="Gorm")
    gorm_def = card("Gorm Ironhide").defense + card("Fortify").effects[0].amount
    base = dmg("Thunder Fist") + card("Brann Stormfist").passive.amount
    assert base - gorm_def >= 1  # the granted DEF, not the minimum of 1, sets the result
    assert events(st, "damage")[0]["final"] == base - gorm_def


def test_the_board_shows_the_def_damage_is_computed_with() -> None:
    # rule mastery.7.2
    # rule mastery.gap.17
    # Gorm's Bulwark Presence gives his allies DEF: the board showed Kael at his printed DEF alone
    st = scenario(hands=([], ["Slash"]))
    kael = slot(st, "Kael Emberstride")
    pass_opportunity(st)
    act_with(st, "Slash", target="Kael")
    used = events(st, "damage")[0]["defense"]
    view = st.view(0)["players"][0]["heroes"][kael % 3]
    assert used == view["def"] + view["def_up"] + view["ally_def"] == card("Kael Emberstride").defense + 1
    assert f"DEF {view['def']}+1," in GAME.render(st.view(0))


def test_the_board_and_log_name_who_guards_whom() -> None:
    # rule mastery.7.21
    st = scenario(hands=(["Bodyguard", "Provoke"], ["Slash"]))
    act_with(st, "Bodyguard", target="Kael")
    board = GAME.render(st.view(1))
    assert "guarded by Gorm Ironhide" in board
    lines = [GAME.narrate(e) for e in st.visible_log(1)]
    assert "    Gorm Ironhide will intercept the damage of the next attack on Kael Emberstride this Round" in lines
    act_with(st, "Slash", target="Kael")
    lines = [GAME.narrate(e) for e in st.visible_log(1)]
    assert "    Gorm Ironhide intercepts the damage of Slash meant for Kael Emberstride" in lines
    st = scenario(hands=(["Provoke"], []))
    act_with(st, "Provoke")
    assert "draws the next single-target attack" in GAME.render(st.view(1))


def test_poisoned_at_one_hp_loses_what_it_has() -> None:
    # rule mastery.7.12
    # rule mastery.gap.20
    st = scenario(hp={"Kael Emberstride": 1}, poison={"Kael Emberstride": 2}, start="end_phase")
    tick = events(st, "poison_tick")[0]
    assert tick["lost"] == 1 and tick["hp"] == 0
    assert "loses 1 HP" in (GAME.narrate(tick) or "")
