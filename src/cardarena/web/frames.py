"""What the browser of one seat receives: built only from `state.view(seat)`, `state.decision_view(seat)`
and `state.visible_log(seat)` (docs/architecture.md, information sets), never from the state itself.

A spectator (seat None) gets what every seat may know: the common part of all the seats' views
(`spectator_view`) and `visible_log(None)`. Card texts for the inspect panel come from the names that view and log show, nothing else.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.engine import State
from ..core.registry import load_game
from ..core.ruleset import Ruleset
from ..core.spectator import spectator_view
from ..guide import Guide, GuideError, load_guide, result_words
from ..terminal.cardtext import CardIndex


@cache
def card_index(game_id: str) -> CardIndex:
    return CardIndex(load_game(game_id))


@cache
def guide_of(game_id: str) -> Guide | None:
    try:
        return load_guide(game_id)
    except GuideError:
        return None


def seat_label(seat: int | None) -> str:
    return "spectator" if seat is None else f"P{seat + 1}"


def log_lines(game: Ruleset, events: list[dict[str, Any]]) -> list[str]:
    return [line for e in events if (line := game.narrate(e))]


def _worded(reason: str, events: list[dict[str, Any]]) -> str:
    """The result whose words tell how the game ended: a person's concession here is a forfeit whose
    event says "conceded" (live.py), told in the guide's `conceded` words as the terminal's concession
    is ("P1 conceded", not "P1 forfeited", which reads as an automaton's fault)."""
    if reason == "forfeit" and any(e.get("type") == "forfeit" and e.get("reason") == "conceded" for e in events):
        return "conceded"
    return reason


def match_words(game_id: str, reason: str | None, turns: int | None, seats: list[Any]) -> str:
    """A stored match's result in the guide's words (a list of matches shows them, not the reason's
    code): `seats` are its MatchSeat rows, whose places say who won and whose fault says a concession."""
    if not reason:
        return ""
    by_seat = sorted(seats, key=lambda x: x.seat)
    firsts = [x.seat for x in by_seat if x.place == 1]
    if reason == "forfeit" and any(x.fault == "conceded" for x in by_seat):
        reason = "conceded"
    return result_words(guide_of(game_id), firsts[0] if len(firsts) == 1 else None, reason, turns or 0)


def frame(game: Ruleset, state: State, seat: int | None, step: int | None = None) -> dict[str, Any]:
    """Everything the page of `seat` shows at this moment, as JSON."""
    view = spectator_view(state) if seat is None else state.view(seat)
    events = state.visible_log(seat)
    index = card_index(game.id)
    shown = index.names_in(view) | index.names_in(events)
    d = state.decision
    result = None
    if state.result is not None:
        r = state.result
        result = {"winner": r.winner, "reason": r.reason, "turns": r.turns,
                  "text": result_words(guide_of(game.id), r.winner, _worded(r.reason, events), r.turns, events)}
    guide = guide_of(game.id)
    mine = d is not None and d.seat == seat
    return {
        "game": game.id,
        "seat": seat,
        "step": len(state.history) if step is None else step,
        "seq": None if d is None else d.seq,
        "view": view,
        "decision": state.decision_view(seat),
        "waiting_for": None if d is None else d.seat,
        # the guide's plain words for the kind of decision the seat is asked (a guided game)
        "help": guide.decisions.get(d.kind) if mine and guide is not None and d is not None else None,
        # the seat's own hand cards the decision leaves out, with why (Ruleset.unplayable): only to that seat
        "unplayable": [[name, why] for name, why in game.unplayable(state, seat)] if mine and seat is not None else [],
        "log": log_lines(game, events),
        "result": result,
        "cards": {n: index.describe(index.entries[n.lower()]) for n in sorted(shown)},
    }
