"""Booster Draft (ruling circuits.gap.37): 2–8 drafters, three packs passed left, right, left, hidden
picks, the drafting bot's legal decks, saved and replayed drafts, and `cardarena draft`."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cardarena.cli import app
from cardarena.games.circuits import draft as D
from cardarena.games.circuits.decks import check_deck
from cardarena.games.circuits.limited import DRAFT_PACKS, PACK_SIZE, build_deck
from cardarena.games.circuits.pool import card_pool

POOL = card_pool()


def run(seats: int, seed: int) -> D.Draft:
    d = D.Draft(POOL, seats, seed)
    while not d.done:
        for s in range(seats):
            d.choose(s, D.bot_pick(POOL, d.view(s)))
    return d


def test_two_to_eight_drafters():
    for bad in (1, 9):
        with pytest.raises(ValueError):
            D.Draft(POOL, bad, 1)
    for seats in (2, 5, 8):
        d = run(seats, seats)
        assert all(len(p) == DRAFT_PACKS * PACK_SIZE for p in d.picks)


def test_packs_pass_left_then_right_then_left():
    d = D.Draft(POOL, 3, 4)
    first = [list(p) for p in d.packs]
    for s in range(3):
        d.choose(s, d.packs[s][0])
    assert d.packs[1] == first[0][1:] and d.view(0)["passing"] == "left"  # seat 0's pack went to seat 1
    while d.round == 0:
        for s in range(3):
            d.choose(s, d.packs[s][0])
    second = [list(p) for p in d.packs]
    for s in range(3):
        d.choose(s, d.packs[s][0])
    assert d.packs[0] == second[1][1:] and d.view(0)["passing"] == "right"  # seat 1's pack went to seat 0


def test_picks_are_hidden_from_the_other_drafters():
    d = D.Draft(POOL, 4, 2)
    before = d.view(0)
    d.choose(1, d.packs[1][3])  # seat 1's secret pick changes nothing seat 0 may see
    assert d.view(0) == before
    assert set(before) == {"seat", "round", "pick", "recruits", "picks", "pack", "passing"}
    with pytest.raises(ValueError):
        d.choose(1, d.packs[1][0])  # one pick per pass
    with pytest.raises(ValueError):
        d.choose(0, "Not A Card")


def test_the_drafting_bot_ends_with_legal_limited_decks():
    # rule circuits.17.13
    for seed in range(4):
        d = run(8, seed)
        for s in range(8):
            deck = build_deck(POOL, d.recruits[s], d.picks[s])
            assert check_deck(deck, POOL) == [], (seed, s)


def test_a_saved_draft_replays_to_the_same_pools():
    d = run(4, 11)
    again = D.replay(POOL, json.loads(json.dumps(d.record())))
    assert again.picks == d.picks and again.recruits == d.recruits
    bad = d.record()
    bad["picks"][0][0] = "Not A Card"
    with pytest.raises(ValueError):
        D.replay(POOL, bad)


def test_the_draft_command_saves_replays_and_writes_decks(tmp_path):
    saved = tmp_path / "draft.json"
    r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "3", "--seed", "5", "--save", str(saved),
                                 "--out-dir", str(tmp_path / "decks")])
    assert r.exit_code == 0, r.output
    assert len(list((tmp_path / "decks").glob("seat_*.toml"))) == 3
    r = CliRunner().invoke(app, ["draft", "circuits", "--replay", str(saved)])
    assert r.exit_code == 0 and "every pick legal" in r.output
    person = CliRunner().invoke(app, ["draft", "circuits", "--seats", "2", "--bots", "1", "--seed", "5"],
                                input="1\n" * 42 + "n\n")
    assert person.exit_code == 0, person.output
    assert "Pick (number)" in person.output


def test_a_draft_opens_secret_packs_unless_a_seed_is_given() -> None:
    # a person drafting who knew the seed would know every pack the other seats open
    seeds = []
    for _ in range(2):
        r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "2"])
        assert r.exit_code == 0, r.output
        m = re.search(r"the seed was (\d+): `--seed \1` opens the same packs", r.output)
        assert m, r.output
        seeds.append(int(m.group(1)))
    assert seeds[0] != seeds[1]
    again = CliRunner().invoke(app, ["draft", "circuits", "--seats", "2", "--seed", str(seeds[0])])
    assert again.exit_code == 0 and "the seed was" not in again.output


def test_people_sharing_the_terminal_hand_it_over_with_the_screen_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    # ruling circuits.gap.37: picks are hidden; two people at one terminal must not see each other's
    import io

    from rich.console import Console

    from cardarena import limited_cli

    screen = io.StringIO()
    monkeypatch.setattr(limited_cli, "out", Console(file=screen, force_terminal=True, width=200, highlight=False))
    r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "2", "--bots", "0", "--seed", "5"],
                           input="\n1\n" * 84 + "\nn\n\n" * 2)  # each seat's deck: hand over, no, hide
    assert r.exit_code == 0, r.output
    shown = screen.getvalue()
    first_of_seat_2 = shown.index("Seat 2 · pack 1 pick 1")
    handed = shown.rindex("Pass the terminal to seat 2", 0, first_of_seat_2)
    cleared = shown.rindex("\x1b[3J", 0, handed)  # scrollback too: seat 1's picks cannot be scrolled back to
    assert shown.rindex("Seat 1 · pack 1 pick 1", 0, first_of_seat_2) < cleared
    assert "Seat 1 has picked." in shown


def test_people_sharing_the_terminal_build_their_decks_unseen_by_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule circuits.gap.37: picks are hidden. Building a deck by hand lists the seat's whole pool (its
    # picks): at a shared terminal the next seat must not find it on the screen or in the scrollback.
    import io

    from rich.console import Console

    from cardarena import limited_cli

    screen = io.StringIO()
    monkeypatch.setattr(limited_cli, "out", Console(file=screen, force_terminal=True, width=200, highlight=False))
    build = "y\n1\n" + "".join(f"{k}\n" for k in range(1, 40)) * 4 + "done\n"
    r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "2", "--bots", "0", "--seed", "5"],
                           input="\n1\n" * 84 + "\n" + build + "\n" + "\nn\n\n")
    assert r.exit_code == 0, r.output
    shown = screen.getvalue()
    pool_listed = shown.index("0 cards. Not legal yet")  # seat 1 builds by hand: its pool is on the screen
    assert shown.rindex("Pass the terminal to seat 1", 0, pool_listed) > shown.rindex("Seat 2 has picked.", 0, pool_listed)
    handed = shown.index("Pass the terminal to seat 2", pool_listed)  # then seat 2 builds its deck
    assert shown.index("\x1b[3J", pool_listed) < shown.index("Seat 1 has built its deck.", pool_listed) < handed
    assert shown.index("Seat 2: ", handed) > handed  # seat 2's deck is told after the hand-over


def test_a_seat_whose_picks_make_no_legal_deck_loses_neither_the_draft_nor_the_other_decks(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    # rule circuits.17.13: at least 30 cards, all from the pool (no basic-card supply, ruling
    # circuits.gap.37), so a seat that drafted Gear whenever it could has no legal deck. It is told so;
    # the draft is still saved and every other seat's deck written (the command used to stop at that
    # seat, before saving anything).
    from cardarena.games.circuits.schema import GearCard

    bot = D.bot_pick

    def gear_first(pool, view):
        gear = [n for n in view["pack"] if isinstance(pool.by_name[n], GearCard)]
        return gear[0] if gear and view["seat"] == 0 else bot(pool, view)

    monkeypatch.setattr(D, "bot_pick", gear_first)
    saved, out = tmp_path / "draft.json", tmp_path / "decks"
    r = CliRunner().invoke(app, ["draft", "circuits", "--seats", "8", "--seed", "3", "--save", str(saved),
                                 "--out-dir", str(out)])
    assert r.exit_code == 3, r.output
    assert "seat 1 (bot): no legal deck from these picks" in r.output and "circuits.17.13" in r.output
    assert sorted(p.name for p in out.glob("seat_*.toml")) == [f"seat_{s}.toml" for s in range(2, 9)]
    record = json.loads(saved.read_text())
    assert D.replay(POOL, record).picks == record["picks"]  # the saved draft replays


def test_building_by_hand_from_a_pool_too_small_says_so_instead_of_asking_forever(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule circuits.17.13: with fewer than 30 Action cards in the pool no deck is legal; the builder used to
    # ask for cards until input ended
    import io

    from rich.console import Console

    import cardarena
    from cardarena import limited_cli
    from cardarena.games.circuits import limited as lim

    g = cardarena.load_game("circuits")
    recruits, opened = lim.sealed_pool(g.pool, 4)
    screen = io.StringIO()
    monkeypatch.setattr(limited_cli, "out", Console(file=screen, width=200))
    answers = iter(["1"])  # the Hero; nothing more may be asked
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    deck = limited_cli._build_by_hand(g, lim, recruits, opened[:12], 4)
    assert "a Limited deck needs 30 (rule 17.13): no legal deck can be built from it" in screen.getvalue()
    assert any("17.13" in p for p in g.check_deck(deck, "limited"))
