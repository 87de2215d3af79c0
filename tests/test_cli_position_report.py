"""``canasta position`` for someone reporting a bug: the score of an ended hand, plans of
several melds, presets, the number of players from the hands, and a turn that cannot end.

The example files are in ``tests/data/positions`` (``docs/bug-reports.md`` shows them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.cli import main
from canasta.engine.cards import CARD_CODE, KIND_RANK
from canasta.persistence.positions import PositionError, load_position, position_from_data

POSITIONS = Path(__file__).parent / "data" / "positions"
OPENING = POSITIONS / "opening-two-melds.json"
GOING_OUT = POSITIONS / "going-out-score.json"
PARTNERSHIP = POSITIONS / "draw-two-partnership.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["position", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def notes_and_json(out: str) -> tuple[list[str], dict[str, object]]:
    """The ``#`` note lines printed before the position, and the position itself."""
    lines = out.splitlines()
    notes = [line for line in lines if line.startswith("#")]
    return notes, json.loads("\n".join(line for line in lines if not line.startswith("#")))


# The score of an ended hand -------------------------------------------------------------------

SCORE = [
    "# the hand is over: seat 0 (side 0) went out",
    "# score                         side 0        side 1",
    "# melded cards                     150            30",
    "# natural canastas               0 (0)         0 (0)",
    "# mixed canastas               300 (1)         0 (0)",
    "# red threes                   100 (1)         0 (0)",
    "# going out                        100             0",
    "# cards left in hand                 0           -70",
    "# hand total                       650           -40",
    "# game before the hand           4,700         3,900",
    "# game total                     5,350         3,860",
    "# the game is over (5,000 reached): side 0 wins",
]


def test_a_play_that_ends_the_hand_prints_its_score_and_the_game(capsys) -> None:
    status, out, _ = run(capsys, GOING_OUT, "--play", "layoff K KH", "--play", "discard 5C")
    assert status == 0
    notes, data = notes_and_json(out)
    # Kings 7 x 10 and the 2 (20), Aces 3 x 20; Queens 30; the joker and three small cards
    # left in side 1's hand cost it 50 + 5 + 5 + 10.
    assert notes == SCORE
    assert data["phase"] == "ended" and data["side_scores"] == [4700, 3900]


def test_listing_an_ended_position_prints_the_score(capsys, tmp_path: Path) -> None:
    _, ended, _ = run(capsys, GOING_OUT, "--play", "layoff K KH + discard 5C")
    saved = tmp_path / "ended.json"
    saved.write_text(ended, encoding="utf-8")  # notes and all: the loader skips them
    status, out, _ = run(capsys, saved)
    assert status == 0
    assert out.splitlines() == [
        "# seat 0 to move, phase ended",
        "# no legal move: the hand is over",
        *SCORE,
    ]


def test_a_game_that_goes_on_says_so(capsys, tmp_path: Path) -> None:
    data = json.loads(GOING_OUT.read_text(encoding="utf-8"))
    data["side_scores"] = [1000, -200]
    path = tmp_path / "early.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run(capsys, path, "--play", "layoff K KH + discard 5C")
    notes, _ = notes_and_json(out)
    assert notes[-3:] == [
        "# game before the hand           1,000          -200",
        "# game total                     1,650          -240",
        "# the game goes on: no side has 5,000 points",
    ]


# Plans ----------------------------------------------------------------------------------------


def test_an_opening_of_two_melds_is_played_as_one_plan(capsys) -> None:
    """15 + 60 points open together; the first meld alone is under the minimum of 50."""
    status, out, _ = run(capsys, OPENING, "--play", "meld 7H 7D 7C + meld AS AH AD")
    assert status == 0
    notes, data = notes_and_json(out)
    assert notes == []
    assert data["opened"] == [True, False]
    assert data["melds"][0] == {"7": ["7H", "7D", "7C"], "A": ["AS", "AH", "AD"]}
    assert data["hands"][0] == ["KS", "KD", "KC", "5C", "9D"]


def test_a_plan_short_of_the_minimum_is_refused_whole(capsys) -> None:
    status, out, _ = run(capsys, OPENING, "--play", "meld 7H 7D 7C + meld KS KD KC")
    assert status == 1
    assert out == "refused (opening_short): Your melds make 45 of the 50 you need to open.\n"


def test_a_plan_names_the_move_the_rules_refuse(capsys) -> None:
    status, out, _ = run(capsys, OPENING, "--play", "meld AS AH AD + meld 7H 7D 5C")
    assert status == 1
    assert out.startswith("refused move 2 of the plan ('meld 7H 7D 5C') (meld_mixed_ranks): ")


@pytest.mark.parametrize(
    ("plan", "words"),
    [
        ("meld 7H 7D 7C + meld 7H KS KD", "move 2 ('meld 7H KS KD') of the plan: it names a "
         "card of seat 0's hand that an earlier move of the plan already takes"),
        ("meld AS AH AD +", "move 2 ('') of the plan is empty: a plan is moves joined by '+'"),
        ("plan", "move 1 ('') of the plan is empty: a plan is moves joined by '+'"),
    ],
)  # fmt: skip
def test_a_plan_that_does_not_parse(capsys, plan: str, words: str) -> None:
    status, out, _ = run(capsys, OPENING, "--play", plan)
    assert status == 1
    assert out == f"refused (bad_move): {words}\n"


def test_plan_word_makes_a_plan_of_one_move(capsys) -> None:
    """ "plan meld 7H 7D 7C" is checked as a plan: alone it does not open."""
    status, out, _ = run(capsys, OPENING, "--play", "plan meld 7H 7D 7C")
    assert (status, out) == (1, "refused (opening_short): Your melds make 15 of the 50 you "
                                "need to open.\n")  # fmt: skip
    assert run(capsys, OPENING, "--play", "plan meld AS AH AD")[0] == 0


def test_two_moves_of_a_plan_naming_one_code_take_two_cards() -> None:
    data = json.loads(OPENING.read_text(encoding="utf-8"))
    data["hands"][0] += ["7H"]
    state = position_from_data(data)
    moves = state.parse_plan("meld AS AH AD + meld 7H 7D 7C + layoff 7 7H")
    assert len({card for move in moves for card in move.cards}) == 7
    state.play_all(moves)
    assert sorted(CARD_CODE[c] for c in state.melds[0][KIND_RANK.index("7")]) == [
        "7C",
        "7D",
        "7H",
        "7H",
    ]


# A turn that cannot end -----------------------------------------------------------------------


def test_a_first_meld_under_the_minimum_says_the_turn_cannot_end(capsys) -> None:
    status, out, _ = run(capsys, OPENING, "--play", "meld 7H 7D 7C")
    assert status == 3
    notes, data = notes_and_json(out)
    assert notes == [
        "# the turn cannot end as it stands: no discard is allowed (opening_short: Your "
        "melds make 15 of the 50 you need to open.)",
        "# needed: 35 more points of melds this turn (the opening needs 50, the melds make "
        '15), or the opening\'s melds played as one plan: --play "meld ... + meld ..."',
    ]
    assert data["opening_points"] == 15 and data["turn_melded"] is True


def test_listing_a_turn_that_cannot_end_says_so(capsys, tmp_path: Path) -> None:
    _, printed, _ = run(capsys, OPENING, "--play", "meld 7H 7D 7C")
    path = tmp_path / "short.json"
    path.write_text(printed, encoding="utf-8")
    status, out, _ = run(capsys, path)
    assert status == 3
    lines = out.splitlines()
    assert lines[0] == "# seat 0 to move, phase play"
    assert lines[1].startswith("# the turn cannot end as it stands: ")
    assert lines[3:] == ["meld KS KD KC", "meld AS AH AD"]


def test_a_turn_that_can_end_exits_0(capsys) -> None:
    assert run(capsys, OPENING, "--play", "meld AS AH AD")[0] == 0
    assert run(capsys, OPENING)[0] == 0


# Presets and the number of players ------------------------------------------------------------


def test_a_position_file_can_name_a_preset(capsys) -> None:
    state = load_position(PARTNERSHIP)
    assert state.players == 4
    assert state.rules.stock_draw_count == 2 and state.rules.black_threes_last
    status, out, _ = run(capsys, PARTNERSHIP, "--play", "draw")
    _, data = notes_and_json(out)
    assert status == 0 and len(data["hands"][0]) == 4 + 2  # the preset draws two


def test_options_given_override_the_preset(tmp_path: Path) -> None:
    data = json.loads(PARTNERSHIP.read_text(encoding="utf-8"))
    data["preset"] = "draw-two-partnership"  # case, spaces and hyphens aside
    data["rules"] = {"draw_two_4p": False, "target_score": 3000}
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    rules = load_position(path).rules
    assert (rules.stock_draw_count, rules.target_score, rules.wild_discard_allowed) == (
        1,
        3000,
        False,
    )


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"preset": "Nope", "hands": [[], []]}, "preset: no preset named 'Nope' (there are: "
         "Classic, Book rules, Two-handed, Draw-two partnership, Play-off on ties)"),
        ({"preset": "Two-handed", "hands": [[], [], [], []]}, "the preset 'Two-handed' is a "
         "2-player table and the file gives 4 hands"),
    ],
)  # fmt: skip
def test_a_preset_that_does_not_fit_is_refused(tmp_path: Path, data, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PositionError, match="not a valid position: ") as caught:
        load_position(path)
    assert words in str(caught.value)


def test_four_hands_without_players_make_a_four_player_position(tmp_path: Path) -> None:
    path = tmp_path / "four.json"
    hands = [["7H", "7D"], ["4D"], ["QS", "QH"], ["9C"]]
    path.write_text(json.dumps({"hands": hands, "pile": ["4C"]}), encoding="utf-8")
    state = load_position(path)
    assert state.players == 4 and state.rules.cards_dealt == 11
    assert [len(hand) for hand in state.hands] == [2, 1, 2, 1]


def test_players_given_still_decide(tmp_path: Path) -> None:
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"rules": {"players": 2}, "hands": [[], [], [], []]}))
    with pytest.raises(PositionError, match="4 hands given for 2 players"):
        load_position(path)


# The documentation's examples ---------------------------------------------------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs" / "bug-reports.md"


@pytest.mark.parametrize(
    ("file", "play"),
    [(GOING_OUT, "layoff K KH + discard 5C"), (OPENING, "meld 7H 7D 7C")],
)
def test_the_bug_report_page_shows_what_the_command_prints(capsys, file: Path, play: str) -> None:
    page = DOCS.read_text(encoding="utf-8")
    command = f'$ canasta position {file.name} --play "{play}"\n'
    assert command in page
    shown = page.split(command, 1)[1].split("\n{\n", 1)[0].splitlines()
    _, out, _ = run(capsys, file, "--play", play)
    notes, _ = notes_and_json(out)
    assert shown == notes
