"""Science cards: the tech dial and the focus cards it lets a player take (unified rules:
Science Focus Cards; U, Unique Focus Cards), and the smaller science effects (trade tokens, a
missing resource, Nuclear Power)."""

from __future__ import annotations

from typing import Final

from ..content.schema import RESOURCES, Effect
from . import hooks
from .actions import Action, action
from .decisions import space_choice
from .flow import (
    act,
    add_trade,
    auto,
    card_for,
    choice,
    count_down,
    explain,
    key_of_type,
    log,
    pop,
    push_all,
    row_key,
)
from .frames import DialFrame, MissingResourceFrame, NukeFrame, TechFrame, TradePlaceFrame
from .ops import op
from .pieces import gain_card, remove_control
from .refusal import Refusal
from .spaces import army_on, supply_resources
from .state import Frame, GameState, content_for

DIAL_WRAPPED: Final = "dial_wrapped"
"""Player flag: the tech dial went past its last space at least once (so it reached every space)."""


@op("advance_dial")
def op_advance(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "dial", "seat": seat, "steps": slot + bonus}], True


def advance_dial(st: GameState, seat: int, steps: int) -> list[int]:
    """Turn the tech dial; returns the tech levels reached, in order (rules: Science)."""
    rs = content_for(st).ruleset
    ps = st.player_mut(seat)
    levels = []
    pos = ps.dial
    for _ in range(steps):
        if pos >= rs.tech_dial_max:
            # The pointer stood on the last space on its way: it was reached, for a tech
            # dial agenda as for the level card (``victory._dial``; rules-coverage B8).
            ps.flags[DIAL_WRAPPED] = 1
            pos = rs.tech_dial_wrap
        else:
            pos += 1
        lvl = rs.tech_levels.get(pos)
        if lvl:
            levels.append(lvl)
    st.mark_agendas("dial")
    ps.dial = pos
    return levels


@auto("dial")
def run_dial(st: GameState, f: DialFrame) -> None:
    seat = f["seat"]
    levels = advance_dial(st, seat, f["steps"])
    log(st, {"kind": "dial_advance", "seat": seat, "steps": f['steps'], "to": st.players[seat].dial})
    push_all(st, [{"kind": "tech", "seat": seat, "level": lv} for lv in levels])


@choice("tech")
def tech_options(st: GameState, f: TechFrame) -> list[Action]:
    """``take <card>`` replaces the card of its type; with Oxford University also
    ``take <card>@<key>``: it replaces the non-science card named by that key instead."""
    c = content_for(st)
    seat = f["seat"]
    row = st.players[seat].row
    oxford = hooks.grants(st, seat, "replace_any_non_science")
    opts = []
    for t in c.ruleset.focus_types:
        cid = card_for(st, t, f["level"])
        if cid in row:
            continue
        own = key_of_type(st, seat, t)
        if own is not None:
            opts.append(action("take", cid))
        if oxford:
            opts.extend(action("take", f"{cid}@{k}") for k in _oxford_keys(st, seat, own))

    u = unique_offer(st, seat, f["level"])
    if u and key_of_type(st, seat, c.focus_cards[u].type) is not None:
        opts.append(action("take", u))
    opts.append(action("pass"))
    return opts


def _oxford_keys(st: GameState, seat: int, own: str | None) -> list[str]:
    """Keys of the non-science row cards a new card may replace instead of the card of its
    type (Oxford University)."""
    cards = content_for(st).focus_cards
    return [
        row_key(st, seat, x) for x in st.players[seat].row
        if cards[x].type != "science" and row_key(st, seat, x) != own
    ]


@explain("tech")
def tech_explain(st: GameState, f: TechFrame, a: Action) -> Refusal | None:
    if a.verb != "take":
        return None
    c = content_for(st)
    cid = a.arg.partition("@")[0]
    card = c.focus_cards.get(cid)
    if card is None:
        return Refusal("not_a_card", item=cid)
    if cid in st.players[f["seat"]].row:
        return Refusal("card_in_row", item=cid)
    if card.level != f["level"]:
        return Refusal("card_level", item=cid, number=card.level, limit=f["level"])
    if "@" in a.arg:
        return Refusal("oxford_only", item=cid)
    return None


@act("tech")
def tech_act(st: GameState, f: TechFrame, a: Action) -> None:
    pop(st)
    if unique_offer(st, f["seat"], f["level"]):
        # A level II+ unique card is gone once taken or passed over (U, Unique Focus Cards).
        st.player_mut(f["seat"]).flags["unique_gone"] = 1
    if a.verb == "take":
        gain_card(st, f["seat"], a.key, a.key2 or None)  # key2: Oxford University's focus type


@op("gain_trade")
def op_gain_trade(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "trade_place", "seat": seat, "left": e.int("count", 1)}], False


@choice("trade_place")
def trade_place_options(st: GameState, f: TradePlaceFrame) -> list[Action]:
    opts = [action("trade", t) for t in content_for(st).ruleset.focus_types]
    return opts + hooks.extra_options(st, f["seat"], "trade_place", f)  # Great Zimbabwe


@explain("trade_place")
def trade_place_explain(st: GameState, f: TradePlaceFrame, a: Action) -> Refusal | None:
    if a.verb != "trade":
        return None
    return Refusal("not_a_focus_type", item=a.arg, names=tuple(content_for(st).ruleset.focus_types))


@act("trade_place")
def trade_place_act(st: GameState, f: TradePlaceFrame, a: Action) -> None:
    if a.key not in content_for(st).ruleset.focus_types and hooks.extra_act(st, f["seat"], "trade_place", f, a):
        return
    add_trade(st, f["seat"], a.key, 1)
    count_down(st, f)


@op("gain_missing_resource")
def op_missing(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "missing_resource", "seat": seat}], False


@choice("missing_resource")
def missing_options(st: GameState, f: MissingResourceFrame) -> list[Action]:
    have = st.players[f["seat"]].resources
    return [*(action("take", r) for r in supply_resources(st, RESOURCES) if not have.get(r)), action("skip")]


@explain("missing_resource")
def missing_explain(st: GameState, f: MissingResourceFrame, a: Action) -> Refusal | None:
    if a.verb != "take":
        return None
    if a.arg not in RESOURCES:
        return Refusal("not_a_resource", item=a.arg, names=tuple(RESOURCES))
    if not supply_resources(st, [a.arg]):
        return Refusal("supply_empty", item=a.arg)
    return Refusal("resource_held", item=a.arg)


@act("missing_resource")
def missing_act(st: GameState, f: MissingResourceFrame, a: Action) -> None:
    pop(st)
    if a.verb == "take":
        res = st.player_mut(f["seat"]).resources
        st.mark_agendas()
        res[a.key] = res.get(a.key, 0) + 1


@op("nuke")
def op_nuke(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    if slot < e.int("min_slot", 5):
        return [], False
    return [{"kind": "nuke", "seat": seat}], False


def _nuke_do(st: GameState, f: Frame, s: int, where: str) -> None:
    for t in (s, *st.board.nbrs[s]):
        if t not in st.ctl or army_on(st, t):
            continue  # abilities that remove pieces cannot target a space with an army (rules)
        if t in st.reinforced:
            st.mark_agendas("reinforced")
            st.reinforced_mut().discard(t)
        else:
            remove_control(st, t)
    log(st, {"kind": "nuke", "seat": f["seat"], "space": s})


space_choice("nuke", NukeFrame,
             "nuke", lambda st, f: range(st.board.n), _nuke_do)


def unique_card(st: GameState, seat: int) -> str:
    """The seat's unique card if the game's ruleset has it, else ""."""
    c = content_for(st)
    u = c.leaders[st.players[seat].leader].unique_card
    if not u or u not in c.focus_cards or c.focus_cards[u].box not in c.ruleset.boxes:
        return ""
    return u


def start_row(st: GameState, seat: int, row: list[str]) -> list[str]:
    """A level-I unique card replaces the start card of its type (U, Setup)."""
    u = unique_card(st, seat)
    if not u:
        return row
    c = content_for(st)
    card = c.focus_cards[u]
    if card.level != 1:
        return row
    return [u if c.focus_cards[x].type == card.type else x for x in row]


def unique_offer(st: GameState, seat: int, level: int) -> str:
    """The unique card offered besides the deck cards when ``seat`` may gain a card of
    ``level``; "" once it was taken or passed over (``flags["unique_gone"]``)."""
    ps = st.players[seat]
    if ps.flags.get("unique_gone"):
        return ""
    u = unique_card(st, seat)
    if not u or content_for(st).focus_cards[u].level != level or u in ps.row:
        return ""
    return u
