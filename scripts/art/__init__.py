"""Asset generators' shared pieces: SVG shapes, glyphs, colours (used by scripts/make_*.py)."""
