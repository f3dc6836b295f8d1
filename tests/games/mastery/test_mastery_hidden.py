"""Hidden information in `mastery`: hands and decks stay hidden; chosen cards become public."""

from __future__ import annotations

import json
import random

from mastery_scenario import GAME, act_with, pick, scenario


def test_view_hides_the_opponents_hand_and_every_deck() -> None:
    st = GAME.new_game(seed=7)
    for seat in (0, 1):
        v = st.view(seat)
        me, them = v["players"][seat], v["players"][1 - seat]
        assert len(me["hand"]) == 7 and "hand" not in them and them["hand_count"] == 7
        assert "deck" not in me and "deck" not in them
        text = json.dumps(v)
        for i in st.hand[1 - seat]:
            assert st.defs[i].name not in text or any(st.defs[i].name == c["name"] for c in me["hand"])


def test_visible_log_hides_the_opponents_draws() -> None:
    st = GAME.new_game(seed=8)
    draws = [e for e in st.visible_log(0) if e["type"] == "draw"]
    assert any(e["player"] == 1 and e["cards"] == [None] * 7 for e in draws)
    assert any(e["player"] == 0 and None not in e["cards"] for e in draws)


def test_a_chosen_card_is_public_before_its_performer_and_target() -> None:
    st = scenario(parties=(["Mira Dawnsong", "Kael Emberstride", "Rook Thornwall"],
                           ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"]), hands=(["Triage"], []))
    pick(st, "Triage")
    assert st.decision.kind == "performer"
    assert [c["name"] for c in st.view(1)["pending"]] == ["Triage"]
    # determinizing for the opponent leaves the pending card (and this decision) as it is
    det = st.determinize(1, random.Random(1))
    assert det.view(1) == st.view(1)


def test_determinize_keeps_what_the_seat_knows() -> None:
    st = scenario(hands=(["Slash", "Healing Light"], ["Slash"] * 3))
    act_with(st, "Slash", target="Brann")
    for seat in (0, 1):
        det = st.determinize(seat, random.Random(seat))
        assert json.dumps(det.view(seat), sort_keys=True) == json.dumps(st.view(seat), sort_keys=True)
