"""Mouse and keyboard → table intents.

:class:`TableInput` reads pygame events (buttons, keys by their rebindable intent, clicks,
drags, drag boxes, the wheel) and calls the scene's intents (select, act on a place, cast,
tap a land, open a menu...). It decides *what was meant*; the scene and the rules decide what
happens.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.keys import intent_of
from frontier_desktop.ui.table.seat import Drag

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene

DRAG_THRESHOLD = 5
DOUBLE_CLICK_S = 0.4


class TableInput:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.mouse = (0, 0)
        self.shift = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        s = self.scene
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                event.ui_element is s.files.dialog:
            s.files.dialog = None
            s.open_record(Path(event.text))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(event.ui_element)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if s.division.handle_event(event):
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and \
                event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.shift = event.type == pygame.KEYDOWN
            return False
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.on_motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                return self.on_left_down(event.pos)
            if event.button == 3:
                return self.on_right_down(event.pos)
            if event.button in (4, 5) and s.renderer.layout and \
                    s.renderer.layout.log.collidepoint(event.pos):
                s.scroll_log(3 if event.button == 4 else -3)
                return True
        if event.type == pygame.MOUSEWHEEL and s.renderer.layout and \
                s.renderer.layout.log.collidepoint(self.mouse):
            s.scroll_log(3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self.on_left_up(event.pos)
        return False

    def on_button(self, element: Any) -> bool:
        s = self.scene
        for key, btn in s.buttons.items():
            if btn is element:
                if key == "pass":
                    s.primary()
                elif key == "menu":
                    s.menus.game()
                elif key == "undo":
                    s.undo()
                elif key == "keep":
                    s.keep()
                elif key == "mulligan":
                    s.submit({"type": "mulligan"})
                else:
                    s.submit({"type": key})
                return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys by intent, from the (rebindable) bindings in the settings."""
        s = self.scene
        intent = intent_of(s.app.settings.keys, event)
        if intent == "pass_or_done":
            s.primary()
            return True
        if intent == "cancel":
            if not s.cancel():
                s.leave()
            return True
        if intent == "undo":
            s.undo()
            return True
        if intent == "help":
            s.help = not s.help
            return True
        mode = s.presentation.key_modes.get(intent or "")
        if mode is not None:
            return s.key_mode(mode)
        return False

    def on_motion(self, pos: tuple[int, int]) -> None:
        st = self.scene.local
        if st.box is not None:
            st.box = (st.box[0], pos)
        drag = st.drag
        if drag is not None:
            drag.pos = pos
            if not drag.active:
                dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
                    drag.active = True
                    if drag.kind == "token" and drag.ident in self.scene.renderer.fan_ids:
                        drag.refan = self.scene.renderer.expanded
                        # a fanned-out creature carried away: the panel closes (it covers
                        # the lands it may go to); what was picked up stays picked up
                        self.scene.expand(None, recompute=False)
        if drag is not None and drag.active:
            # the zoom shows what is being carried, not what it passes over
            unit = self.scene.unit(drag.ident) if drag.kind == "token" else None
            st.hover = ("unit", unit) if unit else ("card", drag.name)
            return
        if st.menu is not None and st.menu.rect.collidepoint(pos):
            return  # over an open menu: the preview keeps showing what it is about
        st.hover = self.hover_target(pos)
        self.scene.targeting.motion(pos)

    def hover_target(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        r = self.scene.renderer
        sprite = r.sprite_at(pos)
        if sprite is not None:
            return ("unit", sprite.unit)
        hand = r.hand_at(pos)
        if hand is not None:
            return ("card", hand[2])
        sq = r.square_at(pos)
        if sq is not None:
            cell = r.cell(sq) or {}
            if self.scene.presentation.face_shown(cell):
                return ("card", cell["land"])
        return None

    def on_left_down(self, pos: tuple[int, int]) -> bool:
        s = self.scene
        st = s.local
        if s.help:
            s.help = False
            return True
        if st.menu is not None:
            item = st.menu.item_at(pos)
            st.menu = None
            if item is not None and item.enabled:
                item.run()
            return True
        for rect, colour in s.drawing.colour_rects:
            if rect.collidepoint(pos):
                st.colour = colour
                return True
        if s.targeting.click(pos):
            return True
        if s.stack_panel.click(pos):
            return True
        answer = s.respond.hit(pos)
        if answer == "resolve":
            s.submit({"type": "pass"})
            return True
        if answer == "respond":
            s.respond.folded = True
            s.say("Respond: cast an instant, tap lands, or right-click for manual actions "
                  "(destroy a land...). Then press Let it resolve.")
            return True
        if answer == "inside":
            return True
        now = s.clock
        sprite = s.renderer.sprite_at(pos)
        sq = s.renderer.square_at(pos)
        # A press on a creature the player can pick up grabs it (a drag acts on what it
        # grabbed); elsewhere a lit square takes the selected creature there.
        fan = s.renderer.fan_rect
        if sprite is None and fan is not None and fan.collidepoint(pos):
            return True  # the fanned-out stack's panel, between its creatures
        clicked = s.presentation.unit_click_action(sprite.unit, s.seat, s.legal) \
            if sprite is not None else None
        if clicked is not None:
            s.submit(clicked)
            return True
        grab = sprite is not None and s.presentation.can_pick_up(sprite.unit, s.seat, s.legal)
        if sq is not None and sq in st.highlights and not grab:
            kind = st.highlights[sq]
            action = s.presentation.decision_action(kind, sq, st.colour)
            if action is not None:
                s.submit(action)
                return True
            if st.selected and (sprite is None or sprite.id != st.selected):
                s.act_on_square(st.selected, sq)
                return True
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self.shift
        if sprite is not None and shift and s.is_movable_mine(sprite.id):
            s.toggle_group(sprite.id)
            st.drag = Drag("token", sprite.id, pos, pos,
                           (pos[0] - sprite.home[0], pos[1] - sprite.home[1]), unit=sprite.unit)
            return True
        if sprite is not None:
            unit = sprite.unit
            if s.presentation.can_pick_up(unit, s.seat, s.legal):
                in_group = sprite.id in st.group
                s.select(sprite.id, keep_group=in_group)
                st.drag = Drag("token", sprite.id, pos, pos,
                               (pos[0] - sprite.home[0], pos[1] - sprite.home[1]), unit=unit)
            else:
                stack = s.stack_square(sprite.id)
                s.select(None)
                st.pinned = ("unit", unit)
                if stack is not None:
                    s.expand(stack)  # anyone's stack fans out on a click, to be read
            return True
        hand = s.renderer.hand_at(pos)
        if hand is not None:
            index, cid, name = hand
            st.pinned = ("card", name)
            if s.hand_click(cid, name):
                return True
            double = st.last_click[1] == cid and now - st.last_click[0] <= DOUBLE_CLICK_S
            st.last_click = (now, cid)
            if double:
                st.last_click = (0.0, "")
                s.cast(cid, name)
                return True
            rect = s.renderer.hand_rects[index][0]
            st.drag = Drag("hand", cid, pos, pos, (pos[0] - rect.x, pos[1] - rect.y), name=name)
            return True
        if sq is not None:
            # a click (released without moving) taps the land; a drag draws a selection box
            st.box = (pos, pos)
            return True
        if st.selected is not None:
            s.select(None)
        return False

    def on_left_up(self, pos: tuple[int, int]) -> bool:
        s = self.scene
        st = s.local
        if st.box is not None:
            (x0, y0), _ = st.box
            st.box = None
            rect = pygame.Rect(min(x0, pos[0]), min(y0, pos[1]), abs(pos[0] - x0),
                               abs(pos[1] - y0))
            if rect.w >= DRAG_THRESHOLD or rect.h >= DRAG_THRESHOLD:
                s.box_select(rect)
                return True
            sq = s.renderer.square_at((x0, y0))
            if sq is not None and not s.tap_land(sq, (x0, y0)):
                cell = s.renderer.cell(sq) or {}
                if cell.get("land"):
                    st.pinned = ("card", cell["land"])
                s.select(None)
                s.expand(None)
            return True
        drag, st.drag = st.drag, None
        if drag is None:
            return False
        if not drag.active:
            if drag.kind == "token" and self.tap_under(drag.ident, pos):
                return True
            if drag.kind == "token":
                stack = s.stack_square(drag.ident)
                if stack is not None:  # a click on a stack fans it out, choosing none yet
                    s.select(None)
                    s.expand(stack)
            return True
        if drag.kind == "hand":
            lay = s.renderer.layout
            if lay is not None and pos[1] < lay.own_hand.y:
                s.cast(drag.ident, drag.name)
            return True
        drag.pos = pos  # where it was let go (no motion event need come first)
        s.drop_token(drag, s.renderer.square_at(pos), self.over_opponent(pos))
        return True

    def tap_under(self, unit_id: str, pos: tuple[int, int]) -> bool:
        """A click (no drag) on your own lone creature taps the land it stands on, where the
        variant says so (Army: the creature covers most of its land, and a click that only
        selected it made the next click on a lit land move it by accident)."""
        s = self.scene
        unit = s.unit(unit_id)
        if not s.presentation.click_taps_land_under or unit is None or \
                unit.get("controller") != s.seat or s.stack_square(unit_id) is not None or \
                unit_id in s.renderer.fan_ids or self.shift or s.local.group:
            return False  # a stack's click fans it out (its land's edge still taps)
        sq = s.presentation.place(unit.get("at"))
        if sq is None or not s.tappable().get(sq):
            return False
        s.select(None)
        return s.tap_land(sq, pos)

    def over_opponent(self, pos: tuple[int, int]) -> bool:
        lay = self.scene.renderer.layout
        return bool(lay and (lay.opp_panel.collidepoint(pos) or lay.opp_hand.collidepoint(pos)))

    def on_right_down(self, pos: tuple[int, int]) -> bool:
        s = self.scene
        if s.targeting.cancel():
            return True
        s.local.menu = None
        sprite = s.renderer.sprite_at(pos)
        if sprite is not None:
            s.menus.unit(sprite, pos)
            return True
        hand = s.renderer.hand_at(pos)
        if hand is not None and s.menus.discard(hand[1], hand[2], pos):
            return True
        sq = s.renderer.square_at(pos)
        lay = s.renderer.layout
        if sq is not None or (lay and not lay.side.collidepoint(pos)):
            s.menus.table(pos, sq)
            return True
        return False
