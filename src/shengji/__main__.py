"""``python -m shengji``: the command line (shengji.cli)."""

import sys

from .cli import main

sys.exit(main())
