"""RL environment speed: random masked steps per second on the PettingZoo AEC env, per game.

    .venv/bin/python bench/bench_envs.py              # every game, ~3 s each
    .venv/bin/python bench/bench_envs.py aliens --seconds 10

Two figures per game: `mask` acts from `info["action_mask"]` (what a vectorized self-play collector
that batches observations elsewhere pays: engine + mask), `observe` also builds the observation of
the acting agent every step (`env.last()`, engine + view + encoding). Printed, never asserted.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardarena import game_ids
from cardarena.envs import aec_env


def run(game: str, seconds: float, observe: bool) -> tuple[float, int]:
    env = aec_env(game)
    rng = np.random.default_rng(0)
    steps = games = 0
    seed = 0
    env.reset(seed=seed)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                games += 1
                seed += 1
                env.reset(seed=seed)
                continue
            if observe:
                mask = env.observe(agent)["action_mask"]
            else:
                mask = env.infos[agent]["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - t0), games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--seconds", type=float, default=1.5, help="per game and mode")
    args = ap.parse_args()
    print(f"{'game':<10} {'mask steps/s':>13} {'observe steps/s':>16} {'games':>6}")
    for game in args.games or game_ids():
        fast, n = run(game, args.seconds, observe=False)
        full, m = run(game, args.seconds, observe=True)
        print(f"{game:<10} {fast:>13,.0f} {full:>16,.0f} {n + m:>6}")


if __name__ == "__main__":
    main()
