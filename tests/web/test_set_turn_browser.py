"""aliens set cards on the web board: each says on which turn it was set, the other seat's face-down
ones too (public: it decides whether a set card may answer as a Counter), with Debian's chromium."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .test_browser import CHROMIUM, pw, server  # noqa: F401  (the server fixture)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


@pytest.fixture(scope="module")
def page(server: str) -> Iterator[Any]:  # noqa: F811
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        ctx = b.new_context(base_url=server, viewport={"width": 1400, "height": 900})
        pg = ctx.new_page()
        pg.set_default_timeout(15000)
        yield pg
        b.close()


def _their_set_turns(f: dict[str, Any]) -> list[int]:
    return [c["set_turn"] for p in f["view"]["players"] if p["seat"] != f["seat"] for c in p["command"]
            if c["face_down"] and "card" not in c]


def test_the_other_seats_set_cards_say_when_they_were_set(page: Any) -> None:
    p = page
    p.goto("/signup")
    p.fill("input[name=name]", "setturns")
    p.fill("input[name=password]", "correct horse")
    p.click("button[type=submit]")
    pw.expect(p.locator("#whoami")).to_have_text("setturns")
    p.goto("/learn/aliens")
    p.click("#try-it")
    p.wait_for_url(re.compile(r"/play/\d+$"))
    api = "/api/play/" + p.url.rsplit("/", 1)[1]
    csrf = p.locator('meta[name="csrf-token"]').get_attribute("content")
    rng = random.Random(3)
    end = time.monotonic() + 120
    while True:  # pass my turns at once, so the automaton plays (and sets cards) often
        assert time.monotonic() < end, "the automaton set no card"
        f = p.request.get(api).json()
        assert not f["result"], "the game ended before the automaton set a card"
        if _their_set_turns(f):
            break
        d = f["decision"]
        if not (d and "options" in d):
            time.sleep(0.02)
            continue
        ids = [o["id"] for o in d["options"]]
        pick = next((i for i in ("pass", "done", "keep") if i in ids), rng.choice(ids))
        p.request.post(api + "/move", data={"seq": f["seq"], "option": pick}, headers={"x-csrf-token": csrf})
    p.reload()
    p.locator("#board .player").first.wait_for()
    f = p.request.get(api).json()
    turns = _their_set_turns(f)
    assert turns
    backs = p.locator(f'#board .player[data-seat="{1 - f["seat"]}"] .card.back')
    shown = " ".join(backs.all_text_contents())
    for t in turns:
        assert f"set on turn {t}" in shown, shown
