"""Help for a newcomer: a line under a decision met without context (the setup), and the steps
of the guided first game (``GUIDE``, the lobby's "Learn to play").

The decision's own text says what to do; its help line says why it matters. Kept short: the full
rules summary is the table's "How to play" page, and every piece has its glossary entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Event, GameState, content_for, distance, wonder_cost
from .names import a_an, at_terrain, card_name, leader_name, pending_frame, plural, seat_name, words
from .places import place

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

GUIDE_BUTTON = "Learn to play: {name}"
"""The lobby's button of a ruleset's guided game, when there are several (``{name}``: the ruleset's
name, ``describe.rulesets``)."""

GUIDE_TARGETS = ("map", "focus-row", "decision", "dial", "goal", "wonders", "log", "undo")
"""The parts of the table a guide step points at (the table maps each to an element)."""

GOALS = ("resolve", "spread", "attack", "wonder")
"""What a step may ask the learner to do, each read from the game's events (``goal_done``):
resolve a focus card; place a control token or build a city; attack; build a wonder."""

GOAL_WAIT: dict[str, str] = {
    "resolve": "Resolve a card to go on.",
    "spread": "Place a control token or build a city to go on.",
    "attack": "Make an attack to go on.",
    "wonder": "Build a wonder to go on.",
}
"""The line under a step whose goal is not met yet."""

GOAL_DONE: dict[str, str] = {
    "resolve": "Done: you resolved a card.",
    "spread": "Done: your territory grew.",
    "attack": "Done: you attacked.",
    "wonder": "Done: you built a wonder.",
}
"""The line under a step whose goal the learner has met (perhaps before the step began)."""


@dataclass(frozen=True)
class GuideStep:
    id: str
    title: str
    text: str
    target: str
    goal: str | None = None
    """What the learner does to go on (``GOALS``); None: a step to read, "Next" goes on."""
    turns: int = 0
    """With a goal: the learner's turns at this step after which "Next" goes on without it (no
    learner is held up by a goal the game made hard: a lost die, a rival first to a wonder)."""


GUIDE: tuple[GuideStep, ...] = (
    GuideStep("welcome", "Welcome", (
        "You lead {leader}, {color}, against {rival}, played by the Easy bot. This short game ({rounds} rounds) "
        "shows you the parts of the table one at a time, each with an orange frame around it, and asks you to "
        "do each thing once. Leave the guide whenever you like: the game goes on as a normal one. The map: your "
        "capital is the {color} city marked ★. Every space has a terrain, and each terrain a difficulty from 1 "
        "(grassland) to 5 (mountain); the legend button lists them."), "map"),
    GuideStep("focus_row", "Your focus row", (
        "These {n} cards are your focus row, one card of each type. The number on a card is its slot: the "
        "further right, the stronger the card ({first_slots}slot {top} is the strongest). Now {left} lies in "
        "slot 1 and {right} in slot {top}. Tap a card to read it in full."), "focus-row"),
    GuideStep("first_turn", "Resolve a card", (
        "On your turn you resolve one card of your row. Each button here says what its card would do now. "
        "Resolve {culture}, your culture card, in slot {culture_slot}: it places control tokens next to your "
        "cities. Then follow its questions: the highlighted spaces on the map are the ones you may pick. Undo "
        "takes back a step of your own turn."), "decision", goal="resolve", turns=2),
    GuideStep("control", "Control tokens and cities", (
        "A control token makes a space yours: your territory. A card reaches a space only if its slot is at "
        "least the space's difficulty. {resource_hint}A token on a resource takes it: resources pay for "
        "wonders. Your industry card ({industry}) builds cities within 2 spaces of your territory; a city whose "
        "every neighbouring space is friendly (or water) is mature, and several agendas count mature cities."),
        "map", goal="spread", turns=2),
    GuideStep("resolve_upgrade", "Resolving and upgrading", (
        "The card you resolve goes back to slot 1, and the cards to its left move one slot right: a card you "
        "leave alone grows stronger. Now {left} is in slot 1 and {right} in slot {top}. Science turns your tech "
        "dial (yours is at {dial}); when it passes a level, you take a better card of one type and it replaces "
        "your old one in the same slot."), "focus-row"),
    GuideStep("attack", "Attacks", (
        "{military_does} Resolve {military}, your military card, in slot {military_slot}: {attack_how} "
        "Before a fight the table shows the odds and asks you to "
        "confirm; each side rolls a die and adds its base value (a card's is its slot), and either may spend "
        "trade tokens. Winning takes the space; beating a barbarian also gives you a trade token."),
        "decision", goal="attack", turns=3),
    GuideStep("trade_tokens", "Trade tokens", (
        "Trade tokens (●) lie on your cards, at most {cap} on each. When you resolve a card you may spend its "
        "tokens: each one makes the card act as if it stood one slot further right, and each adds 1 to a "
        "wonder's production. You get them from a beaten barbarian (put one on {industry}, your industry "
        "card, for the wonder to come), by trading with caravans (economy){districts}. You have "
        "{trade} now. When a card has none, the table plays it without asking."), "focus-row"),
    GuideStep("wonder", "Build a wonder", (
        "The wonder market lists the wonders anyone may build, with their cost and the resources that help. "
        "Industry builds one with production equal to its slot, plus 2 for each matching resource and 1 for "
        "each trade token you spend{discount}. {industry} is in slot {industry_slot} now and you hold "
        "{resources}. Each wonder gives a lasting power, and some agendas ask for wonders. When {industry} can "
        "pay for one, resolve it and choose the wonder: the market says which you could build now."),
        "wonders", goal="wonder", turns=4),
    GuideStep("agendas", "Agendas", (
        "Victory cards lie on the table, each with agendas such as {agenda_examples}. The goal panel lists "
        "them all, who has claimed each one, and how far you are (in your own "
        "words). Tap an agenda to read it in full."), "goal"),
    GuideStep("winning", "How the game is won", (
        "Complete one agenda on {to_win} different victory cards and you win at once (checked at the end of "
        "each round; ties are broken as the end screen explains). This guided game stops after round {rounds} "
        "with no winner if nobody has done it by then; a normal game goes on until someone does. The log tells "
        "what everybody did, in order: tap a number to replay from there."), "goal"),
    GuideStep("done", "Over to you", (
        "That is the whole game: pick a card, resolve it, let the other cards grow. Play on to the end; Hint "
        "shows what the strongest bot would choose, and How to play has the rules summary and every card. "
        "Close the guide to keep playing."), "decision"),
)
"""The guided first game's steps, in order (issue 39 §1): what each says, which part of the
table it points at, and what the learner does to go on. The texts' {names} are filled in from
the game (``guide_record``)."""


def civ_of(st: GameState, lid: str) -> str:
    ld = content_for(st).leaders.get(lid)
    return ld.civ if ld else lid


def goal_done(goal: str, event: Event, seat: int) -> bool:
    """Whether ``event`` (``engine/event.py``) is ``seat`` doing what ``goal`` asks."""
    if event.get("seat") != seat:
        return False
    kind = event.get("kind")
    if goal == "resolve":
        return kind == "resolve"
    if goal == "spread":
        return kind in ("place", "city")
    if goal == "attack":
        return kind == "attack"
    if goal == "wonder":
        return kind == "wonder_built"
    raise ValueError(f"unknown guide goal {goal!r}")


def _resource_hint(st: GameState, seat: int, reach: int) -> str:
    """A sentence pointing at a resource beside the learner's capital that ``reach`` (the
    culture card's slot) can claim, or ""."""
    c = content_for(st)
    cap = st.capitals[seat]
    if cap < 0:
        return ""
    for s in st.board.nbrs[cap]:
        tok = st.tokens.get(s, "")
        terrain = st.board.terrain[s]
        if tok and not tok.startswith("nw:") and s not in st.ctl and s not in st.cities \
                and c.ruleset.terrain_difficulty.get(terrain, 9) <= reach:
            return f"Put one on the {place(st, s).terrain} beside your capital: it holds {a_an(words(tok))}. "
    return ""


def _attack_hint(st: GameState, seat: int) -> str:
    """What the learner's army could attack near their capital, by name."""
    cap = st.capitals[seat]
    if cap < 0:
        return "a barbarian"
    q, r = st.board.coords[cap]
    near = sorted((distance((q, r), st.board.coords[s]), s) for s in st.barbs.values())
    if near and near[0][0] <= 3:
        return f"the barbarian {at_terrain(st, near[0][1])}".replace(f"{seat_name(seat)}'s capital", "your capital")
    return "a barbarian, a fort or a city-state within reach (the highlighted spaces)"


def _facts(st: GameState, seat: int) -> dict[str, Any]:
    c = content_for(st)
    p = st.players[seat]
    slots = c.ruleset.row_slots
    rival = next((civ_of(st, q.leader) for i, q in enumerate(st.players) if i != seat), "a bot")

    def of_type(t: str) -> int:
        return next((i for i, cid in enumerate(p.row) if c.focus_cards[cid].type == t), 0)

    mil, cul, ind = of_type("military"), of_type("culture"), of_type("industry")
    trade = sum(p.trade.values())
    held = [plural(n, words(r)) for r, n in sorted(p.resources.items()) if n]
    cheaper = max((c.wonders[w].cost - wonder_cost(st, seat, w) for w in c.wonders), default=0)
    armies, forts = c.ruleset.components.get("armies", 0) > 0, bool(c.ruleset.fort_terrain)
    targets = "barbarians, city-states, forts and rivals" if forts else "barbarians, city-states and rivals"
    hint = _attack_hint(st, seat)
    return {
        "leader": f"{civ_of(st, p.leader)} ({leader_name(st, p.leader)})", "color": p.color, "rival": rival,
        "rounds": st.config.get("max_rounds") or "many", "n": len(p.row), "top": slots[-1],
        "left": card_name(st, p.row[0]), "right": card_name(st, p.row[-1]), "dial": p.dial,
        "cap": c.ruleset.trade_cap, "trade": plural(trade, "trade token") if trade else "no trade token",
        "first_slots": "the two leftmost both count as slot 1; " if len(slots) > 1 and slots[0] == slots[1] else "",
        "military": card_name(st, p.row[mil]), "military_slot": slots[mil],
        "culture": card_name(st, p.row[cul]), "culture_slot": slots[cul],
        "industry": card_name(st, p.row[ind]), "industry_slot": slots[ind],
        "resource_hint": _resource_hint(st, seat, slots[cul]),
        "military_does": f"Military moves your armies (the pennants) and attacks {targets}." if armies else
        f"Military reinforces your control tokens or attacks {targets} near your territory.",
        "attack_how": f"choose your army, march it out of your capital and step onto {hint}." if armies else
        f"choose to attack, then pick {hint} (the highlighted spaces are within reach).",
        "districts": " and from districts" if c.ruleset.districts else "",
        "agenda_examples": "a number of mature cities, wonders or forts" if forts else
        "a number of mature cities or wonders",
        "resources": " and ".join(held) if held else "no resource",
        "discount": f"; as {civ_of(st, p.leader)}, every wonder costs you {cheaper} less" if cheaper > 0 else "",
        "to_win": c.ruleset.victory_cards_to_win,
    }


def guide_record(st: GameState, seat: int, step: int, done: bool, turns_done: int = 0) -> dict[str, Any]:
    """The guide's step ``step`` for the learner at ``seat``, in words, with the part of the table it
    points at. ``done``: the learner has met the step's goal (``goal_done`` over the game's
    events); ``turns_done``: the learner's turns finished since the step began. ``ready``: the
    step has nothing left to wait for ("Next" is on)."""
    s = GUIDE[max(0, min(step, len(GUIDE) - 1))]
    over = st.winner != -1
    if s.goal is None:
        ready, wait = True, None
    elif done:
        ready, wait = True, GOAL_DONE[s.goal]
    else:
        ready = over or (s.turns > 0 and turns_done >= s.turns)
        wait = None if over else GOAL_WAIT[s.goal] if not ready else (
            f"{GOAL_WAIT[s.goal][:-1]}, or press Next to go on without it.")
    return {"step": GUIDE.index(s), "count": len(GUIDE), "heading": f"Guide · step {GUIDE.index(s) + 1} of {len(GUIDE)}",
            "id": s.id, "title": s.title,
            "text": s.text.format(**_facts(st, seat)), "target": s.target, "ready": ready,
            "wait": wait, "done": bool(s.goal) and done, "last": s is GUIDE[-1]}
