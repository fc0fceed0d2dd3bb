"""The deck builder's import reads Cockatrice's clipboard cases like every command does
(the same cases as ``tests/decks/test_clipboard_cases.py``): pasted, every card lands in its
section under Scryfall's name, an unknown one stays in the deck and is named."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks import Section
from frontier_desktop.ui.builder.dialogs import ProblemsScene
from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene
from tests.decks.clipboard_cases import CARDS, CASES, UNKNOWN

from .test_deck_builder import settle


@pytest.fixture(autouse=True)
def _offline_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "card-cache"))
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    yield


def test_pasted_lists_land_in_their_sections(app) -> None:  # type: ignore[no-untyped-def]
    pool = BundledPool({c["name"]: c for c in CARDS})
    for case in CASES:
        builder = DeckBuilderScene(app, pool=pool, build_full_index=False)
        app.scenes.push(builder)
        settle(app, builder)
        builder.import_text(case.text)
        settle(app, builder)
        main = dict(builder.draft.rows(Section.MAIN))
        side = dict(builder.draft.rows(Section.SIDEBOARD))
        assert (main, side) == (case.main, case.side), case.id
        if UNKNOWN in case.names:
            problems = app.scenes.top
            assert isinstance(problems, ProblemsScene), case.id
            assert any(UNKNOWN in line for line in problems.lines)
            app.scenes.pop()
        else:
            assert app.scenes.top is builder, case.id
        app.scenes.pop()


def test_import_fetches_unknown_names_and_the_check_knows_them(app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.cards.fakescryfall import FakeScryfall, make_card, make_db

    with FakeScryfall([make_card("Fetched Bear", number=1)]) as fake:
        db = make_db(tmp_path, fake)
        builder = DeckBuilderScene(app, database=db, pool=BundledPool({}),
                                   build_full_index=False)
        app.scenes.push(builder)
        settle(app, builder)
        builder.import_text("4 Fetched Bear\n")
        settle(app, builder)
        assert app.scenes.top is builder  # no problem to show
        assert builder.draft.copies("Fetched Bear") == 4
        assert [r.path for r in fake.api_requests()] == ["/cards/collection"]
        assert builder.index.row("Fetched Bear") is not None
        assert builder.stats is not None and "Fetched Bear" not in builder.stats.unknown
        db.close()


def test_offline_import_names_the_unknown_cards_and_says_import_again(app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.cards.fakescryfall import make_db

    db = make_db(tmp_path, None, offline=True)
    builder = DeckBuilderScene(app, database=db, pool=BundledPool({}), build_full_index=False)
    app.scenes.push(builder)
    settle(app, builder)
    builder.import_text("4 Fetched Bear\n2 Other Bear\n")
    settle(app, builder)
    problems = app.scenes.top
    assert isinstance(problems, ProblemsScene)
    [hint] = [line for line in problems.lines if "Fetched Bear, Other Bear" in line]
    assert "import the list again when online to fetch them" in hint
    assert builder.draft.copies("Fetched Bear") == 4  # kept, marked
    db.close()
