"""The ladder (strength.ladder, ``newdawn ladder``): its schedule, and a run that is stopped
and resumed loses and repeats no game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newdawn.buildinfo import engine_build
from newdawn.cli import jobs
from newdawn.cli.main import main
from newdawn.strength.ladder import play_ladder_game, schedule, table


def test_every_pair_plays_every_seed_twice_with_the_seats_swapped() -> None:
    jobs_ = schedule(["a", "b", "c"], 100, 3)
    assert len(jobs_) == 3 * 3 * 2
    ab = [(j.seed, j.seats) for j in jobs_ if set(j.seats) == {"a", "b"}]
    assert sorted(ab) == sorted([(s, ("a", "b")) for s in (100, 101, 102)] + [(s, ("b", "a")) for s in (100, 101, 102)])
    assert len({j.key for j in jobs_}) == len(jobs_)


def test_the_automated_player_sits_last_on_twice_the_seeds() -> None:
    jobs_ = schedule(["greedy", "ap"], 7, 2, "base")
    assert [j.seats for j in jobs_] == [("greedy", "ap")] * 4
    assert [j.seed for j in jobs_] == [7, 8, 9, 10]
    assert all(dict(j.options)["automa"] for j in jobs_)


def test_a_game_reports_decision_times_and_empty_turns_per_seat() -> None:
    job = schedule(["greedy", "random"], 5, 1, max_rounds=6)[0]
    g = play_ladder_game(job)
    assert g is not None and g["seats"] == ["greedy", "random"]
    for s in g["stats"]:
        assert s["decisions"] > 0 and 0 <= s["cpu_max_s"] <= s["cpu_s"]
        assert 0 <= s["empty"] <= s["turns"] and s["turns"] >= 5
    t = table(["greedy", "random"], [g])
    assert set(t["bots"]) == {"greedy", "random"} and t["anchor"] == "random"


def test_a_stopped_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "run"
    args = ["ladder", "--bots", "random,greedy", "--seeds", "1", "--max-rounds", "3", "--out", str(out),
            "--workers", "1", "--json"]
    real = jobs.run_jobs

    def stop_after_first(fn, todo, on_done, stop, workers=1, ray_address=None):  # type: ignore[no-untyped-def]
        def once(res):  # type: ignore[no-untyped-def]
            on_done(res)
            stop.set()
        return real(fn, todo, once, stop, workers, ray_address)

    monkeypatch.setattr(jobs, "run_jobs", stop_after_first)
    assert main(args) == 130
    first = (out / "games.jsonl").read_text().splitlines()
    assert len(first) == 1
    monkeypatch.setattr(jobs, "run_jobs", real)
    assert main(args) == 0
    lines = (out / "games.jsonl").read_text().splitlines()
    keys = [json.loads(x)["key"] for x in lines]
    assert lines[0] == first[0] and len(keys) == 2 and len(set(keys)) == 2
    assert (out / "ladder.md").read_text().startswith("## Strength")
    assert {json.loads(x)["build"] for x in lines} == {engine_build()}
    assert f"games, {engine_build()} build" in (out / "ladder.md").read_text()
    assert (out / "ladder.png").stat().st_size > 1000


def test_a_plan_is_kept_and_other_options_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["ladder", "--bots", "random,greedy", "--seeds", "1", "--max-rounds", "2", "--out", str(out),
                 "--workers", "1"]) == 0
    assert main(["ladder", "--bots", "random,mcts", "--out", str(out)]) == 2
    assert "planned with other specs" in capsys.readouterr().err


def test_the_report_names_the_build_the_games_were_played_on() -> None:
    from newdawn.cli.ladder import builds_played

    assert builds_played([{"build": "compiled"}, {"build": "compiled"}]) == "compiled"
    assert builds_played([{"build": "compiled"}, {"build": "pure"}]) == "compiled and pure"
    assert builds_played([{"build": "pure"}, {}]) == "pure and unrecorded"
