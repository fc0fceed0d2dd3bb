"""The deck builder driven headless by posted mouse and keyboard events.

Search, add, see the check change, save, reload; import problems; paste; goldfish; sample
hands; offline image prefetch; a broken deck file beside good ones.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from frontier_desktop.decks import Section
from frontier_desktop.ui.builder.dialogs import (
    DeckPickerScene,
    PasteScene,
    ProblemsScene,
    SampleHandScene,
    UnsavedChangesScene,
)
from frontier_desktop.ui import games
from frontier_desktop.ui.games import DECKS_DIR, QUICK_DECKS
from frontier_desktop.ui.scenes.cover import CoverScene
from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene, decks_dir
from frontier_desktop.ui.scenes.dialogs import ConfirmScene
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from frontier_desktop.ui.scenes.table import TableScene

from .helpers import click, drag, key, press, step

SAMPLE = DECKS_DIR / QUICK_DECKS[1]  # Banners of Benalia, legal Frontier


@pytest.fixture(autouse=True)
def _offline_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A private, empty card cache and no network for every builder test."""
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path / "card-cache"))
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    yield


def settle(app, builder: DeckBuilderScene, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    """Step frames until the builder's background work is done (its dialogs keep it going)."""
    deadline = time.monotonic() + timeout
    step(app)
    while builder.is_busy():
        assert time.monotonic() < deadline, "the builder never settled"
        time.sleep(0.002)
        step(app)
    step(app)


def type_into(app, entry, text: str) -> None:  # type: ignore[no-untyped-def]
    click(app, entry.rect.center)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        step(app)


def open_builder(app) -> DeckBuilderScene:  # type: ignore[no-untyped-def]
    menu = app.scenes.push(MainMenuScene(app))
    step(app)
    press(app, menu.buttons["decks"])
    builder = app.scenes.top
    assert isinstance(builder, DeckBuilderScene)
    settle(app, builder)
    return builder


def result_index(builder: DeckBuilderScene, name: str) -> int:
    return next(i for i, r in enumerate(builder.results) if r.name == name)


def header(builder: DeckBuilderScene, section: Section):  # type: ignore[no-untyped-def]
    return next(i for i in builder.deck_items() if i.kind == "header" and i.section is section)


def row(builder: DeckBuilderScene, name: str, section: Section = Section.MAIN):  # type: ignore[no-untyped-def]
    return next(i for i in builder.deck_items()
                if i.kind == "row" and i.name == name and i.section is section)


def test_search_add_check_changes_save_and_reload(app) -> None:
    builder = open_builder(app)
    assert builder.full_index_ready and builder.results  # the empty query lists the pool
    type_into(app, builder.w["search"], "serra")
    settle(app, builder)
    assert builder.results[0].name == "Serra Angel"
    angel = builder.result_rect(0).center
    click(app, angel)
    settle(app, builder)
    assert builder.draft.copies("Serra Angel", Section.MAIN) == 1
    report = builder.report
    assert report is not None and not report.is_legal
    assert any(p.code == "deck-size" and "1 cards" in p.message for p in report.problems)
    for _ in range(4):
        click(app, angel)
    settle(app, builder)
    assert builder.draft.copies("Serra Angel") == 5
    assert any(p.code == "copy-limit" for p in builder.report.problems)  # type: ignore[union-attr]
    click(app, angel, button=3)  # right-click takes one out
    settle(app, builder)
    assert builder.draft.copies("Serra Angel") == 4
    assert not any(p.code == "copy-limit" for p in builder.report.problems)  # type: ignore[union-attr]
    # a land changes the board panel's figure
    search = builder.w["search"]
    search.set_text("")
    type_into(app, search, "plains")
    settle(app, builder)
    click(app, builder.result_rect(result_index(builder, "Plains")).center)
    settle(app, builder)
    assert builder.report.stats["board_lands"] == 1  # type: ignore[union-attr]
    assert builder.stats is not None and builder.stats.lands == ("Plains",)
    # drag a card onto the sideboard header; the row's "−" takes a copy out
    drag(app, builder.result_rect(result_index(builder, "Plains")).center,
         header(builder, Section.SIDEBOARD).rect.center)
    assert builder.draft.copies("Plains", Section.SIDEBOARD) == 1
    minus, _ = builder.row_buttons(row(builder, "Serra Angel"))
    click(app, minus.center)
    assert builder.draft.copies("Serra Angel", Section.MAIN) == 3
    # save, then open it again from a fresh builder
    press(app, builder.w["save"])
    path = decks_dir(app) / "new-deck.fdeck"
    assert path.exists() and not builder.draft.is_dirty
    text = path.read_text(encoding="utf-8")
    assert "3 Serra Angel" in text and "// variant: frontier" in text
    press(app, builder.w["back"])
    assert isinstance(app.scenes.top, MainMenuScene)
    again = open_builder(app)
    assert again.draft.count() == 0
    press(app, again.w["open"])
    picker = app.scenes.top
    assert isinstance(picker, DeckPickerScene)
    mine = next(i for i, d in enumerate(picker.decks) if d.path == path)
    click(app, picker.row_rect(mine).center)
    settle(app, again)
    assert app.scenes.top is again
    assert again.draft.copies("Serra Angel", Section.MAIN) == 3
    assert again.draft.copies("Plains", Section.SIDEBOARD) == 1
    assert again.draft.path == path and not again.draft.is_dirty


def test_import_with_an_unknown_card_lists_the_problem(app, tmp_path: Path) -> None:
    builder = open_builder(app)
    deck = tmp_path / "bolts.txt"
    deck.write_text("4 Lightning Bolt\n4 Lightning Blot\n\nSideboard\n2 Hill Giant\n",
                    encoding="utf-8")
    builder.import_path(deck)
    settle(app, builder)
    problems = app.scenes.top
    assert isinstance(problems, ProblemsScene)
    assert "line 2: 'Lightning Blot' is not a known card — did you mean Lightning Bolt?" \
        in problems.lines
    press(app, problems.buttons["close"])
    assert app.scenes.top is builder
    # nothing dropped: the unknown card is in the deck, marked, and the check names it
    assert builder.draft.copies("Lightning Blot") == 4
    assert builder.draft.copies("Hill Giant", Section.SIDEBOARD) == 2
    assert builder.stats is not None and "Lightning Blot" in builder.stats.unknown
    assert any(p.code == "unknown-card" for p in builder.report.problems)  # type: ignore[union-attr]


def test_a_file_of_the_wrong_kind_gets_a_clear_message(app, tmp_path: Path) -> None:
    builder = open_builder(app)
    before = builder.draft.count()
    image = tmp_path / "deck.txt"
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    builder.import_path(image)
    settle(app, builder)
    problems = app.scenes.top
    assert isinstance(problems, ProblemsScene)
    assert any("PNG image" in line for line in problems.lines)
    assert builder.draft.count() == before


def test_paste_a_list(app) -> None:
    builder = open_builder(app)
    press(app, builder.w["paste"])
    paste = app.scenes.top
    assert isinstance(paste, PasteScene)
    paste.entry.set_text("Deck\n4 Hill Giant (M10) 1\n16 Mountain\n")
    press(app, paste.buttons["import"])
    settle(app, builder)
    assert app.scenes.top is builder
    assert builder.draft.copies("Hill Giant") == 4 and builder.draft.copies("Mountain") == 16


def test_export_writes_the_chosen_format(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    path = builder.export()
    assert path is not None and path.suffix == ".fdeck" and "Benalish Hero" in path.read_text()


def test_goldfish_starts_a_solo_table_and_comes_back(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    press(app, builder.w["goldfish"])
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert not table.hotseat and table.seat == 0
    assert table.session.state.players[1].name == "Goldfish"
    # the idle seat acts on its own: it is never the one the table waits for
    session = table.session
    for _ in range(300):
        if session.state.turn >= 3 or session.acting_seat() is None:
            break
        assert session.acting_seat() == 0
        assert not isinstance(app.scenes.top, CoverScene)
        legal = [a.to_wire() for a in session.legal_actions(0)]
        types = {a["type"] for a in legal}
        if "place_token" in types:
            table.submit(next(a for a in legal if a["type"] == "place_token"))
        elif "keep" in types:
            table.submit({"type": "keep", "bottom": []})
        else:
            table.submit(next(a for a in legal if a["type"] in
                              ("done_attacking", "done_moving", "pass", "discard")))
    assert session.state.turn >= 3 and table.seat == 0
    assert not app.paths.autosave_file.exists()  # a goldfish never overwrites the autosave
    assert not games.recent_games(app.paths.data_dir)
    table.leave()
    step(app)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    press(app, confirm.yes)
    assert app.scenes.top is builder


def test_goldfish_is_refused_for_a_variant_the_engine_cannot_play(app) -> None:
    builder = open_builder(app)
    builder.set_variant("wargame")
    step(app)
    assert not builder.w["goldfish"].is_enabled
    builder.goldfish()
    assert "Frontier and Army Magic so far" in builder.message


def test_an_army_deck_goldfishes_from_its_sections(app) -> None:
    # Army Magic's goldfish: both halves of the board from the deck's home base and land
    # grid; the idle seat passes, blocks nothing and never takes the screen.
    builder = open_builder(app)
    builder.open_path(DECKS_DIR / "army_monk_legion.txt", keep_path=False)
    settle(app, builder)
    assert builder.draft.variant == "army" and builder.w["goldfish"].is_enabled
    press(app, builder.w["goldfish"])
    table = app.scenes.top
    assert isinstance(table, TableScene), builder.message
    assert table.view["variant"] == "army" and table.seat == 0
    rows = table.view["board"]["rows"]
    assert rows[0][2]["stronghold_of"] == 0 and rows[5][2]["stronghold_of"] == 1
    session = table.session
    for _ in range(300):
        if session.state.turn >= 4 or session.acting_seat() is None:
            break
        assert session.acting_seat() == 0
        assert not isinstance(app.scenes.top, CoverScene)
        legal = [a.to_wire() for a in session.legal_actions(0)]
        table.submit(next(a for a in legal if a["type"] in ("pass", "discard")))
    assert session.state.turn >= 4 and table.seat == 0
    idle = {a["action"]["type"] for a in session.actions if a["seat"] == 1}
    assert idle and idle <= {"pass", "done_blocking", "retreat", "place", "discard"}


def test_sample_hand_mulligan_and_draw(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    press(app, builder.w["hand"])
    scene = app.scenes.top
    assert isinstance(scene, SampleHandScene)
    assert len(scene.hand.hand) == 7
    assert not any(name in ("Plains", "Mountain") for name in scene.hand.hand)
    press(app, scene.buttons["mulligan"])
    assert scene.hand.mulligans == 1 and len(scene.hand.hand) == 7
    press(app, scene.buttons["draw"])
    assert len(scene.hand.hand) == 8
    press(app, scene.buttons["close"])
    assert app.scenes.top is builder


def test_army_deck_sections_and_budget(app) -> None:
    builder = open_builder(app)
    builder.open_path(DECKS_DIR / "army_monk_legion.txt", keep_path=False)
    settle(app, builder)
    assert builder.draft.variant == "army"
    assert builder.draft.copies("Plains", Section.HOME_BASE) == 1
    assert [s for s in builder.draft.sections()][:4] == [
        Section.MAIN, Section.INITIAL_FORCES, Section.HOME_BASE, Section.LAND_GRID]
    assert builder.report is not None and builder.report.is_legal
    assert builder.report.stats["points"] == 100
    # one more rare over the budget: the check says so at once
    builder.add("Shivan Dragon")
    settle(app, builder)
    assert any(p.code in ("rarity-budget", "points-over") for p in builder.report.problems)


def test_prefetch_offline_says_so_and_keeps_the_deck(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    before = builder.draft.to_deck()
    press(app, builder.w["images"])
    settle(app, builder)
    assert builder.message.startswith("Offline") and builder.message_warn
    assert builder.draft.to_deck() == before and builder.progress is None


def test_a_broken_deck_file_is_listed_with_its_reason(app) -> None:
    folder = decks_dir(app)
    folder.mkdir(parents=True)
    (folder / "good.fdeck").write_text("// name: Good\n// variant: frontier\n4 Hill Giant\n"
                                       "20 Mountain\n", encoding="utf-8")
    (folder / "broken.dek").write_bytes(b"<?xml version='1.0'?><Deck><Cards CatID=")
    builder = open_builder(app)
    press(app, builder.w["open"])
    picker = app.scenes.top
    assert isinstance(picker, DeckPickerScene)
    broken = next(d for d in picker.decks if d.path.name == "broken.dek")
    assert broken.error
    # clicking the broken one does nothing; the good one opens
    click(app, picker.row_rect(picker.decks.index(broken)).center)
    assert app.scenes.top is picker
    good = next(i for i, d in enumerate(picker.decks) if d.path.name == "good.fdeck")
    click(app, picker.row_rect(good).center)
    settle(app, builder)
    assert builder.draft.name == "Good" and builder.draft.copies("Hill Giant") == 4
    assert (folder / "broken.dek").read_bytes().startswith(b"<?xml")  # untouched


def test_screenshot_of_the_builder(tmp_path: Path) -> None:
    from frontier_desktop.ui.screenshot import render

    out = render(tmp_path / "builder.png", scene="builder")
    assert pygame.image.load(str(out)).get_size() == (1600, 900)


def test_drag_between_sections_drag_out_and_scroll(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    hero = row(builder, "Benalish Hero").rect
    drag(app, (hero.x + 60, hero.centery), header(builder, Section.SIDEBOARD).rect.center)
    assert builder.draft.copies("Benalish Hero", Section.MAIN) == 3
    assert builder.draft.copies("Benalish Hero", Section.SIDEBOARD) == 1
    hero = row(builder, "Benalish Hero").rect
    drag(app, (hero.x + 60, hero.centery), builder.results_rect().center)  # out of the deck
    assert builder.draft.copies("Benalish Hero", Section.MAIN) == 2
    settle(app, builder)
    assert builder.report is not None and any(p.code == "deck-size"
                                              for p in builder.report.problems)
    # the wheel scrolls the results under the mouse
    centre = builder.results_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                         precise_x=0.0, precise_y=-2.0))
    step(app)
    assert builder.scroll_results > 0


def test_import_through_the_file_dialog(app, tmp_path: Path) -> None:
    import pygame_gui

    builder = open_builder(app)
    deck = tmp_path / "arena.txt"
    deck.write_text("Deck\r\n4 Lightning Bolt (M10) 146\r\n20 Mountain (M10) 242\r\n",
                    encoding="utf-8")
    press(app, builder.w["import"])
    assert builder.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         ui_element=builder.dialog, text=str(deck)))
    settle(app, builder)
    builder.dialog = None
    assert builder.draft.copies("Lightning Bolt") == 4 and builder.draft.copies("Mountain") == 20
    assert "Read arena.txt" in builder.message


def test_the_army_points_box_is_labelled_and_only_shown_for_army(app) -> None:
    builder = open_builder(app)
    points, label = builder.w["points"], builder.w["points_label"]
    assert builder.draft.variant == "frontier"
    assert not points.visible and not label.visible
    # a dialog over the builder and back: the Frontier builder still has no points box
    press(app, builder.w["paste"])
    press(app, app.scenes.top.buttons["close"])
    assert app.scenes.top is builder
    assert not points.visible and not label.visible
    builder.open_path(DECKS_DIR / "army_monk_legion.txt", keep_path=False)
    settle(app, builder)
    points, label = builder.w["points"], builder.w["points_label"]
    assert points.visible and label.visible and label.text == "Army points"
    assert points.get_text() == "100"
    assert label.rect.right <= points.rect.x and label.rect.centery == points.rect.centery
    assert not label.rect.colliderect(builder.w["variant"].rect)
    press(app, builder.w["open"])
    press(app, app.scenes.top.buttons["close"])
    assert points.visible and label.visible


def move(app, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)


def test_the_preview_never_shows_a_card_of_the_deck_before(app) -> None:
    builder = open_builder(app)
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    hero = row(builder, "Benalish Hero").rect
    move(app, (hero.x + 60, hero.centery))
    assert builder.hover == "Benalish Hero"
    # open another deck with the mouse over where that row was: the picker has the mouse
    # (no preview under it), and the builder shows no card of the old deck afterwards
    press(app, builder.w["open"])
    picker = app.scenes.top
    assert isinstance(picker, DeckPickerScene) and builder.hover is None
    move(app, (hero.x + 60, hero.centery))
    assert builder.hover is None
    builder.open_path(DECKS_DIR / "army_monk_legion.txt", keep_path=False)
    press(app, picker.buttons["close"])
    settle(app, builder)
    new_deck = builder.draft.to_deck().counts_by_name()
    assert "Benalish Hero" in new_deck  # the Army deck has it too: hover a card it lacks
    move(app, (hero.x + 60, hero.centery))
    assert builder.hover is None or builder.hover in new_deck
    # removing the hovered card's last copy under the mouse: the preview follows the deck
    chandra = row(builder, "Chandra Nalaar")
    move(app, (chandra.rect.x + 60, chandra.rect.centery))
    assert builder.hover == "Chandra Nalaar"
    builder.remove("Chandra Nalaar", chandra.section)
    assert builder.hover != "Chandra Nalaar"
    # and a deck opened while the mouse rests on a row previews the new deck's row there
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    assert builder.hover is None or builder.hover in builder.draft.to_deck().counts_by_name()


def paste_list(app, builder: DeckBuilderScene, text: str) -> None:  # type: ignore[no-untyped-def]
    paste = app.scenes.top
    assert isinstance(paste, PasteScene)
    paste.entry.set_text(text)
    press(app, paste.buttons["import"])
    settle(app, builder)


def test_paste_over_an_unsaved_deck_asks_and_saved_means_written(app) -> None:
    builder = open_builder(app)
    builder.add("Serra Angel", count=4)
    settle(app, builder)
    assert builder.draft.needs_saving and builder.draft.save_state == "not saved"
    # Paste asks first; Cancel keeps the deck and opens nothing
    press(app, builder.w["paste"])
    ask = app.scenes.top
    assert isinstance(ask, UnsavedChangesScene)
    assert "New deck is not saved" in ask.question
    assert [b.text for b in ask.buttons.values()] == ["Discard", "Cancel", "Save"]
    press(app, ask.buttons["close"])
    assert app.scenes.top is builder and builder.draft.copies("Serra Angel") == 4
    # Discard: the paste box, and the pasted deck replaces it
    press(app, builder.w["paste"])
    press(app, app.scenes.top.buttons["discard"])
    paste_list(app, builder, "4 Hill Giant\n16 Mountain\n")
    assert builder.draft.copies("Hill Giant") == 4 and not builder.draft.copies("Serra Angel")
    folder = decks_dir(app)
    assert not folder.exists() or not any(folder.iterdir())  # nothing was written...
    assert builder.draft.save_state == "not saved"  # ...so nothing says "saved"
    assert "saved" not in builder.message.replace("not saved", "")
    assert builder.draft.needs_saving  # a pasted list is in no file
    # Save from the question writes the file, says where, then pastes the next list
    press(app, builder.w["paste"])
    press(app, app.scenes.top.buttons["save"])
    written = folder / "pasted-deck.fdeck"
    assert written.exists() and "4 Hill Giant" in written.read_text(encoding="utf-8")
    assert isinstance(app.scenes.top, PasteScene)
    assert builder.message == f"Saved to {written}" and not builder.message_warn
    paste_list(app, builder, "20 Forest\n")
    assert builder.draft.copies("Forest") == 20 and builder.draft.needs_saving
    # saving the second pasted deck never writes over the first
    assert builder.save() == folder / "pasted-deck-2.fdeck"
    assert "4 Hill Giant" in written.read_text(encoding="utf-8")
    assert builder.draft.save_state == "saved" and not builder.draft.needs_saving


@pytest.mark.parametrize("command", ["new", "open", "import", "back", "escape"])
def test_replacing_or_leaving_an_unsaved_deck_asks_first(app, command: str) -> None:
    builder = open_builder(app)
    builder.add("Serra Angel")
    settle(app, builder)

    def do() -> None:
        if command == "escape":
            key(app, pygame.K_ESCAPE)
        else:
            press(app, builder.w[command])
    do()
    ask = app.scenes.top
    assert isinstance(ask, UnsavedChangesScene), command
    key(app, pygame.K_ESCAPE)  # Esc is Cancel
    assert app.scenes.top is builder and builder.draft.copies("Serra Angel") == 1
    assert builder.dialog is None
    do()
    press(app, app.scenes.top.buttons["discard"])
    if command == "new":
        assert app.scenes.top is builder and builder.draft.count() == 0
    elif command == "open":
        assert isinstance(app.scenes.top, DeckPickerScene)
    elif command == "import":
        assert app.scenes.top is builder and builder.dialog is not None
        builder.dialog.kill()
        builder.dialog = None
    else:
        assert isinstance(app.scenes.top, MainMenuScene)
    assert not decks_dir(app).exists()  # Discard writes nothing


def test_a_clean_deck_is_replaced_without_a_question(app) -> None:
    builder = open_builder(app)
    assert builder.draft.save_state == ""  # a new, empty deck: neither saved nor lost
    builder.open_path(SAMPLE, keep_path=False)
    settle(app, builder)
    assert builder.draft.save_state == "not saved"  # a sample: not in your decks
    press(app, builder.w["paste"])
    assert isinstance(app.scenes.top, PasteScene)  # nothing would be lost: no question


def _close_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 2)


def test_closing_the_window_with_an_unsaved_deck_asks_first(app) -> None:
    builder = open_builder(app)
    builder.add("Serra Angel")
    settle(app, builder)
    _close_window(app)
    assert app.running
    ask = app.scenes.top
    assert isinstance(ask, UnsavedChangesScene)
    assert "before closing Frontier Desktop" in ask.question
    _close_window(app)  # a second close while the question is up asks nothing new
    assert app.running and app.scenes.top is ask
    key(app, pygame.K_ESCAPE)  # Cancel: the window stays, the deck too
    assert app.running and app.scenes.top is builder
    assert builder.draft.copies("Serra Angel") == 1
    _close_window(app)
    press(app, app.scenes.top.buttons["save"])
    assert not app.running
    assert list(decks_dir(app).glob("*.fdeck"))  # Save wrote the deck before quitting


def test_closing_the_window_discarding_an_unsaved_deck(app) -> None:
    builder = open_builder(app)
    builder.add("Serra Angel")
    settle(app, builder)
    _close_window(app)
    press(app, app.scenes.top.buttons["discard"])
    assert not app.running
    assert not decks_dir(app).exists()


def test_closing_the_window_with_a_saved_deck_just_quits(app) -> None:
    open_builder(app)
    _close_window(app)
    assert not app.running


def test_a_did_you_mean_is_a_button_that_mends_the_deck(app, tmp_path: Path) -> None:
    """Play-test L8: the suggestions could not be clicked, and the red "Can't goldfish:
    unknown cards" stayed after the cards were fixed."""
    builder = open_builder(app)
    deck = tmp_path / "typos.txt"
    deck.write_text("4 Lightnig Bolt\n4 Hill Giant\n20 Mountain\n", encoding="utf-8")
    builder.import_path(deck)
    settle(app, builder)
    problems = app.scenes.top
    assert isinstance(problems, ProblemsScene)
    assert problems.fixes == [("Lightnig Bolt", "Lightning Bolt")]
    fix = problems.buttons["fix0"]
    assert fix.text == "Use Lightning Bolt for Lightnig Bolt"
    press(app, problems.buttons["close"])
    builder.goldfish(seed=1)
    assert builder.message.startswith("Can't goldfish") and builder.message_warn
    builder.import_path(deck)  # again, and this time take the suggestion
    settle(app, builder)
    problems = app.scenes.top
    press(app, problems.buttons["fix0"])
    assert builder.draft.copies("Lightnig Bolt") == 0
    assert builder.draft.copies("Lightning Bolt") == 4
    assert not problems.buttons["fix0"].is_enabled  # done: it says so
    press(app, problems.buttons["close"])
    settle(app, builder)
    assert builder.stats is not None and not builder.stats.unknown


def test_a_warning_about_the_deck_goes_when_the_deck_changes(app) -> None:
    builder = open_builder(app)
    builder.say("Can't goldfish: unknown cards: Notacard Atall", warn=True, about_deck=True)
    builder.add("Hill Giant")
    assert builder.message == ""
    builder.say("Saved as x.txt")
    builder.add("Hill Giant")
    assert builder.message == "Saved as x.txt"  # not about the deck: it stays
