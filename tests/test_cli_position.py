"""The command line: ``canasta position FILE [--play MOVE]`` and argument errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

DRAW_POSITION: dict[str, Any] = {
    "rules": {"players": 2},
    "hands": [["7H", "7D", "KC", "5C", "9D", "2C", "QH"], ["4D", "6C", "8H", "TC", "AC"]],
    "pile": ["4C", "7S"],
    "melds": [{"K": ["KS", "KH", "KD"]}, {}],
    "turn": 0,
    "phase": "draw",
}
PLAY_POSITION = {**DRAW_POSITION, "phase": "play"}


def canasta(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "canasta", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


@pytest.fixture
def draw_file(tmp_path: Path) -> Path:
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(DRAW_POSITION), encoding="utf-8")
    return path


@pytest.fixture
def play_file(tmp_path: Path) -> Path:
    path = tmp_path / "play.json"
    path.write_text(json.dumps(PLAY_POSITION), encoding="utf-8")
    return path


def test_lists_the_legal_moves_of_a_draw(draw_file: Path) -> None:
    result = canasta("position", str(draw_file))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "# seat 0 to move, phase draw"
    # Side 0 has opened and the pile is not frozen: a natural pair or a natural and a wild.
    assert lines[1:] == ["draw", "take 7H 7D", "take 7H 2C"]
    assert result.stderr == ""


def test_lists_the_legal_moves_of_a_play(play_file: Path) -> None:
    result = canasta("position", str(play_file))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "# seat 0 to move, phase play"
    moves = lines[1:]
    assert "draw" not in moves
    assert {"layoff K KC", "layoff K 2C", "meld 7H 7D 2C", "discard 5C"} <= set(moves)
    assert all(m.split()[0] in {"meld", "layoff", "discard"} for m in moves)
    assert len(moves) == len(set(moves))


def test_play_draw_prints_the_position_after_it(draw_file: Path) -> None:
    result = canasta("position", str(draw_file), "--play", "draw")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["schema_version"] == 1
    assert data["phase"] == "play" and data["turn"] == 0
    assert len(data["hands"][0]) == len(DRAW_POSITION["hands"][0]) + 1
    assert data["hands"][1] == DRAW_POSITION["hands"][1]
    assert data["pile"] == DRAW_POSITION["pile"]


def test_play_take_moves_the_pile_into_the_hand(draw_file: Path) -> None:
    result = canasta("position", str(draw_file), "--play", "take 7H 7D")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["pile"] == []
    assert sorted(data["melds"][0]["7"]) == ["7D", "7H", "7S"]
    assert "4C" in data["hands"][0] and "4C" in data["known"][0]


def test_printed_position_can_be_loaded_again(draw_file: Path, tmp_path: Path) -> None:
    first = canasta("position", str(draw_file), "--play", "draw")
    after = tmp_path / "after.json"
    after.write_text(first.stdout, encoding="utf-8")
    second = canasta("position", str(after), "--play", "meld 7H 7D 2C")
    assert second.returncode == 0, second.stdout
    assert sorted(json.loads(second.stdout)["melds"][0]["7"]) == ["2C", "7D", "7H"]


@pytest.mark.parametrize(
    ("move", "code", "message"),
    [
        ("meld 7H 7D", "meld_too_small", "A meld needs at least 3 cards; you chose 2."),
        ("meld 7H 7D 5C", "meld_mixed_ranks", "A meld holds one rank only (plus wild cards)."),
        ("layoff Q QH", "no_such_meld", "Your side has no meld of Queens."),
        ("discard 5C 9D", "discard_one", "Discard exactly one card."),
        ("draw", "wrong_phase", "you have drawn"),
    ],
)
def test_refused_move(play_file: Path, move: str, code: str, message: str) -> None:
    result = canasta("position", str(play_file), "--play", move)
    assert result.returncode == 1
    assert result.stdout.startswith(f"refused ({code}): ")
    assert message in result.stdout
    assert result.stdout.count("\n") == 1


@pytest.mark.parametrize(
    ("move", "words"),
    [("meld AS AH AD", "AS is not in seat 0's hand"), ("fold", "unknown move 'fold'")],
)
def test_move_that_does_not_parse(play_file: Path, move: str, words: str) -> None:
    result = canasta("position", str(play_file), "--play", move)
    assert result.returncode == 1
    assert result.stdout.startswith("refused (bad_move): ") and words in result.stdout


def test_a_move_naming_more_cards_than_held_counts_them(tmp_path: Path) -> None:
    """The move "meld 2S 2S 2S" once answered "2S is not in seat 2's hand" when the seat
    held one 2S. Seats are numbered from 0, as the file's ``turn`` and ``hands`` number
    them and as the listing says ("# seat 2 to move")."""
    path = tmp_path / "four.json"
    hands = [["QD"], ["AD"], ["2S", "JC", "5H", "QS", "JS", "KH"], ["7D"]]
    path.write_text(json.dumps({"rules": {"players": 4}, "turn": 2, "phase": "play",
                                "hands": hands, "pile": ["8S"]}))  # fmt: skip
    listing = canasta("position", str(path))
    assert listing.stdout.startswith("# seat 2 to move, phase play\n")
    result = canasta("position", str(path), "--play", "meld 2S 2S 2S")
    assert result.returncode == 1
    assert result.stdout == (
        "refused (bad_move): seat 2's hand holds only one 2S; the move names three\n"
    )


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "is not JSON"),
        (json.dumps({"pile": []}), "hands: Field required"),
        (json.dumps({"hands": [["AS", "AS", "AS"], []]}), "too many AS cards"),
        (json.dumps({"hands": [[], []], "schema_version": 99}), "schema_version 99 is newer"),
    ],
)
def test_bad_file_exits_2_with_the_reason(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    for extra in ([], ["--play", "draw"]):
        result = canasta("position", str(path), *extra)
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr.startswith("canasta: ") and words in result.stderr


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = canasta("position", str(tmp_path / "absent.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_position_without_a_file_is_a_usage_error() -> None:
    result = canasta("position")
    assert result.returncode == 2
    assert "usage: canasta position" in result.stderr and "file" in result.stderr


def test_bad_seed_is_an_argparse_error() -> None:
    result = canasta("--seed", "notanumber", timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "usage: canasta" in result.stderr
    assert "argument --seed: a seed is a whole number, not 'notanumber'" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--seed", "notanumber"],
        ["--players", "3"],
        ["--size", "big"],
        ["--quit-after", "-1"],
        ["--seed", "1", "--deal", "5"],  # both name the first deal
    ],
)
def test_bad_arguments_open_no_window(argv: list[str]) -> None:
    """The arguments are refused before the screen code (and pygame) is even imported."""
    code = (
        "import sys\n"
        "from canasta.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit as stop:\n"
        "    print(stop.code, 'pygame' in sys.modules, 'canasta.app' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30
    )
    assert result.stdout.split() == ["2", "False", "False"], result.stderr
    assert "usage: canasta" in result.stderr


def test_seed_and_deal_together_are_refused() -> None:
    result = canasta("--seed", "1", "--deal", "5", timeout=30)
    assert result.returncode == 2
    assert "argument --deal: not allowed with argument --seed" in result.stderr


def test_a_position_with_no_legal_move_says_why(tmp_path: Path) -> None:
    """Stock empty, pile not takeable: the hand ends; the listing says so."""
    deck = [f"{r}{s}" for _ in range(2) for r in "A23456789TJQK" for s in "CDHS"] + ["JK"] * 4
    mine, pile = ["5C", "6D"], ["KH"]
    red = [c for c in deck if c in ("3D", "3H")]
    rest = list(deck)
    for code in mine + pile + red:
        rest.remove(code)
    dead = {"hands": [mine, rest], "pile": pile, "red_threes": [red, []], "phase": "draw",
            "turn": 0, "stock": []}  # fmt: skip
    path = tmp_path / "dead.json"
    path.write_text(json.dumps(dead), encoding="utf-8")
    result = canasta("position", str(path))
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "# seat 0 to move, phase draw",
        "# no legal move: the stock is empty and the pile cannot be taken, so the hand ends here",
    ]


def test_quit_after_must_be_a_finite_number() -> None:
    result = canasta("--quit-after", "nan")
    assert result.returncode == 2
    assert "a number above 0" in result.stderr


def test_several_moves_play_in_order(draw_file: Path) -> None:
    result = canasta("position", str(draw_file), "--play", "draw", "--play", "discard 5C")
    assert result.returncode == 0, result.stdout
    data = json.loads(result.stdout)
    assert data["turn"] == 1 and data["phase"] == "draw"
    assert data["pile"][-1] == "5C"


def test_several_moves_stop_at_the_first_refusal(draw_file: Path) -> None:
    result = canasta(
        "position", str(draw_file), "--play", "draw", "--play", "meld 7H 7D", "--play", "draw"
    )
    assert result.returncode == 1
    first, note, *rest = result.stdout.splitlines()
    assert first == (
        "refused move 2 ('meld 7H 7D') (meld_too_small): "
        "A meld needs at least 3 cards; you chose 2."
    )
    assert note == "# the position after the 1 move(s) played:"
    after = json.loads("\n".join(rest))
    assert after["phase"] == "play" and after["turn"] == 0


def test_window_opens_the_position_and_closes(draw_file: Path) -> None:
    result = canasta("position", str(draw_file), "--window", "--quit-after", "0.5")
    assert result.returncode == 0, result.stderr


def test_window_and_play_do_not_go_together(draw_file: Path) -> None:
    result = canasta("position", str(draw_file), "--window", "--play", "draw")
    assert result.returncode == 2
    assert "--window and --play do not go together" in result.stderr


def test_window_refuses_a_hand_that_is_over(tmp_path: Path) -> None:
    import random

    from canasta.engine import CLASSIC, HandState
    from canasta.persistence.positions import position_to_json

    hand = HandState.deal(CLASSIC.with_options(players=2), 5, 0, (0, 0))
    rng = random.Random(5)
    while not hand.ended:
        hand.play(rng.choice(hand.legal_moves()))
    path = tmp_path / "over.json"
    path.write_text(position_to_json(hand), encoding="utf-8")
    result = canasta("position", str(path), "--window", "--quit-after", "0.5")
    assert result.returncode == 2
    assert "the hand in this position is over" in result.stderr


def test_a_deal_number_the_table_never_deals_is_refused() -> None:
    """--deal 99999999999999999999999999 was accepted and ran out of the score
    panel; the table deals numbers below 1,000,000,000 only."""
    result = canasta("--deal", "99999999999999999999999999", timeout=30)
    assert result.returncode == 2
    assert "a deal number is below 1,000,000,000 (the numbers the table shows)" in result.stderr
    assert canasta("--deal", "1000000000", timeout=30).returncode == 2
