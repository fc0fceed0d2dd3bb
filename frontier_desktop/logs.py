"""The program's log: a rotating file in ``platformdirs.user_log_dir`` and warnings on stderr.

``setup_logging`` is called once by the command line (never at import). ``-v`` shows more on
stderr and writes debug lines to the file; ``-q`` shows only errors. The file is bounded:
:data:`MAX_BYTES` a file, :data:`BACKUPS` older files kept.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

LOG_ENV = "FRONTIER_LOG_DIR"
"""Environment variable naming another log folder (tests, portable installs)."""
LOG_NAME = "frontier-desktop.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
_MARK = "_frontier_handler"


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time (tests swap it)."""

    @property
    def stream(self) -> object:
        return sys.stderr

    @stream.setter
    def stream(self, value: object) -> None:
        pass


def log_dir() -> Path:
    """Where the log files go: ``$FRONTIER_LOG_DIR`` or the user log folder."""
    override = os.environ.get(LOG_ENV)
    if override:
        return Path(override)
    import platformdirs

    from frontier_desktop.config import APP_NAME

    return Path(platformdirs.user_log_dir(APP_NAME))


def log_file() -> Path:
    """The current log file."""
    return log_dir() / LOG_NAME


def console_level(verbose: int = 0, quiet: bool = False) -> int:
    """The stderr level for ``-v`` (given *verbose* times) or ``-q``."""
    if quiet:
        return logging.ERROR
    return {0: logging.WARNING, 1: logging.INFO}.get(verbose, logging.DEBUG)


def setup_logging(verbose: int = 0, quiet: bool = False) -> Path | None:
    """Log to the rotating file and to stderr; the file's path, or None when it can't be
    written (the program runs on without it). Calling again replaces the earlier handlers."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _MARK, False):
            root.removeHandler(handler)
            handler.close()
    console = _Stderr()
    console.setLevel(console_level(verbose, quiet))
    console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    setattr(console, _MARK, True)
    root.addHandler(console)
    file_level = logging.DEBUG if verbose else logging.INFO
    path: Path | None = log_file()
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES,
                                                       backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        path = None
    else:
        handler.setLevel(file_level)
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s"))
        setattr(handler, _MARK, True)
        root.addHandler(handler)
    root.setLevel(min(file_level, console.level))
    return path
