"""The `cardarena` command: games, rules, cards, decks, validate, match, replay, play, fuzz (and sealed,
draft: limited_cli.py).

Exit codes: 0 done; 1 a file (deck, replay) is not usable or a replay does not re-run as recorded;
2 a usage error (unknown game, bad option); 3 an engine error (a bug in cardarena: the report says
how to reproduce it); 130 interrupted.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from . import __version__
from .agents import make_agent
from .agents.base import Agent
from .arena.schedule import secret_seed
from .core.cardfiles import CardFiles
from .core.decks import Deck, load_deck
from .core.engine import State
from .core.errors import CardArenaError, DeckError, exit_code
from .core.files import output_problem
from .core.match import Clock, TimeControl, replay_record
from .core.registry import list_games, load_game
from .core.replay import replay_game, save_replay
from .core.ruleset import Ruleset
from .guide import GuideError, load_guide, result_words
from .limited_cli import app as limited_app
from .sim.command import app as sim_app
from .terminal.cardtext import CardIndex, card_lines
from .terminal.runner import (
    EngineFailure,
    Thinking,
    choose_step,
    end_agents,
    engine_report,
    save_failure,
    start_agents,
)

app = typer.Typer(
    help="cardarena: card games played by their complete rules, automatons that play them, and an arena.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(sim_app)  # `cardarena sim` and `cardarena sim-report` (docs/balance/README.md)
app.add_typer(limited_app)  # `cardarena sealed` (Limited, limited_cli.py)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
CardsOpt = Annotated[list[Path] | None, typer.Option(
    "--cards", help="A card file: its \\[\\[cards]] replace the game's cards of the same id and add new ones "
                    "(repeatable; docs/cards.md).")]


def fail(msg: str, code: int = 2) -> NoReturn:
    err.print(f"error: {msg}", markup=False)
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        print(f"cardarena {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """cardarena: card games played by their complete rules, automatons that play them, and an arena."""


def _game(game_id: str, cards: list[Path] | None = None) -> Ruleset:
    """The game, with the card files of `--cards` if any (a bad one: its message, exit 2)."""
    try:
        return load_game(game_id, CardFiles.read(cards or []))
    except CardArenaError as e:
        fail(str(e))


def _cards_line(g: Ruleset) -> None:
    """With card files, what they change (`cards: whip.toml — changed: Flame Whip`), on stderr."""
    if g.card_files is not None:
        err.print(g.cards_line(), markup=False)


def _json(data: Any) -> None:
    print(json.dumps(data, indent=1, ensure_ascii=False))


# -- learning ------------------------------------------------------------------------------------
@app.command()
def games(as_json: JsonOpt = False) -> None:
    """List the games and their formats.

    Example: cardarena games --json
    """
    infos = [g.describe() for g in list_games()]
    if as_json:
        _json(infos)
        return
    t = Table("id", "name", "formats", "summary", show_lines=True)
    for i in infos:
        t.add_row(i["id"], i["name"], ", ".join(i["formats"]), i["summary"])
    out.print(t)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    item: Annotated[str | None, typer.Argument(
        help="A rule item a message cites (aliens.2.1 or 2.1, gap.9), a section of them (2, 8.2, gap), or a term of "
             "the guide (shield).")] = None,
    as_json: JsonOpt = False,
    no_pager: Annotated[bool, typer.Option("--no-pager", help="Print instead of paging.")] = False,
) -> None:
    """How to play a game, in plain words: goal, set-up, a turn, key terms, a worked example.

    With ITEM, the rule items a message or a ruling cites (`rule aliens.2.1`), as the rulebook states them.

    With a word, what the guide says of that term (`cardarena rules aliens shield`).

    Example: cardarena rules aliens 2.1
    """
    g = _game(game)
    try:
        guide = load_guide(g)
    except GuideError as e:
        fail(str(e), 1)
    if item is not None:
        _rule_items(g.id, item, guide, as_json)
        return
    if as_json:
        import msgspec

        _json(msgspec.to_builtins(guide))
        return
    text = guide.to_text(out.width)
    if out.is_terminal and not no_pager:
        with out.pager(styles=False):
            out.print(text, markup=False)
    else:
        out.print(text, markup=False)


def _rule_items(game: str, query: str, guide: Any, as_json: bool) -> None:
    """`rules GAME ITEM`: each item with its section, and the guide sections that summarize it."""
    import textwrap

    from .rule_items import RuleItemError, find_items, ruling_of

    try:
        found = find_items(game, query)
    except RuleItemError as e:
        # a word, not an item number: the guide's term (`rules aliens shield`, as `? shield` in play)
        if as_json or any(ch.isdigit() for ch in query):
            fail(str(e))
        said = guide.lookup(query, out.width, whole=f"`cardarena rules {game}`")
        if said is None:
            fail(f"{game} has no rule item or term {query!r}: `cardarena rules {game}` shows the whole guide, "
                 "its terms at the end")
        out.print(said, markup=False)
        return
    summarized = {it.id: [s.title for s in guide.sections if it.id in s.rules] for it in found}
    if as_json:
        _json([{"id": it.id, "section": it.section, "text": it.text, "guide": summarized[it.id],
                **({"ruling": r} if (r := ruling_of(it)) is not None else {})} for it in found])
        return
    section = None
    for it in found:
        if it.section != section:
            section = it.section
            out.print(section, style="bold", markup=False)
        out.print(textwrap.fill(it.text, max(40, out.width - 1), initial_indent=f"  {it.id}  ",
                                subsequent_indent="    "), markup=False, soft_wrap=True)
        if summarized[it.id]:
            said = f"in the guide: {', '.join(summarized[it.id])} (cardarena rules {game})"
            out.print(textwrap.fill(said, max(40, out.width - 1), initial_indent="    ", subsequent_indent="      "),
                      style="dim", markup=False, soft_wrap=True)
        ruled = ruling_of(it)
        if ruled is not None:
            out.print(textwrap.fill(f"ruled: {ruled}", max(40, out.width - 1), initial_indent="    ",
                                    subsequent_indent="      "), markup=False, soft_wrap=True)
    if any(".gap." in it.id for it in found):
        out.print(f"Every ruling, with where the engine applies it: docs/rulings/{game}.md.", style="dim")


def _columns(infos: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(header, field) for the fields some card of this pool actually has."""
    wanted = [("kind", "kind"), ("type", "type"), ("type", "subtype"), ("slot", "slot"), ("species", "species"),
              ("circuits", "circuits"), ("affinity", "affinity"), ("cost", "cost"), ("ATK", "atk"), ("HP", "hp"),
              ("damage", "damage")]
    cols: list[tuple[str, str]] = []
    for header, key in wanted:
        if any(i.get(key) not in (None, "", [], ()) for i in infos):
            if header not in (h for h, _ in cols):
                cols.append((header, key))
    return cols


def _cell(info: dict[str, Any], key: str) -> str:
    v = info.get(key)
    if key == "type" and v is None:
        v = info.get("subtype")
    if v in (None, "", [], ()):
        return ""
    if isinstance(v, list | tuple):
        return ", ".join(map(str, v))
    return str(v)


def _card_text(info: dict[str, Any]) -> str:
    for key, label in (("ability", "Ability"), ("passive", "Passive"), ("ultimate", "Ultimate")):
        part = info.get(key)
        if isinstance(part, dict) and part.get("name"):
            return f"{label} {part['name']}: {part.get('text', '')}"
    return str(info.get("text", ""))


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    name: Annotated[str | None, typer.Argument(help="A card name (any case, a unique prefix is enough).")] = None,
    as_json: JsonOpt = False,
    cards_: CardsOpt = None,
    toml: Annotated[bool, typer.Option(
        "--toml", help="Print the card's \\[\\[cards]] table as written in its file: a card file to copy, change and "
                       "give with --cards (docs/cards.md).")] = False,
) -> None:
    """List a game's card pool, or show one card.

    Example: cardarena cards aliens "ember lash"
    """
    g = _game(game, cards_)
    if toml and name is None:
        fail("--toml prints one card's table: give the card's name")
    if not as_json and not toml:
        _cards_line(g)
    index = CardIndex(g)
    if name is not None:
        entry, candidates = index.find(name)
        if entry is None:
            from .core.cards import unknown_card_message

            if candidates:
                fail(f"{name!r} could be: {', '.join(candidates[:10])}")
            fail(unknown_card_message(name, g.card_names()))
        if as_json:
            _json(index.infos[entry.card])
            return
        if toml:
            try:
                print(g.card_toml(entry.card), end="")
            except CardArenaError as e:
                fail(str(e))
            return
        for line in index.describe(entry) if entry.part else card_lines(index.infos[entry.card]):
            out.print(line, markup=False)
        return
    names = g.card_names()
    infos = [index.infos[n] for n in names]
    if as_json:
        _json(infos)
        return
    cols = _columns(infos)
    if not out.is_terminal:  # plain, one line per card, nothing cut
        for n, i in zip(names, infos, strict=True):
            cells = [f"{h}: {c}" for h, k in cols if (c := _cell(i, k))]
            out.print(f"{n} — {'; '.join(cells)} — {_card_text(i)}", markup=False, soft_wrap=True)
        out.print(f"{len(infos)} cards", markup=False)
        return
    t = Table()
    for header in ("name", *(h for h, _ in cols), "text"):
        t.add_column(header, overflow="fold")  # wrap, never cut a word with an ellipsis
    for n, i in zip(names, infos, strict=True):
        t.add_row(n, *(_cell(i, k) for _, k in cols), _card_text(i))
    out.print(t)
    out.print(f"{len(infos)} cards")


@app.command()
def decks(
    game: Annotated[str, typer.Argument(help="Game id.")],
    name: Annotated[str | None, typer.Argument(help="A starter: print it as a deck file to copy.")] = None,
    as_json: JsonOpt = False,
    cards_: CardsOpt = None,
) -> None:
    """List a game's starter decks (usable by name wherever a deck is asked for), or print one as a file.

    Example: cardarena decks aliens mind_storm
    """
    g = _game(game, cards_)
    starters = g.starter_decks()
    if name is not None:
        if name not in starters:
            fail(f"no starter {name!r} in {game}; starters: {', '.join(sorted(starters))}")
        if as_json:
            _json(starters[name].to_dict())
        else:
            print(starters[name].to_toml(), end="")
        return
    if as_json:
        _json([dict(d.to_dict(), starter=k, size=d.size) for k, d in starters.items()])
        return
    leaders = any(d.leaders.get(g.leader_key) for d in starters.values())  # frontline decks have none
    t = Table("starter", "name", *([g.leader_key] if leaders else []), "cards")
    t.columns[0].no_wrap = True  # the starter key is what is typed elsewhere: never cut or wrapped
    t.columns[0].overflow = "fold"
    for key, d in starters.items():
        t.add_row(key, d.name, *([", ".join(d.leaders.get(g.leader_key, []))] if leaders else []), str(d.size))
    out.print(t)


def _find_starter(name: str) -> tuple[Ruleset, Deck] | None:
    for g in list_games():
        starters = g.starter_decks()
        if name in starters:
            return g, starters[name]
    return None


@app.command()
def validate(
    deck: Annotated[str, typer.Argument(help="A deck file (TOML) or a starter name.")],
    fmt: Annotated[str | None, typer.Option("--format", help="Check against this format instead of the deck's.")] = None,
    as_json: JsonOpt = False,
    cards_: CardsOpt = None,
) -> None:
    """Check a deck; exit 1 listing every reason it is not legal.

    Example: cardarena validate mind_storm
    """
    try:
        files = CardFiles.read(cards_ or [])
    except CardArenaError as e:
        fail(str(e))
    found = None if Path(deck).exists() else _find_starter(deck)
    if found is None and not Path(deck).exists():
        names = ", ".join(f"{g.id}: {', '.join(sorted(g.starter_decks()))}" for g in list_games())
        err.print(f"{deck}: file not found, and no starter has that name (starters — {names})", markup=False)
        raise typer.Exit(1)
    try:
        if found is not None:
            g, d = found
        else:
            d = load_deck(deck)
            g = load_game(d.game)
    except CardArenaError as e:
        if as_json:
            _json({"deck": deck, "legal": False, "problems": [str(e)]})
        else:
            err.print(str(e), markup=False)
        raise typer.Exit(1) from None
    if files is not None:  # the deck checked against the pool with the card files
        g = _game(g.id, cards_)
        if not as_json:
            _cards_line(g)
    if fmt is not None and fmt not in g.formats:
        fail(f"{g.id} has no format {fmt!r}; formats: {', '.join(g.formats)}")
    problems = g.check_deck(d, fmt)
    if as_json:
        _json({"deck": deck, "game": d.game, "name": d.name, "legal": not problems, "problems": problems})
        raise typer.Exit(1 if problems else 0)
    if problems:
        err.print(f"{deck}: deck is not legal ({len(problems)} problem(s)):", markup=False)
        for p in problems:
            err.print(f"  - {p}", markup=False)
        raise typer.Exit(1)
    out.print(f"{deck}: legal {d.game} deck '{d.name}' ({d.size} cards, format {fmt or d.format or g.default_format})",
              markup=False)


# -- players and decks --------------------------------------------------------------------------------
def split_player(spec: str) -> tuple[str, str | None]:
    """`AGENT[:params][:DECK]`: parts with '=' are agent parameters, the part without is the deck
    (an external bot's quoted command stays whole: `cmd:"python3 bot.py":DECK`)."""
    from .agents import split_player_spec

    return split_player_spec(spec)


def resolve_deck(g: Ruleset, spec: str) -> Deck:
    """A starter name or a deck file, legal for `g`; a deck of another game is one clear problem."""
    starters = g.starter_decks()
    if spec in starters:
        return starters[spec]
    if not Path(spec).exists():
        raise DeckError(spec, [f"file not found, and no {g.id} starter has that name "
                               f"(starters: {', '.join(sorted(starters))})"])
    d = load_deck(spec)
    if d.game and d.game != g.id:
        raise DeckError(d.source, [f"this deck is for {d.game}, not for {g.id}"])
    return g.resolve_deck(d)


def _starters_for(g: Ruleset, fmt: str | None) -> list[str]:
    """Starter names, those of format `fmt` first (a Squad game defaults to Squad starters)."""
    all_ = g.starter_decks()
    if fmt is not None and fmt not in g.formats:
        raise ValueError(f"{g.id} has no format {fmt!r}; formats: {', '.join(g.formats)}")
    same = sorted(n for n, d in all_.items() if fmt is not None and d.format == fmt)
    return same or sorted(all_)


def _setup_players(g: Ruleset, specs: list[str], seed: int, fmt: str | None = None) -> tuple[list[Agent], list[Deck]]:
    agents: list[Agent] = []
    given: list[Deck | None] = []
    for i, spec in enumerate(specs):
        try:
            agent_spec, deck = split_player(spec)
            agents.append(make_agent(agent_spec, seed=seed * 2 + i))
        except ValueError as e:
            fail(f"--p{i + 1}: {e}")
        given.append(None if deck is None else resolve_deck(g, deck))
    return agents, _fill_decks(g, given, fmt, seed)


def _fill_decks(g: Ruleset, given: list[Deck | None], fmt: str | None, seed: int) -> list[Deck]:
    """The seats' decks, a default for each seat given none (`Ruleset.fill_decks`): the format's
    starters, or the game's stand-in deck made from the game seed (secret when the seed is) where the
    format has none (circuits Limited)."""
    _starters_for(g, fmt)  # an unknown --format is refused here, with the game's formats
    return [resolve_deck(g, d) if isinstance(d, str) else d for d in g.fill_decks(given, fmt, seed)]


def parse_rules(g: Ruleset, rule: list[str] | None) -> dict[str, Any]:
    """`--rule NAME=VALUE` options, checked against the game's rule parameters and their ranges."""
    rules_: dict[str, Any] = {}
    for r in rule or []:
        k, eq, v = r.partition("=")
        if not eq or not k.strip():
            raise ValueError(f"--rule {r!r} must be NAME=VALUE")
        rules_[k.strip()] = v.strip()
    g.check_rules(rules_)  # refuses unknown names, wrong types and values out of range, with the range
    return rules_


def _engine_failure(e: EngineFailure, state: State, names: list[str], replay: Path | None) -> NoReturn:
    saved = save_failure(state, names, __version__, replay)
    err.print(engine_report(e, state, saved), markup=False, soft_wrap=False)
    raise typer.Exit(3)


@contextmanager
def _progress(total: int | None, what: str, console: Console) -> Iterator[Callable[..., None]]:
    """A bar (games done, rate, time left) on a terminal; nothing when the output is piped."""
    columns: list[Any] = [TextColumn("{task.description}")]
    if total is not None:
        columns += [BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"), TimeRemainingColumn()]
    else:
        columns += [TextColumn("{task.completed} decisions · {task.fields[rate]}"), TimeElapsedColumn()]
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as p:
        task = p.add_task(what, total=total, rate="")
        yield lambda **fields: p.update(task, **fields)


@app.command()
def match(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    p1: Annotated[str, typer.Option(help="Player 1: AGENT[:key=value...][:DECK], DECK a starter name or a file.")] = "ismcts",
    p2: Annotated[str, typer.Option(help="Player 2, same form as --p1.")] = "random",
    seed: Annotated[int, typer.Option(help="Game seed: same decks, seed and choices = same game.")] = 1,
    replay: Annotated[Path | None, typer.Option(help="Save a replay file here.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    rule: Annotated[list[str] | None, typer.Option(help="Rule variant NAME=VALUE (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the result, as JSON.")] = False,
    fmt: Annotated[str | None, typer.Option("--format", help="Game format, e.g. circuits squad.")] = None,
    bot_log: Annotated[Path | None, typer.Option(
        "--bot-log", help="Folder for each external bot's transcript, p1.jsonl / p2.jsonl: every line it was "
        "sent and answered, with times, and its stderr (docs/protocol.md).")] = None,
    time_control: Annotated[str | None, typer.Option(
        "--time-control", help="Clocks of both seats, as in contests: PER_DECISION+BANK[+STARTUP] seconds, e.g. "
        "2+30; over both loses as TIMEOUT. Default: none (an external bot keeps its own default limits).")] = None,
    cards_: CardsOpt = None,
) -> None:
    """Play one automaton match with a readable play-by-play.

    Agents: random, greedy, ismcts (e.g. ismcts:iters=400 or ismcts:ms=250), any a package registers (docs/architecture.md).

    An external bot: cmd:"python3 my_bot.py" or a manifest bot:my_bot.toml (docs/protocol.md).

    Example: cardarena match aliens --p1 ismcts:iters=20:mind_storm --p2 random --seed 7 --replay game.json
    """
    g = _game(game, cards_)
    if not as_json:
        _cards_line(g)
    _check_output(replay, "--replay")
    try:
        rules_ = parse_rules(g, rule)
        clock = None if time_control is None else TimeControl.parse(time_control)
        agents, decks_ = _setup_players(g, [p1, p2], seed, fmt)
        state = g.new_game(decks=decks_, seed=seed, fmt=fmt, rules=rules_)
    except (CardArenaError, ValueError) as e:
        fail(str(e), exit_code(e))
    logs = _bot_logs(bot_log, dict(enumerate(agents)))
    clocks = None if clock is None else [Clock(clock) for _ in agents]
    thinking = [Thinking() for _ in agents]
    details: list[str] = []  # a fault's full reason, with the bot's own text: the operator's
    specs = [p1, p2]
    # what the operator reads: an agent's own name (a bot manifest's "Ember (bot:ember.toml)"), the deck beside it
    shown_as = [a.name for a in agents]
    quiet = quiet or as_json
    shown = 0
    guide = _guide_or_none(g)
    if not quiet:
        out.print(f"{g.name} · " + " vs ".join(f"P{i + 1}: {s} ({d.name})" for i, (s, d) in enumerate(zip(shown_as, decks_,
                                                                                                          strict=True)))
                  + f" · seed {seed}", style="bold", markup=False)

    def show(st: State) -> None:
        nonlocal shown
        if not quiet:
            for e in st.log[shown:]:
                line = g.narrate(e)
                if line is not None:
                    out.print(line, markup=False)
        shown = len(st.log)

    show(state)
    started = time.monotonic()
    begun = None
    try:
        begun = start_agents(state, agents, clock)  # an external bot's process starts here
        show(state)
        # on the console the play-by-play goes to, so that its lines print above the live bar
        with _progress(None, f"{g.id}: P1 {p1} vs P2 {p2}", err if quiet else out) as bar:
            n = 0
            while state.decision is not None:
                choose_step(state, agents, clocks, thinking, details)
                n += 1
                rate = n / max(1e-6, time.monotonic() - started)
                bar(completed=n, rate=f"turn {getattr(state, 'turn', '?')} · {rate:.0f}/s")
                show(state)
    except EngineFailure as e:
        _engine_failure(e, state, specs, replay)
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        raise typer.Exit(130) from None
    finally:
        if begun is not None:
            end_agents(state, agents, begun)
    r = state.result
    assert r is not None
    from .arena.runner import seat_statuses

    statuses, faults = seat_statuses(state)  # OK, or how a seat forfeited: ERROR, TIMEOUT, INVALID
    if as_json:
        _json({"game": g.id, "seed": seed, "players": specs, "decks": [d.name for d in decks_],
               "result": r.to_dict(), "words": result_words(guide, r.winner, r.reason, r.turns, state.log),
               "statuses": statuses, "faults": faults,
               "thinking": [t.to_dict() for t in thinking], "replay": str(replay) if replay else None})
    elif quiet:
        winner = "" if r.winner is None else f" ({shown_as[r.winner]})"
        out.print(result_words(guide, r.winner, r.reason, r.turns, state.log).replace(" wins:", f"{winner} wins:", 1),
                  markup=False)
    if not as_json:
        for i, (status, why) in enumerate(zip(statuses, faults, strict=True)):
            if status != "OK":
                out.print(f"P{i + 1} ({shown_as[i]}) lost as {status}: {why}", markup=False)
    if begun is not None and begun[1].reason:  # a bot that failed to start
        details.insert(0, begun[1].reason)
    for full in details:
        err.print(f"the fault in full (with the bot's own output, kept out of the public log): {full}", markup=False)
    if not logs and any(st != "OK" and _is_bot(agents[i]) for i, st in enumerate(statuses)):
        err.print(BOT_LOG_HINT, markup=False)
    if not quiet:
        out.print("thinking: " + "; ".join(
            f"P{i + 1} {t.seconds:.2f} s over {t.decisions} decision(s), the longest {t.longest:.3f} s"
            for i, t in enumerate(thinking)), markup=False)
    if replay is not None:
        saved = _save_replay(replay_record(state, specs, __version__), replay)
        if not as_json:
            out.print(f"replay saved to {saved}", markup=False)
    if logs and not as_json:
        out.print("bot transcript(s): " + ", ".join(map(str, logs)), markup=False, soft_wrap=True)


BOT_LOG_HINT = ("to see every line the bot was sent and wrote, and its whole stderr, play again with "
                "--bot-log DIR (docs/protocol.md, \"Debugging a bot\")")


def _is_bot(agent: Agent) -> bool:
    from .agents.external import ExternalAgent

    return isinstance(agent, ExternalAgent)


def _bot_logs(folder: Path | None, agents: dict[int, Agent]) -> list[Path]:
    """`--bot-log FOLDER`: each external bot's transcript goes to FOLDER/p<seat>.jsonl, written afresh."""
    from .agents.external import ExternalAgent, transcripts_in

    if folder is None:
        return []
    bots = {i: a for i, a in agents.items() if isinstance(a, ExternalAgent)}
    if not bots:
        err.print("note: --bot-log: no player is an external bot (cmd: or bot:), so no transcript is written",
                  markup=False)
        return []
    try:
        return transcripts_in(folder, bots)
    except ValueError as e:
        fail(f"--bot-log {e}")


def _check_output(path: Path | None, option: str) -> None:
    """Refuse, before any game is played, a file that could not be written at its end."""
    if path is not None and (problem := output_problem(path)) is not None:
        fail(f"{option} {path}: cannot write there: {problem}")


def _save_replay(record: dict[str, Any], path: Path) -> Path:
    """Save a replay; if `path` has become unwritable since it was checked, keep the game in a
    temporary file rather than lose it, and say where."""
    try:
        save_replay(record, path)
        return path
    except OSError as e:
        import tempfile

        with tempfile.NamedTemporaryFile("w", prefix="cardarena-replay-", suffix=".json", delete=False,
                                         encoding="utf-8") as f:
            json.dump(record, f, indent=1)
        err.print(f"cannot write {path} ({e}); the replay is saved to {f.name} instead", markup=False)
        return Path(f.name)


def _guide_or_none(g: Ruleset) -> Any:
    try:
        return load_guide(g)
    except GuideError:
        return None


# -- replays ---------------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A replay file saved by `match --replay` or `play --replay`.")],
    verify_: Annotated[bool, typer.Option("--verify", help="Only check that it re-runs to the identical log.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Step through it one decision at a time (Enter, b, q).")] = False,
    as_seat: Annotated[str, typer.Option("--as", help="With --step: show the board as 1, 2 or spectator.")] = "spectator",
) -> None:
    """Re-run a saved game and print its play-by-play; report a replay that diverges or stops early.

    Example: cardarena replay game.json --verify
    """
    from .terminal import replays

    state: State | None = None
    try:
        data = replays.read(file)
        g = replay_game(data)
        if step:
            from .terminal.stepper import step_through

            seat = {"1": 0, "2": 1, "spectator": None, "s": None}.get(as_seat.lower(), -1)
            if seat == -1:
                fail("--as must be 1, 2 or spectator")
            step_through(g, data, file, seat, out, _read_line)
            return
        state = replays.start(data, file)
        replays.advance(state, data, len(data["choices"]), file)
    except CardArenaError as e:
        fail(str(e), 1)
    except EngineFailure as e:
        if state is None:
            err.print(f"engine error: {e} while setting up {file} (game {data.get('game')}, seed "
                      f"{data.get('seed')}); this is a bug in cardarena, and the file reproduces it.", markup=False)
        else:
            err.print(engine_report(e, state, file), markup=False)
        raise typer.Exit(3) from None
    assert state is not None
    problem = replays.compare(state, data, file)
    if not verify_:
        agents = data.get("agents") or ["?", "?"]
        names = [str(d.get("name", "?")) for d in data["decks"]]
        out.print(f"{g.name} · " + " vs ".join(f"P{i + 1}: {a} ({n})" for i, (a, n) in enumerate(zip(agents, names,
                                                                                                  strict=False)))
                  + f" · seed {data['seed']}", style="bold", markup=False)
        _cards_line(g)
        for ev in state.log:
            line = g.narrate(ev)
            if line is not None:
                out.print(line, markup=False)
    if problem is not None:
        err.print(problem, markup=False)
        raise typer.Exit(1)
    if verify_:
        with_cards = f", with the card files it records ({g.card_files.label})" if g.card_files is not None else ""
        out.print(f"{file}: OK — {len(data['choices'])} choices re-run to the identical log "
                  f"({len(data.get('log', []))} events) and result {data.get('result')}{with_cards}", markup=False)


# -- playing -------------------------------------------------------------------------------------------
@app.command("play")
def play_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    deck: Annotated[str | None, typer.Option(help="Your deck: a starter name or a file.")] = None,
    opponent: Annotated[str, typer.Option(help="The automaton: AGENT[:key=value...][:DECK].")] = "ismcts:iters=200",
    seat: Annotated[int, typer.Option(help="Your seat, 1 or 2.", min=1, max=2)] = 1,
    seed: Annotated[int | None, typer.Option(
        help="Game seed, to play a deal again (default: a secret one, told when the game ends).")] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Rule variant NAME=VALUE (repeatable).")] = None,
    replay: Annotated[Path | None, typer.Option(help="Save the game as a replay file here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="End with the result as JSON.")] = False,
    fmt: Annotated[str | None, typer.Option("--format", help="Game format, e.g. circuits squad.")] = None,
    bot_log: Annotated[Path | None, typer.Option(
        "--bot-log", help="Folder for each external bot's transcript, p1.jsonl / p2.jsonl: every line it was "
        "sent and answered, with times, and its stderr (docs/protocol.md).")] = None,
    cards_: CardsOpt = None,
) -> None:
    """Play a game against an automaton in the terminal.

    Pick options by number; `i NAME` inspects a card or ability, `?` the rules, `? TERM` one term of them.

    `d` lists every discard pile, `b` shows the board again, `q` concedes.

    `u` undoes your last choice, unless something hidden was shown since (a card, a random outcome, a bot move).

    Example: cardarena play aliens --deck mind_storm --opponent random --replay mine.json
    """
    from .terminal.play import PlaySession

    g = _game(game, cards_)
    _cards_line(g)
    _check_output(replay, "--replay")
    try:
        rules_ = parse_rules(g, rule)
        agent_spec, opp_deck = split_player(opponent)
        chosen = seed is not None
        # a secret seed: one the person knew would, with both decks, deal them the automaton's cards
        seed = seed if seed is not None else secret_seed()
        bot = make_agent(agent_spec, seed=seed)
        me = seat - 1
        given = [None if d is None else resolve_deck(g, d) for d in (deck, opp_deck)]
        mine, theirs = _fill_decks(g, given, fmt, seed)  # yours first, whatever your seat
        if fmt is not None:  # a deck of another format is refused with its reason
            mine, theirs = g.resolve_deck(mine, fmt), g.resolve_deck(theirs, fmt)
    except (CardArenaError, ValueError) as e:
        fail(str(e), exit_code(e))
    decks_ = [mine, theirs] if me == 0 else [theirs, mine]
    names = ["you", opponent] if me == 0 else [opponent, "you"]
    logs = _bot_logs(bot_log, {1 - me: bot})
    session = PlaySession(g, decks_, seed, rules_, me, bot, names, out, _read_line, _guide_or_none(g), __version__,
                          seed_shown=chosen)
    out.print(session.header(), style="bold", markup=False)
    out.print("Type a number to choose; `i NAME` inspects, `?` rules (`? TERM` one term), `d` discard piles, "
              "`b` board, `u` undo, `q` concede.", markup=False)
    try:
        res = session.run()
    except EngineFailure as e:
        _engine_failure(e, session.state, names, replay)
    except KeyboardInterrupt:
        err.print("\ninterrupted — the game is abandoned", markup=False)
        if replay is not None:  # what was played is kept: `cardarena replay` shows it up to here
            saved = _save_replay(replay_record(session.state, names, __version__), replay)
            err.print(f"the unfinished game is saved to {saved}", markup=False)
        raise typer.Exit(130) from None
    r = res.state.result
    assert r is not None
    out.print("\n" + session.result_line(res), style="bold", markup=False)
    if not chosen:
        out.print(f"the seed was {seed}: `--seed {seed}` deals this game again", markup=False)
    if replay is not None:
        out.print(f"replay saved to {_save_replay(res.record, replay)}", markup=False)
    if logs:
        out.print("bot transcript: " + ", ".join(map(str, logs)), markup=False, soft_wrap=True)
    elif _is_bot(bot) and any(e["type"] == "forfeit" and e.get("player") == 1 - me for e in res.state.log):
        out.print(BOT_LOG_HINT, markup=False)  # its full reason may name its cards: not shown to you here
    if as_json:
        _json({"game": g.id, "seed": seed, "seat": seat, "result": r.to_dict(), "conceded": res.conceded})


def _read_line(prompt: str) -> str:
    """One line from the person; the end of input (Ctrl-D) concedes at once (`q!`: `q` asks first)."""
    try:
        return input(prompt)
    except EOFError:
        out.print()
        return "q!"


# -- testing the engine ------------------------------------------------------------------------------
@app.command()
def fuzz(
    game: Annotated[str, typer.Argument(help="Game id.")],
    seed: Annotated[int, typer.Option(help="First seed.")] = 0,
    games_: Annotated[int, typer.Option("--games", help="How many seeded games.", min=1)] = 1,
    cards_: CardsOpt = None,
) -> None:
    """Play random games checking every engine invariant at each decision (reproduces fuzz failures).

    With --cards, the random decks are drawn from the pool with those cards (a designer's check).

    Example: cardarena fuzz circuits --seed 0 --games 2
    """
    from .sim.fuzz import FuzzFailure, FuzzStats, fuzz_game

    g = _game(game, cards_)
    _cards_line(g)
    stats = FuzzStats()
    started = time.monotonic()
    try:
        with _progress(games_, f"fuzz {game}", err) as bar:
            for s in range(seed, seed + games_):
                fuzz_game(game, s, stats, cards=g.card_files)
                rate = stats.games / max(1e-6, time.monotonic() - started)
                bar(completed=stats.games, rate=f"{rate:.1f} games/s")
    except FuzzFailure as e:
        err.print(str(e), markup=False)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        err.print(f"interrupted after {stats.games} game(s)", markup=False)
        raise typer.Exit(130) from None
    out.print(f"{stats.games} game(s), {stats.decisions} decisions, every invariant held; "
              f"endings: {dict(stats.reasons)}", markup=False)


@app.command()
def version() -> None:
    """Print the engine version."""
    out.print(__version__)


app.add_typer(__import__("cardarena.arena.cli", fromlist=["app"]).app)  # `contest ...`: arena/cli.py
app.command("serve")(__import__("cardarena.web.cli", fromlist=["serve"]).serve)  # the web arena: web/cli.py


def _unwrap_help(t: typer.Typer) -> None:
    """Each help paragraph as one line for `--help` to wrap: this typer keeps a docstring's line breaks
    after the first paragraph, so an 80-column help broke lines half-way ("an external bot" alone)."""
    import inspect

    for c in t.registered_commands:
        doc = inspect.cleandoc(c.help or (c.callback.__doc__ if c.callback is not None else None) or "")
        if doc:
            c.help = "\n\n".join(" ".join(p.split()) for p in doc.split("\n\n"))
    for g in t.registered_groups:
        if g.typer_instance is not None:
            _unwrap_help(g.typer_instance)


_unwrap_help(app)


def main() -> None:
    try:
        app(prog_name="cardarena")  # the same name under `python -m cardarena`
    except CardArenaError as e:
        err.print(f"error: {e}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("interrupted", markup=False)
        sys.exit(130)
    except Exception as e:  # a bug outside the engine: one paragraph, the traceback only on request
        import os

        if os.environ.get("CARDARENA_DEBUG"):
            raise
        err.print(f"internal error: {type(e).__name__}: {e} — a bug in cardarena; run again with "
                  f"CARDARENA_DEBUG=1 for the details.", markup=False)
        sys.exit(3)


__all__ = ["app", "main", "resolve_deck", "split_player"]

if __name__ == "__main__":
    main()
