"""Rule scenarios written against one-line breaks of the `mastery` engine that no other test caught
(a mutation audit): each fails under its break and passes on the real rules."""

from __future__ import annotations

import pytest
from mastery_scenario import GAME, POOL, act_with, card, events, has, pass_opportunity, pick, scenario, slot

from cardarena.core.decks import Deck

P1_LYSA = ["Lysa Quillmark", "Kael Emberstride", "Gorm Ironhide"]  # Scholar, Ranger, Knight
P1_EDDA = ["Mira Dawnsong", "Kael Emberstride", "Edda Vanecrest"]


def cid(name: str) -> str:
    return str(card(name).id)


# -- §2 set-up ------------------------------------------------------------------------------------


def test_the_first_player_is_decided_by_the_coin():
    # rule mastery.gap.7
    firsts = set()
    for seed in range(20):
        st = scenario(start="setup", seed=seed)
        [coin] = events(st, "coin")
        assert coin["winner"] == st.first == st.decision.seat  # who mulligans first, too
        firsts.add(st.first)
    assert firsts == {0, 1}


def test_a_mulligan_shuffles_the_returned_hand_into_the_deck():
    # rule mastery.2.5
    # rule mastery.gap.5
    names = [t.name for t in POOL.level1][:20]
    st = scenario(start="setup", decks=(names, names))
    p = st.decision.seat
    before = set(st.hand[p])
    pick(st, "Mulligan")
    assert len(st.hand[p]) == 7 and set(st.hand[p]) != before  # not simply the same 7 drawn back


# -- §3/§4 passes and the end of a Round ---------------------------------------------------------


def test_a_tactic_then_ending_the_opportunity_is_not_a_pass():
    # rule mastery.gap.8
    st = scenario(hands=([], ["War Drums"]))
    pass_opportunity(st)  # P1 passes
    pick(st, "War Drums")
    pick(st, "End the opportunity")  # P2 acted: the Round goes on
    assert st.round == 2 and events(st, "end_phase") == []
    assert st.decision.seat == 0 and st.decision.kind == "opportunity"


def test_choosing_a_level_2_path_alone_is_still_a_pass():
    # rule mastery.gap.8
    # rule mastery.gap.25
    st = scenario(kit={"Brann Stormfist": ["Slash", "Power Strike"]})
    pass_opportunity(st)  # P1 passes
    pick(st, "Brann Stormfist chooses the Level 2 Path")
    assert st.path[slot(st, "Brann Stormfist")] == "bladestorm"
    pass_opportunity(st)  # P2 only chose a Path: two passes in a row end the Round
    assert len(events(st, "end_phase")) == 1 and st.round == 3


# -- §5/§6 what may be done, by whom ---------------------------------------------------------------


def test_an_action_costing_exactly_the_remaining_ap_can_be_taken():
    # rule mastery.5.6
    st = scenario(hands=(["Ember Arrow"], []), ap=(2, 12))
    act_with(st, "Ember Arrow", target="Tamsin")
    assert st.ap[0] == 0 and events(st, "damage")[0]["source"] == cid("Ember Arrow")


def test_a_reuse_costing_exactly_the_remaining_ap_is_offered():
    # rule mastery.8.10
    st = scenario(kit={"Kael Emberstride": ["Slash"]}, ap=(card("Slash").cost, 12))
    assert has(st, "Kael Emberstride reuses mastered Slash")


@pytest.mark.parametrize("out", ["used", "defeated"])
def test_a_used_or_defeated_hero_is_never_a_performer(out):
    # rule mastery.4.7
    # rule mastery.10.2
    # Battle Hymn is teachable to Scholars and Knights: Lysa and Gorm could both perform it
    kw = {"used": ["Lysa Quillmark"]} if out == "used" else {"hp": {"Lysa Quillmark": 0}}
    st = scenario(parties=(P1_LYSA, ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]),
                  hands=(["Battle Hymn"], []), **kw)
    pick(st, "Perform", "Battle Hymn")
    assert st.decision.kind == "opportunity"  # Gorm is the only performer: not asked
    [perform] = events(st, "perform")
    assert perform["hero"] == {"seat": 0, "slot": 2}


# -- §7 effects -------------------------------------------------------------------------------------


def test_an_intercept_takes_only_the_next_attack():
    # rule mastery.7.21
    # rule mastery.gap.18
    st = scenario(hands=([], ["Throwing Knife"]), active=1)
    mira, gorm = slot(st, "Mira Dawnsong"), slot(st, "Gorm Ironhide")
    st.intercept[mira] = gorm  # Gorm's Bodyguard on Mira, this Round
    pick(st, "Throwing Knife")
    pick(st, "Mira")
    pick(st, "Haymaker")  # Brann's Basic Action, the second attack on Mira
    pick(st, "Mira")
    assert [e["hero"]["slot"] for e in events(st, "damage")] == [gorm % 3, mira % 3]
    assert st.hp[mira] < card("Mira Dawnsong").hp


def test_an_effect_on_the_performer_lands_on_the_performer():
    # rule mastery.7.22
    st = scenario(hands=(["Feint"], []))
    act_with(st, "Feint", target="Tamsin")
    assert st.def_up[slot(st, "Kael Emberstride")] == 1 and st.def_up[slot(st, "Tamsin Bellwright")] == 0


def test_ap_gained_goes_to_your_own_team():
    # rule mastery.3.2
    st = scenario(hands=(["Battle Focus"], []))
    act_with(st, "Battle Focus")
    assert st.ap == [12 - card("Battle Focus").cost + 2, 12]


def test_a_hero_defeated_by_a_cards_damage_gets_nothing_more_from_that_card():
    # rule mastery.10.2
    st = scenario(hands=(["Poisoned Blade"], []), hp={"Tamsin Bellwright": 1})
    act_with(st, "Poisoned Blade", target="Tamsin")
    t = slot(st, "Tamsin Bellwright")
    assert st.hp[t] == 0 and st.poison[t] == 0 and events(st, "poisoned") == []


def test_poisoned_hp_loss_stops_at_zero():
    # rule mastery.gap.20
    st = scenario(start="end_phase", poison={"Tamsin Bellwright": 2}, hp={"Tamsin Bellwright": 1})
    assert st.hp[slot(st, "Tamsin Bellwright")] == 0


def test_end_phase_healing_comes_after_poisoned():
    # rule mastery.gap.13
    # Lysa (end_heal 1) at full HP: Poisoned takes 2, then she heals 1
    st = scenario(parties=(P1_LYSA, ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]),
                  start="end_phase", poison={"Lysa Quillmark": 2})
    assert st.hp[slot(st, "Lysa Quillmark")] == card("Lysa Quillmark").hp - 2 + 1


# -- §8 a real game-state effect ---------------------------------------------------------------------


def test_a_cure_and_ward_on_a_warded_healthy_ally_is_no_mastery():
    # rule mastery.8.4
    # rule mastery.gap.22
    st = scenario(parties=(P1_EDDA, ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]),
                  hands=(["Steadfast Lore"], []))
    st.ward[slot(st, "Kael Emberstride")] = True
    act_with(st, "Steadfast Lore", target="Kael")
    assert st.kit[slot(st, "Edda Vanecrest")] == ()


def test_readying_a_ready_ally_is_no_mastery():
    # rule mastery.8.4
    st = scenario(hands=(["Quickening"], []))
    act_with(st, "Quickening", target="Kael")
    assert st.kit[slot(st, "Mira Dawnsong")] == ()


# -- §9/§10 Paths and Rebalance ----------------------------------------------------------------------


def test_a_hero_on_a_path_is_offered_no_other_level_2_choice():
    # rule mastery.gap.25
    st = scenario(kit={"Brann Stormfist": ["Slash", "Power Strike", "Feint"]}, path={"Brann Stormfist": "Bladestorm"},
                  active=1)
    assert not has(st, "Level 2 Path")


def rebalance_board(**kw):  # type: ignore[no-untyped-def]
    """P2 defeats Mira (1 HP) with a Slash; P1 may then Rebalance."""
    args = dict(hands=([], ["Slash"]), hp={"Mira Dawnsong": 1}, active=1)
    args.update(kw)
    st = scenario(**args)
    act_with(st, "Slash", target="Mira")
    return st


def test_a_hero_without_a_path_is_not_offered_a_rebalance():
    # rule mastery.gap.30
    st = rebalance_board(kit={"Kael Emberstride": ["Power Strike", "Slash", "Second Wind", "Battle Focus"]})
    assert st.decision.kind == "opportunity" and st.decision.seat == 0


def test_the_rebuilt_loadout_is_two_new_path_masteries_and_a_flexible_one_all_ready():
    # rule mastery.10.12
    # rule mastery.gap.30
    kit = ["Shield Slam", "Ground Pound", "Fortify", "Provoke", "Bodyguard", "Steady Breath"]
    st = rebalance_board(kit={"Gorm Ironhide": kit}, path={"Gorm Ironhide": "Juggernaut"},
                         spent={"Gorm Ironhide": ["Shield Slam"]})
    pick(st, "Bastion")
    gorm = slot(st, "Gorm Ironhide")
    # the first two Guard Masteries, then the player's pick of the Masteries not of the old (Attack)
    # symbol: the third Guard one or the Support one
    assert st.decision.ids == ["flex:bodyguard", "flex:steady_breath"]
    pick(st, "Steady Breath")
    assert st.loadout[gorm] == (cid("Fortify"), cid("Provoke"), cid("Steady Breath"))
    assert st.spent[gorm] == ()


# -- decks ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tactics", [10, 11])
def test_at_most_ten_immediate_tactics(tactics):
    # rule mastery.gap.3
    cards = {"War Drums": 2, "Purge": 2, "Rally": 2, "Caltrops": 2, "Quick Study": 1 + (tactics == 11),
             "Flash Powder": 1,
             "Mend Wounds": 2, "Healing Light": 2, "Mind Spike": 2, "Slash": 2, "Power Strike": 2,
             "Ember Arrow": 2, "Fortify": 2, "Provoke": 2, "Shield Slam": 2, "Bodyguard": 2 - (tactics == 11)}
    d = Deck(game="mastery", name="t", format="standard",
             leaders={"heroes": ["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide"]}, cards=cards)
    assert sum(cards.values()) == 30
    problems = GAME.check_deck(d)
    assert problems == ([] if tactics == 10 else ["11 Immediate Tactics; at most 10 (ruling mastery.gap.3)"])


# -- second round of the audit -------------------------------------------------------------------------


def end_round(st) -> None:  # type: ignore[no-untyped-def]
    r = st.round
    while st.result is None and st.round == r:
        st.apply("pass" if "pass" in st.decision.ids else st.decision.ids[-1])


def test_round_cap_total_hp_counts_every_hero():
    # rule mastery.gap.33
    # survivors tie 3-3; only the Tanks' HP differ (P1: 16 + 16 + 24 = 56, P2: 16 + 18 + 20 = 54)
    st = scenario(round=20, hp={"Hild Stonewarden": 20})
    end_round(st)
    assert st.result.winner == 0 and events(st, "round_cap")[0]["total_hp"] == [56, 54]


def test_reductions_and_poison_wards_expire_with_the_round():
    # rule mastery.11.5
    # rule mastery.gap.32
    st = scenario()
    kael = slot(st, "Kael Emberstride")
    st.reduce[kael] = 2
    st.ward[kael] = True
    end_round(st)
    assert st.round == 3 and st.reduce[kael] == 0 and not st.ward[kael]


def test_a_redirect_does_not_take_a_card_that_deals_no_damage():
    # rule mastery.gap.18
    # Hild taunts; Poison Dart deals no damage, so it is no attack and still poisons Tamsin
    st = scenario(hands=(["Poison Dart"], []))
    hild, tamsin = slot(st, "Hild Stonewarden"), slot(st, "Tamsin Bellwright")
    st.redirect[1] = hild
    pick(st, "Poison Dart")
    pick(st, "Tamsin")
    assert st.poison[tamsin] == 2 and st.poison[hild] == 0 and st.redirect[1] == hild
    assert events(st, "redirected") == []


@pytest.mark.parametrize("tool", ["Provoke", "Bodyguard"])
def test_setting_a_redirect_or_intercept_already_in_place_is_no_mastery(tool):
    # rule mastery.8.4
    # rule mastery.gap.22
    st = scenario(hands=([tool], []))
    gorm, kael = slot(st, "Gorm Ironhide"), slot(st, "Kael Emberstride")
    if tool == "Provoke":
        st.redirect[0] = gorm
        act_with(st, tool)
    else:
        st.intercept[kael] = gorm
        act_with(st, tool, target="Kael")
    assert st.kit[gorm] == ()


def test_a_draw_that_finds_no_card_is_no_mastery():
    # rule mastery.8.4
    # rule mastery.gap.4
    st = scenario(parties=(P1_LYSA, ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]),
                  hands=(["Insight"], []), decks=([], []))
    act_with(st, "Insight")
    assert events(st, "draw_skipped") and st.kit[slot(st, "Lysa Quillmark")] == ()


def test_a_paths_four_cards_are_shuffled_into_the_deck():
    # rule mastery.9.8
    # rule mastery.gap.26
    tops = set()
    for seed in range(5):
        st = scenario(kit={"Kael Emberstride": ["Slash", "Power Strike"]}, seed=seed)
        pick(st, "Kael Emberstride chooses the Level 2 Path")
        deck = st.deck[0]
        level2 = [k for k, i in enumerate(deck) if st.defs[i].level == 2]
        assert len(level2) == 4 and len(deck) == 24
        tops.add(level2 == [20, 21, 22, 23])
    assert tops == {False}  # not simply put on top
