"""What one seat may see, and re-sampling what it may not (for search over hidden information).

Hidden from every seat: the order of the map-tile stack, the wonder decks below their face-up
top cards, the wonders removed unseen at setup, and the generator's state (so nobody can
predict dice). Everything else on the table is public.
"""

from __future__ import annotations

from typing import Any

from . import rng as prng
from .flow import decision_seat
from .state import GameState, content_for
from .turn import describe

HIDDEN_FIELDS = ("rng", "forced_dice", "stack", "wonder_decks", "removed_wonders")


def player_view(st: GameState, seat: int) -> dict[str, Any]:
    """The game as ``seat`` sees it (``seat`` = -1 for a spectator), as JSON data."""
    from .api import legal_actions

    d = st.to_json()
    for k in HIDDEN_FIELDS:
        d.pop(k)
    d["stack_size"] = len(st.stack)
    d["wonder_decks"] = {t: {"top": deck[0] if deck else None, "size": len(deck)}
                         for t, deck in sorted(st.wonder_decks.items())}
    d["removed_wonder_count"] = len(st.removed_wonders)
    owner = decision_seat(st)
    d["decision"] = {
        "seat": owner,
        "text": describe(st),
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
    stack = out.stack[:]
    r = prng.shuffled(r, stack)
    out.stack = stack
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
    out.removed_wonders = sorted(removed)
    out.rng = prng.next_u64(r)[0]
    out.forced_dice = []
    out._legal = None
    return out
