"""newdawn as a single-agent Gymnasium environment: one seat against newdawn bots.

``NewdawnGymEnv(players=2, opponents="random", seat=0)`` or, after importing this module,
``gymnasium.make("newdawn/Newdawn-v0", opponents="greedy")``. ``opponents`` is one bot spec
for every other seat or a list with one spec per other seat (specs as in
``newdawn.bots.make_bot``: ``random``, ``greedy``, ``mcts:200ms``, ``mcts:50i``, and any level
the registry gains). ``seat`` is the learner's seat, or ``None`` to draw it anew each episode.

Spaces (docs/research.md, "Which spaces"):

- ``actions="options"`` (default): ``Discrete(OPTIONS)``, an index into the pending decision's
  options (``compact.agent_options``); ``actions="ids"``: ``Discrete(149,807)``, the codec's
  fixed ids.
- ``observation="compact"`` (default): the 2,148 numbers of ``compact.py``;
  ``observation="full"``: the 90,201-number tensor of ``observation.py``. ``previews=True``
  adds each option's effect on the agenda progress, played on a copy whose hidden parts are
  drawn anew (``compact.preview_options``; a few option applications per step).

``action_masks()`` (the sb3-contrib convention) and ``info["action_mask"]`` give the legal
actions as booleans; ``info["legal_actions"]`` lists them and ``info["options"]`` names them.

A learner decision with a single option is taken without asking (``skip_forced=True``; about
a quarter of the learner's decisions, mostly resolving a card with no trade token to spend).

Episodes are bounded: the engine ends a game at ``max_rounds`` (no winner), ``back`` is not
offered (``take_backs=False``: choosing a card and taking it back is a loop an agent could
repeat for ever), and the episode is *truncated* after ``max_steps`` learner steps (illegal
ones included) or ``max_decisions`` decisions of all seats (forced ones included). Rewards: +1 for a win, ``-1/(n-1)`` for a loss, 0 when the game is stopped without
a winner; with ``shaping=w`` each step also gets ``w`` times the change in
``compact.goal_potential`` (the learner's progress toward its agendas minus its rivals' mean),
off by default.

An illegal action changes nothing: with ``illegal="penalize"`` (the default, which sampling
code such as ``gymnasium.utils.env_checker.check_env`` needs) it returns ``illegal_reward`` and
``info["illegal_action"]`` naming the rule; with ``illegal="raise"`` it raises
``IllegalActionError``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..content.rulesets import DEFAULT_RULESET
from ..engine import (
    Action,
    GameConfig,
    GameState,
    IllegalActionError,
    apply_in_place,
    content_for,
    decision_seat,
    game_config,
    legal_actions,
    new_game,
    normalise_config,
    player_view,
    why_illegal,
)
from .codec import EncodingError, codec
from .compact import (
    OPTIONS,
    CompactObserver,
    agent_options,
    compact_size,
    goal_potential,
    potential,
    preview_values,
    shown_options,
)
from .llm import decision_text
from .observation import Observation, observation_size
from .pettingzoo_env import DECISIONS_PER_SEAT_ROUND, OBS_HIGH, outcome_rewards

ENV_ID = "newdawn/Newdawn-v0"
STEPS_PER_ROUND = 60
"""The default ``max_steps`` is this many learner steps per round of ``max_rounds`` (random
play takes about 12 decisions per seat and round)."""

ObsArray = npt.NDArray[np.float32]


class NewdawnGymEnv(gym.Env[ObsArray, np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, players: int = 2, opponents: str | Sequence[str] = "random", seat: int | None = 0,
                 ruleset: str = DEFAULT_RULESET, max_rounds: int = 200, observation: str = "compact",
                 actions: str = "options", max_steps: int | None = None, take_backs: bool = False,
                 skip_forced: bool = True, previews: bool = False, values: bool = False, shaping: float = 0.0,
                 shaping_gamma: float = 1.0, order: str = "engine", illegal: str = "penalize", illegal_reward: float = -0.1,
                 render_mode: str | None = None) -> None:
        self.config: GameConfig = normalise_config(game_config(players, ruleset=ruleset, max_rounds=max_rounds))
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
        if observation not in ("compact", "full"):
            raise ValueError(f"observation must be 'compact' or 'full', got {observation!r}")
        if actions not in ("options", "ids"):
            raise ValueError(f"actions must be 'options' or 'ids', got {actions!r}")
        if order not in ("engine", "value"):
            raise ValueError(f"order must be 'engine' or 'value', got {order!r}")
        if order == "value" and not (values and observation == "compact" and actions == "options"):
            raise ValueError("order='value' needs values=True, the compact observation and option actions")
        self.order = order
        self._values: list[float] | None = None
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.max_steps = STEPS_PER_ROUND * max_rounds if max_steps is None else int(max_steps)
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {max_steps}")
        self.max_decisions = DECISIONS_PER_SEAT_ROUND * players * max_rounds
        """All seats' decisions (forced ones included) after which the episode is truncated."""
        self.skip_forced = skip_forced
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.take_backs = take_backs
        self.shaping = float(shaping)
        self.shaping_gamma = float(shaping_gamma)
        self.render_mode = render_mode
        self.observation_kind = observation
        self.action_kind = actions
        if observation == "compact":
            self.observation_space = spaces.Box(0.0, 1.0, (compact_size(),), np.float32)
            self._compact = CompactObserver(previews=previews, values=values)
        else:
            self.observation_space = spaces.Box(0.0, OBS_HIGH, (observation_size(),), np.float32)
            self._full = Observation()
        n_actions = OPTIONS if actions == "options" else codec().num_actions
        self.action_space = spaces.Discrete(n_actions)
        self._n_actions = n_actions
        self.st: GameState | None = None
        self.seat = 0
        self.steps = 0
        self.decisions = 0
        self.bots: dict[int, Bot] = {}
        self.options: list[Action] = []
        """The options of the learner's pending decision, in action order (options mode: the
        shown ones)."""
        self._potential = 0.0

    # ---- helpers
    def _set_options(self) -> None:
        st = self.st
        assert st is not None
        if st.winner != -1 or decision_seat(st) != self.seat or self.decisions >= self.max_decisions:
            self.options = []
            return
        opts = agent_options(st, self.take_backs)
        if self.action_kind == "options":
            self.options = shown_options(opts, self.np_random)
            self._values = None
            if self.order == "value":  # best first by the value previews (stable: ties keep their order)
                vals = preview_values(st, self.seat, self.options, int(self.np_random.integers(0, 2**62)))
                rank = sorted(range(len(vals)), key=lambda k: -vals[k])
                self.options = [self.options[k] for k in rank]
                self._values = [vals[k] for k in rank]
        else:
            ids = codec().encode_all(opts)
            order = sorted(range(len(opts)), key=ids.__getitem__)
            self.options = [opts[k] for k in order]

    def legal_actions(self) -> list[int]:
        """The legal actions of the learner's pending decision (empty once the game is over)."""
        if self.action_kind == "options":
            return list(range(len(self.options)))
        return codec().encode_all(self.options)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans over the action space (sb3-contrib's MaskablePPO)."""
        mask = np.zeros(self._n_actions, np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def _observe(self) -> ObsArray:
        assert self.st is not None
        if self.observation_kind == "compact":
            seed = int(self.np_random.integers(0, 2**62)) if (self._compact.previews or self._compact.values) and self.options else 0
            return self._compact.fill(self.st, self.seat, self.options, seed, self._values).copy()
        return self._full.set_from_view(player_view(self.st, self.seat)).copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "legal_actions": self.legal_actions(),
                "options": [str(a) for a in self.options], "seat": self.seat, "steps": self.steps}

    def _advance(self) -> None:
        """Play on to the learner's next decision that offers a choice: the opponents' decisions,
        and the learner's forced ones (a single option) when ``skip_forced``; then set the
        learner's options. Stops at the end of the game or at ``max_decisions``."""
        st = self.st
        assert st is not None
        while st.winner == -1 and self.decisions < self.max_decisions:
            seat = decision_seat(st)
            if seat == self.seat:
                opts = agent_options(st, self.take_backs)
                if len(opts) > 1 or not self.skip_forced:
                    break
                a = opts[0]
            else:
                bot = self.bots[seat]
                legal = legal_actions(st)  # a bot plays as it does at the table
                if len(legal) == 1 and bot.needs_view:
                    a = legal[0]
                else:
                    a = bot.choose(player_view(st, seat) if bot.needs_view else None, legal)
            apply_in_place(st, a)
            self.decisions += 1
        self._set_options()

    def _action(self, action: int) -> tuple[Action | None, str | None]:
        """The chosen action, or None and why it cannot be taken."""
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

    def _potential_now(self) -> float:
        """The learner's ``goal_potential`` (from the compact observation just made, if any)."""
        st = self.st
        assert st is not None
        if not self.shaping:
            return 0.0
        if self.observation_kind == "compact":
            return potential(self._compact.progress, self.seat, content_for(st).ruleset.victory_cards_to_win)
        return goal_potential(st, self.seat)

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
        self.steps = 0
        self.decisions = 0
        self._advance()
        obs = self._observe()
        self._potential = self._potential_now()
        return obs, self._info()

    def step(self, action: np.int64 | int) -> tuple[ObsArray, float, bool, bool, dict[str, Any]]:
        st = self.st
        if st is None:
            raise RuntimeError("call reset() before step()")
        if st.winner != -1 or self.steps >= self.max_steps or self.decisions >= self.max_decisions:
            raise RuntimeError("the episode is over: call reset()")
        self.steps += 1
        a, reason = self._action(int(action))
        if a is None:
            if self.illegal == "raise":
                self.steps -= 1
                raise IllegalActionError(reason or "illegal action")
            info = self._info()
            info["illegal_action"] = reason
            return self._observe(), float(self.illegal_reward), False, self.steps >= self.max_steps, info
        apply_in_place(st, a)
        self.decisions += 1
        self._advance()
        obs = self._observe()
        reward = 0.0
        if st.winner >= 0:
            reward = outcome_rewards(st)[self.seat]
        if self.shaping:
            before, self._potential = self._potential, self._potential_now()
            reward += self.shaping * (self.shaping_gamma * self._potential - before)
        terminated = st.winner >= 0
        truncated = not terminated and (st.winner == -2 or self.steps >= self.max_steps
                                        or self.decisions >= self.max_decisions)
        return obs, reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.st is None:
            return None
        st = self.st
        return decision_text(st, self.seat, agent_options(st, self.take_backs) if decision_seat(st) == self.seat else ())


def register() -> None:
    """Register ``newdawn/Newdawn-v0`` for ``gymnasium.make`` (safe to call again)."""
    if ENV_ID not in gym.envs.registry:
        gym.register(id=ENV_ID, entry_point=f"{__name__}:NewdawnGymEnv")


register()
