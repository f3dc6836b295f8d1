"""Rule scenarios for rulebook §3: Rounds & 12 shared AP."""

from __future__ import annotations

from mastery_scenario import act_with, events, pass_opportunity, pick, scenario, slot


def end_round(st) -> None:  # type: ignore[no-untyped-def]
    """Both players pass in a row: the Round ends and the next one begins."""
    r = st.round
    while st.round == r and st.result is None:
        pass_opportunity(st)


def test_twelve_ap_per_team_at_round_start_and_no_carry_over() -> None:
    # rule mastery.3.1
    # rule mastery.3.8
    st = scenario(ap=(5, 3))
    end_round(st)
    assert st.ap == [12, 12]
    assert events(st, "round")[-1]["ap"] == 12


def test_one_ap_pool_for_the_whole_team() -> None:
    # rule mastery.3.2
    st = scenario(hands=(["Slash", "Mend Wounds"], []))
    act_with(st, "Slash", target="Brann")
    assert st.ap[0] == 12 - 1
    pass_opportunity(st)  # P2
    act_with(st, "Mend Wounds", performer="Mira", target="Kael")
    assert st.ap[0] == 12 - 1 - 1  # Mira spent from the same pool as Kael


def test_surviving_heroes_ready_defeated_stay_out() -> None:
    # rule mastery.3.3
    # rule mastery.3.4
    st = scenario(used=["Kael Emberstride", "Gorm Ironhide"], hp={"Mira Dawnsong": 0})
    end_round(st)
    assert st.used[:3] == [True, False, False]
    pick(st, "pass")
    assert st.decision.seat == 1 - st.first


def test_round_one_has_no_replenishment() -> None:
    # rule mastery.3.5
    st = scenario(hands=(["Slash"] * 4, ["Slash"] * 2), round=1, start="round_start")
    assert st.round == 1 and [len(h) for h in st.hand] == [4, 2]
    assert not events(st, "draw")


def test_replenishment_draws_toward_seven_from_round_two() -> None:
    # rule mastery.3.6
    # rule mastery.3.7
    st = scenario(hands=(["Slash"] * 4, ["Slash"] * 7), round=2, start="round_start")
    assert [len(h) for h in st.hand] == [7, 7]
    draws = events(st, "draw")
    assert [(e["player"], e["count"]) for e in draws] == [(0, 3)]


def test_first_player_alternates() -> None:
    # rule mastery.3.9
    # rule mastery.gap.7
    st = scenario(active=1)
    assert st.decision.seat == 1
    end_round(st)
    assert st.first == 0 and st.decision.seat == 0
    end_round(st)
    assert st.first == 1 and st.decision.seat == 1
    from mastery_scenario import GAME

    st = GAME.new_game(seed=11)
    coin = events(st, "coin")[0]
    assert coin["winner"] == st.first and st.decision.seat == st.first
    assert slot(st, "Mira Dawnsong") == 0
