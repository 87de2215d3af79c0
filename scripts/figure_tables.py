"""The figure tables of ``docs/performance.md`` and ``docs/hosting/capacity.md``.

Each builder takes a :class:`scripts.performance_page.Run` and returns the Markdown lines
of one block: a table with a row per job (or per figure), then the list of the commands
that measured it. A job without figures in the run gets a row saying so and no figure.
:data:`PERFORMANCE` and :data:`CAPACITY` map each page's block names to their builders;
``python3 -m scripts.performance_page`` writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scripts.figures import JOBS
from scripts.tournament import wilson

if TYPE_CHECKING:
    from scripts.performance_page import Run

#: A block's builder: the run in, the block's Markdown lines out.
Builder = Callable[["Run"], list[str]]

#: Jobs of ``scripts.figures`` whose figures another page quotes (docs/hosting/scaling.md).
ELSEWHERE = frozenset(
    ("takeover-100", "takeover-300", "takeover-300-3", "takeover-500", "relay-50", "lobby-bytes")
)
#: The jobs these tables show.
TABLED = tuple(job.name for job in JOBS if job.name not in ELSEWHERE)

#: Length of a hand at a server's table (seconds), for the seats one worker core keeps up with.
HAND_SECONDS = 600


@dataclass(frozen=True)
class Aim:
    """An aim in words and the test of a job's figures against it."""

    words: str
    met: Callable[[dict[str, Any]], bool]

    def cell(self, figures: dict[str, Any] | None) -> str:
        """``words: met`` or ``words: not met`` (the words alone without figures)."""
        if figures is None:
            return self.words
        return f"{self.words}: {'met' if self.met(figures) else 'not met'}"


def pct(share: float) -> str:
    """A share (0..1) in per cent: ``67.1%``."""
    return f"{100 * share:.1f}%"


def interval(bounds: list[float]) -> str:
    """A 95% confidence interval (0..1 bounds) in per cent: ``62.9-71.1%``."""
    return f"{100 * bounds[0]:.1f}-{100 * bounds[1]:.1f}%"


def signed(points: float) -> str:
    """Points with their sign and thousands separated: ``+1,124``."""
    return f"{points:+,.0f}" if round(points) else "0"


def number(value: float | None, digits: int = 0) -> str:
    """A figure with thousands separated and ``digits`` decimals (a dash for None)."""
    return "—" if value is None else f"{value:,.{digits}f}"


def short(value: float | None) -> str:
    """A time with the decimals its size needs: ``0.05``, ``3.48``, ``271.8``, ``1,248``."""
    if value is None:
        return "—"
    digits = 2 if abs(value) < 10 else 1 if abs(value) < 1000 else 0
    # Never more decimals than the JSON holds: 0.1 stays 0.1, not 0.10.
    held = len(repr(float(value)).partition(".")[2].rstrip("0")) if "e" not in repr(value) else 2
    return number(value, min(digits, max(held, 1 if digits else 0)))


def spread(figures: dict[str, Any], keys: tuple[str, ...], digits: int | None = None) -> str:
    """Several figures of one dict joined: ``0.05 / 271.8 / 333.2`` (``digits``: fixed
    decimals instead of :func:`short`'s)."""
    return " / ".join(
        short(figures.get(key)) if digits is None else number(figures.get(key), digits)
        for key in keys
    )


def row(cells: list[str]) -> str:
    """One Markdown table row."""
    return "| " + " | ".join(cells) + " |"


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table: header, rule, rows (short rows padded with empty cells)."""
    lines = [row(header), row(["---"] * len(header))]
    lines += [row(cells + [""] * (len(header) - len(cells))) for cells in rows]
    return lines


def unmeasured(run: Run, name: str, first: list[str]) -> list[str] | None:
    """``first`` cells then why ``name`` has no figures, or None when it has them."""
    why = run.missing(name)
    return None if why is None else [*first, why]


# -- Strength --------------------------------------------------------------------------


def _match_rows(
    run: Run, matches: list[tuple[str, str, str]], decisions: bool = False
) -> list[list[str]]:
    """Rows of tournaments: (job, label cells "|"-joined, aim or "")."""
    rows = []
    for name, label, aim in matches:
        first = label.split("|")
        figures = run.figures(name)
        if figures is None:
            blanks = [""] * (3 if decisions else 2)
            aims = [f"at least {aim}%"] if aim else []
            rows.append([*first, run.missing(name) or "", *blanks, *aims])
            continue
        cells = [
            *first,
            f"{figures['deal_pairs']:,}",
            f"{pct(figures['share_a'])} ({interval(figures['share_a_ci95'])})",
            signed(figures["mean_margin_per_hand_a"]),
        ]
        if decisions:
            times = figures["decision_ms"].get(figures["a"], {})
            cells.append(spread(times, ("median", "p95", "p99")) + " ms")
        if aim:
            met = float(figures["share_a"]) >= int(aim) / 100
            cells.append(f"at least {aim}%: {'met' if met else 'not met'}")
        rows.append(cells)
    return rows


def hard_vs_medium(run: Run) -> list[str]:
    """The hard level against medium, two and four players (aim: 65% of deal pairs)."""
    matches = [(f"tournament-hard-medium-{p}p", str(p), "65") for p in (2, 4)]
    header = ["players", "deal pairs", "share won by hard (95% CI)", "margin a hand",
              "hard's decision time: median / 95th / 99th percentile", "aim"]  # fmt: skip
    return table(header, _match_rows(run, matches, decisions=True)) + run.sources(
        [name for name, _, _ in matches]
    )


def other_levels(run: Run) -> list[str]:
    """Medium against easy (aim 60%) and easy against random (aim 90%)."""
    matches = [
        (f"tournament-{a}-{b}-{p}p", f"{a} vs {b}|{p}", aim)
        for a, b, aim in (("medium", "easy", "60"), ("easy", "random", "90"))
        for p in (2, 4)
    ]
    header = ["match", "players", "deal pairs", "share won by the first (95% CI)",
              "margin a hand", "aim"]  # fmt: skip
    return table(header, _match_rows(run, matches)) + run.sources([m[0] for m in matches])


def open_hand(run: Run) -> list[str]:
    """The open hand (the hard level seeing every hand) against medium, four players."""
    matches = [("tournament-open-medium-4p", "open hand vs medium|4", "")]
    header = ["match", "players", "deal pairs", "share won by the open hand (95% CI)",
              "margin a hand", "the open hand's decision time: median / 95th / 99th"]  # fmt: skip
    return table(header, _match_rows(run, matches, decisions=True)) + run.sources([matches[0][0]])


#: The lone-card rules of ``research.blunders`` in words.
LONE_RULES = {
    "never": "never one card",
    "always": "one card whenever it can",
    "stock12": "one card with 12 or fewer in the stock",
    "stock6": "one card with 6 or fewer in the stock",
}


def lone_card(run: Run) -> list[str]:
    """The lone-card rules: three against "always" with two players, one with four."""
    jobs = [
        ("blunders-lone-2p-never", 2, "never", "always"),
        ("blunders-lone-2p-stock12", 2, "stock12", "always"),
        ("blunders-lone-2p-stock6", 2, "stock6", "always"),
        ("blunders-lone-4p-stock12", 4, "stock12", "never"),
    ]
    header = ["players", "side A (medium)", "side B (medium)", "deal pairs",
              "lone-card hands of A / of B", "B's lone-card hands lost, their mean margin",
              "A's share of deal pairs (95% CI)", "A's margin a hand"]  # fmt: skip
    rows = []
    for name, players, rule_a, rule_b in jobs:
        first = [str(players), LONE_RULES[rule_a], LONE_RULES[rule_b]]
        figures = run.figures(name)
        if figures is None:
            rows.append([*first, run.missing(name) or ""])
            continue
        pairs, a, b = figures["deal_pairs"], figures["A"], figures["B"]
        rows.append([
            *first,
            f"{pairs:,}",
            f"{a['lone_card_hands']} / {b['lone_card_hands']} (of {a['hands']:,} hands each)",
            f"{b['lone_card_lost']} lost, "
            + (signed(b["mean_margin_lone"]) if b["mean_margin_lone"] is not None else "—"),
            f"{pct(figures['share_a'])} ({interval(list(wilson(figures['share_a'], pairs)))})",
            signed(figures["mean_margin_per_hand_a"]),
        ])  # fmt: skip
    return table(header, rows) + run.sources([job[0] for job in jobs])


def fed_pile(run: Run) -> list[str]:
    """How often the hard and medium levels fed the pile, with the rule in place."""
    name = "blunders-fed-4p"
    header = ["level (4 players)", "hands", "piles fed", "a 100 hands",
              "taken by the next player", "mean pile taken (cards)"]  # fmt: skip
    figures = run.figures(name)
    rows = []
    for side in ("A", "B"):
        if figures is None:
            rows.append(["hard" if side == "A" else "medium", run.missing(name) or ""])
            continue
        level, seen = figures[side.lower()], figures[side]
        rows.append([level, f"{seen['hands']:,}", str(seen["fed"]),
                     number(seen["fed_per_100_hands"], 2), str(seen["fed_taken"]),
                     number(seen["mean_pile_taken"], 1)])  # fmt: skip
    return table(header, rows) + run.sources([name])


# -- Speed -----------------------------------------------------------------------------


def _speed_row(
    figures: dict[str, Any] | None,
    why: str | None,
    what: str,
    value: Callable[[dict[str, Any]], str],
    aim: Aim | None,
) -> list[str]:
    """One row of the game's speed: what, the figure (or why none), the aim."""
    if figures is None:
        return [what, why or "", aim.words if aim else ""]
    return [what, value(figures), aim.cell(figures) if aim else ""]


def game_speed(run: Run) -> list[str]:
    """The benchmark's figures (``bench``) and the resting ones (``bench --idle``)."""
    bench, idle = run.figures("bench"), run.figures("bench-idle")
    why, why_idle = run.missing("bench"), run.missing("bench-idle")

    def presets(f: dict[str, Any]) -> str:
        return " / ".join(number(v, 0) for v in f["preset_hands_per_second"].values())

    names = ": " + " / ".join(bench["preset_hands_per_second"]) if bench else ""
    rows = [
        _speed_row(bench, why, "random legal 4-player hands per second (Classic)",
                   lambda f: number(f["engine_hands_per_second"], 1),
                   Aim("at least 300", lambda f: f["engine_hands_per_second"] >= 300)),
        _speed_row(bench, why, f"the same per rule preset{names}", presets, None),
        _speed_row(bench, why, "the heuristic player's decision time (the rules of thumb "
                   "of the easy level), 4 players: median / 95th percentile",
                   lambda f: spread(f["decision_ms"], ("median", "p95"), 3) + " ms",
                   Aim("95th under 50 ms", lambda f: f["decision_ms"]["p95"] < 50)),
        _speed_row(bench, why, "the hard level's decision time, 4 players, wall clock: "
                   "median / 95th / 99th percentile",
                   lambda f: spread(f["hard_decision_ms"], ("median", "p95", "p99"))
                   + f" ms ({f['hard_decision_ms']['count']:,} decisions, "
                   f"{f['hard_decision_ms']['searches']:,} searched)",
                   Aim("95th under 300 ms, 99th under 600 ms",
                       lambda f: f["hard_decision_ms"]["p95"] < 300
                       and f["hard_decision_ms"]["p99"] < 600)),
        _speed_row(bench, why, "the table's frame time at 1280x800, 4 players, cards moving: "
                   "median / 99th percentile",
                   lambda f: spread(f["frame_ms"], ("median", "p99")) + " ms",
                   Aim("99th under 8 ms", lambda f: f["frame_ms"]["p99"] < 8)),
        _speed_row(bench, why, "the same at 1920x1080 (SVG cards): median / 99th percentile "
                   "(99th of the process's CPU time)",
                   lambda f: spread(f["frame_ms_1920x1080"], ("median", "p99"))
                   + f" ms ({short(f['frame_ms_1920x1080']['cpu_p99'])} ms)",
                   Aim("99th under 8 ms", lambda f: f["frame_ms_1920x1080"]["p99"] < 8)),
        _speed_row(bench, why, "the frame time while a hard decision runs in the worker "
                   "process: median / 99th percentile",
                   lambda f: spread(f["frame_ms_while_thinking"], ("median", "p99")) + " ms",
                   Aim("99th under 17 ms", lambda f: (f["frame_ms_while_thinking"]["p99"]
                                                      or 0) < 17)),
        _speed_row(bench, why, "process start to first frame",
                   lambda f: number(f["first_frame_s"], 2) + " s",
                   Aim("under 1 s", lambda f: f["first_frame_s"] < 1)),
        _speed_row(bench, why, "peak memory of the benchmark process",
                   lambda f: number(f["peak_memory_mb"], 1) + " MiB", None),
        _speed_row(idle, why_idle, "CPU of the game while the table waits for you (nothing "
                   "moving, dummy video driver), share of one core",
                   lambda f: number(f["idle_cpu_percent"], 1) + "%",
                   Aim("under 3%", lambda f: f["idle_cpu_percent"] < 3)),
        _speed_row(idle, why_idle, "a click on a resting table to the end of the frame that "
                   "shows it: median / 95th percentile, wall clock (CPU time)",
                   lambda f: spread(f["click_to_frame_ms"], ("median", "p95")) + " ms ("
                   + spread(f["click_to_frame_ms"], ("cpu_median", "cpu_p95")) + " ms)",
                   Aim("under 16.7 ms (one frame at 60 a second)",
                       lambda f: f["click_to_frame_ms"]["p95"] < 16.7)),
    ]  # fmt: skip
    return table(["figure", "measured", "aim"], rows) + run.sources(["bench", "bench-idle"])


def search_speed(run: Run) -> list[str]:
    """The hard level's CPU time per sampled deal and sampled deals per search."""
    name = "bench-search"
    figures = run.figures(name)
    header = ["table", "searches", "CPU per sampled deal (fixed deals a search)",
              "sampled deals per search in the level's budget"]  # fmt: skip
    rows = []
    for players in (2, 4):
        first = [f"{players} players"]
        if figures is None:
            rows.append([*first, run.missing(name) or ""])
            continue
        fixed = figures[f"{players}p fixed worlds"]
        budget = figures.get(f"{players}p budget")
        rows.append([
            *first,
            str(fixed["searches"]),
            f"{number(fixed['current']['us_per_world'], 0)} µs ({figures['worlds']})",
            number(budget["current"]["worlds_per_search"], 1) if budget else "—",
        ])  # fmt: skip
    return table(header, rows) + run.sources([name])


# -- The server ------------------------------------------------------------------------

#: The people's aim: a 99th percentile round trip under 50 ms.
ROUND_TRIP = Aim("round trip 99th under 50 ms", lambda f: f["round_trip_ms"]["p99"] < 50)
#: The load tests: job, what it seats, the aim.
LOADTESTS = (
    ("loadtest-100", "100 tables of 4 people", ROUND_TRIP),
    ("loadtest-500", "500 tables of 4 people", ROUND_TRIP),
    ("loadtest-200-medium", "200 tables of 1 person and 3 medium computers", ROUND_TRIP),
    ("loadtest-8-hard", "8 tables of 1 person and 3 hard computers",
     Aim("event-loop lag 99th under 10 ms, every worker busy",
         lambda f: f.get("server", {}).get("loop_lag_ms", {}).get("p99", 1e9) < 10)),
)  # fmt: skip


def _server(figures: dict[str, Any], key: str) -> dict[str, Any]:
    value = figures.get("server", {}).get(key)
    return value if isinstance(value, dict) else {}


def _collections(figures: dict[str, Any]) -> str:
    full = _server(figures, "gc_pause_ms").get("gen2", {})
    if not full:
        return "—"
    count = int(full.get("count", 0))
    return f"{count}, longest {number(full.get('max'), 0)} ms" if count else "0"


def load_tests(run: Run, jobs: tuple[tuple[str, str, Aim], ...] = LOADTESTS) -> list[str]:
    """The load tests: people's round trips, the server's event loop, CPU and memory."""
    header = ["tables", "people's moves in wall time", "round trip: median / 99th / max",
              "event-loop lag: median / 99th / max", "full collections",
              "server CPU a move", "server peak memory", "aim"]  # fmt: skip
    rows = []
    for name, what, aim in jobs:
        figures = run.figures(name)
        if figures is None:
            rows.append([what, run.missing(name) or "", "", "", "", "", "", aim.words])
            continue
        moves = int(figures["moves"])
        lag = _server(figures, "loop_lag_ms")
        rows.append([
            what,
            f"{moves:,} in {number(figures['wall_seconds'], 0)} s",
            spread(figures["round_trip_ms"], ("median", "p99", "max")) + " ms",
            (spread(lag, ("median", "p99", "max")) + " ms") if lag else "—",
            _collections(figures),
            f"{1000 * figures['server_cpu_seconds'] / max(1, moves):.2f} ms",
            number(figures["server_peak_memory_mib"], 1) + " MiB",
            aim.cell(figures),
        ])  # fmt: skip
    lines = table(header, rows)
    thinking = [(name, what, run.figures(name)) for name, what, _ in jobs if "computers" in what]
    if thinking:
        lines += ["", *table(
            ["tables", "computers' decisions", "wait for the answer: median / 99th / max",
             "CPU in the worker: median / 99th / max"],
            [[what, run.missing(name) or ""] if f is None else [
                what, f"{_server(f, 'think_ms').get('count', 0):,}",
                spread(_server(f, "think_ms"), ("median", "p99", "max")) + " ms",
                spread(_server(f, "think_cpu_ms"), ("median", "p99", "max")) + " ms"]
             for name, what, f in thinking],
        )]  # fmt: skip
    return lines + run.sources([name for name, _, _ in jobs])


def the_server(run: Run) -> list[str]:
    """The 100-table load test of the performance page, figure by figure."""
    name, _, aim = LOADTESTS[0]
    figures, why = run.figures(name), run.missing(name)

    def inside(key: str, keys: tuple[str, ...] = ("median", "p99", "max")) -> Any:
        return lambda f: (spread(_server(f, key), keys) + " ms") if _server(f, key) else "—"

    rows = [
        _speed_row(figures, why, "people's moves (100 tables of 4 people, one hand each)",
                   lambda f: f"{f['moves']:,} in {number(f['wall_seconds'], 0)} s", None),
        _speed_row(figures, why, "round trip, an intent to the mover's updated view: "
                   "median / 99th percentile / max",
                   lambda f: spread(f["round_trip_ms"], ("median", "p99", "max")) + " ms", aim),
        _speed_row(figures, why, "the server's CPU time, and a move's share of it",
                   lambda f: f"{number(f['server_cpu_seconds'], 1)} s, "
                   f"{1000 * f['server_cpu_seconds'] / max(1, f['moves']):.2f} ms a move", None),
        _speed_row(figures, why, "the server's peak memory",
                   lambda f: number(f["server_peak_memory_mib"], 1) + " MiB", None),
        _speed_row(figures, why, "the server's event-loop lag: median / 99th percentile / max",
                   inside("loop_lag_ms"), None),
        _speed_row(figures, why, "an intent's time inside the server: median / 99th "
                   "percentile / max", inside("intent_ms"), None),
        _speed_row(figures, why, "database commits: median / 99th percentile / max",
                   inside("db_commit_ms"), None),
        _speed_row(figures, why, "full collections of the garbage collector (count, longest)",
                   _collections, None),
    ]  # fmt: skip
    return table(["figure", "measured", "aim"], rows) + run.sources([name])


def per_seat(run: Run) -> list[str]:
    """What a computer seat costs: CPU time a decision and a hand, by level and players."""
    jobs = [("easy", 4), ("medium", 2), ("medium", 4), ("hard", 2), ("hard", 4)]
    header = ["level", "players", "decisions", "CPU a decision: mean / 95th / 99th",
              "wall clock a decision: median / 95th / 99th", "decisions a seat a hand",
              "CPU a seat a hand", f"seats one core keeps up with ({HAND_SECONDS // 60}-minute "
              "hands)"]  # fmt: skip
    rows = []
    for level, players in jobs:
        name = f"bench-levels-{level}-{players}p"
        figures = run.figures(name)
        if figures is None:
            rows.append([level, str(players), run.missing(name) or ""])
            continue
        # The mean a decision has more digits than the JSON's seconds a seat a hand.
        cost = figures["cpu_ms"]["mean"] * figures["decisions_per_seat_hand"] / 1000
        rows.append([
            level, str(players), f"{figures['decisions']:,}",
            spread(figures["cpu_ms"], ("mean", "p95", "p99")) + " ms",
            spread(figures["wall_ms"], ("median", "p95", "p99")) + " ms",
            number(figures["decisions_per_seat_hand"], 1),
            f"{figures['cpu_seconds_per_seat_hand']:.3f} s",
            f"about {_round(HAND_SECONDS / cost):,}" if cost else "—",
        ])  # fmt: skip
    return table(header, rows) + run.sources([f"bench-levels-{lv}-{p}p" for lv, p in jobs])


def _round(value: float) -> int:
    """``value`` to two significant figures (a seat count is no more precise than that)."""
    digits = len(str(int(value))) - 2
    return int(round(value, -digits)) if digits > 0 else round(value)


def the_run(run: Run) -> list[str]:
    """The run as a whole: its commit, machine, date and how many jobs it measured."""
    measured = [name for name in TABLED if run.missing(name) is None]
    jobs = run.manifest.get("jobs", {})
    main_commit = run.manifest.get("commit")
    again = [name for name in measured if jobs[name].get("commit", main_commit) != main_commit]
    line = (
        f"Every figure below comes from one run of `python3 -m scripts.figures` "
        f"({run.machine()}), begun {run.manifest.get('date', '?')}: {len(measured)} of its "
        f"{len(TABLED)} commands measured."
    )
    if again:
        line += (
            f" {len(again)} of them were run again later with `--only` "
            f"({', '.join(f'`{name}`' for name in again)}); each says its own commit below."
        )
    return [line]


#: The blocks of ``docs/performance.md``.
PERFORMANCE: dict[str, Builder] = {
    "run": the_run,
    "hard-vs-medium": hard_vs_medium,
    "other-levels": other_levels,
    "open-hand": open_hand,
    "lone-card": lone_card,
    "fed-pile": fed_pile,
    "speed": game_speed,
    "search-speed": search_speed,
    "server": the_server,
}
#: The blocks of ``docs/hosting/capacity.md``.
CAPACITY: dict[str, Builder] = {"per-seat": per_seat, "load-tests": load_tests}
