"""Plain HTTP on the server's port: the browser client's files, the card art by whitelisted
path (no traversal), the catalogues compiled to JSON, the protocol version served, the
security and caching headers, and the WebSocket on the same port."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import urllib.error
import urllib.request
from importlib import resources
from pathlib import Path

import pytest
from websockets.datastructures import Headers

from canasta.net.client import Client
from canasta.net.http import WebFiles, catalogue
from canasta.net.protocol import CODE_ALPHABET, CODE_LENGTH, PROTOCOL_VERSION
from canasta.net.server_words import WORDS
from tests.net.helpers import run, running_server, url

WEB = Path(str(resources.files("canasta").joinpath("web")))


def get(files: WebFiles, path: str, **headers: str):  # type: ignore[no-untyped-def]
    request = Headers({"Host": "127.0.0.1:8765", **headers})
    return files.respond(path, request)


def test_the_page_and_a_table_link_are_the_same_page_with_a_strict_policy() -> None:
    files = WebFiles()
    page = get(files, "/")
    assert page.status_code == 200
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
    code = ("ABC234" * 3)[:CODE_LENGTH]
    assert get(files, f"/t/{code}").body == page.body
    assert get(files, f"/t/{code.lower()}/").body == page.body
    assert get(files, "/t/ABC").status_code == 404  # too short to be a code
    assert get(files, f"/t/{code}!").status_code == 404
    assert get(files, f"/t/{code}01").status_code == 404  # 0 and 1 are not in codes
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self';" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "*" not in policy
    assert "connect-src 'self' ws://127.0.0.1:8765 wss://127.0.0.1:8765;" in policy
    assert "frame-ancestors 'none'" in policy
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert page.headers["Cache-Control"] == "no-cache"
    # No inline script and no other origin in the page itself.
    html = page.body.decode()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="/app/' in attrs and not body.strip() for attrs, body in scripts)
    assert "http://" not in html and "https://" not in html and "style=" not in html


def test_every_file_the_page_names_is_served_and_nothing_else_of_the_folder() -> None:
    files = WebFiles()
    html = get(files, "/").body.decode()
    named = re.findall(r'(?:src|href)="(/[^"]+)"', html)
    assert "/app/main.js" in named and "/app/style.css" in named
    for path in named:
        answer = get(files, path)
        assert answer.status_code == 200, path
    assert get(files, "/app/main.js").headers["Content-Type"] == "text/javascript; charset=utf-8"
    for source in WEB.glob("*.js"):
        assert get(files, f"/app/{source.name}").body == source.read_bytes()
    assert get(files, "/app/jsconfig.json").status_code == 404
    assert get(files, "/app/index.html").status_code == 404


def test_every_module_the_client_imports_is_served_with_the_same_policy() -> None:
    """From main.js, every module imported (the client's and the vendored SHA-256's,
    under /app/vendor/LIBRARY/) is served, as JavaScript under the page's policy."""
    files = WebFiles()
    page_policy = get(files, "/").headers["Content-Security-Policy"]
    seen: set[str] = set()
    waiting = ["/app/main.js"]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        answer = get(files, path)
        assert answer.status_code == 200, path
        assert answer.headers["Content-Type"] == "text/javascript; charset=utf-8"
        assert answer.headers["Content-Security-Policy"] == page_policy
        folder = path.rsplit("/", 1)[0]
        for name in re.findall(r'^(?:import|export)[^;]*?from "\./([^"]+)"', answer.body.decode(),
                               re.M | re.S):  # fmt: skip
            waiting.append(f"{folder}/{name}")
    vendored = {p for p in seen if p.startswith("/app/vendor/")}
    assert vendored == {
        f"/app/vendor/noble_hashes/{m}.js" for m in ("sha2", "_md", "_u64", "utils")
    }
    assert "/app/proof.js" in seen


@pytest.mark.parametrize(
    "path",
    [
        "/app/../pyproject.toml",
        "/app/%2e%2e/net/server.py",
        "/app/..%2fnet%2fserver.py",
        "/app/main.js/..",
        "/app/vendor/noble_hashes/sha2.d.ts",
        "/app/vendor/noble_hashes/LICENSE",
        "/app/vendor/noble_hashes/sha3.js",
        "/app/vendor/noble_hashes/../../main.js",
        "/app/vendor/noble_hashes/%2e%2e/main.js",
        "/app/vendor/nope/sha2.js",
        "/app/vendor/sha2.js",
        "/app/vendor/noble_hashes/sub/sha2.js",
        "/art/cards/modern/standard/../../../../net/server.py",
        "/art/cards/modern/standard/XX.svg",
        "/art/cards/nope/standard/QS.svg",
        "/art/cards/modern/nope/QS.svg",
        "/art/cards/modern/../standard/QS.svg",
        "/art/backs/standard/../../icon.svg",
        "/art/backs/standard/no-such-deck.svg",
        "/art/backs/odd/crimson-lattice.svg",
        "/art/textures/../../themes.json",
        "/art/textures/nothing.png",
        "/i18n/../locale/de.json",
        "/i18n/xx.json",
        "/i18n/canasta.json",
        "//etc/passwd",
        "/etc/passwd",
        "/assets/themes.json",
        "/canasta/net/server.py",
    ],
)
def test_a_path_outside_the_whitelist_is_not_found(path: str) -> None:
    answer = get(WebFiles(), path)
    assert answer.status_code == 404
    assert answer.body == b"not found"


def test_a_face_is_served_in_the_palette_s_colours() -> None:
    files = WebFiles()
    standard = get(files, "/art/cards/modern/standard/QD.svg")
    four = get(files, "/art/cards/modern/four_colour/QD.svg")
    assert standard.status_code == four.status_code == 200
    assert standard.headers["Content-Type"] == "image/svg+xml"
    assert b"#c61626" in standard.body and b"#1f57c3" not in standard.body
    assert b"#1f57c3" in four.body and b"#c61626" not in four.body  # diamonds are blue
    assert get(files, "/art/cards/classic-large/standard/JK-R.svg").status_code == 200
    back = get(files, "/art/backs/standard/crimson-lattice.svg")
    assert back.body.startswith(b"<svg")
    assert back.headers["Cache-Control"] == "public, max-age=86400"


def test_the_config_serves_the_protocol_version_and_the_server_s_words() -> None:
    answer = get(WebFiles(), "/config.json")
    config = json.loads(answer.body)
    assert config["protocol"] == PROTOCOL_VERSION
    assert config["words"] == WORDS
    assert config["refusals"]["meld_too_small"] == (
        "A meld needs at least 3 cards; you chose {count}."
    )
    assert set(config["languages"]) == {"en", "de", "es", "fr", "it", "pt_BR"}
    assert config["code"] == {"length": CODE_LENGTH, "alphabet": CODE_ALPHABET}
    assert "four_colour" in config["palettes"] and "crimson-lattice" in config["decks"]
    # The cards each seat is dealt, to check a deal against its revealed seed.
    assert config["cards_dealt"]["Classic"] == {"2": 15, "4": 11}
    assert set(config["cards_dealt"]) == {"Classic", "Book rules", "Two-handed",
                                          "Draw-two partnership", "Play-off on ties"}  # fmt: skip


def test_the_catalogues_are_the_game_s_own_compiled_ones() -> None:
    german = json.loads(get(WebFiles(), "/i18n/de.json").body)
    assert german["messages"]["Discard"] == "Abwerfen"
    assert german["messages"]["Lobby"]  # a desktop word, the same translation
    assert german["messages"]["card\x04queen"] == "Dame"
    assert german["messages"]["{n} card"] == ["{n} Karte", "{n} Karten"]
    assert german["plural"] == {"one": 0, "other": 1}
    french = catalogue("fr")
    assert french["plural"] == {"one": 0, "many": 1, "other": 2}
    assert french["messages"]["{n} card"][0] == "{n} carte"
    assert catalogue("en")["messages"] == {}
    with pytest.raises(KeyError):
        catalogue("xx")


def test_an_unchanged_file_is_not_sent_again_and_text_goes_gzipped() -> None:
    files = WebFiles()
    first = get(files, "/app/table.js")
    assert first.headers["ETag"].startswith('W/"')
    again = get(files, "/app/table.js", **{"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.body == b""
    packed = get(files, "/app/table.js", **{"Accept-Encoding": "gzip, deflate"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.body) == first.body
    assert len(packed.body) < len(first.body) / 2
    assert packed.headers["Vary"] == "Accept-Encoding"


def test_http_and_the_websocket_share_the_port(tmp_path: Path) -> None:
    async def body() -> None:
        async with running_server(tmp_path) as server:
            base = f"http://127.0.0.1:{server.port}"

            def fetch(path: str) -> tuple[int, bytes, str]:
                try:
                    with urllib.request.urlopen(base + path, timeout=10) as answer:
                        return answer.status, answer.read(), answer.headers["Content-Type"]
                except urllib.error.HTTPError as error:
                    return error.code, error.read(), error.headers["Content-Type"]

            status, page, kind = await asyncio.to_thread(fetch, "/")
            assert (status, kind) == (200, "text/html; charset=utf-8")
            assert b'<script type="module" src="/app/main.js">' in page
            status, config, _ = await asyncio.to_thread(fetch, "/config.json")
            assert json.loads(config)["protocol"] == PROTOCOL_VERSION
            status, _, _ = await asyncio.to_thread(fetch, "/app/../../pyproject.toml")
            assert status == 404
            # A first visit fetches some 70 files: web requests are not connections the
            # door counts (it lets an address open 40 at once, then 2 a second).
            faces = [
                f"/art/cards/modern/standard/{r}{s}.svg" for r in "A23456789TJQK" for s in "CDHS"
            ]
            answers = await asyncio.to_thread(lambda: [fetch(face)[0] for face in faces])
            assert answers == [200] * 52
            client = Client(url(server) + "/ws", "Ann")
            welcome = await client.connect()
            assert welcome.name == "Ann"
            await client.close()

    run(body())
