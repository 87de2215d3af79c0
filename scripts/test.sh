#!/usr/bin/env bash
# Install everything the tests need, then run lint, types, the whole test suite and the
# documentation site's strict build, and last the packaging check (build the sdist and
# wheel, install the wheel in a fresh venv and play a headless demo from it:
# scripts/check_wheel.sh, about two minutes, mostly pip).
# Usage: bash scripts/test.sh [pytest arguments]   (e.g. -m slow for the long sizes)
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
# The real-window test needs Xvfb, xdotool and ImageMagick; the browser tests Debian's
# Chromium (driven by Playwright for Python, never a browser Playwright downloads); the
# browser client's type check Node and npm.
if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null || [ ! -x /usr/bin/convert ] \
    || [ ! -x /usr/bin/chromium ] || ! command -v npm >/dev/null; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq xvfb xdotool imagemagick chromium nodejs npm >/dev/null
fi
# The PostgreSQL tests (tests/cluster) start a throwaway cluster of their own, as an
# ordinary user in a temporary folder: they need Debian's initdb and postgres.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && ! command -v initdb >/dev/null \
  && [ ! -x /usr/local/bin/initdb ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq postgresql >/dev/null
fi
# Outside a virtual environment, use (and make once) .venv in the checkout: the disk-fault
# tests run the game as an ordinary user, who must be able to read the installed packages
# (an interpreter's own site-packages under /root are not).
if [ -z "${VIRTUAL_ENV:-}" ]; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  # shellcheck disable=SC1091
  . .venv/bin/activate
fi
python3 -m pip install -q -e '.[test,docs]'
python3 -m ruff check canasta tests scripts research
python3 -m ruff format --check canasta tests scripts research
python3 -m mypy canasta
# The browser client (canasta/web, JavaScript with JSDoc types): tsc --checkJs --strict.
npm ci --no-audit --no-fund --loglevel=error
npx --no-install tsc -p canasta/web/jsconfig.json
# Two workers (pytest-xdist): the quick suite's CPU time split over the machine's two
# cores; pass -n 0 to run in one process. The long sizes run with -m slow (CI).
python3 -m pytest -n 2 "$@"
# The documentation site, warnings as errors (broken links and anchors, pages left out of
# the navigation); built into a temporary folder, offline (no fonts or plugins fetched).
site_dir="$(mktemp -d)"
export NO_MKDOCS_2_WARNING=1  # the theme's notice about its successor, not a warning of ours
python3 -m mkdocs build --strict --quiet --site-dir "$site_dir"
rm -rf "$site_dir"
bash scripts/check_wheel.sh
