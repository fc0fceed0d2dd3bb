"""Deck lists: formats (read and write), name checking and per-variant deck rules. No pygame.

Reading and writing (:mod:`.formats`)::

    result = read_deck_file(path, cards=pool)      # or parse_deck(text, cards=pool)
    result.deck, result.problems, result.is_complete
    save_deck(result, "out.dek")                    # refuses a half-read deck

Checking (:mod:`.validate`)::

    report = validate_deck(result.deck, "army", pool, points=100)
    report.is_legal, report.problems, report.summary

*pool* is any :class:`CardLookup` (``get(name)`` → Scryfall mapping or None), e.g.
``frontier_desktop.cards.pool.BundledPool.load()``.
"""

from __future__ import annotations

from frontier_desktop.decks.formats import (
    FORMATS,
    DeckFormat,
    decode_deck_bytes,
    detect_format,
    format_for_path,
    parse_deck,
    read_deck_file,
    save_deck,
    write_deck,
)
from frontier_desktop.decks.model import (
    Deck,
    DeckEntry,
    DeckError,
    DeckProblem,
    DeckReadError,
    DeckWriteError,
    ParseResult,
    Section,
    Severity,
)
from frontier_desktop.decks.resolve import CardList, CardLookup, Suggester, resolve_deck
from frontier_desktop.decks.validate import (
    VARIANTS,
    ValidationReport,
    normalise_variant,
    validate_army,
    validate_conquering,
    validate_deck,
    validate_frontier,
    validate_wargame,
)

__all__ = [
    "FORMATS", "VARIANTS", "CardList", "CardLookup", "Deck", "DeckEntry", "DeckError",
    "DeckFormat", "DeckProblem", "DeckReadError", "DeckWriteError", "ParseResult", "Section",
    "Severity", "Suggester", "ValidationReport", "decode_deck_bytes", "detect_format",
    "format_for_path", "normalise_variant", "parse_deck", "read_deck_file", "resolve_deck",
    "save_deck", "validate_army", "validate_conquering", "validate_deck", "validate_frontier",
    "validate_wargame", "write_deck",
]
