"""The decks of an environment's game: the ones given, and a default for each seat given none."""

from __future__ import annotations

from typing import Any

from ..core.ruleset import Ruleset


def game_format(ruleset: Ruleset, given: list[Any], fmt: str | None) -> str | None:
    """The format the game will have: `fmt`, else the first given deck's own format (a circuits Squad
    or Limited deck makes a Squad or Limited game), else None (the game's default)."""
    if fmt is not None:
        return fmt
    for deck in given:
        if deck is not None:
            own = ruleset.resolve_deck(deck, None).format
            if own:
                return str(own)
    return None


def fill_decks(ruleset: Ruleset, given: list[Any], fmt: str | None, seed: int) -> list[Any]:
    """`given` (one entry per seat, None for a seat given no deck) with each None replaced as in
    `cardarena match`: the format's default deck for that seat, or, in a format without starters
    (circuits Limited), the game's stand-in deck made from the game seed (`Ruleset.stand_in_deck`)."""
    default = ruleset.default_decks(fmt)
    out: list[Any] = []
    for i, deck in enumerate(given):
        if deck is None and fmt is not None:
            deck = ruleset.stand_in_deck(fmt, seed + 1 + i)
        out.append(deck if deck is not None else default[i % len(default)])
    return out
