"""Military cards: army movement, attacks and combat (unified rules: Military Focus Cards,
Combat, Military Clarifications)."""

from __future__ import annotations

from ..content.schema import Effect
from . import hooks
from .actions import Action, action
from .decisions import space_choice
from .explore import can_explore, start_exploration
from .flow import (
    act,
    auto,
    choice,
    explain,
    log,
    pop,
    push,
    replace_top,
    roll,
    spend,
    spendable,
    type_key,
)
from .frames import (
    ArmiesFrame,
    ArmyAfterFrame,
    ArmyParams,
    ArmyStartFrame,
    ArmyStepFrame,
    AttackInfo,
    CombatFrame,
    CsFateFrame,
    PlunderFrame,
    TargetFrame,
    WonderMoveFrame,
)
from .movement import (
    figure_options,
    figure_refusal,
    figure_start_refusal,
    figure_starts,
    neighbour_steps,
    step_refusal,
    terrain_steps,
)
from .ops import op
from .pieces import (
    capture_control,
    conquer_city_state,
    defeat_figures_at,
    liberate,
    move_wonder,
    occupy,
    return_diplomacy,
    take_off_control,
)
from .refusal import Refusal
from .spaces import (
    barb_at,
    difficulty,
    free_wonder_cities,
    space_at,
    stands_for_city,
    too_hard,
    uncontrolled_fort,
)
from .state import ON_CARD, Frame, GameState, content_for, without


@op("armies")
def op_armies(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "armies", "seat": seat, "slot": slot, "move": e.int("move"), "water": e.bool("water"), "combat": e.int("combat"), "vs_barbarian": e.int("vs_barbarian"), "passes": list(e.strs("pass_through")), "reattack": e.bool("reattack"), "moved": [], "reattack_used": False}], False


def _army_params(f: ArmyParams) -> ArmyParams:
    return {"seat": f["seat"], "slot": f["slot"], "water": f["water"], "combat": f["combat"], "vs_barbarian": f["vs_barbarian"],
            "passes": f["passes"]}


@choice("armies")
def armies_options(st: GameState, f: ArmiesFrame) -> list[Action]:
    defeated = st.turn.get("defeated_armies", [])
    again = f["reattack"] and not f["reattack_used"]

    def spent(i: int, at: int) -> bool:
        return i in f["moved"] and not (again and i in defeated and at == ON_CARD)

    return figure_options(st, f["seat"], "army", st.players[f["seat"]].armies, spent)


@explain("armies")
def armies_explain(st: GameState, f: ArmiesFrame, a: Action) -> Refusal | None:
    if a.verb != "army":
        return None
    return figure_refusal(st, f["seat"], "army", st.players[f["seat"]].armies, a.n, f["moved"])


@act("armies")
def armies_act(st: GameState, f: ArmiesFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    i = a.n
    if i in f["moved"]:
        replace_top(st, {**f, "reattack_used": True})
    else:
        replace_top(st, {**f, "moved": [*f["moved"], i]})
    seat = f["seat"]
    at = st.players[seat].armies[i]
    move = st.board.n if hooks.grants(st, seat, "army_unlimited_move") else f["move"]  # Pentagon
    params = _army_params(f)
    if at == ON_CARD:
        push(st, {**params, "kind": "army_start", "figure": i, "left": move, "explored": False, "prev": at})
    else:
        push(st, {**params, "kind": "army_step", "figure": i, "left": move, "explored": False, "prev": at})


def army_starts(st: GameState, seat: int) -> list[int]:
    return figure_starts(st, seat, "army")


def own_city_state(st: GameState, seat: int, s: int) -> bool:
    """A city-state space that counts as ``seat``'s city now (Antananarivo on its holder's
    turn): its armies do not attack it, may pass it, and may not end their move there."""
    return s in st.cs_at and s in hooks.collect("extra_starts", st, seat, "city")


def _army_start_do(st: GameState, f: ArmyStartFrame, s: int, where: str) -> None:
    st.player_mut(f["seat"]).armies[f["figure"]] = s
    push(st, {**f, "kind": "army_step", "prev": s})


space_choice("army_start", ArmyStartFrame,
             "start", lambda st, f: army_starts(st, f["seat"]), _army_start_do, skip=None,
             why=lambda st, f, s: figure_start_refusal("army", s))


def targets_at(st: GameState, seat: int, s: int) -> list[str]:
    """What an army of ``seat`` entering ``s`` must attack; a barbarian must be the target."""
    if barb_at(st, s) is not None:
        return ["barb"]
    out = []
    if s in st.cs_at and not own_city_state(st, seat, s):
        out.append("cs")
    if uncontrolled_fort(st, s):
        out.append("fort")
    o = st.cities.get(s)
    if o is not None and o != seat:
        out.append("city")
    o = st.ctl.get(s)
    if o is not None and o != seat:
        out.append("ctl")
    for p, ps in enumerate(st.players):
        if p != seat and s in ps.armies:
            out.append(f"army:{p}")
        if p != seat and s in ps.caravans:
            out.append(f"caravan:{p}")
    return out


def has_target(st: GameState, seat: int, s: int) -> bool:
    """Whether ``targets_at`` lists anything, asked in its order without making the list."""
    if s in st.barbs.values():
        return True
    if s in st.cs_at and not own_city_state(st, seat, s):
        return True
    if uncontrolled_fort(st, s):
        return True
    o = st.cities.get(s)
    if o is not None and o != seat:
        return True
    o = st.ctl.get(s)
    if o is not None and o != seat:
        return True
    for p, ps in enumerate(st.players):
        if p != seat and (s in ps.armies or s in ps.caravans):
            return True
    return False


def passable_targets(st: GameState, f: ArmyParams, s: int, targets: list[str]) -> bool:
    """Flight lets armies pass spaces whose only pieces are listed in the card's pass list."""
    passes = f["passes"]
    if not passes:
        return False
    for t in targets:
        kind = t.split(":")[0]
        if kind == "ctl":
            if "control" not in passes or s in st.reinforced:
                return False
        elif kind == "caravan":
            if "caravan" not in passes:
                return False
        elif kind == "barb":
            if "barbarian" not in passes:
                return False
        elif kind == "cs":
            if "city_state" not in passes:
                return False
        else:
            return False
    return True


def army_enter_reason(st: GameState, f: ArmyParams, s: int) -> Refusal | None:
    b = st.board
    if b.is_water[s]:
        if not f["water"] and not hooks.allows(st, f["seat"], "army_water"):
            return Refusal("water_closed", space=s, piece="army")
    elif b.diff[s] > f["slot"] and hooks.difficulty(st, f["seat"], s, "move") > f["slot"]:
        return too_hard(st, s, f["slot"])
    o = st.cities.get(s, st.ctl.get(s, -1))
    if o >= 0 and o != f["seat"] and not hooks.attack_allowed(st, f["seat"], o):
        return Refusal("pact", space=s, seat=o)
    return None


def _army_steps(st: GameState, f: ArmyStepFrame, here: int) -> list[Action]:
    """The ``to`` options of the neighbours ``army_enter_reason`` lets the army enter, in
    space order, without refusal texts; Non-Aggression Pact is asked once per rival."""
    seat = f["seat"]
    cities, ctl = st.cities, st.ctl
    allowed: dict[int, bool] = {}
    out: list[Action] = []
    for s, a in terrain_steps(st, seat, neighbour_steps(st, here), f["slot"], f["water"], "army_water"):
        o = cities.get(s, ctl.get(s, -1))
        if o >= 0 and o != seat:
            ok = allowed.get(o)
            if ok is None:
                ok = allowed[o] = hooks.attack_allowed(st, seat, o)
            if not ok:
                continue
        out.append(a)
    return out


@choice("army_step")
def army_step_options(st: GameState, f: ArmyStepFrame) -> list[Action]:
    seat = f["seat"]
    here = st.players[seat].armies[f["figure"]]
    opts: list[Action] = []
    if f["left"] > 0:
        opts = _army_steps(st, f, here)
        if not f["explored"] and can_explore(st, here):
            opts.append(action("explore"))
    if has_target(st, seat, here):
        opts.append(action("attack"))  # passing through under Flight: attack here instead
    else:
        opts.append(action("stop"))  # in Antananarivo: the army goes back to its card
    return opts


@explain("army_step")
def army_step_explain(st: GameState, f: ArmyStepFrame, a: Action) -> Refusal | None:
    here = st.players[f["seat"]].armies[f["figure"]]
    if a.verb == "attack":
        return Refusal("nothing_to_attack", space=here, piece="army")
    if a.verb == "stop":
        return Refusal("must_attack", space=here, piece="army")
    return step_refusal(st, f, a, "army", lambda: st.board.nbrs[here],
                        lambda s: army_enter_reason(st, f, s))


@act("army_step")
def army_step_act(st: GameState, f: ArmyStepFrame, a: Action) -> None:
    seat, i = f["seat"], f["figure"]
    ps = st.player_mut(seat)
    if a.verb == "stop":
        pop(st)
        here = ps.armies[i]
        if here in st.cs_at and own_city_state(st, seat, here):
            # Antananarivo: armies may not end their move in its space (approximated: an army
            # stopping there goes back to its card).
            ps.armies[i] = ON_CARD
            log(st, {"kind": "army_home", "seat": seat, "space": here, "why": "city_state"})
        return
    if a.verb == "explore":
        replace_top(st, {**f, "left": f["left"] - 1, "explored": True})
        start_exploration(st, seat, ps.armies[i])
        return
    if a.verb == "attack":
        pop(st)
        begin_attack(st, f, ps.armies[i])
        return
    s = space_at(st, a)
    ps.armies[i] = s
    left = f["left"] - 1
    if not has_target(st, seat, s):
        if s in st.cs_at:
            replace_top(st, {**f, "left": left})  # Antananarivo: never a space to fall back to
        else:
            replace_top(st, {**f, "left": left, "prev": s})
        return
    targets = targets_at(st, seat, s)
    if left > 0 and (passable_targets(st, f, s, targets) or (
            all(t == "ctl" for t in targets) and hooks.allows(st, seat, "pass_rival_control"))):
        replace_top(st, {**f, "left": left})
        return
    pop(st)  # entering the space ends the army's movement and starts an attack
    begin_attack(st, f, s, targets)


def begin_attack(st: GameState, f: ArmyStepFrame, s: int, targets: list[str] | None = None) -> None:
    """Attack the pieces at ``s`` (``targets``: ``targets_at`` there, when already known)."""
    seat = f["seat"]
    if targets is None:
        targets = targets_at(st, seat, s)
    params = _army_params(f)
    push(st, {**params, "kind": "army_after", "figure": f["figure"], "prev": f["prev"], "space": s})
    if len(targets) == 1:
        start_combat(st, {**params, "figure": f["figure"], "prev": f["prev"], "space": s}, targets[0])
    else:
        push(st, {**params, "kind": "target", "figure": f["figure"], "prev": f["prev"], "space": s})


@choice("target")
def target_options(st: GameState, f: TargetFrame) -> list[Action]:
    return [action("target", t) for t in targets_at(st, f["seat"], f["space"])]


@act("target")
def target_act(st: GameState, f: TargetFrame, a: Action) -> None:
    pop(st)
    start_combat(st, f, a.arg)


def defender_of(st: GameState, target: str, s: int) -> int:
    if target in ("city",):
        return st.cities[s]
    if target == "ctl":
        return st.ctl[s]
    if ":" in target:
        return int(target.split(":")[1])
    return -1


def attack_parts(st: GameState, f: AttackInfo, target: str, dseat: int,
                 itemise: bool = True) -> list[tuple[str, int]]:
    """The attacker's combat value before the die, as (part, value) pairs whose sum is
    ``attack_value``: ``slot:<n>``, ``card`` (the military card's bonus), ``vs_barbarian``,
    and ``effect:<handler>`` per leader, wonder or diplomacy bonus (one ``effects`` part when
    not ``itemise``d, the fast path)."""
    parts = [(f"slot:{f['slot']}", int(f["slot"]))]
    if f["combat"]:
        parts.append(("card", int(f["combat"])))
    if target == "barb" and f["vs_barbarian"]:
        parts.append(("vs_barbarian", int(f["vs_barbarian"])))
    ctx = {"role": "attacker", "space": f["space"], "target": target, "other": dseat}
    if itemise:
        parts.extend(("effect:" + h, v) for h, v in hooks.combat_bonus_parts(st, f["seat"], ctx))
    else:
        parts.append(("effects", hooks.combat_bonus(st, f["seat"], ctx)))
    return parts


def attack_value(st: GameState, f: AttackInfo, target: str, dseat: int) -> int:
    return sum(v for _, v in attack_parts(st, f, target, dseat, itemise=False))


def defense_parts(st: GameState, target: str, s: int, dseat: int, aseat: int,
                  itemise: bool = True) -> list[tuple[str, int]]:
    """Defender bonuses (rules: Combat, Defender rolls) as (part, value) pairs whose sum is
    ``defense_value``: ``terrain:<difficulty>``, ``city:<difficulty>x<multiplier>``,
    ``city_state``, ``fort``, ``reinforced``, ``adjacent_reinforced:<n>``, ``friendly_army``,
    ``effect:<handler>`` (or one ``effects`` part when not ``itemise``d)."""
    cb = content_for(st).ruleset.combat
    diff = difficulty(st, s)
    if target == "barb":
        return [(f"terrain:{diff}", diff)]
    if target == "cs":
        return [("city_state", int(cb["city_state"]))]
    if target == "fort":
        return [("fort", int(cb["fort"]))]
    kind = target.split(":")[0]
    parts: list[tuple[str, int]] = []
    if kind == "city":
        mult = int(cb["city_terrain_multiplier"])
        parts.append((f"city:{diff}x{mult}", diff * mult))
    else:
        parts.append((f"terrain:{diff}", diff))
    if kind in ("ctl", "city"):
        if kind == "ctl" and s in st.reinforced:
            parts.append(("reinforced", int(cb["reinforced_self"])))
        adj = sum(1 for n in st.board.nbrs[s] if st.ctl.get(n) == dseat and n in st.reinforced)
        if adj:
            parts.append((f"adjacent_reinforced:{adj}", adj * int(cb["reinforced_adjacent"])))
    armies_here = st.players[dseat].armies.count(s)
    if armies_here - (1 if kind == "army" else 0) > 0:
        parts.append(("friendly_army", int(cb["friendly_army"])))
    ctx = {"role": "defender", "space": s, "target": target, "other": aseat}
    if itemise:
        parts.extend(("effect:" + h, v) for h, v in hooks.combat_bonus_parts(st, dseat, ctx))
    else:
        parts.append(("effects", hooks.combat_bonus(st, dseat, ctx)))
    return parts


def defense_value(st: GameState, target: str, s: int, dseat: int, aseat: int) -> int:
    """Defender bonuses (rules: Combat, Defender rolls)."""
    return sum(v for _, v in defense_parts(st, target, s, dseat, aseat, itemise=False))


def start_combat(st: GameState, info: AttackInfo, target: str) -> None:
    s = info["space"]
    seat = info["seat"]
    dseat = defender_of(st, target, s)
    return_diplomacy(st, seat, target, s, dseat)
    a_die, d_die = roll(st), roll(st)
    a_base = attack_value(st, info, target, dseat)
    d_base = defense_value(st, target, s, dseat, seat)
    log(st, {"kind": "attack", "seat": seat, "target": target, "space": s, "defender": dseat, "a_die": a_die, "a_base": a_base, "d_die": d_die, "d_base": d_base})
    push(st, {**info, "kind": "combat", "attacker": seat, "defender": dseat, "target": target,
              "attack_die": a_die, "defence_die": d_die, "attack_base": a_base, "defence_base": d_base,
              "attack_plus": 0, "defence_plus": 0, "stage": "attacker"})


@choice("combat")
def combat_options(st: GameState, f: CombatFrame) -> list[Action]:
    opts = []
    if spendable(st, f["seat"], type_key(st, f["seat"], "military")) > 0:
        # The ruleset's trade_effect says whether a military token may also buy a reroll.
        reroll = content_for(st).ruleset.trade_effect.get("military") == "combat_or_reroll"
        opts = [action("boost"), action("reroll")] if reroll else [action("boost")]
    opts.extend(hooks.extra_options(st, f["seat"], "combat", f))  # Jebel Barkal
    opts.append(action("accept"))
    return opts


@act("combat")
def combat_act(st: GameState, f: CombatFrame, a: Action) -> None:
    attacker = f["stage"] == "attacker"
    if a.verb not in ("boost", "reroll", "accept") and hooks.extra_act(st, f["seat"], "combat", f, a):
        return
    if a.verb == "boost":
        spend(st, f["seat"], type_key(st, f["seat"], "military"), 1)
        replace_top(st, {**f, "attack_plus": f["attack_plus"] + 1} if attacker else {**f, "defence_plus": f["defence_plus"] + 1})
        return
    if a.verb == "reroll":
        spend(st, f["seat"], type_key(st, f["seat"], "military"), 1)
        die = roll(st)
        log(st, {"kind": "reroll", "seat": f['seat'], "die": die})
        replace_top(st, {**f, "attack_die": die} if attacker else {**f, "defence_die": die})
        return
    d = f["defender"]
    if attacker and d >= 0 and (spendable(st, d, type_key(st, d, "military")) > 0 or hooks.extra_options(st, d, "combat", f)):
        replace_top(st, {**f, "stage": "defender", "seat": d})
        return
    pop(st)
    resolve_combat(st, f)


def resolve_combat(st: GameState, f: CombatFrame) -> None:
    seat = f["attacker"]
    s, target, d = f["space"], f["target"], f["defender"]
    a_total = f["attack_die"] + f["attack_base"] + f["attack_plus"]
    d_total = f["defence_die"] + f["defence_base"] + f["defence_plus"]
    ps = st.player_mut(seat)
    ctx = {"won": a_total > d_total, "target": target.split(":")[0], "space": s, "other": d}
    hooks.fire("after_combat", st, seat, ctx)
    if d >= 0:
        hooks.fire("attacked", st, d, {**ctx, "other": seat})
    if a_total <= d_total:
        if f.get("figure", -1) >= 0:  # an army (base attacks from a card have none)
            ps.armies[f["figure"]] = ON_CARD
            st.turn["defeated_armies"] = [*st.turn.get("defeated_armies", []), f["figure"]]
        log(st, {"kind": "attack_result", "seat": f["attacker"], "won": 0, "attack": a_total, "defence": d_total, "space": f["space"], "home": "i" in f})
        return
    log(st, {"kind": "attack_result", "seat": f["attacker"], "won": 1, "attack": a_total, "defence": d_total, "space": f["space"], "home": False})
    st.mark_agendas()
    ps.flags["best_attack"] = max(ps.flags.get("best_attack", 0), a_total)
    st.turn["won_attacks"] = st.turn.get("won_attacks", 0) + 1
    cb = content_for(st).ruleset.combat
    kind = target.split(":")[0]
    if kind == "barb":
        letter = barb_at(st, s)
        if letter is not None:
            del st.barbs[letter]
        push(st, {"kind": "trade_place", "seat": seat, "left": cb["barbarian_trade_tokens"]})
    elif kind in ("army", "caravan"):
        pd = st.player_mut(d)
        figs = pd.armies if kind == "army" else pd.caravans
        figs[figs.index(s)] = ON_CARD
    elif kind == "cs":
        conquer_city_state(st, seat, s)
    elif kind == "fort":
        occupy(st, seat, s)
    elif kind == "ctl" and stands_for_city(st, s):
        # A control token placed instead of a city on a fort or city-state (FAQ: Attacking):
        # the attacker takes the space as it would take a city, with a city if one is left.
        defeat_figures_at(st, s, seat)
        take_off_control(st, s)
        if st.board.is_fort[s]:
            occupy(st, seat, s)
        else:
            push(st, {"kind": "cs_fate", "seat": seat, "space": s})
    elif kind == "ctl":
        if hooks.allows(st, seat, "raze"):  # Scorched Earth: raze it instead (effects/leaders.py)
            push(st, {"kind": "fx_raze", "seat": seat, "space": s, "slot": f["slot"], "water": f["water"],
                      "combat": f["combat"], "vs_barbarian": f["vs_barbarian"], "passes": f["passes"], "figure": f["figure"]})
        else:
            capture_control(st, seat, s)
    elif kind == "city":
        defeat_figures_at(st, s, seat)
        if s == st.capitals[d]:
            st.mark_agendas()
            ps.flags["capitals"] = ps.flags.get("capitals", 0) + 1
            w = st.wonder_at.get(s)
            if w is not None and free_wonder_cities(st, seat):
                push(st, {"kind": "wonder_move", "seat": seat, "wonder": w, "space": s})
            if cb["capital_trade_take"] > 0 and any(n > 0 for n in st.players[d].trade.values()):
                # Nothing to take: no decision (the only option would be ``done``).
                push(st, {"kind": "plunder", "seat": seat, "defender": d, "left": cb["capital_trade_take"], "taken": 0})
        elif st.board.printed[s] is not None and st.board.printed[s].city_state:  # type: ignore[union-attr]
            push(st, {"kind": "cs_fate", "seat": seat, "space": s})
        else:
            occupy(st, seat, s)


@choice("cs_fate")
def cs_fate_options(st: GameState, f: CsFateFrame) -> list[Action]:
    return [action("conquer"), action("liberate")]


@act("cs_fate")
def cs_fate_act(st: GameState, f: CsFateFrame, a: Action) -> None:
    pop(st)
    seat, s = f["seat"], f["space"]
    cs = st.board.printed[s].city_state  # type: ignore[union-attr]
    assert cs is not None
    st.mark_agendas()
    old = st.cs_conquered.pop(cs, None)
    if old is not None and cs in st.players[old].cs_tokens:
        po = st.player_mut(old)
        po.cs_tokens = without(po.cs_tokens, cs)
    if a.verb == "conquer":
        st.cs_conquered[cs] = seat
        ps = st.player_mut(seat)
        ps.cs_tokens = (*ps.cs_tokens, cs)
        occupy(st, seat, s)
        log(st, {"kind": "conquer", "seat": seat, "cs": cs})
        return
    liberate(st, s, cs, seat)


@choice("plunder")
def plunder_options(st: GameState, f: PlunderFrame) -> list[Action]:
    t = st.players[f["defender"]].trade
    return [*(action("take", k) for k in content_for(st).ruleset.focus_types if t.get(k, 0) > 0),
            action("done")]


@explain("plunder")
def plunder_explain(st: GameState, f: PlunderFrame, a: Action) -> Refusal | None:
    if a.verb != "take":
        return None
    types = content_for(st).ruleset.focus_types
    if a.arg not in types:
        return Refusal("not_a_focus_type", item=a.arg, names=tuple(types))
    return Refusal("no_trade_tokens", seat=f["defender"], item=a.arg)


@act("plunder")
def plunder_act(st: GameState, f: PlunderFrame, a: Action) -> None:
    if a.verb == "take":
        st.player_mut(f["defender"]).trade[a.key] -= 1
        f = {**f, "left": f["left"] - 1, "taken": f["taken"] + 1}
        replace_top(st, f)
        if f["left"] > 0:
            return
    pop(st)
    if f["taken"]:
        push(st, {"kind": "trade_place", "seat": f["seat"], "left": f["taken"]})


space_choice("wonder_move", WonderMoveFrame, "under",
             lambda st, f: free_wonder_cities(st, f["seat"]),
             lambda st, f, t, where: move_wonder(st, f["seat"], f["space"], t), skip=None)


@auto("army_after")
def run_army_after(st: GameState, f: ArmyAfterFrame) -> None:
    """After the attack the army stays unless the space still holds a city-state, an
    unclaimed fort or a rival piece; then it goes back to the last space it left that had none."""
    seat, i, s = f["seat"], f["figure"], f["space"]
    ps = st.player_mut(seat)
    if ps.armies[i] != s:
        return  # defeated: already on its card
    if has_target(st, seat, s):
        prev = f["prev"]
        if prev in st.cs_at:  # it left from Antananarivo, where it may not end its move
            ps.armies[i] = ON_CARD
            log(st, {"kind": "army_home", "seat": seat})
            return
        ps.armies[i] = prev
        log(st, {"kind": "army_back", "seat": seat, "space": prev})

