"""newdawn as an OpenSpiel game: ``pyspiel.load_game("python_newdawn", {...})``.

Importing this module registers the game. Parameters: ``players`` (2-5), ``ruleset``
(``"ti"``), ``max_rounds`` (200), ``seed`` (0), ``max_decisions`` (0: ``DECISIONS_PER_SEAT_ROUND``
per seat and round) and ``take_backs`` (False).

Bounded. A game ends at ``max_rounds`` (the engine's rule, no winner) or after
``max_decisions`` decisions (then it is terminal with returns 0, so ``max_game_length`` holds),
and ``back`` (a pure take-back: choose a card, take it back, choose it again...) is not a legal
action unless ``take_backs`` or it is the only option.

Information. ``observation_string`` / ``observation_tensor`` are the seat's current view.
``information_state_string`` is the seat's own history: a digest of everything public since
the setup (the setup's public view, then each action with the events it caused, which the
table shows to every seat) followed by the seat's current view, so two histories share an
information state only if the seat saw the same things (perfect recall). No information-state
tensor is provided. An invalid player raises ``RuntimeError`` (``player >= 0``, ``player <``).

Chance. The first node of every game is a chance node that picks the setup: outcome ``k`` of
``SETUPS`` starts the engine with seed ``seed * SETUPS + k``. Every later random event (dice,
tile draws, wonder decks) comes from the engine's own generator inside the state, which no
seat sees, so to OpenSpiel the rest of the game is a function of the history. (OpenSpiel's
sampled-stochastic mode serialises a game with its generator state, which open-spiel 2.0.2
cannot ask a Python game for: see docs/research.md.) A serialised state is the game string
(config and seed), the history (the chance outcome and the action ids) and the state's
attributes, whose engine part pickles as its record: config + seed + actions.

``clone()`` uses the engine's fast ``GameState.copy``; ``resample_from_infostate`` uses
``newdawn.engine.determinize`` (the tile stack, wonder decks and generator re-sampled from what
the seat cannot see), so OpenSpiel's IS-MCTS runs on it.

Returns: the winner gets +1, every other seat ``-1/(n-1)``; a game stopped by ``max_rounds``
without a winner gives 0 to all (the game is zero-sum).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ..content.rulesets import DEFAULT_RULESET
from ..engine import (
    GameConfig,
    GameState,
    apply_in_place,
    decision_kind,
    decision_seat,
    determinize,
    new_game,
    normalise_config,
    player_view,
)
from ..engine import game_config as engine_game_config
from .codec import codec
from .compact import agent_options
from .observation import Observation, observation_text

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SETUPS = 1024
"""Outcomes of the setup chance node (engine seeds ``seed * SETUPS .. seed * SETUPS + 1023``)."""
MAX_PLAYERS = 5
DEFAULT_PARAMS: dict[str, Any] = {"players": 4, "ruleset": DEFAULT_RULESET, "max_rounds": 200, "seed": 0,
                                  "max_decisions": 0, "take_backs": False}
DECISIONS_PER_SEAT_ROUND = 60
"""The default decision cap per seat and round (random play takes about 12)."""

GAME_TYPE = pyspiel.GameType(
    short_name="python_newdawn",
    long_name="Python newdawn (Civilization: A New Dawn + Terra Incognita)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def game_config(params: dict[str, Any]) -> GameConfig:
    """The engine's configuration for OpenSpiel's game parameters (built by the engine's own
    ``game_config``), checked (ValueError names the wrong key)."""
    return normalise_config(engine_game_config(int(params["players"]), ruleset=str(params["ruleset"]),
                                               max_rounds=int(params["max_rounds"])))


class NewdawnGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULT_PARAMS, **(params or {})}
        self.config = game_config(p)
        new_game(self.config, 0)  # validates the configuration (raises ValueError naming it)
        self.base_seed = int(p["seed"])
        n, rounds = self.config["players"], self.config["max_rounds"]
        assert rounds is not None  # game_config always sets the parameter's round limit
        cap = int(p["max_decisions"])
        if cap < 0:
            raise ValueError(f"max_decisions must be 0 (the default cap) or positive, got {cap}")
        self.max_decisions = cap or DECISIONS_PER_SEAT_ROUND * n * rounds
        self.take_backs = bool(p["take_backs"])
        info = pyspiel.GameInfo(
            num_distinct_actions=codec().num_actions,
            max_chance_outcomes=SETUPS,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + self.max_decisions,
        )
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> NewdawnState:
        return NewdawnState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The seat's view (tensor and string) for the default observation type; its history
        (string only, no tensor) for perfect recall; None for the types this game does not
        provide (public-only or private-only observations)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            return NewdawnObserver()
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return None
        return NewdawnHistoryObserver() if iig_obs_type.perfect_recall else NewdawnObserver()


class _Engine:
    """The engine state with its record; copies with ``GameState.copy`` and pickles as a
    record (config + seed + action texts), so OpenSpiel's clone and serialisation stay cheap."""

    __slots__ = ("config", "seed", "st", "log", "decisions", "public")

    def __init__(self, config: GameConfig, seed: int, st: GameState, log: tuple[Any, ...] | None,
                 decisions: int = 0, public: bytes | None = None) -> None:
        self.config = config
        self.seed = seed
        self.st = st
        self.log = log
        """The actions as a shared linked list ``(previous, text)`` (copies share it)."""
        self.decisions = decisions
        self.public = public if public is not None else public_digest(b"", observation_text(player_view(st, -1)))
        """Digest of the public history: the setup's public view, then each action and its events."""

    def record(self, a: str) -> None:
        self.log = (self.log, a)
        self.decisions += 1
        self.public = public_digest(self.public, a + "\n" + json.dumps(self.st.events, sort_keys=True))

    def actions(self) -> list[str]:
        out: list[str] = []
        node = self.log
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    def __deepcopy__(self, memo: Any) -> _Engine:
        return _Engine(self.config, self.seed, self.st.copy(), self.log, self.decisions, self.public)

    def __reduce__(self) -> tuple[Callable[..., _Engine], tuple[Any, ...]]:
        return (_replay, (self.config, self.seed, self.actions()))


def public_digest(before: bytes, text: str) -> bytes:
    return hashlib.blake2b(before + text.encode(), digest_size=16).digest()


def _replay(config: GameConfig, seed: int, actions: list[str]) -> _Engine:
    eng = _Engine(config, seed, new_game(config, seed), None)
    for a in actions:
        apply_in_place(eng.st, a)
        eng.record(a)
    return eng


class _Views(dict[int, dict[str, Any]]):
    """Views cached until the next action; a copy of the state starts with none."""

    def __deepcopy__(self, memo: Any) -> _Views:
        return _Views()

    def __reduce__(self) -> tuple[type[_Views], tuple[()]]:
        return (_Views, ())


class NewdawnState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NewdawnGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._base_seed = game.base_seed
        self._eng: _Engine | None = None
        self._views = _Views()
        self._cur = _CHANCE
        """The current player, kept up to date by ``_apply_action`` (OpenSpiel asks often)."""
        self._max_decisions = game.max_decisions
        self._take_backs = game.take_backs

    # ---- access for wrappers and tests
    @property
    def engine_state(self) -> GameState | None:
        """The engine state (None before the setup chance node)."""
        return self._eng.st if self._eng is not None else None

    @property
    def engine_seed(self) -> int | None:
        return self._eng.seed if self._eng is not None else None

    def record_actions(self) -> list[str]:
        return self._eng.actions() if self._eng is not None else []

    # ---- OpenSpiel API
    def current_player(self) -> int:
        return self._cur

    def _update_player(self) -> None:
        st = self._eng.st if self._eng is not None else None
        if st is None:
            self._cur = _CHANCE
        elif st.winner != -1 or self._eng.decisions >= self._max_decisions:  # type: ignore[union-attr]
            self._cur = _TERMINAL
        else:
            self._cur = decision_seat(st)

    def _legal_actions(self, player: int) -> list[int]:
        eng = self._eng
        if eng is None or player != self._cur:
            return []
        ids = codec().encode_all(agent_options(eng.st, self._take_backs))
        ids.sort()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / SETUPS
        return [(k, p) for k in range(SETUPS)]

    def _apply_action(self, action: int) -> None:
        self._views.clear()
        eng = self._eng
        if eng is None:
            if not 0 <= action < SETUPS:
                raise ValueError(f"setup outcome {action} is outside 0..{SETUPS - 1}")
            seed = self._base_seed * SETUPS + action
            self._eng = _Engine(self._config, seed, new_game(self._config, seed), None)
            self._update_player()
            return
        a = codec().decode(action)
        apply_in_place(eng.st, a)
        eng.record(str(a))
        self._update_player()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"setup {action} (seed {self._base_seed * SETUPS + action})"
        return str(codec().decode(action))

    def is_terminal(self) -> bool:
        return self._cur == _TERMINAL

    def returns(self) -> list[float]:
        n = self._config["players"]
        eng = self._eng
        if eng is None or eng.st.winner < 0:
            return [0.0] * n
        w = eng.st.winner
        return [1.0 if p == w else -1.0 / (n - 1) for p in range(n)]

    def view(self, player: int) -> dict[str, Any]:
        """``player_view`` of the engine state (cached until the next action)."""
        v = self._views.get(player)
        if v is None:
            if self._eng is None:
                raise ValueError("no view before the setup chance node")
            v = self._views[player] = player_view(self._eng.st, player)
        return v

    def _player(self, player: int | None) -> int:
        """The player asked about (the current one by default); RuntimeError for an invalid one,
        worded as OpenSpiel's own checks are."""
        p = self.current_player() if player is None else int(player)
        if p < 0:
            raise RuntimeError(f"player >= 0 expected, got {p}")
        n = self._config["players"]
        if p >= n:
            raise RuntimeError(f"player < {n} expected, got {p}")
        return p

    def information_state_string(self, player: int | None = None) -> str:
        p = self._player(player)
        if self._eng is None:
            raise RuntimeError("no information state at the setup chance node")
        return f"history {self._eng.public.hex()}\n{observation_text(self.view(p))}"

    def observation_string(self, player: int | None = None) -> str:
        p = self._player(player)
        if self._eng is None:
            return f"setup pending (seat {p})"
        return observation_text(self.view(p))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NewdawnState:
        """A copy in which what ``player_id`` cannot see is re-sampled (engine ``determinize``)."""
        out: NewdawnState = self.clone()
        if out._eng is not None:
            seed = int(probability_sampler() * (1 << 62))
            out._eng.st = determinize(out._eng.st, player_id, seed)
            out._update_player()
        return out

    def __str__(self) -> str:
        eng = self._eng
        if eng is None:
            return "newdawn: setup pending"
        st = eng.st
        return (f"newdawn seed {eng.seed}, action {st.version}, round {st.round}, "
                f"winner {st.winner}: {decision_kind(st)}")


class NewdawnObserver:
    """OpenSpiel observer: ``tensor`` and ``dict`` from ``player_view`` (see observation.py)."""

    def __init__(self) -> None:
        self._obs = Observation()
        self.tensor = self._obs.tensor
        self.dict = self._obs.dict

    def set_from(self, state: NewdawnState, player: int) -> None:
        if state.engine_state is None:
            self.tensor.fill(0.0)
            return
        self._obs.set_from_view(state.view(player))

    def string_from(self, state: NewdawnState, player: int) -> str:
        return str(state.observation_string(player))


class NewdawnHistoryObserver:
    """OpenSpiel observer for perfect recall: the seat's information-state string, no tensor."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: NewdawnState, player: int) -> None:
        pass

    def string_from(self, state: NewdawnState, player: int) -> str:
        return str(state.information_state_string(player))


def register() -> None:
    """Register ``python_newdawn`` with OpenSpiel (done on import; safe to call again)."""
    if "python_newdawn" not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, NewdawnGame)


def load(players: int = 4, ruleset: str = DEFAULT_RULESET, max_rounds: int = 200, seed: int = 0, max_decisions: int = 0,
         take_backs: bool = False) -> NewdawnGame:
    register()
    game: NewdawnGame = pyspiel.load_game(
        "python_newdawn", {"players": players, "ruleset": ruleset, "max_rounds": max_rounds, "seed": seed,
                           "max_decisions": max_decisions, "take_backs": take_backs})
    return game


def legal_mask(state: NewdawnState) -> np.ndarray[Any, np.dtype[np.int8]]:
    """The legal-action mask of the state's current player, as int8."""
    mask = np.zeros(codec().num_actions, np.int8)
    mask[state.legal_actions()] = 1
    return mask


register()
