"""The HTTP and WebSocket endpoints, by concern: ``lobby`` (creating and listing games, the
lobby's options), ``games`` (a game's views, actions, undo and replay), ``seats`` (invites,
hand-overs, webhooks) and ``sockets`` (the table's WebSocket). Each module's ``router(srv)``
returns an ``APIRouter`` over one server's parts (``context.Server``)."""
