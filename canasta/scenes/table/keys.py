"""The table's key bindings: one table, key -> action, each with its name and help text
(docs/guide/playing.md#with-the-keyboard).

The table scene looks keys up here and carries out the named action of the section that
owns it; the help overlay (F1 or ?) and How to play's Keys page print this same table, so
the keys shown are the keys that work.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from canasta.i18n import N_, _
from canasta.ui.input import Key


@dataclass(frozen=True, slots=True)
class Binding:
    """Keys bound to one action.

    Attributes:
        action: the action's name (a section carries it out under this name).
        keys: pygame key codes that trigger it.
        chars: typed characters that trigger it too (``"?"``, whatever the layout).
        label: how the keys are written for the player ("Left / Right"), and
        help: what the action does, in a few words (both English, the catalogue's keys:
            :func:`key_help` gives them translated).
    """

    action: str
    keys: tuple[int, ...]
    label: str
    help: str
    chars: tuple[str, ...] = ()


#: Every key of the table, in the order the help lists them.
BINDINGS: tuple[Binding, ...] = (
    Binding(
        "focus_left",
        (pygame.K_LEFT,),
        N_("Left"),
        N_("mark the next card to the left in your hand"),
    ),
    Binding("focus_right", (pygame.K_RIGHT,), N_("Right"), N_("mark the next card to the right")),
    Binding(
        "focus_first", (pygame.K_HOME,), N_("Home key"), N_("mark the first card in your hand")
    ),
    Binding("focus_last", (pygame.K_END,), N_("End key"), N_("mark the last card in your hand")),
    Binding(
        "enter",
        (pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Enter"),
        N_(
            "lift or lower the card; on the one lifted card, discard it; "
            "in the finish panel, go out"
        ),
    ),  # fmt: skip
    Binding("lift", (pygame.K_SPACE,), N_("Space"), N_("lift or lower the marked card")),
    Binding(
        "next_meld", (pygame.K_TAB,), N_("Tab"), N_("choose one of your melds to add cards to")
    ),
    Binding("draw", (pygame.K_s,), N_("S"), N_("draw from the stock")),
    Binding("take", (pygame.K_d,), N_("D"), N_("take the discard pile (with the lifted cards)")),
    Binding(
        "meld", (pygame.K_m,), N_("M"), N_("meld the lifted cards (or add them to the Tab meld)")
    ),
    Binding("plan", (pygame.K_p,), N_("P"), N_("add the lifted cards to your plan")),
    Binding("play_plan", (pygame.K_g,), N_("G"), N_("play the planned melds")),
    Binding(
        "finish",
        (pygame.K_f,),
        N_("F"),
        N_("finish the hand: go out with your plan, or let the game find a way"),
    ),
    Binding("ask", (pygame.K_a,), N_("A"), N_("ask your partner: may I go out?")),
    Binding("yes", (pygame.K_y,), N_("Y"), N_("answer your partner yes")),
    Binding("no", (pygame.K_n,), N_("N"), N_("answer your partner no")),
    Binding("hint", (pygame.K_h,), N_("H"), N_("show a hint")),
    Binding("reset", (pygame.K_u, pygame.K_BACKSPACE), N_("U or Backspace"), N_("reset the turn")),
    Binding("clear", (pygame.K_ESCAPE,), N_("Escape"), N_("clear the selection, close a panel")),
    Binding("help", (pygame.K_F1,), N_("F1 or ?"), N_("show or hide these keys"), chars=("?",)),
)

_BY_KEY = {key: b for b in BINDINGS for key in b.keys}
_BY_CHAR = {char: b for b in BINDINGS for char in b.chars}


def action_for(intent: Key) -> str | None:
    """The action a key press asks for, or None for an unbound key."""
    binding = _BY_KEY.get(intent.key) or _BY_CHAR.get(intent.unicode)
    return binding.action if binding is not None else None


def key_help() -> tuple[tuple[str, str], ...]:
    """(keys, what they do) rows for the help overlay and How to play."""
    return tuple((_(b.label), _(b.help)) for b in BINDINGS)


__all__ = ["BINDINGS", "Binding", "action_for", "key_help"]
