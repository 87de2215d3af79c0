"""Sound effects that fall silent instead of crashing when there is no audio device.

Effects are named (``"click"``, ``"deal"``, ``"meld"``, ``"canasta"``, ``"error"``,
``"turn"``). Until there are sound files, short tones are synthesised with
``pygame.sndarray`` when numpy happens to be installed; otherwise the layer is silent.
"""

from __future__ import annotations

import importlib
import math
from pathlib import Path
from typing import Any

import pygame

#: Synthesised effects: name -> list of (frequency Hz, seconds) notes played in sequence.
TONES: dict[str, list[tuple[float, float]]] = {
    "click": [(1200.0, 0.025)],
    "deal": [(520.0, 0.04)],
    "meld": [(660.0, 0.07), (880.0, 0.09)],
    "canasta": [(660.0, 0.08), (830.0, 0.08), (990.0, 0.16)],
    "error": [(220.0, 0.14)],
    "turn": [(740.0, 0.06)],
}


class Sound:
    """The game's sound layer.

    Args:
        enabled: the player's setting; a disabled layer never touches the mixer.
        volume: 0.0..1.0 applied to every effect.
        synthesize: build the :data:`TONES` beeps if numpy is available.

    ``available`` is False when the mixer could not start (no device); then ``play`` is a
    no-op. ``play`` is also a no-op for unknown names.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.6, synthesize: bool = True) -> None:
        self.enabled = enabled
        self.volume = max(0.0, min(1.0, volume))
        self.available = False
        self.error: str | None = None
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        if enabled:
            self._start(synthesize)

    def _start(self, synthesize: bool) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = pygame.mixer.get_init() is not None
        except (pygame.error, OSError) as exc:
            self.available = False
            self.error = str(exc)
            return
        if synthesize and self.available:
            for name, notes in TONES.items():
                sound = _synth(notes)
                if sound is not None:
                    self.register(name, sound)

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


def _synth(notes: list[tuple[float, float]]) -> pygame.mixer.Sound | None:
    """A Sound of sine notes with short fades, or None without numpy or a 16-bit mixer."""
    try:
        np: Any = importlib.import_module("numpy")
    except ImportError:
        return None
    init = pygame.mixer.get_init()
    if init is None:
        return None
    rate, bits, channels = init
    if bits != -16:
        return None
    parts = []
    for freq, seconds in notes:
        n = max(1, int(rate * seconds))
        t = np.arange(n) / rate
        wave = np.sin(2 * math.pi * freq * t)
        ramp = min(n // 2, max(1, int(rate * 0.005)))
        env = np.ones(n)
        env[:ramp] = np.linspace(0.0, 1.0, ramp)
        env[-ramp:] = np.linspace(1.0, 0.0, ramp)
        parts.append(wave * env * 0.35)
    mono = (np.concatenate(parts) * 32767).astype(np.int16)
    data = mono if channels == 1 else np.repeat(mono[:, None], channels, axis=1)
    try:
        return pygame.sndarray.make_sound(np.ascontiguousarray(data))
    except (pygame.error, ValueError):
        return None
