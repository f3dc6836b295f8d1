"""The `circuits` Ruleset: Duel in Standard and Open."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardarena.core.cards import card_info
from cardarena.core.decks import Deck, load_starters
from cardarena.core.engine import State
from cardarena.core.errors import CardArenaError
from cardarena.core.ruleset import Ruleset

from .decks import FORMATS, check_deck, random_deck
from .invariants import check_invariants
from .narrate import narrate
from .pool import CardPool, card_pool
from .present import render
from .rules import HANDLERS
from .state import CircuitsState
from .turn import new_state
from .views import CircuitsView

CircuitsState.HANDLERS = HANDLERS  # the rule steps, dispatched on step[0]


class CircuitsRuleset(Ruleset):
    id = "circuits"
    name = "Circuits"
    summary = ("Heroes with two Circuits, Gear from a secret Loadout, Assets, face-down Plans and Response "
               "Windows. Duel: reduce the enemy Hero to 0 HP.")
    formats = FORMATS
    default_format = "standard"
    leader_key = "heroes"
    state_class = CircuitsState
    view_type = CircuitsView  # the shape of `view(seat)` (docs/schema/circuits-view.json)
    rule_defaults: ClassVar[dict[str, Any]] = {
        "reserve_token": True,  # rulebook §14, "under test" (ruling circuits.gap.26)
        "overtime_start": 9,  # rulebook §7 Overtime, "under test"
        "capacity_max": 10,  # rule circuits.6.3
        "field_size": 2,  # rule circuits.9.1.2
    }
    rule_ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "overtime_start": (1, 100),
        "capacity_max": (1, 30),
        "field_size": (1, 10),
    }

    @property
    def pool(self) -> CardPool:
        return card_pool()

    def card_names(self) -> list[str]:
        return sorted(self.pool.by_name)

    def card_info(self, name: str) -> dict[str, Any]:
        return card_info(self.pool.by_name[name])

    def starter_decks(self) -> dict[str, Deck]:
        return _starters()

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return check_deck(deck, self.pool, fmt)

    def random_deck(self, rng: Any) -> Deck:
        return random_deck(self.pool, rng)

    def new_game(self, decks: list[Any] | tuple[Any, ...] | None = None, seed: int = 0, fmt: str | None = None,
                 rules: dict[str, Any] | None = None) -> CircuitsState:
        if decks is None:
            names = sorted(self.starter_decks())
            decks = [names[0], names[1]]
        if len(decks) != 2:
            raise CardArenaError(f"a circuits Duel is played by 2 players; got {len(decks)} deck(s)")
        params = self.check_rules(rules)
        resolved = [self.resolve_deck(d, fmt) for d in decks]
        # a Standard deck is legal in Open; a game with an Open deck is an Open game
        fmt = fmt or ("open" if any(d.format == "open" for d in resolved) else self.default_format)
        pool = self.pool
        heroes = [pool.heroes[d.leaders["heroes"][0]] for d in resolved]
        armories = [[pool.by_name[g] for g in d.leaders["armory"]] for d in resolved]
        cards = [[pool.by_name[n] for n, k in d.cards.items() for _ in range(k)] for d in resolved]
        config = {"game": "circuits", "format": fmt, "rules": params, "seed": seed,
                  "decks": [d.to_dict() for d in resolved]}
        return new_state(heroes, armories, cards, seed, params, config)  # type: ignore[arg-type]

    def cards_by_id(self) -> dict[str, Any]:
        return self.pool.by_id

    def check_invariants(self, state: State) -> list[str]:
        assert isinstance(state, CircuitsState)
        return check_invariants(state)

    def played_cards(self, event: dict[str, Any]) -> list[str]:
        t = event["type"]
        if t in ("play", "answer", "equip") and "card" in event:
            return [event["card"]]
        if t == "plan_revealed":
            return [event["card"]]
        if t == "reveal_hero":
            return [event["hero"]]
        return []

    def narrate(self, event: dict[str, Any]) -> str | None:
        return narrate(event)

    def render(self, view: dict[str, Any]) -> str:
        return render(view)

    def evaluate(self, state: State, seat: int) -> float:
        """Hero HP share, mine against theirs, in [-1, 1]."""
        assert isinstance(state, CircuitsState)
        mine = state.hp[seat] / state.max_hp(seat)
        theirs = state.hp[1 - seat] / state.max_hp(1 - seat)
        return max(-1.0, min(1.0, mine - theirs))


@cache
def _starters() -> dict[str, Deck]:
    return load_starters("cardarena.games.circuits")
