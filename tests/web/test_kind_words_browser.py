"""circuits Plan Kinds on the web board as the rulebook writes them ("Offense"): a face-down Plan of the
other seat shows its Kind marker capitalised, and so does the play-by-play, while the frame the page
gets keeps the lower-case value of the view (Debian's chromium, the fixtures of test_browser.py)."""

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


def _their_face_down_plan(f: dict[str, Any]) -> bool:
    other = [pl for p in f["view"]["players"] if p["seat"] != f["seat"] for pl in p["plans"]]
    return any("card" not in pl and pl["kind"] for pl in other)


def test_a_face_down_plans_kind_is_capitalised_on_the_board(page: Any) -> None:
    p = page
    p.goto("/signup")
    p.fill("input[name=name]", "kinds")
    p.fill("input[name=password]", "correct horse")
    p.click("button[type=submit]")
    pw.expect(p.locator("#whoami")).to_have_text("kinds")
    p.goto("/learn/circuits")
    p.click("#try-it")
    p.wait_for_url(re.compile(r"/play/\d+$"))
    api = "/api/play/" + p.url.rsplit("/", 1)[1]
    csrf = p.locator('meta[name="csrf-token"]').get_attribute("content")
    rng = random.Random(4)
    end = time.monotonic() + 120
    while True:  # end my turns at once, so the random automaton plays (and sets Plans) often
        assert time.monotonic() < end, "the automaton set no face-down Plan"
        f = p.request.get(api).json()
        assert not f["result"], "the game ended before the automaton set a face-down Plan"
        if _their_face_down_plan(f):
            break
        d = f["decision"]
        if not (d and "options" in d):
            time.sleep(0.02)
            continue
        ids = [o["id"] for o in d["options"]]
        pick = next((i for i in ("end", "pass", "keep") if i in ids), rng.choice(ids))
        p.request.post(api + "/move", data={"seq": f["seq"], "option": pick}, headers={"x-csrf-token": csrf})
    p.reload()
    p.locator("#board .player").first.wait_for()
    f = p.request.get(api).json()
    assert _their_face_down_plan(f)  # the frame: the view's lower-case Kinds, as bots read them
    kinds = {pl["kind"] for q in f["view"]["players"] if q["seat"] != f["seat"] for pl in q["plans"]
             if "card" not in pl}
    assert kinds <= {"offense", "defense", "utility"}
    plans = p.locator(f'#board .player[data-seat="{1 - f["seat"]}"] [data-zone="plans"] .card > b')
    shown = plans.all_text_contents()
    assert shown and set(shown) <= {"Offense", "Defense", "Utility"}, shown
    assert {k.capitalize() for k in kinds} <= set(shown)
    log = " ".join(p.locator("#log li").all_text_contents())
    assert re.search(r"plays a face-down (Offense|Defense|Utility) Plan", log)
    assert not re.search(r"face-down (offense|defense|utility) Plan", log)
