"""Piece changes: control tokens, districts and cities placed, removed, replaced and captured;
city-states conquered and liberated; wonders, focus cards and diplomacy cards changing hands.

Everything that puts a piece on the map or takes one off goes through these functions, so the
hook points that follow such a change (``after_placement``, ``replaced``, ``wonder_gained``,
``card_gained``) fire in one place. They may push a step (a decision the change needs, such as
taking a token back when none is left) but never resolve a focus card.
"""

from __future__ import annotations

from ..content.schema import RESOURCES
from . import hooks
from .decisions import space_choice
from .flow import REKEYED, card_of, key_of_type, log, push, set_key
from .frames import OccupyTokenFrame
from .spaces import own_tokens, supply_resources, unused_cities, unused_control
from .state import LOCKED, ON_CARD, GameState, content_for, without

# ---------------------------------------------------------------- figures

def figure_home(st: GameState, seat: int, kind: str, idx: int) -> None:
    """Return a figure to its card (destroyed or back from a trade)."""
    ps = st.player_mut(seat)
    if kind == "army":
        ps.armies[idx] = ON_CARD
    else:
        ps.caravans[idx] = ON_CARD


def defeat_figures_at(st: GameState, s: int, except_seat: int) -> None:
    """All armies and caravans of other seats on the space return to their cards."""
    for p, ps in enumerate(st.players):
        if p == except_seat or (s not in ps.armies and s not in ps.caravans):
            continue
        ps = st.player_mut(p)
        for i, at in enumerate(ps.armies):
            if at == s:
                ps.armies[i] = ON_CARD
        for i, at in enumerate(ps.caravans):
            if at == s:
                ps.caravans[i] = ON_CARD


def push_any_resource(st: GameState, seat: int) -> None:
    """"Take a resource of your choice": a choice among the types the supply still holds, and
    nothing when it holds none (the box's limit; the choice is ``effects.leaders``' ``any_resource``)."""
    if supply_resources(st, RESOURCES):
        push(st, {"kind": "any_resource", "seat": seat})


# ---------------------------------------------------------------- control tokens and districts

def gain_token_at(st: GameState, seat: int, s: int) -> None:
    """A control token or city placed on a space takes the resource or natural wonder there."""
    tok = st.tokens.pop(s, None)
    if tok is None:
        return
    ps = st.player_mut(seat)
    st.mark_agendas()
    if tok.startswith("nw:"):
        ps.nws = (*ps.nws, tok[3:])
    else:
        ps.resources[tok] = ps.resources.get(tok, 0) + 1
    log(st, {"kind": "take_token", "seat": seat, "space": s, "token": tok})


def place_control(st: GameState, seat: int, s: int, district: str = "") -> None:
    st.mark_agendas()
    st.ctl_mut()[s] = seat
    if district:
        st.district[s] = district
    gain_token_at(st, seat, s)
    if s in st.wonder_at:
        claim_wonder_token(st, seat, s)
    log(st, {"kind": "place", "seat": seat, "space": s, "district": district})
    hooks.fire("after_placement", st, seat, s, "district" if district else "control")


def remove_control(st: GameState, s: int) -> None:
    """A control token (or district) leaves the map and returns to its owner. A natural
    wonder its owner took from this space goes back onto the space (rules: Natural Wonders).
    A token that stood in for a city on a conquered city-state leaves the city-state free:
    it is liberated, as when a barbarian destroys the city there (FAQ: City-States)."""
    take_off_control(st, s)
    printed = st.board.printed[s]
    cs = printed.city_state if printed else None
    if cs and cs in st.cs_conquered:
        liberate(st, s, cs, -1)


def take_off_control(st: GameState, s: int) -> None:
    """The control token on ``s`` goes back to its owner (see ``remove_control``)."""
    st.mark_agendas()
    seat = st.ctl_mut().pop(s)
    if s in st.reinforced:
        st.reinforced_mut().discard(s)
    st.district.pop(s, None)
    printed = st.board.printed[s]
    nw = printed.natural_wonder if printed else None
    if nw and nw in st.players[seat].nws:
        ps = st.player_mut(seat)
        ps.nws = without(ps.nws, nw)
        st.tokens[s] = "nw:" + nw
    hooks.fire("replaced", st, seat, s, "control")


def replace_control(st: GameState, seat: int, s: int) -> None:
    """Replace a rival control token (or district) with an unreinforced token of ``seat``."""
    st.mark_agendas()
    old = st.ctl[s]
    printed = st.board.printed[s]
    nw = printed.natural_wonder if printed else None
    st.ctl_mut().pop(s)
    if s in st.reinforced:
        st.reinforced_mut().discard(s)
    st.district.pop(s, None)
    if nw and nw in st.players[old].nws:
        po = st.player_mut(old)
        po.nws = without(po.nws, nw)
        ps = st.player_mut(seat)
        ps.nws = (*ps.nws, nw)
    hooks.fire("replaced", st, old, s, "control")
    if unused_control(st, seat) > 0:
        st.ctl_mut()[s] = seat
        log(st, {"kind": "replace_token", "seat": seat, "other": old, "space": s})
    else:
        log(st, {"kind": "token_removed", "seat": old, "space": s})


def capture_control(st: GameState, seat: int, s: int) -> None:
    """A beaten control token is replaced with one of the attacker's."""
    replace_control(st, seat, s)
    claim_wonder_token(st, seat, s)
    defeat_figures_at(st, s, seat)


# ---------------------------------------------------------------- cities and city-states

def build_city(st: GameState, seat: int, s: int) -> None:
    """Place an unused city; a friendly control token there goes back to its owner."""
    st.mark_agendas()
    if st.ctl.get(s) == seat:
        st.ctl_mut().pop(s)
        if s in st.reinforced:
            st.reinforced_mut().discard(s)
        st.district.pop(s, None)
        hooks.fire("replaced", st, seat, s, "control")
    st.cities[s] = seat
    gain_token_at(st, seat, s)
    claim_wonder_token(st, seat, s)
    log(st, {"kind": "city", "seat": seat, "space": s})
    hooks.fire("after_placement", st, seat, s, "city")


def occupy(st: GameState, seat: int, s: int) -> None:
    """Put an unused city on the space (replacing any city there); with none left, a
    reinforced control token instead (FAQ: Attacking)."""
    if st.cities.get(s, seat) != seat:
        hooks.fire("before_occupy", st, seat, s)  # Statue of Liberty
    st.mark_agendas()
    old = st.cities.pop(s, None)
    if old is not None:
        hooks.fire("replaced", st, old, s, "city")
    if unused_cities(st, seat) > 0:
        st.cities[s] = seat
        log(st, {"kind": "city", "seat": seat, "space": s})
    elif unused_control(st, seat) > 0:
        st.ctl_mut()[s] = seat
        st.reinforced_mut().add(s)
        log(st, {"kind": "fallback_token", "seat": seat, "space": s})
    elif own_tokens(st, seat):
        # No token left either: one of the player's tokens comes off the map first (FAQ,
        # Control Tokens, as for placing); the space waits for it.
        push(st, {"kind": "occupy_token", "seat": seat, "space": s})
        return
    claim_wonder_token(st, seat, s)


def _occupy_token_do(st: GameState, f: OccupyTokenFrame, t: int, where: str) -> None:
    seat, s = f["seat"], f["space"]
    remove_control(st, t)
    log(st, {"kind": "take_back", "seat": seat, "space": t})
    occupy(st, seat, s)


space_choice("occupy_token", OccupyTokenFrame,
             "remove", lambda st, f: own_tokens(st, f["seat"]), _occupy_token_do, skip=None)


def conquer_city_state(st: GameState, seat: int, s: int) -> None:
    st.mark_agendas()
    cs = st.cs_at.pop(s)
    st.cs_conquered[cs] = seat
    ps = st.player_mut(seat)
    ps.cs_tokens = (*ps.cs_tokens, cs)
    # Both diplomacy cards go face down beside the map, also those players held.
    st.cs_cards.pop(cs, None)
    for p, q in enumerate(st.players):
        if "cs:" + cs in q.dipl:
            pm = st.player_mut(p)
            pm.dipl = without(pm.dipl, "cs:" + cs)
    occupy(st, seat, s)
    log(st, {"kind": "conquer", "seat": seat, "cs": cs})


def liberate(st: GameState, s: int, cs: str, seat: int) -> None:
    """The city-state's token returns to its space and its cards turn face up; a liberating
    player takes one. A wonder in the space is set aside (FAQ: Wonders)."""
    st.mark_agendas()
    old = st.cities.pop(s, None)
    if old is not None:
        hooks.fire("replaced", st, old, s, "city")
    if s in st.ctl:
        take_off_control(st, s)
    st.cs_conquered.pop(cs, None)
    for p, ps in enumerate(st.players):
        if cs in ps.cs_tokens:
            ps = st.player_mut(p)
            ps.cs_tokens = without(ps.cs_tokens, cs)
    st.cs_at[s] = cs
    st.cs_cards[cs] = 2
    w = st.wonder_at.get(s)
    if w is not None:
        for p, ps in enumerate(st.players):
            if w in ps.wonders:
                ps = st.player_mut(p)
                ps.wonders = without(ps.wonders, w)
        if w not in st.cs_aside_wonders:
            st.cs_aside_wonders = (*st.cs_aside_wonders, w)
    if seat >= 0:
        ps = st.player_mut(seat)
        ps.dipl = (*ps.dipl, "cs:" + cs)
        st.cs_cards[cs] = 1
        log(st, {"kind": "liberate", "seat": seat, "cs": cs})
    else:
        log(st, {"kind": "liberate", "seat": -1, "cs": cs})


def raze_city(st: GameState, s: int, letter: str) -> None:
    """Barbarian ``letter`` destroys the (non-capital) city on ``s``: a natural wonder its owner
    took there goes back on the space, a conquered city-state is liberated, and a wonder under
    the city is set aside until a city or token is placed on it."""
    st.mark_agendas()
    owner = st.cities.pop(s)
    log(st, {"kind": "barb_hit", "letter": letter, "seat": owner, "space": s, "piece": 'city'})
    printed = st.board.printed[s]
    nw = printed.natural_wonder if printed else None
    if nw and nw in st.players[owner].nws:
        # U, Natural Wonders: a city removed by a barbarian returns the natural wonder's token.
        po = st.player_mut(owner)
        po.nws = without(po.nws, nw)
        st.tokens[s] = "nw:" + nw
        log(st, {"kind": "nw_back", "nw": nw, "space": s})
    hooks.fire("replaced", st, owner, s, "city")
    if printed is not None and printed.city_state:
        liberate(st, s, printed.city_state, -1)  # sets a wonder there aside (once)
        return
    w = st.wonder_at.get(s)
    if w is not None and w in st.players[owner].wonders:
        # The token stays; nobody controls the wonder until a city or token is placed on it.
        po = st.player_mut(owner)
        po.wonders = without(po.wonders, w)
        st.cs_aside_wonders = (*st.cs_aside_wonders, w)


# ---------------------------------------------------------------- wonders

def claim_wonder_token(st: GameState, seat: int, s: int) -> None:
    """A city or token placed on a lone wonder token gains control of that wonder (rules:
    a barbarian leaves the token of a destroyed city on the map)."""
    w = st.wonder_at.get(s)
    if w is None or w in st.players[seat].wonders:
        return
    st.mark_agendas()
    for p, ps in enumerate(st.players):
        if w in ps.wonders:
            ps = st.player_mut(p)
            ps.wonders = without(ps.wonders, w)
    if w in st.cs_aside_wonders:
        st.cs_aside_wonders = without(st.cs_aside_wonders, w)
    ps = st.player_mut(seat)
    ps.wonders = (*ps.wonders, w)
    log(st, {"kind": "wonder_control", "seat": seat, "wonder": w})
    hooks.fire("wonder_gained", st, seat, w, "gained")  # works at once (FAQ)


def place_wonder_token(st: GameState, seat: int, s: int, w: str) -> None:
    """The token of the wonder ``seat`` has just built goes under its city on ``s``."""
    st.wonder_at[s] = w
    hooks.fire("wonder_gained", st, seat, w, "built")  # the only time it is built


def move_wonder(st: GameState, seat: int, src: int, dst: int) -> None:
    """The wonder token on ``src`` moves under ``seat``'s city on ``dst`` and ``seat`` takes
    the wonder (a captured capital's wonder)."""
    st.mark_agendas()
    w = st.wonder_at.pop(src)
    st.wonder_at[dst] = w
    for p, ps in enumerate(st.players):
        if w in ps.wonders:
            ps = st.player_mut(p)
            ps.wonders = without(ps.wonders, w)
    ps = st.player_mut(seat)
    ps.wonders = (*ps.wonders, w)
    log(st, {"kind": "take_wonder", "seat": seat, "wonder": w})
    hooks.fire("wonder_gained", st, seat, w, "gained")


# ---------------------------------------------------------------- focus cards and diplomacy cards

def gain_card(st: GameState, seat: int, cid: str, key: str | None = None) -> None:
    """The card replaces the card of its type (``key``: the card named by that key instead,
    Oxford University); tokens on the old card stay with its key (they move over), and an
    economy or military card unlocks its extra figures."""
    c = content_for(st)
    card = c.focus_cards[cid]
    ps = st.player_mut(seat)
    if key is None:
        key = key_of_type(st, seat, card.type)
        if key is None:
            return  # no card of its type to replace (callers offer none: Oxford University)
    old = card_of(st, seat, key)
    st.mark_agendas("row")
    ps.row[ps.row.index(old)] = cid
    if REKEYED in ps.flags or card.type != key:
        ps.flags.pop("key:" + old, None)
        set_key(st, seat, cid, key)

    for figs, n in ((ps.caravans, card.caravans), (ps.armies, card.armies)):
        for i in range(min(n, len(figs))):
            if figs[i] == LOCKED:
                figs[i] = ON_CARD
    log(st, {"kind": "take_card", "seat": seat, "card": cid})
    hooks.fire("card_gained", st, seat, cid)


def take_player_card(st: GameState, seat: int, rival: int, card: str) -> None:
    """Take a card from a rival's deck, first giving back the one already held from them."""
    ps, rp = st.player_mut(seat), st.player_mut(rival)
    prefix = f"p{rival}:"
    st.mark_agendas()
    mine = [d for d in ps.dipl if d.startswith(prefix)]
    over = len(mine) + 1 - hooks.diplomacy_limit(st, seat, rival)  # Potala Palace, Poland
    for held in mine[:max(0, over)]:
        ps.dipl = without(ps.dipl, held)
        rp.own_dipl = (*rp.own_dipl, held[len(prefix):])
    rp.own_dipl = without(rp.own_dipl, card)
    ps.dipl = (*ps.dipl, prefix + card)
    log(st, {"kind": "take_rival_card", "seat": seat, "other": rival, "card": card})


def return_diplomacy(st: GameState, seat: int, target: str, s: int, dseat: int) -> None:
    """Attacking a city-state or a rival gives back the cards taken from them (rules)."""
    ps = st.player_mut(seat)
    st.mark_agendas()
    if target == "cs":
        card = "cs:" + st.cs_at[s]
        if card in ps.dipl:
            ps.dipl = without(ps.dipl, card)
            st.cs_cards[st.cs_at[s]] = st.cs_cards.get(st.cs_at[s], 0) + 1
            log(st, {"kind": "return_cs_card", "seat": seat, "cs": st.cs_at[s]})
    elif dseat >= 0:
        prefix = f"p{dseat}:"
        for held in [d for d in ps.dipl if d.startswith(prefix)]:
            ps.dipl = without(ps.dipl, held)
            rp = st.player_mut(dseat)
            rp.own_dipl = (*rp.own_dipl, held[len(prefix):])
            log(st, {"kind": "return_diplomacy", "seat": seat, "other": dseat, "card": held[len(prefix):]})
