"""The report opens in a real browser: Debian's chromium, headless, through Playwright. The page must
show every plot (decoded images) and log no console error. scripts/test.sh installs chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardarena.core.registry import game_ids
from cardarena.sim.rows import play_batch, read_rows, write_rows
from cardarena.sim.runner import Plan, tasks

CHROMIUM = Path("/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is a dev dependency")


def _variant(g: object) -> dict[str, object]:
    """A rule change the game accepts: an integer rule moved by one within its range, or a flag flipped."""
    defaults: dict[str, object] = getattr(g, "rule_defaults", {})
    ranges: dict[str, tuple[int, int]] = getattr(g, "rule_ranges", {})
    for key, value in sorted(defaults.items()):
        if isinstance(value, bool):
            return {key: not value}
        if isinstance(value, int):
            lo, hi = ranges.get(key, (value - 1, value + 1))
            return {key: value + 1 if value + 1 <= hi else value - 1} if lo < hi else {}
    return {}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One report per registered game: an ISMCTS against greedy run (small budget), with an A/B variant."""
    from cardarena.core.registry import load_game
    from cardarena.sim.report import write_report

    pages = {}
    for i, game in enumerate(game_ids()):
        root = tmp_path_factory.mktemp(f"sim-{game}")
        g = load_game(game)
        variants = [v for v in [_variant(g)] if v]
        starters = sorted(g.starter_decks())[:2]
        plan = Plan(game=game, players=["ismcts:iters=10", "greedy"], games=2, seed=i, decks=starters,
                    variants=variants)
        rows = play_batch([t for t in tasks(plan)])
        for n, r in enumerate(rows):
            r["task"] = n
        write_rows(rows, root / "rows.parquet")
        pages[game], _ = write_report(read_rows(root / "rows.parquet"), root / "report")
    return pages


def test_report_files_are_self_contained(reports: dict[str, Path]) -> None:
    for report in reports.values():
        text = report.read_text()
        assert "src='data:image/png;base64," in text and "http" not in text.split("<body>")[1]
        pngs = list(report.parent.glob("*.png"))
        assert len(pngs) >= 3 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)


@pytest.mark.skipif(not CHROMIUM.exists() and shutil.which("chromium") is None,
                    reason="Debian's chromium is missing (scripts/test.sh installs it)")
def test_report_opens_in_headless_chromium_with_its_plots(reports: dict[str, Path], tmp_path: Path) -> None:
    exe = str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium"))
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"], headless=True)
        try:
            for game, report in reports.items():
                errors: list[str] = []
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.on("console", lambda m, errors=errors: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto(report.as_uri())
                page.wait_for_load_state("load")
                images = page.eval_on_selector_all("img", "els => els.map(e => [e.complete, e.naturalWidth])")
                shot = tmp_path / f"report-{game}.png"
                page.screenshot(path=str(shot), full_page=True)
                headings = page.eval_on_selector_all("h2", "els => els.map(e => e.textContent)")
                page.close()
                assert errors == [], (game, errors)
                assert len(images) >= 3, game
                assert all(done and width > 0 for done, width in images), (game, images)
                assert any(h.split(":")[0] == game for h in headings), (game, headings)
                assert shot.stat().st_size > 10_000, game
        finally:
            browser.close()
