"""Figures of the browser client, measured in Debian's headless Chromium on this machine
against a server on loopback, printed as JSON:

- ``bytes_before_table``: bytes that crossed the network (HTTP bodies as sent, gzipped
  where the server gzips, plus headers, as Chromium counts them) from the page's request to
  the first table drawn, split into the card art (``art``) and everything else
  (``client``: page, modules, style sheet, config, catalogue), and the WebSocket frames'
  text received by then (``socket``);
- ``load_to_lobby_ms``: from the navigation's start to the lobby's list drawn, for a
  returning player (the name kept in the browser and given at once: the time the name
  screen waits for its button is left out), cold (nothing cached) and warm (cached);
- ``deal_frames_ms``: the time between animation frames while a hand is dealt (the cards
  slide from the stock), its median, 95th percentile and worst.

Usage: python3 -m scripts.web_figures [--runs 5] [--language de]
Each figure is the median over the runs (the deal's frame times: over every frame of
every run).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.web.browser import chromium, page
from tests.web.helpers import PATIENCE_MS, WebServer, create_table, enter

ROOT = Path(__file__).resolve().parents[1]

#: Records every animation frame's time from now on (into window.frameTimes).
WATCH_FRAMES = """() => {
  window.frameTimes = [];
  const step = (t) => { window.frameTimes.push(t); if (window.frameTimes.length < 2000)
    requestAnimationFrame(step); };
  requestAnimationFrame(step);
}"""


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def one_run(browser: Any, server: WebServer, language: str) -> dict[str, Any]:
    """One player: first visit to the first table drawn; then a reload to the lobby."""
    tab = page(browser, 412, 860, touch=True, language=language)
    cdp = tab.context.new_cdp_session(tab)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    urls: dict[str, str] = {}
    sizes = {"art": 0, "client": 0}
    socket = [0]
    drawn = [False]

    def response(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["response"]["url"]

    def finished(event: dict[str, Any]) -> None:
        if drawn[0]:
            return
        address = urls.get(event["requestId"], "")
        sizes["art" if "/art/" in address else "client"] += int(event["encodedDataLength"])

    def frame(event: dict[str, Any]) -> None:
        if not drawn[0]:
            socket[0] += len(event["response"]["payloadData"].encode("utf-8"))

    cdp.on("Network.responseReceived", response)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.webSocketFrameReceived", frame)
    enter(tab, server.http, "Ann")
    create_table(tab, players=2, quick=True)
    tab.click("#ready")
    tab.wait_for_selector("#start:not([disabled])", timeout=PATIENCE_MS)
    tab.evaluate(WATCH_FRAMES)
    tab.click("#start")
    tab.wait_for_selector("#hand .card-button", timeout=PATIENCE_MS)
    drawn[0] = True
    tab.wait_for_function("() => document.getAnimations().length === 0", timeout=PATIENCE_MS)
    times = tab.evaluate("() => window.frameTimes")
    table_at = tab.evaluate("() => performance.getEntriesByName('canasta-table')[0].startTime")
    deal = [b - a for a, b in zip(times, times[1:], strict=False) if a >= table_at - 1]
    # A returning player with no seat (the name kept): the name screen, then the lobby.
    tab.evaluate("() => localStorage.removeItem('canasta.seat')")
    cold = lobby_time(tab, cdp, server.http, cache=False)
    warm = lobby_time(tab, cdp, server.http, cache=True)
    tab.context.close()
    return {"art": sizes["art"], "client": sizes["client"], "socket": socket[0],
            "cold": cold, "warm": warm, "deal": deal}  # fmt: skip


def lobby_time(tab: Any, cdp: Any, base: str, cache: bool) -> float:
    """Milliseconds from a page load's navigation start to the lobby's list drawn, less
    the time the name screen waited for its button (a person's time, not the page's)."""
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": not cache})
    tab.goto(base + "/")
    tab.click("form.name-form button[type=submit]")
    tab.wait_for_function(
        "() => performance.getEntriesByName('canasta-lobby').length > 0", timeout=PATIENCE_MS
    )
    marks = tab.evaluate(
        "() => ['canasta-ready', 'canasta-name', 'canasta-lobby'].map("
        "n => performance.getEntriesByName(n)[0].startTime)"
    )
    ready, named, lobby = marks
    return float(ready + (lobby - named))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--language", default="en-US", help="the browser's language")
    args = parser.parse_args(argv)
    runs = []
    with tempfile.TemporaryDirectory() as data, chromium() as browser:
        server = WebServer(Path(data))
        try:
            for _ in range(args.runs):
                runs.append(one_run(browser, server, args.language))
        finally:
            server.stop()
    frames = [d for run in runs for d in run["deal"]]
    median = statistics.median
    figures = {
        "command": " ".join(["python3 -m scripts.web_figures", *(argv or sys.argv[1:])]),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": {
            "system": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average_1min": round(os.getloadavg()[0], 2),
        },  # fmt: skip
        "browser": browser_version(),
        "runs": args.runs,
        "bytes_before_table": {
            "client": int(median([r["client"] for r in runs])),
            "art": int(median([r["art"] for r in runs])),
            "socket": int(median([r["socket"] for r in runs])),
        },
        "load_to_lobby_ms": {
            "cold": round(median([r["cold"] for r in runs]), 1),
            "warm": round(median([r["warm"] for r in runs]), 1),
        },
        "deal_frames_ms": {
            "frames": len(frames),
            "median": round(median(frames), 2),
            "p95": round(percentile(frames, 0.95), 2),
            "worst": round(max(frames), 2),
        },
    }
    print(json.dumps(figures, indent=1))
    return 0


def browser_version() -> str:
    """The Chromium the figures were measured in."""
    with chromium() as browser:
        return f"Chromium {browser.version}"


if __name__ == "__main__":
    sys.exit(main())
