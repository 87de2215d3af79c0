"""The persistence layer loads pydantic, platformdirs and tomli-w, and nothing of the screen."""

from tests.test_layers import loaded_after


def test_persistence_loads_no_pygame_and_no_screen_code():
    loaded = loaded_after("import canasta.persistence, canasta.persistence.session")
    assert {"pydantic", "platformdirs", "tomli_w"} <= set(loaded["new"])
    assert "pygame" not in loaded["new"]
    assert not any(m.startswith(("canasta.ui", "canasta.scenes")) for m in loaded["canasta"])
