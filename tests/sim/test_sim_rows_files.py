"""Rows files that other tools re-wrote (a researcher filtering a run in pandas or Polars and saving it),
the pandas helpers, and part files cut short by a stop (docs/balance/README.md, "Rows")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardarena.cli import app
from cardarena.sim.analysis import analyse
from cardarena.sim.rows import RowsError, comparable, play_batch, read_rows, write_rows
from cardarena.sim.runner import Plan, tasks

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    """A run's part file of six small circuits games, one of them made a draw (no winner: a null seat)."""
    rows = play_batch(tasks(Plan(game="circuits", players=["random", "random"], games=6, seed=11,
                                 decks=["forgeblade", "lumen_warden"])))
    rows[2].update(winner=None, winners=[], reason="turn_cap")
    path = tmp_path_factory.mktemp("run") / "part-00000.parquet"
    write_rows(rows, path)
    return path, read_rows(path)


def _foreign(rows: list[dict[str, Any]], maps: str) -> Any:
    """The rows as pandas or Polars write them back: pandas turns a seat column holding a null into
    floats and adds its index; `maps` says how `events` and `peaks` are stored."""
    out = []
    for i, r in enumerate(rows):
        r = {k: v for k, v in r.items() if k not in ("events", "peaks")}
        r["winner"] = None if r["winner"] is None else float(r["winner"])
        r["__index_level_0__"] = 100 + i  # a filtered frame's index
        out.append(r)
    table = pa.Table.from_pylist(out)
    for name in ("events", "peaks"):
        values = [r[name] for r in rows]
        if maps == "pandas dicts":  # a struct: every name of every game, null where a game has none
            keys = sorted({k for v in values for k in v})
            col = pa.array([{k: v.get(k) for k in keys} for v in values])
        elif maps == "polars 1 lists":  # a list of {key, value} structs, strings as large_string
            col = pa.array([[{"key": k, "value": n} for k, n in v.items()] for v in values],
                           pa.list_(pa.struct([("key", pa.large_string()), ("value", pa.int32())])))
        else:  # JSON text (a CSV round trip, a tool without maps)
            col = pa.array([json.dumps(v) for v in values])
        table = table.append_column(name, col)
    return table.cast(pa.schema([pa.field(f.name, pa.large_string()) if f.type == pa.string() else f
                                 for f in table.schema]))


@pytest.mark.parametrize("maps", ["pandas dicts", "polars 1 lists", "json"])
def test_rows_rewritten_by_another_tool_read_as_the_sim_wrote_them(
        maps: str, stored: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    """pandas writes the dicts of `events` and `peaks` as a struct holding every event type of every game
    (null where a game had none): every event was then counted in every game (`shuffle` in 100%), and a
    null peak made the report fail. Polars 1 wrote a map as a list of key/value structs, read as
    `{'key': 'value'}`. A seat column with a null came back as floats."""
    _, rows = stored
    path = tmp_path / "filtered.parquet"
    pq.write_table(_foreign(rows, maps), path)
    back = read_rows(path)
    assert [comparable(r) for r in back] == [comparable(r) for r in rows]
    assert back[0]["winner"].__class__ is int and back[2]["winner"] is None
    assert analyse(back)[0].variants[0].events == analyse(rows)[0].variants[0].events
    said = CliRunner().invoke(app, ["sim-report", str(path), "--out", str(tmp_path / "report")])
    assert said.exit_code == 0 and ": 6 games" in " ".join(said.output.split()), said.output


def test_columns_of_ones_own_are_kept_and_a_column_of_the_wrong_kind_is_named(
        stored: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    part, rows = stored
    table = pq.read_table(part)
    path = tmp_path / "tagged.parquet"
    pq.write_table(table.append_column("long_game", pa.array([r["turns"] > 30 for r in rows])), path)
    assert [r["long_game"] for r in read_rows(path)] == [r["turns"] > 30 for r in rows]
    assert [r["task"] for r in read_rows([path, part])] == sorted(2 * [r["task"] for r in rows])  # both files
    bad = tmp_path / "bad.parquet"
    pq.write_table(table.set_column(table.column_names.index("winner"), "winner",
                                    pa.array(["left"] * len(rows))), bad)
    with pytest.raises(RowsError, match=r"bad.parquet: column winner holds string, not the rows' int8"):
        read_rows(bad)
    pq.write_table(table.set_column(table.column_names.index("events"), "events", pa.array([[1, 2]] * len(rows))),
                   bad)
    with pytest.raises(RowsError, match=r"column events holds list<element: int64>, not a map of names to counts"):
        read_rows(bad)


def test_a_part_file_cut_short_by_a_stop_is_never_read_as_rows(
        stored: tuple[Path, list[dict[str, Any]]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A part is written under another name, then renamed. That name was `part-NNNNN.tmp` in the rows
    folder: `pandas.read_parquet(DIR/rows)` (an Arrow dataset, which reads every file not starting with
    a dot or an underscore) read a stopped run's leftover as more rows, or failed on a half file."""
    _, rows = stored
    folder = tmp_path / "rows"
    folder.mkdir()
    write_rows(rows[:3], folder / "part-00000.parquet")

    def stopped(self: Path, target: Path) -> Path:
        raise KeyboardInterrupt  # Ctrl-C between writing the part and renaming it

    monkeypatch.setattr(Path, "replace", stopped)
    with pytest.raises(KeyboardInterrupt):
        write_rows(rows[3:], folder / "part-00001.parquet")
    monkeypatch.undo()
    assert pq.read_table(folder).num_rows == 3  # what pandas.read_parquet(folder) reads
    assert len(read_rows(tmp_path)) == 3


def test_pandas_reads_filters_and_writes_back_rows_that_sim_report_reads(
        stored: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    """`pandas.read_parquet` gives `events` and `peaks` as lists of pairs, which `DataFrame.to_parquet`
    cannot write back ('Expected bytes, got a int object'). `to_pandas` gives dicts and integer seats,
    `write_pandas` writes the rows' schema back."""
    pd = pytest.importorskip("pandas")
    from cardarena.sim.rows import schema, to_pandas, write_pandas

    part, rows = stored
    df = to_pandas(part)
    assert isinstance(df["events"][0], dict) and df["peaks"][0] == rows[0]["peaks"]
    assert str(df["winner"].dtype) == "Int8" and df["winner"].isna().sum() == 1
    kept = df[df["reason"] != "turn_cap"].copy()
    kept["long_game"] = kept["turns"] > 30
    kept.loc[kept.index[0], "events"]["my_count"] = 3  # an edit
    out = tmp_path / "kept.parquet"
    write_pandas(kept, out)
    assert pq.read_schema(out).remove(pq.read_schema(out).get_field_index("long_game")).equals(schema())
    back = read_rows(out)
    want = [comparable(r) for r in rows if r["reason"] != "turn_cap"]
    want[0]["events"] = {**want[0]["events"], "my_count": 3}
    assert [comparable({k: v for k, v in r.items() if k != "long_game"}) for r in back] == want
    # a frame read by pandas itself, filtered and written through the helper
    plain = pd.read_parquet(part)
    write_pandas(plain[plain["turns"] > 0], tmp_path / "plain.parquet")
    assert [comparable(r) for r in read_rows(tmp_path / "plain.parquet")] == [comparable(r) for r in rows]
    said = CliRunner().invoke(app, ["sim-report", str(out), "--out", str(tmp_path / "report")])
    assert said.exit_code == 0 and ": 5 games" in " ".join(said.output.split()), said.output
    with pytest.raises(RowsError, match="no column seed"):
        write_pandas(kept.drop(columns=["seed"]), tmp_path / "x.parquet")


def test_sim_report_of_a_runs_rows_folder_or_part_file_reports_in_the_run_not_in_rows(
        stored: tuple[Path, list[dict[str, Any]]], tmp_path: Path) -> None:
    """`sim-report RUN/rows/part-00000.parquet` wrote its report in `RUN/rows/report/`, after which
    `pandas.read_parquet(RUN/rows)` failed on the PNG files; `sim-report RUN/rows` (the folder the docs
    give pandas) said 'no rows'."""
    part, _ = stored
    run = tmp_path / "run"
    (run / "rows").mkdir(parents=True)
    (run / "run.json").write_text("{}")
    (run / "rows" / part.name).write_bytes(part.read_bytes())
    for given in (run / "rows" / part.name, run / "rows"):
        said = CliRunner().invoke(app, ["sim-report", str(given)])
        assert said.exit_code == 0 and ": 6 games" in " ".join(said.output.split()), said.output
        assert (run / "report" / "report.html").is_file() and [p.name for p in (run / "rows").iterdir()] == [part.name]
    assert pq.read_table(run / "rows").num_rows == 6  # what pandas.read_parquet(RUN/rows) reads
    elsewhere = tmp_path / "mine"  # a folder of one's own Parquet files
    elsewhere.mkdir()
    (elsewhere / "a.parquet").write_bytes(part.read_bytes())
    said = CliRunner().invoke(app, ["sim-report", str(elsewhere)])
    assert said.exit_code == 0 and (elsewhere / "report" / "report.html").is_file(), said.output
