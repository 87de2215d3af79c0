"""The game's art and data: card faces and backs (SVG), themes, palettes, textures, sounds.

Installed as the package ``canasta.assets`` (pyproject.toml maps it to this top-level
folder) and read through ``importlib.resources`` by ``canasta.ui.assets``. Everything here
is written by the generators in ``scripts/``.
"""
