"""The Python snippets a researcher copies from the docs run as written (a snippet that fails is a bug).

The snippet of architecture's contract named `seat`, `rng`, `data` and `copy` without defining them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SNIPPETS = [
    ("README.md", "## The Python API"),
    ("docs/architecture.md", "## The contract (v2)"),
    ("docs/rl.md", "# Reinforcement learning: PettingZoo and Gymnasium environments"),
]


def first_python_block(doc: str, heading: str) -> str:
    """The first ```python block after `heading` in `doc`."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    assert f"\n{heading}\n" in f"\n{text}", f"{doc} has no heading {heading!r}"
    after = f"\n{text}".split(f"\n{heading}\n", 1)[1]
    m = re.search(r"```python\n(.*?)```", after, re.S)
    assert m is not None, f"{doc}: no python snippet under {heading!r}"
    return m.group(1)


@pytest.mark.parametrize(("doc", "heading"), SNIPPETS)
def test_the_snippet_runs_as_written(doc: str, heading: str, capsys: pytest.CaptureFixture[str]) -> None:
    if doc == "docs/rl.md":
        pytest.importorskip("pettingzoo")
    code = first_python_block(doc, heading)
    exec(compile(code, f"{doc} ({heading})", "exec"), {"__name__": "snippet"})
    if doc == "README.md":  # the result it prints is the one its comment shows
        shown = re.search(r"print\(state\.result\)\s+# (.*)", code)
        assert shown is not None and capsys.readouterr().out.strip() == shown.group(1).strip()
