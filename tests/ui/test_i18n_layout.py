"""Every scene in every language fits its boxes.

Each scene is built and drawn in each language at 1280x800 and in a portrait window while
:func:`canasta.ui.text.report_text` listens; a scene fails on any text that did not fit its
box at a readable size (the fitting code reports it), that was cut off at the window's
edge, or that lies over another text. The table is drawn in two- and four-player games
with the longest refusal message of the language in the strip, and again with the longest
hint; the four-player table also with the partner's question. The online lobby
(connected, with the longest of the server's sentences), its chair map and the online
tables (names as long as a name may be, the turn clock, a player away, one who left, the
longest notice) are drawn too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from canasta import i18n
from canasta.ai.hard import Advice
from canasta.ai.reasons import gain_words
from canasta.app import App
from canasta.engine.cards import KIND_NAME
from canasta.engine.moves import Move, MoveType
from canasta.engine.refusals import MESSAGES, Code, Refusal
from canasta.engine.speech import _, ngettext
from canasta.persistence.paths import default_paths
from canasta.persistence.records import recent_records
from canasta.scenes.base import Scene
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.howto import HowToPlayScene
from canasta.scenes.replay import ReplayScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.table import TableScene
from canasta.ui.text import MIN_TEXT_PX, get_font, report_text
from canasta.window_limits import SMALLEST_WINDOW
from tests.ui.test_replay import finished_game
from tests.ui.test_table_buttons import table

LANDSCAPE = (1280, 800)
PORTRAIT = (600, 960)
KINGS7 = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
NINES = ["9S", "9H", "9D", "2C", "JK"]

#: Two players, the person to play, melds on both sides, a frozen pile.
TWO = {
    "rules": {"players": 2}, "turn": 0, "phase": "play",
    "hands": [["QS", "QH", "4C", "5D", "6H", "7S", "8C", "TD", "JH", "AS", "3C"],
              ["7C", "7D", "8S", "JC", "QC", "4H"]],
    "melds": [{"K": KINGS7, "9": NINES}, {"6": ["6C", "6D", "6S", "2D"]}],
    "pile": ["5H", "2S", "TC", "8H"], "side_scores": [1250, 3490],
}  # fmt: skip
#: Four players: the person's turn to play, partner's melds, scores in the thousands.
FOUR = {
    "rules": {"players": 4, "ask_permission": True}, "turn": 0, "phase": "play",
    "hands": [["QS", "QH", "4C", "5D", "6H", "7S", "8C", "TD", "JH", "AS", "3C"],
              ["7C", "7D", "8S"], ["JC", "QC", "4H", "4D"], ["5S", "5C", "TH", "TS", "AD"]],
    "melds": [{"K": KINGS7, "9": NINES}, {"6": ["6C", "6D", "6S", "2D"]}],
    "pile": ["5H", "TC", "8H"], "side_scores": [1250, 3490],
}  # fmt: skip
#: Four players: the partner asks "may I go out?" and the person answers.
ASKING = {**FOUR, "turn": 2, "phase": "answer", "asked": True}

#: Plausible details for every placeholder a refusal message names.
DETAILS: dict[str, Any] = {
    "expected": "draw from the stock or take the pile first", "mover": 3, "move": "draw",
    "rank": KIND_NAME[10], "minimum": 120, "points": 95, "buried": 14, "stock": 12,
    "reason": " by a wild card or red three in it", "count": 2, "naturals": 1, "wilds": 2,
    "cap": 3, "needed": 2, "have": 1,
    "why": "your side needs 2 canastas to go out, and this hand can't complete them",
}  # fmt: skip

#: The hard level's reasons (English keys, a pair where the pile's size picks the plural);
#: the longest of each language is shown.
HINTS: list[str | tuple[str, str]] = [
    (
        "Leave the pile ({pile} card) and let the hand end: taking it scores less{gain}.",
        "Leave the pile ({pile} cards) and let the hand end: taking it scores less{gain}.",
    ),
    (
        "Draw from the stock: the pile ({pile} card) costs more than it brings{gain}.",
        "Draw from the stock: the pile ({pile} cards) costs more than it brings{gain}.",
    ),
    (
        "Take the pile ({pile} card) with your {rank}{gain}.",
        "Take the pile ({pile} cards) with your {rank}{gain}.",
    ),
    "Discard {card} to freeze the pile: then only a natural pair takes it{gain}.",
    "Discard {card}: the pile is frozen already, and a wild card on top blocks it for one "
    "turn{gain}.",
    "Discard {card}: from what they probably hold, this works out best{gain}.",
    "Discard {card}: the card least likely to give them the pile{gain}.",
    "Go out now for the bonus: their cards in hand count against them{gain}.",
    "Don't go out yet: another canasta is close{gain}.",
    "Keep your pairs in hand: they let you take the pile later{gain}.",
]


def widest(texts: list[str], size: int = 20) -> str:
    """The text that draws widest at ``size`` px."""
    return max(texts, key=lambda text: get_font(size).size(text)[0])


def longest_refusal() -> str:
    """The widest refusal message in the language in use, with real details."""
    texts = []
    for code in Code:
        names = set(re.findall(r"{(\w+)}", MESSAGES[code])) - {"needed_text"}
        needed = {"needed"} if "{needed_text}" in MESSAGES[code] else set()
        texts.append(Refusal(code, {k: DETAILS[k] for k in names | needed}).message())
    return widest(texts)


def longest_hint() -> str:
    """The widest hint line in the language in use."""
    pile = 23
    details = {"pile": pile, "gain": gain_words(182), "card": "10\u2666", "rank": _(KIND_NAME[9])}
    texts = [
        (_(hint) if isinstance(hint, str) else ngettext(*hint, pile)).format(**details)
        for hint in HINTS
    ]
    return widest(texts)


#: The height (px) of a line drawn at :data:`MIN_TEXT_PX`: no text a player reads is lower.
READABLE_LINE = get_font(MIN_TEXT_PX).get_linesize()


def problems(surface: pygame.Surface, draw: Callable[[], None]) -> list[str]:
    """What did not fit while ``draw`` drew on ``surface``: a text that did not fit its box
    or was drawn below :data:`MIN_TEXT_PX`, cut off by the window, or over another."""
    with report_text() as report:
        draw()
    found = list(report.misfits)
    bounds = surface.get_rect()
    drawn = [(text, rect, clip) for text, rect, target, clip in report.drawn
             if target is surface and rect.colliderect(clip)]  # fmt: skip
    found += [f"{text!r} at {tuple(rect)} is drawn {rect.height} px high, under "
              f"{MIN_TEXT_PX} px type" for text, rect, _clip in drawn
              if text.strip() and rect.height < READABLE_LINE]  # fmt: skip
    for text, rect, clip in drawn:
        if clip == bounds and not bounds.contains(rect):  # (a scrolled list clips its rows)
            found.append(f"{text!r} at {tuple(rect)} is cut off by the window {bounds.size}")
    shown = [(text, rect.clip(clip)) for text, rect, clip in drawn]
    for i, (text, rect) in enumerate(shown):
        for other, other_rect in shown[i + 1 :]:
            overlap = rect.clip(other_rect)
            if text != other and overlap.width > 2 and overlap.height > 2:
                found.append(f"{text!r} {tuple(rect)} lies over {other!r} {tuple(other_rect)}")
    return found


def draw_top(app: App) -> Callable[[], None]:
    """Draw the scene on top (a dialog without the screen under it, whose words it hides)."""
    surface = pygame.display.get_surface()
    return lambda: app.manager.top.draw(surface)


def app_scenes(size: tuple[int, int]) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, draw) for every screen the App builds, in the language in use."""
    pygame.display.set_mode(size)
    code = i18n.language()
    app = App(size)  # it speaks the settings' language, or the system's: the one tested
    app.session.update_settings(language=code)
    assert i18n.set_language(code) == code
    app.session.stats.record_game("2p-full", "g", True, 5120)
    app.home()
    yield "home", draw_top(app)
    app.settings()
    yield "settings", draw_top(app)
    app.rule_options()
    yield "rule options", draw_top(app)
    app.how_to_play()
    scene = app.manager.top
    assert isinstance(scene, HowToPlayScene)
    for page in range(len(scene.pages)):
        scene.page = page
        scene.resize(size)
        yield f"how to play page {page + 1}", draw_top(app)
    app.online.open()  # the Play online form (not connected)
    yield "play online", draw_top(app)
    app.stats()
    yield "stats", draw_top(app)
    stats = app.manager.top
    stats.ask_reset()  # type: ignore[attr-defined]
    yield "reset stats question", draw_top(app)
    app.home()
    app.session.game_at_stake = lambda: object()  # type: ignore[assignment,return-value]
    app.ask_new_game(2)  # a game is at stake: the abandon question
    assert isinstance(app.manager.top, ConfirmDialog)
    yield "abandon question", draw_top(app)
    del app.session.game_at_stake
    finished_game(app)  # a quick game played by computers: a record to list and replay
    app.stats(show_games=True)
    yield "recent games", draw_top(app)
    path = recent_records(default_paths().games)[0]
    assert app.replays.from_file(path)
    replay = app.manager.top
    assert isinstance(replay, ReplayScene)
    yield "replay at its start", draw_top(app)
    for _move in range(6):
        replay.step_forward()
    yield "replay, a move", draw_top(app)
    replay.to_end()
    yield "replay at the end", draw_top(app)


def settled(data: dict[str, Any], size: tuple[int, int]) -> TableScene:
    """The table of position ``data`` with every card at rest (the deal's flight over)."""
    scene = table(data, size)
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    for _frame in range(600):
        manager.update(1 / 60)
    return scene


def quick_scoreboard(size: tuple[int, int]) -> ScoreboardScene:
    """The scoreboard of a finished quick two-player hand, with all four buttons, laid out
    at ``size`` (pixels)."""
    scene = table({**TWO, "rules": {"players": 2, "quick_game": True},
                   "hands": [["QS", "QH", "QD", "4C"], ["7C", "8C"]]}, size)  # fmt: skip
    controller = scene.controller
    hand = controller.hand
    controller.submit_plan([hand.parse_move("meld QS QH QD"), hand.parse_move("discard 4C")])
    board = ScoreboardScene(controller, 0, on_continue=lambda: None, on_new_game=lambda: None,
                            on_home=lambda: None, on_replay=lambda: None,
                            on_play_again=lambda: None)  # fmt: skip
    board.resize(size)
    return board


def table_scenes(size: tuple[int, int]) -> Iterator[tuple[str, Scene, Callable[[], None]]]:
    """(name, scene, draw) for the tables, the scoreboard and the replay."""
    for name, data in (("2p", TWO), ("4p", FOUR)):
        scene = settled(data, size)
        manager = scene.manager_for_test  # type: ignore[attr-defined]
        surface = pygame.display.get_surface()
        scene.toast.show(longest_refusal(), 3.0)
        manager.update(1 / 60)
        yield f"table {name} with a refusal", scene, lambda m=manager, s=surface: m.draw(s)
        scene.toast.alpha = 0.0
        scene.toast.text = ""
        advice = Advice(Move(MoveType.DISCARD, (scene.controller.hand.hands[0][0],)),
                        longest_hint())  # fmt: skip
        scene.controller.poll_hint = lambda a=advice: a  # type: ignore[method-assign]
        scene.hint.wanted = True
        yield f"table {name} with a hint", scene, lambda m=manager, s=surface: m.draw(s)
    scene = settled(TWO, size)
    scene.help.toggle()  # the keys overlay (F1)
    # The table under the keys, which the panel covers: only the panel's words are checked.
    scene.manager_for_test.draw(surface)  # type: ignore[attr-defined]
    yield "table 2p, the keys", scene, lambda s=scene, t=surface: s.help.draw(t)
    scene = settled(ASKING, size)
    manager = scene.manager_for_test  # type: ignore[attr-defined]
    yield "table 4p, the partner asks", scene, lambda m=manager, s=surface: m.draw(s)
    board = quick_scoreboard(size)
    yield "scoreboard", board, lambda: board.draw(pygame.display.get_surface())


#: Names as long as players type them (the longest is the 24 characters a name may have).
NAMES = ("Maximiliane Oberhauser", "Jean-Baptiste Rousseau", "Guadalupe Fernández", "W" * 24)
#: Plausible details for every placeholder a server's sentence names.
SERVER_DETAILS: dict[str, Any] = {
    "limit": 4096, "where": "join.chair", "server": 2, "yours": 1, "why": "the disk is full",
    "chair": 4, "chairs": "2, 4", "preset": "Hoyle", "name": NAMES[0], "seconds": 300,
}  # fmt: skip


def longest_server_words() -> str:
    """The widest of the server's sentences (lobby errors, refusals, notices) in the
    language in use, with real details."""
    from canasta.net.server_words import WORDS, say

    texts = [say(code, SERVER_DETAILS, "?") for code in WORDS]
    assert "?" not in texts
    return widest(texts)


def online_link(players: int) -> Any:
    """A connected link (no network) seated at chair 0 of a table of ``players``, the turn
    clock running, one person away and one who left, and the game started."""
    from canasta.engine.game import Game
    from canasta.engine.position import state_from_data
    from canasta.engine.rules import CLASSIC
    from canasta.net.link import OnlineLink
    from canasta.net.protocol import ChairInfo, ClockInfo, ClockOption, Seated, TableInfo, View
    from canasta.net.views import view_model
    from tests.net.test_link import StubClient

    data = FOUR if players == 4 else TWO
    game = Game(CLASSIC.with_options(**data["rules"]), 5)
    game.hand = state_from_data(data)
    chairs = [ChairInfo(name="Ann", side=0, ready=True, computer=False),
              ChairInfo(name=NAMES[1], side=1, ready=True, away=True, computer=False),
              ChairInfo(side=0), ChairInfo(name=NAMES[3], side=1, away=True, left=True,
                                           open=True)][:players]  # fmt: skip
    info = TableInfo(id="ab12", preset="Book rules", players=players, public=False,
                     level="hard", status="playing", host=0, chairs=chairs, code="SP6BJ6",
                     clock=ClockOption(move_seconds=30, bank_seconds=120))  # fmt: skip
    link = OnlineLink("ws://h:1", "Ann", make_client=StubClient)  # type: ignore[arg-type]
    client = link.client
    client.connecting.set_result(None)  # type: ignore[attr-defined]
    clock = ClockInfo(seat=0, move_left=28, bank_left=117)
    client.inbox += [
        Seated(table=info, chair=0, token="t" * 20),  # type: ignore[attr-defined]
        View(view=view_model(game.hand.view_for(0), game), clock=clock),
    ]
    link.pump()
    assert link.game is not None
    return link


def online_scenes(size: tuple[int, int]) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, draw) for the connected lobby, the chair map and the online tables."""
    from canasta.net.server_words import say
    from canasta.scenes.base import SceneManager
    from canasta.scenes.lobby import LobbyScene
    from tests.ui.test_lobby import FakeLink
    from tests.ui.test_lobby import table as lobby_table

    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    places = [_("Computer (West)"), _("Computer (partner)"), _("Computer (East)")]

    class Link(FakeLink):
        def chair_name(self, chair: int) -> str:
            name = self.table.chairs[chair].name
            return name if name is not None else widest(places)

    def person(name: str, side: int, **state: Any) -> Any:
        from types import SimpleNamespace

        fields = {"ready": False, "away": False, "computer": False, "left": False,
                  "open": False, **state}  # fmt: skip
        return SimpleNamespace(name=name, side=side, **fields)

    playing = lobby_table(4, c0=person(NAMES[0], 0, ready=True),
                          c1=person(NAMES[1], 1, ready=True, away=True, computer=True,
                                    left=True, open=True))  # fmt: skip
    playing.status, playing.clock, playing.preset = "playing", object(), "Book rules"
    waiting = lobby_table(2, c0=person(NAMES[3], 0))
    link = Link(tables=[playing, waiting, lobby_table(4)])
    manager = SceneManager(size)
    scene = LobbyScene(lambda a, n: link, lambda: None, lambda s: None, link=link,
                       on_help=lambda rules, name: None)  # fmt: skip
    manager.push(scene)
    scene.error = longest_server_words()
    yield "online lobby", lambda: scene.draw(surface)
    scene.error = say("chair_busy", SERVER_DETAILS, "")
    map_link = Link(table=lobby_table(4, code="SP6BJ6", c0=person(NAMES[3], 0, ready=True),
                                      c1=person(NAMES[1], 1, away=True)), chair=0)  # fmt: skip
    map_link.table.clock = SimpleClock = type("Clock", (), {"move_seconds": 60.0,
                                                            "bank_seconds": 300.0})()  # fmt: skip
    assert SimpleClock is map_link.table.clock
    chairs = LobbyScene(lambda a, n: map_link, lambda: None, lambda s: None, link=map_link,
                        on_help=lambda rules, name: None)  # fmt: skip
    manager.push(chairs)
    yield "online chair map", lambda: chairs.draw(surface)
    for players in (2, 4):
        online = online_link(players)
        table_scene = TableScene(online.game, lambda c: None, lambda: None,
                                 status=online.table_line,
                                 notices=online.take_notice)  # fmt: skip
        table_manager = SceneManager(size)
        table_manager.push(table_scene)
        for _frame in range(600):
            table_manager.update(1 / 60)
        yield (f"online table {players}p",
               lambda m=table_manager, s=surface: m.draw(s))  # fmt: skip
        notice = longest_server_words()
        online.notice = (notice, online.now() + 60)
        table_manager.update(1 / 60)  # the notice shows over the prompt
        assert table_scene.toast.text == notice and online.notice is None
        yield (f"online table {players}p, a notice",
               lambda m=table_manager, s=surface: m.draw(s))  # fmt: skip


LANGUAGES = list(i18n.LANGUAGES)


@pytest.fixture(params=LANGUAGES, ids=[f"lang_{c}" for c in LANGUAGES])
def language(request) -> Iterator[str]:
    assert i18n.set_language(request.param) == request.param  # its catalogue ships
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["1280x800", "portrait"])
def test_every_screen_fits_in_every_language(language: str, size: tuple[int, int]) -> None:
    found = []
    for name, draw in app_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["1280x800", "portrait"])
def test_every_table_fits_in_every_language(language: str, size: tuple[int, int]) -> None:
    found = []
    for name, _scene, draw in table_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["1280x800", "portrait"])
def test_the_online_lobby_and_table_fit_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    found = []
    for name, draw in online_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


def test_the_language_setting_switches_at_once_and_is_remembered(monkeypatch) -> None:
    from tests.ui.test_app_scenes import choose, press

    monkeypatch.setenv("LANGUAGE", "fr_FR")  # the system speaks French: so does the game
    pygame.display.set_mode(LANDSCAPE)
    app = App(LANDSCAPE)
    assert i18n.language() == "fr"
    app.home()
    home = app.manager.top
    assert home.named["Settings"].label == "R\u00e9glages"  # type: ignore[attr-defined]
    press(app, "Settings")
    settings = app.manager.top
    assert settings.settings.language == "fr"  # type: ignore[attr-defined]
    scene = choose(app, "language", "de")  # by clicks on the arrows, the screen rebuilt
    assert i18n.language() == "de" and scene is not settings
    assert scene.title == "Einstellungen" and scene.options[0].label == "Regeln"
    app.home()
    assert app.manager.top.named["Start new game"].label == _("Start new game")  # type: ignore[attr-defined]
    assert _("Start new game") != "Start new game"
    i18n.set_language("en")
    again = App(LANDSCAPE)  # the next start speaks German, whatever the system says
    assert again.session.settings.language == "de" and i18n.language() == "de"


#: Window sizes from the smallest the table supports to full HD, both ways round.
TABLE_SIZES = [(960, 600), (600, 960), (1280, 800), (1920, 1080), (1080, 1920)]


@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
def test_seat_labels_are_readable_at_every_size_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    """Every seat's label is drawn at least :data:`SEAT_LABEL_PX` (lines of 14 px, about
    10 px before: too small to read at 600x960), and the tables still fit."""
    from canasta.scenes.table.furniture import name_of
    from canasta.scenes.table.seats import SEAT_LABEL_PX

    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    line = get_font(SEAT_LABEL_PX).get_linesize()
    assert line >= 14
    found = []
    for data in (TWO, FOUR):
        scene = settled(data, size)
        manager = scene.manager_for_test  # type: ignore[attr-defined]
        with report_text() as report:
            manager.draw(surface)
        view = scene.controller.view()
        for seat in range(view.players):
            first = name_of(view, seat, plate=True).split()[0]
            labels = [(text, rect) for text, rect, target, _clip in report.drawn
                      if target is surface and text.startswith(first)]  # fmt: skip
            assert labels, (size, seat, first)
            found += [f"{text!r} is {rect.height} px high" for text, rect in labels
                      if rect.height < line]  # fmt: skip
        found += problems(surface, lambda m=manager: m.draw(surface))
    assert found == []


#: The smallest landscape window the table is laid out for, and two larger ones.
SMALL_SIZES = [(800, 600), (960, 600), (1280, 800)]


@pytest.mark.parametrize("size", SMALL_SIZES, ids=[f"{w}x{h}" for w, h in SMALL_SIZES])
def test_the_strip_words_stay_off_the_melds_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    """At 800 x 600, in German, with four players: the prompt and a hint lie in
    the message strip, clear of both sides' meld areas, and their lines read at
    READABLE_PX or more; the longest refusal of the language fits (on a panel grown over
    the table where the strip is too small for it) and stays on the window."""
    from canasta.scenes.table.strip import READABLE_PX

    pygame.display.set_mode(size)
    surface = pygame.display.get_surface()
    readable = get_font(READABLE_PX).get_linesize()
    found = []
    hint = _("Discard {card}: the card least likely to give them the pile{gain}.").format(
        card="10\u2666", gain=""
    )
    for data in (TWO, FOUR):
        scene = settled(data, size)
        manager = scene.manager_for_test  # type: ignore[attr-defined]
        layout = scene.layout
        assert layout is not None
        advice = Advice(Move(MoveType.DISCARD, (scene.controller.hand.hands[0][0],)), hint)
        for case in ("prompt", "hint"):
            if case == "hint":
                scene.controller.poll_hint = lambda a=advice: a  # type: ignore[method-assign]
                scene.hint.wanted = True
            message = scene.message()
            with report_text() as report:
                manager.draw(surface)
            labels = [b.rect for b in scene.buttons()]
            lines = [(text, rect) for text, rect, target, _clip in report.drawn
                     if target is surface and text and text in message
                     and not any(label.contains(rect) for label in labels)]  # fmt: skip
            assert " ".join(text for text, _rect in lines).split() == message.split()
            for text, rect in lines:
                where = f"{data['rules']['players']}p {case} {text!r} {tuple(rect)}"
                if not layout.message.contains(rect):
                    found.append(f"{where} leaves the strip {tuple(layout.message)}")
                if any(rect.colliderect(melds) for melds in layout.melds):
                    found.append(f"{where} lies over a meld area")
                if rect.height < readable:
                    found.append(f"{where} is smaller than {READABLE_PX} px")
        scene.hint.wanted = False
        scene.toast.show(longest_refusal(), 3.0)
        manager.update(1 / 60)
        found += [f"refusal: {p}" for p in problems(surface, lambda m=manager: m.draw(surface))]
    assert found == []


#: The small landscape window players use most.
SMALLEST_SIZES = [(800, 600)]


@pytest.mark.parametrize("size", SMALLEST_SIZES, ids=[f"{w}x{h}" for w, h in SMALLEST_SIZES])
def test_every_screen_reads_at_12_px_in_a_small_window_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    """Nothing a player must read is drawn under 12 px, none of it leaves the window or lies
    over another text, in every screen the App builds (How to play's Keys page was 8 to 9
    px at 800 x 600; Settings' chips ran into each other; Stats' headers over its first
    row)."""
    found = []
    for name, draw in app_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


@pytest.mark.parametrize("size", SMALLEST_SIZES, ids=[f"{w}x{h}" for w, h in SMALLEST_SIZES])
def test_every_table_reads_at_12_px_in_a_small_window_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    found = []
    for name, _scene, draw in table_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=["800x600", "1280x800"])
def test_the_keys_pages_read_in_lines_of_12_px(language: str, size: tuple[int, int]) -> None:
    """How to play's keys (21 rows on one page read in 11 px lines at 1280 x 800 and 8 to
    9 px at 800 x 600) are on two pages whose every line is drawn at least 12 px high."""
    pygame.display.set_mode(size)
    app = App(size)
    app.how_to_play()
    scene = app.manager.top
    assert isinstance(scene, HowToPlayScene)
    keys = [i for i, page in enumerate(scene.pages) if page.title.startswith("Keys")]
    assert len(keys) == 2
    surface = pygame.display.get_surface()
    for index in keys:
        scene.page = index
        scene.resize(size)
        with report_text() as report:
            scene.draw(surface)
        rows = {text for left, right in scene.pages[index].table for text in (_(left), _(right))}
        lines = [(text, rect) for text, rect, _target, _clip in report.drawn
                 if any(text in row for row in rows)]  # fmt: skip
        assert len(lines) >= len(scene.pages[index].table) * 2
        assert [(t, r.height) for t, r in lines if r.height < 12] == []


#: The smallest window the game allows.
SMALLEST_WINDOW_SIZES = [SMALLEST_WINDOW]


@pytest.mark.parametrize(
    "size", SMALLEST_WINDOW_SIZES, ids=[f"{w}x{h}" for w, h in SMALLEST_WINDOW_SIZES]
)
def test_every_screen_reads_at_12_px_in_the_smallest_window_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    """At 480 x 340 nothing a player must read is under 12 px, leaves the window or lies
    over another text: long pages scroll rather than shrink."""
    found = []
    for name, draw in app_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


def test_a_page_too_long_for_the_smallest_window_scrolls_at_12_px() -> None:
    """In German at 480 x 340 the page on playing online runs past its panel at 12 px: Down
    and the wheel scroll it to its last line, Up back to its first."""
    from canasta.ui.input import Key, Wheel

    assert i18n.set_language("de") == "de"
    try:
        pygame.display.set_mode(SMALLEST_WINDOW)
        surface = pygame.display.get_surface()
        app = App(SMALLEST_WINDOW)
        app.how_to_play()
        scene = app.manager.top
        assert isinstance(scene, HowToPlayScene)
        scene.page = next(i for i, page in enumerate(scene.pages)
                          if page.title == "Playing online")  # fmt: skip
        scene.resize(SMALLEST_WINDOW)
        last = _(scene.pages[scene.page].text).split()[-1]

        def lines() -> list[tuple[str, pygame.Rect]]:
            with report_text() as report:
                scene.draw(surface)
            assert report.misfits == []
            return [(text, rect) for text, rect, _target, clip in report.drawn
                    if rect.colliderect(clip)]  # fmt: skip

        first = lines()
        assert scene.max_scroll > 0 and scene.scroll == 0
        assert not any(text.endswith(last) for text, _rect in first)
        assert min(rect.height for _text, rect in first) >= READABLE_LINE
        for _step in range(200):
            scene.handle(Key(pygame.K_DOWN, 0, ""))
        assert scene.scroll == scene.max_scroll
        assert any(text.endswith(last) for text, _rect in lines())
        scene.handle(Wheel((10, 10), 1))
        assert scene.scroll < scene.max_scroll
        for _step in range(200):
            scene.handle(Key(pygame.K_UP, 0, ""))
        assert scene.scroll == 0
        scene.turn(1)
        assert scene.scroll == 0
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    "size", SMALLEST_WINDOW_SIZES, ids=[f"{w}x{h}" for w, h in SMALLEST_WINDOW_SIZES]
)
def test_every_table_reads_at_12_px_in_the_smallest_window_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    found = []
    for name, _scene, draw in table_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


@pytest.mark.parametrize(
    "size", SMALLEST_WINDOW_SIZES, ids=[f"{w}x{h}" for w, h in SMALLEST_WINDOW_SIZES]
)
def test_the_online_screens_read_at_12_px_in_the_smallest_window_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    found = []
    for name, draw in online_scenes(size):
        found += [f"{name}: {p}" for p in problems(pygame.display.get_surface(), draw)]
    assert found == []


def test_home_with_a_saved_game_keeps_every_button_in_the_smallest_window(language: str) -> None:
    """A saved game adds Continue and its line: the buttons rise (the fan gives way) so
    Sound and Quit stay in a 480 x 340 window, every word read at 12 px."""
    from canasta.scenes.home import HomeScene

    pygame.display.set_mode(SMALLEST_WINDOW)
    surface = pygame.display.get_surface()

    def nothing() -> None:
        return None

    home = HomeScene(lambda players: None, nothing, on_continue=nothing, on_online=nothing,
                     on_settings=nothing, on_how_to_play=nothing, on_stats=nothing,
                     on_sound=lambda: True,
                     saved=_("Classic") + " \u00b7 2 \u00b7 " + NAMES[0])  # fmt: skip
    home.resize(SMALLEST_WINDOW)
    assert problems(surface, lambda: home.draw(surface)) == []
    assert all(surface.get_rect().contains(button.rect) for button in home.buttons)
    assert len(home.buttons) == 8
