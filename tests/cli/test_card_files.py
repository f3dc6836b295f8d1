"""What a card designer meets when a card file of any game is wrong (docs/cards.md, "Mistakes and their
messages"): every problem is a CardDataError naming the file, the card and the field, and a misspelled
field, verb or kind says what the schema accepts there."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from cardarena.core.cards import convert_cards
from cardarena.core.errors import CardDataError

#: one small legal card of each game, drawing a card
CARD: dict[str, dict[str, Any]] = {
    "aliens": {"kind": "spawn", "id": "t-draw", "name": "Test Card", "subtype": "basic", "cost": 1, "text": "",
               "effects": [{"verb": "draw", "amount": 1, "to": "you"}]},
    "circuits": {"kind": "tactic", "id": "t-draw", "name": "Test Card", "type": "instant", "cost": 1, "text": "",
                 "effects": [{"verb": "draw", "amount": 1, "to": "you"}]},
    "frontline": {"kind": "action", "id": "t-draw", "name": "Test Card", "cost": 1,
                  "effects": [{"verb": "draw", "amount": 1, "to": "you"}]},
    "mastery": {"kind": "tactic", "id": "t-draw", "name": "Test Card", "cost": 1, "target": "none",
                "effects": [{"verb": "draw", "amount": 1}]},
}
KINDS = {"aliens": "alien, tactic, spawn", "circuits": "hero, gear, tactic, asset",
         "frontline": "hero, general, equipment, tactical, action, reaction", "mastery": "hero, technique, tactic, path"}
GAMES = sorted(CARD)


def load(game: str, *tables: tuple[str, dict[str, Any]]) -> Any:
    """The game's pool built from these (file, table) pairs, as the package builds it from its files."""
    pool = importlib.import_module(f"cardarena.games.{game}.pool")
    schema = importlib.import_module(f"cardarena.games.{game}.schema")
    if game == "circuits":
        return pool.CardPool(pool.player_cards(tables))
    return pool.CardPool(convert_cards(tables, schema.Card))


def rejected(game: str, *tables: tuple[str, dict[str, Any]]) -> str:
    with pytest.raises(CardDataError) as e:
        load(game, *tables)
    return str(e.value)


@pytest.mark.parametrize("game", GAMES)
def test_the_test_card_loads(game: str) -> None:
    assert load(game, (f"{game}/cards/a.toml", CARD[game])).by_name["Test Card"].id == "t-draw"


@pytest.mark.parametrize("game", GAMES)
def test_a_duplicate_name_names_the_card_and_both_files(game: str) -> None:
    card = CARD[game]
    msg = rejected(game, (f"{game}/cards/a.toml", card), (f"{game}/cards/new.toml", {**card, "id": "t-other"}))
    assert msg.startswith(f"{game}/cards/new.toml: card 'Test Card': two cards are named 'Test Card'")
    assert f"the other: id 't-draw' in {game}/cards/a.toml" in msg


@pytest.mark.parametrize("game", GAMES)
def test_a_duplicate_id_names_the_card_and_both_files(game: str) -> None:
    card = CARD[game]
    msg = rejected(game, (f"{game}/cards/a.toml", card), (f"{game}/cards/new.toml", {**card, "name": "Other"}))
    assert msg.startswith(f"{game}/cards/new.toml: card 'Other': two cards have the id 't-draw'")
    assert f"the other: 'Test Card' in {game}/cards/a.toml" in msg


@pytest.mark.parametrize("game", GAMES)
def test_a_misspelled_field_is_named_with_the_field_meant(game: str) -> None:
    card = {k: v for k, v in CARD[game].items() if k != "cost"}
    msg = rejected(game, ("x.toml", {**card, "cots": 1}))
    assert "x.toml: card 'Test Card': Object contains unknown field `cots`" in msg
    assert "did you mean `cost`?" in msg
    effect = {k: v for k, v in CARD[game]["effects"][0].items() if k != "amount"}
    msg = rejected(game, ("x.toml", {**CARD[game], "effects": [{**effect, "amont": 1}]}))
    assert "unknown field `amont` - at `effects[0]` (did you mean `amount`?" in msg


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_verb_lists_the_verbs(game: str) -> None:
    effect = {**CARD[game]["effects"][0], "verb": "drew"}
    msg = rejected(game, ("x.toml", {**CARD[game], "effects": [effect]}))
    assert "x.toml: card 'Test Card': Invalid enum value 'drew' - at `effects[0].verb`" in msg
    assert "(did you mean 'draw'? one of: " in msg and ", damage, " in msg


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_or_missing_kind_lists_the_kinds(game: str) -> None:
    msg = rejected(game, ("x.toml", {**CARD[game], "kind": "tactics"}))
    assert "Invalid value 'tactics' - at `kind`" in msg and f"one of: {KINDS[game]})" in msg
    msg = rejected(game, ("x.toml", {k: v for k, v in CARD[game].items() if k != "kind"}))
    assert "missing required field `kind` (one of: " in msg and KINDS[game] in msg


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", ["id", "name"])
@pytest.mark.parametrize("value", ["", "  ", "Test Card "])
def test_a_blank_or_padded_id_or_name_is_refused(game: str, field: str, value: str) -> None:
    # a deck names a card by its exact name: a blank or padded one could never be put in a deck
    msg = rejected(game, ("x.toml", {**CARD[game], field: value}))
    assert f"`{field}`" in msg and "x.toml" in msg


@pytest.mark.parametrize("game", GAMES)
def test_a_card_without_a_name_is_named_by_its_id_or_its_place(game: str) -> None:
    card = {k: v for k, v in CARD[game].items() if k != "name"}
    assert "x.toml: card with id 't-draw': Object missing required field `name`" in rejected(game, ("x.toml", card))
    card = {k: v for k, v in card.items() if k != "id"}
    msg = rejected(game, ("x.toml", CARD[game]), ("x.toml", card))
    assert "x.toml: card #2 of the file: Object missing required field" in msg


def test_a_table_other_than_cards_in_a_card_file_is_refused(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # `[[card]]` (a typo) was read as another key: its card was silently left out of the pool
    from cardarena.core.cards import load_card_tables

    (tmp_path / "trialpack" / "cards").mkdir(parents=True)
    (tmp_path / "trialpack" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    card = 'kind = "spawn"\nid = "a"\nname = "A"\n'
    (tmp_path / "trialpack" / "cards" / "a.toml").write_text(f"[[cards]]\n{card}\n[[card]]\n{card}")
    with pytest.raises(CardDataError) as e:
        load_card_tables("trialpack")
    assert str(e.value).startswith("trialpack/cards/a.toml: unknown table or key 'card': a card file holds only [[cards]]")
    (tmp_path / "trialpack" / "cards" / "a.toml").write_text(f"[[cards]]\n{card}\n[cards.ability]\nkind = 'once'\n")
    assert load_card_tables("trialpack")[0][1]["ability"] == {"kind": "once"}


def test_sim_report_of_a_run_before_and_after_a_card_change_says_they_differ(tmp_path: Any) -> None:
    # a designer pooling the run before a change and the run after it in one sim-report was told the
    # games were "stored twice" and to use another --seed; the second run's games were silently dropped
    import shutil

    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq
    from typer.testing import CliRunner

    from cardarena.cli import app

    runner = CliRunner()
    before, after, same = tmp_path / "before", tmp_path / "after", tmp_path / "same"
    r = runner.invoke(app, ["sim", "aliens", "--games", "4", "--workers", "1", "--no-report", "--out", str(before)])
    assert r.exit_code == 0, r.output
    shutil.copytree(before, after)
    shutil.copytree(before, same)
    for part in (after / "rows").glob("*.parquet"):  # the same deals, played with other cards: other lengths
        t = pq.read_table(part)
        i = t.schema.get_field_index("turns")
        pq.write_table(t.set_column(i, t.schema.field(i), pc.add(t["turns"], pa.scalar(1, t["turns"].type))), part)
    r = runner.invoke(app, ["sim-report", str(before), str(after), "--out", str(tmp_path / "r1")])
    out = " ".join(r.output.split())
    assert "4 game(s) are stored twice" in out and "4 of them ended otherwise the second time" in out
    assert "report each run on its own" in out
    r = runner.invoke(app, ["sim-report", str(before), str(same), "--out", str(tmp_path / "r2")])
    out = " ".join(r.output.split())
    assert "4 game(s) are stored twice" in out and "ended otherwise" not in out and "a run adding games starts at --seed 4" in out
