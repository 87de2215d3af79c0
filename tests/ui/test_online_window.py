"""Two real game windows and a server: under Xvfb, Ann and Bob go Home → Play online, Ann
creates a table, Bob joins it from the lobby's list, both get ready, Ann starts; the player
to move clicks the stock in one window and the draw appears in the other (its trace says
a card went to that seat, and its screen changes where the opponent's hand is).

Nothing waits on a fixed time: Xvfb reports its display when ready (``-displayfd``), the
server prints its port, and each step waits for the game's trace lines (the lobby traces
its stage, the tables listed and the chairs ready; the table its waits and moves)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.persistence.settings import Settings
from canasta.persistence.settings_file import save_settings
from canasta.scenes.base import SceneManager
from canasta.scenes.home import HomeScene
from canasta.scenes.lobby import LobbyScene
from canasta.ui.layout import compute_layout
from tests.ui.test_real_window import PATIENCE, SIZE, _need, _reader, _wait_for

#: Two windows side by side on one wide screen.
SCREEN = (SIZE[0] * 2, SIZE[1])


def _start_xvfb(xvfb: str) -> tuple[subprocess.Popen[bytes], str]:
    read, write = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
         "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )  # fmt: skip
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number.isdigit():
        server.kill()
        pytest.fail("Xvfb did not report a display number")
    return server, f":{number}"


def _places() -> dict[str, tuple[int, int]]:
    """Where the buttons are in a window of SIZE: laid out by the scenes themselves."""
    home = HomeScene(lambda n: None, lambda: None, on_online=lambda: None,
                     on_settings=lambda: None, on_how_to_play=lambda: None,
                     on_stats=lambda: None, on_sound=lambda: True)  # fmt: skip
    SceneManager(SIZE).push(home)
    lobby = LobbyScene(lambda a, n: None, lambda: None, lambda s: None)  # type: ignore[arg-type,return-value]
    SceneManager(SIZE).push(lobby)
    assert home.online_button is not None
    first_row = (SIZE[0] // 3, int(SIZE[1] * 0.16) + lobby.unit // 2)
    return {
        "online": home.online_button.rect.center,
        "connect": lobby.form.connect_button.rect.center,
        "create2": lobby.create2_button.rect.center,
        "refresh": lobby.refresh_button.rect.center,
        "row": first_row,
        "ready": lobby.ready_button.rect.center,
        "start": lobby.start_button.rect.center,
        "stock": compute_layout(SIZE, 2).stock.center,
    }


@pytest.mark.slow
def test_a_move_in_one_window_appears_in_the_other(tmp_path: Path) -> None:
    xvfb, xdotool = _need("Xvfb"), _need("xdotool")
    display_server, display = _start_xvfb(xvfb)
    base = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", CANASTA_TRACE="1")
    base.pop("SDL_VIDEODRIVER", None)
    procs: list[subprocess.Popen[str]] = []
    try:
        server = subprocess.Popen(
            [sys.executable, "-m", "canasta", "serve", "--port", "0", "--data",
             str(tmp_path / "server")], env=base, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        procs.append(server)
        listening = _wait_for(_reader(server), "canasta serve: listening on", PATIENCE)
        assert listening is not None, "the server did not start"
        url = listening.split("listening on ")[1].split()[0]
        places = _places()
        games: dict[str, tuple[subprocess.Popen[str], object, dict[str, str]]] = {}
        for index, name in enumerate(("Ann", "Bob")):
            home = tmp_path / name
            (home / "config").mkdir(parents=True)
            save_settings(home / "config" / "settings.toml",
                          Settings(server_address=url, player_name=name,
                                   window_position=[index * SIZE[0], 0]))  # fmt: skip
            env = dict(base, CANASTA_HOME=str(home))
            game = subprocess.Popen(
                [sys.executable, "-m", "canasta", "--quit-after", str(4 * PATIENCE),
                 "--size", f"{SIZE[0]}x{SIZE[1]}"], env=env, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, text=True,
            )  # fmt: skip
            procs.append(game)
            games[name] = (game, _reader(game), env)

        def window(name: str) -> str:
            game, _lines, env = games[name]
            for _try in range(10):
                found = subprocess.run(
                    [xdotool, "search", "--sync", "--onlyvisible", "--pid", str(game.pid)],
                    env=env, capture_output=True, text=True, timeout=PATIENCE,
                )  # fmt: skip
                if found.stdout.split():
                    return found.stdout.split()[-1]
            pytest.fail(f"no window for {name}")

        def click_until(name: str, place: str, line: str) -> str:
            """Click ``place`` in ``name``'s window until its trace shows ``line`` (a
            click sent before the window takes input is lost, so it is sent again)."""
            _game, lines, env = games[name]
            x, y = places[place]
            for _attempt in range(5):
                subprocess.run([xdotool, "mousemove", "--sync", "--window", window(name),
                                str(x), str(y), "click", "1"], env=env,
                               capture_output=True, text=True)  # fmt: skip
                found = _wait_for(lines, line, PATIENCE / 5)  # type: ignore[arg-type]
                if found is not None:
                    return found
            pytest.fail(f"{name}: clicking {place} never gave {line!r}")

        for name in ("Ann", "Bob"):
            window(name)
            click_until(name, "online", "lobby stage=form")
            click_until(name, "connect", "lobby stage=lobby")
        click_until("Ann", "create2", "lobby stage=table")
        click_until("Bob", "refresh", "lobby stage=lobby ready=0 tables=1")
        click_until("Bob", "row", "lobby stage=table")
        click_until("Bob", "ready", "lobby stage=table ready=1")
        click_until("Ann", "ready", "lobby stage=table ready=2")
        click_until("Ann", "start", "lobby started")
        # Only the window of the player to move traces a wait for a draw.
        mover = None
        for _round in range(50):
            for name in ("Ann", "Bob"):
                lines = games[name][1]
                if _wait_for(lines, "waiting phase=draw", PATIENCE / 50) is not None:  # type: ignore[arg-type]
                    mover = name
                    break
            if mover is not None:
                break
        assert mover is not None, "neither window waited for a draw"
        other = "Bob" if mover == "Ann" else "Ann"
        seat = 0 if mover == "Ann" else 1
        drawn = click_until(mover, "stock", f"move seat={seat} draw")
        assert int(drawn.split("hand=")[1]) == 16
        _game, other_lines, _env = games[other]
        seen = _wait_for(other_lines, f"move seat={seat} draw", PATIENCE)  # type: ignore[arg-type]
        assert seen is not None, f"{other}'s window never showed {mover}'s draw"
        assert int(seen.split("hand=")[1]) == 16  # one more face-down card for the drawer
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
        display_server.kill()
        display_server.wait(10)
