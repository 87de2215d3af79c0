"""The banner over every scene: lines for the player that stay for a reading time (on the
manager's clock, no real time) or until clicked, and never reach the scene below."""

from __future__ import annotations

import pygame

from canasta.scenes.base import Scene, SceneManager
from canasta.ui.banner import MAX_LINES, MIN_SECONDS, SECONDS_PER_WORD, Banner
from canasta.ui.input import Click


class Recorder(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.clicks: list[tuple[int, int]] = []

    def handle(self, intent: object) -> bool:
        if isinstance(intent, Click):
            self.clicks.append(intent.pos)
            return True
        return False


def test_the_banner_stays_its_reading_time_then_hides():
    banner = Banner()
    banner.show(["Could not save the game: the disk is full (/x/data)."])  # 10 words
    assert banner.visible and banner.left == MIN_SECONDS + 10 * SECONDS_PER_WORD  # 8 + 3 s
    banner.update(10.9)
    assert banner.visible
    banner.update(0.2)
    assert not banner.visible and banner.lines == []


def test_the_banner_keeps_the_newest_lines():
    banner = Banner()
    banner.show([f"line {n}" for n in range(6)])
    assert banner.lines == [f"line {n}" for n in range(6 - MAX_LINES, 6)]


def test_a_click_on_the_banner_closes_it_and_not_the_scene_below(screen):
    manager = SceneManager((1280, 800))
    scene = manager.push(Recorder())
    manager.banner.show(["Could not read your settings: no permission to open the folder "
                         "/x/config. The default settings are in use."])  # fmt: skip
    manager.draw(screen)
    rect = manager.banner.rect
    assert rect.top == 10 and rect.centerx == 640 and rect.height > 20
    assert screen.get_at(rect.center) != pygame.Color(0, 0, 0)
    manager.dispatch(Click(rect.center))
    assert not manager.banner.visible and scene.clicks == []
    manager.dispatch(Click(rect.center))  # now it reaches the scene
    assert scene.clicks == [rect.center]
