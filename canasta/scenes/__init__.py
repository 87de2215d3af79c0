"""Scenes (home, table, ...) and the scene stack that drives them."""
