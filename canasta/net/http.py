"""Plain HTTP on the server's port: the browser client's files, its card art and its words.

:class:`WebFiles` is the ``process_request`` hook of the WebSocket server: a request that
asks to upgrade to a WebSocket goes on to the game's handshake (on any path, so desktop
windows that connect to ``/`` keep working); any other GET is answered here:

- ``/`` and ``/t/CODE`` (a private table's link): the page (``canasta/web/index.html``);
- ``/app/NAME.js`` and ``/app/NAME.css``: the client's files, exactly those in the folder;
- ``/app/vendor/LIBRARY/NAME.js``: the modules of a library copied from npm into
  ``canasta/web/vendor/LIBRARY`` (``scripts/vendor_web.py``), exactly those there;
- ``/config.json``: the protocol version, the languages, the server's words by code and
  the engine's refusal templates (English: the keys of the catalogue), the card choices;
- ``/i18n/LANG.json``: the compiled catalogue of one language (built from its ``.mo``
  with Babel on first request, then kept): ``{"messages": {msgid: msgstr or [forms]},
  "plural": {CLDR category: form index}}``;
- ``/art/cards/STYLE/PALETTE/KEY.svg``: a face in a suit palette's colours;
  ``/art/backs/SHAPE/DECK.svg``: a back; ``/art/icon.svg``; ``/art/textures/NAME.png``.

Every name in a path is checked against the known ones (a style, palette, deck, card key,
language or client file): anything else is 404, so no path can reach another file. Every
answer carries a Content-Security-Policy that allows this origin only and no inline script,
and an ETag: the client's files are checked again on each load (``no-cache``), art is kept
for a day. Text answers are gzipped for a browser that accepts it.
"""

from __future__ import annotations

import gettext
import gzip
import hashlib
import json
import re
from dataclasses import dataclass
from email.utils import formatdate
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale
from babel.messages.mofile import read_mo
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from canasta.engine.refusals import MESSAGES
from canasta.engine.rules import PRESETS
from canasta.i18n import LANGUAGES
from canasta.net.protocol import CODE_ALPHABET, CODE_LENGTH, PROTOCOL_VERSION
from canasta.net.server_words import REASONS, WORDS

#: Content types by file ending.
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
#: Seconds a browser keeps the card art before asking again.
ART_SECONDS = 86400
#: The colours of a theme the browser paints its felt and buttons with (``themes.json``).
THEME_KEYS = ("title", "felt", "felt_edge", "accent", "text", "text_dim", "button",
              "button_text", "glow", "deck")  # fmt: skip
#: Smaller answers go out as they are (gzip would gain little).
GZIP_FROM = 1024

# A table's link: its join code (codes of other lengths, from another version, are let
# through for the server's join to answer).
_CODE = re.compile(rf"^/t/[{CODE_ALPHABET}]{{4,{CODE_LENGTH + 4}}}/?$", re.IGNORECASE)
_APP = re.compile(r"^/app/([a-z][a-z0-9_]*\.(?:js|css))$")
_VENDOR = re.compile(r"^/app/vendor/([a-z][a-z0-9_]*/[A-Za-z0-9_][A-Za-z0-9_-]*\.js)$")
_I18N = re.compile(r"^/i18n/([A-Za-z_]+)\.json$")
_FACE = re.compile(r"^/art/cards/([a-z]+(?:-large)?)/([a-z_]+)/([2-9TJQKA][CDHS]|JK-[BR])\.svg$")
_BACK = re.compile(r"^/art/backs/(standard|large)/([a-z-]+)\.svg$")
_TEXTURE = re.compile(r"^/art/textures/([a-z]+)\.png$")
_HOST = re.compile(r"^[A-Za-z0-9.\-\[\]:]{1,200}$")


@dataclass(frozen=True)
class Answer:
    """One file's answer: its bytes, content type, entity tag and how long it is kept
    (``max_age`` seconds; 0: checked again on every load)."""

    body: bytes
    type: str
    etag: str
    max_age: int = 0


def _answer(body: bytes, kind: str, max_age: int = 0) -> Answer:
    # Weak: the same tag for the gzipped and the plain bytes of one file.
    return Answer(body, kind, 'W/"' + hashlib.sha256(body).hexdigest()[:32] + '"', max_age)


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def catalogue(code: str, locale_dir: Traversable | None = None) -> dict[str, Any]:
    """The catalogue of language ``code`` for the browser: ``messages`` maps each msgid
    (``context + "\\x04" + msgid`` for a message with a context) to its translation, a
    list of forms for a plural one; ``plural`` maps each CLDR plural category of the
    language (``one``, ``many``, ``other`` ...) to the index of its form. English (the
    source language) has no messages.

    Raises:
        KeyError: for a code not in :data:`canasta.i18n.LANGUAGES`.
        OSError: when the compiled catalogue cannot be read.
    """
    if code not in LANGUAGES:
        raise KeyError(code)
    if code == "en":
        return {"language": "en", "messages": {}, "plural": {"one": 0, "other": 1}}
    folder = locale_dir or resources.files("canasta").joinpath("locale")
    with folder.joinpath(code, "LC_MESSAGES", "canasta.mo").open("rb") as handle:
        found = read_mo(handle)
    messages: dict[str, Any] = {}
    for message in found:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        value = message.string
        messages[key] = list(value) if isinstance(value, (tuple, list)) else value
    index = gettext.c2py(found.plural_expr)
    locale = Locale.parse(code)
    plural: dict[str, int] = {}
    for n in (*range(0, 200), 1000000, 2000000):
        plural.setdefault(locale.plural_form(n), index(n))
    return {"language": code, "messages": messages, "plural": plural}


def config() -> dict[str, Any]:
    """What the browser client reads first: the protocol version it must say hello with,
    the languages, the server's words by code and the engine's refusal templates (the
    English keys of the catalogue), the reasons translated as details, the join code's
    shape, the cards dealt to each seat by each preset's rules (by number of players, to
    check a deal against its revealed seed), and the card choices (styles, palettes,
    decks, themes)."""
    assets = resources.files("canasta.assets")
    styles = json.loads(assets.joinpath("cards", "styles.json").read_text("utf-8"))
    palettes = json.loads(assets.joinpath("palettes.json").read_text("utf-8"))
    decks = json.loads(assets.joinpath("backs", "decks.json").read_text("utf-8"))
    themes = json.loads(assets.joinpath("themes.json").read_text("utf-8"))
    return {
        "protocol": PROTOCOL_VERSION,
        "languages": LANGUAGES,
        "words": WORDS,
        "refusals": {code.value: text for code, text in MESSAGES.items()},
        "reasons": list(REASONS),
        "code": {"length": CODE_LENGTH, "alphabet": CODE_ALPHABET},
        "cards_dealt": {
            name: {str(n): rules.with_options(players=n).cards_dealt for n in (2, 4)}
            for name, rules in PRESETS.items()
        },
        "styles": {name: s["title"] for name, s in styles["styles"].items()},
        "palettes": {name: p["title"] for name, p in palettes.items()},
        "decks": {name: d["title"] for name, d in decks.items()},
        "themes": {name: {k: t[k] for k in THEME_KEYS} for name, t in themes.items()},
    }


class WebFiles:
    """The files the server answers plain HTTP GETs with (see the module's text).

    Args:
        web: the client's folder (default: ``canasta/web`` in the package).
        assets: the art's folder (default: the package ``canasta.assets``).

    Files are read on first request and kept (the package does not change under a running
    server).
    """

    def __init__(self, web: Traversable | None = None, assets: Traversable | None = None) -> None:
        self.web = web or resources.files("canasta").joinpath("web")
        self.assets = assets or resources.files("canasta.assets")
        self._cache: dict[str, Answer | None] = {}
        self._gzipped: dict[str, bytes] = {}
        self._names: dict[str, set[str]] | None = None

    # The hook ------------------------------------------------------------------------------

    @staticmethod
    def upgrade(request: Request) -> bool:
        """Whether ``request`` asks to become a WebSocket (the game's connection)."""
        return bool(request.headers.get("Upgrade", "").lower() == "websocket")

    def process_request(self, connection: Any, request: Request) -> Response | None:
        """A ``process_request`` hook: None (go on with the WebSocket handshake) for an
        upgrade request, else the HTTP answer."""
        if self.upgrade(request):
            return None
        return self.respond(request.path, request.headers)

    def respond(self, target: str, headers: Headers) -> Response:
        """The answer to a GET of ``target`` (path and query) with request ``headers``."""
        path = target.split("?", 1)[0].split("#", 1)[0]
        try:
            found = self.find(path)
        except Exception:  # a file that cannot be read: an answer, never a dropped request
            return self._plain(500, "Internal Server Error", "the server could not read that")
        if found is None:
            return self._plain(404, "Not Found", "not found")
        out = self._headers(found, headers)
        if found.etag in {t.strip() for t in headers.get("If-None-Match", "").split(",")}:
            return Response(304, "Not Modified", out, b"")
        body = found.body
        if (
            len(body) >= GZIP_FROM
            and not found.type.startswith("image/png")
            and ("gzip" in headers.get("Accept-Encoding", ""))
        ):
            body = self._gzip(path, found)
            out["Content-Encoding"] = "gzip"
        out["Content-Length"] = str(len(body))
        return Response(200, "OK", out, body)

    # Finding a file ------------------------------------------------------------------------

    def find(self, path: str) -> Answer | None:
        """The answer for ``path``, or None when it names nothing served (404)."""
        if path in self._cache:
            return self._cache[path]
        found = self._find(path)
        if len(self._cache) < 4096:  # bounded: only known names are ever kept
            self._cache[path] = found
        return found

    def _find(self, path: str) -> Answer | None:
        if path in ("/", "/index.html") or _CODE.match(path):
            return self._file(self.web.joinpath("index.html"), ".html")
        if path == "/config.json":
            return _answer(_json(config()), TYPES[".json"])
        names = self.names()
        if match := _APP.match(path):
            name = match.group(1)
            if name not in names["app"]:
                return None
            return self._file(self.web.joinpath(name), "." + name.rsplit(".", 1)[1])
        if match := _VENDOR.match(path):
            name = match.group(1)
            if name not in names["vendor"]:
                return None
            return self._file(self.web.joinpath("vendor", *name.split("/")), ".js")
        if match := _I18N.match(path):
            code = match.group(1)
            if code not in LANGUAGES:
                return None
            return _answer(_json(catalogue(code)), TYPES[".json"])
        if match := _FACE.match(path):
            return self._face(*match.groups())
        if match := _BACK.match(path):
            shape, deck = match.groups()
            if deck not in names["decks"]:
                return None
            return self._file(self.assets.joinpath("backs", shape, f"{deck}.svg"), ".svg",
                              ART_SECONDS)  # fmt: skip
        if match := _TEXTURE.match(path):
            if match.group(1) not in names["textures"]:
                return None
            return self._file(self.assets.joinpath("textures", f"{match.group(1)}.png"), ".png",
                              ART_SECONDS)  # fmt: skip
        if path in ("/art/icon.svg", "/favicon.ico"):
            return self._file(self.assets.joinpath("icon.svg"), ".svg", ART_SECONDS)
        return None

    def names(self) -> dict[str, set[str]]:
        """The names a path may hold: the client's files (``app``), its vendored modules
        (``vendor``, as ``LIBRARY/NAME.js``), the face styles, palettes, decks, textures and
        card keys."""
        if self._names is None:
            assets = self.assets
            styles = json.loads(assets.joinpath("cards", "styles.json").read_text("utf-8"))
            themes = json.loads(assets.joinpath("themes.json").read_text("utf-8"))
            self._names = {
                "app": {p.name for p in self.web.iterdir() if _APP.match("/app/" + p.name)},
                "vendor": self._vendored(),
                "styles": set(styles["styles"]),
                "palettes": set(json.loads(assets.joinpath("palettes.json").read_text("utf-8"))),
                "decks": set(json.loads(assets.joinpath("backs", "decks.json").read_text("utf-8"))),
                "textures": {t["texture"] for t in themes.values() if t.get("texture")},
            }
        return self._names

    def _vendored(self) -> set[str]:
        """The vendored modules, as ``LIBRARY/NAME.js``."""
        vendor = self.web.joinpath("vendor")
        if not vendor.is_dir():
            return set()
        return {
            f"{library.name}/{file.name}"
            for library in vendor.iterdir()
            if library.is_dir()
            for file in library.iterdir()
            if _VENDOR.match(f"/app/vendor/{library.name}/{file.name}")
        }

    def _face(self, folder: str, palette_name: str, key: str) -> Answer | None:
        names = self.names()
        if folder.removesuffix("-large") not in names["styles"]:
            return None
        if palette_name not in names["palettes"]:
            return None
        assets = self.assets
        file = assets.joinpath("cards", folder, f"{key}.svg")
        if not file.is_file():
            return None
        text = file.read_text("utf-8")
        style = json.loads(assets.joinpath("cards", "styles.json").read_text("utf-8"))
        tokens = style["tokens"]
        palette = json.loads(assets.joinpath("palettes.json").read_text("utf-8"))[palette_name]
        suit = {"JK-R": "H", "JK-B": "S"}.get(key, key[-1])
        # The faces are drawn in the style's token colours; the palette's take their place
        # (as the desktop's renderer does).
        ink = palette["suits"][suit]
        text = text.replace(tokens["red"], ink).replace(tokens["black"], ink)
        text = text.replace(tokens["face"], palette["face"])
        return _answer(text.encode("utf-8"), TYPES[".svg"], ART_SECONDS)

    def _file(self, file: Traversable, ending: str, max_age: int = 0) -> Answer | None:
        if not file.is_file():
            return None
        return _answer(file.read_bytes(), TYPES[ending], max_age)

    # Headers -------------------------------------------------------------------------------

    def _headers(self, found: Answer, request: Headers) -> Headers:
        host = request.get("Host", "")
        sockets = ""
        if _HOST.match(host):  # the page's own address, as ws:// and wss://
            sockets = f" ws://{host} wss://{host}"
        out = Headers()
        out["Content-Type"] = found.type
        out["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src 'self'{sockets}; font-src 'self'; manifest-src 'self'; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
        out["X-Content-Type-Options"] = "nosniff"
        out["Referrer-Policy"] = "no-referrer"
        out["Cross-Origin-Resource-Policy"] = "same-origin"
        out["Cache-Control"] = f"public, max-age={found.max_age}" if found.max_age else "no-cache"
        out["ETag"] = found.etag
        out["Vary"] = "Accept-Encoding"
        out["Date"] = formatdate(usegmt=True)
        return out

    def _gzip(self, path: str, found: Answer) -> bytes:
        packed = self._gzipped.get(path)
        if packed is None:
            packed = gzip.compress(found.body, compresslevel=6, mtime=0)
            if len(self._gzipped) < 4096:
                self._gzipped[path] = packed
        return packed

    def _plain(self, status: int, reason: str, text: str) -> Response:
        out = Headers()
        out["Content-Type"] = "text/plain; charset=utf-8"
        out["Content-Security-Policy"] = "default-src 'none'; frame-ancestors 'none'"
        out["X-Content-Type-Options"] = "nosniff"
        out["Cache-Control"] = "no-store"
        body = text.encode("utf-8")
        out["Content-Length"] = str(len(body))
        return Response(status, reason, out, body)
