"""What every broken-file test checks once a file is written broken (too deep, a number too
long, too large): the file is moved aside with the usual notice and the game goes on.

Each function takes the player's plain words for the reason (``plain``, e.g. "it is far
too large") and asserts the outcome; the file must already be written at its place under
:func:`~canasta.persistence.paths.default_paths`.
"""

from __future__ import annotations

from pathlib import Path

from canasta.persistence.paths import default_paths
from canasta.persistence.session import Session
from canasta.persistence.store import Store


def aside(path: Path) -> list[Path]:
    """The copies of ``path`` moved aside as broken (``NAME.corrupt-…``), oldest first."""
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def save_is_moved_aside(plain: str) -> Session:
    """The broken save is found, refused on Continue with one notice, moved aside, and a
    new game starts and is saved; the session."""
    paths = default_paths()
    session = Session(Store())  # settles kept games: peeks into the save
    assert session.has_saved_game()  # found, not yet read
    assert session.continue_game() is None
    [line] = [str(n) for n in session.store.take_notices()]
    assert line.startswith(f"The saved game could not be used ({plain})")
    assert line.endswith("and a new game can start.")
    assert not paths.save.exists() and len(aside(paths.save)) == 1
    assert session.new_game(5) is not None and paths.save.exists()
    return session


def kept_game_is_moved_aside(kept: Path, plain: str) -> None:
    """A broken finished game kept aside (``kept``) does not stop the start: one notice,
    the file moved aside."""
    session = Session(Store())
    [line] = [str(n) for n in session.store.take_notices()]
    assert f"({plain})" in line
    assert not kept.exists() and len(aside(kept)) == 1


def settings_give_the_defaults(plain: str) -> None:
    """Broken settings: the defaults (two players), one notice, the file moved aside."""
    paths = default_paths()
    session = Session(Store())
    assert session.settings.players == 2  # the file could not be read at all
    [line] = [str(n) for n in session.store.take_notices()]
    assert line.startswith(f"settings.toml could not be read ({plain}); it was kept as ")
    assert line.endswith(" and the default settings are in use.")
    assert len(aside(paths.settings)) == 1 and not paths.settings.exists()


def seat_is_forgotten(plain: str) -> None:
    """A broken online seat: no seat to come back to, one notice, the file moved aside."""
    paths = default_paths()
    store = Store()
    assert store.load_seat() is None
    [line] = [str(n) for n in store.take_notices()]
    assert line.startswith(f"Your online seat could not be used ({plain})")
    assert len(aside(paths.seat)) == 1
