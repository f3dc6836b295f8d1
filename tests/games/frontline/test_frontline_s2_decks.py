"""rulebook §2: deck construction, set-up, opening hands, the Turn 1 draw, the hand cap."""

from __future__ import annotations

from frontline_scenario import FILLER, GAME, events, pick, scenario

from cardarena.core.decks import Deck
from cardarena.games.frontline.state import FALLEN

TITLES = [c.name for c in GAME.pool.heroes] + [c.name for c in GAME.pool.actions]


def deck(n: int, generals: int = 0, copies: int = 3) -> Deck:
    cards: dict[str, int] = {}
    for g in GAME.pool.generals[:generals]:
        cards[g.name] = 1
    names = iter(TITLES)
    while sum(cards.values()) < n:
        name = next(names)
        cards[name] = min(copies, n - sum(cards.values()))
    return Deck(game="frontline", name="t", format="standard", cards=cards)


def test_deck_size_limits() -> None:
    # rule frontline.2.1
    # rule frontline.2.2
    # rule frontline.2.3
    assert any("39 cards" in p for p in GAME.check_deck(deck(39)))
    assert any("61 cards" in p for p in GAME.check_deck(deck(61)))
    assert GAME.check_deck(deck(40)) == []
    assert GAME.check_deck(deck(60)) == []


def test_three_copies_of_a_title() -> None:
    # rule frontline.2.4
    # rule frontline.2.5
    d = deck(40)
    assert GAME.check_deck(d) == []
    name = next(iter(d.cards))
    d.cards[name] = 4
    d.cards[next(n for n in TITLES if n not in d.cards)] = 0
    problems = GAME.check_deck(d)
    assert any("4 copies" in p and name in p for p in problems)


def test_three_generals_at_most_and_they_count_toward_size() -> None:
    # rule frontline.2.6
    # rule frontline.2.7
    d3 = deck(40, generals=3)
    assert GAME.check_deck(d3) == [] and d3.size == 40
    d4 = deck(40, generals=4)
    assert any("4 Generals" in p for p in GAME.check_deck(d4))
    assert d4.size == 40  # the Generals are part of the 40


def test_generals_shuffled_into_the_deck_command_zone_empty() -> None:
    # rule frontline.2.8
    # rule frontline.2.9
    st = GAME.new_game(decks=["iron_wall", "grave_cycle"], seed=11)
    assert st.command == [-1, -1]
    generals = {g.name for g in GAME.pool.generals}
    for p in (0, 1):
        in_deck_or_hand = [st.defs[i].name for i in st.deck[p] + st.hand[p]]
        assert sum(1 for n in in_deck_or_hand if n in generals) == 3
        assert len(st.hand[p]) == 6


def test_player_one_skips_the_turn_1_draw_player_two_draws() -> None:
    # rule frontline.2.10
    # rule frontline.2.11
    # rule frontline.5.3
    # rule frontline.5.1
    st = GAME.new_game(seed=5)
    p1 = st.first
    assert st.turn == 1 and st.active == p1
    assert len(st.hand[p1]) == 6
    assert events(st, "draw_skipped")[0]["player"] == p1
    while st.turn == 1:
        st.apply("end" if "end" in st.decision.ids else ("battle" if "battle" in st.decision.ids else "pass"))
    assert st.turn == 2 and st.active == 1 - p1
    assert len(st.hand[1 - p1]) == 7


def test_hand_cap_discards_down_to_seven_in_own_end_phase() -> None:
    # rule frontline.2.12
    # rule frontline.2.13
    # rule frontline.2.15
    st = scenario(hands=([FILLER] * 9 + ["Volley"], [FILLER] * 9), start="end")
    assert st.decision.kind == "discard" and st.decision.seat == 0
    pick(st, "Discard Volley")
    pick(st, "Discard Militia")
    pick(st, "Discard Militia")
    assert len(st.hand[0]) == 7
    assert [st.defs[i].name for i in st.fallen[0]] == ["Volley", FILLER, FILLER]
    assert all(st.zone[i] == FALLEN for i in st.fallen[0])
    # the other player's 9 cards were not checked: their turn starts, they draw to 10
    assert st.decision.seat == 1 and st.decision.kind == "main" and len(st.hand[1]) == 10


def test_hand_cap_only_in_the_end_phase() -> None:
    # rule frontline.2.14
    st = scenario(hands=([FILLER] * 9, []))
    assert st.decision.kind == "main" and len(st.hand[0]) == 9  # 9 cards in Main Phase 1 is legal
    pick(st, "Go to the Battle Phase")
    assert len(st.hand[0]) == 9
