"""The player turn: round end and victory check, event dial, choosing, committing and
resetting a focus card (unified rules, "The Player Turn")."""

from __future__ import annotations

from typing import Final, cast

from . import events, hooks, rulesets, victory
from .actions import Action, action
from .flow import (
    act,
    auto,
    card_of,
    choice,
    effective_slot,
    explain,
    log,
    pop,
    push,
    push_all,
    row_keys,
    slot_of,
    spend,
    spendable,
)
from .frames import (
    AfterResolveFrame,
    CommitFrame,
    EndTurnFrame,
    FocusFrame,
    NextTurnFrame,
    ResetFrame,
    RoundEndFrame,
    StartOfTurnFrame,
    TurnFrame,
)
from .ops import effect_frames, leftover_trade_frames
from .refusal import Refusal
from .state import Frame, GameState

# Focus types whose trade tokens are all spent when the card is committed; military tokens are
# spent in combat and industry tokens while paying for a wonder.
SPEND_AT_COMMIT: Final = ("culture", "science", "economy", "growth")


@auto("turn")
def run_turn(st: GameState, f: TurnFrame) -> None:
    st.turn = {}
    seat = st.current
    end_of_round = seat == st.first and st.round > 1
    # Unified rules (Winning the Game): the victory check comes before the event dial; with the
    # ruleset's "after_event_dial" (FAQ "Other") the dial turns and resolves first.
    after_dial = st._c.ruleset.victory_check == "after_event_dial"
    if end_of_round and not after_dial and _round_over(st):
        return
    push(st, {"kind": "end_turn", "seat": seat})
    # A player chooses a focus card; a seat the engine plays has a step of its own.
    turn_step = rulesets.code_for(st.ruleset).turn_step
    kind = turn_step(st, seat) if turn_step is not None else "focus"
    push(st, cast(Frame, {"kind": kind, "seat": seat}))  # "focus", or a ruleset's kind of the same shape
    push(st, {"kind": "start_of_turn", "seat": seat})
    if end_of_round:
        if after_dial:
            push(st, {"kind": "round_end"})
        events.turn_dial(st)


def _round_over(st: GameState) -> bool:
    """End-of-round check: a winner (with the tie-breakers on the current state) or the round limit."""
    w = victory.round_winner(st)
    if w is not None:
        st.winner = w
        log(st, {"kind": "win", "seat": w})
        return True
    max_rounds = st.config.get("max_rounds")
    if max_rounds and st.round > max_rounds:
        st.winner = -2
        log(st, {"kind": "round_limit", "rounds": max_rounds})
        return True
    return False


@auto("round_end")
def run_round_end(st: GameState, f: RoundEndFrame) -> None:
    """The victory check after the event dial has resolved (ruleset ``victory_check``)."""
    _round_over(st)


@auto("start_of_turn")
def run_start_of_turn(st: GameState, f: StartOfTurnFrame) -> None:
    seat = f["seat"]
    for fn in hooks.handlers_at("start_of_turn", st, seat):
        fn(st, seat)


@choice("focus")
def focus_options(st: GameState, f: FocusFrame) -> list[Action]:
    """``focus <key>``: a row card by its key (its type, unless Oxford University re-keyed it)."""
    return [action("focus", k) for k in row_keys(st, f["seat"])]


@explain("focus")
def focus_explain(st: GameState, f: FocusFrame, a: Action) -> Refusal | None:
    if a.verb != "focus":
        return None
    types = st._c.ruleset.focus_types
    if a.arg not in types:
        return Refusal("not_a_focus_type", item=a.arg, names=tuple(types))
    return Refusal("no_focus_card", item=a.arg)


@act("focus")
def focus_act(st: GameState, f: FocusFrame, a: Action) -> None:
    c = st._c
    seat = f["seat"]
    row = st.players[seat].row
    key = a.key
    pos = row.index(card_of(st, seat, key))
    slot = effective_slot(st, seat, key, c.ruleset.row_slots[pos])
    push(st, {"kind": "commit", "seat": seat, "type": key, "card": row[pos], "slot": slot})


@choice("commit")
def commit_options(st: GameState, f: CommitFrame) -> list[Action]:
    n = 0
    if st._c.focus_cards[f["card"]].type in SPEND_AT_COMMIT:
        n = spendable(st, f["seat"], f["type"])
    opts = list(_resolve_options(n))
    if not f.get("by_effect"):
        opts.append(action("back"))
    return opts


_RESOLVE: Final[list[tuple[Action, ...]]] = []


def _resolve_options(n: int) -> tuple[Action, ...]:
    """``resolve``, then ``resolve <i>`` spending i = 1..n tokens (made once for each n)."""
    while len(_RESOLVE) <= n:
        k = len(_RESOLVE)
        _RESOLVE.append((action("resolve"), *(action("resolve", str(i)) for i in range(1, k + 1))))
    return _RESOLVE[n]


@act("commit")
def commit_act(st: GameState, f: CommitFrame, a: Action) -> None:
    pop(st)
    if a.verb == "back":
        return
    sub = f.get("by_effect", False)  # a card resolved by another effect is not reset
    if not sub:
        pop(st)  # the focus decision is taken
    seat, ftype = f["seat"], f["type"]
    n = a.n if a.n > 0 else 0  # ``resolve`` alone: no token spent
    if n:
        spend(st, seat, ftype, n)
    log(st, {"kind": "resolve", "seat": seat, "card": f['card'], "slot": f['slot'], "tokens": n})
    if not sub:
        push(st, {"kind": "reset", "seat": seat, "type": ftype})
    push(st, {"kind": "after_resolve", "seat": seat, "type": ftype})
    push_all(st, card_frames(st, seat, f["card"], f["slot"], n))


def card_frames(st: GameState, seat: int, card: str, slot: int, bonus: int) -> list[Frame]:
    """The steps of a focus card's effect list; ``bonus`` goes to the first step it enhances
    (trade tokens work by the card's own type)."""
    rec = st._c.focus_cards[card]
    ftype = rec.type
    out: list[Frame] = []
    for e in rec.effects:
        fs, used = effect_frames(st, seat, e, slot, bonus)
        if used:
            bonus = 0
        for fr in fs:
            if fr["kind"] == "choose":
                fr["type"] = ftype  # a fresh frame, not yet shared
        out.extend(fs)
    if bonus:
        out.extend(leftover_trade_frames(st, seat, ftype, bonus))
    for fn in hooks.handlers_at("card_extra", st, seat):
        out.extend(fn(st, seat, ftype, slot))
    return out


@auto("after_resolve")
def run_after_resolve(st: GameState, f: AfterResolveFrame) -> None:
    """The card has resolved and not yet reset (Venetian Arsenal, Estádio do Maracanã)."""
    seat = f["seat"]
    fns = hooks.handlers_at("after_resolve", st, seat)
    if fns:  # (the slot is found only for an effect that asks it)
        slot = slot_of(st, seat, f["type"])
        for fn in fns:
            fn(st, seat, f["type"], slot)


@auto("reset")
def run_reset(st: GameState, f: ResetFrame) -> None:
    """Pick up the chosen card, shift the cards left of it one slot right, put it leftmost."""
    seat = f["seat"]
    row = st.player_mut(seat).row
    card = card_of(st, seat, f["type"])
    row.remove(card)  # (the same cards in another order: nothing an agenda reads, no mark)
    row.insert(0, card)
    fns = hooks.handlers_at("after_reset", st, seat)
    if fns:
        ftype = st._c.focus_cards[card].type
        for fn in fns:
            fn(st, seat, ftype)


@auto("end_turn")
def run_end_turn(st: GameState, f: EndTurnFrame) -> None:
    seat = f["seat"]
    for fn in hooks.handlers_at("end_of_turn", st, seat):
        fn(st, seat)
    push(st, {"kind": "next_turn", "seat": seat})
    victory.push_agenda_checks(st, [seat])


@auto("next_turn")
def run_next_turn(st: GameState, f: NextTurnFrame) -> None:
    st.current = (st.current + 1) % st.n
    if st.current == st.first:
        st.round += 1
