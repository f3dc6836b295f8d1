"""`cardarena contest ...`: create a contest, enter automatons, run it in parallel, follow it, report it.

The database is `--db URL`, else `$CARDARENA_DB`, else a SQLite file in the data folder (store.py).
SQLAlchemy loads only when a contest command runs, so the rest of the CLI starts as fast as before.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..core.errors import CardArenaError

if TYPE_CHECKING:
    from .runner import GameOutcome
    from .store import Store

app = typer.Typer(
    name="contest",
    help="Contests between automatons: round robin or Swiss, stored games and replays, ratings.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)
_db: dict[str, str | None] = {"url": None}


@app.callback()
def _options(
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: $CARDARENA_DB, else a SQLite "
                                                         "file in the data folder).")] = None,
) -> None:
    _db["url"] = db


def _fail(msg: str, code: int = 2) -> None:
    # the message may quote what a user typed (a name, a deck's [table]): never read as markup
    err.print(f"[red]error:[/red] {escape(msg)}", markup=True, soft_wrap=True, highlight=False)
    raise typer.Exit(code)


def _store(create: bool = False) -> Store:
    """The contests' database; only `new` (create) may make a SQLite file that is not there yet."""
    from .store import Store

    try:
        return Store(_db["url"], must_exist=not create)
    except CardArenaError as e:
        _fail(str(e))
        raise


def _rules(items: list[str] | None) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for r in items or []:
        k, eq, v = r.partition("=")
        if not eq:
            _fail(f"--rule {r!r} must be NAME=VALUE")
        rules[k.strip()] = v.strip()
    return rules


@app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The contest's name (unique in the database).")],
    game: Annotated[str, typer.Option(help="Game id, e.g. aliens.")],
    entry: Annotated[list[str], typer.Option(help="AGENT:DECK, repeatable: an agent spec (random, ismcts:iters=200, "
                                                  "...) and a starter name or deck file.")],
    fmt: Annotated[str, typer.Option("--format", help="round-robin or swiss.")] = "round-robin",
    games_per_pairing: Annotated[int, typer.Option(help="Games each pairing plays (even: seeds are mirrored).")] = 2,
    rounds: Annotated[int | None, typer.Option(help="Swiss rounds (default: ceil(log2 entries)).")] = None,
    seed: Annotated[int | None, typer.Option(help="Contest seed (default: derived from the name).")] = None,
    game_format: Annotated[str | None, typer.Option(help="The game's format (default: the game's own).")] = None,
    rule: Annotated[list[str] | None, typer.Option(help="Rule variant NAME=VALUE (repeatable).")] = None,
    time_control: Annotated[str | None, typer.Option(
        "--time-control", help="Clocks of every seat of every game: PER_DECISION+BANK[+STARTUP] seconds, e.g. 2+30; "
                               "a seat over both loses as TIMEOUT (default: none; external bots keep their own "
                               "limits).")] = None,
    cards: Annotated[list[Path] | None, typer.Option(
        "--cards", help="A card file: its \\[\\[cards]] replace the game's cards of the same id and add new ones "
                        "(repeatable; docs/cards.md). Stored with the contest: every game, resumed anywhere, "
                        "plays these cards.")] = None,
) -> None:
    """Create a contest. Every entry's agent and deck are checked first; any problem refuses them all."""
    from ..core.cardfiles import CardFiles
    from ..core.match import TimeControl
    from .contest import create_contest, expected_games_now

    try:
        files = CardFiles.read(cards or [])
    except CardArenaError as e:
        _fail(str(e))
    clocks = None
    if time_control is not None:
        try:
            clocks = TimeControl.parse(time_control)
        except ValueError as e:
            _fail(str(e))
    store = _store(create=True)
    try:
        create_contest(store, name, game, entry, fmt, games_per_pairing, rounds, seed, game_format, _rules(rule),
                       clocks, cards=files)
        name = name.strip()  # as stored
        with store.session() as s:
            n, played_rounds, total = expected_games_now(s, name)
    except CardArenaError as e:
        _fail(str(e))
    more = "" if n >= 2 else "; it needs at least 2 entries (cardarena contest enter)"
    swiss = ""
    if fmt == "swiss" and n >= 2:
        swiss = f"{played_rounds} round{'s' if played_rounds != 1 else ''}" + (
            f" (not {rounds}: at most entries - 1)" if rounds and rounds > played_rounds else "") + ", "
    out.print(f"contest {name!r}: {n} entr{'y' if n == 1 else 'ies'}, {swiss}{total} games to play, "
              f"{clock_text(clocks.to_dict() if clocks else None)}"
              f"{'' if files is None else ', with the card files ' + files.label}{more}; "
              f"run it with `cardarena contest run {shlex.quote(name)}`", markup=False, soft_wrap=True)


@app.command("enter")
def enter_cmd(
    name: Annotated[str, typer.Argument(help="The contest.")],
    entry: Annotated[list[str], typer.Option(help="AGENT:DECK, repeatable.")],
) -> None:
    """Add entries to a contest that has not started yet."""
    from .contest import enter

    try:
        labels = enter(_store(), name, entry)
    except CardArenaError as e:
        _fail(str(e))
    for label in labels:
        out.print(f"entered: {label}", markup=False)


@app.command("withdraw")
def withdraw_cmd(
    name: Annotated[str, typer.Argument(help="The contest.")],
    entry: Annotated[str, typer.Argument(help="The entry: its number (2 or #2, as `contest status` lists them) "
                                              "or its label.")],
) -> None:
    """Take an entry out of a contest (the opposite of `enter`).

    Before the contest starts the entry is removed, as if it had never entered. Once the contest has
    started it is withdrawn: the games it played stay and count, for it and for its opponents; its
    games not played yet are not played and no one scores them, except a Swiss round already paired,
    which it finishes; it is paired in no later Swiss round; `status` and `report` mark it withdrawn.
    Works while `contest run` plays the contest, in this process or another: the run picks it up.
    """
    from .contest import withdraw

    try:
        done = withdraw(_store(), name, entry)
    except CardArenaError as e:
        _fail(str(e))
    who = f"entry #{done.number} {done.label}"
    if done.removed:
        out.print(f"removed {who} from contest {name.strip()!r} (it had not started)", markup=False, soft_wrap=True)
        return
    played = f"the {done.played} game(s) it played stay in the record" if done.played else "it had played no game"
    end = (f"; no game is left to play: the contest is finished (`cardarena contest report {shlex.quote(name.strip())}`)"
           if done.finished else "")
    paired = (f"it is paired in no later round, and finishes the {done.finishing} game(s) of the round already "
              "paired; " if done.finishing else "it is paired in no later round; ") if done.swiss else ""
    out.print(f"withdrew {who} from contest {name.strip()!r}: {paired}{done.cancelled} game(s) it had still to play "
              f"will not be played; {played}{end}", markup=False, soft_wrap=True)


@app.command("rename")
def rename_cmd(
    name: Annotated[str, typer.Argument(help="The contest's name now.")],
    new_name: Annotated[str, typer.Argument(help="Its new name (unique in the database).")],
) -> None:
    """Rename a contest.

    The new name is checked as `contest new` checks a name, and may not be taken. The contest keeps its
    seed, so its games stay the same. Refused while a run plays the contest.
    """
    from .contest import rename_contest

    try:
        stored = rename_contest(_store(), name, new_name)
    except CardArenaError as e:
        _fail(str(e))
    out.print(f"contest {name.strip()!r} is now {stored!r}", markup=False, soft_wrap=True)


def _removed_text(entries: int, games: dict[str, int]) -> str:
    """What deleting a contest removes, e.g. `3 entries and 12 game(s) (10 played) with their replays and ratings`."""
    total = sum(n for status, n in games.items() if status != "bye")  # a bye is no game
    return (f"{entries} entr{'y' if entries == 1 else 'ies'} and {total} game(s) ({games.get('finished', 0)} played) "
            "with their replays and ratings")


@app.command("delete")
def delete_cmd(
    name: Annotated[str, typer.Argument(help="The contest.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking for confirmation.")] = False,
) -> None:
    """Delete a contest with its entries, games, replays and ratings (nothing of any other contest).

    Asks for confirmation first, unless --yes; it cannot be undone. Refused while a run plays the
    contest (a run that was stopped, even killed, does not hold it).
    """
    from .contest import being_run, delete_contest
    from .report import contest_status

    store = _store()
    try:
        with store.session() as s:
            st = contest_status(s, name)
    except CardArenaError as e:
        _fail(str(e))
    if st["playing"]:  # said before asking; delete_contest refuses it anyway
        _fail(being_run(st["name"]))
    if not yes:
        g = st["games"]
        games = {"finished": g["finished"], "error": g["errors"], "scheduled": g["scheduled"],
                 "withdrawn": g["withdrawn"]}
        try:
            sure = typer.confirm(f"Delete contest {st['name']!r} ({st['game']}, {st['status']}): "
                                 f"{_removed_text(len(st['entries']), games)}? It cannot be undone.", default=False)
        except typer.Abort:  # no answer (no terminal, end of input)
            sure = False
        if not sure:
            err.print("nothing was deleted (--yes deletes without asking)", markup=False)
            raise typer.Exit(1)
    try:
        removed = delete_contest(store, name)
    except CardArenaError as e:
        _fail(str(e))
    out.print(f"deleted contest {removed.name!r}: {_removed_text(removed.entries, removed.games)}", markup=False,
              soft_wrap=True)


@app.command("run")
def run(
    name: Annotated[str, typer.Argument(help="The contest.")],
    workers: Annotated[int | None, typer.Option(help="Processes playing games (default: one per CPU).", min=1)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    bot_log: Annotated[Path | None, typer.Option(
        "--bot-log", help="Folder for each external bot's transcript of each game, match-<id>-p<seat>.jsonl: "
        "what it was sent and answered, with times, and its stderr (docs/protocol.md).")] = None,
    retry_errors: Annotated[bool, typer.Option(
        "--retry-errors", help="First schedule again the games the engine failed (after fixing it), with "
        "their seeds.")] = False,
) -> None:
    """Play every game of the contest not yet stored; safe to run again after any interruption."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from .contest import get_contest, run_contest
    from .contest import retry_errors as reschedule

    store = _store()
    try:  # an unknown name is refused before a progress bar is drawn
        with store.session() as s:
            get_contest(s, name)
        if retry_errors:
            n = reschedule(store, name)
            err.print(f"{n} game(s) the engine failed scheduled again", markup=False)
    except CardArenaError as e:
        _fail(str(e))
    if bot_log is not None:
        from ..agents.external import transcript_folder

        try:
            transcript_folder(bot_log)
        except ValueError as e:
            _fail(f"--bot-log {e}")
    faults: dict[str, int] = {}
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TimeRemainingColumn(), console=err, disable=quiet, transient=False)
    bar = progress.add_task(name, total=None)

    def tick(done: int, total: int, outcome: GameOutcome | None) -> None:
        progress.start()  # drawn once there are games to play: not before an error, nor for a finished contest
        if outcome is not None:
            for st in outcome.statuses:
                if st != "OK":
                    faults[st] = faults.get(st, 0) + 1
        note = "" if not faults else " (faults: " + ", ".join(f"{k} {v}" for k, v in sorted(faults.items())) + ")"
        progress.update(bar, completed=done, total=total, description=f"{name}{note}")

    try:
        try:
            summary = run_contest(store, name, workers, tick,
                                  bot_log=None if bot_log is None else str(bot_log.resolve()))
        finally:
            if progress.live.is_started:
                progress.stop()
    except KeyboardInterrupt:
        err.print(f"interrupted; `cardarena contest run {shlex.quote(name)}` resumes where it stopped", markup=False)
        raise typer.Exit(130) from None
    except CardArenaError as e:
        _fail(str(e))
        raise
    state = "finished" if summary.finished else "not finished"
    extra = f", {summary.errors} engine error(s)" if summary.errors else ""
    out.print(f"contest {name!r}: {summary.played} game(s) played now, {summary.done}/{summary.total} stored, "
              f"{state}{extra}. `cardarena contest report {shlex.quote(name)}` shows the results.", markup=False,
              soft_wrap=True)
    if summary.errors:
        raise typer.Exit(1)


@app.command("status")
def status(
    name: Annotated[str | None, typer.Argument(help="A contest (default: list them all).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List the contests, or show where one stands."""
    from .report import contest_status, list_contests

    store = _store()
    try:
        with store.session() as s:
            data: Any = list_contests(s) if name is None else contest_status(s, name)
    except CardArenaError as e:
        _fail(str(e))
    if as_json:
        print(json.dumps(data, indent=1))
        return
    out = _wide()
    if name is None:
        t = Table("contest", "game", "format", "entries", "games", "status", title=f"contests in {escape(store.display_url)}")
        for c in data:
            games = f"{c['finished']}/{c['expected']}" if c["expected"] is not None else "-"
            t.add_row(escape(c["name"]), c["game"], c["format"], str(c["entries"]), games, c["status"])
        out.print(t)
        return
    g = data["games"]
    playing = ""
    if data["playing"]:
        playing = " (a run is playing it now)"
    elif data["status"] == "running":
        playing = f" (no run is playing it now: `cardarena contest run {escape(shlex.quote(data['name']))}` resumes it)"
    out.print(f"[bold]{escape(data['name'])}[/bold]: {data['game']} ({data['game_format']}), {data['format']}, "
              f"{data['games_per_pairing']} games per pairing{rules_text(data['game'], data['rules'])}, "
              f"{clock_text(data['time_control'])}, status {data['status']}{playing}")
    _cards_text(out, data["cards"])
    if g["expected"] is not None:
        rounds = f", round {data['round'] or 0} of {data['rounds']}"
        if data["status"] == "finished" and data["rounds"] and (data["round"] or 0) < data["rounds"]:
            # a Swiss contest pairs no more rounds once fewer than two entries play on (withdrawals)
            rounds = f", {data['round'] or 0} of {data['rounds']} rounds played (fewer than two entries left)"
        out.print(f"games: {g['finished']} finished, {g['errors']} engine errors, {g['scheduled']} scheduled, "
                  f"{g['expected']} in all{rounds}" + (f", {g['byes']} byes" if g["byes"] else "")
                  + (f", {g['withdrawn']} not played (withdrawn)" if g["withdrawn"] else ""))
    if data["faults"]:
        out.print("faults: " + ", ".join(f"{k} {v}" for k, v in sorted(data["faults"].items())))
    t = Table("#")
    for col in ("entry", "agent", "deck"):  # whole, folded when long: an entry is told by its label
        t.add_column(col, overflow="fold")
    for ent in data["entries"]:
        # labels, agents and deck names are what users typed: never read as markup
        t.add_row(str(ent["entry"]), escape(ent["label"]) + (" (withdrawn)" if ent["withdrawn"] else ""),
                  escape(ent["agent"]), escape(ent["deck"]))
    out.print(t)


def _cards_text(console: Console, cards: dict[str, Any] | None) -> None:
    """The contest's card files and what they change, e.g. `cards: whip.toml — changed: Flame Whip (sha256 ...)`."""
    if cards is not None:
        console.print(f"{cards['changes']} (sha256 {cards['sha256'][:12]})", markup=False, soft_wrap=True)


def rules_text(game: str, rules: dict[str, Any]) -> str:
    """The rules a contest changed from its game's defaults, e.g. `, rules hand_size=6` (else nothing)."""
    from ..core.registry import load_game

    defaults = load_game(game).rule_defaults
    changed = [f"{k}={v}" for k, v in rules.items() if k not in defaults or defaults[k] != v]
    return ", rules " + " ".join(changed) if changed else ""


def clock_text(tc: dict[str, float] | None) -> str:
    """A contest's time control in words."""
    if tc is None:
        return "no time control"
    return (f"time control {tc['per_decision']:g}+{tc['bank']:g} ({tc['per_decision']:g} s per decision, "
            f"{tc['bank']:g} s bank, {tc['startup']:g} s more for the first)")


def _thinking(th: dict[str, Any]) -> str:
    """An entry's mean seconds a decision and its longest decision, e.g. `0.012 (0.31)`."""
    if th.get("mean") is None:
        return "-"
    return f"{th['mean']:.3f} ({th['longest']:.2f})"


#: a bot's fresh working folder (agents/external.py), different in every game: one name for all in a summary
_BOT_FOLDER = re.compile(r"[^\s'\"]*cardarena-bot-[A-Za-z0-9_-]+")
#: what differs between games in one fault (the decision, its clock), left out so the games group
_PER_GAME = re.compile(r" \(\d+(?:\.\d+)? s for \w+ \d+\)|(?<=\bdecision) \d+")


def fault_summary(text: str | None) -> str:
    """One line for a fault: its reason and the last line of the bot's stderr (a traceback's first line
    says nothing; its last names the error), with the per-game bot folder made one name."""
    if not text:
        return ""
    head, sep, stderr = text.partition("; stderr: ")
    lines = head.strip().splitlines()
    why = lines[0] if lines else ""
    said = [x.strip() for x in stderr.splitlines() if x.strip()] if sep else []
    if said:
        why += f"; stderr ends: {said[-1]}"
    why = _PER_GAME.sub("", _BOT_FOLDER.sub("<bot folder>", why))
    return why if len(why) <= 300 else why[:299] + "…"  # long enough for the hint that ends a bot's fault


def _fault_groups(faults: list[dict[str, Any]]) -> dict[tuple[str, str, str], list[int]]:
    """Faults grouped by entry, status and their one-line summary (a bot's stderr can be long)."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for f in faults:
        groups.setdefault((f["entry"], f["status"], fault_summary(f["fault"])), []).append(f["match"])
    return groups


def _wide() -> Console:
    """The report's console: the terminal's width, or 160 columns when written to a file or a pipe."""
    return out if out.is_terminal else Console(highlight=False, width=160)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


@app.command("report")
def report(
    name: Annotated[str, typer.Argument(help="The contest.")],
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Also draw the scores, ratings and win matrix as a PNG picture at this path.")] = None,
) -> None:
    """Leaderboard, win matrix with 95% confidence intervals, ratings, faults (`--plot` draws them)."""
    from .report import contest_report

    store = _store()
    try:
        with store.session() as s:
            data = contest_report(s, name)
    except CardArenaError as e:
        _fail(str(e))
    if plot is not None:
        from .plots import write_plot

        try:
            write_plot(data, plot)
        except CardArenaError as e:
            _fail(str(e), code=1)
        err.print(f"wrote {plot}", highlight=False)
    if as_json:
        print(json.dumps(data, indent=1))
        return
    out = _wide()
    c, g = data["contest"], data["games"]
    out.print(f"[bold]{escape(c['name'])}[/bold]: {c['game']} ({c['game_format']}), {c['format']}, "
              f"{c['games_per_pairing']} games per pairing{rules_text(c['game'], c['rules'])}, seed {c['seed']}, "
              f"{clock_text(c['time_control'])}, "
              f"status {c['status']}" + (f", made by {escape(c['owner'])} on the web" if c["owner"] else ""))
    _cards_text(out, c["cards"])
    out.print(f"games: {g['finished']} finished of {g['expected'] if g['expected'] is not None else '?'}"
              + (f", {g['errors']} engine errors" if g["errors"] else "")
              + (f", {g['withdrawn']} not played (withdrawn)" if g["withdrawn"] else "")
              + ("; endings: " + ", ".join(f"{k} {v}" for k, v in sorted(g["reasons"].items())) if g["reasons"] else ""))
    swiss = c["format"] == "swiss"
    any_faults = any(r["faults"] for r in data["leaderboard"])
    t = Table(title="leaderboard")
    byes = swiss and any(r.get("byes") for r in data["leaderboard"])  # a bye scores a match point, no game
    for col in ("rank", "entry", *(("points", "Buchholz") if swiss else ()), *(("bye",) if byes else ()),
                "games", "W-D-L", "score",
                "95% CI", "rating μ±σ", "ordinal", "s/decision (longest)", *(("faults",) if any_faults else ())):
        t.add_column(col, no_wrap=col != "entry", overflow="fold")
    for r in data["leaderboard"]:
        rt = r["rating"]
        row = [str(r["rank"]), f"#{r['entry']} {escape(r['label'])}" + (" (withdrawn)" if r["withdrawn"] else ""),
               *((f"{r['match_points']:g}", f"{r['buchholz']:g}") if swiss else ()),
               *(("yes" if r.get("byes") else "-",) if byes else ()),
               str(r["games"]), f"{r['wins']}-{r['draws']}-{r['losses']}", _pct(r["rate"]),
               f"{_pct(r['ci95'][0])}–{_pct(r['ci95'][1])}",
               f"{rt['mu']:.1f}±{rt['sigma']:.1f}" if rt else "-", f"{rt['ordinal']:.1f}" if rt else "-",
               _thinking(r["thinking"])]
        if any_faults:
            row.append(", ".join(f"{k} {v}" for k, v in sorted(r["faults"].items())) or "-")
        t.add_row(*row)
    out.print(t)
    board = data["leaderboard"]
    m = Table("row vs column", *[f"#{r['entry']}" for r in board],
              title="win matrix: the row's score against the column [95% CI] over N games")
    for r, line in zip(board, data["matrix"]["cells"], strict=True):
        cells = ["" if x is None else f"{_pct(x['rate'])} [{_pct(x['ci95'][0])}–{_pct(x['ci95'][1])}] {x['games']}"
                 for x in line]
        m.add_row(f"#{r['entry']}", *cells)
    out.print(m)
    out.print(f"ratings: {data['rating_model']}, recomputed from the stored games in schedule order")
    if data["faults"]:
        out.print(f"faults ({len(data['faults'])} games lost by an automaton's fault; --json has each in full):")
        for (entry, status, why), ids in _fault_groups(data["faults"]).items():
            shown = ", ".join(str(i) for i in ids[:8]) + (", ..." if len(ids) > 8 else "")
            out.print(f"  {entry}: {status} x{len(ids)} (matches {shown}): {why}", markup=False)
    for bad in data["errors"][:10]:
        out.print(f"  engine error in match {bad['match']}: {' '.join(bad['error'])}", markup=False)
    if data["errors"]:
        out.print(f"  (a bug in cardarena, never a seat's loss: once it is fixed, `cardarena contest run "
                  f"{shlex.quote(c['name'])} --retry-errors` plays those games again)", markup=False)


@app.command("replay")
def replay(
    name: Annotated[str, typer.Argument(help="The contest.")],
    match_id: Annotated[int, typer.Argument(help="A match id (see `contest report --json`).")],
    to: Annotated[Path, typer.Option("--out", help="Where to save the replay file.")],
) -> None:
    """Save a stored game as a replay file (`cardarena replay FILE --verify` re-runs it)."""
    from .contest import match_replay

    try:
        with _store().session() as s:
            record = match_replay(s, name, match_id)
    except CardArenaError as e:
        _fail(str(e))
    from ..core.replay import save_replay

    save_replay(record, to)
    out.print(f"replay of match {match_id} saved to {to}", markup=False)
