"""Entering a contest: `AGENT:DECK` read right, and an illegal deck or agent refused with every reason."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from arena_support import illegal_deck

import cardarena
from cardarena.agents import split_outside_quotes
from cardarena.arena.contest import create_contest, enter, run_contest
from cardarena.arena.entries import EntryError, check_entries, split_entry
from cardarena.arena.store import Store

ALIENS = cardarena.load_game("aliens")


def test_entries_split_into_agent_and_deck() -> None:
    assert split_entry("random:mind_storm") == ("random", "mind_storm")
    assert split_entry("ismcts:iters=200:mind_storm") == ("ismcts:iters=200", "mind_storm")
    assert split_entry("ismcts:iters=200:c=1:decks/mine.toml") == ("ismcts:iters=200,c=1", "decks/mine.toml")
    assert split_entry("ismcts:iters=200") == ("ismcts:iters=200", None)
    assert split_entry("random") == ("random", None)
    # an external bot's command keeps its quotes and colons; the deck is what follows it
    assert split_entry('cmd:"python bot.py --x a:b":mind_storm') == ('cmd:"python bot.py --x a:b"', "mind_storm")
    assert split_entry('cmd:"python bot.py"') == ('cmd:"python bot.py"', None)
    assert split_entry("bot:bots/mine.toml:mind_storm") == ("bot:bots/mine.toml", "mind_storm")
    assert split_outside_quotes("a:'b:c':d") == ["a", "'b:c'", "d"]
    # an escaped quote does not close the command; a quoted deck path may hold a colon
    assert split_entry('cmd:"python3 \\"my bots/x:y.py\\"":mind_storm') == ('cmd:"python3 \\"my bots/x:y.py\\""',
                                                                          "mind_storm")
    assert split_entry("random:'decks/my:deck.toml'") == ("random", "decks/my:deck.toml")
    with pytest.raises(ValueError, match="more than one deck"):
        split_entry("random:mind_storm:creeping_rot")


def test_an_illegal_deck_is_refused_with_every_reason(tmp_path: Path) -> None:
    with pytest.raises(EntryError) as e:
        check_entries(ALIENS, [f"random:{illegal_deck(tmp_path)}"], "standard")
    text = "\n".join(e.value.problems)
    assert len(e.value.problems) == 3
    assert "exactly 3 Aliens" in text and "9 copies of 'Neural Surge'" in text and "No Such Card" in text


def test_every_bad_entry_is_reported_at_once(tmp_path: Path) -> None:
    entries = ["random:mind_storm", "nosuchbot:mind_storm", "ismcts:iters=lots:mind_storm",
               "random:missing.toml", "random:circuits_deck.toml", "random:a:b"]
    (tmp_path / "circuits_deck.toml").write_text(cardarena.load_game("circuits").starter_decks()["forgeblade"].to_toml())
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(tmp_path)
        with pytest.raises(EntryError) as e:
            check_entries(ALIENS, entries, "standard")
    problems = e.value.problems
    assert len(problems) == 5
    assert "unknown agent 'nosuchbot'" in problems[0]
    assert "iters='lots'" in problems[1]
    assert "missing.toml" in problems[2] and "file not found" in problems[2]
    assert "is a circuits deck, not aliens" in problems[3]
    assert "more than one deck" in problems[4]


def test_no_deck_means_the_first_starter() -> None:
    (spec,) = check_entries(ALIENS, ["random"], "standard")
    first = sorted(ALIENS.starter_decks())[0]
    assert spec.deck_name == first and spec.deck == ALIENS.starter_decks()[first].to_dict()


def test_no_deck_in_a_squad_contest_means_the_first_squad_starter() -> None:
    game = cardarena.load_game("circuits")
    (spec,) = check_entries(game, ["random"], "squad")
    assert game.check_deck(cardarena.Deck.from_dict(spec.deck), "squad") == []
    assert spec.deck["format"] == "squad"


def test_contest_creation_refuses_illegal_entries_and_stores_nothing(sqlite_url: str, tmp_path: Path) -> None:
    store = Store(sqlite_url)
    with pytest.raises(EntryError, match="3 problem"):
        create_contest(store, "c", "aliens", ["random:mind_storm", f"random:{illegal_deck(tmp_path)}"])
    from cardarena.arena.contest import ContestError

    with pytest.raises(ContestError, match="no contest named 'c'"):
        enter(store, "c", ["random"])


def test_entries_are_checked_when_added_and_closed_once_the_contest_runs(sqlite_url: str, tmp_path: Path) -> None:
    from cardarena.arena.contest import ContestError

    store = Store(sqlite_url)
    create_contest(store, "c", "aliens", ["random:mind_storm"])
    with pytest.raises(EntryError):
        enter(store, "c", [f"random:{illegal_deck(tmp_path)}"])
    assert enter(store, "c", ["random:mind_storm"]) == ["random:mind_storm #2"]
    run_contest(store, "c", workers=1)
    with pytest.raises(ContestError, match="entries are closed"):
        enter(store, "c", ["random"])


def test_contest_options_are_checked(sqlite_url: str) -> None:
    from cardarena.arena.contest import ContestError

    store = Store(sqlite_url)
    with pytest.raises(ContestError, match="must be even") as e:
        create_contest(store, "c", "aliens", ["random", "random"], pairing="knockout", games_per_pairing=3)
    assert "knockout" in str(e.value)
    with pytest.raises(ContestError, match="needs at least 2"):
        create_contest(store, "solo", "aliens", ["random"])
        run_contest(store, "solo", workers=1)


def test_a_game_that_cannot_seat_two_is_refused(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardarena.arena.contest import ContestError

    monkeypatch.setattr(type(ALIENS), "seats", (3, 4))
    with pytest.raises(ContestError, match="contests pair two entries a game; aliens seats 3 to 4 players"):
        create_contest(Store(sqlite_url), "c", "aliens", ["random", "random"])


@pytest.fixture
def readable_tmp() -> Iterator[Path]:
    """A fresh folder a bot's own user id may read (pytest's temporary folders are the owner's only)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="cardarena-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_bot_entry_keeps_absolute_paths_and_runs_from_any_folder(sqlite_url: str, readable_tmp: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A relative `cmd:` script and a relative manifest are pinned when the entry is made: `contest run`
    started in another folder plays the same bots (it lost every game before)."""
    import shutil

    from sqlalchemy import select

    from cardarena.arena.models import Entry, MatchSeat

    tmp_path = readable_tmp
    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py", bots / "mine.py")
    (bots / "mine.toml").write_text('command = "python3 mine.py"\nname = "Ember"\n')
    monkeypatch.chdir(tmp_path)
    store = Store(sqlite_url)
    labels = create_contest(store, "c", "aliens", ['cmd:"python3 bots/mine.py"', "bot:bots/mine.toml", "random"],
                            games_per_pairing=2)
    with store.session() as s:
        entries = s.scalars(select(Entry).order_by(Entry.number)).all()
        agents = [e.agent for e in entries]
        names = [e.label for e in entries]
    assert agents[0] == f"cmd:\"python3 {bots / 'mine.py'}\"" and agents[1] == f'bot:"{bots / "mine.toml"}"'
    assert names[1] == "Ember (bot:bots/mine.toml)", labels  # the manifest's name is shown
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    run_contest(store, "c", workers=1)
    with store.session() as s:
        statuses = s.scalars(select(MatchSeat.status)).all()
    assert statuses and set(statuses) == {"OK"}, statuses


def test_a_bot_that_cannot_start_is_refused_when_it_enters(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('command = "python3 bot.py"\nlimits = 3\n')
    entries = ['cmd:"python3 no/such/bot.py"', 'cmd:"no-such-program --go"', f"bot:{tmp_path / 'missing.toml'}",
               str(tmp_path / "missing.toml"), f"bot:{bad}"]
    with pytest.raises(EntryError) as e:
        check_entries(ALIENS, entries, "standard")
    text = "\n".join(e.value.problems)
    assert len(e.value.problems) == 5, text
    assert "script 'no/such/bot.py' not found" in text
    assert "program 'no-such-program' is not on the PATH" in text
    assert text.count("missing.toml: no such file") == 2
    assert "`limits` must be a table" in text
