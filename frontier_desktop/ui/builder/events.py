"""The deck builder's mouse and keyboard: clicks and drags between the results and the
deck's sections, the wheel, hovering for the preview, keys; a mixin of
:class:`~frontier_desktop.ui.scenes.deck_builder.DeckBuilderScene`."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from frontier_desktop.ui.builder.model import VARIANT_TITLES, section_label
from frontier_desktop.ui.builder.view import _Drag

SEARCH_DEBOUNCE_S = 0.15
DRAG_THRESHOLD = 6
VARIANT_BY_TITLE = {title: key for key, title in VARIANT_TITLES.items()}


class BuilderInput:
    """Events → the builder's intents (mixed into the scene)."""

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, widget in self.w.items():
                if event.ui_element is widget:
                    self.command(key)
                    return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.dialog = None
            self.import_path(Path(event.text))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.w.get("search"):
                self.query = event.text
                self._search_due = self.clock + SEARCH_DEBOUNCE_S
                return True
            if event.ui_element is self.w.get("name"):
                self.draft.name = event.text
                self.draft.touch()
                return True
            if event.ui_element is self.w.get("points"):
                self.draft.points = int(event.text) if event.text.isdigit() else None
                self.draft.touch()
                self.changed()
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.w.get("variant"):
            self.set_variant(VARIANT_BY_TITLE.get(event.text, "frontier"))
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._on_motion(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            return self._on_wheel(event.y)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._on_down(event.pos, event.button)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            return self._on_up(event.pos, event.button)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.drag is not None:
                    self.drag = None
                    return True
                self.leave()
                return True
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.save()
                return True
        return False

    def _on_motion(self, pos: tuple[int, int]) -> bool:
        self._mouse = pos
        if self.drag is not None:
            self.drag.pos = pos
            if not self.drag.active and (abs(pos[0] - self.drag.start[0]) +
                                         abs(pos[1] - self.drag.start[1]) > DRAG_THRESHOLD):
                self.drag.active = True
            return True
        self._hover_at(pos)
        return False

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """Preview the card under *pos* (a search result or a row of the current deck)."""
        i = self.result_at(pos)
        if i >= 0:
            self.hover, self._hover_from = self.results[i].name, "results"
            return
        item = self.deck_item_at(pos)
        if item is not None and item.kind == "row" and item.rect.collidepoint(pos):
            self.hover, self._hover_from = item.name, "deck"
        else:
            self.hover = None

    def _on_wheel(self, dy: int) -> bool:
        pos = self._mouse
        step = self.app.px(60)
        if self.results_rect().collidepoint(pos):
            cols, _, step_y = self._grid()
            rows = (len(self.results) + cols - 1) // cols
            limit = max(0, rows * step_y - self.results_rect().h)
            self.scroll_results = max(0, min(limit, self.scroll_results - dy * step))
            return True
        if self.deck_rect().collidepoint(pos):
            items = self.deck_items()
            content = (items[-1].rect.bottom + self.scroll_deck - self.deck_rect().y
                       if items else 0)
            limit = max(0, content - self.deck_rect().h + self.app.px(20))
            self.scroll_deck = max(0, min(limit, self.scroll_deck - dy * step))
            return True
        return False

    def _on_down(self, pos: tuple[int, int], button: int) -> bool:
        self._mouse = pos
        if button != 1:
            return False
        i = self.result_at(pos)
        if i >= 0:
            self.drag = _Drag("result", self.results[i].name, None, pos, pos)
            return True
        item = self.deck_item_at(pos)
        if item is not None and item.kind == "row" and item.rect.collidepoint(pos):
            minus, plus = self.row_buttons(item)
            if not (minus.collidepoint(pos) or plus.collidepoint(pos)):
                self.drag = _Drag("row", item.name, item.section, pos, pos)
                return True
        return False

    def _on_up(self, pos: tuple[int, int], button: int) -> bool:
        drag, self.drag = self.drag, None
        if drag is not None and drag.active:
            return self._drop(drag, pos)
        if button == 3:
            i = self.result_at(pos)
            if i >= 0:
                self.remove(self.results[i].name, self.active_section)
                return True
            item = self.deck_item_at(pos)
            if item is not None and item.kind == "row" and item.rect.collidepoint(pos):
                self.remove(item.name, item.section)
                return True
            return False
        i = self.result_at(pos)
        if i >= 0:
            self.add(self.results[i].name)
            return True
        item = self.deck_item_at(pos)
        if item is None or not item.rect.collidepoint(pos):
            return False
        if item.kind in ("header", "hint"):
            self.active_section = item.section
            return True
        minus, plus = self.row_buttons(item)
        if minus.collidepoint(pos):
            self.remove(item.name, item.section)
        elif plus.collidepoint(pos):
            self.add(item.name, item.section)
        else:
            self.hover, self._hover_from = item.name, "deck"
        return True

    def _drop(self, drag: _Drag, pos: tuple[int, int]) -> bool:
        item = self.deck_item_at(pos)
        if drag.kind == "result":
            if item is not None:
                self.add(drag.name, item.section)
                self.say(f"{drag.name} → {section_label(item.section, self.draft.variant)}")
            return True
        assert drag.section is not None
        if item is not None and item.section is not drag.section:
            self.draft.move(drag.name, drag.section, item.section)
            self.changed()
            self.say(f"{drag.name} → {section_label(item.section, self.draft.variant)}")
        elif item is None:  # dropped outside the deck: take one out
            self.remove(drag.name, drag.section)
            self.say(f"Took one {drag.name} out.")
        return True
