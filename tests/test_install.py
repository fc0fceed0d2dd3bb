"""The wheel runs without a checkout: built from a copy of the sources, installed into a fresh
venv in a temporary folder outside the repository, and run from there (issue 16).

Slow (pip builds the wheel and installs the dependencies, from pip's cache when it can).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("frontier_desktop", "assets", "card_cache", "setup.py", "pyproject.toml", "README.md")
"""What a wheel is built from (a copy, so the build writes nothing into the checkout)."""


def _copy_sources(dest: Path) -> Path:
    dest.mkdir()
    for name in SOURCES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / name)
    return dest


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "XDG_", "FRONTIER_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_STATE_HOME=str(home / "state"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", FRONTIER_OFFLINE="1")
    env.pop("DISPLAY", None)
    return env


@pytest.fixture(scope="module")
def wheel_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel, and what its build printed."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = _copy_sources(tmp / "src")
    out = tmp / "dist"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(out), str(src)], check=True, timeout=600, capture_output=True,
                          text=True)
    (built,) = out.glob("frontier_desktop-*.whl")
    return built, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(wheel_build: tuple[Path, str]) -> Path:
    return wheel_build[0]


def test_the_build_declares_every_data_folder(wheel_build: tuple[Path, str]) -> None:
    """`make run` printed two walls of setuptools' "Package would be ignored" warnings for
    the sample decks and positions folders (play-test L13): each is a declared package."""
    _, printed = wheel_build
    assert "would be ignored" not in printed and "is absent from the `packages`" not in printed


def test_wheel_ships_the_data_and_no_test_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "frontier_desktop/_card_cache/pool.jsonl" in names
    assert "frontier_desktop/_assets/theme.json" in names
    assert "frontier_desktop/_assets/icon.png" in names
    assert "frontier_desktop/_assets/frontier-desktop.desktop" in names
    decks = {n for n in names if n.startswith("frontier_desktop/_assets/decks/")}
    assert "frontier_desktop/_assets/decks/frontier_banners_of_benalia.txt" in decks
    assert any(n.startswith("frontier_desktop/_assets/positions/") for n in names)
    assert not any("screenshots" in n or n.startswith("tests/") or "/tests/" in n
                   or n.endswith(".png") and "icon" not in n for n in names), \
        "screenshots and test files stay out of the wheel"


@pytest.mark.slow
def test_wheel_in_a_fresh_venv_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    root = tmp_path / "outside"
    home = root / "home"
    home.mkdir(parents=True)
    env_dir = root / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    exe = env_dir / "bin" / "frontier-desktop"
    env = _clean_env(home)
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True,
                   timeout=600, env=env, cwd=root, capture_output=True)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(exe), *args], env=env, cwd=root, capture_output=True,
                              text=True, timeout=300)

    where = subprocess.run([str(py), "-c", "import frontier_desktop.resources as r; "
                            "print(r.positions_dir())"], env=env, cwd=root,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where).is_relative_to(env_dir), "the data comes from the install"

    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("frontier-desktop ")

    puzzle = run("position", str(Path(where) / "bog-wraith-walk.json"))
    assert puzzle.returncode == 0, puzzle.stderr
    assert "legal_actions" in json.loads(puzzle.stdout)

    start = run("--headless-check")
    assert start.returncode == 0, start.stderr
    assert "reached the main menu" in start.stdout

    game = run("selfplay", "--seed", "2", "--record", str(root / "game.jsonl"))
    assert game.returncode == 0, game.stderr
    result = json.loads(game.stdout)
    assert result["game_over"] and result["winner"] in ("Ann", "Ben")
    replayed = run("replay", str(root / "game.jsonl"))
    assert replayed.returncode == 0, replayed.stderr

    if sys.platform.startswith("linux"):
        entry = run("install-desktop-entry")
        assert entry.returncode == 0, entry.stderr
        text = (home / "data" / "applications" / "frontier-desktop.desktop").read_text()
        assert f"Exec={exe}" in text, "the menu starts the installed program"
