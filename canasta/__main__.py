"""``python -m canasta``: the same as the ``canasta`` command."""

import sys

from canasta.cli import main

if __name__ == "__main__":
    sys.exit(main())
