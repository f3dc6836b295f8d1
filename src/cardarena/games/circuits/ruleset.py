"""The `circuits` Ruleset: Duel in Standard and Open, and Squad (§16)."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from cardarena.core.cardfiles import CardFiles
from cardarena.core.cards import card_info
from cardarena.core.decks import Deck, starters_with
from cardarena.core.engine import State
from cardarena.core.ruleset import Ruleset

from . import draft as draft_rules
from . import limited as limited_rules
from .decks import FORMATS, check_deck, random_deck
from .invariants import check_invariants
from .narrate import narrate
from .pool import CardPool, card_pool
from .present import render
from .rules import HANDLERS
from .schema import Card
from .state import CircuitsState
from .turn import new_state
from .unplayable import unplayable as not_offered
from .views import CircuitsView

SQUAD_SHARE, LIMITED_SHARE = 0.16, 0.08  # of fuzzed games (random_decks)

CircuitsState.HANDLERS = HANDLERS  # the rule steps, dispatched on step[0]


class CircuitsRuleset(Ruleset):
    id = "circuits"
    name = "Circuits"
    summary = ("Heroes with two Circuits, Gear from a secret Loadout, Assets, face-down Plans and Response "
               "Windows. Duel: reduce the enemy Hero to 0 HP. Squad: knock out two of the enemy's three Heroes.")
    formats = FORMATS
    default_format = "standard"
    leader_key = "heroes"
    state_class = CircuitsState
    limited: ClassVar[Any] = limited_rules  # Sealed (cardarena sealed, limited_cli.py)
    drafting: ClassVar[Any] = draft_rules  # Booster Draft (cardarena draft)
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

    card_schema = Card

    @property
    def pool(self) -> CardPool:
        return card_pool(self.card_files)

    def card_names(self) -> list[str]:
        return sorted(self.pool.by_name)

    def card_info(self, name: str) -> dict[str, Any]:
        return card_info(self.pool.by_name[name])

    def starter_decks(self) -> dict[str, Deck]:
        return _starters(self.card_files)

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return check_deck(deck, self.pool, fmt)

    def random_deck(self, rng: Any) -> Deck:
        return random_deck(self.pool, rng)

    def random_decks(self, rng: Any, n: int) -> list[Deck]:
        """n random decks of one format (Squad, Limited and Duel decks never meet): Squad in about one
        game of six (SQUAD_SHARE; its games are longer), Limited (Sealed decks of random pools) in one
        of twelve, else Duel decks, Standard or Open."""
        draw = rng.random()
        if SQUAD_SHARE <= draw < SQUAD_SHARE + LIMITED_SHARE:
            return [limited_rules.build_deck(self.pool, *limited_rules.sealed_pool(self.pool, rng.randrange(1 << 30)))
                    for _ in range(n)]
        fmt = "squad" if draw < SQUAD_SHARE else None
        return [random_deck(self.pool, rng, fmt or _duel(rng)) for _ in range(n)]

    def default_decks(self, fmt: str | None) -> list[str]:
        """Two starters of the format's kind: Squad starters for a Squad game, Duel starters otherwise."""
        starters = self.starter_decks()
        return sorted(n for n, d in starters.items() if (d.format == "squad") == (fmt == "squad"))[:2]

    def stand_in_deck(self, fmt: str, seed: int) -> Deck | None:
        """Limited has no starters: a seat given no deck plays the automatic deck of a Sealed pool."""
        if fmt != "limited":
            return None
        recruits, opened = limited_rules.sealed_pool(self.pool, seed)
        return limited_rules.build_deck(self.pool, recruits, opened, name="Sealed pool deck")

    def resolve_decks(self, decks: list[Any] | tuple[Any, ...], fmt: str | None) -> tuple[list[Deck], str]:
        if fmt is None:  # the decks' own format; Squad, Limited and Duel decks never meet (rules 17.1, 17.9)
            loaded = [self.resolve_deck(d, None) for d in decks]
            fmt = next((d.format for d in loaded if d.format in ("squad", "limited")), None)
        resolved = [self.resolve_deck(d, fmt) for d in decks]
        # a Standard deck is legal in Open; a game with an Open deck is an Open game
        return resolved, fmt or ("open" if any(d.format == "open" for d in resolved) else self.default_format)

    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> CircuitsState:
        pool = self.pool
        heroes = [[pool.heroes[h] for h in d.leaders["heroes"]] for d in decks]
        armories = [[pool.by_name[g] for g in d.leaders["armory"]] for d in decks]
        cards = [[pool.by_name[n] for n, k in d.cards.items() for _ in range(k)] for d in decks]
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

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        d = state.decision
        assert isinstance(state, CircuitsState)
        if d is None or d.seat != seat or d.kind != "action":
            return []
        return not_offered(state, seat)

    def render(self, view: dict[str, Any]) -> str:
        return render(view, self.pool)

    def evaluate(self, state: State, seat: int) -> float:
        """Hero HP share, mine against theirs, in [-1, 1] (in Squad over all three Heroes, Fallen at 0)."""
        assert isinstance(state, CircuitsState)
        mine, theirs = _hp_share(state, seat), _hp_share(state, 1 - seat)
        return max(-1.0, min(1.0, mine - theirs))


def _hp_share(st: CircuitsState, p: int) -> float:
    hp = st.hp[p] + sum(st.benched[h][0] for h in st.bench[p])
    top = st.max_hp(p) + sum(st.defs[h].hp for h in (*st.bench[p], *st.fallen[p]))
    return hp / top


def _duel(rng: Any) -> str:
    return "open" if rng.random() < 0.3 else "standard"


@cache
def _starters(files: CardFiles | None = None) -> dict[str, Deck]:
    return starters_with("cardarena.games.circuits", files, lambda d: check_deck(d, card_pool(files)))
