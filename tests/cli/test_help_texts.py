"""Every command's --help, as a user reads it: no text lost to the help's markup."""

from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from cardarena.cli import app


def _commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    for name, sub in getattr(group, "commands", {}).items():  # typer's own click: a group has commands
        out += _commands(sub, (*path, name))
    return out


def test_no_help_loses_bracketed_text_to_the_markup() -> None:
    # Rich markup reads "[[cards]]" as a tag and printed "its [] replace" (contest new --cards, cards --toml)
    runner = CliRunner()
    paths = _commands(typer.main.get_command(app))
    assert ("contest", "new") in paths and ("cards",) in paths
    for path in paths:
        r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert r.exit_code == 0, (path, r.output)
        assert "[]" not in r.output, (path, [line for line in r.output.splitlines() if "[]" in line])
    said = " ".join(runner.invoke(app, ["contest", "new", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "its [[cards]] replace" in said
