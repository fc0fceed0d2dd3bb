"""``frontier-desktop install-desktop-entry`` in a temporary home (issue 16)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from frontier_desktop import cli
from frontier_desktop.desktop_entry import _quote, entry_text

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="desktop entries are for Linux desktops")


def _fields(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def test_install_and_uninstall_in_a_temporary_home(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert cli.main(["install-desktop-entry"]) == 0
    entry = tmp_path / ".local/share/applications/frontier-desktop.desktop"
    icon = tmp_path / ".local/share/icons/hicolor/256x256/apps/frontier-desktop.png"
    assert capsys.readouterr().out.split() == [str(entry), str(icon)]
    fields = _fields(entry.read_text(encoding="utf-8"))
    assert entry.read_text(encoding="utf-8").startswith("[Desktop Entry]\n")
    assert fields["Type"] == "Application" and fields["Name"] == "Frontier Desktop"
    assert fields["Icon"] == str(icon) and icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    program = fields["Exec"].split()[0]
    assert Path(program).is_absolute() and Path(program).exists()
    assert fields["TryExec"] == program and fields["Terminal"] == "false"

    assert cli.main(["install-desktop-entry", "--uninstall"]) == 0
    assert not entry.exists() and not icon.exists()


def test_xdg_data_home_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert cli.main(["install-desktop-entry"]) == 0
    assert (tmp_path / "share/applications/frontier-desktop.desktop").is_file()


def test_exec_paths_with_spaces_are_quoted(tmp_path: Path) -> None:
    text = entry_text(["/opt/My Games/frontier-desktop"], tmp_path / "i.png")
    assert _fields(text)["Exec"] == '"/opt/My Games/frontier-desktop"'
    assert _quote("/usr/bin/frontier-desktop") == "/usr/bin/frontier-desktop"
