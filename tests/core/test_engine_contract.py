"""The engine contract (docs/architecture.md), through the public API, for every registered game."""

import json
import random

import pytest

import cardarena
from cardarena.core.errors import IllegalChoice


def _advance(state: cardarena.State, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if state.decision is None:
            return
        state.apply(rng.choice(state.decision.options).id)


def test_registry_lists_games_and_rejects_unknown_ids() -> None:
    assert "aliens" in cardarena.game_ids()
    with pytest.raises(cardarena.CardArenaError, match=r"unknown game .nope.*aliens"):
        cardarena.load_game("nope")


def test_new_game_without_decks_uses_two_starters_and_stops_at_a_decision() -> None:
    state = cardarena.load_game("aliens").new_game(seed=7)
    d = state.decision
    assert d is not None and d.options and state.result is None


def test_illegal_choice_names_the_valid_ids_and_changes_nothing() -> None:
    state = cardarena.load_game("aliens").new_game(seed=7)
    _advance(state, 5)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalChoice) as e:
        state.apply("no-such-option")
    assert all(o.id in str(e.value) for o in state.decision.options)  # type: ignore[union-attr]
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_an_option_given_by_index_or_as_an_option_is_told_to_give_its_id() -> None:
    # an OpenSpiel habit (an action number) or the Option itself: the error says what to give
    state = cardarena.load_game("frontline").new_game(seed=2)
    d = state.decision
    assert d is not None
    for bad in (0, d.options[0]):
        with pytest.raises(IllegalChoice, match=r"an option is named by its id, a str: decision\.options\[i\]\.id"):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalChoice, match="valid ids") as e:
        state.apply("nope")
    assert "named by its id" not in str(e.value)
    # a seq of the wrong type reads as such, not as "answers decision 1, but the pending decision is 1"
    with pytest.raises(IllegalChoice, match=rf"it answers decision '{d.seq}', but the pending decision is {d.seq} "):
        state.apply(d.options[0].id, seq=str(d.seq))  # type: ignore[arg-type]
    assert state.decision is d


def test_same_decks_seed_and_choices_give_the_same_game() -> None:
    game = cardarena.load_game("aliens")
    a, b = game.new_game(seed=3), game.new_game(seed=3)
    _advance(a, 10_000, seed=1)
    _advance(b, 10_000, seed=1)
    assert a.log == b.log and a.result == b.result
    c = game.new_game(seed=4)
    _advance(c, 10_000, seed=1)
    assert c.log != a.log


def test_clone_is_independent() -> None:
    state = cardarena.load_game("aliens").new_game(seed=5)
    _advance(state, 20)
    snap = json.dumps(state.to_json(), sort_keys=True)
    c = state.clone()
    _advance(c, 50, seed=2)
    assert json.dumps(state.to_json(), sort_keys=True) == snap


GAMES = cardarena.game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_saved_state_resumes_the_same_game(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    state = game.new_game(seed=11)
    _advance(state, 30)
    mark = len(state.log)
    resumed = game.load_state(json.loads(json.dumps(state.to_json())))
    assert resumed.log == []  # the log is saved apart (to_json(log=True) keeps it)
    _advance(state, 10_000, seed=5)
    _advance(resumed, 10_000, seed=5)
    assert resumed.log == state.log[mark:] and resumed.result == state.result


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_saves_and_loads_equal(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    state = game.new_game(seed=3)
    _advance(state, 100_000)
    assert state.result is not None
    saved = json.loads(json.dumps(state.to_json(log=True)))
    loaded = game.load_state(saved)
    assert loaded.result == state.result and loaded.log == state.log
    assert json.dumps(loaded.to_json(log=True), sort_keys=True) == json.dumps(saved, sort_keys=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_save_does_not_grow_with_the_square_of_the_game(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    state = game.new_game(seed=8)
    sizes = {}
    rng = random.Random(0)
    while state.decision is not None:
        t = getattr(state, "turn", 0)
        if t in (10, 40) and t not in sizes:
            sizes[t] = len(json.dumps(state.to_json()))
        state.apply(rng.choice(state.decision.options).id)
    if len(sizes) == 2:
        assert sizes[40] < 3 * sizes[10], sizes


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_has_a_strictly_increasing_seq_and_stale_answers_are_refused(game_id: str) -> None:
    state = cardarena.load_game(game_id).new_game(seed=4)
    rng = random.Random(2)
    last = 0
    for _ in range(60):
        d = state.decision
        if d is None:
            break
        assert d.seq > last
        last = d.seq
        choice = rng.choice(d.options).id
        state.apply(choice, seq=d.seq)
        if state.decision is not None:
            before = json.dumps(state.to_json(), sort_keys=True)
            with pytest.raises(IllegalChoice, match="stale answer"):
                state.apply(choice, seq=d.seq)  # resent: refused even if the id is offered again
            assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_game_info_states_seats_and_formats(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    info = game.info
    assert info.id == game_id and 2 <= info.min_seats <= info.max_seats <= 8
    assert info.default_format in info.formats
    state = game.new_game(seed=1)
    assert state.nseats == info.min_seats
    v = state.view(0)
    assert v["game"] == game_id and v["seat"] == 0 and "turn" in v and "format" in v


def test_a_forfeit_names_every_other_seat_as_winner() -> None:
    from cardarena.core.match import forfeit

    state = cardarena.load_game("aliens").new_game(seed=1)
    forfeit(state, 1, "test")
    assert state.result is not None and state.result.winner == 0 and state.result.winners == (0,)
    state.nseats = 4  # nothing in core assumes two seats
    state.result = None
    forfeit(state, 2, "test")
    assert state.result.winners == (0, 1, 3) and state.result.winner is None
    assert state.result.ranking == ((0, 1, 3), (2,))


def test_view_never_shows_the_opponents_hand_or_any_deck_order() -> None:
    state = cardarena.load_game("aliens").new_game(seed=2)
    _advance(state, 15)
    for seat in (0, 1):
        v = state.view(seat)
        me, them = v["players"][seat], v["players"][1 - seat]
        assert "hand" in me and "hand" not in them and "reactor" not in them
        text = json.dumps(v)
        assert "deck\"" not in text.replace("deck_count", "")  # only counts of decks
        for card in state.hand[1 - seat]:  # type: ignore[attr-defined]
            ids_in_view = {c["id"] for c in me["hand"]}
            assert card not in ids_in_view


def test_visible_log_hides_the_opponents_draws() -> None:
    state = cardarena.load_game("aliens").new_game(seed=2)
    mine = [e for e in state.visible_log(0) if e["type"] == "draw"]
    assert any(None not in e["cards"] for e in mine if e["player"] == 0)
    assert all(set(e["cards"]) == {None} for e in mine if e["player"] == 1)
    spectator = [e for e in state.visible_log(None) if e["type"] == "draw"]
    assert all(set(e["cards"]) == {None} for e in spectator)


def test_rule_variants_are_checked() -> None:
    game = cardarena.load_game("aliens")
    with pytest.raises(ValueError, match="unknown rule 'nope'"):
        game.new_game(seed=1, rules={"nope": 1})
    with pytest.raises(ValueError, match="expects int"):
        game.new_game(seed=1, rules={"safety_cap_rounds": "many"})
    st = game.new_game(seed=1, rules={"safety_cap_rounds": 2})
    _advance(st, 10_000)
    assert st.result is not None and st.result.turns <= 4


def test_boolean_rule_variants_accept_words() -> None:
    game = cardarena.load_game("circuits")
    assert game.check_rules({"reserve_token": "off"})["reserve_token"] is False
    assert game.check_rules({"overtime_start": "11"})["overtime_start"] == 11
    with pytest.raises(ValueError, match="expects bool"):
        game.check_rules({"reserve_token": "maybe"})


def test_a_saved_state_of_another_game_is_refused_clearly() -> None:
    saved = cardarena.load_game("aliens").new_game(seed=1).to_json()
    with pytest.raises(cardarena.CardArenaError, match="not a saved circuits state"):
        cardarena.load_game("circuits").load_state(saved)


@pytest.mark.parametrize("game", cardarena.game_ids())
def test_a_seat_that_is_not_at_the_table_is_refused_clearly(game: str) -> None:
    state = cardarena.load_game(game).new_game(seed=3)
    _advance(state, 5)
    for bad in (state.nseats, -1, None, "0", True, 0.0):
        with pytest.raises(ValueError, match="seat must be a whole number from 0 to 1"):
            state.view(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat must be a whole number"):
            state.determinize(bad, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be a whole number"):
        state.visible_log(state.nseats)
    assert state.visible_log(None) is not None  # None is a spectator's log


def test_a_seed_or_rules_of_the_wrong_kind_are_refused_clearly() -> None:
    game = cardarena.load_game("aliens")
    for bad in (None, "1", 1.5, True):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            game.new_game(seed=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules must be a table"):
        game.new_game(rules=[1])  # type: ignore[arg-type]


def test_a_format_the_game_does_not_have_is_named_as_such() -> None:
    # was a DeckError blaming the first starter deck ("creeping_rot.toml: deck is not legal")
    game = cardarena.load_game("aliens")
    for decks in (None, ["mind_storm", "mind_storm"]):
        with pytest.raises(ValueError, match=r"^aliens has no format 'open'; formats: standard$"):
            game.new_game(decks=decks, seed=1, fmt="open")
    assert cardarena.load_game("circuits").new_game(seed=1, fmt="squad").config["format"] == "squad"
