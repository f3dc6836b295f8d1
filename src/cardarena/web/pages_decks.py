"""The deck builder: a user's decks and drafts, live validation with every reason (the checks of
`cardarena validate`), save, rename, copy, delete, export and import TOML. A saved deck is legal; an
illegal one is kept as a draft and cannot enter a game or a contest. Another user's deck is 403."""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any

from fastapi import APIRouter, Body, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import UploadFile as StarletteUpload

from ..core.decks import Deck, parse_deck
from ..core.errors import DeckError
from ..core.registry import game_ids
from ..core.ruleset import Ruleset
from .app import arena, check_csrf, current_user, login_redirect, render, require_user
from .models import SavedDeck, now
from .pages_learn import gallery, game_or_404
from .rule_links import cited_parts

router = APIRouter()
MAX_NAME = 200


def check_doc(doc: Any) -> tuple[Deck | None, list[str]]:
    """The deck a document describes and every reason it is not legal ([] when it is)."""
    if not isinstance(doc, dict):
        return None, ["a deck is a table of game, name, leaders and cards"]
    try:
        deck = Deck.from_dict(doc)
    except DeckError as e:
        return None, list(e.problems)
    if deck.game not in game_ids():
        return deck, [f"unknown game {deck.game!r}"]
    problems = []
    if not deck.name.strip():
        problems.append("the deck needs a name")
    problems.extend(name_problems(deck.name))
    game = game_or_404(deck.game)
    fmt = deck.format or game.default_format
    if fmt not in game.formats:
        problems.append(f"{game.id} has no format {fmt!r}; formats: {', '.join(game.formats)}")
        return deck, problems
    return deck, problems + game.check_deck(deck, fmt)


def name_problems(name: str) -> list[str]:
    """Why a deck cannot be kept under this name, even as a draft (its column holds MAX_NAME characters,
    and PostgreSQL refuses a NUL in a text)."""
    problems = []
    if not name.strip():  # its link in the deck list would have no text to click
        problems.append("the deck needs a name")
    if len(name) > MAX_NAME:
        problems.append(f"the name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        problems.append("the name may not contain control characters")
    return problems


def owned_deck(request: Request, deck_id: int, user_id: int) -> SavedDeck:
    with arena(request).store.session() as s:
        d = s.get(SavedDeck, deck_id)
        if d is None:
            raise HTTPException(404, f"no deck {deck_id}")
        if d.user_id != user_id:
            raise HTTPException(403, "this deck belongs to another player")
        return d


def _store_deck(request: Request, user_id: int, doc: dict[str, Any], deck_id: int | None = None) -> tuple[int, list[str]]:
    deck, problems = check_doc(doc)
    if deck is None or not deck.game or deck.game not in game_ids():
        raise HTTPException(400, "; ".join(problems) or "not a deck")
    unkeepable = name_problems(deck.name)
    if unkeepable:  # a draft keeps a deck's problems, but not a name its table cannot hold
        raise HTTPException(400, "; ".join(unkeepable))
    clean = deck.to_dict()
    try:
        with arena(request).store.session() as s:
            row = s.get(SavedDeck, deck_id) if deck_id is not None else None
            if row is None:
                row = SavedDeck(user_id=user_id, game=deck.game)
                s.add(row)
            row.name, row.doc, row.legal, row.problems, row.updated_at = deck.name, clean, not problems, problems, now()
            s.flush()
            return row.id, problems
    except IntegrityError:
        raise HTTPException(409, f"you already have a deck named {deck.name!r} for {deck.game}: give this one "
                                 "another name (nothing was saved)") from None


def my_decks(request: Request, user_id: int, game: str | None = None, legal_only: bool = False) -> list[SavedDeck]:
    with arena(request).store.session() as s:
        q = select(SavedDeck).where(SavedDeck.user_id == user_id)
        if game:
            q = q.where(SavedDeck.game == game)
        if legal_only:
            q = q.where(SavedDeck.legal.is_(True))
        return list(s.scalars(q.order_by(SavedDeck.game, SavedDeck.name)))


def leader_kinds(game: Ruleset) -> str:
    """The card kind that goes in the leader list (aliens -> 'alien', heroes -> 'hero')."""
    key = game.leader_key
    return key[:-2] if key.endswith("es") and not key.endswith("iens") else key.rstrip("s")


@router.get("/decks", response_class=HTMLResponse)
def decks_page(request: Request) -> Response:
    user = current_user(request)
    if user is None:
        return login_redirect(request)
    return render(request, "decks.html", decks=my_decks(request, user.id), game_ids=game_ids())


def deck_lists(game: Ruleset) -> dict[str, str]:
    """The lists a deck keeps beside its [cards], each with the kind of card it takes (aliens <- alien;
    heroes <- hero and armory <- gear in circuits), found from the starter decks: a circuits deck needs
    its Armory, which the leader key alone does not name."""
    lists = {game.leader_key: leader_kinds(game)} if game.leader_key else {}
    for deck in game.starter_decks().values():
        for key, names in deck.leaders.items():
            kinds = {game.card_info(n).get("kind") for n in names}
            if key not in lists and len(kinds) == 1 and isinstance(kind := kinds.pop(), str):
                lists[key] = kind
    return lists


def _editor(request: Request, game: Ruleset, doc: dict[str, Any], deck_id: int | None) -> Response:
    cards, facets = gallery(game)
    _, problems = check_doc(doc)
    lists = deck_lists(game)
    takes = {kind: key for key, kind in lists.items()}
    for c in cards:
        c["list"] = takes.get(str(game.card_info(c["key"]).get("kind")))
    return render(request, "deck_edit.html", game=game, doc=doc, doc_json=json.dumps(doc), deck_id=deck_id,
                  cards=cards, facets=facets, problems=problems, starters=sorted(game.starter_decks()),
                  lists=list(lists))


@router.get("/decks/new", response_class=HTMLResponse)
def new_deck(request: Request, game: str, starter: str | None = None) -> Response:
    if current_user(request) is None:
        return login_redirect(request)
    g = game_or_404(game)
    starters = g.starter_decks()
    if starter and starter in starters:
        doc = starters[starter].to_dict()
        doc["name"] = f"{doc['name']} (mine)"
    else:
        doc = {"game": g.id, "name": "New deck", "format": g.default_format, "cards": {}}
        for key in deck_lists(g):
            doc[key] = []
    return _editor(request, g, doc, None)


@router.get("/decks/{deck_id:int}", response_class=HTMLResponse)
def edit_deck(request: Request, deck_id: int) -> Response:
    user = current_user(request)
    if user is None:
        return login_redirect(request)
    d = owned_deck(request, deck_id, user.id)
    return _editor(request, game_or_404(d.game), d.doc, d.id)


@router.post("/api/decks/check")
def api_check(request: Request, doc: Annotated[dict[str, Any], Body()]) -> JSONResponse:
    deck, problems = check_doc(doc)
    game = deck.game if deck is not None and deck.game in game_ids() else None
    # each problem also cut into pieces, a rule id it cites with its item's address (the builder links it)
    parts = [[[text, href] for text, href in cited_parts(p, game)] for p in problems]
    return JSONResponse({"legal": deck is not None and not problems, "problems": problems, "problem_parts": parts,
                         "size": deck.size if deck else 0})


@router.post("/decks")
def create_deck(request: Request, doc: Annotated[str, Form()], csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    deck_id, _ = _store_deck(request, user.id, _json_doc(doc))
    return RedirectResponse(f"/decks/{deck_id}", status_code=303)


@router.post("/decks/{deck_id:int}")
def save_deck(request: Request, deck_id: int, doc: Annotated[str, Form()], csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    old = owned_deck(request, deck_id, user.id)
    new = _json_doc(doc)
    if new.get("game") != old.game:
        raise HTTPException(400, "a deck cannot change its game")
    _store_deck(request, user.id, new, deck_id)
    return RedirectResponse(f"/decks/{deck_id}", status_code=303)


@router.post("/decks/{deck_id:int}/copy")
def copy_deck(request: Request, deck_id: int, csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    old = owned_deck(request, deck_id, user.id)
    names = {d.name for d in my_decks(request, user.id, old.game)}
    doc = dict(old.doc)
    n = 1
    while (name := f"{old.name[:MAX_NAME - 12]} (copy{'' if n == 1 else f' {n}'})") in names:
        n += 1
    doc["name"] = name
    new_id, _ = _store_deck(request, user.id, doc)
    return RedirectResponse(f"/decks/{new_id}", status_code=303)


@router.post("/decks/{deck_id:int}/delete")
def delete_deck(request: Request, deck_id: int, csrf: Annotated[str, Form()] = "") -> Response:
    user = require_user(request)
    check_csrf(request, csrf)
    owned_deck(request, deck_id, user.id)
    with arena(request).store.session() as s:
        row = s.get(SavedDeck, deck_id)
        if row is not None:
            s.delete(row)
    return RedirectResponse("/decks", status_code=303)


@router.get("/decks/{deck_id:int}/export")
def export_deck(request: Request, deck_id: int) -> Response:
    user = require_user(request)
    d = owned_deck(request, deck_id, user.id)
    text = Deck.from_dict(d.doc).to_toml()
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in d.name)[:60] or "deck"
    return Response(text, media_type="application/toml",
                    headers={"content-disposition": f'attachment; filename="{safe}.toml"'})


@router.post("/decks/import")
async def import_deck(request: Request) -> Response:
    """A TOML deck, pasted or uploaded; an illegal one becomes a draft with its reasons."""
    user = require_user(request)
    form = await request.form()
    check_csrf(request, str(form.get("csrf", "")))
    upload = form.get("file")
    text = str(form.get("text", "") or "")
    if isinstance(upload, StarletteUpload) and upload.filename:
        try:  # a BOM is fine; another encoding would be saved with its letters replaced
            text = (await upload.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HTTPException(400, f"{upload.filename} is not UTF-8 text: save it as UTF-8 and import it "
                                     "again") from None
    if not text.strip():  # "missing `game`" would answer a press of Import with nothing chosen
        raise HTTPException(400, "nothing to import: choose a TOML deck file or paste one, then Import")
    try:
        deck = parse_deck(text, "imported deck")
    except DeckError as e:
        raise HTTPException(400, "; ".join(e.problems)) from None
    deck_id, _ = _store_deck(request, user.id, deck.to_dict())
    return RedirectResponse(f"/decks/{deck_id}", status_code=303)


def _json_doc(text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise HTTPException(400, f"the deck is not valid JSON: {e}") from None
    except RecursionError:
        raise HTTPException(400, "the deck is not valid JSON: nested too deeply") from None
    if not isinstance(doc, dict):
        raise HTTPException(400, "a deck is a table")
    return doc
