"""What every game package provides: the Ruleset (docs/architecture.md)."""

from __future__ import annotations

import copy
import operator
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .decks import Deck, load_deck
from .engine import State
from .errors import CardArenaError, CardDataError, DeckError

if TYPE_CHECKING:
    from .cardfiles import CardFiles


@dataclass(frozen=True)
class GameInfo:
    """A game's facts, stated up front so that any front end or algorithm can drive it."""

    id: str
    name: str
    min_seats: int = 2
    max_seats: int = 2
    zero_sum: bool = True  # one seat's win is the others' loss (draws score 0)
    #: information: "imperfect" when seats hold cards others may not see
    information: str = "imperfect"
    formats: dict[str, str] = field(default_factory=dict)
    default_format: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "seats": [self.min_seats, self.max_seats],
                "zero_sum": self.zero_sum, "information": self.information,
                "formats": dict(self.formats), "default_format": self.default_format}

_BOOL_WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}


class Ruleset(ABC):
    """A game: its card pool, formats, deck rules, starters, and a factory for States. The abstract
    methods must all be provided: a ruleset that misses one fails when it is loaded, not mid-game."""

    id: str = ""
    name: str = ""
    summary: str = ""
    formats: ClassVar[dict[str, str]] = {}
    default_format: str = ""
    leader_key: str = ""
    #: rule parameters a format accepts (name -> default); `rules={...}` overrides them
    rule_defaults: ClassVar[dict[str, Any]] = {}
    #: allowed inclusive range (low, high) of integer rule parameters; `check_rules` refuses the rest
    rule_ranges: ClassVar[dict[str, tuple[int, int]]] = {}
    #: how many players sit at a table (min, max); nothing in core assumes two
    seats: ClassVar[tuple[int, int]] = (2, 2)
    zero_sum: ClassVar[bool] = True
    #: the State subclass, for load_state
    state_class: ClassVar[type[State]]

    @property
    def info(self) -> GameInfo:
        return GameInfo(self.id, self.name, self.seats[0], self.seats[1], self.zero_sum,
                        formats=dict(self.formats), default_format=self.default_format)

    # -- cards ---------------------------------------------------------------------------------
    #: the msgspec type of one card table, for a game whose cards are data that card files may change
    #: (`with_cards`); None: the game takes no card files
    card_schema: ClassVar[Any] = None
    #: the card files this game was loaded with (`load_game(id, cards)`, docs/cards.md); None: the package's
    card_files: CardFiles | None = None

    def with_cards(self, cards: CardFiles | None) -> Ruleset:
        """This game with the cards of `cards` replacing (by id) and adding to its package's, every card
        checked as the package's own: a CardDataError names the card file and the card. Use
        `load_game(id, cards)`, which caches the result by the files' content."""
        if cards == self.card_files:
            return self
        if cards is None or self.card_files is not None:  # from the package's game, cached
            from .registry import load_game

            return load_game(self.id, cards)
        if self.card_schema is None:
            raise CardArenaError(f"{self.id} takes no card files (--cards): its cards are not data files")
        game = copy.copy(self)
        game.card_files = cards
        try:
            game.card_names()  # builds the pool: the schema and the pool-wide checks of the game
        except CardDataError as e:
            raise CardDataError(f"{e}{_other_game(self.id, cards, str(e))}") from None
        return game

    def card_changes(self) -> tuple[list[str], list[str], list[str]]:
        """What the card files change: the names of the package cards they change, of the cards they add,
        and of those they give again exactly as printed (all empty without card files)."""
        if self.card_files is None:
            return [], [], []
        from .registry import load_game

        printed = load_game(self.id).cards_by_id()
        mine = self.cards_by_id()
        changed: list[str] = []
        added: list[str] = []
        same: list[str] = []
        for cid in self.card_files.ids():
            card = mine[cid]
            name = str(getattr(card, "title", card.name))
            (added if cid not in printed else changed if printed[cid] != card else same).append(name)
        return changed, added, same

    def card_file_infos(self) -> list[dict[str, Any]]:
        """`card_info` of every card the card files give, in their order ([] without card files): what
        a bot that knows the package's cards (`cardarena cards GAME --json`) needs besides."""
        if self.card_files is None:
            return []
        mine = self.cards_by_id()
        return [self.card_info(str(getattr(mine[cid], "title", mine[cid].name))) for cid in self.card_files.ids()]

    def cards_line(self) -> str:
        """`cards: whip.toml — changed: Flame Whip; added: Ember Lash` ("" without card files)."""
        if self.card_files is None:
            return ""
        changed, added, same = self.card_changes()
        parts = [f"{what}: {', '.join(names)}" for what, names in
                 (("changed", changed), ("added", added), ("as printed", same)) if names]
        return f"cards: {self.card_files.label} — {'; '.join(parts) or 'no card'}"

    def card_toml(self, name: str) -> str:
        """The card's `[[cards]]` table as written in its file (a card file's, if one gives it): a card
        file of that one card, to copy and change (`cardarena cards GAME NAME --toml`). KeyError if the
        card is unknown; CardDataError if its table cannot be found in its file."""
        from importlib.resources import files as resources

        from .cardfiles import card_block

        card_id = str(self.card_info(name)["id"])
        texts = [text for _, text in reversed(self.card_files.files)] if self.card_files is not None else []
        package = type(self).__module__.rpartition(".")[0]
        folder = resources(package).joinpath("cards")
        texts += [p.read_text(encoding="utf-8") for p in sorted(folder.iterdir(), key=lambda p: p.name)
                  if p.name.endswith(".toml")]
        for text in texts:
            block = card_block(text, card_id)
            if block is not None:
                return block
        raise CardDataError(f"{self.id}: card {name!r}: its [[cards]] table was not found as written in its file")

    @abstractmethod
    def card_names(self) -> list[str]:
        raise NotImplementedError

    @abstractmethod
    def card_info(self, name: str) -> dict[str, Any]:
        """Every field and the printed text of one card, JSON-able. Raises KeyError if unknown."""
        raise NotImplementedError

    # -- decks ---------------------------------------------------------------------------------
    @abstractmethod
    def starter_decks(self) -> dict[str, Deck]:
        raise NotImplementedError

    @abstractmethod
    def check_deck(self, deck: Deck, fmt: str | None = None) -> list[str]:
        """Every reason the deck is not legal in `fmt` (its own format by default); [] if legal."""
        raise NotImplementedError

    def resolve_deck(self, deck: Deck | str | Path | None, fmt: str | None = None) -> Deck:
        """A legal Deck from a Deck, a starter name or a file path; DeckError lists every problem."""
        if deck is None:
            raise DeckError("<deck>", ["no deck given"])
        if not isinstance(deck, Deck):
            starters = self.starter_decks()
            key = str(deck)
            if key not in starters and not Path(key).exists():  # a misspelt starter: say which there are
                raise DeckError(key, [f"file not found, and no {self.id} starter has that name "
                                      f"(starters: {', '.join(sorted(starters))})"])
            deck = starters[key] if key in starters else load_deck(key)
        if deck.game and deck.game != self.id:  # one reason, not every rule of the other game it breaks
            raise DeckError(deck.source, [f"this deck is for {deck.game}, not for {self.id}"])
        problems = self.check_deck(deck, fmt)
        if problems:
            raise DeckError(deck.source, problems)
        return deck

    # -- games ---------------------------------------------------------------------------------
    def new_game(
        self,
        decks: list[Any] | tuple[Any, ...] | None = None,
        seed: int = 0,
        fmt: str | None = None,
        rules: dict[str, Any] | None = None,
    ) -> State:
        """A game at its first decision. No decks: the first starters, or in a format without any the
        stand-in decks (docs/architecture.md).

        The common part of every game: seat count, rule variants, decks resolved and checked in the
        format, the config a replay needs; the game's `build` deals the cards and runs set-up."""
        if isinstance(seed, bool) or not hasattr(seed, "__index__"):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        seed = operator.index(seed)  # a NumPy integer too; seeds equal modulo 2**64 deal the same game
        self.check_format(fmt)
        if decks is None:  # the format's starters, or its stand-in decks (circuits Limited)
            decks = self.fill_decks([None] * self.seats[0], fmt, seed)
        lo, hi = self.seats
        if not lo <= len(decks) <= hi:
            players = str(lo) if lo == hi else f"{lo} to {hi}"
            raise CardArenaError(f"{self.id} is played by {players} players; got {len(decks)} deck(s)")
        params = self.check_rules(rules)
        resolved, fmt = self.resolve_decks(decks, fmt)
        config = {"game": self.id, "format": fmt, "rules": params, "seed": seed,
                  "decks": [d.to_dict() for d in resolved]}
        if self.card_files is not None:  # a replay and a saved state are rebuilt with the same cards
            config["cards"] = self.card_files.to_dict()
        return self.build(resolved, seed, params, config)

    def check_format(self, fmt: str | None) -> str | None:
        """`fmt` if it is None (the default) or one of the game's formats, else a ValueError naming them
        (before any deck is read: a deck checked in a format that does not exist would take the blame)."""
        if fmt is not None and fmt not in self.formats:
            raise ValueError(f"{self.id} has no format {fmt!r}; formats: {', '.join(self.formats)}")
        return fmt

    def default_decks(self, fmt: str | None) -> list[str]:
        """The starters a game without decks uses: the first ones by name, one per seat."""
        return sorted(self.starter_decks())[: self.seats[0]]

    def deck_format(self, given: Sequence[Any], fmt: str | None) -> str | None:
        """The format a game of these decks has: `fmt`, else the first given deck's own (a circuits
        Squad or Limited deck makes a Squad or Limited game), else None (the game's default)."""
        if fmt is not None:
            return self.check_format(fmt)
        for deck in given:
            if deck is not None and (own := self.resolve_deck(deck, None).format):
                return str(own)
        return None

    def fill_decks(self, given: Sequence[Any], fmt: str | None, seed: int) -> list[Any]:
        """Each seat's deck (`given` has one entry a seat, None where none was given), as `match`, `play`
        and the RL environments fill them: the format's starters (`default_decks`), or in a format without
        any (circuits Limited) `stand_in_deck` made from the game seed. A starter stays a name."""
        fmt = self.deck_format(given, fmt)
        default = self.default_decks(fmt)
        out: list[Any] = []
        for i, deck in enumerate(given):
            if deck is None and fmt is not None:
                deck = self.stand_in_deck(fmt, seed + 1 + i)
            out.append(deck if deck is not None else default[i % len(default)])
        return out

    def stand_in_deck(self, fmt: str, seed: int) -> Deck | None:
        """A deck for a seat given none, in a format that has no starters (circuits Limited: the
        automatic deck of a Sealed pool opened from `seed`); None: the format's starters serve."""
        return None

    def resolve_decks(self, decks: list[Any] | tuple[Any, ...], fmt: str | None) -> tuple[list[Deck], str]:
        """The legal decks and the game's format (the given one, else the default)."""
        fmt = fmt or self.default_format
        return [self.resolve_deck(d, fmt) for d in decks], fmt

    @abstractmethod
    def build(self, decks: list[Deck], seed: int, params: dict[str, Any], config: dict[str, Any]) -> State:
        """The game's State from legal decks, at its first decision."""
        raise NotImplementedError

    def check_rules(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overridden by `rules`; an unknown name or a wrong type is a clear error."""
        out = dict(self.rule_defaults)
        if rules is not None and not isinstance(rules, Mapping):
            raise ValueError(f"rules must be a table of rule names and values, got {rules!r}")
        for k, v in (rules or {}).items():
            if k not in out:
                known = ", ".join(sorted(out)) or "none"
                raise ValueError(f"unknown rule {k!r} for {self.id}; known rules: {known}")
            want = type(out[k])
            if want is int and isinstance(v, str) and v.lstrip("-").isdigit():
                v = int(v)
            elif want is bool and isinstance(v, str | int) and str(v).lower() in _BOOL_WORDS:
                v = _BOOL_WORDS[str(v).lower()]
            if not isinstance(v, want) or isinstance(v, bool) != isinstance(out[k], bool):
                raise ValueError(f"rule {k!r} expects {want.__name__}, got {v!r}")
            lo, hi = self.rule_ranges.get(k, (None, None))
            if lo is not None and hi is not None and not lo <= v <= hi:
                raise ValueError(f"rule {k!r} must be between {lo} and {hi} (default {out[k]!r}), got {v!r}")
            out[k] = v
        return out

    @abstractmethod
    def random_deck(self, rng: Any) -> Deck:
        """A random legal deck (for fuzzing and exploration); rng is a random.Random."""
        raise NotImplementedError

    def random_decks(self, rng: Any, n: int) -> list[Deck]:
        """n random decks that may meet in one game (a game with formats that never mix overrides it)."""
        return [self.random_deck(rng) for _ in range(n)]

    def check_invariants(self, state: State) -> list[str]:
        """Everything wrong with `state` that the rules never allow (cards lost, HP out of bounds...)."""
        return []

    def played_cards(self, event: dict[str, Any]) -> list[str]:
        """Names of the cards an event puts into play (for coverage reports)."""
        return []

    @abstractmethod
    def cards_by_id(self) -> dict[str, Any]:
        """Every card definition of the pool by its id (what a saved state names)."""
        raise NotImplementedError

    def load_state(self, data: dict[str, Any]) -> State:
        """Resume a state saved with `state.to_json()`; CardArenaError if it is not one of this game."""
        from .cardfiles import CardFiles
        from .serialize import state_from_json

        config = data.get("config") if isinstance(data, dict) else None
        cards = CardFiles.from_config(config) if isinstance(config, dict) else None
        game = self
        if cards != self.card_files:  # a state saved from a game with card files holds their cards
            from .registry import load_game

            game = load_game(self.id, cards)
        return state_from_json(self.state_class, data, game.cards_by_id())

    def narrate(self, event: dict[str, Any]) -> str | None:
        """One line of play-by-play for an event; None to leave it out. Default: type and fields."""
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "secret"))
        return f"{event['type']}: {fields}"

    def render(self, view: dict[str, Any]) -> str:
        """A seat's view as plain text for the terminal. Default: the JSON."""
        import json

        return json.dumps(view, indent=1)

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """(card name, why) for each card in `seat`'s hand that its pending decision leaves out, in a
        person's words: the terminal shows them under the options. Reads only what `seat` may know.
        Default: nothing said."""
        return []

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic in [-1, 1]: how well `seat` stands. Used by search agents to cut rollouts."""
        return 0.0

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "formats": dict(self.formats),
            "default_format": self.default_format,
            "rules": dict(self.rule_defaults),
            "rule_ranges": {k: list(v) for k, v in self.rule_ranges.items()},
            "seats": list(self.seats),
            "zero_sum": self.zero_sum,
        }


def _other_game(game: str, cards: CardFiles, error: str) -> str:
    """When the card file the error names holds cards of another game (each of its cards fits that
    game's schema), a hint saying so; else ""."""
    import msgspec

    from .cards import parse_card_file
    from .registry import game_ids, load_game

    for name, text in cards.files:
        if not error.startswith(f"{name}:"):
            continue
        try:
            tables = [t for _, t in parse_card_file(text, name)]
        except CardDataError:
            return ""
        for other in game_ids():
            schema = load_game(other).card_schema if other != game else None
            if schema is None or not tables:
                continue
            try:
                for t in tables:
                    msgspec.convert(t, schema)
            except msgspec.ValidationError:
                continue
            return f" ({name} looks like a card file for the game {other!r}, not {game!r}: each of its cards fits " \
                   "that game's card schema)"
    return ""
