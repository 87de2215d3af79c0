"""``canasta position FILE``: list, play and score the moves of a saved position.

Without ``--play`` the legal moves of the player to move are listed, one text form a line
after a ``# seat N to move, phase P`` line. With ``--play`` the moves are played in order
and the resulting position printed as JSON; a ``--play`` text of moves joined by ``+``
(``"meld 7H 7D 7C + meld KS KD KC"``, or ``"plan meld AS AH AD"`` for a plan of one move)
is a *plan*, checked and played as a whole as the table's Play melds button plays it.

Lines starting with ``#`` are notes for the person reading: once the hand has ended, the
hand's score item by item and the game totals; when the turn cannot end as the position
stands (melds short of the opening minimum, cards waiting for an opening), why and what is
needed. The position file loader skips such lines before the JSON, so the output can be
saved and read again.

Exit status (:data:`EXIT_OK` and the rest): 0 the moves were played or listed; 1 a move
was refused (the refusal is printed, then the position before it); 2 bad arguments or a
file that is not a valid position; 3 the position printed is one in which the turn cannot
end as it stands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from canasta.engine.finish import check_plan
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import Code, IllegalMove, MoveParseError, Refusal
from canasta.engine.state import EndReason, HandState, Phase
from canasta.i18n import LANGUAGES

#: The moves were played (or listed) and the turn can end as the position stands.
EXIT_OK = 0
#: A move or plan was refused; nothing of it was played.
EXIT_REFUSED = 1
#: Bad arguments, or a file that is not a valid position.
EXIT_BAD_INPUT = 2
#: The position printed is one in which the turn cannot end as it stands.
EXIT_TURN_CANNOT_END = 3


def _parser(
    size: Callable[[str], tuple[int, int]], seconds: Callable[[str], float]
) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canasta position",
        description="Show, play or score the moves of a saved position.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""A plan is several melds and lay-offs (and a last discard) played as one, as the
table's Play melds button plays them: --play "meld 7H 7D 7C + meld KS KD KC".

Exit status: 0 done; 1 a move was refused; 2 bad arguments or file; 3 the turn cannot
end as the position stands (e.g. melds short of the opening minimum).""",
    )
    parser.add_argument("file", type=Path, help="a position file (JSON)")
    parser.add_argument("--play", metavar="MOVE", action="append",
                        help='a move, e.g. "meld 7H 7D 2C", or a plan of moves joined by '
                             '"+"; repeat it to play several in order')  # fmt: skip
    parser.add_argument("--window", action="store_true",
                        help="play the position in the game window: you sit in seat 0, "
                             "computer players in the others (not saved, not counted in "
                             "Stats)")  # fmt: skip
    parser.add_argument("--language", choices=tuple(LANGUAGES), default=None,
                        help="the language of refusal messages (default: en), or of the "
                             "window (default: the Language setting)")  # fmt: skip
    parser.add_argument("--quit-after", type=seconds, default=None, metavar="SECONDS",
                        help="with --window: close the window cleanly after this long")  # fmt: skip
    parser.add_argument("--size", type=size, default=None, metavar="WxH",
                        help="with --window: the window's size in pixels")  # fmt: skip
    return parser


def position_command(
    argv: list[str],
    size: Callable[[str], tuple[int, int]],
    seconds: Callable[[str], float],
) -> int:
    """Run ``canasta position``; return the exit status (see the module's doc).

    ``size`` and ``seconds`` check the ``--size`` and ``--quit-after`` arguments as the
    game's own command line does (raising ``argparse.ArgumentTypeError``).
    """
    from canasta.persistence.positions import PositionError, load_position, position_to_json

    parser = _parser(size, seconds)
    args = parser.parse_args(argv)
    if args.window and args.play:
        parser.error("--window and --play do not go together: play the moves in the window")
    from canasta.i18n import set_language

    set_language(args.language or "en")  # refusal messages in it; the rest is for tools
    try:
        state = load_position(args.file)
    except PositionError as error:
        print(f"canasta: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.window:
        if state.ended:
            print(f"canasta: {args.file}: the hand in this position is over, so there is "
                  "nothing to play in the window", file=sys.stderr)  # fmt: skip
            return EXIT_BAD_INPUT
        from canasta.app import run

        return run(position=state, quit_after=args.quit_after, size=args.size,
                   language=args.language)  # fmt: skip
    if args.play is None:
        return _list_moves(state)
    for number, text in enumerate(args.play, start=1):
        where = f" move {number} ({text!r})" if len(args.play) > 1 else ""
        refused = _play(state, text, where)
        if refused is not None:
            print(refused)
            if number > 1:
                print(f"# the position after the {number - 1} move(s) played:")
                print(position_to_json(state))
            return EXIT_REFUSED
    notes = _notes(state)
    for line in notes:
        print(line)
    print(position_to_json(state))
    return EXIT_TURN_CANNOT_END if stuck_turn(state) else EXIT_OK


def _play(state: HandState, text: str, where: str) -> str | None:
    """Play one ``--play`` text (a move or a plan); return the refusal line, or None."""
    from canasta.engine.checking import is_plan_text

    try:
        if not is_plan_text(text):
            state.play(state.parse_move(text))
            return None
        moves = state.parse_plan(text)
    except IllegalMove as error:
        return f"refused{where} ({error.refusal.code.value}): {error.refusal.message()}"
    except MoveParseError as error:
        return f"refused{where} (bad_move): {error}"
    found = check_plan(state, moves)
    if found is not None:
        index, refusal = found
        part = f" move {index + 1} of the plan ({moves[index].text()!r})" if len(moves) > 1 else ""
        if refusal.code in (Code.OPENING_SHORT, Code.PLAN_EMPTY):
            part = ""  # the plan as a whole falls short, not one of its moves
        return f"refused{where}{part} ({refusal.code.value}): {refusal.message()}"
    state.play_all(moves)
    return None


def _list_moves(state: HandState) -> int:
    moves = state.legal_moves()
    print(f"# seat {state.mover} to move, phase {state.phase.value}")
    if not moves:
        print("# no legal move: the hand is over" if state.ended else
              "# no legal move: the stock is empty and the pile cannot be taken, "
              "so the hand ends here")  # fmt: skip
    for line in _notes(state):
        print(line)
    for move in moves:
        print(move.text())
    return EXIT_TURN_CANNOT_END if stuck_turn(state) else EXIT_OK


def _notes(state: HandState) -> list[str]:
    """The ``#`` lines to print with a position: its score once ended, why its turn
    cannot end when it cannot."""
    if state.ended:
        return score_lines(state)
    return stuck_turn(state)


def stuck_turn(state: HandState) -> list[str]:
    """Why the player to move cannot end the turn as the position stands, and what is
    needed, as ``#`` lines; empty when the turn can end (or it is not the play phase).

    The turn ends with a discard (or by going out); in the play phase with no discard
    allowed, the refusal of a discard says why.
    """
    if state.phase is not Phase.PLAY or not state.hands[state.turn]:
        return []
    refusal: Refusal | None = None
    for card in state.hands[state.turn]:
        found = state.check(Move(MoveType.DISCARD, (card,)))
        if found is None:
            return []
        refusal = refusal or found
    assert refusal is not None
    lines = [f"# the turn cannot end as it stands: no discard is allowed ({refusal.code.value}: "
             f"{refusal.message()})"]  # fmt: skip
    if refusal.code is Code.OPENING_SHORT:
        minimum = state.opening_minimum(state.side)
        lines.append(
            f"# needed: {minimum - state.opening_points:,} more points of melds this turn "
            f"(the opening needs {minimum:,}, the melds make {state.opening_points:,}), or "
            'the opening\'s melds played as one plan: --play "meld ... + meld ..."'
        )
    elif state.waiting:
        lines.append("# needed: melds that open, so the cards taken with the pile join the hand")
    return lines


def score_lines(state: HandState) -> list[str]:
    """The ended hand's score item by item for both sides, and the game totals before and
    after it, as ``#`` lines (points)."""
    rules, score = state.rules, state.score()
    if state.end_reason is EndReason.WENT_OUT:
        how = " concealed" if state.concealed else ""
        why = f"seat {state.went_out} (side {state.went_out % 2}) went out{how}"
    elif state.end_reason is EndReason.MOVE_LIMIT:
        why = f"the hand reached {rules.max_moves_per_hand:,} moves"
    else:
        why = "the stock ran out"
    a, b = score.sides
    before = state.side_scores
    after = (before[0] + a.total, before[1] + b.total)
    rows = [
        ("melded cards", str(a.melded), str(b.melded)),
        ("natural canastas", *(_times(s.natural_canastas, rules.natural_canasta_bonus)
                               for s in (a, b))),
        ("mixed canastas", *(_times(s.mixed_canastas, rules.mixed_canasta_bonus) for s in (a, b))),
        ("red threes", f"{a.red_three_points} ({a.red_threes})",
         f"{b.red_three_points} ({b.red_threes})"),
        ("going out", str(a.going_out), str(b.going_out)),
        ("cards left in hand", str(a.in_hand), str(b.in_hand)),
        ("hand total", f"{a.total:,}", f"{b.total:,}"),
        ("game before the hand", f"{before[0]:,}", f"{before[1]:,}"),
        ("game total", f"{after[0]:,}", f"{after[1]:,}"),
    ]  # fmt: skip
    lines = [f"# the hand is over: {why}", f"# {'score':<22}{'side 0':>14}{'side 1':>14}"]
    lines += [f"# {label:<22}{left:>14}{right:>14}" for label, left, right in rows]
    lines.append(f"# {_game_state(state, after)}")
    return lines


def _times(count: int, bonus: int) -> str:
    """A canasta row's cell: its points and, in brackets, how many canastas."""
    return f"{count * bonus} ({count})"


def _game_state(state: HandState, totals: tuple[int, int]) -> str:
    """Whether the game is over after this hand, and who won (as the game decides it)."""
    rules = state.rules
    level = totals[0] == totals[1]
    if level and rules.tie_plays_another_hand:
        return "the game is level, so another hand is played"
    if not rules.quick_game and max(totals) < rules.target_score:
        return f"the game goes on: no side has {rules.target_score:,} points"
    if level:
        return "the game is over and shared: both sides have the same total"
    winner = 0 if totals[0] > totals[1] else 1
    reached = "one hand played" if rules.quick_game else f"{rules.target_score:,} reached"
    return f"the game is over ({reached}): side {winner} wins"
