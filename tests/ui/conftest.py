"""Headless UI test helpers: an App in a temporary user directory, and real posted events.

Posted mouse events don't move ``pygame.mouse.get_pos()``: the scenes read ``event.pos``.
A pygame-gui button click posts its own event, so helpers step twice after a click.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from frontier_desktop.app import App  # noqa: E402
from frontier_desktop.config import Paths, Settings  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    settings = Settings(window_size=(1600, 900), cache_dir=str(tmp_path / "cache"))
    application = App(paths=Paths(tmp_path / "config", tmp_path / "data"), settings=settings,
                      size=(1600, 900), save_settings_on_exit=False)
    yield application
    pygame.quit()

