"""``python -m canasta``: the same as the ``canasta`` command."""

import sys

from canasta.cli import main

sys.exit(main())
