"""The options of the base game's own decisions in words (``engine/rulesets/base_*.py``):
attacks from a military card and advanced map building. Registered into ``options.LABELS``
like every other decision's (``describe/__init__`` imports this module)."""

from __future__ import annotations

from collections import Counter

from ..engine import Action, GameState, content_for, defender_of, target_at
from ..engine.rulesets.base_frames import BaseMapTileFrame, CardAttackFrame
from .event_words import target_words
from .names import TERRAIN, a_an, action_space
from .options import Rec, _reg, _tile


def _card_attack(st: GameState, f: CardAttackFrame, a: Action, r: Rec) -> None:
    """``attack q,r`` from a base military card: the piece there, in words."""
    s = action_space(st, a)
    target = target_at(st, f["seat"], s) if s is not None else None
    if s is None or target is None:
        return
    r.label = f"Attack {target_words(st, target, defender_of(st, target, s), s)}"


def _pick_tile(st: GameState, f: BaseMapTileFrame, a: Action, r: Rec) -> None:
    """A tile of the hand by what it shows (a player does not know the tiles by number): "A
    capital tile next (mostly forest and hills)", "A city-state tile next (Seoul; mostly grassland)"."""
    c = content_for(st)
    tile = c.tiles.get(a.n)
    r.kind, r.quiet = "choice", True
    if tile is None:
        r.label = "A map tile next"
        return
    spaces = next(iter(tile.sides.values()), ())
    marks = [c.city_states[x.city_state].name for x in spaces if x.city_state and x.city_state in c.city_states]
    marks += [c.natural_wonders[x.natural_wonder].name for x in spaces
              if x.natural_wonder and x.natural_wonder in c.natural_wonders]
    terrains = Counter(TERRAIN.get(x.terrain, x.terrain) for x in spaces if x.terrain != "natural_wonder")
    most = " and ".join(t for t, _ in terrains.most_common(2))
    kind = "" if tile.kind == "plain" else tile.kind.replace("_", "-") + " "
    what = "; ".join([*marks, f"mostly {most}"] if most else marks)
    label = a_an(f"{kind}tile") + " next" + (f" ({what})" if what else "")
    r.label = label[:1].upper() + label[1:]


_reg("card_attack", "attack", _card_attack)
_reg("base_map_tile", "pick", _pick_tile)
_reg("base_map_place", "tile", _tile)
