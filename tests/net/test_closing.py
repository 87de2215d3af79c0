"""Closing a connection leaves no task of the client pending: a reconnection under way and
a request still waiting are cancelled and awaited, so quitting the game online prints no
"Task was destroyed but it is pending"."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from tests.net.helpers import run, running_server, seat_two

ROOT = Path(__file__).resolve().parents[2]


def test_closing_cancels_a_reconnection_under_way(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[str], list[asyncio.Task[object]]]:
        serving = running_server(tmp_path)
        server = await serving.__aenter__()
        ann, bob = await seat_two(server)
        await serving.__aexit__(None, None, None)  # the server goes: both try to come back
        for client in (ann, bob):
            await client.wait(lambda c=client: c.status == "reconnecting")
        statuses = [ann.status, bob.status]
        await ann.close()
        await bob.close()
        here = asyncio.current_task()
        return statuses, [task for task in asyncio.all_tasks() if task is not here]

    statuses, left = run(scenario(), timeout=60)
    assert statuses == ["reconnecting", "reconnecting"]
    assert left == []


QUITTING = """
import gc, sys
from pathlib import Path
from canasta.net.background import BackgroundClient
from tests.net.helpers import ServerThread

server = ServerThread(Path(sys.argv[1]))
client = BackgroundClient(server.url, "Ann")
client.connect().result(30)
waiting = client.request(lambda c: c.wait(lambda: False, 3600))  # never answered
client.close()
print(client.status, waiting.cancelled())
del client
gc.collect()
server.stop()
"""


def run_dev(script: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter in development mode (which reports tasks
    destroyed pending and coroutines never awaited), with ``folder`` as its argument."""
    return subprocess.run(
        [sys.executable, "-X", "dev", "-c", script, str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


def test_quitting_with_a_request_under_way_leaves_nothing_pending(tmp_path: Path) -> None:
    result = run_dev(QUITTING, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["closed", "True"]
    assert "Task was destroyed" not in result.stderr
    assert "never awaited" not in result.stderr


CLOSING_TWICE = """
import gc, sys
from pathlib import Path
from canasta.net.background import BackgroundClient
from tests.net.helpers import ServerThread

server = ServerThread(Path(sys.argv[1]))
client = BackgroundClient(server.url, "Ann")
client.connect().result(30)
first = client.close_soon()
second = client.close_soon()  # the lobby closed it, then the game quits
print(first is second)
client.close()
print(client.status)
del client
gc.collect()
server.stop()
"""


def test_a_second_close_joins_the_first_instead_of_cancelling_it(tmp_path: Path) -> None:
    result = run_dev(CLOSING_TWICE, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "closed"]
    assert "Task was destroyed" not in result.stderr
