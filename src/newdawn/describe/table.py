"""The table around the map: round and turn, the event dial, the wonder market, the end, and the
words of the map's spaces shown when the pointer rests on one."""

from __future__ import annotations

from typing import Any

from ..content.model import Content
from ..content.schema import RESOURCES, TERRAINS
from ..engine import (
    LOCKED,
    ON_CARD,
    GameState,
    affordable,
    card_of,
    claimed_cards,
    content_for,
    effect_frames,
    effective_slot,
    free_wonder_cities,
    friendly_spaces,
    key_of_type,
    production_parts,
    slot_of,
    wonder_cost,
)
from ..engine.frames import BuildFrame
from .names import (
    FOCUS_TYPE,
    ICON,
    TERRAIN,
    city_state_name,
    district_name,
    leader_name,
    natural_wonder_name,
    plural,
    seat_full,
    seat_name,
    wonder_name,
    words,
)


def icon_text(icons: tuple[str, ...] | list[str]) -> str:
    return "; ".join(ICON.get(i, words(i)) for i in icons)


def turn_json(st: GameState) -> dict[str, Any]:
    dial = content_for(st).ruleset.event_dial
    nxt = (st.event_pos + 1) % len(dial)
    # The dial turns at the start of the first player's turn from round 2 on, before anyone of
    # that round decides anything: during round r the next turn of the dial is round r + 1's.
    when_round = st.round + 1
    limit = st.config.get("max_rounds")
    return {
        "round": st.round,
        "max_rounds": limit,
        "round_text": f"Round {st.round}" + (f" of {limit}" if limit else ""),
        "round_short": f"Round {st.round}" + (f"/{limit}" if limit else ""),
        "first_text": f"first player {seat_full(st, st.first)}",
        "first": st.first,
        "current": st.current,
        "dial": {
            "pos": st.event_pos,
            "sections": [list(s) for s in dial],
            "section_texts": [icon_text(s) for s in dial],
            "next_text": f"at the start of round {when_round}: {icon_text(dial[nxt])}",
        },
    }


def _build_frame(st: GameState, seat: int) -> BuildFrame | None:
    """The build step the viewer's industry card would start now (None without one)."""
    key = key_of_type(st, seat, "industry")
    if key is None:
        return None
    cid = card_of(st, seat, key)
    slot = effective_slot(st, seat, key, slot_of(st, seat, key))
    for e in content_for(st).focus_cards[cid].effects:
        if e.op == "build":
            frames, _ = effect_frames(st, seat, e, slot, 0)
            for f in frames:
                if f["kind"] == "build":
                    return f
    return None


def wonders_json(st: GameState, seat: int) -> list[dict[str, Any]]:
    """The face-up wonders, and whether ``seat`` could build each with its industry card now."""
    c = content_for(st)
    f = _build_frame(st, seat) if 0 <= seat < st.n and st.winner == -1 else None
    out = []
    for wtype in sorted(st.wonder_decks):
        deck = st.wonder_decks[wtype]
        if not deck:
            continue
        w = c.wonders[deck[0]]
        why: str | None
        if not 0 <= seat < st.n:
            why = "spectators do not build"
        elif st.winner != -1:
            why = "the game is over"
        elif f is None:
            why = "your industry card cannot build a wonder"
        elif not free_wonder_cities(st, seat):
            why = "every one of your cities already holds a wonder"
        elif not affordable(st, f, w.id):
            base = sum(v for _, v in production_parts(st, f, w.id))
            why = (f"your industry card makes {base} production here; with every resource and token "
                   f"you could not reach the cost {wonder_cost(st, seat, w.id)}")
        else:
            why = None
        out.append({
            "id": w.id, "name": w.name, "type": w.type, "era": w.era,
            "cost": wonder_cost(st, seat, w.id) if 0 <= seat < st.n else w.cost,
            "resources": list(w.resources), "resources_text": ", ".join(words(r) for r in w.resources) or "none",
            "text": w.text,
            "trade_token": w.id in st.wonder_tokens, "buildable": why is None, "why_not": why,
        })
    return out


TIEBREAKS = (("cards", "victory cards"), ("wonders", "wonders"), ("friendly_spaces", "friendly spaces"))
"""The rulebook's order (unified rules rev7, Winning the Game; ``engine.victory.round_winner``)."""


def tiebreak_text(win: dict[str, Any], rivals: list[dict[str, Any]]) -> str:
    """Why the winner beat each rival who also reached the victory count: the first of the
    tie-breaks that tells them apart, with both numbers."""
    order = ", then ".join(f"more {name}" for _, name in TIEBREAKS)
    parts = []
    for r in rivals:
        level: list[str] = []
        for key, name in TIEBREAKS:
            if win[key] != r[key]:
                parts.append(f"{seat_name(win['seat'])} beats {seat_name(r['seat'])} on {name}, {win[key]} to {r[key]}"
                             + (f" (level on {' and '.join(level)})" if level else ""))
                break
            level.append(f"{name} at {win[key]}")
        else:
            parts.append(f"{seat_name(win['seat'])} and {seat_name(r['seat'])} are level on all three; "
                         "the rules say nothing more and the earlier seat wins")
    also = ", ".join(seat_name(r["seat"]) for r in rivals)
    return f"{also} also reached the victory count. Tie-breaks: {order}. " + "; ".join(parts) + "."


def end_json(st: GameState) -> dict[str, Any] | None:
    if st.winner == -1:
        return None

    c = content_for(st)
    need = c.ruleset.victory_cards_to_win
    standings: list[dict[str, Any]] = []
    for p in range(st.n):
        claims = []
        for vc_id in st.victory_cards:
            for ag in c.victory_cards[vc_id].agendas:
                if p in st.claims.get(ag.id, []):
                    claims.append({"card": vc_id, "agenda": ag.id, "agenda_name": ag.name})
        row = {
            "seat": p, "leader": st.players[p].leader, "leader_name": leader_name(st, st.players[p].leader),
            "cards": claimed_cards(st, p), "claims": claims, "wonders": len(st.players[p].wonders),
            "friendly_spaces": len(friendly_spaces(st, p)),
        }
        standings.append({**row, "text": standing_text(row)})
    tiebreak = None
    if st.winner >= 0:
        w = st.winner
        reason = f"{seat_name(w)} completed agendas on {standings[w]['cards']} victory cards (needed {need})"
        rivals = [s for s in standings if s["seat"] != w and s["cards"] >= need]
        if rivals:
            tiebreak = tiebreak_text(standings[w], rivals)
    else:
        reason = f"the round limit ({st.config.get('max_rounds')}) was reached with no winner"
    title = f"{seat_full(st, st.winner)} wins" if st.winner >= 0 else "The game ends without a winner"
    return {"winner": st.winner, "title": title, "reason": reason, "tiebreak": tiebreak, "standings": standings}


def standing_text(row: dict[str, Any]) -> str:
    """A seat's line on the end screen: "3 victory cards (Science, Culture); 1 wonder, 5
    friendly spaces"."""
    claims = ", ".join(c["agenda_name"] for c in row["claims"])
    return (plural(row["cards"], "victory card") + (f" ({claims})" if claims else "")
            + f"; {plural(row['wonders'], 'wonder')}, {plural(row['friendly_spaces'], 'friendly space')}")


SPACE_PHRASES = {
    "touched": "touched since your last turn",
    "off_map": "a new space",
    "click": "click",
    "not_a_choice": "not a choice now",
    "sure": "are you sure?",
    "no_reason": "Not one of the choices of this decision.",
}
"""The fixed phrases of the map's tooltip, of a click on a space that is not a choice and of
the menu that asks before a choice that warns (a fight)."""


def space_words(st: GameState) -> dict[str, Any]:
    """What the table says about a space and the things on it (``schema.SpaceWords``), the same
    for every viewer of ``st``: ``terrain`` and ``fort`` (terrain -> the space's first line,
    "Hills · difficulty 2", "Hills (fort) · difficulty 2": a few lines for the whole map),
    ``titles`` (piece key -> its one line, the map's hover title of that piece and its line in
    the tooltip: "Capital of Seat 1 (Gandhi)", "Army 2 of Seat 2 (Cleopatra)", "Barbarian B",
    "Oil resource"), ``pieces`` (space id -> the keys of the things there, in the tooltip's
    order) and the fixed phrases (``SPACE_PHRASES``). A piece's key is the map's own key of it
    (``piece_key``). No coordinates: a place is named by what is there (issue 39 §3)."""
    c = content_for(st)
    diff = c.ruleset.terrain_difficulty
    terrain: dict[str, str] = {}
    fort: dict[str, str] = {}
    for t in sorted(set(st.board.terrain)):
        name = TERRAIN.get(t, words(t)).capitalize()
        level = f" · difficulty {diff[t]}" if t in diff else ""
        terrain[t] = f"{name}{level}"
        fort[t] = f"{name} (fort){level}"
    titles: dict[str, str] = {}
    pieces: dict[str, list[str]] = {}

    def add(s: int, key: str, line: str) -> None:
        titles[key] = line
        pieces.setdefault(str(s), []).append(key)

    for s, seat in sorted(st.cities.items()):
        add(s, piece_key("city", s), f"{'Capital' if st.capitals[seat] == s else 'City'} of {seat_full(st, seat)}")
    for s, seat in sorted(st.ctl.items()):
        kind = f"{district_name(st.district[s])} district" if s in st.district else "Control token"
        add(s, piece_key("control", s), f"{kind} of {seat_full(st, seat)}{', reinforced' if s in st.reinforced else ''}")
    for s, cs in sorted(st.cs_at.items()):
        rec = c.city_states.get(cs)
        kind = f" ({FOCUS_TYPE.get(rec.type, words(rec.type))})" if rec is not None and rec.type else ""
        add(s, piece_key("city_state", s), f"City-state {city_state_name(st, cs)}{kind}")
    for s, tok in sorted(st.tokens.items()):
        if tok.startswith("nw:"):
            add(s, piece_key("token", s), f"Natural wonder token: {natural_wonder_name(st, tok[3:])}")
        else:
            add(s, piece_key("token", s), f"{words(tok).capitalize()} resource")
    for s, w in sorted(st.wonder_at.items()):
        add(s, piece_key("wonder", s), f"Wonder: {wonder_name(st, w)}")
    for letter, s in sorted(st.barbs.items()):
        add(s, f"b-{letter}", f"Barbarian {letter}")
    for seat, ps in enumerate(st.players):
        for i, s in enumerate(ps.armies):
            if s >= 0:
                add(s, f"a-{seat}-{i}", f"Army {i + 1} of {seat_full(st, seat)}")
        for i, s in enumerate(ps.caravans):
            if s >= 0:
                add(s, f"v-{seat}-{i}", f"Caravan {i + 1} of {seat_full(st, seat)}")
    return {"terrain": terrain, "fort": fort, "titles": titles, "pieces": pieces, **SPACE_PHRASES}


PIECE_PREFIX = {"city": "ci", "control": "c", "city_state": "cs", "token": "t", "wonder": "w"}
"""The map's keys of the things fixed on a space (``map.js``'s ``Fixed``): prefix + space id.
Moving pieces are keyed by who they are: ``a-<seat>-<i>``, ``v-<seat>-<i>``, ``b-<letter>``."""


def piece_key(kind: str, s: int) -> str:
    return f"{PIECE_PREFIX[kind]}{s}"


LEGEND_PIECES = (
    ("city", "City (★ capital)"), ("control", "Control token (ring: reinforced)"), ("army", "Army"),
    ("caravan", "Caravan"), ("barbarian", "Barbarian (by letter)"), ("city_state", "City-state (colour: its type)"),
    ("wonder", "Wonder built here"), ("nw_token", "Natural wonder token"), ("fort", "Fort (dashed ring)"),
    ("touched", "Touched since your last turn"), ("target", "You can choose it"),
)


def map_words(c: Content) -> dict[str, Any]:
    """The map's words that hang on the ruleset alone (sent once, with ``/api/content``): the
    legend's line for each terrain (``terrain``: "Hills", ``difficulty``: "difficulty 2"; the
    help's list of them, ``difficulties``: "grassland 1, hills 2, ..."), each
    district (``district:<id>``), each resource (``resource:<id>``) and each other kind of piece
    or mark (``pieces``), and each city-state's mark on its diamond (``city_state_marks``: its name's first three letters)."""
    diff = c.ruleset.terrain_difficulty
    pieces = dict(LEGEND_PIECES)
    if not c.ruleset.components.get("armies"):
        del pieces["army"]  # the base game has none
    if not c.ruleset.fort_terrain:
        del pieces["fort"]
    for d in c.ruleset.districts:
        pieces[f"district:{d}"] = f"{district_name(d)} district"
    for r in RESOURCES:
        pieces[f"resource:{r}"] = f"{words(r).capitalize()} resource"
    return {
        "terrain": {t: TERRAIN.get(t, words(t)).capitalize() for t in TERRAINS},
        "difficulty": {t: f"difficulty {diff[t]}" for t in TERRAINS if t in diff},
        "difficulties": ", ".join(f"{TERRAIN.get(t, words(t))} {diff[t]}" for t in TERRAINS if t in diff),
        "pieces": pieces,
        "city_state_marks": {cs.id: cs.name[:3] for cs in c.city_states.values()},
    }


def nw_labels(st: GameState) -> dict[str, dict[str, Any]]:
    """The natural wonders' labels on the board (space id -> ``name``, and ``lines``: the name
    without a leading "The" in at most two lines that fit the lower half of a hex). Made once
    per board, with its geometry (``server.views.board_json``)."""
    b = st.board
    out: dict[str, dict[str, Any]] = {}
    for s in range(b.n):
        p = b.printed[s]
        nw = getattr(p, "natural_wonder", None) if p is not None else None
        if b.terrain[s] != "natural_wonder" or not nw:
            continue
        name = natural_wonder_name(st, nw)
        ws = name.removeprefix("The ").split(" ")
        half = (len(ws) + 1) // 2
        lines = [" ".join(ws[:half]), " ".join(ws[half:])] if len(ws) > 1 and len(name) > 9 else [" ".join(ws)]
        out[str(s)] = {"name": name, "lines": lines}
    return out


def _pieces(locs: list[int]) -> str:
    """Where a player's armies or caravans are: "1 ready, 2 on the map" (", 1 locked")."""
    ready = sum(1 for x in locs if x == ON_CARD)
    out = f"{ready} ready, {sum(1 for x in locs if x >= 0)} on the map"
    locked = sum(1 for x in locs if x == LOCKED)
    return out + (f", {locked} locked" if locked else "")


def board_words(st: GameState) -> list[dict[str, Any]]:
    """Each seat's player board in words (``schema.BoardWords``, the same for every viewer):
    its resources ("oil ×2, marble", or "none"), the trade tokens on each of its focus cards
    (``trade``: focus type -> "2 trade tokens") and its pieces not on the map (``unused``:
    "cities 3, control tokens 10; armies 1 ready, 1 on the map; caravans 2 ready, 0 on the
    map")."""
    comps = content_for(st).ruleset.components
    out = []
    for seat, p in enumerate(st.players):
        cities = sum(1 for x in st.cities.values() if x == seat)
        ctl = sum(1 for x in st.ctl.values() if x == seat)
        res = ", ".join(words(r) + (f" ×{n}" if n > 1 else "") for r, n in p.resources.items() if n > 0)
        out.append({
            "seat": seat, "resources": res or "none",
            "trade": {t: plural(n, "trade token") for t, n in p.trade.items() if n > 0},
            "unused": (f"cities {comps['cities'] - cities}, control tokens {comps['control_tokens'] - ctl}; "
                       + (f"armies {_pieces(p.armies)}; " if comps["armies"] else "")  # none in the base game
                       + f"caravans {_pieces(p.caravans)}"),
        })
    return out


def content_words(c: Content) -> dict[str, Any]:
    """The player boards' words that hang on the ruleset alone (sent once, with
    ``/api/content``): each focus card's title (``cards``: "Irrigation (growth, level 2): ...")
    and each leader's line (``leaders``: "Gandhi of India")."""
    return {
        "cards": {k: f"{v.name} ({FOCUS_TYPE.get(v.type, words(v.type))}, level {v.level}): {v.text}"
                  for k, v in c.focus_cards.items()},
        "leaders": {k: f"{v.leader} of {v.civ}" for k, v in c.leaders.items()},
    }


def replay_step_text(step: int, steps: int) -> str:
    """Where a replay stands: "step 12 of 240"."""
    return f"step {step} of {steps}"
