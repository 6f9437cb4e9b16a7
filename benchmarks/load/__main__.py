"""``python -m benchmarks.load``: see the package docstring."""

import sys

from benchmarks.load.run import main

sys.exit(main())
