"""newdawn as a PettingZoo AEC environment (native: it drives the engine directly).

``env(players=4, ruleset="ti", max_rounds=200)`` or, after importing this module,
``pettingzoo.make("aec", "newdawn/newdawn_v0", players=4)``. Agents are ``player_0``..; the
agent to act is the seat that owns the pending decision (a seat may act several times in a
row). Each observation is ``{"observation": float32 tensor, "action_mask": int8 mask}`` built
from that seat's ``player_view`` (see ``observation.py``); actions are the codec's ids
(``codec.py``). ``infos[agent]["legal_actions"]`` lists the legal ids of the agent to act, so
an agent that needs no observation (a random player) can call ``env.last(observe=False)``.

``reset(seed=s)`` starts the engine with seed ``s``; ``reset()`` without a seed continues
with the next seed of the last one. The winner gets +1 and every other seat ``-1/(n-1)``; a
game stopped by ``max_rounds`` without a winner is truncated with rewards 0. An illegal action
raises ``IllegalActionError`` naming the rule and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

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

ENV_ID = "newdawn/newdawn_v0"
OBS_HIGH = 1000.0


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(0.0, OBS_HIGH, (observation_size(),), np.float32),
        "action_mask": spaces.Box(0, 1, (codec().num_actions,), np.int8),
    })


def legal_ids(st: GameState) -> list[int]:
    ids = codec().encode_all(legal_actions(st))
    ids.sort()
    return ids


def mask_of(ids: list[int]) -> np.ndarray[Any, np.dtype[np.int8]]:
    mask = np.zeros(codec().num_actions, np.int8)
    mask[ids] = 1
    return mask


def outcome_rewards(st: GameState) -> list[float]:
    n = st.n
    if st.winner < 0:
        return [0.0] * n
    return [1.0 if p == st.winner else -1.0 / (n - 1) for p in range(n)]


class NewdawnAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "newdawn_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 4, ruleset: str = "ti", max_rounds: int = 200,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.config = game_config(players, ruleset=ruleset, max_rounds=max_rounds)
        new_game(self.config, 0)  # validates the configuration
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space()
        act_space = spaces.Discrete(codec().num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._obs = Observation()
        self._next_seed = 0
        self.seed_used = 0
        self.st: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        s = self._next_seed if seed is None else int(seed)
        self._next_seed = s + 1
        self.seed_used = s
        self.st = new_game(self.config, s)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        st = self.st
        assert st is not None
        self.infos[self.agent_selection].pop("legal_actions", None)
        seat = decision_seat(st)
        if seat >= 0:
            agent = self.agent_selection = self.possible_agents[seat]
            self.infos[agent]["legal_actions"] = legal_ids(st)

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.st is not None
        seat = self.agent_name_mapping[agent]
        view = player_view(self.st, seat)
        obs = self._obs.set_from_view(view).copy()
        mine = decision_seat(self.st) == seat
        mask = mask_of(legal_ids(self.st)) if mine else np.zeros(codec().num_actions, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.st
        assert st is not None and action is not None
        a = codec().decode(int(action))
        reason = why_illegal(st, a)
        if reason is not None:
            raise IllegalActionError(f"{a}: {reason}")
        self._cumulative_rewards[agent] = 0.0
        apply_in_place(st, a)
        if st.winner != -1:
            rewards = outcome_rewards(st)
            done = self.terminations if st.winner >= 0 else self.truncations
            for i, ag in enumerate(self.agents):
                self.rewards[ag] = rewards[i]
                done[ag] = True
                self.infos[ag].pop("legal_actions", None)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.st is None:
            return None
        seat = decision_seat(self.st)
        return observation_text(player_view(self.st, seat if seat >= 0 else -1))

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> NewdawnAECEnv:
    """A new environment (the PettingZoo convention's entry point)."""
    return NewdawnAECEnv(**kwargs)


def shimmy_env(players: int = 4, ruleset: str = "ti", max_rounds: int = 200, seed: int = 0,
               render_mode: str | None = None) -> Any:
    """The other route: the OpenSpiel game ``python_newdawn`` wrapped by Shimmy's
    ``OpenSpielCompatibilityV0``. It builds every agent's observation tensor at every step, so
    it is far slower than ``env()``; it is here for code that already expects Shimmy."""
    from shimmy import OpenSpielCompatibilityV0

    from . import openspiel_game

    openspiel_game.register()
    config = {"players": players, "ruleset": ruleset, "max_rounds": max_rounds, "seed": seed}
    return OpenSpielCompatibilityV0(game_name="python_newdawn", config=config, render_mode=render_mode)


def register() -> None:
    """Register ``newdawn/newdawn_v0`` for ``pettingzoo.make("aec", ...)`` where the installed
    PettingZoo has a registry (1.27 and later); a no-op otherwise."""
    import pettingzoo

    reg = getattr(pettingzoo, "register", None)
    known = getattr(pettingzoo, "aec_registry", None)
    if reg is None or known is None:
        return
    if ENV_ID not in known:
        reg("aec", ENV_ID, entry_point=f"{__name__}:env")


register()
