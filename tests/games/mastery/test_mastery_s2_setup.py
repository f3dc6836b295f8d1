"""Rule scenarios for rulebook §2: Setup."""

from __future__ import annotations

from mastery_scenario import GAME, events, scenario


def test_parties_come_from_the_decks_and_are_revealed() -> None:
    # rule mastery.2.1
    # rule mastery.gap.2
    st = GAME.new_game(decks=["dawn_vanguard", "dawn_vanguard"], seed=1)
    party = events(st, "party")
    listed = GAME.starter_decks()["dawn_vanguard"].leaders["heroes"]
    assert listed == ["Mira Dawnsong", "Kael Emberstride", "Edda Vanecrest"]
    assert [e["heroes"] for e in party] == [listed] * 2
    assert party[0]["type"] == "party" and st.round == 0  # before the first Round


def test_opening_hand_is_seven() -> None:
    # rule mastery.2.3
    st = GAME.new_game(seed=2)
    assert [len(h) for h in st.hand] == [7, 7]
    assert [len(d) for d in st.deck] == [23, 23]


def test_keep_or_mulligan_then_round_one() -> None:
    # rule mastery.2.4
    # rule mastery.2.5
    # rule mastery.2.6
    # rule mastery.2.7
    st = GAME.new_game(seed=5)
    first = st.first
    assert st.decision is not None and st.decision.kind == "mulligan" and st.decision.seat == first
    kept = list(st.hand[first])
    st.apply("keep")
    assert st.hand[first] == kept
    other = 1 - first
    assert st.decision.kind == "mulligan" and st.decision.seat == other
    old = set(st.hand[other])
    st.apply("mulligan")
    assert len(st.hand[other]) == 7 and len(st.deck[other]) == 23
    assert events(st, "mulligan")[-1] == {"type": "mulligan", "player": other, "taken": True}
    # the replacement hand is kept: no second mulligan, Round 1 begins
    assert st.decision.kind == "opportunity" and st.round == 1
    assert "mulligan" not in st.decision.ids
    assert old  # the returned cards went back into the deck
    assert old <= set(st.deck[other]) | set(st.hand[other])


def test_mulligan_order_and_return() -> None:
    # rule mastery.gap.5
    st = scenario(start="setup", decks=(["Slash"] * 10 + ["Mend Wounds"] * 10, ["Mend Wounds"] * 20), seed=9)
    first = st.first
    assert st.decision.seat == first
    before = sorted(st.hand[first] + st.deck[first])
    st.apply("mulligan")
    # all 7 returned and shuffled in before drawing: the deck and hand still hold the same 20 cards
    assert sorted(st.hand[first] + st.deck[first]) == before and len(st.hand[first]) == 7
    assert any(e["type"] == "draw" and e["reason"] == "mulligan" for e in st.log)
    assert st.decision.seat == 1 - first
