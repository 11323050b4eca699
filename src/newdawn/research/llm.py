"""Text for language-model agents, made from ``newdawn.describe`` (the table's own words).

``decision_text(st, seat, options)`` is what a seat sees at a decision, in the table's words:

- the situation: round, the seat's leader, its focus row by slot with each card's name and
  level, trade tokens, resources, tech dial, and the other seats in one line each;
- the goal: the victory statement, then each victory card in play with its agendas, who
  claimed it and every seat's progress ("2 of 3 mature cities"), the seat's own first;
- the question (the engine's ``describe``) and the options, numbered ``1..n``, each with the
  table's label (places by name: "the hills at 3,-1", "Carthage at 2,2"), its hint (for a
  focus card: a preview of what it would do now, found by the engine on a copy) and warning.

``parse_choice(reply, n)`` reads the option number a model answered (the first number
``1..n`` in its reply, or an action text it quoted). ``examples/llm_agent.py`` runs a game
with any OpenAI-compatible chat endpoint.

The text shows only what the seat may see: ``describe`` reads the state as the table does for
that seat, and a focus preview names no drawn tile, die or hidden wonder (describe/preview.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..describe import goal_json, option_records
from ..describe.names import card_name, leader_name, seat_name
from ..describe.questions import question
from ..engine import Action, GameState, content_for, decision_seat

ROMAN = ("", "I", "II", "III", "IV")

SYSTEM_PROMPT = (
    "You play Sid Meier's Civilization: A New Dawn (with Terra Incognita). Each turn you choose "
    "a focus card from your focus row; a card is stronger the further right it stands (slot 5 "
    "is the strongest) and goes back to slot 1 once used. You win by completing agendas on "
    "victory cards. At each decision, answer with the number of one option and nothing else."
)


def _seat_line(st: GameState, p: int, viewer: int) -> str:
    c = content_for(st)
    ps = st.players[p]
    who = "You" if p == viewer else seat_name(p)
    slots = c.ruleset.row_slots
    row = ", ".join(f"{card_name(st, cid)} {ROMAN[c.focus_cards[cid].level]} (slot {slots[min(k, len(slots) - 1)]})"
                    for k, cid in enumerate(ps.row))
    trade = ", ".join(f"{t} {k}" for t, k in sorted(ps.trade.items()) if k) or "none"
    res = ", ".join(f"{r} {k}" for r, k in sorted(ps.resources.items()) if k) or "none"
    cities = sum(1 for o in st.cities.values() if o == p)
    tokens = sum(1 for o in st.ctl.values() if o == p)
    return (f"{who} ({leader_name(st, ps.leader)}): focus row [{row}]; trade tokens: {trade}; "
            f"resources: {res}; tech dial {ps.dial}; {cities} cities, {tokens} control tokens, "
            f"{len(ps.wonders)} wonders")


def goal_lines(st: GameState, viewer: int) -> list[str]:
    """The goal and every seat's progress, the viewer's first, in the table's words."""
    g = goal_json(st)
    lines = [f"Goal: {g['statement']}."]
    order = [viewer] + [p for p in range(st.n) if p != viewer] if viewer >= 0 else list(range(st.n))
    for card in g["cards"]:
        for ag in card["agendas"]:
            by_seat = {pr["seat"]: pr["text"] for pr in ag["progress"]}
            claimed = ", ".join("you" if s == viewer else seat_name(s) for s in ag["claimed_by"])
            prog = "; ".join(f"{'you' if p == viewer else seat_name(p)} {by_seat[p]}" for p in order)
            lines.append(f"- Victory card {card['name']}, agenda {ag['name']}: {ag['text']} Progress: {prog}."
                         + (f" Claimed by {claimed}." if claimed else ""))
    claimed_cards = {c["seat"]: c["cards"] for c in g["claimed"]}
    lines.append("Victory cards claimed: " + ", ".join(
        f"{'you' if p == viewer else seat_name(p)} {claimed_cards.get(p, 0)}" for p in order) + ".")
    return lines


def option_lines(st: GameState, options: Sequence[Action]) -> list[str]:
    """The options, numbered from 1, with the table's label, hint (focus previews) and warning."""
    recs = {r["action"]: r for r in option_records(st)}
    out = []
    for k, a in enumerate(options):
        r = recs.get(str(a))
        if r is None:
            out.append(f"{k + 1}. {a}")
            continue
        text = f"{k + 1}. {r['label']}"
        if r.get("hint"):
            text += f" ({r['hint']})"
        if r.get("warning"):
            text += f" [warning: {r['warning']}]"
        out.append(text)
    return out


def decision_text(st: GameState, seat: int, options: Sequence[Action] = ()) -> str:
    """Everything a language model needs for ``seat``'s decision (see the module docstring);
    without options (another seat decides, or the game is over) the situation and goal only."""
    lines = [f"Round {st.round}; {st.n} players; you are {seat_name(seat)}."]
    lines += [_seat_line(st, p, seat) for p in ([seat] + [p for p in range(st.n) if p != seat])]
    lines += goal_lines(st, seat)
    if st.winner >= 0:
        lines.append(f"The game is over: {'you win' if st.winner == seat else seat_name(st.winner) + ' wins'}.")
    elif st.winner != -1:
        lines.append("The game is over without a winner.")
    elif decision_seat(st) == seat and options:
        lines.append(f"Decision: {question(st)}")
        lines += option_lines(st, options)
        lines.append(f"Answer with one number from 1 to {len(options)}.")
    else:
        lines.append(f"{seat_name(decision_seat(st))} is deciding: {question(st)}")
    return "\n".join(lines)


def parse_choice(reply: str, options: Sequence[Action]) -> int | None:
    """The 0-based option a reply names: a reply that is just a number ``1..n``; else the
    longest option action text it quotes (``place 1,2``); else its first whole number ``1..n``;
    None when it names none."""
    text = reply.strip().strip(".!\"'`* ").lower()
    if text.isdigit():
        k = int(text)
        return k - 1 if 1 <= k <= len(options) else None
    quoted = [(len(str(a)), k) for k, a in enumerate(options)
              if re.search(rf"(?<![\w,-]){re.escape(str(a).lower())}(?![\w,])", text)]
    if quoted:
        return max(quoted)[1]
    for m in re.finditer(r"\b(\d+)\b", text):
        k = int(m.group(1))
        if 1 <= k <= len(options):
            return k - 1
    return None


def messages_for(st: GameState, seat: int, options: Sequence[Action]) -> list[dict[str, Any]]:
    """Chat messages (system + user) asking for ``seat``'s decision."""
    return [{"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": decision_text(st, seat, options)}]
