"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

One tree for the acting seat's information set. Each iteration samples a determinization (a full
state consistent with what the seat knows), walks the tree using only the options legal in that
sample, adds one node, plays a random rollout, and backs the score up. A node's UCB1 uses its
availability count (how often it was legal when its parent was visited) in place of the parent's
visit count, because an option that is rarely legal should not be judged by how often its parent
was reached.

Why the settings (bench/bench_agents.py, 16–40 games each on a shared machine, so ±8–12 points):
- Rollouts are short (5 decisions) and scored by the per-game score of agents/heuristics.py: 4–5×
  the iterations per second of 30-decision rollouts. Long random rollouts mostly add noise: a
  random player wastes its cards, so the position it reaches says little about the move judged. In
  circuits a 30-decision rollout covers two or three turns of a ~13-turn game, much of it one-step
  Response Windows answered at random, and the old score (Hero HP only) could not see a developing
  play. No rollout at all (depth 0) was worse (circuits 400 vs 50 iterations: 50%).
- Cut-off scores differ by hundredths while wins and losses differ by 2: with one exploration
  constant for both, visits stayed nearly uniform and more iterations barely changed the choice
  (circuits, c=0.7 unscaled: 400 iterations won 46% against 50; c=0.15: 69%). Cut-off scores are
  therefore stretched by tanh(`scale` × score) before they are backed up, which keeps c=0.7 right
  for won and lost games.
- Progressive bias (`bias`): a new node remembers the score right after its move, and selection
  adds bias × score / (visits + 1), so few iterations already try the plays the score likes
  (aliens, 1000 iterations against greedy: 56% without, 75% with, 16 games).
- Still open: in circuits two searches of 400 iterations with different seeds agree on only about
  two thirds of action choices, i.e. the estimates are still noise-dominated at that budget, and
  400 against 50 iterations stays near 57% (40 games). Preferring pass/end in rollouts (`quiet`)
  made the searches agree more (80%) but did not win more (47%, 32 games).
- Issue 10 round (ismcts:iters=400 against ismcts:iters=50, same settings on both sides, 20–40
  games each, so ±15–20 points): before this round aliens 53% (30), circuits 50% (30), frontline
  60% (20), mastery 65% (20, before the finer mastery score).
  - `forced` (default 1): a one-option decision (22–44% of all decisions) gets no tree node and does
    not count towards the rollout depth. Same strength (aliens 50% vs 53% without, 30 games each;
    circuits 50%, 30), kept because it spends no expansion on a non-choice.
  - Leaf evaluation (depth=0): aliens 60% (30); with c=0.25 aliens 57% (40), circuits 48% (40).
    c=0.25 with rollouts: aliens 63% (30).
  - Cut-off scores are hundredths apart and the whole position's score (ahead or behind) pushed
    tanh into its flat part. `center=1` scores each iteration relative to its own determinization's
    start (the hidden cards weigh on both sides and cancel), `tprior=1` stretches the prior the same
    way, so progressive bias weighs as much as a reward. With depth=0, c=0.25, scale=20: aliens
    68% (40) but only 43% (30) for 1000 iterations against greedy; circuits (scale=10) 43% (30): a
    leaf scored mid-play (a card chosen, its target not) misleads the tree, so depth 0 stays off.
  - Centred scores with the usual rollouts (depth 5, c=0.7) and scale=8: circuits 67% (30, was
    50%), aliens 63% (30, was 53%); 1000 iterations against greedy: aliens 63% (30, as before),
    circuits 75% (20, was 67% of 30). Frontline 55% (20, was 60%): not adopted there.
  - Base settings with the finer frontline/mastery scores (agents/heuristics.py): mastery 400 vs
    50 69% (16), 1000 vs greedy 69% (16); frontline 1000 vs greedy 69% (16).
  - Iterations/s mid-game (bench/bench_engine.py, loaded machine): aliens 4,900, circuits 3,600
    (one more score per iteration for the centre), frontline 5,900, mastery 7,100.
    Now the default in aliens and circuits (GAME_DEFAULTS). Still short of 70%: more iterations
    buy little while a 5-decision random rollout decides most of an estimate's noise.
- Rollout round (400 vs 50 iterations, same settings both sides; games 0–29 unless "g30–59" =
  `bench_agents.py --first 30`; bench runs are deterministic, so the same games compare paired):
  - `finish=1`: after the tree, the last mover completes its play (follow-ups: kinds outside
    FRESH_KINDS asked of the same seat: target, payment, mode, order) by the one-ply score, so
    the rollout starts at the end of a play. Aliens 73% (g0–29, base 63% as measured above, not rerun), 67% (g30–59, base 63%):
    70% of 60 against 63% of 60; circuits 67% (base 67% above; follow-ups are rare there); frontline 67%
    (base 63%, same games; g30–59 70%, base 67%: 68% of 60 against 65%); mastery 60% (base 73%,
    same games). 1000 iterations against greedy in
    aliens: 77% (g0–29, base 63% above), 73% (g30–59, base 67%). Better in all four aliens comparisons
    (87/120 = 72% against 77/120 = 64%): the aliens default. Elsewhere not clearly better: off.
    It/s: aliens 4,200 (base 5,000), circuits 3,800 (3,900).
  - finish=1 with depth=2: aliens 50% (30).
  - `greedy` (epsilon-greedy rollout steps by one-ply score): greedy=0.5 costs too much (aliens
    1,400 it/s, circuits 2,000); greedy=0.3, depth=3 (aliens 2,900, circuits 3,500 it/s) with
    finish=1: aliens 60% (30). Off.
  - `pick=0.5` (play the best mean among options visited at least half as often as the most
    visited): circuits 70% (g0–29, base 67%), 57% (g30–59); aliens (with finish=1) 67% (g0–29,
    against 73%). Off.
- Common random numbers (session of 2026-12-01, not kept): each determinization, with its chance
  seed and its rollout seed, serving 8 iterations in a row, so the options tried in a block meet the
  same world: 400 vs 50 aliens 60%, circuits 60% (g0–29; the defaults 73% and 67% on the same
  games). The comparisons are less noisy but the 8 iterations see one world instead of 8.
- Held out (games 100–159, never used while tuning; `bench_agents.py --first 100 --games 60`,
  the defaults above): 400 vs 50 iterations aliens 60%, circuits 53%, frontline 62%, mastery 70%;
  1000 iterations vs greedy aliens 72%, circuits 63%, frontline 82%, mastery 88%. Lower than on the tuning games: settings were
  partly chosen on noise, and 8x the iterations is still not worth 70% in any game but mastery (at the bar).
- Fresh games 200–399 (`bench_agents.py --first 200 --games 200`, never used for tuning; session of
  2026-12-01): 400 vs 50 iterations mastery 131/200 = 66% [59%, 72%]; 1000 iterations vs greedy
  frontline 149/200 = 74% [68%, 80%], circuits 145/200 = 72% [66%, 78%] (with the circuits score
  and starters of docs/balance/circuits.md §7, which made greedy stronger too: new greedy against
  the old 62%). So 8x the iterations stays short of 70% even in mastery.
- Why 8x buys little (circuits, games 400–459, session of 2026-12-01): against greedy, 50 iterations
  already win 38/60 = 63% and 400 win 45/60 = 75%, near 1000's 72% of 200. The search saturates by
  about 400 iterations: it converges on what its short rollouts and the score see (the rest of the
  turn), not on the opponent's reply. Deeper random rollouts carry more of that: depth=15 on both
  sides gave 400 vs 50 27/40 = 68% against 24/40 = 60% for the defaults on the same games 400–439,
  but cost about 1.8x per iteration (circuits would fall under 3,000 it/s). Not adopted yet; the
  next step is to measure it at 200 games per game with a cheaper determinize to pay for it.
  bench/bench_decisions.py (option values by greedy playouts) was too noisy to rank settings: on
  120 circuits positions random, greedy, 50 and 400 iterations gain +0.3, +0.8, +1.5 and +1.9 points,
  each ±0.9.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ..core.engine import Decision, Option, State
from ..core.registry import load_game
from ..core.rng import Rng
from ..core.ruleset import Ruleset
from .base import Agent, forced_option
from .heuristics import scorer

#: option ids that let the game go on without spending anything (rollouts may prefer them)
QUIET = frozenset(("pass", "end", "done", "keep", "no_token"))

#: decision kinds that start a fresh play (a turn's action, a response window, a mulligan...); any
#: other kind asked of the same seat right after its move is a follow-up of that play (a target, a
#: payment, a mode, an order), which `finish` completes before the position is scored
FRESH_KINDS = frozenset(
    ("action", "respond", "main", "opportunity", "ladder", "battle", "mulligan", "loadout", "prebank")
)


#: The one place for settings a caller leaves unset: DEFAULTS, overridden per game by GAME_DEFAULTS
#: (which also holds `center`, `finish`, `greedy` and `pick`, 0 where not named). Figures in the module
#: docstring; frontline and mastery were not measured with centred scores, so they keep the base settings.
DEFAULTS: dict[str, float] = {"c": 0.7, "rollout_depth": 5, "bias": 2.0, "scale": 4.0}
GAME_DEFAULTS: dict[str, dict[str, float]] = {
    "aliens": {"center": 1, "scale": 8.0, "finish": 1},
    "circuits": {"center": 1, "scale": 8.0},
}


class _Node:
    """One option taken by `seat`, reached from `parent`. Statistics are from `seat`'s point of view."""

    __slots__ = ("avail", "kids", "move", "parent", "prior", "reward", "seat", "visits")

    def __init__(self, parent: _Node | None, move: str, seat: int) -> None:
        self.parent = parent
        self.move = move
        self.seat = seat
        # children per acting seat, then by option id: in different determinizations a different seat
        # may be asked at the same point, and "pass" by one seat is not "pass" by the other
        self.kids: dict[int, dict[str, _Node]] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        #: the position score right after this move, for its chooser (progressive bias)
        self.prior = 0.0


class ISMCTSAgent(Agent):
    """Search by SO-ISMCTS with random rollouts cut at `rollout_depth` decisions.

    Budget: `iterations` per decision, or `ms` wall-clock milliseconds per decision (then the
    iteration count is unbounded; a fixed count stops early once the iterations left could not
    change the most visited option, so the choice is the same as after the full count). `c` is the
    UCB1 exploration constant. Cut rollouts are scored by `heuristics.scorer(ruleset)` (the
    ruleset's `evaluate` unless the game has a finer score), stretched by tanh(`scale` × score);
    `turn_cut=1` also ends a rollout at the end of its turn; `bias` weighs the score right after a
    move in selection; `finish=1` completes the last mover's play (its follow-ups) by the one-ply
    score before the rollout, `greedy` is the chance of a one-ply-best rollout step, `pick` > 0
    chooses by mean reward among well-visited options. Unset settings come from GAME_DEFAULTS, then
    DEFAULTS. The ruleset defaults to `load_game(state.game_id)`.
    """

    kind: ClassVar[str] = "ismcts"
    uses_state: ClassVar[bool] = True
    spec_params: ClassVar[dict[str, tuple[str, Any]]] = {
        "iters": ("iterations", int),
        "iterations": ("iterations", int),
        "ms": ("ms", float),
        "c": ("c", float),
        "depth": ("rollout_depth", int),
        "rollout_depth": ("rollout_depth", int),
        "turn": ("turn_cut", int),
        "bias": ("bias", float),
        "scale": ("scale", float),
        "quiet": ("quiet", float),
        "forced": ("skip_forced", int),
        "tprior": ("tprior", int),
        "center": ("center", int),
        "finish": ("finish", int),
        "greedy": ("greedy", float),
        "pick": ("pick", float),
    }

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        ms: float | None = None,
        c: float | None = None,
        rollout_depth: int | None = None,
        ruleset: Ruleset | None = None,
        name: str | None = None,
        turn_cut: int = 0,
        bias: float | None = None,
        scale: float | None = None,
        quiet: float = 0.0,
        skip_forced: int = 1,
        tprior: int = 0,
        center: int | None = None,
        finish: int | None = None,
        greedy: float | None = None,
        pick: float | None = None,
    ) -> None:
        super().__init__(seed, name)
        if iterations < 1:
            raise ValueError(f"ismcts: iterations must be at least 1, got {iterations}")
        if ms is not None and not (ms > 0 and math.isfinite(ms)):
            raise ValueError(f"ismcts: ms must be a positive number of milliseconds, got {ms}")
        if c is not None and not (c >= 0 and math.isfinite(c)):
            raise ValueError(f"ismcts: exploration constant c must be >= 0, got {c}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"ismcts: rollout_depth must be >= 0, got {rollout_depth}")
        self.iterations = iterations
        self.ms = ms
        self.c = c
        self.rollout_depth = rollout_depth
        #: 1: a rollout also stops at the end of the turn it started in (a quiet position to score)
        self.turn_cut = turn_cut
        #: weight of the score right after a move in its selection value, fading as bias / (visits + 1)
        self.bias = bias
        #: cut-off scores enter the tree as tanh(scale * score)
        self.scale = scale
        #: in rollouts, the chance of passing (pass, end, done) when that is an option
        self.quiet = quiet
        #: 1: a decision with one option is applied without a tree node and not counted in rollout depth
        self.skip_forced = skip_forced
        #: 1: the progressive-bias score is stretched by tanh(scale * score) like cut-off scores
        self.tprior = tprior
        #: 1: cut-off scores (and stretched priors) are taken relative to the iteration's start score
        self.center = center
        #: 1: after the tree, the seat that made the last move completes its play (follow-ups chosen
        #: by the one-ply score), 2: the same with random follow-ups; the rollout starts after that
        self.finish = finish
        #: chance per rollout decision of taking the option with the best one-ply score (else random)
        self.greedy = greedy
        #: 0: play the most visited option; p > 0: the best mean reward among options visited at least
        #: p times as often as the most visited one (a fixed count then runs in full)
        self.pick = pick
        self.ruleset = ruleset
        self._rulesets: dict[str, Ruleset] = {}
        #: iterations run by the last search (for benchmarks: iterations per second)
        self.last_iterations = 0

    def _ruleset_for(self, state: State) -> Ruleset:
        if self.ruleset is not None:
            return self.ruleset
        rs = self._rulesets.get(state.game_id)
        if rs is None:
            rs = self._rulesets[state.game_id] = load_game(state.game_id)
        return rs

    def _settings(self, game_id: str) -> tuple[float, int, float, float]:
        """(c, rollout_depth, bias, scale): what the caller set, else the game's entry of GAME_DEFAULTS,
        else DEFAULTS."""
        d = {**DEFAULTS, **GAME_DEFAULTS.get(game_id, {})}
        c = d["c"] if self.c is None else self.c
        depth = int(d["rollout_depth"] if self.rollout_depth is None else self.rollout_depth)
        bias = d["bias"] if self.bias is None else self.bias
        scale = d["scale"] if self.scale is None else self.scale
        return c, depth, bias, scale

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        only = forced_option(decision)
        if only is not None:
            return only
        options = decision.options
        if state is None:
            raise ValueError(
                "ISMCTSAgent needs the game state to determinize from: call choose(view, decision, state)"
            )
        if state.decision is None:
            raise ValueError("ISMCTSAgent was given a finished game state")
        root = self._search(state, decision.seat)
        kids = root.kids.get(decision.seat, {})
        pick = self.pick if self.pick is not None else _game_default(state.game_id, "pick")
        most = max((ch.visits for ch in kids.values()), default=0)
        best = options[0].id
        best_key: tuple[float, float] = (-1, -math.inf)
        for o in options:  # most visited, then best reward; ties go to the earlier option
            ch = kids.get(o.id)
            if ch is None:
                continue
            if pick:  # best mean among the well-visited
                if ch.visits >= pick * most and ch.visits:
                    key = (ch.reward / ch.visits, float(ch.visits))
                else:
                    continue
            else:
                key = (float(ch.visits), ch.reward)
            if key > best_key:
                best_key = key
                best = o.id
        return best

    def _search(self, state: State, seat: int) -> _Node:
        rng = self.rng
        rand = rng.random
        getrandbits = rng.getrandbits
        log = math.log
        sqrt = math.sqrt
        c, depth, bias, scale = self._settings(state.game_id)
        quiet = self.quiet
        tanh = math.tanh
        turn_cut = self.turn_cut
        skip_forced = self.skip_forced
        tprior = self.tprior
        center = self.center if self.center is not None else int(_game_default(state.game_id, "center"))
        finish = self.finish if self.finish is not None else int(_game_default(state.game_id, "finish"))
        greedy = self.greedy if self.greedy is not None else _game_default(state.game_id, "greedy")
        pick = self.pick if self.pick is not None else _game_default(state.game_id, "pick")
        evaluate = scorer(self._ruleset_for(state))
        clock = time.perf_counter
        deadline = None if self.ms is None else clock() + self.ms / 1000.0
        limit = self.iterations

        # One private copy with logging off: the determinizations cloned from it then share its log
        # instead of copying it every iteration, and append nothing to it.
        base = state.clone()
        base.record = False
        root = _Node(None, "", seat)
        n = 0

        # root children of the searching seat: each iteration adds at most one visit to one of them
        top = root.kids[seat] = {}
        while True:
            if deadline is None:
                if n >= limit:
                    break
                if n & 15 == 0 and n and not pick and _settled(top, limit - n):
                    break
            elif n and clock() >= deadline:
                break
            n += 1
            s = base.determinize(seat, rng)
            s.record = False
            # Future chance (draws, shuffles, coins) must not be the real game's: a copied game RNG
            # would let rollouts foresee it.
            s.rng = Rng(getrandbits(64))
            # centre: the score of this determinization before any move, so a cut-off score measures
            # what the moves changed (hidden cards weigh on both sides of the difference and cancel)
            c0 = evaluate(s, seat) if center else 0.0
            node = root

            # Select with UCB1 over the options legal here, until a node has an untried option.
            while True:
                d = s.decision
                if d is None:
                    break
                if skip_forced and len(d.options) == 1:  # nothing to choose: no node, no expansion spent
                    s.apply(d.options[0].id)
                    continue
                dseat = d.seat
                kids = node.kids.get(dseat)
                if kids is None:
                    kids = node.kids[dseat] = {}
                untried: list[str] | None = None
                legal: list[_Node] = []
                for o in d.options:
                    ch = kids.get(o.id)
                    if ch is None:
                        if untried is None:
                            untried = [o.id]
                        else:
                            untried.append(o.id)
                    else:
                        legal.append(ch)
                if untried is not None:  # expand one
                    oid = untried[int(rand() * len(untried))]
                    ch = kids[oid] = _Node(node, oid, dseat)
                    s.apply(oid)
                    if bias:
                        if s.result is None:
                            pr = evaluate(s, seat)
                        else:
                            pr = 0.0 if s.result.winner is None else (1.0 if s.result.winner == seat else -1.0)
                        if tprior and s.result is None:
                            pr = tanh(scale * (pr - c0))
                        ch.prior = pr if dseat == seat else -pr
                    node = ch
                    break
                best = legal[0]
                best_v = -math.inf
                for ch in legal:
                    v = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if bias:
                        v += bias * ch.prior / (ch.visits + 1)
                    if v > best_v:
                        best_v = v
                        best = ch
                    ch.avail += 1
                s.apply(best.move)
                node = best

            # Finish the play of the last move: its chooser's follow-ups (target, payment, mode), so
            # the position is scored at the end of a play, not with a card chosen and its target not.
            d = s.decision
            if finish and node is not root:
                fseat = node.seat
                left = 16
                while d is not None and left and d.seat == fseat and d.kind not in FRESH_KINDS:
                    opts = d.options
                    if len(opts) == 1:
                        oid = opts[0].id
                    elif finish == 1:
                        oid = _one_ply(s, opts, fseat, evaluate)
                    else:
                        oid = opts[int(rand() * len(opts))].id
                    s.apply(oid)
                    left -= 1
                    d = s.decision

            # Random rollout, cut after `depth` decisions.
            steps = depth
            if turn_cut:
                t0 = getattr(s, "turn", 0)
                while d is not None and steps and getattr(s, "turn", 0) == t0:
                    opts = d.options
                    s.apply(opts[int(rand() * len(opts))].id)
                    steps -= 1
                    d = s.decision
            free = 64  # forced moves a rollout may take beyond `depth` (a game always ends, but bound it)
            while d is not None and steps and not turn_cut:
                opts = d.options
                if skip_forced and len(opts) == 1 and free:
                    free -= 1
                    s.apply(opts[0].id)
                    d = s.decision
                    continue
                if greedy and rand() < greedy:
                    oid = _one_ply(s, opts, d.seat, evaluate)
                else:
                    oid = opts[int(rand() * len(opts))].id
                if quiet and rand() < quiet:
                    for o in opts:
                        if o.id in QUIET:
                            oid = o.id
                            break
                s.apply(oid)
                steps -= 1
                d = s.decision

            res = s.result
            if res is not None:
                r = 0.0 if res.winner is None else (1.0 if res.winner == seat else -1.0)
            else:
                # A cut-off score is stretched so that its differences (hundredths in a race of HP
                # shares) weigh against the exploration term as much as wins and losses do.
                r = tanh(scale * (evaluate(s, seat) - c0))

            # Back up: each node scores the outcome for the seat that chose it (two-player zero-sum).
            back: _Node | None = node
            while back is not None:
                back.visits += 1
                back.reward += r if back.seat == seat else -r
                back = back.parent
        self.last_iterations = n
        return root


def _game_default(game_id: str, name: str) -> float:
    """A setting's value for `game_id`: its GAME_DEFAULTS entry, else DEFAULTS, else 0 (off)."""
    return GAME_DEFAULTS.get(game_id, {}).get(name, DEFAULTS.get(name, 0.0))


def _one_ply(s: State, opts: list[Option], who: int, evaluate: Callable[[State, int], float]) -> str:
    """The option whose resulting position `evaluate` likes best for `who` (a win counts 2, a loss
    -2); ties go to the earlier option."""
    best = opts[0].id
    best_v = -math.inf
    for o in opts:
        t = s.clone()
        t.apply(o.id)
        res = t.result
        if res is None:
            v = evaluate(t, who)
        else:
            v = 0.0 if res.winner is None else (2.0 if res.winner == who else -2.0)
        if v > best_v:
            best_v = v
            best = o.id
    return best


def _settled(kids: dict[str, _Node], left: int) -> bool:
    """True when the most visited option leads every other by more than `left` visits: the rest of
    the budget could not change the choice (most visited wins), so running it would only burn time."""
    first = second = 0
    for ch in kids.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left
