"""Train sb3-contrib's MaskablePPO on one seat, with no wrapper: ``SeatEnv`` has ``action_masks()``, the method
MaskablePPO reads, and the flat observation (``observation="flat"``: the 784-entry tensor and the mask) suits
``MultiInputPolicy``. Then play the trained seat against greedy and say how it did.

Run (sb3-contrib brings stable-baselines3 and torch; not part of the test extra, see README)::

    pip install sb3-contrib
    python benchmarks/train_maskable_ppo.py --steps 5000

``tests/api/test_envs.py`` runs it with a tiny budget where sb3-contrib is installed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np


def train(steps: int = 5000, seed: int = 0, eval_episodes: int = 20, n_steps: int = 256) -> dict[str, Any]:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    from shengji import envs

    env = envs.SeatEnv(seed=seed, observation="flat", skip_forced=True)  # no wrapper: action_masks() is there
    model = MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=64, seed=seed, verbose=0, device="cpu")
    t = time.perf_counter()
    model.learn(total_timesteps=steps)
    seconds = time.perf_counter() - t
    test = envs.SeatEnv(seed=seed + 1, observation="flat", skip_forced=True)
    returns = []
    for _ in range(eval_episodes):
        obs, _ = test.reset()
        done, total = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(test), deterministic=True)
            obs, reward, done, _, info = test.step(int(action))
            assert not info.get("invalid_action"), "MaskablePPO chose an action outside the mask"
            total += float(reward)
        returns.append(total)
    return {"steps": steps, "train_seconds": seconds, "eval_episodes": eval_episodes,
            "mean_return_levels": float(np.mean(returns)), "returns": returns}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-episodes", type=int, default=20)
    args = ap.parse_args(argv)
    print(json.dumps(train(args.steps, args.seed, args.eval_episodes), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
