"""The online server's address as a player types it, made a full ``ws://`` address."""

from __future__ import annotations

from urllib.parse import urlsplit

from canasta.i18n import _

#: The port ``canasta serve`` listens on unless told otherwise.
DEFAULT_PORT = 8765


def server_url(text: str) -> str:
    """A server address as typed (``host``, ``host:port``, ``ws://...`` or ``wss://...``)
    as a full ``ws://host:port`` address (port :data:`DEFAULT_PORT` when none is given).

    Raises:
        ValueError: for an empty address, another scheme, spaces or unprintable characters,
            or a port that is not a number from 1 to 65535.
    """
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    scheme, rest = text.split("://", 1)
    if scheme not in ("ws", "wss"):
        raise ValueError(_("a server address starts with ws:// or wss://"))
    host = rest.split("/", 1)[0]
    if not host or host.startswith(":") or not text.isprintable() or " " in text:
        raise ValueError(_("a server address is a host name and a port, e.g. 192.168.1.20:8765"))
    if ":" not in host.rsplit("]", 1)[-1]:
        text = text.replace(host, f"{host}:{DEFAULT_PORT}", 1)
    try:
        port = urlsplit(text).port
    except ValueError:  # not a number, or out of range
        port = None
    if port is None or not 0 < port < 65536:
        raise ValueError(
            _(
                "the address has a bad port number (a port is a number from 1 to 65535, "
                "e.g. 192.168.1.20:8765)"
            )  # fmt: skip
        )
    return text
