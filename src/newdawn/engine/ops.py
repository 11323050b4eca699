"""The effect interpreter: ``effect_frames`` turns one content ``Effect`` of a focus card into
the steps that resolve it. Each op's builder is registered in ``OPS`` by the module of its
focus type (``culture``, ``science``, ``growth``, ``economy``, ``industry``, ``military``); a
printed ``special`` effect is built by the printed-effects package (``effects``), which
registers the ``special`` op. ``choose`` (a card that offers one of several effect lists) is
interpreted here."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Final

from ..content.schema import Effect
from .actions import Action, action
from .flow import act, choice, pop, push_all
from .frames import ChooseFrame
from .state import Frame, GameState, content_for

# op -> builder(st, seat, effect, slot, bonus) -> (frames, whether the trade bonus was used)
OpBuilder = Callable[[GameState, int, Effect, int, int], tuple[list[Frame], bool]]



OPS: Final[dict[str, OpBuilder]] = {}



def op(name: str) -> Callable[[OpBuilder], OpBuilder]:
    def deco(fn: OpBuilder) -> OpBuilder:
        OPS[name] = fn
        return fn
    return deco



def effect_frames(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    try:
        builder = OPS[e.op]
    except KeyError:
        raise NotImplementedError(f"effect op {e.op!r} has no handler") from None
    return builder(st, seat, e, slot, bonus)



@op("choose")
def op_choose(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "choose", "seat": seat, "slot": slot, "bonus": bonus, "type": "", "options": [
        [effect_json(x) for x in opt] for opt in e.args["options"]
    ]}], True



def _plain(v: object) -> object:
    if isinstance(v, Effect):
        return effect_json(v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "items"):
        return {k: _plain(x) for k, x in v.items()}
    return v



def effect_json(e: Effect) -> dict[str, object]:
    """An effect as plain JSON data, to be kept in a frame."""
    return {"op": e.op, **{k: _plain(v) for k, v in e.args.items()}}



@choice("choose")
def choose_options(st: GameState, f: ChooseFrame) -> list[Action]:
    return [action("mode", opt[0]["op"]) for opt in f["options"]]



@act("choose")
def choose_act(st: GameState, f: ChooseFrame, a: Action) -> None:
    pop(st)
    opt = next(o for o in f["options"] if o[0]["op"] == a.key)
    bonus = f["bonus"]
    frames: list[Frame] = []
    for x in opt:
        e = Effect(x["op"], MappingProxyType({k: v for k, v in x.items() if k != "op"}))
        fs, used = effect_frames(st, f["seat"], e, f["slot"], bonus)
        if used:
            bonus = 0
        frames.extend(fs)
    if bonus:
        frames.extend(leftover_trade_frames(st, f["seat"], f["type"], bonus))
    push_all(st, frames)



def leftover_trade_frames(st: GameState, seat: int, ftype: str, bonus: int) -> list[Frame]:
    """Trade tokens spent on a card whose chosen effect did not use them still give their
    own effect: on growth, one reinforced token each (rules: Growth Focus Cards)."""
    if content_for(st).ruleset.trade_effect.get(ftype) == "reinforce":
        return [{"kind": "reinforce", "seat": seat, "left": bonus}]
    return []
