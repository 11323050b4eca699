"""The lobby: new games (every creation field checked), the links their creator gets, invites
claimed, and the paged list of games.

``Lobby`` works on the games of a ``GameManager`` (server/games.py); like it, its methods are
synchronous and thread-safe, called from worker threads.
"""

from __future__ import annotations

import random
import secrets
from datetime import UTC, datetime
from typing import Any

from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET, ruleset_ids
from ..describe.lobby import game_row_words, leader_twice_words, seat_link_words
from ..engine import config_options, decision_seat, new_game, normalise_config
from .botpool import check_spec
from .bots import make_seat_bot
from .errors import GameError
from .games import GameManager
from .guide import GUIDE_BOT, LEARNER, guide_game, start
from .inputs import CREATE_FIELDS, MAX_ROUNDS, check_flag, check_whole, clip, same_choice
from .live import LiveGame, new_game_id, new_token
from .seats import check_turn_limit
from .store import GameRecord, SeatRecord

MIN_SEATS, MAX_SEATS = 2, 5
SEAT_KINDS = ("human", "bot", "ap")
"""A seat is played by a person, by one of the server's bots, or (base game) it is the
Automated Player, a seat the engine plays itself (``rulesets/base_automa.py``)."""
RULESETS = ruleset_ids()
"""The rulesets a game may be created with, the default first (``content.rulesets``)."""
GAME_OPTIONS = ("map", "epic")
"""Request fields passed to the engine as ruleset options when the ruleset has them."""
SEED_BITS = 128
"""Bits of the secret seed the server draws for a game (and the widest seed a person may type)."""
LIST_PAGE = 100
"""Games in one page of the lobby's list (``GET /api/games?offset=&limit=``)."""
MAX_LIST_PAGE = 500
HOTSEAT_NOTE = ("The hot-seat link acts for every human seat on one screen, except a seat whose invite "
                "link has been opened: that seat is its player's alone.")


class Lobby:
    """Creates games, hands out their links, spends invites and lists games."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager


    def create(self, body: dict[str, Any], owner: str | None = None) -> dict[str, Any]:
        """A new game from the lobby's request ``body``; ``owner``: who asks (a hash of the
        client's address; the bot pool shares its workers fairly among owners)."""
        unknown = sorted(set(body) - CREATE_FIELDS)
        if unknown:
            raise GameError(400, f"unknown field {clip(unknown[0])}: a game is created with "
                                 f"{', '.join(sorted(CREATE_FIELDS))}")
        seats_in = body.get("seats")
        if not isinstance(seats_in, list) or not MIN_SEATS <= len(seats_in) <= MAX_SEATS:
            raise GameError(400, f"a game needs {MIN_SEATS} to {MAX_SEATS} seats")
        seats: list[SeatRecord] = []
        for i, s in enumerate(seats_in):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind not in SEAT_KINDS:
                raise GameError(400, f"seat {i + 1}: kind must be \"human\", \"bot\" or \"ap\"")
            if kind == "ap" and i != len(seats_in) - 1:
                raise GameError(400, f"seat {i + 1}: the Automated Player (\"ap\") can only take the last seat")
            bot = None
            if kind == "bot":
                try:
                    bot = check_spec(s.get("bot") or "random")
                    make_seat_bot(bot, 0)
                except ValueError as e:
                    raise GameError(400, f"seat {i + 1}: {str(e)[:200]}") from None
            seats.append(SeatRecord(i, kind, bot, new_token(), last_seen=self.manager.clock()))
        ruleset, options = self._ruleset_options(body, seats)
        leaders = body.get("leaders")
        if leaders is not None:
            if not isinstance(leaders, list) or len(leaders) != len(seats):
                raise GameError(400, f"leaders must be null or a list of {len(seats)} leader ids")
            for i, x in enumerate(leaders):
                if x is not None and (not isinstance(x, str) or len(x) > 40):
                    raise GameError(400, f"seat {i + 1}: a leader is given by its id (a short text) or null")
            chosen = [x for x in leaders if x not in (None, "random")]
            twice = next((x for i, x in enumerate(chosen) if x in chosen[:i]), None)
            if twice is not None:
                raise GameError(400, leader_twice_words(twice))
            if all(x is None or x == "random" for x in leaders):
                leaders = None
            elif any(x is None or x == "random" for x in leaders):
                leaders = self._fill_leaders(leaders, body.get("seed"), ruleset)
        seed = body.get("seed")
        practice = seed is not None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**SEED_BITS:
            raise GameError(400, f"seed must be null or a whole number from 0 to 2**{SEED_BITS} - 1")
        max_rounds = check_whole(body.get("max_rounds"), "max_rounds", 1, MAX_ROUNDS)
        turn_limit = check_turn_limit(body.get("turn_limit_s"))
        config = {"players": len(seats), "ruleset": ruleset, "leaders": leaders, "colors": None,
                  "max_rounds": max_rounds, **options}
        try:
            checked = normalise_config(config)
            st = new_game(checked, seed)
        except ValueError as e:
            raise GameError(400, f"bad game: {e}") from None
        hotseat = check_flag(body.get("hotseat"), "hotseat")
        if hotseat and not any(s.kind == "human" for s in seats):
            raise GameError(400, "hot-seat play needs at least one human seat")
        mine = body.get("my_seat")
        humans = [s.seat for s in seats if s.kind == "human"]
        if mine is None:
            mine = humans[0] if humans else None
        elif not isinstance(mine, int) or isinstance(mine, bool) or mine not in humans:
            raise GameError(400, "my_seat must be null or the number (from 0) of a human seat")
        for sr in seats:
            sr.leader, sr.color = st.players[sr.seat].leader, st.players[sr.seat].color
            if sr.kind == "human" and sr.seat != mine:
                sr.invite = new_token()  # the seat's token is made when its player claims it
        rec = GameRecord(new_game_id(), datetime.now(UTC), dict(checked), seed,
                         new_token() if hotseat else None, 0, seats, [], practice=practice, turn_limit_s=turn_limit,
                         owner=owner)
        g = LiveGame.from_states(rec, [st])
        rec.deadline = self.manager._deadline_after(g, -1, st)
        self.manager.store.create_game(rec, list(st.events), g.summary_record())
        self.manager._attach_bots(g)
        with self.manager._lock:
            self.manager.games[rec.id] = g
        return self.links(g)

    def create_guide(self, owner: str | None = None, ruleset: Any = None) -> dict[str, Any]:
        """The guided first game ("Learn to play", server/guide.py) of ``ruleset`` (None: the
        default): the learner in seat 1 against the Easy bot, from the guide's scenario (its
        configuration, seed and setup actions, played as the seats' own actions so that the record
        replays like any other game)."""
        config, seed, actions = guide_game(DEFAULT_RULESET if ruleset is None else str(ruleset))
        seats = [SeatRecord(i, "human" if i == LEARNER else "bot", None if i == LEARNER else GUIDE_BOT, new_token(),
                            last_seen=self.manager.clock()) for i in range(config["players"])]
        st = new_game(config, seed)
        for sr in seats:
            sr.leader, sr.color = st.players[sr.seat].leader, st.players[sr.seat].color
        rec = GameRecord(new_game_id(), datetime.now(UTC), dict(config), seed, None, 0, seats, [], practice=True,
                         owner=owner, guide=start())
        g = LiveGame.from_states(rec, [st])
        self.manager.store.create_game(rec, list(st.events), g.summary_record())
        with g.lock:
            for text in actions:
                self.manager._apply(g, decision_seat(g.state), text)
        self.manager._attach_bots(g)
        with self.manager._lock:
            self.manager.games[rec.id] = g
        return self.links(g)

    @staticmethod
    def _ruleset_options(body: dict[str, Any], seats: list[SeatRecord]) -> tuple[str, dict[str, Any]]:
        """The game's ruleset and its own options (``map``, ``epic``; ``automa`` from an
        ``"ap"`` seat) from the request, checked against what the ruleset offers."""
        ruleset = body.get("ruleset", DEFAULT_RULESET)
        if ruleset is None:
            ruleset = DEFAULT_RULESET
        if ruleset not in RULESETS:
            raise GameError(400, f"ruleset must be one of {list(RULESETS)}")
        offered = config_options(ruleset, load_content(ruleset))
        options: dict[str, Any] = {}
        for key in GAME_OPTIONS:
            if body.get(key) is None:
                continue
            if key not in offered:
                raise GameError(400, f"{key} is not an option of the {ruleset!r} ruleset")
            if not same_choice(body[key], offered[key].choices):
                raise GameError(400, f"{key} must be one of {list(offered[key].choices)}")
            options[key] = body[key]
        if any(s.kind == "ap" for s in seats):
            if "automa" not in offered:
                raise GameError(400, f"the Automated Player (\"ap\" seat) plays only in the base game, "
                                     f"not in the {ruleset!r} ruleset")
            options["automa"] = True
        if not any(s.kind != "ap" for s in seats):
            raise GameError(400, "a game needs at least one seat besides the Automated Player")
        return ruleset, options

    def _fill_leaders(self, leaders: list[Any], seed: Any, ruleset: str) -> list[str]:
        """Random leaders for the seats that asked for one, among those nobody chose."""
        chosen = [x for x in leaders if x not in (None, "random")]
        pool = sorted(set(load_content(ruleset).leaders) - set(chosen))
        rnd = random.Random(seed if isinstance(seed, int) else secrets.randbits(32))
        rnd.shuffle(pool)
        return [x if x not in (None, "random") else pool.pop() for x in leaders]

    @staticmethod
    def links(g: LiveGame) -> dict[str, Any]:
        """What the creator of a game gets: the token of their own seat, an invite link for
        every other human seat (whoever opens it first gets that seat), the spectator link,
        and the hot-seat link when asked for."""
        gid = g.rec.id
        seats = []
        for s in g.rec.seats:
            own = s.kind == "human" and s.invite is None
            seats.append({
                "seat": s.seat, "kind": s.kind, "bot": s.bot,
                "token": s.token if own else None,
                "url": f"/table.html?game={gid}&token={s.token}" if own else None,
                "invite_url": f"/table.html?game={gid}&invite={s.invite}" if s.invite else None,
                **seat_link_words(s.seat, s.kind, own, s.invite is not None),
            })
        out: dict[str, Any] = {
            "game_id": gid,
            "seats": seats,
            "spectator_url": f"/table.html?game={gid}",
            "hotseat_url": f"/table.html?game={gid}&hotseat={g.rec.hotseat_token}" if g.rec.hotseat_token else None,
            "hotseat_note": HOTSEAT_NOTE if g.rec.hotseat_token else None,
            "practice": g.rec.practice,
            "turn_limit_s": g.rec.turn_limit_s,
        }
        return out

    def claim(self, game_id: str, invite: Any) -> dict[str, Any]:
        """Spend an invite: its seat gets a new secret token, returned to this caller alone."""
        g = self.manager.get(game_id)
        if not isinstance(invite, str) or not invite or not invite.isascii() or len(invite) > 64:
            raise GameError(400, "invite must be the code of an invite link")
        with g.lock:
            seat = next((s for s in g.rec.seats if s.invite and secrets.compare_digest(s.invite, invite)), None)
            if seat is None:
                raise GameError(404, "this invite is not valid (it may have been used already)")
            token = new_token()
            if not self.manager.store.claim_seat(game_id, seat.seat, invite, token, self.manager.clock()):
                raise GameError(409, "this invite has just been used by someone else")
            seat.token, seat.invite, seat.claimed = token, None, True
            seat.last_seen = self.manager.clock()  # away from now on until a socket opens
            return {"game_id": game_id, "seat": seat.seat, "token": token,
                    "url": f"/table.html?game={game_id}&token={token}"}

    def list_games(self, offset: int = 0, limit: int = LIST_PAGE) -> dict[str, Any]:
        """A page of the lobby's list, newest first, from the summaries stored with every write
        (no game is loaded, except one stored by an older version without a summary):
        ``{"games": [...], "total": N, "offset": offset, "next_offset": offset + limit or None}``."""
        offset = check_whole(offset, "offset", 0, 10**9) or 0
        limit = check_whole(limit, "limit", 1, MAX_LIST_PAGE) or LIST_PAGE
        rows, total = self.manager.store.summaries(offset, limit)
        out = []
        for row in rows:
            gid = row["game_id"]
            if gid in self.manager.broken:
                continue
            if not row.pop("_complete"):
                try:
                    row = self.manager.get(gid).summary()
                except GameError:
                    continue  # a game that cannot be rebuilt is left out (and logged once)
            out.append({**row, **game_row_words(row)})
        nxt = offset + limit if offset + limit < total else None
        return {"games": out, "total": total, "offset": offset, "next_offset": nxt}
