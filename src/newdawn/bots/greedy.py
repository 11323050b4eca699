"""The greedy bot: one-step lookahead on the static evaluation (``evaluate.HAND``).

It rebuilds a full state from its view (``engine.view.state_from_view``: the hidden parts are
sampled, never read), applies each legal option and keeps the one whose result evaluates
best. When an option leads to further decisions of the same seat (a focus card opens a chain
of choices: where to build, which army moves...), it plays that chain on with a cheap default
policy (each step picks the sub-option that evaluates best right away, never "back", up to
``CHAIN_STEPS`` steps) and evaluates where the chain ends. A work budget (``budget`` evaluations per
decision, not a clock, so the bot stays deterministic for a seed) drops the chain rollouts
when a decision has very many options, so a decision stays under 50 ms.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from ..engine import (
    Action,
    GameState,
    apply,
    apply_in_place,
    coord,
    decision_seat,
    legal_actions,
    slot_of,
    spendable,
    state_from_view,
    type_key,
)
from .base import derive_seed
from .evaluate import HAND, W_TEMPO, WIN, Judge, hand_for

DEEP_VERBS: Final = frozenset({"wonder"})
"""Options judged by playing their follow-up on (paying for a wonder takes several steps, each
a loss on its own), even inside a chain."""
DEEP_FRAMES: Final = frozenset({"combat", "target"})
"""The decisions of an attack. An option that opens one (an army entering a space it must
attack) is judged after the fight (``settle``), and at the top of a decision it gets its chain
whatever the work budget: with the combat still open the evaluation saw an army standing on
its target, so a step into a fort, worth a victory card, looked no better than any other once
the budget had gone on the options listed before it (measurements:
docs/experiments/bots-history.md)."""
W_REPEAT: Final = 3.0
"""At the focus choice, against the card in the first slot: resolving it again leaves the whole
row where it is (two bots trading one control token back and forth with Mass Media did that
for 150 rounds)."""

LATE_BUDGET: Final = 60
"""Actions ``can_change`` may apply for a focus card ``focus_values`` had no time to play out:
a card taken as useful unchecked was Hard's empty turn (industry resolved with nothing to
build) in long games, where the time ran out before the later cards of the row."""

CHAIN_STEPS: Final = 8
"""Sub-decisions of the same seat played on after an option before evaluating."""
SETTLE_LIMIT: Final = 40
"""Safety bound on the combat decisions ``settle`` plays for one attack."""
GREEDY_BUDGET: Final = 60
"""Evaluations per decision beyond which no more chains are played on."""
TURN_STEPS: Final = 80
"""Sub-decisions played on when a focus card's whole turn is played out (``focus_values``)."""
PASSIVE: Final = frozenset({"skip", "done", "stop", "decline", "pass", "keep", "accept", "back"})
"""Verbs that take no action (an empty turn's last choice; the search for a useful line tries the
others first)."""
IGNORED: Final = frozenset({"current", "round", "first", "stack_frames", "turn", "version", "events", "format"})
"""Top-level state fields that are the bookkeeping of a turn, not its effect (``changed``)."""


def in_combat(st: GameState) -> bool:
    """The next decision is part of an attack (``DEEP_FRAMES``)."""
    return bool(st.stack_frames) and st.stack_frames[-1].get("kind") in DEEP_FRAMES


def is_deep(a: Action, st: GameState, nxt: GameState) -> bool:
    """Option ``a`` (from ``st``, leading to ``nxt``) must be judged after its follow-up: a
    ``DEEP_VERBS`` option, or one that opens an attack (not a step inside one: a trade token
    spent in combat leaves the combat open, and following every spend would branch again)."""
    return a.verb in DEEP_VERBS or (in_combat(nxt) and not in_combat(st))


def combat_answer(st: GameState, legal: Sequence[Action]) -> Action:
    """The default answer at a combat decision inside a chain: boost (+1 per military trade
    token) when that many tokens turn the fight, else accept. Judging each spend by its own
    follow-up would branch three ways per token."""
    f = st.stack_frames[-1]
    assert f["kind"] == "combat"
    att = f["attack_die"] + f["attack_base"] + f["attack_plus"]
    dfn = f["defence_die"] + f["defence_base"] + f["defence_plus"]
    attacker = f["stage"] == "attacker"
    need = dfn - att + 1 if attacker else att - dfn
    boost = next((a for a in legal if a.verb == "boost"), None)
    if need > 0 and boost is not None and spendable(st, f["seat"], type_key(st, f["seat"], "military")) >= need:
        return boost
    return next((a for a in legal if a.verb == "accept"), legal[-1])


def settle(st: GameState, ev: Judge = HAND, line: list[str] | None = None) -> GameState:
    """Fight out the attack open in ``st``, in place: each combat answer by ``combat_answer``
    (either side), a choice of target by what each target's settled fight is worth to the
    attacker (by ``ev``). Returns ``st``; ``line`` receives the actions applied."""
    for _ in range(SETTLE_LIMIT):
        if st.winner != -1 or not in_combat(st):
            break
        legal = legal_actions(st)
        if len(legal) == 1:
            a = legal[0]
        elif st.stack_frames[-1].get("kind") == "combat":
            a = combat_answer(st, legal)
        else:
            mover = decision_seat(st)
            a = max(legal, key=lambda x: ev.value(settle(apply(st, x), ev), mover))
        if line is not None:
            line.append(str(a))
        apply_in_place(st, a)
    return st


def turn_of(st: GameState) -> tuple[int, int]:
    """The turn a decision belongs to (round, seat whose turn it is)."""
    return st.round, st.current


def chain_value(st: GameState, seat: int, steps: int, work: list[int], deadline: float | None = None,
                ev: Judge = HAND, turn: tuple[int, int] | None = None,
                clock: Callable[[], float] = time.perf_counter,
                line: list[str] | None = None) -> float:
    """Play on the seat's own follow-up decisions greedily (1-ply each) for up to ``steps``
    steps, then evaluate. ``st`` is consumed; ``work[0]`` counts the evaluations made. With a
    ``deadline`` (a ``clock`` value; mcts uses it) the chain stops early when late.
    An attack is fought out (``settle``) wherever it opens, so a step into a fort is judged by
    the fight's outcome. ``ev`` is the evaluation judged by. With ``turn`` (``turn_of`` the
    decision the chain follows) the chain ends with that turn: after a seat the engine plays
    (the base game's Automated Player) the seat's next turn comes without a rival's decision
    between, and planning it on one sample of that seat's random choices chased wins that
    the real choices then blocked. ``line`` receives every action applied."""
    settle(st, ev, line)
    for _ in range(steps):
        if st.winner != -1 or decision_seat(st) != seat or (turn is not None and turn_of(st) != turn):
            break
        if deadline is not None and clock() > deadline:
            break
        legal = legal_actions(st)
        if len(legal) == 1:
            if line is not None:
                line.append(str(legal[0]))
            apply_in_place(st, legal[0])
            settle(st, ev, line)
            continue
        best_a = legal[0]
        best_v = -float("inf")
        for a in legal:
            if a.verb == "back":  # going back re-opens the choice the chain started from
                continue
            nxt = settle(apply(st, a), ev)
            v = _deep_value(nxt, seat, work, ev, turn) if a.verb in DEEP_VERBS else ev.value(nxt, seat)
            work[0] += 1
            if v > best_v:
                best_v, best_a = v, a
        if line is not None:
            line.append(str(best_a))
        apply_in_place(st, best_a)
        settle(st, ev, line)
    return ev.value(st, seat)


def _deep_value(st: GameState, seat: int, work: list[int], ev: Judge,
                turn: tuple[int, int] | None = None) -> float:
    """The value after a deep option's own follow-up (its sub-decisions, greedily, within
    ``turn`` when given)."""
    settle(st, ev)
    if st.winner == -1 and decision_seat(st) == seat:
        return chain_value(st, seat, CHAIN_STEPS, work, ev=ev, turn=turn)
    return ev.value(st, seat)


def _norm(d: dict[str, Any], seat: int, trade_floor: dict[str, int] | None) -> dict[str, Any]:
    out = {k: v for k, v in d.items() if k not in IGNORED}
    players = [dict(p) for p in out["players"]]
    me = players[seat]
    me["row"] = sorted(me["row"])
    if trade_floor is not None:
        me["trade"] = {k: max(v, trade_floor.get(k, 0)) for k, v in me["trade"].items()}
        me["trade"].update({k: v for k, v in trade_floor.items() if k not in me["trade"]})
    out["players"] = players
    return out


def changed(s0: GameState, s1: GameState, seat: int) -> bool:
    """Whether the turn from ``S0`` to ``S1`` changed anything: anything but the order of the
    seat's focus row, trade tokens it spent, and the turn's bookkeeping (``IGNORED``). A die
    rolled or a tile drawn changes the generator and counts (docs/bots.md, "Empty turns")."""
    if s1.winner != s0.winner:
        return True
    d0 = s0.to_json()
    d1 = s1.to_json()
    floor = {k: v for k, v in d0["players"][seat]["trade"].items() if v}
    return _norm(d0, seat, None) != _norm(d1, seat, {k: v for k, v in floor.items()})


def _end_index(st: GameState, seat: int) -> int:
    for i in range(len(st.stack_frames) - 1, -1, -1):
        f = st.stack_frames[i]
        if f["kind"] == "end_turn" and f.get("seat") == seat:
            return i
    raise ValueError(f"no end of turn of seat {seat} on the step stack")


def with_stop(st: GameState, seat: int) -> tuple[GameState, int]:
    """A copy of ``st`` (inside ``seat``'s turn) with a stop step under the turn's end, and the
    stack depth at which the turn is over."""
    out = st.copy()
    i = _end_index(out, seat)
    out.stack_frames = [*out.stack_frames[:i], {"kind": "focus", "seat": seat}, *out.stack_frames[i:]]
    out._options = None
    return out, i + 1


def over_at(st: GameState, depth: int) -> bool:
    return st.winner != -1 or len(st.stack_frames) <= depth


def turn_end(s0: GameState, seat: int, actions: Sequence[str]) -> GameState:
    """``S1``: the state once the turn started at ``S0`` (the seat's focus choice) has played
    ``actions`` (every decision of the turn, the rivals' inside it included) and its end steps."""
    st, depth = with_stop(s0, seat)
    for a in actions:
        if over_at(st, depth):
            break
        st = apply(st, a)
    return st


def can_change(s0: GameState, seat: int, focus: Action | str, budget: int = 400) -> bool:
    """Whether some line of the turn that starts with ``focus`` at ``S0`` changes something
    (``changed``; depth first, active options before passive ones, within ``budget`` actions
    applied). The empty-turn count's test (``strength.empty``), and ``focus_values``'s for a
    card it had no time to play out."""
    st, depth = with_stop(s0, seat)
    left = [budget]

    def rec(s: GameState) -> bool:
        if over_at(s, depth):
            return changed(s0, s, seat)
        opts = [a for a in legal_actions(s) if a.verb != "back"]
        if decision_seat(s) == seat:
            opts.sort(key=lambda a: a.verb in PASSIVE)
        for a in opts:
            left[0] -= 1
            if left[0] < 0:
                return False
            if rec(apply(s, a)):
                return True
            if decision_seat(s) != seat:
                return False  # a rival's answer: one line of it is enough to look at
        return False

    return rec(apply(st, focus))


class FocusValue(NamedTuple):
    """A focus card at the focus choice, as ``focus_values`` judges it."""

    action: Action
    value: float
    """Greedy's value of the card's whole turn, plus the focus tempo."""
    useful: bool
    """Whether that turn changed anything (``changed``; for a card not played out for lack of
    time, whether some short line of its turn would: ``can_change`` within ``LATE_BUDGET``)."""


def focus_values(st: GameState, seat: int, legal: Sequence[Action], ev: Judge,
                 clock: Callable[[], float] = time.perf_counter,
                 stop: float | None = None) -> list[FocusValue]:
    """At ``seat``'s focus choice: each focus card with greedy's value of its whole turn, played
    out by greedy's choices (up to ``TURN_STEPS`` decisions, or until ``stop`` on ``clock``)."""
    out = []
    work = [len(legal)]
    for a in legal:
        if a.verb == "back" and len(legal) > 1:
            continue
        nxt = apply(st, a)
        line = [str(a)]
        settle(nxt, ev, line)
        late = stop is not None and clock() >= stop
        if nxt.winner == -1 and decision_seat(nxt) == seat and not late:
            v = chain_value(nxt, seat, TURN_STEPS, work, stop, ev=ev, turn=turn_of(st), clock=clock, line=line)
        else:
            v = ev.value(nxt, seat)
        useful = can_change(st, seat, a, LATE_BUDGET) if late else changed(st, turn_end(st, seat, line), seat)
        out.append(FocusValue(a, v + tempo(st, seat, a, ev.tempo), useful))
    return out


def useful_only(values: list[FocusValue]) -> list[FocusValue]:
    """The focus cards whose turn changes something, or all of them when none does: a bot never
    resolves a card that does nothing while another would do something (an empty turn)."""
    return [x for x in values if x.useful] or values


def view_changed(v0: dict[str, Any], v1: dict[str, Any], seat: int) -> bool:
    """``changed`` between two of the seat's views (what only a view carries left out, a tile
    drawn counted by the stack's size)."""
    a = {k: v for k, v in v0.items() if k not in ("decision", "viewer")}
    b = {k: v for k, v in v1.items() if k not in ("decision", "viewer")}
    floor = {k: v for k, v in a["players"][seat]["trade"].items() if v}
    return _norm(a, seat, None) != _norm(b, seat, floor)


STEP_KINDS: Final = ("army_step", "caravan_step")
"""The decisions that move a figure one space (``to q,r``) or stop it."""


class Path:
    """The spaces the figure a seat is moving has stood on during this move, so that it never
    steps back onto one (``onward``): judged one step at a time, a figure walked back and forth
    between spaces of about the same value and stopped where it began, a turn that did nothing."""

    def __init__(self) -> None:
        self.key: tuple[int, int, str, int] | None = None
        self.seen: set[str] = set()

    def onward(self, st: GameState, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        """``legal`` without the steps onto a space the moving figure already stood on in this
        move (all of ``legal`` when that would leave nothing)."""
        f = st.stack_frames[-1]
        kind = f["kind"]
        if kind not in STEP_KINDS or f.get("seat") != seat:
            return legal
        figure = f.get("figure")
        if not isinstance(figure, int):
            return legal
        ps = st.players[seat]
        here = (ps.armies if kind == "army_step" else ps.caravans)[figure]
        key = (st.round, st.current, kind, figure)
        if key != self.key:
            self.key, self.seen = key, set()
        self.seen.add(coord(st, here))
        onward = [a for a in legal if a.verb != "to" or a.arg not in self.seen]
        return onward or legal


class TurnStart:
    """The seat's view at its focus choice, so that its turn is not ended with nothing done
    (``not_idle``)."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.start: dict[str, Any] | None = None

    def set(self, st: GameState, view: dict[str, Any] | None) -> None:
        self.turn, self.start = turn_of(st), view

    def not_idle(self, greedy: GreedyBot, st: GameState, seat: int, legal: Sequence[Action], choice: Action,
                 view: dict[str, Any] | None) -> Action:
        """``choice``, unless it ends nothing done: it takes no action (``PASSIVE``) or leads
        straight to a decision of the seat's with nothing but passive options (``dead_end``: a
        Growth card's district mode with no district to build), while the seat's turn has
        changed nothing since its focus choice and another option is on offer; then the best
        such option by greedy's values. A turn chosen for what it would do is not ended doing
        nothing (greedy's step-by-step choices can stop short of what the focus choice saw: a
        caravan's first step worth less than stopping, where the whole trip was worth more; one
        ply sees a mode with nothing to do and a mode with something tie before either acts)."""
        if view is None or self.start is None or turn_of(st) != self.turn or st.current != seat \
                or (choice.verb not in PASSIVE and not dead_end(st, seat, choice)) \
                or view_changed(self.start, view, seat):
            return choice
        active = [(a, v) for a, v in greedy.option_values(st, seat, legal)
                  if a.verb not in PASSIVE and not dead_end(st, seat, a)]
        return max(active, key=lambda av: av[1])[0] if active else choice


def dead_end(st: GameState, seat: int, a: Action) -> bool:
    """Option ``a`` changes nothing itself (``changed``: a mode chosen, a card resolved without
    tokens) and leads straight to a decision of the seat's whose options all take no action
    (``PASSIVE``). A token placed before a step with only "done" is not a dead end."""
    nxt = apply(st, a)
    if nxt.winner != -1 or decision_seat(nxt) != seat:
        return False
    legal = legal_actions(nxt)
    return bool(legal) and all(b.verb in PASSIVE for b in legal) and not changed(st, nxt, seat)


def tempo(st: GameState, seat: int, a: Action, per_slot: float = W_TEMPO) -> float:
    """The focus-choice bonus of option ``a`` (0 for any other decision): ``per_slot`` per slot
    of the card chosen (an evaluation's ``tempo``), less ``W_REPEAT`` for the first slot."""
    if a.verb != "focus" or not st.stack_frames or st.stack_frames[-1].get("kind") != "focus":
        return 0.0
    slot = slot_of(st, seat, a.key)
    return per_slot * slot - (W_REPEAT if slot == 1 else 0.0)


def greedy_step(st: GameState, seat: int, legal: Sequence[Action], rng: random.Random | None = None,
                own_only: bool = False, ev: Judge = HAND) -> Action:
    """The option whose immediate result evaluates best for ``seat`` (one ply, no chain), never
    "back" when anything else is on offer; ties go to the first (or a random one with ``rng``).
    The default policy inside searches; ``own_only`` ranks by the seat's own score alone (half
    the work with 2 players, a quarter with 4: rivals' losses then count only through what
    the seat gains). ``ev`` is the evaluation judged by."""
    best: list[Action] = []
    best_v = -float("inf")
    for a in legal:
        if a.verb == "back":
            continue
        nxt = settle(apply(st, a), ev)
        if a.verb in DEEP_VERBS:
            v = _deep_value(nxt, seat, [0], ev)
        else:
            v = (WIN if nxt.winner == seat else -WIN if nxt.winner >= 0 else ev.score(nxt, seat)) if own_only \
                else ev.value(nxt, seat)
        v += tempo(st, seat, a, ev.tempo)
        if v > best_v + 1e-9:
            best_v, best = v, [a]
        elif v > best_v - 1e-9:
            best.append(a)
    if not best:
        return legal[0]
    return best[int(rng.random() * len(best))] if rng is not None and len(best) > 1 else best[0]


class GreedyBot:
    """One-step lookahead on the documented evaluation."""

    name = "greedy"
    needs_view = True

    def __init__(self, rng: random.Random | None = None, budget: int = GREEDY_BUDGET,
                 ev: Judge | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.budget = budget
        self.fixed_ev = ev
        """The evaluation asked for, or None: the one for the game's ruleset (``hand_for``)."""
        self.ev = ev or HAND
        """The evaluation it judges by (``hand_for`` the game's ruleset; mcts lends its own for
        its turn's choices)."""
        self.path = Path()
        """Where the figure it is moving has been this move (``Path.onward``)."""

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view is None:
            return legal[int(self.rng.random() * len(legal))] if view is None else legal[0]
        st = state_from_view(view, derive_seed(self.rng))
        return self.choose_in(st, view["viewer"], legal)

    def choose_in(self, st: GameState, seat: int, legal: Sequence[Action]) -> Action:
        """The choice in a (sampled) full state: the best option, ties broken at random."""
        legal = self.path.onward(st, seat, legal)
        if self.fixed_ev is None:
            self.ev = hand_for(st.ruleset)
        best: list[Action] = []
        best_v = -float("inf")
        for a, v in self.option_values(st, seat, legal):
            if v > best_v + 1e-9:
                best_v, best = v, [a]
            elif v > best_v - 1e-9:
                best.append(a)
        return best[int(self.rng.random() * len(best))]

    def option_values(self, st: GameState, seat: int, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Each option (but ``back``, when there are others) with its value in ``st``: after its
        chain while the work budget lasts, plus the focus tempo."""
        work = [len(legal)]
        out = []
        for a in legal:
            if a.verb == "back" and len(legal) > 1:
                continue  # it only re-opens the choice this decision came from
            nxt = apply(st, a)
            deep = is_deep(a, st, nxt)
            settle(nxt, self.ev)
            if nxt.winner == -1 and decision_seat(nxt) == seat and (work[0] < self.budget or deep):
                v = chain_value(nxt, seat, CHAIN_STEPS, work, ev=self.ev, turn=turn_of(st))
            else:
                v = self.ev.value(nxt, seat)
            out.append((a, v + tempo(st, seat, a, self.ev.tempo)))
        return out
