"""Digests of every state the engine reaches, for comparing two builds of it (run as a script).

``test_compiled_build.py`` runs this file twice in subprocesses, once with the pure sources on
the path and once with the mypyc build (``make fast``) first, and compares the outputs:

    python build_digest.py perft FILE...       # counts and a digest of every state of each tree
    python build_digest.py replay RECORDS      # one digest per state of each recorded game
    python build_digest.py dump RECORDS G PLY  # the full JSON of one state (to show a difference)
    python build_digest.py bots                # a short game of mcts against greedy: its actions
    python build_digest.py shapes              # the declared shape of every step kind, as read at run time

A state's digest covers its JSON form and the text of its legal actions. The output (JSON on
stdout) names the build that produced it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from newdawn.bots import make_bot
from newdawn.engine import (
    GameState,
    apply,
    apply_in_place,
    decision_seat,
    legal_actions,
    new_game,
    player_view,
)
from newdawn.engine import state as state_module
from newdawn.scenario.perft import load_perft


def build() -> str:
    path = getattr(state_module, "__file__", None) or ""
    return "compiled" if path.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"


def state_text(st: GameState) -> str:
    body = json.dumps(st.to_json(), sort_keys=True, separators=(",", ":"))
    return body + "|" + ";".join(str(a) for a in legal_actions(st))


def digest(st: GameState) -> str:
    return hashlib.sha256(state_text(st).encode()).hexdigest()[:20]


def perft_tree(st: GameState, depth: int, h: Any, counts: list[int], level: int = 0) -> None:
    """Walk the tree to ``depth``, hashing every state in visiting order and counting leaves."""
    h.update(digest(st).encode())
    counts[level] += 1
    if level == depth:
        return
    for a in legal_actions(st):
        perft_tree(apply(st, a), depth, h, counts, level + 1)


def replay_states(record: dict[str, Any]) -> list[GameState]:
    st = new_game(record["config"], record["seed"])
    out = [st]
    for text in record["actions"]:
        st = apply(st, text)
        out.append(st)
    return out


def bot_game() -> list[str]:
    """A short 2-player game of mcts (a small iteration budget) against greedy, as the bots
    see it (views, sampled states): the compiled build compiles the bots too."""
    st = new_game({"players": 2, "max_rounds": 6}, 5)
    bots = [make_bot("mcts:12i", 5), make_bot("greedy", 6)]
    out: list[str] = []
    while st.winner == -1:
        legal = legal_actions(st)
        seat = decision_seat(st)
        a = legal[0] if len(legal) == 1 else bots[seat].choose(player_view(st, seat), legal)
        out.append(f"{str(a)} {digest(st)}")
        apply_in_place(st, a)
    return out


POOL_SPECS = ("easy", "normal", "hard:30i", "greedy", "mcts:12i", "random")
"""The bots the server's pool sends to its worker processes (pickled both ways)."""


def _timed(spec: str, ruleset: str) -> bool:
    """Whether the bot samples for as long as a CPU budget lasts here, so that two runs of the
    same choice may differ: Hard, and Normal where it plays the rest of the turn out
    (``turnbot.REST_GAMES``; these games have no Automated Player). Such a restored bot must
    still choose a legal option from the same generator state."""
    from newdawn.bots.turnbot import REST_GAMES

    return spec.startswith("hard") or (spec == "normal" and (ruleset, 2) in REST_GAMES)


def pickled_bots() -> dict[str, str]:
    """Each bot, part-way through a game, pickled and restored: its next choice must be the
    one it would have made unpickled (the server's bot pool carries bots to processes)."""
    import pickle

    out: dict[str, str] = {}
    for ruleset in ("ti", "base"):
        for spec in POOL_SPECS:
            st = new_game({"players": 2, "max_rounds": 4, "ruleset": ruleset}, 11)
            bot = make_bot(spec, 3)
            try:
                for _ in range(25):
                    legal = legal_actions(st)
                    if bot.needs_view and len(legal) > 1:
                        view = player_view(st, decision_seat(st))
                        copy = pickle.loads(pickle.dumps(bot))
                        rng = getattr(bot, "rng", None)
                        if rng is not None and copy.rng.getstate() != rng.getstate():
                            raise AssertionError("restored bot's generator differs from the original's")
                        a, b = bot.choose(view, legal), copy.choose(view, legal)
                        if a != b and not (_timed(spec, ruleset) and b in legal):
                            raise AssertionError(f"restored bot chose {b}, the original {a}")
                    else:
                        a = bot.choose(None if not bot.needs_view else player_view(st, decision_seat(st)), legal)
                    apply_in_place(st, a)
                out[f"{ruleset} {spec}"] = "ok"
            except Exception as e:  # noqa: BLE001 - reported for the test to show
                out[f"{ruleset} {spec}"] = f"{type(e).__name__}: {e}"
    # a bot judging by a learned model (evaluate.Judge): the compiled build checks annotated classes
    import random

    from newdawn.bots.model import LearnedEvaluation, shipped_model
    from newdawn.bots.turnbot import TurnBot

    try:
        model = shipped_model("ti", 2)
        assert model is not None, "no shipped ti-2p model"
        judged = TurnBot(random.Random(1), ev=LearnedEvaluation(model))
        st = new_game({"players": 2, "max_rounds": 4, "ruleset": "ti"}, 11)
        for _ in range(25):
            legal = legal_actions(st)
            apply_in_place(st, judged.choose(player_view(st, decision_seat(st)), legal) if len(legal) > 1 else legal[0])
        out["learned judge"] = "ok"
    except Exception as e:  # noqa: BLE001 - reported for the test to show
        out["learned judge"] = f"{type(e).__name__}: {e}"
    # the game jobs `newdawn sim` and `newdawn train` send to their workers
    from newdawn.bots.tournament import Job

    job = Job(3, 11, ("greedy", "ap"), 40, "base", (("automa", True),))
    try:
        out["job"] = "ok" if pickle.loads(pickle.dumps(job)) == job else "restored differently"
    except Exception as e:  # noqa: BLE001 - reported for the test to show
        out["job"] = f"{type(e).__name__}: {e}"
    return out


def frame_shapes() -> dict[str, list[str]]:
    """Every step kind's keys and their declared types, as the scenario loader reads them at run
    time to check a hand-written frame (``scenario/frame_shapes.py``)."""
    from newdawn.scenario import frame_shapes as fs

    return {name: sorted(f"{key}: {t}" for key, t in fs.type_hints(cls).items())
            for name, cls in sorted(fs.MEMBERS.items())}


def main(argv: list[str]) -> dict[str, Any]:
    mode, args = argv[0], argv[1:]
    if mode == "bots":
        return {"build": build(), "actions": bot_game()}
    if mode == "pickle":
        return {"build": build(), "bots": pickled_bots()}
    if mode == "shapes":
        return {"build": build(), "shapes": frame_shapes()}
    if mode == "perft":
        files: dict[str, Any] = {}
        for name in args:
            pf = load_perft(Path(name))
            depth = max(pf.counts)
            counts = [0] * (depth + 1)
            h = hashlib.sha256()
            perft_tree(pf.state, depth, h, counts)
            files[Path(name).name] = {"nodes_by_depth": counts, "digest": h.hexdigest()}
        return {"build": build(), "perft": files}
    records = json.loads(Path(args[0]).read_text())
    if mode == "replay":
        return {"build": build(), "games": [[digest(s) for s in replay_states(r)] for r in records]}
    if mode == "dump":
        st = replay_states(records[int(args[1])])[int(args[2])]
        return {"build": build(), "state": st.to_json(), "legal": [str(a) for a in legal_actions(st)]}
    raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    json.dump(main(sys.argv[1:]), sys.stdout)
