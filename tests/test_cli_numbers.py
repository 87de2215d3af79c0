"""Numeric command-line options: a value out of range is an argparse error (exit 2, the
option and the range named) before anything opens or is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.cli import SEED_LIMIT, main
from canasta.net.serve import parser as serve_parser


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run ``canasta ARGV`` in-process; assert it stops with status 2; return stderr."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seed", "-1"], "argument --seed: a seed is from 0 to 2,147,483,647, not -1"),
        (["--seed", str(SEED_LIMIT)], "a seed is from 0 to 2,147,483,647, not 2147483648"),
        (["--seed", "1.5"], "argument --seed: a seed is a whole number, not '1.5'"),
        (["--deal", "-3"], "argument --deal: a deal number is 0 or more"),
        (
            ["--quit-after", "0"],
            "argument --quit-after: the number of seconds must be a number above 0",
        ),
        (["--quit-after", "inf"], "the number of seconds must be a number above 0"),
        (
            ["--size", "320x320"],
            "argument --size: size 320x320 is too small: the table needs a window of at "
            "least 480x340",
        ),
        (["--size", "479x800"], "size 479x800 is too small"),
        (["--size", "800x339"], "size 800x339 is too small"),
        (["--size=-800x600"], "size -800x600 is too small"),
        (["--size", "7681x800"], "argument --size: size 7681x800 is larger than 7680x4320"),
        (["--players", "0"], "argument --players: invalid choice: 0"),
        (["replay", "x.json", "--size", "0x0"], "size 0x0 is too small"),
        (["replay", "x.json", "--quit-after", "-2"], "a number above 0"),
        (["position", "x.json", "--size", "900x99999"], "size 900x99999 is larger"),
        (["serve", "--port", "-1"], "argument --port: a port is from 0 to 65535, not -1"),
        (["serve", "--port", "70000"], "a port is from 0 to 65535, not 70000"),
        (["serve", "--grace", "-5"], "argument --grace: seconds must be above 0"),
        (["serve", "--close-after", "nan"], "argument --close-after: seconds must be above 0"),
        (["serve", "--rate", "0"], "argument --rate: messages a second must be above 0"),
        (["serve", "--rate", "fast"], "expected messages a second, not 'fast'"),
    ],
)
def test_a_number_out_of_range_is_refused_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], canasta_home: Path, argv: list[str], words: str
) -> None:
    err = refusal(capsys, argv)
    assert words in err
    assert "usage: canasta" in err
    assert not canasta_home.exists()  # no settings, stats or saved game touched


def test_a_saved_game_is_kept_after_a_refused_seed(
    capsys: pytest.CaptureFixture[str], canasta_home: Path
) -> None:
    saved = canasta_home / "data" / "saved-game.json"
    saved.parent.mkdir(parents=True)
    saved.write_text('{"kept": true}', encoding="utf-8")
    refusal(capsys, ["--seed", "-1"])
    assert saved.read_text(encoding="utf-8") == '{"kept": true}'
    assert [p.name for p in canasta_home.rglob("*")] == ["data", "saved-game.json"]


@pytest.mark.parametrize(
    ("text", "seed"), [("0", 0), ("42", 42), (str(SEED_LIMIT - 1), SEED_LIMIT - 1)]
)
def test_seeds_in_range_are_taken(text: str, seed: int) -> None:
    from canasta.cli import game_parser

    assert game_parser().parse_args(["--seed", text]).seed == seed


def test_serve_takes_port_0_and_65535_and_a_rate() -> None:
    args = serve_parser().parse_args(["--port", "65535", "--rate", "2.5", "--grace", "0.5"])
    assert (args.port, args.rate, args.grace) == (65535, 2.5, 0.5)
    assert serve_parser().parse_args(["--port", "0"]).port == 0
