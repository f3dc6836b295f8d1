"""rulebook §3: no mana; costs are paid by Expending cards from hand or field to the Fallen Zone."""

from __future__ import annotations

import msgspec
import pytest
from frontline_scenario import (
    FILLER,
    GAME,
    attack,
    has,
    kind,
    next_turn,
    pass_ladder,
    pay,
    pick,
    scenario,
    to_battle,
    uid,
)

from cardarena.games.frontline.schema import HERO_TIERS, Card
from cardarena.games.frontline.state import FALLEN


def test_no_resource_builds_up_and_short_costs_cannot_be_paid() -> None:
    # rule frontline.3.1
    # rule frontline.3.7
    st = scenario(hands=(["Pike Levy"], []), turn=9)
    assert not has(st, "Deploy Pike Levy")  # turn 9, yet nothing to pay with
    assert not hasattr(st, "mana") and "energy" not in st.view(0)["players"][0]
    st = scenario(hands=(["Pike Levy", FILLER], []), turn=9)
    assert has(st, "Deploy Pike Levy")


def test_cost_n_expends_exactly_n_cards_to_the_fallen_zone() -> None:
    # rule frontline.3.2
    # rule frontline.3.4
    # rule frontline.3.6
    st = scenario(hands=(["Firebomb", FILLER, FILLER, FILLER, FILLER], []), front=([], ["Shieldbearer"]))
    pick(st, "Cast Firebomb")
    assert kind(st) == "expend" and "0 of 2 paid" in st.decision.prompt
    pick(st, "Militia Recruit from your hand")
    assert "1 of 2 paid" in st.decision.prompt  # the running total
    pick(st, "Militia Recruit from your hand")
    assert kind(st) == "ladder"
    assert len(st.hand[0]) == 2
    assert [st.defs[i].name for i in st.fallen[0]] == [FILLER, FILLER]
    pass_ladder(st)
    assert [st.defs[i].name for i in st.fallen[0]] == [FILLER, FILLER, "Firebomb"]


def test_a_field_card_can_pay() -> None:
    # rule frontline.3.5
    # rule frontline.3.6
    st = scenario(hands=(["Volley"], []), front=(["Ash Scout"], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pick(st, "Ash Scout from your Front Line")
    scout = uid(st, "Ash Scout")
    assert st.zone[scout] == FALLEN and st.front[0] == -1


def test_an_ability_costs_n_expended_cards() -> None:
    # rule frontline.3.3
    # rule frontline.5.7
    st = scenario(hands=([FILLER], []), front=(["Marksman"], ["Shieldbearer"]))
    pick(st, "Marksman: Snipe")
    assert kind(st) == "expend"
    pick(st, "Militia Recruit from your hand")
    pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 2 and len(st.hand[0]) == 0


def test_cost_zero_deploys_without_expending() -> None:
    # rule frontline.3.8
    # rule frontline.5.5
    st = scenario(hands=(["Ash Scout"], []))
    pick(st, "Deploy Ash Scout")
    assert kind(st) == "main" and st.front[0] == uid(st, "Ash Scout") and st.fallen[0] == []


def test_pool_follows_the_cost_tiers() -> None:
    # rule frontline.3.9
    # rule frontline.3.10
    # rule frontline.3.11
    for h in GAME.pool.heroes:
        assert (h.atk, h.hp) in HERO_TIERS[h.cost], h.name
    assert {(h.atk, h.hp) for h in GAME.pool.heroes if h.cost == 0} <= {(0, 1), (1, 1)}
    assert {(h.atk, h.hp) for h in GAME.pool.heroes if h.cost == 3} <= {(3, 2), (3, 3)}
    assert all(1 <= e.cost <= 2 for e in GAME.pool.equipment)
    with pytest.raises(msgspec.ValidationError, match="Cost-3 Hero"):
        msgspec.convert({"kind": "hero", "id": "X", "name": "X", "cost": 3, "atk": 2, "hp": 2}, Card)
    with pytest.raises(msgspec.ValidationError, match="1–2"):
        msgspec.convert({"kind": "equipment", "id": "X", "name": "X", "cost": 3, "atk": 1}, Card)


def test_cost_three_needs_three_expended() -> None:
    # rule frontline.3.11
    st = scenario(hands=(["Siege Titan", FILLER, FILLER, FILLER], []))
    pick(st, "Deploy Siege Titan")
    pay(st, "Militia")
    assert len(st.fallen[0]) == 3 and st.front[0] == uid(st, "Siege Titan")


def test_scavenge_fires_when_expended_as_a_cost() -> None:
    # rule frontline.3.12
    # rule frontline.8.12
    st = scenario(hands=(["Volley", "Scrap Runner"], []), front=([], ["Shieldbearer"]))
    pick(st, "Cast Volley")
    pick(st, "Scrap Runner from your hand")
    assert len(st.hand[0]) == 1 and st.defs[st.hand[0][0]].name == FILLER  # Scavenge: draw 1
    assert any(e["type"] == "trigger" and e["keyword"] == "scavenge" for e in st.log)


def test_scavenge_fires_when_discarded_for_the_hand_cap() -> None:
    # rule frontline.3.13
    st = scenario(hands=(["Ember Drudge"] + [FILLER] * 7, []), start="end")
    pick(st, "Discard Ember Drudge")
    assert st.lp[1] == 19  # Scavenge: the opponent loses 1 LP


def test_scavenge_fires_when_destroyed() -> None:
    # rule frontline.3.14
    st = scenario(front=(["Militia Recruit"], ["Rubble Rat"]))
    to_battle(st)
    attack(st, "Militia Recruit", "Rubble Rat")
    pass_ladder(st)
    assert st.zone[uid(st, "Rubble Rat")] == FALLEN
    assert st.lp[1] == 21  # Rubble Rat's Scavenge: its owner gains 1 LP


def test_an_ability_can_be_paid_with_its_sources_own_equipment() -> None:
    """Marksman's Snipe costs 1 and only its own Iron Helm could pay: the engine counted the helm
    as part of the (unpayable) source and did not offer the ability, though Retreat was offered."""
    # rule frontline.3.3
    # rule frontline.3.5
    # rule frontline.gap.4
    st = scenario(front=(["Marksman"], ["Shieldbearer"]), gear={"Marksman": ["Iron Helm"]})
    pick(st, "Marksman: Snipe")
    assert not has(st, "Marksman from your Front Line")  # the source itself never pays
    pick(st, "Iron Helm (equipped on Marksman)")
    pass_ladder(st)
    assert st.hp[uid(st, "Shieldbearer")] == 2 and st.zone[uid(st, "Iron Helm")] == FALLEN
    assert st.zone[uid(st, "Marksman")] != FALLEN and st.hp[uid(st, "Marksman")] == 2


def test_scavenge_fires_when_expended_from_the_field_with_its_equipment() -> None:
    # rule frontline.3.12
    # rule frontline.gap.4
    st = scenario(hands=(["Firebomb"], []), front=(["Scrap Runner"], ["Shieldbearer"]),
                  gear={"Scrap Runner": ["Salvaged Gauntlet"]})
    pick(st, "Cast Firebomb")
    pick(st, "Scrap Runner from your Front Line with its 1 equipment")  # weight 2 pays the whole cost
    assert kind(st) == "ladder"
    # both Scavenges fired: Scrap Runner's and the Gauntlet's (draw 1 each)
    assert [st.defs[i].name for i in st.hand[0]] == [FILLER, FILLER]
    assert [e["card"] for e in st.log if e["type"] == "trigger"] == ["Scrap Runner", "Salvaged Gauntlet"]


def test_the_general_in_the_command_zone_can_pay() -> None:
    # rule frontline.3.5
    # rule frontline.gap.4
    st = scenario(hands=(["Volley"], []), front=([], ["Shieldbearer"]), command=("Marshal Vey", None))
    assert has(st, "Cast Volley")  # the General is the only fuel
    pick(st, "Cast Volley")
    pick(st, "Marshal Vey from your Command Zone")
    assert st.command[0] == -1 and st.zone[uid(st, "Marshal Vey")] == FALLEN and kind(st) == "ladder"


def test_hero_stat_lines_are_the_rulebooks_tiers() -> None:
    # rule frontline.3.9
    # rule frontline.3.10
    # rule frontline.3.11
    # rule frontline.gap.22
    base = {(1, 1), (2, 1), (1, 2), (0, 3)}
    want = {0: {(0, 1), (1, 1)}, 1: base, 2: base, 3: {(3, 2), (3, 3)}}
    for cost in range(4):
        for atk in range(4):
            for hp in range(1, 4):
                raw = {"kind": "hero", "id": "X", "name": "X", "cost": cost, "atk": atk, "hp": hp}
                if (atk, hp) in want[cost]:
                    msgspec.convert(raw, Card)
                else:
                    with pytest.raises(msgspec.ValidationError, match=f"Cost-{cost} Hero"):
                        msgspec.convert(raw, Card)


def test_an_ability_whose_source_is_the_only_fuel_is_not_offered() -> None:
    # rule frontline.3.3
    # rule frontline.3.7
    st = scenario(front=(["Marksman"], ["Shieldbearer"]))
    assert not has(st, "Snipe")  # Snipe costs 1 and Marksman cannot pay for itself
    st = scenario(tac=(["Ballista"], []), front=([], ["Shieldbearer"]))
    assert not has(st, "Bolt")
    st = scenario(tac=(["Ballista"], []), front=([], ["Shieldbearer"]), hands=([FILLER], []))
    assert has(st, "Ballista: Bolt")


def test_an_ability_is_used_once_per_turn() -> None:
    # rule frontline.3.3
    # rule frontline.gap.1
    st = scenario(hands=([FILLER] * 3, []), front=(["Marksman"], ["Bastion Guard"]))
    pick(st, "Marksman: Snipe")
    pay(st)
    pass_ladder(st)
    assert not has(st, "Snipe")  # used this turn
    next_turn(st)
    next_turn(st)
    assert has(st, "Marksman: Snipe")  # a new turn


def test_abilities_work_from_the_front_line_command_zone_and_tactical_zone_only() -> None:
    # rule frontline.3.3
    # rule frontline.gap.9
    # rule frontline.7.14
    st = scenario(hands=([FILLER] * 3, []), tac=(["Marksman", "Ballista"], []), command=("Lady Cinder", None),
                  front=([], ["Shieldbearer"]))
    assert has(st, "Ballista: Bolt") and has(st, "Lady Cinder: Firestorm")
    assert not has(st, "Snipe")  # a retreated Hero has no ability to use
    st = scenario(hands=([FILLER] * 3, []), front=(["Lady Cinder"], ["Shieldbearer"]))
    assert not has(st, "Firestorm")  # a General's ability works only from the Command Zone


def test_a_play_with_no_legal_target_is_not_offered() -> None:
    # rule frontline.7.11
    # rule frontline.gap.20
    st = scenario(hands=(["Volley", FILLER, FILLER], []), front=(["Marksman"], []), tac=([], ["Shieldbearer"]))
    assert has(st, "Cast Volley") and has(st, "Snipe")  # a retreated unit is a target
    st = scenario(hands=(["Volley", FILLER, FILLER], []), front=(["Marksman"], []), command=(None, "Marshal Vey"))
    assert not has(st, "Cast Volley") and not has(st, "Snipe")  # a Command Zone General is no target
    st = scenario(hands=(["Volley", FILLER], ["Parry", "Ambush Fire", FILLER]), front=(["Pike Levy"], []),
                  tac=([], ["War Drum"]))
    pick(st, "Cast Volley")
    pay(st)
    assert has(st, "Cast Ambush Fire") and not has(st, "Parry")  # P2 has no unit for Parry to heal


def test_a_reaction_needs_its_cost_beyond_itself() -> None:
    # rule frontline.3.7
    # rule frontline.4.24
    st = scenario(hands=(["Forced March", FILLER], ["Last Rites", "Grim Harvest"]), front=(["Pike Levy"], []))
    pick(st, "Cast Forced March")
    pay(st)
    assert st.decision.seat == 1 and has(st, "Cast Last Rites") and has(st, "Cast Grim Harvest")
    pick(st, "Cast Last Rites")  # Cost 0
    st.apply("pass")  # P1
    assert st.decision.seat == 1 and not has(st, "Grim Harvest")  # Cost 1, and it cannot pay for itself


def test_a_destroyed_units_scavenge_fires_before_its_equipments() -> None:
    # rule frontline.3.14
    # rule frontline.gap.1
    # rule frontline.gap.4
    st = scenario(front=(["Militia Recruit"], ["Rubble Rat"]), gear={"Rubble Rat": ["Salvaged Gauntlet"]})
    to_battle(st)
    attack(st, "Militia Recruit", "Rubble Rat")
    pass_ladder(st)
    assert [e["card"] for e in st.log if e["type"] == "trigger"] == ["Rubble Rat", "Salvaged Gauntlet"]
    assert st.lp[1] == 21 and len(st.hand[1]) == 1 and st.zone[uid(st, "Salvaged Gauntlet")] == FALLEN


def test_the_target_of_a_play_is_not_fuel_for_it() -> None:
    """Battle Cleric's Mend (Expend 1, heal an ally 2) aimed at Trench Digger could once be paid by
    Expending Trench Digger itself, which only threw the play away (its target gone, it whiffed)."""
    # rule frontline.3.3
    # rule frontline.gap.4
    st = scenario(hands=([FILLER], []), front=(["Battle Cleric", ("Trench Digger", 1)], ["Shieldbearer"]))
    pick(st, "Battle Cleric: Mend")
    assert kind(st) == "target"
    pick(st, "Trench Digger (1 HP)")
    assert kind(st) == "expend"
    assert not has(st, "Trench Digger from your Front Line") and has(st, f"{FILLER} from your hand")
    pay(st)
    pass_ladder(st)
    assert st.hp[uid(st, "Trench Digger")] == 3 and st.zone[uid(st, "Trench Digger")] != FALLEN


def test_a_target_that_is_the_only_fuel_is_not_offered() -> None:
    # rule frontline.3.7
    # rule frontline.gap.4
    # Only Ash Scout can pay, so Mend may heal the Cleric (paid by Ash Scout) but not Ash Scout.
    st = scenario(front=([("Battle Cleric", 1), ("Ash Scout", 1)], ["Shieldbearer"]))
    pick(st, "Battle Cleric: Mend")
    assert kind(st) == "expend" and has(st, "Ash Scout from your Front Line")  # the one target is not asked
    pay(st)
    pass_ladder(st)
    assert st.hp[uid(st, "Battle Cleric")] == 2 and st.zone[uid(st, "Ash Scout")] == FALLEN
    # With no fuel beyond the target, the play is not offered at all
    st = scenario(front=(["Battle Cleric"], ["Shieldbearer"]))
    assert not has(st, "Battle Cleric: Mend")


def test_a_later_link_may_be_paid_with_the_target_of_an_earlier_one() -> None:
    """Only a play's own target is kept out of its payment. The unit an earlier link of the Ladder
    targets is the player's to Expend for a later link: nothing reserves it, and the earlier link
    then whiffs (ruling gap.4)."""
    # rule frontline.8.4
    # rule frontline.gap.4
    st = scenario(hands=([FILLER, "Grim Harvest"], []), front=(["Battle Cleric", ("Trench Digger", 1)], ["Shieldbearer"]))
    pick(st, "Battle Cleric: Mend")
    pick(st, "Trench Digger (1 HP)")
    pay(st, FILLER)
    st.apply("pass")  # the opponent adds nothing; the turn to add a link comes back
    pick(st, "Cast Grim Harvest")
    assert has(st, "Expend Trench Digger from your Front Line")
    mark = len(st.log)
    pay(st, "Trench Digger")
    pass_ladder(st)
    assert st.zone[uid(st, "Trench Digger")] == FALLEN
    done = [(e["type"], e.get("card") or e.get("source")) for e in st.log[mark:] if e["type"] in ("resolve", "whiff")]
    assert done == [("resolve", "Grim Harvest"), ("whiff", "Battle Cleric")]


def test_a_cost_a_trigger_cut_short_makes_the_play_whiff() -> None:
    # rule frontline.3.7
    # rule frontline.8.8
    # A card file's Hero whose Scavenge deals damage: Expended for Firebomb, it destroys the enemy
    # Sapper, whose Last Stand destroys the Militia Recruit that was to pay the rest. The play fails
    # (ruling "A cost cut short"): no decision without options, nothing refunded.
    keg = msgspec.convert({"kind": "hero", "id": "XK", "name": "Powder Keg", "cost": 0, "atk": 1, "hp": 1,
                           "scavenge": [{"verb": "damage", "amount": 1, "to": "each_enemy"}]}, Card)
    st = scenario(hands=(["Firebomb", keg], []), front=([FILLER], ["Sapper", "Shieldbearer"]))
    recruit = uid(st, FILLER)
    pick(st, "Cast Firebomb")
    pick(st, "Shieldbearer")
    pick(st, "Expend Powder Keg")
    assert st.zone[uid(st, "Sapper")] == FALLEN and st.zone[recruit] == FALLEN
    assert kind(st) == "main" and st.decision.options  # back to the Main Phase, not a dead end
    assert st.zone[uid(st, "Firebomb")] == FALLEN and not st.links
    assert st.hp[uid(st, "Shieldbearer")] == 2  # the Keg's 1 damage, not Firebomb's 2
    assert any(e["type"] == "whiff" and e["source"] == "Firebomb" for e in st.log)
    assert GAME.check_invariants(st) == []


def test_an_answer_a_trigger_cut_short_leaves_the_ladder_open() -> None:
    # rule frontline.3.7
    # rule frontline.8.4
    # rule frontline.8.7
    # P2 answers an attack with Snap Trap; the Powder Keg Expended for it destroys P1's Sapper, whose
    # Last Stand destroys the Militia Recruit that was to pay the rest: Snap Trap whiffs, the attack
    # stays on the Ladder, and P2 is asked again (ruling "A cost cut short").
    keg = msgspec.convert({"kind": "hero", "id": "XK", "name": "Powder Keg", "cost": 0, "atk": 1, "hp": 1,
                           "scavenge": [{"verb": "damage", "amount": 1, "to": "each_enemy"}]}, Card)
    st = scenario(hands=([], ["Snap Trap", keg]), front=(["Vanguard Squire", "Sapper"], [FILLER]))
    recruit = uid(st, FILLER)
    to_battle(st)
    attack(st, "Vanguard Squire", FILLER)
    pick(st, "Cast Snap Trap")
    pick(st, "Vanguard Squire")
    pick(st, "Expend Powder Keg")
    assert st.zone[uid(st, "Sapper")] == FALLEN and st.zone[recruit] == FALLEN
    assert st.zone[uid(st, "Snap Trap")] == FALLEN and st.hp[uid(st, "Vanguard Squire")] == 1  # the Keg's 1 only
    assert kind(st) == "ladder" and st.decision.seat == 1 and [link[0] for link in st.links] == ["attack"]
    pass_ladder(st)
    assert not st.links and any(e["type"] == "whiff" and e["kind"] == "attack" for e in st.log)  # its target fell
    assert GAME.check_invariants(st) == []
