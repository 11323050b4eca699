"""newdawn as PettingZoo environments (native: they drive the engine directly).

``env(players=4, ...)`` is the AEC environment, ``parallel_env(...)`` the parallel one; after
importing this module, ``pettingzoo.make("aec", "newdawn/newdawn_v0", players=4)`` (PettingZoo
1.27 and later). Agents are ``player_0``..; the agent to act is the seat that owns the pending
decision (a seat may act several times in a row).

Each observation is ``{"observation": ..., "action_mask": int8}`` (PettingZoo's convention for
board games). ``observation="compact"`` (default) gives the 2,148 numbers of ``compact.py``
(``previews=True`` fills each option's effect on the agenda progress), ``"full"`` the
90,201-number tensor of ``observation.py``. ``actions="options"`` (default) is
``Discrete(OPTIONS)``, an index into the pending decision's options; ``actions="ids"`` the
codec's 149,807 fixed ids. ``infos[agent]["legal_actions"]`` lists the legal actions of the
agent to act, so an agent that needs no observation can call ``env.last(observe=False)``.

Episodes are bounded: the engine stops a game at ``max_rounds`` (no winner), ``back`` is not
offered (``take_backs=False``), and after ``max_decisions`` decisions (default
``DECISIONS_PER_SEAT_ROUND`` per seat and round; illegal tries count) every agent is
truncated. The winner gets +1 and every other seat ``-1/(n-1)``; a game stopped without a
winner is truncated with rewards 0. ``shaping=w`` adds, after every decision, ``w`` times the
change of each seat's ``compact.goal_potential`` (off by default).

An illegal action changes nothing: ``illegal="penalize"`` (default) gives the agent
``illegal_reward`` and ``infos[agent]["illegal_action"]`` naming the rule, ``"raise"`` raises
``IllegalActionError``. In the parallel environment only the deciding agent's action is used
(``infos[agent]["active_agent"]`` names it); the others' are ignored.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pettingzoo
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..content.rulesets import DEFAULT_RULESET
from ..engine import (
    Action,
    GameState,
    IllegalActionError,
    apply_in_place,
    decision_seat,
    game_config,
    new_game,
    player_view,
    why_illegal,
)
from .codec import EncodingError, codec
from .compact import OPTIONS, CompactObserver, agent_options, compact_size, goal_potential, shown_options
from .llm import decision_text
from .observation import Observation, observation_size

ENV_ID = "newdawn/newdawn_v0"
OBS_HIGH = 1000.0
DECISIONS_PER_SEAT_ROUND = 60
"""The default decision cap per seat and round (random play takes about 12)."""


def legal_ids(st: GameState, take_backs: bool = True) -> list[int]:
    ids = codec().encode_all(agent_options(st, take_backs))
    ids.sort()
    return ids


def mask_of(ids: list[int], size: int | None = None) -> np.ndarray[Any, np.dtype[np.int8]]:
    mask = np.zeros(codec().num_actions if size is None else size, np.int8)
    mask[ids] = 1
    return mask


def outcome_rewards(st: GameState) -> list[float]:
    n = st.n
    if st.winner < 0:
        return [0.0] * n
    return [1.0 if p == st.winner else -1.0 / (n - 1) for p in range(n)]


class _Game:
    """What the AEC and parallel environments share: the engine state, the pending options,
    observations, the decision cap and the rewards of one decision."""

    def __init__(self, players: int, ruleset: str, max_rounds: int, observation: str, actions: str,
                 max_decisions: int | None, take_backs: bool, shaping: float, illegal: str,
                 illegal_reward: float, previews: bool = False) -> None:
        self.config = game_config(players, ruleset=ruleset, max_rounds=max_rounds)
        new_game(self.config, 0)  # validates the configuration
        if observation not in ("compact", "full"):
            raise ValueError(f"observation must be 'compact' or 'full', got {observation!r}")
        if actions not in ("options", "ids"):
            raise ValueError(f"actions must be 'options' or 'ids', got {actions!r}")
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal must be 'raise' or 'penalize', got {illegal!r}")
        self.max_decisions = (DECISIONS_PER_SEAT_ROUND * players * max_rounds if max_decisions is None
                              else int(max_decisions))
        if self.max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {max_decisions}")
        self.observation_kind = observation
        self.action_kind = actions
        self.take_backs = take_backs
        self.shaping = float(shaping)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.n_actions = OPTIONS if actions == "options" else codec().num_actions
        if observation == "compact":
            obs: spaces.Space[Any] = spaces.Box(0.0, 1.0, (compact_size(),), np.float32)
            self._compact = CompactObserver(previews=previews)
        else:
            obs = spaces.Box(0.0, OBS_HIGH, (observation_size(),), np.float32)
            self._full = Observation()
        self.obs_space = spaces.Dict({"observation": obs, "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8)})
        self.act_space = spaces.Discrete(self.n_actions)
        self._masks = [np.zeros(self.n_actions, np.int8)]
        """The option mode's masks by option count (copied: one call instead of two)."""
        if actions == "options":
            self._masks += [np.array([1] * k + [0] * (OPTIONS - k), np.int8) for k in range(1, OPTIONS + 1)]
        self.st: GameState | None = None
        self.decisions = 0
        self.to_act = -1
        """The seat of the pending decision (``decision_seat``, kept by ``set_options``: the
        state changes only through ``play`` and ``start``), -1 once the game is over."""
        self.options: list[Action] = []
        self.seed_used = 0
        self._next_seed = 0
        self._rng = np.random.default_rng(0)
        self._potentials: list[float] = []

    def start(self, seed: int | None) -> None:
        s = self._next_seed if seed is None else int(seed)
        self._next_seed = s + 1
        self.seed_used = s
        self.st = new_game(self.config, s)
        self._rng = np.random.default_rng(s)
        self.decisions = 0
        self._potentials = self._potentials_now()
        self.set_options()

    def _potentials_now(self) -> list[float]:
        st = self.st
        assert st is not None
        return [goal_potential(st, p) for p in range(st.n)] if self.shaping else []

    def set_options(self) -> None:
        st = self.st
        assert st is not None
        self.to_act = decision_seat(st)
        if st.winner != -1:
            self.options = []
            return
        opts = agent_options(st, self.take_backs)
        if self.action_kind == "options":
            self.options = shown_options(opts, self._rng)
        else:
            ids = codec().encode_all(opts)
            self.options = [opts[k] for k in sorted(range(len(opts)), key=ids.__getitem__)]

    def legal(self) -> list[int]:
        if self.action_kind == "options":
            return list(range(len(self.options)))
        return codec().encode_all(self.options)

    def observe(self, seat: int) -> dict[str, Any]:
        st = self.st
        assert st is not None
        to_act = self.to_act
        mine = to_act == seat
        if self.observation_kind == "compact":
            compact = self._compact
            if mine:
                opts = self.options
                seed = int(self._rng.integers(0, 2**62)) if compact.previews and opts else 0
                obs = compact.fill(st, seat, opts, seed, None, to_act).copy()
            else:
                obs = compact.fill(st, seat, (), 0, None, to_act).copy()
        else:
            obs = self._full.set_from_view(player_view(st, seat)).copy()
        if not mine:
            mask = self._masks[0].copy()
        elif self.action_kind == "options":
            mask = self._masks[len(self.options)].copy()  # the shown options are the first indices
        else:
            mask = self._masks[0].copy()
            mask[self.legal()] = 1
        return {"observation": obs, "action_mask": mask}

    def action_of(self, action: int) -> tuple[Action | None, str | None]:
        if self.action_kind == "options":
            if 0 <= action < len(self.options):
                return self.options[action], None
            return None, f"option {action} is not offered ({len(self.options)} options)"
        try:
            a = codec().decode(action)
        except EncodingError as e:
            return None, str(e)
        if a in self.options:
            return a, None
        assert self.st is not None
        return None, f"{a}: {why_illegal(self.st, a) or 'a take-back is not offered to agents'}"

    def play(self, action: int) -> tuple[list[float], str | None]:
        """Apply the deciding seat's ``action``: the rewards of every seat, and why the action
        was refused (then nothing changed but the decision count)."""
        st = self.st
        assert st is not None
        seat = self.to_act
        opts = self.options
        a: Action | None
        if self.action_kind == "options" and 0 <= action < len(opts):  # the usual case of action_of
            a, reason = opts[action], None
        else:
            a, reason = self.action_of(int(action))
        rewards = [0.0] * len(st.players)
        if a is None:
            if self.illegal == "raise":
                raise IllegalActionError(reason or "illegal action")
            self.decisions += 1
            rewards[seat] = self.illegal_reward
            return rewards, reason
        self.decisions += 1
        apply_in_place(st, a)
        self.set_options()
        if st.winner >= 0:
            rewards = outcome_rewards(st)
        if self.shaping:
            now = self._potentials_now()
            rewards = [r + self.shaping * (b - a_) for r, a_, b in zip(rewards, self._potentials, now, strict=True)]
            self._potentials = now
        return rewards, None

    def over(self) -> tuple[bool, bool]:
        """(terminated, truncated) of every agent."""
        st = self.st
        assert st is not None
        if st.winner >= 0:
            return True, False
        return False, st.winner == -2 or self.decisions >= self.max_decisions

    def text(self) -> str:
        """The pending decision in the table's words (``llm.decision_text``), as its seat sees it."""
        st = self.st
        assert st is not None
        seat = decision_seat(st)
        return decision_text(st, max(seat, 0), agent_options(st, self.take_backs) if seat >= 0 else ())


class NewdawnAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "newdawn_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, players: int = 4, ruleset: str = DEFAULT_RULESET, max_rounds: int = 200, observation: str = "compact",
                 actions: str = "options", max_decisions: int | None = None, take_backs: bool = False,
                 shaping: float = 0.0, illegal: str = "penalize", illegal_reward: float = -0.1,
                 previews: bool = False, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.game = _Game(players, ruleset, max_rounds, observation, actions, max_decisions, take_backs, shaping,
                          illegal, illegal_reward, previews)
        self.config = self.game.config
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.game.obs_space for a in self.possible_agents}
        self.action_spaces = {a: self.game.act_space for a in self.possible_agents}

    @property
    def st(self) -> GameState | None:
        return self.game.st

    @property
    def seed_used(self) -> int:
        return self.game.seed_used

    @property
    def options(self) -> list[Action]:
        """The options of the pending decision, in action order (options mode: the shown ones)."""
        return self.game.options

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False
        """Whether ``rewards`` holds a reward that is not zero."""
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        st = self.game.st
        assert st is not None
        self.infos[self.agent_selection].pop("legal_actions", None)
        seat = self.game.to_act
        if seat >= 0:
            agent = self.agent_selection = self.possible_agents[seat]
            self.infos[agent]["legal_actions"] = self.game.legal()

    def observe(self, agent: str) -> dict[str, Any]:
        return self.game.observe(self.agent_name_mapping[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent that is done")
        self._cumulative_rewards[agent] = 0.0
        info = self.infos[agent]
        info.pop("illegal_action", None)
        game = self.game
        rewards, refused = game.play(int(action))
        rewarded = any(rewards)
        if rewarded or self._rewarded:  # else the last step's dict holds these zeros already
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._rewarded = rewarded
        if refused is not None:
            info["illegal_action"] = refused
        st = game.st
        assert st is not None
        winner = st.winner  # ``game.over()``, written out
        terminated = winner >= 0
        truncated = not terminated and (winner == -2 or game.decisions >= game.max_decisions)
        if terminated or truncated:
            done = self.terminations if terminated else self.truncations
            for ag in self.agents:
                done[ag] = True
                self.infos[ag].pop("legal_actions", None)
        else:  # ``_select``, written out: the agent of the pending decision
            info.pop("legal_actions", None)
            seat = game.to_act
            if seat >= 0:
                nxt = self.agent_selection = self.possible_agents[seat]
                self.infos[nxt]["legal_actions"] = game.legal()
        if rewarded:  # most decisions reward nobody: nothing to add
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        st = self.game.st
        if self.render_mode is None or st is None:
            return None
        text = self.game.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class NewdawnParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel form: every live agent sends an action each step; the deciding agent's is
    played (``infos[agent]["active_agent"]``), the others' are ignored."""

    metadata = {"name": "newdawn_v0", "render_modes": ["ansi", "human"]}

    def __init__(self, players: int = 4, ruleset: str = DEFAULT_RULESET, max_rounds: int = 200, observation: str = "compact",
                 actions: str = "options", max_decisions: int | None = None, take_backs: bool = False,
                 shaping: float = 0.0, illegal: str = "penalize", illegal_reward: float = -0.1,
                 previews: bool = False, render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.game = _Game(players, ruleset, max_rounds, observation, actions, max_decisions, take_backs, shaping,
                          illegal, illegal_reward, previews)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 - one space object per agent, as the API asks
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.game.obs_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.game.n_actions)

    def _infos(self) -> dict[str, dict[str, Any]]:
        st = self.game.st
        assert st is not None
        active = self.possible_agents[decision_seat(st)] if st.winner == -1 else None
        infos: dict[str, dict[str, Any]] = {a: {"active_agent": active} for a in self.agents}
        if active is not None:
            infos[active]["legal_actions"] = self.game.legal()
        return infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.game.start(seed)
        self.agents = self.possible_agents[:]
        return {a: self.game.observe(i) for i, a in enumerate(self.agents)}, self._infos()

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        st = self.game.st
        if st is None or not self.agents:
            raise RuntimeError("call reset() before step(): the game is over")
        active = self.possible_agents[decision_seat(st)]
        if active not in actions:
            raise ValueError(f"no action for {active}, the agent to act")
        rewards, refused = self.game.play(int(actions[active]))
        terminated, truncated = self.game.over()
        obs = {a: self.game.observe(i) for i, a in enumerate(self.agents)}
        rew = {a: rewards[i] for i, a in enumerate(self.agents)}
        term = {a: terminated for a in self.agents}
        trunc = {a: truncated for a in self.agents}
        infos = self._infos()
        if refused is not None:
            infos[active]["illegal_action"] = refused
        if terminated or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rew, term, trunc, infos

    def render(self) -> str | None:
        st = self.game.st
        if self.render_mode is None or st is None:
            return None
        text = self.game.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> NewdawnAECEnv:
    """A new AEC environment (the PettingZoo convention's entry point)."""
    return NewdawnAECEnv(**kwargs)


def parallel_env(**kwargs: Any) -> NewdawnParallelEnv:
    """A new parallel environment."""
    return NewdawnParallelEnv(**kwargs)


def shimmy_env(players: int = 4, ruleset: str = DEFAULT_RULESET, max_rounds: int = 200, seed: int = 0,
               render_mode: str | None = None) -> Any:
    """The other route: the OpenSpiel game ``python_newdawn`` wrapped by Shimmy's
    ``OpenSpielCompatibilityV0``. It builds every agent's observation tensor at every step, so
    it is far slower than ``env()``; it is here for code that already expects Shimmy."""
    # late import: Shimmy and OpenSpiel are needed only by this route (pettingzoo_env works without them)
    from shimmy import OpenSpielCompatibilityV0

    # late import: as above (pyspiel)
    from . import openspiel_game

    openspiel_game.register()
    config = {"players": players, "ruleset": ruleset, "max_rounds": max_rounds, "seed": seed}
    return OpenSpielCompatibilityV0(game_name="python_newdawn", config=config, render_mode=render_mode)


def register() -> None:
    """Register ``newdawn/newdawn_v0`` for ``pettingzoo.make("aec", ...)`` where the installed
    PettingZoo has a registry (1.27 and later); a no-op otherwise."""
    reg = getattr(pettingzoo, "register", None)
    known = getattr(pettingzoo, "aec_registry", None)
    if reg is None or known is None:
        return
    if ENV_ID not in known:
        reg("aec", ENV_ID, entry_point=f"{__name__}:env")


register()
