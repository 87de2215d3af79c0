"""How to play is written for the rules in use: for every preset the pages
state its own draw, wild-card cap, pile take, black threes, concealed bonus and empty-stock
rule, as docs/rules.md#presets has them, in English and German."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.app import App
from canasta.engine.rules import PRESETS
from canasta.scenes.howto import HowToPlayScene
from canasta.scenes.howto_rules import rules_pages
from canasta.scenes.rule_options import FIXED_RULES

#: Per preset (docs/rules.md#presets): cards drawn, the going-out sentence with the
#: concealed bonus, the empty-stock sentence, the wild cap.
EXPECTED = {
    "Classic": ("Start by drawing the top card of the stock",
                "Going out earns 100 points, or 200 when you meld your whole hand",
                "When the stock runs out, play goes on while each player in turn can take",
                "A meld holds at most 3 wild cards."),
    "Book rules": ("Start by drawing the top card of the stock",
                   "Going out earns 100 points, or 200 when you meld your whole hand",
                   "When the stock runs out, take the pile, or click the empty stock to end "
                   "the hand. A top card that fits your side's meld must be taken.",
                   "A meld holds at most 3 wild cards."),
    "Two-handed": ("Start by drawing the top two cards of the stock",
                   "Going out earns 100 points, or 200 when you meld your whole hand",
                   "When the stock runs out, the hand ends and is scored as it stands.",
                   "A meld holds at most 3 wild cards."),
    "Draw-two partnership": ("Start by drawing the top two cards of the stock",
                             "Going out earns 100 points; going out concealed earns nothing "
                             "more at this table.",
                             "When the stock runs out, the hand ends and is scored as it stands.",
                             "This table sets no other limit on wild cards in a meld."),
    "Play-off on ties": ("Start by drawing the top card of the stock",
                         "Going out earns 100 points, or 200 when you meld your whole hand",
                         "When the stock runs out, take the pile, or click the empty stock to "
                         "end the hand.",
                         "A meld holds at most 3 wild cards."),
}  # fmt: skip


def words(name: str) -> tuple[str, dict[str, tuple[tuple[str, str], ...]]]:
    pages = rules_pages(PRESETS[name], name)
    return "\n".join(p.text for p in pages), {p.title: p.table for p in pages}


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_s_pages_state_its_own_rules(name: str) -> None:
    text, tables = words(name)
    draw, going_out, empty_stock, cap = EXPECTED[name]
    for sentence in (draw, going_out, empty_stock, cap, f"Rules: {name}"):
        assert sentence in text
    scoring = dict(tables["Scoring"])
    assert scoring["Going out concealed"] == str(PRESETS[name].concealed_bonus)
    assert scoring["Going out concealed"] == ("100" if name == "Draw-two partnership" else "200")
    forced = "must be taken" in text
    assert forced == (name == "Book rules")
    two_canastas = "may go out once it has 2 canastas." in text
    assert two_canastas == (name == "Two-handed")
    assert ("natural card and a wild card from your hand also take it" in text) == (
        name in ("Classic", "Book rules", "Play-off on ties")
    )
    assert ("Wild cards may not be discarded at this table." in text) == (
        name == "Draw-two partnership"
    )
    assert ("only as your very last play" in text) == (name == "Draw-two partnership")
    assert ("goes on for another hand" in text) == (name == "Play-off on ties")
    assert ('"may I go out?"' in text) == (name == "Book rules")


def test_the_draw_two_partnership_red_three_penalty_and_opening_table() -> None:
    text, tables = words("Draw-two partnership")
    assert "loses them instead: 100 each, 400 for all four." in text
    assert dict(tables["Scoring"])["Red three, side with no meld"] == (
        "minus 100 each (all four: minus 400)"
    )
    assert tables["Card values and the opening minimum"] == (
        ("Side's total below 0", "15"), ("0 to 1,495", "50"), ("1,500 to 2,995", "90"),
        ("3,000 and more", "120"))  # fmt: skip


def test_the_pages_speak_german_with_german_numbers() -> None:
    try:
        i18n.set_language("de")
        pages = rules_pages(PRESETS["Draw-two partnership"], "Partnerschaft")
        text = "\n".join(p.text for p in pages)
        assert "Ziehe zu Beginn die beiden obersten Karten vom Talon" in text
        assert "Wenn der Talon aufgebraucht ist, endet die Runde" in text
        assert "Ausgehen bringt 100 Punkte; Ausgehen aus der Hand bringt" in text
        table = dict(next(p.table for p in pages if p.title == "Card values and the "
                          "opening minimum"))  # fmt: skip
        assert table["1.500 bis 2.995"] == "90"
    finally:
        i18n.set_language("en")


def test_the_app_opens_how_to_play_for_the_settings_rules() -> None:
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.session.update_settings(**app.session.settings.preset_changes("Two-handed"))
    app.how_to_play()
    scene = app.manager.top
    assert isinstance(scene, HowToPlayScene)
    text = "\n".join(p.text for p in scene.pages)
    assert "Rules: Two-handed\n" in text
    assert "Start by drawing the top two cards of the stock" in text
    assert "When the stock runs out, the hand ends and is scored as it stands." in text
    app.session.update_settings(rule_overrides={"empty_stock": "play_on"})
    app.how_to_play()
    text = "\n".join(p.text for p in app.manager.top.pages)  # type: ignore[attr-defined]
    assert "Rules: Two-handed (changed)\n" in text
    assert "When the stock runs out, play goes on" in text


@pytest.mark.parametrize(
    ("name", "words"),
    [("Classic", ("At most 3", "200 points", "minus 800")),
     ("Draw-two partnership", ("No cap", "100 points", "minus 400"))],
)  # fmt: skip
def test_rule_options_show_the_rules_the_preset_fixes_read_only(
    name: str, words: tuple[str, str, str]
) -> None:
    """The wild-card cap, the concealed bonus and the red threes' penalty have rows on the
    Rule options screen, greyed with the reason, and cannot be changed there."""
    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.session.update_settings(**app.session.settings.preset_changes(name))
    app.rule_options()
    scene = app.manager.top
    rows = {o.field: o for o in scene.options}  # type: ignore[attr-defined]
    for field, word in zip(FIXED_RULES, words, strict=True):
        assert [w for _v, w in rows[field].choices] == [word]
        assert scene.reason(rows[field]) == "fixed by the rules preset"  # type: ignore[attr-defined]
        assert not scene.choose(field, None)  # type: ignore[attr-defined]
    assert app.session.settings.rule_set() == PRESETS[name].with_options(
        players=app.session.settings.players
    )


def test_every_page_title_is_drawn_at_one_size_that_fits_four_fifths_of_the_width() -> None:
    """Page 11's long title ran edge to edge and looked far larger
    than page 10's "Playing online". Every title now has one size, set by the widest."""
    import pygame

    from canasta import i18n
    from canasta.scenes.howto import HowToPlayScene
    from canasta.ui.text import get_font, report_text

    pygame.display.set_mode((1280, 800))
    scene = HowToPlayScene(lambda: None)
    scene.resize((1280, 800))
    size = scene.title_size()
    titles = [i18n._(p.title) for p in scene.pages]
    assert titles[-1] == "Online: the clock and dropped connections"
    widths = [get_font(size, True).size(t)[0] for t in titles]
    assert max(widths) == widths[-1] <= 1280 * 0.8  # the widest sets it, within 4/5
    assert get_font(size + 1, True).size(titles[-1])[0] > 1280 * 0.8
    drawn = {}
    surface = pygame.Surface((1280, 800))
    for index in (len(titles) - 2, len(titles) - 1):  # pages 10 and 11
        scene.page = index
        with report_text() as report:
            scene.draw(surface)
        drawn[index] = next(r for text, r, *_r in report.drawn if text == titles[index])
    ten, eleven = drawn[len(titles) - 2], drawn[len(titles) - 1]
    assert ten.height == eleven.height  # one font size
    assert ten.centerx == eleven.centerx == 640 and eleven.width == widths[-1] <= 1024
