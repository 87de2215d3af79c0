"""Copy the browser client's libraries from npm into the served files.

The browser client computes SHA-256 itself, because a page on a plain ``http://`` LAN
address is not a secure context and has no SubtleCrypto: it uses ``@noble/hashes``
(MIT, audited, ES modules), pinned in ``package.json`` as a development dependency.
``npm ci`` puts the package in ``node_modules``; this script copies the modules the
client imports (SHA-256 and the modules that one imports), their type declarations (for
``tsc --checkJs``) and the licence into ``canasta/web/vendor/noble_hashes/``, which
``canasta serve`` serves as ``/app/vendor/noble_hashes/NAME.js``. A test checks the
copies are the pinned package's bytes.

Usage: npm ci && python3 -m scripts.vendor_web   (after changing the pinned version)
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The package, where npm puts it, and where its copy is served from.
PACKAGE = "@noble/hashes"
SOURCE = ROOT / "node_modules" / "@noble" / "hashes"
TARGET = ROOT / "canasta" / "web" / "vendor" / "noble_hashes"
#: The modules the client needs: SHA-256 (sha2.js) and what it imports.
MODULES = ("sha2", "_md", "_u64", "utils")
#: Every file copied: each module with its type declarations, and the licence.
FILES = (*(f"{m}{end}" for m in MODULES for end in (".js", ".d.ts")), "LICENSE")


def pinned() -> str:
    """The version of :data:`PACKAGE` that ``package.json`` pins.

    Raises:
        KeyError: when ``package.json`` does not list it.
    """
    data = json.loads((ROOT / "package.json").read_text("utf-8"))
    return str(data["devDependencies"][PACKAGE])


def installed() -> str:
    """The version npm installed in ``node_modules``.

    Raises:
        FileNotFoundError: before ``npm ci``.
    """
    data = json.loads((SOURCE / "package.json").read_text("utf-8"))
    return str(data["version"])


def main() -> int:
    """Copy :data:`FILES`; 1 (with the reason) when npm has not installed the pinned
    version."""
    try:
        have = installed()
    except FileNotFoundError:
        print(f"vendor_web: {PACKAGE} is not in node_modules: run npm ci first", file=sys.stderr)
        return 1
    if have != pinned():
        print(f"vendor_web: node_modules holds {PACKAGE} {have}, package.json pins "
              f"{pinned()}: run npm ci first", file=sys.stderr)  # fmt: skip
        return 1
    if TARGET.exists():
        shutil.rmtree(TARGET)
    TARGET.mkdir(parents=True)
    for name in FILES:
        shutil.copyfile(SOURCE / name, TARGET / name)
    print(f"vendor_web: {PACKAGE} {have}: {len(FILES)} files into {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
