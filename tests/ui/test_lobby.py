"""The Play online screen's input: the form (address and name), the lobby (create, join by
code, a listed table), the chair map (ready, Start, leave), and a failed connection, over a
link that records what the screen asked (the real link is tested in tests/net)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from canasta.scenes.base import SceneManager
from canasta.scenes.home import HomeScene
from canasta.scenes.lobby import LobbyScene
from canasta.ui.input import Click, Key, Text, Wheel
from canasta.ui.text import render_text, report_text


def chair(name: str | None, side: int, ready: bool = False) -> SimpleNamespace:
    return SimpleNamespace(name=name, side=side, ready=ready, away=False, computer=name is None)


def table(players: int = 2, code: str | None = None, **chairs: Any) -> SimpleNamespace:
    seats = [chair(None, i % 2) for i in range(players)]
    for index, value in chairs.items():
        seats[int(index[1:])] = value
    return SimpleNamespace(id="ab12", preset="Classic", players=players, public=code is None,
                           level="medium", status="lobby", host=0, code=code, clock=None,
                           quick=False, chairs=seats)  # fmt: skip


@dataclass
class FakeLink:
    """Records every request; the test sets what the server would have said."""

    calls: list[tuple[Any, ...]] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)
    more: int = 0
    table: Any = None
    chair: int | None = None
    problem: str | None = None
    failed: bool = False
    seat_gone: bool = False
    lost: bool = False
    connected: bool = True
    started: bool = False
    next_deal: bool = False

    @property
    def host(self) -> bool:
        return self.table is not None and self.table.host == self.chair and not self.next_deal

    def pump(self) -> None:
        self.calls.append(("pump",))

    def refresh(self) -> None:
        self.calls.append(("refresh",))

    def create(
        self,
        players: int,
        public: bool,
        level: str = "medium",
        clock=None,
        quick=False,
        preset="Classic",
    ) -> None:
        self.calls.append(("create", players, public, level, clock, quick, preset))

    def join(self, table: str, chair: int) -> None:
        self.calls.append(("join", table, chair))

    def join_code(self, code: str) -> None:
        self.calls.append(("join_code", code))

    def move_to(self, chair: int) -> None:
        self.calls.append(("move_to", chair))

    def ready(self, ready: bool) -> None:
        self.calls.append(("ready", ready))

    def start(self) -> None:
        self.calls.append(("start",))

    def leave(self) -> None:
        self.calls.append(("leave",))
        self.table = self.chair = None

    def close(self) -> None:
        self.calls.append(("close",))

    def chair_name(self, chair: int) -> str:
        name = self.table.chairs[chair].name
        return name if name is not None else "Computer"

    def connection_line(self) -> str:
        return ""

    def waiting_line(self) -> str:
        return f"You take chair {self.chair + 1} over at the next deal." if self.next_deal else ""

    def asked(self) -> list[tuple[Any, ...]]:
        return [c for c in self.calls if c[0] != "pump"]


def make(link: FakeLink | None = None, address: str = "ws://127.0.0.1:8765", name: str = ""):
    connected: list[tuple[str, str]] = []
    events: list[str] = []
    made = link or FakeLink()

    def connect(address: str, name: str) -> FakeLink:
        connected.append((address, name))
        if not name.strip():
            raise ValueError("Your name: a name has 1 to 24 characters.")
        return made

    manager = SceneManager((1280, 800))
    scene = LobbyScene(connect, lambda: events.append("home"),
                       lambda started: events.append("started"), address=address, name=name,
                       link=link)  # fmt: skip
    manager.push(scene)
    return manager, scene, made, connected, events


def type_text(manager: SceneManager, text: str) -> None:
    """Each character as SDL sends it: the key, then the text it typed."""
    for char in text:
        manager.dispatch(Key(ord(char.lower()), 0, char))
        manager.dispatch(Text(char))


def click(manager: SceneManager, rect: pygame.Rect) -> None:
    assert manager.dispatch(Click(rect.center))


def test_the_form_types_the_name_tabs_and_connects_with_enter() -> None:
    manager, scene, link, connected, _ = make()
    assert scene.stage == "form" and scene.address.focused
    manager.dispatch(Key(pygame.K_RETURN))  # no name yet: refused, the reason shows
    assert connected == [("ws://127.0.0.1:8765", "")] and scene.stage == "form"
    assert scene.error == "Your name: a name has 1 to 24 characters."
    manager.dispatch(Key(pygame.K_TAB))
    assert scene.name.focused and not scene.address.focused
    type_text(manager, "Zoe!")
    manager.dispatch(Key(pygame.K_BACKSPACE))
    assert scene.name.text == "Zoe"
    manager.dispatch(Key(pygame.K_RETURN))
    assert connected[-1] == ("ws://127.0.0.1:8765", "Zoe")
    assert scene.stage == "lobby" and scene.link is link and scene.error == ""


def test_clicking_the_address_field_focuses_it_and_connect_uses_its_text() -> None:
    manager, scene, _, connected, events = make(address="", name="Ann")
    click(manager, scene.address.rect)
    assert scene.address.focused and not scene.name.focused
    type_text(manager, "192.168.1.20:8765")
    click(manager, scene.form.connect_button.rect)
    assert connected == [("192.168.1.20:8765", "Ann")]


def test_the_lobby_creates_public_and_private_tables_and_joins_by_code_or_row() -> None:
    link = FakeLink(tables=[table(4, c0=chair("Ann", 0))])
    manager, scene, _, _, events = make(link)
    assert scene.stage == "lobby"
    scene.draw(pygame.Surface((1280, 800)))  # lays out the table rows
    click(manager, scene.create2_button.rect)
    click(manager, scene.new_table.private_button.rect)
    assert scene.new_table.private_button.label == "Private: on"
    click(manager, scene.new_table.level_button.rect)
    click(manager, scene.new_table.clock_button.rect)
    click(manager, scene.new_table.game_button.rect)
    assert scene.new_table.game_button.label == "Game: one hand"
    assert scene.new_table.rules_button.label == "Rules: Classic"
    click(manager, scene.new_table.rules_button.rect)
    assert scene.new_table.rules_button.label == "Rules: Book rules"
    assert scene.new_table.level_button.label == "Computer: hard"
    assert scene.new_table.clock_button.label == "Clock: 30 s + 120 s bank"
    click(manager, scene.create4_button.rect)
    type_text(manager, "sp6bj6")
    manager.dispatch(Key(pygame.K_RETURN))
    click(manager, pygame.Rect(scene.rows[0][0].x, scene.rows[0][0].y, 40, 40))
    # the row itself: Ann's table's first free chair, 1
    assert [n for _r, _t, n in scene.seats] == [1, 2, 3]  # the free chairs
    seat = next(rect for rect, _table, chair in scene.seats if chair == 2)
    click(manager, seat)  # Ann's partner's chair, chosen
    click(manager, scene.refresh_button.rect)
    assert link.asked() == [("create", 2, True, "medium", None, False, "Classic"),
                            ("create", 4, False, "hard", (30, 120), True, "Book rules"),
                            ("join_code", "SP6BJ6"),
                            ("join", "ab12", 1), ("join", "ab12", 2),
                            ("refresh",)]  # fmt: skip
    click(manager, scene.lobby_back_button.rect)
    assert events == ["home"] and link.calls[-1] == ("close",) and scene.link is None


def test_join_without_a_code_says_so() -> None:
    manager, scene, link, _, _ = make(FakeLink())
    click(manager, scene.join_button.rect)
    assert scene.error == "Type the table's join code first." and link.asked() == []


def test_the_chair_map_ready_and_the_hosts_start_once_every_person_is_ready() -> None:
    link = FakeLink(table=table(4, code="SP6BJ6", c0=chair("Ann", 0), c1=chair("Bob", 1)),
                    chair=0)  # fmt: skip
    manager, scene, _, _, events = make(link)
    assert scene.stage == "table"
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)  # the code, the partnerships and the chairs show without error
    assert scene.start_button in scene.buttons() and not scene.start_button.enabled
    click(manager, scene.ready_button.rect)
    assert link.asked() == [("ready", True)]
    assert not manager.dispatch(Click(scene.start_button.rect.center))  # not everyone ready
    link.table.chairs[0].ready = link.table.chairs[1].ready = True  # the server's word
    scene.update(0.1)
    assert scene.ready_button.label == "Not ready"
    assert scene.start_button.enabled  # the two empty chairs are computers: no wait
    click(manager, scene.start_button.rect)
    assert link.asked()[-1] == ("start",)
    link.started = True
    scene.update(0.1)
    assert events == ["started"]


def test_a_guest_has_no_start_and_leaves_for_the_lobby() -> None:
    link = FakeLink(table=table(2, c0=chair("Ann", 0, True), c1=chair("Bob", 1)), chair=1)
    manager, scene, _, _, _ = make(link)
    assert scene.start_button not in scene.buttons()
    manager.dispatch(Key(pygame.K_r))
    click(manager, scene.leave_button.rect)
    assert link.asked() == [("ready", True), ("leave",), ("refresh",)]
    assert scene.stage == "lobby"


def test_a_connection_that_fails_goes_back_to_the_form_with_the_reason() -> None:
    link = FakeLink(problem="cannot reach the server (is it running, and is the address right?)",
                    failed=True)  # fmt: skip
    manager, scene, _, _, _ = make(link)
    scene.update(0.1)
    assert scene.stage == "form" and scene.link is None and ("close",) in link.calls
    assert scene.error.startswith("cannot reach the server")
    # Shown capitalised by the form, just under its How to play button (not at the
    # window's foot, 160 px below the form at 1280 x 800, where nobody looks).
    with report_text() as report:
        scene.draw(pygame.Surface((1280, 800)))
    [line] = [rect for text, rect, _surface, _clip in report.drawn
              if text.startswith("Cannot reach the server")]  # fmt: skip
    form = [*(f.rect for f in scene.fields), *(b.rect for b in scene.buttons())]
    form += [rect for text, rect, _surface, _clip in report.drawn
             if text.startswith("A friend's server")]  # fmt: skip
    lowest = max(r.bottom for r in form)
    assert lowest < line.top <= lowest + scene.unit  # was at y 760, the form ends at 474
    assert scene.fields[0].rect.left <= line.centerx <= scene.fields[0].rect.right
    assert line.bottom < 800


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (800, 1000)])
def test_every_stage_keeps_its_buttons_apart_and_on_screen(size: tuple[int, int]) -> None:
    for link in (None, FakeLink(),
                 FakeLink(table=table(4, code="ABCDEF", c0=chair("Ann", 0)), chair=0)):  # fmt: skip
        scene = LobbyScene(lambda a, n: FakeLink(), lambda: None, lambda s: None, link=link,
                           on_help=lambda rules, name: None)  # fmt: skip
        SceneManager(size).push(scene)
        assert scene.help_button in scene.buttons()  # How to play online, at every stage
        rects = [b.rect for b in scene.buttons()] + [f.rect for f in scene._fields()]
        screen = pygame.Rect(0, 0, *size)
        assert all(screen.contains(r) for r in rects), (size, scene.stage, rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_home_shows_play_online_when_the_app_offers_it() -> None:
    calls: list[str] = []
    home = HomeScene(lambda n: None, lambda: None, on_online=lambda: calls.append("online"))
    SceneManager((1280, 800)).push(home)
    assert home.online_button is not None and home.online_button.label == "Play online"
    home.handle(Click(home.online_button.rect.center))
    assert calls == ["online"]


def test_the_name_stops_at_24_characters_stays_in_its_box_and_its_error_shows_beside_it() -> None:
    from canasta.scenes.lobby import FieldError

    def connect(address: str, name: str) -> FakeLink:
        if not name.strip():
            raise FieldError("name", "Your name: a name has 1 to 24 characters.")
        raise FieldError("address", "the address has a bad port number")

    pygame.init()
    manager = SceneManager((480, 600))  # a narrow window: the field is 400 px wide
    scene = LobbyScene(connect, lambda: None, lambda started: None, address="h:1x", name="")
    manager.push(scene)
    scene._focus(scene.name)
    type_text(manager, "W" * 30)
    assert scene.name.text == "W" * 24  # typing stops at the limit
    surface = pygame.Surface((480, 600))
    strip = pygame.Rect(scene.name.rect.right + 1, scene.name.rect.y, 480 - scene.name.rect.right
                        - 1, scene.name.rect.height)  # fmt: skip

    def right_of_box() -> bytes:
        manager.draw(surface)
        return pygame.image.tobytes(surface.subsurface(strip), "RGB")

    long = right_of_box()
    scene.name.text = ""
    assert right_of_box() == long  # nothing of the 24 W's is drawn past the box

    scene._focus(scene.address)
    manager.dispatch(Key(pygame.K_RETURN))  # no name: the reason under the name's field
    assert scene.name.error == "Your name: a name has 1 to 24 characters."
    assert scene.error == "" and scene.name.focused and scene.address.error == ""
    manager.draw(surface)
    type_text(manager, "Zoe")  # typing clears it
    assert scene.name.text == "Zoe" and scene.name.error == ""
    manager.dispatch(Key(pygame.K_RETURN))
    assert scene.address.error == "the address has a bad port number" and scene.address.focused
    assert scene.name.error == "" and scene.stage == "form"


def test_a_lost_lobby_connection_clears_an_older_problem_for_the_reconnecting_line() -> None:
    link = FakeLink()
    manager, scene, *_ = make(link=link)
    scene.error = "That table's game has started"
    link.lost = True
    scene.update(1 / 30)
    assert scene.error == "" and scene.stage == "lobby"


def test_a_person_waiting_for_the_next_deal_sees_why_and_may_only_leave() -> None:
    """Asked for a computer's chair while a hand is in play: no seat yet, so no Ready and no
    Start (even at the host's chair); the chair map says the chair is theirs from the next
    deal and why its cards are not shown, and the chair's row says who comes."""
    waiting = SimpleNamespace(name=None, side=0, ready=False, away=False, computer=True,
                              left=False, waiting="Ann")  # fmt: skip
    playing = table(2, c0=waiting, c1=chair("Bob", 1, True))
    playing.status = "playing"
    link = FakeLink(table=playing, chair=0, next_deal=True)
    manager, scene, _, _, _ = make(link)
    assert scene.stage == "table" and not link.host
    assert scene.ready_button not in scene.buttons() and scene.start_button not in scene.buttons()
    assert scene.leave_button in scene.buttons()
    with report_text() as report:
        scene.draw(pygame.Surface((1280, 800)))
    drawn = [text for text, _rect, _surface, _clip in report.drawn]
    assert "You take chair 1 over at the next deal." in drawn
    assert "Ann from the next deal · host" in drawn  # (the host tag: chair 1 is its)
    # the chair is the computer's until the deal: not "Computer (you)"
    assert "Chair 1 · Side 1 · Computer" in drawn
    assert report.misfits == []
    click(manager, scene.leave_button.rect)
    assert link.asked() == [("leave",), ("refresh",)] and scene.stage == "lobby"


def test_the_wait_for_the_next_deal_wraps_in_a_narrow_window_in_german() -> None:
    """Online testing, two windows side by side (640x800): the German sentence of the wait
    for the next deal was shrunk to an unreadable size and still ran off both edges; it
    wraps onto lines at a readable size, each inside the window."""
    from canasta import i18n
    from canasta.net.server_words import english, say

    waiting = SimpleNamespace(name=None, side=0, ready=False, away=False, computer=True,
                              left=False, waiting="Cat")  # fmt: skip
    playing = table(4, c0=chair("Ann", 0, True), c2=waiting)
    playing.status = "playing"

    class Waiting(FakeLink):
        def waiting_line(self) -> str:
            return say("next_deal", {"chair": 3}, english("next_deal", chair=3))

    link = Waiting(table=playing, chair=2, next_deal=True)
    assert i18n.set_language("de") == "de"
    try:
        manager, scene, _, _, _ = make(link)
        manager.resize((640, 800))
        sentence = link.waiting_line()
        assert sentence.startswith("Du übernimmst Platz 3 beim nächsten Geben")
        with report_text() as report:
            scene.draw(pygame.Surface((640, 800)))
    finally:
        i18n.set_language("en")
    lines = [(text, rect) for text, rect, _surface, _clip in report.drawn
             if text and text in sentence and len(text) > 20]  # fmt: skip
    assert len(lines) >= 2 and " ".join(text for text, _rect in lines) == sentence
    # each line at 16 px (it was shrunk to MIN_TEXT_PX, 12 px, and still too wide)
    assert all(rect.size == render_text(text, 16, (0, 0, 0)).get_size() for text, rect in lines)
    assert all(rect.left >= 20 and rect.right <= 620 for _text, rect in lines)
    assert report.misfits == []


def test_the_chair_map_names_the_address_a_browser_joins_the_table_at() -> None:
    from canasta.scenes.lobby_chairs import browser_link

    assert browser_link("ws://192.168.1.20:8765", "ABC234") == "http://192.168.1.20:8765/t/ABC234"
    assert browser_link("wss://cards.example.org/", "ABC234") == (
        "https://cards.example.org/t/ABC234"
    )
    assert browser_link("http://x", "ABC234") is None
    assert browser_link(None, "ABC234") is None


def test_the_lobby_column_scrolls_in_the_smallest_window() -> None:
    """At 480 x 340 the lobby's buttons do not all fit: the wheel over the column and its
    arrow bring Back into view (the first buttons leave it, and their clicks do nothing),
    typing a code shows the join code, and a 1280 x 800 window shows them all again."""
    manager, scene, link, _, events = make(FakeLink())
    manager.resize((480, 340))
    assert scene.create2_button in scene.buttons()
    assert scene.lobby_back_button not in scene.buttons()
    arrow = scene.column.arrows()
    assert [steps for _rect, steps in arrow] == [-1]  # more below only
    assert manager.dispatch(Wheel((400, 200), -20))
    assert scene.lobby_back_button in scene.buttons()
    assert scene.create2_button not in scene.buttons()
    assert scene.lobby_back_button.rect.bottom <= 340 - scene.unit
    assert not manager.dispatch(Wheel((400, 200), -1))  # already at the foot
    assert not manager.dispatch(Click(scene.create2_button.rect.center))
    click(manager, scene.lobby_back_button.rect)
    assert events == ["home"]


def test_typing_a_code_in_a_short_lobby_scrolls_to_the_field() -> None:
    manager, scene, link, _, _ = make(FakeLink())
    manager.resize((480, 340))
    assert not scene.showing(scene.code)
    up = scene.column.first
    [(rect, steps)] = scene.column.arrows()
    click(manager, rect)
    assert scene.column.first == up + 1
    manager.dispatch(Wheel((400, 200), 5))
    assert scene.column.first == 0
    type_text(manager, "ab")
    assert scene.showing(scene.code) and scene.code.text == "ab"
    assert scene.code.rect.y >= 0 and scene.code.rect.bottom <= 340
    manager.resize((1280, 800))
    assert scene.lobby_back_button in scene.buttons() and scene.create2_button in scene.buttons()


def test_the_chair_map_keeps_its_rows_above_its_buttons_in_the_smallest_window() -> None:
    """At 480 x 340 a four-chair map is drawn compactly: every row lies under the join code
    and above Ready, Start and Leave, which lie above How to play online, all in the
    window and above the problem line; a free chair's row still takes the click."""
    link = FakeLink(table=table(4, code="SP6BJ6", c0=chair("Ann", 0), c1=chair("Bob", 1)),
                    chair=0)  # fmt: skip
    manager, scene, _, _, _ = make(link)
    scene.on_help = lambda rules, name: None
    manager.resize((480, 340))
    scene.draw(pygame.Surface((480, 340)))
    rows = [rect for rect, _chair in scene.free_chairs]
    assert [chair for _rect, chair in scene.free_chairs] == [2, 3]
    buttons = scene.buttons()
    assert scene.help_button in buttons and len(buttons) == 4
    for button in buttons:
        assert pygame.Rect(0, 0, 480, 340 - scene.unit).contains(button.rect)
        assert all(button.rect.top > row.bottom for row in rows)
    assert scene.help_button.rect.top > scene.ready_button.rect.bottom
    assert rows[0].bottom < rows[1].top and rows[1].height >= 16
    click(manager, rows[1])
    assert link.asked() == [("move_to", 3)]
