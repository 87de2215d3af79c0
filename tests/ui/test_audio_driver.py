"""SDL's silent audio driver is chosen before the audio starts on a Linux machine with no
sound (about 16 ALSA error lines in the terminal), and only there."""

from __future__ import annotations

from pathlib import Path

from canasta.ui.audio import ASOUND_CARDS, quiet_without_device

CARD = " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n"


def choose(environ: dict[str, str], files: set[str] = frozenset(), cards: str = "",
           platform: str = "linux") -> str | None:  # fmt: skip
    return quiet_without_device(
        environ, platform, lambda p: str(p) in files,
        lambda p: cards if p == ASOUND_CARDS else "",
    )  # fmt: skip


def test_no_card_and_no_sound_server_chooses_the_silent_driver() -> None:
    env: dict[str, str] = {}
    why = choose(env, cards="--- no soundcards ---\n")
    assert env == {"SDL_AUDIODRIVER": "dummy"}
    assert why == "no sound card and no PulseAudio or PipeWire server: the game plays silently"
    env = {"XDG_RUNTIME_DIR": "/run/user/1000"}  # a runtime folder with no server in it
    assert choose(env) is not None and env["SDL_AUDIODRIVER"] == "dummy"


def test_a_card_or_a_sound_server_keeps_the_sound() -> None:
    for env, files, cards in (
        ({}, set(), CARD),
        ({"XDG_RUNTIME_DIR": "/run/user/1000"}, {"/run/user/1000/pulse/native"}, ""),
        ({"XDG_RUNTIME_DIR": "/run/user/1000"}, {"/run/user/1000/pipewire-0"}, ""),
        ({"PULSE_SERVER": "tcp:10.0.0.2"}, set(), ""),
    ):
        before = dict(env)
        assert choose(env, files, cards) is None
        assert env == before  # SDL picks its own driver


def test_a_chosen_driver_and_other_systems_are_left_alone() -> None:
    env = {"SDL_AUDIODRIVER": "alsa"}
    assert choose(env) is None and env == {"SDL_AUDIODRIVER": "alsa"}
    for platform in ("win32", "darwin"):
        env = {}
        assert choose(env, platform=platform) is None and env == {}


def test_the_card_list_is_read_where_linux_keeps_it() -> None:
    assert Path("/proc/asound/cards") == ASOUND_CARDS
