"""The arena in a real browser (Playwright driving Debian's chromium, headless), against a server on a
free local port: sign up, the wheel, the gallery, build a deck (an illegal one refused with its
reasons, kept as a draft), play a whole aliens game against random by clicking, step a replay back
and forth, watch a live match to its end, run a small contest. Screenshots of each page land in
build/screenshots/ (test artifacts)."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pw = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("CARDARENA_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from cardarena.arena.store import Store
    from cardarena.web import bots
    from cardarena.web.app import create_app

    db = tmp_path_factory.mktemp("web") / "arena.db"
    app = create_app(Store(f"sqlite:///{db}"), bots.make_pool(2, processes=False), secret="browser-test")
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    end = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(10)


@pytest.fixture(scope="module")
def page(server: str) -> Iterator[object]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        ctx = browser.new_context(base_url=server, viewport={"width": 1400, "height": 1000})
        pg = ctx.new_page()
        pg.set_default_timeout(15000)
        yield pg
        browser.close()


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 900}


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[object]:
    """One chromium for a test module; each test opens its own context with `signed_in`."""
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        yield b
        b.close()


def signed_in(browser: object, server: str, name: str, viewport: dict[str, int] = DESKTOP,
              phone: bool = False) -> object:
    """A fresh context (a phone's: touch, mobile) signed up as `name`."""
    ctx = browser.new_context(base_url=server, viewport=viewport, is_mobile=phone,  # type: ignore[attr-defined]
                              has_touch=phone)
    p = ctx.new_page()
    p.set_default_timeout(15000)
    p.goto("/signup")
    p.fill("input[name=name]", name)
    p.fill("input[name=password]", "correct horse")
    p.click("button[type=submit]")
    pw.expect(p.locator("#whoami")).to_have_text(name)
    return p


def play_until(p: Any, game: str, until: Callable[[dict[str, Any]], bool], seed: int = 0,
               within: float = 120.0) -> tuple[str, dict[str, Any]]:
    """Start a game from `game`'s Learn page ("Try it") and end each of my turns at once (end, pass, done
    or keep, else a random option), so that the automaton acts often, until `until(frame)` holds; then
    the page is reloaded. Returns the game's API address and that frame."""
    import random

    p.goto(f"/learn/{game}")
    p.click("#try-it")
    p.wait_for_url(re.compile(r"/play/\d+$"))
    api = "/api/play/" + p.url.rsplit("/", 1)[1]
    csrf = p.locator('meta[name="csrf-token"]').get_attribute("content")
    rng = random.Random(seed)
    end = time.monotonic() + within
    while True:
        assert time.monotonic() < end, f"no frame of {game} met the condition within {within} s"
        f = p.request.get(api).json()
        assert not f["result"], "the game ended before a frame met the condition"
        if until(f):
            break
        d = f["decision"]
        if not (d and "options" in d):
            time.sleep(0.02)
            continue
        ids = [o["id"] for o in d["options"]]
        pick = next((i for i in ("end", "pass", "done", "keep") if i in ids), rng.choice(ids))
        p.request.post(api + "/move", data={"seq": f["seq"], "option": pick}, headers={"x-csrf-token": csrf})
    p.reload()
    p.locator("#board .player").first.wait_for()
    return api, p.request.get(api).json()


def shot(page: object, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)  # type: ignore[attr-defined]


def step_1_sign_up(page: object) -> None:
    p = page
    p.goto("/signup")  # type: ignore[attr-defined]
    p.fill("input[name=name]", "ada")  # type: ignore[attr-defined]
    p.fill("input[name=password]", "correct horse")  # type: ignore[attr-defined]
    shot(p, "signup")
    p.click("button[type=submit]")  # type: ignore[attr-defined]
    pw.expect(p.locator("#whoami")).to_have_text("ada")  # type: ignore[attr-defined]
    shot(p, "home")


def step_2_learn_the_wheel_and_the_gallery(page: object) -> None:
    p = page
    p.goto("/learn/aliens")  # type: ignore[attr-defined]
    p.hover('#wheel g.aff[data-aff="Plasma"]')  # type: ignore[attr-defined]
    info = p.locator("#wheel-info")  # type: ignore[attr-defined]
    pw.expect(info).to_contain_text("Plasma Attacks are super-effective against Mycelial and Cryo")
    assert p.locator("#wheel .aff.prey").count() == 2  # type: ignore[attr-defined]
    p.locator("#wheel").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    shot(p, "learn-wheel")
    p.click('#wheel g.aff[data-aff="Universal"]')  # type: ignore[attr-defined]
    pw.expect(info).to_contain_text("no +2 bonus")
    p.goto("/learn/aliens/cards")  # type: ignore[attr-defined]
    total = p.locator("#gallery .card").count()  # type: ignore[attr-defined]
    p.fill("#card-search", "shadow")  # type: ignore[attr-defined]
    visible = p.locator("#gallery .card:visible").count()  # type: ignore[attr-defined]
    assert 1 <= visible < total
    p.fill("#card-search", "")  # type: ignore[attr-defined]
    p.select_option('select[data-facet="kind"]', "alien")  # type: ignore[attr-defined]
    aliens = p.locator("#gallery .card:visible").count()  # type: ignore[attr-defined]
    assert 3 <= aliens < total
    shot(p, "learn-cards")


def step_3_deck_builder_refuses_an_illegal_deck_then_saves_a_legal_one(page: object) -> None:
    p = page
    p.goto("/decks/new?game=aliens")  # type: ignore[attr-defined]
    p.fill("#deck-name", "Too small")  # type: ignore[attr-defined]
    p.locator("#gallery .card[data-leader=yes] button.add").first.click()  # type: ignore[attr-defined]
    p.locator("#gallery .card[data-leader=''] button.add").first.click()  # type: ignore[attr-defined]
    pw.expect(p.locator("#validation")).to_contain_text("this one has 1")  # type: ignore[attr-defined]
    assert p.locator("#validation .problem").count() >= 2  # type: ignore[attr-defined]  # every reason
    pw.expect(p.locator("#save")).to_have_text("Save as draft")  # type: ignore[attr-defined]
    shot(p, "deck-illegal")
    p.click("#save")  # type: ignore[attr-defined]
    p.goto("/decks")  # type: ignore[attr-defined]
    pw.expect(p.locator("#deck-list")).to_contain_text("draft")  # type: ignore[attr-defined]
    # a draft cannot be chosen to play
    p.goto("/play?game=aliens")  # type: ignore[attr-defined]
    assert p.locator("select[name=mine] option:disabled").count() == 1  # type: ignore[attr-defined]
    # from a starter: legal, saved
    p.goto("/decks/new?game=aliens&starter=mind_storm")  # type: ignore[attr-defined]
    pw.expect(p.locator("#validation")).to_contain_text("Legal")  # type: ignore[attr-defined]
    p.fill("#deck-name", "My Storm")  # type: ignore[attr-defined]
    shot(p, "deck-builder")
    p.click("#save")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/decks/\d+$"))  # type: ignore[attr-defined]
    p.goto("/decks")  # type: ignore[attr-defined]
    pw.expect(p.locator("#deck-list")).to_contain_text("My Storm")  # type: ignore[attr-defined]
    shot(p, "decks")


def step_4_play_a_whole_aliens_game_against_random_by_clicking(page: object) -> None:
    p = page
    p.goto("/play?game=aliens")  # type: ignore[attr-defined]
    p.select_option("select[name=mine]", label="My Storm")  # type: ignore[attr-defined]
    p.select_option("select[name=agent]", "random")  # type: ignore[attr-defined]
    p.fill("input[name=seed]", "4")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    status = p.locator("#status.over")  # type: ignore[attr-defined]
    clicks = 0
    inspected = False
    end = time.monotonic() + 240
    while not status.count():
        assert time.monotonic() < end, f"the game did not end after {clicks} clicks"
        buttons = p.locator("button.option:enabled")  # type: ignore[attr-defined]
        try:
            buttons.first.wait_for(timeout=5000)
        except pw.TimeoutError:
            continue
        if clicks == 3:
            shot(p, "play")
            # seats are named as on the rest of the page (P1, P2), not by their 0-based index
            pw.expect(p.locator("#board .top-stats")).to_contain_text(re.compile(r"active: P[12]"))
            if not inspected:
                p.locator("#board button.name").first.click()  # type: ignore[attr-defined]
                pw.expect(p.locator("#inspect h4")).to_be_visible()  # type: ignore[attr-defined]
                inspected = True
        n = buttons.count()
        # prefer doing something over passing, so the game moves on
        pick = buttons.nth(clicks % max(1, n - 1)) if n > 1 else buttons.first
        try:
            pick.click(timeout=2000)
        except pw.Error:
            continue  # the board was redrawn under the cursor (the automaton moved): look again
        clicks += 1
    shot(p, "play-finished")
    assert clicks > 5
    pw.expect(status).to_contain_text("wins")  # type: ignore[attr-defined]
    p.click("#to-replay")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/replays/\d+"))  # type: ignore[attr-defined]


def step_5_step_a_replay_back_and_forth(page: object) -> None:
    p = page
    where = p.locator("#where")  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text("step 0 /")
    for _ in range(4):
        p.click("#forward")  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text("step 4 /")
    p.click("#back")  # type: ignore[attr-defined]
    pw.expect(where).to_contain_text("step 3 /")
    p.select_option("#seat", "spectator")  # type: ignore[attr-defined]
    p.click("#last")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_be_visible()  # type: ignore[attr-defined]
    shot(p, "replay")
    assert "step=" in p.url  # type: ignore[attr-defined]  # a shareable URL
    # the self-contained page plays the match with no server
    mid = re.search(r"/replays/(\d+)", p.url).group(1)  # type: ignore[attr-defined, union-attr]
    html = p.request.get(f"/replays/{mid}/offline").text()  # type: ignore[attr-defined]
    offline = SHOTS.parent / f"match-{mid}.html"
    offline.write_text(html, encoding="utf-8")
    p.goto(offline.as_uri())  # type: ignore[attr-defined]
    p.click("#last")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_be_visible()  # type: ignore[attr-defined]
    p.click("#back")  # type: ignore[attr-defined]
    pw.expect(p.locator("#where")).not_to_contain_text("step 0 ")  # type: ignore[attr-defined]
    shot(p, "replay-offline")
    # play on from here: the game as it stood at step 10, continued against random
    p.goto(f"/replays/{mid}?seat=0&step=10")  # type: ignore[attr-defined]
    pw.expect(p.locator("#where")).to_contain_text("step 10 /")  # type: ignore[attr-defined]
    p.click("#fork-button")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#log li").nth(5)).to_be_visible()  # type: ignore[attr-defined]
    shot(p, "play-on-from-here")
    p.goto("/replays")  # type: ignore[attr-defined]
    shot(p, "replays")


def step_6_watch_a_live_match_to_its_end(page: object) -> None:
    p = page
    p.goto("/watch?game=aliens")  # type: ignore[attr-defined]
    p.fill("input[name=delay]", "0.01")  # type: ignore[attr-defined]
    p.click("#start-watch")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/watch/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#log li").first).to_be_visible()  # type: ignore[attr-defined]
    shot(p, "watch")
    p.select_option("#speed", "0.0")  # type: ignore[attr-defined]
    pw.expect(p.locator("#watch-replay")).to_be_visible(timeout=120000)  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_be_visible()  # type: ignore[attr-defined]
    shot(p, "watch-finished")


def step_7_run_a_small_contest_and_see_its_leaderboard(page: object) -> None:
    p = page
    p.goto("/contests?game=aliens")  # type: ignore[attr-defined]
    p.fill("input[name=name]", "Friday")  # type: ignore[attr-defined]
    shot(p, "contests")
    p.click("#create-contest")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/contests/Friday$"))  # type: ignore[attr-defined]
    p.click("#run-contest")  # type: ignore[attr-defined]
    pw.expect(p.locator('#contest-status[data-status="finished"]')).to_be_visible(timeout=120000)  # type: ignore[attr-defined]
    pw.expect(p.locator("#leaderboard tr")).to_have_count(3)  # type: ignore[attr-defined]
    pw.expect(p.locator("#win-matrix tr")).to_have_count(3)  # type: ignore[attr-defined]
    picture = p.locator("#contest-picture")  # type: ignore[attr-defined]
    pw.expect(picture).to_be_visible(timeout=30000)  # shown once the run is over
    p.wait_for_function(  # type: ignore[attr-defined]
        "() => { const i = document.getElementById('contest-picture'); return i.complete && i.naturalWidth > 800; }")
    shot(p, "contest")


def step_9_make_a_bot_token(page: object) -> None:
    p = page
    p.goto("/bots")  # type: ignore[attr-defined]
    p.click("#make-token")  # type: ignore[attr-defined]
    pw.expect(p.locator("#fresh-token")).to_be_visible()  # type: ignore[attr-defined]
    pw.expect(p.locator("#tokens tr")).to_have_count(2)  # type: ignore[attr-defined]
    shot(p, "bots")


def step_8_every_game_plays_in_the_browser(page: object) -> None:
    """Every registered game: its Learn page, a game started and a few decisions clicked, with no
    game-specific code in the page."""
    from cardarena.core.registry import game_ids

    p = page
    for game in game_ids():
        p.goto(f"/learn/{game}")  # type: ignore[attr-defined]
        p.click("#try-it")  # type: ignore[attr-defined]
        p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
        for _ in range(4):
            b = p.locator("button.option:enabled").first  # type: ignore[attr-defined]
            b.wait_for()
            try:
                b.click(timeout=2000)
            except pw.Error:
                continue
        pw.expect(p.locator("#board .player")).to_have_count(2)  # type: ignore[attr-defined]
        assert p.locator("#log li").count() > 0  # type: ignore[attr-defined]
        shot(p, f"play-{game}")


def test_the_arena_in_a_browser(page: object) -> None:
    """One story, in order (each step needs the previous ones: the account, the deck, the finished
    game), so that it stays whole when the suite runs on several workers."""
    step_1_sign_up(page)
    step_2_learn_the_wheel_and_the_gallery(page)
    step_3_deck_builder_refuses_an_illegal_deck_then_saves_a_legal_one(page)
    step_4_play_a_whole_aliens_game_against_random_by_clicking(page)
    step_5_step_a_replay_back_and_forth(page)
    step_6_watch_a_live_match_to_its_end(page)
    step_7_run_a_small_contest_and_see_its_leaderboard(page)
    step_8_every_game_plays_in_the_browser(page)
    step_9_make_a_bot_token(page)
