"""rulebook §1: Life Points, the two victory conditions, the 0–3 scale, Field Existence."""

from __future__ import annotations

import msgspec
import pytest
from frontline_scenario import FILLER, GAME, attack, pass_ladder, pay, pick, scenario, to_battle, uid

from cardarena.games.frontline.schema import Card
from cardarena.games.frontline.state import FALLEN
from cardarena.games.frontline.text import card_text


def test_each_player_starts_with_20_lp() -> None:
    # rule frontline.1.1
    st = GAME.new_game(seed=3)
    assert st.lp == [20, 20]


def test_zero_lp_wins_at_once_and_nothing_else_resolves() -> None:
    # rule frontline.1.2
    # rule frontline.1.3
    st = scenario(front=([], ["Militia Recruit"]), lp=(20, 1),
                  hands=(["Sudden Assault", "Counterblast", FILLER, FILLER, FILLER, FILLER], ["Last Rites"]))
    pick(st, "Cast Sudden Assault")
    pay(st, "Militia")  # link 1
    pick(st, "Cast Last Rites")  # link 2 (P2)
    pick(st, "Cast Counterblast")  # link 3 (P1), targets P2's only unit
    pay(st, "Militia")
    pass_ladder(st)
    assert st.result is not None and st.result.winner == 0 and st.result.reason == "life_points"
    assert st.decision is None and st.stack == []  # nothing after the result
    assert len(st.hand[1]) == 0  # Last Rites (link 2) never resolved: no card drawn
    assert not any(e["type"] == "resolve" and e.get("card") in ("Last Rites", "Sudden Assault") for e in st.log)


def test_deckout_in_own_draw_phase_loses() -> None:
    # rule frontline.1.4
    # rule frontline.5.4
    st = scenario(decks=([], ["Militia Recruit"] * 5), turn=3, active=0, start="turn_start")
    assert st.result is not None and st.result.winner == 1 and st.result.reason == "deckout"
    assert st.phase == "draw"  # before Main Phase 1


def test_empty_deck_is_not_a_loss_by_itself() -> None:
    # rule frontline.1.5
    st = scenario(decks=(["Militia Recruit"], []), turn=3, active=0, start="turn_start")
    assert st.result is None  # P2's deck is empty, but it is P1's Draw Phase
    assert st.deck[0] == []  # P1 drew its last card and plays on


@pytest.mark.parametrize("field,value", [("cost", 4), ("atk", 4), ("hp", 4), ("cost", -1)])
def test_card_data_outside_the_scale_is_rejected(field: str, value: int) -> None:
    # rule frontline.1.6
    raw = {"kind": "hero", "id": "X", "name": "X", "cost": 1, "atk": 1, "hp": 1}
    raw[field] = value
    with pytest.raises(msgspec.ValidationError, match="0–3"):
        msgspec.convert(raw, Card)


@pytest.mark.parametrize("atk", [4, -1])
def test_an_aura_bonus_outside_the_scale_is_rejected(atk: int) -> None:
    # rule frontline.1.6
    # rule frontline.gap.7
    raw = {"kind": "tactical", "id": "X", "name": "X", "cost": 1, "hp": 1, "aura": {"atk": atk}}
    with pytest.raises(msgspec.ValidationError, match="0–3"):
        msgspec.convert(raw, Card)


@pytest.mark.parametrize("verb", ["draw", "gain", "reclaim"])
def test_an_effect_for_your_own_player_cannot_say_opponent(verb: str) -> None:
    # rule frontline.gap.1
    # the engine draws, gains and reclaims for the card's own player: `to = opponent` was silently ignored
    raw = {"kind": "action", "id": "X", "name": "X", "cost": 1, "effects": [{"verb": verb, "to": "opponent"}]}
    with pytest.raises(msgspec.ValidationError, match="must be you"):
        msgspec.convert(raw, Card)
    raw["effects"] = [{"verb": "strike", "to": "you"}]
    assert card_text(msgspec.convert(raw, Card)) == "You lose 1 LP."  # not "The you lose"


def test_every_pool_card_is_on_the_scale() -> None:
    # rule frontline.1.6
    for c in GAME.pool.cards:
        assert 0 <= c.cost <= 3
        assert 0 <= getattr(c, "atk", 0) <= 3 and 0 <= getattr(c, "hp", 1) <= 3


def test_unit_at_zero_hp_is_destroyed_at_once_to_the_fallen_zone() -> None:
    # rule frontline.1.7
    # rule frontline.1.8
    st = scenario(front=(["Pike Levy"], ["Vanguard Squire"]))
    to_battle(st)
    sq = uid(st, "Vanguard Squire")
    attack(st, "Pike Levy", "Vanguard Squire")
    pass_ladder(st)
    assert st.zone[sq] == FALLEN and sq in st.fallen[1] and sq not in st.front
    assert st.hp[sq] == 0
    assert any(e["type"] == "destroyed" for e in st.log)
