"""A game given as an explicit tree, to pin down how a search agent scores outcomes for each seat.

`TREE` maps a path ("" for the start, then "a", "a/win", ...) to either `(seat, [option names])`, a
decision, or the winner (a seat, or None for a draw). No information is hidden.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardless import CardlessRuleset

from cardarena.core.engine import Option, State, Step
from cardarena.core.fields import F

Tree = dict[str, Any]


class TreeState(State):
    FIELDS: ClassVar[dict[str, str]] = {"path": F.VALUE, "tree": F.VALUE}  # the tree is never mutated

    game_id: ClassVar[str] = "toy-tree"

    path: str
    tree: Tree

    def view(self, seat: int) -> dict[str, Any]:
        return {"path": self.path}

    def determinize(self, seat: int, rng: Any) -> TreeState:
        return self.clone()


def _node(s: TreeState, step: Step) -> None:
    entry = s.tree[s.path]
    if isinstance(entry, tuple):
        seat, names = entry
        options = [Option(n, n, {}, n) for n in names]
        s.ask(seat, "pick", f"Pick at {s.path or 'the start'}", options, ("go",), step)
    else:
        s.finish(entry, "leaf", len(s.history))


def _go(s: TreeState, step: Step) -> None:
    s.path = f"{s.path}/{step[1]}" if s.path else step[1]
    s.push(("node",))


TreeState.HANDLERS = {"node": _node, "go": _go}


class TreeGame(CardlessRuleset):
    id = "toy-tree"
    name = "Tree"

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def new_game(
        self,
        decks: list[Any] | tuple[Any, ...] | None = None,
        seed: int = 0,
        fmt: str | None = None,
        rules: dict[str, Any] | None = None,
    ) -> TreeState:
        s = TreeState.__new__(TreeState)
        s._init_base({}, seed)
        s.path = ""
        s.tree = self.tree
        s.push(("node",))
        s.run()
        return s
