"""``frontier-desktop install-desktop-entry``: put the game in a Linux desktop's menu.

Writes ``frontier-desktop.desktop`` (from ``assets/``) to ``$XDG_DATA_HOME/applications``
(``~/.local/share/applications``) with ``Exec`` set to this very program (the pip/pipx script,
or the bundle's executable), and the icon to ``$XDG_DATA_HOME/icons/hicolor/256x256/apps``.
``--uninstall`` removes both. Nothing is written elsewhere and no root is needed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from frontier_desktop import resources

ENTRY_NAME = "frontier-desktop.desktop"
ICON_NAME = "frontier-desktop.png"


def data_home() -> Path:
    """``$XDG_DATA_HOME`` or ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def entry_path() -> Path:
    return data_home() / "applications" / ENTRY_NAME


def icon_path() -> Path:
    return data_home() / "icons" / "hicolor" / "256x256" / "apps" / ICON_NAME


def program_command() -> list[str]:
    """How to start this program from a menu: the bundle's executable, the installed
    ``frontier-desktop`` script beside this Python, or ``python -m frontier_desktop``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    beside = Path(sys.executable).parent / "frontier-desktop"
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside.absolute())]
    found = shutil.which("frontier-desktop")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "frontier_desktop"]


def _quote(arg: str) -> str:
    """An ``Exec`` argument, quoted as the desktop entry spec asks when needed."""
    if not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$",
                                                                                         "\\$")
    return f'"{escaped}"'


def entry_text(command: list[str], icon: Path) -> str:
    """The shipped desktop entry with ``Exec`` and ``Icon`` pointing at this install."""
    lines = []
    for line in resources.asset(ENTRY_NAME).read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(_quote(a).replace("%", "%%") for a in command)
        elif line.startswith("Icon="):
            line = f"Icon={icon}"
        elif line.startswith("TryExec="):
            line = f"TryExec={command[0]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install() -> tuple[Path, Path]:
    """Write the entry and the icon; their paths."""
    entry, icon = entry_path(), icon_path()
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(resources.icon_file(), icon)
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_suffix(".tmp")
    tmp.write_text(entry_text(program_command(), icon), encoding="utf-8")
    tmp.chmod(0o755)  # some desktops only trust executable entries
    os.replace(tmp, entry)
    return entry, icon


def uninstall() -> list[Path]:
    """Remove the entry and the icon; the paths removed."""
    removed = []
    for path in (entry_path(), icon_path()):
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "install-desktop-entry", help="add Frontier Desktop to the Linux desktop's menu",
        description="Write a desktop entry and the icon under ~/.local/share (or "
        "$XDG_DATA_HOME) so the game appears in the desktop's application menu, starting "
        "this installation. Linux and other XDG desktops only.")
    parser.add_argument("--uninstall", action="store_true",
                        help="remove the entry and the icon again")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if sys.platform in ("win32", "darwin"):
        print("frontier-desktop install-desktop-entry: desktop entries are for Linux desktops; "
              "on Windows and macOS use the bundle from build_scripts/build.py.",
              file=sys.stderr)
        return 2
    try:
        if args.uninstall:
            removed = uninstall()
            print("\n".join(map(str, removed)) if removed else "nothing to remove")
            return 0
        entry, icon = install()
    except OSError as exc:
        print(f"frontier-desktop install-desktop-entry: could not write "
              f"{exc.filename or data_home()}: {exc.strerror or exc}. Check that the folder "
              "is yours and writable.", file=sys.stderr)
        return 1
    print(entry)
    print(icon)
    return 0
