"""``GET /health`` for load balancers, answered through websockets' ``process_request``
hook before any WebSocket handshake.

The answer is JSON: ``ready`` (the process serves and takes new players), ``draining``
(it is handing its tables to other processes), ``tables`` (how many it runs),
``connections``, ``process`` (its id among processes sharing a PostgreSQL database, or
null). The status is 200 when ready, 503 otherwise, so a balancer that only reads the
status stops sending players to a draining process. Every other request goes on to the
WebSocket handshake (or to another hook).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

#: The path answered.
PATH = "/health"


def health_hook(state: Callable[[], dict[str, Any]]) -> Callable[[Any, Any], Any]:
    """A ``process_request`` hook answering ``GET /health`` with ``state()`` as JSON (see
    the module's text); any other path gets None (the handshake goes on)."""

    def process_request(connection: Any, request: Any) -> Any:
        if request.path.split("?", 1)[0] != PATH:
            return None
        figures = state()
        status = 200 if figures.get("ready") else 503
        response = connection.respond(status, json.dumps(figures) + "\n")
        del response.headers["Content-Type"]  # websockets' headers add, never replace
        response.headers["Content-Type"] = "application/json"
        response.headers["Cache-Control"] = "no-store"
        return response

    return process_request
