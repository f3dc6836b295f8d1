"""Rule scenarios for rulebook §15: statuses belong to a Hero (rule circuits.15.1). Rules 15.2–15.3 are
about the Bench, which only Squad has (not implemented)."""

from __future__ import annotations

from circuits_c8_helpers import amount, asset_hits, end_turn, hero_hits
from circuits_scenario import events, pick, scenario

HERO_STATUSES = {"shield", "burn", "marked", "cannot_heal"}


def test_statuses_are_shown_on_the_hero_not_on_the_player():
    # rule circuits.15.1
    st = scenario(heroes=("Prism Tactician", "Sparkwright"), hands=(["Flash Burn", "Cold Iron", "Spotlight"], []))
    for name in ("Flash Burn", "Cold Iron", "Spotlight"):
        pick(st, f"Play {name}")
    st.shield[1] = 2
    for seat in (0, 1):
        player = st.view(seat)["players"][1]
        assert set(player["hero"]) >= HERO_STATUSES
        assert not HERO_STATUSES & set(player)  # nothing at the player's level
        hero = player["hero"]
        assert (hero["shield"], hero["burn"], hero["marked"], hero["cannot_heal"]) == (
            2, amount("Flash Burn", "burn"), True, True)
    own = st.view(0)["players"][0]["hero"]  # the caster's Hero has none of them
    assert (own["shield"], own["burn"], own["marked"], own["cannot_heal"]) == (0, 0, False, False)


def test_a_heros_statuses_do_not_reach_the_players_assets():
    # rule circuits.15.1
    # P2's Hero is Marked and Shielded: an attack on P2's Asset gets neither the +1 nor the Shield, and the
    # Hero keeps both.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=([], ["Pile Driver"]))
    st.marked[1] = True
    st.shield[1] = 3
    pick(st, "Basic Attack")
    pick(st, "Pile Driver")
    (hit,) = asset_hits(st, "Pile Driver")
    assert hit["final"] == 1
    assert st.marked[1] is True and st.shield[1] == 3


def test_burn_ticks_on_the_hero_only():
    # rule circuits.15.1
    st = scenario(heroes=("Sparkwright", "Lumen Warden"), field=(["Pile Driver", "Capacitor Bank"], []))
    st.burn_enemy[0] = 2
    end_turn(st)
    assert [(e["source"], e["final"]) for e in hero_hits(st, 0)] == [("Burn", 2)]
    assert [e for e in events(st, "damage") if e["target"] == "asset"] == []
    assert st.burn_enemy[0] == 1  # still on the Hero, one less (ruling circuits.gap.2)
