"""Rule scenarios for circuits §14: the Reserve token pays 1 Rally of a card or an equip, if its holder
wants, once per game; never Scout, Charge or an Ultimate; the printed rule is the default."""

from __future__ import annotations

import pytest
from circuits_scenario import events, find, has, labels, pass_all, pick, scenario

from cardarena.games.circuits.ruleset import CircuitsRuleset

DUEL = ("Forgeblade", "Lumen Warden")


def token_question(st) -> bool:
    return st.decision is not None and st.decision.kind == "reserve"


def test_the_holder_may_spend_the_token_to_pay_one_less_for_a_card():
    # rule circuits.14.1
    st = scenario(heroes=DUEL, hands=(["Cinder Volley"], []), rally=(3, 3), reserve=0)
    pick(st, "Play Cinder Volley")
    assert token_question(st) and st.decision.seat == 0
    assert sorted(labels(st)) == ["Keep the Reserve token", "Spend the Reserve token (pay 1 less)"]
    pick(st, "Spend the Reserve token")
    assert st.rally[0] == 2 and st.reserve == -1
    assert [(e["type"], e.get("rally")) for e in st.log if e["type"] in ("reserve_token", "paid")] == [
        ("reserve_token", None), ("paid", 1)]
    assert st.hp[1] == st.max_hp(1) - 2  # the card resolved normally


def test_the_token_also_pays_for_an_equip():
    # rule circuits.14.1
    st = scenario(heroes=DUEL, loadout=(["Plated Harness"], []), rally=(3, 3), reserve=0)
    pick(st, "Equip Plated Harness")
    pick(st, "Spend the Reserve token")
    assert st.rally[0] == 1 and st.reserve == -1
    assert st.name(st.gear[1]) == "Plated Harness"


def test_the_token_pays_for_an_answer_in_the_opponents_turn():
    # rule circuits.14.1
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], ["Halo Reflect"]), rally=(3, 1), capacity=(3, 3), reserve=1)
    pick(st, "Play Quick Shot")
    assert has(st, "Answer with Halo Reflect")  # cost 2 with 1 Rally: the token makes up the difference
    pick(st, "Halo Reflect")
    pass_all(st)
    assert st.rally[1] == 0 and st.reserve == -1
    assert st.hp[1] == st.max_hp(1)  # Halo Reflect prevented the Quick Shot


def test_spending_the_token_is_optional():
    # rule circuits.14.2
    st = scenario(heroes=DUEL, hands=(["Cinder Volley"], []), rally=(3, 3), reserve=0)
    pick(st, "Play Cinder Volley")
    pick(st, "Keep the Reserve token")
    assert st.rally[0] == 1 and st.reserve == 0  # full price, token kept
    assert events(st, "reserve_token") == []
    assert st.view(1)["players"][0]["reserve_token"] is True


def test_when_rally_alone_cannot_pay_the_token_is_needed_and_spent():
    # rule circuits.14.2
    st = scenario(heroes=DUEL, hands=(["Cinder Volley"], []), rally=(1, 1), capacity=(3, 3), reserve=0)
    assert has(st, "Play Cinder Volley")  # cost 2 with 1 Rally and the token
    pick(st, "Play Cinder Volley")
    assert not token_question(st)  # no real choice to make
    assert st.rally[0] == 0 and st.reserve == -1


def test_the_token_is_spent_once_per_game_then_gone():
    # rule circuits.14.3
    st = scenario(heroes=DUEL, hands=(["Cinder Volley", "Cinder Volley", "Quick Shot"], []), rally=(5, 5), reserve=0)
    pick(st, "Play Cinder Volley")
    pick(st, "Spend the Reserve token")
    assert st.rally[0] == 4
    pick(st, "Play Cinder Volley")
    assert not token_question(st)  # nothing left to spend
    assert st.rally[0] == 2
    for seat in (0, 1):
        assert [pv["reserve_token"] for pv in st.view(seat)["players"]] == [False, False]
    pick(st, "End the Action Step")
    pass_all(st)
    pick(st, "End the Action Step")
    pass_all(st)  # P1's next turn: still gone
    assert st.active == 0 and st.reserve == -1
    pick(st, "Play Quick Shot")
    assert not token_question(st)


def test_scout_and_charge_cannot_use_the_token():
    # rule circuits.14.4
    st = scenario(heroes=DUEL, gear=(["Redline Drill"], []), plans=([], ["Battle Plan"]), rally=(2, 2), reserve=0)
    pick(st, "Scout")
    assert not token_question(st)
    assert st.rally[0] == 1 and st.reserve == 0
    pick(st, "Charge Redline Drill")  # Charge 1
    assert not token_question(st)
    assert st.rally[0] == 0 and st.reserve == 0
    # nor can the token make up a shortfall: with 0 Rally, no Scout and no Charge
    broke = scenario(heroes=DUEL, gear=(["Redline Drill"], []), plans=([], ["Battle Plan"]), rally=(0, 2),
                     capacity=(2, 2), reserve=0)
    assert not has(broke, "Scout") and not has(broke, "Charge")


@pytest.mark.parametrize(("rally", "offered"), [(6, False), (7, True)])
def test_the_ultimate_cannot_use_the_token(rally, offered):
    # rule circuits.14.4
    st = scenario(heroes=DUEL, rally=(rally, rally), capacity=(7, 7), reserve=0)
    assert has(st, "Ultimate") is offered  # 6 Rally and the token do not make 7 (ruling circuits.gap.25)
    if offered:
        pick(st, "Ultimate")
        assert not token_question(st)
        assert st.rally[0] == 0 and st.reserve == 0


def test_the_printed_reserve_rule_is_the_default_and_the_variant_must_be_chosen():
    # rule circuits.14.5
    game = CircuitsRuleset()
    assert game.check_rules(None)["reserve_token"] is True

    def started(rules=None):
        st = game.new_game(decks=["forgeblade", "lumen_warden"], seed=4, rules=rules)
        while st.decision is not None and st.decision.kind != "action":
            st.apply("keep" if st.decision.kind == "mulligan" else st.decision.ids[0])
        return st

    printed = started()
    assert printed.reserve == 1 - printed.first
    assert [e["player"] for e in printed.log if e["type"] == "reserve_token_taken"] == [1 - printed.first]
    off = started({"reserve_token": False})
    assert off.first == printed.first and off.reserve == -1
    assert not any(e["type"] == "reserve_token_taken" for e in off.log)
    assert all(pv["reserve_token"] is False for pv in off.view(0)["players"])


def test_an_option_the_rally_alone_cannot_pay_says_it_takes_the_reserve_token() -> None:
    # rule circuits.14.1
    # Slow Fuse (cost 2) with 1 Rally and the token: playing it spends the token without asking, so the
    # option says so; with 2 Rally it does not (the holder is then asked)
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Slow Fuse"], []), rally=(1, 1))
    st.reserve = 0
    assert "Play Slow Fuse (plan, cost 2, with your Reserve token)" in labels(st), labels(st)
    st.apply(find(st, "Slow Fuse"))
    assert [e["player"] for e in st.log if e["type"] == "reserve_token"] == [0]
    st = scenario(heroes=("Forgeblade", "Lumen Warden"), hands=(["Slow Fuse"], []), rally=(2, 1))
    st.reserve = 0
    assert "Play Slow Fuse (plan, cost 2)" in labels(st), labels(st)
