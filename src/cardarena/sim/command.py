"""`cardarena sim` and `cardarena sim-report` (docs/balance/README.md). Mounted on the main app by
`cli.py`; heavy imports (pyarrow, matplotlib, ray) wait until a command runs."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from cardarena.core.errors import CardArenaError, exit_code

if TYPE_CHECKING:
    from rich.progress import Task as ProgressTask
    from rich.text import Text

    from .gates import GateResult
    from .rows import Row

app = typer.Typer(add_completion=False)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

_BOOLS = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False}


def parse_value(text: str) -> Any:
    t = text.strip()
    if t.lstrip("-").isdigit():
        return int(t)
    return _BOOLS.get(t.lower(), t)


def parse_rules(items: list[str] | None, what: str = "--rule") -> dict[str, Any]:
    """`["k=v", "a=1,b=2"]` -> `{"k": "v", "a": 1, "b": 2}`."""
    rules: dict[str, Any] = {}
    for item in items or []:
        for part in item.split(","):
            k, eq, v = part.partition("=")
            if not eq or not k.strip():
                raise ValueError(f"{what} {item!r} must be NAME=VALUE[,NAME=VALUE...]")
            rules[k.strip()] = parse_value(v)
    return rules


def _fail(msg: str, code: int = 2) -> None:
    err.print(f"[red]error:[/red] {escape(msg)}", soft_wrap=True)  # the message may quote a file's [table]
    raise typer.Exit(code)


@app.command("sim")
def sim(
    game: Annotated[str | None, typer.Argument(help="Game id (not needed with --resume).")] = None,
    p1: Annotated[str, typer.Option(help="Player 1: AGENT[:key=value...][:DECK].")] = "random",
    p2: Annotated[str, typer.Option(help="Player 2, same form as --p1.")] = "random",
    games: Annotated[int, typer.Option("--games", min=1, help="Games per deck pair and variant.")] = 100,
    seed: Annotated[int, typer.Option(
        help="First game seed: game j of the m-th deck pair plays seed S + m×games + j (the run prints its seeds; "
             "a run adding games to another starts after that run's last seed).")] = 0,
    rule: Annotated[list[str] | None, typer.Option(
        help="A rule parameter NAME=VALUE for every game (repeatable); `cardarena games --json` lists each "
             "game's, with its default and range (rule_ranges).")] = None,
    variant: Annotated[list[str] | None, typer.Option(
        help="An A/B variant NAME=VALUE[,NAME=VALUE] of those rule parameters, played on the same seeds and "
             "compared with the baseline (repeatable).")] = None,
    decks: Annotated[list[str] | None, typer.Option(
        "--decks", help="'all' (every starter) or decks (repeatable or comma-separated): every pair meets, "
                        "decks exchanged and seats swapped.")] = None,
    fmt: Annotated[str | None, typer.Option("--format", help="Game format (default: the game's).")] = None,
    backend: Annotated[str, typer.Option(help="processes (local) or ray.")] = "processes",
    workers: Annotated[int | None, typer.Option(min=1, help="Workers (default: one per core).")] = None,
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: a local Ray).")] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="Run directory (rows, report).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the run in --out without replaying a game.")] = False,
    gates: Annotated[Path | None, typer.Option(help="A gates TOML file: exit 1 if a gate is broken.")] = None,
    check: Annotated[str | None, typer.Option(
        help="Check every gate this way instead of its own: value, interval or plausible (broken only when "
             "the whole 95% interval lies outside: for small samples).")] = None,
    logs: Annotated[bool, typer.Option("--logs", help="Also save each game's replay (with its log) in OUT/logs.")] = False,
    card_file: Annotated[list[Path] | None, typer.Option(
        "--cards", help="A card file played in every game: its \\[\\[cards]] replace the game's cards of the same id "
                        "and add new ones (repeatable; docs/cards.md). Recorded in run.json.")] = None,
    no_cards: Annotated[bool, typer.Option(
        "--no-cards", help="Do not record the game log: about 10% faster, but no per-card statistics, event counts "
                           "or peaks (an event_share or peak_share gate cannot be measured).")] = False,
    report: Annotated[bool, typer.Option("--report/--no-report", help="Write the report at the end.")] = True,
) -> None:
    """Play many automaton games and report on them (balance lab).

    Example: cardarena sim circuits --p1 random --p2 random --games 200 --decks all --variant reserve_token=false
    """
    from cardarena.core.cardfiles import CardFiles

    from .backends import BACKENDS
    from .runner import Plan, a_run, load_plan, run

    if backend not in BACKENDS:
        _fail(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        _fail("--address is a Ray cluster's address: give it with --backend ray")
    try:
        files = CardFiles.read(card_file or [])
        if resume:
            if out_dir is None:
                _fail("--resume needs --out, the run directory to continue")
            assert out_dir is not None
            plan = load_plan(out_dir)
            if game is not None and game != plan.game:
                _fail(f"{out_dir} holds {a_run(plan.game)}, not {a_run(game)}: --resume continues the run stored "
                      "there (give another --out for a new run)")
            _same_cards(out_dir, plan.files(), files, bool(card_file))
            out.print(f"resuming the plan stored in {out_dir}/run.json (other plan options are ignored)")
        else:
            if game is None:
                _fail("give a game id (or --resume --out DIR)")
            assert game is not None
            deck_list = [d.strip() for item in decks or [] for d in item.split(",") if d.strip()]
            plan = Plan(game=game, players=[p1, p2], games=games, seed=seed, rules=parse_rules(rule),
                        variants=[parse_rules([v], "--variant") for v in variant or []], decks=deck_list,
                        fmt=fmt, cards=not no_cards, keep_log=logs,
                        card_files=None if files is None else files.to_dict())
            if out_dir is None:
                out_dir = Path("sim-runs") / f"{game}-{time.strftime('%Y%m%d-%H%M%S')}"
        from .runner import check_out, check_plan

        planned = check_plan(plan)  # card files, agents, decks and rules fail here, not in every worker
        total = len(planned)
        check_out(out_dir, resume)  # before the progress bar: a taken folder is said on its own
    except FileExistsError as e:
        _fail(str(e))
        raise
    except (ValueError, FileNotFoundError, KeyError, CardArenaError) as e:
        _fail(str(e), exit_code(e))
        raise
    assert out_dir is not None
    gate_file = _load_gates(gates, check)
    if gate_file is not None:  # a file for other games would judge none of these: say so before playing
        from cardarena.core.registry import load_game

        fmt_played = plan.fmt or load_game(plan.game).default_format
        if gate_file.game not in (None, plan.game) or gate_file.format not in (None, fmt_played):
            wanted = " ".join(x for x in (gate_file.game, gate_file.format and f"({gate_file.format})") if x)
            _fail(f"{gates} judges {wanted} games; this run plays {plan.game} ({fmt_played}): every gate would "
                  "be broken, measuring no game")
    from .runner import cores

    workers = workers or cores()
    seeds = sorted({t.seed for t in planned})  # a run adding games to this one starts after the last
    played = f"seeds {seeds[0]}–{seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}"
    out.print(f"{plan.game}: {total} game{'' if total == 1 else 's'} ({plan.games} per pair and variant, {played}) "
              f"on {backend} with {workers} "
              f"worker(s) -> {out_dir}")
    if plan.card_files is not None:
        out.print(plan.ruleset().cards_line(), markup=False, soft_wrap=True)
    _warn_clock(planned)
    try:
        stats = _run_with_progress(plan, out_dir, backend, workers, address, resume, run)
    except FileExistsError as e:
        _fail(str(e))
        raise
    except KeyboardInterrupt:  # Ctrl-C again while a stopped run waited for its running batches
        from .runner import done_tasks

        _stopped(len(done_tasks(out_dir)), total, out_dir)
    out.print(f"{stats.done}/{stats.total} games stored ({stats.done - stats.skipped} played now in "
              f"{stats.seconds:.1f} s, {stats.games_per_second:.1f} games/s)")
    if stats.faults:
        err.print(f"warning: {stats.faults} game(s) ended by an automaton's fault, not by the rules; the first:",
                  markup=False)
        for f in stats.fault_examples:
            line = " ".join(f.split())  # a bot's stderr tail, on one line
            err.print(f"  {line[:300]}{'…' if len(line) > 300 else ''}", markup=False)
    if stats.stopped:
        _stopped(stats.done, stats.total, out_dir)
    code = _report_and_gates([out_dir], out_dir / "report", gate_file, report)
    raise typer.Exit(code)


def _warn_clock(planned: list[Any]) -> None:
    """A player searching for a time (`ismcts:ms=N`) plays as far as the machine's speed and load let it:
    its rows do not reproduce from the seed, and variants or a --resume no longer replay the same games."""
    from cardarena.agents import make_agent

    for spec in sorted({a for t in planned for a in t.agents}):
        if getattr(make_agent(spec, seed=0), "ms", None) is not None:
            err.print(f"warning: {spec} decides by the clock: the same seed may give other games (another machine, "
                      "another load), so the rows do not reproduce and variants are not compared on the same "
                      "games; iters=N plays the same games every time", markup=False, soft_wrap=True)


def _same_cards(out_dir: Path, recorded: Any, given: Any, asked: bool) -> None:
    """`--resume` plays the card files recorded in run.json: a run is never finished with other cards.
    `--cards` given with it must hold the same texts."""
    if asked and given != recorded and (given is None or recorded is None or given.sha256 != recorded.sha256):
        had = "the package's cards" if recorded is None else f"the card files {recorded.short}"
        _fail(f"{out_dir} was played with {had}, not with {given.short}: a run is resumed with the cards it "
              "began with (drop --cards to use those recorded in its run.json, or give another --out for a new run)")
    if recorded is not None:
        out.print(f"cards: {recorded.short}, as recorded in {out_dir}/run.json", markup=False, soft_wrap=True)


def _stopped(kept: int, total: int, out_dir: Path) -> None:
    err.print(f"stopped: {kept} of {total} games kept in {out_dir} ({total - kept} not played); continue with "
              f"--resume --out {out_dir}", markup=False, soft_wrap=True)
    raise typer.Exit(130)


def _load_gates(path: Path | None, check: str | None = None) -> Any:
    if path is None:
        if check is not None:
            _fail("--check needs --gates")
        return None
    from .gates import GateFileError, load_gates

    try:
        gf = load_gates(path)
        return gf if check is None else gf.with_check(check)
    except GateFileError as e:
        _fail(str(e))
        raise


def _pace(task: ProgressTask) -> tuple[float, float]:
    """Games played in this session and their playing time: up to the last game stored (`played_for`,
    set by the run's progress callback). The bar keeps redrawing while a stopped run (Ctrl-C) waits for
    its running batches and while the pool or Ray shuts down, which is no playing time."""
    played = task.completed - task.fields.get("skipped", 0)
    elapsed = task.fields.get("played_for")
    if elapsed is None:
        elapsed = (task.finished_time if task.finished_time is not None else task.elapsed) or 0.0
    return played, elapsed


def speed_text(task: ProgressTask) -> str:
    """Games played in this session over their playing time (batches land in bursts: no sliding window)."""
    played, elapsed = _pace(task)
    return f"{played / elapsed:.1f} games/s" if played > 0 and elapsed > 0 else "- games/s"


def left_text(task: ProgressTask) -> str:
    """The time left at the speed shown. Rich's own column divides by the time between the last few
    updates: two batches landing together made 2,950 games 'left 0:00:01'. Nothing once stopped."""
    if task.fields.get("stopped") or task.total is None:
        return ""
    played, elapsed = _pace(task)
    if task.completed >= task.total:
        return "0:00:00"
    if played <= 0 or elapsed <= 0:
        return "-:--:--"
    seconds = int((task.total - task.completed) * elapsed / played)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _run_with_progress(plan: Any, out_dir: Path, backend: str, workers: int, address: str | None, resume: bool,
                       run: Any) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn
    from rich.text import Text

    class Speed(ProgressColumn):
        def render(self, task: ProgressTask) -> Text:
            return Text(speed_text(task))

    class Left(ProgressColumn):
        def render(self, task: ProgressTask) -> Text:
            return Text(left_text(task), style="progress.remaining")

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), Speed(),
                  Left(), console=out, transient=False) as bar:
        task = bar.add_task("games", total=None)
        started_at: float | None = None

        def progress(done: int, total: int) -> None:
            nonlocal started_at
            if started_at is None:  # the first call comes before any game: what a resumed run already holds
                bar.reset(task, total=total, completed=done, skipped=done)
                started_at = bar.get_time()
            bar.update(task, completed=done, played_for=bar.get_time() - started_at)

        def stopping() -> None:
            bar.update(task, description="stopping")
            bar.print("stopping: the running games finish and are kept (Ctrl-C again drops them)")

        stats = run(plan, out_dir, backend=backend, workers=workers, address=address, progress=progress,
                    resume=resume, stopping=stopping)
        if started_at is None:
            bar.update(task, total=stats.total, completed=stats.done)
        if stats.stopped:  # the bar's last line: no time left to wait for
            bar.update(task, stopped=True, description="stopped")
    return stats


def _report_and_gates(dirs: list[Path], report_dir: Path, gate_file: Any, report: bool = True) -> int:
    from .rows import RowsError, diverging_deals, read_rows, repeated_deals

    try:
        rows: list[Row] = read_rows(dirs)  # each Parquet file once, however it was named
    except RowsError as e:
        _fail(str(e), 1)
        raise
    if not rows:
        _fail(f"no rows in {', '.join(map(str, dirs))}")
    files, notes = _played_with(dirs, rows)
    differ = diverging_deals(rows)
    rows, twice = repeated_deals(rows)
    if differ:
        err.print(f"warning: {twice} game(s) are stored twice (same seed, decks, agents and rules in two runs), and "
                  f"{differ} of them ended otherwise the second time: those runs were not played with the same "
                  "cards or engine (a card changed between them?), or a player decides by the clock (ms=); each "
                  "game is counted once, from the first run: report each run on its own to compare them",
                  markup=False, soft_wrap=True)
    elif twice:
        err.print(f"warning: {twice} game(s) are stored twice (same seed, decks, agents and rules in two runs): "
                  f"each is counted once; a run adding games starts at --seed {max(r['seed'] for r in rows) + 1}, "
                  "after every seed stored (a run at a nearby seed replays most of these deals)",
                  markup=False, soft_wrap=True)
    results: list[GateResult] = []
    if gate_file is not None:
        from .gates import check_gates

        results = check_gates(gate_file, rows)
    if report:
        from .gates import gates_html
        from .report import print_summary, write_report

        page, stats = write_report(rows, report_dir, gates_html=gates_html(results) if results else "",
                                   cards=files, notes=notes, names=_agent_names(dirs))
        for note in notes:
            out.print(note, markup=False, soft_wrap=True)
        print_summary(stats, out)
        out.print(f"report: {page}", markup=False, soft_wrap=True)
        from .report import slug

        tables = [p.name for gs in stats for p in sorted(report_dir.glob(f"{slug(gs.name)}-*.csv"))]
        out.print(f"tables (CSV): {', '.join(tables)}", markup=False, soft_wrap=True)
    from .gates import failures

    fails = failures(results)
    known = sum(1 for r in results if not r.ok and r.gate.known_broken)
    for r in results:
        (err if not r.ok else out).print(r.line(), markup=False, soft_wrap=True)
    for line in fails:
        if line.startswith("HOLDS NOW"):
            err.print(line, markup=False, soft_wrap=True)
    if results:
        out.print(f"gates: {sum(r.ok for r in results)} ok, {len(fails)} broken"
                  + (f", {known} known broken" if known else ""))
    return 1 if fails else 0


def _played_with(dirs: list[Path], rows: list[Row]) -> tuple[Any, list[str]]:
    """The card files the rows were played with (from the run.json of the folders given) and the report's
    lines on what they change, `cards: whip.toml — changed: Flame Whip`. Rows played with different cards
    (a run before a card change and one after) are never one mixture: each card set becomes a variant of
    its own (`cards whip.toml (sha256 ...)`, after the variant's rules if any), compared with the first run given; the
    files are then given per row label."""
    labels = list(dict.fromkeys(r.get("card_file") or "" for r in rows))  # the first run's first
    if len(labels) == 1:
        files, notes = _files_for(dirs, rows, labels[0])
        return files, notes
    by_label: dict[str, Any] = {}
    notes = []
    for label in labels:
        by_label[label], said = _files_for(dirs, rows, label)
        notes.extend(said or ["cards: the package's cards, as printed"])
    for r in rows:
        if r.get("card_file"):
            shown = f"cards {r['card_file']}"
            r["variant"] = shown if r["variant"] == "printed rules" else f"{r['variant']}, {shown}"
    return by_label, notes


def _files_for(dirs: list[Path], rows: list[Row], label: str) -> tuple[Any, list[str]]:
    """The card files of one `card_file` label, found in the run.json of the folders given, and the line
    on what they change (nothing for the package's cards)."""
    from cardarena.core.registry import load_game

    from .runner import load_plan

    if not label:
        return None, []
    for d in dirs:
        run = run_folder(d)
        try:
            files = None if run is None else load_plan(run).files()
        except (OSError, ValueError, CardArenaError):
            files = None
        if files is not None and files.short == label:
            try:
                return files, [load_game(g, files).cards_line() for g in sorted({r["game"] for r in rows})]
            except CardArenaError as e:  # the package changed since: the files no longer load
                return None, [f"cards: {label} (they do not load now: {e})"]
    return None, [f"cards: {label} (their texts are in the run.json of the run that played them)"]


def _agent_names(dirs: list[Path]) -> dict[str, str]:
    """How the runs of the folders given named their agents when they started (run.json's `agent_names`):
    a bot manifest named by a relative path is not found from another folder later. A spec two runs
    named otherwise (the same relative path read from two folders) gets both names, `Ada/Bob`."""
    from .runner import load_plan

    found: dict[str, list[str]] = {}
    for d in dirs:
        run = run_folder(d)
        try:
            recorded = {} if run is None else load_plan(run).agent_names
        except (OSError, ValueError, CardArenaError):
            recorded = {}
        for spec, name in recorded.items():
            if name not in found.setdefault(spec, []):
                found[spec].append(name)
    return {spec: "/".join(sorted(names)) for spec, names in found.items()}


def run_folder(path: Path) -> Path | None:
    """The run folder (with its run.json) of a run folder, its `rows/` or one of its part files."""
    from .runner import RUN_FILE

    for folder in (path, path.parent, path.parent.parent):
        if folder.is_dir() and (folder / RUN_FILE).is_file() and (folder == path or (folder / "rows").is_dir()):
            return folder
    return None


def report_dir(path: Path) -> Path:
    """Where `sim-report` writes without --out: `report/` in the folder of the rows, and a run's own
    `report/` for its `rows/` folder or one of its part files (a report inside `rows/` made
    `pandas.read_parquet(RUN/rows)` fail on its PNG files)."""
    from .runner import RUN_FILE

    folder = path if path.is_dir() else path.parent
    if folder.name == "rows" and (folder.parent / RUN_FILE).is_file():
        folder = folder.parent
    return folder / "report"


@app.command("sim-report")
def sim_report(
    dirs: Annotated[list[Path], typer.Argument(help="Run directories, folders of Parquet files or Parquet files; "
                                                    "rows are pooled, variants compared; runs played with other "
                                                    "cards (--cards) are compared, never pooled.")],
    out_dir: Annotated[Path | None, typer.Option(
        "--out", help="Report directory (default: the first run's report/, else report/ beside the rows).")] = None,
    gates: Annotated[Path | None, typer.Option(help="A gates TOML file: exit 1 if a gate is broken.")] = None,
    check: Annotated[str | None, typer.Option(
        help="Check every gate this way instead of its own: value, interval or plausible (broken only when "
             "the whole 95% interval lies outside: for small samples).")] = None,
) -> None:
    """Write the report of stored runs (HTML with embedded plots, PNGs) and print its summary."""
    for d in dirs:
        if not d.exists():
            _fail(f"{d} does not exist")
    gate_file = _load_gates(gates, check)
    target = out_dir or report_dir(dirs[0])
    if target.exists() and not target.is_dir():
        _fail(f"--out {target} is a file: the report is a folder (report.html and its PNGs)")
    raise typer.Exit(_report_and_gates(dirs, target, gate_file))
