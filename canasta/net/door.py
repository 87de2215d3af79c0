"""The server's door: who may come in, who is shown out, and one logged line for each.

One client must not be able to shut everyone else out. :class:`Door` keeps, per address
(an IPv4 address, or the /64 network of an IPv6 one, since one household gets a whole
/64), the connections open and the wrong join codes tried, and decides:

- **Connections per address**: at most :attr:`DoorConfig.per_address` (32: more than a
  family behind one router ever opens); the next is refused (``address_full``) while
  another address still gets in. New connections from one address come at most
  :attr:`DoorConfig.open_rate` a second after a first :attr:`DoorConfig.open_burst`
  (:meth:`Door.may_open`); faster ones are refused before the WebSocket handshake (HTTP
  429), so a client that reconnects in a loop costs the server next to nothing.
- **Connections in all**: at most the server's ``max_connections``, and never so many
  that the process runs out of open files: :func:`raise_file_limit` raises the soft
  limit to the hard one at start, and the door keeps :func:`file_room` files free for
  the database, logs and connections being refused, so a newcomer past the limit is told
  ``server_full`` instead of hanging. When the server is near its limit, the connection
  that has sat longest without a chair (lobby watchers included) makes room for the
  newcomer (:meth:`Door.make_room`).
- **Idle connections**: one that said hello but holds no chair and watches no lobby is
  closed after :attr:`DoorConfig.idle_after` seconds without a message (``idle``).
- **Join codes**: a wrong code (or table id) costs the address a token of a bucket that
  refills at :attr:`DoorConfig.code_rate` a second (at most :attr:`DoorConfig.code_burst`
  kept); while it is empty every code join from that address is refused unread
  (``code_wait``: right or wrong, so guessing learns nothing), and a connection that has
  tried :attr:`DoorConfig.code_drop` wrong or refused codes is closed (``codes``).

Every refusal and drop is logged by :class:`DoorLog` as one JSON line (time, event,
address, code, table) on the ``canasta.net.door`` logger, at most one line per address and
code every :attr:`DoorConfig.log_every` seconds (the next line says how many were left
out), and at most :attr:`DoorConfig.log_burst` lines in such a span in all, so an attack
cannot fill the disk.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("canasta.net.door")

#: Files the server keeps free of connections (the database, its log, the log file, a
#: game record being written, connections being refused), at the least.
FILE_RESERVE = 64


@dataclass
class DoorConfig:
    """The door's settings (counts, seconds, tokens a second).

    Attributes:
        per_address: connections one address may hold open at once.
        idle_after: seconds a connection that said hello, holds no chair and watches no
            lobby may stay without a message.
        room_after: when the server is full, a connection without a chair that has been
            quiet this long gives its place to a newcomer.
        code_rate, code_burst: wrong join codes an address may try a second, and in one
            burst.
        code_drop: wrong or refused join codes after which a connection is closed.
        open_rate, open_burst: new connections an address may open a second, and in one
            burst.
        proxies: addresses of reverse proxies in front of the server: a connection from
            one counts against the address its ``X-Forwarded-For`` header names last (the
            one the proxy saw), not against the proxy's.
        log_every: seconds between two log lines of one address and code.
        log_burst: log lines in all every ``log_every`` seconds.
    """

    per_address: int = 32
    idle_after: float = 300.0
    room_after: float = 30.0
    code_rate: float = 0.5
    code_burst: float = 10.0
    code_drop: int = 20
    open_rate: float = 2.0
    open_burst: float = 40.0
    proxies: tuple[str, ...] = ()
    log_every: float = 10.0
    log_burst: int = 200


def address_key(remote: Any) -> str:
    """The address a connection counts against: its IPv4 address, or the /64 network of
    an IPv6 one (an IPv4 address mapped into IPv6 counts as itself); ``"?"`` when the
    socket gives none."""
    host = remote[0] if isinstance(remote, tuple) and remote else remote
    if not isinstance(host, str):
        return "?"
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_address(remote: Any, headers: Any, proxies: tuple[str, ...]) -> str:
    """The address a connection counts against (see :func:`address_key`): for one from a
    trusted proxy (``proxies``), the last address of its ``X-Forwarded-For`` header (the
    client the proxy saw), when the header names one."""
    key = address_key(remote)
    if not proxies or key not in {address_key((p,)) for p in proxies}:
        return key
    forwarded = headers.get("X-Forwarded-For", "") if headers is not None else ""
    last = forwarded.split(",")[-1].strip()
    return address_key((last,)) if last else key


def raise_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; return the soft
    limit now (0 where the platform has no such limit)."""
    try:
        import resource
    except ImportError:  # not a Unix
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def open_files() -> int:
    """How many files this process has open now (64 where it cannot be counted)."""
    with contextlib.suppress(OSError):
        return len(os.listdir("/proc/self/fd"))
    return 64


def file_room(limit: int, in_use: int) -> int:
    """Connections the server may hold under a limit of ``limit`` open files with
    ``in_use`` open already: the rest less a reserve (an eighth of the limit, at least
    :data:`FILE_RESERVE`, at most 1,024)."""
    reserve = min(1024, max(FILE_RESERVE, limit // 8))
    return max(0, limit - in_use - reserve)


class DoorLog:
    """Refusals and drops as one JSON line each, rate-limited (see the module).

    Args:
        config: the door's settings.
        clock: steady seconds (for the rate limit).
        wall: seconds since the epoch (for the line's time).
    """

    def __init__(
        self,
        config: DoorConfig,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.clock = clock
        self.wall = wall
        self.last: dict[tuple[str, str, str], tuple[float, int]] = {}
        self.span = (0.0, 0)  # (when the span started, lines written in it)
        self.left_out = 0

    def line(self, event: str, address: str, code: str, table: str | None = None,
             **more: Any) -> bool:  # fmt: skip
        """Log ``event`` (``refused``, ``dropped``) of ``address`` for ``code``; False
        when the rate limit left it out (it is counted in the next line written)."""
        now = self.clock()
        key = (event, address, code)
        seen = self.last.get(key)
        if seen is not None and now - seen[0] < self.config.log_every:
            self.last[key] = (seen[0], seen[1] + 1)
            return False
        start, written = self.span
        if now - start >= self.config.log_every:
            start, written = now, 0
        if written >= self.config.log_burst:
            self.left_out += 1
            self.span = (start, written)
            return False
        self.span = (start, written + 1)
        if len(self.last) > 10_000:  # forget the quiet ones: the table stays small
            self.last = {k: v for k, v in self.last.items() if now - v[0] < self.config.log_every}
        self.last[key] = (now, 0)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.wall()))
        data: dict[str, Any] = {"time": f"{stamp}Z", "event": event, "address": address,
                                "code": code, "table": table}  # fmt: skip
        data.update(more)
        if seen is not None and seen[1]:
            data["repeated"] = seen[1]
        if self.left_out:
            data["left_out"], self.left_out = self.left_out, 0
        log.warning("%s", json.dumps(data))
        return True


@dataclass
class _Entry:
    """What the door knows of one connection."""

    address: str
    seen: float
    code_fails: int = 0


class Door:
    """The accounting of connections by address, idle time and join codes.

    Connections are any hashable objects (the server's ``Conn``); the server says when
    one opens (:meth:`admit`), is heard from (:meth:`heard`) and closes (:meth:`closed`).

    Args:
        config: the door's settings.
        max_connections: the server's own limit of connections at once.
        clock: steady seconds (injectable for tests).
        dlog: where refusals and drops are logged (default: a :class:`DoorLog`).
    """

    def __init__(
        self,
        config: DoorConfig,
        max_connections: int,
        clock: Callable[[], float] = time.monotonic,
        dlog: DoorLog | None = None,
    ) -> None:
        self.config = config
        self.max_connections = max_connections
        self.capacity = max_connections
        self.clock = clock
        self.log = dlog or DoorLog(config, clock)
        self.entries: dict[Any, _Entry] = {}
        self.per_address: Counter[str] = Counter()
        self.buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when)
        self.opens: dict[str, tuple[float, float]] = {}  # the same, for new connections
        self.files_said = False

    def fit_files(self, limit: int, in_use: int) -> int:
        """Hold no more connections than ``limit`` open files leave room for (see
        :func:`file_room`); return the connections allowed now."""
        room = file_room(limit, in_use) if limit else self.max_connections
        self.capacity = min(self.max_connections, room)
        return self.capacity

    def admit(self, conn: Any, address: str) -> str | None:
        """A connection from ``address`` opened: None when it may stay (it is counted
        from now), else the refusal's code (``address_full``, ``server_full``), logged."""
        if self.per_address[address] >= self.config.per_address:
            self.log.line("refused", address, "address_full", limit=self.config.per_address)
            return "address_full"
        if len(self.entries) >= self.capacity:
            files = self.capacity < self.max_connections
            if files and not self.files_said:  # said once, as an operator should hear it
                self.files_said = True
                log.error("open files: the server holds %d connections, as many as its "
                          "open-file limit leaves room for; newcomers are told it is full "
                          "(raise the hard limit, ulimit -Hn, to hold more)",
                          self.capacity)  # fmt: skip
            self.log.line("refused", address, "server_full", limit=self.capacity)
            return "server_full"
        self.entries[conn] = _Entry(address, self.clock())
        self.per_address[address] += 1
        return None

    def near_full(self) -> bool:
        """The next connection would find the server full."""
        return len(self.entries) >= self.capacity

    def heard(self, conn: Any) -> None:
        """A message came from ``conn``."""
        entry = self.entries.get(conn)
        if entry is not None:
            entry.seen = self.clock()

    def closed(self, conn: Any) -> None:
        """``conn`` closed: its place is free."""
        entry = self.entries.pop(conn, None)
        if entry is not None:
            self.per_address[entry.address] -= 1
            if self.per_address[entry.address] <= 0:
                del self.per_address[entry.address]

    def address(self, conn: Any) -> str:
        """The address ``conn`` counts against (``"?"`` for one the door never let in)."""
        entry = self.entries.get(conn)
        return entry.address if entry is not None else "?"

    def quiet_for(self, conn: Any) -> float:
        """Seconds since ``conn`` was last heard from."""
        entry = self.entries.get(conn)
        return 0.0 if entry is None else self.clock() - entry.seen

    def idle(self, conns: list[Any], busy: Callable[[Any], bool]) -> list[Any]:
        """Of ``conns``, those quiet for :attr:`DoorConfig.idle_after` seconds or more
        for which ``busy`` is False (they hold no chair and watch no lobby)."""
        limit = self.config.idle_after
        return [c for c in conns if not busy(c) and self.quiet_for(c) >= limit]

    def make_room(self, conns: list[Any], seated: Callable[[Any], bool]) -> Any | None:
        """The server is full: the connection without a chair that has been quiet longest,
        if for :attr:`DoorConfig.room_after` seconds or more (it is to be closed so a
        newcomer gets in), else None."""
        free = [c for c in conns if not seated(c) and self.quiet_for(c) >= self.config.room_after]
        return max(free, key=self.quiet_for, default=None)

    def may_open(self, address: str) -> bool:
        """A new connection from ``address`` asks to open: True when its bucket of
        :attr:`DoorConfig.open_rate` has a token (taken now); else it is refused, logged."""
        config = self.config
        tokens = _refill(self.opens, address, config.open_rate, config.open_burst, self.clock())
        if tokens < 1.0:
            self.log.line("refused", address, "too_fast", rate=config.open_rate)
            return False
        self.opens[address] = (tokens - 1.0, self.clock())
        return True

    # Join codes -----------------------------------------------------------------------------

    def _tokens(self, address: str) -> float:
        config = self.config
        return _refill(self.buckets, address, config.code_rate, config.code_burst, self.clock())

    def code_wait(self, conn: Any) -> float:
        """Seconds before ``conn``'s address may try a join code again (0: now)."""
        tokens = self._tokens(self.address(conn))
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.config.code_rate

    def code_failed(self, conn: Any, table: str | None = None) -> bool:
        """``conn`` tried a wrong join code (or one refused unread): the address loses a
        token, the connection counts it. True when the connection is to be closed now."""
        address = self.address(conn)
        tokens = self._tokens(address)
        self.buckets[address] = (max(0.0, tokens - 1.0), self.clock())
        entry = self.entries.get(conn)
        fails = 0
        if entry is not None:
            entry.code_fails += 1
            fails = entry.code_fails
        if fails >= self.config.code_drop:
            return True  # the drop is logged as every drop is
        self.log.line("refused", address, "wrong_code", table)
        return False


def _refill(
    buckets: dict[str, tuple[float, float]], key: str, rate: float, burst: float, now: float
) -> float:
    """The tokens of ``key``'s bucket now (refilled at ``rate`` a second up to ``burst``,
    written back); a table grown past 10,000 forgets its full buckets."""
    tokens, when = buckets.get(key, (burst, now))
    tokens = min(burst, tokens + (now - when) * rate)
    buckets[key] = (tokens, now)
    if len(buckets) > 10_000:  # full buckets say nothing: forget them
        for k in [k for k, (t, w) in buckets.items() if min(burst, t + (now - w) * rate) >= burst]:
            del buckets[k]
    return tokens


__all__ = [
    "FILE_RESERVE",
    "Door",
    "DoorConfig",
    "DoorLog",
    "address_key",
    "client_address",
    "file_room",
    "open_files",
    "raise_file_limit",
]
