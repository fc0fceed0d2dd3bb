"""One real window under Xvfb: open the app on the menu and read the X screen back.

Only what ``make test`` installs and checks is used (its ``xvfb`` target: ``Xvfb`` and ``xwd``):
the X server's root window is dumped with ``xwd`` and decoded here in Python, then compared
with what the app drew. No image converter is needed.
"""

from __future__ import annotations

import os
import selectors
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)

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
print("ready", flush=True)
sys.stdin.readline()          # the test reads the X screen while the window is open
app.shutdown()
print("ok")
"""

XWD_HEADER = struct.Struct(">25I")
"""An XWD file starts with 25 big-endian CARD32 fields (X11 ``XWDFileHeader``)."""


def decode_xwd(data: bytes) -> tuple[tuple[int, int], list[list[tuple[int, int, int]]]]:
    """``((width, height), rows of (r, g, b))`` from a 24/32-bit ZPixmap XWD dump."""
    (header_size, version, fmt, depth, width, height, _xoff, byte_order, _unit, _bit_order,
     _pad, bits_per_pixel, bytes_per_line, _visual, red_mask, green_mask, blue_mask, _bits_rgb,
     _cmap_entries, ncolors, *_rest) = XWD_HEADER.unpack_from(data)
    assert version == 7 and fmt == 2, f"not a ZPixmap XWD v7 dump ({version}, {fmt})"
    assert bits_per_pixel == 32 and depth >= 24, f"{depth}-bit, {bits_per_pixel} bpp"
    start = header_size + ncolors * 12
    order = "<" if byte_order == 0 else ">"

    def channel(value: int, mask: int) -> int:
        shift = (mask & -mask).bit_length() - 1
        return (value & mask) >> shift

    rows = []
    for y in range(height):
        line = data[start + y * bytes_per_line: start + y * bytes_per_line + width * 4]
        values = struct.unpack(f"{order}{width}I", line)
        rows.append([(channel(v, red_mask), channel(v, green_mask), channel(v, blue_mask))
                     for v in values])
    return (width, height), rows


def wait_for_line(proc: subprocess.Popen, wanted: str, *, timeout: float) -> bool:
    """Read *proc*'s stdout until a line *wanted* (True), its end or *timeout* (False)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    # a selector, not select.select: in a long test run descriptors pass 1024
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not selector.select(max(0.0, deadline - time.monotonic())):
                return False
            line = proc.stdout.readline()
            if not line:
                return False
            if line.strip() == wanted:
                return True
    return False


def test_decode_xwd_reads_a_made_up_dump() -> None:
    """The decoder on a 2x1 dump written by hand: red, then blue, little-endian pixels."""
    header = XWD_HEADER.pack(100 + 4, 7, 2, 24, 2, 1, 0, 0, 32, 0, 32, 32, 8, 4,
                             0xFF0000, 0x00FF00, 0x0000FF, 8, 0, 0, 2, 1, 0, 0, 0)
    pixels = struct.pack("<2I", 0xFF0000, 0x0000FF)
    size, rows = decode_xwd(header + b"win\0" + pixels)
    assert size == (2, 1)
    assert rows == [[(255, 0, 0), (0, 0, 255)]]


@pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwd") is None,
                    reason="Xvfb or xwd could not be installed (make test installs both on "
                           "Debian/Ubuntu with apt-get and says so when it can't)")
def test_real_window_under_xvfb(tmp_path) -> None:
    import pygame

    display = f":{90 + os.getpid() % 9}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
                             "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = None
    try:
        sock = Path(f"/tmp/.X11-unix/X{display[1:]}")
        for _ in range(50):
            if sock.exists():
                break
            time.sleep(0.1)
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
               "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO),
               "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        app = subprocess.Popen([sys.executable, "-c", SCRIPT, str(tmp_path)], env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        assert app.stdout is not None and app.stdin is not None
        if not wait_for_line(app, "ready", timeout=120):
            app.kill()
            _, err = app.communicate(timeout=10)
            pytest.fail(f"the app did not open its window: {err[-2000:]}")
        grab = subprocess.run(["xwd", "-root", "-silent", "-display", display],
                              capture_output=True, timeout=30)
        app.stdin.write("\n")
        app.stdin.flush()
        out, err = app.communicate(timeout=60)
        assert app.returncode == 0, err[-2000:]
        assert grab.returncode == 0, grab.stderr.decode(errors="replace")[-500:]

        size, rows = decode_xwd(grab.stdout)
        assert size == SIZE
        window = pygame.image.load(str(tmp_path / "window.png"))
        assert window.get_size() == SIZE
        # The screen the X server shows is what the app drew (no window manager: at 0, 0).
        samples = [(x, y) for x in range(5, SIZE[0], 97) for y in range(5, SIZE[1], 53)]
        same = sum(1 for x, y in samples
                   if all(abs(a - b) <= 8 for a, b in zip(rows[y][x], window.get_at((x, y))[:3])))
        assert same >= 0.95 * len(samples), f"{same} of {len(samples)} pixels match"
        assert len({rows[y][x] for x, y in samples}) > 10, "the screen is blank"
    finally:
        if app is not None and app.poll() is None:
            app.kill()
            app.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)
