"""Fixtures for the deck tests: a small in-memory card source and the fixture deck files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frontier_desktop.decks.resolve import CardList

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "decks"


def load_cards() -> CardList:
    """The fixture cards (Scryfall-shaped objects written for these tests)."""
    return CardList(json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def cards() -> CardList:
    return load_cards()


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES
