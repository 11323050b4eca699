"""The options of the base game's own decisions in words (``engine/rulesets/base_*.py``):
attacks from a military card and advanced map building. Registered into ``options.LABELS``
like every other decision's (``describe/__init__`` imports this module)."""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.rulesets.base_frames import BaseMapTileFrame, CardAttackFrame
from ..engine.state import GameState, content_for
from .names import space_id
from .options import Rec, _reg, _tile


def _card_attack(st: GameState, f: CardAttackFrame, a: Action, r: Rec) -> None:
    """``attack q,r`` from a base military card: the piece there, in words."""
    from ..engine.military import defender_of
    from ..engine.rulesets.base_military import target_at
    from .event_words import target_words

    s = space_id(st, a.arg)
    target = target_at(st, f["seat"], s) if s is not None else None
    if s is None or target is None:
        return
    r.label = f"Attack {target_words(st, target, defender_of(st, target, s), s)}"


def _pick_tile(st: GameState, f: BaseMapTileFrame, a: Action, r: Rec) -> None:
    tile = content_for(st).tiles.get(int(a.arg)) if a.arg.isdigit() else None
    kind = f" ({tile.kind.replace('_', ' ')})" if tile is not None and tile.kind != "plain" else ""
    r.kind, r.label, r.quiet = "choice", f"Place tile {a.arg}{kind} next", True


_reg("card_attack", "attack", _card_attack)
_reg("base_map_tile", "pick", _pick_tile)
_reg("base_map_place", "tile", _tile)
