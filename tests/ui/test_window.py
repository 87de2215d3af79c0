"""The window: its first size, the size and place kept between runs, fullscreen on F11
and as a setting, the icon, and the SDL hints for vsync and high-density screens."""

from __future__ import annotations

import pygame
import pytest

import canasta.app.application as app_module
import canasta.app.window as window
from canasta.app import App
from canasta.persistence.paths import default_paths
from canasta.persistence.settings_file import load_settings
from canasta.scenes.settings import SettingsScene
from canasta.ui.input import key_down


@pytest.fixture
def display():
    pygame.init()
    return pygame.display.set_mode((1280, 800), pygame.RESIZABLE)


@pytest.mark.parametrize(
    ("desktop", "size"),
    [((1366, 768), (1280, 800)), ((1920, 1200), (1280, 800)), ((2560, 1600), (1707, 1067)),
     ((3840, 2160), (2304, 1440)), ((5120, 2880), (3072, 1920))],
)  # fmt: skip
def test_the_first_window_grows_with_a_large_desktop(desktop, size):
    # min(w / 1920, h / 1200), never below 1: e.g. 3840 x 2160 -> min(2.0, 1.8) = 1.8,
    # 1280 * 1.8 = 2304 and 800 * 1.8 = 1440.
    assert window.first_size(desktop) == size


def test_a_remembered_place_is_used_only_where_a_desktop_still_shows_it():
    one = [(1920, 1080)]
    two = [(1920, 1080), (2560, 1440)]
    size = (1280, 800)
    assert window.usable_position([100, 50], size, one) == (100, 50)
    assert window.usable_position([3000, 100], size, one) is None  # its screen is gone
    assert window.usable_position([3000, 100], size, two) == (3000, 100)
    assert window.usable_position([-1250, 10], size, one) is None  # 30 px showing
    assert window.usable_position([-1200, 10], size, one) == (-1200, 10)  # 80 px showing
    assert window.usable_position([10, 1050], size, one) is None  # below the bottom
    assert window.usable_position([], size, one) is None


def test_display_hints_ask_for_vsync_and_dpi_awareness_but_keep_the_players_own():
    env = {"SDL_RENDER_VSYNC": "0"}
    window.display_hints(env)
    assert env == {"SDL_RENDER_VSYNC": "0", "SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    fresh: dict[str, str] = {}
    window.display_hints(fresh)
    assert fresh["SDL_RENDER_VSYNC"] == "1"


def test_the_icon_is_the_games_own_art(display, monkeypatch):
    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    window.set_icon()
    (icon,) = given
    assert icon.get_size() == (window.ICON_SIZE, window.ICON_SIZE)
    assert icon.get_at((0, 0)).a == 0  # rounded corner: transparent
    red = icon.get_at((32, 26))  # the heart on the middle card
    assert red.r > 150 and red.g < 80 and red.b < 80, red


def test_the_free_windows_size_is_kept_for_the_next_start(display, monkeypatch):
    monkeypatch.setattr(app_module, "desktop_sizes", lambda: [(1920, 1080)])
    app = App()
    assert app.free_size == window.first_size((1920, 1080)) == (1280, 800)
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)  # the person resized it
    app.remember_window()
    settings, _ = load_settings(default_paths().settings)
    assert settings.window_size == [1100, 700]
    assert settings.window_position == []  # the dummy driver has no real place
    again = App()
    assert again.free_size == (1100, 700) and again.window_mode() == (
        (1100, 700), pygame.RESIZABLE
    )  # fmt: skip
    assert App((900, 600)).free_size == (900, 600)  # --size wins over the memory


def test_the_windows_place_is_written_and_used_again(display, monkeypatch):
    monkeypatch.setattr(app_module, "window_position", lambda: (210, 120))
    app = App()
    app.remember_window()
    assert load_settings(default_paths().settings)[0].window_position == [210, 120]
    moved: list[tuple[int, int]] = []
    monkeypatch.setattr(app_module, "move_window", moved.append)
    monkeypatch.setattr(app_module, "headless", lambda: False)
    monkeypatch.setattr(app_module.FrameLoop, "run", lambda loop: None)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # keep the session's fonts alive
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert app_module.run(quit_after=0.1) == 0
    assert moved == [(210, 120)]


def test_f11_toggles_fullscreen_and_back_to_the_same_free_window(display):
    app = App((1000, 640))
    app.apply_window()
    app.home()
    assert pygame.display.get_surface().get_size() == (1000, 640)
    assert app.handle_event(key_down(pygame.K_F11))
    assert app.session.settings.fullscreen is True
    assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    assert app.manager.size == pygame.display.get_surface().get_size()
    assert load_settings(default_paths().settings)[0].fullscreen is True
    app.remember_window()  # closing while fullscreen keeps the free window's size
    assert load_settings(default_paths().settings)[0].window_size == [1000, 640]
    assert app.handle_event(key_down(pygame.K_F11))
    assert app.session.settings.fullscreen is False
    assert pygame.display.get_surface().get_size() == (1000, 640)
    assert app.manager.size == (1000, 640)
    assert not app.handle_event(key_down(pygame.K_F10))


def test_f11_on_the_settings_screen_shows_the_new_value(display):
    app = App((1280, 800))
    app.settings()
    app.handle_event(key_down(pygame.K_F11))
    scene = app.manager.top
    assert isinstance(scene, SettingsScene) and scene.settings.fullscreen is True
    app.handle_event(key_down(pygame.K_F11))


def test_a_bad_remembered_size_goes_back_to_none_and_keeps_the_rest(display):
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("fullscreen = true\nwindow_size = [99999, 1]\nwindow_position = [5, 6]\n")
    settings, notices = load_settings(path)
    assert settings.window_size == [] and settings.window_position == [5, 6]
    assert settings.fullscreen is True
    assert notices and "the window's size was not valid" in notices[0]
    # The dummy driver's desktop is 1024 x 768: the first size, 1280 x 800, is fitted to
    # it (1024 wide; 768 - 64 = 704 high).
    assert window.desktop_sizes() == [(1024, 768)]
    assert App().free_size == (1024, 704)


@pytest.mark.parametrize(
    ("size", "desktop", "fitted"),
    [((1280, 800), (1920, 1080), (1280, 800)),  # it fits: kept
     ((1280, 800), (1280, 800), (1280, 800)),  # exactly the desktop: kept
     ((1280, 800), (600, 960), (600, 800)),  # a portrait screen: 600 wide
     ((1280, 800), (1366, 768), (1280, 704)),  # 768 - 64 = 704 high
     ((2304, 1440), (800, 1280), (800, 1440 - 224)),  # 1280 - 64 = 1216 high
     ((1600, 1000), (1600, 360), (592, 296)),  # 296 high: at most 2 x 296 = 592 wide
     ((3000, 500), (700, 400), (672, 336)),  # 336 high, so 672 wide (2:1)
     ((400, 300), (300, 200), (272, 136))],  # a tiny desktop: 136 high, 272 wide (2:1)
)  # fmt: skip
def test_a_window_size_is_fitted_to_the_desktop(size, desktop, fitted):
    assert window.fit_to_desktop(size, desktop) == fitted


@pytest.mark.parametrize(
    ("desktop", "size"),
    [((1920, 1080), (1280, 800)), ((1280, 800), (1280, 800)),
     ((1024, 768), (1024, 640)),  # 1024 / 1280 = 0.8 (768 - 64 = 704 leaves 0.88)
     ((600, 960), (600, 375)),  # 600 / 1280 = 0.46875; 800 * 0.46875 = 375
     ((400, 300), (544, 340))],  # never below 340 high (0.425), the smallest window
)  # fmt: skip
def test_the_fixed_landscape_window_fits_the_desktop(desktop, size):
    assert window.landscape_size(desktop) == size


def test_the_desktop_a_window_opens_on_is_the_one_under_its_place():
    two = [(1920, 1080), (600, 960)]
    assert window.desktop_at([100, 50], two) == (1920, 1080)
    assert window.desktop_at([2000, 50], two) == (600, 960)
    assert window.desktop_at([9000, 50], two) == (1920, 1080)  # gone: the first
    assert window.desktop_at([], two) == (1920, 1080)


def test_a_remembered_size_too_big_for_the_screen_is_fitted(display, monkeypatch):
    """1280 x 800 remembered, started on a 600 x 960 screen, opened
    1280 x 800 with most of the home screen off the screen."""
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("window_size = [1280, 800]\n")
    monkeypatch.setattr(app_module, "desktop_sizes", lambda: [(600, 960)])
    app = App()
    assert app.free_size == (600, 800)
    assert app.window_mode() == ((600, 800), pygame.RESIZABLE)
    assert App((1280, 800)).free_size == (1280, 800)  # --size is taken as asked
