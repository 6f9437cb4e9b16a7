"""``python -m benchmarks.drills``: see the package docstring."""

import sys

from benchmarks.drills.run import main

sys.exit(main())
