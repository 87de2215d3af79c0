"""The frame loop rests while nothing moves and wakes at once on input: driven by a fake
clock and a scripted event source, so no test waits on real time."""

from __future__ import annotations

import pygame
import pytest

from canasta.ai import HeuristicPlayer
from canasta.app.loop import MAX_REST, FrameLoop
from canasta.controller import TableController
from canasta.engine import CLASSIC, Game
from canasta.scenes.base import Scene, SceneManager
from canasta.scenes.table import TableScene
from canasta.ui.input import (
    Click,
    Intent,
    click_events,
    key_down,
    mouse_down,
    mouse_move,
    mouse_up,
)


class FakeClock:
    """Time that moves only when the loop paces a frame or waits."""

    def __init__(self) -> None:
        self.t = 100.0

    def now(self) -> float:
        return self.t

    def pace(self, fps: int) -> None:
        self.t += 1 / fps


class Script:
    """Events due at given fake times; ``wait`` jumps the clock to the next one (or to
    its timeout) and records every timeout it was given."""

    def __init__(self, clock: FakeClock, timed: list[tuple[float, pygame.event.Event]]):
        self.clock = clock
        self.timed = sorted(timed, key=lambda item: item[0])
        self.waits: list[float] = []

    def _due(self) -> list[pygame.event.Event]:
        out = [e for t, e in self.timed if t <= self.clock.t + 1e-9]
        self.timed = [(t, e) for t, e in self.timed if t > self.clock.t + 1e-9]
        return out

    def get(self) -> list[pygame.event.Event]:
        return self._due()

    def wait(self, seconds: float) -> bool:
        self.waits.append(seconds)
        if any(t <= self.clock.t + 1e-9 for t, _ in self.timed):
            return True
        if self.timed and self.timed[0][0] <= self.clock.t + seconds:
            self.clock.t = self.timed[0][0]
            return True
        self.clock.t += seconds
        return False


class Board(Scene):
    """A scene that records clicks and can slide a marker (a tween) on request."""

    def __init__(self) -> None:
        super().__init__()
        self.clicks: list[tuple[int, int]] = []
        self.x = 0.0
        self.drawn: list[float] = []

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Click):
            self.clicks.append(intent.pos)
            self.animator.animate(self, 0.5, x=100.0)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn.append(self.x)


def make_loop(timed=(), quit_after=10.0, scene: Scene | None = None):
    clock = FakeClock()
    events = Script(clock, [(clock.t + t, e) for t, e in timed])
    manager = SceneManager((320, 200))
    board = scene or Board()
    manager.push(board)
    surface = pygame.Surface((320, 200))
    frame_times: list[float] = []
    loop = FrameLoop(manager, lambda: surface, lambda: frame_times.append(clock.t), events,
                     clock, quit_after=quit_after)  # fmt: skip
    return loop, board, events, frame_times, clock


def test_nothing_moving_draws_one_frame_then_rests_until_quit():
    loop, board, events, frames, clock = make_loop(quit_after=10.0)
    loop.run()
    assert loop.frames == 1 and len(frames) == 1  # the first frame only
    assert loop.rests == pytest.approx(10.0 / MAX_REST, abs=1)
    assert all(0 < w <= MAX_REST for w in events.waits)
    assert clock.t - 100.0 == pytest.approx(10.0)


def test_a_click_wakes_the_loop_and_its_frame_shows_it_at_once():
    click_at = 3.25
    timed = [(click_at, mouse_down((10, 20))), (click_at, mouse_up((10, 20)))]
    loop, board, events, frames, clock = make_loop(timed, quit_after=6.0)
    loop.run()
    assert board.clicks == [(10, 20)]
    # The frame after the click is drawn at the click's own time (no frame of delay),
    # with the tween at its start: the time spent resting was not given to it.
    second = frames[1]
    assert second == pytest.approx(100.0 + click_at)
    assert board.drawn[1] == 0.0
    # Then 0.5 s of paced frames while the marker slides, then rest again.
    moving = [t for t in frames[2:] if t <= 100.0 + click_at + 0.5 + 1 / 60]
    assert len(moving) == pytest.approx(30, abs=2)
    assert board.drawn[-1] == 100.0
    assert len(frames) == 1 + 1 + len(moving)
    assert loop.frames == len(frames)


def test_a_pointer_move_that_no_scene_uses_draws_nothing():
    timed = [(1.0 + i / 100, mouse_move((i, i))) for i in range(50)]
    loop, board, events, frames, clock = make_loop(timed, quit_after=3.0)
    loop.run()
    assert loop.frames == 1


def test_a_timer_while_resting_runs_on_time_and_draws_one_frame():
    board = Board()
    fired: list[float] = []
    loop, board, events, frames, clock = make_loop(quit_after=5.0, scene=board)
    board.animator.call_later(1.75, lambda: fired.append(clock.t))
    loop.run()
    assert fired == [pytest.approx(101.75)]
    assert frames == [pytest.approx(100.0), pytest.approx(101.75)]


def test_a_held_press_becomes_a_long_press_on_time_while_resting():
    class Holder(Board):
        def handle(self, intent: Intent) -> bool:
            self.clicks.append(type(intent).__name__)  # type: ignore[arg-type]
            return True

    holder = Holder()
    loop, board, events, frames, clock = make_loop(
        [(1.0, mouse_down((5, 5))), (3.0, mouse_up((5, 5)))], quit_after=4.0, scene=holder
    )
    loop.run()
    assert holder.clicks == ["LongPress"]
    assert frames[2] == pytest.approx(101.45)  # 0.45 s after the press


def test_a_banner_hides_on_time_while_the_loop_rests():
    loop, board, events, frames, clock = make_loop(quit_after=20.0)
    loop.manager.banner.show(["Could not save the game: the disk is full."])
    reading = loop.manager.banner.left
    assert reading == pytest.approx(8.0 + 0.3 * 9)  # 8 s and 0.3 s for each of 9 words
    loop.run()
    assert not loop.manager.banner.visible
    assert frames == [pytest.approx(100.0), pytest.approx(100.0 + reading)]


def _waiting_table() -> tuple[SceneManager, TableScene]:
    """A 2-player table (seed 5: the person plays first) with the deal settled."""
    pygame.display.set_mode((1280, 800))
    game = Game(CLASSIC.with_options(players=2), 5)
    controller = TableController(game, [None, HeuristicPlayer()])
    manager = SceneManager((1280, 800))
    table = TableScene(controller, lambda c: None, lambda: None)
    manager.push(table)
    for _ in range(600):
        if manager.wake_in() is None:
            break
        manager.update(1 / 60)
    return manager, table


def test_the_table_rests_while_waiting_for_the_person_and_wakes_for_the_computer():
    manager, table = _waiting_table()
    assert table.controller.person_to_move()
    assert manager.wake_in() is None  # nothing moves: the loop may sleep
    assert table.layout is not None
    for event in click_events(table.layout.stock.center):  # draw
        manager.handle_event(event)
    assert len(table.controller.hand.hands[0]) == 16
    assert manager.wake_in() == 0.0  # the drawn card slides in
    for _ in range(120):
        manager.update(1 / 60)
    assert manager.wake_in() is None
    for _ in range(2):  # Enter lifts the focused card, Enter again discards it
        manager.handle_event(key_down(pygame.K_RETURN))
    assert len(table.controller.hand.hands[0]) == 15
    assert table.controller.computer_to_move()
    assert manager.wake_in() == 0.0  # the computer's turn is paced frame by frame
