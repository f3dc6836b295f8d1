"""Every example the user is shown runs as printed: each `--help` example of every command, every
command line of the README, its deck file (legal) and its Python snippet (verbatim). The README shows
every command and docs/arena.md every contest command, and neither names one that does not exist."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import cardarena
from cardarena.cli import app
from cardarena.core.decks import parse_deck

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ARENA_DOC = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8")
runner = CliRunner()


def run_line(line: str, cwd: Path) -> None:
    """Run one printed `cardarena ...` line (a trailing `> FILE` saves the output), answering `q`."""
    line = re.sub(r"\s+#\s.*$", "", line).strip()
    target = None
    if " > " in line:
        line, target = (x.strip() for x in line.split(" > ", 1))
    argv = shlex.split(line)
    assert argv[0] == "cardarena", line
    r = runner.invoke(app, argv[1:], input="q\n")
    assert r.exit_code == 0, f"{line}\n{r.output[-1500:]}"
    assert "Traceback" not in r.output
    if target is not None:
        (cwd / target).write_text(r.stdout, encoding="utf-8")


def help_examples() -> list[str]:
    lines = []
    for cmd in app.registered_commands:
        doc = (cmd.callback.__doc__ or "") if cmd.callback else ""
        lines += [m.strip() for m in re.findall(r"^\s*(?:Example:\s*)?(cardarena .+)$", doc, re.M)]
    return lines


def test_every_command_has_an_example_in_its_help() -> None:
    for cmd in app.registered_commands:
        name = cmd.name or (cmd.callback.__name__ if cmd.callback else "")
        if name == "version":
            continue
        r = runner.invoke(app, [name.rstrip("_").replace("_cmd", ""), "--help"])
        assert r.exit_code == 0 and "cardarena " in r.output, name


def test_every_help_example_runs_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    examples = help_examples()
    assert len(examples) >= 8
    for line in examples:
        run_line(line, tmp_path)


def test_every_readme_command_line_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    block = re.search(r"## The command line.*?```sh\n(.*?)```", README, re.S)
    assert block is not None
    lines = [ln for ln in block.group(1).splitlines() if ln.startswith("cardarena")]
    assert len(lines) >= 10
    for line in lines:
        run_line(line, tmp_path)


def test_the_readme_deck_example_is_legal() -> None:
    toml = re.search(r"```toml\n(.*?)```", README, re.S)
    assert toml is not None
    deck = parse_deck(toml.group(1), "README.md")
    game = cardarena.load_game(deck.game)
    assert game.check_deck(deck) == []
    # the README calls it the mind_storm starter: it is that starter, card for card
    assert deck.cards == game.starter_decks()["mind_storm"].cards


def test_the_readme_python_snippet_runs_verbatim() -> None:
    code = re.search(r"## The Python API.*?```python\n(.*?)```", README, re.S)
    assert code is not None
    exec(compile(code.group(1), "README.md", "exec"), {})


def _commands_shown(text: str, prefix: str) -> set[str]:
    """The first word after `prefix` on each line of the page's ```sh blocks."""
    blocks = "".join(re.findall(r"```sh\n(.*?)```", text, re.S))
    return set(re.findall(rf"^{prefix} ([a-z-]+)", blocks, re.M))


def _cli_commands(group: str | None = None) -> set[str]:
    """The command's subcommands (of `cardarena`, or of `cardarena GROUP`), as `--help` lists them."""
    cmd: Any = typer.main.get_command(app)
    if group is not None:
        cmd = cmd.commands[group]
    return set(cmd.commands)


def test_the_readme_shows_every_command_and_no_other() -> None:
    assert _commands_shown(README, "cardarena") == _cli_commands()


def test_docs_arena_shows_every_contest_command_and_no_other() -> None:
    assert _commands_shown(ARENA_DOC, "cardarena contest") == _cli_commands("contest")
