"""A PettingZoo AEC environment for any registered game (docs/rl.md).

Agents `player_0..n-1` are the seats. The agent to act is the seat of the pending decision; its
action is an index into that decision's options (`encoding.py`), and the mask is exact, so an
illegal action is refused (ValueError) and never reaches the engine. Rewards come at the end: +1 to
each winner, -1 to the other seats, 0 to all in a draw (or a truncation after `max_steps`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import load_game
from ..core.engine import State
from .encoding import OBS_BOUND, ViewEncoder, step_limit


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class CardArenaAEC(AECEnv):
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1, "name": "cardarena_v0", "is_parallelizable": False}  # noqa: RUF012  (the base class declares it so)

    def __init__(
        self,
        game: str,
        decks: list[Any] | None = None,
        fmt: str | None = None,
        rules: dict[str, Any] | None = None,
        seats: int | None = None,
        max_steps: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        self.ruleset = load_game(game)
        self.game_id = game
        self.decks = decks
        self.fmt = self.ruleset.check_format(fmt)
        self.rules = rules
        lo, hi = self.ruleset.seats
        self.nseats = seats if seats is not None else lo
        if not lo <= self.nseats <= hi:
            raise ValueError(f"{game} is played by {lo}" + (f" to {hi}" if hi != lo else "") + f" seats, not {self.nseats}")
        if decks is not None and len(decks) != self.nseats:
            raise ValueError(f"{len(decks)} decks for {self.nseats} seats: give one deck per seat")
        # refused here, not by the first reset: the rules, and the decks in the game's format
        self.ruleset.check_rules(rules)
        if decks is not None:
            self.ruleset.resolve_decks(decks, fmt)
        self.max_steps = step_limit(max_steps)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardarena_{game}_v0"}
        self.encoder = ViewEncoder(game, self.nseats)
        spec = self.encoder.spec
        self.possible_agents = [agent_name(s) for s in range(self.nseats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (spec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (spec.max_options,), np.int8),
        })
        self._act_space = spaces.Discrete(spec.max_options)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._np_random = np.random.default_rng()
        self.game_state: State | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # -- life cycle ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        game_seed = int(self._np_random.integers(0, 2**31 - 1))
        decks = self.decks if self.decks is not None else self.ruleset.fill_decks([None] * self.nseats, self.fmt, game_seed)
        self.game_state = self.ruleset.new_game(decks=decks, seed=game_seed, fmt=self.fmt, rules=self.rules)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        """Select the deciding seat, or end the game for every agent."""
        st = self.game_state
        assert st is not None
        d = st.decision
        if st.result is not None or d is None:
            winners = set(st.result.winners) if st.result is not None else set()
            for a in self.agents:
                self.rewards[a] = 0.0 if not winners else (1.0 if self._seat[a] in winners else -1.0)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(d.seat)
        for a in self.agents:
            self.infos[a] = {}
        if d is not None and not (self.terminations[self.agent_selection] or self.truncations[self.agent_selection]):
            # the legal set, also in infos (cheap: no observation needed to act at random)
            self.infos[self.agent_selection] = {"action_mask": self.encoder.mask(d)}

    def _started(self, call: str) -> State:
        """The game, or a clear error for a call before the first `reset` (the base class would fail
        on a missing attribute)."""
        if self.game_state is None:
            raise RuntimeError(f"{call} before reset(): call reset() first")
        return self.game_state

    def step(self, action: Any) -> None:
        self._started("step()")
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._was_dead_step(action)
            return
        st = self.game_state
        assert st is not None and st.decision is not None
        d = st.decision
        st.apply(self.encoder.option_id(d, action), seq=d.seq)
        self._steps += 1
        self._cumulative_rewards[a] = 0.0
        for ag in self.agents:
            self.rewards[ag] = 0.0
        self._after_move()
        self._accumulate_rewards()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._started("agent_iter()")
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._started("last()")
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self._started("observe()")
        seat = self._seat.get(agent)
        if seat is None:
            raise KeyError(f"{agent!r} is not an agent of this env; its agents: {', '.join(self.possible_agents)}")
        d = st.decision
        mine = d if d is not None and d.seat == seat and st.result is None else None
        return {
            "observation": self.encoder.encode(st.view(seat), mine),
            "action_mask": self.encoder.mask(mine),
        }

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        st = self.game_state
        seat = self._seat[self.agent_selection]
        text = self.ruleset.render(st.view(seat))
        if st.result is not None:
            text += f"\nresult: winners={list(st.result.winners)} reason={st.result.reason}"
        return text

    def close(self) -> None:
        pass
