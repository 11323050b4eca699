"""newdawn as a single-agent Gymnasium environment: one seat against newdawn bots.

``NewdawnGymEnv(players=2, opponents="random", seat=0)`` or, after importing this module,
``gymnasium.make("newdawn/Newdawn-v0", opponents="greedy")``. ``opponents`` is one bot spec
for every other seat or a list with one spec per other seat (specs as in
``newdawn.bots.registry.make_bot``: ``random``, ``greedy``, ``mcts:200ms``, ``mcts:50i``...).
``seat`` is the learner's seat, or ``None`` to draw it anew each episode.

The observation is the learner's tensor (``observation.py``); ``info["action_mask"]`` (int8)
and ``info["legal_actions"]`` give the legal ids of the learner's pending decision. Between the
learner's decisions the opponents play. The reward is given at the end: +1 for a win,
``-1/(n-1)`` for a loss; a game stopped by ``max_rounds`` without a winner is truncated with
reward 0.

An illegal id leaves the game as it was: with ``illegal="raise"`` (the default) it raises
``IllegalActionError`` naming the rule; with ``illegal="penalize"`` the step returns reward
``illegal_reward`` and ``info["illegal_action"]`` with the reason instead (for code that
samples without the mask, such as ``gymnasium.utils.env_checker.check_env``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..engine import (
    GameState,
    IllegalActionError,
    apply_in_place,
    decision_seat,
    game_config,
    legal_actions,
    new_game,
    player_view,
)
from ..engine.api import why_illegal
from .codec import codec
from .observation import Observation, observation_size, observation_text
from .pettingzoo_env import OBS_HIGH, legal_ids, mask_of, outcome_rewards

ENV_ID = "newdawn/Newdawn-v0"


ObsArray = npt.NDArray[np.float32]


class NewdawnGymEnv(gym.Env[ObsArray, np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players: int = 2, opponents: str | Sequence[str] = "random", seat: int | None = 0,
                 ruleset: str = "ti", max_rounds: int = 200, illegal: str = "raise",
                 illegal_reward: float = -0.1, render_mode: str | None = None) -> None:
        self.config: dict[str, Any] = game_config(players, ruleset=ruleset, max_rounds=max_rounds)
        new_game(self.config, 0)  # validates the configuration
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"{players - 1} opponent specs needed, got {len(specs)}")
        for s in specs:
            make_bot(s, 0)  # raises ValueError naming a bad spec
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1} or None, got {seat}")
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal must be 'raise' or 'penalize', got {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, OBS_HIGH, (observation_size(),), np.float32)
        self.action_space = spaces.Discrete(codec().num_actions)
        self._obs = Observation()
        self.st: GameState | None = None
        self.seat = 0
        self.bots: dict[int, Bot] = {}

    # ---- helpers
    def _observe(self) -> ObsArray:
        assert self.st is not None
        return self._obs.set_from_view(player_view(self.st, self.seat)).copy()

    def _info(self) -> dict[str, Any]:
        assert self.st is not None
        ids = legal_ids(self.st) if decision_seat(self.st) == self.seat else []
        return {"action_mask": mask_of(ids), "legal_actions": ids, "seat": self.seat}

    def _play_opponents(self) -> None:
        st = self.st
        assert st is not None
        while st.winner == -1:
            seat = decision_seat(st)
            if seat == self.seat:
                return
            bot = self.bots[seat]
            legal = legal_actions(st)
            if len(legal) == 1:
                a = legal[0]
            else:
                a = bot.choose(player_view(st, seat) if bot.needs_view else None, legal)
            apply_in_place(st, a)

    def _result(self) -> tuple[float, bool, bool]:
        st = self.st
        assert st is not None
        if st.winner == -1:
            return 0.0, False, False
        return outcome_rewards(st)[self.seat], st.winner >= 0, st.winner == -2

    # ---- Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[ObsArray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        n = self.config["players"]
        self.seat = int(self.np_random.integers(0, n)) if self.fixed_seat is None else self.fixed_seat
        others = [p for p in range(n) if p != self.seat]
        bot_seeds = random.Random(game_seed)
        self.bots = {p: make_bot(spec, bot_seeds.getrandbits(62)) for p, spec in zip(others, self.opponent_specs,
                                                                                        strict=True)}
        self.st = new_game(self.config, game_seed)
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        st = self.st
        if st is None:
            raise RuntimeError("call reset() before step()")
        if st.winner != -1:
            raise RuntimeError("the game is over: call reset()")
        a = codec().decode(int(action))
        reason = why_illegal(st, a)
        if reason is not None:
            if self.illegal == "raise":
                raise IllegalActionError(f"{a}: {reason}")
            info = self._info()
            info["illegal_action"] = f"{a}: {reason}"
            return self._observe(), float(self.illegal_reward), False, False, info
        apply_in_place(st, a)
        self._play_opponents()
        reward, terminated, truncated = self._result()
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.st is None:
            return None
        return observation_text(player_view(self.st, self.seat))


def register() -> None:
    """Register ``newdawn/Newdawn-v0`` for ``gymnasium.make`` (safe to call again)."""
    if ENV_ID not in gym.envs.registry:
        gym.register(id=ENV_ID, entry_point=f"{__name__}:NewdawnGymEnv")


register()
