"""Reinforcement-learning environments for every registered game (docs/rl.md).

    env = cardarena.envs.aec_env("aliens")               # PettingZoo AEC, agents player_0..n-1
    env = cardarena.envs.gym_env("aliens", opponent="random", seat=0)   # Gymnasium, one learner seat

Needs the `rl` extra (`pip install 'cardarena[rl]'`: pettingzoo, gymnasium, numpy).
"""

from __future__ import annotations

from typing import Any

from . import policy_agent  # noqa: F401  registers the `policy` agent
from .encoding import SPECS, EncodingError, EncodingSpec, ViewEncoder, spec_for


def aec_env(game: str, **config: Any) -> Any:
    """A PettingZoo AECEnv of `game`; config: decks, fmt, rules, seats, max_steps, render_mode."""
    from .aec import CardArenaAEC

    return CardArenaAEC(game, **config)


def gym_env(game: str, opponent: Any = "random", seat: int = 0, **config: Any) -> Any:
    """A Gymnasium Env of `game` for one seat against `opponent` (an agent spec, or an Agent);
    config: deck, opponent_deck, fmt, rules, shaped, max_steps, render_mode."""
    from .single import CardArenaGym

    return CardArenaGym(game, opponent=opponent, seat=seat, **config)


def register_gymnasium() -> None:
    """Make `gymnasium.make("cardarena/<game>-v0", opponent=..., seat=...)` build `gym_env(game)`
    for every registered game (done on import)."""
    import gymnasium

    from ..core.registry import game_ids

    for game in game_ids():
        env_id = f"cardarena/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cardarena.envs.single:CardArenaGym", kwargs={"game": game})


register_gymnasium()

__all__ = ["SPECS", "EncodingError", "EncodingSpec", "ViewEncoder", "aec_env", "gym_env", "register_gymnasium", "spec_for"]
