"""``newdawn play``: a complete game between random bots, shown turn by turn.

(A stand-in until the browser table exists.)
"""

from __future__ import annotations

import random
import time

from rich.console import Console
from rich.markup import escape

from ..bots.base import play_game
from ..bots.random_bot import RandomBot
from ..content.rulesets import DEFAULT_RULESET
from ..describe.event_words import event_sentence
from ..engine import Action, GameState, claimed_cards, content_for, game_config
from .common import claimed_agenda_names, leader_label, start_game
from .replay import result_text


def _focus_card(st: GameState, seat: int, ftype: str) -> str:
    """``Pottery (slot 5)`` for the focus card of ``ftype`` in ``seat``'s row."""
    c = content_for(st)
    for i, cid in enumerate(st.players[seat].row):
        card = c.focus_cards.get(cid)
        if card is not None and card.type == ftype:
            return f"{card.name} ({ftype}, slot {c.ruleset.row_slots[i]})"
    return ftype


def standings(st: GameState) -> str:
    parts = []
    for seat in range(st.n):
        p = st.players[seat]
        agendas = claimed_agenda_names(st, seat)
        claimed = f"{claimed_cards(st, seat)} VC" + (f" [{', '.join(agendas)}]" if agendas else "")
        parts.append(f"{seat}:{p.leader} {claimed}")
    return " | ".join(parts)


def run(players: int, seed: int | None, delay: float, max_rounds: int | None, ruleset: str = DEFAULT_RULESET) -> int:
    if seed is None:
        seed = random.randrange(1_000_000)
    con = Console(highlight=False)
    st = start_game(game_config(players, max_rounds=max_rounds, ruleset=ruleset), seed)
    c = content_for(st)
    con.print(f"[bold]newdawn: {players} random bots, seed {seed}[/bold]")
    for s in range(st.n):
        con.print(f"seat {s}: {escape(leader_label(st, s))}")
    for e in st.events:
        con.print(f"  {escape(event_sentence(st, e)[1])}")

    bot = RandomBot(random.Random(seed))
    last_round = st.round
    shown_cards = False

    def before(st: GameState, seat: int, a: Action) -> None:
        nonlocal shown_cards
        if not shown_cards and st.victory_cards:
            shown_cards = True
            con.print("victory cards: " + escape("; ".join(
                " / ".join(ag.name for ag in c.victory_cards[v].agendas) for v in st.victory_cards)))
        if a.verb == "focus":
            if delay > 0:
                time.sleep(delay)
            con.print(f"[bold]round {st.round}[/bold]  seat {seat} {escape(leader_label(st, seat))}: "
                      f"[cyan]{escape(_focus_card(st, seat, a.key))}[/cyan]")

    def after(st: GameState, seat: int, a: Action) -> None:
        nonlocal last_round
        for e in st.events:
            con.print(f"    {escape(event_sentence(st, e)[1])}")
        if st.round != last_round:
            con.print(f"[dim]after round {last_round}: {escape(standings(st))}[/dim]")
            last_round = st.round

    play_game(st, [bot] * st.n, before=before, after=after)
    con.print(f"[bold]{escape(result_text(st))}[/bold]")
    return 0
