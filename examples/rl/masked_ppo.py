"""Train a masked PPO policy for one game on CPU, save it, measure it against random, play it.

Needs the `rl-train` extra (sb3-contrib, which brings torch):  pip install -e '.[rl-train]'

    python examples/rl/masked_ppo.py train aliens --steps 100000 --out aliens_ppo.zip
    python examples/rl/masked_ppo.py evaluate aliens aliens_ppo.zip --games 400
    python examples/rl/masked_ppo.py evaluate aliens random --games 400     # the baseline
    cardarena match aliens --p1 policy:path=aliens_ppo.zip --p2 random --seed 3

(`python examples/rl/masked_ppo.py match ...` is the same `cardarena match`, run in this process.)
The policy is sb3-contrib's MaskablePPO on `cardarena.envs.gym_env` (the learner's seat alternates
between 0 and 1 across the vectorized copies): it only ever samples legal actions (`action_masks`).
docs/rl.md gives the measured results and budgets.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import gymnasium as gym
import numpy as np


def make_env(game: str, seat: int, opponent: str) -> gym.Env:
    from sb3_contrib.common.wrappers import ActionMasker

    from cardarena.envs import gym_env

    env = gym_env(game, opponent=opponent, seat=seat)
    flat = gym.wrappers.TransformObservation(env, lambda o: o["observation"], env.observation_space["observation"])
    return ActionMasker(flat, lambda _e: env.action_masks())


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    venv = DummyVecEnv([lambda s=s: make_env(args.game, s % 2, args.opponent) for s in range(args.envs)])
    venv.seed(args.seed)
    model = MaskablePPO("MlpPolicy", venv, n_steps=512, batch_size=256, n_epochs=4, learning_rate=3e-4,
                        gamma=0.995, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=args.seed, device="cpu", verbose=0)
    t = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    minutes = (time.perf_counter() - t) / 60
    model.save(args.out)
    print(f"trained {args.steps} learner steps on {args.game} vs {args.opponent} in {minutes:.1f} min -> {args.out}")


def evaluate(args: argparse.Namespace) -> None:
    import cardarena
    from cardarena.agents import make_agent
    from cardarena.core.match import play
    from cardarena.envs.policy_agent import PolicyAgent

    game = cardarena.load_game(args.game)
    # `random` in place of a file: the baseline, on the same seeds
    policy = (make_agent("random", seed=1) if args.path == "random"
              else PolicyAgent(seed=1, name="policy", path=args.path, sample=args.sample))
    opponent = make_agent(args.opponent, seed=2)
    wins = draws = 0
    by_seat = [0, 0]
    reasons: dict[str, int] = {}
    for g in range(args.games):
        seat = g % 2  # half the games on each seat
        agents: list[Any] = [policy, opponent] if seat == 0 else [opponent, policy]
        for i, a in enumerate(agents):
            a.reset(10_000 + 2 * g + i)
        st = play(game.new_game(seed=50_000 + g), agents)
        winners = st.result.winners if st.result is not None else ()
        wins += seat in winners
        by_seat[seat] += seat in winners
        draws += not winners
        if st.result is not None:
            reasons[st.result.reason] = reasons.get(st.result.reason, 0) + 1
    rate = wins / args.games
    half = 1.96 * np.sqrt(rate * (1 - rate) / args.games)
    print(f"{args.game}: policy vs {args.opponent}: {wins}/{args.games} wins ({rate:.1%} ± {half:.1%}), {draws} draws; "
          f"wins as seat 0: {by_seat[0]}/{(args.games + 1) // 2}, as seat 1: {by_seat[1]}/{args.games // 2}; "
          f"endings: {', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}")


def match(argv: list[str]) -> None:
    import cardarena.envs  # noqa: F401  registers the `policy` agent
    from cardarena.cli import main

    sys.argv = ["cardarena", "match", *argv]
    main()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "match":
        match(sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train", help="train and save a MaskablePPO policy")
    t.add_argument("game")
    t.add_argument("--steps", type=int, default=100_000, help="learner decisions (the budget)")
    t.add_argument("--envs", type=int, default=4, help="environment copies (seats alternate)")
    t.add_argument("--opponent", default="random")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", default="policy.zip")
    e = sub.add_parser("evaluate", help="win rate of a saved policy (both seats, fresh seeds)")
    e.add_argument("game")
    e.add_argument("path", help="a saved policy, or `random` for the baseline on the same seeds")
    e.add_argument("--games", type=int, default=200)
    e.add_argument("--opponent", default="random")
    e.add_argument("--sample", action="store_true", help="sample actions instead of the most likely one")
    sub.add_parser("match", help="cardarena match with the policy agent registered (e.g. --p1 policy:path=FILE)")
    args = ap.parse_args()
    {"train": train, "evaluate": evaluate}[args.cmd](args)


if __name__ == "__main__":
    main()
