"""A server started again gives the move under way its whole move limit: the moment the
move began was on the stopped process's clock (a monotonic clock starts anew with each
process), so the turn clock must not run out at once and hand the move to the computer."""

from __future__ import annotations

from pathlib import Path

from canasta.net.hub import ServerConfig
from canasta.net.protocol import ClockOption
from canasta.net.server import Server
from tests.net.helpers import run, seat_two


def config(data: Path) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, data=data, synchronous="NORMAL")


def test_the_turn_clock_starts_afresh_for_the_move_under_way_after_a_restart(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        first = Server(config(tmp_path), clock=lambda: 50.0)
        await first.start()
        try:
            clock = ClockOption(move_seconds=20, bank_seconds=60)
            ann, bob = await seat_two(first, players=2, public=False, level="random", clock=clock)
            assert ann.table is not None
            table = ann.table
            assert first.runners[table.id].table.clock_deadline() == 50.0 + 20 + 60
            await ann.close()
            await bob.close()
        finally:
            await first.stop()
        # The new process's clock reads far later than the old one's ever did.
        second = Server(config(tmp_path), clock=lambda: 900_000.0)
        await second.start()
        try:
            resumed = second.runners[table.id].table
            assert resumed.clock_deadline() == 900_000.0 + 20 + 60
            info = resumed.clock_info(900_005.0)
            assert info is not None and info.move_left == 15.0 and info.bank_left == 60.0
        finally:
            await second.stop()

    run(scenario(), timeout=60)
