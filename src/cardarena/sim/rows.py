"""One simulated game -> one row (docs/balance/README.md): the task that names it, playing it, and the
Parquet files that hold the rows.

A Task is everything a worker needs to replay one game exactly (game, seed, decks, agents, rules), so
the same task gives the same row on any backend. Rows are keyed by game: nothing here knows a game's
rules; per-card counts come from `Ruleset.played_cards(event)` over the event log, read once at the
end of the game.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardarena.agents import make_agent
from cardarena.core.cardfiles import CardFiles
from cardarena.core.decks import Deck
from cardarena.core.errors import CardArenaError, EngineError
from cardarena.core.match import play_game, turns_of
from cardarena.core.registry import load_game

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

    from cardarena.core.engine import State
    from cardarena.core.ruleset import Ruleset

Row = dict[str, Any]

#: row fields that depend on the machine, not on the game: left out when rows are compared
TIMING_FIELDS = ("seconds",)


@dataclass(frozen=True)
class Task:
    """One game of a run. `index` is unique within a run (what `--resume` skips); `p1_seat` is the seat
    the run's first player (--p1) takes in this game (seats are swapped game by game)."""

    index: int
    game: str
    seed: int
    decks: tuple[str, ...]  # by seat: a starter name or a deck file
    agents: tuple[str, ...]  # by seat: agent specs for `make_agent`
    p1_seat: int = 0
    fmt: str | None = None
    rules: str = "{}"  # JSON of the rule overrides (a Task stays hashable and picklable)
    variant: str = "printed rules"
    matchup: int = 0
    cards: bool = True  # record the event log and count the cards played
    keep_log: bool = False  # return a replay record with the row
    card_files: CardFiles | None = None  # card files the game is played with (docs/cards.md); None: the package's

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["decks"], d["agents"] = list(self.decks), list(self.agents)
        d["card_files"] = None if self.card_files is None else self.card_files.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Task:
        files = d.get("card_files")
        return cls(**{**d, "decks": tuple(d["decks"]), "agents": tuple(d["agents"]),
                      "card_files": None if files is None else CardFiles.from_dict(files)})


@cache
def _deck(game_id: str, spec: str, fmt: str | None, files: CardFiles | None = None) -> Deck:
    """Decks are resolved once per worker process (starter lookups and legality checks are not free),
    against the pool the game is played with."""
    return load_game(game_id, files).resolve_deck(spec, fmt)


def play_task(task: Task) -> Row:
    """Play one game and summarise it. An engine exception is recorded in the row (reason
    `engine_error`, with the message) rather than stopping the run; automaton faults are already
    forfeits in the shared match loop."""
    g = load_game(task.game, task.card_files)
    rules = json.loads(task.rules)
    t0 = time.perf_counter()
    state: State | None = None
    error = ""
    fault = ""
    try:
        decks = [_deck(task.game, d, task.fmt, task.card_files) for d in task.decks]
        agents = [make_agent(spec, seed=task.seed * 2 + seat) for seat, spec in enumerate(task.agents)]
        state = g.new_game(decks=decks, seed=task.seed, fmt=task.fmt, rules=rules)
        state.record = task.cards or task.keep_log
        report = play_game(state, agents)
        if report.engine_error is not None:
            raise EngineError(report.engine_error)
        if report.fault_seat is not None:  # told at the end of the run: a forfeit is a broken automaton
            fault = f"P{report.fault_seat + 1} {task.agents[report.fault_seat]} {report.status}: {report.reason}"
    except Exception as e:  # a broken game is a finding of the run, not the end of it
        error = f"{type(e).__name__}: {e}"
    seconds = time.perf_counter() - t0
    row = _summary(g, task, state, error, rules)
    row["seconds"] = seconds
    if task.keep_log and state is not None:
        from cardarena import __version__
        from cardarena.core.match import replay_record

        row["_replay"] = replay_record(state, list(task.agents), __version__)
    if fault:
        row["_fault"] = fault  # not a column: the run counts and shows it
    return row


def _summary(g: Ruleset, task: Task, state: State | None, error: str, rules: dict[str, Any]) -> Row:
    res = state.result if state is not None and not error else None
    row: Row = {
        "task": task.index,
        "seed": task.seed,
        "game": task.game,
        "format": (state.config.get("format") if state is not None else None) or task.fmt or g.default_format,
        "variant": task.variant,
        "rules": json.dumps(g.check_rules(rules) if not error else rules, sort_keys=True),
        "matchup": task.matchup,
        "decks": list(task.decks),
        "agents": list(task.agents),
        "p1_seat": task.p1_seat,
        "first_player": None,
        "winner": None if res is None else res.winner,
        "winners": [] if res is None else list(res.winners),
        "reason": "engine_error" if error else (res.reason if res is not None else "unfinished"),
        "turns": 0 if res is None else res.turns,
        "decisions": 0 if state is None else len(state.history),
        "error": error,
        "cards": [],
        "events": {},
        "peaks": {},
        "card_file": card_file_label(task.card_files),
    }
    if state is None:
        return row
    if res is None and not error:
        row["turns"] = turns_of(state)
    first, cards, events, peaks = read_log(g, state.log)
    if not state.record:  # --no-cards: the log holds only what the set-up logged, no measure of the game
        cards, events, peaks = [], {}, {}
    kept = getattr(state, "first", None)
    if first is None and isinstance(kept, int):
        first = kept  # a game that logs no `turn` event but keeps who went first
    row.update(first_player=first, cards=cards, events=events, peaks=peaks)
    return row


def card_file_label(files: CardFiles | None) -> str:
    """A row's `card_file`: "" for the package's cards, else the files' names and the start of their
    hash (`whip.toml (sha256 1a2b3c4d5e6f)`); run.json holds their texts."""
    return "" if files is None else files.short


def read_log(g: Ruleset, log: list[dict[str, Any]]) -> tuple[int | None, list[dict[str, Any]], dict[str, int],
                                                              dict[str, int]]:
    """One pass over the log: the first player, each card played (name, seat, turn), how many events of
    each type, and the peaks: the highest value of each integer field of the `turn` events (e.g.
    `own_turn`, which tells Overtime), or the last Round of a game clocked by `round` events.

    The clock is the `turn` events: a card's turn is the latest `turn` field seen, the first player
    the `player` of the first one. A game of Rounds that logs no `turn` event (mastery) is clocked by
    its `round` events instead: the latest `round` numbers a card's play, and the first player is the
    `first` of Round 1 (it changes Round by Round, so a state's `first` at the end is not it), else,
    with the log switched off after set-up, the winner of the coin flipped for the first player."""
    first: int | None = None
    round_first: int | None = None
    coin_first: int | None = None
    turn = 0
    rnd = 0
    clocked = False  # a `turn` event seen
    cards: list[dict[str, Any]] = []
    rounds: list[int] = []  # each card's Round, used when no `turn` event ever comes
    events: Counter[str] = Counter()
    peaks: dict[str, int] = {}
    round_peaks: dict[str, int] = {}
    for e in log:
        t = e["type"]
        events[t] += 1
        tv = e.get("turn")
        if tv.__class__ is int:
            turn = tv
        rv = e.get("round")
        if rv.__class__ is int:
            rnd = rv
        if t == "turn":
            clocked = True
            if first is None and e.get("player").__class__ is int:
                first = e["player"]
            _peaks(e, peaks)
        elif t == "round":
            if round_first is None and e.get("first").__class__ is int:
                round_first = e["first"]
            if rv.__class__ is int and rv > round_peaks.get("round", -1):  # its other fields are settings (AP)
                round_peaks["round"] = rv
        elif t == "coin" and coin_first is None and e.get("purpose") == "first player" \
                and e.get("winner").__class__ is int:
            coin_first = e["winner"]
        names = g.played_cards(e)
        if names:
            seat = e.get("player")
            seat = seat if seat.__class__ is int else -1
            cards.extend({"card": n, "seat": seat, "turn": turn} for n in names)
            rounds.extend(rnd for _ in names)
    if not clocked:
        for c, r in zip(cards, rounds, strict=True):
            c["turn"] = r
        peaks = round_peaks
        first = round_first if round_first is not None else coin_first
    return first, cards, dict(events), peaks


def _peaks(event: dict[str, Any], peaks: dict[str, int]) -> None:
    """The highest value of each integer field of a `turn` event; a seat (`player`) is no measure."""
    for k, v in event.items():
        if v.__class__ is int and k != "player" and v > peaks.get(k, -1):
            peaks[k] = v


def play_batch(tasks: list[Task]) -> list[Row]:
    """What a worker runs: a batch of games, one row each, in task order."""
    return [play_task(t) for t in tasks]


# -- storage -------------------------------------------------------------------------------------

def schema() -> pa.Schema:
    import pyarrow as pa

    return pa.schema([
        ("task", pa.int64()), ("seed", pa.int64()), ("game", pa.string()), ("format", pa.string()),
        ("variant", pa.string()), ("rules", pa.string()), ("matchup", pa.int32()),
        ("decks", pa.list_(pa.string())), ("agents", pa.list_(pa.string())), ("p1_seat", pa.int8()),
        ("first_player", pa.int8()), ("winner", pa.int8()), ("winners", pa.list_(pa.int8())),
        ("reason", pa.string()), ("turns", pa.int32()), ("decisions", pa.int32()), ("seconds", pa.float64()),
        ("error", pa.string()),
        ("cards", pa.list_(pa.struct([("card", pa.string()), ("seat", pa.int8()), ("turn", pa.int32())]))),
        ("events", pa.map_(pa.string(), pa.int32())), ("peaks", pa.map_(pa.string(), pa.int32())),
        ("card_file", pa.string()),
    ])


def write_rows(rows: list[Row], path: Path) -> None:
    """Write rows as one Parquet file (atomically: a part file is either whole or absent)."""
    import pyarrow as pa

    clean = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    for r in clean:
        r["events"] = list(r["events"].items())
        r["peaks"] = list(r["peaks"].items())
    _write_table(pa.Table.from_pylist(clean, schema=schema()), path)


def _write_table(table: pa.Table, path: Path) -> None:
    """Written beside its place under a hidden name, then renamed: a run stopped while writing leaves no
    half file, and a leftover is never read as rows (`pandas.read_parquet(DIR)` and Arrow datasets skip
    names starting with a dot; `row_files` reads only `part-*.parquet`)."""
    import pyarrow.parquet as pq

    tmp = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, tmp, compression="zstd")
    tmp.replace(path)


class RowsError(CardArenaError):
    """A file given as rows that is not a Parquet file of `cardarena sim` (corrupt, empty, another kind)."""


def row_files(paths: list[Path]) -> list[Path]:
    """The Parquet files of run directories (their `rows/part-*.parquet`), of other folders (a run's
    `rows/` itself, a folder of filtered files: their `*.parquet`) and Parquet files, each once: a run
    named twice, or a run and one of its own parts, must not count its games twice."""
    seen: dict[Path, None] = {}
    for path in paths:
        if path.is_file():
            files = [path]
        elif (path / "rows").is_dir():
            files = sorted((path / "rows").glob("part-*.parquet"))
        else:
            files = sorted(path.glob("*.parquet"))
        for f in files:
            seen.setdefault(f.resolve(), None)
    return list(seen)


#: the columns that map a name to a count (`pa.map_(string, int32)`)
MAP_COLUMNS = ("events", "peaks")
#: columns added after the first rows were written: read as empty from a file without them
LATER_COLUMNS = ("card_file",)

PathLike = str | Path


def read_table(path: PathLike | Sequence[PathLike]) -> pa.Table:
    """The rows under run directories or of Parquet files (each file once), as one Arrow table with the
    rows' schema, in task order. Files that another tool re-wrote are read too (a filtered part file
    saved by pandas or Polars): integer columns stored as floats, a map stored as a struct (pandas'
    dicts), as a list of key/value structs (Polars) or as JSON text are brought back to the schema;
    columns of their own follow the schema's (a pandas index, `__index_level_0__`, is dropped). A file
    that is not a rows file of `cardarena sim` raises RowsError."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    paths = [Path(path)] if isinstance(path, str | Path) else [Path(p) for p in path]
    tables = []
    for f in row_files(paths):
        try:
            data = pq.read_table(f)
        except (pa.ArrowException, OSError) as e:
            raise RowsError(f"{f}: not a Parquet file of `cardarena sim` rows ({e})") from None
        tables.append(_conform(data, f))
    if not tables:
        return schema().empty_table()
    table = pa.concat_tables(tables, promote_options="permissive")
    return table.sort_by("task")


def _conform(data: pa.Table, f: Path) -> pa.Table:
    """One file's table with the rows' schema (see `read_table`)."""
    import pyarrow as pa

    want = schema()
    missing = [c for c in want.names if c not in data.column_names and c not in (*MAP_COLUMNS, *LATER_COLUMNS)]
    if missing:  # another table (the report would fail on its first missing column)
        raise RowsError(f"{f}: not a Parquet file of `cardarena sim` rows (no column {', '.join(missing)})")
    columns: dict[str, pa.ChunkedArray | pa.Array] = {}
    for field in want:
        if field.name not in data.column_names:
            columns[field.name] = pa.nulls(data.num_rows, field.type)  # no events, no peaks, the package's cards
            continue
        col = data.column(field.name)
        if field.name == "task" and col.null_count:
            raise RowsError(f"{f}: not a Parquet file of `cardarena sim` rows (a game without a task number)")
        if col.type == field.type:
            columns[field.name] = col
        elif field.name in MAP_COLUMNS:
            columns[field.name] = _as_map(col, field, f)
        else:
            try:
                columns[field.name] = col.cast(field.type)  # safe: 1.0 -> 1, a null stays null, 1.5 fails
            except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError) as e:
                raise RowsError(f"{f}: column {field.name} holds {col.type}, not the rows' {field.type} ({e})") from None
    fields = list(want)
    for name in data.column_names:  # a researcher's own columns, kept
        if name not in columns and not name.startswith("__index_level_"):
            columns[name] = data.column(name)
            fields.append(data.schema.field(name))
    return pa.table(list(columns.values()), schema=pa.schema(fields))


def _as_map(col: pa.ChunkedArray, field: pa.Field, f: Path) -> pa.Array:
    """A name -> count column stored another way, back as a map: a map of other types, a struct (pandas
    writes a dict so, every name in every row, null where a game has none), a list of `{key, value}`
    structs (how Polars reads and writes a map) or JSON text."""
    import pyarrow as pa

    out: list[list[tuple[str, int]] | None] = []
    for v in col.to_pylist():
        try:
            if isinstance(v, str):
                v = json.loads(v)
            if v is None:
                out.append(None)
            elif isinstance(v, dict):
                out.append([(str(k), int(n)) for k, n in v.items() if n is not None and n == n])
            else:  # a map's (key, value) pairs, or Polars' {key, value} structs
                pairs = [(e["key"], e["value"]) if isinstance(e, dict) else tuple(e) for e in v]
                out.append([(str(k), int(n)) for k, n in pairs if n is not None and n == n])
        except (TypeError, ValueError, KeyError) as e:
            raise RowsError(f"{f}: column {field.name} holds {col.type}, not a map of names to counts ({e})") from None
    return pa.array(out, type=field.type)


def read_rows(path: PathLike | Sequence[PathLike]) -> list[Row]:
    """Every row under run directories or of Parquet files (each file once), in task order, as dicts
    (`events` and `peaks` as dicts). A file that is not a rows file of `cardarena sim` raises RowsError;
    files re-written by other tools are read as `read_table` says."""
    rows: list[Row] = read_table(path).to_pylist()
    for r in rows:
        if not isinstance(r.get("task"), int):
            raise RowsError("not a Parquet file of `cardarena sim` rows (a game without a task number)")
        r["events"] = dict(r.get("events") or [])
        r["peaks"] = dict(r.get("peaks") or [])
        r["card_file"] = r.get("card_file") or ""
    return rows


def to_pandas(path: PathLike | Sequence[PathLike]) -> pd.DataFrame:
    """The rows as a pandas DataFrame that can be filtered, edited and written back with `write_pandas`:
    `events` and `peaks` are dicts (`pandas.read_parquet` gives lists of pairs, which `to_parquet`
    cannot write back), seats (`p1_seat`, `first_player`, `winner`) stay integers with `<NA>` for none
    (not floats), lists are NumPy arrays as in any pandas frame. Needs pandas (`pip install pandas`)."""
    try:
        import pandas as pd
    except ImportError:
        raise RowsError("reading rows as a DataFrame needs pandas: pip install pandas "
                        "(or the extra, cardarena[pandas])") from None
    import pyarrow as pa

    ints = {pa.int8(): pd.Int8Dtype()}
    return read_table(path).to_pandas(maps_as_pydicts="strict", types_mapper=ints.get)


def from_pandas(frame: pd.DataFrame) -> pa.Table:
    """A DataFrame of rows (from `to_pandas`, or `pandas.read_parquet`) as an Arrow table with the rows'
    schema; columns of its own follow, its index is left out. A missing column raises RowsError."""
    import pyarrow as pa

    want = schema()
    missing = [c for c in want.names if c not in frame.columns and c not in LATER_COLUMNS]
    if missing:
        raise RowsError(f"the frame is not `cardarena sim` rows (no column {', '.join(missing)})")
    later = [c for c in LATER_COLUMNS if c not in frame.columns]
    if later:  # rows written before those columns were: the package's cards
        frame = frame.assign(**dict.fromkeys(later, ""))
    try:
        table = pa.Table.from_pandas(frame[want.names], schema=want, preserve_index=False)
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, ValueError) as e:
        raise RowsError(f"the frame does not fit the rows' columns ({e})") from None
    table = table.replace_schema_metadata(None)
    extra = [c for c in frame.columns if c not in want.names]
    if extra:
        more = pa.Table.from_pandas(frame[extra], preserve_index=False)
        for name in extra:
            table = table.append_column(more.schema.field(name), more.column(name))
    return table


def write_pandas(frame: pd.DataFrame, path: PathLike) -> None:
    """Write a DataFrame of rows as a Parquet file with the rows' schema (what `cardarena sim-report`
    reads, and `pandas.read_parquet`, DuckDB and Polars read back as they read a run's parts)."""
    _write_table(from_pandas(frame), Path(path))


def repeated_deals(rows: list[Row]) -> tuple[list[Row], int]:
    """The rows with each game once, and how many were dropped: runs pooled by `sim-report` that played
    the same seed with the same decks, agents and rules (two runs of one plan at the same --seed) hold
    the same games, which counted twice would narrow every interval for nothing."""
    seen: set[tuple[Any, ...]] = set()
    kept: list[Row] = []
    for r in rows:
        key = _deal(r)
        if key not in seen:
            seen.add(key)
            kept.append(r)
    return kept, len(rows) - len(kept)


def _deal(r: Row) -> tuple[Any, ...]:
    return (r["game"], r["format"], r["variant"], r["rules"], r["seed"], tuple(r["decks"]), tuple(r["agents"]),
            r.get("card_file") or "")


def diverging_deals(rows: list[Row]) -> int:
    """How many games stored twice (as `repeated_deals` finds them) ended otherwise the second time: the
    same seed, decks, agents and rules play the same game, so those runs were played with other card
    data or another engine (a card changed between a run before and a run after)."""
    first: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    n = 0
    for r in rows:
        end = (r["winner"], r["reason"], r["turns"], r["decisions"])
        if first.setdefault(_deal(r), end) != end:
            n += 1
    return n


def comparable(row: Row) -> Row:
    """A row without its timing, for comparing two runs of the same tasks."""
    return {k: v for k, v in row.items() if k not in TIMING_FIELDS and not k.startswith("_")}
