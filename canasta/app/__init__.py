"""The application: one window, one clock, one loop and the scenes it shows.

:mod:`canasta.app.application` holds :class:`App` and :func:`run`; the frame loop is
:mod:`canasta.app.loop`, the window's size and place :mod:`canasta.app.window`, the
online lobby's glue :mod:`canasta.app.online` and the replays' :mod:`canasta.app.replays`.
"""

from canasta.app.application import LANDSCAPE, App, make_sound, run

__all__ = ["LANDSCAPE", "App", "make_sound", "run"]
