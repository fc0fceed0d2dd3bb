"""``mypy --strict`` over the pure packages (rules, cards, decks, net) and modules, as STYLE.md asks."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["rules", "cards", "decks", "net"]
MODULES = ["position.py", "position_conquering.py", "record.py", "session.py", "effects_cli.py", "resources.py", "selfplay.py",
           "desktop_entry.py", "logs.py", "problems.py", "launch.py", "sample_decks.py"]
"""Pure modules beside the packages (the table, LAN host and CLI build on them); rules/effects
(the oracle-text reader) is checked as part of rules."""


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_pure_packages_pass_mypy_strict() -> None:
    targets = [str(ROOT / "frontier_desktop" / p) for p in PACKAGES
               if (ROOT / "frontier_desktop" / p / "__init__.py").exists()]
    targets += [str(ROOT / "frontier_desktop" / m) for m in MODULES]
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *targets],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
