"""A server started under a low open-file limit: connections past what its files leave
room for are told "the server is full" (not left hanging), a flood of half-open sockets
that runs it out of files costs one log line (no traceback per failed accept), and it
serves again once they are gone."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import resource
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from canasta.net.protocol import PROTOCOL_VERSION
from tests.net.helpers import run

#: The open-file limit (soft and hard) the server process gets.
LIMIT = 100
HELLO = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann"})


def _low_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


async def _knock(url: str) -> tuple[str, Any]:
    ws = await connect(url, open_timeout=10)
    with contextlib.suppress(ConnectionClosed):
        await ws.send(HELLO)
    try:
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
    except ConnectionClosed:
        return "closed", ws
    return str(answer.get("code", answer["type"])), ws


def test_a_server_short_of_files_says_it_is_full_and_writes_no_traceback(
    tmp_path: Path,
) -> None:
    command = [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data",
               str(tmp_path / "data"), "--per-address", "1000", "--opens-per-second", "1000",
               "--sync", "normal"]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, preexec_fn=_low_limit)  # fmt: skip
    assert server.stdout is not None and server.stderr is not None
    errors: list[str] = []
    try:
        line = server.stdout.readline()
        found = re.search(r"listening on (ws://[\d.]+:\d+)", line)
        assert found, (line, server.stderr.read() if server.poll() is not None else "")
        url = found.group(1)
        port = int(url.rsplit(":", 1)[1])

        async def body() -> tuple[list[str], str]:
            # Half-open sockets that never speak: the server accepts them until it has
            # no file left, and says so once.
            raw = [socket.create_connection(("127.0.0.1", port)) for _ in range(LIMIT + 20)]
            while True:
                text = await asyncio.to_thread(server.stderr.readline)  # type: ignore[union-attr]
                assert text, "the server stopped"
                errors.append(text)
                if "accept_failed" in text:
                    break
            for s in raw:
                s.close()
            # Now whole connections, held open: those past the room its files leave are
            # told the server is full.
            answers, held = [], []
            for _ in range(60):
                answer, ws = await _knock(url)
                answers.append(answer)
                held.append(ws)
            for ws in held:
                await ws.close()
            again, ws = await _knock(url)
            await ws.close()
            return answers, again

        answers, again = run(body(), 90)
        welcomed = answers.count("welcome")
        assert 10 <= welcomed <= LIMIT - 64
        assert answers == ["welcome"] * welcomed + ["server_full"] * (60 - welcomed)
        assert again == "welcome"
    finally:
        server.terminate()
        out, err = server.communicate(timeout=30)
    log = "".join(errors) + err
    assert "Traceback" not in log
    assert log.count('"accept_failed"') == 1
    assert log.count("open files: the server holds") == 1
    assert server.returncode == 0
