"""`cardarena sealed` and `cardarena draft` take `--cards FILE` as `match` does (docs/cards.md): packs
are opened from the pool with the card files' cards, decks are checked against it, a saved draft and a
`--versus` replay record the files' texts (`draft --replay` plays them once the file is gone), an
external drafter is told the cards they change or add, and a broken file is load_game's error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardarena.cli import app
from cardarena.core.cardfiles import CardFiles
from cardarena.core.registry import load_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]

#: a new Plan, like Battle Plan but dealing 3
DRILL = '''[[cards]]
kind = "tactic"
id = "uni-battle-drill"
name = "Battle Drill"
type = "plan"
plan_kind = "offense"
cost = 1
text = "Plan (Offense). Deal 3 damage to the enemy Hero."
effects = [{ verb = "damage", amount = 3, to = "enemy_hero" }]
'''
CHANGES = "cards: drill.toml — added: Battle Drill"


def cli(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, list(args))
    return r.exit_code, r.output


@pytest.fixture
def drill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CardFiles:
    monkeypatch.chdir(tmp_path)
    Path("drill.toml").write_text(DRILL, encoding="utf-8")
    files = CardFiles.read(["drill.toml"])
    assert files is not None
    return files


def opening(files: CardFiles) -> int:
    """A Sealed seed whose packs hold Battle Drill (the pool with the card file)."""
    g = load_game("circuits", files)
    return next(s for s in range(1, 500) if "Battle Drill" in g.limited.sealed_pool(g.pool, s)[1])


def test_sealed_opens_packs_from_the_pool_with_the_card_files(drill: CardFiles) -> None:
    seed = str(opening(drill))
    code, out = cli("sealed", "circuits", "--seed", seed)
    assert code == 0 and "Battle Drill" not in out, out  # the package's pool: no such card
    code, out = cli("sealed", "circuits", "--seed", seed, "--cards", "drill.toml", "--out", "mine.toml",
                    "--versus", "8", "--replay", "r.json")
    assert code == 0, out
    said = " ".join(out.split())
    assert CHANGES in said and "Battle Drill" in said.split("Opened")[1]
    assert "then `cardarena validate mine.toml --cards drill.toml`" in said
    code, out = cli("validate", "mine.toml", "--cards", "drill.toml")
    assert code == 0, out
    record = json.loads(Path("r.json").read_text(encoding="utf-8"))
    assert record["cards"]["sha256"] == drill.sha256
    Path("drill.toml").unlink()
    code, out = cli("replay", "r.json", "--verify")
    assert code == 0, out


def test_a_draft_records_its_card_files_and_tells_an_external_drafter(drill: CardFiles) -> None:
    bot = f'2=cmd:"python3 {ROOT}/examples/bots/draft_bot.py"'
    code, out = cli("draft", "circuits", "--seats", "2", "--seed", "3", "--cards", "drill.toml", "--save", "d.json",
                    "--drafter", bot, "--bot-log", "logs")
    assert code in (0, 3), out  # 3: a seat whose picks make no legal deck, told; the draft is saved anyway
    assert CHANGES in " ".join(out.split())
    record = json.loads(Path("d.json").read_text(encoding="utf-8"))
    assert record["cards"]["files"][0]["text"] == DRILL
    sent = [json.loads(x)["sent"] for x in Path("logs/drafter-seat2.jsonl").read_text().splitlines() if '"sent"' in x]
    code, info = cli("cards", "circuits", "battle drill", "--cards", "drill.toml", "--json")
    assert sent[0]["type"] == "draft_start" and sent[0]["cards"] == [json.loads(info)]
    Path("drill.toml").unlink()  # the draft holds the text
    code, out = cli("draft", "circuits", "--replay", "d.json")
    assert code in (0, 3) and "draft replayed: 2 seats, seed 3, every pick legal" in out, out
    assert CHANGES in " ".join(out.split())
    code, out = cli("draft", "circuits", "--replay", "d.json", "--cards", "other.toml")
    assert code == 2 and "--replay plays the card files the saved draft records" in out


def test_a_broken_card_file_is_load_games_error(drill: CardFiles) -> None:
    Path("typo.toml").write_text(DRILL.replace("cost = 1", "cots = 1"), encoding="utf-8")
    for bad in ("typo.toml", "missing.toml"):
        code, said = cli("match", "circuits", "--cards", bad)
        assert code == 2
        for cmd in (["sealed", "circuits", "--seed", "1"], ["draft", "circuits", "--seats", "2", "--seed", "1",
                                                             "--save", "x.json"]):
            code, out = cli(*cmd, "--cards", bad)
            assert code == 2 and " ".join(out.split()) == " ".join(said.split()), (cmd, out)
    assert not Path("x.json").exists()
