"""The tables the rules dispatch through are complete, checked at import and not mid-game: every effect
verb of the schema has a handler, every step the code schedules names a handler, and the rules
modules import one another without cycles (and without imports hidden inside functions)."""

from __future__ import annotations

import ast
import typing
from importlib.resources import files
from pathlib import Path

from cardarena.games.circuits import effects, rules, ruleset, schema
from cardarena.games.circuits.state import CircuitsState

PACKAGE = Path(str(files("cardarena.games.circuits")))
MODULES = sorted(PACKAGE.glob("*.py"))


def test_every_verb_of_the_schema_has_one_handler_and_no_handler_is_unused():
    verbs = set(typing.get_args(schema.Verb))
    assert set(effects.VERBS) == verbs, (verbs ^ set(effects.VERBS))
    assert all(callable(f) for f in effects.VERBS.values())


def _step_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Tuple) and node.elts and isinstance(node.elts[0], ast.Constant) \
            and isinstance(node.elts[0].value, str):
        return node.elts[0].value
    return None


def _scheduled_steps() -> set[str]:
    """First items of the step tuples the code pushes, appends to the stack, or gives `ask` to resume,
    and of step lists built first (`steps: list[Step] = [...]`)."""
    names: set[str] = set()
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            candidates: list[ast.AST] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ("push", "append"):
                    candidates = list(node.args)
                elif node.func.attr == "ask":
                    candidates = node.args[4:]
            elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name) \
                    and node.target.id == "steps" and node.value is not None:
                value = node.value
                candidates = list(value.elts) if isinstance(value, ast.List) else \
                    [value.elt] if isinstance(value, ast.ListComp) else []
            names |= {n for n in map(_step_name, candidates) if n is not None}
    return names


def test_every_scheduled_step_names_a_handler():
    steps = _scheduled_steps()
    assert {"respond", "look_pick", "effects", "reveal", "token", "order_triggers"} <= steps  # the scan sees them
    missing = sorted((steps | {"settle"}) - set(rules.HANDLERS))  # core's `flush` pushes ("settle",)
    assert missing == [], f"steps pushed but not in HANDLERS: {missing}"
    assert ruleset.CircuitsState is CircuitsState and CircuitsState.HANDLERS is rules.HANDLERS


def _imports(path: Path) -> tuple[set[str], list[str]]:
    """Sibling modules imported at the top level, and imports found inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                top.add(node.module)
            else:
                top |= {a.name for a in node.names}
    inner = [f"{path.stem}:{n.lineno}" for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
             for n in ast.walk(f) if isinstance(n, ast.Import | ast.ImportFrom)]
    return top, inner


def test_the_rules_modules_import_without_cycles():
    graph = {}
    hidden = []
    for path in MODULES:
        top, inner = _imports(path)
        graph[path.stem] = top
        hidden += inner
    assert hidden == [], f"imports inside functions (a cycle in disguise): {hidden}"
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, f"import cycle: {' -> '.join([*trail, m])}"
        state[m] = 1
        for dep in graph.get(m, ()):
            visit(dep, [*trail, m])
        state[m] = 2

    for m in graph:
        visit(m, [])
