"""Problems a player can meet say what happened and what to do: one line on the command
line, a dialog in the UI (issue 16). No display and a damaged save are covered elsewhere."""

from __future__ import annotations

import errno
import socket

import pytest

from frontier_desktop import cli
from frontier_desktop.problems import network_problem, serve_problem


def test_port_in_use_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        code = cli.main(["host", "--headless", "--bind", "127.0.0.1", "--port", str(port),
                         "--timeout", "2"])
    finally:
        holder.close()
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"Port {port} is already in use" in err and "--port" in err
    assert "Errno" not in err


def test_port_in_use_in_the_lan_screen(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui.scenes.crash import ProblemScene
    from frontier_desktop.ui.scenes.lan import LanScene

    class Busy:
        closed = False

        def listen(self, bind: str, port: int) -> int:
            raise OSError(errno.EADDRINUSE, "Address already in use")

        def close(self) -> None:
            self.closed = True

    app = App(paths=Paths(tmp_path / "c", tmp_path / "d"), settings=Settings(),
              size=(1280, 800), save_settings_on_exit=False)
    try:
        lan = LanScene(app)
        app.scenes.push(lan)
        busy = Busy()
        lan._serve(busy, "0.0.0.0", 47470, "")
        dialog = app.scenes.top
        assert isinstance(dialog, ProblemScene) and busy.closed
        assert "Port 47470 is already in use" in dialog.text
        assert "choose another port" in dialog.text and "Errno" not in dialog.text
        app.step()
        dialog.press("ok")
        assert app.scenes.top is lan
    finally:
        pygame.quit()


def test_scryfall_unreachable_is_one_line_with_what_to_do(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("FRONTIER_OFFLINE", raising=False)
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "cache"))
    assert cli.main(["cards", "search", "--online", "bolt"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "could not connect" in err and "offline" in err and "/cards" not in err


def test_other_serve_problems_in_words() -> None:
    text = serve_problem(80, OSError(errno.EACCES, "Permission denied"), cli=True)
    assert "does not allow" in text and "--port" in text
    assert network_problem("Scryfall timed out (/cards/named); working offline").startswith(
        "Scryfall timed out. Check the network")


def _closed_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def test_joining_nobody_says_what_to_check_on_the_command_line(
        capsys: pytest.CaptureFixture[str], tmp_path) -> None:  # type: ignore[no-untyped-def]
    port = _closed_port()
    code = cli.main(["join", f"127.0.0.1:{port}", "--headless", "--timeout", "3",
                     "--session", str(tmp_path / "s.json")])
    assert code != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert f"127.0.0.1:{port}" in err and "Check the address" in err and "Errno" not in err


def test_joining_nobody_in_the_lan_screen_shows_a_dialog(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui.scenes.crash import ProblemScene
    from frontier_desktop.ui.scenes.lan import LanScene

    app = App(paths=Paths(tmp_path / "c", tmp_path / "d"), settings=Settings(),
              size=(1280, 800), save_settings_on_exit=False)
    try:
        lan = LanScene(app)
        app.scenes.push(lan)
        lan.join(f"127.0.0.1:{_closed_port()}")
        dialog = app.scenes.top
        assert isinstance(dialog, ProblemScene), lan.note
        assert "Check the address" in dialog.text and "same network" in dialog.text
        app.step()
    finally:
        pygame.quit()
