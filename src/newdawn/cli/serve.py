"""``newdawn serve``: run the web server (the browser table) under uvicorn."""

from __future__ import annotations

import argparse

from .common import CliError


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    s = sub.add_parser("serve", help="run the web server: play in the browser against bots or friends")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    s.add_argument("--db", metavar="URL", default=None,
                   help="SQLAlchemy database URL (default: the SQLite file ./newdawn.db)")
    s.add_argument("--bot-delay", type=float, default=0.15,
                   help="seconds a bot waits before each action, so people can follow (default 0.15)")
    s.add_argument("--bot-workers", type=int, default=2, metavar="N",
                   help="processes thinking bots (greedy, mcts) choose in (default 2; 0: threads)")
    s.add_argument("--create-limit", type=int, default=20, metavar="N",
                   help="new games one client address may create per minute (default 20; 0: no limit)")
    s.add_argument("--handover-bot", default="greedy", metavar="LEVEL",
                   help="bot level that plays a seat handed to a bot (default greedy)")
    s.add_argument("--away", type=float, default=300.0, metavar="SECONDS",
                   help="how long a player must be away before the others may hand their seat to a bot (default 300)")
    s.add_argument("--webhook-private", action="store_true",
                   help="also call turn webhooks on loopback and private addresses (default: public hosts only)")
    s.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                   help="an address or network (CIDR) of a reverse proxy whose X-Forwarded-For names the client "
                        "(repeatable; default none: the peer's address is the client's)")
    s.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="another site (e.g. https://example.org) whose pages may create games here "
                        "(repeatable; default: only this server's own lobby and non-browser clients)")
    s.add_argument("--no-ws-compression", action="store_true",
                   help="send WebSocket messages uncompressed: about five times the bytes on the wire for a "
                        "little less server CPU (default: compressed, each distinct message once)")


def main(args: argparse.Namespace) -> int:
    try:
        # late import: the web stack loads only when serving
        import uvicorn
        from sqlalchemy.engine import make_url

        # late import: the web stack loads only when serving
        from ..server import create_app
        from ..server.runtime import settle_process
        from ..server.store import db_file, default_db_url
        from ..server.wsframes import protocol_class
    except ImportError as e:
        raise CliError(f"the server needs the 'server' extra (pip install -e '.[server]'): {e}") from None
    url = args.db or default_db_url()
    try:
        app = create_app(url, bot_delay=args.bot_delay, bot_workers=args.bot_workers,
                         create_limit=(args.create_limit, 60.0) if args.create_limit > 0 else None,
                         handover_bot=args.handover_bot, away_s=args.away, webhook_private=args.webhook_private,
                         trusted_proxies=tuple(args.trusted_proxy), allowed_origins=tuple(args.allow_origin),
                         warm_pool=args.bot_workers > 0)
    except Exception as e:  # a bad URL or an unreachable database: one line for the user
        raise CliError(f"cannot open the database {url}: {e}") from None
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    path = db_file(url)
    print(f"newdawn: open http://{shown_host}:{args.port}/ in your browser", flush=True)
    shown_db = path if path else make_url(url).render_as_string(hide_password=True)
    print(f"newdawn: games are saved in {shown_db}", flush=True)
    # frames past this size are refused by uvicorn itself (1009); smaller ones too long for a
    # message get an error from the app (server/inputs.py)
    settle_process()  # the garbage collector's settings of a server process (server/runtime.py)
    # WebSockets: uvicorn's protocol, framing (and compressing) each distinct message once for
    # all the sockets it goes to (server/wsframes.py)
    # proxy_headers off: uvicorn would otherwise take X-Forwarded-For from any loopback peer;
    # the app reads it from --trusted-proxy peers only (server/clients.py)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=256 * 1024,
                proxy_headers=False,
                ws=protocol_class() or "auto", ws_per_message_deflate=not args.no_ws_compression)
    return 0
