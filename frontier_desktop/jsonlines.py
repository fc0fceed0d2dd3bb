"""Reading JSON documents and JSON Lines files of objects, with errors in a player's terms.

Position files, action lists, game records and LAN scripts all read the same way: UTF-8 (a
BOM is allowed), blank lines skipped, each line one JSON object. When a file can't be read,
:class:`JsonFileError` says in one sentence what is wrong with it as a player would put it —
"“game.jsonl” isn't a saved game (it looks like a deck list).", "“game.jsonl” is damaged at
line 12 and can't be opened; the file was left as it is." — never a decoder's message. The
caller turns it into its own error type; the message already names the file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

MAX_BYTES = 64 * 1024 * 1024
"""Larger files are refused unread (no game record or position comes near this)."""

KNOWN_FORMATS = {
    "frontier-record": "a Frontier Desktop saved game",
    "frontier-position": "a Frontier Desktop position file",
    "frontier-deck": "a Frontier Desktop deck",
}

_SIGNATURES = (
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"), (b"PK\x03\x04", "a ZIP archive"),
    (b"\x1f\x8b", "a compressed (gzip) file"),
    (b"BM", "a BMP image"), (b"RIFF", "a media file"), (b"\x7fELF", "a program"),
    (b"MZ", "a program"), (b"SQLite format 3", "a database"),
)

_DECK_LINE = re.compile(r"^\s*(?:SB:\s*)?\d+\s*x?\s+\S")


class JsonFileError(ValueError):
    """A file that can't be read, or a line that is not a JSON object.

    ``str()`` is one sentence for a player; ``path``, ``line`` and ``problem`` (the same
    sentence without the file's name) are there for callers that lay it out differently.
    """

    def __init__(self, path: Path, sentence: str, *, line: int | None = None) -> None:
        self.path = path
        self.line = line
        super().__init__(sentence)


def quoted(path: Path) -> str:
    """The file's name as a player sees it in a message: ``“game.jsonl”``."""
    return f"“{path.name or str(path)}”"


def what_it_looks_like(data: bytes) -> str | None:
    """What a file that is not the expected kind appears to be ("a deck list", "a PNG image"),
    or None when there is no telling."""
    head = data[:4096]
    for magic, name in _SIGNATURES:
        if head.startswith(magic):
            return name
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "text in UTF-16, which Frontier Desktop doesn't read"
    if b"\x00" in head:
        return "a binary file"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return "text that isn't UTF-8 (saved in another encoding)"
    stripped = text.lstrip()
    if not stripped:
        return None
    if stripped.startswith("<"):
        if "<cockatrice_deck" in stripped[:2000] or re.search(r"<Deck\b", stripped[:2000]):
            return "a deck file"
        return "an XML or web page file"
    first = stripped.splitlines()[0]
    if stripped.startswith(("{", "[")):
        try:
            obj: Any = json.loads(first) if first.strip().endswith("}") else json.loads(stripped)
        except ValueError:
            return "a JSON file of another kind"
        if isinstance(obj, dict):
            fmt = obj.get("format")
            if isinstance(fmt, str):
                for prefix, name in KNOWN_FORMATS.items():
                    if fmt.split("/")[0] == prefix:
                        return name
            if "object" in obj and obj.get("object") in ("card", "list"):
                return "card data from Scryfall"
        return "a JSON file of another kind"
    lines = [ln for ln in stripped.splitlines()[:40]
             if ln.strip() and not ln.lstrip().startswith(("//", "#"))]
    decklike = sum(1 for ln in lines if _DECK_LINE.match(ln)
                   or ln.strip().lower() in ("deck", "sideboard", "commander"))
    if lines and decklike >= len(lines) * 0.6:
        return "a deck list"
    return "a text file of another kind"


def _decode(path: Path, data: bytes, what: str) -> str:
    if not data.strip():
        raise JsonFileError(path, f"{quoted(path)} is empty, so it isn't {what}.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        looks = what_it_looks_like(data)
        raise JsonFileError(path, f"{quoted(path)} isn't {what} (it looks like {looks})."
                            if looks else f"{quoted(path)} isn't {what}.") from None
    if "\x00" in text:
        raise JsonFileError(path, f"{quoted(path)} isn't {what} (it looks like a binary file).")
    return text


def read_bytes(path: Path) -> bytes:
    """The file's bytes.

    Raises:
        JsonFileError: missing, a folder, not allowed, too big, or another read error, in words.
    """
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise JsonFileError(path, f"{quoted(path)} is too big ({size // (1024 * 1024)} MB) to "
                                      "be a Frontier Desktop file.")
        return path.read_bytes()
    except FileNotFoundError:
        raise JsonFileError(path, f"{quoted(path)} can't be opened: there is no such "
                                  "file.") from None
    except IsADirectoryError:
        raise JsonFileError(path, f"{quoted(path)} is a folder, not a file.") from None
    except PermissionError:
        raise JsonFileError(path, f"{quoted(path)} can't be opened: you don't have permission "
                                  "to read it.") from None
    except OSError as exc:
        reason = (exc.strerror or "the system couldn't read it").lower()
        raise JsonFileError(path, f"{quoted(path)} can't be read ({reason}).") from None


def read_text(path: Path, what: str = "a Frontier Desktop file") -> str:
    """The file's text (UTF-8, a BOM allowed).

    Raises:
        JsonFileError: unreadable, empty, binary or not UTF-8; the message says so in words.
    """
    return _decode(path, read_bytes(path), what)


def _damaged(path: Path, number: int, *, last: bool, cut: bool) -> JsonFileError:
    if last and cut:
        return JsonFileError(path, f"{quoted(path)} is cut off in the middle of line {number} (it "
                                   "was not saved completely) and can't be opened; the file was "
                                   "left as it is.", line=number)
    return JsonFileError(path, f"{quoted(path)} is damaged at line {number} and can't be opened; "
                               "the file was left as it is.", line=number)


def read_document(path: Path, what: str = "a Frontier Desktop file") -> Any:
    """One JSON document (a position file).

    Raises:
        JsonFileError: unreadable, not JSON (saying what the file looks like instead), or cut off.
    """
    data = read_bytes(path)
    text = _decode(path, data, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if not text.lstrip().startswith(("{", "[")) or exc.msg == "Extra data":
            # not JSON at all, or several documents (JSON Lines: a saved game or an action list)
            looks = what_it_looks_like(data)
            raise JsonFileError(path, f"{quoted(path)} isn't {what}"
                                + (f" (it looks like {looks})." if looks else ".")) from None
        cut = _unfinished(text)
        line = text.count("\n", 0, len(text.rstrip())) + 1 if cut else exc.lineno
        raise _damaged(path, line, last=cut, cut=cut) from None
    except (ValueError, RecursionError):  # a number too long, nesting too deep
        raise JsonFileError(path, f"{quoted(path)} has a number too long or JSON nested too deep "
                                  "to be read; the file was left as it is.") from None


def _unfinished(text: str) -> bool:
    """Whether JSON text stops inside a string or with brackets still open (cut off)."""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return in_string or depth > 0


def read_objects(path: Path, what: str = "a Frontier Desktop file"
                 ) -> list[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each non-blank line of a JSON Lines file.

    Raises:
        JsonFileError: unreadable, or a line that is not a JSON object. A first line that is
            not JSON means the file is some other kind ("it looks like a deck list"); a later
            one means it is damaged there (or cut off, when it is the unfinished last line).
    """
    data = read_bytes(path)
    text = _decode(path, data, what)
    out: list[tuple[int, dict[str, Any]]] = []
    lines = text.splitlines()
    last_number = max((n for n, ln in enumerate(lines, 1) if ln.strip()), default=0)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            if not out:
                looks = what_it_looks_like(data)
                raise JsonFileError(path, f"{quoted(path)} isn't {what}"
                                    + (f" (it looks like {looks})." if looks else "."),
                                    line=number) from None
            cut = number == last_number and (_unfinished(line) or not text.endswith("\n"))
            raise _damaged(path, number, last=number == last_number, cut=cut) from None
        except (ValueError, RecursionError):  # a number too long, nesting too deep
            raise JsonFileError(path, f"{quoted(path)} line {number} has a number too long or "
                                      "JSON nested too deep to be read; the file was left as "
                                      "it is.", line=number) from None
        if not isinstance(obj, dict):
            if not out:
                raise JsonFileError(path, f"{quoted(path)} isn't {what} (it looks like a JSON "
                                          "file of another kind).", line=number)
            raise _damaged(path, number, last=False, cut=False)
        out.append((number, obj))
    return out
