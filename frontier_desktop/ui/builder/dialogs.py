"""Overlays the deck builder opens: problems of an import, paste a list, open a deck, and
sample hands. Each is a non-opaque scene drawn over the builder; Esc closes it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.builder.model import VARIANT_TITLES, SampleHand
from frontier_desktop.ui.cards import CARD_RATIO
from frontier_desktop.ui.scenes.base import Scene, shade

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App
    from frontier_desktop.rules.card import Card


def _shade(surface: pygame.Surface, alpha: int = 160) -> None:
    shade(surface, alpha)


def read_clipboard() -> str:
    """The clipboard's text ('' when there is none or no clipboard: the paste box is used)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    return text or ""


def write_clipboard(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


class _Overlay(Scene):
    """A centred box over the builder with a title; Esc or the Close button pops it."""

    opaque = False
    title = ""
    box_size = (720, 520)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.background: Callable[[float], None] | None = None
        """The covered scene's ``update``: only the top scene is updated, and the builder's
        background work (searches, checks, image prefetch) must go on under an overlay."""

    def update(self, dt: float) -> None:
        if self.background is not None:
            self.background(dt)

    def box(self) -> pygame.Rect:
        w, h = self.app.size
        bw = min(w - 40, self.app.px(self.box_size[0]))
        bh = min(h - 40, self.app.px(self.box_size[1]))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.center = (w // 2, h // 2)
        return rect

    def button_row(self, specs: list[tuple[str, str, str | None]]) -> None:
        box, px = self.box(), self.app.px
        bw, bh, gap = px(150), px(38), px(10)
        x = box.right - px(20) - len(specs) * bw - (len(specs) - 1) * gap
        for key, label, oid in specs:
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, box.bottom - bh - px(16), bw, bh), label, self.app.ui,
                object_id=oid)
            x += bw + gap
        self.widgets.extend(self.buttons.values())

    def close(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def on_button(self, key: str) -> None:
        if key == "close":
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, btn in self.buttons.items():
                if event.ui_element is btn:
                    self.on_button(key)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        # the mouse is the dialog's: the builder under it must not hover or preview
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                              pygame.MOUSEWHEEL, pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        _shade(surface)
        box = self.box()
        pygame.draw.rect(surface, pal.bg_panel_hi, box, border_radius=12)
        pygame.draw.rect(surface, pal.accent, box, 2, border_radius=12)
        t = fonts.text(self.title, 20, pal.accent, True)
        surface.blit(t, (box.x + self.app.px(20), box.y + self.app.px(14)))


class ProblemsScene(_Overlay):
    """Every problem of an import, with line numbers and "did you mean", in a scrolling box."""

    title = "Problems"
    box_size = (820, 560)

    MAX_FIXES = 6
    """"Use X" buttons shown at most (one per unknown card with a suggestion)."""

    def __init__(self, app: App, heading: str, lines: list[str],
                 fixes: list[tuple[str, str]] | None = None,
                 on_fix: Callable[[str, str], None] | None = None) -> None:
        """*fixes*: ``(unknown card, suggested card)`` pairs, each offered as a button that
        calls *on_fix* (the builder puts the suggestion in the unknown card's place)."""
        super().__init__(app)
        self.heading = heading
        self.lines = lines
        self.fixes = list(dict.fromkeys(fixes or ()))[:self.MAX_FIXES] if on_fix else []
        self.on_fix = on_fix
        self.fixed: set[tuple[str, str]] = set()
        self.text_box: Any = None

    def build(self) -> None:
        box, px = self.box(), self.app.px
        html = "<br>".join(_escape(line) for line in self.lines) or "No problems."
        rows = (len(self.fixes) + 1) // 2
        fix_h = rows * px(40) + (px(8) if rows else 0)
        self.text_box = pygame_gui.elements.UITextBox(
            html, pygame.Rect(box.x + px(20), box.y + px(84), box.w - px(40),
                              box.h - px(84) - px(70) - fix_h), self.app.ui)
        self.widgets = [self.text_box]
        self.buttons = {}
        half = (box.w - px(50)) // 2
        top = box.bottom - px(70) - fix_h + px(8)
        for i, (bad, good) in enumerate(self.fixes):
            rect = pygame.Rect(box.x + px(20) + (i % 2) * (half + px(10)), top + (i // 2) * px(40),
                               half, px(34))
            label = f"Use {good} for {bad}" if (bad, good) not in self.fixed else \
                f"{good} is in the deck"
            button = pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                  tool_tip_text=f"Replace every {bad} with {good}")
            if (bad, good) in self.fixed:
                button.disable()
            self.buttons[f"fix{i}"] = button
        self.widgets.extend(self.buttons.values())
        self.button_row([("close", "OK", "#primary")])

    def on_button(self, key: str) -> None:
        if key.startswith("fix") and self.on_fix is not None:
            pair = self.fixes[int(key[3:])]
            if pair not in self.fixed:
                self.on_fix(*pair)
                self.fixed.add(pair)
                self.clear_widgets()
                self.build()
            return
        super().on_button(key)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        box, fonts, pal = self.box(), self.app.fonts, self.app.palette
        y = box.y + self.app.px(46)
        for line in fonts.wrap(self.heading, 14, box.w - self.app.px(40))[:2]:
            t = fonts.text(line, 14, pal.text)
            surface.blit(t, (box.x + self.app.px(20), y))
            y += t.get_height()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class PasteScene(_Overlay):
    """Paste a deck list: the clipboard's text is put in the box when there is any."""

    title = "Paste a deck list"
    box_size = (720, 560)

    def __init__(self, app: App, on_import: Callable[[str], None]) -> None:
        super().__init__(app)
        self.on_import = on_import
        self.entry: Any = None
        self.initial = read_clipboard()

    def build(self) -> None:
        box, px = self.box(), self.app.px
        self.entry = pygame_gui.elements.UITextEntryBox(
            pygame.Rect(box.x + px(20), box.y + px(84), box.w - px(40), box.h - px(84) - px(70)),
            self.initial, self.app.ui)
        self.hints[self.entry] = "4 Lightning Bolt\n20 Mountain\n…"
        self.widgets = [self.entry]
        self.buttons = {}
        self.button_row([("close", "Cancel", None), ("import", "Import", "#primary")])

    def on_button(self, key: str) -> None:
        if key == "import":
            text = self.entry.get_text() if self.entry is not None else ""
            self.close()
            self.on_import(text)
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return super().handle_event(event)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                              pygame.MOUSEMOTION)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        box = self.box()
        note = ("Any format: MTGO, Arena, Moxfield, Archidekt, .dek or .cod XML. "
                "Ctrl+V pastes into the box.")
        t = self.app.fonts.fit(note, 14, self.app.palette.text_dim, box.w - self.app.px(40))
        surface.blit(t, (box.x + self.app.px(20), box.y + self.app.px(50)))


class UnsavedChangesScene(_Overlay):
    """"Save / Discard / Cancel" before the builder replaces or leaves a deck that is not
    saved. The dialog closes first, then calls *on_choice* with ``save`` or ``discard``
    (Cancel, Esc: nothing happens)."""

    title = "Unsaved changes"
    box_size = (600, 230)

    def __init__(self, app: App, deck_name: str, doing: str,
                 on_choice: Callable[[str], None]) -> None:
        super().__init__(app)
        self.question = (f"{deck_name or 'This deck'} is not saved. Save it to your decks "
                         f"before {doing}?")
        self.on_choice = on_choice

    def build(self) -> None:
        self.buttons = {}
        self.button_row([("discard", "Discard", "#danger"), ("close", "Cancel", None),
                         ("save", "Save", "#primary")])

    def on_button(self, key: str) -> None:
        self.close()
        if key in ("save", "discard"):
            self.on_choice(key)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        box, fonts, pal, px = self.box(), self.app.fonts, self.app.palette, self.app.px
        y = box.y + px(54)
        bottom = min(b.rect.y for b in self.buttons.values()) - px(6) if self.buttons else \
            box.bottom
        for line in fonts.wrap(self.question, 16, box.w - px(40)):
            t = fonts.fit(line, 16, pal.text, box.w - px(40))
            if y + t.get_height() > bottom:
                break
            surface.blit(t, (box.x + px(20), y))
            y += t.get_height() + px(2)


@dataclass(frozen=True)
class DeckFileInfo:
    """One deck file as the picker lists it."""

    path: Path
    name: str
    variant: str
    cards: int
    error: str = ""
    sample: bool = False


class DeckPickerScene(_Overlay):
    """Your saved decks and the sample decks; a file that can't be read is listed with the
    reason and cannot be opened (the others are untouched)."""

    title = "Open a deck"
    box_size = (760, 600)

    def __init__(self, app: App, decks: list[DeckFileInfo],
                 on_open: Callable[[DeckFileInfo], None]) -> None:
        super().__init__(app)
        self.decks = decks
        self.on_open = on_open
        self.scroll = 0
        self.hover = -1

    def build(self) -> None:
        self.buttons = {}
        self.button_row([("close", "Cancel", None)])

    def _row_h(self) -> int:
        return self.app.px(46)

    def _list_rect(self) -> pygame.Rect:
        box, px = self.box(), self.app.px
        return pygame.Rect(box.x + px(20), box.y + px(56), box.w - px(40), box.h - px(56 + 70))

    def row_rect(self, index: int) -> pygame.Rect:
        area = self._list_rect()
        return pygame.Rect(area.x, area.y + index * self._row_h() - self.scroll, area.w,
                           self._row_h() - self.app.px(4))

    def index_at(self, pos: tuple[int, int]) -> int:
        area = self._list_rect()
        if not area.collidepoint(pos):
            return -1
        i = (pos[1] - area.y + self.scroll) // self._row_h()
        return i if 0 <= i < len(self.decks) else -1

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, len(self.decks) * self._row_h() - self._list_rect().h)
            self.scroll = max(0, min(limit, self.scroll - event.y * self._row_h()))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.index_at(event.pos)
            if i >= 0 and not self.decks[i].error:
                self.close()
                self.on_open(self.decks[i])
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        area = self._list_rect()
        if not self.decks:
            t = fonts.text("No decks yet.", 15, pal.text_dim)
            surface.blit(t, area.topleft)
        surface.set_clip(area)
        for i, info in enumerate(self.decks):
            r = self.row_rect(i)
            if r.bottom < area.top or r.top > area.bottom:
                continue
            bg = pal.bg_panel if i != self.hover or info.error else pal.bg
            pygame.draw.rect(surface, bg, r, border_radius=8)
            name = fonts.fit(info.name + ("  (sample)" if info.sample else ""), 16,
                             pal.text if not info.error else pal.text_dim, r.w // 2, True)
            surface.blit(name, (r.x + px(12), r.y + px(4)))
            if info.error:
                detail = f"{info.path.name}: can't be read — {info.error}"
                colour = pal.warn
            else:
                detail = (f"{VARIANT_TITLES.get(info.variant, info.variant)} · {info.cards} "
                          f"cards · {info.path.name}")
                colour = pal.text_dim
            d = fonts.fit(detail, 13, colour, r.w - px(24))
            surface.blit(d, (r.x + px(12), r.bottom - d.get_height() - px(3)))
        surface.set_clip(None)


class SampleHandScene(_Overlay):
    """Seven cards from the shuffled library; Mulligan (London), Draw, New hand."""

    title = "Sample hand"
    box_size = (1180, 400)

    def __init__(self, app: App, hand: SampleHand, cards: dict[str, Card | None],
                 note: str = "") -> None:
        super().__init__(app)
        self.hand = hand
        self.cards = cards
        self.note = note

    def build(self) -> None:
        self.buttons = {}
        self.button_row([("new", "New hand", None), ("mulligan", "Mulligan", None),
                         ("draw", "Draw", "#primary"), ("close", "Close", None)])

    def on_button(self, key: str) -> None:
        if key == "new":
            self.hand.new_hand()
        elif key == "mulligan":
            self.hand.mulligan()
        elif key == "draw":
            self.hand.draw()
        else:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, fonts, px, images = self.app.palette, self.app.fonts, self.app.px, self.app.images
        box = self.box()
        n = max(7, len(self.hand.hand))
        gap = px(8)
        cw = min(px(150), (box.w - px(40) - (n - 1) * gap) // n)
        ch = int(cw / CARD_RATIO)
        x = box.x + px(20)
        y = box.y + px(84)
        for name in self.hand.hand:
            surface.blit(images.face(name, self.cards.get(name), (cw, ch)), (x, y))
            x += cw + gap
        if not self.hand.hand:
            t = fonts.text("The library is empty: add spells to the main deck.", 15, pal.warn)
            surface.blit(t, (box.x + px(20), y))
        parts = [f"{len(self.hand.hand)} in hand", f"{len(self.hand.library)} in library"]
        if self.hand.mulligans:
            parts.append(f"mulligan {self.hand.mulligans}: put {self.hand.to_bottom} on the "
                         "bottom when you keep")
        line = " · ".join(parts)
        t = fonts.fit(line, 14, pal.text, box.w - px(40))
        surface.blit(t, (box.x + px(20), box.y + px(50)))
        if self.note:
            t = fonts.fit(self.note, 13, pal.text_dim, box.w // 2)
            surface.blit(t, (box.x + px(20), box.bottom - px(40)))
