"""A web user can read the rule items the site cites (HTTP client): each game's rules page lists every
item of its `rule_items.md` by section, each with an anchor equal to its id; every rule id the site
shows — a guide section's citations, a deck's problems (the decks page, the builder's check, an error
page) — links to that anchor; an open point (`<game>.gap.N`) says the project rules on it."""

from __future__ import annotations

import html
import json
import re

import pytest
from fastapi.testclient import TestClient

from cardarena.core.registry import game_ids
from cardarena.rule_items import rule_items
from cardarena.web.rule_links import cited_parts, rule_links

from .conftest import signup

HTML = {"accept": "text/html"}


def _draft(client: TestClient, tok: str, doc: dict[str, object]) -> int:
    r = client.post("/decks", data={"doc": json.dumps(doc), "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


@pytest.mark.parametrize("game", sorted(game_ids()))
def test_the_rules_page_lists_every_item_with_its_anchor(client: TestClient, game: str) -> None:
    items = rule_items(game)
    assert items, f"{game} ships its rule items"
    page = client.get(f"/learn/{game}/rules").text
    listed = re.findall(r'<li id="([^"]+)">', page)
    assert listed == list(items)  # every item, once, in the rulebook's order
    for rid, item in items.items():
        li = page.split(f'<li id="{rid}">', 1)[1].split("</li>", 1)[0]
        assert f'href="#{rid}"' in li
        assert html.unescape(re.sub(r"<[^>]+>", "", li)).split(maxsplit=1)[1].startswith(item.text)
    for section in dict.fromkeys(it.section for it in items.values()):
        assert f"<h2>{html.escape(section)}</h2>" in page
    assert f'href="/learn/{game}/rules"' in client.get(f"/learn/{game}").text  # linked from the Learn page
    assert f'href="/learn/{game}/rules"' in client.get("/learn").text


def test_an_open_point_says_the_project_rules_on_it(client: TestClient) -> None:
    page = client.get("/learn/aliens/rules").text
    li = page.split('<li id="aliens.gap.9">', 1)[1].split("</li>", 1)[0]
    # the ruling itself (games/aliens/rulings.md ships with the package), not only where to read it
    assert "Ruled: One shared Sector Zone holding at most one card." in li
    # mastery's guide says its rulings in plain words: the item links to the section that does
    li = client.get("/learn/mastery/rules").text.split('<li id="mastery.gap.3">', 1)[1].split("</li>", 1)[0]
    assert re.search(r'In the guide: <a href="/learn/mastery#s\d+">', li), li


def test_a_learn_page_links_each_rule_it_cites(client: TestClient) -> None:
    page = client.get("/learn/aliens").text
    cited = page.split('<p class="rules-cited">', 1)[1].split("</p>", 1)[0]
    assert '<a class="rule-ref" href="/learn/aliens/rules#aliens.1.2">aliens.1.2</a>' in cited
    assert "aliens.1.2" in rule_items("aliens")


def test_a_deck_problem_on_the_decks_page_links_to_its_rule_item(client: TestClient) -> None:
    tok = signup(client, "reader")
    _draft(client, tok, {"game": "aliens", "name": "thin", "cards": {}})
    _draft(client, tok, {"game": "mastery", "name": "thin", "cards": {}})
    page = client.get("/decks").text
    problems = re.findall(r'<li class="problem">(.*?)</li>', page, re.S)
    # "the Tactic deck has 0 cards; it needs 50–60 (rule aliens.2.3)"
    assert any('<a class="rule-ref" href="/learn/aliens/rules#aliens.2.3">aliens.2.3</a>' in p for p in problems)
    # mastery's reasons cite "(ruling mastery.gap.3)"
    assert any('<a class="rule-ref" href="/learn/mastery/rules#mastery.gap.3">mastery.gap.3</a>' in p for p in problems)
    # and the link lands on an item the rules page has
    assert '<li id="aliens.2.3">' in client.get("/learn/aliens/rules").text


def test_the_builders_check_gives_each_problem_with_its_rule_links(client: TestClient) -> None:
    tok = signup(client, "builder")
    r = client.post("/api/decks/check", json={"game": "frontline", "name": "x", "cards": {}},
                    headers={"x-csrf-token": tok})
    res = r.json()
    assert len(res["problem_parts"]) == len(res["problems"])
    for text, parts in zip(res["problems"], res["problem_parts"], strict=True):
        assert "".join(t for t, _ in parts) == text  # the same words, only cut
    links = [href for parts in res["problem_parts"] for _, href in parts if href]
    assert "/learn/frontline/rules#frontline.2.1" in links and "/learn/frontline/rules#frontline.2.3" in links


def test_an_error_page_links_the_rules_its_message_cites(client: TestClient) -> None:
    tok = signup(client, "player")
    deck_id = _draft(client, tok, {"game": "aliens", "name": "thin", "cards": {}})
    r = client.post("/play", data={"game": "aliens", "mine": f"deck:{deck_id}", "theirs": "starter:x",
                                   "agent": "random", "seat": "0", "seed": "1", "csrf": tok}, headers=HTML)
    assert r.status_code == 400
    problem = r.text.split('<p class="problem">', 1)[1].split("</p>", 1)[0]
    assert "is a draft" in problem
    assert '<a class="rule-ref" href="/learn/aliens/rules#aliens.2.3">aliens.2.3</a>' in problem


def test_only_the_ids_a_game_has_are_linked_and_the_rest_is_escaped() -> None:
    said = "40–60 cards <b>here</b> (rules frontline.2.1–2.3); 3.1 and frontline.99.9 (rule 7.99)"
    parts = cited_parts(said, "frontline")
    assert "".join(t for t, _ in parts) == said
    assert [(t, h) for t, h in parts if h] == [("frontline.2.1", "/learn/frontline/rules#frontline.2.1"),
                                               ("2.3", "/learn/frontline/rules#frontline.2.3")]
    out = str(rule_links(said, "frontline"))
    assert "&lt;b&gt;here&lt;/b&gt;" in out and "<b>" not in out
    # a bare number is a rule only inside a citation, and only of a game that is known
    assert all(h is None for _, h in cited_parts("needs 2.3 more (ruling gap.3)"))
    assert cited_parts("rule 8.1.4", "circuits")[1] == ("8.1.4", "/learn/circuits/rules#circuits.8.1.4")


def test_a_game_that_does_not_exist_has_no_rules_page(client: TestClient) -> None:
    r = client.get("/learn/nope/rules", headers=HTML)
    assert r.status_code == 404 and "no game" in r.text
