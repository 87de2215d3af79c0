"""Reading the game's assets: data files and SVG images under ``assets/``.

The folder is the repository's ``assets/`` (beside the ``canasta`` package), or the one
named by the environment variable ``CANASTA_ASSETS``. Everything in it is written by the
generators in ``scripts/`` (``python scripts/make_assets.py``); the game only reads it.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pygame

_SVG_TEXT: dict[Path, str] = {}


class AssetError(RuntimeError):
    """An asset file is missing or does not parse; the message names the file."""


def assets_dir() -> Path:
    """The assets folder (``CANASTA_ASSETS`` if set, else ``<repo>/assets``)."""
    override = os.environ.get("CANASTA_ASSETS")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    """Path of an asset, e.g. ``asset_path("backs", "decks.json")``."""
    return assets_dir().joinpath(*parts)


def load_json(*parts: str) -> Any:
    """Parsed JSON of an asset file.

    Raises:
        AssetError: if the file is missing or is not valid JSON.
    """
    path = asset_path(*parts)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AssetError(f"cannot read asset {path}: {exc}") from exc


def svg_text(*parts: str) -> str:
    """The text of an SVG asset, read once and kept.

    Raises:
        AssetError: if the file cannot be read.
    """
    path = asset_path(*parts)
    text = _SVG_TEXT.get(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise AssetError(f"cannot read asset {path}: {exc}") from exc
        _SVG_TEXT[path] = text
    return text


def render_svg(text: str, size: tuple[int, int]) -> pygame.Surface:
    """Render SVG ``text`` to an SRCALPHA surface of exactly ``size`` (w, h) pixels.

    Uses ``pygame.image.load_sized_svg`` (nanosvg), which keeps the drawing's aspect ratio;
    a result a pixel off the requested size is centred on a transparent surface.

    Raises:
        AssetError: if the SVG does not render.
    """
    w, h = max(1, size[0]), max(1, size[1])
    try:
        image = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (w, h))
    except (pygame.error, ValueError) as exc:
        raise AssetError(f"SVG does not render: {exc}") from exc
    if image.get_size() != (w, h):
        exact = pygame.Surface((w, h), pygame.SRCALPHA)
        exact.blit(image, image.get_rect(center=(w // 2, h // 2)))
        image = exact
    return image
