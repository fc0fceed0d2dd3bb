"""Package layout for setuptools (the metadata is in pyproject.toml).

``assets/`` and ``card_cache/`` stay at the top of the repository; they are shipped inside the
package as ``frontier_desktop._assets`` and ``frontier_desktop._card_cache`` (package-dir
mapping) and found at run time through :mod:`frontier_desktop.resources`.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {
    "frontier_desktop._assets": "assets",
    "frontier_desktop._assets.decks": "assets/decks",
    "frontier_desktop._assets.positions": "assets/positions",
    "frontier_desktop._card_cache": "card_cache",
}
"""Every data folder is declared as a package of its own: setuptools warns at length ("Package
would be ignored") about a folder of data inside a package that is not declared."""

setup(
    packages=find_packages(include=["frontier_desktop", "frontier_desktop.*"]) + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
    package_data={
        "frontier_desktop._assets": ["*.json", "icon.png", "frontier-desktop.desktop"],
        "frontier_desktop._assets.decks": ["*.txt"],
        "frontier_desktop._assets.positions": ["*.json"],
        "frontier_desktop._card_cache": ["pool.jsonl", "SOURCES.md"],
    },
)
