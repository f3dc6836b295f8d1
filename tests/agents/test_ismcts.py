"""ISMCTSAgent: legal, reproducible, blind to hidden cards, scores outcomes for the right seat."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from toygame import GAME, HighCard, start
from treegame import TreeGame

import cardarena
import cardarena.agents.ismcts as ismcts_module
from cardarena.agents import Agent, ISMCTSAgent, RandomAgent
from cardarena.core.engine import Decision, Option, State


def _play(agents: list[Agent], seed: int) -> State:
    s = GAME.new_game(seed=seed)
    while s.decision is not None:
        d = s.decision
        choice = agents[d.seat].choose(s.view(d.seat), d, s)
        assert choice in d.ids
        s.apply(choice)
    return s


def test_returns_legal_ids_for_either_seat() -> None:
    for g in range(4):
        s = _play(
            [
                ISMCTSAgent(seed=g, iterations=30, ruleset=GAME),
                ISMCTSAgent(seed=9, iterations=30, ruleset=GAME),
            ],
            g,
        )
        assert s.result is not None


def test_same_seed_and_budget_same_game() -> None:
    def game() -> list[str]:
        return _play([ISMCTSAgent(seed=3, iterations=50, ruleset=GAME), RandomAgent(seed=4)], 11).history

    first = game()
    assert game() == first
    agent = ISMCTSAgent(seed=3, iterations=50, ruleset=GAME)
    _play([agent, RandomAgent(seed=99)], 12)
    agent.reset()
    assert _play([agent, RandomAgent(seed=4)], 11).history == first


def test_does_not_peek_at_hidden_cards() -> None:
    # Two deals that seat 0 cannot tell apart: seat 1 holds the other candidate of some triples.
    mine = [1, 4, 7, 10, 13, 16, 19]
    a = start([mine, [2, 5, 8, 11, 14, 17, 20]])
    b = start([mine, [3, 6, 8, 12, 15, 17, 21]])
    assert a.view(0) == b.view(0)
    for seed in range(3):
        stats = []
        for s in (a, b):
            agent = ISMCTSAgent(seed=seed, iterations=150, ruleset=GAME)
            kids = agent._search(s, 0).kids[0]
            stats.append({k: (n.visits, n.reward) for k, n in kids.items()})
        assert stats[0] == stats[1]


def test_beats_random_clearly() -> None:
    # Searching wins about 95% of High Card games against random with these seeds; 75% leaves room.
    wins = 0
    for g in range(40):
        seat = g % 2
        search: Agent = ISMCTSAgent(seed=g, iterations=100, ruleset=GAME)
        rand: Agent = RandomAgent(seed=1000 + g)
        s = _play([search, rand] if seat == 0 else [rand, search], g)
        assert s.result is not None
        wins += s.result.winner == seat
    assert wins >= 30, f"ISMCTS won only {wins}/40 against random"


@pytest.mark.parametrize("me", [0, 1])
def test_consecutive_decisions_are_scored_for_the_seat_that_makes_them(me: int) -> None:
    # After "a" the same seat chooses again and can win; were the second choice scored as the
    # opponent's (plain alternation), "a" would look lost and the draw "c" would be chosen.
    other = 1 - me
    tree = {"": (me, ["a", "c"]), "a": (me, ["win", "lose"]), "a/win": me, "a/lose": other, "c": None}
    game = TreeGame(tree)
    s = game.new_game()
    assert s.decision is not None
    for seed in range(3):
        assert ISMCTSAgent(seed=seed, ruleset=game).choose(s.view(me), s.decision, s) == "a"


@pytest.mark.parametrize("me", [0, 1])
def test_opponent_is_assumed_to_play_against_us(me: int) -> None:
    # "b" hands the opponent a choice between our win and theirs: it is worth less than a sure draw.
    other = 1 - me
    tree = {"": (me, ["b", "a"]), "a": None, "b": (other, ["give", "take"]), "b/give": me, "b/take": other}
    game = TreeGame(tree)
    s = game.new_game()
    assert s.decision is not None
    for seed in range(3):
        assert ISMCTSAgent(seed=seed, ruleset=game).choose(s.view(me), s.decision, s) == "a"


def test_ms_budget_returns_a_legal_option() -> None:
    s = GAME.new_game(seed=1)
    assert s.decision is not None
    agent = ISMCTSAgent(seed=0, ms=30, ruleset=GAME)
    assert agent.choose(s.view(0), s.decision, s) in s.decision.ids
    assert agent.last_iterations >= 1


@pytest.mark.parametrize("game_id", ["toy", "aliens", "circuits"])
def test_a_stop_never_asked_changes_no_search(game_id: str) -> None:
    """`should_stop` answering False every time: the same moves, iterations and random draws as
    without it (searches are pinned by tests and benchmarks)."""
    if game_id == "toy":
        game: Any = GAME
        s = GAME.new_game(seed=5)
    else:
        game = cardarena.load_game(game_id)
        s = game.new_game(seed=5)
        rng = random.Random(0)
        while s.decision is not None and len(s.decision.options) < 3:
            s.apply(rng.choice(s.decision.options).id)
    assert s.decision is not None
    asked = []
    runs = []
    for hook in (None, lambda: asked.append(1) or False):
        agent = ISMCTSAgent(seed=4, iterations=60, ruleset=game)
        agent.should_stop = hook
        runs.append((agent.choose(s.view(s.decision.seat), s.decision, s), agent.last_iterations, agent.rng.random()))
    assert runs[0] == runs[1] and len(asked) == runs[1][1]


def test_a_stop_ends_the_search_between_iterations() -> None:
    s = GAME.new_game(seed=1)
    assert s.decision is not None
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls == 7

    agent = ISMCTSAgent(seed=0, iterations=100_000, ruleset=GAME)
    agent.should_stop = stop
    assert agent.choose(s.view(0), s.decision, s) in s.decision.ids
    assert agent.last_iterations == 7  # asked after iterations 1..7: the 7th answer ends it
    agent.should_stop = lambda: True  # asked only after the first iteration: there is always a move
    assert agent.choose(s.view(0), s.decision, s) in s.decision.ids and agent.last_iterations == 1


def test_single_option_needs_no_search() -> None:
    d = Decision(0, "pick", "Pick", [Option("only", "Only")])
    agent = ISMCTSAgent(seed=0)
    assert agent.choose({}, d) == "only"
    assert agent.last_iterations == 0


def test_needs_the_state_to_search() -> None:
    s = GAME.new_game(seed=1)
    assert s.decision is not None
    with pytest.raises(ValueError, match="needs the game state"):
        ISMCTSAgent(seed=0, ruleset=GAME).choose(s.view(0), s.decision)


def test_cut_rollouts_use_the_ruleset_evaluation() -> None:
    calls: list[int] = []

    class Counting(HighCard):
        def evaluate(self, state: State, seat: int) -> float:
            calls.append(seat)
            return super().evaluate(state, seat)

    s = GAME.new_game(seed=2)
    assert s.decision is not None
    agent = ISMCTSAgent(seed=0, iterations=40, rollout_depth=0, ruleset=Counting())
    assert agent.choose(s.view(0), s.decision, s) in s.decision.ids
    assert calls and set(calls) == {0}


def test_ruleset_defaults_to_load_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def fake_load_game(game_id: str) -> Any:
        asked.append(game_id)
        return GAME

    monkeypatch.setattr(ismcts_module, "load_game", fake_load_game)
    agent = ISMCTSAgent(seed=0, iterations=20, rollout_depth=2)
    s = GAME.new_game(seed=3)
    for _ in range(2):
        assert s.decision is not None
        s.apply(agent.choose(s.view(s.decision.seat), s.decision, s))
    assert asked == ["toy-highcard"]


@pytest.mark.parametrize(
    "kwargs",
    [{"iterations": 0}, {"ms": 0}, {"ms": float("inf")}, {"c": -1.0}, {"rollout_depth": -1}, {"mast": 1.5},
     {"pw": -0.5}, {"pw": 2.0}, {"pwk": 0.0}],
)
def test_bad_parameters_are_rejected(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="ismcts"):
        ISMCTSAgent(**kwargs)


@pytest.mark.parametrize("forced", [0, 1])
def test_a_forced_move_gets_a_tree_node_only_when_asked(forced: int) -> None:
    # "a" leads to the opponent's one-option window, then our winning choice: with forced=1 that
    # window is applied in passing, so our choice hangs directly under "a".
    tree = {"": (0, ["a", "c"]), "a": (1, ["ok"]), "a/ok": (0, ["win", "lose"]), "a/ok/win": 0,
            "a/ok/lose": 1, "c": None}
    game = TreeGame(tree)
    s = game.new_game()
    agent = ISMCTSAgent(seed=0, iterations=200, ruleset=game, skip_forced=forced)
    a = agent._search(s, 0).kids[0]["a"]
    if forced:
        assert set(a.kids) == {0} and set(a.kids[0]) == {"win", "lose"}
    else:
        assert set(a.kids) == {1} and set(a.kids[1]) == {"ok"}
    assert s.decision is not None
    assert agent.choose(s.view(0), s.decision, s) == "a"


@pytest.mark.parametrize("center", [0, 1])
def test_centred_scores_measure_what_the_moves_changed(center: int) -> None:
    # A score that no move changes: centred, every cut-off adds 0; uncentred, tanh(scale * 0.5) each.
    class Flat(HighCard):
        def evaluate(self, state: State, seat: int) -> float:
            return 0.5

    s = GAME.new_game(seed=2)
    agent = ISMCTSAgent(seed=0, iterations=40, rollout_depth=0, ruleset=Flat(), center=center, tprior=1)
    kids = agent._search(s, 0).kids[0]
    total = sum(ch.reward for ch in kids.values())
    priors = {ch.prior for ch in kids.values()}
    if center:
        assert total == 0.0 and priors == {0.0}
    else:
        assert total == pytest.approx(40 * math.tanh(agent._settings(GAME.id)[3] * 0.5))
        assert len(priors) == 1 and priors.pop() > 0.5


def test_per_game_defaults_fill_only_unset_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ismcts_module.GAME_DEFAULTS, GAME.id, {"c": 0.1, "scale": 9.0})
    base = ismcts_module.DEFAULTS
    assert ISMCTSAgent()._settings(GAME.id) == (0.1, base["rollout_depth"], base["bias"], 9.0)
    assert ISMCTSAgent(c=0.3, rollout_depth=2)._settings(GAME.id) == (0.3, 2, base["bias"], 9.0)
    assert ISMCTSAgent()._settings("no-such-game") == (base["c"], base["rollout_depth"], base["bias"], base["scale"])


class _PathScore(TreeGame):
    """A tree game whose position score (for seat 0, negated for seat 1) is given per path."""

    def __init__(self, tree: dict[str, Any], scores: dict[str, float]) -> None:
        super().__init__(tree)
        self.scores = scores

    def evaluate(self, state: State, seat: int) -> float:
        v = self.scores.get(state.path, 0.0)  # type: ignore[attr-defined]
        return v if seat == 0 else -v


@pytest.mark.parametrize("finish", [0, 1])
def test_finish_completes_the_play_before_scoring(finish: int) -> None:
    # "a" is a card whose target ("x" good, "y" bad) seat 0 chooses next: with finish=1 the leaf "a"
    # is scored after the best target, without it in mid-play. Seat 1's answer is not part of the play.
    tree = {"": (0, ["a", "b"]), "a": (0, ["x", "y"]), "a/x": (1, ["p", "q"]), "a/y": 1,
            "a/x/p": 1, "a/x/q": 1, "b": 1}
    game = _PathScore(tree, {"a/x": 0.5, "a/y": -0.5, "a/x/p": -0.9, "a/x/q": -0.9})
    s = game.new_game()
    agent = ISMCTSAgent(seed=0, iterations=2, rollout_depth=0, ruleset=game, bias=0, center=0, finish=finish)
    a = agent._search(s, 0).kids[0]["a"]
    assert a.visits == 1
    assert a.reward == pytest.approx(math.tanh(agent._settings(game.id)[3] * 0.5) if finish else 0.0)


def test_greedy_rollouts_take_the_best_one_ply_option_for_the_chooser() -> None:
    tree = {"": (0, ["a", "b"]), "a": (1, ["u", "v"]), "a/u": 0, "a/v": 1, "b": 1}
    game = _PathScore(tree, {"a/u": 0.3, "a/v": -0.3})
    s = game.new_game()
    agent = ISMCTSAgent(seed=0, iterations=2, rollout_depth=1, ruleset=game, bias=0, center=0, greedy=1.0)
    a = agent._search(s, 0).kids[0]["a"]
    assert a.visits == 1 and a.reward == -1.0  # seat 1 takes "v", its win


@pytest.mark.parametrize(("pick", "chosen"), [(0, "a"), (0.5, "b"), (0.9, "a")])
def test_pick_takes_the_best_mean_among_well_visited_options(pick: float, chosen: str) -> None:
    # "a" most visited (mean 0.1), "b" 60% as often (mean 0.5), "c" rarely (mean 0.9)
    tree = {"": (0, ["a", "b", "c"]), "a": 0, "b": 0, "c": 0}
    game = TreeGame(tree)
    s = game.new_game()
    root = ismcts_module._Node(None, "", 0)
    kids = root.kids[0] = {}
    for move, visits, mean in (("a", 100, 0.1), ("b", 60, 0.5), ("c", 5, 0.9)):
        ch = kids[move] = ismcts_module._Node(root, move, 0)
        ch.visits, ch.reward = visits, mean * visits
    agent = ISMCTSAgent(seed=0, iterations=10, ruleset=game, pick=pick)
    agent._search = lambda state, seat: root  # type: ignore[method-assign]
    assert s.decision is not None
    assert agent.choose(s.view(0), s.decision, s) == chosen


def test_mast_rollouts_take_the_best_mean_move_and_explore_with_chance_eps() -> None:
    opts = [Option(i, i, {}, i) for i in ("x", "y", "z")]
    rng = random.Random(5)  # the test's own stream
    tab = {"x": 1.0, "y": -1.0}  # mean rewards; "z" not seen yet: it counts 0
    assert {ismcts_module._mast_pick(tab, opts, rng.random, 0.0) for _ in range(20)} == {"x"}
    tab = {"x": -1.0, "y": -1.0}
    assert {ismcts_module._mast_pick(tab, opts, rng.random, 0.0) for _ in range(20)} == {"z"}
    # all unseen: a tie, broken at random rather than always the first option
    assert {ismcts_module._mast_pick({}, opts, rng.random, 0.0) for _ in range(60)} == {"x", "y", "z"}
    assert {ismcts_module._mast_pick(tab, opts, rng.random, 1.0) for _ in range(60)} == {"x", "y", "z"}


def test_mast_pick_is_the_first_best_mean_from_a_random_start_going_round() -> None:
    """`_mast_pick` reads the means in C; it picks as a plain loop from option k round to k - 1 would."""
    def plain(means: dict[str, float], opts: list[Option], rand: Any, eps: float) -> str:
        n = len(opts)
        k = int(rand() * n)
        if rand() < eps:
            return opts[k].id
        best, best_v = opts[k].id, -math.inf
        for i in range(n):
            oid = opts[(k + i) % n].id
            v = means.get(oid, 0.0)
            if v > best_v:
                best, best_v = oid, v
        return best

    gen = random.Random(11)
    for _ in range(2000):
        ids = [f"o{i}" for i in range(gen.randrange(1, 9))]
        opts = [Option(i, i, {}, i) for i in ids]
        means = {i: gen.choice((-0.5, 0.0, 0.25, 0.5)) for i in ids if gen.random() < 0.7}
        seed = gen.random()
        ours, theirs = random.Random(seed), random.Random(seed)
        assert ismcts_module._mast_pick(means, opts, ours.random, 0.3) == plain(means, opts, theirs.random, 0.3)
        assert ours.getstate() == theirs.getstate()


def test_mast_rollouts_learn_the_good_follow_up_random_rollouts_miss() -> None:
    # After "a", four choices in a row beyond what a few iterations expand, then seat 0 picks "w" (its
    # win) or one of three losses: random rollouts find "w" one time in four, so "a" looks worse than
    # "b" (a draw); MAST rollouts learn that "w" wins and rate "a" above it.
    tree: dict[str, Any] = {"": (0, ["a", "b"]), "b": None}
    paths = ["a"]
    for seat in (1, 0, 1, 0):
        nxt = []
        for p in paths:
            tree[p] = (seat, ["m", "n"])
            nxt += [f"{p}/m", f"{p}/n"]
        paths = nxt
    for p in paths:
        tree[p] = (0, ["w", "l", "l2", "l3"])
        tree[f"{p}/w"] = 0
        for lose in ("l", "l2", "l3"):
            tree[f"{p}/{lose}"] = 1
    game = TreeGame(tree)
    means = {}
    for mast in (0.0, 0.1):
        s = game.new_game()
        agent = ISMCTSAgent(seed=1, iterations=40, rollout_depth=9, ruleset=game, bias=0, center=0, c=5.0, mast=mast)
        a = agent._search(s, 0).kids[0]["a"]
        means[mast] = a.reward / a.visits
    assert means[0.0] < 0.0 < means[0.1]


def test_progressive_widening_bounds_children_and_opens_the_best_scored_first() -> None:
    # Seat 0 picks one of six moves, then seat 1 one of six replies; scores favour "m4" for seat 0 and,
    # after it, reply "r2" for seat 1 (the lowest score for seat 0).
    moves = [f"m{i}" for i in range(6)]
    replies = [f"r{i}" for i in range(6)]
    tree: dict[str, Any] = {"": (0, moves)}
    scores: dict[str, float] = {}
    for i, m in enumerate(moves):
        tree[m] = (1, replies)
        scores[m] = 0.8 if m == "m4" else 0.1 * i
        for j, r in enumerate(replies):
            tree[f"{m}/{r}"] = (0, ["end"])
            tree[f"{m}/{r}/end"] = None
            scores[f"{m}/{r}"] = -0.9 if r == "r2" else 0.05 * j
    game = _PathScore(tree, scores)
    s = game.new_game()
    agent = ISMCTSAgent(seed=0, iterations=1, rollout_depth=0, ruleset=game, center=0, pw=0.5, pwk=1.0)
    root = agent._search(s, 0)
    assert list(root.kids[0]) == ["m4"] and root.kids[0]["m4"].prior == pytest.approx(0.8)
    agent = ISMCTSAgent(seed=0, iterations=20, rollout_depth=0, ruleset=game, center=0, pw=0.5, pwk=1.0)
    root = agent._search(s, 0)
    m4 = root.kids[0]["m4"]
    assert next(iter(m4.kids[1])) == "r2" and m4.kids[1]["r2"].prior == pytest.approx(0.9)  # seat 1's view
    stack = [root]
    while stack:
        node = stack.pop()
        for kids in node.kids.values():
            assert len(kids) <= math.ceil(node.visits**0.5)
            stack.extend(kids.values())
    assert len(root.kids[0]) < len(moves)  # 20 iterations open ceil(sqrt(20)) = 5 at most
