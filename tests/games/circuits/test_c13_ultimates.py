"""Rule scenarios for rulebook §13, Ultimates (rules circuits.13.1–13.4): once per match, 7 Rally, and
never cancelled. The window an Ultimate opens is pinned in test_c11_windows.py (rule 11.4)."""

from __future__ import annotations

from circuits_c11_c19_helpers import answers_offered, asked, board, make_card, put, to_next_action
from circuits_scenario import POOL, events, has, labels, pick

# Forgeblade's Masterwork: damage and Burn to the enemy Hero.
HEROES = ("Forgeblade", "Lumen Warden")
MASTERWORK = POOL.heroes["Forgeblade"].ultimate
DAMAGE = next(e.amount for e in MASTERWORK.effects if e.verb == "damage")
BURN = next(e.amount for e in MASTERWORK.effects if e.verb == "burn")


def test_an_ultimate_is_used_once_per_match():
    # rule circuits.13.1
    st = board(heroes=HEROES, rally=(10, 10))
    assert labels(st).count("Ultimate: Masterwork (7 Rally)") == 1
    pick(st, "Ultimate")
    assert st.hp[1] == st.max_hp(1) - DAMAGE and st.burn_enemy[1] == BURN
    assert not has(st, "Ultimate")  # not twice in the same Action Step, with 3 Rally left
    pick(st, "End")
    to_next_action(st, 0)  # P0's next turn: Rally refilled to 10
    assert st.turn == 7 and st.rally[0] == 10
    assert not has(st, "Ultimate")
    assert st.view(1)["players"][0]["hero"]["ultimate_used"] is True
    assert len(events(st, "ultimate")) == 1


def test_an_ultimate_costs_7_rally():
    # rule circuits.13.2
    short = board(heroes=HEROES, rally=(6, 6), capacity=(10, 10))
    assert not has(short, "Ultimate")
    st = board(heroes=HEROES, rally=(7, 7))
    pick(st, "Ultimate: Masterwork (7 Rally)")
    assert st.rally[0] == 0
    assert events(st, "ultimate") == [{"type": "ultimate", "player": 0, "name": "Masterwork", "rally": 7}]


def test_the_reserve_token_does_not_pay_for_an_ultimate():
    # rule circuits.13.2
    # An Ultimate is not a card (ruling circuits.gap.25): with 6 Rally and the token, it still costs 7.
    st = board(heroes=HEROES, rally=(6, 6), capacity=(10, 10), reserve=0)
    assert not has(st, "Ultimate")
    st = board(heroes=HEROES, rally=(7, 7), reserve=0)
    pick(st, "Ultimate")
    assert (st.decision.seat, st.decision.kind) == (0, "action")  # no "spend your Reserve token?" question
    assert st.rally[0] == 0 and st.reserve == 0


def test_energy_breach_is_not_offered_against_an_ultimate():
    # rule circuits.13.4
    st = board(heroes=HEROES, hands=([], ["Energy Breach", "Eclipse Ward"]))
    pick(st, "Ultimate")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Eclipse Ward"]


def test_a_cancel_effect_cannot_stop_an_ultimate():
    # rule circuits.13.4
    # A test-only Reaction "when the enemy uses an Ultimate: cancel it" may be played, but the Ultimate
    # resolves in full anyway.
    st = board(heroes=HEROES, hands=([], ["Eclipse Ward"]), rally=(10, 3))
    put(st, st.hand[1][0], make_card(kind="tactic", id="t-ult-breach", name="Ultimate Breach", type="reaction",
                                     cost=1, trigger="enemy_ultimate", effects=[{"verb": "cancel", "to": "opponent"}]))
    pick(st, "Ultimate")
    asked(st, 1, 2)
    assert answers_offered(st) == ["Ultimate Breach"]
    pick(st, "Ultimate Breach")
    assert st.rally[1] == 2
    assert events(st, "cancelled") == []
    assert st.hp[1] == st.max_hp(1) - DAMAGE and st.burn_enemy[1] == BURN
    assert st.ult_used[0] is True


def test_an_ultimate_chooses_its_target_when_declared():
    # rule circuits.11.7
    # Volt Reaver's Thunderclap Jams one of the enemy Hero's Gear: the Gear is chosen as the Ultimate is
    # declared (step 1, rule 11.7), before the 7 Rally are paid and the window opens.
    st = board(heroes=("Volt Reaver", "Lumen Warden"), gear=([], ["Padded Vest", "Training Blade"]),
               hands=([], ["Eclipse Ward"]), rally=(10, 3))
    pick(st, "Ultimate: Thunderclap (7 Rally)")
    assert (st.decision.seat, st.decision.kind) == (0, "target")
    assert sorted(labels(st)) == ["Padded Vest", "Training Blade"]
    assert st.rally[0] == 10
    pick(st, "Training Blade")
    asked(st, 1, 2)
    assert st.rally[0] == 3
    pick(st, "Pass")
    blade = st.gear[3 + 0]
    assert st.name(blade) == "Training Blade" and blade in st.jammed
    assert st.gear[3 + 1] not in st.jammed
