"""Rule scenarios for rulebook §8: Mastery and the 3 Active slots."""

from __future__ import annotations

from mastery_scenario import act_with, card, events, find, has, pass_opportunity, pick, scenario, slot

from cardarena.games.mastery.mastery import after_reuse


def cid(name: str) -> str:
    return str(card(name).id)


def end_round(st) -> None:  # type: ignore[no-untyped-def]
    """Pass to the next Round, up to P1's first opportunity in it."""
    r = st.round
    while st.round == r and st.result is None:
        pass_opportunity(st)
    if st.decision.seat == 1:
        pass_opportunity(st)


def test_level_two_is_never_mastery() -> None:
    # rule mastery.8.1
    st = scenario(hands=(["Executioner's Cut"], []), path={"Kael Emberstride": "Bladestorm"})
    act_with(st, "Executioner's Cut", target="Brann")
    assert st.kit[slot(st, "Kael Emberstride")] == () and not events(st, "mastery")


def test_only_the_performer_gains_mastery() -> None:
    # rule mastery.8.2
    # rule mastery.8.7
    st = scenario(hands=(["Healing Light"], []), hp={"Kael Emberstride": 10})
    act_with(st, "Healing Light", target="Kael")
    assert st.kit[:6] == [(cid("Healing Light"),), (), (), (), (), ()]


def test_first_qualifying_use_recorded_later_copies_add_nothing() -> None:
    # rule mastery.8.3
    # rule mastery.8.5
    # rule mastery.8.6
    st = scenario(hands=(["Slash", "Slash"], []))
    act_with(st, "Slash", target="Brann")
    kael = slot(st, "Kael Emberstride")
    assert st.kit[kael] == (cid("Slash"),) and st.loadout[kael] == (cid("Slash"),)
    pass_opportunity(st)
    end_round(st)
    act_with(st, "Slash", target="Brann")
    assert st.kit[kael] == (cid("Slash"),) and len(events(st, "mastery")) == 1


def test_no_real_effect_no_mastery() -> None:
    # rule mastery.8.4
    # rule mastery.gap.22
    st = scenario(hands=(["Mend Wounds"], []))
    act_with(st, "Mend Wounds", target="Kael")  # Kael is at full HP: 0 restored, nothing else
    assert st.kit[slot(st, "Mira Dawnsong")] == ()
    assert st.used[slot(st, "Mira Dawnsong")]  # it was still a legal Hero action


def test_fourth_mastery_is_not_equipped() -> None:
    # rule mastery.8.8
    # rule mastery.gap.23
    st = scenario(hands=(["Slash"], []), kit={"Kael Emberstride": ["Power Strike", "Feint", "Parry"]})
    act_with(st, "Slash", target="Brann")
    kael = slot(st, "Kael Emberstride")
    assert len(st.kit[kael]) == 4 and len(st.loadout[kael]) == 3 and cid("Slash") not in st.loadout[kael]
    assert events(st, "mastery")[0]["equipped"] is False


def test_reuse_from_the_loadout() -> None:
    # rule mastery.8.9
    # rule mastery.8.10
    # rule mastery.8.12
    # rule mastery.8.13
    st = scenario(hands=(["Throwing Knife"], []), kit={"Kael Emberstride": ["Power Strike"]})
    hand = list(st.hand[0])
    st.apply(find(st, "reuses", "Power Strike"))
    assert st.ap[0] == 12 - card("Power Strike").cost
    pick(st, "Brann")
    assert st.hand[0] == hand and st.used[slot(st, "Kael Emberstride")]
    assert events(st, "perform")[0]["mode"] == "reuse"


def test_reuse_needs_a_ready_hero_and_legal_targets() -> None:
    # rule mastery.8.11
    st = scenario(kit={"Kael Emberstride": ["Power Strike"]}, used=["Kael Emberstride"])
    assert not has(st, "reuses")
    st = scenario(kit={"Gorm Ironhide": ["Bodyguard"]}, hp={"Mira Dawnsong": 0, "Kael Emberstride": 0})
    assert not has(st, "reuses")  # "another ally" has no live target


def test_three_skill_cycle() -> None:
    # rule mastery.8.14
    # rule mastery.8.15
    # rule mastery.8.16
    skills = ["Power Strike", "Slash", "Feint"]
    st = scenario(kit={"Kael Emberstride": skills}, spent={"Kael Emberstride": ["Power Strike"]})
    kael = slot(st, "Kael Emberstride")
    assert not has(st, "reuses", "Power Strike")  # spent: not offered until the refresh
    assert has(st, "reuses", "Slash") and has(st, "reuses", "Feint")
    st.apply(find(st, "reuses", "Slash"))
    pick(st, "Brann")
    assert set(st.spent[kael]) == {cid("Power Strike"), cid("Slash")}
    pass_opportunity(st)
    end_round(st)
    st.apply(find(st, "reuses", "Feint"))
    # C is being chosen: A and B (and C) are all spent until C resolves
    assert st.decision.kind == "target" and set(st.spent[kael]) == {cid(s) for s in skills}
    pick(st, "Brann")
    assert st.spent[kael] == () and events(st, "refresh")


def test_one_or_two_skills_do_not_refresh() -> None:
    # rule mastery.8.17
    # rule mastery.gap.24
    st = scenario(kit={"Kael Emberstride": ["Power Strike", "Slash"]},
                  spent={"Kael Emberstride": ["Power Strike"]})
    st.apply(find(st, "reuses", "Slash"))
    pick(st, "Brann")
    kael = slot(st, "Kael Emberstride")
    assert set(st.spent[kael]) == {cid("Power Strike"), cid("Slash")} and not events(st, "refresh")
    pass_opportunity(st)
    end_round(st)
    assert not has(st, "reuses")
    after_reuse(st, kael)
    assert st.spent[kael] != ()
