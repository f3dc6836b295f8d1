"""Rulings 57 and 58 (docs/rulings/circuits.md), two readings a rules audit (2026-12-07, thirteenth
session) found the engine made without a ruling: an HP bonus counts for an Asset still in its own play
window, and Full Battery's extra hits open no Response Window."""

from __future__ import annotations

from circuits_c11_c19_helpers import board
from circuits_scenario import POOL, events, labels, pick, scenario


def test_an_hp_bonus_counts_for_an_asset_in_its_own_play_window():
    # rule circuits.8.4.1
    # Scaffold Matrix: "your Assets have +1 HP". Overwatch's 2 damage in the Echo Turret's play window
    # (HP 2) leaves it alive at 3 HP: the Asset being played is one of your Assets (ruling 57)
    turret_hp, bonus = POOL.by_name["Echo Turret"].hp, POOL.by_name["Scaffold Matrix"].asset_hp
    hit = next(e.amount for e in POOL.by_name["Overwatch"].effects if e.verb == "damage")
    assert turret_hp <= hit < turret_hp + bonus
    st = scenario(heroes=("Swarm Architect", "Sparkwright"), hands=(["Echo Turret"], ["Overwatch"]),
                  gear=(["Scaffold Matrix"], []))
    [turret] = st.hand[0]
    pick(st, "Play Echo Turret")
    pick(st, "Answer with Overwatch")
    while st.decision is not None and st.decision.kind != "action":
        pick(st, "Pass" if any(x.startswith("Pass") for x in labels(st)) else labels(st)[0])
    assert events(st, "destroyed") == []
    assert turret in st.field[0] and st.damage.get(turret) == hit
    assert [e["card"] for e in events(st, "enter")] == ["Echo Turret"]


def test_full_battery_hits_open_no_window_only_the_strike_does():
    # rule circuits.11.15
    # Full Battery's extra 2 from the Ember Turret is no Strike: no restricted window opens for it, so
    # Grounding Field cannot prevent it; the Turret's own Strike then opens one (ruling 58)
    st = board(heroes=("Forgeblade (Stormforged)", "Volt Reaver"), field=(["Ember Turret"], []),
               hands=([], ["Grounding Field"]), rally=(7, 3))
    pick(st, "Ultimate")
    while st.decision is not None and st.decision.seat == 1:  # the Ultimate's own window
        pick(st, "Pass")
    pick(st, "End")
    battery = [e for e in events(st, "damage") if e.get("via") == "Full Battery"]
    assert [e["source"] for e in battery] == ["Ember Turret"] and battery[0]["final"] == 2
    assert st.decision.seat == 1 and "Ember Turret Strikes" in st.decision.prompt
    assert any("Grounding Field" in x for x in labels(st))
