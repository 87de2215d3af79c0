"""Reading the game's assets: data files, SVG images, textures and sounds.

The assets are the package ``canasta.assets`` (the repository's top-level ``assets/``
folder, mapped into the package by pyproject.toml), read through ``importlib.resources``
so they are found in a wheel, an sdist install or an editable checkout alike. The
environment variable ``CANASTA_ASSETS`` names another folder instead (for artists trying
new art). Nothing is read at import: registries built from the data files are
:class:`LazyRegistry` mappings that load on first use. Everything in the folder is
written by the generators in ``scripts/`` (``python scripts/make_assets.py``).
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import pygame

#: The environment variable naming an assets folder to use instead of the package's.
ASSETS_ENV = "CANASTA_ASSETS"

_SVG_TEXT: dict[str, str] = {}

V = TypeVar("V")


class AssetError(RuntimeError):
    """An asset file is missing or does not parse; the message names the file."""


def assets_dir() -> Traversable:
    """The assets folder: ``CANASTA_ASSETS`` if set, else the package ``canasta.assets``
    (a plain folder for a normal install; a Traversable inside a zip for a zipped one)."""
    override = os.environ.get(ASSETS_ENV)
    if override:
        return Path(override)
    return resources.files("canasta.assets")


def asset_path(*parts: str) -> Traversable:
    """An asset inside the folder, e.g. ``asset_path("backs", "decks.json")``."""
    return assets_dir().joinpath(*parts)


def read_bytes(*parts: str) -> bytes:
    """The bytes of one asset file.

    Raises:
        AssetError: if the file cannot be read (the message names it).
    """
    path = asset_path(*parts)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise AssetError(f"cannot read asset {path}: {exc}") from exc


def load_json(*parts: str) -> Any:
    """Parsed JSON of an asset file.

    Raises:
        AssetError: if the file is missing or is not valid JSON.
    """
    data = read_bytes(*parts)
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError as exc:
        raise AssetError(f"cannot read asset {asset_path(*parts)}: {exc}") from exc


def load_image(*parts: str) -> pygame.Surface:
    """A PNG (or other raster) asset as a pygame surface.

    Raises:
        AssetError: if the file cannot be read or decoded.
    """
    data = read_bytes(*parts)
    try:
        return pygame.image.load(io.BytesIO(data), parts[-1])
    except (pygame.error, ValueError) as exc:
        raise AssetError(f"cannot decode image {asset_path(*parts)}: {exc}") from exc


def svg_text(*parts: str) -> str:
    """The text of an SVG asset, read once and kept.

    Raises:
        AssetError: if the file cannot be read.
    """
    key = str(asset_path(*parts))
    text = _SVG_TEXT.get(key)
    if text is None:
        text = read_bytes(*parts).decode("utf-8")
        _SVG_TEXT[key] = text
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


class LazyRegistry(Mapping[str, V]):
    """A read-only mapping of names to designs, built by ``load`` on first use.

    Args:
        load: returns the whole mapping (reads asset files; may raise AssetError, which
            then comes out of the first lookup, and again on the next one).
    """

    def __init__(self, load: Callable[[], dict[str, V]]) -> None:
        self._load = load
        self._items: dict[str, V] | None = None

    @property
    def items_loaded(self) -> bool:
        """True once the mapping has been read."""
        return self._items is not None

    def _all(self) -> dict[str, V]:
        if self._items is None:
            self._items = self._load()
        return self._items

    def __getitem__(self, name: str) -> V:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
