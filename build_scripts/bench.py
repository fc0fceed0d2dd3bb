"""Performance figures for Frontier Desktop, printed as one JSON object.

Each area has a module ``build_scripts/bench_<area>.py`` with ``run() -> dict[str, float]``;
this script runs them all (or the ones named on the command line) and merges the figures.
Targets live in each module's ``TARGETS``; they are reported, never asserted.

    python build_scripts/bench.py            # every area
    python build_scripts/bench.py rules      # only bench_rules.py
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

# pygame prints a banner on import; stdout must carry only the JSON object.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def main(argv: list[str]) -> int:
    areas = argv or sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    figures: dict[str, object] = {}
    targets: dict[str, object] = {}
    for area in areas:
        module = importlib.import_module(f"bench_{area}")
        figures.update(module.run())
        targets.update(getattr(module, "TARGETS", {}))
    figures["targets"] = targets
    print(json.dumps(figures, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
