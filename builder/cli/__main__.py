"""``python -m builder.cli`` is the ``laminim`` command."""

import sys

from builder.cli import main

sys.exit(main())
