"""Why a space of the map is not a choice of the pending decision, space by space.

When a decision chooses spaces (a control token, a city, an army's step...), each space that
is not among the options gets the engine's own reason (``why_not``, a fact) for the action that
clicking it would make: the decision's space verbs (``place``, ``city``...) with that space, in
``refusal_words``' words as said on the space itself. Spaces with the same reason are grouped.
A space for which the engine has nothing better than "not one of the options" is left out: the
table then says the decision's general reason.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, GameState, legal_actions, why_not
from .names import coord_of, pending_frame
from .options import SPACE_VERBS
from .refusal_words import refusal_words

CIRCULAR = frozenset({"not_an_option", "verb_not_offered", "no_argument"})
"""The engine's fallback refusals, which tell the player nothing new about a space."""


def space_verbs(st: GameState) -> list[str]:
    """The verbs of the pending decision whose options name one hex (a space of the map, or a
    hex beside it such as a fort spot), in order."""
    out: list[str] = []
    for a in legal_actions(st):
        if a.verb not in out and a.at is not None and a.to is None and not a.key:  # ``<verb> q,r``
            out.append(a.verb)
    return out


def space_reasons(st: GameState, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``[{reason, spaces}]``: the engine's reason for each space of the map that is not a
    choice now (grouped by reason); empty when the decision does not choose spaces."""
    if pending_frame(st) is None:
        return []
    verbs = space_verbs(st)
    if not verbs:
        return []
    chosen = {s for o in options for s in o["spaces"]} | {o["dst"] for o in options if o["dst"] is not None}
    groups: dict[str, list[int]] = {}
    for s in range(st.board.n):
        if s in chosen:
            continue
        where = coord_of(st, s)
        said: list[tuple[str, str]] = []
        for v in verbs:
            r = why_not(st, Action(v, where))
            if r is not None and r.kind not in CIRCULAR:
                said.append((v, refusal_words(st, r, here=True)))
        if not said:
            continue
        if len(said) == 1:
            text = said[0][1]
        else:
            text = "; ".join(f"{SPACE_VERBS.get(v, v.capitalize())}: {_clause(r)}" for v, r in said)
        groups.setdefault(_sentence(text), []).append(s)
    return [{"reason": r, "spaces": ss} for r, ss in groups.items()]


def _clause(text: str) -> str:
    """A sentence as a clause after a colon: its first letter small, unless it starts a name."""
    return text if text.startswith("Seat ") else text[:1].lower() + text[1:]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text
