"""The two answers of a question read alike (play10): in a 520 x 780 window "Abandon it"
was drawn smaller than "Keep it" beside it, each label fitted to its own 120 px button.
Both buttons now widen (within the panel) to the longer label and share one size."""

from __future__ import annotations

import pygame
import pytest

from canasta import i18n
from canasta.i18n import N_
from canasta.scenes.dialog import ConfirmDialog

QUESTION = N_("Abandon the game in progress? It counts as a loss in Stats.")


@pytest.mark.parametrize("code", ["en", "de", "pt_BR", "fr"])
@pytest.mark.parametrize(("size", "full_px"), [((480, 340), 22), ((520, 780), 26),
                                               ((1280, 800), 28)])  # fmt: skip
def test_both_answers_read_at_the_full_size(code: str, size, full_px: int) -> None:
    try:
        assert i18n.set_language(code) == code
        dialog = ConfirmDialog(i18n._(QUESTION), lambda: None, yes=N_("Abandon it"),
                               no=N_("Keep it"))  # fmt: skip
        dialog.resize(size)
    finally:
        i18n.set_language("en")
    yes, no = dialog.buttons()
    assert yes.text_px == no.text_px == full_px
    assert yes.rect.width == no.rect.width and yes.rect.y == no.rect.y
    assert not yes.rect.colliderect(no.rect)
    assert dialog.panel.contains(yes.rect) and dialog.panel.contains(no.rect)
    assert dialog.panel.centerx - yes.rect.right == no.rect.left - dialog.panel.centerx == 12


def test_a_short_pair_keeps_its_width() -> None:
    dialog = ConfirmDialog("Quit?", lambda: None)
    dialog.resize((1280, 800))
    assert [b.rect.width for b in dialog.buttons()] == [160, 160]  # a quarter of the panel
    assert pygame.Rect(dialog.panel).width == 640
