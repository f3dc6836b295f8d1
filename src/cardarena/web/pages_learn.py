"""Learn: each game's guide (the same text as `cardarena rules`), glossary, its rules item by item
(what `cardarena rules GAME ITEM` prints; the rule ids the site cites link there), card gallery with
search and filters, and for aliens the interactive Affinity wheel."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from ..core.errors import CardArenaError
from ..core.registry import game_ids, load_game
from ..core.ruleset import Ruleset
from ..terminal.cardtext import card_lines, display_name
from .app import render
from .frames import guide_of
from .rule_links import rule_sections

router = APIRouter()
#: card fields never offered as filters (free text, ids, numbers)
NOT_FACETS = {"name", "text", "id", "variant", "flavor"}


def game_or_404(game_id: str) -> Ruleset:
    if game_id not in game_ids():
        raise HTTPException(404, f"no game {game_id!r}")
    try:
        return load_game(game_id)
    except CardArenaError as e:
        raise HTTPException(404, str(e)) from None


def gallery(game: Ruleset) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    """Every card with its readable lines and filterable fields, and the filter choices: the card
    fields with a few distinct word values (kind, species, affinity...), found from the data."""
    cards: list[dict[str, Any]] = []
    values: dict[str, set[str]] = {}
    for name in game.card_names():
        info = game.card_info(name)
        fields = {k: str(v) for k, v in info.items()
                  if isinstance(v, str) and k not in NOT_FACETS and v and len(v) < 30}
        for k, v in fields.items():
            values.setdefault(k, set()).add(v)
        lines = card_lines(info)
        cards.append({"name": display_name(info), "key": name, "lines": lines, "facets": fields,
                      "search": " ".join(lines).lower()})
    facets = {k: sorted(v) for k, v in values.items() if 2 <= len(v) <= 20}
    for c in cards:
        c["facets"] = {k: v for k, v in c["facets"].items() if k in facets}
    return cards, facets


@router.get("/learn", response_class=HTMLResponse)
def learn_index(request: Request) -> Response:
    games = [load_game(g) for g in game_ids()]
    return render(request, "learn_index.html", rulesets=games)


@router.get("/learn/{game_id}", response_class=HTMLResponse)
def learn_game(request: Request, game_id: str) -> Response:
    game = game_or_404(game_id)
    wheel = None
    if game.id == "aliens":  # the one game-specific picture the arena draws (issue: the Affinity wheel)
        from .wheel import wheel as make_wheel

        wheel = make_wheel()
    return render(request, "learn_game.html", game=game, guide=guide_of(game.id), wheel=wheel)


@router.get("/learn/{game_id}/rules", response_class=HTMLResponse)
def rules_page(request: Request, game_id: str) -> Response:
    game = game_or_404(game_id)
    return render(request, "learn_rules.html", game=game, sections=rule_sections(game.id, guide_of(game.id)))


@router.get("/learn/{game_id}/cards", response_class=HTMLResponse)
def cards_page(request: Request, game_id: str, q: str = "") -> Response:
    game = game_or_404(game_id)
    cards, facets = gallery(game)
    chosen = {k: request.query_params.get(k, "") for k in facets}
    ql = q.strip().lower()
    for c in cards:  # the server filters too (a link with ?q=... works without scripts)
        c["shown"] = (not ql or ql in c["search"]) and all(not v or c["facets"].get(k) == v for k, v in chosen.items())
    return render(request, "cards.html", game=game, cards=cards, facets=facets, chosen=chosen, q=q)
