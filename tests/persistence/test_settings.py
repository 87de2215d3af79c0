"""Settings: the file round-trips, every option reaches what it names, broken files."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from canasta.persistence.paths import HOME_ENV, default_paths
from canasta.persistence.session import Session
from canasta.persistence.settings import Settings, default_value
from canasta.persistence.settings_file import load_settings
from canasta.persistence.store import Store

LOOKS = {"theme": ["green", "blue"], "deck_design": ["red", "blue"],
         "card_style": ["classic"], "suit_colours": ["two-colour"]}  # fmt: skip

#: A value other than the default for every setting.
CHANGED = {
    "sound": False,
    "speed": "fast",
    "orientation": "portrait",
    "sort_order": "descending",
    "computer_level": "hard",
    "game_type": "quick",
    "players": 4,
    "two_canastas_to_go_out": True,
    "draw_two": True,
    "ask_permission": True,
    "pile_always_frozen": True,
    "rules_preset": "Book rules",
    "rule_overrides": {"wild_discard_allowed": False, "empty_stock": "ends"},
    "replays": False,
    "replays_kept": 20,
    "card_style": "classic-2",
    "deck_design": "blue",
    "large_index": True,
    "theme": "blue",
    "suit_colours": "four-colour",
    "fullscreen": True,
    "language": "de",
    "window_size": [1600, 1000],
    "window_position": [40, -30],
    "server_address": "wss://cards.example.org:9443",
    "player_name": "Zoë",
}


def test_changed_covers_every_setting_with_a_non_default():
    fields = set(Settings.model_fields) - {"schema_version"}
    assert set(CHANGED) == fields
    assert all(CHANGED[f] != default_value(f) for f in fields)


def test_paths_follow_the_one_environment_variable(canasta_home):
    paths = default_paths()
    assert paths.settings == canasta_home / "config" / "settings.toml"
    assert paths.save == canasta_home / "data" / "current_game.json"
    real = default_paths({})  # without the variable: platformdirs' folders
    assert real.config.name == "canasta" and real.data.name == "canasta"
    assert str(canasta_home) not in str(real.config)
    assert HOME_ENV == "CANASTA_HOME"


@pytest.mark.parametrize("field", sorted(CHANGED))
def test_every_setting_round_trips_through_the_file(field):
    session = Session(Store())
    session.update_settings(**{field: CHANGED[field]})
    text = default_paths().settings.read_text()
    assert tomllib.loads(text)[field] == CHANGED[field]
    again = Session(Store())
    assert getattr(again.settings, field) == CHANGED[field]
    assert again.settings.model_dump() == session.settings.model_dump()


def test_all_settings_changed_at_once_round_trip():
    Session(Store()).update_settings(**CHANGED)
    loaded, notices = load_settings(default_paths().settings)
    assert notices == [] and loaded.model_dump() == {"schema_version": 2, **CHANGED}


def test_rule_options_reach_the_engine_rule_set():
    base = Settings().rule_set()
    assert (base.players, base.quick_game, base.draw_two) == (2, False, False)
    assert (base.canastas_to_go_out, base.ask_permission, base.pile_always_frozen) == (
        1,
        False,
        False,
    )
    two = Settings(two_canastas_to_go_out=True, draw_two=True, game_type="quick").rule_set()
    assert two.canastas_to_go_out == 2 and two.stock_draw_count == 2 and two.quick_game
    four = Settings(players=4, ask_permission=True, pile_always_frozen=True).rule_set()
    assert four.players == 4 and four.asks_permission and four.pile_always_frozen
    assert four.cards_dealt == 11


def test_options_for_the_other_number_of_players_say_why():
    two, four = Settings(players=2), Settings(players=4)
    assert two.not_applicable("ask_permission") == "4 players only"
    # one Draw two row for two players and four: it applies to both
    assert four.not_applicable("draw_two") is None
    assert four.shown_value("draw_two") is False and two.shown_value("draw_two") is False
    partnership = Settings(**Settings.preset_changes("Draw-two partnership"))
    assert partnership.shown_value("draw_two") is True
    assert partnership.not_applicable("draw_two") is None
    assert partnership.rule_set().stock_draw_count == 2
    assert four.not_applicable("two_canastas_to_go_out") == "2 players only"
    assert two.not_applicable("draw_two") is None and four.not_applicable("ask_permission") is None
    assert two.not_applicable("pile_always_frozen") is None


def test_speed_factor():
    assert Settings().speed_factor == 1.0 and Settings(speed="fast").speed_factor == 2.0


def corrupt_files() -> list[str]:
    return sorted(p.name for p in default_paths().config.glob("settings.toml.corrupt-*"))


def write_settings(text: str) -> None:
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_corrupt_settings_file_is_moved_aside_and_defaults_take_over():
    write_settings("sound = = true\n[[[")
    store = Store()
    settings = store.load_settings()
    assert settings == Settings()
    [line] = [str(n) for n in store.take_notices()]
    assert line.startswith("settings.toml could not be read")
    assert corrupt_files() and corrupt_files()[0] in line
    assert not default_paths().settings.exists()


def test_a_broken_files_notice_is_in_plain_words_and_its_detail_in_the_log(caplog):
    """The notice quoted "'utf-8' codec can't decode byte 0x86 in position 0:
    invalid start byte" for a binary settings.toml."""
    path = default_paths().settings
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x86\x00\xff binary")
    store = Store()
    assert store.load_settings() == Settings()
    [line] = [str(n) for n in store.take_notices()]
    assert line.startswith("settings.toml could not be read (it is not a text file); it was")
    assert "codec" not in line and "UnicodeDecodeError: 'utf-8' codec" in caplog.text
    write_settings("sound = = true\n[[[")
    [line] = (store.load_settings(), [str(n) for n in store.take_notices()])[1]
    assert "(its text is damaged or cut short)" in line and "TOMLDecodeError" in caplog.text


def test_a_truncated_settings_file_is_moved_aside():
    Session(Store()).update_settings(**CHANGED)
    path = default_paths().settings
    text = path.read_text()
    path.write_text(text[: text.index('"descending"') + 5])  # cut inside a string
    store = Store()
    assert store.load_settings() == Settings()
    assert len([str(n) for n in store.take_notices()]) == 1 and len(corrupt_files()) == 1


def test_one_wrong_typed_value_keeps_every_other_value():
    Session(Store()).update_settings(players=4, theme="blue", sort_order="descending")
    path = default_paths().settings
    path.write_text(path.read_text().replace('speed = "normal"', "speed = 3"))
    store = Store()
    settings = store.load_settings()
    assert settings.speed == "normal"
    assert (settings.players, settings.theme, settings.sort_order) == (4, "blue", "descending")
    [line] = [str(n) for n in store.take_notices()]
    assert "Speed was not valid" in line and "other settings are kept" in line
    assert len(corrupt_files()) == 1 and corrupt_files()[0] in line
    assert "speed = 3" in (default_paths().config / corrupt_files()[0]).read_text()
    again, notices = load_settings(path)  # the repaired file reads cleanly
    assert notices == [] and again == settings


def test_a_bool_written_as_text_is_not_taken_for_true():
    write_settings('sound = "loud"\nplayers = 4\n')
    store = Store()
    settings = store.load_settings()
    assert settings.sound is True and settings.players == 4
    assert "Sound was not valid" in [str(n) for n in store.take_notices()][0]


def test_an_unknown_design_name_goes_back_to_the_default_design():
    write_settings('theme = "purple"\ndeck_design = "blue"\n')
    store = Store()
    settings = store.load_settings(LOOKS)
    assert settings.theme == "green" and settings.deck_design == "blue"
    assert "Table colour was not valid" in [str(n) for n in store.take_notices()][0]


def test_several_bad_values_are_named_in_one_line():
    write_settings('speed = "warp"\nplayers = 3\nlarge_index = true\nmystery = 1\n')
    store = Store()
    settings = store.load_settings()
    assert settings.large_index is True
    [line] = [str(n) for n in store.take_notices()]
    assert "mystery, Players, and Speed were not valid" in line


def test_an_unwritable_folder_keeps_the_settings_in_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(HOME_ENV, str(blocker))
    session = Session(Store())
    assert session.update_settings(theme="blue").theme == "blue"
    read, line = [str(n) for n in session.store.take_notices()]
    assert read.startswith("Could not read your settings and your stats: ")
    assert line == (f"Could not save the settings: {blocker} is a file where a folder should "
                    "be. The change holds while the game runs; nothing is saved until the "
                    "folder can be written (it is tried again at each change).")  # fmt: skip
    assert Store().load_settings() == Settings()  # nothing on disk, nothing broken


def test_a_bad_value_from_the_screen_changes_nothing():
    session = Session(Store())
    with pytest.raises(ValueError):
        session.update_settings(players=3)
    assert session.settings.players == 2
    assert not default_paths().settings.exists()


def test_a_settings_file_from_a_newer_version_keeps_what_this_version_knows():
    write_settings("schema_version = 3\nplayers = 4\nhologram = true\n")
    store = Store()
    settings = store.load_settings()
    assert settings.players == 4
    first, second = [str(n) for n in store.take_notices()]
    assert "newer version of Canasta (format 3)" in first
    assert "In settings.toml, hologram was not valid and went back to the default" in second


def test_online_settings_normalise_the_address_and_check_the_name_as_the_server_does():
    from canasta.persistence.addresses import server_url

    assert Settings().server_address == "ws://127.0.0.1:8765" and Settings().player_name == ""
    assert server_url("192.168.1.20") == "ws://192.168.1.20:8765"  # the default port
    assert server_url(" host:9000 ") == "ws://host:9000"
    assert server_url("wss://cards.example.org") == "wss://cards.example.org:8765"
    assert Settings(server_address="10.0.0.5:8000").server_address == "ws://10.0.0.5:8000"
    assert Settings(player_name="  Ann  ").player_name == "Ann"
    for bad in ("http://host:80", "", "a b:80", ":8765"):
        with pytest.raises(ValidationError):
            Settings(server_address=bad)
    for bad in ("x" * 25, "tab\there"):
        with pytest.raises(ValidationError):
            Settings(player_name=bad)


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ('"Ann\\u0007"', "it holds a character that cannot be shown, such as a tab"),
        ('"Ann\\tBob"', "it holds a character that cannot be shown, such as a tab"),
        ('"' + "x" * 30 + '"', "it is longer than 24 characters"),
        ("42", "it is not text"),
    ],
)
def test_a_bad_player_name_is_cleared_and_the_player_told_why(written, reason):
    """Online: a name the server would refuse is cleared, the player is told why and where
    to type it again, and every other setting stays."""
    write_settings(f'player_name = {written}\nplayers = 4\nserver_address = "ws://h:9"\n')
    store = Store()
    settings = store.load_settings()
    assert settings.player_name == ""
    assert (settings.players, settings.server_address) == (4, "ws://h:9")
    [line] = [str(n) for n in store.take_notices()]
    kept = corrupt_files()[0]
    assert line == (
        f"Your name for online tables in settings.toml could not be used ({reason}), so it "
        "was cleared: type it again on the Play online screen. Your other settings are "
        f"kept (the old file is kept as {kept})."
    )


def test_a_bad_player_name_and_another_bad_value_give_two_lines():
    write_settings('player_name = "A\\u0000"\nspeed = "warp"\nsound = false\n')
    store = Store()
    settings = store.load_settings()
    assert settings.sound is False and settings.speed == "normal"
    name, rest = [str(n) for n in store.take_notices()]
    assert name.startswith("Your name for online tables in settings.toml could not be used")
    assert rest.startswith("In settings.toml, Speed was not valid and went back to the default")


def test_the_name_notice_is_in_the_language_the_file_names():
    """The notices are made before the settings are in force; they speak the file's
    Language setting, not the system's."""
    from canasta.i18n import set_language
    from canasta.persistence.settings_file import file_language

    write_settings('language = "de"\nplayer_name = "' + "y" * 25 + '"\n')
    path = default_paths().settings
    assert file_language(path) == "de"
    set_language(file_language(path))
    store = Store()
    assert store.load_settings().language == "de"
    [line] = [str(n) for n in store.take_notices()]
    assert line.startswith("Dein Name für Online-Tische in settings.toml")
    assert "länger als 24 Zeichen" in line


@pytest.mark.parametrize(
    "text", ['language = "xx"\n', "language = 5\n", "not toml [\n", 'sound = "loud"\n']
)
def test_file_language_is_empty_for_a_file_that_names_no_known_language(text):
    from canasta.persistence.settings_file import file_language

    write_settings(text)
    assert file_language(default_paths().settings) == ""
    assert file_language(default_paths().settings.with_name("absent.toml")) == ""
