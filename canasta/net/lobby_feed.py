"""The lobby's feed: which public tables the lobby lists, and what each watcher is sent
when they change.

A connection that asks for the lobby gets the whole list (``lobby``) once; after that,
while it holds no seat, only what changed, in one ``lobby_changes`` per turn of the
server's event loop (the server gathers the turn's changes and calls
:meth:`LobbyFeed.tell` once). A watcher seated while changes went out missed them: it
gets the whole list again with the next change. Each message is encoded once for all
the watchers.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.net import protocol
from canasta.net.hub import Conn, Hub
from canasta.net.protocol import LobbyChanges, LobbyList, TableInfo, encode


def page(listed: list[TableInfo], limit: int | None = None) -> tuple[list[TableInfo], int]:
    """The tables of ``listed`` (every public table the lobby may show, newest last) the
    lobby lists, in the same order, and how many it leaves out: at most ``limit`` (default
    :data:`~canasta.net.protocol.LOBBY_LIMIT`), the newest with a chair anyone may take
    now first (a player looks for a place to sit; the newest's host is the likeliest to be
    still there), then the newest others."""
    limit = protocol.LOBBY_LIMIT if limit is None else limit
    if len(listed) <= limit:
        return listed, 0
    newest = listed[::-1]
    joinable = [t for t in newest if any(c.open for c in t.chairs)]
    rest = [t for t in newest if not any(c.open for c in t.chairs)]
    kept = {t.id for t in (joinable + rest)[:limit]}
    return [t for t in listed if t.id in kept], len(listed) - limit


class LobbyFeed:
    """What the lobby's watchers were last told, and the telling.

    Args:
        hub: where messages are queued to connections.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        #: The tables as last told (by id, in the list's order), and the count left out.
        self.told: dict[str, TableInfo] = {}
        self.more = 0

    def tell(self, tables: list[TableInfo], more: int, conns: Iterable[Conn]) -> bool:
        """The lobby is now ``tables`` with ``more`` left out: send each watcher among
        ``conns`` what changed since the last call (the whole list to one that was seated
        meanwhile; nothing to a seated one, which is marked behind); False when nothing
        changed (nothing is sent)."""
        now = {info.id: info for info in tables}
        told = self.told
        changed = [info for info in tables if told.get(info.id) != info]
        gone = [table_id for table_id in told if table_id not in now]
        if not changed and not gone and more == self.more:
            return False
        self.told, self.more = now, more
        changes = encode(LobbyChanges(tables=changed, gone=gone, more=more))
        whole: str | None = None  # encoded only if a watcher needs it
        for conn in list(conns):
            if not conn.watching:
                continue
            if conn.table is not None:  # seated: told nothing now, the whole list later
                conn.lobby_behind = True
            elif conn.lobby_behind:
                whole = whole or encode(LobbyList(tables=tables, more=more))
                conn.lobby_behind = False
                self.hub.send(conn, whole)
            else:
                self.hub.send(conn, changes)
        return True

    def watch(self, conn: Conn) -> None:
        """``conn`` asked for the lobby: the whole list as last told, and its changes from
        now on (the caller tells the changes not yet told first, so the two agree)."""
        conn.watching, conn.lobby_behind = True, False
        self.hub.send(conn, LobbyList(tables=list(self.told.values()), more=self.more))
