"""The bot interface: bots see only their seat's view, are deterministic for a seed, and the
registry builds them from specs."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from newdawn.bots import GreedyBot, MctsBot, RandomBot, make_bot, play_game
from newdawn.bots.mcts import leaf_value
from newdawn.bots.registry import parse_budget
from newdawn.bots.turnbot import TurnBot
from newdawn.engine import Action, apply_in_place, decision_seat, legal_actions, new_game, player_view
from newdawn.engine.flow import slot_of

SECRET_KEYS = ("rng", "stack", "removed_wonders", "forced_dice")


class Spy:
    """Wraps a bot; fails the game if a call carries anything hidden, records the views."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = True
        self.calls = 0

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        assert view is not None
        for k in SECRET_KEYS:
            assert k not in view, k
        assert "seed" not in view["config"]
        for info in view["wonder_decks"].values():
            assert set(info) == {"top", "size"}
        assert view["decision"]["seat"] == view["viewer"]
        assert view["decision"]["options"] == [str(a) for a in legal]
        self.calls += 1
        return self.bot.choose(view, legal)


def _midgame(players: int, seed: int, steps: int) -> Any:
    st = new_game({"players": players, "max_rounds": 100}, seed)
    bot = RandomBot(random.Random(seed))
    for _ in range(steps):
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    while len(legal_actions(st)) < 2:
        apply_in_place(st, legal_actions(st)[0])
    return st


@pytest.mark.parametrize("spec", ["greedy", "mcts:20i"])
def test_bots_receive_only_their_seat_view(spec: str) -> None:
    st = new_game({"players": 2, "max_rounds": 3}, 4)
    spies = [Spy(make_bot(spec, 1)), Spy(make_bot("random", 2))]
    st, n = play_game(st, spies)
    assert st.winner != -1 and n > 0
    assert spies[0].calls > 0 and spies[1].calls > 0


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:30i"])
def test_bots_are_deterministic_for_a_seed(spec: str) -> None:
    picks = []
    for _ in range(2):
        out = []
        for k, steps in enumerate((40, 150, 400)):
            st = _midgame(3, 50 + k, steps)
            seat = decision_seat(st)
            bot = make_bot(spec, 7)
            out.append(bot.choose(player_view(st, seat), legal_actions(st)))
        picks.append(out)
    assert picks[0] == picks[1]


def test_hidden_state_does_not_change_a_choice() -> None:
    """Two real states that differ only in what the seat cannot see give the same choice."""
    st = _midgame(2, 9, 300)
    seat = decision_seat(st)
    other = st.copy()
    other.stack = list(reversed(other.stack))
    other.rng ^= 0xFFFF
    for spec in ("greedy", "mcts:25i"):
        a = make_bot(spec, 3).choose(player_view(st, seat), legal_actions(st))
        b = make_bot(spec, 3).choose(player_view(other, seat), legal_actions(other))
        assert a == b


def test_greedy_takes_an_immediate_gain() -> None:
    """Where one option claims territory and another passes, greedy claims."""
    st = new_game({"players": 2, "max_rounds": 50}, 3)
    bot = RandomBot(random.Random(3))
    found = 0
    g = GreedyBot(random.Random(0))
    while st.winner == -1 and found < 3:
        legal = legal_actions(st)
        if st.stack_frames[-1]["kind"] == "place" and any(a.verb == "done" for a in legal) and len(legal) > 1:
            a = g.choose(player_view(st, decision_seat(st)), legal)
            assert a.verb != "done"
            found += 1
        apply_in_place(st, bot.choose(None, legal))
    assert found > 0


def test_registry_specs() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    m = make_bot("mcts", 1)
    assert isinstance(m, MctsBot) and m.time_s == 1.0
    m = make_bot("mcts:500i", 1)
    assert isinstance(m, MctsBot) and m.iterations == 500 and m.time_s is None
    m = make_bot("MCTS:250ms", 1)
    assert isinstance(m, MctsBot) and m.time_s == pytest.approx(0.25)
    assert parse_budget("1.5s") == (1.5, None)
    assert m.clock is time.perf_counter
    m = make_bot("mcts:250ms-cpu", 1)
    assert isinstance(m, MctsBot) and m.time_s == pytest.approx(0.25) and m.clock is time.thread_time
    for bad in ("mcts:fast", "mcts:0s", "greedy:1s", "alphazero", "mcts:2.5i", "mcts:500i-cpu", "mcts:1s-gpu"):
        with pytest.raises(ValueError):
            make_bot(bad, 1)


def _focus_choice(players: int, seed: int, steps: int) -> Any:
    """A mid-game state whose pending decision is a player's focus card choice."""
    st = _midgame(players, seed, steps)
    bot = RandomBot(random.Random(seed))
    while not any(a.verb == "focus" for a in legal_actions(st)):
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    return st


def test_mcts_respects_an_iteration_budget_per_turn() -> None:
    st = _focus_choice(2, 5, 120)
    seat = decision_seat(st)
    bot = MctsBot(random.Random(1), iterations=40)
    legal = legal_actions(st)
    a = bot.choose(player_view(st, seat), legal)
    assert a in legal and a.verb == "focus" and bot.last_iterations == 40
    # the rest of the turn is greedy's: no search
    apply_in_place(st, a)
    while decision_seat(st) == seat and len(legal_actions(st)) < 2:
        apply_in_place(st, legal_actions(st)[0])
    if decision_seat(st) == seat:
        bot.last_iterations = 0
        assert bot.choose(player_view(st, seat), legal_actions(st)) in legal_actions(st)
        assert bot.last_iterations == 0


def test_mcts_keeps_a_time_budget_per_turn() -> None:
    """The focus choice may use what the turn has left: after a decision of the same turn
    took the whole budget, the search stops at once (greedy's choice, no iteration)."""
    st = _focus_choice(2, 6, 200)
    seat = decision_seat(st)
    bot = MctsBot(random.Random(2), time_s=0.2)
    bot._turn, bot._spent = (st.round, st.current), 0.2
    a = bot.choose(player_view(st, seat), legal_actions(st))
    assert a.verb == "focus" and bot.last_iterations == 0
    fresh = MctsBot(random.Random(2), time_s=0.2)
    fresh.choose(player_view(st, seat), legal_actions(st))
    assert fresh.last_iterations > 0


def test_mcts_time_budget_is_read_from_its_clock() -> None:
    """The budget is measured by the bot's clock (wall time, or CPU time for ``-cpu``): a clock
    that has already run past the turn's budget at the second reading leaves no iteration."""
    st = _focus_choice(2, 6, 200)
    seat = decision_seat(st)
    ticks = iter(range(0, 10**6, 10))
    stopped = MctsBot(random.Random(2), time_s=5.0, clock=lambda: float(next(ticks)))
    a = stopped.choose(player_view(st, seat), legal_actions(st))
    assert a in legal_actions(st) and stopped.last_iterations == 0


def test_mcts_plans_beyond_one_turn() -> None:
    """The search's tree holds the next turn's focus choices below this turn's."""
    st = _focus_choice(2, 7, 150)
    seat = decision_seat(st)
    bot = MctsBot(random.Random(3), iterations=60)
    legal = legal_actions(st)
    base = st.copy()
    seen: list[int] = []
    original = bot._select

    def spy(node: Any, opts: Any, priors: Any, rng: Any) -> Any:
        seen.append(sum(1 for o in opts if o.verb == "focus"))
        return original(node, opts, priors, rng)

    bot._select = spy  # type: ignore[method-assign]
    bot.search(base, seat, legal)
    assert len(seen) > 60  # level 1 every iteration, level 2 whenever the game went on
    assert all(k > 1 for k in seen)


def test_mcts_leaf_carries_the_tempo_of_its_focus_choices() -> None:
    """With the tempo shaping dominant (not so large that every leaf saturates), the search
    picks the card in the highest slot; the shaping moves an unfinished leaf's value and leaves
    a finished game's alone."""
    st = _focus_choice(2, 11, 90)
    seat = decision_seat(st)
    legal = [a for a in legal_actions(st) if a.verb == "focus"]
    top = max(slot_of(st, seat, a.arg) for a in legal)
    bot = MctsBot(random.Random(4), iterations=60, tempo_w=8.0)
    chosen = bot.search(st.copy(), seat, legal_actions(st))
    assert slot_of(st, seat, chosen.arg) == top
    assert leaf_value(st, seat, 10.0) > leaf_value(st, seat) > leaf_value(st, seat, -10.0)
    over = st.copy()
    over.winner = seat
    assert leaf_value(over, seat, -1000.0) == 1.0


@pytest.mark.parametrize(("players", "rivals", "policy"),
                         [(2, None, "greedy"), (4, None, "hostile"), (3, None, "random"),
                          (4, "greedy", "greedy"), (2, "random", "random"), (2, "hostile", "hostile")])
def test_mcts_plays_the_rivals_by_the_rivals_table(monkeypatch: pytest.MonkeyPatch, players: int,
                                                   rivals: str | None, policy: str) -> None:
    """``RIVALS``: the search plays the rivals as the table says for the player count (here a
    table of the test's own: one-ply greedy on the rival's own score with 2 players, one-ply
    greedy on its value with 4, the rollout policy for counts not listed), unless the bot
    names its own policy."""
    import newdawn.bots.mcts as m

    monkeypatch.setattr(m, "RIVALS", {2: "greedy", 4: "hostile"})
    monkeypatch.setattr(m, "RIVALS_OTHERWISE", "random")
    st = _focus_choice(players, 7, 60)
    seat = (st.current + 1) % players  # the current player's turn is a rival's turn for seat
    own_only: set[bool] = set()
    real = m.greedy_step

    def counting(s: Any, mover: int, legal: Sequence[Action], **kw: Any) -> Action:
        if mover != seat:
            own_only.add(bool(kw.get("own_only", False)))
        return real(s, mover, legal, **kw)

    monkeypatch.setattr(m, "greedy_step", counting)
    m.MctsBot(random.Random(1), iterations=1, rivals=rivals)._to_next_turn(st, seat)
    want = {"greedy": {True}, "hostile": {False}, "random": set()}[policy]
    assert own_only == want


def test_mcts_plays_its_simulated_turns_by_its_policy_and_judges_leaves_by_its_evaluation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``policy``: the one-ply choices of the simulated turns (the seat's own and the rivals')
    are made by that evaluation, while the leaves are judged by ``ev``; without one, ``ev``
    plays the turns too."""
    import newdawn.bots.mcts as m
    from newdawn.bots.evaluate import HAND, Evaluation

    leaves = Evaluation(strike=0.5)
    assert leaves != HAND
    used: dict[str, set[int]] = {"step": set(), "leaf": set()}
    real_step, real_leaf = m.greedy_step, m.leaf_value

    def step(s: Any, mover: int, legal: Sequence[Action], **kw: Any) -> Action:
        used["step"].add(id(kw["ev"]))
        return real_step(s, mover, legal, **kw)

    def leaf(s: Any, seat: int, shaping: float = 0.0, ev: Any = HAND) -> float:
        used["leaf"].add(id(ev))
        return real_leaf(s, seat, shaping, ev)

    monkeypatch.setattr(m, "greedy_step", step)
    monkeypatch.setattr(m, "leaf_value", leaf)
    st = _focus_choice(2, 7, 60)
    legal = legal_actions(st)
    m.MctsBot(random.Random(1), iterations=4, ev=leaves, policy=HAND).search(st, st.current, legal)
    assert used == {"step": {id(HAND)}, "leaf": {id(leaves)}}
    used["step"].clear(), used["leaf"].clear()
    m.MctsBot(random.Random(1), iterations=4, ev=leaves).search(st, st.current, legal)
    assert used == {"step": {id(leaves)}, "leaf": {id(leaves)}}


@pytest.mark.parametrize(("ruleset", "players", "learned"), [("ti", 2, True), ("ti", 4, False), ("base", 2, False)])
def test_mcts_judges_its_leaves_by_the_learned_model_where_the_table_says(ruleset: str, players: int,
                                                                          learned: bool) -> None:
    """``LEARNED_LEAVES``: in Terra Incognita with 2 players the focus search's leaves are judged by
    the shipped model, while the hand table plays the simulated turns out and takes the other
    decisions; elsewhere, or with an evaluation given, the hand table (or that evaluation) does all."""
    import newdawn.bots.mcts as m
    from newdawn.bots.evaluate import HAND, hand_for
    from newdawn.bots.model import LearnedEvaluation

    bot = m.MctsBot(random.Random(1), iterations=1)
    bot._judge_by(players, ruleset)
    hand = hand_for(ruleset)
    assert isinstance(bot.ev, LearnedEvaluation) is learned
    assert bot.policy is (hand if learned else bot.ev)
    if learned:
        assert bot.ev.model.ruleset == ruleset and bot.ev.model.players == players
        assert bot._greedy.ev is HAND
    given = m.MctsBot(random.Random(1), iterations=1, ev=HAND)
    given._judge_by(players, ruleset)
    assert given.ev is HAND and given.policy is HAND


@pytest.mark.parametrize(("ruleset", "players", "learned"), [("ti", 2, True), ("ti", 4, False), ("base", 2, False)])
def test_normal_judges_by_the_learned_model_where_the_table_says(ruleset: str, players: int, learned: bool) -> None:
    """``turnbot.LEARNED_JUDGE``: in Terra Incognita with 2 players Normal's decisions (its focus
    cards' played-out turns and the rest of its turn) are judged by the shipped model; elsewhere,
    or with an evaluation given, by the ruleset's hand table (or that evaluation)."""
    from newdawn.bots.evaluate import HAND, hand_for
    from newdawn.bots.model import LearnedEvaluation
    from newdawn.engine import game_config

    st = new_game(game_config(players, ruleset=ruleset), 5)
    seat = decision_seat(st)
    bot = TurnBot(random.Random(1))
    bot.choose(player_view(st, seat), legal_actions(st))
    judge = bot._greedy.ev
    assert isinstance(judge, LearnedEvaluation) is learned
    if learned:
        assert isinstance(judge, LearnedEvaluation)
        assert (judge.model.ruleset, judge.model.players) == (ruleset, players)
    else:
        assert judge is hand_for(ruleset)
    given = TurnBot(random.Random(1), ev=HAND)
    given.choose(player_view(st, seat), legal_actions(st))
    assert given._greedy.ev is HAND


def test_mcts_refuses_an_unknown_rivals_policy() -> None:
    with pytest.raises(ValueError, match="rivals must be one of"):
        MctsBot(random.Random(1), iterations=1, rivals="friendly")


@pytest.mark.parametrize(("players", "depth"), [(2, None), (4, None), (4, 1), (2, 1), (4, 2)])
def test_mcts_searches_as_deep_as_asked_or_its_player_count_says(monkeypatch: pytest.MonkeyPatch,
                                                                 players: int, depth: int | None) -> None:
    """``DEPTH``: two own turns (the rivals' turns simulated between them) or one (the sampled
    one-turn search, no rival simulated), by player count unless the bot is given a depth."""
    import newdawn.bots.mcts as m

    st = _focus_choice(players, 7, 60)
    seat = decision_seat(st)
    calls: dict[str, int] = {"rivals": 0, "sampled": 0}
    bot = m.MctsBot(random.Random(2), iterations=3, depth=depth)
    to_next, sampled = bot._to_next_turn, bot._mean_best

    def spy_next(*a: Any) -> Any:
        calls["rivals"] += 1
        return to_next(*a)

    def spy_sampled(*a: Any) -> Any:
        calls["sampled"] += 1
        return sampled(*a)

    monkeypatch.setattr(bot, "_to_next_turn", spy_next)
    monkeypatch.setattr(bot, "_mean_best", spy_sampled)
    a = bot.choose(player_view(st, seat), legal_actions(st))
    assert a in legal_actions(st) and a.verb == "focus"
    want = depth or m.DEPTH.get(players, m.DEPTH_OTHERWISE)
    assert (calls["rivals"], calls["sampled"]) == ((3, 0) if want == 2 else (0, 1))
    assert bot.last_iterations == 3
    with pytest.raises(ValueError, match="depth"):
        m.MctsBot(random.Random(2), depth=3)


def test_one_turn_search_judges_every_option_on_the_same_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one-turn search (``depth=1``) draws one determinization per round after the first
    (the position itself), judges every option on it, and answers with the best mean: an
    option that looks best on the first draw loses to one that is better on average."""
    import newdawn.bots.base as samples_from
    import newdawn.bots.mcts as m

    st = _focus_choice(4, 7, 60)
    seat = decision_seat(st)
    legal = legal_actions(st)
    assert len(legal) >= 2
    first, second = legal[0], legal[1]
    # by round: the first option leads on round 0, the second over three rounds
    table = {0: {first: 1000.0, second: 0.0}, 1: {first: -2000.0, second: 500.0},
             2: {first: 0.0, second: 500.0}}
    draws: list[Any] = []
    judged: list[tuple[int, Any]] = []
    real_determinize = samples_from.determinize

    def counting_determinize(*a: Any, **kw: Any) -> Any:
        draws.append(real_determinize(*a, **kw))
        return draws[-1]

    def scripted_values(pos: Any, s: int, opts: Sequence[Action]) -> list[tuple[Action, float]]:
        judged.append((len(draws), pos))
        return [(a, table[len(draws)].get(a, -5000.0)) for a in opts]

    monkeypatch.setattr(samples_from, "determinize", counting_determinize)
    for rounds, want in ((1, first), (3, second)):
        draws.clear()
        judged.clear()
        bot = m.MctsBot(random.Random(3), iterations=rounds, depth=1)
        monkeypatch.setattr(bot._greedy, "option_values", scripted_values)
        assert bot.search(st, seat, legal) == want
        assert len(draws) == rounds - 1 and bot.last_iterations == rounds
        # one call per round, judging all options on that round's position
        assert [k for k, _ in judged] == list(range(rounds))
        assert [pos for _, pos in judged] == [st, *draws]


def _after_focus(players: int, seed: int, steps: int) -> Any:
    """A mid-game state whose pending decision is the current player's, after the focus choice."""
    st = _midgame(players, seed, steps)
    bot = RandomBot(random.Random(seed))
    while True:
        legal = legal_actions(st)
        if (decision_seat(st) == st.current and len(legal) > 1
                and not any(a.verb in ("focus", "back") for a in legal)):
            return st
        apply_in_place(st, bot.choose(None, legal))


@pytest.mark.parametrize("spent", [0.0, 0.3])
def test_mcts_answers_by_one_ply_once_the_turn_time_is_gone(monkeypatch: pytest.MonkeyPatch,
                                                             spent: float) -> None:
    """After the focus choice, a decision taken when the turn's time is spent is ``greedy_step``'s
    (one ply, no chains, no averaging); with time left it is not."""
    import newdawn.bots.mcts as m

    st = _after_focus(4, 8, 150)
    seat = decision_seat(st)
    answers: list[Action] = []
    real = m.greedy_step

    def recording(s: Any, mover: int, legal: Sequence[Action], **kw: Any) -> Action:
        answers.append(real(s, mover, legal, **kw))
        return answers[-1]

    monkeypatch.setattr(m, "greedy_step", recording)
    bot = m.MctsBot(random.Random(5), time_s=0.3)
    bot._turn, bot._spent = (st.round, st.current), spent
    a = bot.choose(player_view(st, seat), legal_actions(st))
    assert a in legal_actions(st)
    assert answers == ([a] if spent else [])


@pytest.mark.parametrize("players", [2, 4])
def test_mcts_reserves_a_share_of_the_turn_by_player_count(monkeypatch: pytest.MonkeyPatch,
                                                           players: int) -> None:
    """The focus search gets the turn's budget less ``RESERVE`` for the player count."""
    import newdawn.bots.mcts as m

    st = _focus_choice(players, 9, 60)
    seat = decision_seat(st)
    budgets: list[float | None] = []

    def search(self: Any, base: Any, seat: int, legal: Sequence[Action], t0: Any = None,
               budget: float | None = None) -> Action:
        budgets.append(budget)
        return legal[0]

    monkeypatch.setattr(m.MctsBot, "search", search)
    m.MctsBot(random.Random(6), time_s=2.0).choose(player_view(st, seat), legal_actions(st))
    keep = m.RESERVE.get(players, m.RESERVE_OTHERWISE)
    assert budgets == [pytest.approx(2.0 * (1 - keep))]
    assert (keep > m.RESERVE[2]) == (players == 4)
