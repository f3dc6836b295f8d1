"""Rule scenarios for rulebook §5: Hero actions and READY / USED."""

from __future__ import annotations

from mastery_scenario import act_with, card, find, has, hp_of, labels, pass_opportunity, pick, scenario, slot


def test_a_hero_action_is_a_technique_a_reuse_or_a_basic_action() -> None:
    # rule mastery.5.1
    st = scenario(hands=(["Slash", "Throwing Knife"], []), kit={"Kael Emberstride": ["Power Strike"]})
    kinds = {o.data["action"] for o in st.decision.options}
    assert kinds == {"technique", "tactic", "reuse", "basic", "pass"}
    hero_actions = [o for o in st.decision.options if o.data["action"] in ("technique", "reuse", "basic")]
    assert {o.id.split(":")[0] for o in hero_actions} == {"card", "reuse", "basic"}


def test_technique_from_hand_only_when_legal_for_a_hero() -> None:
    # rule mastery.5.2
    st = scenario(hands=(["Ember Arrow"], []), used=["Kael Emberstride"])
    assert not has(st, "Ember Arrow")  # only Kael may perform it, and Kael is USED


def test_reuse_only_from_own_loadout() -> None:
    # rule mastery.5.3
    st = scenario(kit={"Kael Emberstride": ["Power Strike"]})
    reuse = [o for o in st.decision.options if o.data["action"] == "reuse"]
    assert len(reuse) == 1 and reuse[0].data["hero"] == {"seat": 0, "slot": 1}
    assert "Kael" in reuse[0].label


def test_basic_action_offered_only_when_legal_and_affordable() -> None:
    # rule mastery.5.4
    # rule mastery.5.6
    st = scenario(ap=(1, 12), hands=(["Power Strike"], []))
    assert has(st, "Quick Shot") and not has(st, "Power Strike")  # 2 AP > 1 AP left
    st = scenario(ap=(0, 12))
    assert [o.id for o in st.decision.options] == ["pass"]
    st = scenario(parties=(["Mira Dawnsong", "Kael Emberstride", "Edda Vanecrest"],
                           ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]),
                  hp={"Mira Dawnsong": 0, "Kael Emberstride": 0})
    assert not has(st, "Hold the Line")  # "another ally" has no live target


def test_ap_paid_before_targets_and_used_only_after_resolution() -> None:
    # rule mastery.5.5
    # rule mastery.5.8
    st = scenario(hands=(["Power Strike"], []))
    pick(st, "Power Strike")
    assert st.decision.kind == "target"
    assert st.ap[0] == 12 - card("Power Strike").cost
    kael = slot(st, "Kael Emberstride")
    assert not st.used[kael]
    pick(st, "Brann")
    assert st.used[kael]


def test_only_legal_targets() -> None:
    # rule mastery.5.7
    st = scenario(hands=(["Slash"], []), hp={"Tamsin Bellwright": 0})
    pick(st, "Slash")
    assert [o.id for o in st.decision.options] == ["target:1:1", "target:1:2"]


def test_used_hero_acts_once_per_round_but_is_not_defeated() -> None:
    # rule mastery.5.9
    # rule mastery.5.10
    st = scenario(hands=(["Slash", "Slash"], ["Slash"]))
    act_with(st, "Slash", target="Brann")
    kael = slot(st, "Kael Emberstride")
    assert st.used[kael] and st.hp[kael] > 0
    # the USED Hero can still be targeted, and still counts as surviving
    pick(st, "Slash")
    assert any("Kael" in lab for lab in labels(st))
    pick(st, "Kael")
    assert st.result is None
    assert not has(st, "Slash") and not has(st, "Kael")


def test_basic_action_never_grants_mastery() -> None:
    # rule mastery.5.11
    # rule mastery.gap.11
    st = scenario()
    brann = hp_of(st, "Brann Stormfist")
    st.apply(find(st, "Quick Shot"))
    pick(st, "Brann")
    assert hp_of(st, "Brann Stormfist") < brann  # a real effect ...
    assert st.kit[slot(st, "Kael Emberstride")] == ()  # ... and still no Mastery
    assert st.used[slot(st, "Kael Emberstride")]
    pass_opportunity(st)
