"""The play page on a phone (390 x 844, in Debian's chromium): the decision is docked at the bottom of
the screen, so its options are in view without scrolling past the board; it folds to a status line and
leaves room below the board, so every part of the board can still be seen; a wide screen keeps the
panel beside the board (the fixtures of test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, PHONE, SHOTS, browser, pw, server, signed_in  # noqa: F401  (the server and browser fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def _a_decision_after(p: object, game: str, clicks: int) -> None:
    """A game against random, `clicks` decisions in, then the page loaded afresh at the next decision."""
    p.goto(f"/learn/{game}")  # type: ignore[attr-defined]
    p.click("#try-it")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    for _ in range(clicks):
        b = p.locator("button.option:enabled").first  # type: ignore[attr-defined]
        b.wait_for()
        try:
            b.click(timeout=2000)
        except pw.Error:
            continue  # redrawn under the pointer
    p.locator("button.option:enabled").first.wait_for()  # type: ignore[attr-defined]
    p.reload()  # type: ignore[attr-defined]
    p.locator("button.option:enabled").first.wait_for()  # type: ignore[attr-defined]


def _in_view(box: dict[str, float] | None, height: int) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("game", ["circuits", "aliens"])
def test_a_decision_is_in_view_on_a_phone_and_the_board_stays_reachable(browser: object, server: str,  # noqa: F811
                                                                        game: str) -> None:
    p = signed_in(browser, server, f"phone-{game}", PHONE, phone=True)
    _a_decision_after(p, game, 4)
    assert p.evaluate("scrollY") == 0  # type: ignore[attr-defined]
    first = p.locator("#decision button.option").first  # type: ignore[attr-defined]
    assert _in_view(first.bounding_box(), PHONE["height"]), first.bounding_box()
    dock = p.locator("#dock")  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"phone-play-{game}.png"))  # type: ignore[attr-defined]
    # the whole board can be scrolled out from under the dock: at the page's end, the viewer's own
    # seat (the board's last part) and the play-by-play are above the dock, not beneath it
    p.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # type: ignore[attr-defined]
    p.wait_for_timeout(100)  # type: ignore[attr-defined]
    dock_top = dock.bounding_box()["y"]
    for part in ("#board .player.me", "#log"):
        box = p.locator(part).bounding_box()  # type: ignore[attr-defined]
        assert box is not None and box["y"] + box["height"] <= dock_top + 1, (part, box, dock_top)
    # and the board's top is in view with the first option at once (no scrolling to and fro)
    p.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
    pw.expect(p.locator("#board .player").first).to_be_in_viewport()  # type: ignore[attr-defined]
    # folded to its status line, the dock shows more of the board; opened again, the options are back
    tall = dock.bounding_box()["height"]
    p.locator("#dock-toggle").tap()  # type: ignore[attr-defined]
    pw.expect(first).to_be_hidden()
    pw.expect(p.locator("#dock-toggle")).to_contain_text("Options")  # type: ignore[attr-defined]
    assert dock.bounding_box()["height"] < min(tall, 90)
    pw.expect(p.locator("#status")).to_be_in_viewport()  # type: ignore[attr-defined]
    p.locator("#dock-toggle").tap()  # type: ignore[attr-defined]
    pw.expect(first).to_be_in_viewport()
    # a card name on the board shows its text on a card just above the dock: the options stay in view
    before = first.bounding_box()
    p.locator("#board button.name").first.tap()  # type: ignore[attr-defined]
    pw.expect(p.locator("#inspect h4")).to_be_in_viewport()  # type: ignore[attr-defined]
    card = p.locator("#inspect").bounding_box()  # type: ignore[attr-defined]
    assert card is not None and card["y"] + card["height"] <= dock.bounding_box()["y"] + 1
    assert first.bounding_box() == before
    p.locator("#inspect .inspect-close").tap()  # type: ignore[attr-defined]
    pw.expect(p.locator("#inspect")).to_be_hidden()  # type: ignore[attr-defined]
    # a move made from the dock: the game goes on
    seq = p.evaluate("async () => (await fetch('/api/play/' + location.pathname.split('/').pop())).json()")["seq"]  # type: ignore[attr-defined]
    first.tap()
    p.wait_for_function(  # type: ignore[attr-defined]
        "async (seq) => (await fetch('/api/play/' + location.pathname.split('/').pop()).then((r) => r.json())).seq !== seq",
        arg=seq)
    p.context.close()  # type: ignore[attr-defined]


def test_a_wide_screen_keeps_the_panel_beside_the_board(browser: object, server: str) -> None:  # noqa: F811
    p = signed_in(browser, server, "desk")
    _a_decision_after(p, "circuits", 2)
    first = p.locator("#decision button.option").first  # type: ignore[attr-defined]
    board = p.locator("#board").bounding_box()  # type: ignore[attr-defined]
    box = first.bounding_box()
    assert board is not None and box is not None and box["x"] >= board["x"] + board["width"]  # beside it
    assert p.locator("#dock").evaluate("e => getComputedStyle(e).position") == "static"  # type: ignore[attr-defined]
    pw.expect(p.locator("#dock-toggle")).to_be_hidden()  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]
