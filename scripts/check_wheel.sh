#!/usr/bin/env bash
# The packaging check: build the sdist and the wheel (python -m build: the wheel is built
# from the sdist, so both are checked), install the wheel into a fresh virtual environment
# outside the checkout, and run the installed game headless from an empty folder:
#   canasta --version, canasta --demo --quit-after 3 (and in German), canasta position FILE
#   (and a refusal in Spanish: the compiled catalogues ship).
# A missing package, asset or dependency fails here. Usage: bash scripts/check_wheel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Without PYTHONDONTWRITEBYTECODE, which makes setuptools say that it skips byte-compiling:
# any other warning of the build is the configuration's and fails the check.
env -u PYTHONDONTWRITEBYTECODE python3 -m build --outdir "$work/dist" . >"$work/build.log" 2>&1 \
  || { cat "$work/build.log"; exit 1; }
if grep -i -E "deprecat|warning" "$work/build.log"; then
  echo "check_wheel: the build warns (above); it must be quiet" >&2
  exit 1
fi
wheel="$(ls "$work"/dist/canasta-*.whl)"
python3 - "$wheel" "$work"/dist/canasta-*.tar.gz <<'PY'
import sys, tarfile, zipfile
wheel = zipfile.ZipFile(sys.argv[1]).namelist()
sdist = tarfile.open(sys.argv[2]).getnames()
need = ["canasta/assets/themes.json", "canasta/assets/icon.svg", "canasta/assets/sounds/deal.wav",
        "canasta/assets/cards/modern/AS.svg", "canasta/assets/backs/standard/crimson-lattice.svg",
        "canasta/assets/textures/felt.png", "canasta/ui/theme.py",
        "canasta/locale/canasta.pot", "canasta/web/index.html", "canasta/web/main.js",
        "canasta/web/style.css", "canasta/web/proof.js",
        "canasta/web/vendor/noble_hashes/sha2.js", "canasta/web/vendor/noble_hashes/LICENSE"] + [f"canasta/locale/{c}/LC_MESSAGES/canasta.mo"
                                         for c in ("es", "pt_BR", "it", "de", "fr")]
missing = [n for n in need if n not in wheel]
shots = [n for n in wheel if "screenshots" in n]
license = [n for n in wheel if n.endswith("licenses/LICENSE")]
in_sdist = [n for n in sdist if n.endswith("/assets/themes.json") or n.endswith("/LICENSE")]
problems = (missing and f"missing from the wheel: {missing}") or (shots and f"screenshots in the wheel: {shots[:3]}") \
    or (not license and "no licence file in the wheel") or (len(in_sdist) < 2 and "assets or LICENSE missing from the sdist")
if problems:
    sys.exit(f"check_wheel: {problems}")
print(f"check_wheel: wheel {len(wheel)} files, sdist {len(sdist)} files")
PY
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$wheel"
cat >"$work/position.json" <<'JSON'
{"schema_version": 1, "turn": 0, "phase": "play",
 "hands": [["7H", "7D", "7C", "KS", "5D"], ["4C", "9H"]],
 "melds": [{"K": ["KH", "KD", "KC"]}, {}], "pile": ["8S"]}
JSON
cd "$work"  # not the checkout: the installed package only
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CANASTA_HOME="$work/home"
"$work/venv/bin/canasta" --version
"$work/venv/bin/canasta" --demo --quit-after 3
"$work/venv/bin/canasta" --demo --quit-after 2 --language de
"$work/venv/bin/canasta" position position.json | grep -q "^discard 7H$"
# A refused move exits 1: its line is checked, not its status.
refusal="$("$work/venv/bin/canasta" position position.json --play "meld 7H 7D" --language es || true)"
test "$refusal" = "refused (meld_too_small): Una bajada necesita al menos 3 cartas; elegiste 2."
test -s "$work/home/logs/canasta.log"
# The browser client, its art and its German words are served from the installed package.
"$work/venv/bin/python" - <<'PY'
import json
from websockets.datastructures import Headers
from canasta.net.http import WebFiles
files, host = WebFiles(), Headers({"Host": "localhost"})
for path in ("/", "/app/main.js", "/app/style.css", "/art/cards/modern/standard/QS.svg"):
    assert files.respond(path, host).status_code == 200, path
assert json.loads(files.respond("/i18n/de.json", host).body)["messages"]["Discard"] == "Abwerfen"
PY
echo "check_wheel: the installed wheel plays a demo, reads a position, speaks Spanish and German and serves the browser client"
