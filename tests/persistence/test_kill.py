"""Kill a process that saves at every turn boundary with SIGKILL at random moments: the
save on disk is always whole, loadable, and one of the states the game really saved.

The kills are placed by the child's progress, not by the clock: the child reports each
save it finished on a pipe, and the parent kills it as soon as it has read a random number
of them, while the child is already on its way to the next save (mid-turn or mid-write).
So a busy machine changes nothing but the wall time the test takes."""

from __future__ import annotations

import json
import os
import random
import signal

from canasta.persistence.paths import default_paths
from canasta.persistence.saves import SavedGame, save_json
from canasta.persistence.session import Session
from canasta.persistence.store import Store
from tests.persistence.helpers import boundaries, controller_for

KILLS = 60
GAME_ID = "00c0ffee00c0ffee"
SEED = 404


def digest(data: bytes) -> str:
    """The save without its time stamp, as canonical JSON."""
    parsed = json.loads(data)
    parsed.pop("saved_at")
    return json.dumps(parsed, sort_keys=True)


class Recording(Store):
    """A store that also remembers every save it wrote."""

    def __init__(self) -> None:
        super().__init__()
        self.saved: set[str] = set()

    def save_game(self, saved: SavedGame) -> bool:
        self.saved.add(digest(save_json(saved)))
        return super().save_game(saved)


def expected_saves() -> set[str]:
    """Every save one whole game writes (the child replays this same game over and over)."""
    store = Recording()
    session = Session(store)
    session.new_game(SEED, game_id=GAME_ID)
    for _ in boundaries(session, controller_for(session.current.game)):
        pass
    store.delete_game()
    return store.saved


class Reporting(Store):
    """A store that writes one byte to ``fd`` after every save it finished."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def save_game(self, saved: SavedGame) -> bool:
        done = super().save_game(saved)
        os.write(self.fd, b"s")
        return done


def saver(fd: int) -> None:
    """The child: continue the saved game (or start it), play and save forever, reporting
    each finished save on ``fd``."""
    session = Session(Reporting(fd))
    while True:
        game = session.continue_game()
        if game is None:
            game = session.new_game(SEED, game_id=GAME_ID)
        elif game.over:
            session.turn_ended()  # counts and forgets the finished game
            continue
        for _ in boundaries(session, controller_for(game)):
            pass


def test_sigkill_at_random_moments_never_corrupts_the_save():
    expected = expected_saves()
    assert len(expected) > 100
    rng = random.Random(7)
    path = default_paths().save
    found = 0
    seen: set[str] = set()
    for _ in range(KILLS):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child never returns
            try:
                os.close(read_end)
                saver(write_end)
            finally:
                os._exit(1)
        os.close(write_end)
        wanted, saves = rng.randint(1, 12), 0
        while saves < wanted:
            chunk = os.read(read_end, 64)
            if not chunk:
                break  # the child died on its own: the waitpid below says how
            saves += len(chunk)
        os.kill(pid, signal.SIGKILL)
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        if not path.exists():
            continue  # killed before the first save, or between two games
        data = path.read_bytes()
        assert digest(data) in expected
        seen.add(digest(data))
        store = Store()
        assert store.load_game() is not None
        assert store.take_notices() == []
        found += 1
    assert found >= KILLS * 3 // 4
    assert len(seen) >= 10  # the kills landed at many different moments of the game
    assert not list(path.parent.glob("*.corrupt-*"))
