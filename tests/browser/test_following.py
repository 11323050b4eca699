"""What opponents did, always (issue 39 §5): the latest step only after a reload, the Automated
Player's turns as turns of their own, no tooltip left by a tap, Escape closes the legend."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .table_driver import Driver
from .test_table import _create, _new_page

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"

LAST_GROUP_KEYS = """() => {
  const S = window.__newdawn; const g = S.groups[S.groups.length - 1];
  const keys = new Set();
  for (const e of g.entries) for (const s of e.spaces || []) keys.add(s);
  return keys.size;
}"""


def test_a_reload_marks_the_latest_step_only(server: str, browser: Any) -> None:
    """After a reload (and on first opening the spectator view) orange rings and arrows covered
    every space touched all game."""
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
                           "seed": 5})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=5, hurry=True)
    while d.turns.get(0, 0) < 3:
        d.step()
    gid = res["game_id"]
    for url in (res["seats"][0]["url"], res["spectator_url"], f"/table.html?game={gid}&replay={d.version() - 1}"):
        page.goto(f"{server}{url}")
        if "replay" in url:
            page.wait_for_function("() => window.__newdawn.model && window.__newdawn.groups.length > 3")
        else:
            page.wait_for_function("() => document.body && document.body.dataset.conn === 'live'")
        page.wait_for_timeout(300)
        assert page.locator(".map .last-step").count() <= page.evaluate(LAST_GROUP_KEYS), url
        assert page.locator(".map .move-arrow").count() <= 3, url
    # and the phone's first view of the seat
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone = ctx.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(f"{server}{res['seats'][0]['url']}")
    phone.wait_for_function("() => document.body && document.body.dataset.conn === 'live'")
    phone.wait_for_timeout(300)
    assert phone.locator(".map .last-step").count() <= phone.evaluate(LAST_GROUP_KEYS)
    assert phone.locator(".map .move-arrow").count() <= 3
    ctx.close()
    assert not errors, errors


def test_the_automated_players_turn_has_its_own_log_entry_in_its_colour(server: str, browser: Any) -> None:
    """Base game: the AP's turns were folded into the person's own log entry, under their name."""
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "ap"}], "seed": 4, "ruleset": "base"})
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=4, hurry=True)
    while d.turns.get(0, 0) < 1:
        d.step()
    for _ in range(40):  # on to the next focus choice: the AP has played its turn meanwhile
        d.wait_my_decision()
        if page.locator("#decision .focus-opt").count():
            break
        d.step()
    parts = page.locator("#log li.lgroup[data-part='1']")
    assert parts.count() >= 1
    colours = page.eval_on_selector_all("#boards .pboard", "els => els.map(e => e.style.getPropertyValue('--pc'))")
    assert parts.last.evaluate("e => e.style.getPropertyValue('--pc')") == colours[1]
    assert "resolves" in (parts.last.text_content() or "")
    assert page.locator("#summaries .summary").count() >= 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "base-ap-turn-1440x900.png"))
    # a base game's legend lists no piece of Terra Incognita (armies, forts, districts)
    page.click("#legend-btn")
    legend = page.inner_text(".legend")
    assert "Caravan" in legend and not [w for w in ("Army", "Fort", "district") if w in legend], legend
    assert not errors, errors


def test_a_tap_leaves_no_tooltip_and_escape_closes_the_legend(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 3})
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0})
    d.wait_my_decision()
    # a highlighted space (the fort's place) taken by a tap, then a space that is no choice
    before = d.version()
    page.locator(".map .target").first.tap()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    page.wait_for_timeout(150)
    assert page.locator("#tooltip").count() == 0
    key = page.eval_on_selector(".map .space[data-key]", "e => e.dataset.key")
    page.locator(f'.map .space[data-key="{key}"]').first.tap()
    page.wait_for_timeout(150)
    assert page.locator("#tooltip").count() == 0
    page.click("#legend-btn")
    assert page.locator(".legend").count() == 1
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert page.locator(".legend").count() == 0
    ctx.close()
    assert not errors, errors


def test_a_combat_result_goes_at_the_next_round_not_rounds_later(server: str, browser: Any) -> None:
    """Issue 39 §5: a finished combat's result stayed on the table for rounds. It stays until
    dismissed or until the next round (or the player's next focus card)."""
    import json
    import random

    from newdawn.engine import apply, legal_actions, new_game
    from newdawn.server.views import view_message

    for game in range(40):
        st, rnd, states = new_game({"players": 4}, game), random.Random(game), []
        while st.winner == -1 and len(states) < 4000:
            states.append(st)
            st = apply(st, rnd.choice(legal_actions(st)))
        fight = next((i for i, s in enumerate(states) if s.stack_frames[-1]["kind"] == "combat"), None)
        if fight is None:
            continue
        after = next((i for i in range(fight + 1, len(states)) if states[i].stack_frames[-1]["kind"] != "combat"
                      and states[i].round == states[fight].round), None)
        later = next((i for i in range(fight + 1, len(states)) if states[i].round == states[fight].round + 1), None)
        if after is not None and later is not None:
            break
    else:
        raise AssertionError("no combat with a next round came up in random play")
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msgs = [view_message("fake", states[i].version, states[i], -1, frozenset(), [], seats) for i in (fight, after, later)]
    sockets: list[Any] = []
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    ruleset = "ti"
    page.route("**/api/content?game=fake*", lambda route: route.continue_(url=f"{server}/api/content?ruleset={ruleset}"))
    page.route("**/api/games/fake/chart", lambda route: route.fulfill(json={"points": [], "last": "end"}))
    page.route_web_socket("**/ws/games/fake*", lambda ws: (sockets.append(ws), ws.send(json.dumps(msgs[0]))))
    page.goto(f"{server}/table.html?game=fake")
    page.wait_for_selector("#combat:not(.finished)")
    page.wait_for_function("(v) => window.__newdawn.model && window.__newdawn.model.msg.version === v", arg=msgs[0]["version"])
    sockets[-1].send(json.dumps(msgs[1]))
    page.wait_for_selector("#combat.finished")  # the result stays once the fight is over
    sockets[-1].send(json.dumps(msgs[2]))
    page.wait_for_function("(v) => window.__newdawn.model.msg.version === v", arg=msgs[2]["version"])
    page.wait_for_timeout(100)
    assert page.locator("#combat").count() == 0  # a new round: the old result is gone
    assert not errors, errors


WATCH_QUEUE = """() => { window.__obs = []; const t0 = performance.now(); new MutationObserver(() => {
  const q = document.body.dataset.pending; const n = document.querySelectorAll("#log li.lgroup[data-part='1']").length;
  const last = window.__obs[window.__obs.length - 1];
  if (!last || last[1] !== q || last[2] !== n) window.__obs.push([performance.now() - t0, q, n]);
}).observe(document.body, { attributes: true, subtree: true, childList: true }); }"""
"""Records when the table's queue of others' steps (``data-pending``) and the number of the
Automated Player's log groups change."""


def _against_the_ap(server: str, browser: Any, speed: str) -> tuple[Any, list[str]]:
    """A base game of a person against the Automated Player (seed 4), opened at 1440x900 with
    the others' moves at ``speed``: the page, and the page errors it records."""
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "ap"}], "seed": 4, "ruleset": "base"})
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.add_init_script(f"localStorage.setItem('newdawn.speed', '{speed}')")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{res['seats'][0]['url']}")
    page.wait_for_selector("#decision")
    return page, errors


def test_the_automated_players_turn_is_paced_like_a_bots(server: str, browser: Any) -> None:
    """Issue 39 §5: the AP's turn, played by the engine inside the person's action, waits in the
    table's queue for the chosen pause like a bot's step, and appears after it as its own group."""
    page, errors = _against_the_ap(server, browser, "slow")
    page.evaluate(WATCH_QUEUE)
    d = Driver(page, seats={0}, seed=4, hurry=True)
    while d.turns.get(0, 0) < 2:
        d.step()
    d.wait_my_decision()
    obs = page.evaluate("window.__obs")
    first = next(i for i, (_, _, n) in enumerate(obs) if n >= 1)  # the AP's first turn appears
    queued = [t for t, q, n in obs[:first] if q == "1" and n == 0]
    assert queued, obs  # it waited in the queue first
    assert obs[first][0] - queued[-1] >= 500, obs  # for the slow pause, as a bot's step does
    assert not errors, errors


WATCH_MARKS = """() => { window.__marks = []; const t0 = performance.now(); new MutationObserver(() => {
  const at = [...document.querySelectorAll(".map .last-step")].map((e) => e.dataset.at).sort().join(" ");
  const last = window.__marks[window.__marks.length - 1];
  if (!last || last[1] !== at) window.__marks.push([performance.now() - t0, at]);
}).observe(document.body, { attributes: true, subtree: true, childList: true }); }"""
"""Records when the spaces ringed as the last step's (their "q,r" keys) change."""

AP_STEPS = """() => { const S = window.__newdawn; const out = [];
  for (const g of S.groups) {
    if (!(g.part > 0)) continue;
    const sets = [];
    for (const e of g.entries) {
      const at = [...new Set((e.spaces || []).map((x) => S.model.index.byId.get(x)?.key).filter(Boolean))].sort().join(" ");
      if (at && sets[sets.length - 1] !== at) sets.push(at);
    }
    if (new Set(sets).size >= 2) out.push(sets);
  }
  return out; }"""
"""The Automated Player's turns that ring two or more different sets of spaces: each such
turn's sets, entry by entry."""


def test_the_automated_players_turn_is_marked_entry_by_entry(server: str, browser: Any) -> None:
    """Issue 39 §5: the AP's turn is one engine action, so its rings all came at once after one
    pause, where a bot's steps come one by one. Its entries are now ringed one after another,
    each for a bot step's pause, before its end state shows."""
    page, errors = _against_the_ap(server, browser, "fast")
    page.evaluate(WATCH_MARKS)
    d = Driver(page, seats={0}, seed=4, hurry=True)
    for _ in range(200):
        if page.evaluate(AP_STEPS):
            break
        d.step()
        d.wait_my_decision()
    turns = page.evaluate(AP_STEPS)
    assert turns, "no turn of the Automated Player rang two sets of spaces"
    marks = page.evaluate("window.__marks")
    seen = [at for _, at in marks]
    sets = turns[0]
    start = next((i for i in range(len(seen)) if seen[i:i + len(sets)] == sets), None)
    assert start is not None, (sets, marks)  # each entry's spaces, one after another
    for (t0, _), (t1, _) in zip(marks[start:start + len(sets)], marks[start + 1:start + len(sets)], strict=False):
        assert t1 - t0 >= 300, (sets, marks)  # with the fast pause (350 ms) between them
    assert not errors, errors
