"""`policy`: an agent that plays a trained masked policy (examples/rl/, docs/rl.md).

    cardarena match aliens --p1 policy:path=aliens_ppo.zip --p2 random

It sees what any agent sees: its view and its own decision, encoded by `ViewEncoder` exactly as in
training, and only legal actions are allowed (the mask). The model is an sb3-contrib `MaskablePPO`
zip (the `rl-train` extra); it is loaded once per path.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from ..agents import Agent, register_agent
from ..core.engine import Decision, State
from .encoding import ViewEncoder


@cache
def _load(path: str) -> Any:
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as e:  # pragma: no cover - depends on the install
        raise ValueError("the policy agent needs sb3-contrib: pip install 'cardarena[rl-train]'") from e
    return MaskablePPO.load(path, device="cpu")


def _bool(text: str) -> bool:
    low = text.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


class PolicyAgent(Agent):
    kind: ClassVar[str] = "policy"
    #: spec parameters: path of the saved model; sample (with the agent's seeded RNG) instead of
    #: taking the most likely action
    spec_params: ClassVar[dict[str, tuple[str, Any]]] = {
        "path": ("path", str),
        "sample": ("sample", _bool),
    }

    def __init__(self, seed: int = 0, name: str | None = None, path: str = "", sample: bool = False,
                 model: Any = None) -> None:
        super().__init__(seed, name)
        if model is None and not path:
            raise ValueError("the policy agent needs path=FILE (a MaskablePPO zip), e.g. policy:path=aliens_ppo.zip")
        if model is None:  # said when the spec is read, not as a crash once a game has started
            if not Path(path).is_file():
                raise ValueError(f"the policy agent's model {path} is not a file")
            if importlib.util.find_spec("sb3_contrib") is None:
                raise ValueError("the policy agent needs sb3-contrib: pip install 'cardarena[rl-train]'")
        self.path = path
        self.sample = sample
        self._model = model
        self._encoders: dict[str, ViewEncoder] = {}

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        if self._model is None:
            self._model = _load(self.path)
        game = str(state_view.get("game", ""))
        enc = self._encoders.get(game)
        if enc is None:
            enc = self._encoders[game] = ViewEncoder(game)
        obs = enc.encode(state_view, decision)
        mask = enc.mask(decision).astype(bool)
        if self.sample:
            a = self._sample(obs, mask)
        else:
            action, _ = self._model.predict(obs, action_masks=mask, deterministic=True)
            a = int(action)
        if not mask[a]:  # a model never trained with masks; fall back to a legal index, never an illegal answer
            a = int(mask.nonzero()[0][0])
        return enc.option_id(decision, a)


    def _sample(self, obs: Any, mask: Any) -> int:
        """Draw from the policy's masked distribution with the agent's own RNG (reproducible per seed)."""
        import torch

        policy = self._model.policy
        obs_t, _ = policy.obs_to_tensor(obs)
        with torch.no_grad():
            probs = policy.get_distribution(obs_t, action_masks=mask).distribution.probs[0].cpu().numpy()
        return int(self.rng.choices(range(len(probs)), weights=[float(p) for p in probs])[0])


def register() -> None:
    """Make `policy` known to this process's agent registry (the entry point does it for others)."""
    register_agent("policy", PolicyAgent, PolicyAgent.spec_params, replace=True)


register()
