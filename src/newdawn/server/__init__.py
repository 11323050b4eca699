"""The web server: an ASGI app (FastAPI) with authoritative games stored through SQLAlchemy.

``create_app(db_url)`` builds the app; ``newdawn serve`` runs it under uvicorn."""

from .app import create_app

__all__ = ["create_app"]
