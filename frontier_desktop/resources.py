"""Where the program's own read-only data lives: found through :mod:`importlib.resources`.

The repository keeps ``assets/`` and ``card_cache/`` at its top level; setup.py ships them
inside the package as ``frontier_desktop._assets`` and ``frontier_desktop._card_cache``. The
same names resolve in a checkout with an editable install, in an installed wheel (pip, pipx)
and in the PyInstaller bundle, so nothing looks for files relative to a checkout.

Every function here is cheap and does no I/O beyond importing the (empty) data package.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

ASSETS_PACKAGE = "frontier_desktop._assets"
CARD_CACHE_PACKAGE = "frontier_desktop._card_cache"

QUICK_DECKS = ("frontier_bog_and_forest_walkers.txt", "frontier_banners_of_benalia.txt")
"""The two sample decks of Quick game and of the LAN defaults (in :func:`decks_dir`)."""
ICON = "icon.png"
"""The window and desktop icon (in :func:`assets_dir`)."""


@functools.cache
def _package_dir(package: str) -> Path:
    folder = resources.files(package)
    if not isinstance(folder, Path):  # a zipped install: our data must be plain files
        raise RuntimeError(f"Frontier Desktop's data ({package}) is not a folder on disk; "
                           "install the program unzipped (pip install, pipx install).")
    return folder


def assets_dir() -> Path:
    """The shipped ``assets/`` folder (themes, sample decks, positions, icon)."""
    return _package_dir(ASSETS_PACKAGE)


def asset(*parts: str) -> Path:
    """A file or folder in :func:`assets_dir`."""
    return assets_dir().joinpath(*parts)


def decks_dir() -> Path:
    """The sample deck lists."""
    return asset("decks")


def positions_dir() -> Path:
    """The bundled puzzle positions (``frontier-desktop position``, Open position…)."""
    return asset("positions")


def theme_file(theme: str) -> Path:
    """The pygame-gui theme of *theme* (``dark`` or ``light``)."""
    return asset("theme-light.json" if theme == "light" else "theme.json")


def icon_file() -> Path:
    """The program's icon, a PNG."""
    return asset(ICON)


def card_cache_dir() -> Path:
    """The shipped ``card_cache/`` folder (the bundled pool and its sources)."""
    return _package_dir(CARD_CACHE_PACKAGE)


def pool_file() -> Path:
    """The bundled card pool, JSON Lines of Scryfall card objects."""
    return card_cache_dir() / "pool.jsonl"
