"""Load benchmark of the web server (issue 28): a command, not a test.

    .venv/bin/python tools/load_bench.py bots   [--games 100] [--seconds 20]
    .venv/bin/python tools/load_bench.py humans [--games 100] [--seconds 30] [--pace 2.0]
    .venv/bin/python tools/load_bench.py kill   [--games 10] [--seconds 40]
    .venv/bin/python tools/load_bench.py attack [--games 50] [--seconds 60]
    .venv/bin/python tools/load_bench.py orphans [--games 12]

- ``bots``: one ``newdawn serve --bot-delay 0`` process on a fresh SQLite file; ``--games``
  games of four random bots, each watched by four WebSocket clients (spectators). Prints the
  actions per second all games together made over ``--seconds`` (after a 3 s warm-up).
- ``humans``: the same server; games of four human seats, each seat's WebSocket client acting
  when its seat decides, after a pause drawn around ``--pace`` seconds (a person thinking).
  Prints percentiles of the time from sending a POST to all four sockets of the game having a
  view of the new version.
- ``kill``: two ``newdawn serve`` processes on one PostgreSQL database (a schema of their own,
  dropped afterwards); clients act as fast as they can through either process while one or the
  other is killed with SIGKILL at random moments and started again. At the end every
  acknowledged action must be in the stored log at the place its answer gave, and the stored
  log must replay (no action lost, none doubled).
- ``attack``: one ``newdawn serve`` (2 bot workers) and one client that creates ``--games`` games
  of maximum-budget bots (``mcts:2s`` in every seat), then a person-vs-greedy control game
  created from another address (``X-Forwarded-For`` through ``--trusted-proxy 127.0.0.1``).
  Prints the control bot's reply time (the person's POST answered to the bot's first action),
  alone first and then under the attack, and the longest time any game went without a move.
- ``orphans``: kills a server with thinking bots ``--games`` times (SIGKILL, under load, a new
  server each time) and counts the bot worker processes left alive afterwards.

``bots`` takes ``--bot SPEC`` (default random, which plays in the web process; greedy uses the
bot pool); ``bots`` and ``humans`` take ``--compress`` (per-message deflate on the client's
sockets, as browsers ask for).

The client runs in this process (asyncio, ``websockets`` and ``httpx``) on the same machine, so
its own work counts against the server's: figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import websockets

VERSION = re.compile(rb'"version": (\d+)')
DECIDER = re.compile(rb'"decision": \{"seat": (-?\d+)')
SKIP = ("back", "skip", "done", "pass")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_cpu(pid: int) -> float:
    """CPU seconds a process used so far (user + system)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    extra: list[str] = []
    """Further ``newdawn serve`` options for every server of the run (``--serve-arg``)."""

    def __init__(self, db: str, bot_delay: float = 0.0, port: int | None = None) -> None:
        self.db, self.bot_delay = db, bot_delay
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        exe = Path(sys.executable).with_name("newdawn")
        self.proc = subprocess.Popen([str(exe), "serve", "--port", str(self.port), "--db", self.db,
                                      "--bot-delay", str(self.bot_delay), "--create-limit", "0", *self.extra],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))

    async def ready(self, limit: float = 60) -> None:
        end = time.monotonic() + limit
        async with httpx.AsyncClient(base_url=self.base) as c:
            while True:
                try:
                    if (await c.get("/api/bots")).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                if time.monotonic() > end:
                    raise SystemExit(f"the server on port {self.port} did not start")
                await asyncio.sleep(0.1)

    def cpu(self) -> float:
        """CPU seconds the server process used so far (user + system)."""
        assert self.proc is not None
        return proc_cpu(self.proc.pid)

    def pool_cpu(self) -> float:
        """CPU seconds its bot worker processes (its children) used so far."""
        assert self.proc is not None
        return sum(proc_cpu(p) for p in children(self.proc.pid))

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Http:
    """A minimal HTTP/1.1 client on one kept-alive connection (asyncio streams). httpx's shared
    pool added hundreds of milliseconds per request with a few hundred concurrent clients (the
    server answered a raw client in under a millisecond), which would be measured as the
    server's latency."""

    reconnects = 0
    """Requests sent again on a new connection (the server had closed an idle one) in this run."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n").encode()
        for attempt in (0, 1):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                assert self.reader is not None
                self.writer.write(head + data)
                await self.writer.drain()
                lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
                status = int(lines[0].split()[1])
                length = next(int(x.split(b":")[1]) for x in lines if x.lower().startswith(b"content-length:"))
                return status, json.loads(await self.reader.readexactly(length))
            except (OSError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
                Http.reconnects += 1
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else float("nan")


# ---------------------------------------------------------------------------- bots
async def bots(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/load.db", bot_delay=0)
        srv.start()
        try:
            await srv.ready()
            await run_bots(srv, args)
        finally:
            srv.stop()


async def run_bots(srv: Server, args: argparse.Namespace) -> None:
    latest: dict[str, int] = {}
    received = [0]
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=srv.base, timeout=60, limits=limits) as http:
        gids = []
        for i in range(args.games):
            r = await http.post("/api/games", json={"seats": [{"kind": "bot", "bot": args.bot}] * 4, "seed": 1000 + i})
            gids.append(r.json()["game_id"])

    async def watch(gid: str) -> None:
        async with websockets.connect(f"ws://127.0.0.1:{srv.port}/ws/games/{gid}", max_size=None,
                                      open_timeout=60, compression="deflate" if args.compress else None) as ws:
            while True:
                raw = await ws.recv(decode=False)
                received[0] += 1
                m = VERSION.search(raw[:200])
                if m:
                    latest[gid] = max(latest.get(gid, 0), int(m.group(1)))

    tasks = [asyncio.create_task(watch(g)) for g in gids for _ in range(4)]
    await asyncio.sleep(3)  # warm-up: every socket connected, every driver running
    start, got0 = sum(latest.values()), received[0]
    t0, cpu0, own0, pool0 = time.monotonic(), srv.cpu(), time.process_time(), srv.pool_cpu()
    await asyncio.sleep(args.seconds)
    done, got = sum(latest.values()) - start, received[0] - got0
    elapsed, cpu, own = time.monotonic() - t0, srv.cpu() - cpu0, time.process_time() - own0
    pool = srv.pool_cpu() - pool0
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(f"bots: {args.games} games x 4 {'compressed ' if args.compress else ''}sockets, {args.bot} bots at no delay: {done} actions in {elapsed:.1f} s = "
          f"{done / elapsed:.0f} actions/s (revisions seen by the sockets); server CPU {cpu:.1f} s "
          f"({cpu / elapsed:.0%} of one core, {1000 * cpu / max(done, 1):.2f} ms per action); client CPU {own:.1f} s")
    print(f"  bot pool workers' CPU {pool:.1f} s ({1000 * pool / max(done, 1):.2f} ms per action)")
    print(f"  {got / (4 * args.games) / max(done / args.games, 1):.2f} views per socket and action (below 1: a busy "
          f"server sends one view for several actions, so CPU per action falls with load)")


# ---------------------------------------------------------------------------- humans
async def humans(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/load.db", bot_delay=0)
        srv.start()
        try:
            await srv.ready()
            await run_humans(srv, args)
        finally:
            srv.stop()


async def run_humans(srv: Server, args: argparse.Namespace) -> None:
    stop = asyncio.Event()
    lat: list[float] = []
    answered: list[float] = []
    slowest: list[Any] = [0.0, ""]
    errors = [0]
    rnd = random.Random(1)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=srv.base, timeout=60, limits=limits) as http:
        games = []
        for i in range(args.games):
            r = await http.post("/api/games", json={"seats": [{"kind": "human"}] * 4, "seed": 2000 + i})
            g = r.json()
            for s in g["seats"]:  # each other player opens their invite link
                if s.get("invite_url"):
                    code = s["invite_url"].split("invite=", 1)[1]
                    s["token"] = (await http.post(f"/api/games/{g['game_id']}/claim", json={"invite": code})).json()["token"]
            games.append(g)

        class Game:
            def __init__(self) -> None:
                self.seen: list[int] = [0, 0, 0, 0]
                self.pending: dict[int, float] = {}  # version -> when its POST was sent
                self.trace: dict[int, list[str]] = {}  # version -> what happened to it, when

            def saw(self, seat: int, version: int) -> None:
                now = time.monotonic()
                for v in self.pending:
                    if self.seen[seat] < v <= version:
                        self.trace.setdefault(v, []).append(f"seat {seat} socket {1000 * (now - self.pending[v]):.0f} ms")
                self.seen[seat] = max(self.seen[seat], version)
                low = min(self.seen)
                for v in [v for v in self.pending if v <= low]:
                    took = now - self.pending.pop(v)
                    lat.append(took)
                    if took > slowest[0]:
                        slowest[:] = [took, ", ".join(self.trace.get(v, []))]
                    self.trace.pop(v, None)

        async def player(g: dict[str, Any], state: Game, seat: int) -> None:
            """One person at a browser: the table reads every view as it comes (also while its
            player thinks); the player answers the latest view that asks them, after thinking."""
            gid, tok = g["game_id"], g["seats"][seat]["token"]
            post = Http(srv.port)
            asked: list[Any] = [None]  # (version, options) of the latest view that asks this seat
            wake = asyncio.Event()

            async def think_and_act() -> None:
                while True:
                    await wake.wait()
                    wake.clear()
                    await asyncio.sleep(rnd.uniform(0.5, 1.5) * args.pace)
                    if stop.is_set():
                        return
                    if asked[0] is None:
                        continue  # the question went away while they thought
                    version, opts = asked[0]
                    asked[0] = None
                    active = [o for o in opts if o.split(" ")[0] not in SKIP] or opts
                    state.pending[version + 1] = time.monotonic()
                    status, _ = await post.request("POST", f"/api/games/{gid}/actions",
                                                   {"token": tok, "version": version, "action": rnd.choice(active)})
                    took = time.monotonic() - state.pending.get(version + 1, time.monotonic())
                    answered.append(took)
                    state.trace.setdefault(version + 1, []).insert(0, f"seat {seat}'s POST answered {1000 * took:.0f} ms")
                    if status != 200:
                        errors[0] += 1
                        state.pending.pop(version + 1, None)

            actor = asyncio.create_task(think_and_act())
            try:
                async with websockets.connect(f"ws://127.0.0.1:{srv.port}/ws/games/{gid}?token={tok}",
                                              max_size=None, open_timeout=60,
                                              compression="deflate" if args.compress else None) as ws:
                    while True:
                        raw = await ws.recv(decode=False)
                        v = VERSION.search(raw[:200])
                        if v is None:
                            continue  # an error message
                        version = int(v.group(1))
                        state.saw(seat, version)
                        d = DECIDER.search(raw)
                        if d is None or int(d.group(1)) != seat:
                            asked[0] = None
                            continue  # parse only the views this seat acts on
                        opts = json.loads(raw)["decision"]["options"]
                        if opts and (asked[0] is None or asked[0][0] < version):
                            asked[0] = (version, opts)
                            wake.set()
            finally:
                actor.cancel()

        tasks = [asyncio.create_task(player(g, Game_, s)) for g in games for Game_ in [Game()] for s in range(4)]
        cpu0, own0 = srv.cpu(), time.process_time()
        await asyncio.sleep(args.seconds)
        cpu, own = srv.cpu() - cpu0, time.process_time() - own0
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    n = len(lat)
    print(f"humans: {args.games} games x 4 {'compressed ' if args.compress else ''}seat sockets, a person acts after {args.pace * 0.5:.1f}-"
          f"{args.pace * 1.5:.1f} s: {n} actions in {args.seconds:.0f} s ({n / args.seconds:.0f}/s), "
          f"{errors[0]} refused; server CPU {cpu:.1f} s ({cpu / args.seconds:.0%} of one core, "
          f"{1000 * cpu / max(n, 1):.1f} ms per action); client CPU {own:.1f} s")
    print(f"  POST to all four sockets having the view: p50 {pct(lat, 50) * 1000:.1f} ms, "
          f"p90 {pct(lat, 90) * 1000:.1f} ms, p99 {pct(lat, 99) * 1000:.1f} ms, max {max(lat, default=0) * 1000:.1f} ms")
    print(f"  POST answered: p50 {pct(answered, 50) * 1000:.1f} ms, p99 {pct(answered, 99) * 1000:.1f} ms, "
          f"max {max(answered, default=0) * 1000:.1f} ms; {Http.reconnects} POSTs sent again on a new connection")
    print(f"  slowest action: {slowest[0] * 1000:.0f} ms ({slowest[1]})")


# ---------------------------------------------------------------------------- kill
async def kill(args: argparse.Namespace) -> None:
    from sqlalchemy import create_engine, text

    url = os.environ.get("NEWDAWN_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    schema = f"newdawn_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    with admin.begin() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    scoped = f"{url}?options=-csearch_path%3D{schema}"
    servers = [Server(scoped, bot_delay=0), Server(scoped, bot_delay=0)]
    try:
        for s in servers:
            s.start()
            await s.ready()
        await run_kill(servers, args, admin, schema)
    finally:
        for s in servers:
            s.stop()
        with admin.begin() as c:
            c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


async def run_kill(servers: list[Server], args: argparse.Namespace, admin: Any, schema: str) -> None:
    from sqlalchemy import text

    from newdawn.engine import replay

    rnd = random.Random(7)
    stop = asyncio.Event()
    acked: dict[str, dict[int, str]] = {}
    counts = {"ok": 0, "refused": 0, "failed": 0, "kills": 0}
    async with httpx.AsyncClient(timeout=10) as http:
        games = []
        for i in range(args.games):
            r = await http.post(f"{servers[i % 2].base}/api/games",
                                json={"seats": [{"kind": "human"}] * 4, "seed": 3000 + i, "hotseat": True})
            games.append(r.json())

        async def agent(g: dict[str, Any]) -> None:
            gid, hs = g["game_id"], g["hotseat_url"].split("hotseat=")[1]
            acked[gid] = {}
            while not stop.is_set():
                srv = rnd.choice([s for s in servers if s.alive()] or servers)
                try:
                    v = (await http.get(f"{srv.base}/api/games/{gid}/state", params={"token": hs})).json()
                    opts = v["decision"]["options"]
                    if not opts:
                        return
                    active = [o for o in opts if o.split(" ")[0] not in SKIP] or opts
                    a = rnd.choice(active)
                    srv2 = rnd.choice([s for s in servers if s.alive()] or servers)
                    r = await http.post(f"{srv2.base}/api/games/{gid}/actions",
                                        json={"token": hs, "version": v["version"], "action": a})
                except (httpx.HTTPError, ValueError, KeyError):
                    counts["failed"] += 1
                    await asyncio.sleep(0.05)
                    continue
                if r.status_code == 200:
                    acked[gid][r.json()["version"]] = a
                    counts["ok"] += 1
                else:
                    counts["refused"] += 1

        async def killer() -> None:
            while not stop.is_set():
                await asyncio.sleep(rnd.uniform(1.5, 4.0))
                victim = rnd.choice(servers)
                victim.kill()
                counts["kills"] += 1
                await asyncio.sleep(rnd.uniform(0.2, 1.0))
                victim.start()
                await victim.ready()

        tasks = [asyncio.create_task(agent(g)) for g in games] + [asyncio.create_task(killer())]
        await asyncio.sleep(args.seconds)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    lost = doubled = 0
    with admin.connect() as c:
        for g in games:
            gid = g["game_id"]
            log = [r[0] for r in c.execute(text(f"SELECT action FROM {schema}.actions WHERE game_id = :g ORDER BY n"),
                                           {"g": gid})]
            conf, seed, rev = c.execute(text(f"SELECT config, seed_text, revision FROM {schema}.games WHERE id = :g"),
                                        {"g": gid}).one()
            for version, a in acked[gid].items():
                if version > len(log) or log[version - 1] != a:
                    lost += 1
            if rev != len(log):
                doubled += 1
            replay({"config": json.loads(conf), "seed": int(seed), "actions": log})  # raises on a doubled action
    print(f"kill: 2 processes on PostgreSQL, {args.games} games, {args.seconds:.0f} s, {counts['kills']} kill -9: "
          f"{counts['ok']} actions acknowledged, {counts['refused']} refused (stale), {counts['failed']} requests "
          f"failed (process down); acknowledged actions missing or moved: {lost}; games whose revision is not "
          f"their log length: {doubled}; every stored log replays")


# ---------------------------------------------------------------------------- attack
async def attack(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/load.db", bot_delay=0)
        Server.extra = [*Server.extra, "--trusted-proxy", "127.0.0.1", "--bot-workers", "2"]
        srv.start()
        try:
            await srv.ready()
            await run_attack(srv, args)
        finally:
            srv.stop()


async def control_replies(srv: Server, seconds: float, rnd: random.Random) -> list[float]:
    """A person (seat 1) against greedy: after each of the person's actions, the seconds until
    the bot's first action shows in the game's version."""
    replies: list[float] = []
    async with httpx.AsyncClient(base_url=srv.base, timeout=60, headers={"X-Forwarded-For": "198.51.100.1"}) as http:
        g = (await http.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                                                 "seed": 7})).json()
        gid, tok = g["game_id"], g["seats"][0]["token"]
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            v = (await http.get(f"/api/games/{gid}/state", params={"token": tok})).json()
            if v["view"]["winner"] != -1:
                break
            if v["decision"]["seat"] != 0:
                await asyncio.sleep(0.02)
                continue
            await asyncio.sleep(rnd.uniform(0.2, 0.6))  # the person thinks
            opts = v["decision"]["options"]
            active = [o for o in opts if o.split(" ")[0] not in SKIP] or opts
            r = await http.post(f"/api/games/{gid}/actions", json={"token": tok, "version": v["version"],
                                                                  "action": rnd.choice(active)})
            if r.status_code != 200:
                continue
            mine, t0 = r.json()["version"], time.monotonic()
            while True:
                w = (await http.get(f"/api/games/{gid}/state", params={"log_from": mine})).json()
                if w["version"] > mine or w["decision"]["seat"] == 0:
                    if w["version"] > mine:
                        replies.append(time.monotonic() - t0)
                    break
                if time.monotonic() - t0 > 60:
                    print(f"  the control bot made no move for 60 s (version {mine})", flush=True)
                    replies.append(time.monotonic() - t0)
                    break
                await asyncio.sleep(0.01)
    return replies


async def run_attack(srv: Server, args: argparse.Namespace) -> None:
    rnd = random.Random(3)
    alone = await control_replies(srv, min(20.0, args.seconds / 3), rnd)
    bot = {"kind": "bot", "bot": "mcts:2s"}
    async with httpx.AsyncClient(base_url=srv.base, timeout=60, headers={"X-Forwarded-For": "203.0.113.66"}) as http:
        attackers = set()
        for i in range(args.games):
            r = await http.post("/api/games", json={"seats": [bot] * 4, "seed": 500 + i})
            assert r.status_code == 200, r.text
            attackers.add(r.json()["game_id"])
        await asyncio.sleep(5)  # the drivers start; the pool's workers are busy from here
        moved: dict[str, tuple[int, float]] = {}
        worst = [0.0]
        stop = asyncio.Event()

        async def watch() -> None:
            while not stop.is_set():
                now = time.monotonic()
                for g in (await http.get("/api/games", params={"limit": 500})).json()["games"]:
                    if g["game_id"] not in attackers:
                        continue  # the control game waits for its person: timed by its replies
                    last = moved.get(g["game_id"])
                    if last is None or g["version"] != last[0]:
                        if last is not None:
                            worst[0] = max(worst[0], now - last[1])
                        moved[g["game_id"]] = (g["version"], now)
                    elif g["status"] == "playing":
                        worst[0] = max(worst[0], now - last[1])
                await asyncio.sleep(0.5)

        watcher = asyncio.create_task(watch())
        cpu0 = srv.cpu()
        loaded = await control_replies(srv, args.seconds, rnd)
        stop.set()
        await watcher
        cpu = srv.cpu() - cpu0
    print(f"attack: {args.games} games of mcts:2s bots from one client, a person-vs-greedy game from another")
    print(f"  greedy reply alone: p50 {pct(alone, 50) * 1000:.0f} ms, p99 {pct(alone, 99) * 1000:.0f} ms "
          f"({len(alone)} replies)")
    print(f"  greedy reply under attack: p50 {pct(loaded, 50) * 1000:.0f} ms, p99 {pct(loaded, 99) * 1000:.0f} ms, "
          f"max {max(loaded, default=0) * 1000:.0f} ms ({len(loaded)} replies)")
    print(f"  longest time an attacking game went without a move: {worst[0]:.1f} s ({len(moved)} games watched); "
          f"web process CPU {cpu:.1f} s")


# ---------------------------------------------------------------------------- orphans
def children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                out.append(int(d.name))
    return out


def alive(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


async def orphans(args: argparse.Namespace) -> None:
    workers: set[int] = set()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/load.db"
        for k in range(args.games):
            srv = Server(db, bot_delay=0)
            srv.start()
            try:
                await srv.ready()
                async with httpx.AsyncClient(base_url=srv.base, timeout=60) as http:
                    for i in range(3):
                        await http.post("/api/games", json={"seats": [{"kind": "bot", "bot": "mcts:1s"}] * 3,
                                                            "seed": 100 * k + i})
                assert srv.proc is not None
                end = time.monotonic() + 30
                while len([p for p in children(srv.proc.pid) if p not in workers]) < 3 and time.monotonic() < end:
                    await asyncio.sleep(0.2)
                await asyncio.sleep(rnd_pause(k))
                mine = children(srv.proc.pid)
                workers.update(mine)
            finally:
                srv.kill()
            print(f"  kill {k + 1}: {len(mine)} child processes at the kill", flush=True)
        t0 = time.monotonic()
        while any(alive(p) for p in workers) and time.monotonic() - t0 < 30:
            await asyncio.sleep(0.1)
        gone = time.monotonic() - t0
    left = [p for p in workers if alive(p)]
    print(f"orphans: {args.games} kill -9 of a server thinking for bots: {len(workers)} child processes seen "
          f"(workers and their resource tracker), {len(left)} alive {gone:.1f} s after the last kill "
          f"(a worker still starting when its server died ends once it has started)")


def rnd_pause(k: int) -> float:
    return 0.5 + (k * 0.37) % 2.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["bots", "humans", "kill", "attack", "orphans"])
    ap.add_argument("--bot", default="random", help="bots: the bot spec of every seat (greedy thinks in the pool)")
    ap.add_argument("--compress", action="store_true", help="bots, humans: compressed sockets, as browsers use")
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--pace", type=float, default=2.0, help="humans: mean seconds a person thinks")
    ap.add_argument("--serve-arg", action="append", default=[], metavar="OPTION",
                    help="pass an option to every `newdawn serve`, e.g. --serve-arg=--no-ws-compression")
    args = ap.parse_args()
    Server.extra = list(args.serve_arg)
    defaults = {"bots": (100, 20.0), "humans": (100, 30.0), "kill": (10, 40.0), "attack": (50, 60.0),
                "orphans": (12, 0.0)}[args.mode]
    args.games = args.games or defaults[0]
    args.seconds = args.seconds or defaults[1]
    modes = {"bots": bots, "humans": humans, "kill": kill, "attack": attack, "orphans": orphans}
    asyncio.run(modes[args.mode](args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
