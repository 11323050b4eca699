"""What one seat may see, and re-sampling what it may not (for search over hidden information).

Hidden from every seat: the order of the map-tile stack, the wonder decks below their face-up
top cards, the wonders removed unseen at setup, and the generator's state and the game's seed
(so nobody can predict dice). Everything else on the table is public.
"""

from __future__ import annotations

import json
from typing import Any, Final

from ..content import load_content
from . import rng as prng
from . import rulesets
from .api import legal_actions
from .flow import decision_kind, decision_seat
from .state import GameState, content_for

HIDDEN_FIELDS: Final = ("rng", "forced_dice", "stack", "wonder_decks", "removed_wonders")


def player_view(st: GameState, seat: int) -> dict[str, Any]:
    """The game as ``seat`` sees it (``seat`` = -1 for a spectator), as JSON data."""
    d = st.to_json()
    for k in HIDDEN_FIELDS:
        d.pop(k)
    # to_json shares the state's own lists and dicts; a view must not change when the game
    # moves on (apply_in_place), so it gets copies of its own.
    d = dict(json.loads(json.dumps(d)))
    # The seed would let a seat replay the generator from the start of the game.
    d["config"] = {k: v for k, v in d["config"].items() if k != "seed"}
    d["stack_size"] = len(st.stack)
    d["wonder_decks"] = {t: {"top": deck[0] if deck else None, "size": len(deck)}
                         for t, deck in sorted(st.wonder_decks.items())}
    d["removed_wonder_count"] = len(st.removed_wonders)
    owner = decision_seat(st)
    d["decision"] = {
        "seat": owner,
        "kind": decision_kind(st),
        "options": [str(a) for a in legal_actions(st)] if owner == seat and seat >= 0 else [],
    }
    d["viewer"] = seat
    return d


def determinize(st: GameState, seat: int, seed: int) -> GameState:
    """A copy of the state in which everything ``seat`` cannot see is re-sampled: the tile
    stack order, each wonder deck below its top card (keeping eras in order, mixed with the
    wonders removed unseen), and the generator's state."""
    c = content_for(st)
    out = st.copy()
    r = prng.seed_state(seed)
    stack = list(out.stack)
    r = prng.shuffled(r, stack)
    out.stack = tuple(stack)
    hidden_by_type_era: dict[tuple[str, str], list[str]] = {}
    for w in out.removed_wonders:
        wd = c.wonders[w]
        hidden_by_type_era.setdefault((wd.type, wd.era), []).append(w)
    removed: list[str] = []
    for wtype, deck in sorted(out.wonder_decks.items()):
        if len(deck) <= 1 and not any(t == wtype for t, _ in hidden_by_type_era):
            continue
        top, rest = deck[:1], deck[1:]
        new_rest: list[str] = []
        for era in ("ancient", "medieval", "modern"):
            pool = [w for w in rest if c.wonders[w].era == era]
            keep = len(pool)
            pool += sorted(hidden_by_type_era.get((wtype, era), []))
            r = prng.shuffled(r, pool)
            new_rest.extend(pool[:keep])
            removed.extend(pool[keep:])
        out.wonder_decks[wtype] = top + new_rest
    out.removed_wonders = tuple(sorted(removed))
    out.rng = prng.next_u64(r)[0]
    out.forced_dice = []
    out._legal = None
    return out


VIEW_ONLY_FIELDS: Final = ("stack_size", "wonder_decks", "removed_wonder_count", "decision", "viewer")


def state_from_view(view: dict[str, Any], seed: int) -> GameState:
    """A full state consistent with ``view`` (a ``player_view``), for search without peeking.

    Only public fields are read. What the viewer cannot see is sampled from ``seed``: the tile
    stack (the non-capital tiles neither on the map nor drawn, in random order), each wonder
    deck below its face-up top card (from the wonders nobody has seen, keeping eras in deck
    order and each era's count), the wonders removed unseen (the rest of those), and a fresh
    generator. The result plays by the same rules as the real game from here on.
    """
    d = {k: v for k, v in view.items() if k not in VIEW_ONLY_FIELDS}
    r = prng.seed_state(seed)
    ruleset = d["ruleset"]
    c = load_content(ruleset)
    # Tile stack: every non-capital tile not placed and not in a pending decision.
    placed = {p[1] for p in d["placements"] if p[0] == "tile"}
    drawn = {f["tile"] for f in d["stack_frames"] if isinstance(f.get("tile"), int)}
    stack = sorted(t.id for t in c.tiles.values() if t.kind != "capital" and t.id not in placed | drawn)
    r = prng.shuffled(r, stack)
    if len(stack) < view["stack_size"]:
        raise ValueError(f"view shows {view['stack_size']} stacked tiles, {len(stack)} are unaccounted for")
    # The tiles beyond the stack's size went back to the box (the base game keeps no stack).
    d["stack"] = stack[: view["stack_size"]]
    # Wonders: those ever seen (face up, owned, on the map, set aside, gone, named in a
    # pending decision) are public; the others lie in the decks below the top or were removed.
    ids = c.wonder_ids(ruleset)
    seen: set[str] = set(d["gone_wonders"]) | set(d["cs_aside_wonders"]) | set(d["wonder_tokens"])
    seen |= set(d["wonder_at"].values())
    for p in d["players"]:
        seen |= set(p["wonders"])
    for f in d["stack_frames"]:
        seen |= {v for v in f.values() if isinstance(v, str) and v in c.wonders}
    tops = {t: info["top"] for t, info in view["wonder_decks"].items()}
    seen |= {w for w in tops.values() if w}
    decks: dict[str, list[str]] = {}
    removed: list[str] = []
    remove = rulesets.wonder_remove(ruleset, c, len(d["players"]))
    for wtype in sorted(tops):
        info = view["wonder_decks"][wtype]
        below: list[str] = []
        pools: list[list[str]] = []
        wants: list[int] = []
        for era in ("ancient", "medieval", "modern"):
            of_era = [w for w in ids if c.wonders[w].type == wtype and c.wonders[w].era == era]
            pool = sorted(w for w in of_era if w not in seen)
            r = prng.shuffled(r, pool)
            in_deck = len(of_era) - remove.get(era, 0)
            pools.append(pool)
            wants.append(max(0, min(len(pool), in_deck - (len(of_era) - len(pool)))))
        need = max(0, info["size"] - 1)
        # Counts by era from the setup rules; if the view disagrees (it should not), fill
        # earliest eras first so the deck keeps its size.
        if sum(wants) != need:
            wants = []
            left = need
            for pool in pools:
                wants.append(min(left, len(pool)))
                left -= wants[-1]
        for pool, k in zip(pools, wants, strict=True):
            below.extend(pool[:k])
            removed.extend(pool[k:])
        decks[wtype] = ([tops[wtype]] if tops[wtype] else []) + below
    d["wonder_decks"] = decks
    d["removed_wonders"] = sorted(removed)
    r, d["rng"] = prng.next_u64(r)
    d["forced_dice"] = []
    return GameState.from_json(d)
