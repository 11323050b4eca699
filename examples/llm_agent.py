"""A language model plays newdawn through any OpenAI-compatible chat endpoint.

Usage::

    python examples/llm_agent.py --base-url http://127.0.0.1:8080/v1 --model NAME
        [--api-key-env OPENAI_API_KEY] [--opponents greedy] [--players 2] [--seed 1]
        [--max-rounds 200] [--log FILE]

The model takes one seat of the Gymnasium environment (``newdawn/Newdawn-v0``, option
actions) against newdawn bots. At each of its decisions it gets ``newdawn.research.llm``'s
text (situation, goal progress, the question and the numbered options in the table's words)
and answers with an option number. A decision with a single option is taken without asking.
A reply that names no option is asked once more with the reason; after that the first option
is taken and the step is counted as a fallback. The game's end (winner, rounds) and the
counts (model calls, fallbacks) are printed; ``--log`` writes every prompt and reply as JSON
lines.

``chat(messages) -> str`` is the only thing that talks to the network (``http_chat``:
``POST {base_url}/chat/completions`` with ``httpx``); ``play`` takes any such function, so a
scripted stand-in replaces the model in tests.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any, TextIO

import httpx

from newdawn.research.gym_env import NewdawnGymEnv
from newdawn.research.llm import messages_for, parse_choice

Chat = Callable[[list[dict[str, Any]]], str]


def http_chat(base_url: str, model: str, api_key: str | None = None, timeout: float = 120.0) -> Chat:
    """A ``chat`` function for an OpenAI-compatible endpoint (``/chat/completions``)."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    client = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)

    def chat(messages: list[dict[str, Any]]) -> str:
        r = client.post("/chat/completions", json={"model": model, "messages": messages, "temperature": 0})
        r.raise_for_status()
        return str(r.json()["choices"][0]["message"]["content"])

    return chat


def play(chat: Chat, players: int = 2, opponents: str = "greedy", seed: int = 1, max_rounds: int = 200,
         log: TextIO | None = None) -> dict[str, Any]:
    """One game with ``chat`` in seat 0; returns the outcome and the counts."""
    env = NewdawnGymEnv(players=players, opponents=opponents, seat=0, max_rounds=max_rounds)
    _obs, info = env.reset(seed=seed)
    calls = fallbacks = 0
    done = False
    while not done:
        options = env.options
        choice = 0
        if len(options) > 1:
            assert env.st is not None
            messages = messages_for(env.st, env.seat, options)
            got = None
            for _attempt in range(2):
                reply = chat(messages)
                calls += 1
                got = parse_choice(reply, options)
                if log is not None:
                    log.write(json.dumps({"prompt": messages[-1]["content"], "reply": reply, "choice": got}) + "\n")
                if got is not None:
                    break
                messages = [*messages, {"role": "assistant", "content": reply},
                            {"role": "user", "content": f"That names no option. Answer with one number from 1 to "
                                                        f"{len(options)}."}]
            if got is None:
                fallbacks += 1
            else:
                choice = got
        _obs, _reward, terminated, truncated, info = env.step(choice)
        done = terminated or truncated
    assert env.st is not None
    return {"winner": env.st.winner, "seat": env.seat, "rounds": env.st.round, "steps": env.steps,
            "model_calls": calls, "fallbacks": fallbacks}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-url", required=True, help="e.g. http://127.0.0.1:8080/v1")
    ap.add_argument("--model", required=True)
    ap.add_argument("--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the key, if any")
    ap.add_argument("--opponents", default="greedy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-rounds", type=int, default=200)
    ap.add_argument("--log", help="write every prompt and reply here (JSON lines)")
    args = ap.parse_args(argv)
    chat = http_chat(args.base_url, args.model, os.environ.get(args.api_key_env))
    log = open(args.log, "w") if args.log else None  # noqa: SIM115 - closed below
    try:
        print(json.dumps(play(chat, args.players, args.opponents, args.seed, args.max_rounds, log)))
    finally:
        if log is not None:
            log.close()


if __name__ == "__main__":
    main()
