"""Following a rule link in a real browser, on a phone (390 x 844, Debian's chromium; the fixtures of
test_browser.py): a problem the deck builder lists and a Learn page's citation each land on their item
of the game's rules page, marked and in view, and the page needs no sideways scrolling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, SHOTS, pw, server  # noqa: F401  (the server fixture)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def phone(server: str) -> Iterator[object]:  # noqa: F811
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], headless=True)
        ctx = b.new_context(base_url=server, viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.set_default_timeout(15000)
        yield page
        b.close()


def _lands_on(p: object, rid: str) -> None:
    """The page is the rules page at `rid`'s anchor, its item the one marked, wholly in view."""
    game = rid.split(".")[0]
    p.wait_for_url(f"**/learn/{game}/rules#{rid}")  # type: ignore[attr-defined]
    item = p.locator("li:target")  # type: ignore[attr-defined]
    pw.expect(item).to_have_attribute("id", rid)
    box = item.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert rid in item.inner_text()
    wide, seen = p.evaluate(  # type: ignore[attr-defined]
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide <= seen, (wide, seen)


def test_a_rule_link_lands_on_its_item(phone: object, server: str) -> None:  # noqa: F811
    p = phone
    p.goto("/signup")  # type: ignore[attr-defined]
    p.fill("input[name=name]", "rule-reader")  # type: ignore[attr-defined]
    p.fill("input[name=password]", "correct horse")  # type: ignore[attr-defined]
    p.click("button[type=submit]")  # type: ignore[attr-defined]
    pw.expect(p.locator("#whoami")).to_have_text("rule-reader")  # type: ignore[attr-defined]
    # an empty aliens deck: "the Tactic deck has 0 cards; it needs 50–60 (rule aliens.2.3)"
    p.goto("/decks/new?game=aliens")  # type: ignore[attr-defined]
    link = p.locator('#validation .problem a.rule-ref[href$="#aliens.2.3"]')  # type: ignore[attr-defined]
    link.scroll_into_view_if_needed()
    link.click()
    _lands_on(p, "aliens.2.3")
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / "phone-rule-item.png"))  # type: ignore[attr-defined]
    # a section's citation on the Learn page, far down the rules page (an open point)
    p.goto("/learn/mastery")  # type: ignore[attr-defined]
    link = p.locator('.rules-cited a.rule-ref[href$="#mastery.gap.3"]').first  # type: ignore[attr-defined]
    link.scroll_into_view_if_needed()
    link.click()
    _lands_on(p, "mastery.gap.3")
