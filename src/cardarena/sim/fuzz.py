"""Random-play fuzzing: play seeded games with random choices and check the engine contract at
every decision. Used by the test suite (tests/fuzz) and by `cardarena fuzz GAME --seed N`, the
one-line command a failing test prints to reproduce a failure.

The deep checks, for every registered game (docs/architecture.md, "Hidden information"):
- the ruleset's own invariants; a non-empty option list with unique ids; `seq` strictly increasing;
- (a) for **every** seat s, `determinize(s)` leaves `view(s)` and the log unchanged (a decision that
  exists only because of hidden cards shows up here: re-asking it runs past it), with the other
  seats' hidden cards dealt from believed deck lists (core/belief.py), as the automatons deal them;
- (b) a differential game: the acting seat's choice applied both to the game and to a copy whose
  other seats' hidden cards were resampled gives the acting seat the same view and visible log,
  unless a resampled card was revealed to it on the way (the copies of (b) and (e) keep the real deck
  lists, `known_lists`, so that the acting seat can more often make the same move in both);
- (c) no card name reaches a seat that it has not legitimately seen: names of cards in events only
  through `st.ref()` (never as plain text), and a seat's view names (or gives the pool id of) only
  cards it knows or has seen;
- (d) copies: when a seat's card leaves its hand, no other seat that knew an identical copy there
  sees the known copy stay while an unknown one left (it would learn of a second copy), for games whose
  state keeps hands as `hand[seat]`;
- (e) watching: for every seat other than the acting one, the acting seat's choice applied both to
  the game and to a copy whose cards hidden from the watcher were resampled looks the same to the
  watcher until a card is shown to it in both (what a seat does with a hidden card, and the kind of
  decision that follows, must not tell the others what the card is);
- (f) one swap: for every seat, the same choice applied to the game and to a copy in which only two
  cards of one owner hidden from it (another seat's, or its own deck's) traded places (cards that
  stay hidden from it through the move) looks the same to it, even when the move shows it other
  cards. The two come from any zone `hidden_from` lists (a hand, a deck, the aliens Reactor and set
  cards, circuits face-down Plans and the Armory before the Loadout reveal), a hand card with a set
  card too, if they share a part of the deck (`prior_part`) and each keeps the marks its place shows
  (`public_marks`: a face-down Plan's Kind and cost). (b) and (e) resample every hidden card, so a
  card shown by the move (the card played) differs between their games and excuses every later
  difference of that step: a hidden count written into the very event that shows the card played
  got through them;
- `hidden_from` agrees with `visible_mask`; a clone fed the same choice gives the same log; a JSON
  save/load resumes identically.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.engine import State
from cardarena.core.registry import load_game
from cardarena.core.ruleset import Ruleset


class FuzzFailure(AssertionError):
    pass


@dataclass
class FuzzStats:
    games: int = 0
    decisions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)


def _dump(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


class _Names:
    """Finds card names in text (longest names first, whole words only)."""

    def __init__(self, names: set[str]) -> None:
        alts = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        self.rx = re.compile(rf"(?<![\w'])(?:{alts})(?![\w'])")
        self.memo: dict[str, frozenset[str]] = {}

    def find(self, text: str) -> set[str]:
        return set(self.rx.findall(text))

    def find_in(self, obj: Any) -> set[str]:
        """Names in every string of a JSON-like value (views repeat the same strings: memoized)."""
        out: set[str] = set()
        memo = self.memo
        stack = [obj]
        while stack:
            v = stack.pop()
            if v.__class__ is str:
                hit = memo.get(v)
                if hit is None:
                    hit = memo[v] = frozenset(self.rx.findall(v))
                out |= hit
            elif v.__class__ is dict:
                stack.extend(v.values())
            elif v.__class__ is list or v.__class__ is tuple:
                stack.extend(v)
        return out


def _pool_id(d: Any) -> str | None:
    pid = getattr(d, "id", None)
    return pid if isinstance(pid, str) else None


def _event_plain_text(e: dict[str, Any]) -> str:
    """An event without its card fields: what must never contain a card name."""
    see = e.get("~see", {})
    return _dump({k: v for k, v in e.items() if k not in see and k[0] != "~" and k != "type"})


class _Secrecy:
    """State kept across the decisions of one fuzzed game for checks (a), (b) and (c)."""

    def __init__(self, game: Ruleset, state: State) -> None:
        self.game = game
        names = {state.name(i) for i in range(len(state.defs))} | set(game.card_names())
        self.names = _Names(names)
        # in a view a card's pool id (the form option ids and data use) tells what it is as well as its
        # name does (events may name a card that is public by its pool id, e.g. mastery's `source`)
        self.names_and_ids = _Names(names | {pid for pid in map(_pool_id, state.defs) if pid})
        self.legit: list[set[str]] = [set() for _ in range(state.nseats)]
        self.checked = 0  # log events already checked

    def learn(self, state: State) -> None:
        """Add what each seat legitimately knows now: the cards its information set holds, and the
        names the log rendered to it since the last call."""
        n = len(state.defs)
        for s in range(state.nseats):
            bit = 1 << s
            legit = self.legit[s]
            for i in range(n):
                if state.visible_mask(i) & bit:
                    legit.add(state.name(i))
                    pid = _pool_id(state.defs[i])
                    if pid:
                        legit.add(pid)
        for e in state.log[self.checked:]:
            see = e.get("~see")
            if see is None:
                continue
            for k, m in see.items():
                vals = e[k] if isinstance(m, list) else [e[k]]
                masks = m if isinstance(m, list) else [m]
                for v, mm in zip(vals, masks, strict=True):
                    if isinstance(v, str):
                        for s in range(state.nseats):
                            if mm >> s & 1:
                                self.legit[s].add(v)

    def check_log_text(self, state: State) -> str | None:
        for e in state.log[self.checked:]:
            found = self.names.find(_event_plain_text(e))
            if found:
                return (f"event {e.get('type')!r} names {sorted(found)} as plain text (card names go "
                        f"through st.ref(), which hides them from seats that may not know them): {e}")
        self.checked = len(state.log)
        return None

    def check_views(self, state: State) -> str | None:
        for s in range(state.nseats):
            extra = self.names_and_ids.find_in(state.view(s)) - self.legit[s]
            if extra:
                return f"view({s}) names {sorted(extra)}, which seat {s} has not seen"
        return None


def _check_hidden_from(state: State) -> str | None:
    n = len(state.defs)
    for s in range(state.nseats):
        derived = {i for i in range(n) if not state.visible_mask(i) >> s & 1}
        given = set(state.hidden_from(s))
        if derived != given:
            return (f"hidden_from({s}) disagrees with visible_mask: only in hidden_from "
                    f"{sorted(given - derived)}, only in visible_mask {sorted(derived - given)}")
    return None


def _shown_to(ea: dict[str, Any], eb: dict[str, Any], bit: int, hidden: set[int]) -> bool:
    """Whether two raw events differ only in card fields that the seat (`bit`) may see in both and
    that name, in one game or the other, a card in `hidden` (one the seat did not know before the
    move): a resampled card was revealed to it at that moment, even if it is hidden again by the end of
    the step (so its final `visible_mask` no longer tells). A card the seat knew all along is the same
    in both games, so a difference there is no reveal."""
    see = ea.get("~see")
    if see is None or see != eb.get("~see") or set(ea) != set(eb):
        return False
    ia, ib = ea["~iid"], eb["~iid"]
    for k, va in ea.items():
        vb = eb[k]
        if va == vb or k == "~iid":  # the same card may lie under another instance id in the copy
            continue
        m = see.get(k)
        if m is None:
            return False
        if isinstance(m, int):
            if not m & bit or (ia[k] not in hidden and ib[k] not in hidden):
                return False
        elif any(x != y and (not mm & bit or (i not in hidden and j not in hidden))
                 for x, y, mm, i, j in zip(va, vb, m, ia[k], ib[k], strict=True)):
            return False
    return True


def _differential(state: State, seat: int, choice: str, rng: random.Random) -> str | None:
    """Check (b): the game and a copy differing only in other seats' hidden cards, fed the same choice
    by `seat`, must look the same to `seat` until a resampled card is revealed to it."""
    other = state.determinize(seat, rng, keep_own=True, known_lists=True)
    diff = [i for i in range(len(state.defs)) if state.defs[i] is not other.defs[i]]
    if not diff:
        return None
    a = state.clone()
    mark = len(a.log)
    try:
        other.apply(choice)
    except Exception as exc:
        return f"after resampling other seats' hidden cards, seat {seat}'s choice {choice!r} fails: {exc}"
    a.apply(choice)
    bit = 1 << seat
    for i in diff:  # revealed on the way: the games may now rightly differ
        if a.visible_mask(i) & bit or other.visible_mask(i) & bit:
            return None
    hidden = set(diff)
    la, lb = a.visible_log(seat, mark), other.visible_log(seat, mark)
    for k, (ea, eb) in enumerate(zip(la, lb, strict=False)):
        if ea != eb:
            if _shown_to(a.log[mark + k], other.log[mark + k], bit, hidden):
                return None  # a resampled card was shown to the seat, then hidden again (milled, then recycled)
            return (f"seat {seat} can tell other seats' hidden cards apart: after {choice!r} its log shows "
                    f"{ea} in one game and {eb} in the other")
    if len(la) != len(lb):
        extra = la[len(lb):] or lb[len(la):]
        return (f"seat {seat} can tell other seats' hidden cards apart: after {choice!r} one game logs "
                f"{len(la)} events and the other {len(lb)} (first extra: {extra[0]})")
    va, vb = a.view(seat), other.view(seat)
    if va != vb:
        da, db = va.get("decision"), vb.get("decision")
        what = f"decision {da} vs {db}" if da != db else "its view"
        return f"seat {seat} can tell other seats' hidden cards apart after {choice!r}: {what} differs"
    return None


def _reveals(e: dict[str, Any], bit: int, hidden: set[int]) -> bool:
    """Whether raw event `e` (recorded with `State.AUDIT`) shows the seat (`bit`) the identity of a card
    in `hidden`, one the seat did not know before the move. A card it knew all along (a Hero, a card in
    play) is no excuse for a difference: it is the same card in both games."""
    see = e.get("~see")
    if not see:
        return False
    iids = e["~iid"]
    for k, m in see.items():
        if m.__class__ is int:
            if m & bit and iids[k] in hidden:
                return True
        elif any(mm & bit and i in hidden for mm, i in zip(m, iids[k], strict=True)):
            return True
    return False


def _watched(state: State, actor: int, seat: int, choice: str, rng: random.Random) -> str | None:
    """Check (e): `seat` watches another seat, `actor`, make its choice. In a copy where every card
    hidden from `seat` was resampled (so the actor holds other cards), the same choice must look the
    same to `seat` until a card is revealed to it in both games: what the actor does with a card that
    `seat` cannot see (chooses it, then its target, a payment, room for it) may not tell `seat` what
    it is, not even by the kind of decision that follows or by whether a decision follows at all."""
    other = state.determinize(seat, rng, keep_own=True, known_lists=True)
    if all(x is y for x, y in zip(state.defs, other.defs, strict=True)):
        return None
    d = other.decision
    if d is None or choice not in {o.id for o in d.options}:
        return None  # with the resampled cards the actor could not make this move: nothing to compare
    a = state.clone()
    mark = len(a.log)
    try:
        other.apply(choice)
    except Exception as exc:
        return (f"seat {actor}'s move {choice!r} depends on cards seat {seat} cannot see: with them resampled "
                f"it fails ({type(exc).__name__}: {exc})")
    a.apply(choice)
    bit = 1 << seat
    # shown: a card hidden from the seat before the move is known to it after (one being played is
    # public before its event), or an event showed it on the way (a card used, then shuffled back into
    # the deck by a Recycling), in both games; from the event that shows it the games may differ
    hidden = set(state.hidden_from(seat))

    def shown_in(g: State) -> bool:
        return any(g.visible_mask(i) & bit for i in hidden) or any(_reveals(e, bit, hidden) for e in g.log[mark:])
    shown = shown_in(a) and shown_in(other)
    la, lb = a.visible_log(seat, mark), other.visible_log(seat, mark)
    for k, (ea, eb) in enumerate(zip(la, lb, strict=False)):
        if ea != eb:
            ra, rb = a.log[mark + k], other.log[mark + k]
            # a card hidden before the move and shown in both games at this event (the card used, its
            # source), or shown in both before it (a Tactic discarded, then one more in one game): from
            # here they may differ
            if _shown_to(ra, rb, bit, hidden) or (_reveals(ra, bit, hidden) and _reveals(rb, bit, hidden)) or (
                    shown and any(_reveals(e, bit, hidden) for e in a.log[mark:mark + k + 1])
                    and any(_reveals(e, bit, hidden) for e in other.log[mark:mark + k + 1])):
                return None
            return (f"seat {seat} can tell seat {actor}'s hidden cards apart: after {choice!r} its log shows "
                    f"{ea} in one game and {eb} in the other")
    if shown:
        return None
    if len(la) != len(lb):
        short, long_ = (a, other) if len(la) < len(lb) else (other, a)
        k = min(len(la), len(lb))
        return (f"seat {seat} can tell seat {actor}'s hidden cards apart: after {choice!r} one game goes on "
                f"({long_.visible_log(seat, mark)[k]}) while the other waits ({short.decision_view(seat)})")
    what = _view_difference(a, other, seat)
    if what is not None:
        return f"seat {seat} can tell seat {actor}'s hidden cards apart after {choice!r}: {what} differs"
    return None


def _view_difference(a: State, b: State, seat: int) -> str | None:
    """What of `seat`'s view differs between two games ("decision X vs Y", "its view"), or None."""
    if a.view(seat) == b.view(seat):
        return None
    da, db = a.decision_view(seat), b.decision_view(seat)
    return f"decision {da} vs {db}" if da != db else "its view"


def _may_trade(state: State, i: int, j: int) -> bool:
    """Whether hidden cards `i` and `j` may trade places unseen by a seat that knows neither: other
    cards of one owner (`resample_key`) and one part of its deck (`prior_part`), each keeping the
    marks its place shows (`public_marks`: a face-down Plan's Kind and cost). Zones do not matter: a
    hand card may trade with a Reactor card, a set card or a deck card."""
    defs, marks = state.defs, state.public_marks
    di, dj = defs[i], defs[j]
    return (di.id != dj.id and state.resample_key(i) == state.resample_key(j)
            and state.prior_part(i) == state.prior_part(j)
            and marks(i, dj) == marks(i, di) and marks(j, di) == marks(j, dj))


def _trade(state: State, moved: State, seat: int, rng: random.Random) -> tuple[int, int] | None:
    """Two cards hidden from `seat` (`hidden_from`: a hand, a deck, a Reactor, a set card, a face-down
    Plan, a secret Armory), still hidden from it after the move, that may trade places (`_may_trade`).
    The first is one its owner knows when there is one (a hand, Reactor, set or face-down card: what
    the owner's moves may betray), the second one its owner knows or a deck card, either at even odds."""
    bit = 1 << seat
    mask, owner = state.visible_mask, state.owner
    known: list[int] = []  # to their owner
    unknown: list[int] = []  # to every seat: a deck
    for i in state.hidden_from(seat):
        if not moved.visible_mask(i) & bit:
            (known if mask(i) >> owner[i] & 1 else unknown).append(i)
    if len(known) + len(unknown) < 2:
        return None
    rng.shuffle(known)
    rng.shuffle(unknown)
    groups = [g for g in (known, unknown) if g]
    for i in (known + unknown)[:4]:  # a face-down Plan may have no partner of its marks: try another
        rng.shuffle(groups)
        for g in groups:
            fits = [j for j in g if j != i and _may_trade(state, i, j)]
            if fits:
                return i, fits[rng.randrange(len(fits))]
    return None


def _swapped(state: State, moved: State, mark: int, seat: int, choice: str, rng: random.Random) -> str | None:
    """Check (f): `moved` is `state` after `choice`. In a copy of `state` where two cards hidden from
    `seat` (`_trade`: of one owner, in any hidden zone, both still hidden from it after the move)
    traded places, the same choice must give `seat` the same visible log and view, unless the copy
    shows it one of the two. Only those two cards differ, so a card the move shows (the one played) is
    the same card in both games and excuses nothing."""
    bit = 1 << seat
    pair = _trade(state, moved, seat, rng)
    if pair is None:
        return None
    i, j = pair
    defs, owner = state.defs, state.owner
    other = state.clone()
    swapped = list(defs)
    swapped[i], swapped[j] = defs[j], defs[i]
    other.defs = swapped
    d = other.decision
    if d is not None and d.seat != seat:
        other.reask()  # the acting seat's options may come from the two cards
        d = other.decision
        if len(other.log) != mark:
            return None  # a decision that exists only because of hidden cards: check (a) reports it
    if d is None or choice not in {o.id for o in d.options}:
        return None  # with the two cards traded the acting seat could not make this move
    other.apply(choice)
    if other.visible_mask(i) & bit or other.visible_mask(j) & bit:
        return None
    if any(_reveals(e, bit, {i, j}) for e in moved.log[mark:]) or any(_reveals(e, bit, {i, j}) for e in other.log[mark:]):
        return None  # one of the two was shown to the seat on the way
    la, lb = moved.visible_log(seat, mark), other.visible_log(seat, mark)
    names = f"{defs[i].id!r} and {defs[j].id!r} of seat {owner[i]}"
    for ea, eb in zip(la, lb, strict=False):
        if ea != eb:
            return (f"seat {seat} can tell where {names} lie: after {choice!r} its log shows {ea} in one game "
                    f"and {eb} in the other (check (f): only those two hidden cards traded places)")
    if len(la) != len(lb):
        extra = la[len(lb):] or lb[len(la):]
        return (f"seat {seat} can tell where {names} lie: after {choice!r} one game logs {len(la)} events and "
                f"the other {len(lb)} (first extra: {extra[0]}; check (f))")
    what = _view_difference(moved, other, seat)
    if what is not None:
        return f"seat {seat} can tell where {names} lie after {choice!r}: {what} differs (check (f))"
    return None


def _known_copies(state: State) -> list[tuple[int, int, dict[str, set[int]], set[int]]]:
    """For check (d), per (owner, looker): the looker's known copies of each card in the owner's hand,
    and the owner's hand cards it does not know."""
    hands = getattr(state, "hand", None)
    out: list[tuple[int, int, dict[str, set[int]], set[int]]] = []
    if not isinstance(hands, list):
        return out
    defs = state.defs
    for owner, hand in enumerate(hands):
        for looker in range(state.nseats):
            if looker == owner:
                continue
            known: dict[str, set[int]] = {}
            unknown: set[int] = set()
            for i in hand:
                if state.knows(looker, i):
                    known.setdefault(defs[i].id, set()).add(i)
                else:
                    unknown.add(i)
            if known and unknown:
                out.append((owner, looker, known, unknown))
    return out


def _check_copies(before: list[tuple[int, int, dict[str, set[int]], set[int]]], state: State,
                  choice: str) -> str | None:
    """Check (d) after a move: an unknown copy that left the hand while a known copy of the same card
    stayed, still known, tells the looker that the owner held a second copy."""
    hands = state.hand  # type: ignore[attr-defined]
    for owner, looker, known, unknown in before:
        hand = set(hands[owner])
        for u in unknown:
            kept = known.get(state.defs[u].id)
            if u in hand or not kept:
                continue
            still = [k for k in kept if k in hand and state.knows(looker, k)]
            if still:
                return (f"after {choice!r} a copy of {state.defs[u].id!r} that seat {looker} did not know left seat "
                        f"{owner}'s hand while the copy it knew stayed: it learns of a second copy (of identical "
                        f"copies, the one most seats know must move: State.distinct)")
    return None


def fuzz_game(game_id: str, seed: int, stats: FuzzStats | None = None, deep: bool = True,
              secrecy: bool = True, cards: CardFiles | None = None) -> State:
    """Play one random game (random legal decks from the ruleset) and check every decision.

    deep: also check determinize, clone and JSON at every decision (the full contract), and with
    `secrecy` the information-set checks (a) to (e); without `deep` only the ruleset's own
    invariants run (fast). `cards`: card files (`--cards`) merged into the game's pool, so that a
    designer's new or changed cards are drawn into the random decks.
    """
    game = load_game(game_id, cards)
    rng = random.Random(seed)
    decks = game.random_decks(rng, game.info.min_seats)
    state = game.new_game(decks=decks, seed=seed)
    if deep:
        state.record = State.AUDIT  # check (e) asks which card each event field is
    n = 0
    last_seq = 0
    checker = _Secrecy(game, state) if deep else None

    def fail(msg: str) -> None:
        with_cards = "".join(f" --cards {name}" for name in cards.names) if cards is not None else ""
        raise FuzzFailure(f"{game_id} seed {seed}, decision {n}: {msg}\n"
                          f"  reproduce: cardarena fuzz {game_id} --seed {seed}{with_cards}")

    while True:
        for problem in game.check_invariants(state):
            fail(problem)
        d = state.decision
        if d is None:
            if state.result is None:
                fail("no decision and no result")
            break
        if not d.options:
            fail(f"seat {d.seat} must choose but has no option")
        ids = [o.id for o in d.options]
        if len(set(ids)) != len(ids):
            fail(f"duplicate option ids {ids}")
        if d.seq <= last_seq:
            fail(f"decision seq {d.seq} does not increase (last {last_seq})")
        last_seq = d.seq
        choice = ids[rng.randrange(len(ids))]
        if checker is not None:
            _deep_checks(state, checker, d.seat, choice, seed * 1_000_003 + n, fail, n, secrecy)
            clone = state.clone()
            saved: Any = json.loads(json.dumps(state.to_json()))
            mark = len(state.log)
            copies = _known_copies(state) if secrecy else []
        try:
            state.apply(choice)
        except Exception as exc:  # any engine exception is the finding
            fail(f"applying {choice!r} raised {type(exc).__name__}: {exc}")
        if checker is not None:
            copied = _check_copies(copies, state, choice) if copies else None
            if copied:
                fail(copied)
            clone.apply(choice)
            if clone.log[mark:] != state.log[mark:]:
                fail(f"a clone fed the same choice {choice!r} produced a different log")
            resumed = game.load_state(saved)
            resumed.apply(choice)
            if json.loads(json.dumps(resumed.log)) != json.loads(json.dumps(state.log[mark:])):
                fail(f"a state saved to JSON and resumed gave a different log after {choice!r}")
        n += 1
        if n > 100_000:
            fail("the game does not end")
    if checker is not None and secrecy:
        checker.learn(state)
        last = checker.check_log_text(state)
        if last:
            fail(last)
    if stats is not None:
        stats.games += 1
        stats.decisions += n
        assert state.result is not None
        stats.reasons[state.result.reason] += 1
        for e in state.log:
            stats.played.update(game.played_cards(e))
    return state


def _deep_checks(state: State, checker: _Secrecy, actor: int, choice: str, salt: int, fail: Any, n: int,
                 secrecy: bool) -> None:
    if not secrecy:  # only what the contract asked before information sets: the acting seat's view
        det = state.determinize(actor, random.Random(salt))
        if det.view(actor) != state.view(actor):
            fail("determinize changed what the acting seat can see")
        return
    checker.learn(state)
    for problem in (checker.check_log_text(state), checker.check_views(state)):
        if problem:
            fail(problem)
    if n % 10 == 0:
        problem = _check_hidden_from(state)
        if problem:
            fail(problem)
    mark = len(state.log)
    for s in range(state.nseats):  # (a), for every seat
        before = state.view(s)
        det = state.determinize(s, random.Random(salt + s))
        if len(det.log) != mark:
            fail(f"determinize({s}) re-asked a decision that exists only because of hidden cards: "
                 f"it ran on and logged {det.log[mark:][:2]}")
        if det.view(s) != before:
            fail(f"determinize({s}) changed what seat {s} can see")
    problem = _differential(state, actor, choice, random.Random(salt + 99))
    if problem:
        fail(problem)
    for s in range(state.nseats):  # (e), for every seat watching the actor
        if s != actor:
            problem = _watched(state, actor, s, choice, random.Random(salt + 199 + s))
            if problem:
                fail(problem)
    moved = state.clone()
    moved.apply(choice)
    for s in range(state.nseats):  # (f), for every seat, the actor too
        problem = _swapped(state, moved, mark, s, choice, random.Random(salt + 299 + s))
        if problem:
            fail(problem)
