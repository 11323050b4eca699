"""``newdawn replay``: re-play a record and print the game log."""

from __future__ import annotations

import json
from typing import Any

from ..describe.event_words import event_sentence
from ..engine import (
    RECORD_FORMATS,
    GameState,
    IllegalActionError,
    NotationError,
    apply_in_place,
    decision_seat,
    parse_action,
    record_config,
    rounds_played,
)
from .common import CliError, leader_label, start_game, winner_agendas


def load_record(path: str) -> dict[str, Any]:
    """Read and check the shape of a record file; CliError for anything wrong."""
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except OSError as e:
        raise CliError(f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file") from None
    except json.JSONDecodeError as e:
        raise CliError(f"{path}: bad JSON at line {e.lineno} column {e.colno}: {e.msg}") from None
    if not isinstance(record, dict):
        raise CliError(f"{path}: a record must be a JSON object")
    fmt = record.get("format", RECORD_FORMATS[0])
    if fmt not in RECORD_FORMATS:
        raise CliError(f"{path}: unknown record format {str(fmt)[:40]!r} (expected one of {list(RECORD_FORMATS)})")
    if not isinstance(record.get("config"), dict):
        raise CliError(f"{path}: the record has no 'config' object")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CliError(f"{path}: the record's 'seed' must be a whole number")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise CliError(f"{path}: the record's 'actions' must be a list of action texts")
    dice = record.get("forced_dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
        raise CliError(f"{path}: the record's 'forced_dice' must be a list of whole numbers")
    return record


def replay_record(record: dict[str, Any], to: int | None = None, log: bool = True) -> GameState:
    """Play ``record`` (its first ``to`` actions), printing each action with its events."""
    cfg = {k: v for k, v in record_config(record).items() if k != "seed"}
    st = start_game(cfg, record["seed"])
    st.forced_dice = list(record.get("forced_dice", []))
    if log:
        for e in st.events:
            print(f"{'':>6}  setup: {event_sentence(st, e)[1]}")
    actions: list[str] = record["actions"]
    if to is not None:
        actions = actions[: max(0, to)]
    for i, text in enumerate(actions, 1):
        if st.winner != -1:
            raise CliError(f"action {i} ({text!r}): the game is already over")
        seat, rnd = decision_seat(st), st.round
        try:
            a = parse_action(text)
            apply_in_place(st, a)
        except (IllegalActionError, NotationError) as e:
            raise CliError(f"action {i} of the record is not legal (round {rnd}, seat {seat}): {e}") from None
        if log:
            print(f"{i:>6}  r{rnd:<3} seat {seat}  {a}")
            for ev in st.events:
                print(f"{'':>18}{event_sentence(st, ev)[1]}")
    return st


def result_text(st: GameState) -> str:
    if st.winner >= 0:
        agendas = ", ".join(n for _, n in winner_agendas(st))
        return (f"result: seat {st.winner} {leader_label(st, st.winner)} wins after "
                f"{rounds_played(st)} rounds ({st.version} actions); agendas: {agendas}")
    if st.winner == -2:
        return f"result: no winner (round limit) after {rounds_played(st)} rounds ({st.version} actions)"
    return f"result: game not over: round {st.round}, {st.version} actions played, seat {decision_seat(st)} to act"


def run(path: str, to: int | None) -> int:
    record = load_record(path)
    st = replay_record(record, to)
    print(result_text(st))
    return 0
