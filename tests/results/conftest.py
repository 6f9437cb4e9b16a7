"""The results core's tests build each format's tables with the formats' test factories."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "formats"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scoring"))
