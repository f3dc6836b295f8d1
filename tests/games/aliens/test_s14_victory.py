"""Rule scenarios for rulebook §14: victory checks and the safety cap (rules aliens.14.1–14.6, with the
victory checks themselves: aliens.1.2, aliens.1.3, aliens.7.3, aliens.7.5)."""

from __future__ import annotations

import pytest
from aliens_scenario import events, pick, scenario, slot

P0 = ["Cindermaw", "Rustbloom Engine", "Boreas Galewing"]  # 15, 13, 12 HP
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]  # 13, 16, 12 HP
FILL = "Nanite Infusion"
E = 9  # energy to spare


def until_turn(st, turn: int) -> None:
    while not (st.turn == turn and st.decision is not None and st.decision.kind == "action"):
        d = st.decision
        assert d is not None, st.result
        st.apply("pass" if "pass" in d.ids else d.ids[-1])


def cap_now(hp: dict[str, int] | None = None, priority: int = 0):
    """Turn 2 (the end of round 1) with a 1-round cap: P1 passes, and the cap decides. Every Alien
    starts at 10 HP unless `hp` says otherwise, so the sums do not depend on printed HP."""
    start = dict.fromkeys(P0 + P1, 10)
    start.update(hp or {})
    st = scenario(aliens=(P0, P1), hp=start, priority=priority, turn=2, active=1, rules={"safety_cap_rounds": 1})
    if st.decision is not None:  # Tempestra's free ability makes P1 choose
        st.apply("pass")
    return st


def cap_event(st) -> dict:
    [e] = events(st, "safety_cap")
    return e


# -- KO victory ----------------------------------------------------------------------------------


def test_knocking_out_the_third_alien_wins():
    # rule aliens.1.2
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  hp={"Tempestra": 1, "Gravok Stonehide": 0, "Synapse Drone": 0})
    pick(st, "Play Ember Lash")
    assert st.result is not None
    assert (st.result.winner, st.result.reason, st.result.turns) == (0, "all_aliens_ko", 3)
    assert st.decision is None


@pytest.mark.parametrize("already_ko", [[], ["Gravok Stonehide"]], ids=["first", "second"])
def test_knocking_out_one_or_two_aliens_does_not_end_the_game(already_ko):
    # rule aliens.1.2
    # rule aliens.14.1
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  hp={"Tempestra": 1, **dict.fromkeys(already_ko, 0)})
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    assert st.hp[slot(st, "Tempestra")] == 0
    assert st.result is None
    assert st.turn == 4 and st.decision.seat == 1 and st.decision.kind == "action"


def test_losing_your_last_alien_to_corroding_loses_the_game():
    # rule aliens.1.2
    st = scenario(aliens=(P0, P1), hands=([], [FILL]), hp={"Tempestra": 1, "Gravok Stonehide": 0,
                                                          "Synapse Drone": 0},
                  status={"Tempestra": "corroding"}, turn=4, active=1)
    pick(st, "Pass")
    assert (st.result.winner, st.result.reason) == (0, "all_aliens_ko")


def test_an_effect_that_kos_your_own_last_alien_loses_the_game():
    # rule aliens.1.2
    # Cataclysm Comet hits every live Alien: P0's last Alien falls, P1 survives.
    st = scenario(aliens=(P0, P1), hands=(["Cataclysm Comet"], []), charge=(E, 0),
                  hp={"Cindermaw": 1, "Rustbloom Engine": 0, "Boreas Galewing": 0})
    pick(st, "Play Cataclysm Comet")
    assert (st.result.winner, st.result.reason) == (1, "all_aliens_ko")


@pytest.mark.parametrize("priority", [0, 1])
def test_both_last_aliens_falling_together_goes_to_priority(priority):
    # rule aliens.gap.34
    st = scenario(aliens=(P0, P1), hands=(["Cataclysm Comet"], []), charge=(E, 0), priority=priority,
                  hp={"Cindermaw": 1, "Rustbloom Engine": 0, "Boreas Galewing": 0,
                      "Tempestra": 1, "Gravok Stonehide": 0, "Synapse Drone": 0})
    pick(st, "Play Cataclysm Comet")
    assert (st.result.winner, st.result.reason) == (priority, "simultaneous_ko")


# -- deck-out victory ------------------------------------------------------------------------------


def test_failing_to_draw_to_five_loses():
    # rule aliens.7.3
    # rule aliens.1.3
    st = scenario(aliens=(P0, P1), hands=([FILL] * 3, []), decks=([FILL], [FILL] * 20), turn=5,
                  start="turn_start")
    assert (st.result.winner, st.result.reason, st.result.turns) == (1, "deck_out", 5)


def test_failing_the_mill_on_full_loses():
    # rule aliens.7.5
    # rule aliens.1.3
    st = scenario(aliens=(P0, P1), hands=([FILL] * 5, []), decks=([], [FILL] * 20), turn=5,
                  start="turn_start")
    assert (st.result.winner, st.result.reason) == (1, "deck_out_mill")


# -- nothing else ends the game ------------------------------------------------------------------


def test_an_empty_hand_and_empty_reactor_do_not_end_the_game():
    # rule aliens.14.1
    # P0 has no card and no energy: its turn passes by itself, and the game goes on.
    st = scenario(aliens=(P0, P1), hands=([], []), charge=(0, 0))
    assert st.result is None
    assert st.turn == 4 and st.decision.seat == 1


def test_an_empty_deck_outside_the_draw_phase_does_not_end_the_game():
    # rule aliens.14.1
    # Data Purge mills P1's last 3 cards on P0's turn: P1 only loses when its own Draw Phase fails.
    st = scenario(aliens=(P0, P1), hands=(["Data Purge"], [FILL] * 5), decks=([FILL] * 20, [FILL] * 3),
                  charge=(E, 0))
    pick(st, "Play Data Purge")
    assert st.deck[1] == []
    # P1's turn 4: 5 cards and no deck to mill from -> the Draw Phase check, not the mill, ends it
    assert st.result is not None and st.result.turns == 4 and st.result.reason == "deck_out_mill"
    st2 = scenario(aliens=(P0, P1), hands=(["Data Purge"], [FILL] * 4), decks=([FILL] * 20, [FILL] * 4),
                   charge=(E, 0))
    pick(st2, "Play Data Purge")
    # P1 draws its last card in its Draw Phase and plays its turn with an empty Deck
    assert st2.deck[1] == [] and st2.result is None
    assert st2.turn == 4 and st2.decision.seat == 1
    st2.apply("pass")
    assert st2.result is None and st2.turn == 5


def test_no_round_limit_short_of_the_cap():
    # rule aliens.14.1
    st = scenario(aliens=(P0, P1), hands=([FILL], []), rules={"safety_cap_rounds": 3}, turn=1)
    until_turn(st, 6)
    assert st.result is None


# -- the safety cap --------------------------------------------------------------------------------


def test_the_game_ends_when_round_30_is_over():
    # rule aliens.14.2
    st = scenario(aliens=(P0, P1), hands=([], [FILL]), turn=60, active=1)
    assert st.round == 30
    pick(st, "Pass")
    assert st.result is not None
    assert (st.result.reason, st.result.turns) == ("safety_cap", 60)
    assert cap_event(st)["rounds"] == 30


def test_round_30_is_played_in_full():
    # rule aliens.14.2
    st = scenario(aliens=(P0, P1), hands=([FILL], []), turn=59, active=0)
    pick(st, "Pass")
    assert st.result is None
    assert st.turn == 60 and st.decision.seat == 1


def test_the_cap_is_a_rule_parameter():
    # rule aliens.14.2
    st = scenario(aliens=(P0, P1), hands=([FILL], []), turn=1, rules={"safety_cap_rounds": 2})
    until_turn(st, 4)
    assert st.result is None
    st.apply("pass")
    assert (st.result.reason, st.result.turns) == ("safety_cap", 4)


def test_more_surviving_aliens_wins_at_the_cap():
    # rule aliens.14.3
    # P0: 3 live Aliens on 1 HP each (3 HP); P1: 2 live Aliens (20 HP).
    st = cap_now({"Cindermaw": 1, "Rustbloom Engine": 1, "Boreas Galewing": 1, "Tempestra": 0})
    assert (st.result.winner, st.result.reason) == (0, "safety_cap")
    e = cap_event(st)
    assert (e["survivors"], e["squad_hp"], e["decided_by"]) == ([3, 2], [3, 20], "survivors")


def test_fewer_surviving_aliens_loses_at_the_cap_whoever_has_priority():
    # rule aliens.14.3
    st = cap_now({"Cindermaw": 0, "Rustbloom Engine": 0}, priority=0)
    assert st.result.winner == 1
    assert cap_event(st)["decided_by"] == "survivors"


def test_equal_survivors_higher_squad_hp_wins():
    # rule aliens.14.4
    st = cap_now({"Gravok Stonehide": 5}, priority=1)
    assert st.result.winner == 0
    e = cap_event(st)
    assert (e["survivors"], e["squad_hp"], e["decided_by"]) == ([3, 3], [30, 25], "squad_hp")


def test_equal_survivors_lower_squad_hp_loses():
    # rule aliens.14.4
    st = cap_now({"Cindermaw": 5}, priority=0)
    assert st.result.winner == 1
    e = cap_event(st)
    assert (e["squad_hp"], e["decided_by"]) == ([25, 30], "squad_hp")


def test_squad_hp_is_the_current_hp_and_a_ko_alien_adds_zero():
    # rule aliens.14.5
    # P0: 0 + 10 + 10 = 20; P1: 0 + 10 + 11 = 21 (the KO'd Aliens' printed HP is not counted).
    st = cap_now({"Cindermaw": 0, "Tempestra": 0, "Synapse Drone": 11}, priority=0)
    e = cap_event(st)
    assert e["survivors"] == [2, 2]
    assert e["squad_hp"] == [20, 21]
    assert st.result.winner == 1


def test_squad_hp_uses_damage_taken_not_printed_hp():
    # rule aliens.14.5
    st = cap_now({"Synapse Drone": 9}, priority=1)
    assert cap_event(st)["squad_hp"] == [30, 29]
    assert st.result.winner == 0


@pytest.mark.parametrize("priority", [0, 1])
def test_full_tie_at_the_cap_goes_to_priority(priority):
    # rule aliens.14.6
    st = cap_now(priority=priority)  # both 3 live, both 30 HP
    e = cap_event(st)
    assert (e["survivors"], e["squad_hp"], e["decided_by"]) == ([3, 3], [30, 30], "priority")
    assert st.result.winner == priority


def test_the_cap_never_ends_in_a_draw():
    # rule aliens.14.6
    for hp in ({}, {"Gravok Stonehide": 5}, {"Cindermaw": 0, "Tempestra": 0}, {"Cindermaw": 0}):
        for priority in (0, 1):
            st = cap_now(hp, priority)
            assert st.result.reason == "safety_cap" and st.result.winner in (0, 1)


def test_the_result_line_without_the_log_claims_no_lead_the_winner_did_not_have():
    # rule aliens.14.4
    # Live Aliens tied 3–3, P1 wins on Squad HP. The play-by-play's "Result:" line is worded from the
    # result event alone (no log): it used to say "P1 led on live Aliens", which P1 did not.
    from cardarena.games.aliens.narrate import narrate

    st = cap_now({"Gravok Stonehide": 5}, priority=1)
    assert cap_event(st)["decided_by"] == "squad_hp" and st.result.winner == 0
    [result] = events(st, "result")
    line = narrate(result) or ""
    assert "safety cap ended the game" in line
    assert "led on live Aliens" not in line
    assert "more live Aliens, then more Squad HP, then priority" in line
