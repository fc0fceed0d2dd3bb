"""One real window under Xvfb: open the app on the menu and take a screenshot."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import sys
from pathlib import Path
import pygame
from frontier_desktop.app import App
from frontier_desktop.config import Paths, Settings
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
tmp = Path(sys.argv[1])
app = App(paths=Paths(tmp / "c", tmp / "d"), settings=Settings(), size=(1280, 720),
          save_settings_on_exit=False)
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
app.scenes.push(MainMenuScene(app))
for _ in range(5):
    app.step(1 / 60)
pygame.image.save(pygame.display.get_surface(), str(tmp / "window.png"))
app.shutdown()
print("ok")
"""


@pytest.mark.skipif(shutil.which("Xvfb") is None,
                    reason="Xvfb is not installed (make test installs it on Debian/Ubuntu)")
def test_real_window_under_xvfb(tmp_path) -> None:
    display = f":{90 + os.getpid() % 9}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        sock = Path(f"/tmp/.X11-unix/X{display[1:]}")
        for _ in range(50):
            if sock.exists():
                break
            time.sleep(0.1)
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
               "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO)}
        done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], env=env,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        assert (tmp_path / "window.png").stat().st_size > 10_000
        if shutil.which("xwd") and shutil.which("convert"):
            grab = subprocess.run(f"xwd -root -silent -display {display} | convert xwd:- "
                                  f"{tmp_path / 'root.png'}", shell=True, timeout=30)
            assert grab.returncode == 0
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
