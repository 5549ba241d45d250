"""``python -m shengji``: the command line (shengji.cli)."""

import sys

from .frontend.cli import main

sys.exit(main())
