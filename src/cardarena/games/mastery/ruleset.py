"""The `mastery` Ruleset: the entry point the registry loads."""

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
from .schema import CLASSES, Card, HeroCard, PathCard, TacticCard, TechniqueCard
from .state import MasteryState
from .text import card_text, passive_text


class MasteryRuleset(Ruleset):
    id = "mastery"
    name = "Mastery"
    summary = ("Two parties of a Support, an Attacker and a Tank share 12 AP a Round; Techniques are "
               "performed by Heroes, mastered, reused from a 3-skill Loadout, and open Level 2 Paths.")
    formats = FORMATS
    default_format = "standard"
    leader_key = "heroes"
    state_class = MasteryState
    rule_defaults: ClassVar[dict[str, Any]] = {
        "ap": 12,  # seed §3
        "round_cap": 20,  # ruling gap.33
    }
    rule_ranges: ClassVar[dict[str, tuple[int, int]]] = {"ap": (1, 30), "round_cap": (1, 100)}

    card_schema = Card

    @property
    def pool(self) -> CardPool:
        return card_pool(self.card_files)

    # -- cards -----------------------------------------------------------------------------------
    def card_names(self) -> list[str]:
        """Every card of the pool: Heroes, Paths, Techniques and Immediate Tactics."""
        return [c.name for c in self.pool.cards]

    def card(self, name: str) -> Card:
        return self.pool.by_name[name]

    def card_info(self, name: str) -> dict[str, Any]:
        """Every field of a card plus its printed text; Passives as {name, text} parts."""
        c = self.pool.by_name[name]
        by_id = self.pool.by_id
        info = card_info(c)
        if isinstance(c, TechniqueCard | TacticCard):
            info["text"] = card_text(c.target, c.effects)
            if isinstance(c, TechniqueCard):
                info["text"] = f"{c.symbol} · Level {c.level} · {access_words(c, by_id)}. {info['text']}"
        elif isinstance(c, HeroCard):
            b = c.basic
            paths = ", ".join(by_id[p].name for p in c.paths)
            info["passive"] = {"name": c.passive.name, "text": passive_text(c.passive)}
            info["text"] = (f"{c.cls}, {c.profession}, DEF {c.defense}. Basic Action: {b.name} ({b.cost} AP): "
                            f"{card_text(b.target, b.effects)} Paths: {paths}.")
        elif isinstance(c, PathCard):
            info["passive"] = {"name": c.passive.name, "text": passive_text(c.passive)}
            techs = ", ".join(by_id[t].name for t in c.techniques)
            info["text"] = f"Level 2 {c.symbol} Path. Adds 2 copies each of {techs} to the Main Deck."
        return info

    # -- decks -----------------------------------------------------------------------------------
    def starter_decks(self) -> dict[str, Deck]:
        return _starters(self.card_files)

    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        return check_deck(deck, self.pool, fmt)

    # -- games -----------------------------------------------------------------------------------
    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> MasteryState:
        by_name = self.pool.by_name
        parties: list[list[HeroCard]] = []
        for d in decks:
            hs = [by_name[n] for n in d.leaders["heroes"]]
            parties.append([next(h for h in hs if isinstance(h, HeroCard) and h.cls == c) for c in CLASSES])
        cards = [[by_name[n] for n, k in d.cards.items() for _ in range(k)] for d in decks]
        return game_rules.new_state(parties, cards, seed, params, config, self.pool)  # type: ignore[arg-type]

    def random_deck(self, rng: Any) -> Deck:
        return random_deck(self.pool, rng)

    def check_invariants(self, state: State) -> list[str]:
        assert isinstance(state, MasteryState)
        return check_invariants(state)

    def played_cards(self, event: dict[str, Any]) -> list[str]:
        t = event["type"]
        if t == "perform" and event["mode"] in ("hand", "tactic"):
            return [event["card"]]
        if t == "party":
            return list(event["heroes"])
        if t == "level2":
            return [event["path"]]
        if t == "rebalance":
            return [event["new"]]
        return []

    def cards_by_id(self) -> dict[str, Any]:
        return self.pool.by_id

    def render(self, view: dict[str, Any]) -> str:
        return render(view, self.pool)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return narrate(event, self.pool)

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        d = state.decision
        assert isinstance(state, MasteryState)
        if d is None or d.seat != seat or d.kind != "opportunity" or state.resume is None:
            return []
        return actions.unplayable(state, seat, state.resume[2])  # resume is ("opp_chosen", p, phase)

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic for search cut-offs, in [-1, 1]: surviving Heroes and their HP share."""
        assert isinstance(state, MasteryState)
        st = state
        score = 0.0
        for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
            party = 0.0
            for s in range(p * 3, p * 3 + 3):
                h = st.hp[s]
                if h > 0:
                    party += 0.5 + 0.5 * h / st.heroes[s].hp
            score += sign * party / 3.0
        return max(-1.0, min(1.0, score))


def access_words(t: TechniqueCard, by_id: dict[str, Any]) -> str:
    """Who may perform a Technique, in words (seed §6)."""
    a = t.access
    if a is None:
        return "performed by the Hero on its Path"
    if a.kind == "native":
        return f"native to {by_id[a.hero or ''].name}"
    if a.kind == "class":
        return f"any {a.cls} Hero"
    return "teachable to " + " and ".join(f"{p}s" for p in a.professions)


@cache
def _starters(files: CardFiles | None = None) -> dict[str, Deck]:
    return starters_with("cardarena.games.mastery", files, lambda d: check_deck(d, card_pool(files)))
