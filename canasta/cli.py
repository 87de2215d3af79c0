"""Command line: ``canasta`` starts the game; ``canasta position FILE`` works on positions;
``canasta replay FILE`` shows a recorded game again.

Usage::

    canasta [--players 2|4] [--seed N] [--deal N] [--demo] [--quit-after SECONDS] [--size WxH]
            [--log-level debug|info|warning|error]
    canasta --version                     print the installed version
    canasta position FILE                 print the legal moves of a saved position
    canasta position FILE --play "MOVE"   print the resulting position, or the refusal
    canasta position FILE --play "MOVE + MOVE"
                                          play several melds as one plan (Play melds)
    canasta position FILE --window        play the position in the game window
    canasta replay FILE [--quit-after SECONDS] [--size WxH] [--log-level LEVEL]
                                          open a game record in the replay scene
    canasta serve [--host H] [--port P] [--data DIR] [--certfile F --keyfile F]
                                          host online tables (see canasta.net.serve)

Exit status: 0 on success, 1 when a move is refused, 2 for bad arguments or files, 3 when
``canasta position`` prints a position whose turn cannot end as it stands.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
from pathlib import Path

from canasta import version
from canasta.arguments import ranged
from canasta.engine.game import DEAL_NUMBER_LIMIT
from canasta.i18n import LANGUAGES
from canasta.window_limits import SMALLEST_WINDOW

#: The languages the game speaks, by code (messages of the command line itself, such as
#: its errors and help, stay English).
LANGUAGE_CODES = tuple(LANGUAGES)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    least_w, least_h = SMALLEST_WINDOW
    if w < least_w or h < least_h:
        raise argparse.ArgumentTypeError(
            f"size {w}x{h} is too small: the table needs a window of at least {least_w}x{least_h}"
        )
    if w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"size {w}x{h} is larger than 7680x4320")
    return w, h


_positive = ranged(float, 0.0, math.inf, above=True, what="expected a number of seconds",
                   bounds="the number of seconds must be a number above 0")  # fmt: skip


def _deal(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a deal number is a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("a deal number is 0 or more")
    if value >= DEAL_NUMBER_LIMIT:  # the table deals and shows only numbers below it
        raise argparse.ArgumentTypeError(
            f"a deal number is below {DEAL_NUMBER_LIMIT:,} (the numbers the table shows)"
        )
    return value


#: Seeds are whole numbers from 0 up to (not including) this; a fresh game's seed is drawn
#: from the same range, so every seed the game writes in a save can be typed back.
SEED_LIMIT = 2**31


_seed = ranged(int, 0, SEED_LIMIT - 1, what="a seed is a whole number",
               bounds=f"a seed is from 0 to {SEED_LIMIT - 1:,}, not {{value}}")  # fmt: skip


def _log_level(text: str) -> int:
    level = logging.getLevelName(text.upper())
    if not isinstance(level, int) or text.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise argparse.ArgumentTypeError(
            f"a log level is debug, info, warning or error, not {text!r}"
        )
    return level


def game_parser() -> argparse.ArgumentParser:
    """The parser for starting the game."""
    from canasta.persistence.paths import HOME_ENV, default_paths, log_folder

    paths = default_paths()
    parser = argparse.ArgumentParser(
        prog="canasta",
        description="Classic Canasta for 2 or 4 players against computer players.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"""Positions: canasta position FILE [--play "MOVE" | --window]
Replays:   canasta replay FILE (a game record, games/GAME_ID.json)
Online:    canasta serve (host tables); Play online on the home screen joins one

Files (the data folder):
  settings   {paths.settings}
  the rest   {paths.data} (stats, the saved game, games/)
  logs       {log_folder()}
  Set {HOME_ENV}=FOLDER to keep them all in FOLDER instead (FOLDER/config,
  FOLDER/data, FOLDER/logs), e.g. for a second player or a test.""",
    )
    parser.add_argument("--players", type=int, choices=(2, 4), default=None,
                        help="start a game at once with 2 or 4 players")  # fmt: skip
    dealing = parser.add_mutually_exclusive_group()  # both name the first deal: one only
    dealing.add_argument("--seed", type=_seed, default=None, metavar="N",
                         help=f"deal a reproducible game (N: 0 to {SEED_LIMIT - 1})")  # fmt: skip
    dealing.add_argument("--deal", type=_deal, default=None, metavar="N",
                         help="start a game on deal N (the number shown on the table)")  # fmt: skip
    parser.add_argument("--demo", action="store_true",
                        help="computer players in every seat; watch a game")  # fmt: skip
    parser.add_argument("--quit-after", type=_positive, default=None, metavar="SECONDS",
                        help="close the window cleanly after this long")  # fmt: skip
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size in pixels (default: the size it had last time, "
                        "else 1280x800 or larger on a large screen)")  # fmt: skip
    parser.add_argument("--log-level", type=_log_level, default=None, metavar="LEVEL",
                        help="how much to log: debug, info, warning (default) or error; "
                        "the log file is in the user's log folder")  # fmt: skip
    parser.add_argument("--language", choices=LANGUAGE_CODES, default=None,
                        help="the game's language for this run (default: the Language "
                        "setting, else the system's)")  # fmt: skip
    parser.add_argument("--version", action="version", version=f"canasta {version()}")
    return parser


def players_conflict(players: int, settings_file: Path) -> str | None:
    """Why ``--players players`` does not fit the settings' rules, or None.

    A preset other than Classic is written for one number of players (Classic for 2 or 4:
    docs/rules.md#presets); starting another
    number from the command line would silently play a table that is not the one chosen.
    The settings file is only read here, never changed: a missing or damaged one (the
    app's to report) or one whose player count already is ``players`` raises no conflict.
    """
    from canasta.engine.rules import CLASSIC, PRESETS
    from canasta.persistence.files import peek_toml

    data = peek_toml(settings_file)
    name, chosen = data.get("rules_preset"), data.get("players")
    if name not in PRESETS or chosen == players:
        return None
    preset = PRESETS[name]
    if preset.with_options(players=CLASSIC.players) == CLASSIC or preset.players == players:
        return None  # Classic is played by 2 or 4
    fits = [n for n, rules in PRESETS.items() if rules.players == players or rules == CLASSIC]
    return (
        f"the rules chosen in Settings, {name}, are a {preset.players}-player table; start "
        f"with --players {preset.players}, or choose {' or '.join(fits)} in Settings for "
        f"{players} players"
    )


def position_command(argv: list[str]) -> int:
    """Run ``canasta position`` (see :mod:`canasta.position_cli`); return the exit status."""
    from canasta.position_cli import position_command as run_position

    return run_position(argv, _size, _positive)


def replay_command(argv: list[str]) -> int:
    """Run ``canasta replay FILE``: check the record, then open it; return the status.

    A record that does not replay is refused before any window opens, with the move and
    the rule (exit status 2).
    """
    from canasta.persistence.records import RecordError, load_record

    parser = argparse.ArgumentParser(
        prog="canasta replay", description="Watch a recorded game again, move by move."
    )
    parser.add_argument("file", type=Path, help="a game record (games/GAME_ID.json)")
    parser.add_argument("--quit-after", type=_positive, default=None, metavar="SECONDS",
                        help="close the window cleanly after this long")  # fmt: skip
    parser.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH",
                        help="window size in pixels (default 1280x800)")  # fmt: skip
    parser.add_argument("--log-level", type=_log_level, default=None, metavar="LEVEL",
                        help="debug, info, warning (default) or error")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        load_record(args.file, keep_states=False)
    except RecordError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return 2
    from canasta.app import run

    return run(replay=args.file, quit_after=args.quit_after, size=args.size,
               log_level=args.log_level)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``canasta`` command; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "position":
        try:
            return position_command(args_list[1:])
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args_list and args_list[0] == "serve":
        from canasta.net.serve import serve_command

        return serve_command(args_list[1:])
    if args_list and args_list[0] == "replay":
        return replay_command(args_list[1:])
    parser = game_parser()
    args = parser.parse_args(args_list)
    if args.players is not None and not args.demo:
        from canasta.persistence.paths import default_paths

        conflict = players_conflict(args.players, default_paths().settings)
        if conflict is not None:
            parser.error(f"argument --players: {conflict}")  # exits with status 2
    from canasta.app import run

    return run(
        players=args.players,
        seed=args.seed,
        deal=args.deal,
        demo=args.demo,
        quit_after=args.quit_after,
        size=args.size,
        log_level=args.log_level,
        language=args.language,
    )
