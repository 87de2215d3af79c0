"""Synthesise the game's sound effects as WAV files (standard library only).

Usage: python -m scripts.make_sounds [ASSETS_DIR]   (default assets)

Writes ``sounds/<name>.wav`` (22,050 Hz, 16-bit mono) for: click, deal, draw, discard,
meld, canasta, pile, refusal, won, lost. Noise is seeded, so the files are the same on
every run.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

from scripts import output_folder

RATE = 22050
Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(RATE * seconds)


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """Linear attack over ``attack`` s, then exponential decay with time constant ``decay`` s."""
    a = max(1, int(RATE * attack))
    return [i / a if i < a else math.exp(-(i - a) / (RATE * decay)) for i in range(n)]


def tone(freq: float, seconds: float, decay: float = 0.25, bell: bool = True) -> Samples:
    """A sine note with a few harmonics (bell-like when ``bell``)."""
    n = int(RATE * seconds)
    env = envelope(n, 0.004, decay)
    partials = [(1.0, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.06)] if bell else [(1.0, 1.0)]
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * freq * m * t) for m, a in partials)
        out.append(v * env[i] * 0.5)
    return out


def noise(seconds: float, decay: float, cutoff: float, rng: random.Random) -> Samples:
    """Low-passed white noise with an envelope (a card's swish or tap)."""
    n = int(RATE * seconds)
    env = envelope(n, 0.003, decay)
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for i in range(n):
        y += k * (rng.uniform(-1, 1) - y)
        out.append(y * env[i] * 1.6)
    return out


def add(base: Samples, part: Samples, at: float, gain: float = 1.0) -> Samples:
    """Mix ``part`` into ``base`` starting ``at`` seconds (growing ``base`` as needed)."""
    start = int(RATE * at)
    if len(base) < start + len(part):
        base = base + [0.0] * (start + len(part) - len(base))
    for i, v in enumerate(part):
        base[start + i] += v * gain
    return base


def effects() -> dict[str, Samples]:
    """Every effect by name."""
    rng = random.Random(11)
    thump = [v * 0.8 for v in tone(110, 0.09, 0.03, bell=False)]
    out: dict[str, Samples] = {
        "click": noise(0.012, 0.003, 4000, rng),
        "deal": noise(0.07, 0.018, 2600, rng),
        "draw": add(noise(0.09, 0.03, 1800, rng), noise(0.05, 0.015, 3500, rng), 0.03, 0.5),
        "discard": add(noise(0.06, 0.012, 3000, rng), thump, 0.0, 0.7),
        "meld": add(tone(659.3, 0.35, 0.12), tone(880.0, 0.4, 0.14), 0.07),
    }
    canasta: Samples = []
    for k, f in enumerate((523.3, 659.3, 784.0, 1046.5)):
        canasta = add(canasta, tone(f, 0.6, 0.2), k * 0.08, 0.8)
    out["canasta"] = canasta
    pile: Samples = []
    for k in range(9):
        pile = add(pile, noise(0.04, 0.01, 2400 + 200 * k, rng), k * 0.032, 0.8)
    out["pile"] = pile
    buzz: Samples = []
    for k, f in enumerate((196.0, 174.6)):
        buzz = add(buzz, tone(f, 0.16, 0.08, bell=False), k * 0.12, 0.9)
    out["refusal"] = buzz
    won: Samples = []
    for k, f in enumerate((523.3, 659.3, 784.0, 1046.5, 1318.5)):
        won = add(won, tone(f, 0.7, 0.25), k * 0.11, 0.7)
    out["won"] = add(won, tone(1046.5, 0.9, 0.4), 0.6, 0.5)
    lost: Samples = []
    for k, f in enumerate((440.0, 392.0, 349.2, 293.7)):
        lost = add(lost, tone(f, 0.5, 0.2, bell=False), k * 0.16, 0.7)
    out["lost"] = lost
    return out


def write_wav(path: Path, samples: Samples) -> None:
    """16-bit mono WAV, normalised to 80% of full scale, with 5 ms fades at both ends."""
    peak = max(1e-9, max(abs(v) for v in samples))
    fade = int(RATE * 0.005)
    frames = bytearray()
    for i, v in enumerate(samples):
        g = min(1.0, i / fade, (len(samples) - 1 - i) / fade)
        frames += struct.pack("<h", round(v / peak * 0.8 * g * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> None:
    """Write every effect."""
    root = output_folder("assets", __doc__) / "sounds"
    root.mkdir(parents=True, exist_ok=True)
    for name, samples in effects().items():
        write_wav(root / f"{name}.wav", samples)
    print(f"wrote {len(effects())} sounds under {root}")


if __name__ == "__main__":
    main()
