"""Atomic file writes and image integrity checks.

A file is written to a temporary name in the target folder, flushed, fsync'd and renamed over
the target, so a crash or an interrupted download never leaves a truncated file behind. Images
found later are checked by signature and end marker (JPEG ``FFD8``…``FFD9``, PNG signature …
``IEND``, SVG ``</svg>``); a file that fails is deleted and fetched again.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_END = b"IEND\xaeB`\x82"


@contextlib.contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """Open a temporary file beside *path*; on a clean exit it replaces *path* atomically.

    On any exception (including ``KeyboardInterrupt``) the temporary file is removed and
    *path* is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # Make the rename durable; not every platform can open a directory (Windows cannot).
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_complete_image(data_head: bytes, data_tail: bytes) -> bool:
    """Whether the first and last bytes of a file look like a whole JPEG, PNG or SVG."""
    if data_head.startswith(b"\xff\xd8"):
        return data_tail.rstrip(b"\x00\r\n").endswith(b"\xff\xd9")
    if data_head.startswith(_PNG_SIGNATURE):
        return data_tail.endswith(_PNG_END)
    head = data_head.lstrip()
    if head.startswith((b"<?xml", b"<svg")):
        return b"</svg>" in data_tail
    return False


def is_complete_image_file(path: Path) -> bool:
    """Whether *path* holds a whole image (see :func:`is_complete_image`); False if unreadable."""
    try:
        with path.open("rb") as handle:
            head = handle.read(64)
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - 64))
            tail = handle.read()
    except OSError:
        return False
    return is_complete_image(head, tail)
