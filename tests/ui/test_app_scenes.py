"""The whole application by posted clicks (dummy video driver): home -> settings (every
option) -> back -> new game -> table -> quit -> continue, and home -> how to play (every
page) -> stats (reset with its question). Each setting is checked where it acts."""

from __future__ import annotations

import json

import pygame
import pytest

import canasta.app.application as app_module
import canasta.app.window as app_window
from canasta.ai import HeuristicPlayer
from canasta.app import App
from canasta.engine.cards import CARD_KIND, NATURAL_KINDS
from canasta.engine.position import state_to_data
from canasta.persistence.paths import default_paths
from canasta.persistence.settings import Settings
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.howto import HowToPlayScene
from canasta.scenes.settings import SettingsScene
from canasta.scenes.stats import StatsScene
from canasta.scenes.table import TableScene
from canasta.scenes.table.targets import sort_key
from canasta.ui.decks import CardOptions
from canasta.ui.input import Wheel, post_key
from tests.ui.test_table_plays_a_hand import click, play_by_clicks, pump

SIZE = (1280, 800)


@pytest.fixture
def window():
    pygame.init()
    return pygame.display.set_mode(SIZE, pygame.RESIZABLE)


def press(app: App, label: str) -> None:
    home = app.manager.top
    assert isinstance(home, HomeScene), f"expected home, found {home!r}"
    click(app, home.named[label].rect.center)


def choose(app: App, field: str, value: object) -> SettingsScene:
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    index = next(i for i, o in enumerate(scene.options) if o.field == field)
    for _ in range(40):  # a long list in a tall window scrolls: wheel the row into view
        row = scene.rows[index]
        if scene.view.contains(row):
            break
        scene.handle(Wheel(scene.view.center, 1 if row.top < scene.view.top else -1))
    if (field, value) in scene.pills:
        click(app, scene.pills[(field, value)].center)
    else:  # a long list: step with the right arrow until the value shows
        for _ in range(40):
            if getattr(scene.settings, field) == value:
                break
            click(app, scene.arrows[(field, 1)].center)
            scene = app.manager.top
            assert isinstance(scene, SettingsScene)
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    assert getattr(scene.settings, field) == value
    return scene


#: The clicks of the settings test, in order: (field, value).
CHANGES = [
    ("players", 4), ("ask_permission", True), ("players", 2), ("game_type", "quick"),
    ("computer_level", "hard"), ("two_canastas_to_go_out", True), ("draw_two", True),
    ("pile_always_frozen", True), ("replays", False), ("replays_kept", 250), ("sound", False),
    ("speed", "fast"),
    ("sort_order", "descending"), ("fullscreen", True), ("fullscreen", False),
    ("orientation", "portrait"), ("orientation", "landscape"),
    ("theme", "blue"), ("card_style", "classic"), ("deck_design", "midnight-lattice"),
    ("suit_colours", "four_colour"), ("large_index", True),
]  # fmt: skip


def test_every_setting_by_clicks_then_a_game_quit_and_continued(window, monkeypatch):
    levels: list[str] = []
    real_seats = app_module.seat_players

    def seats_spy(players: int, person: int | None, level: str, seed: int = 0):
        levels.append(level)
        return real_seats(players, person, level, seed)

    monkeypatch.setattr(app_module, "seat_players", seats_spy)
    # A desktop with room for the fixed 1280 x 800 landscape window (the dummy driver's is
    # 1024 x 768, where it is fitted: tests/ui/test_window.py).
    monkeypatch.setattr(app_window, "desktop_sizes", lambda: [(1920, 1200)])
    app = App(SIZE)
    app.home()
    assert "Continue game" not in app.manager.top.named  # nothing saved yet
    press(app, "Settings")
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    assert {o.field for o in scene.options} == set(Settings.model_fields) - {
        "schema_version",
        "rule_overrides",  # the rule options screen sets these
        "window_size",  # the window's size and place are remembered, not chosen
        "window_position",
        "server_address",  # the Play online screen sets these two
        "player_name",
    }
    assert scene.reason(next(o for o in scene.options if o.field == "ask_permission")) == (
        "4 players only"
    )
    click(app, scene.pills[("ask_permission", True)].center)  # disabled: nothing changes
    assert app.session.settings.ask_permission is False
    for field, value in CHANGES:
        choose(app, field, value)
        if field == "fullscreen" and value:
            assert app.window_mode() == ((0, 0), pygame.FULLSCREEN)
            assert app.manager.size == pygame.display.get_surface().get_size()
        if field == "orientation" and value == "portrait":
            w, h = pygame.display.get_surface().get_size()
            assert h > w and app.manager.size == (w, h)
            assert app.window_mode()[1] == 0  # a fixed shape: not resizable
    assert pygame.display.get_surface().get_size() == SIZE
    assert app.sound.enabled is False
    saved = default_paths().settings.read_text()
    for field, value in dict(CHANGES).items():
        assert getattr(app.session.settings, field) == value
        assert f"{field} = {json.dumps(value)}" in saved
    assert app.session.settings.ask_permission is True  # kept while it did not apply
    post_key(pygame.K_ESCAPE)
    pump(app)
    press(app, "Start new game")
    table = app.table
    assert isinstance(table, TableScene) and app.manager.top is table
    rules = table.controller.game.rules
    assert (rules.players, rules.quick_game, rules.stock_draw_count) == (2, True, 2)
    assert (rules.canastas_to_go_out, rules.pile_always_frozen) == (2, True)
    assert levels == ["hard"]  # the opponents play at the chosen level
    assert table.speed == 2.0 and table.theme.name == "blue" and table.descending
    assert table.full.options == CardOptions("classic", "midnight-lattice", "four_colour", True)
    # The person's turn: the hand shows Aces first, then the turn is played by clicks.
    # The opponent may move first: it decides at once (the in-process worker), and its
    # moves take frames of game time.
    for _ in range(600):
        pump(app, 0.1)
        if table.controller.person_to_move() and not table.animator.busy:
            break
    assert table.controller.person_to_move()
    hand = table.plan.my_hand
    assert hand == sorted(hand, key=lambda c: sort_key(c, descending=True))
    naturals = [CARD_KIND[c] for c in hand if CARD_KIND[c] in NATURAL_KINDS]
    assert naturals == sorted(naturals, reverse=True) and naturals[0] > naturals[-1]
    advisor = HeuristicPlayer()
    controller = table.controller
    while controller.hand.turn == 0 and not controller.hand.ended:
        play_by_clicks(app, table, advisor.choose(controller.hand.view_for(0)))
        if controller.hand.turn == 0:
            pump(app, 0.5)
    expected = state_to_data(controller.hand)  # the turn boundary after the discard
    assert expected["turn"] == 1 and expected["phase"] == "draw"
    assert json.loads(default_paths().save.read_text())["hand"] == expected
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app)
    assert app.manager.quit_requested
    # A new start of the program: Continue is offered and puts the same game back.
    again = App(SIZE)
    again.home()
    press(again, "Continue game")
    table2 = again.table
    assert isinstance(table2, TableScene) and table2 is not table
    assert state_to_data(table2.controller.hand) == expected
    assert table2.controller.game.deal_numbers == controller.game.deal_numbers
    assert levels == ["hard", "hard"]  # the saved game's level seats the computers again


def test_speed_halves_the_deal_animation_and_large_index_changes_the_faces(window):
    def settle_time(app: App) -> float:
        app.home()
        press(app, "Start new game")
        table = app.table
        elapsed = 0.0
        while table.animator.busy:
            table.animator.tick(0.01)
            elapsed += 0.01
        return elapsed

    app = App(SIZE, seed=5)
    normal = settle_time(app)
    app.change_setting("speed", "fast")
    app.seed = 5
    fast = settle_time(app)
    assert 1.8 < normal / fast < 2.2
    plain = app.look.renderer(90, 126)
    app.change_setting("large_index", True)
    large = app.look.renderer(90, 126)
    assert large.options.large_index and not plain.options.large_index
    a, b = plain.face(39), large.face(39)  # the ace of spades
    differ = sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(0, 30) for y in range(0, 40))
    assert differ > 50


def test_how_to_play_every_page_then_stats_and_reset(window):
    app = App(SIZE)
    app.session.stats.record_game("2p-full", "g", True, 5120)
    app.home()
    press(app, "How to play")
    scene = app.manager.top
    assert isinstance(scene, HowToPlayScene)
    surface = pygame.display.get_surface()
    titles = []
    for page in range(len(scene.pages)):
        assert scene.page == page
        app.manager.draw(surface)
        titles.append(scene.pages[page].title)
        if scene.pages[page].figures:  # real cards are drawn in the figure area
            area = scene.figure_rect
            colours = {
                tuple(surface.get_at((x, y)))[:3]
                for x in range(area.x, area.right, 7)
                for y in range(area.y, area.bottom, 7)
            }
            assert any(min(c) > 235 for c in colours), page  # card faces: near white
        if page < len(scene.pages) - 1:
            click(app, scene.next_button.rect.center)
    assert len(titles) == 12 and "Scoring" in titles
    assert "Keys: your hand and the piles" in titles
    assert "Keys: melds, your partner and the turn" in titles
    assert titles[-2:] == ["Playing online", "Online: the clock and dropped connections"]
    assert not scene.next_button.enabled
    post_key(pygame.K_LEFT)
    pump(app)
    assert scene.page == len(scene.pages) - 2
    click(app, scene.back_button.rect.center)
    press(app, "Stats")
    stats = app.manager.top
    assert isinstance(stats, StatsScene)
    app.manager.draw(surface)
    click(app, stats.reset_button.rect.center)
    dialog = app.manager.top
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.no_button.rect.center)  # "Keep"
    assert app.manager.top is stats and app.session.stats.lines["2p-full"].games_won == 1
    click(app, stats.reset_button.rect.center)
    click(app, app.manager.top.yes_button.rect.center)
    assert app.manager.top is stats and app.session.stats.lines["2p-full"].games_played == 0
    assert App(SIZE).session.stats.lines["2p-full"].games_played == 0  # on disk too
    post_key(pygame.K_ESCAPE)
    pump(app)
    assert isinstance(app.manager.top, HomeScene)


def test_the_sound_toggle_on_home_is_the_sound_setting(window):
    app = App(SIZE)
    app.home()
    press(app, "Sound: on")
    assert app.session.settings.sound is False and app.sound.enabled is False
    assert "Sound: off" in app.manager.top.named or app.manager.top.sound_button.label == (
        "Sound: off"
    )
    assert App(SIZE).session.settings.sound is False


def test_a_setting_that_cannot_be_written_says_so_on_the_settings_screen(window):
    app = App(SIZE)
    app.home()
    default_paths().settings.mkdir(parents=True)  # a folder where the file should be
    press(app, "Settings")
    scene = choose(app, "sound", False)
    assert app.session.settings.sound is False  # in force for this run all the same
    [line] = map(str, app.manager.banner.lines)  # over the settings screen, in plain words
    assert line == (f"Could not save the settings: {default_paths().settings} is a folder "
                    "where a file should be. The change holds while the game runs; nothing "
                    "is saved until the folder can be written (it is tried again at each "
                    "change).")  # fmt: skip
    scene.draw(pygame.display.get_surface())
