"""The view message's extras: the board's geometry and the parts of combat values."""

from __future__ import annotations

import random

from newdawn.bots.random_bot import RandomBot
from newdawn.engine import legal_actions, new_game
from newdawn.engine.api import apply_in_place
from newdawn.server.views import board_json, combat_json, view_message


def test_combat_parts_add_up_to_the_values_the_engine_rolled_against() -> None:
    combats = 0
    kinds: set[str] = set()
    for seed in range(6):
        st = new_game({"players": 4, "max_rounds": 40}, seed)
        bot = RandomBot(random.Random(seed))
        while st.winner == -1:
            m = next((e for e in st.events if e["kind"] == "attack"), None)
            c = combat_json(st)
            if m is not None and m["kind"] == "attack" and c is not None and st.stack_frames[-1].get("attack_plus") == 0:
                a_die, a_base, d_die, d_base = m["a_die"], m["a_base"], m["d_die"], m["d_base"]
                combats += 1
                kinds.add(c["target"].split(":")[0])
                assert c["space"] == m["space"]
                assert (c["attacker"]["die"], c["attacker"]["base"]) == (a_die, a_base)
                assert (c["defender"]["die"], c["defender"]["base"]) == (d_die, d_base)
                for side in ("attacker", "defender"):
                    s = c[side]
                    assert sum(p["value"] for p in s["parts"]) == s["base"]
                    assert s["total"] == s["die"] + s["base"] + s["tokens"]
                    assert all(p["label"] for p in s["parts"])
                msg = view_message("g", 1, st, -1, frozenset(), [], [])
                assert msg["combat"] == c
            elif st.stack_frames and st.stack_frames[-1].get("kind") != "combat":
                assert c is None
            apply_in_place(st, bot.choose(None, legal_actions(st)))
    assert combats >= 20 and {"barb", "city"} <= kinds


def test_board_lists_every_space_with_its_coordinates() -> None:
    st = new_game({"players": 3}, 4)
    b = board_json(st)["spaces"]
    assert [s["id"] for s in b] == list(range(st.board.n))
    for s in b:
        assert st.board.index[(s["q"], s["r"])] == s["id"]
        assert s["terrain"] == st.board.terrain[s["id"]]
        assert isinstance(s["edge"], bool) and isinstance(s["fort"], bool) and isinstance(s["water_token"], bool)
    assert any(s["edge"] for s in b) and not any(s["water_token"] for s in b)


def test_production_parts_add_up_while_a_wonder_is_paid_for() -> None:
    from newdawn.server.views import production_json

    seen = 0
    labelled = 0
    for seed in range(8):
        st = new_game({"players": 3, "max_rounds": 40}, 100 + seed)
        bot = RandomBot(random.Random(seed))
        while st.winner == -1:
            p = production_json(st)
            top = st.stack_frames[-1] if st.stack_frames else {}
            if top.get("kind") == "pay":
                assert p is not None
                seen += 1
                assert sum(x["value"] for x in p["parts"]) == p["total"] == top["production"]
                assert sum(x["value"] for x in p["cost_parts"]) == p["cost"] == top["cost"]
                labelled += all(x["label"] != "other" for x in p["parts"])
                assert view_message("g", 1, st, -1, frozenset(), [], [])["production"] == p
            else:
                assert p is None
            apply_in_place(st, bot.choose(None, legal_actions(st)))
    assert seen >= 5 and labelled == seen


def test_the_map_words_are_sent_once_per_state_for_every_viewer() -> None:
    """``space_words`` (the tooltip's words, made in describe/) is one part shared by every
    viewer's message of a state, and holds a line for a piece the view shows."""
    from newdawn.server.views import shared_parts

    st = new_game({"players": 3}, 4)
    bot = RandomBot(random.Random(4))
    for _ in range(120):
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    common = shared_parts(st)
    msgs = [view_message("g", 1, st, seat, frozenset({seat}), [], [], shared=common) for seat in (-1, 0, 1, 2)]
    assert all(m["space_words"] is common["space_words"] for m in msgs)
    army = next((s, i) for i, s in enumerate(st.players[0].armies) if s >= 0)
    words = msgs[0]["space_words"]
    assert f"a-0-{army[1]}" in words["pieces"][str(army[0])]
    assert words["titles"][f"a-0-{army[1]}"].startswith(f"Army {army[1] + 1} of Seat 1")


def test_a_seats_view_made_from_the_spectators_is_the_engines_own() -> None:
    """The server makes every seat's ``player_view`` of a state from the spectator's, once per
    state (``seat_view``): it must be exactly what the engine gives that seat, in both rulesets,
    for every seat (the deciding one with its options) and the spectator."""
    import json

    from newdawn.engine import player_view
    from newdawn.server.views import seat_view

    checked = 0
    for cfg in ({"players": 3}, {"players": 3, "ruleset": "base"}):
        st = new_game(cfg, 5)
        bot = RandomBot(random.Random(5))
        for i in range(400):
            if st.winner != -1:
                break
            if i % 7 == 0:
                public = player_view(st, -1)
                frozen = json.dumps(public, sort_keys=True)
                for seat in (-1, *range(st.n)):
                    assert seat_view(public, st, seat) == player_view(st, seat), (cfg, i, seat)
                    checked += 1
                assert json.dumps(public, sort_keys=True) == frozen  # the shared view is left as it was
            apply_in_place(st, bot.choose(None, legal_actions(st)))
    assert checked > 200


def test_no_string_of_a_view_carries_a_coordinate_but_the_action_texts() -> None:
    """Issue 39 §3, over the whole message a seat is sent (decision, reasons why a space is not a
    choice, summaries, goal, boards, space words...), in random games of both rulesets: only the
    engine's action texts, which the table sends back and never shows, may name a hex by numbers."""
    import re

    from newdawn.engine import apply, decision_seat

    coord = re.compile(r"(?<![\w.])-?\d+ ?, ?-?\d+(?![\w.])|\(\s*-?\d+\s*,\s*-?\d+\s*\)|\btiles? [A-Z]?\d")
    actions = {".view.decision.options[]", ".decision.options[]", ".decision.choices[].action",
               ".decision.reach[].steps[]", ".decision.auto_action"}
    bad: list[str] = []
    seen = 0

    def walk(x: object, path: str) -> None:
        nonlocal seen
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, f"{path}.{k}")
        elif isinstance(x, list):
            for v in x:
                walk(v, f"{path}[]")
        elif isinstance(x, str):
            seen += 1
            if coord.search(x) and path not in actions:
                bad.append(f"{path}: {x!r}")

    for seed, extra in ((1, {}), (3, {"ruleset": "base", "automa": True})):
        st = new_game({"players": 3, "max_rounds": 8, **extra}, seed)
        bot = RandomBot(random.Random(seed))
        seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
                 for i, p in enumerate(st.players)]
        for n in range(1200):
            if st.winner != -1:
                break
            if n % 9 == 0:
                s = decision_seat(st)
                walk(view_message("g", st.version, st, s, frozenset({s}), [], seats), "")
            st = apply(st, str(bot.choose(None, legal_actions(st))))
    assert seen > 10000 and not bad, bad[:10]
