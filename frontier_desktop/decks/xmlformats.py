"""The XML deck formats: MTGO ``.dek`` and Cockatrice ``.cod``.

Read with the standard library's expat parser, which reports line numbers. Deck files never
need a DTD, so any ``<!DOCTYPE``/``<!ENTITY`` declaration is refused before anything is
expanded (no entity-expansion bombs, no external entities); that is why no XML hardening
package is needed.
"""

from __future__ import annotations

import xml.parsers.expat
from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr

from frontier_desktop.decks.model import (
    Deck,
    DeckEntry,
    DeckProblem,
    DeckReadError,
    ParseResult,
    Section,
    Severity,
)
from frontier_desktop.decks.text import (
    FRONT_FACE_LAYOUTS,
    MAX_COUNT,
    check_sections,
    display_name,
    fold_name,
)


class _DtdRefused(Exception):
    pass


def _parse(text: str, start: Callable[[str, dict[str, str], int], None],
           chars: Callable[[str], None] | None = None,
           end: Callable[[str], None] | None = None) -> None:
    """Run expat over *text*, calling *start(tag, attrs, line)* for each element.

    Raises:
        DeckReadError: not well-formed XML, or a DTD/entity declaration.
    """
    parser = xml.parsers.expat.ParserCreate(encoding="UTF-8")  # the text is already decoded

    def refuse(*_args: object) -> None:
        raise _DtdRefused

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = lambda tag, attrs: start(
        tag.rsplit(":", 1)[-1], attrs, parser.CurrentLineNumber)
    if chars is not None:
        parser.CharacterDataHandler = chars
    if end is not None:
        parser.EndElementHandler = lambda tag: end(tag.rsplit(":", 1)[-1])
    try:
        parser.Parse(text.lstrip("\ufeff").encode("utf-8"), True)
    except _DtdRefused:
        raise DeckReadError("the XML declares a DTD or entities, which deck files never do; "
                            "refusing to read it") from None
    except xml.parsers.expat.ExpatError as exc:
        raise DeckReadError(
            f"line {exc.lineno}: not well-formed XML ({xml.parsers.expat.ErrorString(exc.code)})"
        ) from None


def _count(raw: str | None, line: int, what: str) -> tuple[int | None, DeckProblem | None]:
    try:
        value = int((raw or "").strip())
    except ValueError:
        value = -1
    if 1 <= value <= MAX_COUNT:
        return value, None
    return None, DeckProblem(
        f"{what}: the count {raw!r} is not a number between 1 and {MAX_COUNT}",
        Severity.ERROR, "bad-count", line=line)


def read_dek(text: str) -> ParseResult:
    """Read an MTGO ``.dek`` file (``<Cards Quantity= Sideboard= Name= CatID=/>``).

    ``A/B`` split names become ``A // B``; a card with ``Name=""`` keeps its ``CatID`` so a
    card source that knows MTGO ids can still find it.

    Raises:
        DeckReadError: the text is not XML, or its root is not ``<Deck>``.
    """
    entries: list[DeckEntry] = []
    problems: list[DeckProblem] = []
    root: list[str] = []

    def start(tag: str, attrs: dict[str, str], line: int) -> None:
        if not root:
            root.append(tag)
            return
        if tag != "Cards":
            return
        name = fold_name(attrs.get("Name", ""))
        shown = name or f"CatID {attrs.get('CatID', '?')}"
        count, problem = _count(attrs.get("Quantity"), line, f"'{shown}'")
        if problem:
            problems.append(problem)
            return
        try:
            cat_id: int | None = int(attrs.get("CatID", "0")) or None
        except ValueError:
            cat_id = None
        if not name and cat_id is None:
            problems.append(DeckProblem("a <Cards> element has neither a Name nor a CatID",
                                        Severity.ERROR, "unreadable-line", line=line))
            return
        side = attrs.get("Sideboard", "false").strip().lower() == "true"
        assert count is not None
        entries.append(DeckEntry(count=count, name=name,
                                 section=Section.SIDEBOARD if side else Section.MAIN,
                                 mtgo_id=cat_id, line=line))

    _parse(text, start)
    if root != ["Deck"]:
        found = root[0] if root else ""
        raise DeckReadError(f"not an MTGO .dek file (the root element is <{found}>, not <Deck>)")
    return ParseResult(Deck(entries=tuple(entries)), tuple(problems), "dek")


def write_dek(deck: Deck) -> str:
    """Write an MTGO ``.dek`` file (split cards as ``A/B``, double-faced by the front)."""
    check_sections(deck, "dek", (Section.MAIN, Section.SIDEBOARD))
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        ('<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
         'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'),
        "  <NetDeckID>0</NetDeckID>",
        "  <PreconstructedDeckID>0</PreconstructedDeckID>",
    ]
    for section, flag in ((Section.MAIN, "false"), (Section.SIDEBOARD, "true")):
        for e in deck.section(section):
            lines.append(
                f'  <Cards CatID="{e.mtgo_id or 0}" Quantity="{e.count}" Sideboard="{flag}" '
                f'Name={quoteattr(display_name(e, slash="/"))} Annotation="0" />')
    lines.append("</Deck>")
    return "\n".join(lines) + "\n"


_COD_ZONES = {"main": Section.MAIN, "side": Section.SIDEBOARD, "tokens": Section.TOKENS}


def read_cod(text: str) -> ParseResult:
    """Read a Cockatrice ``.cod`` file: ``<deckname>``, ``<comments>``, ``<zone name=main|side|
    tokens>`` of ``<card number= name= setShortName= collectorNumber= uuid=/>``. Elements it
    does not know are ignored, as Cockatrice asks.

    Raises:
        DeckReadError: the text is not XML, or its root is not ``<cockatrice_deck>``.
    """
    entries: list[DeckEntry] = []
    problems: list[DeckProblem] = []
    root: list[str] = []
    stack: list[str] = []
    texts: dict[str, list[str]] = {"deckname": [], "comments": []}
    zone: list[Section | None] = [None]

    def start(tag: str, attrs: dict[str, str], line: int) -> None:
        stack.append(tag)
        if not root:
            root.append(tag)
            return
        if tag == "zone":
            name = attrs.get("name", "")
            zone[0] = _COD_ZONES.get(name.lower())
            if zone[0] is None:
                zone[0] = Section.MAYBEBOARD
                problems.append(DeckProblem(
                    f"zone '{name}' is not main, side or tokens: its cards are kept out of the "
                    "deck (maybeboard)", Severity.WARNING, "unknown-section", line=line))
        elif tag == "card" and len(stack) >= 2 and stack[-2] == "zone":
            name = fold_name(attrs.get("name", ""))
            if not name:
                problems.append(DeckProblem("a <card> has no name", Severity.ERROR,
                                            "unreadable-line", line=line))
                return
            count, problem = _count(attrs.get("number"), line, f"'{name}'")
            if problem:
                problems.append(problem)
                return
            assert count is not None
            entries.append(DeckEntry(
                count=count, name=name, section=zone[0] or Section.MAIN,
                set_code=(attrs.get("setShortName") or "").upper() or None,
                collector_number=attrs.get("collectorNumber") or None,
                scryfall_id=attrs.get("uuid") or None, line=line))

    def chars(data: str) -> None:
        if len(stack) == 2 and stack[-1] in texts:
            texts[stack[-1]].append(data)

    def end(tag: str) -> None:
        stack.pop()
        if tag == "zone":
            zone[0] = None

    _parse(text, start, chars, end)
    if root != ["cockatrice_deck"]:
        raise DeckReadError(f"not a Cockatrice .cod file (the root element is "
                            f"<{root[0] if root else ''}>, not <cockatrice_deck>)")
    deck = Deck(entries=tuple(entries), name="".join(texts["deckname"]).strip(),
                notes="".join(texts["comments"]).strip())
    return ParseResult(deck, tuple(problems), "cod")


_COD_OUT = ((Section.MAIN, "main"), (Section.SIDEBOARD, "side"), (Section.TOKENS, "tokens"))


def write_cod(deck: Deck) -> str:
    """Write a Cockatrice ``.cod`` file with printings (``setShortName``, ``collectorNumber``,
    ``uuid``) where known."""
    check_sections(deck, "cod", (s for s, _ in _COD_OUT))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
             f"    <deckname>{escape(deck.name)}</deckname>",
             f"    <comments>{escape(deck.notes)}</comments>"]
    for section, zone in _COD_OUT:
        entries = deck.section(section)
        if not entries:
            continue
        lines.append(f'    <zone name="{zone}">')
        for e in entries:
            front_only = e.layout in FRONT_FACE_LAYOUTS and e.layout != "modal_dfc"
            attrs = f'number="{e.count}" name={quoteattr(display_name(e, front_only=front_only))}'
            if e.set_code:
                attrs += f" setShortName={quoteattr(e.set_code)}"
            if e.collector_number:
                attrs += f" collectorNumber={quoteattr(e.collector_number)}"
            if e.scryfall_id:
                attrs += f" uuid={quoteattr(e.scryfall_id)}"
            lines.append(f"        <card {attrs}/>")
        lines.append("    </zone>")
    lines.append("</cockatrice_deck>")
    return "\n".join(lines) + "\n"
