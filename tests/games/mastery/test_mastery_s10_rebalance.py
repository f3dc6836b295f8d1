"""Rule scenarios for rulebook §10: Hero defeat and Rebalance."""

from __future__ import annotations

from collections import Counter

from mastery_scenario import act_with, card, events, has, pass_opportunity, pick, scenario, slot

from cardarena.games.mastery.effects import passive_amount

KIT = ["Power Strike", "Slash", "Second Wind", "Battle Focus"]  # Attack, Attack, Support, Support


def cid(name: str) -> str:
    return str(card(name).id)


def board(**kw):  # type: ignore[no-untyped-def]
    """P2 to act with a Slash; P1's Mira at 1 HP; Kael on Bladestorm with Attack and Support earned."""
    args = dict(hands=([], ["Slash", "Slash"]), kit={"Kael Emberstride": KIT}, path={"Kael Emberstride": "Bladestorm"},
                hp={"Mira Dawnsong": 1}, active=1)
    args.update(kw)
    st = scenario(**args)
    # one of the Path's Executioner's Cut is in hand, another in the discard pile
    cuts = [i for i in st.deck[0] if st.defs[i].name == "Executioner's Cut"]
    for i, zone in zip(cuts, (st.hand[0], st.discard[0]), strict=False):
        st.deck[0].remove(i)
        zone.append(i)
    return st


def test_zero_hp_defeats_and_defeated_heroes_never_act() -> None:
    # rule mastery.10.1
    # rule mastery.10.2
    st = board(kit={}, path={})
    act_with(st, "Slash", target="Mira")
    mira = slot(st, "Mira Dawnsong")
    assert st.hp[mira] == 0 and events(st, "defeated")[0]["hero"] == {"seat": 0, "slot": 0}
    assert st.decision.seat == 0 and st.decision.kind == "opportunity"  # no Rebalance: no Hero on a Path
    assert not has(st, "Mira")


def test_offer_after_defeat_only_to_owner() -> None:
    # rule mastery.10.3
    # rule mastery.10.4
    # rule mastery.10.6
    # rule mastery.10.7
    # rule mastery.gap.29
    st = board()
    act_with(st, "Slash", target="Mira")
    assert st.decision.kind == "rebalance" and st.decision.seat == 0
    assert st.decision.ids == ["rebalance:1:battle_medic", "decline"]  # not Bladestorm, not Duelist (unearned)


def test_defeated_heroes_are_not_offered() -> None:
    # rule mastery.10.5
    st = board(kit={"Kael Emberstride": KIT, "Mira Dawnsong": ["Mend Wounds", "Healing Light", "Mind Spike",
                                                               "Sanctuary", "Protective Prayer"]},
               path={"Kael Emberstride": "Bladestorm", "Mira Dawnsong": "Lightbringer"})
    act_with(st, "Slash", target="Mira")
    assert all(o.data.get("hero", {}).get("slot") != 0 for o in st.decision.options)


def test_rebalance_switches_path_through_the_reserve() -> None:
    # rule mastery.10.9
    # rule mastery.10.10
    # rule mastery.10.11
    # rule mastery.10.12
    # rule mastery.gap.28
    # rule mastery.gap.30
    st = board(kit={"Kael Emberstride": [*KIT, "Parry"]})
    kael = slot(st, "Kael Emberstride")
    act_with(st, "Slash", target="Mira")
    pick(st, "Battle Medic")
    assert st.path[kael] == "battle_medic" and st.rebalanced[kael]
    assert st.kit[kael] == tuple(cid(n) for n in [*KIT, "Parry"])  # no Mastery gained
    assert st.heroes[kael].cls == "Attacker"
    # old Path Passive off at once, new on
    assert passive_amount(st, kael, "damage_bonus") == card("Kael Emberstride").passive.amount
    assert passive_amount(st, kael, "heal_bonus") == card("Battle Medic").passive.amount
    # Executioner's Cut left the hand and the discard; Battle Medic's cards are in the deck
    zones = [*st.hand[0], *st.deck[0], *st.discard[0]]
    names = Counter(st.defs[i].name for i in zones if st.defs[i].level == 2)
    assert names == {"Field Dressing": 2, "Rallying Cry": 2}
    res = Counter(st.defs[i].name for i in st.reserve[kael])
    assert res["Executioner's Cut"] == 2 and res["Whirling Blades"] == 2 and "Field Dressing" not in res
    assert events(st, "rebalance")[0]["from_hand"] == 1
    # Loadout: the two Support Masteries + Parry (Guard) as flexible third, all ready
    assert st.loadout[kael] == (cid("Second Wind"), cid("Battle Focus"), cid("Parry")) and st.spent[kael] == ()


def test_loadout_rebuilt_without_a_flexible_third() -> None:
    # rule mastery.10.13
    st = board()
    act_with(st, "Slash", target="Mira")
    pick(st, "Battle Medic")
    kael = slot(st, "Kael Emberstride")
    assert st.loadout[kael] == (cid("Second Wind"), cid("Battle Focus"))  # Attack Masteries stay behind


def test_once_per_game_and_declining_changes_nothing() -> None:
    # rule mastery.10.8
    # rule mastery.10.14
    st = board(hp={"Mira Dawnsong": 1, "Gorm Ironhide": 1})
    kael = slot(st, "Kael Emberstride")
    before = (st.path[kael], st.loadout[kael], sorted(st.hand[0]), sorted(st.deck[0]), list(st.reserve[kael]))
    act_with(st, "Slash", target="Mira")
    st.apply("decline")
    assert (st.path[kael], st.loadout[kael], sorted(st.hand[0]), sorted(st.deck[0]), list(st.reserve[kael])) == before
    pass_opportunity(st)
    # declining used nothing: the next defeat offers it again; once taken, never again
    pick(st, "Shield Bash")  # Hild (Brann is USED)
    pick(st, "Gorm")
    assert st.decision.kind == "rebalance"
    pick(st, "Battle Medic")
    assert st.rebalanced[kael]
    from cardarena.games.mastery.mastery import rebalance_options

    st.kit[kael] = (*st.kit[kael], cid("Parry"), cid("Fortify"))  # Guard earned too
    assert rebalance_options(st, 0) == []


def test_the_player_picks_the_flexible_third() -> None:
    # rule mastery.10.12
    # rule mastery.gap.30
    # Parry and Camouflage (both Guard, not of the old Attack symbol) are both eligible: the player
    # picks the flexible third, here the older one (the engine took the latest, Camouflage, itself)
    st = board(kit={"Kael Emberstride": [*KIT, "Parry", "Camouflage"]})
    kael = slot(st, "Kael Emberstride")
    act_with(st, "Slash", target="Mira")
    pick(st, "Battle Medic")
    assert st.decision.kind == "flex" and st.decision.seat == 0
    assert st.decision.ids == ["flex:parry", "flex:camouflage"]
    assert not events(st, "rebalance")  # the Rebalance is logged whole, once its Loadout is rebuilt
    pick(st, "Parry")
    assert st.loadout[kael] == (cid("Second Wind"), cid("Battle Focus"), cid("Parry")) and st.spent[kael] == ()
    assert events(st, "rebalance")[0]["loadout"] == list(st.loadout[kael])
    assert st.decision.kind == "opportunity" and st.decision.seat == 0
