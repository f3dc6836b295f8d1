"""Rule scenarios for rulebook §4: Action Opportunities."""

from __future__ import annotations

from mastery_scenario import act_with, has, hp_of, pass_opportunity, pick, scenario


def test_players_alternate_opportunities() -> None:
    # rule mastery.4.1
    # rule mastery.4.9
    st = scenario(hands=(["Slash"], ["Slash"]))
    assert st.decision.seat == 0
    act_with(st, "Slash", target="Brann")
    assert st.decision.seat == 1 and st.decision.kind == "opportunity"
    pass_opportunity(st)
    assert st.decision.seat == 0


def test_one_tactic_then_a_hero_action() -> None:
    # rule mastery.4.2
    # rule mastery.4.4
    # rule mastery.4.10
    # rule mastery.4.11
    st = scenario(hands=(["Throwing Knife", "Caltrops", "Slash"], []))
    brann = hp_of(st, "Brann Stormfist")
    pick(st, "Throwing Knife")
    pick(st, "Brann")
    # the Tactic resolved completely before the next choice
    assert hp_of(st, "Brann Stormfist") < brann
    assert st.decision.seat == 0 and st.decision.kind == "opportunity"
    assert not has(st, "Caltrops") and not has(st, "Immediate Tactic")  # no second Tactic
    assert has(st, "Perform Slash") and has(st, "Basic Action")  # the Hero action is still there


def test_tactic_is_optional_and_must_come_first() -> None:
    # rule mastery.4.3
    # rule mastery.4.5
    # rule mastery.4.6
    st = scenario(hands=(["Throwing Knife", "Slash"], []))
    assert has(st, "Throwing Knife") and has(st, "Perform Slash")
    act_with(st, "Slash", target="Brann")
    # the Hero action ended the opportunity: no Tactic, no second Hero action for P1 now
    assert st.decision.seat == 1
    pass_opportunity(st)
    assert st.decision.seat == 0 and has(st, "Throwing Knife")  # a new opportunity


def test_used_hero_is_never_offered() -> None:
    # rule mastery.4.7
    st = scenario(used=["Kael Emberstride"])
    assert not has(st, "Kael")
    assert has(st, "Mira") and has(st, "Gorm")


def test_hero_action_is_optional() -> None:
    # rule mastery.4.8
    st = scenario(hands=(["Throwing Knife"], []))
    pick(st, "Throwing Knife")
    pick(st, "Brann")
    st.apply("pass")
    assert st.decision.seat == 1 and st.used[:3] == [False] * 3
    st = scenario()
    st.apply("pass")
    assert st.decision.seat == 1
