"""The table: a scene made of sections over the person's view (see :mod:`.scene`)."""

from .scene import PACE, TableScene, TableSprite

__all__ = ["PACE", "TableScene", "TableSprite"]
