"""A replay and a watched match on a phone (390 x 844, in Debian's chromium): their controls (steps,
play/pause, speed, the seat) are docked at the bottom of the screen with the status and the last move,
so a step shows its move without scrolling, wherever the board is scrolled; nothing is wider than the
screen and nothing of the board stays under the dock (the fixtures of test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, PHONE, SHOTS, browser, pw, server, signed_in  # noqa: F401  (the server and browser fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")

REPLAY_CONTROLS = ("#first", "#back", "#forward", "#last", "#play", "#speed", "#seat")
WATCH_CONTROLS = ("#pause", "#speed", "#seat")


def _watch(p: object, delay: str) -> None:
    p.goto("/watch?game=aliens")  # type: ignore[attr-defined]
    p.select_option("select[name=p1]", "random")  # type: ignore[attr-defined]
    p.select_option("select[name=p2]", "random")  # type: ignore[attr-defined]
    p.fill("input[name=delay]", delay)  # type: ignore[attr-defined]
    p.click("#start-watch")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/watch/\d+$"))  # type: ignore[attr-defined]


def _fits(p: object, controls: tuple[str, ...]) -> None:
    """No horizontal scrolling; every control wholly on the screen, none over another."""
    width, inner = p.evaluate(  # type: ignore[attr-defined]
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width <= inner == PHONE["width"], (width, inner)
    boxes = {}
    for c in controls:
        loc = p.locator(c)  # type: ignore[attr-defined]
        pw.expect(loc).to_be_in_viewport(ratio=1)
        box = loc.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (c, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (c, box)
        boxes[c] = box
    for a, x in boxes.items():
        for b, y in boxes.items():
            apart = (x["x"] + x["width"] <= y["x"] or y["x"] + y["width"] <= x["x"]
                     or x["y"] + x["height"] <= y["y"] or y["y"] + y["height"] <= x["y"])
            assert a == b or apart, (a, x, b, y)


def _board_clears_the_dock(p: object) -> None:
    """Scrolled to the page's end, the board's last part is above the dock, not under it."""
    p.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # type: ignore[attr-defined]
    p.wait_for_timeout(100)  # type: ignore[attr-defined]
    dock_top = p.locator("#dock").bounding_box()["y"]  # type: ignore[attr-defined]
    last = p.locator("#board .player").last.bounding_box()  # type: ignore[attr-defined]
    assert last["y"] + last["height"] <= dock_top + 1, (last, dock_top)


def test_a_replay_steps_and_plays_from_the_dock_on_a_phone(browser: object, server: str) -> None:  # noqa: F811
    p = signed_in(browser, server, "phone-replay", PHONE, phone=True)
    _watch(p, "0")
    pw.expect(p.locator("#watch-replay")).to_be_visible(timeout=120000)  # type: ignore[attr-defined]
    mid = int(p.locator("#watch-replay").get_attribute("href").rsplit("/", 1)[1])  # type: ignore[attr-defined]

    def last_move(step: int) -> str:
        log = p.request.get(f"/api/replays/{mid}?step={step}").json()["log"]  # type: ignore[attr-defined]
        return str(log[-1]).strip()

    # a step whose move the spectator's play-by-play says (not every choice is told to everyone)
    step = next(s for s in range(5, 60) if last_move(s + 1) != last_move(s))
    p.goto(f"/replays/{mid}?step={step}")  # type: ignore[attr-defined]
    where, shown = p.locator("#where"), p.locator("#last-move")  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text(f"step {step} /")
    pw.expect(shown).to_have_text(last_move(step))
    _fits(p, REPLAY_CONTROLS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / "phone-replay.png"))  # type: ignore[attr-defined]
    _board_clears_the_dock(p)
    # scrolled down the board, the controls are still under the thumb, and a step shows its move there
    _fits(p, REPLAY_CONTROLS)
    p.locator("#forward").tap()  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text(f"step {step + 1} /")
    pw.expect(shown).to_have_text(last_move(step + 1))
    pw.expect(shown).to_be_in_viewport(ratio=1)
    p.locator("#back").tap()  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text(f"step {step} /")
    # play: a step every quarter second, until paused
    p.select_option("#speed", "0.25")  # type: ignore[attr-defined]
    p.locator("#play").tap()  # type: ignore[attr-defined]
    pw.expect(p.locator("#play")).to_have_text("Pause")  # type: ignore[attr-defined]
    p.wait_for_function(  # type: ignore[attr-defined]
        "(n) => parseInt(document.getElementById('where').textContent.split(' ')[1]) >= n", arg=step + 3)
    p.locator("#play").tap()  # type: ignore[attr-defined]
    pw.expect(p.locator("#play")).to_have_text("Play ▶")  # type: ignore[attr-defined]
    held = where.text_content()
    p.wait_for_timeout(800)  # type: ignore[attr-defined]
    assert where.text_content() == held  # paused
    # the seat: P1's board, its options listed in the dock (not to be chosen), the controls still fit
    p.select_option("#seat", "0")  # type: ignore[attr-defined]
    pw.expect(p.locator("#board .player.me")).to_have_count(1)  # type: ignore[attr-defined]
    assert "seat=0" in p.url  # type: ignore[attr-defined]
    _fits(p, REPLAY_CONTROLS)
    p.screenshot(path=str(SHOTS / "phone-replay-seat.png"))  # type: ignore[attr-defined]
    # a card name shows its card above the dock
    p.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
    p.locator("#board button.name").first.tap()  # type: ignore[attr-defined]
    card = p.locator("#inspect")  # type: ignore[attr-defined]
    pw.expect(card.locator("h4")).to_be_in_viewport()
    assert card.bounding_box()["y"] + card.bounding_box()["height"] <= p.locator("#dock").bounding_box()["y"] + 1  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_a_watched_match_pauses_and_switches_seat_from_the_dock_on_a_phone(browser: object,  # noqa: F811
                                                                          server: str) -> None:  # noqa: F811
    p = signed_in(browser, server, "phone-watch", PHONE, phone=True)
    _watch(p, "0.3")
    shown = p.locator("#last-move")  # type: ignore[attr-defined]
    pw.expect(shown).not_to_be_empty()
    _fits(p, WATCH_CONTROLS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / "phone-watch.png"))  # type: ignore[attr-defined]
    _board_clears_the_dock(p)
    _fits(p, WATCH_CONTROLS)
    # a pause holds this board while the match plays on; going on shows where it is now
    p.locator("#pause").tap()  # type: ignore[attr-defined]
    held = shown.text_content()
    pw.expect(p.locator("#pause")).to_contain_text("moves on")  # type: ignore[attr-defined]
    assert shown.text_content() == held
    p.locator("#pause").tap()  # type: ignore[attr-defined]
    pw.expect(p.locator("#pause")).to_have_text("Pause")  # type: ignore[attr-defined]
    pw.expect(shown).not_to_have_text(held)
    # a seat's view, then the speed: the match runs to its end and offers its replay
    p.select_option("#seat", "1")  # type: ignore[attr-defined]
    pw.expect(p.locator("#board .player.me")).to_have_attribute("data-seat", "1")  # type: ignore[attr-defined]
    _fits(p, WATCH_CONTROLS)
    p.select_option("#speed", "0.0")  # type: ignore[attr-defined]
    pw.expect(p.locator("#watch-replay")).to_be_visible(timeout=120000)  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_be_in_viewport()  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]
