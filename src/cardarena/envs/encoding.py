"""Arrays for learners: a seat's view as a fixed-size vector, a decision's options as action indices.

Both are built from what the seat may know only (`state.view(seat)` and its own pending decision),
so two states that differ only in cards the seat cannot see encode identically. docs/rl.md describes
the layout and the sizes per game.

Actions. Index `i` is the decision's `i`-th option in the engine's order (the rulebook's order, a
pure function of what the deciding seat sees). The action space is `Discrete(max_options)` per game;
the mask marks exactly the first `len(options)` indices. A decision with more options than the cap
is an error (`EncodingError`), never a silently unreachable option; the caps are several times the
largest decision seen in thousands of random games (tests/envs/test_actions.py walks games to check).

Observations. The view is flattened into (path, value) leaves and hashed into `view_dims` buckets
(a running hash of the path's keys, each key by CRC-32, so the layout is the same in every
process): a number adds `value * 0.1` at its path with list positions kept (the second Alien's
`hp`), a string adds 1 at its path without positions combined with its value (a bag of card ids
per zone: `me.hand.id=ember_lash`). Players are named by their place relative to the observer
(`me`, `opp1`...). Printed card facts next to a pool id are left out (the id implies them). Then
each option slot gets `option_dims` entries holding a fixed random signed code of each token of
its decision kind, verb and data (`_option_code`), so a policy can tell what action `i` means and
two options of one decision never look alike.
"""

from __future__ import annotations

import operator
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.engine import Decision


class EncodingError(ValueError):
    """A decision the fixed action space cannot hold (more options than the game's cap)."""


@dataclass(frozen=True)
class EncodingSpec:
    """The sizes of one game's arrays (docs/rl.md lists them)."""

    max_options: int = 64  # the Discrete action space
    view_dims: int = 1024  # hashed view buckets
    option_dims: int = 16  # hashed buckets per option slot
    #: the field naming a card's pool id in this game's views
    card_key: str = "card"
    #: printed facts of a card, left out where its pool id is present (the id token implies them)
    static: frozenset[str] = frozenset()

    @property
    def obs_size(self) -> int:
        return self.view_dims + self.max_options * self.option_dims


#: per game; a game not listed gets the defaults (docs/rl.md gives the largest decision seen in
#: random play of each game, a third of the cap or less)
SPECS: dict[str, EncodingSpec] = {
    "aliens": EncodingSpec(card_key="id", static=frozenset({"kind", "subtype", "species", "cost", "affinity", "damage"})),
    "circuits": EncodingSpec(static=frozenset({"kind", "circuits", "cost", "type", "slot"})),
    "mastery": EncodingSpec(static=frozenset({"kind", "cost", "level", "symbol", "target"})),
    "frontline": EncodingSpec(static=frozenset({"kind", "cost", "atk", "hp"})),
}

#: the bound of every observation entry (sums are clipped to it)
OBS_BOUND = 16.0
#: free text and per-decision counters carry no information a policy can use
_SKIP_KEYS = frozenset({"name", "text", "label", "prompt", "seq", "options", "game", "format"})
#: buckets (each with a sign) per token of an option slot, and the multiplier remixing its hash
_OPTION_HASHES = 4
_MIX = 0x9E3779B97F4A7C15
_U64 = (1 << 64) - 1
#: list positions past this share one path
_MAX_POS = 8
#: running path hashes: h(child) = h(parent) * _P + h(key), kept to 61 bits
_P = 1_000_003
_M = (1 << 61) - 1


def action_index(action: Any) -> int:
    """`action` as an index: a whole number (an int, a NumPy integer or 0-d integer array); anything
    else (a float, None, an array of several entries) is a ValueError, never rounded to an option."""
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(
            f"action {action!r} is not an action: give a whole number, the index of an option (Discrete)"
        ) from None


def step_limit(max_steps: Any) -> int:
    """`max_steps` of an env, refused unless a whole number of at least 1 (0 would truncate every game
    at once; a text or None would fail later, inside `reset` or `step`)."""
    if isinstance(max_steps, bool) or not hasattr(max_steps, "__index__") or operator.index(max_steps) < 1:
        raise ValueError(f"max_steps must be a whole number of at least 1, not {max_steps!r}")
    return operator.index(max_steps)


def _option_code(h: int, od: int) -> tuple[tuple[int, float], ...]:
    """Where an option token of hash `h` adds what, among its slot's `od` buckets: _OPTION_HASHES
    values, each of a sign and a size in [0.5, 1.5) read with its bucket from a remix of `h`
    (splitmix64, the same in every process): a fixed random code per token. A plain `h % od` put two
    card ids in one bucket once in `od` pairs, so two options of one hand often encoded alike and a
    policy could not tell them apart."""
    out = []
    for j in range(1, _OPTION_HASHES + 1):
        m = (h + j * _MIX) & _U64
        m = ((m ^ (m >> 30)) * 0xBF58476D1CE4E5B9) & _U64
        m = ((m ^ (m >> 27)) * 0x94D049BB133111EB) & _U64
        m ^= m >> 31
        size = 0.5 + (m & 0xFFFFF) / 0x100000
        out.append(((m >> 32) % od, -size if m >> 63 else size))
    return tuple(out)


def spec_for(game_id: str) -> EncodingSpec:
    return SPECS.get(game_id, EncodingSpec())


class ViewEncoder:
    """Encodes views and decisions of one game into numpy arrays of a fixed shape."""

    def __init__(self, game_id: str, nseats: int = 2, spec: EncodingSpec | None = None) -> None:
        self.game_id = game_id
        self.nseats = nseats
        self.spec = spec or spec_for(game_id)
        self._card_key = self.spec.card_key
        self._skip_card = _SKIP_KEYS | self.spec.static
        self._bucket: dict[str, int] = {}  # key or value text -> CRC-32 (stable across processes)
        self._codes: dict[int, tuple[tuple[int, float], ...]] = {}  # option token -> its code

    # -- observation ---------------------------------------------------------------------------
    def _h(self, text: str) -> int:
        """A stable hash of a key or a string value (CRC-32, the same in every process)."""
        h = self._bucket.get(text)
        if h is None:
            h = self._bucket[text] = zlib.crc32(text.encode())
        return h

    def encode(self, view: dict[str, Any], decision: Decision | None) -> np.ndarray:
        """The observation vector of `view` (the observer's) and the observer's own pending decision
        (None when another seat decides or the game is over)."""
        spec = self.spec
        seat = view.get("seat", 0)
        idx: list[int] = []
        val: list[float] = []
        for key, value in view.items():
            if key in _SKIP_KEYS:
                continue
            if key == "players" and isinstance(value, list):
                for p in value:
                    who = self._h(self._relative(p.get("seat", 0), seat) if isinstance(p, dict) else "p")
                    self._walk(p, who, who, idx, val)
            else:
                h = self._h(key)
                self._walk(value, h, h, idx, val)
        vd = spec.view_dims
        out = np.zeros(spec.obs_size, dtype=np.float32)
        if idx:
            out[:vd] = np.bincount(np.array(idx, dtype=np.int64) % vd, weights=val, minlength=vd)
        if decision is not None:
            self._encode_options(decision, out)
        np.clip(out, -OBS_BOUND, OBS_BOUND, out=out)
        return out

    def _relative(self, s: int, seat: int) -> str:
        r = (s - seat) % max(self.nseats, 1)
        return "me" if r == 0 else f"opp{r}"

    def _walk(self, value: Any, path: int, bag: int, idx: list[int], val: list[float]) -> None:
        """Hash leaves into (idx, val). `path` (a running hash) keeps list positions, for numbers;
        `bag` drops them, for strings (a bag of card ids per zone). Leaves are handled inline: this
        runs at every step of a learner, so it avoids a call per leaf."""
        t = type(value)
        if t is dict:
            cache = self._bucket
            skip = self._skip_card if type(value.get(self._card_key)) is str else _SKIP_KEYS
            for k, v in value.items():
                if v is None or k in skip:
                    continue
                tv = type(v)
                hk = cache.get(k)
                if hk is None:
                    hk = self._h(k)
                if tv is str:
                    hv = cache.get(v)
                    if hv is None:
                        hv = self._h(v)
                    idx.append((((bag * _P + hk) & _M) * _P + hv + 1) & _M)
                    val.append(1.0)
                elif tv is bool:
                    idx.append((path * _P + hk) & _M)
                    val.append(1.0 if v else 0.0)
                elif tv is int or tv is float:
                    if k != "id":  # an instance id is a handle, not a fact
                        idx.append((path * _P + hk) & _M)
                        val.append(v * 0.1)
                else:
                    self._walk(v, (path * _P + hk) & _M, (bag * _P + hk) & _M, idx, val)
        elif t is list or t is tuple:
            idx.append((path * _P + 7) & _M)
            val.append(len(value) * 0.1)
            for i, v in enumerate(value):
                if type(v) is str:  # a bag entry: no position, no call
                    hv = self._bucket.get(v)
                    if hv is None:
                        hv = self._h(v)
                    idx.append((bag * _P + hv + 1) & _M)
                    val.append(1.0)
                elif v is not None:
                    self._walk(v, (path * _P + 11 + (i if i < _MAX_POS else _MAX_POS)) & _M, bag, idx, val)
        elif t is str:
            idx.append((bag * _P + self._h(value) + 1) & _M)
            val.append(1.0)
        elif t is bool:
            idx.append(path)
            val.append(1.0 if value else 0.0)
        elif t is int or t is float:
            idx.append(path)
            val.append(value * 0.1)

    def _encode_options(self, decision: Decision, out: np.ndarray) -> None:
        spec = self.spec
        n = self.check(decision)
        od = spec.option_dims
        kind = self._h(f"kind={decision.kind}")
        acc = [0.0] * (n * od)
        codes = self._codes
        for i in range(n):
            opt = decision.options[i]
            idx = [kind, self._h("verb=" + opt.id.split(":", 1)[0])]
            val = [1.0, 1.0]
            self._walk(opt.data, 0, 0, idx, val)
            base = i * od
            for h, v in zip(idx, val, strict=True):
                code = codes.get(h)
                if code is None:
                    code = codes[h] = _option_code(h, od)
                for bucket, x in code:
                    acc[base + bucket] += x * v
        out[spec.view_dims: spec.view_dims + n * od] += acc

    # -- actions -------------------------------------------------------------------------------
    def check(self, decision: Decision) -> int:
        n = len(decision.options)
        if n > self.spec.max_options:
            raise EncodingError(
                f"{self.game_id}: a {decision.kind!r} decision has {n} options, more than the action "
                f"space's {self.spec.max_options} (raise SPECS[{self.game_id!r}].max_options)"
            )
        return n

    def mask(self, decision: Decision | None) -> np.ndarray:
        """1 at the index of every legal option of `decision`, 0 elsewhere (all 0 without one)."""
        m = np.zeros(self.spec.max_options, dtype=np.int8)
        if decision is not None:
            m[: self.check(decision)] = 1
        return m

    def option_id(self, decision: Decision, action: int) -> str:
        """The option id action `action` names; ValueError when it is not legal now."""
        a = action_index(action)
        if not 0 <= a < len(decision.options):
            raise ValueError(
                f"action {action} is not legal: the {decision.kind!r} decision has {len(decision.options)} options"
            )
        return decision.options[a].id

    def action_of(self, decision: Decision, option_id: str) -> int:
        """The action index of option `option_id` of `decision`."""
        for i, o in enumerate(decision.options):
            if o.id == option_id:
                return i
        raise KeyError(option_id)
