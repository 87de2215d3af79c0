"""Replays on screen (dummy video driver): a hand watched again from the scoreboard, forward
and back to the end, both views, the keys; "Play this deal again"; the stats list of
recent games; ``canasta replay`` refusing a broken record before any window opens."""

from __future__ import annotations

import json

import pygame
import pytest

from canasta.app import App
from canasta.cli import main
from canasta.engine.state import HandState
from canasta.i18n import date_time
from canasta.persistence.paths import default_paths
from canasta.persistence.records import canonical, recent_records, same_state
from canasta.scenes.home import HomeScene
from canasta.scenes.replay import SPEEDS, ReplayScene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.stats import StatsScene
from canasta.scenes.table import TableScene
from canasta.ui.input import post_key
from canasta.ui.text import report_text
from tests.ui.test_table_plays_a_hand import click, pump

SIZE = (1280, 800)


@pytest.fixture
def window(monkeypatch):
    """The window; computer players decide in this process, between frames, so a hand
    takes the same number of frames however busy the machine is (a worker process would
    answer in real time, and a loaded machine would need more frames)."""
    monkeypatch.setattr(App, "decision_worker", lambda self: None)
    pygame.init()
    return pygame.display.set_mode(SIZE)


def demo_to_scoreboard(app: App, players: int = 2) -> ScoreboardScene:
    """Computers play a hand (fast speed) until the scoreboard shows."""
    app.session.update_settings(speed="fast", game_type="quick")
    app.new_game(players)
    for _ in range(4000):
        pump(app, 0.25)
        if isinstance(app.manager.top, ScoreboardScene):
            return app.manager.top
    raise AssertionError("the hand did not reach the scoreboard")


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


def expected_states(hand: HandState) -> list[dict]:
    """Every state of the hand, from its deal and history (exact card identities)."""
    state = HandState.deal(hand.rules, hand.deal_number, hand.dealer, hand.side_scores)
    out = [canonical(state)]
    for move in hand.history:
        state.apply(move)
        out.append(canonical(state))
    return out


def key(app: App, k: int) -> None:
    post_key(k)
    pump(app)


def settled(scene: ReplayScene) -> bool:
    return all(
        s.target is not None and s.pos == (s.target.x, s.target.y) for s in scene.sprites.values()
    )


def test_a_hand_replays_forward_and_back_and_ends_on_the_scoreboard_state(window):
    app = App(SIZE, demo=True, seed=21)
    board = demo_to_scoreboard(app)
    game = app.table.controller.game
    states = expected_states(game.hand)
    n = len(game.hand.history)
    click(app, button(board, "Replay hand").rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplayScene) and scene.index == 0
    assert len(scene.hand.moves) == n and scene.turn_starts[0] == 0
    pump(app, 3.0)
    assert settled(scene)
    for i in range(1, n + 1):  # Right: one move on, every state as it was in play
        key(app, pygame.K_RIGHT)
        assert scene.index == i and canonical(scene.controller.hand) == states[i]
        if i % 25 == 0:
            app.manager.draw(window)
    pump(app, 2.0)
    assert settled(scene) and scene.reveal  # every hand face up, as on the scoreboard
    final = scene.controller.hand
    assert final.ended and same_state(final, game.hand)
    assert scene.hand.score == game.scores[-1]
    us, them = game.scores[-1].totals
    assert scene.caption() == f"Hand over: us {us:,}, them {them:,}"
    for i in range(n - 1, -1, -1):  # Left: back to the deal, state by state
        key(app, pygame.K_LEFT)
        assert scene.index == i and canonical(scene.controller.hand) == states[i]
    pump(app, 2.0)
    assert settled(scene) and not scene.reveal
    key(app, pygame.K_END)
    assert scene.index == n
    key(app, pygame.K_HOME)
    assert scene.index == 0
    key(app, pygame.K_DOWN)  # the start of the next turn
    second = scene.turn_starts[1]
    assert scene.index == second and scene.state.turn != scene.hand.states[0].turn
    assert scene.state.phase.value == "draw"
    key(app, pygame.K_UP)
    assert scene.index == 0
    for _ in range(3):  # speeds: normal, double, fast, half
        key(app, pygame.K_s)
    assert scene.speed == SPEEDS[0] == 0.5
    assert scene.speed_button.label == "Speed: half"  # the speed now, in words
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    assert scene.speed_button.label == "Speed: five times"
    key(app, pygame.K_SPACE)  # play to the end by itself
    assert scene.playing
    for _ in range(2000):
        pump(app, 0.25)
        if not scene.playing:
            break
    assert scene.index == n and same_state(scene.controller.hand, game.hand)
    app.manager.draw(window)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is board


def test_the_views_and_the_timeline(window):
    app = App(SIZE, demo=True, seed=4)
    board = demo_to_scoreboard(app, players=4)
    click(app, button(board, "Replay hand").rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplayScene)
    pump(app, 3.0)
    middle = scene.turn_starts[len(scene.turn_starts) // 2]
    timeline = scene.controls.timeline
    fraction = (len(scene.turn_starts) // 2 + 0.5) / len(scene.turn_starts)
    click(app, (round(timeline.x + fraction * timeline.width), timeline.centery))
    assert scene.index == middle
    pump(app, 2.0)
    others = [c for seat in (1, 2, 3) for c in scene.state.hands[seat]]
    mine = scene.state.hands[0]
    # From your seat the others' cards are hidden slots: no sprite knows their identity.
    hidden = [k for k in scene.sprites if k < 0]
    assert others and not any(c in scene.sprites for c in others)
    assert len(hidden) == len(others) + len(scene.state.stock)
    assert not any(scene.sprites[k].face_up or scene.sprites[k].card in others for k in hidden)
    assert all(scene.sprites[c].face_up for c in mine)
    assert scene.view_button.label == "Show all"
    click(app, scene.view_button.rect.center)
    pump(app, 1.0)
    assert scene.view == "all" and all(scene.sprites[c].face_up for c in others)
    assert scene.view_button.label == "My seat"
    key(app, pygame.K_v)
    pump(app, 1.0)
    assert scene.view == "seat" and not any(c in scene.sprites for c in others)
    play = scene.transport[2]
    click(app, play.rect.center)
    assert scene.playing and play.name == "Pause" and scene.index in (middle, middle + 1)
    playing_at = scene.index
    click(app, scene.transport[3].rect.center)  # a step pauses
    assert not scene.playing and scene.index == playing_at + 1 and play.name == "Play"
    click(app, scene.back_button.rect.center)
    assert app.manager.top is board


def test_play_this_deal_again_deals_the_same_cards_to_the_same_seats(window):
    app = App(SIZE, demo=True, seed=9)
    board = demo_to_scoreboard(app)
    old = app.table.controller.game
    number, dealer = old.hand.deal_number, old.hand.dealer
    first = HandState.deal(old.rules, number, dealer)
    click(app, button(board, "Play this deal again").rect.center)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.controller.game is not old
    again = table.controller.game
    assert again.deal_numbers[0] == number and again.hand.dealer == dealer
    assert canonical(HandState.deal(again.rules, number, dealer)) == canonical(first)


def test_no_replay_button_when_replays_are_off(window):
    app = App(SIZE, demo=True, seed=21)
    app.session.update_settings(replays=False)
    board = demo_to_scoreboard(app)
    labels = [b.label for b in board.buttons]
    assert labels == ["New game", "Play this deal again", "Home"]


def finished_game(app: App) -> None:
    """The person's (tracked) quick game, played by computers, so a record is written."""
    app.demo = False
    app.session.update_settings(game_type="quick")
    from tests.persistence.helpers import boundaries, controller_for

    app.session.new_game(seed=33)
    for _ in boundaries(app.session, controller_for(app.session.current.game)):
        pass


def test_the_stats_screen_lists_recent_games_and_replays_one(window, caplog):
    app = App(SIZE)
    finished_game(app)
    (path,) = recent_records(default_paths().games)
    broken = path.with_name("00000000deadbeef.json")
    data = json.loads(path.read_text())
    data["hands"][0]["moves"][3] = "discard JK"
    broken.write_text(json.dumps(data))
    app.home()
    click(app, app.manager.top.named["Stats"].rect.center)
    stats = app.manager.top
    assert isinstance(stats, StatsScene) and not stats.showing_games
    key(app, pygame.K_g)
    assert stats.showing_games and len(stats.games.rows) == 2
    app.manager.draw(window)
    pairs = zip(stats.games.rows, stats.games.buttons, strict=True)
    rows = {row.path.name: (row, b) for row, (b, _) in pairs}
    bad_row, bad_button = rows[broken.name]
    assert bad_row.error is None and bad_button.enabled  # read, not yet replayed
    click(app, bad_button.rect.center)  # refused: the row says why, the list stays
    assert app.manager.top is stats and not bad_button.enabled
    bad_row = next(r for r in stats.games.rows if r.path == broken)
    assert f"{broken.name}: hand 1, move 4 ('discard JK') was refused" in bad_row.error
    # The row reads plainly, at the list's size, with its date and game;
    # the technical reason is in the log only.
    with report_text() as report:
        app.manager.draw(window)
    words = [(text, rect) for text, rect, target, _clip in report.drawn if target is window]
    texts = [text for text, _rect in words]
    assert date_time(bad_row.finished_at) in texts and "Classic · 2 players, 1 hand" in texts
    assert "This game cannot be replayed." in texts
    assert not any("refused" in text or ".json" in text for text in texts)
    good_result = next(rect for text, rect in words if text.startswith("You "))
    plain = next(rect for text, rect in words if text == "This game cannot be replayed.")
    assert plain.height == good_result.height  # one size for every row
    assert any(
        "cannot be replayed" in r.getMessage() and "('discard JK') was refused" in r.getMessage()
        for r in caplog.records
    )
    good_row, good_button = rows[path.name]
    assert good_row.error is None and good_row.players == 2 and good_row.hands == 1
    click(app, good_button.rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplayScene) and len(scene.hands) == 1
    key(app, pygame.K_END)
    assert scene.state.ended and scene.hand.score.totals == good_row.totals
    key(app, pygame.K_ESCAPE)
    stats = app.manager.top
    assert isinstance(stats, StatsScene) and stats.showing_games


def test_a_record_that_does_not_replay_goes_home_with_the_reason(window, tmp_path):
    app = App(SIZE)
    bad = tmp_path / "broken.json"
    bad.write_text('{"schema_version": 2}')
    app.replay_file(bad)
    home = app.manager.top
    assert isinstance(home, HomeScene)
    assert any("broken.json: the game record is not valid" in n for n in home.notices)


def test_canasta_replay_refuses_a_broken_record_before_opening_a_window(tmp_path, capsys):
    bad = tmp_path / "game.json"
    bad.write_text("not json")
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"canasta: {bad}: the game record is not JSON")


def test_canasta_replay_names_the_whole_path_it_cannot_read(tmp_path, capsys):
    missing = tmp_path / "nonexist"
    assert main(["replay", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"canasta: {missing}: cannot be read (No such file or directory)\n"


def test_the_speed_button_says_the_speed_now_plainly() -> None:
    """The label says the speed now in words, with no symbols to decode ("Velocidad:
    1× » 2×" read as a riddle, and broke over two lines at "0,5×")."""
    from canasta import i18n
    from canasta.scenes.replay import speed_label

    assert [speed_label(i) for i in range(len(SPEEDS))] == [
        "Speed: half", "Speed: normal", "Speed: double", "Speed: five times"]  # fmt: skip
    try:
        i18n.set_language("es")
        assert [speed_label(i) for i in range(len(SPEEDS))] == [
            "Velocidad: la mitad", "Velocidad: normal", "Velocidad: el doble",
            "Velocidad: máxima"]  # fmt: skip
        assert not any("\u00bb" in speed_label(i) or "\u00d7" in speed_label(i)
                       for i in range(len(SPEEDS)))  # fmt: skip
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "de", "es", "fr", "it", "pt_BR"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_speed_reads_on_one_line(window, code: str, size: tuple[int, int]) -> None:
    """ "Velocidad: 1× » 2×" broke over two lines at "0,5×": every speed's words now
    fit the speed button on one line (it is three buttons wide)."""
    from canasta import i18n

    pygame.display.set_mode(size)
    app = App(size, seed=4)
    try:
        app.session.update_settings(language=code)
        assert i18n.set_language(code) == code
        finished_game(app)
        path = recent_records(default_paths().games)[0]
        assert app.replays.from_file(path)
        scene = app.manager.top
        assert isinstance(scene, ReplayScene)
        for _speed in SPEEDS:
            scene.next_speed()
            with report_text() as report:
                scene.draw(pygame.display.get_surface())
            label = scene.speed_button.label
            assert label in [text for text, _r, _t, _c in report.drawn], label
    finally:
        app.close()
        i18n.set_language("en")
