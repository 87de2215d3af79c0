"""Replay the known attacks on the online server (loopback only) and print what held.

While a normal table plays (two seats from 127.0.0.1, random legal moves with a short
pause, hand after hand), this script, each step bounded in count and time:

1. **Connections from one address**: opens ``--connections`` connections from 127.0.0.2
   that say hello and sit idle, and counts those the server lets in; then checks that
   another address (127.0.0.3) still gets in.
2. **Half-open sockets**: opens ``--half-open`` TCP connections from 127.0.0.5 that never
   speak, and checks that a newcomer (127.0.0.6) is still welcomed meanwhile.
3. **Join codes**: ``--guessers`` connections from 127.0.0.4 send join requests with random
   codes for ``--seconds`` seconds as fast as the server answers; it counts the codes the
   server looked up (answered ``no_table``), those refused unread (``code_wait``) and the
   connections it closed (reopened, within the bound); meanwhile one patient guesser from
   127.0.0.7 waits as long as each ``code_wait`` says, which gives the best rate an
   address can get, and the expected time to hit one of 100 private tables at that rate.

Then it prints JSON: the figures above and the normal table's move round trip (intent to
the mover's updated view: median, 99th percentile, maximum, ms), for the ``--baseline``
seconds it played alone and for the attacks, and whether the 99th percentile stayed
under 50 ms.

Without ``--url`` it starts ``canasta serve`` itself on a free loopback port with a fresh
data folder, a log file and ``--stats``, and also reports the log's lines and the server's
own share (its event loop's lag and its time per intent, ms, over the whole run). A
target that is not a loopback address is refused.

Usage: python3 -m scripts.attack [--url ws://127.0.0.1:PORT] [--connections 200]
    [--half-open 300] [--guessers 20] [--seconds 30] [--baseline 10]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from canasta.net.client import Client
from canasta.net.protocol import CODE_ALPHABET, CODE_LENGTH, PROTOCOL_VERSION

#: The bounds no option may pass.
MOST_CONNECTIONS = 2000
MOST_SECONDS = 60.0
HELLO = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": "Mallory"})
#: Seconds a year, for the time to a hit.
YEAR = 365.25 * 24 * 3600


def loopback(url: str) -> bool:
    """``url``'s host is a loopback address (a name is resolved first)."""
    host = urlparse(url).hostname or ""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except OSError:
        return False
    return bool(addresses) and all(ipaddress.ip_address(a).is_loopback for a in addresses)


async def knock(url: str, source: str) -> tuple[str, Any]:
    """Open a connection from ``source``, say hello; the first answer (its type or error
    code, or ``closed``/``failed``) and the socket (None when it failed)."""
    try:
        ws = await connect(url, local_addr=(source, 0), open_timeout=10, compression=None)
    except InvalidStatus as error:  # refused before the handshake
        return f"http_{error.response.status_code}", None
    except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as error:
        return f"failed: {type(error).__name__}", None
    with contextlib.suppress(ConnectionClosed):
        await ws.send(HELLO)
    try:
        answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
    except (ConnectionClosed, TimeoutError):
        return "closed", ws
    return str(answer.get("code", answer["type"])), ws


async def one_address(url: str, count: int) -> dict[str, Any]:
    """Step 1: ``count`` idle connections from 127.0.0.2; then one from 127.0.0.3."""
    answers: dict[str, int] = {}
    held = []
    for start in range(0, count, 50):
        batch = await asyncio.gather(*(knock(url, "127.0.0.2")
                                       for _ in range(min(50, count - start))))  # fmt: skip
        for answer, ws in batch:
            answers[answer] = answers.get(answer, 0) + 1
            if ws is not None:
                held.append(ws)
    other, ws = await knock(url, "127.0.0.3")
    for sock in held + ([ws] if ws is not None else []):
        with contextlib.suppress(Exception):
            await sock.close()
    return {"tried": count, "held_by_one_address": answers.get("welcome", 0),
            "answers": answers, "another_address_got_in": other == "welcome"}  # fmt: skip


async def half_open(url: str, count: int) -> dict[str, Any]:
    """Step 2: ``count`` TCP connections from 127.0.0.5 that never speak."""
    parsed = urlparse(url)
    loop = asyncio.get_running_loop()
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.bind(("127.0.0.5", 0))
            await loop.sock_connect(s, (parsed.hostname or "127.0.0.1", parsed.port or 80))
        except OSError:
            s.close()
            break
        sockets.append(s)
    newcomer, ws = await knock(url, "127.0.0.6")
    if ws is not None:
        await ws.close()
    for s in sockets:
        s.close()
    return {"sockets": len(sockets), "newcomer_welcomed": newcomer == "welcome"}


async def guess_codes(url: str, guessers: int, seconds: float) -> dict[str, Any]:
    """Step 3: ``guessers`` connections from 127.0.0.4 trying random join codes for
    ``seconds``, a closed one opened again (at most 50 times per guesser)."""
    rng = random.Random(7)
    counts = {"tried": 0, "looked_up": 0, "refused_unread": 0, "dropped": 0, "reopened": 0}
    looked: list[float] = []  # when each code was looked up
    end = time.monotonic() + seconds

    async def guesser() -> None:
        _, ws = await knock(url, "127.0.0.4")
        while time.monotonic() < end:
            if ws is None:  # refused before the handshake: knock again, within the bound
                if counts["reopened"] >= 50 * guessers:
                    return
                counts["reopened"] += 1
                _, ws = await knock(url, "127.0.0.4")
                continue
            code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                await ws.send(json.dumps({"type": "join", "code": code, "chair": 1}))
                left = max(0.1, end - time.monotonic())
                reply = json.loads(await asyncio.wait_for(ws.recv(), left))
            except (ConnectionClosed, TimeoutError):
                counts["dropped"] += 1
                ws = None
                continue
            counts["tried"] += 1
            kind = reply.get("code")
            if kind == "no_table":
                counts["looked_up"] += 1
                looked.append(time.monotonic())
            elif kind == "code_wait":
                counts["refused_unread"] += 1
        if ws is not None:
            await ws.close()

    patient: list[float] = []  # when each of the patient guesser's codes was looked up

    async def patience() -> None:
        """One guesser from 127.0.0.7 that waits as long as the server says each time:
        the best rate an address can get."""
        _, ws = await knock(url, "127.0.0.7")
        while time.monotonic() < end:
            if ws is None:  # refused or closed: a patient guesser waits, then knocks
                await asyncio.sleep(1.0)
                _, ws = await knock(url, "127.0.0.7")
                continue
            code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                await ws.send(json.dumps({"type": "join", "code": code, "chair": 1}))
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
            except (ConnectionClosed, TimeoutError):
                ws = None
                continue
            if reply.get("code") == "no_table":
                patient.append(time.monotonic())
            elif reply.get("code") == "code_wait":
                await asyncio.sleep(float(reply["details"]["seconds"]))
        if ws is not None:
            await ws.close()

    began = time.monotonic()
    await asyncio.gather(patience(), *(guesser() for _ in range(guessers)))
    spent = time.monotonic() - began
    # After its first burst (the bucket's 10), the rate a patient address is held to.
    after = patient[10:]
    steady = (len(after) - 1) / (after[-1] - after[0]) if len(after) > 2 else None
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    years = codes / 100 / steady / YEAR if steady else None
    return {"seconds": round(spent, 1), "connections": guessers, **counts,
            "looked_up_per_second": round(counts["looked_up"] / spent, 2),
            "patient_looked_up": len(patient),
            "patient_per_second_after_burst": None if steady is None else round(steady, 2),
            "codes": codes,
            "years_to_hit_one_of_100_tables": None if years is None else round(years)}  # fmt: skip


def summary(times: list[float]) -> dict[str, Any]:
    """Moves and their round trip (ms): median, 99th percentile, maximum."""
    if not times:
        return {"moves": 0}
    ms = sorted(t * 1000 for t in times)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return {"moves": len(ms), "median_ms": round(statistics.median(ms), 1),
            "p99_ms": round(p99, 1), "max_ms": round(ms[-1], 1),
            "p99_under_50ms": p99 < 50.0}  # fmt: skip


async def normal_table(url: str, stop: Any, times: list[tuple[float, float]]) -> int:
    """Two people at a table playing random legal moves (0.1 s apart) until ``stop`` (a
    process event) is set; each move's ``(when sent, round trip)`` goes into ``times``
    (``time.monotonic()`` seconds, the same clock in every process). Returns the hands
    played."""
    rng = random.Random(11)
    a, b = Client(url, "Ann", reconnect=False, keep=False), Client(url, "Bob", keep=False)
    await a.connect()
    await b.connect()
    table = await a.create(public=False)
    await b.join(1, table=table.id)
    await a.ready()
    await b.ready()
    await a.wait(lambda: a.table is not None and all(c.ready for c in a.table.chairs))
    await a.start()
    hands = 0
    await a.wait(lambda: a.view is not None, 30)
    await b.wait(lambda: b.view is not None, 30)
    while not stop.is_set():
        mover = next((c for c in (a, b) if c.view and c.view.mover == c.chair
                      and c.view.legal_moves and c.hand_over is None), None)  # fmt: skip
        if mover is None:
            if a.hand_over is not None and b.hand_over is not None:
                hands += 1
                await a.next_hand()
                await b.next_hand()
                await a.wait(lambda: a.hand_over is None, 30)
                await b.wait(lambda: b.hand_over is None, 30)
                continue
            await asyncio.sleep(0.01)
            continue
        await asyncio.sleep(0.1)
        assert mover.view is not None
        began = time.monotonic()
        answer = await mover.play(rng.choice(mover.view.legal_moves), 30)
        if answer.type == "result":
            times.append((began, time.monotonic() - began))
    await a.close()
    await b.close()
    return hands


def play_apart(url: str, stop: Any, out: Any) -> None:
    """The normal table in a process of its own (the attacks do not slow its client):
    sends ``(hands, times)`` to ``out`` when ``stop`` is set."""
    times: list[tuple[float, float]] = []
    hands = asyncio.run(normal_table(url, stop, times))
    out.send((hands, times))


async def attack(args: argparse.Namespace, url: str) -> dict[str, Any]:
    """The normal table alone for ``--baseline`` seconds, then the three steps while it
    plays on."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    theirs, ours = context.Pipe(duplex=False)
    player = context.Process(target=play_apart, args=(url, stop, ours), daemon=True)
    player.start()
    try:
        async with asyncio.timeout(6 * MOST_SECONDS):
            await asyncio.sleep(args.baseline + 3)  # the table is seated, then plays alone
            began = time.monotonic()
            steps: dict[str, Any] = {
                "one_address": await one_address(url, args.connections),
                "half_open": await half_open(url, args.half_open),
                "join_codes": await guess_codes(url, args.guessers, args.seconds),
            }
            stop.set()
            if not await asyncio.to_thread(theirs.poll, 60):
                raise RuntimeError("the normal table stopped playing (see its error above)")
            hands, times = theirs.recv()
    finally:
        stop.set()
        player.join(30)
    before = [rt for sent, rt in times if sent < began]
    during = [rt for sent, rt in times if sent >= began]
    steps["normal_table"] = {"hands": hands, "before_the_attacks": summary(before),
                             "during_the_attacks": summary(during)}  # fmt: skip
    return steps


def _bounded(kind: type, least: float, most: float) -> Any:
    def parse(text: str) -> Any:
        value = kind(text)
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"from {least:g} to {most:g}, not {text}")
        return value

    return parse


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", help="a running server (loopback only); default: start one")
    p.add_argument("--connections", type=_bounded(int, 1, MOST_CONNECTIONS), default=200)
    p.add_argument("--half-open", type=_bounded(int, 0, MOST_CONNECTIONS), default=300)
    p.add_argument("--guessers", type=_bounded(int, 1, 100), default=20)
    p.add_argument("--seconds", type=_bounded(float, 1, MOST_SECONDS), default=30.0)
    p.add_argument("--baseline", type=_bounded(float, 1, MOST_SECONDS), default=10.0)
    args = p.parse_args()
    if args.url is not None and not loopback(args.url):
        print(f"attack.py: {args.url} is not a loopback address; refused", file=sys.stderr)
        return 2
    figures: dict[str, Any] = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                               "load_average": [round(x, 2) for x in os.getloadavg()],
                               "cpus": os.cpu_count()}  # fmt: skip
    if args.url is not None:
        figures.update(url=args.url, **asyncio.run(attack(args, args.url)))
        print(json.dumps(figures, indent=1))
        return 0
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "server.log"
        server = subprocess.Popen(
            [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data", data,
             "--log-file", str(log), "--stats", f"{data}/stats.json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            found = re.search(r"ws://[\d.]+:(\d+)", server.stdout.readline())
            if found is None:
                print("attack.py: the server did not start", file=sys.stderr)
                return 1
            url = f"ws://127.0.0.1:{found.group(1)}"
            figures.update(url=url, **asyncio.run(attack(args, url)))
        finally:
            server.terminate()
            _, err = server.communicate(timeout=30)
        stats = Path(data) / "stats.json"
        if stats.exists():  # the server's own share: its event loop's lag, intents
            server_figures = json.loads(stats.read_text())
            figures["server"] = {
                key: {k: server_figures[key][k] for k in ("count", "median", "p99", "max")}
                for key in ("loop_lag_ms", "intent_ms")
            }
        lines = log.read_text().splitlines() if log.exists() else []
        codes: dict[str, int] = {}
        for line in lines:
            with contextlib.suppress(ValueError):
                code = json.loads(line).get("code", "other")
                codes[code] = codes.get(code, 0) + 1
        size = sum(len(x) + 1 for x in lines)
        figures["server_log"] = {"lines": len(lines), "bytes": size, "by_code": codes,
                                 "tracebacks": err.count("Traceback")}  # fmt: skip
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
