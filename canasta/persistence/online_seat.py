"""The online seat kept on disk while an online game is on, so that a game window that
closed or crashed can take its chair back when it starts again."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class OnlineSeat(BaseModel):
    """One online seat: where, which table and chair, and the token that takes it back.

    Attributes:
        url: the server's ``ws://`` or ``wss://`` address.
        name: the person's name at that table.
        table: the table's id.
        chair: the chair (0 to 3).
        token: the seat token the server gave (16 to 64 letters, digits, ``_`` or ``-``).
        players: the names at the table, for "Rejoin your table (Ann vs Bob)".
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str = Field(min_length=5, max_length=300, pattern=r"^wss?://")
    name: str = Field(max_length=24)
    table: str = Field(min_length=1, max_length=64)
    chair: int = Field(ge=0, le=3)
    token: str = Field(min_length=16, max_length=64, pattern=r"^[\w-]+$")
    players: list[str] = Field(default_factory=list, max_length=4)


__all__ = ["OnlineSeat"]
