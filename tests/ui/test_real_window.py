"""The real window: start ``canasta`` under Xvfb, click the stock with xdotool, and find
a card added to the person's hand (in the move trace and on the screen).

No fixed display and no fixed sleeps: Xvfb picks a free display number itself and writes
it to a pipe once it accepts clients (``-displayfd``); the test waits for the window with
``xdotool search --sync`` and for the game's trace lines (``CANASTA_TRACE=1``: a line when
the game waits for the person, one per move), each with a generous deadline so a busy
machine only makes it slower, never wrong."""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from canasta.ui.layout import compute_layout

SIZE = (1280, 800)
#: Seconds each wait may take at most on a loaded machine (the waits end as soon as the
#: awaited line or window arrives).
PATIENCE = 120


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is needed for the real-window test (apt-get install xvfb xdotool)")
    return path


def _reader(proc: subprocess.Popen[str]) -> queue.Queue[str]:
    """Collect the game's output lines on a thread, so waits can time out."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.strip())

    threading.Thread(target=pump, daemon=True).start()
    return lines


def _wait_for(lines: queue.Queue[str], prefix: str, timeout: float) -> str | None:
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            return None
        if line.startswith(prefix):
            return line
    return None


def _start_server(xvfb: str) -> tuple[subprocess.Popen[bytes], str]:
    """Start Xvfb on a display number it finds free; return it and ``":N"`` once ready."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten",
         "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,),
    )  # fmt: skip
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()  # written once the server accepts clients
    if not number.isdigit():
        server.kill()
        pytest.fail("Xvfb did not report a display number")
    return server, f":{number}"


def _screenshot(path: Path, env: dict[str, str]) -> bytes:
    subprocess.run(["/usr/bin/import", "-window", "root", str(path)], env=env, check=True)
    rgb = path.with_suffix(".rgb")
    subprocess.run(["/usr/bin/convert", str(path), "-depth", "8", f"rgb:{rgb}"], check=True)
    return rgb.read_bytes()


def test_clicking_the_stock_adds_a_card_to_the_hand(tmp_path: Path) -> None:
    xvfb = _need("Xvfb")
    xdotool = _need("xdotool")
    server, display = _start_server(xvfb)
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", CANASTA_TRACE="1")
    env.pop("SDL_VIDEODRIVER", None)
    game = None
    try:
        # Seed 5 gives the person the first turn in a 2-player game.
        game = subprocess.Popen(
            [sys.executable, "-m", "canasta", "--players", "2", "--seed", "5",
             "--quit-after", str(3 * PATIENCE), "--size", f"{SIZE[0]}x{SIZE[1]}"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        lines = _reader(game)

        def window() -> str:
            """The game's window now (SDL may replace the first one while it starts; a
            search that meets a window being destroyed fails with an X error: search
            again)."""
            errors = ""
            for _try in range(10):
                found = subprocess.run(
                    [xdotool, "search", "--sync", "--onlyvisible", "--pid", str(game.pid)],
                    env=env, capture_output=True, text=True, timeout=PATIENCE,
                )  # fmt: skip
                if found.stdout.split():
                    return found.stdout.split()[-1]
                errors += found.stderr
            pytest.fail(f"xdotool found no window of the game: {errors[-300:]}")

        window()
        waiting = _wait_for(lines, "waiting phase=draw", PATIENCE)
        assert waiting is not None, "the game never waited for the person to draw"
        before = int(waiting.split("hand=")[1])
        shot_before = _screenshot(tmp_path / "before.png", env)
        stock = compute_layout(SIZE, 2).stock.center
        drawn = None
        for _attempt in range(5):  # a click sent before the window takes input is lost
            # The window is looked up for each try: one replaced since is a BadWindow.
            sent = subprocess.run([xdotool, "mousemove", "--sync", "--window", window(),
                                   str(stock[0]), str(stock[1]), "click", "1"], env=env,
                                  capture_output=True, text=True)  # fmt: skip
            if sent.returncode != 0:
                continue
            drawn = _wait_for(lines, "move seat=0 draw", PATIENCE / 5)
            if drawn is not None:
                break
        assert drawn is not None, "clicking the stock drew no card"
        assert int(drawn.split("hand=")[1]) == before + 1
        # The game traces the next wait for the person once the card has landed.
        landed = _wait_for(lines, "waiting phase=play", PATIENCE)
        assert landed is not None, "the drawn card never came to rest"
        assert int(landed.split("hand=")[1]) == before + 1
        shot_after = _screenshot(tmp_path / "after.png", env)
        hand = compute_layout(SIZE, 2).hand
        changed = sum(
            1
            for y in range(hand.y, hand.bottom, 4)
            for x in range(hand.x, hand.right, 4)
            if shot_before[(y * SIZE[0] + x) * 3 : (y * SIZE[0] + x) * 3 + 3]
            != shot_after[(y * SIZE[0] + x) * 3 : (y * SIZE[0] + x) * 3 + 3]
        )
        assert changed > 200, f"the hand area barely changed on screen ({changed} samples)"
    finally:
        if game is not None:
            game.kill()
            game.wait(10)
        server.kill()
        server.wait(10)
