"""UI figures: frame time during a drag, cold start, drag feedback, idle CPU (headless, dummy
driver).

    python build_scripts/bench.py ui
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

TARGETS = {
    "ui_frame_ms_p50": "<= 8",
    "ui_frame_ms_p99": "<= 8 (half of a 60 Hz frame)",
    "ui_cold_start_ms": "<= 1500",
    "ui_drag_feedback_ms": "<= one frame (16.7 ms at 60 Hz)",
    "ui_idle_cpu_pct": "<= 5 (the worse of the menu and a table, left alone)",
}

IDLE_SETTLE_S = 1.0
IDLE_MEASURE_S = 3.0

CREATURES = ("Llanowar Elves", "Shanodin Dryads", "River Boa", "Bog Wraith", "Anaconda",
             "Sengir Vampire", "Drudge Skeletons")
ENEMIES = ("Benalish Hero", "Mesa Pegasus", "White Knight", "Soltari Lancer", "Serra Angel",
           "Hill Giant", "Hurloon Minotaur")


def busy_position() -> dict[str, Any]:
    """A full 5x10 board (half face up), 14 creatures, two hands of 7."""
    lands = ("Forest", "Swamp", "Plains", "Mountain")
    rows = []
    for r in range(5):
        row = []
        for c in range(10):
            name = lands[(r * 3 + c) % 4]
            row.append(name if (r + c) % 2 == 0 else "?" + name)
        rows.append(row)
    units = []
    for i, name in enumerate(CREATURES):
        units.append({"id": f"a{i}", "card": name, "owner": 0, "at": [i % 2, i + 1]})
    for i, name in enumerate(ENEMIES):
        units.append({"id": f"b{i}", "card": name, "owner": 1, "at": [4 - i % 2, i + 2]})
    hand0 = ["Giant Growth", "Terror", "Bog Wraith", "Anaconda", "River Boa", "Regeneration",
             "Colossal Dreadmaw"]
    hand1 = ["Lightning Bolt", "Holy Strength", "Serra Angel", "Hill Giant", "White Knight",
             "Mesa Pegasus", "Talruum Minotaur"]
    return {"format": "frontier-position/1", "variant": "frontier", "options": {}, "active": 0,
            "phase": "main", "seed": 1,
            "players": [{"name": "Ann", "life": 20, "hand": hand0, "library": 30},
                        {"name": "Ben", "life": 20, "hand": hand1, "library": 30}],
            "board": {"rows": rows}, "units": units}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def frame_and_drag() -> dict[str, float]:
    import pygame

    import json

    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.table import TableScene

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        pos = tmp / "busy.json"
        pos.write_text(json.dumps(busy_position()), encoding="utf-8")
        app = App(paths=Paths(tmp / "c", tmp / "d"), settings=Settings(), size=(1600, 900),
                  save_settings_on_exit=False)
        session = games.session_from_position(pos)
        for i in range(12):  # something in the log panel
            session.submit(0, {"type": "life", "player": i % 2, "delta": -1})
        table = TableScene(app, session, seat=0, hotseat=False)
        app.scenes.push(table)
        for _ in range(5):
            app.step(1 / 60)
        assert table.renderer.log_lines
        # drag feedback: mouse-down on a token → first frame with highlights drawn
        unit = next(u for u in table.view["units"] if u.get("moves"))
        sprite = table.renderer.sprites[str(unit["id"])]
        feedback = []
        for _ in range(20):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sprite.home,
                                                 button=1))
            t0 = time.perf_counter()
            app.step(1 / 60)
            feedback.append((time.perf_counter() - t0) * 1000)
            assert table.highlights, "no highlighted destinations after mouse-down"
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=sprite.home, button=1))
            app.step(1 / 60)
            table.select(None)
        # frame times during a drag
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sprite.home, button=1))
        app.step(1 / 60)
        frames = []
        for i in range(400):
            x = sprite.home[0] + int(120 * ((i % 80) / 80))
            y = sprite.home[1] - int(80 * ((i % 50) / 50))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1),
                                                 buttons=(1, 0, 0)))
            t0 = time.perf_counter()
            app.step(1 / 60)
            frames.append((time.perf_counter() - t0) * 1000)
        assert table.drag is not None and table.drag.active
        frames = frames[20:]
        app.shutdown()
    return {"ui_frame_ms_p50": round(statistics.median(frames), 3),
            "ui_frame_ms_p99": round(_percentile(frames, 0.99), 3),
            "ui_drag_feedback_ms": round(statistics.median(feedback), 3)}


def _idle_cpu(app: Any) -> float:
    """Process CPU time over wall time, in %, while the real main loop runs untouched."""
    end = time.perf_counter() + IDLE_SETTLE_S
    while time.perf_counter() < end:      # first frames, card images arriving
        app.run_once()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < IDLE_MEASURE_S:
        app.run_once()
    return 100.0 * (time.process_time() - cpu0) / (time.perf_counter() - wall0)


def idle_cpu() -> dict[str, float]:
    """CPU use of the main loop idle on the main menu and on a busy table."""
    import json

    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from frontier_desktop.ui.scenes.table import TableScene

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        pos = tmp / "busy.json"
        pos.write_text(json.dumps(busy_position()), encoding="utf-8")
        app = App(paths=Paths(tmp / "c", tmp / "d"), settings=Settings(), size=(1600, 900),
                  save_settings_on_exit=False)
        app.scenes.push(MainMenuScene(app))
        menu = _idle_cpu(app)
        app.scenes.reset(TableScene(app, games.session_from_position(pos), seat=0,
                                    hotseat=False))
        table = _idle_cpu(app)
        app.shutdown()
    return {"ui_idle_cpu_pct": round(max(menu, table), 2),
            "ui_idle_cpu_pct_menu": round(menu, 2), "ui_idle_cpu_pct_table": round(table, 2)}


COLD = r"""
import time, sys
from pathlib import Path
import tempfile
from frontier_desktop.app import App
from frontier_desktop.config import Paths
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
tmp = Path(tempfile.mkdtemp())
app = App(paths=Paths(tmp / "c", tmp / "d"), size=(1600, 900), save_settings_on_exit=False)
app.scenes.push(MainMenuScene(app))
app.step(1 / 60)
print("FIRST-FRAME", flush=True)
app.shutdown()
"""


def cold_start() -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(REPO)}
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", COLD], env=env, stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if "FIRST-FRAME" in line:
                runs.append((time.perf_counter() - t0) * 1000)
                break
        proc.wait()
    return round(statistics.median(runs), 1)


def run() -> dict[str, float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = frame_and_drag()
    out.update(idle_cpu())
    out["ui_cold_start_ms"] = cold_start()
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
