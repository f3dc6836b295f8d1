"""`contest new --cards FILE` (docs/arena.md, docs/cards.md "Trying cards without editing the package"):
the card files' texts are stored with the contest, the entries' decks are checked against the merged
pool, every game (resumed after the files changed or went) plays those cards, `status` and `report` name
them, and a broken card file is refused at `new` with load_game's message, making nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_file_tools import LANCE
from cardarena.cli import app
from cardarena.core.cardfiles import CardFiles

runner = CliRunner()

CHANGES = "cards: lance.toml — changed: Solar Lance; added: Flame Whip"


def cli(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, list(args))
    return r.exit_code, r.output


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """lance.toml, and whip.toml: the wildfire_assault starter with Flame Whip for Ember Lash."""
    monkeypatch.chdir(tmp_path)
    Path("lance.toml").write_text(LANCE, encoding="utf-8")
    code, out = cli("decks", "aliens", "wildfire_assault")
    assert code == 0
    Path("whip.toml").write_text(out.replace('"Ember Lash" = 3', '"Flame Whip" = 3'), encoding="utf-8")
    return tmp_path


def test_a_contest_keeps_its_card_files_and_plays_them_when_the_files_are_gone(db_url: str, folder: Path) -> None:
    db = ["contest", "--db", db_url]
    new = [*db, "new", "cup", "--game", "aliens", "--entry", "random:whip.toml", "--entry", "greedy:mind_storm"]
    code, out = cli(*new)  # the package's pool has no Flame Whip
    assert code == 2 and "unknown card 'Flame Whip'" in out, out
    code, out = cli(*new, "--cards", "lance.toml")
    assert code == 0 and "with the card files lance.toml" in out, out
    files = CardFiles.read(["lance.toml"])
    assert files is not None
    Path("lance.toml").write_text(LANCE.replace("damage = 5", "damage = 1"), encoding="utf-8")
    Path("lance.toml").unlink()  # changed, then gone: the contest holds the texts it was made with

    code, out = cli(*db, "enter", "cup", "--entry", "random:whip.toml")  # checked against the stored pool
    assert code == 0 and "entered: random:whip.toml" in out, out
    code, out = cli(*db, "status", "cup")
    assert code == 0 and f"{CHANGES} (sha256 {files.sha256[:12]})" in " ".join(out.split()), out
    st = json.loads(cli(*db, "status", "cup", "--json")[1])
    assert st["cards"] == {"files": ["lance.toml"], "sha256": files.sha256, "changes": CHANGES}

    code, out = cli(*db, "run", "cup", "-q", "--workers", "2")  # Flame Whip in the package's pool: engine errors
    assert code == 0 and "6/6 stored, finished" in out, out
    code, out = cli(*db, "report", "cup")
    assert code == 0 and CHANGES in " ".join(out.split()), out
    data = json.loads(cli(*db, "report", "cup", "--json")[1])
    assert data["contest"]["cards"]["sha256"] == files.sha256 and data["games"]["errors"] == 0
    match = data["matches"][0]["match"]
    code, out = cli(*db, "replay", "cup", str(match), "--out", "g.json")
    assert code == 0, out
    record = json.loads(Path("g.json").read_text(encoding="utf-8"))
    assert record["cards"]["files"] == [{"name": "lance.toml", "sha256": files.to_dict()["files"][0]["sha256"],
                                         "text": LANCE}]
    code, out = cli("replay", "g.json", "--verify")
    assert code == 0, out


def test_a_broken_card_file_is_refused_at_new_with_load_games_message(db_url: str, folder: Path) -> None:
    db = ["contest", "--db", db_url]
    Path("typo.toml").write_text(LANCE.replace("damage = 5", "damag = 5"), encoding="utf-8")
    Path("rename.toml").write_text(LANCE.replace('name = "Solar Lance"', 'name = "Sun Lance"'), encoding="utf-8")
    for bad in ("typo.toml", "rename.toml", "missing.toml"):
        code, said = cli("match", "aliens", "--cards", bad)  # what `match --cards` says: load_game's words
        assert code == 2 and "error: " in said, said
        error = said[said.index("error: "):]  # after the line naming what the files change, if they load
        code, out = cli(*db, "new", "cup", "--game", "aliens", "--entry", "random", "--entry", "greedy",
                        "--cards", bad)
        assert code == 2 and " ".join(out.split()) == " ".join(error.split()), (bad, out)
    code, out = cli(*db, "status", "--json")
    assert code == 0 and json.loads(out) == []  # nothing was made
