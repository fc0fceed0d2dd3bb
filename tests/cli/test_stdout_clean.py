"""Commands print only their own output on stdout (pygame's import banner stays out)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_screenshot_prints_only_the_file_it_wrote(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "FRONTIER_CACHE_DIR": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    result = subprocess.run([sys.executable, "-m", "frontier_desktop", "screenshot", "--scene",
                             "menu", "--out", str(out), "--size", "960x600"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(out)
    assert out.stat().st_size > 1000
