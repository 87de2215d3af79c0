"""Scene manager stack and the home scene, driven by posted events."""

import pygame

from canasta.scenes.base import Scene, SceneManager
from canasta.scenes.home import HomeScene
from canasta.ui.input import Click, Key, key_down, mouse_down, mouse_move, post_click, post_key


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], *, overlay=False, modal=True, eat=False):
        super().__init__()
        self.name, self.log, self.eat = name, log, eat
        self.overlay, self.modal = overlay, modal
        self.updates = 0.0

    def enter(self, payload=None):
        self.log.append(f"{self.name}.enter({payload})")

    def exit(self):
        self.log.append(f"{self.name}.exit")

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def handle(self, intent):
        self.log.append(f"{self.name}.handle")
        return self.eat

    def update(self, dt):
        super().update(dt)
        self.updates += dt

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")


def make_home(size=(1280, 800), *, can_continue=True, players=2):
    calls: list[object] = []
    manager = SceneManager(size)
    home = HomeScene(
        on_new_game=lambda n: calls.append(n),
        on_quit=lambda: calls.append("quit"),
        on_continue=(lambda: calls.append("continue")) if can_continue else None,
        on_settings=lambda: calls.append("settings"),
        on_how_to_play=lambda: calls.append("how to play"),
        on_stats=lambda: calls.append("stats"),
        on_sound=lambda: calls.append("sound") or False,
        players=players,
    )
    manager.push(home)
    return manager, home, calls


def pump(manager: SceneManager) -> None:
    for event in pygame.event.get():
        manager.handle_event(event)


def test_stack_push_pop_replace_hooks():
    log: list[str] = []
    manager = SceneManager((640, 480))
    a = manager.push(Recorder("a", log), payload=1)
    assert a.manager is manager and a.size == (640, 480)
    manager.push(Recorder("b", log))
    manager.pop()
    manager.replace(Recorder("c", log), payload="x")
    assert log == ["a.enter(1)", "b.enter(None)", "b.exit", "a.resume", "a.exit", "c.enter(x)"]
    assert [s.name for s in manager.stack] == ["c"]
    manager.clear()
    assert manager.top is None and manager.pop() is None


def test_overlay_drawn_over_scene_below_and_input_order():
    log: list[str] = []
    manager = SceneManager((640, 480))
    base = manager.push(Recorder("base", log, eat=True))
    over = manager.push(Recorder("over", log, overlay=True, modal=False))
    log.clear()
    manager.draw(pygame.Surface((640, 480)))
    assert log == ["base.draw", "over.draw"]
    log.clear()
    assert manager.dispatch(Click((1, 1)))
    assert log == ["over.handle", "base.handle"]  # top first, then passed down
    over.modal = True
    log.clear()
    assert not manager.dispatch(Click((1, 1)))
    assert log == ["over.handle"]  # modal: stops here
    manager.update(0.5)
    assert base.updates == 0.5 and over.updates == 0.5
    manager.push(Recorder("full", log))  # opaque: hides the two below
    log.clear()
    manager.draw(pygame.Surface((640, 480)))
    assert log == ["full.draw"]


def test_quit_and_resize_events():
    log: list[str] = []
    manager = SceneManager((640, 480))
    scene = manager.push(Recorder("a", log))
    manager.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    assert scene.size == (800, 600) and manager.size == (800, 600)
    assert not manager.quit_requested
    manager.handle_event(pygame.event.Event(pygame.QUIT))
    assert manager.quit_requested


def test_long_press_reaches_scene_through_manager_update():
    log: list[str] = []
    manager = SceneManager((640, 480))
    manager.push(Recorder("a", log, eat=True))
    manager.handle_event(mouse_down((10, 10)))
    log.clear()
    manager.update(0.3)
    assert log == []
    manager.update(0.2)
    assert log == ["a.handle"]


LABELS = ["Continue game", "Start new game", "Settings", "How to play", "Stats",
          "Sound: on", "Quit"]  # fmt: skip


def test_home_buttons_in_focus_order_and_continue_only_with_a_save():
    _, home, _ = make_home()
    assert [b.label for b in home.buttons] == LABELS
    _, home, _ = make_home(can_continue=False)
    assert [b.label for b in home.buttons] == LABELS[1:]


def test_home_click_every_button_calls_its_action():
    manager, home, calls = make_home(players=4)
    pygame.event.clear()
    for label in LABELS:
        post_click(home.named[label].rect.center)
    post_click((5, 5))  # empty felt: nothing
    pump(manager)
    assert calls == ["continue", 4, "settings", "how to play", "stats", "sound", "quit"]
    assert home.named["Sound: on"].label == "Sound: off"  # the toggle shows the new state


def test_home_enter_on_first_button_continues():
    manager, home, calls = make_home()
    assert home.focus == 0 and home.buttons[0].focused
    pygame.event.clear()
    post_key(pygame.K_RETURN)
    pump(manager)
    assert calls == ["continue"]


def test_home_keyboard_navigation_wraps_and_shortcuts():
    manager, home, calls = make_home(can_continue=False)
    for _ in range(5):
        manager.handle_event(key_down(pygame.K_DOWN))
    assert home.focus == 5 and home.buttons[5].focused and not home.buttons[0].focused
    manager.handle_event(key_down(pygame.K_DOWN))
    assert home.focus == 0
    manager.handle_event(key_down(pygame.K_UP))
    manager.handle_event(key_down(pygame.K_KP_ENTER))
    assert calls == ["quit"]
    home.handle(Key(pygame.K_4))
    home.handle(Key(pygame.K_2))
    home.handle(Key(pygame.K_m))
    assert calls == ["quit", 4, 2, "sound"]


def test_home_hover_moves_focus_and_draws():
    manager, home, _ = make_home()
    manager.handle_event(mouse_move(home.buttons[1].rect.center))
    assert home.focus == 1 and home.buttons[1].hover
    manager.update(1.0)  # the intro animation finishes on the scene's own clock
    assert not home.animator.busy
    surface = pygame.Surface((1280, 800))
    manager.draw(surface)
    button = home.buttons[1].rect
    assert surface.get_at((button.left + 8, button.centery)) == pygame.Color(
        *home.theme.button_hover
    )


def test_home_layout_buttons_disjoint_and_on_screen():
    for size in [(1280, 800), (960, 600), (1920, 1080), (800, 1280), (500, 800)]:
        _, home, _ = make_home(size)
        screen = pygame.Rect(0, 0, *size)
        rects = [b.rect for b in home.buttons]
        assert all(screen.contains(r) for r in rects), size
        for i, a in enumerate(rects):
            assert all(not a.colliderect(b) for b in rects[i + 1 :]), size
        assert home.title_rect.bottom < min(r.top for r in rects)
        assert home.notice_rect.top >= max(r.bottom for r in rects)
