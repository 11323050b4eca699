"""District abilities, resolved at the district icon of the event dial (unified rules:
Districts). District ranges count through every space and ignore terrain."""

from __future__ import annotations

from typing import Literal, cast

from . import hooks
from .actions import Action, action
from .decisions import space_choice
from .flow import (
    act,
    add_trade_to_type,
    auto,
    choice,
    explain,
    log,
    pop,
    push,
    replace_top,
    type_key,
)
from .frames import (
    CampusFrame,
    DistrictAbilityFrame,
    EncampmentFrame,
    HubFrame,
    TheaterFrame,
    ZoneCityFrame,
    ZoneFrame,
)
from .pieces import build_city, place_control, remove_control
from .refusal import Refusal
from .spaces import (
    city_legal,
    city_reason,
    city_spaces,
    control_legal,
    control_reason,
    friendly_spaces,
    mature_cities,
    own_tokens,
    space_actions,
    space_at,
    unused_cities,
    unused_control,
    within,
)
from .state import ON_CARD, Frame, GameState, content_for


def ability_frames(st: GameState, seat: int, s: int, d: str) -> list[Frame]:
    kinds: dict[str, Literal["campus", "encampment", "hub", "theater", "zone"]] = {
        "campus": "campus", "commercial_hub": "hub", "industrial_zone": "zone",
        "encampment": "encampment", "theater_square": "theater",
    }
    f: DistrictAbilityFrame = {"kind": kinds[d], "seat": seat, "space": s, "defeated": False, "reinforced": False}
    return [cast(Frame, f)]  # one of the five district kinds, which share this shape


def count_near(st: GameState, seat: int, s: int, terrains: tuple[str, ...]) -> int:
    """Friendly spaces of the given terrains in or adjacent to ``s``."""
    b = st.board
    terrain = b.terrain
    cities = st.cities
    ctl = st.ctl
    n = 0
    for t in (s, *b.nbrs[s]):
        if terrain[t] in terrains and (cities.get(t) == seat or ctl.get(t) == seat):  # friendly
            n += 1
    if st.players[seat].dipl:
        # Open Borders (TI wording): the giver's cities and tokens are friendly for districts.
        friends = hooks.collect("friendly_seats", st, seat)
        if friends:
            n += sum(1 for t in (s, *b.nbrs[s]) if b.terrain[t] in terrains
                     and st.cities.get(t, st.ctl.get(t, -1)) in friends)
    if st.district.get(s) and hooks.allows(st, seat, "polders"):
        # Netherlands: water next to your district counts as a friendly space of every terrain.
        n += sum(1 for t in b.nbrs[s] if b.is_water[t])
    return n


@auto("campus")
def run_campus(st: GameState, f: CampusFrame) -> None:
    n = count_near(st, f["seat"], f["space"], ("mountain", "natural_wonder"))
    add_trade_to_type(st, f["seat"], "science", n)
    log(st, {"kind": "district_trade", "seat": f["seat"], "district": "campus", "space": f["space"], "n": n, "focus": "science"})


@choice("hub")
def hub_options(st: GameState, f: HubFrame) -> list[Action]:
    return [action("mode", "cities"), action("mode", "desert")]


@act("hub")
def hub_act(st: GameState, f: HubFrame, a: Action) -> None:
    pop(st)
    seat = f["seat"]
    if a.key == "cities":
        n = len(mature_cities(st, seat))
        if n:
            push(st, {"kind": "trade_place", "seat": seat, "left": n})
    else:
        n = count_near(st, seat, f["space"], ("desert",))
        add_trade_to_type(st, seat, "economy", n)
        log(st, {"kind": "district_trade", "seat": seat, "district": "commercial_hub", "space": f["space"], "n": n, "focus": "economy"})


def zone_city_targets(st: GameState, seat: int) -> set[int]:
    if unused_cities(st, seat) <= 0:
        return set()
    return city_legal(st, seat, within(st, friendly_spaces(st, seat), 2), None)


@choice("zone")
def zone_options(st: GameState, f: ZoneFrame) -> list[Action]:
    opts = [action("mode", "forest")]
    if st.players[f["seat"]].trade.get(type_key(st, f["seat"], "industry"), 0) >= 3 and zone_city_targets(st, f["seat"]):
        opts.append(action("mode", "city"))
    return opts


@act("zone")
def zone_act(st: GameState, f: ZoneFrame, a: Action) -> None:
    pop(st)
    seat = f["seat"]
    if a.key == "forest":
        n = count_near(st, seat, f["space"], ("forest",))
        add_trade_to_type(st, seat, "industry", n)
        log(st, {"kind": "district_trade", "seat": seat, "district": "industrial_zone", "space": f["space"], "n": n, "focus": "industry"})
    else:
        st.player_mut(seat).trade[type_key(st, seat, "industry")] -= 3
        push(st, {"kind": "zone_city", "seat": seat})


def _zone_city_why(st: GameState, f: Frame, s: int) -> Refusal | None:
    if unused_cities(st, f["seat"]) <= 0:
        return Refusal("no_unused_city", space=s)
    return city_reason(st, f["seat"], s, None) or Refusal("out_of_range", space=s, number=2)


space_choice("zone_city", ZoneCityFrame,
             "city", lambda st, f: zone_city_targets(st, f["seat"]),
             lambda st, f, s, where: build_city(st, f["seat"], s), skip=None, why=_zone_city_why)


def encampment_targets(st: GameState, f: EncampmentFrame) -> tuple[list[int], list[int]]:
    seat = f["seat"]
    near = within(st, [f["space"]], 2)
    defeat = []
    if not f["defeated"]:
        barbs = set(st.barbs.values())
        rival_armies = {at for p, ps in enumerate(st.players) if p != seat for at in ps.armies if at >= 0}
        defeat = [s for s in near if s in barbs or s in rival_armies]
    reinforce = []
    if not f["reinforced"]:
        reinforce = [s for s in near if st.ctl.get(s) == seat and s not in st.reinforced]
    return defeat, reinforce


@choice("encampment")
def encampment_options(st: GameState, f: EncampmentFrame) -> list[Action]:
    defeat, reinforce = encampment_targets(st, f)
    return [*space_actions("defeat", st, defeat), *space_actions("reinforce", st, reinforce), action("done")]


@act("encampment")
def encampment_act(st: GameState, f: EncampmentFrame, a: Action) -> None:
    seat = f["seat"]
    if a.verb == "done":
        pop(st)
        return
    s = space_at(st, a)
    if a.verb == "reinforce":
        st.mark_agendas("reinforced")
        st.reinforced_mut().add(s)
        f = {**f, "reinforced": True}
        replace_top(st, f)
    else:
        f = {**f, "defeated": True}
        replace_top(st, f)
        letter = next((k for k, v in st.barbs.items() if v == s), None)
        if letter is not None:
            del st.barbs[letter]
            log(st, {"kind": "encampment", "seat": seat, "space": s, "letter": letter, "other": -1})
            push(st, {"kind": "trade_place", "seat": seat, "left": content_for(st).ruleset.combat["barbarian_trade_tokens"]})
        else:
            for p, ps in enumerate(st.players):
                if p != seat and s in ps.armies:
                    ps = st.player_mut(p)
                    ps.armies[ps.armies.index(s)] = ON_CARD
                    log(st, {"kind": "encampment", "seat": seat, "space": s, "letter": "", "other": p})
                    break
    if f["defeated"] and f["reinforced"]:
        st.stack_frames.remove(f)


@choice("theater")
def theater_options(st: GameState, f: TheaterFrame) -> list[Action]:
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        # FAQ, Control Tokens: with no unused token, first take one of yours back from the map.
        return [*space_actions("remove", st, own_tokens(st, seat)), action("done")]
    # place_targets "within2:<space>" and "wonder_city2" in one filter.
    near = within(st, [f["space"]], 2)
    near |= within(st, [s for s in city_spaces(st, seat) if s in st.wonder_at], 2)
    return [*space_actions("place", st, control_legal(st, seat, near, None)), action("done")]


@explain("theater")
def theater_explain(st: GameState, f: TheaterFrame, a: Action) -> Refusal | None:
    if a.verb != "place":
        return None
    s = space_at(st, a)
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return Refusal("no_unused_control", space=s, seat=seat)
    return control_reason(st, seat, s, None) or Refusal("not_near", space=s, item="theater", near=f["space"])


@act("theater")
def theater_act(st: GameState, f: TheaterFrame, a: Action) -> None:
    if a.verb == "remove":  # the district's placement still waits
        s = space_at(st, a)
        remove_control(st, s)
        log(st, {"kind": "take_back", "seat": f["seat"], "space": s})
        return
    pop(st)
    if a.verb == "place":
        place_control(st, f["seat"], space_at(st, a))
