"""`cardarena sealed` and `cardarena draft`: Limited play (docs/rulings/circuits.md, "Limited") for games that offer it
(a Ruleset with a `limited` attribute: circuits).

    cardarena sealed circuits --seed 7                       # open a pool, build a deck automatically, print it
    cardarena sealed circuits --seed 7 --out mine.toml       # ... and save it (edit it by hand, then `validate`)
    cardarena sealed circuits --seed 7 --build hand          # build the deck yourself in the terminal
    cardarena sealed circuits --seed 7 --versus 8 --p1 ismcts --p2 random   # a Limited match of two Sealed decks
    cardarena draft circuits --seats 8 --bots 7 --save draft.json --out-dir decks/  # seat 1 is you
    cardarena draft circuits --seats 4 --drafter 2=cmd:"python3 examples/bots/draft_bot.py"  # an external drafter
    cardarena draft circuits --replay draft.json                                   # check a saved draft
    cardarena sealed circuits --seed 7 --cards mine.toml     # packs opened from the pool with a card file's cards

`--cards FILE` (repeatable) plays the pool with card files, as `match --cards` does (docs/cards.md): packs
are opened from it and decks checked against it; a saved draft and a `--versus` replay record the files'
texts, and `draft --replay` plays the files a draft records.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from .agents import make_agent
from .agents.drafter import ExternalDrafter, drafter_from_spec, run_draft
from .agents.external import transcripts_in
from .arena.schedule import secret_seed
from .core.cardfiles import CardFiles
from .core.decks import Deck
from .core.files import output_problem, write_atomic
from .core.match import TimeControl, play, replay_record
from .core.registry import load_game
from .core.replay import save_replay

app = typer.Typer(add_completion=False)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(msg: str, code: int = 2) -> NoReturn:
    err.print(f"error: {msg}", markup=False)
    raise typer.Exit(code)


def _write(path: Path, text: str) -> None:
    """A file written whole; a failure leaves the old one and says why (exit 1)."""
    try:
        write_atomic(path, text)
    except OSError as e:
        _fail(f"cannot write {path}: {e}", 1)


def _check_outputs(*options: tuple[Path | None, str]) -> None:
    """Refuse, before the pool is opened or the draft begins, a file that could not be written at the end."""
    for path, option in options:
        if path is not None and (problem := output_problem(path)) is not None:
            _fail(f"{option} {path}: cannot write there: {problem}")


CardsOpt = Annotated[list[Path] | None, typer.Option(
    "--cards", help="A card file: its \\[\\[cards]] replace the game's cards of the same id and add new ones; packs "
                    "are opened from that pool (repeatable; docs/cards.md).")]


def _limited(game: str, cards: list[Path] | CardFiles | None = None) -> tuple[Any, Any]:
    """The game (with the card files `cards`, read from their paths or as recorded) and its Limited rules."""
    try:
        files = cards if isinstance(cards, CardFiles) or cards is None else CardFiles.read(cards)
        g = load_game(game, files)
    except Exception as e:  # an unknown game id, a broken card file: load_game's message
        _fail(str(e))
    lim = getattr(g, "limited", None)
    if lim is None:
        _fail(f"{game} has no Limited format (Sealed, Draft)")
    if g.card_files is not None:
        err.print(g.cards_line(), markup=False)  # what the card files change, as `match --cards` says it
    return g, lim


def _with_cards(g: Any) -> str:
    """` --cards FILE...` for a command to type about a deck of this pool (nothing for the package's)."""
    return "".join(f" --cards {shlex.quote(n)}" for n in g.card_files.names) if g.card_files is not None else ""


@app.command()
def sealed(
    game: Annotated[str, typer.Argument(help="Game id: circuits.")],
    seed: Annotated[int | None, typer.Option(help="Which pool to open: the same seed opens the same pool "
                                             "(default: a new pool each time, its seed printed).")] = None,
    build: Annotated[str, typer.Option(help="auto (the built-in builder) or hand (choose in the terminal).")] = "auto",
    save: Annotated[Path | None, typer.Option("--out", help="Save the deck file here.")] = None,
    versus: Annotated[int | None, typer.Option(help="Play a Limited match against the automatic deck of this pool seed.")] = None,
    p1: Annotated[str, typer.Option(help="Agent playing your deck in --versus.")] = "random",
    p2: Annotated[str, typer.Option(help="Agent playing the other deck in --versus.")] = "random",
    replay: Annotated[Path | None, typer.Option(help="Save the --versus match as a replay.")] = None,
    cards: CardsOpt = None,
) -> None:
    """Open a Sealed pool (a Recruit pack and booster packs) and build a legal Limited deck from it."""
    g, lim = _limited(game, cards)
    _check_outputs((save, "--out"), (replay, "--replay"))
    if build not in ("auto", "hand"):  # before the pool is opened and printed
        _fail("--build is auto or hand")
    if seed is None:  # like opening a sealed box: a pool nobody chose; the printed seed opens it again
        seed = secret_seed()
    agents = []
    if versus is not None:  # a bad agent is refused before the pool is opened and the deck built
        for option, spec, s in (("--p1", p1, seed), ("--p2", p2, seed + 1)):
            try:
                agents.append(make_agent(spec, seed=s))
            except ValueError as e:
                _fail(f"{option}: {e}")
    recruits, opened = lim.sealed_pool(g.pool, seed)
    out.print(f"Sealed pool {seed} (`--seed {seed}` opens it again): Recruit pack {', '.join(recruits)}", markup=False)
    out.print(f"Opened ({len(opened)}): " + ", ".join(f"{n} ×{k}" if k > 1 else n
                                                     for n, k in sorted(Counter(opened).items())), markup=False)
    if build == "auto":
        deck = lim.build_deck(g.pool, recruits, opened, name=f"sealed {seed}")
    elif build == "hand":
        deck = _build_by_hand(g, lim, recruits, opened, seed)
    else:
        _fail("--build is auto or hand")
    problems = g.check_deck(deck, "limited")
    if problems:
        _fail("the deck is not legal: " + "; ".join(problems))
    out.print(deck.to_toml(), markup=False)
    if save is not None:
        _write(save, deck.to_toml())
        out.print(f"deck saved to {save} (edit it, then `cardarena validate {save}{_with_cards(g)}`)", markup=False)
    if versus is not None:
        r2, o2 = lim.sealed_pool(g.pool, versus)
        other = lim.build_deck(g.pool, r2, o2, name=f"sealed {versus}")
        st = g.new_game(decks=[deck, other], seed=seed, fmt="limited")
        play(st, agents)
        r = st.result
        assert r is not None
        who = "draw" if r.winner is None else f"P{r.winner + 1} ({[p1, p2][r.winner]}) wins"
        out.print(f"Limited match, sealed {seed} vs sealed {versus}: {who} ({r.reason}, {r.turns} turns)", markup=False)
        if replay is not None:
            save_replay(replay_record(st, [p1, p2], __import__("cardarena").__version__), replay)
            out.print(f"replay saved to {replay}", markup=False)


def _ask(prompt: str) -> str:
    try:
        return input(prompt).strip()
    except EOFError:
        _fail("input ended before the deck was built")


def _build_by_hand(g: Any, lim: Any, recruits: list[str], opened: list[str], seed: int) -> Deck:
    """Choose the Hero, then add and remove cards by number until the deck is legal and you say done."""
    heroes = [n for n in recruits if n in g.pool.heroes]
    for k, h in enumerate(heroes, 1):
        out.print(f"  {k}. {h}", markup=False)
    while True:
        a = _ask("Your Hero (number): ")
        if a.isdigit() and 1 <= int(a) <= len(heroes):
            hero = heroes[int(a) - 1]
            break
    auto = lim.build_deck(g.pool, recruits, opened)
    armory = list(auto.leaders["armory"])  # every Gear opened (rule 17.15) ...
    legendary = sorted({n for n in opened if getattr(g.pool.by_name.get(n), "legendary", False)})
    if len(legendary) > 1:  # ... but at most one Legendary (rule 3.11): the player chooses which
        for k, n in enumerate(legendary, 1):
            out.print(f"  {k}. {n}", markup=False)
        while True:
            a = _ask("Your Legendary Gear (number; the Armory holds one): ")
            if a.isdigit() and 1 <= int(a) <= len(legendary):
                armory = [n for n in armory if n not in legendary] + [legendary[int(a) - 1]]
                break
    names = sorted(n for n in set(opened) if n not in {g_.name for g_ in g.pool.gear})
    have = Counter(opened)
    cards: Counter[str] = Counter()

    def made() -> Deck:
        return Deck(game=g.id, name=f"sealed {seed}", format="limited",
                    leaders={"heroes": [hero], "armory": armory, "recruits": list(recruits), "pool": list(opened)},
                    cards={n: k for n, k in cards.items() if k}, source="<hand>")

    total = sum(have[n] for n in names)
    if total < lim.MIN_DECK:
        # no choice of cards can make it legal (rule 17.13): say so instead of asking forever; the
        # caller reports the deck (all of the pool) as not legal, with the reason
        out.print(f"Your pool holds {total} Action cards; a Limited deck needs {lim.MIN_DECK} (rule 17.13): "
                  "no legal deck can be built from it.", markup=False)
        cards.update({n: have[n] for n in names})
        return made()
    while True:
        for k, n in enumerate(names, 1):
            out.print(f"  {k:>2}. {n} ({cards[n]}/{have[n]})", markup=False)
        deck = made()
        problems = g.check_deck(deck, "limited")
        out.print(f"{sum(cards.values())} cards. " + ("Legal: type `done` to keep it." if not problems
                                                      else "Not legal yet: " + "; ".join(problems)), markup=False)
        a = _ask("Number to add, -number to remove, `done`: ")
        if a == "done" and not problems:
            return deck
        sign = -1 if a.startswith("-") else 1
        num = a.lstrip("-")
        if num.isdigit() and 1 <= int(num) <= len(names):
            n = names[int(num) - 1]
            cards[n] = max(0, min(have[n], cards[n] + sign))


@app.command()
def draft(
    game: Annotated[str, typer.Argument(help="Game id: circuits.")],
    seats: Annotated[int, typer.Option(help="Drafters, 2–8.")] = 8,
    bots: Annotated[int | None, typer.Option(help="How many seats the built-in drafting bot plays (the last "
                                                   "ones); the others are people at this terminal. Default: all.")] = None,
    seed: Annotated[int | None, typer.Option(help="Which packs are opened: the same seed opens the same packs "
                                                  "(default: a secret one, told when the draft ends).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save the draft (seed and every pick) here.")] = None,
    replay_file: Annotated[Path | None, typer.Option("--replay", help="Replay a saved draft and check it.")] = None,
    out_dir: Annotated[Path | None, typer.Option(help="Write each seat's Limited deck here (seat_N.toml).")] = None,
    drafter: Annotated[list[str] | None, typer.Option(
        "--drafter", help='SEAT=BOT: an external drafter (docs/protocol.md, "Booster Draft") drafts seat SEAT '
                          '(1-based), e.g. --drafter 3=cmd:"python3 examples/bots/draft_bot.py". Repeatable; it '
                          "overrides --bots for that seat.")] = None,
    time: Annotated[str | None, typer.Option(help="Clocks of the external drafters: PER_PICK+BANK[+STARTUP] "
                                                  "seconds, e.g. 2+30. Default: each bot's manifest limits.")] = None,
    bot_log: Annotated[Path | None, typer.Option(
        "--bot-log", help="Folder for each external drafter's transcript, drafter-seat<N>.jsonl: every line it "
        "was sent and answered, with times, and its stderr (docs/protocol.md).")] = None,
    cards: CardsOpt = None,
) -> None:
    """Run a booster draft: each seat ends with a pool and a legal Limited deck; picks are secret."""
    if replay_file is not None and cards:
        _fail("--cards is for a new draft: --replay plays the card files the saved draft records")
    g, lim = _limited(game, cards)
    _check_outputs((save, "--save"))
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        _fail(f"--out-dir {out_dir}: cannot write there: it is a file, not a folder")
    drafting = getattr(g, "drafting", None)
    if drafting is None:
        _fail(f"{game} has no Draft")
    told = False

    if replay_file is not None:
        try:
            data = json.loads(replay_file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            _fail(f"{replay_file}: file not found", 1)
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
            _fail(f"{replay_file}: not a readable JSON draft: {e}", 1)
        if not isinstance(data, dict):
            _fail(f"{replay_file}: not a draft replay (expected a table of seats, seed and picks)", 1)
        if data.get("cards") is not None:  # drafted from a pool with card files: the texts it records
            try:
                recorded = CardFiles.from_dict(data["cards"], str(replay_file))
            except Exception as e:
                _fail(str(e), 1)
            g, lim = _limited(game, recorded)
            drafting = g.drafting
        try:
            d = drafting.replay(g.pool, data)
        except (ValueError, KeyError, IndexError, TypeError) as e:
            _fail(f"{replay_file}: not a valid draft replay: {e}", 1)
        out.print(f"draft replayed: {d.seats} seats, seed {d.seed}, every pick legal", markup=False)
        people_seats: set[int] = set()
        labels: dict[int, str] = {}
    else:
        if seed is None:  # a person who knew the seed would know every pack the others open
            seed = secret_seed()
            told = True
        try:
            d = drafting.Draft(g.pool, seats, seed)  # first: a table size out of range is the error to tell
        except ValueError as e:
            _fail(str(e))
        bots = seats if bots is None else bots
        if not 0 <= bots <= seats:
            _fail("--bots is between 0 and --seats")
        externals = _drafters(drafter or [], seats, seed)
        if bot_log is not None and externals:
            try:
                logs = transcripts_in(bot_log, dict(externals), "drafter-seat{seat}.jsonl")
            except ValueError as e:
                _fail(f"--bot-log {e}")
            out.print("drafter transcript(s): " + ", ".join(map(str, logs)), markup=False, soft_wrap=True)
        tc = None
        if time is not None:
            try:
                tc = TimeControl.parse(time)
            except ValueError as e:
                _fail(str(e))
        people = seats - bots
        people_seats = {s for s in range(people) if s not in externals}
        # people sharing this terminal hand it over between picks; one person alone needs no screen cleared
        pick = _shared_pick if len(people_seats) > 1 else _person_pick
        faults = run_draft(d, game, drafting.DRAFT_PACKS, drafting.PACK_SIZE, lambda v: drafting.bot_pick(g.pool, v),
                           drafters=externals, people={s: pick for s in people_seats}, time_control=tc,
                           cards=g.card_file_infos() or None)
        labels = {s: ext.name for s, ext in externals.items()}
        for f in faults:
            err.print(f"drafter fault: {f.describe()}", markup=False)
            labels[f.seat] += f", {f.status} at pick {f.seq}; then the built-in bot"
    if save is not None:  # first: the draft is kept even when a seat's picks make no legal deck
        record = d.record()
        if g.card_files is not None:  # `--replay` plays these texts, whatever the files hold then
            record["cards"] = g.card_files.to_dict()
        _write(save, json.dumps(record, indent=1) + "\n")
        out.print(f"draft saved to {save} (replay: cardarena draft {game} --replay {save})", markup=False)
    decks: dict[int, Deck] = {}
    illegal = 0
    # people sharing this terminal build in turn: a deck shows its seat's picks, hidden from the others
    shared = len(people_seats) > 1
    for s in range(d.seats):
        private = shared and s in people_seats
        if private:
            _hand_over(s)
        if s in people_seats and _ask(f"Seat {s + 1}: build your deck by hand? [y/N] ").lower().startswith("y"):
            deck = _build_by_hand(g, lim, d.recruits[s], d.picks[s], d.seed)
        else:
            deck = lim.build_deck(g.pool, d.recruits[s], d.picks[s], name=f"draft {d.seed} seat {s + 1}")
        problems = g.check_deck(deck, "limited")
        who = f" ({labels[s]})" if s in labels else "" if s in people_seats else " (bot)"
        if problems:  # e.g. too few Action cards picked for 30 (rule 17.13): the other seats keep their decks
            illegal += 1
            err.print(f"error: seat {s + 1}{who}: no legal deck from these picks: " + "; ".join(problems), markup=False)
        else:
            decks[s] = deck
            out.print(f"Seat {s + 1}{who}: {deck.leaders['heroes'][0]}, {deck.size} cards "
                      f"from {len(d.picks[s])} picks", markup=False)
        if private:
            _ask(f"Seat {s + 1}, press Enter to hide your deck: ")
            _clear_screen()
            out.print(f"Seat {s + 1} has built its deck.", markup=False)
    if told:
        out.print(f"the seed was {d.seed}: `--seed {d.seed}` opens the same packs", markup=False)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        for s, deck in decks.items():
            _write(out_dir / f"seat_{s + 1}.toml", deck.to_toml())
        out.print(f"decks written to {out_dir}", markup=False)
    if illegal:
        raise typer.Exit(3)

def _drafters(specs: list[str], seats: int, seed: int) -> dict[int, ExternalDrafter]:
    """`SEAT=BOT` options -> the external drafter of each seat (0-based keys)."""
    found: dict[int, ExternalDrafter] = {}
    for text in specs:
        head, sep, spec = text.partition("=")
        if not sep or not head.strip().isdigit() or not 1 <= int(head) <= seats:
            _fail(f"--drafter {text!r}: write SEAT=BOT with SEAT from 1 to {seats}, e.g. 3=cmd:\"python3 bot.py\"")
        seat = int(head) - 1
        if seat in found:
            _fail(f"--drafter: seat {seat + 1} is given twice")
        try:
            found[seat] = drafter_from_spec(spec, seed=seed + seat)
        except ValueError as e:
            _fail(f"--drafter {text!r}: {e}")
    return found


def _clear_screen() -> None:
    """Clear the terminal and its scrollback, so the next drafter cannot scroll up to the last one's picks."""
    if out.is_terminal:
        out.file.write("\x1b[H\x1b[2J\x1b[3J")
        out.file.flush()


def _hand_over(seat: int) -> None:
    """Clear the screen and wait until seat `seat` (0-based) says it alone holds the terminal."""
    _clear_screen()
    out.print(f"Pass the terminal to seat {seat + 1}.", markup=False)
    _ask(f"Seat {seat + 1}, press Enter when only you can see the screen: ")


def _shared_pick(view: dict[str, Any]) -> str:
    """A pick by one of several people at this terminal: the screen is cleared before and after it, and
    the seat whose turn it is says it holds the terminal before its picks and pack are shown."""
    _hand_over(view["seat"])
    try:
        return _person_pick(view)
    finally:
        _clear_screen()
        out.print(f"Seat {view['seat'] + 1} has picked.", markup=False)


def _person_pick(view: dict[str, Any]) -> str:
    """A person's pick: only their own view is shown (their picks, the pack in front of them)."""
    out.print(f"\nSeat {view['seat'] + 1} · pack {view['round']} pick {view['pick']} (passing {view['passing']})",
              markup=False)
    out.print("Your picks: " + (", ".join(view["picks"]) or "none"), markup=False)
    for k, n in enumerate(view["pack"], 1):
        out.print(f"  {k:>2}. {n}", markup=False)
    while True:
        a = _ask("Pick (number): ")
        if a.isdigit() and 1 <= int(a) <= len(view["pack"]):
            return str(view["pack"][int(a) - 1])
