"""Streaming readers for Scryfall bulk files, and the download of the current one.

Scryfall publishes ``oracle_cards``, ``default_cards``… as (older) JSON arrays and (current)
gzipped JSON Lines. :func:`iter_bulk_cards` yields card objects one at a time from either,
compressed or not, without holding the file in memory: JSON Lines are read line by line, JSON
arrays by :class:`_ArrayStream`, which feeds ``json.JSONDecoder.raw_decode`` from 1 MiB chunks
(no extra library: the array is flat, so an element boundary is all we need to find).
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from frontier_desktop.cards.errors import BadResponseError, CardDataError

CHUNK = 1 << 20
"""Bytes read at a time."""

MAX_ELEMENT = 64 << 20
"""A single array element larger than this means the file is malformed."""

_WS = " \t\r\n"


def _open_decompressed(path: Path) -> BinaryIO:
    raw = path.open("rb")
    magic = raw.read(2)
    raw.seek(0)
    if magic == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return raw


def iter_bulk_cards(path: Path, *, progress_bytes: list[int] | None = None) -> Iterator[Any]:
    """Yield each card object of a bulk file (JSON array or JSON Lines, gzipped or not).

    Args:
        path: the file.
        progress_bytes: when given, ``progress_bytes[0]`` is kept at the number of *file*
            bytes consumed so far (compressed bytes for gzip), for a progress bar.

    Raises:
        CardDataError: the file is neither a JSON array nor JSON Lines, or is malformed
            (the message says where).
    """
    stream = _open_decompressed(path)
    raw: Any = stream.fileobj if isinstance(stream, gzip.GzipFile) else stream
    with stream:
        reader: Any = (
            io.BufferedReader(stream, CHUNK) if isinstance(stream, gzip.GzipFile) else stream
        )
        first = b""
        while True:
            byte = reader.read(1)
            if not byte:
                return  # empty file: nothing to import
            if byte not in b" \t\r\n\xef\xbb\xbf":
                first = byte
                break
        text = io.TextIOWrapper(io.BufferedReader(_Prepend(first, reader), CHUNK),
                                encoding="utf-8")
        if first == b"[":
            yield from _ArrayStream(text, raw, progress_bytes)
        elif first == b"{":
            for number, line in enumerate(text, 1):
                if progress_bytes is not None and raw is not None:
                    progress_bytes[0] = raw.tell()
                if not line.strip():
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as exc:
                    raise CardDataError(f"{path.name}: line {number} is not JSON ({exc.msg})") from None
        else:
            raise CardDataError(f"{path.name}: not a Scryfall bulk file (JSON array or JSON Lines)")


class _Prepend(io.RawIOBase):
    """A readable stream that yields *head* and then the rest of *body*."""

    def __init__(self, head: bytes, body: BinaryIO) -> None:
        self._head = head
        self._body = body

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer)
        if self._head:
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._body.read(len(view))
        view[: len(data)] = data
        return len(data)


class _ArrayStream:
    """Iterate over the elements of a (flat) JSON array read in chunks."""

    def __init__(self, text: io.TextIOBase, raw: BinaryIO | None, progress: list[int] | None):
        self._text = text
        self._raw = raw
        self._progress = progress
        self._decoder = json.JSONDecoder()

    def __iter__(self) -> Iterator[Any]:
        buf = self._text.read(CHUNK)
        pos = 1 if buf.startswith("[") else 0  # the "[" we peeked
        eof = False
        expect_value = True
        while True:
            # Skip whitespace and one separating comma.
            while True:
                while pos < len(buf) and buf[pos] in _WS:
                    pos += 1
                if pos < len(buf) or eof:
                    break
                buf, pos, eof = self._more(buf, pos)
            if pos >= len(buf):
                raise CardDataError("bulk file ends inside the JSON array (truncated?)")
            char = buf[pos]
            if char == "]":
                return
            if not expect_value:
                if char != ",":
                    raise CardDataError(f"bulk file: expected ',' or ']' but found {char!r}")
                pos += 1
                expect_value = True
                continue
            try:
                obj, end = self._decoder.raw_decode(buf, pos)
            except json.JSONDecodeError as exc:
                if eof or len(buf) - pos > MAX_ELEMENT:
                    raise CardDataError(f"bulk file is malformed ({exc.msg})") from None
                buf, pos, eof = self._more(buf, pos)
                continue
            if end == len(buf) and not eof:
                # A number or literal may continue in the next chunk: read on and redo it.
                buf, pos, eof = self._more(buf, pos)
                continue
            pos = end
            expect_value = False
            yield obj

    def _more(self, buf: str, pos: int) -> tuple[str, int, bool]:
        chunk = self._text.read(CHUNK)
        if self._progress is not None and self._raw is not None:
            self._progress[0] = self._raw.tell()
        return buf[pos:] + chunk, 0, not chunk


def pick_bulk_file(entries: Sequence[Mapping[str, Any]], kind: str) -> str:
    """The download address of bulk file *kind* (``oracle_cards``…), preferring JSON Lines.

    Raises:
        BadResponseError: ``/bulk-data`` does not list *kind*.
    """
    for entry in entries:
        if isinstance(entry, Mapping) and entry.get("type") == kind:
            uri = entry.get("jsonl_download_uri") or entry.get("download_uri")
            if isinstance(uri, str) and uri:
                return uri
    kinds = ", ".join(str(e.get("type")) for e in entries if isinstance(e, Mapping))
    raise BadResponseError(f"Scryfall lists no bulk file of type {kind!r} (it has: {kinds})")
