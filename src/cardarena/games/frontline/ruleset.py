"""The `frontline` Ruleset: the entry point the registry loads."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardarena.core.cardfiles import CardFiles
from cardarena.core.cards import card_info
from cardarena.core.decks import Deck, starters_with
from cardarena.core.engine import State
from cardarena.core.ruleset import Ruleset

from . import actions
from . import rules as game_rules
from .decks import FORMATS, check_deck, random_deck
from .invariants import check_invariants
from .narrate import narrate
from .pool import CardPool, card_pool
from .present import render
from .schema import Card
from .state import FrontlineState
from .text import ability_text, card_text, effects_text, self_word


class FrontlineRuleset(Ruleset):
    id = "frontline"
    name = "Frontline"
    summary = ("20 Life Points, 0–3 stats, costs paid by Expending cards to the Fallen Zone, Front Line / "
               "Equipment Row / Command Zone / Tactical Zone, Generals, Retreat, the Reaction Ladder.")
    formats = FORMATS
    default_format = "standard"
    leader_key = ""
    state_class = FrontlineState
    rule_defaults: ClassVar[dict[str, Any]] = {
        "life": 20,  # rulebook §1
        "opening_hand": 6,  # rulebook §2
        "turn_cap": 60,  # ruling frontline.gap.14: the game always ends
    }
    rule_ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "life": (1, 99),
        "opening_hand": (0, 20),
        "turn_cap": (2, 400),
    }

    card_schema = Card

    @property
    def pool(self) -> CardPool:
        return card_pool(self.card_files)

    def card_names(self) -> list[str]:
        return [c.name for c in self.pool.cards]

    def card(self, name: str) -> Card:
        return self.pool.by_name[name]

    def card_info(self, name: str) -> dict[str, Any]:
        c = self.pool.by_name[name]
        info = card_info(c)
        ab = getattr(c, "ability", None)
        if ab is not None and isinstance(info.get("ability"), dict):
            # the ability shown (and inspectable) as its own part, with its text; the card's text is the rest
            me = self_word(c)
            info["ability"] = {**info["ability"], "text": effects_text(ab.effects, ab.target, me), "kind": "once per turn"}
            info["text"] = card_text(c).replace(ability_text(ab, me), "").strip()
        else:
            info["text"] = card_text(c)
        return info

    def starter_decks(self) -> dict[str, Deck]:
        return _starters(self.card_files)

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return check_deck(deck, self.pool, fmt)

    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> FrontlineState:
        pool = self.pool.by_name
        cards = [[pool[n] for n, k in d.cards.items() for _ in range(k)] for d in decks]
        return game_rules.new_state(cards, seed, params, config)

    def random_deck(self, rng: Any) -> Deck:
        return random_deck(self.pool, rng)

    def check_invariants(self, state: State) -> list[str]:
        assert isinstance(state, FrontlineState)
        return check_invariants(state)

    def played_cards(self, event: dict[str, Any]) -> list[str]:
        if event["type"] in ("deploy", "general", "tactical", "equip", "cast"):
            return [event["card"]]
        return []

    def cards_by_id(self) -> dict[str, Any]:
        return self.pool.by_id

    def render(self, view: dict[str, Any]) -> str:
        return render(view)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return narrate(event)

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        d = state.decision
        assert isinstance(state, FrontlineState)
        if d is None or d.seat != seat or d.kind != "main" or state.resume is None:
            return []
        return actions.unplayable(state, seat, state.resume[1])  # resume is ("main_do", n)

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic in [-1, 1]: the LP race first, then the units and HP each side has in play."""
        assert isinstance(state, FrontlineState)
        st = state
        score = 0.0
        for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
            board = sum(st.hp[u] + st.defs[u].atk for u in st.units(p)) + len(st.tac_cards(p))
            score += sign * (st.lp[p] / 20.0 * 0.6 + min(board, 20) / 20.0 * 0.4)
        return max(-1.0, min(1.0, score))


@cache
def _starters(files: CardFiles | None = None) -> dict[str, Deck]:
    return starters_with("cardarena.games.frontline", files, lambda d: check_deck(d, card_pool(files)))
