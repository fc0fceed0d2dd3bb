"""--version, --help on every subcommand, -v/-q and the rotating log file (issue 16)."""

from __future__ import annotations

import argparse
import logging
import logging.handlers
from pathlib import Path

import pytest

from frontier_desktop import __version__, cli, logs


def _commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name)
                yield from _commands(sub, (*prefix, name))


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"frontier-desktop {__version__}"


def test_every_subcommand_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    commands = list(_commands(cli.build_parser()))
    assert ("selfplay",) in commands and ("cards", "get") in commands
    for command in commands:
        with pytest.raises(SystemExit) as exit_:
            cli.main([*command, "--help"])
        assert exit_.value.code == 0, command
        out = capsys.readouterr().out
        assert out.startswith("usage: frontier-desktop " + " ".join(command)), command
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for flag in ("--version", "-v", "-q", "--headless-check"):
        assert flag in out


def test_log_levels_and_the_rotating_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("FRONTIER_LOG_DIR", str(tmp_path / "logs"))
    try:
        assert cli.main(["-q", "selfplay", "--seed", "2"]) == 0
        path = tmp_path / "logs" / "frontier-desktop.log"
        assert "selfplay" in path.read_text(encoding="utf-8")
        handlers = [h for h in logging.getLogger().handlers if getattr(h, "_frontier_handler", 0)]
        assert len(handlers) == 2, "one console and one file handler, not one more per call"
        (rotating,) = [h for h in handlers if isinstance(h, logging.handlers.RotatingFileHandler)]
        assert rotating.maxBytes == logs.MAX_BYTES and rotating.backupCount == logs.BACKUPS
        console = next(h for h in handlers if h is not rotating)
        assert console.level == logging.ERROR
        logs.setup_logging(verbose=1)
        console = next(h for h in logging.getLogger().handlers
                       if getattr(h, "_frontier_handler", 0)
                       and not isinstance(h, logging.FileHandler))
        assert console.level == logging.INFO
        logging.getLogger("frontier_desktop.test").debug("a debug line")
        assert "a debug line" in path.read_text(encoding="utf-8")
        capsys.readouterr()
    finally:
        logs.setup_logging()
