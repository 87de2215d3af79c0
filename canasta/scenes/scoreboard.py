"""The scoreboard: each side's breakdown for the hand just played and the running totals.

Continue deals the next hand; Home leaves. When the game is over a trophy stands beside the
winning side's total and the buttons are New game and Home. When the app offers them,
"Replay hand" shows the hand again move by move and "Play this deal again" starts a new
game on the same deal. The hand's deal number is shown under the title.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from canasta.engine.scoring import HandScore, SideScore
from canasta.i18n import _, number
from canasta.scenes.base import Scene
from canasta.ui.effects import draw_panel
from canasta.ui.input import GUARD_S, Click, Intent, Key, Move
from canasta.ui.text import blit_text, fit_text_size, get_font
from canasta.ui.theme import Theme, default_theme, paint_felt
from canasta.ui.widgets import Button, share_text_size

#: Seconds the winner's trophy pulses before it rests.
TROPHY_PULSE_S = 3 * math.pi / 2


def fit_width(size: int) -> int:
    """Room (px) left of a score column's centre for its widest number ("-12,345") and a
    gap, at ``size`` px: a row's label ends before it."""
    return get_font(size, True).size(number(-12_345))[0] // 2 + size


def breakdown_rows(score: SideScore) -> list[tuple[str, int]]:
    """The scoreboard's rows for one side: ``(label, points)``, summing to the hand total."""
    return [
        (_("Melded cards"), score.melded),
        (_("Canasta bonuses"), score.canasta_bonus),
        (_("Red threes"), score.red_three_points),
        (_("Going out"), score.going_out),
        (_("Cards in hand"), score.in_hand),
    ]


def draw_trophy(
    surface: pygame.Surface, center: tuple[int, int], height: float, color: tuple[int, ...]
) -> None:
    """Draw a trophy cup about ``height`` px tall centred at ``center``."""
    cx, cy = center
    u = height / 10
    top = cy - 5 * u
    cup = [(cx - 3 * u, top), (cx + 3 * u, top), (cx + 1.6 * u, top + 4.5 * u),
           (cx - 1.6 * u, top + 4.5 * u)]  # fmt: skip
    pygame.draw.polygon(surface, color, cup)
    for sign in (-1, 1):
        handle = pygame.Rect(0, 0, round(2.2 * u), round(2.4 * u))
        handle.center = (round(cx + sign * 3.1 * u), round(top + 1.4 * u))
        pygame.draw.ellipse(surface, color, handle, max(2, round(u * 0.55)))
    pygame.draw.rect(surface, color, (cx - 0.5 * u, top + 4.4 * u, u, 2.6 * u))
    pygame.draw.rect(surface, color, (cx - 2.2 * u, top + 7 * u, 4.4 * u, 1.3 * u),
                     border_radius=max(1, round(u * 0.3)))  # fmt: skip


#: A deal that failed its check is said on this red, in white (whatever the theme).
WARNING_RED = (200, 40, 40)


class ScoredTable(Protocol):
    """What the scoreboard reads of a table: the last hand's score and the game (its
    ``scores``, ``totals``, ``over``, ``winner`` and ``hand.deal_number``; the local
    controller's engine game, or an online table's summary)."""

    hand_score: HandScore | None
    game: Any


class ScoreboardScene(Scene):
    """Shows the last hand's scores.

    Args:
        controller: the game (its ``hand_score`` and totals are shown).
        me: the person's seat (their side is "Us").
        on_continue: deal the next hand (game not over).
        on_new_game: start a new game (game over).
        on_home: go to the home screen.
        on_replay: show the hand again (None: no such button, e.g. replays are off).
        on_play_again: start a new game on this hand's deal (None: no such button).
        position: the hand was set out from a position file, not dealt: it is named so
            (not "Deal 0"), and Play again sets the position out again.
        auto_continue: seconds after which Continue (or New game) is pressed by itself,
            for demos; None waits for the person.
    """

    def __init__(
        self,
        controller: ScoredTable,
        me: int,
        on_continue: Callable[[], None],
        on_new_game: Callable[[], None],
        on_home: Callable[[], None],
        *,
        theme: Theme | None = None,
        auto_continue: float | None = None,
        on_replay: Callable[[], None] | None = None,
        on_play_again: Callable[[], None] | None = None,
        position: bool = False,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.position = position
        self.me = me
        self.theme = theme = theme or default_theme()
        self.over = controller.game.over
        first = (
            Button((0, 0, 1, 1), _("New game"), on_new_game, theme=theme)
            if self.over
            else Button((0, 0, 1, 1), _("Continue"), on_continue, theme=theme)
        )
        self.home_button = Button((0, 0, 1, 1), _("Home"), on_home, theme=theme)
        self.buttons = [first]
        if on_replay is not None:
            self.buttons.append(Button((0, 0, 1, 1), _("Replay hand"), on_replay, theme=theme))
        if on_play_again is not None:
            self.buttons.append(
                Button(
                    (0, 0, 1, 1),
                    _("Play this position again") if position else _("Play this deal again"),
                    on_play_again,
                    theme=theme,
                )  # fmt: skip
            )
        self.buttons.append(self.home_button)
        self.focus = 0
        self.auto_left = auto_continue
        self.clock = 0.0
        self.trophy_at: tuple[int, int] | None = None  # where the trophy was drawn (px)
        #: The title and deal number lines (window px), as last drawn.
        self.title_rect = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        """Place the buttons under the table of scores."""
        super().resize(size)
        w, h = self.size
        n, gap = len(self.buttons), 24
        bh = max(40, h // 16)
        # One width for every button of the row, room enough for the longest words
        # ("Play this deal again", longer in most languages: "Diese Verteilung nochmal
        # spielen") on one line at the buttons' full size, where the window allows: a row of
        # 213 px buttons would read at 20 px in German and Spanish with 294 px free.
        words = max(get_font(round(bh * 0.55)).size(b.label)[0] for b in self.buttons)
        room = (w - 32 - gap * (n - 1)) / n
        width = round(min(max(180, w // 6, words + 24), room))
        y = h - bh - max(16, h // 20)
        x = (w - width * n - gap * (n - 1)) / 2
        for button in self.buttons:
            button.rect = pygame.Rect(round(x), y, width, bh)
            x += width + gap
        share_text_size(self.buttons)  # one size for the row's words

    def update(self, dt: float) -> None:
        """Count down the demo's automatic continue."""
        super().update(dt)
        self.clock += dt
        if self.auto_left is not None:
            self.auto_left -= dt
            if self.auto_left <= 0:
                self.auto_left = None
                self.buttons[0].click()

    def wake_in(self) -> float | None:
        """Every frame while the trophy pulses; the automatic continue's countdown."""
        if self.over and self.clock < TROPHY_PULSE_S:
            return 0.0
        waits = [w for w in (super().wake_in(), self.auto_left) if w is not None]
        return max(0.0, min(waits)) if waits else None

    def handle(self, intent: Intent) -> bool:
        """Buttons by click; Left/Right/Tab move focus; Enter presses; Escape is Home.
        For :data:`~canasta.ui.input.GUARD_S` after the scores appear, Enter and Space
        are ignored (keys still pressed for the last play or the hands' view)."""
        if self.clock < GUARD_S and isinstance(intent, Key) and intent.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):  # fmt: skip
            return True
        if isinstance(intent, Click):
            for button in self.buttons:
                if button.hit(intent.pos):
                    button.click()
                    return True
        elif isinstance(intent, Move):
            for button in self.buttons:
                button.update_hover(intent.pos)
        elif isinstance(intent, Key):
            if intent.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if intent.key == pygame.K_LEFT else 1
                self.focus = (self.focus + step) % len(self.buttons)
                return True
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].click()
                return True
            if intent.key == pygame.K_ESCAPE:
                self.home_button.click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the breakdown table, totals, trophy and buttons."""
        theme = self.theme
        paint_felt(surface, theme)
        w, h = self.size
        score = self.controller.hand_score
        game = self.controller.game
        mine = self.me % 2
        title = _("Game over") if self.over else _("Hand {n} scores").format(n=len(game.scores))
        blit_text(surface, title, max(28, h // 16), theme.text, bold=True, center=(w // 2, h // 10))
        # As on the table, to type after --deal (a position says it is one); online,
        # whether the deal was verified against the seed the server revealed (a failure
        # is said loudly).
        proof = getattr(game, "deal_proof", None)
        deal = (_("A position from a file") if self.position
                else _("Deal {n}").format(n=game.hand.deal_number))  # fmt: skip
        verified = True
        if proof is not None:
            deal, verified = proof
        line = max(14, h // 40)
        middle = (w // 2, h // 10 + max(22, h // 22))
        if verified:
            color = theme.text_dim if proof is None else theme.text
            blit_text(surface, deal, line, color, center=middle)
        else:  # white on red across the window: nobody misses it
            size = min(line + 2, fit_text_size(deal, w * 9 // 10, line + 2, True))
            box = pygame.Rect(0, 0, w * 19 // 20, round(size * 1.7))
            box.center = middle
            pygame.draw.rect(surface, WARNING_RED, box, border_radius=max(4, size // 3))
            blit_text(surface, deal, size, (255, 255, 255), bold=True, center=middle)
        panel = pygame.Rect(w // 8, h // 6, w * 3 // 4, h * 3 // 5)
        draw_panel(surface, panel, theme.frost, 16)
        size = max(15, min(30, panel.height // 13))
        col_us, col_them = panel.x + panel.width * 62 // 100, panel.x + panel.width * 84 // 100
        y = panel.y + size
        blit_text(surface, _("Us"), size, theme.accent, bold=True, center=(col_us, y))
        blit_text(surface, _("Them"), size, theme.accent, bold=True, center=(col_them, y))
        y += round(size * 1.6)
        if score is not None:
            rows_us = breakdown_rows(score.sides[mine])
            rows_them = breakdown_rows(score.sides[1 - mine])
            rows = [(label, value, rows_them[i][1]) for i, (label, value) in enumerate(rows_us)]
            this_hand = _("This hand")
            rows.append((this_hand, score.sides[mine].total, score.sides[1 - mine].total))
            label_w = col_us - panel.x - size - fit_width(size)
            for label, us, them in rows:
                bold = label == this_hand
                fitted = min(size, fit_text_size(label, label_w, size, bold))
                blit_text(surface, label, fitted, theme.text, bold=bold,
                          midleft=(panel.x + size, y))  # fmt: skip
                blit_text(surface, number(us), size, theme.text, bold=bold, center=(col_us, y))
                blit_text(surface, number(them), size, theme.text, bold=bold,
                          center=(col_them, y))  # fmt: skip
                y += round(size * 1.45)
        y += size // 2
        pygame.draw.line(surface, theme.text_dim, (panel.x + size, y - size // 2),
                         (panel.right - size, y - size // 2), 2)  # fmt: skip
        us_total, them_total = game.totals[mine], game.totals[1 - mine]
        label_w = col_us - panel.x - size - fit_width(size + 2)
        fitted = min(size + 2, fit_text_size(_("Game total"), label_w, size + 2, True))
        blit_text(surface, _("Game total"), fitted, theme.text, bold=True,
                  midleft=(panel.x + size, y + size // 2))  # fmt: skip
        blit_text(surface, number(us_total), size + 2, theme.text, bold=True,
                  center=(col_us, y + size // 2))  # fmt: skip
        blit_text(surface, number(them_total), size + 2, theme.text, bold=True,
                  center=(col_them, y + size // 2))  # fmt: skip
        # A banner (a save that failed) lies under the totals, not over the title.
        self.banner_top = round(y + size * 1.6)
        self.title_rect = pygame.Rect(0, 0, w, max(22, h // 22) + max(28, h // 16))
        self.title_rect.midtop = (w // 2, h // 10 - max(28, h // 16) // 2)
        if self.over:
            self._trophy(surface, game.winner, mine, (col_us, col_them), y + size // 2, size)
            self.banner_top = round(y + size // 2 + size * 4)
        for i, button in enumerate(self.buttons):
            button.focused = i == self.focus
            button.draw(surface)

    def _trophy(
        self,
        surface: pygame.Surface,
        winner: int | None,
        mine: int,
        columns: tuple[int, int],
        y: int,
        size: int,
    ) -> None:
        theme = self.theme
        w, h = self.size
        if winner is None:
            text = _("A tie: the game is shared.")
        else:
            text = _("You win!") if winner == mine else _("They win.")
            # Under the winner's game total, in the winner's column.
            x = columns[0] if winner == mine else columns[1]
            self.trophy_at = (x, round(y + size * 2.2))
            pulse = 1.0 + 0.06 * math.sin(min(self.clock, TROPHY_PULSE_S) * 4)
            draw_trophy(surface, self.trophy_at, size * 1.6 * pulse, theme.accent)
        blit_text(surface, text, max(22, h // 20), theme.accent, bold=True,
                  center=(w // 2, h * 81 // 100))  # fmt: skip
