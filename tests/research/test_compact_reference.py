"""The compact observation against a plain reference: every number made anew from the state by
name, without the observer's caches or its flat-buffer layout (compact.py's module docstring
says what each feature is). The observer is kept along whole random games of both rulesets, as
the PettingZoo environment keeps it, so every cache it has is exercised and must give exactly
these numbers."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from newdawn.bots.random_bot import PASSIVE_VERBS, pick  # noqa: E402
from newdawn.content.schema import FOCUS_TYPES  # noqa: E402
from newdawn.engine import Action, GameState, apply_in_place, decision_seat, game_config, new_game  # noqa: E402
from newdawn.engine.state import content_for  # noqa: E402
from newdawn.engine.victory import agenda_progress  # noqa: E402
from newdawn.research.codec import MAX_SEATS  # noqa: E402
from newdawn.research.compact import (  # noqa: E402
    FOCUS_VERBS,
    OPTIONS,
    ROW_SLOTS,
    VICTORY_SLOTS,
    CompactObserver,
    agent_options,
    compact_feature_names,
    option_names,
    seat_names,
    shown_options,
    table_names,
)


def _ratio(k: float, m: float) -> float:
    return min(1.0, k / m)


def reference(st: GameState, seat: int, options: list[Action]) -> np.ndarray:
    """The compact observation of ``seat`` (``options``: the shown options if it decides)."""
    c = content_for(st)
    rs = c.ruleset
    n = st.n
    table = dict.fromkeys(table_names(), 0.0)
    seats = [dict.fromkeys(seat_names(), 0.0) for _ in range(MAX_SEATS)]
    rows = [dict.fromkeys(option_names(), 0.0) for _ in range(OPTIONS)]
    dec = decision_seat(st)
    table["round"] = _ratio(st.round, st.config.get("max_rounds") or 200)
    table["options"] = _ratio(len(options), OPTIONS)
    table[f"event_pos:{st.event_pos % 6}"] = 1.0
    if dec >= 0:
        table["my_decision"] = float(dec == seat)
        table[f"decision:seat+{(dec - seat) % n}"] = 1.0
        seats[(dec - seat) % n]["to_move"] = 1.0
        kind = f"kind:{st.stack_frames[-1]['kind']}"
        if kind in table:
            table[kind] = 1.0
    seats[(st.first - seat) % n]["first"] = 1.0
    for p in range(n):
        ps = st.players[p]
        row = seats[(p - seat) % n]
        row["present"] = 1.0
        for k, cid in enumerate(ps.row[:ROW_SLOTS]):
            card = c.focus_cards[cid]
            row[f"row{k + 1}:{card.type}"] = 1.0
            row[f"row{k + 1}:level"] = card.level / 4.0
        for ft, k in ps.trade.items():
            row[f"trade:{ft}"] = _ratio(k, max(1, rs.trade_cap))
        row["dial"] = _ratio(ps.dial, max(1, rs.tech_dial_max))
        for r, k in ps.resources.items():
            row[f"resource:{r}"] = _ratio(k, 3.0)
        held = [sp for sp, o in st.ctl.items() if o == p]
        for name, k, m in (
            ("control", len(held), 24.0),
            ("cities", sum(1 for o in st.cities.values() if o == p), 8.0),
            ("reinforced", sum(1 for sp in st.reinforced if sp in held), 12.0),
            ("districts", sum(1 for sp in st.district if sp in held), 8.0),
            ("armies_on_map", sum(1 for x in ps.armies if x >= 0), 4.0),
            ("caravans_on_map", sum(1 for x in ps.caravans if x >= 0), 4.0),
            ("wonders", len(ps.wonders), 8.0),
            ("natural_wonders", len(ps.nws), 4.0),
            ("diplomacy", len(ps.dipl), 6.0),
            ("cs_tokens", len(ps.cs_tokens), 4.0),
            ("cs_conquered", sum(1 for o in st.cs_conquered.values() if o == p), 4.0),
        ):
            row[name] = _ratio(k, m)
        won = 0
        for v, vc in enumerate(st.victory_cards[:VICTORY_SLOTS]):
            agendas = c.victory_cards[vc].agendas
            if any(p in st.claims.get(ag.id, ()) for ag in agendas):
                won += 1
                row[f"victory{v + 1}:progress"] = row[f"victory{v + 1}:claimed"] = 1.0
                continue
            got = [(have / need if need > 0 else 1.0) for have, need in (agenda_progress(st, p, ag) for ag in agendas)]
            row[f"victory{v + 1}:progress"] = min(1.0, max([0.0, *got]))
        row["victory_cards_claimed"] = _ratio(won, max(1, rs.victory_cards_to_win))
    b = st.board
    barbs = set(st.barbs.values())
    for i, a in enumerate(options[:OPTIONS]):
        row = rows[i]
        row["shown"] = 1.0
        if f"verb:{a.verb}" in row:
            row[f"verb:{a.verb}"] = 1.0
        row["passive"] = float(a.verb in PASSIVE_VERBS)
        if not a.arg:
            continue
        name = a.key2 if a.verb == "take" and a.key2 else (a.key if not a.key2 else "")
        if a.verb in FOCUS_VERBS and name in FOCUS_TYPES:
            row[f"focus:{name}"] = 1.0
            at = [k for k, cid in enumerate(st.players[seat].row) if c.focus_cards[cid].type == name]
            if at:
                row["focus_slot"] = at[-1] / (ROW_SLOTS - 1)
                row["focus_level"] = c.focus_cards[st.players[seat].row[at[-1]]].level / 4.0
            continue
        if a.n >= 0 and not a.key:
            row["number"] = _ratio(a.n, 15.0)
            continue
        q_r = a.to if a.to is not None else a.at
        if q_r is None:
            continue
        row["space"] = 1.0
        sp = b.index.get(q_r)
        if sp is None:
            continue
        row[f"terrain:{b.terrain[sp]}"] = 1.0
        row["difficulty"] = _ratio(b.diff[sp], 5.0)
        row["fort"] = float(bool(b.is_fort[sp]))
        tok = st.tokens.get(sp)
        if tok is not None:
            row["natural_wonder" if tok.startswith("nw:") else "resource"] = 1.0
        row["city_state"] = float(sp in st.cs_at)
        row["wonder_token"] = float(sp in st.wonder_at)
        row["barbarian"] = float(sp in barbs)
        row["district"] = float(sp in st.district)
        row["reinforced"] = float(sp in st.reinforced)
        for owners, mine, rival in ((st.ctl, "mine", "rival"), (st.cities, "my_city", "rival_city")):
            o = owners.get(sp, -1)
            if o >= 0:
                row[mine if o == seat else rival] = 1.0
            row[f"near_{mine}"] = sum(1 for nb in b.nbrs[sp] if owners.get(nb, -1) == seat) / 6.0
            row[f"near_{rival}"] = sum(1 for nb in b.nbrs[sp] if owners.get(nb, -1) not in (-1, seat)) / 6.0
    numbers = [*table.values(), *(x for r in seats for x in r.values()), *(x for r in rows for x in r.values())]
    return np.array(numbers, np.float32)


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("ti", 2, 2), ("ti", 4, 1), ("base", 3, 3), ("base", 4, 4)])
def test_the_kept_observer_gives_the_reference_numbers(ruleset: str, players: int, seed: int) -> None:
    """At every decision of a whole random game (``RandomBot``'s policy over the PettingZoo
    environment's shown options; games with claimed victory cards, to the winner or the round
    cap), the deciding seat's observation and another seat's."""
    st = new_game(game_config(players, ruleset=ruleset, max_rounds=70), seed)
    rng, r = np.random.default_rng(seed), random.Random(seed)
    kept = CompactObserver()
    decisions = 0
    while st.winner == -1:
        dec = decision_seat(st)
        shown = shown_options(agent_options(st), rng)
        for seat in (dec, (dec + 1 + decisions) % players):
            opts = shown if seat == dec else []
            got = kept.fill(st, seat, opts, deciding=dec)
            want = reference(st, seat, opts)
            if not np.array_equal(got, want):
                bad = [f"{name}: {x} != {y}" for name, x, y in
                       zip(compact_feature_names(), got, want, strict=True) if x != y]
                raise AssertionError(f"decision {decisions}, seat {seat}: {bad[:8]}")
        apply_in_place(st, pick(r, shown))
        decisions += 1
    assert decisions > 1000 and st.claims
