"""`u` in `cardarena play` takes back only choices that showed the person nothing hidden: not past a
move of the automaton, a random outcome or a card the person did not know (a draw, a Scout). Undo
re-runs the game with the same seed, so a choice taken back after such a sight could be played again
knowing what comes (docs/architecture.md, "Hidden information")."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console

import cardarena
from cardarena.agents import make_agent
from cardarena.core.engine import State
from cardarena.terminal.play import PlaySession

Policy = Callable[[State], str | None]


def _session(game_id: str, seed: int, policy: Policy) -> tuple[PlaySession, io.StringIO]:
    """A person (seat 1) whose input is `policy(state)` at each prompt: an input line, or None for the
    first option; after the game has given the policy its moment the person concedes."""
    game = cardarena.load_game(game_id)
    names = sorted(game.starter_decks())
    decks = [game.starter_decks()[names[0]], game.starter_decks()[names[1]]]
    out = io.StringIO()
    holder: list[PlaySession] = []

    def read(_prompt: str) -> str:
        line = policy(holder[0].state)
        return "1" if line is None else line

    ps = PlaySession(game, decks, seed, {}, 0, make_agent("random", seed=seed), ["you", "random"],
                     Console(file=out, width=200), read, None, "test")
    holder.append(ps)
    return ps, out


def _option(st: State, prefix: str) -> str | None:
    d = st.decision
    assert d is not None
    for k, o in enumerate(d.options, 1):
        if o.id.startswith(prefix):
            return str(k)
    return None


def test_a_choice_nobody_answered_yet_is_taken_back() -> None:
    # circuits opens with each player's secret Loadout, the person's asked first: nothing shown yet
    steps: list[str] = []

    def policy(st: State) -> str | None:
        steps.append(st.decision.kind if st.decision else "")
        if len(steps) == 2:
            return "u"  # at the second pick of the Loadout, take back the first
        return "q" if len(steps) > 3 else None

    ps, out = _session("circuits", 0, policy)
    ps.run()
    text = out.getvalue()
    assert steps[:3] == ["loadout", "loadout", "loadout"]
    assert "undone: back before your choice 1" in text and "cannot undo" not in text


def test_no_undo_after_a_scout_showed_a_face_down_plan() -> None:
    state = {"scouted": False, "done": False}

    def policy(st: State) -> str | None:
        if state["done"]:
            return "q"
        if state["scouted"]:
            state["done"] = True
            return "u"
        pick = _option(st, "scout")
        if pick is not None:
            state["scouted"] = True
            return pick
        return None

    ps, out = _session("circuits", 0, policy)
    ps.run()
    text = out.getvalue()
    assert state["done"], "the game never offered a Scout"
    assert "cannot undo: since your last choice you saw a card you did not know" in text
    assert "undone" not in text


def test_no_undo_past_a_random_outcome() -> None:
    # the opening mulligan shuffles the hand into the deck: taking it back would show the next hand
    ps, _ = _session("mastery", 0, lambda st: None)
    st = ps.state
    while st.decision is not None and not (st.decision.seat == 0 and st.decision.kind == "mulligan"):
        st.apply(st.decision.options[0].id)
    assert st.decision is not None, "no mulligan was offered"
    assert ps.undo_barrier(st, ["mulligan"], ["me"]) == "a random outcome was drawn"
    assert ps.undo_barrier(st, ["keep"], ["me"]) is None  # keeping draws nothing new


def test_no_undo_past_the_automatons_move() -> None:
    seen: list[int] = []

    def policy(st: State) -> str | None:
        seen.append(len(st.history))
        if len(seen) == 1:
            return None
        if len(seen) == 2:
            return "u" if st.history and len(st.history) > seen[0] + 1 else "q"
        return "q"

    ps, out = _session("aliens", 0, policy)
    ps.run()
    text = out.getvalue()
    assert "bot" in ps.who, "the automaton never moved"
    assert "cannot undo: since your last choice the automaton has moved" in text
