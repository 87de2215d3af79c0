"""Sound effects that fall silent instead of crashing when there is no audio device.

Effects are WAV files under ``assets/sounds/`` written by ``scripts/make_sounds.py``:
see :data:`EFFECTS`. They play through ``pygame.mixer``; without a device, with sound
off, or for a file that does not load, ``play`` does nothing and returns False.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, MutableMapping
from pathlib import Path

import pygame

from canasta.ui.assets import AssetError, read_bytes

#: Effect names, each ``assets/sounds/<name>.wav``.
EFFECTS: tuple[str, ...] = (
    "click",
    "deal",
    "draw",
    "discard",
    "meld",
    "canasta",
    "pile",
    "refusal",
    "won",
    "lost",
)


#: Where Linux lists its sound cards (one numbered line per card, or "--- no soundcards ---").
ASOUND_CARDS = Path("/proc/asound/cards")


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def quiet_without_device(
    environ: MutableMapping[str, str] | None = None,
    platform: str = sys.platform,
    exists: Callable[[Path], bool] = Path.exists,
    read: Callable[[Path], str] = _read,
) -> str | None:
    """Choose SDL's silent audio driver before the audio starts, on a Linux machine that
    has no sound: no sound card in :data:`ASOUND_CARDS` and no PulseAudio or PipeWire
    server (``PULSE_SERVER``, or a ``pulse/native`` or ``pipewire-0`` socket in
    ``XDG_RUNTIME_DIR``). There SDL would fall back to ALSA, which writes about 16 error
    lines to the terminal; with ``SDL_AUDIODRIVER=dummy`` it is quiet, and the game plays
    silently (:func:`canasta.app.make_sound`). A driver already chosen in ``environ`` and
    any other system are left alone.

    Returns:
        the reason (for one log line) when the silent driver was set in ``environ``, else
        None.
    """
    env = os.environ if environ is None else environ
    if env.get("SDL_AUDIODRIVER") or not platform.startswith("linux"):
        return None
    if env.get("PULSE_SERVER"):
        return None
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime and any(exists(Path(runtime, name)) for name in ("pulse/native", "pipewire-0")):
        return None
    cards = read(ASOUND_CARDS)
    if cards.strip() and "no soundcards" not in cards:
        return None
    env["SDL_AUDIODRIVER"] = "dummy"
    return "no sound card and no PulseAudio or PipeWire server: the game plays silently"


class Sound:
    """The game's sound layer.

    Args:
        enabled: the player's setting; a disabled layer never touches the mixer.
        volume: 0.0..1.0 applied to every effect.
        load_effects: load the :data:`EFFECTS` files once the mixer is open.

    ``available`` is False when the mixer could not start (no device; ``error`` says why);
    then ``play`` is a no-op. ``play`` is also a no-op for unknown names.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.6, load_effects: bool = True):
        self.enabled = enabled
        self.volume = max(0.0, min(1.0, volume))
        self.available = False
        self.error: str | None = None
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        if enabled:
            self._start(load_effects)

    def _start(self, load_effects: bool) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = pygame.mixer.get_init() is not None
        except (pygame.error, OSError) as exc:
            self.available = False
            self.error = str(exc)
            return
        if load_effects and self.available:
            for name in EFFECTS:
                self.load_asset(name, "sounds", f"{name}.wav")

    @property
    def active(self) -> bool:
        """True if sounds will actually play (enabled and a device is open)."""
        return self.enabled and self.available

    def register(self, name: str, sound: pygame.mixer.Sound) -> None:
        """Use ``sound`` for effect ``name``."""
        sound.set_volume(self.volume)
        self.sounds[name] = sound

    def load(self, name: str, path: str | Path) -> bool:
        """Load a sound file for ``name``; returns False (and stays silent) on any error."""
        if not self.available:
            return False
        try:
            self.register(name, pygame.mixer.Sound(str(path)))
        except (pygame.error, OSError, FileNotFoundError):
            return False
        return True

    def load_asset(self, name: str, *parts: str) -> bool:
        """Load the asset ``parts`` (e.g. ``"sounds", "deal.wav"``) for ``name``; returns
        False (and stays silent) on any error."""
        if not self.available:
            return False
        try:
            self.register(name, pygame.mixer.Sound(io.BytesIO(read_bytes(*parts))))
        except (pygame.error, AssetError):
            return False
        return True

    def set_volume(self, volume: float) -> None:
        """Set the volume (0.0..1.0) of every effect."""
        self.volume = max(0.0, min(1.0, volume))
        for sound in self.sounds.values():
            sound.set_volume(self.volume)

    def play(self, name: str) -> bool:
        """Play effect ``name``; returns True if something was started."""
        if not self.active:
            return False
        sound = self.sounds.get(name)
        if sound is None:
            return False
        try:
            sound.play()
        except pygame.error:
            return False
        return True
