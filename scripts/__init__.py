"""The maintainer's tools, run from the checkout as modules (``python3 -m scripts.NAME``).

- Art and sound: ``make_assets`` (every asset under ``assets/``: ``make_cards``,
  ``make_backs``, ``make_themes``, ``make_sounds``, ``make_icon``), ``gallery`` (contact
  sheets of every style).
- Screenshots: ``screenshots``, ``app_screens``, ``replay_screens``, ``ui_preview``
  (``shots`` and ``table_harness`` are their shared set-up); ``web_screens`` (the browser
  client in headless Chromium, every layout).
- Speed and strength: ``bench`` (engine, decisions, frames, start-up; ``bench_worker`` is
  its per-checkout worker), ``bench_search`` (the hard level's search), ``tournament``
  (duplicate matches between levels), ``loadtest`` (the online server), ``web_figures``
  (the browser client's bytes, load time and frame times), ``fit_evaluation``
  (the hard level's evaluation weights, written to ``canasta/ai/weights.py``).
- Shell: ``test.sh`` (the checks CI runs), ``check_wheel.sh`` (the built wheel, installed
  and played), ``catalogue.sh`` (the message catalogues).

Experiments that answer a question once live in ``research/`` instead.
"""
