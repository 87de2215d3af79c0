"""The application: one window, one clock, one loop, the scene manager, and the files.

``run`` opens the window on the home screen (or straight on the table for ``--players``,
``--seed`` or ``--demo``) and loops until the person quits or ``quit_after`` seconds pass.
Settings, stats and the game in progress come from :class:`canasta.persistence.Session`;
the game is saved at every turn boundary. The loop (:mod:`canasta.app.loop`) rests while
nothing moves; the window's size, place and fullscreen are in :mod:`canasta.app.window`.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pygame

from canasta import logs, version
from canasta.ai.levels import seat_players
from canasta.app.loop import FrameLoop, PygameClock, PygameEvents
from canasta.app.online import OnlineLauncher
from canasta.app.replays import ReplayLauncher
from canasta.app.window import (
    LANDSCAPE,
    TITLE,
    desktop_at,
    desktop_sizes,
    display_hints,
    first_size,
    fit_to_desktop,
    headless,
    landscape_size,
    move_window,
    portrait_size,
    screen,
    set_icon,
    set_mode,
    usable_position,
    window_position,
)
from canasta.cli import SEED_LIMIT
from canasta.controller import DecisionWorker, TableControl, TableController, Worker
from canasta.engine import Game, HandState
from canasta.i18n import _, language, set_language, system_language
from canasta.persistence import Store
from canasta.persistence.session import Session
from canasta.persistence.setting_rows import SCREEN_ORDER, describe
from canasta.persistence.settings import Settings
from canasta.persistence.settings_file import file_language
from canasta.scenes.base import SceneManager
from canasta.scenes.dialog import ConfirmDialog
from canasta.scenes.home import HomeScene
from canasta.scenes.howto import HowToPlayScene
from canasta.scenes.howto_rules import rules_pages
from canasta.scenes.rule_options import rule_options_scene
from canasta.scenes.scoreboard import ScoreboardScene
from canasta.scenes.settings import SettingsScene, run_language_note
from canasta.scenes.stats import StatsScene
from canasta.scenes.table import TableScene
from canasta.ui.audio import Sound, quiet_without_device
from canasta.ui.looks import Look, look_choices

__all__ = ["LANDSCAPE", "TITLE", "App", "portrait_size", "run"]

log = logging.getLogger(__name__)

#: Seconds the game, quitting, waits for the online connection to close and its tasks to
#: finish (a dead network is given up on after them).
QUIT_WAIT_SECONDS = 3.0


def audio_device_present(sound: Sound, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this run has an audio device to play on: not SDL's silent driver (chosen
    by :func:`canasta.ui.audio.quiet_without_device` on a machine with no sound, or by
    the player), and a mixer that opened when the sound is on."""
    return environ.get("SDL_AUDIODRIVER") != "dummy" and (sound.available or not sound.enabled)


def make_sound(on: bool) -> Sound:
    """The sound layer for the setting ``on`` (silent without an audio device)."""
    sound = Sound(enabled=on and os.environ.get("SDL_AUDIODRIVER") != "dummy")
    sound.enabled = on
    return sound


class App:
    """Owns the scene manager and the session, and moves between the scenes.

    Args:
        size: the free window's size (w, h) px (None: the size it had when the game last
            closed, else :func:`canasta.app.window.first_size` of the desktop; either one
            fitted to the desktop it opens on, :func:`canasta.app.window.fit_to_desktop`).
        demo: seat computer players in every chair (not saved, not counted).
        seed: the first game's seed (None: random).
        store: the files (default: the folders of :func:`canasta.persistence.default_paths`).
        make_worker: starts where computer players think (default :attr:`make_worker`: a
            :class:`DecisionWorker` process; screen tests give an in-process one).

    Attributes:
        free_size: the free (resizable) window's size (w, h) px, kept while the window is
            fullscreen or has a fixed shape, and written to the settings on close.
    """

    #: Starts the worker computer players think in (raises OSError when it cannot).
    make_worker: Callable[[], Worker] = DecisionWorker

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        demo: bool = False,
        seed: int | None = None,
        store: Store | None = None,
        make_worker: Callable[[], Worker] | None = None,
        language: str | None = None,
    ):
        store = store or Store()
        # The files' notices, before the settings are loaded: in the language the settings
        # file names (the player's own), else the system's.
        set_language(language or file_language(store.paths.settings) or system_language())
        self.session = Session(store, looks=look_choices())
        set_language(language or self.session.settings.language or system_language())
        #: The language ``--language`` asked for this run when it is not the one saved
        #: (None: the saved language is spoken); the Settings screen says so.
        self.run_language = language if language != self.session.settings.language else None
        remembered = self.session.settings.window_size
        if size is None:  # as last time, else the first size; fitted to the desktop
            desktops = desktop_sizes()
            size = (remembered[0], remembered[1]) if remembered else first_size(max(desktops))
            size = fit_to_desktop(size, desktop_at(self.session.settings.window_position,
                                                   desktops))  # fmt: skip
        self.free_size = size
        self.manager = SceneManager(size)
        self.demo = demo
        self.seed = seed
        self.sound = make_sound(self.session.settings.sound)
        #: False when this run has no audio device (:func:`audio_device_present`, set by
        #: :func:`run`): the home screen and Settings say so instead of "Sound: on".
        self.audio_device = True
        self.table: TableScene | None = None
        #: The local controller of the table shown (the scene sees only its interface).
        self.controller: TableController | None = None
        self.replays = ReplayLauncher(self)
        self.online = OnlineLauncher(self)
        self.worker: Worker | None = None
        #: The game opened from a position file and that position as it was read, so
        #: Play again sets it out again (None: no position opened).
        self.position: tuple[Game, HandState] | None = None
        if make_worker is not None:
            self.make_worker = make_worker

    # Settings in force ----------------------------------------------------------------------

    @property
    def look(self) -> Look:
        """The look the settings name."""
        s = self.session.settings
        return Look.named(s.theme, s.card_style, s.deck_design, s.suit_colours, s.large_index)

    def window_mode(self) -> tuple[tuple[int, int], int]:
        """The window's size (w, h) px and pygame flags for the fullscreen and orientation
        settings (fullscreen: ``(0, 0)``, the desktop's size)."""
        settings = self.session.settings
        if settings.fullscreen:
            return (0, 0), pygame.FULLSCREEN
        if settings.orientation == "landscape":
            return landscape_size(), 0
        if settings.orientation == "portrait":
            return portrait_size(), 0
        return self.free_size, pygame.RESIZABLE

    def _free_window(self) -> bool:
        settings = self.session.settings
        return settings.orientation == "free" and not settings.fullscreen

    def apply_window(self) -> None:
        """Give the window the shape the settings ask for (when a window is open)."""
        size, flags = self.window_mode()
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            size = set_mode(size, flags)
        self.manager.resize(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys that work on every screen (F11: fullscreen); True if ``event`` was used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.change_setting("fullscreen", not self.session.settings.fullscreen)
            if isinstance(self.manager.top, SettingsScene):
                self.settings()  # show the new value
            return True
        return False

    def remember_window(self) -> None:
        """Write the free window's size and the window's place to the settings (if they
        changed), for the next start."""
        settings = self.session.settings
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        if surface is not None and self._free_window():
            self.free_size = surface.get_size()
        changes: dict[str, object] = {"window_size": list(self.free_size)}
        position = window_position() if not settings.fullscreen else None
        if position is not None:
            changes["window_position"] = list(position)
        if any(getattr(settings, k) != v for k, v in changes.items()):
            self.session.update_settings(**changes)

    def change_setting(self, field: str, value: object) -> object:
        """Change one setting, write it, and carry out what its description declares
        happens at once (:data:`canasta.persistence.settings.EFFECTS`)."""
        effect = describe(field).effect if field in SCREEN_ORDER else None
        if field == "language":
            self.run_language = None  # chosen on the screen: saved, and spoken from now on
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        if effect == "window" and surface is not None and self._free_window():
            self.free_size = surface.get_size()  # the free window's size, for coming back
        if effect == "preset":
            settings = self.session.update_settings(**Settings.preset_changes(str(value)))
        else:
            settings = self.session.update_settings(**{field: value})
        if (
            field == "orientation"
            and value == "free"
            and self.manager.size[1] > self.manager.size[0]
        ):
            self.manager.resize(LANDSCAPE)  # the free window starts landscape again
        effects: dict[str, Callable[[], object]] = {
            "sound": lambda: setattr(self, "sound", make_sound(settings.sound)),
            "window": self.apply_window,
            "records": lambda: self.session.store.prune_records(settings.replays_kept),
            "look": self.settings,  # the screen again, in the new look
            "language": lambda: self.speak(str(value)),
        }
        if effect in effects:
            effects[effect]()
        self.tell()  # e.g. "Could not save the settings: the disk is full (...)"
        return settings

    def speak(self, code: str) -> None:
        """Switch every word to the language ``code`` at once: the settings screen (where
        the choice is made) is built again in it, and so is every screen shown later."""
        set_language(code)
        self.settings()

    def tell(self) -> None:
        """Show the lines the files left for the player (a file that could not be read or
        written, a finished game saved late): on the home screen's notice box, or on the
        banner over any other screen. Each line is shown once."""
        notices = self.session.store.take_notices()
        if not notices:
            return
        top = self.manager.top
        if isinstance(top, HomeScene):
            top.notices += notices
        else:
            self.manager.banner.show(notices)

    def toggle_sound(self) -> bool:
        """The home screen's sound toggle; returns the new setting."""
        self.change_setting("sound", not self.session.settings.sound)
        return self.session.settings.sound

    # Scenes -----------------------------------------------------------------------------------

    def home(self) -> None:
        """Show the home screen (and forget any table)."""
        self.table = None
        self.controller = None
        settings = self.session.settings
        look = self.look
        saved = self.session.saved_summary()  # reads the save: a broken one is moved aside
        store = self.session.store
        notices = store.take_notices()
        self.manager.clear()
        self.manager.push(
            HomeScene(
                self.ask_new_game,
                self.manager.request_quit,
                look.theme,
                on_continue=self.continue_game if self.session.has_saved_game() else None,
                on_online=self.online.open,
                on_settings=self.settings,
                on_how_to_play=self.how_to_play,
                on_stats=self.stats,
                on_sound=self.toggle_sound,
                sound_on=settings.sound,
                sound_device=self.audio_device,
                players=settings.players,
                renderer=look.renderer,
                notices=notices,
                conditions=lambda: store.folder_notices(shown=notices),
                rules_name=_(settings.rules_preset)
                + (_(" (changed)") * bool(settings.rule_overrides)),
                saved=saved or "",
            )
        )

    def settings(self) -> None:
        """Show the settings screen (Back returns home); the focused row and the list's
        scroll are kept when the screen is rebuilt in a new look or language, so the row
        just changed stays under the pointer."""
        old = self.manager.top
        focus = old.focus if isinstance(old, SettingsScene) else 0
        scroll = old.scroll if isinstance(old, SettingsScene) else 0
        if (
            not self.session.settings.language and self.run_language is None
        ):  # the system's, now shown
            self.session.update_settings(language=language())
        self.manager.clear()
        scene = SettingsScene(
            self._shown_settings(),
            self._change_on_screen,
            self.home,
            theme=self.look.theme,
            looks=look_choices(),
            on_more=self.rule_options,
            notes=self._setting_notes(),
        )
        scene.focus = focus
        scene.scroll = scroll
        self.manager.push(scene)

    def _setting_notes(self) -> dict[str, str] | None:
        """The small lines under Settings' rows: the language of this run, and no audio
        device for the Sound row."""
        notes = {}
        if self.run_language:
            notes["language"] = run_language_note(self.session.settings.language)
        if not self.audio_device:
            notes["sound"] = _("No audio device: the game plays silently.")
        return notes or None

    def _shown_settings(self) -> Settings:
        """The settings as the screen shows them: the language of this run in the Language
        row while ``--language`` holds, not the one saved."""
        settings = self.session.settings
        if self.run_language is None:
            return settings
        return settings.model_copy(update={"language": self.run_language})

    def _change_on_screen(self, field: str, value: object) -> Settings:
        """A change made on the settings screen; the settings it shows next."""
        self.change_setting(field, value)
        return self._shown_settings()

    def rule_options(self) -> None:
        """Show the single rule options on top of the preset (Back returns to settings)."""
        self.manager.clear()
        self.manager.push(
            rule_options_scene(
                self.session.settings,
                self._change_rules,
                self.settings,
                self.look.theme,
            )
        )

    def _change_rules(self, changes: dict[str, bool | str]) -> Settings:
        settings = self.session.update_settings(rule_overrides=changes)
        self.tell()
        return settings

    def how_to_play(self) -> None:
        """Show the pages of rules, written for the rules the next new game plays (the
        settings' preset and options)."""
        look, settings = self.look, self.session.settings
        name = _(settings.rules_preset) + (_(" (changed)") if settings.rule_overrides else "")
        pages = rules_pages(settings.rule_set(), name)
        self.manager.clear()
        self.manager.push(HowToPlayScene(self.home, theme=look.theme, renderer=look.renderer,
                                         pages=pages))  # fmt: skip

    def stats(self, show_games: bool = False) -> None:
        """Show the stats (``show_games``: open on the list of recent games)."""
        self.manager.clear()
        session = self.session
        self.manager.push(
            StatsScene(
                lambda: session.stats,
                self._reset_stats,
                self.home,
                theme=self.look.theme,
                recent=self.replays.recent,
                on_replay=self.replays.from_stats,
                show_games=show_games,
            )  # fmt: skip
        )

    def _reset_stats(self) -> None:
        self.session.reset_stats()
        self.tell()

    def new_game(
        self,
        players: int | None = None,
        first_deal: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        """Start a new game (2 or 4 players; None: the setting) at the table, on the deal
        ``first_deal`` if given (dealt by ``first_dealer``, else the seat it names)."""
        game = self.session.new_game(self._game_seed(), demo=self.demo, players=players,
                                     first_deal=first_deal, first_dealer=first_dealer)  # fmt: skip
        self._seat(game, self.session.settings.computer_level)

    def _game_seed(self) -> int:
        """The seed of the game about to start: the one asked for on the command line the
        first time, then a fresh one (the next game is a new one)."""
        seed = self.seed if self.seed is not None else random.randrange(1, SEED_LIMIT)
        self.seed = None
        return seed

    def ask_new_game(
        self,
        players: int | None = None,
        first_deal: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        """Start a new game as :meth:`new_game`, first asking when that abandons a game in
        progress (which then counts as a loss in Stats); Keep playing sits down at that
        game again."""

        def start() -> None:
            self.new_game(players, first_deal, first_dealer)

        if self.demo or self.session.game_at_stake() is None:
            start()
            return
        question = _("Abandon the game in progress? It counts as a loss in Stats.")
        self.manager.push(ConfirmDialog(question, start, yes=_("Abandon it"),
                                        no=_("Keep playing"), theme=self.look.theme,
                                        on_no=self.continue_game))  # fmt: skip

    def open_first(
        self,
        players: int | None,
        deal: int | None,
        replay: Path | None,
        start: bool,
        position: HandState | None = None,
    ) -> None:
        """The first scene of a run: the record ``replay`` if given, else the hand
        ``position`` (from a position file; Menu asks before going home), else a new game when
        ``start`` (``players``, first ``deal``; over a saved game in progress it asks first,
        on the home screen: Keep playing sits down at the saved game), else home."""
        if replay is not None:
            self.replay_file(replay)
        elif position is not None:
            self.home()
            self.open_position(position)
        elif start:
            self.home()
            self.ask_new_game(players, first_deal=deal)
        else:
            self.home()

    def open_position(self, hand: HandState) -> None:
        """Play a hand read from a position file (see ``Session.play_position``): the
        person in seat 0, computer players at the settings' level in the other seats;
        neither saved nor counted. Play again on its scoreboard sets it out again.

        Raises:
            ValueError: when the hand has ended.
        """
        kept = hand.copy()
        game = self.session.play_position(hand, self._game_seed())
        self.position = (game, kept)
        self._seat(game, self.session.settings.computer_level, on_menu=self.ask_leave_position)
        if self.table is not None:
            self.table.ctx.position = True  # named a position, not "Deal 0"

    def ask_leave_position(self) -> None:
        """Menu at a position's table: a position is neither saved nor counted, so leaving
        it is asked first (Stay goes back to the table)."""
        question = _("Leave this position? It is not saved: the game will not keep it.")
        self.manager.push(ConfirmDialog(question, self.home, yes=_("Leave it"), no=_("Stay"),
                                        theme=self.look.theme))  # fmt: skip

    def replay_file(self, path: Path) -> None:
        """Open a game record in the replay scene (Back goes home); see ReplayLauncher."""
        self.replays.from_file(path)

    def continue_game(self) -> None:
        """Sit down at the saved game again (home, with the reason, if it cannot be)."""
        game = self.session.continue_game()
        if game is None:
            self.home()
            return
        assert self.session.current is not None
        self._seat(game, self.session.current.level)
        if game.hand.ended and self.controller is not None:
            controller = self.controller
            controller.hand_score = game.scores[-1]
            self.session.turn_ended()  # counts a finished hand or game not yet counted
            self.hand_over(controller)
        self.tell()

    def _seat(self, game: Game, level: str, on_menu: Callable[[], None] | None = None) -> None:
        person = None if self.demo else 0
        seats = seat_players(game.rules.players, person, level, game.seed)
        controller = TableController(
            game, seats, worker=self.decision_worker(), hint_seed=game.seed
        )
        self.controller = controller
        self.table = self.table_scene(
            controller,
            lambda _table: self.hand_over(controller),
            on_menu or self.home,
            on_turn_end=lambda _table: self.turn_ended(controller),
        )
        self.manager.clear()
        self.manager.push(self.table)
        self.tell()

    def table_scene(
        self,
        control: TableControl,
        on_hand_over: Callable[[TableControl], None],
        on_menu: Callable[[], None],
        **extra: Any,
    ) -> TableScene:
        """A table scene over ``control`` (this machine's controller or an online one)
        drawn in the player's look and speed; ``extra``: the scene's other keywords."""
        look, settings = self.look, self.session.settings
        return TableScene(
            control,
            on_hand_over,
            on_menu,
            sound=self.sound,
            theme=look.theme,
            speed=settings.speed_factor,
            descending=settings.sort_order == "descending",
            cards=look.cards,
            **extra,
        )

    def turn_ended(self, controller: TableController) -> None:
        """A save point at the table (a turn boundary, or the person's stock draw, pile
        take, answer or reset): save (and count a finished hand or game)."""
        self.session.turn_ended()
        self.tell()

    def decision_worker(self) -> Worker | None:
        """The worker computer players think in, started once (None if it cannot start)."""
        if self.worker is None or not self.worker.alive:
            try:
                self.worker = self.make_worker()
            except OSError:
                self.worker = None
        return self.worker

    def close(self) -> None:
        """A last save point (what could not be written is tried once more), then stop the
        worker process."""
        self.session.close()
        if self.online.link is not None:
            self.online.link.close(wait=QUIT_WAIT_SECONDS)
            self.online.link = None
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def hand_over(self, controller: TableController) -> None:
        """Show the scoreboard for the hand just played."""
        players = controller.game.rules.players
        hand = controller.hand
        board = ScoreboardScene(
            controller,
            controller.person if controller.person is not None else 0,
            on_continue=self.next_hand,
            on_new_game=lambda: self.new_game(players),
            on_home=self.home,
            theme=self.look.theme,
            auto_continue=4.0 if self.demo else None,
            on_replay=self.replays.last_hand() if self.session.settings.replays else None,
            on_play_again=self._play_again(controller.game, hand),
            position=self._from_position(controller.game),
        )
        self.manager.push(board)

    def _from_position(self, game: Game) -> bool:
        """Whether ``game``'s hand just scored was set out from a position file (its
        first hand), not dealt."""
        return self.position is not None and self.position[0] is game and len(game.scores) == 1

    def _play_again(self, game: Game, hand: HandState) -> Callable[[], None]:
        """What Play again does after ``hand`` of ``game``: the same deal again, or the
        same position when the game was opened from one."""
        if self.position is not None and self._from_position(game):
            kept = self.position[1]
            return lambda: self.open_position(kept.copy())
        players = game.rules.players
        return lambda: self.ask_new_game(players, hand.deal_number, hand.dealer)

    def next_hand(self) -> None:
        """Leave the scoreboard and deal the next hand (saved at once)."""
        self.manager.pop()
        if self.table is not None:
            assert self.controller is not None
            self.session.next_hand(self.controller.next_hand)
            self.table.ctx.position = False  # a dealt hand after a position's
            self.table.start_hand()
        self.tell()


def run(
    players: int | None = None,
    seed: int | None = None,
    demo: bool = False,
    quit_after: float | None = None,
    size: tuple[int, int] | None = None,
    deal: int | None = None,
    replay: Path | None = None,
    log_level: int | None = None,
    language: str | None = None,
    position: HandState | None = None,
) -> int:
    """Open the window and play until quit; return the exit status.

    Returns 0, or 2 when no display can be opened (unless a headless video driver was
    asked for with ``SDL_VIDEODRIVER``, or ``quit_after`` bounds the run).

    Args:
        players: start a game at once with 2 or 4 players (None: the home screen).
        seed: deal a reproducible game.
        demo: computer players in every seat.
        quit_after: close the window cleanly after this many seconds.
        size: the free window's size (w, h) px (None: as it was last time; landscape and
            portrait have theirs).
        deal: start a game whose first hand is this deal number.
        replay: open this game record in the replay scene.
        log_level: the level logged on standard error (and in the log file if lower than
            INFO); None: WARNING (see :mod:`canasta.logs`).
        language: speak this language (a key of ``canasta.i18n.LANGUAGES``) for this run,
            whatever the setting says (None: the setting, else the system's).
        position: play this hand (read from a position file; it must not have ended).
    """
    log_file = logs.configure(log_level)
    display_hints()
    pygame.display.init()
    if headless() and "SDL_VIDEODRIVER" not in os.environ and quit_after is None:
        pygame.quit()
        log.error("no display found (is DISPLAY set?); the game needs a window")
        logs.close()
        return 2
    silent = quiet_without_device()  # before SDL's audio starts: no ALSA error lines
    if silent is not None:
        log.info("sound: %s", silent)
    pygame.init()
    driver = pygame.display.get_driver()
    log.info("canasta %s, pygame-ce %s (SDL %s), video driver %s, log file %s",
             version(), pygame.version.ver, pygame.version.SDL, driver, log_file)  # fmt: skip
    pygame.display.set_caption(TITLE)
    set_icon()
    app = App(size, demo=demo, seed=seed, language=language)
    app.audio_device = audio_device_present(app.sound)
    window, flags = app.window_mode()
    set_mode(window, flags)
    place = app.session.settings.window_position
    fullscreen = flags & pygame.FULLSCREEN
    where = usable_position(place, window, desktop_sizes()) if not fullscreen else None
    if where is not None and not headless():
        move_window(where)
    app.manager.resize(pygame.display.get_window_size())
    app.open_first(players, deal, replay, start=players is not None or seed is not None
                   or demo or deal is not None, position=position)  # fmt: skip
    loop = FrameLoop(
        app.manager,
        surface=screen,
        present=pygame.display.flip,
        events=PygameEvents(),
        clock=PygameClock(),
        on_event=app.handle_event,
        on_frame=lambda: logs.TRACE.debug("first-frame") if loop.frames == 1 else None,
        quit_after=quit_after,
    )
    try:
        loop.run()
    finally:
        app.remember_window()
        app.close()
        log.info("closed after %d frames and %d rests", loop.frames, loop.rests)
        logs.close()
        pygame.quit()
    return 0
