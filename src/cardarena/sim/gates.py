"""Gates: assertions on a run's results, kept in a TOML file (examples in docs/balance/). A broken
gate names itself with its measured value and interval; `cardarena sim --gates` exits non-zero.

    game = "circuits"                 # optional: the file's gates are for this game's rows only
    format = "squad"                  # optional: and for this format's rows only (the sample runs it)
    variant = "printed rules"         # optional: default for every gate (else each variant is checked)
    [sample]                          # optional: the small run the test suite checks these gates on
    players = ["random", "random"]
    games = 2
    decks = ["all"]

    [[gate]]
    name = "first-player advantage"
    metric = "first_player_win_rate"
    min = 0.45
    max = 0.55
    check = "value"                   # or "interval": the whole 95% interval must lie within,
                                      # or "plausible": broken only when the whole 95% interval lies
                                      # outside (the data clearly contradict the bounds)
    known_broken = "why"              # optional: a target not met yet; its breaks do not fail the
                                      # run, its holding (checked as value or interval) does

Metrics: `player_win_rate` (`player` = 1..N), `seat_win_rate` (`seat` = 1..N), `first_player_win_rate`,
`draw_rate`, `reason_share` (`reason`), `event_share` (`event`: games with at least one such event),
`peak_share` (`peak`, `at_least` = a number or `rule:NAME`), `matchup_win_rate` (every deck pair),
`engine_errors` (a count), and game lengths `turns_<stat>` / `decisions_<stat>` with stat one of mean,
median, p10, p90, min, max.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .analysis import matchup_matrix, peak_share, seat_of, won
from .rows import Row
from .stats import Rate, quantile

LENGTH_STATS = ("mean", "median", "p10", "p90", "min", "max")
#: how a measured value is held to its bounds: the point value; the whole 95% interval within them;
#: or only some value of the interval within them ("plausible", for small samples where a point
#: estimate wanders outside by chance: broken only when the data clearly contradict the gate)
CHECKS = ("value", "interval", "plausible")
RATE_METRICS = ("player_win_rate", "seat_win_rate", "first_player_win_rate", "draw_rate", "reason_share",
                "event_share", "peak_share", "matchup_win_rate")


class GateFileError(ValueError):
    pass


@dataclass(frozen=True)
class Gate:
    name: str
    metric: str
    min: float | None = None
    max: float | None = None
    check: str = "value"
    variant: str | None = None
    params: tuple[tuple[str, Any], ...] = ()
    #: why this gate is known not to hold yet (a target, like an xfail): its breaks do not fail the
    #: run, but the gate holding everywhere does, so that the mark is removed when it is met
    known_broken: str = ""

    def param(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)

    def bounds(self) -> str:
        if self.min is not None and self.max is not None:
            return f"within {self.min:g}–{self.max:g}"
        return f">= {self.min:g}" if self.min is not None else f"<= {self.max:g}"


@dataclass(frozen=True)
class GateResult:
    gate: Gate
    ok: bool
    value: float
    interval: tuple[float, float] | None
    detail: str  # the measurement as text (e.g. "0.62 [0.55, 0.69] (124/200)"), with its subject
    variant: str

    def line(self) -> str:
        status = "ok" if self.ok else ("KNOWN BROKEN" if self.gate.known_broken else "BROKEN")
        where = f" [{self.variant}]" if self.variant else ""
        return f"{status}: {self.gate.name}{where}: {self.detail} — wanted {self.gate.bounds()} ({self.gate.check})"


@dataclass(frozen=True)
class GateFile:
    game: str | None
    gates: list[Gate]
    #: the optional `[sample]` table: the small run the test suite checks the gates on (players,
    #: games, decks, seed); `cardarena sim --gates` ignores it and checks the run it is given
    sample: dict[str, Any]
    #: the format the gates are about (e.g. circuits "squad"); None: every format of the game
    format: str | None = None

    def with_check(self, check: str) -> GateFile:
        """The same gates, every one checked in mode `check` (e.g. "plausible" on a small sample)."""
        if check not in CHECKS:
            raise GateFileError(f"check must be one of {', '.join(CHECKS)}, not {check!r}")
        return replace(self, gates=[replace(g, check=check) for g in self.gates])


_GATE_KEYS = {"name", "metric", "min", "max", "check", "variant", "known_broken"}
_PARAMS = {"player_win_rate": {"player"}, "seat_win_rate": {"seat"}, "reason_share": {"reason"},
           "event_share": {"event"}, "peak_share": {"peak", "at_least"}}
_REQUIRED = {"reason_share": {"reason"}, "event_share": {"event"}, "peak_share": {"peak", "at_least"}}


def load_gates(path: Path) -> GateFile:
    """Read and check a gates file; every problem is reported at once, naming the gate."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise GateFileError(f"{path}: {e}") from None
    problems: list[str] = []
    default_variant = data.get("variant")
    gates: list[Gate] = []
    raw = data.get("gate", [])
    if not isinstance(raw, list) or not raw:
        raise GateFileError(f"{path}: no [[gate]] entries")
    for i, g in enumerate(raw):
        name = str(g.get("name", f"gate {i + 1}"))
        metric = str(g.get("metric", ""))
        known = metric in RATE_METRICS or metric == "engine_errors" or _length(metric) is not None
        if not known:
            problems.append(f"{name}: unknown metric {metric!r}")
            continue
        allowed = _GATE_KEYS | _PARAMS.get(metric, set())
        extra = sorted(set(g) - allowed)
        if extra:
            problems.append(f"{name}: unknown key(s) {', '.join(extra)} for metric {metric}")
        missing = sorted(_REQUIRED.get(metric, set()) - set(g))
        if missing:
            problems.append(f"{name}: metric {metric} needs {', '.join(missing)}")
        if "min" not in g and "max" not in g:
            problems.append(f"{name}: give min, max or both")
        if g.get("check", "value") not in CHECKS:
            problems.append(f"{name}: check must be one of {', '.join(CHECKS)}")
        for key in ("player", "seat"):  # counted from 1; the games' seat count is checked on the rows
            if key in g and not (isinstance(g[key], int) and not isinstance(g[key], bool) and g[key] >= 1):
                problems.append(f"{name}: {key} is a number from 1 (P1), not {g[key]!r}")
        bounds: list[float | None] = []
        for key in ("min", "max"):
            try:
                x = _num(g.get(key))
                if x is not None and not math.isfinite(x):
                    raise ValueError(x)
                bounds.append(x)
            except (TypeError, ValueError):
                problems.append(f"{name}: {key} must be a number, not {g.get(key)!r}")
                bounds.append(None)
        if bounds[0] is not None and bounds[1] is not None and bounds[0] > bounds[1]:
            problems.append(f"{name}: min {bounds[0]:g} is above max {bounds[1]:g}: the gate could never hold")
        if not isinstance(g.get("known_broken", ""), str):  # `known_broken = false` read as the text "False"
            problems.append(f"{name}: known_broken is the reason the gate does not hold yet, as text, "
                            f"not {g['known_broken']!r} (remove the key when it holds)")
        params = tuple(sorted((k, v) for k, v in g.items() if k in _PARAMS.get(metric, set())))
        gates.append(Gate(name, metric, bounds[0], bounds[1], g.get("check", "value"),
                          g.get("variant", default_variant), params, str(g.get("known_broken", ""))))
    if problems:
        raise GateFileError(f"{path}: " + "; ".join(problems))
    extra = sorted(set(data) - {"game", "format", "variant", "gate", "sample"})
    if extra:
        raise GateFileError(f"{path}: unknown top-level key(s) {', '.join(extra)}")
    if not isinstance(data.get("sample", {}), dict):
        raise GateFileError(f"{path}: sample must be a table ([sample] with players, games, decks, seed, check)")
    _check_game(path, data.get("game"))
    fmt = data.get("format")
    if fmt is not None:
        _check_format(path, data.get("game"), fmt)
    return GateFile(data.get("game"), gates, dict(data.get("sample", {})), fmt)


def _check_game(path: Path, game: Any) -> None:
    """A misspelt game would judge no game at all: refuse it when the file is read."""
    from ..core.registry import game_ids

    if game is not None and game not in game_ids():
        raise GateFileError(f"{path}: unknown game {game!r}; games: {', '.join(sorted(game_ids()))}")


def _check_format(path: Path, game: Any, fmt: Any) -> None:
    """A misspelt format would judge no game at all: refuse it when the file is read."""
    from ..core.registry import game_ids, load_game

    if not isinstance(fmt, str):
        raise GateFileError(f"{path}: format must be a format name, not {fmt!r}")
    if isinstance(game, str) and game in game_ids():
        known = load_game(game).formats
        if fmt not in known:
            raise GateFileError(f"{path}: {game} has no format {fmt!r}; its formats: {', '.join(sorted(known))}")


def _num(x: Any) -> float | None:
    return None if x is None else float(x)


def _length(metric: str) -> tuple[str, str] | None:
    what, _, stat = metric.partition("_")
    return (what, stat) if what in ("turns", "decisions") and stat in LENGTH_STATS else None


def check_gates(gf: GateFile, rows: list[Row]) -> list[GateResult]:
    """Every gate against the rows (of the file's game and format), per variant unless the gate names one."""
    if gf.game is not None:
        rows = [r for r in rows if r["game"] == gf.game]
    if gf.format is not None:  # a Squad gate never judges Duel games
        rows = [r for r in rows if r["format"] == gf.format]
    variants: dict[str, list[Row]] = {}
    for r in rows:
        variants.setdefault(r["variant"], []).append(r)
    out: list[GateResult] = []
    for gate in gf.gates:
        if gate.variant is not None:
            targets = [(gate.variant, variants.get(gate.variant, []))]
        else:
            targets = list(variants.items()) or [("", [])]
        for label, vrows in targets:
            shown = label if len(variants) > 1 or gate.variant is not None else ""
            if not vrows:  # a gate that judges no game holds nothing: broken, saying why
                what = " ".join(x for x in (gf.game, gf.format and f"({gf.format})") if x) or "any game"
                where = f" of variant {gate.variant!r}" if gate.variant is not None else ""
                out.append(GateResult(gate, False, math.nan, None,
                                      f"cannot be measured: no games of {what}{where} in the rows", shown))
                continue
            try:
                out.extend(_measure(gate, vrows, shown))
            except ValueError as e:  # a gate that cannot be measured on these rows is broken, and says why
                out.append(GateResult(gate, False, math.nan, None, f"cannot be measured: {e}", shown))
    return out


def failures(results: list[GateResult]) -> list[str]:
    """What fails the run: every broken gate not marked `known_broken`, and every gate so marked that
    now holds on all its measurements (time to remove the mark)."""
    out = [r.line() for r in results if not r.ok and not r.gate.known_broken]
    marked: dict[str, list[GateResult]] = {}
    for r in results:
        if r.gate.known_broken:
            marked.setdefault(r.gate.name, []).append(r)
    # a "plausible" hold only says the data do not contradict the gate, not that it is met
    out += [f"HOLDS NOW: {name}: every measurement is within its bounds; remove known_broken"
            for name, rs in marked.items() if all(r.ok for r in rs) and rs[0].gate.check != "plausible"]
    return out


def _judge(gate: Gate, value: float, interval: tuple[float, float] | None) -> bool:
    if math.isnan(value):
        return False
    if gate.check == "plausible" and interval is not None:  # the interval meets [min, max]
        return (gate.min is None or interval[1] >= gate.min) and (gate.max is None or interval[0] <= gate.max)
    lo, hi = interval if (gate.check == "interval" and interval is not None) else (value, value)
    return (gate.min is None or lo >= gate.min) and (gate.max is None or hi <= gate.max)


def _rate_result(gate: Gate, r: Rate, variant: str, subject: str = "") -> GateResult:
    detail = (subject + ": " if subject else "") + r.text()
    return GateResult(gate, r.n > 0 and _judge(gate, r.value, r.interval), r.value, r.interval if r.n else None,
                      detail, variant)


def _measure(gate: Gate, rows: list[Row], variant: str) -> list[GateResult]:
    n = len(rows)
    m = gate.metric
    if m == "matchup_win_rate":
        cells = sorted((k, r) for k, r in matchup_matrix(rows).items() if k[0] < k[1])  # each pair once
        if not cells:
            return [GateResult(gate, False, math.nan, None, "no deck pairs in the rows", variant)]
        return [_rate_result(gate, r, variant, f"{a} vs {b}") for (a, b), r in cells]
    if m == "engine_errors":
        k = sum(1 for r in rows if r["error"])
        return [GateResult(gate, _judge(gate, float(k), None), float(k), None, f"{k} of {n} games", variant)]
    length = _length(m)
    if length is not None:
        vals = [float(r[length[0]]) for r in rows]
        stat = length[1]
        if not vals:
            v = math.nan
        elif stat == "mean":
            v = sum(vals) / len(vals)
        elif stat in ("min", "max"):
            v = min(vals) if stat == "min" else max(vals)
        else:
            v = quantile(vals, {"median": 0.5, "p10": 0.1, "p90": 0.9}[stat])
        return [GateResult(gate, _judge(gate, v, None), v, None, f"{stat} {length[0]} {v:.2f} ({n} games)", variant)]
    if m in ("player_win_rate", "seat_win_rate"):
        key = m.split("_")[0]
        who = int(gate.param(key, 1))
        seats = min(len(row["decks"]) for row in rows)
        if who > seats:
            raise ValueError(f"{key} {who}, but the games have {seats} seats")
        if m == "player_win_rate":
            r = Rate(sum(won(row, seat_of(row, who - 1)) for row in rows), n)
        else:
            r = Rate(sum(won(row, who - 1) for row in rows), n)
    elif m == "first_player_win_rate":
        known = [row for row in rows if row["first_player"] is not None and row["winners"]]
        r = Rate(sum(won(row, row["first_player"]) for row in known), len(known))
    elif m == "draw_rate":
        r = Rate(sum(1 for row in rows if not row["winners"]), n)
    elif m == "reason_share":
        r = Rate(sum(1 for row in rows if row["reason"] == gate.param("reason")), n)
    elif m in ("event_share", "peak_share") and not any(row["events"] for row in rows):
        raise ValueError("the games kept no event log (played with --no-cards)")
    elif m == "event_share":
        r = Rate(sum(1 for row in rows if row["events"].get(gate.param("event"), 0) > 0), n)
    else:  # peak_share
        r = peak_share(rows, str(gate.param("peak")), gate.param("at_least"))
    return [_rate_result(gate, r, variant)]


def gates_html(results: list[GateResult]) -> str:
    """The gate outcomes as an HTML section for the report."""
    import html

    broken = sum(not r.ok for r in results)
    head = f"<h2>Gates: {len(results) - broken} ok, {broken} broken</h2><ul>"
    items = "".join(f"<li style='color:{'#060' if r.ok else '#b00'}'>{html.escape(r.line())}</li>" for r in results)
    return head + items + "</ul>"
