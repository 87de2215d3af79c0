"""What a new player needs of the lobby: people counted as people (a chair
a computer plays is open, not taken), a table with no host named as open, a chair whose
person left offered to anyone, the chair map's free chairs to move to, computer players
named by their place, and How to play online from every stage, for the rules in view."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from canasta import i18n
from canasta.engine.rules import BOOK_RULES, CLASSIC, DRAW_TWO_PARTNERSHIP, TWO_HANDED, RuleSet
from canasta.net.link import OnlineLink
from canasta.net.protocol import ChairInfo, Seated, TableInfo
from canasta.scenes.base import SceneManager
from canasta.scenes.lobby import LobbyScene
from canasta.ui.input import Click
from canasta.ui.text import render_text, report_text
from tests.net.test_link import StubClient
from tests.ui.test_lobby import FakeLink, chair, click, make, table


def drawn(scene: LobbyScene) -> list[str]:
    """Every text the scene draws at 1280x800."""
    with report_text() as report:
        scene.draw(pygame.Surface((1280, 800)))
    return [text for text, *_rest in report.drawn]


def test_a_started_table_counts_people_and_offers_the_chair_whose_person_left() -> None:
    left = SimpleNamespace(name="Ann", side=0, ready=True, away=True, computer=True, left=True,
                           open=True)  # fmt: skip
    bob = SimpleNamespace(name="Bob", side=1, ready=True, away=False, computer=False,
                          left=False, open=False)  # fmt: skip
    playing = table(2, c0=left, c1=bob)
    playing.status = "playing"
    empty = table(2)  # its host's chair is empty (a list from an older server)
    link = FakeLink(tables=[playing, empty])
    manager, scene, _, _, _ = make(link)
    texts = drawn(scene)
    assert (
        "Ann · Classic · 2 players · 1/2 people · computer: Medium · game to 5,000 · playing"
        in texts
    )
    assert (
        "Open table · Classic · 2 players · 0/2 people · computer: Medium · game to 5,000" in texts
    )
    offered = [(t.status, n) for _rect, t, n in scene.seats]
    assert offered == [("playing", 0), ("lobby", 0), ("lobby", 1)]  # Bob's chair is his
    assert "Sit 1" in texts and "Bob" in texts
    click(manager, scene.seats[0][0])
    assert link.asked() == [("join", "ab12", 0)]  # taken over from the computer


def test_the_chair_map_moves_a_person_to_a_free_chair_on_a_click() -> None:
    link = FakeLink(table=table(4, code="SP6BJ6", c0=chair("Ann", 0), c1=chair("Bob", 1)),
                    chair=1)  # fmt: skip
    manager, scene, _, _, _ = make(link)
    texts = drawn(scene)
    assert texts.count("free: click to sit here") == 2
    assert [c for _r, c in scene.free_chairs] == [2, 3]
    partner = next(rect for rect, c in scene.free_chairs if c == 3)
    click(manager, partner)  # chair 4: Bob's own side still, the other seat
    click(manager, next(rect for rect, c in scene.free_chairs if c == 2))
    assert link.asked() == [("move_to", 3), ("move_to", 2)]
    taken = pygame.Rect(scene.free_chairs[0][0])
    taken.y -= (taken.height + 8) * 2  # Ann's chair, two rows up: not a place to move to
    assert not manager.dispatch(Click(taken.center))
    assert link.asked() == [("move_to", 3), ("move_to", 2)]


def test_computer_players_at_four_are_named_by_their_place() -> None:
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client: StubClient = link.client  # type: ignore[assignment]
    client.connecting.set_result(None)
    chairs = [ChairInfo(name="Ann", side=0, computer=False), ChairInfo(side=1),
              ChairInfo(side=0), ChairInfo(side=1)]  # fmt: skip
    four = TableInfo(id="ab12", preset="Classic", players=4, public=True, level="medium",
                     status="lobby", host=0, chairs=chairs)  # fmt: skip
    client.inbox.append(Seated(table=four, chair=0, token="t" * 20))
    link.pump()
    names = [link.chair_name(c) for c in range(4)]
    assert names == ["Ann", "Computer (West)", "Computer (partner)", "Computer (East)"]
    link.table = four.model_copy(update={"players": 2, "chairs": chairs[:2]})
    assert link.chair_name(1) == "Computer"  # head to head there is only one


def test_how_to_play_online_opens_from_every_stage_for_the_rules_in_view() -> None:
    """The form and the lobby: the rules of a table created next (the options shown); the
    chair map: the table's own rules (its preset, players, one hand or a whole game)."""
    asked: list[tuple[str, str, RuleSet]] = []
    link = FakeLink()
    manager = SceneManager((1280, 800))

    def on_help(rules: RuleSet, name: str) -> None:
        asked.append((scene.stage, name, rules))

    scene = LobbyScene(lambda a, n: link, lambda: None, lambda s: None, name="Ann",
                       preset="Two-handed", on_help=on_help)  # fmt: skip
    manager.push(scene)
    assert scene.help_button in scene.buttons()
    assert "How to play online" in drawn(scene)
    click(manager, scene.help_button.rect)
    scene.connect()
    assert scene.stage == "lobby" and scene.help_button in scene.buttons()
    scene.new_table.next_preset()  # Two-handed -> Draw-two partnership
    scene.new_table.toggle_quick()
    click(manager, scene.help_button.rect)
    others = [b.rect for b in scene.buttons() if b is not scene.help_button]
    assert not any(scene.help_button.rect.colliderect(r) for r in others)
    link.table = table(4, code="QX7RTB", c0=chair("Ann", 0))
    link.table.preset = "Book rules"
    link.chair = 0
    manager.update(0.1)
    assert scene.stage == "table" and scene.help_button in scene.buttons()
    click(manager, scene.help_button.rect)
    link.table.preset, link.table.players, link.table.quick = "Classic", 2, True
    click(manager, scene.help_button.rect)
    assert asked == [
        ("form", "Two-handed", TWO_HANDED),
        ("lobby", "Draw-two partnership", DRAW_TWO_PARTNERSHIP.with_options(quick_game=True)),
        ("table", "Book rules", BOOK_RULES),
        ("table", "Classic", CLASSIC.with_options(quick_game=True)),
    ]
    assert BOOK_RULES.players == 4 and DRAW_TWO_PARTNERSHIP.players == 4
    link.table.preset = "Jungle"  # a newer server's preset: the options shown, so named
    assert scene.help_rules() == (DRAW_TWO_PARTNERSHIP.with_options(quick_game=True),
                                  "Draw-two partnership")  # fmt: skip


def test_the_app_opens_how_to_play_at_the_online_pages_and_back_to_the_lobby() -> None:
    from canasta.app import App
    from canasta.scenes.howto import HowToPlayScene
    from canasta.scenes.howto_pages import ONLINE_PAGE, PAGES

    pygame.display.set_mode((1280, 800))
    app = App((1280, 800))
    app.online.open()
    lobby = app.manager.top
    assert isinstance(lobby, LobbyScene)
    lobby.help_button.click()
    howto = app.manager.top
    assert isinstance(howto, HowToPlayScene) and howto.page == ONLINE_PAGE
    assert PAGES[ONLINE_PAGE].title == "Playing online"
    assert "Join code" not in PAGES[ONLINE_PAGE].text and "code" in PAGES[ONLINE_PAGE].text
    assert howto.pages[0].text.startswith("Rules: Classic\n")
    howto.back_button.click()
    assert app.manager.top is lobby
    lobby.new_table.next_preset()  # Book rules: partners ask "may I go out?"
    lobby.help_button.click()
    howto = app.manager.top
    assert isinstance(howto, HowToPlayScene) and howto.page == ONLINE_PAGE
    assert howto.pages[0].text.startswith("Rules: Book rules\n")
    going_out = next(page for page in howto.pages if page.title == "Going out")
    assert 'You may ask your partner "may I go out?" first' in going_out.text


def test_an_older_problem_goes_once_the_person_sits_somewhere() -> None:
    link = FakeLink()
    manager, scene, _, _, _ = make(link)
    link.problem = "There is no such table (it may have closed)."
    manager.update(0.1)
    assert scene.error == "There is no such table (it may have closed)."
    link.problem = None
    manager.update(0.1)
    assert scene.error != ""  # still there: nothing changed
    link.table, link.chair = table(4, c0=chair("Ann", 0), c1=chair("Bob", 1)), 1
    manager.update(0.1)  # joined (by code): the old line goes
    assert scene.error == ""


def test_a_side_seats_label_wraps_in_its_column_and_keeps_the_place() -> None:
    from canasta.scenes.table.seats import side_label
    from canasta.ui.text import get_font

    column = get_font(13).size("Computer (West)")[0] - 1  # too narrow for one line
    lines = side_label("Computer (West)", " \u00b7 7", column, 13, False)
    assert lines == ["Computer", "(West) \u00b7 7"]  # the place stays readable
    long = side_label("W" * 24, " \u00b7 11", column, 13, True)
    assert long[-1].endswith("11") and all(get_font(13, True).size(x)[0] <= column for x in long)
    assert any(x.endswith("\u2026") for x in long)  # cut, not run into the melds
    assert side_label("West", " \u00b7 5", column, 13, False) == ["West \u00b7 5"]


def test_the_new_table_options_are_kept_when_the_lobby_shows_again() -> None:
    choices: dict = {}
    link = FakeLink()
    first = LobbyScene(lambda a, n: link, lambda: None, lambda s: None, link=link,
                       choices=choices)  # fmt: skip
    first.new_table.toggle_private()
    first.new_table.next_clock()
    first.new_table.next_level()
    first.new_table.toggle_quick()
    first.new_table.next_preset()
    again = LobbyScene(
        lambda a, n: link, lambda: None, lambda s: None, link=link, choices=choices
    )  # back from a table: a new scene, the same choices
    kept = again.new_table
    assert (kept.private, kept.clock, kept.level, kept.quick, kept.preset) == (
        True, (30, 120), "hard", True, "Book rules")  # fmt: skip
    assert kept.clock_button.label == "Clock: 30 s + 120 s bank"
    assert kept.private_button.label == "Private: on"


def test_while_connecting_the_lobby_does_not_say_there_is_no_table() -> None:
    link = FakeLink(connected=False)
    manager, scene, _, _, _ = make(link)
    assert "No open table yet: create one, or join a friend's by code." not in drawn(scene)
    link.connected = True
    assert "No open table yet: create one, or join a friend's by code." in drawn(scene)


def test_past_the_server_s_limit_the_lobby_says_how_many_tables_it_leaves_out() -> None:
    link = FakeLink(tables=[table(2, c0=chair("Ann", 0))])
    manager, scene, _, _, _ = make(link)
    assert "Open tables" in drawn(scene)
    link.more = 1
    assert "Open tables · and 1 more table" in drawn(scene)
    link.more = 1234
    assert "Open tables · and 1,234 more tables" in drawn(scene)
    i18n.set_language("de")
    try:
        assert "Offene Tische · und 1.234 weitere Tische" in drawn(scene)
    finally:
        i18n.set_language("en")


def test_the_lobby_and_the_chair_map_say_one_hand_or_a_whole_game() -> None:
    """Neither said how long a table plays."""
    quick = table(4, c0=chair("Ann", 0))
    quick.quick = True
    whole = table(2, c0=chair("Bob", 0))
    whole.id = "cd34"
    link = FakeLink(tables=[quick, whole])
    _manager, scene, _, _, _ = make(link)
    texts = drawn(scene)
    # a one-hand table carries the tag (test_lobby_quick_tag), a whole game says its length
    assert "Classic · 4 players · 1/4 people · computer: Medium" in texts
    assert "One hand" in texts and "one hand" not in " ".join(texts)
    assert "Bob · Classic · 2 players · 1/2 people · computer: Medium · game to 5,000" in texts
    link = FakeLink(table=quick, chair=0)
    _manager, scene, _, _, _ = make(link)
    assert "Public table · Classic · 4 players · computer: Medium · one hand" in drawn(scene)
    quick.quick = False
    assert "Public table · Classic · 4 players · computer: Medium · game to 5,000" in drawn(scene)
    try:
        i18n.set_language("de")
        assert any(t.endswith(" · Spiel bis 5.000") for t in drawn(scene))
    finally:
        i18n.set_language("en")


def test_a_listed_tables_words_wrap_in_a_narrow_window_and_keep_playing() -> None:
    """Online testing, two windows side by side (640x800): a listed table's words were
    shrunk to 12 px and, in German, still cut before their last word ("· lä…" for
    "läuft", playing); in a narrow row they take two lines at a readable size, broken
    between their parts, the whole of them shown."""
    left = SimpleNamespace(name="Ann", side=0, ready=True, away=True, computer=True, left=True,
                           open=True)  # fmt: skip
    playing = table(4, c0=left)
    playing.status = "playing"
    link = FakeLink(tables=[playing, table(2, c0=chair("Bob", 0))])
    assert i18n.set_language("de") == "de"
    try:
        manager, scene, _, _, _ = make(link)
        manager.resize((640, 800))
        with report_text() as report:
            scene.draw(pygame.Surface((640, 800)))
    finally:
        i18n.set_language("en")
    texts = [(text, rect) for text, rect, *_rest in report.drawn]
    first = [i for i, (text, _rect) in enumerate(texts) if text.startswith("Klassisch")]
    assert len(first) == 2  # one row per table
    words = [texts[first[0]][0], texts[first[0] + 1][0]]
    assert words == [
        "Klassisch · 4 Spieler · 0/4 Personen · Computer: Mittel",
        "Spiel bis 5.000 · läuft",
    ]
    assert texts[first[1]][0].startswith("Klassisch · 2 Spieler · 1/2 Personen")
    (_top, top_rect), (second, second_rect) = texts[first[0]], texts[first[0] + 1]
    row = scene.rows[0][0]
    assert top_rect.height == second_rect.height == render_text(second, 16, (0, 0, 0)).get_height()
    assert second_rect.top > top_rect.bottom - 2 and row.contains(second_rect)
    seats = [rect for rect, t, _chair in scene.seats if t is playing]
    assert seats and all(rect.top > second_rect.bottom for rect in seats)  # below the words
    assert report.misfits == []


def test_the_empty_lobbys_line_wraps_left_of_the_buttons_in_a_narrow_window() -> None:
    """Online testing (640x800): "No open table yet: create one, or join a friend's by
    code." ran under the New table buttons; it wraps in the list's column, in English and
    in French."""
    for language in ("en", "fr"):
        assert i18n.set_language(language) == language
        try:
            manager, scene, _, _, _ = make(FakeLink())
            manager.resize((640, 800))
            with report_text() as report:
                scene.draw(pygame.Surface((640, 800)))
            sentence = i18n._("No open table yet: create one, or join a friend's by code.")
        finally:
            i18n.set_language("en")
        lines = [(t, r) for t, r, *_rest in report.drawn if t and t in sentence and len(t) > 8]
        assert len(lines) >= 2 and " ".join(t for t, _r in lines) == sentence
        buttons = scene.create2_button.rect.x
        assert all(rect.right < buttons for _t, rect in lines), language


def test_a_chair_taken_over_at_the_next_deal_says_who_in_the_lobby() -> None:
    """Online testing: a chair a newcomer takes over mid-hand showed "Computer" in the
    lobby, like any computer's chair; the row says who takes it from the next deal and
    the chair carries that name (not a place to sit), in English and in Italian."""
    waiting = SimpleNamespace(name=None, side=0, ready=False, away=False, computer=True,
                              left=False, open=False, waiting="Cat")  # fmt: skip
    playing = table(4, c0=chair("Ann", 0, True), c2=waiting)
    playing.status = "playing"
    link = FakeLink(tables=[playing])
    manager, scene, _, _, _ = make(link)
    texts = drawn(scene)
    words = ("Classic · 4 players · 1/4 people · computer: Medium · game to 5,000 · playing · "
             "Cat from the next deal")  # fmt: skip
    at = texts.index(words)
    assert texts[at + 1 : at + 5] == ["Ann", "Computer", "Cat", "Computer"]  # the chairs
    assert scene.seats == []
    assert i18n.set_language("it") == "it"
    try:
        texts = drawn(scene)
        expected = i18n._("{name} from the next deal").format(name="Cat")
    finally:
        i18n.set_language("en")
    assert expected != "Cat from the next deal"
    assert any(text.endswith(" · " + expected) for text in texts) and "Cat" in texts
