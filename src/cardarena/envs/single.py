"""A Gymnasium environment: one learner seat against a fixed opponent played inside `step` (docs/rl.md).

The opponent is any agent spec (`random`, `ismcts:iters=50`...) built by the agent registry; it
answers from its own view, like in `cardarena match`. Reward: +1 win, -1 loss, 0 draw or truncation,
at the end only; `shaped=True` adds the change of `Ruleset.evaluate(state, seat)` after each step
(a potential-based shaping, so the sum over a game still ends on the outcome's sign). An illegal
action (outside the mask) ends the episode as a loss with `info["illegal"] = True`; masked learners
never send one.
"""

from __future__ import annotations

import contextlib
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded

from .. import load_game
from ..agents import make_agent
from ..agents.base import Agent
from ..core.engine import State
from ..core.match import INVALID, OK, GameReport, agent_failure, forfeit, illegal_answer
from .encoding import OBS_BOUND, ViewEncoder, action_index, step_limit


class CardArenaGym(gym.Env):
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (the base class declares it so)

    def __init__(
        self,
        game: str,
        opponent: str | Agent = "random",
        seat: int = 0,
        deck: Any = None,
        opponent_deck: Any = None,
        fmt: str | None = None,
        rules: dict[str, Any] | None = None,
        shaped: bool = False,
        max_steps: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        self.ruleset = load_game(game)
        if self.ruleset.seats != (2, 2):
            raise ValueError(f"gym_env plays two-seat games; {game} seats {self.ruleset.seats}")
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat}")
        self.game_id = game
        self.seat = seat
        self.opponent_spec = opponent
        if isinstance(opponent, Agent):  # a researcher's own, reseeded at each reset like a spec's
            self.opponent = opponent
        elif isinstance(opponent, str):
            self.opponent = make_agent(opponent, seed=0)
        else:
            raise TypeError(
                f"opponent must be an agent spec (e.g. 'random', 'ismcts:iters=50') or an Agent, not {opponent!r}"
            )
        self.deck = deck
        self.opponent_deck = opponent_deck
        self.fmt = fmt
        self.rules = rules
        self.ruleset.check_rules(rules)  # refused here, not by the first reset
        #: the format the game will have (`fmt`, else the given deck's own), for the decks not given
        self._fmt = self.ruleset.deck_format([deck, opponent_deck], fmt)
        self.shaped = shaped
        self.max_steps = step_limit(max_steps)
        self.render_mode = render_mode
        self.encoder = ViewEncoder(game, 2)
        spec = self.encoder.spec
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-OBS_BOUND, OBS_BOUND, (spec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (spec.max_options,), np.int8),
        })
        self.action_space = spaces.Discrete(spec.max_options)
        self.game_state: State | None = None
        self._steps = 0
        #: the learner was told the episode ended, terminated or truncated (by `step`)
        self._ended = False
        self._potential = 0.0
        #: the opponent was started for the current game and not yet told it ended (an external bot's
        #: process runs in between)
        self._opponent_running = False
        #: why the opponent lost the current game by its own fault (a crash, an illegal answer), if it did
        self._opponent_fault: str | None = None
        self._opponent_status = OK

    def _decks(self, game_seed: int) -> list[Any]:
        # a seat given no deck gets the format's own default for its seat (a circuits Squad game, a
        # Squad starter; Limited, a Sealed deck of the seed), the format read from the deck given if any
        given = [self.deck, self.opponent_deck] if self.seat == 0 else [self.opponent_deck, self.deck]
        return self.ruleset.fill_decks(given, self._fmt, game_seed)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self._end_opponent()
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.opponent.reset(int(self.np_random.integers(0, 2**31 - 1)))
        self.game_state = self.ruleset.new_game(decks=self._decks(game_seed), seed=game_seed, fmt=self.fmt, rules=self.rules)
        self._steps = 0
        self._ended = False
        self._opponent_fault = None
        self._opponent_running = True
        try:  # an external bot starts its process here, like in `cardarena match`
            self.opponent.start(self.game_state, 1 - self.seat)
        except Exception as e:  # its crash is its forfeit, never the learner's
            self._opponent_lost(*agent_failure(self.opponent.name, e)[:2])
        self._play_opponent()
        self._potential = self._evaluate()
        return self._obs(), self._info()

    def _opponent_lost(self, status: str, why: str) -> None:
        assert self.game_state is not None
        forfeit(self.game_state, 1 - self.seat, why, status)
        self._opponent_fault = why
        self._opponent_status = status

    def _end_opponent(self) -> None:
        """Tell the opponent its game is over (an external bot's process ends here)."""
        if not self._opponent_running or self.game_state is None:
            return
        self._opponent_running = False
        n = self.game_state.nseats
        statuses = [OK] * n
        if self._opponent_fault is not None:  # its `end` message says how it lost
            statuses[1 - self.seat] = self._opponent_status
        report = GameReport(self.game_state, statuses, seconds=[0.0] * n, decided=[0] * n, longest=[0.0] * n)
        with contextlib.suppress(Exception):  # an agent's end never changes the game (Agent.end)
            self.opponent.end(self.game_state, 1 - self.seat, report)

    def close(self) -> None:
        self._end_opponent()
        super().close()

    def _info(self) -> dict[str, Any]:
        return {"opponent_fault": self._opponent_fault} if self._opponent_fault is not None else {}

    def _evaluate(self) -> float:
        if not self.shaped or self.game_state is None or self.game_state.result is not None:
            return 0.0
        return float(self.ruleset.evaluate(self.game_state, self.seat))

    def _play_opponent(self) -> None:
        st = self.game_state
        assert st is not None
        while st.result is None and st.decision is not None and st.decision.seat != self.seat:
            d = st.decision
            view = st.view(d.seat)
            try:
                choice = self.opponent.choose(view, d, st if self.opponent.uses_state else None)
            except Exception as e:  # a crash, a timeout, a malformed reply: the opponent forfeits
                self._opponent_lost(*agent_failure(self.opponent.name, e)[:2])
                break
            if not isinstance(choice, str) or choice not in d.ids:
                self._opponent_lost(INVALID, illegal_answer(self.opponent.name, choice, d)[0])
                break
            st.apply(choice, seq=d.seq)
        if st.result is not None or st.decision is None:
            self._end_opponent()

    def _obs(self) -> dict[str, np.ndarray]:
        st = self.game_state
        assert st is not None
        d = st.decision if st.result is None else None
        mine = d if d is not None and d.seat == self.seat else None
        return {"observation": self.encoder.encode(st.view(self.seat), mine), "action_mask": self.encoder.mask(mine)}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (the hook sb3-contrib's MaskablePPO calls)."""
        st = self.game_state
        if st is None:
            raise ResetNeeded("action_masks() before reset(): call reset() first")
        return self.encoder.mask(st.decision if st.result is None else None).astype(bool)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        st = self.game_state
        if st is None:
            raise ResetNeeded("step() before reset(): call reset() first")
        if self._ended:  # terminated or truncated: the next episode needs a reset (as in Gymnasium)
            raise ResetNeeded("step() after the episode ended (terminated or truncated): call reset()")
        if st.result is not None or st.decision is None:
            # the game ended inside `reset` (an opponent that crashed at its start): this first step,
            # whatever its action, ends the episode with the result
            return self._end_step(0)
        d = st.decision
        action = action_index(action)  # a non-integer is a ValueError, never rounded to an option
        if not 0 <= action < len(d.options):  # the learner forfeits: the episode is over
            # the public reason says neither the action nor how many were offered (the opponent reads it)
            forfeit(st, self.seat, "the learner took an action outside the mask", INVALID)
            self._end_opponent()
            self._ended = True
            return self._obs(), -1.0, True, False, {"illegal": True, **self._result()}
        st.apply(d.options[action].id, seq=d.seq)
        self._steps += 1
        self._play_opponent()
        return self._end_step(self._steps)

    def _end_step(self, steps: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The transition after the learner's move and the opponent's answers."""
        st = self.game_state
        assert st is not None
        reward = 0.0
        terminated = st.result is not None or st.decision is None
        if terminated:
            winners = st.result.winners if st.result is not None else ()
            reward = 0.0 if not winners else (1.0 if self.seat in winners else -1.0)
        if self.shaped:
            pot = self._evaluate()
            reward += pot - self._potential
            self._potential = pot
        truncated = not terminated and steps >= self.max_steps
        self._ended = terminated or truncated
        info = self._result() if terminated else {}
        info.update(self._info())
        return self._obs(), reward, terminated, truncated, info

    def _result(self) -> dict[str, Any]:
        """`{"result": {winners, reason}}` once the game has one, else empty."""
        r = self.game_state.result if self.game_state is not None else None
        return {} if r is None else {"result": {"winners": list(r.winners), "reason": r.reason}}

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        st = self.game_state
        text = self.ruleset.render(st.view(self.seat))
        if st.result is not None:  # as the AEC env shows it
            text += f"\nresult: winners={list(st.result.winners)} reason={st.result.reason}"
        return text
