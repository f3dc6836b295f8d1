"""The `cardarena` command: games, cards, validate, match, replay, play."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from . import __version__
from .agents import make_agent
from .agents.base import Agent
from .core.decks import Deck, load_deck
from .core.engine import State
from .core.errors import CardArenaError
from .core.match import play, replay_record
from .core.registry import list_games, load_game
from .core.replay import load_replay, rerun, save_replay, verify
from .core.ruleset import Ruleset

app = typer.Typer(
    help="cardarena: card games played by their complete rules, automatons that play them, and an arena.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def fail(msg: str, code: int = 2) -> None:
    err.print(f"[red]error:[/red] {msg}", markup=True, soft_wrap=True)
    raise typer.Exit(code)


def _game(game_id: str) -> Ruleset:
    try:
        return load_game(game_id)
    except CardArenaError as e:
        fail(str(e))
        raise


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False) -> None:
    """List the games and their formats."""
    infos = [g.describe() for g in list_games()]
    if as_json:
        print(json.dumps(infos, indent=1))
        return
    t = Table("id", "name", "formats", "summary", show_lines=True)
    for i in infos:
        t.add_row(i["id"], i["name"], ", ".join(i["formats"]), i["summary"])
    out.print(t)


@app.command()
def cards(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    name: Annotated[str | None, typer.Argument(help="A card name: show all its fields and text.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List a game's card pool, or inspect one card."""
    g = _game(game)
    if name is not None:
        try:
            info = g.card_info(name)
        except KeyError:
            from .core.cards import unknown_card_message

            fail(unknown_card_message(name, g.card_names()))
        if as_json:
            print(json.dumps(info, indent=1))
        else:
            _print_card(info)
        return
    infos = [g.card_info(n) for n in g.card_names()]
    if as_json:
        print(json.dumps(infos, indent=1))
        return
    t = Table("name", "kind", "type", "species", "cost", "affinity", "stats", "text")
    for i in infos:
        stats = f"{i['hp']} HP" if "hp" in i else (f"{i['damage']} dmg" if i.get("damage") else "")
        text = i.get("text") or i.get("ability", {}).get("text", "")
        if "ability" in i:
            text = f"{i['ability']['name']} ({i['ability']['kind']}): {i['ability']['text']}"
        t.add_row(i["name"], i["kind"], str(i.get("subtype", "")), str(i.get("species", "")),
                  str(i.get("cost", "")), str(i.get("affinity") or ""), stats, text)
    out.print(t)
    out.print(f"{len(infos)} cards")


def _print_card(info: dict[str, Any], indent: str = "") -> None:
    for k, v in info.items():
        if isinstance(v, dict):
            out.print(f"{indent}[bold]{k}[/bold]:")
            _print_card(v, indent + "  ")
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            out.print(f"{indent}[bold]{k}[/bold]:")
            for x in v:
                out.print(f"{indent}  - " + ", ".join(f"{a}={b}" for a, b in x.items() if b not in (None, 0, "")))
        else:
            out.print(f"{indent}[bold]{k}[/bold]: {v}")


@app.command()
def decks(game: Annotated[str, typer.Argument(help="Game id.")]) -> None:
    """List a game's starter decks (usable by name wherever a deck is asked for)."""
    g = _game(game)
    t = Table("starter", "name", g.leader_key, "cards")
    for key, d in g.starter_decks().items():
        t.add_row(key, d.name, ", ".join(d.leaders.get(g.leader_key, [])), str(d.size))
    out.print(t)


@app.command()
def validate(
    deck: Annotated[Path, typer.Argument(help="A deck file (TOML).")],
    fmt: Annotated[str | None, typer.Option("--format", help="Check against this format instead of the deck's.")] = None,
) -> None:
    """Check a deck file; exit 1 listing every reason it is not legal."""
    try:
        d = load_deck(deck)
        g = load_game(d.game)
    except CardArenaError as e:
        err.print(str(e))
        raise typer.Exit(1) from None
    problems = g.check_deck(d, fmt)
    if problems:
        err.print(f"{deck}: deck is not legal ({len(problems)} problem(s)):")
        for p in problems:
            err.print(f"  - {p}", markup=False)
        raise typer.Exit(1)
    out.print(f"{deck}: legal {d.game} deck '{d.name}' ({d.size} cards, format {fmt or d.format or g.default_format})")


def split_player(spec: str) -> tuple[str, str | None]:
    """`AGENT[:params][:DECK]`: parts with '=' are agent parameters, the part without is the deck
    (an external bot's quoted command stays whole: `cmd:"python3 bot.py":DECK`)."""
    from .agents import split_player_spec

    return split_player_spec(spec)


def _setup_players(g: Ruleset, specs: list[str], seed: int) -> tuple[list[Agent], list[Deck | str], list[str]]:
    agents: list[Agent] = []
    decks_: list[Deck | str] = []
    starters = sorted(g.starter_decks())
    for i, spec in enumerate(specs):
        try:
            agent_spec, deck = split_player(spec)
            agents.append(make_agent(agent_spec, seed=seed * 2 + i))
        except ValueError as e:
            fail(f"--p{i + 1}: {e}")
        if deck is None:
            deck = starters[i % len(starters)]
        decks_.append(g.resolve_deck(deck))
    return agents, decks_, specs


@app.command()
def match(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    p1: Annotated[str, typer.Option(help="Player 1: AGENT[:key=value...][:DECK], DECK a starter name or a file.")] = "ismcts",
    p2: Annotated[str, typer.Option(help="Player 2, same form as --p1.")] = "random",
    seed: Annotated[int, typer.Option(help="Game seed: same decks, seed and choices = same game.")] = 1,
    replay: Annotated[Path | None, typer.Option(help="Save a replay file here.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    rule: Annotated[list[str] | None, typer.Option(help="Rule variant NAME=VALUE (repeatable).")] = None,
) -> None:
    """Play one automaton match with a readable play-by-play.

    Agents: random, ismcts (e.g. ismcts:iters=400 or ismcts:ms=250). Example:
    cardarena match aliens --p1 ismcts:iters=200:solar-swarm --p2 random --seed 7 --replay game.json
    """
    g = _game(game)
    try:
        rules = _parse_rules(rule)
        agents, decks_, specs = _setup_players(g, [p1, p2], seed)
        state = g.new_game(decks=decks_, seed=seed, rules=rules)
    except (CardArenaError, ValueError) as e:
        fail(str(e))
        raise
    shown = 0

    def show(st: State, _seat: int) -> None:
        nonlocal shown
        if quiet:
            return
        for e in st.log[shown:]:
            line = g.narrate(e)
            if line is not None:
                out.print(line, markup=False)
        shown = len(st.log)

    show(state, 0)
    play(state, agents, show)
    show(state, 0)
    r = state.result
    assert r is not None
    if quiet:
        out.print(f"P{r.winner + 1 if r.winner is not None else '?'} ({specs[r.winner or 0]}) wins by {r.reason} "
                  f"after {r.turns} turns")
    if replay is not None:
        save_replay(replay_record(state, specs, __version__), replay)
        out.print(f"replay saved to {replay}")


def _parse_rules(rule: list[str] | None) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for r in rule or []:
        k, eq, v = r.partition("=")
        if not eq:
            raise ValueError(f"--rule {r!r} must be NAME=VALUE")
        rules[k.strip()] = int(v) if v.strip().lstrip("-").isdigit() else v.strip()
    return rules


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A replay file saved by `match --replay`.")],
    verify_: Annotated[bool, typer.Option("--verify", help="Re-run and report the first divergence.")] = False,
) -> None:
    """Step through a saved game, or verify that it re-runs to the identical log."""
    try:
        data = load_replay(file)
        g = load_game(data["game"])
        if verify_:
            d = verify(data)
            if d is not None:
                err.print(f"{file}: replay diverges — {d}", markup=False)
                raise typer.Exit(1)
            out.print(f"{file}: OK — {len(data['choices'])} choices re-run to the identical log "
                      f"({len(data.get('log', []))} events) and result {data.get('result')}")
            return
        state = rerun(data)
    except CardArenaError as e:
        fail(str(e), 1)
        raise
    for ev in state.log:
        line = g.narrate(ev)
        if line is not None:
            out.print(line, markup=False)


@app.command("play")
def play_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. aliens.")],
    deck: Annotated[str | None, typer.Option(help="Your deck: a starter name or a file.")] = None,
    opponent: Annotated[str, typer.Option(help="The automaton: AGENT[:key=value...][:DECK].")] = "ismcts:iters=200",
    seat: Annotated[int, typer.Option(help="Your seat, 1 or 2.", min=1, max=2)] = 1,
    seed: Annotated[int, typer.Option(help="Game seed.")] = 1,
) -> None:
    """Play a game against an automaton in the terminal: pick options by number, `i NAME` to inspect a card."""
    from .agents.human import TerminalHuman

    g = _game(game)
    try:
        starters = sorted(g.starter_decks())
        my_deck = g.resolve_deck(deck or starters[0])
        agent_spec, opp_deck = split_player(opponent)
        bot = make_agent(agent_spec, seed=seed)
        their = g.resolve_deck(opp_deck or starters[1])
    except (CardArenaError, ValueError) as e:
        fail(str(e))
        raise
    human = TerminalHuman(g, out, input_fn=_read_line)
    me = seat - 1
    agents: list[Agent] = [human, bot] if me == 0 else [bot, human]
    decks_ = [my_deck, their] if me == 0 else [their, my_deck]
    state = g.new_game(decks=decks_, seed=seed)
    human.seat = me
    human.after_decision(state, me)  # what happened before the first decision (set-up)
    play(state, agents, human.after_decision)
    human.after_decision(state, me)
    r = state.result
    assert r is not None
    out.print(f"\n[bold]{'You win' if r.winner == me else 'You lose'}[/bold] ({r.reason}, {r.turns} turns)")


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        raise typer.Exit(130) from None


@app.command()
def fuzz(
    game: Annotated[str, typer.Argument(help="Game id.")],
    seed: Annotated[int, typer.Option(help="First seed.")] = 0,
    games_: Annotated[int, typer.Option("--games", help="How many seeded games.")] = 1,
) -> None:
    """Play random games checking every engine invariant at each decision (reproduces fuzz failures)."""
    from .sim.fuzz import FuzzFailure, FuzzStats, fuzz_game

    _game(game)
    stats = FuzzStats()
    try:
        for s in range(seed, seed + games_):
            fuzz_game(game, s, stats)
    except FuzzFailure as e:
        err.print(str(e), markup=False)
        raise typer.Exit(1) from None
    out.print(f"{stats.games} game(s), {stats.decisions} decisions, every invariant held; "
              f"endings: {dict(stats.reasons)}")


@app.command()
def version() -> None:
    """Print the engine version."""
    out.print(__version__)


def main() -> None:
    try:
        app()
    except CardArenaError as e:
        err.print(f"error: {e}", markup=False)
        sys.exit(2)


if __name__ == "__main__":
    main()
