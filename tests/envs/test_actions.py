"""The action encoding is exact: every legal option has an index, the mask is the legal set, and an
illegal action never reaches the engine (docs/rl.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardarena import game_ids, load_game
from cardarena.envs import EncodingError, ViewEncoder, aec_env, gym_env, spec_for

GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_option_has_an_index_and_the_mask_is_the_legal_set(game: str) -> None:
    ruleset = load_game(game)
    enc = ViewEncoder(game)
    rng = random.Random(5)
    biggest = decisions = 0
    for g in range(25):
        decks = None if g % 2 else ruleset.random_decks(rng, 2)  # starters and random decks
        st = ruleset.new_game(decks=decks, seed=1000 + g)
        while st.decision is not None:
            d = st.decision
            mask = enc.mask(d)
            legal = {o.id for o in d.options}
            indexed = {enc.option_id(d, a) for a in np.flatnonzero(mask)}
            assert indexed == legal, (game, d.kind)
            for o in d.options:
                assert mask[enc.action_of(d, o.id)] == 1
            for a in np.flatnonzero(mask == 0):
                with pytest.raises(ValueError):
                    enc.option_id(d, int(a))
            biggest = max(biggest, len(d.options))
            decisions += 1
            st.apply(rng.choice(d.options).id, seq=d.seq)
    assert decisions > 1000
    # the cap leaves room: at least twice the largest decision random play reaches
    assert 2 * biggest <= spec_for(game).max_options


def test_a_decision_over_the_cap_is_an_error_not_a_lost_option() -> None:
    st = load_game("aliens").new_game(seed=1)
    d = st.decision
    assert d is not None
    enc = ViewEncoder("aliens", spec=type(spec_for("aliens"))(max_options=len(d.options) - 1))
    with pytest.raises(EncodingError):
        enc.mask(d)


@pytest.mark.parametrize("game", GAMES)
def test_the_aec_env_refuses_an_illegal_action(game: str) -> None:
    env = aec_env(game)
    env.reset(seed=3)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    seq = env.game_state.decision.seq
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.game_state.decision.seq == seq  # nothing happened


def test_the_mask_in_infos_is_the_observed_mask() -> None:
    env = aec_env("aliens")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter(max_iter=300):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("bad", [0.7, 1.5, None, np.float32(0.0), np.array([0, 1])])
def test_a_non_integer_action_is_refused_not_rounded(bad) -> None:
    # a float from a policy head must not silently become option int(x)
    env = aec_env("aliens")
    env.reset(seed=3)
    seq = env.game_state.decision.seq
    with pytest.raises(ValueError, match="not an action"):
        env.step(bad)
    assert env.game_state.decision.seq == seq
    g = gym_env("aliens")
    g.reset(seed=3)
    seq = g.game_state.decision.seq
    with pytest.raises(ValueError, match="not an action"):
        g.step(bad)
    assert g.game_state.decision.seq == seq and g.game_state.result is None


def test_numpy_integer_actions_are_taken() -> None:
    env = aec_env("aliens")
    env.reset(seed=3)
    seq = env.game_state.decision.seq
    env.step(np.int64(0))
    assert env.game_state.decision.seq != seq
    g = gym_env("aliens")
    g.reset(seed=3)
    _, _, term, _, _ = g.step(np.array(0))
    assert not term


@pytest.mark.parametrize("game", GAMES)
def test_two_options_of_one_decision_never_encode_alike(game: str) -> None:
    # the option slots tell a policy what each index means: two different options (two cards of a
    # hand) must not get the same slot, as `hash % 16` gave about one decision in five
    ruleset = load_game(game)
    enc = ViewEncoder(game)
    spec = enc.spec
    rng = random.Random(2)
    alike = decisions = 0
    for g in range(8):
        st = ruleset.new_game(decks=ruleset.random_decks(rng, 2) if g % 2 else None, seed=g)
        while st.decision is not None:
            d = st.decision
            slots = enc.encode(st.view(d.seat), d)[spec.view_dims:].reshape(spec.max_options, spec.option_dims)
            n = len(d.options)
            alike += len({s.tobytes() for s in slots[:n]}) != n
            decisions += 1
            st.apply(rng.choice(d.options).id, seq=d.seq)
    assert decisions > 300 and alike == 0, f"{alike} of {decisions} decisions"
