"""Deck formats: the registry, detection, safe decoding, parse and write.

The entry points:

* :func:`parse_deck` — text → :class:`ParseResult` (entries plus every problem), optionally
  checking names against a card source;
* :func:`read_deck_file` — the same from a file, refusing files that are not deck lists
  (images, binaries, huge files, text that is not UTF-8) with :class:`DeckReadError`;
* :func:`write_deck` / :func:`save_deck` — a deck → text in any format; a deck that was not
  read completely is never written.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from frontier_desktop.decks import text as _text
from frontier_desktop.decks import xmlformats as _xml
from frontier_desktop.decks.model import (
    Deck,
    DeckProblem,
    DeckReadError,
    DeckWriteError,
    ParseResult,
    Section,
    Severity,
)
from frontier_desktop.decks.resolve import CardLookup, resolve_deck

MAX_BYTES = 4 * 1024 * 1024
"""Largest deck file read (4 MiB; a 250-card list with printings is under 20 KiB)."""

_ALL = frozenset(Section)


@dataclasses.dataclass(frozen=True)
class DeckFormat:
    """One decklist format and what it can hold."""

    name: str
    """Registry key (``"arena"``)."""
    title: str
    """Human name (``"MTG Arena export"``)."""
    extensions: tuple[str, ...]
    """File extensions, lower case with the dot; the first is the one written."""
    read: Callable[[str], ParseResult]
    """Text → result (names not checked)."""
    write: Callable[[Deck], str]
    """Deck → text. Raises :class:`DeckWriteError` for sections it cannot hold."""
    sections: frozenset[Section]
    """Sections it can hold."""
    keeps_printing: bool = False
    """Whether set code and collector number survive a round trip."""
    keeps_finish: bool = False
    """Whether foil marks survive."""
    keeps_categories: bool = False
    """Whether user categories survive."""
    keeps_metadata: bool = False
    """Whether variant, points, notes and allowed cards survive."""
    keeps_name: bool = False
    """Whether the deck name survives."""


def _reader(fmt: str) -> Callable[[str], ParseResult]:
    return lambda text: _text.read_text(text, fmt)


_MAIN_SIDE = frozenset({Section.MAIN, Section.SIDEBOARD})
FORMATS: dict[str, DeckFormat] = {
    f.name: f for f in (
        DeckFormat("fdeck", "Frontier Desktop deck", (".fdeck",), _reader("fdeck"),
                   _text.write_native, _ALL, keeps_printing=True, keeps_finish=True,
                   keeps_categories=True, keeps_metadata=True, keeps_name=True),
        DeckFormat("mtgo", "MTGO plain text", (".txt",), _reader("mtgo"), _text.write_mtgo,
                   _MAIN_SIDE),
        DeckFormat("arena", "MTG Arena export", (".txt",), _reader("arena"), _text.write_arena,
                   frozenset({Section.MAIN, Section.SIDEBOARD, Section.COMMANDER,
                              Section.COMPANION}), keeps_printing=True, keeps_name=True),
        DeckFormat("moxfield", "Moxfield text export", (".txt",), _reader("moxfield"),
                   _text.write_moxfield, _MAIN_SIDE, keeps_printing=True, keeps_finish=True),
        DeckFormat("archidekt", "Archidekt text export", (".txt",), _reader("archidekt"),
                   _text.write_archidekt,
                   frozenset({Section.MAIN, Section.SIDEBOARD, Section.MAYBEBOARD,
                              Section.COMMANDER}),
                   keeps_printing=True, keeps_finish=True, keeps_categories=True),
        DeckFormat("dek", "MTGO .dek (XML)", (".dek",), _xml.read_dek, _xml.write_dek,
                   _MAIN_SIDE),
        DeckFormat("cod", "Cockatrice .cod (XML)", (".cod",), _xml.read_cod, _xml.write_cod,
                   frozenset({Section.MAIN, Section.SIDEBOARD, Section.TOKENS}),
                   keeps_printing=True, keeps_name=True),
        DeckFormat("forge", "Forge .dck", (".dck",), _reader("forge"), _text.write_forge,
                   frozenset({Section.MAIN, Section.SIDEBOARD, Section.COMMANDER}),
                   keeps_name=True),
        DeckFormat("xmage", "XMage .dck", (".dck",), _reader("xmage"), _text.write_xmage,
                   _MAIN_SIDE, keeps_printing=True, keeps_name=True),
        DeckFormat("mws", "Magic Workstation .mwDeck", (".mwdeck",), _reader("mws"),
                   _text.write_mws, _MAIN_SIDE, keeps_name=True),
    )
}
"""Every format, by name."""

_BINARY_MAGIC = (
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"RIFF", "a RIFF file (image or audio)"), (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"), (b"\x1f\x8b", "a gzip archive"),
    (b"BM", "a BMP image"), (b"\x7fELF", "a program"), (b"MZ", "a Windows program"),
)


def decode_deck_bytes(data: bytes) -> str:
    """Decode a deck file's bytes, refusing what is not a text deck list.

    UTF-8 (with or without BOM) and UTF-16 with a BOM are read.

    Raises:
        DeckReadError: too big, an image or other binary file, or text that is not UTF-8.
    """
    if len(data) > MAX_BYTES:
        raise DeckReadError(_too_big(len(data)))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DeckReadError("the file starts like UTF-16 text but is not valid UTF-16") \
                from None
    for magic, what in _BINARY_MAGIC:
        if data.startswith(magic) and (magic not in (b"BM", b"MZ") or b"\x00" in data[:512]):
            raise DeckReadError(f"this is {what}, not a deck list")
    if b"\x00" in data:
        raise DeckReadError("this is a binary file (it contains NUL bytes), not a deck list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DeckReadError(
            f"the file is not UTF-8 text (line {line} is in another encoding); "
            "save it as UTF-8") from None
    if text.lstrip().startswith("{"):  # JSON: a saved game, a position, card data...
        raise DeckReadError(f"this is {_json_kind(text)}, not a deck list")
    controls = sum(1 for ch in text[:4096] if ord(ch) < 32 and ch not in "\t\n\r\f")
    if controls > 8:
        raise DeckReadError("this looks like a binary file (control characters), not a deck list")
    return text


def _json_kind(text: str) -> str:
    """What a JSON file is, by its ``format`` (a saved game, a position) or in general."""
    import json

    first = text.lstrip().splitlines()[0]
    try:
        fmt = json.loads(first).get("format")
    except (ValueError, AttributeError):
        fmt = None
    kind = fmt.split("/")[0] if isinstance(fmt, str) else ""
    return {"frontier-record": "a Frontier Desktop saved game",
            "frontier-position": "a Frontier Desktop position file"}.get(kind, "a JSON file")


def _too_big(size: int) -> str:
    return (f"the file is {size / 1048576:.1f} MiB; a deck list is never more than "
            f"{MAX_BYTES // 1048576} MiB")


def format_for_path(path: str | os.PathLike[str]) -> str | None:
    """The format an extension names (``.txt`` names MTGO plain text), or None."""
    suffix = Path(path).suffix.lower()
    for fmt in FORMATS.values():
        if suffix == fmt.extensions[0]:
            return fmt.name
    return None


def detect_format(text: str, filename: str | os.PathLike[str] | None = None) -> str:
    """The format of *text*: XML by its root element, text by its lines; the extension of
    *filename* decides only what the content leaves open (``.dck``: Forge or XMage).

    Raises:
        DeckReadError: XML that is neither a ``.dek`` nor a ``.cod`` deck.
    """
    head = text.lstrip("\ufeff \t\r\n")[:2048]
    if head.startswith("<"):
        low = head.lower()
        if "<cockatrice_deck" in low:
            return "cod"
        if "<deck" in low:
            return "dek"
        raise DeckReadError("this XML is neither an MTGO .dek nor a Cockatrice .cod deck")
    sniffed = _text.sniff_text(text)
    suffix = Path(filename).suffix.lower() if filename is not None else ""
    if suffix == ".dck" and sniffed not in ("forge", "xmage"):
        return "forge"
    if suffix == ".mwdeck":
        return "mws"
    return sniffed


def parse_deck(
    text: str,
    *,
    fmt: str | None = None,
    filename: str | os.PathLike[str] | None = None,
    cards: CardLookup | None = None,
) -> ParseResult:
    """Read a deck list from text.

    Args:
        text: the decoded file or pasted text.
        fmt: a key of :data:`FORMATS`; detected from *text* (and *filename*) when None.
        filename: only used to help detection.
        cards: when given, every name is checked against it; unknown names are reported with
            their line and the closest known names, and stay in the deck. A source that can
            fetch (:class:`frontier_desktop.decks.resolve.FetchingLookup`) is asked for the
            unknown names first, all at once.

    Returns:
        The deck and every problem, in line order. Lines that could not be read are errors;
        a text with no card at all gets an error too.

    Raises:
        DeckReadError: XML that is not well formed or not a deck; an unknown *fmt*.
    """
    if fmt is None:
        fmt = detect_format(text, filename)
    if fmt not in FORMATS:
        raise DeckReadError(f"unknown deck format '{fmt}' (known: {', '.join(FORMATS)})")
    result = FORMATS[fmt].read(text)
    deck, problems = result.deck, list(result.problems)
    if cards is not None:
        deck, unknown = resolve_deck(deck, cards,
                                     filename=str(filename) if filename is not None else None)
        problems.extend(unknown)
    if not deck.entries and not any(p.is_error for p in problems):
        problems.append(DeckProblem("no card lines found (expected lines like "
                                    "'4 Lightning Bolt')", Severity.ERROR, "empty-deck"))
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    return ParseResult(deck, tuple(problems), fmt)


def read_deck_file(
    path: str | os.PathLike[str], *, fmt: str | None = None, cards: CardLookup | None = None
) -> ParseResult:
    """Read a deck file (see :func:`parse_deck`).

    Raises:
        DeckReadError: the file cannot be read or is not a deck list; the message says why.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:  # refuse before reading it into memory
            raise DeckReadError(_too_big(size))
        data = path.read_bytes()
    except OSError as exc:
        raise DeckReadError(f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_deck(decode_deck_bytes(data), fmt=fmt, filename=path, cards=cards)


def write_deck(deck: Deck | ParseResult, fmt: str) -> str:
    """Write a deck as text in *fmt*.

    Args:
        deck: a deck, or a parse result (which must be complete).
        fmt: a key of :data:`FORMATS`.

    Raises:
        DeckWriteError: an unknown format, a parse result with errors (a half-read deck is
            never written), or cards in sections the format cannot hold.
    """
    if isinstance(deck, ParseResult):
        if not deck.is_complete:
            first = deck.errors[0]
            raise DeckWriteError(
                f"the deck was not read completely ({len(deck.errors)} problem"
                f"{'s' if len(deck.errors) != 1 else ''}, first: {first}); fix it before "
                "saving")
        deck = deck.deck
    if fmt not in FORMATS:
        raise DeckWriteError(f"unknown deck format '{fmt}' (known: {', '.join(FORMATS)})")
    return FORMATS[fmt].write(deck)


def save_deck(deck: Deck | ParseResult, path: str | os.PathLike[str],
              *, fmt: str | None = None) -> str:
    """Write a deck to *path* atomically (a temporary file renamed over it).

    Args:
        deck: what to write (see :func:`write_deck`).
        path: destination.
        fmt: the format; from the extension when None (``.txt`` → MTGO plain text).

    Returns:
        The format written.

    Raises:
        DeckWriteError: as :func:`write_deck`, an unknown extension, or an OS error.
    """
    path = Path(path)
    fmt = fmt or format_for_path(path)
    if fmt is None:
        raise DeckWriteError(f"cannot tell the format from '{path.suffix or path.name}': "
                             f"name one of {', '.join(FORMATS)}")
    text = write_deck(deck, fmt)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".deck-", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise DeckWriteError(f"cannot write {path}: {exc.strerror or exc}") from None
    return fmt
