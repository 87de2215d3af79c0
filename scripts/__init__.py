"""The maintainer's tools, run from the checkout as modules (``python3 -m scripts.NAME``).

- Art and sound: ``make_assets`` (every asset under ``assets/``: ``make_cards``,
  ``make_backs``, ``make_themes``, ``make_sounds``, ``make_icon``), ``gallery`` (contact
  sheets of every style).
- Screenshots: ``screenshots``, ``app_screens``, ``replay_screens``, ``ui_preview``
  (``shots`` and ``table_harness`` are their shared set-up); ``web_screens`` (the browser
  client in headless Chromium, every layout).
- Speed and strength: ``bench`` (engine, decisions, frames, start-up; ``bench_worker`` is
  its per-checkout worker), ``bench_search`` (the hard level's search), ``bench_levels``
  and ``decision_cpu`` (a computer seat's CPU per decision), ``tournament`` (duplicate
  matches between levels), ``loadtest`` (the online server; ``loadtest_servers`` its
  ``--servers`` over PostgreSQL), ``takeover`` (a killed process's tables taken over by
  the others, and the relay's cost), ``attack`` (the known attacks on a server, loopback
  only), ``web_figures`` (the browser client's bytes, load time and frame times),
  ``fit_evaluation`` (the hard level's evaluation weights, written to
  ``canasta/ai/weights.py``), ``figures`` (every command whose figures the docs quote).
- The documentation site's generated pages: ``docs_pages``.
- The browser client's library: ``vendor_web`` (copies the pinned npm package it serves).
- Shell: ``test.sh`` (the checks CI runs), ``check_wheel.sh`` (the built wheel, installed
  and played), ``catalogue.sh`` (the message catalogues).

Experiments that answer a question once live in ``research/`` instead.
"""

from __future__ import annotations

import sys
from pathlib import Path


def output_folder(default: str, usage: str | None) -> Path:
    """The one optional argument of a generator: the folder it writes into (``default``
    without one).

    ``-h`` or ``--help`` prints ``usage`` (the module's docstring) and exits 0; another
    option or a second argument prints it to stderr and exits 2, so that a mistyped
    option never becomes a folder of generated files.

    Raises:
        SystemExit: for ``--help`` (0) and for a bad command line (2).
    """
    args = sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(usage or "")
        raise SystemExit(0)
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(usage or "", file=sys.stderr)
        raise SystemExit(2)
    return Path(args[0] if args else default)
