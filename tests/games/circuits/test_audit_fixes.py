"""Rule defects found by an independent audit, each pinned by a scenario: leftover Reaction prevention
and passive triggers (11.30), "look at one enemy face-down Plan" effects (12.16), nothing after the
result (1.2), and hidden cards in events and windows (4.1, 4.3)."""

from __future__ import annotations

import json

from circuits_scenario import events, find, pass_all, pick, scenario


def test_leftover_reaction_prevention_does_not_absorb_a_passive_trigger():
    # rule circuits.11.30
    # P2 (Volt Reaver) attacks Ironclad Vanguard. P1 answers with Quick Shot at P2's Hero; P2 answers
    # that with Brace (prevent 2): Quick Shot's 1 is prevented, 1 prevention is left. The attack then
    # hits through Padded Vest, so Riposte (a Passive) deals 1 to P2: the leftover Brace prevention
    # answers only the damage of its window, not Riposte's.
    st = scenario(heroes=("Ironclad Vanguard", "Volt Reaver"), gear=(["Padded Vest"], []),
                  hands=(["Quick Shot"], ["Brace"]), active=1, rally=(5, 5))
    pick(st, "Basic Attack")
    pick(st, "Quick Shot")
    pick(st, "Brace")
    pass_all(st)
    quick, riposte = [e for e in events(st, "damage") if e["player"] == 1]
    assert (quick["source"], quick["prevented_by_reactions"], quick["final"]) == ("Quick Shot", 1, 0)
    assert riposte["source"] == "Ironclad Vanguard"  # the Passive's damage
    assert (riposte["prevented_by_reactions"], riposte["final"]) == (0, 1)
    assert st.hp[1] == st.max_hp(1) - 1


def refraction_board(plans: list[str]):
    st = scenario(heroes=("Prism Tactician", "Forgeblade"), hands=(["Mend Light"], []), plans=([], plans),
                  decks=(["Quick Shot"] * 5, ["Regroup"] * 5), hp=(20, None), rally=(3, 3))
    pick(st, "Play Mend Light")
    return st


def test_refraction_lets_its_player_choose_the_face_down_plan_and_see_it():
    # rule circuits.12.16
    # rule circuits.12.15
    st = refraction_board(["Battle Plan", "Field Triage"])
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (0, "target")
    assert sorted(st.decision.ids) == ["target:1:plans:0", "target:1:plans:1"]
    pick(st, "Defense Plan")
    triage = st.plans[1][1]
    assert triage in st.seen[0]
    [look] = events(st, "look")
    assert (look["what"], look["card"]) == ("plan", "Field Triage")
    mine = [e for e in st.visible_log(0) if e["type"] == "look"]
    theirs = [e for e in st.visible_log(1) if e["type"] == "look"]
    assert mine[0]["card"] == "Field Triage" and theirs[0]["card"] is None and theirs[0]["id"] is None
    seen = st.view(0)["players"][1]["plans"]
    assert [p.get("card", {}).get("name") for p in seen] == [None, "Field Triage"]
    assert "Field Triage" not in json.dumps(st.view(0)["players"][1]["plans"][0])


def test_refraction_looks_at_the_only_plan_and_at_the_deck_top_only_without_one():
    # rule circuits.12.16
    # rule circuits.12.14
    st = refraction_board(["Battle Plan"])
    [look] = events(st, "look")
    assert (look["what"], look["card"]) == ("plan", "Battle Plan")
    st = refraction_board([])
    [look] = events(st, "look")
    assert (look["what"], look["card"]) == ("deck_top", "Regroup")
    # rule circuits.12.15: the seen card stays in the looker's own view, in no other
    top = st.view(0)["players"][1]["seen"]
    assert [(c["zone"], c["index"], c["card"]["name"]) for c in top] == [("deck", 0, "Regroup")]
    assert "seen" not in st.view(1)["players"][1] and st.view(1)["players"][0]["seen"] == []


def test_nothing_happens_after_a_deck_out_not_even_a_rider():
    # rule circuits.1.2
    # P1's Basic Attack carries Frame Check's rider; it takes P2 to Breakpoint 10, whose draw finds an
    # empty deck: P2 loses at once and the rider never repairs.
    st = scenario(heroes=("Lumen Warden", "Sparkwright"), field=(["Repair Drone"], []), hands=(["Frame Check"], []),
                  decks=(["Quick Shot"] * 5, []), hp=(None, 11))
    drone = st.field[0][0]
    st.damage[drone] = 1
    pick(st, "Play Frame Check")
    pass_all(st)
    pick(st, "Basic Attack")
    assert st.result is not None and (st.result.winner, st.result.reason) == (0, "deck_out")
    assert events(st, "repair") == [] and st.damage[drone] == 1
    assert st.log[-1]["type"] == "result"


def test_the_opponent_cannot_tell_a_hand_with_an_answer_from_one_without():
    # rule circuits.4.1
    # P2 holds a card either way; the step-2 window is asked in both games, and P1 sees the same thing.
    seen = []
    for hand in (["Brace"], ["Regroup"]):
        st = scenario(heroes=("Forgeblade", "Sparkwright"), hands=([], hand), rally=(3, 3))
        st.apply(find(st, "Basic Attack"))
        assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "respond")
        assert "pass" in st.decision.ids
        seen.append(json.dumps(st.view(0)))
        st.apply("pass")
        seen.append(json.dumps(st.visible_log(0)))
    assert seen[0] == seen[2] and seen[1] == seen[3]


def test_a_plan_trigger_and_payment_do_not_name_the_face_down_plan():
    # rule circuits.4.3
    # Cinder Oracle's Smoke Signs fires when a Plan is played, and the Reserve token pays for it: the
    # opponent's log names neither the Plan in `trigger.cause` nor in `paid`/`reserve_token`.
    st = scenario(heroes=("Cinder Oracle", "Sparkwright"), hands=(["Battle Plan"], []), rally=(3, 3), reserve=0)
    pick(st, "Play Battle Plan")
    pick(st, "Spend the Reserve token")
    pass_all(st)
    theirs = st.visible_log(1)
    assert "Battle Plan" not in json.dumps(theirs)
    [trig] = [e for e in theirs if e["type"] == "trigger"]
    assert trig["cause"] is None and trig["card"] == "Cinder Oracle"
    [paid] = [e for e in theirs if e["type"] == "paid"]
    [token] = [e for e in theirs if e["type"] == "reserve_token"]
    assert paid["card"] is None and token["card"] is None
    mine = st.visible_log(0)
    assert [e["cause"] for e in mine if e["type"] == "trigger"] == ["Battle Plan"]


def test_determinize_keeps_what_the_opponent_knows_of_a_face_down_plan():
    # rule circuits.12.1
    # rule circuits.10.1
    # Its Kind marker is honest and its cost was paid openly: a resampled face-down Plan is another
    # hidden Plan of the same Kind and cost; the Loadout picks trade only within their slot.
    import random

    st = scenario(heroes=("Cinder Oracle", "Sparkwright"), plans=(["Battle Plan"], []),
                  hands=(["Siege Ram", "Field Triage", "Slow Fuse", "Timeline Fold"], []),
                  decks=(["Paradox Strike", "Foretold Inferno"] * 3, ["Regroup"] * 6), active=1)
    plan = st.plans[0][0]
    for known_lists in (True, False):  # the real deck list, or one believed (core/belief.py)
        names = set()
        for k in range(40):
            d = st.determinize(1, random.Random(k), known_lists=known_lists)
            names.add(d.name(plan))
            assert (d.defs[plan].plan_kind, d.defs[plan].cost) == ("offense", 1)
        if known_lists:
            assert names == {"Battle Plan"}  # the only hidden offense Plan of cost 1 of the real list
    st.hand[0].append(st.plans[0].pop())  # now a hand card: any hidden card of the owner may be it
    st.kind_of.clear()
    names = {st.determinize(1, random.Random(k)).name(plan) for k in range(60)}
    assert len(names) > 2


def test_the_looker_cannot_tell_which_of_two_like_plans_went_face_down():
    # rule circuits.4.3
    # rule circuits.12.15
    # P1 Scouts P2's deck top (Dawn Vigil), which P2 then draws beside Rebuild Cycle: both are defense
    # Plans of cost 2, so playing either face-down shows P1 the same marker and payment. P1's view and
    # log must then be the same whichever went face-down; it used to keep Dawn Vigil among the cards it
    # "saw" in the hand only when Rebuild Cycle was played, telling P1 which Plan lay face-down.
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=([], ["Rebuild Cycle"]),
                  decks=(["Quick Shot"] * 5, ["Quick Shot"] * 4 + ["Dawn Vigil"]), rally=(3, 3))
    pick(st, "Scout")
    pick(st, "End the Action Step")
    pass_all(st)
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "action")
    assert [c["card"]["name"] for c in st.view(0)["players"][1]["seen"]] == ["Dawn Vigil"]
    mark = len(st.log)
    seen = []
    for plan in ("Dawn Vigil", "Rebuild Cycle"):
        s = st.clone()
        pick(s, "Play", plan)
        pass_all(s)
        seen.append((json.dumps(s.view(0)), json.dumps(s.visible_log(0, mark))))
    assert seen[0] == seen[1]


def test_where_a_seen_card_sits_in_the_hand_does_not_tell_which_card_went_face_down():
    # rule circuits.4.3
    # rule circuits.12.15
    # P1 knows two of P2's three hand cards: Dawn Vigil (first) and Quick Shot (second); the third,
    # Rebuild Cycle, is a defense Plan of cost 2 like Dawn Vigil. Whichever of the two Plans P2 plays
    # face-down, P1 must see the same: a seen card's position in the hand would say whether the card
    # that left sat before it or after it, so seen hand cards are listed without a position.
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=([], ["Dawn Vigil", "Quick Shot", "Rebuild Cycle"]),
                  active=1, rally=(3, 3))
    st.seen[0].update(st.hand[1][:2])
    assert [c["card"]["name"] for c in st.view(0)["players"][1]["seen"]] == ["Dawn Vigil", "Quick Shot"]
    mark = len(st.log)
    seen = []
    for plan in ("Dawn Vigil", "Rebuild Cycle"):
        s = st.clone()
        pick(s, "Play", plan)
        pass_all(s)
        seen.append((json.dumps(s.view(0)), json.dumps(s.visible_log(0, mark))))
        assert [c["card"]["name"] for c in s.view(0)["players"][1]["seen"]] == ["Quick Shot"]
    assert seen[0] == seen[1]


def test_a_hero_reduced_to_0_hp_is_not_healed_back_by_a_trigger_of_that_damage():
    # rule circuits.1.1
    # Volt Reaver at 2 HP, with Padded Vest and Sunplate Standard ("when you prevent damage, your Hero
    # heals 2"), takes Impact Maul's 3: the Vest prevents 1, the other 2 reduce it to 0 HP. Sunplate
    # Standard still triggers, but a Hero at 0 HP has lost: it heals nothing and the game is over.
    st = scenario(heroes=("Lumen Warden", "Volt Reaver"), gear=(["Impact Maul"], ["Padded Vest", "Sunplate Standard"]),
                  hp=(None, 2))
    pick(st, "Basic Attack")
    assert st.hp[1] == 0
    assert [e["amount"] for e in events(st, "heal") if e["player"] == 1] == []
    assert st.result is not None and st.result.winner == 0


def test_a_charge_whose_only_effect_needs_one_of_your_assets_is_not_offered_without_one():
    # rule circuits.9.1.20
    # rule circuits.18.10
    # Mesh Weave's Charge is "Repair 2 on one of your Assets". Like Patch Swarm (docs/rulings/circuits.md,
    # "A chosen Asset that does not exist"), it cannot be used with no Asset to repair: it would take
    # 1 Rally for nothing. With an Asset it is offered and repairs it.
    st = scenario(heroes=("Lumen Warden", "Volt Reaver"), gear=(["Mesh Weave"], []))
    assert not any("Charge" in o.label for o in st.decision.options)
    st = scenario(heroes=("Lumen Warden", "Volt Reaver"), gear=(["Mesh Weave"], []), field=(["Bulwark Drone"], []))
    [drone] = st.field[0]
    st.damage[drone] = 3
    pick(st, "Charge Mesh Weave")
    assert st.damage[drone] == 1
