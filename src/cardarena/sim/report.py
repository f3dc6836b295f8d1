"""The balance report (docs/balance/README.md): PNG plots (matplotlib, Agg), one self-contained HTML
page that embeds them as base64, and a Rich summary for the terminal."""

from __future__ import annotations

import base64
import html
import math
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..core.cardfiles import CardFiles
from ..guide import load_guide
from ..plotting import figure
from .analysis import GameStats, VariantStats, analyse
from .rows import Row
from .stats import Rate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: outliers and the extremes shown per variant in the terminal
TOP_CARDS = 8
#: the terminal lists every matchup difference up to this many deck pairs, else only those with p < 0.05
TOP_MATCHUPS = 6


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "x"


# -- plots -----------------------------------------------------------------------------------

def _err(r: Rate) -> tuple[float, float]:
    lo, hi = r.interval
    return (max(0.0, r.value - lo), max(0.0, hi - r.value))


def _tick(label: str) -> str:
    """A long label (a variant with a card file's path) on several lines: on one it squeezed the plot."""
    return "\n".join(textwrap.wrap(label, 45)) or label


def plot_rates(gs: GameStats) -> Figure:
    """Win rates (players, seats, first player) per variant, with Wilson 95% intervals."""
    fig = figure(9, 1.2 + 0.45 * sum(len(v.players) + len(v.seats) + 1 for v in gs.variants))
    ax = fig.subplots()
    labels: list[str] = []
    values: list[float] = []
    errs: list[tuple[float, float]] = []
    for v in gs.variants:
        tag = f" — {v.label}" if len(gs.variants) > 1 else ""
        items = [(name, r) for name, r in v.players] + [(f"seat {s + 1}", r) for s, r in enumerate(v.seats)]
        items.append(("first player", v.first_player))
        for name, r in items:
            if r.n:
                labels.append(name + tag)
                values.append(r.value)
                errs.append(_err(r))
    y = list(range(len(labels)))
    ax.barh(y, values, xerr=list(zip(*errs, strict=True)) if errs else None, color="#4c78a8", capsize=3)
    ax.axvline(0.5, color="#888", lw=1, ls="--")
    ax.set_yticks(y, [_tick(x) for x in labels])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (Wilson 95% interval)")
    ax.set_title(f"{gs.name}: win rates")
    return fig


def plot_reasons(gs: GameStats) -> Figure:
    fig = figure(9, 1.5 + 0.5 * len(gs.variants))
    ax = fig.subplots()
    reasons = sorted({k for v in gs.variants for k in v.reasons})
    left = [0.0] * len(gs.variants)
    for i, reason in enumerate(reasons):
        vals = [v.reasons[reason].value if reason in v.reasons else 0.0 for v in gs.variants]
        ax.barh(range(len(gs.variants)), vals, left=left, label=reason, color=f"C{i % 10}")
        left = [a + b for a, b in zip(left, vals, strict=True)]
    ax.set_yticks(range(len(gs.variants)), [_tick(v.label) for v in gs.variants])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games")
    ax.set_title(f"{gs.name}: end reasons")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35), ncol=min(4, len(reasons)), fontsize=8)
    return fig


def length_bins(values: list[float], most: int = 40) -> list[float]:
    """Histogram edges for whole-number lengths, shared by every variant: at most `most` bins, each
    holding the same count of whole numbers (40 bins over 54 turns put two in some bins and one in
    others, drawing spikes that are not in the data; bins of each variant's own range did not line up)."""
    if not values:
        return [0.0, 1.0]
    lo, hi = math.floor(min(values)), math.ceil(max(values))
    width = max(1, math.ceil((hi - lo + 1) / most))
    count = math.ceil((hi - lo + 1) / width)
    return [lo - 0.5 + i * width for i in range(count + 1)]


def length_word(game: str) -> str:
    """What a game counts its length in, as a report names it: "rounds" in mastery, else "turns"."""
    from ..core.errors import CardArenaError

    try:
        return load_guide(game).turn_word.lower() + "s"
    except CardArenaError:  # a game without a guide counts turns
        return "turns"


def plot_lengths(gs: GameStats) -> Figure:
    from matplotlib.ticker import MaxNLocator

    fig = figure(10, 3.4)
    axes = fig.subplots(1, 2)
    for ax, what in zip(axes, ("turns", "decisions"), strict=True):
        edges = length_bins([x for v in gs.variants for x in getattr(v, what).values])
        for i, v in enumerate(gs.variants):
            vals = getattr(v, what).values
            if vals:
                ax.hist(vals, bins=edges, alpha=0.55, label=_tick(v.label), color=f"C{i % 10}")
        unit = length_word(gs.game) if what == "turns" else what
        ax.set_xlabel(unit)
        ax.set_ylabel("games")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no 2.5 games
        ax.set_title(f"{gs.name}: game length in {unit}")
    if len(gs.variants) > 1:
        axes[0].legend(fontsize=8)
    return fig


def plot_matrix(gs: GameStats, v: VariantStats) -> Figure:
    """Deck x deck: the row deck's win rate against the column deck, with games and interval."""
    decks = v.decks
    n = len(decks)
    fig = figure(2.2 + 1.15 * n, 1.6 + 0.85 * n)
    ax = fig.subplots()
    grid = [[math.nan] * n for _ in range(n)]
    for (a, b), r in v.matrix.items():
        if r.n:
            grid[decks.index(a)][decks.index(b)] = r.value
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for (a, b), r in v.matrix.items():
        if r.n:
            lo, hi = r.interval
            ax.text(decks.index(b), decks.index(a), f"{r.value:.2f}\n[{lo:.2f},{hi:.2f}]\nn={r.n}",
                    ha="center", va="center", fontsize=7, color="white" if abs(r.value - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), decks, rotation=40, ha="right", fontsize=8)
    ax.set_yticks(range(n), decks, fontsize=8)
    ax.set_xlabel("against")
    ax.set_title(f"{gs.name}: matchups ({v.label})")
    fig.colorbar(im, ax=ax, label="row deck's win rate")
    return fig


def plot_cards(gs: GameStats, v: VariantStats) -> Figure:
    """Each card: play rate against win rate when played (interval bars); outliers in red."""
    fig = figure(9, 5)
    ax = fig.subplots()
    shown = [s for s in v.cards if s.win_played.n and s.listed]  # no play rate for a card no deck lists
    for flag, color in (("", "#4c78a8"), ("x", "#d62728")):
        group = [s for s in shown if bool(s.outlier) == bool(flag)]
        if group:
            errs = [_err(s.win_played) for s in group]
            ax.errorbar([s.played.value for s in group], [s.win_played.value for s in group],
                        yerr=[[e[0] for e in errs], [e[1] for e in errs]], fmt="o", ms=3, color=color, alpha=0.7,
                        elinewidth=0.6, ls="none")
    # name only the strongest outliers: the plot stays readable when a large sample flags many
    named = sorted((s for s in shown if s.outlier), key=lambda s: -abs(s.win_played.value - 0.5))[:14]
    for s in named:
        if s.outlier:
            ax.annotate(s.card, (s.played.value, s.win_played.value), fontsize=7, color="#d62728")
    ax.axhline(0.5, color="#888", lw=1, ls="--")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    hidden = sum(1 for s in v.cards if s.win_played.n and not s.listed)
    ax.set_xlabel("play rate (seat-games holding the card)"
                  + (f"; {hidden} cards in no deck list, played from elsewhere, are in the table only" if hidden else ""))
    ax.set_ylabel("win rate when played")
    ax.set_title(f"{gs.name}: cards ({v.label}); red = outlier against its kind's average")
    return fig


def plot_variants(gs: GameStats) -> Figure:
    """Each variant minus the baseline, per proportion measure, with 95% intervals."""
    one = len(gs.comparisons) == 1  # its label goes in the title: a long one left the plot no room
    rows = [(m if one else f"{c.label}: {m}", d) for c in gs.comparisons for m, (_, _, d) in c.diffs.items()
            if not m.startswith("mean") and not math.isnan(d.diff)]
    fig = figure(9, 1.4 + 0.35 * max(1, len(rows)))
    ax = fig.subplots()
    y = list(range(len(rows)))
    for significant, color in ((False, "#4c78a8"), (True, "#d62728")):
        pick = [i for i, (_, d) in enumerate(rows) if (d.p < 0.05) == significant]
        if pick:
            ds = [rows[i][1] for i in pick]
            ax.errorbar([d.diff for d in ds], pick, xerr=[[max(0.0, d.diff - d.lo) for d in ds],
                                                          [max(0.0, d.hi - d.diff) for d in ds]],
                        fmt="o", color=color, capsize=3, ls="none")
    ax.axvline(0, color="#888", lw=1, ls="--")
    ax.set_yticks(y, [name for name, _ in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("difference (95% interval; red: p < 0.05)")
    c = gs.comparisons[0]
    title = f"{gs.name}: {c.label} minus {c.baseline}" if one else f"{gs.name}: variants minus {c.baseline}"
    ax.set_title("\n".join(textwrap.wrap(title, 75)))
    return fig


def make_plots(gs: GameStats) -> list[tuple[str, Figure]]:
    key = slug(gs.name)
    plots = [(f"{key}-win-rates", plot_rates(gs)), (f"{key}-end-reasons", plot_reasons(gs)),
             (f"{key}-lengths", plot_lengths(gs))]
    for v in gs.variants:
        tag = slug(v.label)
        if len(v.decks) > 1 and len(v.matrix) > 1:
            plots.append((f"{key}-matchups-{tag}", plot_matrix(gs, v)))
        if v.cards:
            plots.append((f"{key}-cards-{tag}", plot_cards(gs, v)))
    if gs.comparisons:
        plots.append((f"{key}-variants", plot_variants(gs)))
    return plots


# -- HTML ------------------------------------------------------------------------------------

_CSS = """body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}
table{border-collapse:collapse;margin:.6em 0 1.4em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;
font-size:.9em}th{background:#f2f2f2}img{max-width:100%;border:1px solid #eee;margin:.4em 0}.hi{color:#b00}
.lo{color:#06c}.small{color:#666;font-size:.85em}"""


def _table(head: list[str], body: list[list[Any]]) -> str:
    h = "".join(f"<th>{html.escape(str(x))}</th>" for x in head)
    rows = "".join("<tr>" + "".join(f"<td>{x}</td>" for x in r) + "</tr>" for r in body)
    return f"<table><tr>{h}</tr>{rows}</table>"


def _e(x: Any) -> str:
    return html.escape(str(x))


def render_html(stats: list[GameStats], images: dict[str, bytes], title: str, gates_html: str = "",
                notes: list[str] | None = None, tables: list[str] | None = None) -> str:
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{_e(title)}</title>"
             f"<style>{_CSS}</style></head><body><h1>{_e(title)}</h1>"]
    for note in notes or []:  # e.g. the card files the games were played with
        parts.append(f"<p><b>{_e(note)}</b></p>")
    if gates_html:
        parts.append(gates_html)
    for gs in stats:
        parts.append(f"<h2>{_e(gs.name)}: {gs.games} games</h2>")
        parts.append(f"<p class='small'>{gs.seconds:.1f} s of play in total; rates are wins / games with "
                     "Wilson 95% intervals; first player over decisive games.</p>")
        mine = [t for t in tables or [] if t.startswith(f"{slug(gs.name)}-")]
        if mine:  # beside the page: for a spreadsheet or a notebook
            parts.append("<p class='small'>These numbers as CSV: "
                         + ", ".join(f"<a href='{_e(t)}'>{_e(t)}</a>" for t in mine) + "</p>")

        def img(name: str) -> None:
            if name in images:
                b64 = base64.b64encode(images[name]).decode()
                parts.append(f"<img alt='{_e(name)}' src='data:image/png;base64,{b64}'>")

        vs = gs.variants
        head = ["measure"] + [f"{v.label} ({len(v.rows)} games)" for v in vs]

        def rate_row(name: str, rates: list[Rate | None]) -> list[str]:
            return [_e(name)] + ["" if r is None else _e(r.text()) for r in rates]

        parts.append("<h3>Results side by side</h3>")
        body = [rate_row(f"{name} wins", [v.players[p][1] if p < len(v.players) else None for v in vs])
                for p, (name, _) in enumerate(vs[0].players)]
        body += [rate_row(f"seat {s + 1} wins", [v.seats[s] if s < len(v.seats) else None for v in vs])
                 for s in range(len(vs[0].seats))]
        body.append(rate_row("first player wins", [v.first_player for v in vs]))
        body.append(rate_row("draws", [v.draws for v in vs]))
        for reason in sorted({k for v in vs for k in v.reasons}):
            body.append(rate_row(f"ends by {reason}", [v.reasons.get(reason, Rate(0, len(v.rows))) for v in vs]))
        parts.append(_table(head, body))
        body = []
        for what in ("turns", "decisions"):
            sums = [getattr(v, what).summary for v in vs]
            body.append([length_word(gs.game) if what == "turns" else what] + [f"median {x['median']:.1f}, mean {x['mean']:.1f}, p10–p90 {x['p10']:.0f}–{x['p90']:.0f}, "
                                  f"range {x['min']:.0f}–{x['max']:.0f}" if x else "" for x in sums])
        for k in sorted({k for v in vs for k in v.peaks}):
            sums = [v.peaks[k].summary if k in v.peaks else {} for v in vs]
            body.append([f"peak {_e(k)}"] + [f"median {x['median']:.1f}, p90 {x['p90']:.0f}, max {x['max']:.0f}"
                                            if x else "" for x in sums])
        parts.append(_table(["length", *head[1:]], body))
        if any(v.peaks for v in vs):
            parts.append("<p class='small'>A peak is the highest value a game reached in a field of its "
                         "<code>turn</code> events (e.g. <code>own_turn</code>: a player's own turns), or the last Round "
                         "of a game of Rounds (mastery's <code>round</code>).</p>")
        events = sorted({k for v in vs for k in v.events})
        if events:
            parts.append("<details><summary>Games with at least one event of each type</summary>"
                         + _table(["event", *head[1:]], [rate_row(k, [v.events.get(k, Rate(0, len(v.rows))) for v in vs])
                                                         for k in events]) + "</details>")
        for v in vs:
            if v.errors:
                parts.append(f"<p class='hi'>Engine errors ({_e(v.label)}):</p><ul>"
                             + "".join(f"<li>{_e(x)}</li>" for x in v.errors[:20]) + "</ul>")
        img(f"{slug(gs.name)}-win-rates")
        img(f"{slug(gs.name)}-end-reasons")
        img(f"{slug(gs.name)}-lengths")
        for v in gs.variants:
            tag = slug(v.label)
            if len(gs.variants) > 1 or f"{slug(gs.name)}-matchups-{tag}" in images:
                parts.append(f"<h3>Matchups and cards: {_e(v.label)}</h3>")
            img(f"{slug(gs.name)}-matchups-{tag}")
            if len(v.decks) > 1 and len(v.matrix) > 1:
                body = [[_e(a), _e(b), _e(r.text())] for (a, b), r in sorted(v.matrix.items())]
                parts.append(_table(["deck", "against", "win rate [95%]"], body))
            img(f"{slug(gs.name)}-cards-{tag}")
            body = []
            for s in sorted(v.cards, key=lambda s: (s.outlier == "", -s.played.value)):
                cls = {"high": "hi", "low": "lo"}.get(s.outlier, "")
                body.append([f"<span class='{cls}'>{_e(s.card)}</span>", _e(s.kind), str(s.seat_games),
                             f"{s.played.value:.2f}" if s.listed else "not in a deck list",
                             _e(s.win_played.text(2)), _e(s.win_unplayed.text(2)),
                             "" if math.isnan(s.mean_turn) else f"{s.mean_turn:.1f}", _e(s.outlier)])
            if body:
                avg = ", ".join(f"{k} {x:.2f}" for k, x in sorted(v.kind_average.items()))
                parts.append(f"<p class='small'>Kind averages of the win rate when played: {_e(avg)}</p>")
                opened = " open" if v is gs.variants[0] else ""
                parts.append(f"<details{opened}><summary>Cards ({_e(v.label)}): {len(body)} cards, "
                             f"{sum(1 for s in v.cards if s.outlier)} outliers</summary>"
                             + _table(["card", "kind", "seat-games", "play rate", "win when played",
                                       "win when not", "first-play turn", "outlier"], body) + "</details>")
        if gs.comparisons:
            parts.append("<h3>Variants against the baseline</h3>")
            img(f"{slug(gs.name)}-variants")
            for c in gs.comparisons:
                body = [[_e(m), _e(a), _e(b), _e(d.text())] for m, (a, b, d) in c.diffs.items()]
                parts.append(f"<p>{_e(c.label)} against {_e(c.baseline)} (difference, 95% interval, "
                             f"two-sided z-test; {_e(c.pairing)}):</p>")
                parts.append(_table(["measure", c.baseline, c.label, "difference"], body))
    parts.append("</body></html>")
    return "".join(parts)


def write_report(rows: list[Row], out: Path, title: str = "cardarena balance report",
                 gates_html: str = "", cards: CardFiles | Mapping[str, CardFiles | None] | None = None,
                 notes: list[str] | None = None, names: Mapping[str, str] | None = None
                 ) -> tuple[Path, list[GameStats]]:
    """Write `out/report.html`, `out/*.png` and its tables `out/*.csv`; return the page's path and the analysis. `cards`: the
    card files the games were played with (per row label when they differ, analysis.analyse); `notes`:
    lines shown under the title (what they change); `names`: the agents' names recorded in the runs'
    run.json (analysis.analyse)."""
    out.mkdir(parents=True, exist_ok=True)
    stats = analyse(rows, cards, names)
    images: dict[str, bytes] = {}
    import io

    for gs in stats:
        for name, fig in make_plots(gs):
            buf = io.BytesIO()
            fig.savefig(buf, format="png")
            images[name] = buf.getvalue()
            (out / f"{name}.png").write_bytes(images[name])
    page = out / "report.html"
    from .tables import write_tables

    tables = [p.name for p in write_tables(stats, out, lambda gs: slug(gs.name))]
    page.write_text(render_html(stats, images, title, gates_html, notes, tables), encoding="utf-8")
    return page, stats


# -- terminal --------------------------------------------------------------------------------

def print_summary(stats: list[GameStats], console: Console) -> None:
    for gs in stats:
        for v in gs.variants:
            t = Table(title=escape(f"{gs.name} — {v.label}: {len(v.rows)} games"), title_justify="left")
            t.add_column("measure")
            t.add_column("value [95%]")
            for name, r in v.players:
                t.add_row(escape(name) + " wins", escape(r.text()))
            if v.draws.k:  # else the players' rates would seem not to add up
                t.add_row("draws", escape(v.draws.text()))
            t.add_row("first player wins", escape(v.first_player.text()))
            for k, r in v.reasons.items():
                t.add_row(escape(f"ends by {k}"), escape(r.text()))
            for what in ("turns", "decisions"):
                s = getattr(v, what).summary
                if s:
                    t.add_row(length_word(gs.game) if what == "turns" else what, f"median {s['median']:.0f}, mean {s['mean']:.1f}, p10–p90 {s['p10']:.0f}–{s['p90']:.0f}")
            for k, L in v.peaks.items():
                ps = L.summary
                t.add_row(f"peak {k}", f"median {ps['median']:.0f}, p90 {ps['p90']:.0f}, max {ps['max']:.0f}")
            if len(v.matrix) > 1:
                worst = max(v.matrix.items(), key=lambda kv: abs(kv[1].value - 0.5))
                t.add_row("most lopsided matchup", escape(f"{worst[0][0]} vs {worst[0][1]}: {worst[1].text()}"))
            flagged = sorted((s for s in v.cards if s.outlier), key=lambda s: -abs(s.win_played.value - 0.5))[:TOP_CARDS]
            for s in flagged:
                t.add_row(f"outlier card ({s.outlier})", escape(f"{s.card} [{s.kind}]: {s.win_played.text(2)}"))
            if v.errors:
                t.add_row("[red]engine errors[/red]", str(len(v.errors)))
            console.print(t)
        for c in gs.comparisons:
            t = Table(title=escape(f"{gs.name}: {c.label} against {c.baseline}"), title_justify="left",
                      caption=escape(c.pairing), caption_justify="left")
            for col in ("measure", c.baseline, c.label, "difference [95%] p"):
                t.add_column(escape(col))
            quiet = [m for m, (_, _, d) in c.diffs.items() if m.startswith("matchup ") and not d.p < 0.05]
            if len(quiet) <= TOP_MATCHUPS:
                quiet = []
            for m, (a, b, d) in c.diffs.items():
                if m in quiet:
                    continue
                mark = "[bold]" if d.p < 0.05 else ""
                t.add_row(escape(m), escape(_short(a)), escape(_short(b)), mark + escape(d.text()))
            if quiet:  # many deck pairs: those that did not move are in the HTML page
                t.add_row(f"{len(quiet)} other matchups", "", "", "p ≥ 0.05 (each in report.html)")
            console.print(t)


def _short(text: str) -> str:
    """A rate without its interval (the terminal's comparison table; the HTML page has it all)."""
    return re.sub(r" \[[^\]]*\]", "", text)
