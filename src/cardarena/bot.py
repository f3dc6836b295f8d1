"""Write a cardarena bot in Python in ten lines (the protocol is docs/protocol.md).

    from cardarena.bot import run

    def choose(view, decision, game):
        # view: what your seat sees; decision: {"seq", "kind", "prompt", "options": [{"id", "label", "data"}]}
        return decision["options"][0]["id"]

    run(choose)

`game` is the `start` message (game, format, seat, seats, rules, your deck, time, and with card
files the cards they change or add). Optional `start(game)` and `end(message)` callbacks see the
first and the last message. Standard library only: it runs under any Python 3.11+, with or without
the engine installed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

Message = dict[str, Any]
Choose = Callable[[Message, Message, Message], str]


def run(
    choose: Choose,
    start: Callable[[Message], None] | None = None,
    end: Callable[[Message], None] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> None:
    """Answer the arena until its `end` message (or the end of input)."""
    src = stdin or sys.stdin
    out = stdout or sys.stdout
    game: Message = {}
    for line in src:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            game = msg
            if start is not None:
                start(msg)
        elif kind == "decision":
            option = choose(msg["view"], msg["decision"], game)
            out.write(json.dumps({"seq": msg["seq"], "option": option}) + "\n")
            out.flush()
        elif kind == "end":
            if end is not None:
                end(msg)
            return


def option_ids(decision: Message) -> list[str]:
    """The ids of a decision's options, in order."""
    return [o["id"] for o in decision["options"]]
