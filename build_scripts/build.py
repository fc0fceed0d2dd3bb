"""Builds the one-folder desktop bundle with PyInstaller, then checks that it runs.

    pip install -e '.[dev]'                    # PyInstaller, pinned in pyproject.toml
    python build_scripts/build.py              # dist/frontier-desktop/, then the checks
    python build_scripts/build.py --check-only # check a bundle built before
    python build_scripts/build.py --windowed   # no console window (Windows, macOS .app)

The same script builds on Linux, Windows and macOS, each for its own system (PyInstaller does
not cross-compile). The bundle holds Python, pygame-ce with the SDL parts the game uses, the
assets and the bundled card pool (package data, as in the wheel) and the icon. To keep it
lean it leaves out tkinter, numpy, the test suites and examples of pygame, the sound and
MIDI libraries (the game plays no sound yet) and the fonts for scripts the game never shows.

The check starts the bundled program headless (SDL's dummy video driver, a throw-away home
folder): ``--version``, ``--headless-check`` (reaches the main menu), ``selfplay`` (a bot game
to the end) and ``position`` on a bundled puzzle. What it cannot check: a real window, sound,
the clipboard, the network, and code signing or notarisation (macOS Gatekeeper, Windows
SmartScreen). Exit code 0 when the build and every check pass.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "frontier-desktop"

EXCLUDES = (
    "tkinter", "_tkinter", "numpy", "pygame.tests", "pygame.examples", "pygame.docs",
    "pygame.mixer", "pygame.mixer_music", "pygame.midi", "pygame.pypm", "pygame._sdl2.mixer",
    "pygame._sdl2.audio", "pygame.sndarray", "pygame.surfarray", "pygame.camera",
    "pytest", "_pytest", "hypothesis", "mypy", "pip", "setuptools", "pkg_resources",
    "lib2to3", "pydoc_data", "test", "IPython", "PIL",
)
"""Modules left out of the bundle (unused at run time)."""


DROP_PREFIXES = (
    # sound and MIDI: SDL_mixer and its codecs (pygame.mixer is excluded above)
    "libSDL2_mixer", "libFLAC", "libfluidsynth", "libmpg123", "libogg", "libopus",
    "libvorbis", "libwavpack", "libxmp", "libsndfile", "libportmidi",
    "SDL2_mixer", "libgme", "libmodplug", "libinstpatch",
    # fonts for scripts the game never shows (pygame-gui ships them; 36 MB)
    "NotoSansJP", "NotoSansKR", "NotoSansSC", "NotoSansArabic", "NotoSansGeorgian",
)
"""File name prefixes removed from the built folder."""


def data_args() -> list[str]:
    """``--add-data`` for the package data, exactly what the wheel ships (setup.py)."""
    sep = os.pathsep
    out: list[str] = []
    shipped = {
        "assets": ("frontier_desktop/_assets", ["*.json", "icon.png", "frontier-desktop.desktop",
                                                "__init__.py"]),
        "assets/decks": ("frontier_desktop/_assets/decks", ["*.txt"]),
        "assets/positions": ("frontier_desktop/_assets/positions", ["*.json"]),
        "card_cache": ("frontier_desktop/_card_cache", ["pool.jsonl", "SOURCES.md",
                                                        "__init__.py"]),
    }
    for folder, (dest, patterns) in shipped.items():
        for pattern in patterns:
            for path in sorted((ROOT / folder).glob(pattern)):
                out += ["--add-data", f"{path}{sep}{dest}"]
    return out


def pyinstaller_args(entry: Path, dist: Path, work: Path, *, windowed: bool = False,
                     icon: Path | None = None) -> list[str]:
    """The PyInstaller command line (without the program name)."""
    args = [str(entry), "--name", NAME, "--onedir", "--noconfirm", "--clean",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--collect-submodules", "frontier_desktop", "--log-level", "WARN"]
    # the checkout's package (an editable install's import hook is invisible to PyInstaller);
    # the data packages frontier_desktop._assets/_card_cache are added as files, __init__.py
    # included, and import from the bundle's folder like the wheel's
    args += ["--paths", str(ROOT)]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    args += data_args()
    if sys.platform != "win32":
        args.append("--strip")  # debug symbols off the shared libraries (libpython: -75%)
    if windowed:
        args.append("--windowed")
    if icon is not None and sys.platform in ("win32", "darwin"):  # Linux: the desktop entry's
        args += ["--icon", str(icon)]  # PNG is converted by Pillow (the dev extra has it)
    return args


ENTRY = '''"""The bundle's entry point (written by build_scripts/build.py)."""
import multiprocessing
import sys

from frontier_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
'''


def trim(bundle: Path) -> int:
    """Remove :data:`DROP_PREFIXES` files from *bundle*; the bytes removed."""
    removed = 0
    for path in list(bundle.rglob("*")):
        if path.name.startswith(DROP_PREFIXES) and (path.is_file() or path.is_symlink()):
            removed += 0 if path.is_symlink() else path.stat().st_size
            path.unlink()
    return removed


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def executable(bundle: Path) -> Path:
    return bundle / (NAME + (".exe" if sys.platform == "win32" else ""))


def check(bundle: Path, timeout: float = 300) -> list[str]:
    """Run the bundled program headless; the problems found (empty: it works)."""
    exe = executable(bundle)
    if not exe.is_file():
        return [f"no program at {exe}: build the bundle first"]
    puzzles = sorted(bundle.rglob("_assets/positions/*.json"))
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="frontier-bundle-check-") as tmp:
        home = Path(tmp)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PYTHON", "XDG_", "FRONTIER_", "VIRTUAL_ENV"))}
        env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "appdata"),
                   LOCALAPPDATA=str(home / "localappdata"), XDG_CONFIG_HOME=str(home / "c"),
                   XDG_DATA_HOME=str(home / "d"), XDG_CACHE_HOME=str(home / "k"),
                   XDG_STATE_HOME=str(home / "s"), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", FRONTIER_OFFLINE="1")
        runs = [("--version", [exe, "--version"], "frontier-desktop "),
                ("start", [exe, "--headless-check"], "reached the main menu"),
                ("bot game", [exe, "selfplay", "--seed", "2"], '"game_over": true')]
        if puzzles:
            runs.append(("puzzle", [exe, "position", puzzles[0]], '"legal_actions"'))
        else:
            problems.append("no bundled puzzle positions in the bundle")
        for what, command, expect in runs:
            started = time.perf_counter()
            try:
                done = subprocess.run([str(c) for c in command], env=env, cwd=home,
                                      capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                problems.append(f"{what}: no answer within {timeout:.0f} s")
                continue
            took = time.perf_counter() - started
            if done.returncode != 0 or expect not in done.stdout:
                tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
                problems.append(f"{what}: exit {done.returncode}: {' | '.join(tail)}")
            else:
                print(f"  ok  {what} ({took:.1f} s): {done.stdout.strip().splitlines()[0][:90]}")
    return problems


def build(dist: Path, work: Path, *, windowed: bool, keep_all: bool) -> Path:
    """Run PyInstaller; the bundle folder."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("PyInstaller is not installed: pip install -e '.[dev]'") from None
    work.mkdir(parents=True, exist_ok=True)
    entry = work / "frontier_desktop_entry.py"
    entry.write_text(ENTRY, encoding="utf-8")
    pyinstaller.run(pyinstaller_args(entry, dist, work, windowed=windowed,
                                     icon=ROOT / "assets" / "icon.png"))
    bundle = dist / NAME
    if not keep_all:
        saved = trim(bundle)
        print(f"trimmed {saved / 1e6:.1f} MB of sound libraries and unused fonts")
    return bundle


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="build.py", description="Build the one-folder desktop bundle with PyInstaller "
        "and check that it starts headless and plays a bot game.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the bundle folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (default: build/pyinstaller/)")
    parser.add_argument("--windowed", action="store_true",
                        help="no console window (Windows; a .app on macOS)")
    parser.add_argument("--keep-all", action="store_true",
                        help="keep the sound libraries and every font pygame-gui ships")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check-only", action="store_true", help="check an existing bundle")
    mode.add_argument("--no-check", action="store_true", help="build without checking")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds each check may take (default 300)")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    bundle = args.dist / NAME
    if not args.check_only:
        started = time.perf_counter()
        if bundle.exists():
            shutil.rmtree(bundle)
        bundle = build(args.dist, args.work, windowed=args.windowed, keep_all=args.keep_all)
        print(f"built {bundle} in {time.perf_counter() - started:.0f} s: "
              f"{folder_size(bundle) / 1e6:.1f} MB")
    if args.no_check:
        return 0
    print(f"checking {bundle}")
    problems = check(bundle, timeout=args.timeout)
    for problem in problems:
        print(f"  FAILED {problem}", file=sys.stderr)
    if not problems:
        print("the bundle starts headless, reaches the main menu and plays a bot game")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
