"""Help for a newcomer: a line under a decision met without context (the setup), and the steps
of the guided first game (``GUIDE``, the lobby's "Learn to play").

The decision's own text says what to do; its help line says why it matters. Kept short: the full
rules summary is the table's "How to play" page, and every piece has its glossary entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.state import GameState, content_for
from .names import card_name, leader_name, pending_frame, plural

HELP: dict[str, str] = {
    "setup_fort": (
        "A fort is an extra space at the edge of the core map (forest, difficulty 3). Nobody holds one at "
        "first: an army takes it by attack (the fort defends with +6) and a city goes there. The Fortified and "
        "Expeditionary victory cards ask for forts. A fort may not touch another fort or a city-state."),
    "setup_capital": (
        "Your home tile: it must touch at least four spaces of the core tiles or forts, and your capital goes on "
        "its star (pointing at a place shows the tile there, a ★ where the capital would stand). Cities and "
        "control tokens spread from there, so room around it matters."),
}
"""Help by decision kind (the engine's frame kind)."""


def decision_help(st: GameState) -> str | None:
    """The help line of the pending decision, if it has one."""
    f = pending_frame(st)
    return None if f is None else HELP.get(f["kind"])


# ---------------------------------------------------------------------------- the guided game

GUIDE_INVITATION = ("a short guided game ({rounds} rounds) against the {level} bot: the table shows each part of "
                    "the game in turn, and you play as you learn")
"""The lobby's line beside "Learn to play" (``{level}``: the bot level's label)."""

GUIDE_TARGETS = ("map", "focus-row", "decision", "dial", "goal", "wonders", "log", "undo")
"""The parts of the table a guide step points at (the table maps each to an element)."""


@dataclass(frozen=True)
class GuideStep:
    id: str
    title: str
    text: str
    target: str
    turns: int = 0
    """Turns of the learner's own the step waits for before "Next" (0: a step to read)."""


GUIDE: tuple[GuideStep, ...] = (
    GuideStep("welcome", "Welcome", (
        "You lead {leader}, {color}, against {rival}, played by the Easy bot. This short game ({rounds} rounds) "
        "shows you the parts of the table one at a time, each with an orange frame around it. Leave the guide "
        "whenever you like: the game goes on as a normal one. The map: your capital is the {color} city marked ★. "
        "Every "
        "space has a terrain, and each terrain a difficulty from 1 (grassland) to 5 (mountain); the legend "
        "button lists them."), "map"),
    GuideStep("focus_row", "Your focus row", (
        "These {n} cards are your focus row, one card of each type. The number on a card is its slot: the "
        "further right, the stronger the card ({first_slots}slot {top} is the strongest). Now {left} lies in "
        "slot 1 and {right} in slot {top}. Tap a card to read it in full."), "focus-row"),
    GuideStep("first_turn", "Play a card", (
        "On your turn you resolve one card of your row. Each button here says what its card would do now. "
        "A good start: {right}, your strongest card. Choose a card and follow its questions; the highlighted "
        "spaces on the map are the ones you may pick. Undo takes back a step of your own turn."), "decision", 1),
    GuideStep("resolve_upgrade", "Resolving and upgrading", (
        "The card you played ({left}) went back to slot 1, and the cards to its left moved one slot right: a "
        "card you leave alone grows stronger. Science turns your tech dial (yours is at {dial}); when it "
        "passes a level, you take a better card of one type and it replaces your old one in the same slot."), "dial"),
    GuideStep("trade_tokens", "Trade tokens", (
        "Trade tokens (●) lie on your cards, at most {cap} on each. When you resolve a card you may spend its "
        "tokens: each one makes the card act as if it stood one slot further right. You get them by trading "
        "with caravans (economy), from districts and by beating barbarians. You have {trade} now. When a card "
        "has none, the table plays it without asking."), "focus-row"),
    GuideStep("control_cities", "Control tokens and cities", (
        "Your culture card ({culture}) places control tokens beside your cities; each makes a space friendly. "
        "Your industry card ({industry}) builds a city within 2 spaces of your territory, or a wonder. A city whose every neighbouring space is friendly (or "
        "water) is mature, and several agendas count mature cities. A card reaches a space only if its slot is "
        "at least the space's difficulty. Play two more turns: try {culture} or {industry}."), "map", 2),
    GuideStep("attack", "Armies and attacks", (
        "Military moves your armies (the pennants) and attacks barbarians, city-states, forts and rivals. Before "
        "a fight the table shows the odds and asks you to confirm; each side rolls a die and adds its base "
        "value, and either may spend trade tokens. Winning takes the space. The military card is {military}, "
        "in slot {military_slot} now."), "focus-row"),
    GuideStep("wonder", "Wonders", (
        "The wonder market lists the wonders anyone may build, with their cost and resources. Industry builds "
        "one when the card's slot, plus resources and trade tokens, reaches its cost; each wonder gives you a "
        "lasting power, and some agendas ask for wonders. The market says which ones you could build now."),
        "wonders"),
    GuideStep("agendas", "Agendas", (
        "Victory cards lie on the table, each with agendas such as a number of mature cities, wonders or "
        "forts. The goal panel lists them all, who has claimed each one, and how far you are (in your own "
        "words). Tap an agenda to read it in full."), "goal"),
    GuideStep("winning", "How the game is won", (
        "Complete one agenda on {to_win} different victory cards and you win at once (checked at the end of "
        "each round; ties are broken as the end screen explains). This guided game stops after round {rounds} "
        "with no winner if nobody has done it by then; a normal game goes on until someone does. The log tells what everybody did, in order: tap a number to replay from there."), "goal"),
    GuideStep("done", "Over to you", (
        "That is the whole game: pick a card, resolve it, let the other cards grow. Play on to the end; Hint "
        "shows what the strongest bot would choose, and How to play has the rules summary and every card. "
        "Close the guide to keep playing."), "decision"),
)
"""The guided first game's steps, in order (issue 39 §1): what each says and which part of the
table it points at. The texts' {names} are filled in from the game (``guide_record``)."""


def civ_of(st: GameState, lid: str) -> str:
    ld = content_for(st).leaders.get(lid)
    return ld.civ if ld else lid


def _facts(st: GameState, seat: int) -> dict[str, Any]:
    c = content_for(st)
    p = st.players[seat]
    slots = c.ruleset.row_slots
    rival = next((civ_of(st, q.leader) for i, q in enumerate(st.players) if i != seat), "a bot")
    def of_type(t: str) -> int:
        return next((i for i, cid in enumerate(p.row) if c.focus_cards[cid].type == t), 0)

    mil = of_type("military")
    trade = sum(p.trade.values())
    return {
        "leader": f"{civ_of(st, p.leader)} ({leader_name(st, p.leader)})", "color": p.color, "rival": rival,
        "rounds": st.config.get("max_rounds") or "many", "n": len(p.row), "top": slots[-1],
        "left": card_name(st, p.row[0]), "right": card_name(st, p.row[-1]), "dial": p.dial,
        "cap": c.ruleset.trade_cap, "trade": plural(trade, "trade token"),
        "first_slots": "the two leftmost both count as slot 1; " if len(slots) > 1 and slots[0] == slots[1] else "",
        "military": card_name(st, p.row[mil]), "military_slot": slots[mil],
        "culture": card_name(st, p.row[of_type("culture")]), "industry": card_name(st, p.row[of_type("industry")]),
        "to_win": c.ruleset.victory_cards_to_win,
    }


def guide_record(st: GameState, seat: int, step: int, turns_done: int) -> dict[str, Any]:
    """The guide's step ``step`` for the learner at ``seat``, in words, with the part of the table it
    points at; ``turns_done``: the learner's turns finished since the step began (a turn is
    finished once another seat has acted after it). ``ready``: the
    step has nothing left to wait for ("Next" is on)."""
    s = GUIDE[max(0, min(step, len(GUIDE) - 1))]
    left = max(0, s.turns - turns_done)
    ready = left == 0 or st.winner != -1
    wait = None if ready else "Play a turn to go on." if left == 1 else f"Play {left} turns to go on."
    return {"step": GUIDE.index(s), "count": len(GUIDE), "id": s.id, "title": s.title,
            "text": s.text.format(**_facts(st, seat)), "target": s.target, "ready": ready,
            "wait": wait, "last": s is GUIDE[-1]}
