"""A fixed integer action space for newdawn: every action text of the notation has one id.

The engine names an action by a verb and an argument (``place 2,-1``, ``take currency@science``,
``tile B3 4,-2``). Learning code wants a fixed set of integers instead. The table here is built
from the notation's grammar, never from the options of a game, so an id means the same action
in every game of every configuration:

- ``FORMS`` lists every verb with each argument shape it takes, in a fixed order. A shape is a
  sequence of slots and literal separators, e.g. ``("tile", (PICK, ":", SIDE_ROT, " ", SPACE))``.
- Each slot is a sorted list of texts: spaces ``q,r`` of a fixed hexagonal window of radius
  ``WINDOW_RADIUS`` around ``0,0`` (every map seen in random play fits with room to spare), seats,
  small numbers, and the sorted id lists of the packaged content (focus cards, wonders, natural
  wonders, diplomacy cards, governments, effect operations) of every box, so both rulesets'
  cards are covered. ``src>dst`` pairs name the destination by its offset from the source, up to
  ``NEAR_RADIUS`` steps away.
- Form after form, every combination of its slots' texts gets the next id (first slot slowest).

Ids therefore change only when the grammar or a content id list changes (a card added or
renamed), never when a content fact such as a cost or a text changes. ``ActionCodec.table()``
lists all ids; ``docs/research.md`` describes the blocks.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..content import Content, load_content
from ..content.loader import BARBARIAN_LETTERS, EFFECT_OPS
from ..content.rulesets import ruleset_ids
from ..content.schema import DISTRICTS, FOCUS_TYPES, RESOURCES
from ..engine import Action, parse_action

WINDOW_RADIUS = 20
"""Spaces ``q,r`` with hex distance at most this from ``0,0`` have ids (1,261 spaces)."""
NEAR_RADIUS = 2
"""``src>dst`` pairs: the destination lies at most this many steps from the source."""
MAX_SEATS = 6
"""Seat numbers 0..5 (the Terra Incognita box seats five; the base game four)."""
MAX_NUMBER = 16
"""Plain numbers 0..15 (figure indices, the numbered options of ``resolve``, ``top``...)."""


class EncodingError(ValueError):
    """An action text outside the table (a space beyond the window, an unknown verb)."""


def hex_distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


def window_coords(radius: int = WINDOW_RADIUS) -> tuple[tuple[int, int], ...]:
    """Every ``(q, r)`` of the window, sorted by q then r (the order of the space slot)."""
    return tuple((q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                 if hex_distance(q, r) <= radius)


def near_offsets(radius: int = NEAR_RADIUS) -> tuple[tuple[int, int], ...]:
    return tuple(c for c in window_coords(radius) if c != (0, 0))


@dataclass(frozen=True)
class Slot:
    """One argument position: a name (for the docs) and its texts in id order."""

    name: str
    values: tuple[str, ...]


@functools.cache
def _content_lists() -> dict[str, tuple[str, ...]]:
    """Sorted content id lists, over every ruleset that loads (all boxes of the data files)."""
    loaded = []
    for ruleset in sorted(ruleset_ids()):
        try:
            loaded.append(load_content(ruleset))
        except Exception:  # noqa: BLE001 - a ruleset whose data is not packaged yet
            continue
    return content_lists(loaded)


def content_lists(contents: Iterable[Content]) -> dict[str, tuple[str, ...]]:
    """The sorted id lists the table is built over: focus cards, wonders, natural wonders,
    diplomacy cards, governments and map tiles of the given contents (ids only, no other fact)."""
    cards: set[str] = set()
    wonders: set[str] = set()
    nws: set[str] = set()
    dipl: set[str] = set()
    govs: set[str] = set()
    tiles: set[int] = set()
    for c in contents:
        cards |= set(c.focus_cards)
        wonders |= set(c.wonders)
        nws |= set(c.natural_wonders)
        dipl |= set(c.player_diplomacy)
        govs |= {g.id for g in c.ruleset.governments}
        tiles |= set(c.tiles)
    return {
        "card": tuple(sorted(cards)), "wonder": tuple(sorted(wonders)), "nw": tuple(sorted(nws)),
        "dipl": tuple(sorted(dipl)), "gov": tuple(sorted(govs)),
        "tile": tuple(str(t) for t in sorted(tiles)),
    }


# Words the engine itself uses as arguments (not content ids).
MODE_WORDS = ("cities", "city", "desert", "forest")
"""``mode`` arguments of rule choices; the other ``mode`` arguments are effect operations."""
TARGET_WORDS = ("barb", "city", "cs", "ctl", "fort")
"""``target`` arguments naming a piece on the attacked space."""
NO_ARG_VERBS = (
    "accept", "attack", "back", "boost", "build", "colossus", "conquer", "done", "explore", "keep",
    "liberate", "none", "pass", "raze", "replace", "reroll", "resolve", "skip", "stop", "trade",
)
SPACE_VERBS = (
    "army", "city", "defeat", "destroy", "district", "explore", "fort", "give", "name", "nuke", "place",
    "reinforce", "remove", "replace", "resolve", "start", "target", "to", "under", "water",
)
"""Verbs whose argument may be one space ``q,r``."""

Part = Slot | str
Form = tuple[str, tuple[Part, ...]]


def slots(content_lists: dict[str, tuple[str, ...]] | None = None) -> dict[str, Slot]:
    """The slots, over the packaged content's id lists unless others are given."""
    cl = _content_lists() if content_lists is None else content_lists
    space = tuple(f"{q},{r}" for q, r in window_coords())
    pairs = tuple(f"{q},{r}>{q + dq},{r + dr}" for q, r in window_coords() for dq, dr in near_offsets()
                  if hex_distance(q + dq, r + dr) <= WINDOW_RADIUS)
    return {
        "space": Slot("space", space),
        "pair": Slot("pair", pairs),
        "seat": Slot("seat", tuple(str(p) for p in range(MAX_SEATS))),
        "number": Slot("number", tuple(str(i) for i in range(MAX_NUMBER))),
        "pick": Slot("pick", ("1", "2", "3")),
        "side_rot": Slot("side_rot", tuple(f"{s}{k}" for s in ("A", "B") for k in range(6))),
        "focus": Slot("focus", FOCUS_TYPES),
        "resource": Slot("resource", RESOURCES),
        "district": Slot("district", DISTRICTS),
        "letter": Slot("letter", BARBARIAN_LETTERS),
        "target": Slot("target", TARGET_WORDS),
        "mode": Slot("mode", tuple(sorted(set(MODE_WORDS) | set(EFFECT_OPS)))),
        **{k: Slot(k, v) for k, v in cl.items()},
    }


def forms(content_lists: dict[str, tuple[str, ...]] | None = None) -> tuple[Form, ...]:
    """The grammar: every (verb, argument shape), in id order."""
    s = slots(content_lists)
    S, F, R = s["space"], s["focus"], s["resource"]
    out: list[Form] = [(v, ()) for v in NO_ARG_VERBS]
    out += [(v, (S,)) for v in SPACE_VERBS]
    out += [
        ("army", (s["number"],)),
        ("caravan", (s["number"],)),
        ("resolve", (s["number"],)),
        ("top", (s["number"],)),
        ("bottom", (s["number"],)),
        ("give", (s["seat"],)),
        ("focus", (F,)),
        ("discard", (F,)),
        ("upgrade", (F,)),
        ("nw", (F,)),
        ("move", (F,)),
        ("swap", (F,)),
        ("trade", (F,)),
        ("swap", (F, "+", F)),
        ("swap", (F, ",", F)),
        ("swap", (R, ">", R)),
        ("take", (R,)),
        ("take", (F,)),
        ("take", (s["card"],)),
        ("take", (s["card"], "@", F)),
        ("pay", (R,)),
        ("pay", ("trade",)),
        ("pay", ("nw:", s["nw"])),
        ("spend", (R,)),
        ("gov", (s["gov"],)),
        ("name", (s["district"],)),
        ("district", (s["district"], " ", S)),
        ("mode", (s["mode"],)),
        ("wonder", (s["wonder"],)),
        ("trade", (s["wonder"],)),
        ("dipl", (s["dipl"],)),
        ("dipl", (s["seat"], ":", s["dipl"])),
        ("exchange", ("p", s["seat"], ":", s["dipl"], ">", s["dipl"])),
        ("target", (s["target"],)),
        ("target", ("army:", s["seat"])),
        ("target", ("caravan:", s["seat"])),
        ("barb", (s["letter"], ">", S)),
        ("shift", (s["pair"],)),
        ("move", (s["pair"],)),
        ("tile", (s["side_rot"], " ", S)),
        ("tile", (s["pick"], ":", s["side_rot"], " ", S)),
        ("pick", (s["tile"],)),
    ]
    return tuple(out)


def _texts(parts: Sequence[Part]) -> Iterable[str]:
    pools = [p.values if isinstance(p, Slot) else (p,) for p in parts]
    for combo in itertools.product(*pools):
        yield "".join(combo)


def form_text(form: Form) -> str:
    """A form in words, e.g. ``tile <pick>:<side_rot> <space>``."""
    verb, parts = form
    arg = "".join(f"<{p.name}>" if isinstance(p, Slot) else p for p in parts)
    return f"{verb} {arg}" if arg else verb


class ActionCodec:
    """Action <-> id over the whole notation (one shared table; see the module docstring)."""

    def __init__(self, content_lists: dict[str, tuple[str, ...]] | None = None) -> None:
        actions: list[Action] = []
        ids: dict[Action, int] = {}
        blocks: list[tuple[int, int, str]] = []
        for form in forms(content_lists):
            verb, parts = form
            first = len(actions)
            for arg in _texts(parts):
                a = Action(verb, arg)
                if a in ids:  # the same text reachable through two forms keeps its first id
                    continue
                ids[a] = len(actions)
                actions.append(a)
            blocks.append((first, len(actions), form_text(form)))
        self._actions = tuple(actions)
        self._ids = ids
        self.blocks = tuple(blocks)
        """``(first id, end id, form)`` per form, in id order."""

    @property
    def num_actions(self) -> int:
        return len(self._actions)

    def encode(self, action: Action | str) -> int:
        a = action if isinstance(action, Action) else _parse(action)
        i = self._ids.get(a)
        if i is None:
            raise EncodingError(f"no id for action {str(a)!r}: not in the notation's table "
                                f"(a space beyond hex distance {WINDOW_RADIUS} or an unknown word)")
        return i

    def decode(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self._actions):
            raise EncodingError(f"action id {action_id} is outside 0..{len(self._actions) - 1}")
        return self._actions[action_id]

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        ids = self._ids
        try:
            return [ids[a] for a in actions]
        except KeyError:
            for a in actions:
                self.encode(a)
            raise

    def table(self) -> list[tuple[int, str]]:
        """Every ``(id, action text)``, in id order."""
        return [(i, str(a)) for i, a in enumerate(self._actions)]


def _parse(text: str) -> Action:
    return parse_action(text)


@functools.cache
def codec() -> ActionCodec:
    """The shared codec (built once per process, about 0.3 s)."""
    return ActionCodec()
