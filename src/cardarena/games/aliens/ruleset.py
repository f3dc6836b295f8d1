"""The `aliens` Ruleset: the entry point the registry loads."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardarena.core.cardfiles import CardFiles
from cardarena.core.cards import card_info
from cardarena.core.decks import Deck, starters_with
from cardarena.core.engine import State
from cardarena.core.ruleset import Ruleset

from . import actions, rules
from .decks import FORMATS, check_deck, random_deck
from .invariants import check_invariants
from .narrate import narrate
from .pool import CardPool, card_pool
from .present import render
from .schema import AlienCard, Card
from .state import AliensState
from .views import AliensView


class AliensRuleset(Ruleset):
    id = "aliens"
    name = "Aliens"
    summary = ("Two automatons, three Aliens each, a ten-Affinity wheel, Reactor energy, one primary action "
               "per turn, set Counters, statuses with coin flips, Recycling, a 30-round safety cap.")
    formats = FORMATS
    default_format = "standard"
    leader_key = "aliens"
    state_class = AliensState
    #: the shape of `view(seat)` (docs/schema/aliens-view.json)
    view_type = AliensView
    rule_defaults: ClassVar[dict[str, Any]] = {
        "safety_cap_rounds": 30,  # rulebook §14
        "hand_size": 5,  # rulebook §7
        "ramp": 2,  # rulebook §8
        "prebank_max": 2,  # rulebook §6
        "set_limit": 5,  # ruling aliens.gap.18
    }
    rule_ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "safety_cap_rounds": (1, 500),
        "hand_size": (1, 20),
        "ramp": (0, 10),
        "prebank_max": (0, 10),
        "set_limit": (0, 20),
    }

    card_schema = Card

    @property
    def pool(self) -> CardPool:
        return card_pool(self.card_files)

    # -- cards -----------------------------------------------------------------------------------
    def card_names(self) -> list[str]:
        return [c.name for c in self.pool.cards]

    def card(self, name: str) -> Card:
        return self.pool.by_name[name]

    def card_info(self, name: str) -> dict[str, Any]:
        info = card_info(self.pool.by_name[name])
        if info.get("damage") == 0 and info.get("type") != "attack":
            del info["damage"]  # the schema's default: a Special or Counter deals no printed damage
        return info

    # -- decks -----------------------------------------------------------------------------------
    def starter_decks(self) -> dict[str, Deck]:
        return _starters(self.card_files)

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return check_deck(deck, self.pool, fmt)

    # -- games -----------------------------------------------------------------------------------
    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> AliensState:
        pool = self.pool.by_name
        squads: list[list[AlienCard]] = [[pool[n] for n in d.leaders["aliens"]] for d in decks]  # type: ignore[misc]
        cards = [[pool[n] for n, k in d.cards.items() for _ in range(k)] for d in decks]
        return rules.new_state(squads, cards, seed, params, config)

    def random_deck(self, rng: Any) -> Deck:
        return random_deck(self.pool, rng)

    def check_invariants(self, state: State) -> list[str]:
        assert isinstance(state, AliensState)
        return check_invariants(state)

    def played_cards(self, event: dict[str, Any]) -> list[str]:
        t = event["type"]
        if t == "activate":
            return [event["card"]]
        if t == "reveal":
            return list(event["aliens"])
        return []

    def cards_by_id(self) -> dict[str, Any]:
        return self.pool.by_id

    def render(self, view: dict[str, Any]) -> str:
        return render(view, self.pool)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return narrate(event)

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        d = state.decision
        assert isinstance(state, AliensState)
        if d is None or d.seat != seat or d.kind not in ("action", "followup") or state.resume is None:
            return []
        return actions.unplayable(state, seat, state.resume[1])  # resume is ("act", mode)

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic for search cut-offs, in [-1, 1]: live Aliens and their HP (what KOs and the safety
        cap count), minus the risk of a deck-out when a deck runs low (what ends the rest of games)."""
        assert isinstance(state, AliensState)
        st = state
        score = 0.0
        for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
            squad = 0.0
            for s in range(p * 3, p * 3 + 3):
                h = st.hp[s]
                if h > 0:
                    squad += 0.5 + 0.5 * h / st.alien(s).hp
            low_deck = max(0, 8 - len(st.deck[p])) / 8
            score += sign * (squad / 3.0 - 0.5 * low_deck)
        return max(-1.0, min(1.0, score))


@cache
def _starters(files: CardFiles | None = None) -> dict[str, Deck]:
    return starters_with("cardarena.games.aliens", files, lambda d: check_deck(d, card_pool(files)))
