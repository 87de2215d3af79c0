"""The Play online screen's chair map (the table joined, before and after its start) and
its foot line (a problem, or how the connection stands). Draws only; sizes are pixels."""

from __future__ import annotations

from typing import Any

import pygame

from canasta.i18n import _
from canasta.scenes.lobby_link import LobbyLink
from canasta.scenes.lobby_rows import length_word, level_word
from canasta.ui.effects import draw_panel
from canasta.ui.paragraphs import wrap_text
from canasta.ui.text import MIN_TEXT_PX, blit_text, elide, fit_text_size, render_text
from canasta.ui.theme import Theme


def draw_problem(
    surface: pygame.Surface,
    line: str,
    size: tuple[int, int],
    unit: int,
    theme: Theme,
    y: int | None = None,
) -> None:
    """The problem (or connection) line, centred on ``y`` px (None: at the foot of a
    ``size`` px screen; ``unit``: the lobby's row height, px): one line, or two where a
    long sentence would have to shrink below a readable size."""
    w, h = size
    centre = h - unit // 2 - 4 if y is None else y
    fitted = fit_text_size(line, w - 40, max(16, unit // 2), report=False)
    if fitted < 16:
        small = max(14, min(16, unit // 3))
        lines = wrap_text(line, small, w - 40, report=False)
        if len(lines) == 2:
            step = round(small * 1.25)
            top = centre - step // 2
            for i, each in enumerate(lines):
                blit_text(surface, each, small, theme.accent, center=(w // 2, top + i * step))
            return
        fitted = fit_text_size(line, w - 40, max(16, unit // 2))
    blit_text(surface, line, fitted, theme.accent, center=(w // 2, centre))


def browser_link(url: object, code: str) -> str | None:
    """The address a browser opens to join the table with join code ``code``, from the
    server's ``ws://`` or ``wss://`` address ``url`` (the server answers web pages on the
    same port): ``http://host:port/t/CODE``; None for anything else."""
    if not isinstance(url, str) or not url.startswith(("ws://", "wss://")):
        return None
    scheme, rest = url.split("://", 1)
    host = rest.split("/", 1)[0]
    if not host:
        return None
    base = ("https" if scheme == "wss" else "http") + "://" + host
    return f"{base}/t/{code}"


def draw_chair_map(
    surface: pygame.Surface,
    link: LobbyLink,
    size: tuple[int, int],
    unit: int,
    theme: Theme,
    all_ready: bool,
    bottom: int | None = None,
) -> list[tuple[pygame.Rect, int]]:
    """The chair map of the table ``link`` sits at, on a ``size`` px screen (``unit``: row
    height, px): its kind and rules, its join code, a row per chair (who, side, ready,
    away, host), and a note on starting (``all_ready``: every person is ready), all above
    ``bottom`` px (the buttons under the map; None: three rows above the screen's foot).
    Where the usual rows would run past ``bottom``, the map is drawn more compactly: a
    smaller join code, closer lines, and rows as tall as the room left them.

    Returns:
        the free chairs before the start as ``(rect, chair)``: a click there moves there.
    """
    assert link.table is not None
    table = link.table
    w, h = size
    bottom = h - unit * 3 - 26 if bottom is None else bottom
    note = _note(link, all_ready)
    note_size = unit // 2 - 2
    note_lines = note_line_count(note, w, note_size)
    address = browser_link(getattr(link, "url", None), table.code) if table.code else None
    note_step = round(min(note_size, 16) * 1.25)
    usual = int(h * 0.16) + (unit if table.code else 0) + (unit * 3 // 4 if address else 0)
    usual += unit + unit // 2 + 10 + (unit + 8) * len(table.chairs) + unit // 2
    compact = usual + (note_lines - 1) * note_step + note_step // 2 > bottom
    y = int(h * 0.16)
    kind = _("Private table") if not table.public else _("Public table")
    head = _("{kind} · {preset} · {players} players · computer: {level}").format(
        kind=kind, preset=_(table.preset), players=table.players,
        level=level_word(table.level))  # fmt: skip
    head += " · " + length_word(table)
    if table.clock is not None:
        head += " · " + _("clock: {move:g} s + {bank:g} s bank").format(
            move=table.clock.move_seconds, bank=table.clock.bank_seconds)  # fmt: skip
    room = w - 40 if not compact else w - 20
    if fit_text_size(head, room, unit // 2 + 2, report=False) > MIN_TEXT_PX or (
        render_text(head, MIN_TEXT_PX).get_width() <= room
    ):
        blit_text(surface, head, fit_text_size(head, room, unit // 2 + 2), theme.text,
                  center=(w // 2, y))  # fmt: skip
    else:  # too long for one line at a readable size: two
        lines = wrap_text(head, MIN_TEXT_PX, room)
        step = round(MIN_TEXT_PX * 1.25)
        for i, line in enumerate(lines):
            blit_text(surface, line, MIN_TEXT_PX, theme.text, center=(w // 2, y + i * step))
        y += step * (len(lines) - 1)
    big = unit if not compact else unit * 2 // 3
    if table.code:
        y += big if not compact else unit * 2 // 3 + 2
        blit_text(surface, _("Join code: {code}").format(code=table.code), big,
                  theme.accent, center=(w // 2, y), bold=True)  # fmt: skip
        if address:  # a browser or a phone joins the table at this address
            y += unit * 3 // 4 if not compact else unit // 2 + 2
            blit_text(surface, address, fit_text_size(address, w - 40, unit // 2), theme.text,
                      center=(w // 2, y))  # fmt: skip
    y += unit if not compact else unit * 2 // 3
    if table.players == 4:
        blit_text(surface, _("Chairs 1 and 3 are partners against chairs 2 and 4."),
                  unit // 2 if not compact else note_size, theme.text_dim,
                  center=(w // 2, y))  # fmt: skip
    y += unit // 2 + 10 if not compact else unit // 2
    width = min(720, w - 80)
    step = unit + 8
    if compact:  # the rows share what is left above the note
        room_left = bottom - note_lines * note_step - 4 - y
        step = max(MIN_TEXT_PX + 8, min(unit + 8, room_left // len(table.chairs)))
    tall = step - 8 if not compact else step - 4
    free_chairs: list[tuple[pygame.Rect, int]] = []
    rows: list[tuple[pygame.Rect, str, str, tuple[int, int, int, int]]] = []
    for chair, info in enumerate(table.chairs):
        rect = pygame.Rect((w - width) // 2, y, width, tall)
        free = info.name is None and table.status == "lobby"
        fill = (255, 255, 255, 45) if free else (0, 0, 0, 120 if chair == link.chair else 70)
        if free:  # click to move here (at four: the other side, or your partner's)
            free_chairs.append((rect, chair))
        rows.append((rect, _chair_words(link, chair, rect.inflate(0, unit - tall)),
                     _chair_state(table, chair, free), fill))  # fmt: skip
        y += step
    # One size for every row, the chair's words and its state alike, so the map reads as
    # one list: the largest at which the longest of each fits its room.
    text_room = width * 3 // 5 - 24
    most = min(unit // 2, max(MIN_TEXT_PX, tall - 6))
    px = min(fit_text_size(text, text_room, most) for _r, text, _s, _f in rows)
    for _rect, text, state, _fill in rows:
        room = width - blit_width(text, px) - 48
        if state:
            px = min(px, fit_text_size(state, room, most))
    for rect, text, state, fill in rows:
        draw_panel(surface, rect, fill, 8)
        blit_text(surface, text, px, theme.text, midleft=(rect.x + 12, rect.centery))
        blit_text(surface, state, px, theme.text_dim, midright=(rect.right - 12, rect.centery))
    if compact:  # the note's last line just above ``bottom``
        y = bottom - (note_lines - 1) * note_step - note_step // 2 - 2
    else:
        y += unit // 2
    draw_note(surface, note, w, y, note_size, theme)
    return free_chairs


def _note(link: LobbyLink, all_ready: bool) -> str:
    """The chair map's note on starting (or on the wait for the next deal)."""
    if link.next_deal:  # no seat yet: the computer plays it until this hand is over
        return link.waiting_line()
    if link.host and not all_ready:
        return _("Start once every player is ready; empty chairs are computer players.")
    if link.host:
        return _("Everyone is ready: Start when you like.")
    return _("The host starts the game once everyone is ready.")


def note_line_count(note: str, width: int, size: int) -> int:
    """How many lines :func:`draw_note` takes for ``note`` on a ``width`` px screen."""
    readable = min(size, 16)
    if fit_text_size(note, width - 40, size, report=False) >= readable:
        return 1
    return len(wrap_text(note, readable, width - 40, report=False))


def _chair_words(link: LobbyLink, chair: int, rect: pygame.Rect) -> str:
    """A chair row's words: its number, side and who sits there (a long name cut to fit
    three fifths of ``rect`` at the smallest readable size)."""
    assert link.table is not None
    info = link.table.chairs[chair]
    unit = rect.height
    who = link.chair_name(chair)
    if chair == link.chair and not link.next_deal:  # (waiting: the computer's yet)
        who = _("{name} (you)").format(name=who)
    side = _("Side {n}").format(n=info.side + 1)
    text = _("Chair {n} · {side} · {who}").format(n=chair + 1, side=side, who=who)
    room = rect.width * 3 // 5 - 24
    if fit_text_size(text, room, unit // 2, report=False) == MIN_TEXT_PX:
        bare = _("Chair {n} · {side} · {who}").format(n=chair + 1, side=side, who="")
        cut = elide(who, room - render_text(bare, MIN_TEXT_PX).get_width(), MIN_TEXT_PX)
        text = _("Chair {n} · {side} · {who}").format(n=chair + 1, side=side, who=cut)
    return text


def _chair_state(table: Any, chair: int, free: bool) -> str:
    """A chair row's state: ready or not, free, left, away, who comes at the next deal,
    and whether it is the host's."""
    info = table.chairs[chair]
    state = (_("ready") if info.ready else _("not ready")) if info.name else ""
    if free:
        state = _("free: click to sit here")
    if getattr(info, "left", False):
        state = _("left the table")
    elif info.away:
        state = _("away")
    waiting = getattr(info, "waiting", None)
    if waiting is not None:  # asked for mid-hand: theirs at the next deal
        state = _("{name} from the next deal").format(name=waiting)
    if chair == table.host:
        state = f"{state} · {_('host')}" if state else _("host")
    return state


def blit_width(text: str, size: int) -> int:
    """The width (px) of ``text`` drawn at ``size`` px (0 for no text)."""
    return render_text(text, size).get_width() if text else 0


def draw_note(
    surface: pygame.Surface, note: str, width: int, y: int, size: int, theme: Theme
) -> None:
    """The chair map's note under the chairs, centred on a ``width`` px screen from ``y``
    px: one line at up to ``size`` px, or, where that line would shrink below a readable
    size (a narrow window; the long sentence of a wait for the next deal), wrapped onto as
    many lines as it takes at that size."""
    readable = min(size, 16)
    fitted = fit_text_size(note, width - 40, size, report=False)
    if fitted >= readable:
        blit_text(surface, note, fitted, theme.text_dim, center=(width // 2, y))
        return
    step = round(readable * 1.25)
    for i, line in enumerate(wrap_text(note, readable, width - 40)):
        blit_text(surface, line, readable, theme.text_dim, center=(width // 2, y + i * step))
