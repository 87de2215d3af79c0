"""What the Play online screen reads and asks of a server connection: :class:`LobbyLink`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class LobbyLink(Protocol):
    """What the lobby screen reads and asks of a server connection (see
    :class:`canasta.net.link.OnlineLink`). Requests return at once; tables are the
    protocol's table records (``id``, ``preset``, ``players``, ``public``, ``level``,
    ``status``, ``host``, ``code``, ``chairs`` with ``name``, ``side``, ``ready``,
    ``away``, ``computer``, ``left``, ``open``, ``waiting``); ``more`` counts the public
    tables the server's list leaves out (it lists a few hundred at most)."""

    @property
    def tables(self) -> Sequence[Any]: ...  # noqa: D102
    @property
    def more(self) -> int: ...  # noqa: D102
    @property
    def table(self) -> Any: ...  # noqa: D102
    @property
    def chair(self) -> int | None: ...  # noqa: D102
    @property
    def problem(self) -> str | None: ...  # noqa: D102
    @property
    def failed(self) -> bool: ...  # noqa: D102
    @property
    def seat_gone(self) -> bool: ...  # noqa: D102
    @property
    def lost(self) -> bool: ...  # noqa: D102
    @property
    def connected(self) -> bool: ...  # noqa: D102
    @property
    def started(self) -> bool: ...  # noqa: D102
    @property
    def host(self) -> bool: ...  # noqa: D102
    @property
    def next_deal(self) -> bool: ...  # noqa: D102
    def pump(self) -> None: ...  # noqa: D102
    def refresh(self) -> None: ...  # noqa: D102
    def create(  # noqa: D102
        self,
        players: int,
        public: bool,
        level: str = "medium",
        clock: tuple[int, int] | None = None,
        quick: bool = False,
        preset: str = "Classic",
    ) -> None: ...
    def join(self, table: str, chair: int) -> None: ...  # noqa: D102
    def join_code(self, code: str) -> None: ...  # noqa: D102
    def move_to(self, chair: int) -> None: ...  # noqa: D102
    def ready(self, ready: bool) -> None: ...  # noqa: D102
    def start(self) -> None: ...  # noqa: D102
    def leave(self) -> None: ...  # noqa: D102
    def close(self) -> None: ...  # noqa: D102
    def chair_name(self, chair: int) -> str: ...  # noqa: D102
    def connection_line(self) -> str: ...  # noqa: D102
    def waiting_line(self) -> str: ...  # noqa: D102


__all__ = ["LobbyLink"]
