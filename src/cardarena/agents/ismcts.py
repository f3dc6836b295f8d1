"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

One tree for the acting seat's information set. Each iteration samples a determinization (a full
state consistent with what the seat knows), walks the tree using only the options legal in that
sample, adds one node, plays a rollout, and backs the score up. A node's UCB1 uses its
availability count (how often it was legal when its parent was visited) in place of the parent's
visit count, because an option that is rarely legal should not be judged by how often its parent
was reached.

Rollouts are short (MAST-guided, 10 decisions in aliens and 15 in circuits and mastery; none in
frontline; 5 random decisions for a game that sets nothing) and cut by the per-game score of agents/heuristics.py, stretched by tanh(scale × score) so
that its hundredths weigh against exploration as wins and losses do; new nodes carry a progressive
bias from the score right after their move (in frontline nodes also widen progressively, the
best-scored options first, which makes its search best-first). Every setting tried, adopted or not,
with its measured win rate and sample size, and why more iterations buy so little, is in
docs/search.md: read it before changing a default.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ..core.engine import Decision, Option, State
from ..core.registry import load_game
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
#: (which also holds `center`, `finish`, `greedy`, `pick`, `mast` and `pw`, 0 where not named). Figures
#: in docs/search.md; frontline and mastery score uncentred, scale 4 (centred frontline searches lost).
DEFAULTS: dict[str, float] = {"c": 0.7, "rollout_depth": 5, "bias": 2.0, "scale": 4.0, "pwk": 1.0}
GAME_DEFAULTS: dict[str, dict[str, float]] = {
    # MAST rollouts of 10 decisions: 400 iterations beat 50 in 145/200 games (58% with 5 random ones),
    # 1000 beat greedy in 161/200; as strong at equal time as 15 decisions (21/40), a fifth or more
    # iterations/s (docs/search.md)
    "aliens": {"center": 1, "scale": 8.0, "finish": 1, "mast": 0.5, "rollout_depth": 10},
    # MAST rollouts of 15 decisions, about two turns since pass-only windows are no longer asked: more
    # iterations pay (400 beat 50 in about three games of four, 62% with 5 random decisions) and 1000 beat
    # greedy more often; as strong as the old default at equal cost (20/40), half the iterations/s
    # (figures in docs/search.md, fourteenth session)
    "circuits": {"center": 1, "scale": 8.0, "mast": 0.5, "rollout_depth": 15},
    # progressive widening and no rollout: a widened tree is a best-first search by the score, and five
    # random decisions (Expend picks, Retreats) only add noise to its leaves: 1000 iterations beat greedy
    # in 191/200 games (145/200 with rollouts), 400 beat 50 in 149/200, and it beats the widened search
    # with rollouts 33/40 at equal iterations, 21/23 at equal time (docs/search.md)
    "frontline": {"pw": 0.5, "rollout_depth": 0},
    # the same rollouts: 400 iterations beat 50 in 166.5/200 games (65% with 5 random ones)
    "mastery": {"mast": 0.5, "rollout_depth": 15},
}


class _Node:
    """One option taken by `seat`, reached from `parent`. Statistics are from `seat`'s point of view."""

    __slots__ = ("avail", "kids", "move", "order", "parent", "prior", "reward", "seat", "visits")

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
        #: progressive widening: the score right after each option tried here, per acting seat and id
        self.order: dict[int, dict[str, float]] | None = None


class ISMCTSAgent(Agent):
    """Search by SO-ISMCTS with random rollouts cut at `rollout_depth` decisions.

    Budget: `iterations` per decision, or `ms` wall-clock milliseconds per decision (then the
    iteration count is unbounded; a fixed count stops early once the iterations left could not
    change the most visited option, so the choice is the same as after the full count); the attribute
    `should_stop`, when set, may end a search sooner (a caller's stop, not a setting). `c` is the
    UCB1 exploration constant. Cut rollouts are scored by `heuristics.scorer(ruleset)` (the
    ruleset's `evaluate` unless the game has a finer score), stretched by tanh(`scale` × score);
    `turn_cut=1` also ends a rollout at the end of its turn; `bias` weighs the score right after a
    move in selection; `finish=1` completes the last mover's play (its follow-ups) by the one-ply
    score before the rollout, `greedy` is the chance of a one-ply-best rollout step, `pick` > 0
    chooses by mean reward among well-visited options, `mast` > 0 makes rollouts take the move with
    the best mean reward so far in this search (MAST) except with chance `mast`, `pw` > 0 widens a
    node progressively (of the options legal in a determinization, at most ceil(`pwk` × (visits + 1)
    ** `pw`) are open, the best scored right after its move opened first) instead of trying every
    option once. Unset settings come
    from GAME_DEFAULTS, then DEFAULTS. The ruleset defaults to `load_game(state.game_id)`.
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
        "mast": ("mast", float),
        "pw": ("pw", float),
        "pwk": ("pwk", float),
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
        mast: float | None = None,
        pw: float | None = None,
        pwk: float | None = None,
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
        if mast is not None and not 0 <= mast <= 1:
            raise ValueError(f"ismcts: mast is the chance of a random rollout step, from 0 to 1, got {mast}")
        if pw is not None and not 0 <= pw <= 1:
            raise ValueError(f"ismcts: pw is the widening exponent, from 0 (off) to 1, got {pw}")
        if pwk is not None and not (pwk > 0 and math.isfinite(pwk)):
            raise ValueError(f"ismcts: pwk, the widening factor, must be a positive number, got {pwk}")
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
        #: 1: cut-off scores (and stretched priors) are taken relative to the score at the root
        self.center = center
        #: 1: after the tree, the seat that made the last move completes its play (follow-ups chosen
        #: by the one-ply score), 2: the same with random follow-ups; the rollout starts after that
        self.finish = finish
        #: chance per rollout decision of taking the option with the best one-ply score (else random)
        self.greedy = greedy
        #: 0: play the most visited option; p > 0: the best mean reward among options visited at least
        #: p times as often as the most visited one (a fixed count then runs in full)
        self.pick = pick
        #: 0: random rollouts; p > 0: MAST rollouts (move-average sampling): with chance 1 - p a rollout
        #: takes the option whose id has the best mean reward so far in this search, for its seat
        self.mast = mast
        #: progressive widening: > 0, of the options legal at a node visited n times at most
        #: ceil(pwk * (n + 1) ** pw) are open, each new one the untried option scored best right after it
        self.pw = pw
        self.pwk = pwk
        self.ruleset = ruleset
        self._rulesets: dict[str, Ruleset] = {}
        #: iterations run by the last search (for benchmarks: iterations per second)
        self.last_iterations = 0
        #: asked between iterations (after the first): True ends the search at once, with the most visited
        #: option so far (the web arena stops a search whose game ended meanwhile). It must be cheap; left
        #: None, nothing is asked and a search is exactly what it was without the hook.
        self.should_stop: Callable[[], bool] | None = None

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
        mast = self.mast if self.mast is not None else _game_default(state.game_id, "mast")
        pw = self.pw if self.pw is not None else _game_default(state.game_id, "pw")
        pwk = self.pwk if self.pwk is not None else _game_default(state.game_id, "pwk")
        # MAST: per seat, option id -> [reward sum, count] over every move of every iteration so far
        mast_tab: list[dict[str, list[float]]] = [{} for _ in range(state.nseats)]
        # and each one's mean reward, kept up to date for the rollouts' picks (read far more than written)
        mast_mean: list[dict[str, float]] = [{} for _ in range(state.nseats)]
        played: list[tuple[int, str]] = []
        evaluate = scorer(self._ruleset_for(state))
        clock = time.perf_counter
        deadline = None if self.ms is None else clock() + self.ms / 1000.0
        limit = self.iterations
        should_stop = self.should_stop

        # One private copy with logging off: the determinizations cloned from it then share its log
        # instead of copying it every iteration, and append nothing to it.
        base = state.clone()
        base.record = False
        # centre: the score before any move, so a cut-off score measures what the moves changed. The
        # scores read only what the seat may know (agents/heuristics.py), so every determinization of
        # the root scores the same: once per search, not once per iteration.
        c0 = evaluate(base, seat) if center else 0.0
        root = _Node(None, "", seat)
        n = 0
        # what every determinization of `base` shares (hidden cards, groups, believed lists), worked out once
        determinized = base.determinizer(seat)

        # root children of the searching seat: each iteration adds at most one visit to one of them
        top = root.kids[seat] = {}
        while True:
            if should_stop is not None and n and should_stop():
                break
            if deadline is None:
                if n >= limit:
                    break
                if n & 15 == 0 and n and not pick and _settled(top, limit - n):
                    break
            elif n and clock() >= deadline:
                break
            n += 1
            s = determinized(rng)  # with a game RNG of its own: rollouts never foresee the real game's chance
            s.record = False
            node = root

            # Select with UCB1 over the options legal here, until a node has an untried option.
            while True:
                d = s.decision
                if d is None:
                    break
                opts = d.options
                if skip_forced and len(opts) == 1:  # nothing to choose: no node, no expansion spent
                    s.apply(opts[0].id)
                    continue
                dseat = d.seat
                kids = node.kids.get(dseat)
                if kids is None:
                    kids = node.kids[dseat] = {}
                untried: list[str] | None = None
                legal: list[_Node] = []
                for o in opts:
                    ch = kids.get(o.id)
                    if ch is None:
                        if untried is None:
                            untried = [o.id]
                        else:
                            untried.append(o.id)
                    else:
                        legal.append(ch)
                if untried is not None and pw and len(legal) >= math.ceil(pwk * (node.visits + 1) ** pw):
                    untried = None  # widened enough for now: choose among the children open here
                if untried is not None:  # expand one: the best scored when widening, else at random
                    pr: float | None = None
                    after: State | None = None
                    if pw:
                        oid, pr, after = _widen(node, dseat, seat, s, untried, evaluate)
                    else:
                        oid = untried[int(rand() * len(untried))]
                    ch = kids[oid] = _Node(node, oid, dseat)
                    if after is None:
                        s.apply(oid)
                    else:  # the widening's own copy, already moved: the same state, one apply saved
                        s = after
                    if bias:
                        if pr is None:  # (widening scored it already)
                            res = s.result
                            if res is None:
                                pr = evaluate(s, seat)
                            else:
                                pr = 0.0 if res.winner is None else (1.0 if res.winner == seat else -1.0)
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
                elif mast:
                    oid = _mast_pick(mast_mean[d.seat], opts, rand, mast)
                    played.append((d.seat, oid))
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
                if mast and back.parent is not None:
                    played.append((back.seat, back.move))
                back = back.parent
            s.release()
            if mast:  # every move of this iteration, in the tree and in the rollout, learns its outcome
                for who, oid in played:
                    e = mast_tab[who].get(oid)
                    if e is None:
                        e = mast_tab[who][oid] = [0.0, 0.0]
                    e[0] += r if who == seat else -r
                    e[1] += 1.0
                    mast_mean[who][oid] = e[0] / e[1]
                played.clear()
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
        v, t = _moved_score(s, o.id, who, evaluate)
        t.release()
        if v > best_v:
            best_v = v
            best = o.id
    return best


def _moved_score(s: State, oid: str, who: int, evaluate: Callable[[State, int], float]) -> tuple[float, State]:
    """The score for `who` of the position right after option `oid` (a won game 2, a lost one -2), and
    the copy of `s` that took the move."""
    t = s.clone()
    t.apply(oid)
    res = t.result
    if res is None:
        return evaluate(t, who), t
    return (0.0 if res.winner is None else (2.0 if res.winner == who else -2.0)), t


def _widen(node: _Node, dseat: int, seat: int, s: State, untried: list[str],
           evaluate: Callable[[State, int], float]) -> tuple[str, float, State | None]:
    """Progressive widening: the untried option of `dseat` at `node` whose resulting position scores
    best for `dseat`, that score for `seat`, and the copy of `s` that took it when it was scored here
    (else None). Each option is scored once per node (in the first determinization where it is legal)
    and remembered."""
    order = node.order
    if order is None:
        order = node.order = {}
    known = order.get(dseat)
    if known is None:
        known = order[dseat] = {}
    best = untried[0]
    best_v = -math.inf
    best_after: State | None = None
    sign = 1.0 if dseat == seat else -1.0
    for oid in untried:
        v = known.get(oid)
        after = None
        if v is None:
            v, after = _moved_score(s, oid, seat, evaluate)
            known[oid] = v
        if sign * v > best_v:
            best_v = sign * v
            best = oid
            if best_after is not None:
                best_after.release()
            best_after = after
        elif after is not None:
            after.release()
    return best, max(-1.0, min(1.0, known[best])), best_after  # a won game counts 2 in the order, 1 as a prior


def _mast_pick(means: dict[str, float], opts: list[Option], rand: Callable[[], float], eps: float) -> str:
    """MAST rollout step: with chance `eps` a random option, else the one whose id has the best mean
    reward in `means` (an id not seen yet counts 0, an even outcome); ties go to the first of them from
    a random starting option on, going round past the last option to the first."""
    n = len(opts)
    k = int(rand() * n)
    if rand() < eps:
        return opts[k].id
    get = means.get
    best = opts[k].id
    best_v = -math.inf
    # start at a random option so that ties do not always favour the first
    for o in opts[k:] + opts[:k] if k else opts:
        v = get(o.id, 0.0)
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
