"""A simulated player: takes a seat and plays random legal moves (tests and the load test).

``python -m canasta.net.bot URL --name Ann --create 2 [--quick]`` creates a private table,
prints ``{"table": ID, "code": CODE}`` and plays; ``python -m canasta.net.bot URL --name
Bob --join CODE --chair 1`` joins it. Each prints one JSON line per finished hand
(``{"hand_over": ..., "moves": N}``) and exits after ``--hands`` hands (default 1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time

from canasta.net.client import Client, ClientError


async def play_hand(
    client: Client,
    rng: random.Random,
    times: list[tuple[float, float]] | None = None,
    timeout: float = 60.0,
    think: float = 0.0,
) -> int:
    """Play random legal moves for the client's seat until the hand is over; return the
    moves played. ``times`` gets each move's ``(sent, round trip)``: when the intent was
    sent (``time.perf_counter()``) and the time from then to the mover's view updated
    (seconds); ``think`` pauses before each move, as a person would (seconds)."""
    moves = 0
    while client.hand_over is None:
        view = client.view
        if view is None or view.mover != client.chair or not view.legal_moves:
            await client.wait(lambda: _my_move(client) or client.hand_over is not None, timeout)
            continue
        if think > 0:
            await asyncio.sleep(think * (0.5 + rng.random()))
            view = client.view
            if view is None or view.mover != client.chair or not view.legal_moves:
                continue
        start = time.perf_counter()
        answer = await client.play(rng.choice(view.legal_moves), timeout)
        if times is not None:
            times.append((start, time.perf_counter() - start))
        if answer.type != "result":
            raise ClientError(f"a legal move was refused: {answer}")
        moves += 1
    return moves


def _my_move(client: Client) -> bool:
    view = client.view
    return view is not None and view.mover == client.chair and bool(view.legal_moves)


async def host_when_ready(client: Client, timeout: float = 60.0) -> None:
    """As the host: wait until every person at the table is ready, then start."""

    def all_ready() -> bool:
        table = client.table
        people = [c for c in table.chairs if c.name is not None] if table else []
        return bool(people) and all(c.ready for c in people) and len(people) > 1

    await client.wait(all_ready, timeout)
    await client.start()


async def _main(args: argparse.Namespace) -> int:
    client = Client(args.url, args.name)
    rng = random.Random(args.seed)
    try:
        await client.connect()
        if args.create:
            table = await client.create(players=args.create, public=False, quick=args.quick,
                                        level="random")  # fmt: skip
            print(json.dumps({"table": table.id, "code": table.code}), flush=True)
        else:
            await client.join(args.chair, code=args.join)
        await client.ready()
        if args.create:
            await host_when_ready(client)
        for _ in range(args.hands):
            await client.wait(lambda: client.view is not None and client.hand_over is None, 60)
            moves = await play_hand(client, rng)
            over = client.hand_over
            assert over is not None
            print(json.dumps({"hand_over": over.totals, "game_over": over.game_over,
                              "moves": moves, "chair": client.chair}), flush=True)  # fmt: skip
        await client.close()
    except (ClientError, TimeoutError) as error:
        print(f"bot: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run one simulated player; return the exit status."""
    p = argparse.ArgumentParser(prog="python -m canasta.net.bot")
    p.add_argument("url")
    p.add_argument("--name", default="Bot")
    p.add_argument("--create", type=int, choices=(2, 4))
    p.add_argument("--join", metavar="CODE")
    p.add_argument("--chair", type=int, default=1)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if not args.create and not args.join:
        p.error("--create or --join")
    return asyncio.run(_main(args))


if __name__ == "__main__":
    sys.exit(main())
