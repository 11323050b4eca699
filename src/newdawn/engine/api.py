"""The engine's public entry points: ``legal_actions``, ``apply``, ``why_not`` (and its plain
form ``why_illegal``), replay.

``apply`` copies the state and never changes the one it was given. ``apply_in_place`` is the
fast path for simulations that own their state (the random-play benchmark and search); it
checks legality the same way and, like ``apply``, leaves the state untouched on an error.
"""

from __future__ import annotations

from typing import Any, Final

from ..content.rulesets import DEFAULT_RULESET

# Importing these modules registers their decisions, effect ops and hook handlers.
from . import (  # noqa: F401
    culture,
    districts,
    economy,
    effects,
    events,
    growth,
    industry,
    military,
    science,
    setup,
    turn,
    victory,
)
from .actions import Action, parse_action
from .errors import IllegalActionError, NotationError
from .flow import CHOICE, EXPLAIN, advance, decision_kind, decision_seat
from .refusal import Refusal, plain
from .rulesets import load_ruleset_modules
from .setup import new_game
from .state import GameState
from .victory import claim_completed

load_ruleset_modules()  # every ruleset's code, steps and hooks (engine/rulesets/)


def game_config(
    players: int,
    *,
    max_rounds: int | None = None,
    leaders: list[str] | None = None,  # noqa: F811 (the config key; shadows the module only here)
    colors: list[str] | None = None,
    ruleset: str = DEFAULT_RULESET,
    generator: str | None = None,
) -> dict[str, Any]:
    """The configuration ``new_game`` takes, built in one place (CLI, tournaments, scenarios,
    tools): ``leaders``/``colors`` None deal them from the seed; ``max_rounds`` None plays until
    a player wins; ``generator`` None takes the default (``config.DEFAULT_CONFIG``). ``new_game``
    checks the values and fills in the rest."""
    cfg: dict[str, Any] = {"players": players, "ruleset": ruleset, "leaders": leaders, "colors": colors,
                           "max_rounds": max_rounds}
    if generator is not None:
        cfg["generator"] = generator
    return cfg


def is_terminal(st: GameState) -> bool:
    return st.winner != -1


def decision_kinds() -> tuple[str, ...]:
    """Every kind of decision a seat can be asked (``decision_kind``'s values), sorted: the
    steps every floor registered when this module imported them."""
    return tuple(sorted(CHOICE))


def rounds_played(st: GameState) -> int:
    """Complete rounds: a finished game ends at the start of the round after its last one."""
    return st.round - 1 if st.winner != -1 else st.round


def legal_actions(st: GameState) -> list[Action]:
    """Every option of the pending decision (empty once the game is over)."""
    cached: list[Action] | None = st._options
    if cached is not None:
        return cached
    if st.winner != -1:
        out: list[Action] = []
    else:
        f = st.stack_frames[-1]
        out = CHOICE[f["kind"]][0](st, f)
    st._options = out
    return out


def why_not(st: GameState, action: Action | str) -> Refusal | None:
    """``None`` if the action is legal now, else why not, as a fact (``refusal.Refusal``: its
    kind and the spaces, seats, cards and numbers it names); ``describe/refusal_words.py``
    words it for players."""
    try:
        a = parse_action(action) if isinstance(action, str) else action
    except NotationError as bad_text:
        return Refusal("notation", item=str(bad_text))
    if st.winner != -1:
        return Refusal("game_over")
    if a in legal_actions(st):
        return None
    f = st.stack_frames[-1]
    # The decision's own explanation first: a verb of its vocabulary that is not on offer now
    # (``place`` with no unused control token) is refused by the rule that forbids it.
    # Explain handlers return None for verbs outside their decision's vocabulary.
    fn = EXPLAIN.get(f["kind"])
    if fn is not None:
        try:
            reason = fn(st, f, a)
        # Each exception gets a name of its own: the compiled build gives a name one type.
        except IllegalActionError as unread:  # an argument the decision cannot read (a space off the map)
            return unread.refusal or Refusal("notation", item=str(unread))
        except NotationError as bad_arg:
            return Refusal("notation", item=str(bad_arg))
        if reason is not None:
            return reason
    opts = legal_actions(st)
    verbs = {o.verb for o in opts}
    if a.arg and a.verb in verbs and all(not o.arg for o in opts if o.verb == a.verb):
        return Refusal("no_argument", item=a.verb)
    if a.verb not in verbs:
        return Refusal("verb_not_offered", item=a.verb, names=tuple(sorted(verbs)))
    return Refusal("not_an_option", item=a.verb)


def why_illegal(st: GameState, action: Action | str) -> str | None:
    """``None`` if the action is legal now, else the reason in a developer's plain form
    (``why_not``'s fact on one line: ``too_hard (space 3,-2, number 2, limit 1)``). Players read
    the fact in ``describe``'s words instead."""
    r = why_not(st, action)
    return None if r is None else plain(r, st.board.coords)


def _check(st: GameState, action: Action | str) -> Action:
    opts = st._options
    if opts is not None and action in opts:  # one of the options listed: legal
        return action
    a = parse_action(action) if isinstance(action, str) else action
    if a not in legal_actions(st):
        r = why_not(st, a) or Refusal("not_an_option", item=a.verb)
        raise IllegalActionError(f"{a}: {plain(r, st.board.coords)}", r)
    return a


def apply_in_place(st: GameState, action: Action | str) -> GameState:
    """Apply a legal action to ``st`` itself and return it."""
    opts = st._options
    # The usual call hands back one of the listed options (a bot's choice): known legal.
    a = action if opts is not None and action in opts else _check(st, action)
    f = st.stack_frames[-1]
    actor: int = f.get("seat", st.current)  # decision_seat: the game goes on (a is legal)
    st.events = []
    st._options = None
    CHOICE[f["kind"]][1](st, f, a)
    st.version += 1
    advance(st)
    if st._agenda_dirty:
        _claim_completed(st, actor)
    return st


def apply(st: GameState, action: Action | str) -> GameState:
    """The state after ``action``; ``st`` is left as it was. Raises IllegalActionError
    (naming the rule) for an action that is not legal now."""
    a = _check(st, action)
    nxt = st.copy()
    f = nxt.stack_frames[-1]
    actor: int = f.get("seat", st.current)  # decision_seat: the game goes on (a is legal)
    CHOICE[f["kind"]][1](nxt, f, a)
    nxt.version += 1
    advance(nxt)
    if nxt._agenda_dirty:
        _claim_completed(nxt, actor)
    return nxt


def _claim_completed(st: GameState, actor: int) -> None:
    """Agendas are claimed when completed (ruleset ``agenda_timing``): once the engine waits
    for a decision after an action that changed something an agenda reads (it called
    ``GameState.mark_agendas``, or the state was edited by hand), ``victory.claim_completed``
    checks the agendas of the seat that took it and of the current player, and the agenda check
    it pushes runs at once. An action that marked nothing cannot have completed an agenda."""
    if st.winner != -1 or not st._agenda_dirty:
        return
    st._agenda_dirty = False
    if st._c.ruleset.agenda_timing == "on_completion" and claim_completed(st, actor):
        advance(st)


def replay(record: dict[str, Any]) -> list[GameState]:
    """Every state of a recorded game: config + seed + actions (+ forced dice)."""
    st = new_game(record_config(record), record["seed"])
    st.forced_dice = list(record.get("forced_dice", []))
    states = [st]
    for text in record["actions"]:
        st = apply(st, text)
        states.append(st)
    return states


RECORD_FORMAT: Final = "newdawn-record/2"
RECORD_FORMATS: Final = ("newdawn-record/1", RECORD_FORMAT)
"""Format 1 records were played with the SplitMix64 generator; format 2 names its generator in
the configuration (``generator``, the keyed BLAKE2b generator by default)."""


def record_config(record: dict[str, Any]) -> dict[str, Any]:
    """The configuration a record's game was played with: a format-1 record (or one without a
    format) gets the SplitMix64 generator it was played with unless its config names one."""
    cfg = dict(record["config"])
    if record.get("format", RECORD_FORMATS[0]) == RECORD_FORMATS[0]:
        cfg.setdefault("generator", "splitmix64")
    return cfg


def make_record(config: dict[str, Any], seed: int, actions: list[Action | str]) -> dict[str, Any]:
    return {"format": RECORD_FORMAT, "config": config, "seed": seed, "actions": [str(a) for a in actions]}


__all__ = [
    "Action", "GameState", "IllegalActionError", "NotationError", "apply", "apply_in_place",
    "decision_kind", "decision_kinds", "decision_seat", "game_config", "is_terminal", "legal_actions", "make_record",
    "new_game", "parse_action", "plain", "Refusal", "replay", "rounds_played", "why_illegal", "why_not",
]
