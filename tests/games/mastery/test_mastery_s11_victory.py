"""Rule scenarios for rulebook §11: victory and timing."""

from __future__ import annotations

from mastery_scenario import P2, act_with, pass_opportunity, scenario, slot


def types(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [e["type"] for e in st.log]


def test_whole_step_resolves_before_the_victory_check() -> None:
    # rule mastery.11.2
    st = scenario(hands=(["Cleave"], []), hp={n: 1 for n in P2})
    act_with(st, "Cleave")
    t = types(st)
    assert t.count("damage") == 3 and t.count("defeated") == 3
    assert t.index("result") > max(i for i, x in enumerate(t) if x == "damage")


def test_end_phase_finishes_before_the_victory_check() -> None:
    # rule mastery.11.3
    st = scenario(hp={n: 2 for n in P2}, poison={n: 2 for n in P2}, hands=([], []))
    pass_opportunity(st)
    pass_opportunity(st)
    t = types(st)
    assert t.count("poison_tick") == 3 and st.result is not None and st.result.winner == 0
    assert t.index("result") > max(i for i, x in enumerate(t) if x == "poison_tick")


def test_both_parties_defeated_is_a_draw() -> None:
    # rule mastery.gap.31
    names = ["Mira Dawnsong", "Kael Emberstride", "Gorm Ironhide", *P2]
    st = scenario(hp={n: 2 for n in names}, poison={n: 1 for n in names})
    pass_opportunity(st)
    pass_opportunity(st)
    assert st.result is not None and st.result.winner is None and st.result.reason == "both_parties_defeated"


def test_end_of_round_order() -> None:
    # rule mastery.11.4
    # rule mastery.11.5
    # rule mastery.11.6
    # rule mastery.11.7
    # rule mastery.11.8
    # rule mastery.gap.32
    st = scenario(hands=(["Fortify"], ["Slash"] * 3), poison={"Brann Stormfist": 2}, ap=(12, 12))
    act_with(st, "Fortify")
    gorm = slot(st, "Gorm Ironhide")
    assert st.def_up[gorm] > 0 and st.used[gorm]
    pass_opportunity(st)
    pass_opportunity(st)
    t = types(st)
    order = [t.index(x) for x in ("end_phase", "poison_tick", "round_effects_expire", "round", "draw")]
    assert order == sorted(order)
    assert st.def_up[gorm] == 0 and not st.used[gorm] and st.ap == [12, 12]
    assert [len(h) for h in st.hand] == [7, 7]
