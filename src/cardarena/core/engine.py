"""The engine contract every ruleset follows (docs/architecture.md).

A game is a `State` that runs its rules as an explicit stack of small immutable steps (tuples whose
first item names the handler). A step that needs a player's choice calls `ask`, which sets
`state.decision` and remembers the step to resume; `apply(option_id)` pushes that step back with
the chosen option's value and runs the stack until the next decision. No generator, thread or
closure holds game state, so `clone()` is a shallow copy of containers and a state can be saved to
JSON at any decision and resumed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from operator import attrgetter, itemgetter
from typing import Any, ClassVar, Self, TypeVar

from .belief import believed_deals, deal_from, fixed_deal
from .errors import IllegalChoice
from .fields import F, check_fields, make_clone
from .rng import Rng, search_shuffle

Step = tuple[Any, ...]
Handler = Callable[[Any, Step], None]
S = TypeVar("S", bound="State")  # a State subclass, for functions that return its own kind of state


class Option:
    """One answer to a Decision.

    `id` is stable for the same situation and meaningful without the engine (built from card pool
    ids and positions, e.g. ``play:ember_lash``, ``target:1:alien:0``); `data` says the same as JSON
    (cards by pool id, performers and targets by seat and zone position); `label` is for people;
    `value` is the engine's own and never leaves it."""

    __slots__ = ("data", "id", "label", "value")

    def __init__(self, id: str, label: str, data: dict[str, Any] | None = None, value: Any = None) -> None:
        self.id = id
        self.label = label
        self.data = data if data is not None else {}
        self.value = value

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "data": self.data}

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r})"


class Decision:
    """The one choice the game waits for: who chooses, what kind of choice, and the finite options.

    `seq` numbers the decisions of a game (strictly increasing): an answer names the seq it answers,
    so a resent or stale answer is refused instead of being applied to a later decision.

    `options` may be given as a function that builds them: they are then built when first read. A
    search or a lookahead often stops at a decision it only scores, and building its options was a
    large share of its cost. An asker may pass a builder only when it asks whatever the options are;
    the state is not changed before they are read (`apply` reads them first, `clone` builds them
    before the decision is shared), so they are the ones the asker would have built."""

    __slots__ = ("_build", "_options", "kind", "prompt", "seat", "seq")

    def __init__(self, seat: int, kind: str, prompt: str,
                 options: list[Option] | Callable[[], list[Option]], seq: int = 0) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        if options.__class__ is list:
            self._options: list[Option] | None = options
            self._build: Callable[[], list[Option]] | None = None
        else:
            self._options = None
            self._build = options  # type: ignore[assignment]
        self.seq = seq

    @property
    def options(self) -> list[Option]:
        opts = self._options
        if opts is None:
            assert self._build is not None
            opts = self._options = self._build()
            self._build = None
        return opts

    def __reduce__(self) -> tuple[Any, ...]:  # a builder is not picklable: its options are
        return (Decision, (self.seat, self.kind, self.prompt, self.options, self.seq))

    def option(self, option_id: str) -> Option:
        opts = self._options  # built already at every apply of a search: no property call
        for o in opts if opts is not None else self.options:
            if o.id == option_id:
                return o
        valid = ", ".join(o.id for o in self.options)
        # an action number (an OpenSpiel habit) or the Option itself: say what to give instead
        hint = "" if isinstance(option_id, str) else " (an option is named by its id, a str: decision.options[i].id)"
        raise IllegalChoice(
            f"{option_id!r} is not an option of this {self.kind!r} decision for seat {self.seat}; "
            f"valid ids: {valid}{hint}"
        )

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_dict() for o in self.options],
        }

    def public(self) -> dict[str, Any]:
        """What every other seat may know of this decision: that `seat` is choosing, and what kind."""
        return {"seq": self.seq, "seat": self.seat, "kind": self.kind}

    def __repr__(self) -> str:
        return f"Decision(seq={self.seq}, seat={self.seat}, kind={self.kind!r}, options={self.ids})"


class Result:
    """How a game ended. `winners` names every winning seat (empty: a draw); `winner` is the single
    winner or None. `ranking` (optional) orders all seats, best first, ties sharing a place."""

    __slots__ = ("ranking", "reason", "turns", "winner", "winners")

    def __init__(self, winner: int | None, reason: str, turns: int,
                 winners: tuple[int, ...] | None = None, ranking: tuple[tuple[int, ...], ...] | None = None) -> None:
        if winners is None:
            winners = () if winner is None else (winner,)
        self.winners = tuple(winners)
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.reason = reason
        self.turns = turns
        self.ranking = None if ranking is None else tuple(tuple(r) for r in ranking)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason, "turns": self.turns,
                               "winners": list(self.winners)}
        if self.ranking is not None:
            out["ranking"] = [list(r) for r in self.ranking]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        ranking = d.get("ranking")
        return cls(d.get("winner"), d["reason"], d["turns"], tuple(d.get("winners", ())) or None,
                   None if ranking is None else tuple(tuple(r) for r in ranking))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.winners, self.reason, self.turns))

    def __repr__(self) -> str:
        return f"Result(winner={self.winner}, reason={self.reason!r}, turns={self.turns}, winners={list(self.winners)})"


def canonical(cards: Any) -> list[Any]:
    """Card definitions in an order that depends only on which cards they are (their pool ids), not
    on where they lie: what `resample` shuffles, so that a determinization is a function of the
    seat's information set and the rng alone."""
    return sorted(cards, key=_POOL_ID)


_POOL_ID = attrgetter("id")  # in C: a determinization sorts every group, thousands of times a search


class Ref:
    """A card named in an event: `st.emit("draw", player=p, card=st.ref(iid))`.

    The log never takes a card's identity as plain text. `emit` turns a Ref into the card's name and
    records which seats may know it at that moment (the game's `visible_mask`); `visible_log(seat)`
    shows the name only to them. `show="id"` renders the instance id instead of the name (for fields
    that let a seat follow one card across events). `only`, when set, narrows the seats further
    to those of that mask (e.g. which Plan a player looked at is that player's alone)."""

    __slots__ = ("iid", "only", "show")

    def __init__(self, iid: int, show: str = "name", only: int = -1) -> None:
        self.iid = iid
        self.show = show
        self.only = only


class StateMeta(type):
    """Turns a State subclass's `FIELDS` declaration into `__slots__`, `clone()` and the saved-field
    table (core/fields.py), so the three are derived from one place."""

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> StateMeta:
        inherited: dict[str, str] = {}
        for b in bases:
            inherited.update(getattr(b, "_ALL_FIELDS", {}))
        own = ns.get("FIELDS", {})
        check_fields(name, own)
        if "__slots__" not in ns:
            ns["__slots__"] = tuple(k for k in own if k not in inherited)
        cls = super().__new__(mcs, name, bases, ns)
        all_fields = {**inherited, **own}
        cls._ALL_FIELDS = all_fields  # type: ignore[attr-defined]
        if "clone" not in ns:
            cls.clone = make_clone(cls, all_fields)  # type: ignore[attr-defined]
        if ns.get("game_id"):  # a game's state: the hooks it must provide, checked at import
            own = [k for k in cls.__mro__ if isinstance(k, StateMeta) and k.__name__ != "State"]
            for need in (("view",), ("visible_mask", "determinize")):
                if not any(m in k.__dict__ for k in own for m in need):
                    raise TypeError(f"{name} must define {' or '.join(need)} (docs/architecture.md)")
        return cls


class State(metaclass=StateMeta):
    """Base of every ruleset's state. Subclasses declare their tables in `FIELDS` and implement the
    hidden-information hooks (`visible_mask`, optionally `hidden_from`, `resample_key`) and `view`.

    `record` turns the event log on (default) or off: search agents switch it off on their private
    clones, because building event dicts is a large share of a rollout's cost. `AUDIT` records more:
    each event also names, under `~iid`, the instance id behind each card field, so the fuzzer can
    tell which card an event showed (sim/fuzz.py, check (e)); the log people and files see never
    carries it.
    """

    AUDIT: ClassVar[int] = 2  # a `record` level: the log plus each card field's instance id

    FIELDS: ClassVar[dict[str, str]] = {
        "asker": F.VALUE,  # the step that built the pending decision (Steps are immutable tuples)
        "config": F.VALUE,  # game, format, rules, seed, decks: never changed after set-up
        "decision": F.VALUE,  # Decisions and Options are never mutated once asked
        "defs": F.DEFS,  # card definition by instance id
        "history": F.LIST,  # the option ids applied so far
        "log": F.LOG,
        "nseats": F.VALUE,
        "owner": F.VALUE,  # tuple: the seat that owns each instance id
        "record": F.VALUE,
        "result": F.VALUE,
        "resume": F.VALUE,
        "rng": F.RNG,
        "seq": F.VALUE,  # the seq of the last decision asked
        "settling": F.VALUE,  # an effect may have decided the game: `flush` schedules the check
        "stack": F.LIST,
    }
    _ALL_FIELDS: ClassVar[dict[str, str]]

    HANDLERS: ClassVar[dict[str, Handler]] = {}
    game_id: ClassVar[str] = ""

    asker: Step | None
    config: dict[str, Any]
    decision: Decision | None
    defs: list[Any]
    history: list[str]
    log: list[dict[str, Any]]
    nseats: int
    owner: tuple[int, ...]
    record: bool | int  # False: no log; True: the log; AUDIT: the log with `~iid`
    result: Result | None
    resume: Step | None
    rng: Rng
    seq: int
    settling: bool
    stack: list[Step]

    def _init_base(self, config: dict[str, Any], seed: int, nseats: int = 2) -> None:
        self.asker = None
        self.config = config
        self.decision = None
        self.defs = []
        self.history = []
        self.log = []
        self.nseats = nseats
        self.owner = ()
        self.record = True
        self.result = None
        self.resume = None
        self.rng = Rng(seed)
        self.seq = 0
        self.settling = False
        self.stack = []

    def clone(self) -> Self:  # replaced per class by StateMeta from FIELDS
        raise NotImplementedError

    # -- set-up helpers shared by every game -----------------------------------------------------
    def deal(self, seat: int, cards: list[Any], shuffle: bool = True) -> list[int]:
        """Give `seat` new instance ids for `cards` (definitions) and return them. With `shuffle` the
        ids are dealt in a random order, so an id never tells which card it is."""
        cards = list(cards)
        if shuffle:
            self.rng.shuffle(cards)
        first = len(self.defs)
        self.defs.extend(cards)
        self.owner = (*self.owner, *([seat] * len(cards)))
        return list(range(first, first + len(cards)))

    def settle_later(self) -> None:
        """Effect code calls this when something may have decided the game (a KO, a deck-out...)."""
        self.settling = True

    def flush(self) -> None:
        """End of a handler: schedule the game's `settle` step (its victory check) once the whole
        effect has resolved, if something asked for it (victory after an effect, not inside it)."""
        if self.settling:
            self.settling = False
            self.stack.append(("settle",))

    # -- running the rules ---------------------------------------------------------------------
    def ref(self, iid: int, only: int | None = None) -> Ref:
        """A card for an event field: its name reaches only the seats that may know it (and, with
        `only`, only that seat)."""
        return Ref(iid, "name", -1 if only is None else 1 << only)

    def ref_id(self, iid: int, only: int | None = None) -> Ref:
        """A card's instance id for an event field, shown only to the seats that may know the card."""
        return Ref(iid, "id", -1 if only is None else 1 << only)

    def emit(self, type: str, **fields: Any) -> None:
        """Append an event. Card identities are passed as `ref(iid)` (or lists of them), never as text:
        each becomes the name (or id) plus, under `~see`, the mask of seats that may know it now."""
        if not self.record:
            return
        see: dict[str, Any] | None = None
        iids: dict[str, Any] | None = {} if self.record == self.AUDIT else None  # only the fuzzer's log
        for k, v in fields.items():
            if v.__class__ is Ref:
                if see is None:
                    see = {}
                see[k] = self.visible_mask(v.iid) & v.only
                if iids is not None:
                    iids[k] = v.iid
                fields[k] = self.name(v.iid) if v.show == "name" else v.iid
            elif v.__class__ is list and v and v[0].__class__ is Ref:
                if see is None:
                    see = {}
                see[k] = [self.visible_mask(r.iid) & r.only for r in v]
                if iids is not None:
                    iids[k] = [r.iid for r in v]
                fields[k] = [self.name(r.iid) if r.show == "name" else r.iid for r in v]
        fields["type"] = type
        if see is not None:
            fields["~see"] = see
            if iids is not None:
                fields["~iid"] = iids
        self.log.append(fields)

    def ask(self, seat: int, kind: str, prompt: str, options: list[Option] | Callable[[], list[Option]],
            resume: Step, asker: Step) -> None:
        """Stop the rules here until `seat` picks one of `options` (or of what the function `options`
        builds when they are first read: see `Decision`); then run `resume + (value,)`.

        `asker` is the step that built this decision. Asking steps have no side effects before they
        ask, so re-running `asker` rebuilds the decision: `determinize` does that when it changes
        cards the asking seat holds but the determinizing seat cannot see.
        """
        self.seq += 1
        self.decision = Decision(seat, kind, prompt, options, self.seq)
        self.resume = resume
        self.asker = asker

    def reask(self) -> None:
        """Rebuild the pending decision from its asking step (after hidden cards were resampled).
        The rebuilt decision keeps its seq: it is the same decision, seen with other hidden cards."""
        if self.decision is None or self.asker is None:
            return
        self.decision = None
        self.resume = None
        self.stack.append(self.asker)
        self.asker = None
        self.seq -= 1
        self.run()

    def release(self) -> None:
        """Let go of a state nobody will read again (a search's copy, a throwaway game). Options built
        when read (`Decision`) hold their state, a reference cycle only the garbage collector frees;
        dropping the pending decision lets the state be freed at once (greedy ran 10-30% slower
        while the collector freed its copies). The state can't be played on after this."""
        self.decision = None

    def push(self, *steps: Step) -> None:
        """Schedule steps to run in the order given."""
        self.stack.extend(reversed(steps))

    def run(self) -> None:
        stack = self.stack
        handlers = self.HANDLERS
        while stack and self.decision is None and self.result is None:
            step = stack.pop()
            handlers[step[0]](self, step)

    def apply(self, option_id: str, seq: int | None = None) -> None:
        """Validate the choice, then run the rules until the next decision or the end of the game.

        `seq`, when given, must be the pending decision's: a stale or replayed answer raises
        IllegalChoice and changes nothing."""
        d = self.decision
        if d is None:
            raise IllegalChoice(f"the game is over ({self.result}); no option can be applied")
        if seq is not None and seq != d.seq:
            raise IllegalChoice(
                f"stale answer: it answers decision {seq!r}, but the pending decision is {d.seq} "
                f"({d.kind!r} for seat {d.seat})"
            )
        opt = d.option(option_id)
        self.decision = None
        resume = self.resume
        assert resume is not None
        self.resume = None
        self.asker = None
        self.history.append(option_id)
        self.stack.append((*resume, opt.value))
        self.run()

    def finish(self, winner: int | None, reason: str, turns: int, winners: tuple[int, ...] | None = None,
               ranking: tuple[tuple[int, ...], ...] | None = None) -> None:
        """End the game (rule: nothing happens after the result): the stack is dropped."""
        self.result = Result(winner, reason, turns, winners, ranking)
        self.decision = None
        self.resume = None
        self.asker = None
        self.stack = []
        self.emit("result", **self.result.to_dict())

    def distinct(self, iids: list[int]) -> list[int]:
        """One instance id per card definition, in order of first copy: identical copies are one option.

        Of several copies, the one the most seats may know is the one taken: were a copy nobody else
        knew to leave while a known one stayed (a card seen going into the hand), the others would learn
        that the owner held a second copy (docs/architecture.md, "Hidden information")."""
        at: dict[str, int] = {}
        out: list[int] = []
        defs = self.defs
        again: list[tuple[int, int]] | None = None
        for i in iids:
            key = defs[i].id  # the pool id: equal for identical copies in any process
            if key in at:
                if again is None:
                    again = []
                again.append((at[key], i))
            else:
                at[key] = len(out)
                out.append(i)
        if again is not None and self.copies_known_apart():  # asked only of the copies
            mask = self.visible_mask
            for k, i in again:
                if mask(i).bit_count() > mask(out[k]).bit_count():
                    out[k] = i
        return out

    # -- hidden information ---------------------------------------------------------------------
    def copies_known_apart(self) -> bool:
        """Whether identical copies in one zone may now differ in which seats know them (`distinct` then
        moves the most widely known). True unless a ruleset can tell cheaply that they cannot."""
        return True

    def name(self, iid: int) -> str:
        """The card's printed name (what events and views show)."""
        return str(self.defs[iid].name)

    def visible_mask(self, iid: int) -> int:
        """Bit s is set when seat s may know card `iid`'s identity now (its information set)."""
        raise NotImplementedError

    def knows(self, seat: int, iid: int) -> bool:
        return bool(self.visible_mask(iid) >> seat & 1)

    def hidden_from(self, seat: int) -> list[int]:
        """Instance ids whose identity `seat` may not know. Rulesets may override it for speed; the
        fuzzer checks that it agrees with `visible_mask`."""
        bit = 1 << seat
        mask = self.visible_mask
        return [i for i in range(len(self.defs)) if not mask(i) & bit]

    def resample_key(self, iid: int) -> Any:
        """Hidden cards with the same key may trade identities in `determinize` (default: same owner)."""
        return self.owner[iid]

    def resample(self, defs: list[Any], hidden: list[int], rng: Any) -> None:
        """Give the `hidden` instance ids new identities, in place in `defs`, consistent with what the
        determinizing seat knows: by default a random permutation within each `resample_key` group.
        The result must depend only on what the seat knows and on `rng`, so each group's cards are
        put in a canonical order (`canonical`) before they are shuffled: two states the seat cannot
        tell apart then give the same determinizations, and an automaton with a fixed seed the same
        move (tests/agents/test_information_sets.py)."""
        for ids in self._resample_groups(hidden):
            if len(ids) > 1:
                pool = canonical(itemgetter(*ids)(defs))  # the definitions read in C
                search_shuffle(rng, pool)
                for i, d in zip(ids, pool, strict=True):
                    defs[i] = d

    def _resample_groups(self, hidden: list[int]) -> list[list[int]]:
        """The groups of `hidden` whose cards the default `resample` lets trade identities."""
        groups = self._contiguous_groups(hidden) if len(hidden) > 1 else None
        return self._groups(hidden) if groups is None else groups

    def _groups(self, hidden: list[int]) -> list[list[int]]:
        """The hidden cards grouped by `resample_key`, the groups in order of their first card."""
        groups: dict[Any, list[int]] = {}
        # the default key, the owner, is read from the table in C: no Python call per hidden card
        key = self.owner.__getitem__ if self.__class__.resample_key is State.resample_key else self.resample_key
        for i in hidden:
            k = key(i)
            ids = groups.get(k)
            if ids is None:
                groups[k] = [i]
            else:
                ids.append(i)
        return list(groups.values())

    def _contiguous_groups(self, hidden: list[int]) -> list[list[int]] | None:
        """`_groups` without a Python step per card, when the key is the owner and each owner's hidden
        cards lie together in `hidden` (as `hidden_from` lists them zone by zone); else None."""
        if self.__class__.resample_key is not State.resample_key:
            return None
        keys = itemgetter(*hidden)(self.owner)  # in C
        out: list[list[int]] = []
        at = 0
        for k in dict.fromkeys(keys):
            n = keys.count(k)
            if keys[at:at + n].count(k) != n:  # the owner's cards are not all together
                return None
            out.append(hidden[at:at + n])
            at += n
        return out

    def prior_part(self, iid: int) -> Hashable:
        """Which part of its owner's deck card `iid` is dealt from in a determinization (core/belief.py):
        a hidden card only ever takes a card of its own part, so `resample` must never let hidden cards
        of two parts trade places. Read from what every seat knows (a zone, a public card's kind).
        Default: one part."""
        return None

    def public_marks(self, iid: int, d: Any) -> Hashable:
        """What a seat that may not know card `iid` still sees of the card definition `d` were it lying
        where `iid` lies, beyond its owner, zone and part (circuits: a face-down Plan's Kind marker and
        the cost paid for it openly). Hidden cards trade places in the fuzzer's check (f) only when both
        keep their marks; `resample` must keep them too. Default: nothing."""
        return None

    def determinize(self, seat: int, rng: Any, keep_own: bool = False, known_lists: bool = False) -> Self:
        """A clone in which every card `seat` may not know is resampled (rng: a random.Random).

        What `seat` knows is unchanged; so are every count and zone. The other seats' hidden cards are
        dealt from deck lists `seat` may believe they brought (core/belief.py), not from their real
        lists, which `seat` does not know; with `known_lists` (checks and tools only) the real lists
        are kept and only their cards' places change. Cards that `seat` itself owns but cannot see (its
        deck order) are resampled too, unless `keep_own`. A pending decision of another seat is
        rebuilt, since its options may come from the cards just resampled. The copy holds no more than
        `seat` may know: its game RNG is drawn from `rng` (last, after the cards: the real game's next
        shuffle, draw or coin is known to no seat), its history is empty, its log is `seat`'s (a card
        hidden from it is None) and its config has no seed or deck lists. With `known_lists` the real
        RNG, history, log and config are kept too: the copy is the same game but for where hidden cards
        lie, as a differential check needs."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random (e.g. random.Random(1)), not {rng!r}")
        return self._determinizer(self.check_seat(seat), keep_own, known_lists)(rng)

    def determinizer(self, seat: int, keep_own: bool = False, known_lists: bool = False) -> Callable[[Any], Self]:
        """`determinize(seat, rng, keep_own, known_lists)` as a function of the rng alone, for a caller
        that determinizes this state many times (a search, once per iteration): what depends only on
        the state and the seat (the hidden cards, their groups, the believed deck lists) is worked out
        once. Each call gives the state `determinize` would, with the same draws from the rng. The state
        must not change while the function is used."""
        self.check_seat(seat)
        if self.__class__.determinize is not State.determinize:  # a ruleset's (or a bench's) own
            if keep_own or known_lists:
                return lambda rng: self.determinize(seat, rng, keep_own, known_lists)

            forget = self._forgetter(seat)

            def forgotten(rng: Any) -> Any:  # its copy too holds only what the seat may know
                c = self.determinize(seat, rng)
                forget(c, rng)
                return c
            return forgotten
        return self._determinizer(seat, keep_own, known_lists)

    #: config entries no seat may know: the seed and the deck lists make the whole deal
    _SECRET_CONFIG = frozenset({"seed", "decks"})

    def _forgetter(self, seat: int) -> Callable[[Any, Any], None]:
        """What a determinization for `seat` does last to its copy `c`: a game RNG drawn from `rng` (the
        real game's next shuffle, draw or coin is known to no seat); no history (the other seats' choices,
        a card set face-down among them); the log as `seat` may know it (every card field hidden from it
        set to None, `~see` kept); the config without the seed and the deck lists. Worked out once per
        state and seat."""
        log = self._known_log(seat)
        config = {k: v for k, v in self.config.items() if k not in self._SECRET_CONFIG}

        def forget(c: State, rng: Any) -> None:
            c.rng = Rng(rng.getrandbits(64))
            c.history = []
            c.log = log[:] if c.record else log  # as `clone` copies it: shared while nothing is logged
            c.config = config
        return forget

    def _known_log(self, seat: int) -> list[dict[str, Any]]:
        """The log with every card field `seat` may not know set to None, `~see` kept (so a seat's
        `visible_log` reads the same); events that hide nothing from `seat` are shared."""
        bit = 1 << seat
        out = []
        for e in self.log:
            see = e.get("~see")
            if see is not None:
                hide = [k for k, m in see.items() if (not m & bit if m.__class__ is int else not all(x & bit for x in m))]
                if hide:
                    e = dict(e)
                    for k in hide:
                        m = see[k]
                        e[k] = None if m.__class__ is int else [v if x & bit else None for v, x in zip(e[k], m, strict=True)]
            out.append(e)
        return out

    def _determinizer(self: S, seat: int, keep_own: bool, known_lists: bool) -> Callable[[Any], S]:
        clone = self.clone
        # the pending decision of another seat is rebuilt (its options may come from hidden cards)
        reask = self.decision is not None and self.decision.seat != seat
        # a copy holds only what `seat` may know (its future chance, its record of the game), except a
        # differential copy of a check (known_lists), which must stay the same game
        forget = None if known_lists else self._forgetter(seat)
        hidden = self.hidden_from(seat)
        if keep_own:
            owner = self.owner
            hidden = [i for i in hidden if owner[i] != seat]
        if not hidden:
            def unchanged(rng: Any) -> S:
                c = clone()
                if reask:
                    c.reask()
                if forget is not None:
                    forget(c, rng)
                return c
            return unchanged

        start = self.defs
        deals = None if known_lists else believed_deals(self, seat, hidden)
        if deals is not None and fixed_deal(deals):  # the same cards dealt at every call: deal them once
            start = list(start)
            deal_from(deals, start, None)
            deals = None
        if self.__class__.resample is not State.resample:  # a ruleset's own resampling
            resample = self.resample

            def own(rng: Any) -> S:
                c = clone()
                defs = list(start)
                if deals:
                    deal_from(deals, defs, rng)
                resample(defs, hidden, rng)
                c.defs = defs
                if reask:
                    c.reask()
                if forget is not None:
                    forget(c, rng)
                return c
            return own

        # `resample`, planned once: each group of two or more cards with its ids, their getter, and the
        # group's canonical pool when no deal of a call can change it (else None: sorted at each call)
        dealt = {i for deal in deals for ids in deal.hidden.values() for i in ids} if deals else set()
        plan: list[tuple[list[int], Callable[[list[Any]], Any], list[Any] | None]] = []
        for ids in self._resample_groups(hidden):
            if len(ids) > 1:
                get = itemgetter(*ids)
                plan.append((ids, get, None if dealt.intersection(ids) else canonical(get(start))))

        def determinized(rng: Any) -> S:
            c = clone()
            defs = list(start)
            if deals:
                deal_from(deals, defs, rng)
            for ids, get, fixed in plan:
                pool = canonical(get(defs)) if fixed is None else fixed[:]
                search_shuffle(rng, pool)
                for i, d in zip(ids, pool, strict=True):
                    defs[i] = d
            c.defs = defs
            if reask:
                c.reask()
            if forget is not None:
                forget(c, rng)
            return c
        return determinized

    # -- what a seat may see ---------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know (every ruleset's view starts with `check_seat`)."""
        raise NotImplementedError

    def check_seat(self, seat: object) -> int:
        """`seat` if it is one of this game's seats (0 to nseats - 1), else a ValueError: a view or a
        determinization for a seat that is not at the table has no meaning, and never a silent one."""
        if seat.__class__ is not int or not 0 <= seat < self.nseats:
            raise ValueError(f"seat must be a whole number from 0 to {self.nseats - 1}, not {seat!r}")
        return seat

    def decision_view(self, seat: int | None) -> dict[str, Any] | None:
        """The pending decision as `seat` may see it: whole for the deciding seat; for the others only
        its seq, seat and kind (windows are asked whatever the cards, so this tells nothing hidden)."""
        d = self.decision
        if d is None:
            return None
        return d.to_dict() if d.seat == seat else d.public()

    def visible_log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The log from event `since` on, as `seat` may see it (None: a spectator, who sees only what
        every seat may know). A card field is shown only to the seats its `~see` mask names; to the
        others it is None (docs/events.md)."""
        out = []
        bit = 0 if seat is None else 1 << self.check_seat(seat)
        full = (1 << self.nseats) - 1
        for e in self.log[since:] if since else self.log:
            see = e.get("~see")
            if see is not None:
                e = dict(e)
                del e["~see"]
                e.pop("~iid", None)
                for k, m in see.items():
                    if m.__class__ is int:
                        if not (m & bit if seat is not None else m == full):
                            e[k] = None
                    else:
                        v = e[k]
                        e[k] = [x if (mm & bit if seat is not None else mm == full) else None
                                for x, mm in zip(v, m, strict=True)]
            out.append(e)
        return out

    # -- saving ----------------------------------------------------------------------------------
    def to_json(self, log: bool = False) -> dict[str, Any]:
        """The state as JSON, resumable with `game.load_state`. The event log is left out unless
        `log` (it grows with the game; a replay rebuilds it)."""
        from .serialize import state_to_json

        return state_to_json(self, log=log)

    def after_load(self) -> None:
        """Rebuild TRANSIENT fields after `load_state` (nothing by default)."""

    @property
    def seat_to_act(self) -> int | None:
        return None if self.decision is None else self.decision.seat
