"""The server and its clients as real processes: two client processes play a hand to the
score; a server killed with SIGKILL mid-hand and started again resumes every table as it
was, and the clients come back by themselves."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from canasta.net.client import Client
from tests.net.helpers import play_random, run


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, port: int = 0) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "canasta", "serve", "--port", str(port), "--data", str(data),
         "--rate", "1000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"listening on (ws://[\d.]+:\d+) .*?(\d+) tables? resumed", line)
    assert found, (line, server.stderr.read() if server.poll() is not None else "")
    web = server.stdout.readline().strip()  # the same port serves the browser client
    assert web == f"canasta serve: browsers and phones play at http{found.group(1)[2:]}/"
    return server, found.group(1)


def test_two_client_processes_play_a_hand_to_the_score(tmp_path: Path) -> None:
    server, url = start_server(tmp_path)
    bot = [sys.executable, "-m", "canasta.net.bot", url, "--quick"]
    try:
        host = subprocess.Popen(bot + ["--name", "Ann", "--create", "2"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)  # fmt: skip
        assert host.stdout is not None
        code = json.loads(host.stdout.readline())["code"]
        guest = subprocess.run(bot + ["--name", "Bob", "--join", code, "--chair", "1",
                                      "--seed", "4"],
                               capture_output=True, text=True, timeout=120)  # fmt: skip
        out, err = host.communicate(timeout=120)
        assert host.returncode == 0, err
        assert guest.returncode == 0, guest.stderr
        ann, bob = json.loads(out.splitlines()[-1]), json.loads(guest.stdout.splitlines()[-1])
        assert ann["hand_over"] == bob["hand_over"] and ann["game_over"] is True
        assert (ann["chair"], bob["chair"]) == (0, 1) and ann["moves"] + bob["moves"] > 4
        assert len(list((tmp_path / "games").glob("*.json"))) == 1
    finally:
        server.terminate()
        server.wait(30)
    assert server.returncode == 0


def test_sigkill_mid_hand_then_every_table_resumes(tmp_path: Path) -> None:
    port = free_port()
    server, url = start_server(tmp_path, port)
    state: dict[str, object] = {}

    async def before() -> list[Client]:
        a, b, c = Client(url, "Ann"), Client(url, "Bob"), Client(url, "Cat")
        for client in (a, b, c):
            await client.connect()
        first = await a.create(players=2)
        await b.join(1, table=first.id)
        await c.create(players=4, level="random", public=False)
        for client in (a, b, c):
            await client.ready()
        await a.wait(lambda: a.table is not None and a.table.chairs[1].ready)
        await a.start()
        await c.start()
        rng = random.Random(17)
        await a.wait(lambda: a.view is not None)
        await b.wait(lambda: b.view is not None)
        await play_random([a, b], rng, 25, to_end=False)
        mover = a if a.view and a.view.mover == a.chair else b
        if mover.view and mover.view.phase == "draw":
            await mover.play("draw")  # mid-turn: drawn, not yet discarded
        await c.wait(lambda: c.view is not None and c.view.mover == 0 and bool(c.view.legal_moves))
        await c.play("draw")
        state["views"] = [x.view for x in (a, b, c)]
        return [a, b, c]

    async def after(clients: list[Client]) -> None:
        a, b, c = clients
        for client in clients:
            await client.wait(lambda cl=client: cl.reconnects == 1 and cl.status == "connected", 60)
        views = state["views"]
        assert isinstance(views, list)
        for client, view in zip(clients, views, strict=True):
            await client.wait(lambda cl=client, v=view: cl.view == v, 30)
        assert c.view is not None and c.view.phase == "play" and c.view.mover == 0
        await play_random([a, b], random.Random(19))
        await a.wait(lambda: a.hand_over is not None)
        for client in clients:
            await client.close()

    async def body() -> None:
        clients = await before()
        server.send_signal(signal.SIGKILL)
        server.wait(30)
        restarted, _ = start_server(tmp_path, port)
        state["server"] = restarted
        await after(clients)

    try:
        run(body(), 200)
    finally:
        for proc in (server, state.get("server")):
            if isinstance(proc, subprocess.Popen) and proc.poll() is None:
                proc.terminate()
                proc.wait(30)
    assert server.returncode == -signal.SIGKILL


def test_an_unusable_data_folder_is_one_line_and_status_2(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("a file, not a folder")
    command = [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data", str(folder)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith("canasta serve: cannot open the database in")
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert os.path.isfile(folder)
