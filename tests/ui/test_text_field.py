"""The online form's text fields edit as a player expects: select-all then typing replaces
(``localhost:9999``, not ``ws://127.0.0.1:8765localhost:9999``), a cursor moved by arrows,
Home and End, selection with Shift, copy, cut and paste through the clipboard, a click
placing the cursor, accented letters and input methods through SDL's text input events, a
held Backspace repeating on the scene's clock, and a visible focus ring. Events are posted
to pygame's queue (SDL's dummy driver) and the clipboard is injected."""

from __future__ import annotations

import pygame
import pytest

from canasta.scenes.base import SceneManager
from canasta.scenes.lobby import LobbyScene
from canasta.ui.input import post_click, post_key, post_text
from canasta.ui.textfield import (
    REPEAT_DELAY_S,
    REPEAT_INTERVAL_S,
    MemoryClipboard,
    SystemClipboard,
    TextField,
)
from canasta.ui.theme import default_theme
from tests.ui.test_lobby import FakeLink

SIZE = (1280, 800)
CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


def form(address: str = "ws://127.0.0.1:8765") -> tuple[SceneManager, LobbyScene, MemoryClipboard]:
    """The Play online form in a dummy window, its fields sharing one clipboard."""
    pygame.display.set_mode(SIZE)
    pygame.event.clear()
    manager = SceneManager(SIZE)
    scene = LobbyScene(lambda a, n: FakeLink(), lambda: None, lambda link: None,
                       address=address, name="Ann")  # fmt: skip
    manager.push(scene)
    clipboard = MemoryClipboard()
    for field in (*scene.fields, scene.code):
        field.clipboard = clipboard
    run(manager)
    return manager, scene, clipboard


def run(manager: SceneManager) -> None:
    """Feed every posted event to the scenes, then one frame."""
    for event in pygame.event.get():
        manager.handle_event(event)
    manager.update(1 / 60)
    manager.draw(pygame.display.get_surface())


def key(manager: SceneManager, code: int, mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        post_key(code, mod)
    run(manager)


def typed(manager: SceneManager, text: str) -> None:
    """Each character as SDL sends it: the key (with its character), then the text."""
    for char in text:
        post_key(ord(char.lower()) if char.isascii() else 0, unicode=char)
        post_text(char)
    run(manager)


def test_select_all_then_typing_replaces_the_address() -> None:
    manager, scene, _ = form()
    assert scene.address.focused
    key(manager, pygame.K_a, CTRL)
    assert scene.address.selected == "ws://127.0.0.1:8765"
    typed(manager, "localhost:9999")
    assert scene.address.text == "localhost:9999"  # not ws://127.0.0.1:8765localhost:9999


def test_arrows_home_end_backspace_and_delete_edit_where_the_cursor_is() -> None:
    manager, scene, _ = form("127.0.0.1:8765")
    field = scene.address
    key(manager, pygame.K_HOME)
    typed(manager, "ws://")
    assert field.text == "ws://127.0.0.1:8765" and field.cursor == 5
    key(manager, pygame.K_END)
    key(manager, pygame.K_LEFT, times=2)
    key(manager, pygame.K_BACKSPACE)  # the 7 before the cursor
    key(manager, pygame.K_DELETE)  # the 6 after it
    assert field.text == "ws://127.0.0.1:85" and field.cursor == 16
    key(manager, pygame.K_RIGHT, times=5)  # stops at the end
    assert field.cursor == len(field.text)
    key(manager, pygame.K_BACKSPACE, CTRL)  # the word before the cursor
    assert field.text == "ws://127.0.0.1:"
    key(manager, pygame.K_LEFT, CTRL)
    assert field.cursor == len("ws://127.0.0.")


def test_shift_selects_and_copy_cut_paste_use_the_clipboard() -> None:
    manager, scene, clipboard = form("ws://127.0.0.1:8765")
    field = scene.address
    key(manager, pygame.K_LEFT, SHIFT, times=4)
    assert field.selected == "8765" and field.selection == (15, 19)
    key(manager, pygame.K_c, CTRL)
    assert clipboard.text == "8765" and field.text == "ws://127.0.0.1:8765"
    key(manager, pygame.K_HOME, SHIFT)  # the selection grows to the start
    assert field.selected == "ws://127.0.0.1:8765"
    key(manager, pygame.K_x, CTRL)
    assert clipboard.text == "ws://127.0.0.1:8765" and field.text == ""
    clipboard.text = "192.168.1.20:8765\n"  # copied with its line break
    key(manager, pygame.K_v, CTRL)
    assert field.text == "192.168.1.20:8765" and field.cursor == 17
    key(manager, pygame.K_LEFT, SHIFT | CTRL)  # the last word, selected
    clipboard.text = "9999"
    key(manager, pygame.K_v, CTRL)  # pasted over the selection
    assert field.text == "192.168.1.20:9999"
    key(manager, pygame.K_RIGHT)  # an arrow ends a selection without moving past it
    assert field.selection == (17, 17)


def test_a_paste_never_passes_the_fields_limit() -> None:
    manager, scene, clipboard = form()
    key(manager, pygame.K_TAB)
    assert scene.name.focused and scene.name.text == "Ann"
    clipboard.text = "W" * 40
    key(manager, pygame.K_v, CTRL)
    assert scene.name.text == "Ann" + "W" * (scene.name.limit - 3)


def test_a_click_places_the_cursor_and_focuses_the_field() -> None:
    manager, scene, _ = form("ws://127.0.0.1:8765")
    key(manager, pygame.K_TAB)
    assert scene.name.focused
    field = scene.address
    run(manager)  # drawn: the text's place is known
    inner = field.rect.inflate(-20, -4)
    font = pygame.font.Font(None, field._size)
    x = inner.x + font.size("ws://")[0]
    post_click((x, field.rect.centery))
    run(manager)
    assert field.focused and not scene.name.focused
    assert field.cursor == 5 and field.selection == (5, 5)
    typed(manager, "x")
    assert field.text == "ws://x127.0.0.1:8765"


def test_accented_letters_and_an_input_methods_composition_type_as_text() -> None:
    manager, scene, _ = form()
    key(manager, pygame.K_TAB)
    key(manager, pygame.K_a, CTRL)
    typed(manager, "Zoë Muñoz")
    assert scene.name.text == "Zoë Muñoz"
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="ぱ", start=1, length=0))
    run(manager)
    assert scene.name.composing == "ぱ" and scene.name.text == "Zoë Muñoz"
    post_text("パ")  # the input method commits
    run(manager)
    assert scene.name.text == "Zoë Muñozパ" and scene.name.composing == ""


def test_a_held_backspace_repeats_on_the_scenes_clock_until_released() -> None:
    manager, scene, _ = form("ws://127.0.0.1:8765")
    field = scene.address
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    run(manager)
    assert field.text == "ws://127.0.0.1:876"  # once at the press
    assert scene.wake_in() == pytest.approx(REPEAT_DELAY_S, abs=0.02)
    manager.update(REPEAT_DELAY_S - 0.02)  # still held, not yet repeating
    assert field.text == "ws://127.0.0.1:876"
    manager.update(0.02 + 3.5 * REPEAT_INTERVAL_S)  # held on: at the delay and three after
    assert field.text == "ws://127.0.0.1"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0))
    run(manager)
    manager.update(1.0)
    assert field.text == "ws://127.0.0.1" and scene.wake_in() is None


def test_a_held_key_stops_when_the_field_loses_the_keyboard_and_enter_acts_once() -> None:
    manager, scene, _ = form("ws://127.0.0.1:8765")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    run(manager)
    key(manager, pygame.K_TAB)  # the name field has the keyboard now
    manager.update(1.0)
    assert scene.address.cursor == len("ws://127.0.0.1:876") and scene.name.cursor == 3
    key(manager, pygame.K_TAB)
    manager.update(1.0)  # back in the address field: the old press does not come back
    assert scene.address.cursor == len("ws://127.0.0.1:876")


def test_the_focused_field_wears_a_ring() -> None:
    manager, scene, _ = form()
    surface = pygame.display.get_surface()
    accent = default_theme().accent
    for focused, other in ((scene.address, scene.name), (scene.name, scene.address)):
        if not focused.focused:
            key(manager, pygame.K_TAB)
        run(manager)
        ring = focused.rect.inflate(8, 8)
        assert focused.focused and not other.focused
        assert tuple(surface.get_at((ring.centerx, ring.y + 1)))[:3] == accent[:3]
        around = other.rect.inflate(8, 8)
        assert tuple(surface.get_at((around.centerx, around.y + 1)))[:3] != accent[:3]


def test_the_lobby_types_the_join_code_from_text_input() -> None:
    pygame.display.set_mode(SIZE)
    pygame.event.clear()
    manager = SceneManager(SIZE)
    scene = LobbyScene(lambda a, n: FakeLink(), lambda: None, lambda link: None,
                       link=FakeLink())  # fmt: skip
    manager.push(scene)
    assert scene.stage == "lobby" and scene.text_field() is scene.code
    typed(manager, "sp6bj6")
    assert scene.code.text == "sp6bj6" and scene.code.focused


def test_a_field_keeps_printable_text_and_the_system_clipboard_round_trips() -> None:
    field = TextField("Name", "Ann\tB\nob", limit=24)
    assert field.text == "AnnBob" and field.cursor == 6
    clipboard = SystemClipboard()  # SDL's clipboard, which the dummy driver keeps too
    clipboard.put("Zoë")
    assert clipboard.get() == "Zoë"
