"""The deck builder: search the card pool and cache, build a deck per variant, see it checked
and charted as it changes, draw sample hands, goldfish it, save/import/export it.

Nothing slow runs on the frame: searching (debounced as you type), checking the deck,
building the 35,000-card index, reading an imported file and prefetching images all run on
a small thread pool; the scene polls their futures in :meth:`update` and keeps the newest
result (older ones are dropped by generation number). Card faces are built under a per-frame
time budget, with a plain placeholder until then.

Layout (left to right): search and results grid · the deck's sections · the analysis column
(geometry and drawing in :mod:`frontier_desktop.ui.builder.view`).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.cards.search import CardIndex, IndexRow, QueryError
from frontier_desktop.decks import ParseResult, Section, ValidationReport, validate_deck
from frontier_desktop.decks.validate import ARMY_DEFAULT_POINTS
from frontier_desktop.ui.builder.commands import EXPORT_FORMATS, BuilderCommands
from frontier_desktop.ui.builder.commands import decks_dir as decks_dir  # re-exported
from frontier_desktop.ui.builder.dialogs import ProblemsScene
from frontier_desktop.ui.builder.events import BuilderInput
from frontier_desktop.ui.builder.goldfish import GOLDFISH_VARIANTS
from frontier_desktop.ui.builder.model import (
    VARIANT_TITLES,
    DeckDraft,
    DeckStats,
    card_of,
    deck_stats,
)
from frontier_desktop.ui.builder.panels import AnalysisPanel
from frontier_desktop.ui.builder.view import BuilderView, _Drag
from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.cards.database import CardDatabase
    from frontier_desktop.rules.card import Card

ANALYSE_DEBOUNCE_S = 0.05
FACE_BUDGET_S = 0.006
"""Time per frame spent building new card faces (the rest wait as placeholders)."""
RESULT_LIMIT = 300
PASTED = "the pasted list"
"""The source name of a pasted deck list (a deck from no file)."""
POINTS_LABEL = "Army points"
"""The label of Army's points box (the agreed total the deck is checked against)."""
_TOOLTIPS = {
    "open": "Open one of your saved decks or a sample deck",
    "import": "Import a deck file in any supported format",
    "paste": "Paste a deck list from the clipboard",
    "save": "Save to your decks folder (Ctrl+S)",
    "export": "Write the deck in the chosen format (also copied to the clipboard)",
    "images": "Download the deck's card images into the cache",
    "hand": "Draw sample hands: 7 cards, mulligan, draw",
    "goldfish": "Play this deck alone against an opponent who only passes",
}


def open_card_database(app: App) -> CardDatabase | None:
    """The user's card cache (settings' folder, offline flag), or None when it can't open."""
    from frontier_desktop.cards.database import CardDatabase, CardSettings

    try:
        settings = CardSettings.from_env(cache_dir=app.settings.cache_dir or None,
                                         offline=True if app.settings.offline else None)
        return CardDatabase(settings)
    except (OSError, ValueError):
        return None


class DeckBuilderScene(BuilderCommands, BuilderInput, BuilderView, Scene):
    """Search, build, check, chart, sample, goldfish, save/import/export one deck."""

    name = "deck-builder"

    def __init__(self, app: App, *, database: CardDatabase | None = None,
                 pool: BundledPool | None = None, draft: DeckDraft | None = None,
                 build_full_index: bool = True) -> None:
        super().__init__(app)
        self.pool = pool or _load_pool()
        self.db = database
        self._owns_db = False
        self.index = CardIndex.build(cache=None, pool=self.pool)
        """Pool only until the full index (pool + cache) is built in the background."""
        self.full_index_ready = False
        self.draft = draft or DeckDraft(name="New deck")
        self.active_section = Section.MAIN
        self.jobs = concurrent.futures.ThreadPoolExecutor(max_workers=2,
                                                          thread_name_prefix="builder")
        self._futures: dict[str, tuple[int, concurrent.futures.Future[Any]]] = {}
        self._generation = 0
        self.clock = 0.0
        self.query = ""
        self._search_due: float | None = 0.0
        self.results: list[IndexRow] = []
        self.result_note = ""
        self.report: ValidationReport | None = None
        self.stats: DeckStats | None = None
        self.analysed_revision = -1
        self._analyse_due: float | None = 0.0
        self.cards: dict[str, Card | None] = {}
        self.panel = AnalysisPanel(app)
        self._panel_key: tuple[Any, ...] | None = None
        self.scroll_results = 0
        self.scroll_deck = 0
        self.drag: _Drag | None = None
        self.hover: str | None = None
        self._hover_from = "results"
        self._mouse = (0, 0)
        self.message = ""
        self.message_warn = False
        self.message_about_deck = False
        self.progress: tuple[int, int] | None = None
        self.w: dict[str, Any] = {}
        self.dialog: Any = None
        self._want_full_index = build_full_index
        self._faces_pending = False
        self._faces: set[tuple[str, tuple[int, int]]] = set()
        """Faces already built in ``app.images`` (forgotten on resize: the cache is rebuilt)."""

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        super().on_enter()
        if self._want_full_index:
            if self.db is None:
                self.db = open_card_database(self.app)
                self._owns_db = True
            if self.db is not None:
                db, pool = self.db, self.pool
                self._submit("index", lambda: CardIndex.build(cache=db.cache, pool=pool))

    def on_exit(self) -> None:
        super().on_exit()
        self.jobs.shutdown(wait=False, cancel_futures=True)
        if self._owns_db and self.db is not None:
            with contextlib.suppress(Exception):  # closing must never take the UI down
                self.db.close()

    def on_pause(self) -> None:
        super().on_pause()
        self.hover = None  # a dialog covers the builder: no preview until the mouse moves
        self.drag = None

    def on_resume(self) -> None:
        super().on_resume()  # shows every widget: hide the Army ones again for other variants
        self._update_buttons()
        self._panel_key = None

    def on_resize(self) -> None:
        self._faces.clear()
        self._panel_key = None
        super().on_resize()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        ui, px, fonts = self.app.ui, self.app.px, self.app.fonts
        w, _ = self.app.size
        self.w = {}
        h = px(36)
        y1, y2 = px(12), px(60)
        compact = w < px(1400)
        x = px(190) if compact else px(210)
        name_w = px(180) if compact else px(300)
        titles: list[str | tuple[str, str]] = list(VARIANT_TITLES.values())
        # the longest variant name in the menu's bold font, its arrow and padding
        variant_w = max(fonts.text(str(t), 15, (0, 0, 0), True).get_width() for t in titles) \
            + px(24 + 24)
        self.w["name"] = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y1, name_w, h), ui)
        self.hints[self.w["name"]] = "Deck name"
        self.w["name"].set_text(self.draft.name)
        x += name_w + px(10)
        self.w["variant"] = pygame_gui.elements.UIDropDownMenu(
            titles, VARIANT_TITLES.get(self.draft.variant, titles[0]),
            pygame.Rect(x, y1, variant_w, h), ui)
        x += variant_w + px(12)
        # Army only: the agreed points total the deck is checked against (its spells' mana
        # values add up to at most this); shown and labelled only for Army
        label_w = fonts.text(POINTS_LABEL, 15, (0, 0, 0)).get_width() + px(6)
        self.w["points_label"] = pygame_gui.elements.UILabel(
            pygame.Rect(x, y1, label_w, h), POINTS_LABEL, ui)
        self.w["points"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + label_w + px(4), y1, px(56), h), ui)
        self.w["points"].set_text(str(self.draft.points or ARMY_DEFAULT_POINTS))
        self.w["points"].set_allowed_characters("numbers")
        self.w["points"].set_text_length_limit(4)
        self.w["back"] = pygame_gui.elements.UIButton(
            pygame.Rect(w - px(12) - px(100), y1, px(100), h), "Back", ui)
        if compact:
            specs = [("new", "New", None, 60), ("open", "Open…", None, 76),
                     ("import", "Import…", None, 86), ("paste", "Paste", None, 70),
                     ("save", "Save", "#primary", 70), ("fmt", "", None, 160),
                     ("export", "Export", None, 76), ("images", "Images", None, 80),
                     ("hand", "Hand", None, 70), ("goldfish", "Goldfish", "#primary", 94)]
        else:
            specs = [("new", "New", None, 80), ("open", "Open…", None, 90),
                     ("import", "Import file…", None, 130), ("paste", "Paste list", None, 110),
                     ("save", "Save", "#primary", 90), ("fmt", "", None, 190),
                     ("export", "Export", None, 90), ("images", "Fetch images", None, 130),
                     ("hand", "Sample hand", None, 130),
                     ("goldfish", "Goldfish", "#primary", 110)]
        x = px(12)
        for key, label, oid, bw in specs:
            rect = pygame.Rect(x, y2, px(bw), h)
            if key == "fmt":
                self.w[key] = pygame_gui.elements.UIDropDownMenu(EXPORT_FORMATS,
                                                                 EXPORT_FORMATS[0], rect, ui)
            else:
                self.w[key] = pygame_gui.elements.UIButton(rect, label, ui, object_id=oid,
                                                           tool_tip_text=_TOOLTIPS.get(key))
            x += px(bw) + px(8)
        left, _, _ = self._columns()
        self.w["search"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(left.x, left.y, left.w, h), ui)
        self.hints[self.w["search"]] = "Search: name, t:creature, o:flying, c:wu, mv<=3, r:rare"
        self.w["search"].set_text(self.query)
        self.widgets = list(self.w.values())
        self._update_buttons()

    def _update_buttons(self) -> None:
        goldfish = self.w.get("goldfish")
        if goldfish is not None:
            if self.draft.variant in GOLDFISH_VARIANTS:
                goldfish.enable()
            else:
                goldfish.disable()
        for key in ("points_label", "points"):
            widget = self.w.get(key)
            if widget is not None:
                if self.draft.variant == "army":
                    widget.show()
                else:
                    widget.hide()

    # ------------------------------------------------------------------ background jobs
    def _submit(self, kind: str, fn: Any) -> None:
        self._generation += 1
        self._futures[kind] = (self._generation, self.jobs.submit(fn))

    def is_busy(self) -> bool:
        """Whether a search, check, import or prefetch is pending (tests wait on this)."""
        return bool(self._futures) or self._search_due is not None or \
            self._analyse_due is not None or self._faces_pending

    def is_animating(self) -> bool:
        """Frames while background jobs or face building are pending (their results show)."""
        return self.is_busy()

    def _poll(self) -> None:
        for kind, (gen, future) in list(self._futures.items()):
            if not future.done():
                continue
            del self._futures[kind]
            try:
                result = future.result()
            except Exception as exc:  # noqa: BLE001 - a failed job becomes a message
                self.say(f"{kind} failed: {exc}", warn=True)
                continue
            getattr(self, f"_done_{kind}")(result)

    def _done_index(self, index: CardIndex) -> None:
        self.index = index
        self.full_index_ready = True
        self._search_due = self.clock
        self._analyse_due = self.clock

    def _start_search(self) -> None:
        index, query = self.index, self.query

        def run() -> tuple[str, list[IndexRow], str]:
            try:
                rows = index.search(query, limit=RESULT_LIMIT + 1)
            except QueryError as exc:
                return query, [], str(exc)
            return query, rows, ""
        self._submit("search", run)

    def _done_search(self, result: tuple[str, list[IndexRow], str]) -> None:
        query, rows, error = result
        if query != self.query:
            return
        self.results = rows[:RESULT_LIMIT]
        self.scroll_results = 0
        more = len(rows) > RESULT_LIMIT
        if error:
            self.result_note = error
        elif not rows:
            self.result_note = "No card matches."
        else:
            self.result_note = (f"{len(self.results)}{'+' if more else ''} card"
                                f"{'s' if len(self.results) != 1 else ''}")
            if not query.strip():
                self.result_note += " — type to search"
        for row in self.results[:60]:
            if row.name not in self.cards:
                self.cards[row.name] = None if row.source == "cache" else \
                    card_of(self.index, row.name)

    def _start_analysis(self) -> None:
        deck = self.draft.to_deck()
        variant = self.draft.variant
        index = self.index
        points = self.draft.points if variant == "army" else None
        revision = self.draft.revision

        def run() -> tuple[int, ValidationReport, DeckStats, dict[str, Card | None]]:
            memo: dict[str, Card | None] = {}
            report = validate_deck(deck, variant, index, points=points)
            stats = deck_stats(deck, index, memo)
            return revision, report, stats, memo
        self._submit("analysis", run)

    def _done_analysis(self, result: tuple[int, ValidationReport, DeckStats,
                                           dict[str, Card | None]]) -> None:
        revision, report, stats, memo = result
        self.cards.update(memo)
        self.report, self.stats, self.analysed_revision = report, stats, revision
        self._panel_key = None

    def _done_import(self, result: tuple[str, ParseResult | str]) -> None:
        source, parsed = result
        if isinstance(parsed, str):
            self._overlay(ProblemsScene(self.app, f"{source} can't be read.", [parsed]))
            self.say(f"{source}: {parsed}", warn=True)
            return
        self.load_result(parsed, source)
        unknown = {p.card for p in parsed.problems if p.code == "unknown-card"}
        if self.db is not None and any(e.name not in unknown and self.index.row(e.name) is None
                                       for e in parsed.deck.entries):
            db, pool = self.db, self.pool  # cards were fetched: the index learns them
            self._submit("index", lambda: CardIndex.build(cache=db.cache, pool=pool))

    def _done_prefetch(self, report: Any) -> None:
        self.progress = None
        db = self.db
        res = report.resolution
        cards = len(res.found) + len(res.missing)
        if db is not None and db.is_offline:
            self.say(f"Offline: {report.images_ready} card image"
                     f"{'s are' if report.images_ready != 1 else ' is'} in the cache; the "
                     "others are drawn as proxies. The deck is unchanged.",
                     warn=report.images_ready < cards)
            return
        parts = [f"{report.images_ready} image{'s' if report.images_ready != 1 else ''} ready",
                 f"{report.images_downloaded} downloaded"]
        if report.images_failed:
            parts.append(f"{report.images_failed} failed")
        if res.missing:
            parts.append("unknown: " + ", ".join(res.missing[:4]))
        self.say("Images: " + ", ".join(parts), warn=bool(report.images_failed or res.missing))

    # ------------------------------------------------------------------ deck changes
    def changed(self) -> None:
        """The deck changed: check it again, redraw the panel, and preview what is under the
        mouse now (a row may have gone or moved; never a card of the deck before)."""
        self._analyse_due = self.clock + ANALYSE_DEBOUNCE_S
        self._panel_key = None
        self._hover_at(self._mouse)
        if getattr(self, "message_about_deck", False):  # it spoke of the deck before this
            self.message, self.message_warn, self.message_about_deck = "", False, False

    def add(self, name: str, section: Section | None = None, count: int = 1) -> None:
        section = section or self.active_section
        self.draft.add(name, section, count)
        self.changed()

    def remove(self, name: str, section: Section, count: int = 1) -> None:
        if self.draft.remove(name, section, count):
            self.changed()

    def set_variant(self, variant: str) -> None:
        self.draft.variant = variant
        self.draft.touch()
        if self.active_section not in self.draft.sections():
            self.active_section = Section.MAIN
        self._update_buttons()
        self.changed()

    def load_draft(self, draft: DeckDraft) -> None:
        self.draft = draft
        self.active_section = Section.MAIN
        self.scroll_deck = 0
        self.drag = None
        self.report = None
        self.stats = None
        if "name" in self.w:
            self.w["name"].set_text(draft.name)
        self.clear_widgets()
        self.build()
        self.changed()

    def load_result(self, result: ParseResult, source: str) -> None:
        """Put an imported or opened deck in the builder; list every problem it had."""
        variant = self.draft.variant
        if result.deck.variant:
            try:
                from frontier_desktop.decks import normalise_variant

                variant = normalise_variant(result.deck.variant)
            except ValueError:
                pass
        draft = DeckDraft.from_deck(result.deck, variant=variant)
        if not draft.name:
            draft.name = Path(source).stem if source and source != PASTED else "Pasted deck"
        if source == PASTED:
            draft.touch()  # in no file: closing it would lose it until it is saved
        self.load_draft(draft)
        if result.problems:
            lines = [str(p) for p in result.problems]
            errors, notes = len(result.errors), len(result.problems)
            head = (f"{source}: {errors} problem{'s' if errors != 1 else ''}"
                    + (f" and {notes - errors} note{'s' if notes - errors != 1 else ''}"
                       if notes > errors else "")
                    + ". Unknown cards stay in the deck, marked in red; lines that could not "
                    "be read are not in it. Fix them here or in the file.")
            fixes = [(p.card, p.suggestions[0]) for p in result.problems
                     if p.card and p.suggestions]
            self._overlay(ProblemsScene(self.app, head, lines, fixes, self.replace_card))
            self.say(f"Read {source} with {len(result.problems)} problem(s).", warn=True,
                     about_deck=True)
        else:
            self.say(f"Read {source}: {draft.count()} cards.")

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.clock += dt
        self._poll()
        if self._search_due is not None and self.clock >= self._search_due:
            self._search_due = None
            self._start_search()
        if self._analyse_due is not None and self.clock >= self._analyse_due:
            self._analyse_due = None
            self._start_analysis()
        self._build_faces()

    def _build_faces(self) -> None:
        """Load rules cards and build card faces for visible results within the budget."""
        deadline = time.perf_counter() + FACE_BUDGET_S
        size = self.card_size()
        pending = False
        for _, row, _rect in self.visible_results():
            if (row.name, size) in self._faces:
                continue
            if time.perf_counter() > deadline:
                pending = True
                break
            card = self.cards.get(row.name)
            if card is None:
                card = card_of(self.index, row.name)
                self.cards[row.name] = card
            self.app.images.face(row.name, card, size)
            self._faces.add((row.name, size))
        self._faces_pending = pending

def _load_pool() -> BundledPool:
    try:
        return BundledPool.load()
    except (OSError, ValueError):
        return BundledPool({})
