#!/usr/bin/env bash
# The game's catalogue (docs/contributing.md#adding-a-message): extract every marked string into
# canasta/locale/canasta.pot, bring each language's .po up to date with it, and compile the
# .mo files the game reads. Run from the checkout with the venv's pybabel on PATH:
#   bash scripts/catalogue.sh            extract, update and compile
#   bash scripts/catalogue.sh compile    compile only (after editing a .po)
set -euo pipefail
cd "$(dirname "$0")/.."
LOCALE=canasta/locale
if [[ "${1:-}" != compile ]]; then
    pybabel extract -F babel.cfg -k N_ -k ngettext:1,2 -k pgettext:1c,2 \
        --add-comments=TRANSLATORS: --sort-by-file --project=Canasta \
        --version="$(python -c "import canasta; print(canasta.version())")" \
        --msgid-bugs-address="" --copyright-holder="Canasta contributors" \
        -o "$LOCALE/canasta.pot" canasta
    for po in "$LOCALE"/*/LC_MESSAGES/canasta.po; do
        [[ -e "$po" ]] || continue
        pybabel update -D canasta -i "$LOCALE/canasta.pot" -d "$LOCALE" \
            -l "$(basename "$(dirname "$(dirname "$po")")")" --no-fuzzy-matching --ignore-obsolete
    done
fi
if compgen -G "$LOCALE/*/LC_MESSAGES/canasta.po" >/dev/null; then
    pybabel compile -D canasta -d "$LOCALE" --statistics
fi
