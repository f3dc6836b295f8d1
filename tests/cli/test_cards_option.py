"""`--cards FILE` on `cards`, `decks`, `validate`, `match`, `play` and `replay` (docs/cards.md, "Trying
cards without editing the package"): a card file's tables replace the package's cards of the same id and
add new ones, checked as the package's own; a bad file is a clear error (exit 2) that changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from card_file_tools import LANCE
from cardarena.cli import app
from cardarena.core.cardfiles import CardFiles
from cardarena.core.errors import CardDataError
from cardarena.core.registry import load_game

runner = CliRunner()



def cli(*args: str, input: str | None = None) -> tuple[int, str]:
    r = runner.invoke(app, list(args), input=input)
    return r.exit_code, r.output


@pytest.fixture
def lance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lance.toml").write_text(LANCE, encoding="utf-8")
    return Path("lance.toml")


@pytest.fixture
def whip_deck(lance: Path) -> Path:
    """The wildfire_assault starter with Flame Whip for Ember Lash."""
    code, out = cli("decks", "aliens", "wildfire_assault")
    assert code == 0
    Path("whip.toml").write_text(out.replace('"Ember Lash" = 3', '"Flame Whip" = 3'), encoding="utf-8")
    return Path("whip.toml")


def test_cards_shows_the_changed_and_the_added_card(lance: Path) -> None:
    code, out = cli("cards", "aliens", "solar lance", "--cards", str(lance))
    assert code == 0, out
    assert "5 damage" in out and "deal 5 damage" in out
    assert "cards: lance.toml — changed: Solar Lance; added: Flame Whip" in out
    code, out = cli("cards", "aliens", "flame whip", "--cards", str(lance), "--json")
    assert code == 0 and json.loads(out)["damage"] == 3
    code, out = cli("cards", "aliens", "--cards", str(lance))
    assert code == 0 and "Flame Whip" in out and "119 cards" in out
    code, out = cli("cards", "aliens", "flame whip")  # the package's cards, as before
    assert code == 2 and "unknown card 'flame whip'" in out
    code, out = cli("cards", "aliens", "solar lance", "--json")
    assert json.loads(out)["damage"] == 3


def test_toml_prints_a_card_as_a_card_file_to_change(lance: Path) -> None:
    code, out = cli("cards", "aliens", "ember lash", "--toml")
    assert code == 0
    assert out.startswith("[[cards]]\nkind = \"tactic\"\nid = \"pyr-ember-lash\"") and "damage = 2" in out
    Path("lash.toml").write_text(out.replace("damage = 2", "damage = 4"), encoding="utf-8")
    code, out = cli("cards", "aliens", "ember lash", "--cards", "lash.toml", "--json")
    assert code == 0, out
    assert json.loads(out)["damage"] == 4
    code, out = cli("cards", "aliens", "ember lash", "--cards", "lash.toml", "--toml")
    assert "damage = 4" in out  # the card file's table, not the package's
    code, out = cli("cards", "aliens", "solar lance", "--cards", str(lance), "--toml")
    assert code == 0 and "damage = 5" in out and "Flame Whip" not in out and "#" not in out
    for game in ("aliens", "circuits", "frontline", "mastery"):  # every card of every game has its table
        g = load_game(game)
        for name in g.card_names():
            block = g.card_toml(name)
            assert CardFiles([("x.toml", block)]).ids() == [g.card_info(name)["id"]]


def test_validate_match_and_replay_play_the_new_card(whip_deck: Path, lance: Path) -> None:
    code, out = cli("validate", str(whip_deck))
    assert code == 1 and "unknown card 'Flame Whip'" in out
    code, out = cli("validate", str(whip_deck), "--cards", str(lance))
    assert code == 0, out
    assert "legal aliens deck" in out and "cards: lance.toml — changed: Solar Lance; added: Flame Whip" in out
    code, out = cli("match", "aliens", "--p1", f"random:{whip_deck}", "--p2", "random:mind_storm", "--seed", "3",
                    "--cards", str(lance), "--replay", "g.json")
    assert code == 0, out
    assert "Flame Whip" in out  # played, in the play-by-play
    record = json.loads(Path("g.json").read_text(encoding="utf-8"))
    assert record["cards"]["files"][0]["name"] == "lance.toml" and record["cards"]["files"][0]["text"] == LANCE
    Path("lance.toml").unlink()  # the replay holds the card file's text: it re-runs without the file
    code, out = cli("replay", "g.json", "--verify")
    assert code == 0, out
    assert "with the card files it records (lance.toml)" in " ".join(out.split())
    code, out = cli("replay", "g.json")
    assert code == 0 and "Flame Whip" in out
    record["cards"]["files"][0]["text"] = LANCE.replace("damage = 5", "damage = 4")
    Path("edited.json").write_text(json.dumps(record), encoding="utf-8")
    code, out = cli("replay", "edited.json", "--verify")
    assert code == 1 and "do not match their recorded sha256" in out
    del record["cards"]
    Path("bare.json").write_text(json.dumps(record), encoding="utf-8")
    code, out = cli("replay", "bare.json", "--verify")  # without its cards the deck is not legal: said so
    assert code == 1 and "unknown card 'Flame Whip'" in out


def test_an_external_bot_is_sent_the_cards_the_card_files_give(whip_deck: Path, lance: Path) -> None:
    """A bot knows the package's cards (`cards GAME --json`); with card files it could not know a changed
    or a new card: `start` gives them, as `cards GAME NAME --cards FILE --json` prints them."""
    root = Path(__file__).resolve().parents[2]
    bot = f'cmd:"python3 {root}/examples/bots/random_bot.py"'
    code, out = cli("match", "aliens", "--p1", f"{bot}:{whip_deck}", "--p2", "random:mind_storm", "--seed", "3",
                    "--cards", str(lance), "--bot-log", "logs", "--quiet")
    assert code == 0, out
    sent = [json.loads(x)["sent"] for x in Path("logs/p1.jsonl").read_text().splitlines() if '"sent"' in x]
    start = sent[0]
    assert start["type"] == "start"
    code, whip = cli("cards", "aliens", "flame whip", "--cards", str(lance), "--json")
    code, solar = cli("cards", "aliens", "solar lance", "--cards", str(lance), "--json")
    assert start["cards"] == [json.loads(solar), json.loads(whip)]
    assert start["cards"][0]["damage"] == 5
    code, out = cli("match", "aliens", "--p1", bot, "--seed", "3", "--bot-log", "plain", "--quiet")
    assert code == 0, out
    first = json.loads(Path("plain/p1.jsonl").read_text().splitlines()[1])["sent"]
    assert first["type"] == "start" and "cards" not in first  # the package's cards: nothing to add


def test_play_and_decks_take_card_files(whip_deck: Path, lance: Path) -> None:
    code, out = cli("play", "aliens", "--deck", str(whip_deck), "--opponent", "random", "--seed", "2",
                    "--cards", str(lance), "--replay", "mine.json", input="q!\n")
    assert "cards: lance.toml — changed: Solar Lance; added: Flame Whip" in out
    assert json.loads(Path("mine.json").read_text(encoding="utf-8"))["cards"]["files"][0]["name"] == "lance.toml"
    code, out = cli("decks", "aliens", "--cards", str(lance))
    assert code == 0 and "wildfire_assault" in out


def _error(*args: str) -> str:
    code, out = cli(*args)
    assert code == 2, out
    return " ".join(out.split())


def test_bad_card_files_are_clear_errors_that_change_nothing(lance: Path, tmp_path: Path) -> None:
    package = load_game("aliens")
    before = {n: package.card_info(n) for n in package.card_names()}
    assert _error("cards", "aliens", "--cards", "missing.toml") == "error: missing.toml: card file not found"
    Path("syntax.toml").write_text('[[cards]]\nkind = "tactic\n', encoding="utf-8")
    assert "error: syntax.toml: not valid TOML: Illegal character" in _error("cards", "aliens", "--cards", "syntax.toml")
    Path("typo.toml").write_text(LANCE.replace("damage = 5", "damag = 5"), encoding="utf-8")
    assert ("error: typo.toml: card 'Solar Lance': Object contains unknown field `damag` (did you mean `damage`?"
            in _error("match", "aliens", "--cards", "typo.toml"))
    Path("table.toml").write_text(LANCE.replace("[[cards]]", "[[card]]", 1), encoding="utf-8")
    assert "table.toml: unknown table or key 'card'" in _error("validate", "mind_storm", "--cards", "table.toml")
    msg = _error("cards", "circuits", "--cards", str(lance))
    assert msg.startswith("error: lance.toml: card 'Solar Lance': Object contains unknown field `species`")
    assert "lance.toml looks like a card file for the game 'aliens', not 'circuits'" in msg
    Path("noid.toml").write_text(LANCE.replace('id = "pyr-flame-whip"\n', ""), encoding="utf-8")
    assert "noid.toml: card 'Flame Whip': a card of a card file needs its `id`" in _error(
        "cards", "aliens", "--cards", "noid.toml")
    Path("twice.toml").write_text(LANCE.replace("pyr-flame-whip", "pyr-solar-lance"), encoding="utf-8")
    assert "two cards of the card files have the id 'pyr-solar-lance' (the other in twice.toml)" in _error(
        "cards", "aliens", "--cards", "twice.toml")
    Path("clash.toml").write_text(LANCE.replace('name = "Flame Whip"', 'name = "Ember Lash"'), encoding="utf-8")
    assert ("clash.toml: card 'Ember Lash': its id 'pyr-flame-whip' is new, but the package has a card of that "
            "name (id 'pyr-ember-lash' in aliens/cards/pyrrhid.toml)") in _error("cards", "aliens", "--cards",
                                                                                "clash.toml")
    Path("species.toml").write_text(LANCE.replace('species = "Pyrrhid"\nsubtype = "attack"\ncost = 1',
                                                  'species = "Pyrhid"\nsubtype = "attack"\ncost = 1'), encoding="utf-8")
    assert "species.toml: card 'Flame Whip': species: no Alien is a 'Pyrhid'" in _error(
        "cards", "aliens", "--cards", "species.toml")
    # a starter that names a card the file renames: the same error as for a package edit, and what to do
    Path("rename.toml").write_text(LANCE.replace('name = "Solar Lance"', 'name = "Sun Lance"'), encoding="utf-8")
    msg = _error("match", "aliens", "--cards", "rename.toml")
    assert "the starter does not fit the card pool" in msg and "unknown card 'Solar Lance'" in msg
    assert "with the cards of rename.toml: a card file may not rename a card a starter names" in msg
    assert "--cards takes a card file" in _error("cards", "aliens", "--cards", str(tmp_path))
    assert _error("sim", "aliens", "--cards", "missing.toml", "--out", "run") == \
        "error: missing.toml: card file not found"
    assert not Path("run").exists()
    # nothing changed: the package's game and pool are the same objects with the same cards
    assert load_game("aliens") is package
    assert {n: package.card_info(n) for n in package.card_names()} == before


def test_a_card_file_module_api_is_cached_by_content_and_never_mixes_pools(lance: Path) -> None:
    files = CardFiles.read([lance])
    assert files is not None
    again = CardFiles([("lance.toml", LANCE)])
    assert load_game("aliens", files) is load_game("aliens", again)  # one game per content
    other = CardFiles([("lance.toml", LANCE.replace("damage = 5", "damage = 6"))])
    assert load_game("aliens", other) is not load_game("aliens", files)
    assert load_game("aliens", other).card_info("Solar Lance")["damage"] == 6
    assert load_game("aliens", files).card_info("Solar Lance")["damage"] == 5
    assert load_game("aliens").card_info("Solar Lance")["damage"] == 3
    assert load_game("aliens").with_cards(None) is load_game("aliens")
    assert load_game("aliens", files).with_cards(None) is load_game("aliens")
    with pytest.raises(CardDataError):
        CardFiles.from_dict({"files": [{"name": "x"}]})
    assert CardFiles.from_dict(files.to_dict()) == files


def test_fuzz_draws_its_random_decks_from_the_pool_with_the_card_file(lance: Path) -> None:
    # a designer's check that a new card breaks no invariant: the random decks can hold it
    from cardarena.sim.fuzz import fuzz_game

    code, out = cli("fuzz", "aliens", "--seed", "0", "--games", "2", "--cards", str(lance))
    assert code == 0, out
    assert "cards: lance.toml — changed: Solar Lance; added: Flame Whip" in out and "every invariant held" in out
    files = CardFiles.read([lance])
    names = set()
    for seed in range(6):
        st = fuzz_game("aliens", seed, deep=False, cards=files)
        names |= {d.name for d in st.defs}
    assert "Flame Whip" in names
    assert "Flame Whip" not in {d.name for d in fuzz_game("aliens", 0, deep=False).defs}
