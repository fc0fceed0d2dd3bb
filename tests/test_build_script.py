"""build_scripts/build.py's arguments and the PyInstaller command it makes (the bundle itself
is built and checked by running the script: it needs PyInstaller, not part of make test)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def build():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fd_build", ROOT / "build_scripts" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fd_build"] = module
    spec.loader.exec_module(module)
    return module


def test_defaults(build) -> None:  # type: ignore[no-untyped-def]
    args = build.parse_args([])
    assert args.dist == ROOT / "dist" and args.work == ROOT / "build" / "pyinstaller"
    assert not (args.check_only or args.no_check or args.windowed or args.keep_all)


def test_bad_arguments_are_refused(build, capsys) -> None:  # type: ignore[no-untyped-def]
    for argv in (["--check-only", "--no-check"], ["--timeout", "0"], ["--frobnicate"]):
        with pytest.raises(SystemExit) as exit_:
            build.parse_args(argv)
        assert exit_.value.code == 2
        assert "build.py: error:" in capsys.readouterr().err


def test_check_only_without_a_bundle_says_what_to_do(build, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert build.main(["--check-only", "--dist", str(tmp_path)]) == 1
    assert "build the bundle first" in capsys.readouterr().err


def test_the_pyinstaller_command_ships_the_package_data_and_leaves_out_the_unused(
        build, tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = build.pyinstaller_args(tmp_path / "entry.py", tmp_path / "dist", tmp_path / "work",
                                  windowed=True, icon=ROOT / "assets" / "icon.png")
    assert args[args.index("--name") + 1] == "frontier-desktop" and "--onedir" in args
    assert args[args.index("--collect-submodules") + 1] == "frontier_desktop"
    excluded = {args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"}
    assert {"tkinter", "numpy", "pygame.tests", "pytest"} <= excluded
    data = [args[i + 1].split(os.pathsep) for i, a in enumerate(args) if a == "--add-data"]
    dests = {(Path(src).name, dest) for src, dest in data}
    assert ("pool.jsonl", "frontier_desktop/_card_cache") in dests
    assert ("icon.png", "frontier_desktop/_assets") in dests
    assert ("frontier_banners_of_benalia.txt", "frontier_desktop/_assets/decks") in dests
    assert not any("screenshots" in src or src.endswith("README.md") for src, _ in data)
    assert "--windowed" in args


def test_trim_removes_sound_libraries_and_unused_fonts_only(build, tmp_path) -> None:  # type: ignore[no-untyped-def]
    keep = ["libSDL2-2-abc.so.0", "libSDL2_image-2-x.so", "NotoSans-Regular.ttf"]
    drop = ["libSDL2_mixer-2-y.so", "libvorbis-1.so", "NotoSansJP-Bold.otf"]
    for name in keep + drop:
        (tmp_path / name).write_bytes(b"x" * 10)
    assert build.trim(tmp_path) == 30
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(keep)


BENCH_AREAS = sorted(p.stem for p in (ROOT / "build_scripts").glob("bench_*.py"))


@pytest.mark.parametrize("area", BENCH_AREAS)
def test_every_bench_area_imports_and_offers_its_figures(area: str) -> None:
    """`make bench` runs these without the tests: a module moved under them (the LAN bench
    still imported net.cli's deck helpers once they had left) must fail here, not there."""
    spec = importlib.util.spec_from_file_location(f"fd_{area}", ROOT / "build_scripts" /
                                                  f"{area}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "build_scripts"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "build_scripts"))
    assert callable(getattr(module, "run", None)) and isinstance(module.TARGETS, dict)
