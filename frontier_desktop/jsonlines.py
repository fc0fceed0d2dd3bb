"""Reading JSON documents and JSON Lines files of objects, with errors that name the line.

Position files, action lists, game records and LAN scripts all read the same way: UTF-8 (a
BOM is allowed), blank lines skipped, each line one JSON object. The caller turns
:class:`JsonFileError` into its own error type; the message already says file and line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class JsonFileError(ValueError):
    """A file that can't be read, or a line that is not a JSON object."""


def read_text(path: Path) -> str:
    """The file's text.

    Raises:
        JsonFileError: ``"<path>: no such file"`` or ``"<path>: cannot read (...)"``.
    """
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise JsonFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JsonFileError(f"{path}: cannot read ({exc})") from None


def read_objects(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line of a JSON Lines file.

    Raises:
        JsonFileError: unreadable, or a line that is not JSON or not a JSON object.
    """
    out = []
    for number, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise JsonFileError(f"{path} line {number}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise JsonFileError(f"{path} line {number}: not a JSON object")
        out.append((number, obj))
    return out
