"""The deck builder's commands: new, open, save, export, import (file or pasted text),
fetch images, sample hands, goldfish, and leaving with unsaved changes; a mixin of
:class:`~frontier_desktop.ui.scenes.deck_builder.DeckBuilderScene` (its state lives there)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop import resources
from frontier_desktop.decks import (
    FORMATS,
    DeckError,
    ParseResult,
    parse_deck,
    read_deck_file,
    save_deck,
    write_deck,
)
from frontier_desktop.decks.online import fetching
from frontier_desktop.ui.builder.dialogs import (
    DeckFileInfo,
    DeckPickerScene,
    PasteScene,
    ProblemsScene,
    SampleHandScene,
    UnsavedChangesScene,
    write_clipboard,
)
from frontier_desktop.ui.builder.goldfish import GoldfishError, goldfish_session, idle_turn
from frontier_desktop.ui.builder.model import DeckDraft, SampleHand, deck_stats, slug

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

_FORMAT_LABELS = {"fdeck": "Frontier (.fdeck)", "mtgo": "MTGO text", "arena": "MTG Arena",
                  "moxfield": "Moxfield", "archidekt": "Archidekt", "dek": "MTGO .dek",
                  "cod": "Cockatrice .cod", "forge": "Forge .dck", "xmage": "XMage .dck",
                  "mws": "MWS .mwDeck"}
FORMAT_BY_TITLE = {_FORMAT_LABELS.get(f.name, f.title): f.name for f in FORMATS.values()}
"""Export drop-down label → format key (short labels, every format of ``FORMATS``)."""
EXPORT_FORMATS: list[str | tuple[str, str]] = list(FORMAT_BY_TITLE)
SAMPLE_DIR = resources.decks_dir()


def decks_dir(app: App) -> Path:
    """Where the player's decks are saved: ``<user data dir>/decks``."""
    return app.paths.data_dir / "decks"


class BuilderCommands:
    """What the builder's buttons and keys do (mixed into the scene)."""

    # ------------------------------------------------------------------ commands
    def _overlay(self, scene: Any) -> None:
        """Push a dialog over the builder that keeps the builder's background work going."""
        scene.background = self.update
        self.app.scenes.push(scene)

    def say(self, text: str, *, warn: bool = False, about_deck: bool = False) -> None:
        """Show *text* in the status line; *about_deck*: it speaks of the deck as it is now
        ("Can't goldfish: unknown cards…"), so the next change to the deck takes it away."""
        self.message = text
        self.message_warn = warn
        self.message_about_deck = about_deck

    def replace_card(self, bad: str, good: str) -> None:
        """A "did you mean" taken: *good* in every place *bad* has in the deck."""
        moved = 0
        for section in self.draft.sections():
            n = self.draft.copies(bad, section)
            if n:
                self.draft.remove(bad, section, n)
                self.draft.add(good, section, n)
                moved += n
        if moved:
            self.changed()
            self.say(f"{good} replaces {bad} ({moved} {'copy' if moved == 1 else 'copies'}).")

    def ask_to_save(self, doing: str, then: Callable[[], None]) -> None:
        """Run *then* (which replaces or leaves the deck) now if nothing would be lost, else
        after the player chose Save (and the file was written) or Discard; Cancel: never."""
        if not self.draft.needs_saving:
            then()
            return

        def choose(choice: str) -> None:
            if choice == "save" and self.save() is None:
                return  # not written: the message says why, and the deck stays
            then()
        self.draft.name = self.w["name"].get_text().strip() if "name" in self.w else \
            self.draft.name
        self._overlay(UnsavedChangesScene(self.app, self.draft.name, doing, choose))

    def leave(self) -> None:
        """Back to the menu, asking first when the deck is not saved."""
        def pop() -> None:
            if self.app.scenes.top is self:
                self.app.scenes.pop()
        self.ask_to_save("leaving the deck builder", pop)

    def on_close_request(self) -> bool:
        """Closing the window with an unsaved deck asks Save / Discard / Cancel first."""
        if not self.draft.needs_saving:
            return True
        if isinstance(self.app.scenes.top, UnsavedChangesScene):
            return False  # the question is already up
        self.ask_to_save("closing Frontier Desktop", self.app.quit)
        return False

    def new_deck(self) -> None:
        self.load_draft(DeckDraft(name="New deck", variant=self.draft.variant))
        self.say("New deck.")

    def command(self, key: str) -> None:
        if key == "back":
            self.leave()
        elif key == "new":
            self.ask_to_save("starting a new deck", self.new_deck)
        elif key == "save":
            self.save()
        elif key == "open":
            self.ask_to_save("opening another deck", lambda: self._overlay(
                DeckPickerScene(self.app, self.list_decks(), self.open_info)))
        elif key == "import":
            self.ask_to_save("importing a deck file", self._pick_file)
        elif key == "paste":
            self.ask_to_save("pasting a new list", lambda: self._overlay(
                PasteScene(self.app, self.import_text)))
        elif key == "export":
            self.export()
        elif key == "images":
            self.prefetch()
        elif key == "hand":
            self.sample_hand()
        elif key == "goldfish":
            self.goldfish()

    def save(self) -> Path | None:
        """Save the draft as ``<decks dir>/<name>.fdeck`` (the file it came from if that is
        one of ours)."""
        self.draft.name = self.w["name"].get_text().strip() if "name" in self.w else \
            self.draft.name
        folder = decks_dir(self.app)
        path = self.draft.path
        if path is None or path.parent != folder or path.suffix != ".fdeck":
            path = folder / f"{slug(self.draft.name)}.fdeck"
            n = 2
            while path.exists():  # another deck of that name: never write over it
                path = folder / f"{slug(self.draft.name)}-{n}.fdeck"
                n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_deck(self.draft.to_deck(), path, fmt="fdeck")
        except DeckError as exc:
            self.say(f"Not saved: {exc}", warn=True)
            return None
        except OSError as exc:
            self.say(f"Not saved: {path} can't be written ({exc.strerror or 'write error'}).",
                     warn=True)
            return None
        self.draft.mark_saved(path)
        self.say(f"Saved to {path}")
        return path

    def export(self) -> Path | None:
        title = self.w["fmt"].selected_option if "fmt" in self.w else EXPORT_FORMATS[0]
        title = title[0] if isinstance(title, tuple) else title
        fmt = FORMAT_BY_TITLE.get(title, "fdeck")
        try:
            text = write_deck(self.draft.to_deck(), fmt)
        except DeckError as exc:
            self.say(f"Can't export as {title}: {exc}", warn=True)
            return None
        folder = decks_dir(self.app) / "exports"
        path = folder / f"{slug(self.draft.name)}{FORMATS[fmt].extensions[0]}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.say(f"Not exported: {exc}", warn=True)
            return None
        copied = write_clipboard(text)
        self.say(f"Exported as {title} to {path}" + (" (and copied)" if copied else ""))
        return path

    def list_decks(self) -> list[DeckFileInfo]:
        """Saved decks (every readable format in the decks folder) then the sample decks."""
        out: list[DeckFileInfo] = []
        folder = decks_dir(self.app)
        exts = {e for f in FORMATS.values() for e in f.extensions}
        files = sorted(p for p in folder.glob("*") if p.suffix.lower() in exts) \
            if folder.is_dir() else []
        for path, sample in [(p, False) for p in files] + \
                [(p, True) for p in sorted(SAMPLE_DIR.glob("*.txt"))]:
            try:
                result = read_deck_file(path)
            except DeckError as exc:
                out.append(DeckFileInfo(path, path.stem, "", 0, str(exc), sample))
                continue
            deck = result.deck
            if not deck.entries and result.errors:
                out.append(DeckFileInfo(path, path.stem, "", 0, str(result.errors[0]), sample))
                continue
            out.append(DeckFileInfo(path, deck.name or path.stem, deck.variant or "frontier",
                                    deck.count(), "", sample))
        return out

    def open_info(self, info: DeckFileInfo) -> None:
        self.open_path(info.path, keep_path=not info.sample)

    def open_path(self, path: Path, *, keep_path: bool = True) -> None:
        """Read a deck file (synchronously: a deck list is small) into the builder."""
        try:
            result = read_deck_file(path, cards=self.index)
        except DeckError as exc:
            self._overlay(ProblemsScene(self.app, f"{path.name} can't be read.",
                                               [str(exc)]))
            self.say(f"{path.name}: {exc}", warn=True)
            return
        self.load_result(result, path.name)
        if keep_path and path.suffix == ".fdeck" and path.parent == decks_dir(self.app):
            self.draft.mark_saved(path)

    def import_path(self, path: Path) -> None:
        """Import any supported file on the pool (checked against the full index; the names
        it lacks are fetched from Scryfall in batches when online)."""
        index = fetching(self.index, self.db)

        def run() -> tuple[str, ParseResult | str]:
            try:
                return path.name, read_deck_file(path, cards=index)
            except DeckError as exc:
                return path.name, str(exc)
        self._submit("import", run)
        self.say(f"Reading {path.name}…")

    def import_text(self, text: str) -> None:
        index = fetching(self.index, self.db)

        def run() -> tuple[str, ParseResult | str]:
            try:
                return "the pasted list", parse_deck(text, cards=index)
            except DeckError as exc:
                return "the pasted list", str(exc)
        if not text.strip():
            self.say("Nothing to import: the pasted text is empty.", warn=True)
            return
        self._submit("import", run)

    def _pick_file(self) -> None:
        from pygame_gui.windows import UIFileDialog

        w, h = self.app.size
        start = decks_dir(self.app) if decks_dir(self.app).is_dir() else Path.home()
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 320, h // 2 - 260, 640, 520), self.app.ui,
                                   window_title="Import a deck list", initial_file_path=str(start),
                                   allow_existing_files_only=True)

    def prefetch(self) -> None:
        if self.db is None:
            self.say("The card cache can't be opened: images can't be fetched.", warn=True)
            return
        if "prefetch" in self._futures:
            return
        names = sorted(self.draft.to_deck().counts_by_name())
        if not names:
            self.say("The deck is empty: nothing to fetch.")
            return
        db = self.db
        self.progress = (0, len(names))

        def progress(done: int, total: int, label: str) -> None:
            self.progress = (done, total)
        self._submit("prefetch", lambda: db.prefetch(names, progress=progress))
        self.say(f"Fetching images for {len(names)} cards…")

    def sample_hand(self, seed: int | None = None) -> SampleHandScene:
        stats = deck_stats(self.draft.to_deck(), self.index, self.cards)
        hand = SampleHand(stats.library, random.Random(seed))
        note = ("Lands make the board, not the library: the hand comes from the main deck's "
                "spells.")
        scene = SampleHandScene(self.app, hand, self.cards, note)
        self._overlay(scene)
        return scene

    def goldfish(self, seed: int | None = None) -> None:
        """Start a solo game of this deck against an idle opponent, on top of the builder."""
        from frontier_desktop.ui.scenes.table import TableScene

        try:
            session = goldfish_session(self.draft.to_deck(), self.draft.variant, self.index,
                                       player=self.app.settings.player_names[0], seed=seed)
        except GoldfishError as exc:
            self.say(f"Can't goldfish: {exc}", warn=True, about_deck=True)
            return

        def back_here() -> None:
            while self.app.scenes.top is not self and len(self.app.scenes) > 1:
                self.app.scenes.pop()
        table = TableScene(self.app, session, seat=0, hotseat=False, autosave_path=None,
                           autoplay=idle_turn(), on_leave=back_here)
        self.app.scenes.push(table)
