"""Further ruling (docs/rulings/aliens.md): an attack whose declaring Alien is KO'd in the Counter
window fizzles, as a KO'd Alien can no longer act."""

from __future__ import annotations

from aliens_scenario import events, pick, scenario, slot

P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]


def test_attacker_koed_by_the_answering_counter_deals_no_damage() -> None:
    # rule aliens.11.3
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(3, 3),
                  command=([], ["Avalanche Response"]), set_on=2, hp={"Cindermaw": 2})
    before = st.hp[slot(st, "Zarkon Arcwing")]
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    pick(st, "Answer with Avalanche Response")
    assert st.hp[slot(st, "Cindermaw")] == 0
    assert st.hp[slot(st, "Zarkon Arcwing")] == before
    assert [e["card"] for e in events(st, "fizzle")] == ["Ember Lash"]
    declared = [e for e in events(st, "activate") if e["card"] == "Ember Lash"]
    assert declared[0]["performer"] == "Cindermaw" and events(st, "energy_paid")[0]["player"] == 0  # spent


def test_attacker_that_survives_the_counter_still_hits() -> None:
    # rule aliens.11.3
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(3, 3),
                  command=([], ["Avalanche Response"]), set_on=2, hp={"Cindermaw": 10})
    before = st.hp[slot(st, "Zarkon Arcwing")]
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    pick(st, "Answer with Avalanche Response")
    assert st.hp[slot(st, "Cindermaw")] == 7
    assert st.hp[slot(st, "Zarkon Arcwing")] < before
    assert events(st, "fizzle") == []
