"""`cardarena replay FILE --step`: walk through a saved game one decision at a time.

Enter goes forward one choice, `b` back one (the game is re-run from its set-up, which is how every
replay works), `q` stops. The board is shown as one seat sees it, or as a spectator, who sees no
hidden card of either seat.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from ..core.engine import State
from ..core.ruleset import Ruleset
from ..core.spectator import spectator_view
from ..guide import GuideError, load_guide
from . import replays
from .wrap import wrap


def _board(game: Ruleset, state: State, seat: int | None) -> str:
    # a spectator's board is what every seat's view shows (there is no view of seat -1)
    view = state.view(seat) if seat is not None else {**spectator_view(state), "seat": -1}
    return game.render(view)


def step_through(
    game: Ruleset,
    data: dict[str, Any],
    path: Path,
    seat: int | None,
    console: Console,
    read: Callable[[str], str],
) -> None:
    total = len(data["choices"])
    at = 0
    try:
        asked = load_guide(game).decisions
    except GuideError:
        asked = {}
    state = replays.start(data, path)
    shown = 0
    while True:
        log = state.visible_log(seat)
        for e in log[shown:]:
            line = game.narrate(e)
            if line is not None:
                console.print(wrap(line, console.width), markup=False)
        shown = len(log)
        console.print()
        console.print(wrap(_board(game, state, seat), console.width), markup=False)
        d = state.decision
        if at >= total or d is None:
            console.print(f"\n— end of the replay ({at} of {total} choices) —", markup=False)
            return
        nxt = d.option(data["choices"][at]).label if data["choices"][at] in d.ids else data["choices"][at]
        who = f"P{d.seat + 1}"
        # another seat's prompt and options can name cards in its hand: only the log tells what it did
        if seat == d.seat:
            console.print(wrap(f"\nchoice {at + 1}/{total}: {who} — {d.prompt} → {nxt}", console.width), markup=False)
        else:
            # its kind is public (decision_view), said in the guide's words rather than as an id
            what = asked.get(d.kind) or d.kind.replace("_", " ")
            console.print(wrap(f"\nchoice {at + 1}/{total}: {who} decides. {what}", console.width), markup=False)
        cmd = read("[Enter] next · b back · q quit > ").strip().lower()
        if cmd in ("q", "q!", "quit"):
            return
        if cmd not in ("", "n", "next", "b", "back"):  # a typo does not move on
            console.print("  keys: Enter (or n) = next choice · b = back one · q = quit", markup=False)
            continue
        if cmd in ("b", "back"):
            if at == 0:
                console.print("  at the start already", markup=False)
                continue
            at -= 1
            state = replays.start(data, path)
            replays.advance(state, data, at, path)
            shown = len(state.visible_log(seat))
            console.print(f"  back to choice {at + 1}", markup=False)
            continue
        at += 1
        replays.advance(state, data, at, path)
