"""Experiments on the computer players; see ``research/README.md``."""
