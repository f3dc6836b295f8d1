"""What a seat may believe about the cards another seat brought: the deck prior of `determinize`.

A determinization must come from the seat's information set alone. The order and whereabouts of
another seat's hidden cards are not in it, and neither is the *list* of cards that seat brought: no
view, log or message names a card before it is shown. So the other seat's hidden cards are not dealt
from its real deck list but from a believed one: one of the game's starter decks, which ship with the
package and are public, the one that best explains what the seat has seen of that seat's cards.

- Candidates: the starters of the game's format; in a format without starters, the decks that stand
  in for them (`Ruleset.stand_in_deck`: circuits Limited's automatic decks of eight Sealed pools);
  else every starter of the game.
- A candidate explains the seen cards when it holds every one of them (as a multiset of pool ids,
  counting the cards in play, in discard piles, and those looked at); if none does, the candidates
  holding the most of them are believed instead. Among the believed ones a determinization picks one
  at random.
- The hidden cards of each *part* (`State.prior_part`: a circuits Armory slot, say) are dealt from
  that candidate's cards of the part, less the seen ones; a deck larger than the candidate takes
  random extra copies of the candidate's cards.

Against starter decks the prior names the real list as soon as the seen cards tell the starters
apart; against another deck it is a fair guess. docs/search.md ("What the search knows") has the
figures. A game without starters has no prior, and its determinizations keep the real lists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cardfiles import CardFiles
from .registry import load_game
from .rng import search_shuffle

if TYPE_CHECKING:
    from .engine import State


@dataclass(frozen=True)
class Candidate:
    """A starter deck as the instances one seat would bring with it, by part, in canonical order."""

    name: str
    parts: dict[Hashable, list[Any]]
    ids: Counter[str]  # pool ids of all its instances


@dataclass(frozen=True)
class _Deal:
    """For one other seat: its hidden instance ids by part, and for each believed candidate the cards
    left to deal each part (canonical order) with what to copy when they run short."""

    hidden: dict[Hashable, list[int]]
    left: list[dict[Hashable, tuple[list[Any], list[Any]]]]


_CANDIDATES: dict[tuple[str, str | None, int, int, str], list[Candidate]] = {}
_BELIEFS: dict[tuple[int, int], tuple[list[Any], dict[str, Any], list[str], list[_Deal]]] = {}
_BELIEFS_MAX = 64  # one entry per searched position and seat: a search determinizes one base state


#: how many stand-in decks (`Ruleset.stand_in_deck`, e.g. circuits Limited's Sealed decks) a format
#: without starters is believed from
STAND_INS = 8


def candidates(state: State, seat: int) -> list[Candidate]:
    """The starters `seat` of a game like `state` might have brought (cached per game, format, seat and
    card files: a game with card files deals the starters' cards from its own pool, docs/cards.md)."""
    config = state.config
    game = config.get("game", state.game_id)
    fmt = config.get("format")
    key = (game, fmt, seat, state.nseats, CardFiles.sha_of(config))
    found = _CANDIDATES.get(key)
    if found is None:
        from .engine import canonical  # engine imports this module

        ruleset = load_game(game, CardFiles.from_config(config))
        starters = sorted(ruleset.starter_decks().items())
        same = [(n, d) for n, d in starters if (d.format or ruleset.default_format) == fmt]
        if not same and fmt is not None:  # a format without starters: the decks that stand in for them
            same = [(f"stand-in {k}", d) for k in range(STAND_INS)
                    if (d := ruleset.stand_in_deck(fmt, k)) is not None]
        found = []
        for name, deck in same or starters:
            st = ruleset.new_game([deck] * state.nseats, seed=0, fmt=deck.format)
            parts: dict[Hashable, list[Any]] = {}
            for i, d in enumerate(st.defs):
                if st.owner[i] == seat:
                    parts.setdefault(st.prior_part(i), []).append(d)
            st.release()
            found.append(Candidate(name, {p: canonical(v) for p, v in parts.items()},
                                   Counter(d.id for v in parts.values() for d in v)))
        _CANDIDATES[key] = found
    return found


def _unseen(have: list[Any], seen: dict[str, int] | None) -> list[Any]:
    """The cards of `have` left once the `seen` copies (pool id: count) are taken out (the first ones)."""
    if not seen:
        return list(have)
    left = dict(seen)
    rest = []
    for d in have:
        k = d.id
        n = left.get(k)
        if n:
            left[k] = n - 1
        else:
            rest.append(d)
    return rest


def _believe(state: State, seat: int, hidden: list[int]) -> list[_Deal]:
    """The deals of every other seat's hidden cards that `seat` may believe in, from what it sees."""
    owner, defs, part_of = state.owner, state.defs, state.prior_part
    hidden_set = set(hidden)
    deals = []
    for o in range(state.nseats):
        if o == seat:
            continue
        cands = candidates(state, o)
        by_part: dict[Hashable, list[int]] = {}  # the hidden instance ids
        seen_ids: dict[Hashable, list[str]] = {}  # pool ids of the cards seen, by part
        for i, ow in enumerate(owner):
            if ow != o:
                continue
            part = part_of(i)
            if i in hidden_set:
                group = by_part.get(part)
                if group is None:  # not setdefault: no list built for every card (greedy does this each decision)
                    by_part[part] = group = []
                group.append(i)
            else:
                got = seen_ids.get(part)
                if got is None:
                    seen_ids[part] = got = []
                got.append(defs[i].id)
        # copies seen by pool id, per part and in all (Counter counts a list in C)
        seen = {part: Counter(got) for part, got in seen_ids.items()}
        total: Counter[str] = Counter()
        for got in seen_ids.values():
            total.update(got)
        if not by_part or not cands:
            continue
        held = []
        items = total.items()
        for c in cands:  # how many of the seen cards each candidate holds (a loop: once per decision of greedy)
            ids = c.ids
            h = 0
            for k, n in items:
                m = ids.get(k)
                if m:
                    h += n if n < m else m
            held.append(h)
        best = max(held)
        left = []
        for c in (c for c, h in zip(cands, held, strict=True) if h == best):
            per: dict[Hashable, tuple[list[Any], list[Any]]] = {}
            for part in by_part:
                have = c.parts.get(part) or [d for cc in cands for d in cc.parts.get(part, ())]
                if have:  # else no starter has such cards: this part keeps its real list
                    per[part] = (_unseen(have, seen.get(part)), have)
            left.append(per)
        deals.append(_Deal(by_part, left))
    return deals


def believed_deals(state: State, seat: int, hidden: list[int]) -> list[_Deal]:
    """The deals `deal_from` takes for `seat`'s hidden cards `hidden` of `state` (remembered per state and
    seat while its cards and history stay the same: greedy determinizes a state once per decision)."""
    key = (id(state), seat)
    entry = _BELIEFS.get(key)
    if entry is None or entry[0] is not state.defs or entry[1] is not state.config or entry[2] != state.history:
        if len(_BELIEFS) >= _BELIEFS_MAX:
            _BELIEFS.clear()
        entry = (state.defs, state.config, list(state.history), _believe(state, seat, hidden))
        _BELIEFS[key] = entry
    return entry[3]


def fixed_deal(deals: list[_Deal]) -> bool:
    """Whether `deal_from` draws nothing from its rng for `deals` and so always deals the same cards:
    one believed candidate per seat, holding exactly as many cards of each part as are hidden."""
    for deal in deals:
        if len(deal.left) != 1:
            return False
        per = deal.left[0]
        for part, ids in deal.hidden.items():
            if part in per and len(per[part][0]) != len(ids):
                return False
    return True


def deal_from(deals: list[_Deal], defs: list[Any], rng: Any) -> None:
    """Give the hidden instance ids of `deals` (`believed_deals`), in place in `defs`, cards of a believed
    deck list, drawing from `rng` which candidate and which cards when there is a choice."""
    for deal in deals:
        per = deal.left[rng.randrange(len(deal.left))] if len(deal.left) > 1 else deal.left[0]
        for part, ids in deal.hidden.items():
            if part not in per:
                continue
            rest, have = per[part]
            # `resample` then shuffles each group from its canonical order, so only which cards are
            # dealt matters here, not where: a shuffle only to take a random few of too many
            cards = rest
            if len(cards) > len(ids):
                cards = rest[:]
                search_shuffle(rng, cards)
            elif len(cards) < len(ids):  # a deck larger than the believed one: more copies of its cards
                cards = rest + [have[rng.randrange(len(have))] for _ in range(len(ids) - len(cards))]
            for i, d in zip(ids, cards, strict=False):
                defs[i] = d
