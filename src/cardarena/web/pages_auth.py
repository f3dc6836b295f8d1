"""Home, sign-up, log-in and log-out."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .app import arena, check_csrf, current_user, rate_limit, render
from .models import User
from .security import check_password, hash_password

router = APIRouter()
NAME = re.compile(r"^[A-Za-z0-9_.-]{3,40}$")
MIN_PASSWORD = 8


def _next(url: str | None) -> str:
    return url if url and url.startswith("/") and not url.startswith("//") else "/"


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    user = current_user(request)
    games = arena(request).live.games_of(user.id) if user else []
    return render(request, "home.html", my_games=games)


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, next: str | None = None) -> Response:
    return render(request, "signup.html", next=_next(next), errors=[])


@router.post("/signup")
def signup(request: Request, name: Annotated[str, Form()], password: Annotated[str, Form()],
           csrf: Annotated[str, Form()] = "", next: Annotated[str, Form()] = "/") -> Response:
    check_csrf(request, csrf)
    rate_limit(request, "signup")
    errors = []
    if not NAME.match(name):
        errors.append("the name takes 3 to 40 letters, digits, '_', '.' or '-'")
    if len(password) < MIN_PASSWORD:
        errors.append(f"the password needs at least {MIN_PASSWORD} characters")
    if not errors:
        try:
            with arena(request).store.session() as s:
                u = User(name=name, password_hash=hash_password(password))
                s.add(u)
                s.flush()
                uid = u.id
        except IntegrityError:
            errors.append(f"the name {name!r} is taken")
    if errors:
        return render(request, "signup.html", status_code=400, next=_next(next), errors=errors, name=name)
    request.session.clear()
    request.session["uid"] = uid
    return RedirectResponse(_next(next), status_code=303)


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, next: str | None = None) -> Response:
    return render(request, "login.html", next=_next(next), errors=[])


@router.post("/login")
def login(request: Request, name: Annotated[str, Form()], password: Annotated[str, Form()],
          csrf: Annotated[str, Form()] = "", next: Annotated[str, Form()] = "/") -> Response:
    check_csrf(request, csrf)
    rate_limit(request, "login")
    with arena(request).store.session() as s:
        u = s.scalar(select(User).where(User.name == name))
        ok = u is not None and check_password(u.password_hash, password)
        uid = u.id if u is not None else None
    if not ok:
        return render(request, "login.html", status_code=401, next=_next(next),
                      errors=["wrong name or password"], name=name)
    request.session.clear()  # a new session on log-in: no fixation
    request.session["uid"] = uid
    return RedirectResponse(_next(next), status_code=303)


@router.post("/logout")
def logout(request: Request, csrf: Annotated[str, Form()] = "") -> Response:
    check_csrf(request, csrf)
    request.session.clear()
    return RedirectResponse("/", status_code=303)
