"""Words a new player stumbled on (the new-player test, items 12 and 14): which threes are
red whatever the suit colours, the red threes' penalty, "hand" (not "round") on the Keys
page, and the partner's plate naming the compass point the demo uses."""

from __future__ import annotations

from canasta.engine.rules import CLASSIC
from canasta.scenes.howto_rules import rules_pages
from canasta.scenes.table.furniture import seat_name, seat_plate
from canasta.scenes.table.keys import key_help


def page(title: str):
    return next(p for p in rules_pages(CLASSIC, "Classic") if p.title == title)


def test_the_threes_page_says_which_threes_are_red_in_any_suit_colours() -> None:
    text = page("Threes").text
    assert "The red threes are 3\u2665 and 3\u2666, the black threes 3\u2663 and 3\u2660" in text
    assert "four-colour suits" in text and "Suit colours" in text


def test_the_scoring_page_shows_the_red_threes_against_a_side_with_no_meld() -> None:
    rows = dict(page("Scoring").table)
    assert rows["Red three"] == "100 each (all four: 800)"
    assert rows["Red three, side with no meld"] == "minus 100 each (all four: minus 800)"


def test_the_keys_speak_of_the_hand_not_the_round() -> None:
    lines = [f"{k}: {what}" for k, what in key_help()]
    assert "F: finish the hand: go out with your plan, or let the game find a way" in lines
    assert not any("round" in line for line in lines)


def test_the_keys_and_prompts_use_no_programmers_words() -> None:
    """A new player reads "mark the next card", not "focus ring"; "let the game find a
    way", not "a search"; "you must take the pile", not "(forced take)"."""
    from canasta.engine.moves import MoveType
    from canasta.scenes.table.furniture import _empty_stock_prompt

    lines = [f"{k}: {what}" for k, what in key_help()]
    assert "Left: mark the next card to the left in your hand" in lines
    assert "Space: lift or lower the marked card" in lines
    jargon = ("focus", "search", "forced take")
    assert [line for line in lines if any(word in line for word in jargon)] == []
    prompt = _empty_stock_prompt({MoveType.TAKE})
    assert prompt == (
        "The stock is empty and the top card goes on one of your melds: you must take the pile."
    )


def test_the_partners_plate_names_its_compass_point() -> None:
    assert [seat_plate(s, 0, 4) for s in range(4)] == ["You", "West", "Partner (North)", "East"]
    assert [seat_name(s, 0, 4, watching=True) for s in range(4)] == [
        "South", "West", "North", "East"]  # fmt: skip
    assert seat_plate(2, 0, 4) != seat_name(2, 0, 4) == "Partner"  # messages stay short
