"""Screen toolkit: tweens, card images, sprites, layout, widgets, input gestures, theme, sound.

Imports pygame and ``canasta.engine.cards`` only (never the rules engine's state).
"""
