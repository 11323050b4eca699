"""Industry cards: building a city or a world wonder (unified rules: Industry Focus Cards)."""

from __future__ import annotations

from ..content.schema import Effect
from . import hooks
from .actions import Action, action
from .decisions import space_choice
from .flow import act, choice, explain, log, pop, push, replace_top, spend, spendable, type_key
from .frames import BuildFrame, PayFrame, WonderCityFrame
from .ops import op
from .pieces import build_city, place_wonder_token
from .refusal import Refusal
from .spaces import (
    city_legal,
    city_reason,
    free_wonder_cities,
    friendly_spaces,
    reach,
    space_actions,
    space_at,
    unused_cities,
)
from .state import ON_CARD, Frame, GameState, content_for, without


@op("build")
def op_build(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    f: BuildFrame = {"kind": "build", "seat": seat, "slot": slot, "range": e.int("city_range", 2), "water": e.bool("count_water"), "on_figure": e.bool("on_figure"), "slot5_production": e.int("wonder_slot5_production"), "after": e.int("after_city_control")}
    if e.bool("production_per_district"):
        f["extra"] = sum(1 for s in st.district if st.ctl.get(s) == seat)
    if not e.bool("cities", True):
        f["no_city"] = True
    if e.int("resource_value", 2) != 2:
        f["resource_value"] = e.int("resource_value", 2)
    if e.bool("range_from_caravan"):  # base Animal Husbandry: range also counted from a caravan
        f["from_caravans"] = True
    return [f], False


# ---------------------------------------------------------------- cities


def city_targets(st: GameState, seat: int, max_diff: int | None, rng: int, water: bool,
                 from_caravans: bool = False) -> set[int]:
    b = st.board
    water = water or hooks.allows(st, seat, "city_count_water")  # Auckland
    if unused_cities(st, seat) <= 0:
        return set()
    is_water = b.is_water
    diff = b.diff
    cities = st.cities
    ctl = st.ctl
    cs_at = st.cs_at
    barbs = st.barbs.values()
    # Effects only lower a difficulty: without any, the printed one decides.
    easier = max_diff is not None and bool(hooks.handlers_at("difficulty", st, seat))

    def passable(t: int) -> bool:
        if is_water[t]:
            return water
        if max_diff is not None and diff[t] > max_diff and (
                not easier or hooks.difficulty(st, seat, t, "city") > max_diff):
            return False
        o = cities.get(t)
        if o is None:
            o = ctl.get(t, seat)
        return o == seat and t not in barbs and t not in cs_at  # no rival space

    sources = friendly_spaces(st, seat)
    if from_caravans:
        sources = [*sources, *(s for s in st.players[seat].caravans if s >= 0 and s not in sources)]
    return city_legal(st, seat, reach(st, sources, rng, passable), max_diff)


def figure_spaces(st: GameState, seat: int, max_diff: int) -> set[int]:
    ps = st.players[seat]
    return city_legal(st, seat, {s for s in (*ps.caravans, *ps.armies) if s >= 0}, max_diff)


# ---------------------------------------------------------------- wonders

def wonder_cost(st: GameState, seat: int, w: str) -> int:
    return content_for(st).wonders[w].cost + hooks.wonder_cost(st, seat, w)


def wonder_cost_parts(st: GameState, seat: int, w: str) -> list[tuple[str, int]]:
    """``wonder_cost`` as parts: ``printed`` and ``effect:<handler>`` per modifier."""
    return [("printed", content_for(st).wonders[w].cost),
            *(("effect:" + h, v) for h, v in hooks.call_parts("wonder_cost", st, seat, w))]


def payment_parts(st: GameState, f: PayFrame) -> list[tuple[str, int]]:
    """The production of a ``pay`` step as parts whose sum is its ``prod``: the build step's
    ``production_parts`` (the frame below), then ``resource:<type>:<n>``, ``nw:<id>`` and
    ``trade:<n>`` as they were paid."""
    below = st.stack_frames[-2] if len(st.stack_frames) > 1 and st.stack_frames[-1] is f else None
    parts: list[tuple[str, int]] = []
    if below is not None and below["kind"] == "build":
        parts.extend(production_parts(st, below, f["wonder"]))
    rv = int(f.get("resource_value", 2))
    for r, k in sorted(f["paid_resources"].items()):
        parts.append((f"resource:{r}:{k}", rv * int(k)))
    for n in f["paid_nws"]:
        parts.append((f"nw:{n}", 2))
    if f["trade"]:
        parts.append((f"trade:{f['trade']}", int(f["trade"])))
    return parts


def production_parts(st: GameState, f: BuildFrame, w: str) -> list[tuple[str, int]]:
    """The named parts of the production a build step ``f`` starts wonder ``w`` with; their
    sum is ``base_production`` (resources, natural wonders and trade tokens are added while
    paying, in the ``pay`` frame)."""
    slot = f["slot"]
    parts = [("wonder production of the card in slot 5", int(f["slot5_production"])) if f["slot5_production"] and slot >= 5
             else (f"industry card in slot {slot}", int(slot))]
    if w in st.wonder_tokens:
        parts.append(("trade token on the wonder", 1))
    if f.get("extra"):
        parts.append(("one for each of your districts", int(f["extra"])))
    return parts


def base_production(st: GameState, f: BuildFrame, w: str) -> int:
    """The sum of ``production_parts``, without writing their names (asked of every wonder on
    offer)."""
    slot = f["slot"]
    n = int(f["slot5_production"]) if f["slot5_production"] and slot >= 5 else int(slot)
    if w in st.wonder_tokens:
        n += 1
    if f.get("extra"):
        n += int(f["extra"])
    return n


def eligible_nws(st: GameState, seat: int, w: str) -> list[str]:
    c = content_for(st)
    res = c.wonders[w].resources
    used = st.turn.get("nw_used", [])
    return [n for n in st.players[seat].nws if c.natural_wonders[n].resource in res and n not in used]


def affordable(st: GameState, f: BuildFrame, w: str) -> bool:
    seat = f["seat"]
    return _affordable(st, f, w, spendable(st, seat, type_key(st, seat, "industry")))


def _affordable(st: GameState, f: BuildFrame, w: str, trade: int) -> bool:
    """``affordable`` with the seat's spendable industry tokens ``trade`` counted already."""
    seat = f["seat"]
    c = content_for(st)
    ps = st.players[seat]
    most = base_production(st, f, w) + trade
    most += int(f.get("resource_value", 2)) * sum(ps.resources.get(r, 0) for r in c.wonders[w].resources)
    most += 2 * len(eligible_nws(st, seat, w))
    return most >= wonder_cost(st, seat, w)


@choice("build")
def build_options(st: GameState, f: BuildFrame) -> list[Action]:
    seat = f["seat"]
    spaces = set() if f.get("no_city") else city_targets(st, seat, f["slot"], f["range"], f["water"],
                                                         f.get("from_caravans", False))
    if f["on_figure"] and unused_cities(st, seat) > 0:
        spaces |= figure_spaces(st, seat, f["slot"])
    opts = space_actions("city", st, spaces)
    tops = [deck[0] for deck in st.wonder_decks.values() if deck]
    if tops and free_wonder_cities(st, seat):
        trade = spendable(st, seat, type_key(st, seat, "industry"))
        for w in tops:
            if _affordable(st, f, w, trade):
                opts.append(action("wonder", w))
    opts.extend(x for x in hooks.extra_options(st, seat, "build", f) if x not in opts)  # Great Lighthouse
    opts.append(action("done"))
    return opts


@explain("build")
def build_explain(st: GameState, f: BuildFrame, a: Action) -> Refusal | None:
    seat = f["seat"]
    if a.verb == "city":
        s = space_at(st, a)
        if f.get("no_city"):
            return Refusal("wonders_only", space=s)
        if unused_cities(st, seat) <= 0:
            return Refusal("no_unused_city", space=s)
        # Out of reach counting through passable spaces (no water, rival spaces, barbarians,
        # city-states or harder terrain).
        return city_reason(st, seat, s, f["slot"]) or Refusal("out_of_range", space=s, number=f["range"], piece="city")
    if a.verb == "wonder":
        if not any(d and d[0] == a.arg for d in st.wonder_decks.values()):
            return Refusal("wonder_not_on_top", item=a.arg)
        if not free_wonder_cities(st, seat):
            return Refusal("no_wonder_city", item=a.arg)
        return Refusal("wonder_unaffordable", item=a.arg)
    return None


@act("build")
def build_act(st: GameState, f: BuildFrame, a: Action) -> None:
    seat = f["seat"]
    if a.verb == "done":
        pop(st)
        return
    if a.verb == "wonder":
        w = a.key
        push(st, {"kind": "pay", "seat": seat, "wonder": w, "production": base_production(st, f, w), "cost": wonder_cost(st, seat, w), "paid_resources": {}, "paid_nws": [], "trade": 0, "resource_value": f.get("resource_value", 2)})
        return
    pop(st)
    s = space_at(st, a)
    normal = not f["on_figure"] or s in city_targets(st, seat, f["slot"], f["range"], f["water"],
                                                      f.get("from_caravans", False))
    build_city(st, seat, s)
    if not normal:
        # Animal Husbandry: built on your own caravan or army, which returns to its card.
        ps = st.player_mut(seat)
        for figs in (ps.caravans, ps.armies):
            for i, at in enumerate(figs):
                if at == s:
                    figs[i] = ON_CARD
    if f["after"]:
        push(st, {"kind": "place", "seat": seat, "left": f["after"], "near": f"at:{s}", "max": f["slot"]})


@choice("pay")
def pay_options(st: GameState, f: PayFrame) -> list[Action]:
    seat = f["seat"]
    c = content_for(st)
    ps = st.players[seat]
    opts = []
    for r in c.wonders[f["wonder"]].resources:
        if ps.resources.get(r, 0) > f["paid_resources"].get(r, 0):
            opts.append(action("pay", r))
    for n in eligible_nws(st, seat, f["wonder"]):
        if n not in f["paid_nws"]:
            opts.append(action("pay", "nw:" + n))
    if spendable(st, seat, type_key(st, seat, "industry")) > f["trade"]:
        opts.append(action("pay", "trade"))
    if f["production"] >= f["cost"]:
        opts.append(action("build"))
    opts.append(action("back"))
    return opts


@act("pay")
def pay_act(st: GameState, f: PayFrame, a: Action) -> None:
    if a.verb == "back":
        pop(st)
        return
    if a.verb == "pay":
        if a.key == "trade":
            replace_top(st, {**f, "trade": f["trade"] + 1, "production": f["production"] + 1})
        elif a.key == "nw":  # nw:<natural wonder>
            replace_top(st, {**f, "paid_nws": [*f["paid_nws"], a.key2], "production": f["production"] + 2})
        else:
            res = dict(f["paid_resources"])
            res[a.key] = res.get(a.key, 0) + 1
            replace_top(st, {**f, "paid_resources": res, "production": f["production"] + f.get("resource_value", 2)})
        return
    # build: pay what was chosen and take the card
    seat, w = f["seat"], f["wonder"]
    pop(st)
    pop(st)  # the industry card's choice is made
    ps = st.player_mut(seat)
    st.mark_agendas()
    for r, k in f["paid_resources"].items():
        ps.resources[r] -= k
    st.turn["nw_used"] = [*st.turn.get("nw_used", []), *f["paid_nws"]]
    if f["trade"]:
        spend(st, seat, type_key(st, seat, "industry"), f["trade"])
    wtype = content_for(st).wonders[w].type
    decks = st.wonder_decks
    decks[wtype] = decks[wtype][1:]  # a new list: copies of the state share the decks
    if w in st.wonder_tokens:
        st.wonder_tokens = without(st.wonder_tokens, w)
    ps.wonders = (*ps.wonders, w)
    log(st, {"kind": "wonder_built", "seat": seat, "wonder": w, "prod": f['production'], "cost": f['cost']})
    push(st, {"kind": "wonder_city", "seat": seat, "wonder": w})


space_choice("wonder_city", WonderCityFrame, "under",
             lambda st, f: free_wonder_cities(st, f["seat"]),
             lambda st, f, s, where: place_wonder_token(st, f["seat"], s, f["wonder"]), skip=None)


