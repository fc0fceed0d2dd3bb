"""The table scene: renders one seat's view and turns mouse/keyboard intents into actions.

Render only from ``session.view(seat)``; every decision comes from the rules engine (legal
moves light up from the view, a refused drop glides back with ``Result.reason``). The view is
fetched once per state change; frames only blit cached surfaces.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.session import LocalSession, Result
from frontier_desktop.ui.games import CardInfo, autosave
from frontier_desktop.ui.keys import intent_of
from frontier_desktop.ui.scenes.base import Scene, shade
from frontier_desktop.ui.table.effects import Effects
from frontier_desktop.ui.table.prompt import ResponsePrompt
from frontier_desktop.ui.table.render import Square, TableRenderer, TokenSprite
from frontier_desktop.ui.table.words import Namer, entry_lines

if TYPE_CHECKING:
    from frontier_desktop.app import App

DRAG_THRESHOLD = 5
DOUBLE_CLICK_S = 0.4
MESSAGE_S = 3.0
GLIDE_S = 0.22
COLOURS = (None, "W", "U", "B", "R", "G")


def _sq(value: Any) -> Square | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


@dataclass
class Drag:
    """A token or hand card held by the mouse."""

    kind: str
    """``token`` or ``hand``."""
    ident: str
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    active: bool = False
    name: str = ""


@dataclass
class Glide:
    """A token flying back to its square after a refused drop."""

    unit: str
    start: tuple[float, float]
    t: float = 0.0


@dataclass
class MenuItem:
    label: str
    run: Callable[[], None]
    enabled: bool = True


class ContextMenu:
    """A small drawn pop-up list (right-click)."""

    def __init__(self, scene: TableScene, pos: tuple[int, int], items: list[MenuItem],
                 title: str = "") -> None:
        self.items = items
        self.title = title
        fonts = scene.app.fonts
        width = max([fonts.text(i.label, 14, (0, 0, 0)).get_width() for i in items] +
                    [fonts.text(title, 12, (0, 0, 0), True).get_width()]) + 28
        self.row_h = fonts.font(14).get_linesize() + 8
        head = self.row_h if title else 0
        self.rect = pygame.Rect(pos[0], pos[1], width, head + self.row_h * len(items) + 8)
        self.rect.clamp_ip(pygame.Rect((0, 0), scene.app.size))
        self.head = head

    def item_at(self, pos: tuple[int, int]) -> MenuItem | None:
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.y - 4 - self.head) // self.row_h
        if 0 <= i < len(self.items):
            return self.items[i]
        return None

    def item_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 4, self.rect.y + 4 + self.head + index * self.row_h,
                           self.rect.w - 8, self.row_h)

    def draw(self, surface: pygame.Surface, app: App, mouse: tuple[int, int]) -> None:
        pal, fonts = app.palette, app.fonts
        shadow = self.rect.move(4, 6)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=8)
        pygame.draw.rect(surface, pal.bg_panel_hi, self.rect, border_radius=8)
        pygame.draw.rect(surface, pal.accent, self.rect, 1, border_radius=8)
        if self.title:
            t = fonts.text(self.title, 12, pal.accent, True)
            surface.blit(t, (self.rect.x + 12, self.rect.y + 8))
        for i, item in enumerate(self.items):
            r = self.item_rect(i)
            if r.collidepoint(mouse) and item.enabled:
                pygame.draw.rect(surface, pal.bg_panel, r, border_radius=6)
            colour = pal.text if item.enabled else pal.text_dim
            t = fonts.text(item.label, 14, colour)
            surface.blit(t, t.get_rect(midleft=(r.x + 10, r.centery)))


class TableScene(Scene):
    """Hot-seat table for a :class:`LocalSession` (both seats at one screen)."""

    name = "table"

    def __init__(self, app: App, session: LocalSession, *, seat: int | None = None,
                 autosave_path: Path | None = None, hotseat: bool = True,
                 cover_first: bool = False,
                 autoplay: Callable[[LocalSession], bool] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        """Args beyond the obvious: *autoplay* is called after every change until it returns
        False, to let an idle seat act (goldfishing: the device is never handed to it);
        *on_leave* replaces "back to the main menu" when the player leaves."""
        super().__init__(app)
        self.autoplay = autoplay
        self.on_leave = on_leave
        self.session = session
        self.info = CardInfo(session.record_header)
        self.renderer = TableRenderer(app, self.info)
        acting = session.acting_seat()
        self.seat = seat if seat is not None else (acting if acting is not None else 0)
        self.autosave_path = autosave_path
        self.hotseat = hotseat
        self.view: dict[str, Any] = {}
        self.legal: list[dict[str, Any]] = []
        self.names = Namer([p.name for p in session.state.players])
        self.selected: str | None = None
        self.group: list[str] = []
        """Banding: the creatures of one square chosen with shift-click or a drag box."""
        self.box: tuple[tuple[int, int], tuple[int, int]] | None = None
        """A drag box being drawn: (start, current)."""
        self.mode = "move"
        self.highlights: dict[Square, str] = {}
        self.drag: Drag | None = None
        self.glides: list[Glide] = []
        self.fx = Effects()
        self.respond = ResponsePrompt()
        self.menu: ContextMenu | None = None
        self.message = ""
        self.message_t = 0.0
        self.hover: tuple[str, Any] | None = None
        self.pinned: tuple[str, Any] | None = None
        self.token_colour: str | None = None
        self.bottom_pick: list[str] = []
        self.last_click: tuple[float, str] = (0.0, "")
        self.clock = 0.0
        self.dice: dict[str, Any] | None = None
        self.colour_rects: list[tuple[pygame.Rect, str | None]] = []
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._help = False
        self.game_over_shown = False
        self.cover_first = cover_first
        self._mouse = (0, 0)
        self._shift = False
        self.file_dialog: Any = None
        self.saved_path: Path | None = None
        self.frames_since_change = 0

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        super().on_enter()
        self.sync_responses()
        self.settle()
        if self.cover_first and self.hotseat:
            self._push_cover()

    def build(self) -> None:
        ui = self.app.ui
        self.renderer.layout = None
        self.refresh()
        lay = self.renderer.layout
        assert lay is not None
        px = self.app.px
        x, w = lay.status.x, lay.status.w
        h = px(36)
        y = lay.status.bottom - h
        rects = {}
        for key in ("menu", "done_attacking", "done_moving", "pass"):
            rects[key] = pygame.Rect(x, y, w, h)
            y -= h + px(6)
        half = (w - px(6)) // 2
        rects["undo"] = pygame.Rect(x, rects["menu"].y, half, h)
        rects["menu"] = pygame.Rect(x + half + px(6), rects["menu"].y, half, h)
        keep_y = rects["pass"].y
        labels = {"pass": "Pass", "done_moving": "Done moving", "done_attacking": "Done attacking",
                  "undo": "Undo", "menu": "Menu"}
        ids = {"pass": "#primary", "menu": "#danger"}
        self.buttons = {}
        for key, rect in rects.items():
            btn = pygame_gui.elements.UIButton(rect, labels[key], ui, object_id=ids.get(key))
            self.buttons[key] = btn
        self.buttons["keep"] = pygame_gui.elements.UIButton(
            pygame.Rect(x, keep_y, half, h), "Keep", ui, object_id="#primary")
        self.buttons["mulligan"] = pygame_gui.elements.UIButton(
            pygame.Rect(x + half + px(6), keep_y, half, h), "Mulligan", ui)
        self.widgets = list(self.buttons.values())
        self._update_buttons()
        if self._help:
            for widget in self.widgets:
                widget.hide()

    @property
    def help(self) -> bool:
        """The rules overlay is up (the widgets are hidden meanwhile: they'd draw over it)."""
        return self._help

    @help.setter
    def help(self, on: bool) -> None:
        self._help = on
        for widget in self.widgets:
            widget.hide() if on else widget.show()
        if not on:
            self._update_buttons()

    def on_resume(self) -> None:
        super().on_resume()
        if self.sync_responses():
            self.refresh()
        self._update_buttons()

    def sync_responses(self) -> bool:
        """Tell the engine each seat at this screen's "hold priority" setting; True if changed."""
        want = bool(self.app.settings.hold_priority)
        seats = (0, 1) if self.hotseat else (self.seat,)
        changed = False
        for seat in seats:
            players = self.session.view(seat).get("players") or []
            if seat < len(players) and not players[seat].get("game_over") and \
                    bool(players[seat].get("responses")) != want:
                if self.session.submit(seat, {"type": "set_responses", "on": want}).ok:
                    changed = True
        if changed:
            self._autosave()
        return changed

    # ------------------------------------------------------------------ state
    def refresh(self) -> None:
        """Fetch this seat's view once and rebuild what depends on it."""
        self.view = self.session.view(self.seat)
        self.legal = list(self.view.get("legal_actions", []))
        for unit in self.view.get("units", []):
            self.names.units[str(unit["id"])] = str(unit.get("name", "a creature"))
        lines: list[str] = []
        for entry in self.session.log(self.seat):
            lines.extend(entry_lines(entry, self.names))
        self.renderer.set_view(self.view, self.seat, lines, hidden_hand=False)
        self.respond.update(self.view, self.seat, self.names)
        if self.selected and self.selected not in self.renderer.sprites:
            self.selected = None
        self.group = [u for u in self.group if self._is_movable_mine(u)]
        if len(self.group) < 1 or (self.selected and self.selected not in self.group):
            self.group = []
        self._compute_highlights()
        self._update_buttons()
        self.frames_since_change = 0

    def settle(self) -> None:
        """After a change: auto-pass empty steps, let an idle seat act, hand the device over,
        show game over."""
        for _ in range(64):
            self._auto_pass()
            if self.autoplay is None or not self.autoplay(self.session):
                break
        acting = self.session.acting_seat()
        changed = False
        if self.hotseat and acting is not None and acting != self.seat:
            self.seat = acting
            self.selected = None
            self.bottom_pick = []
            changed = True
        self.refresh()
        if changed:
            self._push_cover()
        if self.view.get("game_over") and not self.game_over_shown:
            self.game_over_shown = True
            from frontier_desktop.ui.scenes.game_over import GameOverScene

            self.app.scenes.push(GameOverScene(self.app, self))

    def _push_cover(self) -> None:
        from frontier_desktop.ui.scenes.cover import CoverScene

        if isinstance(self.app.scenes.top, CoverScene):
            return
        name = self.view["players"][self.seat]["name"]
        self.app.scenes.push(CoverScene(self.app, name, self._cover_reason()))

    def _cover_reason(self) -> str:
        d = self.view.get("decision") or {}
        if d.get("kind") == "place_token":
            return "Place your starting token on your home row."
        if d.get("kind") == "mulligan":
            return "Look at your opening hand: keep or mulligan."
        if self.view.get("pending"):
            return "Your opponent acted: you may respond."
        return f"Turn {self.view.get('turn')}: your turn."

    def _auto_pass(self) -> None:
        if not self.app.settings.auto_pass:
            return
        for _ in range(12):
            acting = self.session.acting_seat()
            if acting is None:
                return
            state = self.session.state
            if state.decision is not None or state.pending is not None:
                return
            if state.phase not in ("upkeep", "draw", "end"):
                return
            legal = [a.to_wire()["type"] for a in self.session.legal_actions(acting)]
            if "pass" not in legal or "discard" in legal:
                return
            if not self.session.submit(acting, {"type": "pass"}).ok:
                return
            self._autosave()

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            autosave(self.session, self.autosave_path)

    def submit(self, action: dict[str, Any], *, quiet: bool = False) -> Result:
        """Submit for the seat at the screen; on success animate, autosave and settle."""
        result = self.session.submit(self.seat, action)
        if not result.ok:
            if not quiet:
                self.say(result.reason)
            return result
        self._autosave()
        self._animate(result.events)
        self.menu = None
        keep_selected = self.selected
        self.mode = "move"
        self.settle()
        if keep_selected in self.renderer.sprites and self.seat == self.session.acting_seat():
            self.selected = keep_selected
            self._compute_highlights()
        return result

    def say(self, text: str) -> None:
        self.message = text
        self.message_t = MESSAGE_S

    # ------------------------------------------------------------------ legal helpers
    def legal_of(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        out = []
        for a in self.legal:
            if a.get("type") != kind:
                continue
            if all(a.get(k) == v for k, v in match.items()):
                out.append(a)
        return out

    def unit(self, unit_id: str | None) -> dict[str, Any] | None:
        sprite = self.renderer.sprites.get(unit_id or "")
        return sprite.unit if sprite else None

    def _compute_highlights(self) -> None:
        hl: dict[Square, str] = {}
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "place_token" and decision.get("player") == self.seat:
            for a in self.legal_of("place_token"):
                sq = _sq(a.get("at"))
                if sq:
                    hl[sq] = "place"
        unit = self.unit(self.selected)
        if unit is not None:
            if self.mode == "scout":
                for a in self.legal_of("scout", unit=unit["id"]):
                    sq = _sq(a.get("target"))
                    if sq:
                        hl[sq] = "scout"
            else:
                for m in unit.get("moves", []):
                    sq = _sq(m)
                    if sq:
                        hl[sq] = "move"
                for a in unit.get("attacks", []):
                    sq = _sq(a)
                    if sq:
                        hl[sq] = "attack"
        self.highlights = hl

    def tappable(self) -> dict[Square, list[dict[str, Any]]]:
        out: dict[Square, list[dict[str, Any]]] = {}
        for a in self.legal_of("tap_land"):
            sq = _sq(a.get("at"))
            if sq:
                out.setdefault(sq, []).append(a)
        return out

    def _is_movable_mine(self, unit_id: str) -> bool:
        unit = self.unit(unit_id)
        return bool(unit and unit.get("controller") == self.seat and isinstance(unit.get("at"), list))

    def toggle_group(self, unit_id: str) -> None:
        """Shift-click: add or remove a creature of the selected square to the moving group."""
        unit = self.unit(unit_id)
        if unit is None or not self._is_movable_mine(unit_id):
            return
        first = self.unit(self.group[0]) if self.group else self.unit(self.selected)
        if first is None or first.get("at") != unit.get("at"):
            self.group = []
        elif not self.group and self.selected:
            self.group = [self.selected]
        if unit_id in self.group:
            self.group.remove(unit_id)
        else:
            self.group.append(unit_id)
        lead = self.group[0] if self.group else None
        self.select(unit_id if unit_id in self.group else lead, keep_group=True)
        n = len(self.group)
        if n:
            self.say(f"{n} chosen to move together: drag one of them." if n > 1 else
                     "Only this creature will move: drag it (shift-click adds more).")

    def box_select(self, rect: pygame.Rect) -> None:
        """A drag box: choose your creatures inside it (those of the square with the most)."""
        by_square: dict[tuple[int, int], list[str]] = {}
        for uid, sprite in self.renderer.sprites.items():
            if rect.collidepoint(sprite.home) and self._is_movable_mine(uid):
                at = sprite.unit["at"]
                by_square.setdefault((int(at[0]), int(at[1])), []).append(uid)
        if not by_square:
            self.select(None)
            return
        ids = max(by_square.values(), key=len)
        self.select(ids[0])
        self.group = ids if len(ids) > 1 else []
        if len(ids) > 1:
            self.say(f"{len(ids)} chosen to move together: drag one of them.")

    def moving_ids(self) -> list[str]:
        """The creatures a token drag carries: the chosen group, else the dragged one's stack."""
        if self.drag is None or self.drag.kind != "token" or not self.drag.active:
            return []
        uid = self.drag.ident
        if self.group and uid in self.group:
            return list(self.group)
        unit = self.unit(uid) or {}
        return list((unit.get("stack") or {}).get("units") or [uid])

    def move_action(self, unit_id: str, sq: Square) -> dict[str, Any]:
        """A move of *unit_id* to *sq*, naming the chosen group when it is part of a stack."""
        action: dict[str, Any] = {"type": "move", "unit": unit_id, "to": list(sq)}
        unit = self.unit(unit_id) or {}
        stack = (unit.get("stack") or {}).get("units") or [unit_id]
        if self.group and unit_id in self.group and set(self.group) != set(stack):
            action["units"] = sorted(self.group, key=stack.index if set(self.group) <= set(stack)
                                     else self.group.index)
        return action

    def select(self, unit_id: str | None, mode: str = "move", *, keep_group: bool = False) -> None:
        if not keep_group:
            self.group = []
        self.selected = unit_id
        self.mode = mode
        self._compute_highlights()
        if unit_id:
            unit = self.unit(unit_id)
            if unit:
                self.pinned = ("unit", unit)

    # ------------------------------------------------------------------ intents
    def primary(self) -> None:
        """Space / the main button: done attacking, done moving, keep, or pass."""
        types = {a["type"] for a in self.legal}
        for kind in ("done_attacking", "done_moving", "pass"):
            if kind in types:
                self.submit({"type": kind})
                return
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and "keep" in types:
            self.keep()
            return
        if "discard" in types:
            self.say("Discard down to the hand size first: click a card in your hand.")
        elif decision.get("kind") == "place_token":
            self.say("Click a highlighted square on your home row to place your token.")

    def keep(self) -> None:
        need = self.mulligans_taken()
        if len(self.bottom_pick) != need:
            self.say(f"Click {need} card(s) in your hand to put on the bottom, then Keep.")
            return
        self.submit({"type": "keep", "bottom": list(self.bottom_pick)})
        self.bottom_pick = []

    def mulligans_taken(self) -> int:
        return sum(1 for e in self.session.log(self.seat)
                   if e["seat"] == self.seat and e["action"].get("type") == "mulligan")

    def cancel(self) -> bool:
        if self.help:
            self.help = False
            return True
        if self.menu is not None:
            self.menu = None
            return True
        if self.drag is not None:
            self._end_drag_back(self.drag)
            self.drag = None
            return True
        if self.selected is not None or self.pinned is not None:
            self.select(None)
            self.pinned = None
            return True
        return False

    def undo(self) -> None:
        if not self.hotseat:
            return
        if not self.session.can_undo():
            self.say("Nothing to undo (the last action revealed hidden information).")
            return
        actor = self.session.actions[-1]["seat"] if self.session.actions else self.seat
        if actor != self.seat:
            self.say("You can only undo your own last action.")
            return
        self.session.undo()
        self._autosave()
        self.refresh()
        self.say("Undone.")

    def cast(self, card_id: str, name: str) -> None:
        options = [a for a in self.legal_of("cast") if a.get("card") in (name, card_id)]
        if not options:
            result = self.session.submit(self.seat, {"type": "cast", "card": card_id})
            if result.ok:  # should not happen: legal_actions lists every castable card
                self._autosave()
                self.settle()
            else:
                self.say(f"Can't cast {name}: {result.reason}")
            return
        if len(options) == 1:
            self.submit(options[0])
            return
        items = []
        for a in options:
            target = a.get("target")
            label = f"Cast {name}"
            if target is not None:
                label += " on " + (self.names.unit(target) if isinstance(target, str)
                                   else f"land r{target[0] + 1}c{target[1] + 1}")
            items.append(MenuItem(label, lambda a=a: self.submit(a)))
        self.menu = ContextMenu(self, self._mouse, items, f"Cast {name}")

    def tap_land(self, sq: Square, pos: tuple[int, int]) -> bool:
        options = self.tappable().get(sq)
        if not options:
            return False
        if len(options) == 1:
            self.submit(options[0])
            return True
        items = []
        for a in options:
            via = a.get("via")
            colour = a.get("color")
            label = "Tap for mana" + (f" by tapping {self.names.unit(via)}" if via else
                                      " (under your creature)")
            if colour:
                label += f" — {{{colour}}}"
            items.append(MenuItem(label, lambda a=a: self.submit(a)))
        self.menu = ContextMenu(self, pos, items, "Tap land")
        return True

    def act_on_square(self, unit_id: str, sq: Square) -> Result | None:
        """Move / attack / scout *unit_id* to *sq* as the highlights say; None if no highlight."""
        kind = self.highlights.get(sq)
        if kind == "move":
            return self.submit(self.move_action(unit_id, sq))
        if kind == "attack":
            return self.submit({"type": "attack", "unit": unit_id, "target": list(sq)})
        if kind == "scout":
            return self.submit({"type": "scout", "unit": unit_id, "target": list(sq)})
        return None

    def unit_menu(self, sprite: TokenSprite, pos: tuple[int, int]) -> None:
        unit = sprite.unit
        uid = sprite.id
        mine = unit.get("controller") == self.seat
        items: list[MenuItem] = []
        if mine:
            if unit.get("moves") or unit.get("attacks"):
                items.append(MenuItem("Move / attack (drag me)", lambda: self.select(uid)))
            scouts = self.legal_of("scout", unit=uid)
            items.append(MenuItem("Scout a face-down land", lambda: self.select(uid, "scout"),
                                  bool(scouts)))
            if unit.get("can_attack_player"):
                items.append(MenuItem("Attack the player",
                                      lambda: self.submit({"type": "attack", "unit": uid,
                                                           "target": "player"})))
            for a in self.legal_of("activate", unit=uid):
                items.append(MenuItem(f"Activate ability {a.get('ability', 0) + 1}",
                                      lambda a=a: self.submit(a)))
        manual = [
            ("Tap (manual)", {"type": "manual_tap", "target": uid}),
            ("Untap (manual)", {"type": "manual_untap", "target": uid}),
            ("+1/+1 counter", {"type": "counters", "unit": uid, "kind": "+1/+1", "delta": 1}),
            ("-1/-1 counter", {"type": "counters", "unit": uid, "kind": "-1/-1", "delta": 1}),
            ("+3/+3 until end of turn", {"type": "pt_change", "unit": uid, "power": 3,
                                          "toughness": 3}),
            ("Regeneration shield", {"type": "regenerate", "unit": uid}),
            ("Destroy", {"type": "destroy", "unit": uid}),
        ]
        for label, action in manual:
            items.append(MenuItem(label, lambda a=action: self.submit(a)))
        self.menu = ContextMenu(self, pos, items, unit.get("name", ""))

    def table_menu(self, pos: tuple[int, int], sq: Square | None) -> None:
        items: list[MenuItem] = []
        if sq is not None:
            cell = self.renderer.cell(sq) or {}
            for a in self.tappable().get(sq, []):
                via = a.get("via")
                items.append(MenuItem("Tap for mana" + (f" via {self.names.unit(via)}" if via else ""),
                                      lambda a=a: self.submit(a)))
            if not cell.get("hole"):
                items.append(MenuItem("Destroy this land (manual)",
                                      lambda: self.confirm("Destroy this land?",
                                                           {"type": "destroy_land", "at": list(sq)})))
        items += [
            MenuItem("Roll a d6", lambda: self.submit({"type": "roll", "sides": 6})),
            MenuItem("Roll a d20", lambda: self.submit({"type": "roll", "sides": 20})),
            MenuItem("Draw a card (manual)", lambda: self.submit({"type": "draw", "count": 1})),
            MenuItem("Lose 1 life (manual)",
                     lambda: self.submit({"type": "life", "player": self.seat, "delta": -1})),
            MenuItem("Gain 1 life (manual)",
                     lambda: self.submit({"type": "life", "player": self.seat, "delta": 1})),
            MenuItem("Concede…", lambda: self.confirm("Concede this game?", {"type": "concede"})),
        ]
        self.menu = ContextMenu(self, pos, items, "Table")

    def confirm(self, question: str, action: dict[str, Any]) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene

        self.app.scenes.push(ConfirmScene(self.app, question, lambda: self.submit(action)))

    def game_menu(self) -> None:
        """The Menu button: save, open a saved game, rules help, leave."""
        btn = self.buttons.get("menu")
        # beside the side panel, so no button sits under the items (buttons get clicks first)
        pos = (btn.rect.right + 12, btn.rect.bottom) if btn is not None else self._mouse
        items = [MenuItem("Save game as…", self.save_as),
                 MenuItem("Open a saved game…", self.open_saved),
                 MenuItem("Rules help", lambda: setattr(self, "help", True)),
                 MenuItem("Leave to the main menu…", self.leave)]
        self.menu = ContextMenu(self, pos, items, "Game")
        self.menu.rect.bottomleft = (self.menu.rect.x, pos[1])
        self.menu.rect.clamp_ip(pygame.Rect((0, 0), self.app.size))

    def save_as(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import SaveAsScene

        names = [p["name"] for p in self.view.get("players", [])]
        default = f"{' vs '.join(names)} turn {self.view.get('turn', 0)}"
        self.app.scenes.push(SaveAsScene(self.app, default, self.save_named))

    def save_named(self, name: str) -> str:
        """Write the game record to ``saves/NAME.jsonl``; says where (or why not)."""
        from frontier_desktop.record import write_record
        from frontier_desktop.ui.scenes.dialogs import safe_file_stem

        if self.session.record_header is None:
            self.say("This game can't be saved (it has no record header).")
            return self.message
        path = self.app.paths.saves_dir / f"{safe_file_stem(name)}.jsonl"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, self.session.record_header, self.session.actions)
        except OSError as exc:
            self.say(f"Could not save: {exc}")
        else:
            self.saved_path = path
            self.say(f"Saved as {path.name} (Open game… in the menu loads it).")
        return self.message

    def open_saved(self) -> None:
        from pygame_gui.windows import UIFileDialog

        w, h = self.app.size
        start = self.app.paths.saves_dir
        if not start.exists():
            start = self.app.paths.data_dir if self.app.paths.data_dir.exists() else Path.home()
        self.file_dialog = UIFileDialog(pygame.Rect(w // 2 - 300, h // 2 - 250, 600, 500),
                                        self.app.ui, window_title="Open a saved game",
                                        initial_file_path=str(start),
                                        allow_existing_files_only=True)

    def open_record(self, path: Path) -> None:
        """Leave this game (it is autosaved) for the saved game at *path*."""
        from frontier_desktop.ui.games import session_from_record
        from frontier_desktop.ui.scenes.main_menu import start_table

        try:
            session = session_from_record(path)
        except (ValueError, OSError, KeyError) as exc:
            self.say(f"Could not open {path.name}: {exc}")
            return
        start_table(self.app, session)

    def leave(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene
        from frontier_desktop.ui.scenes.main_menu import MainMenuScene

        def go() -> None:
            if self.on_leave is not None:
                self.on_leave()
                return
            self.app.scenes.reset(MainMenuScene(self.app))

        if self.view.get("game_over"):
            go()
            return
        self.app.scenes.push(ConfirmScene(
            self.app, "Leave this game? It is autosaved: Continue resumes it.", go))

    # ------------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and \
                event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.open_record(Path(event.text))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and \
                event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self._shift = event.type == pygame.KEYDOWN
            return False
        if event.type == pygame.KEYDOWN:
            return self._on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self._on_motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse = event.pos
            if event.button == 1:
                return self._on_left_down(event.pos)
            if event.button == 3:
                return self._on_right_down(event.pos)
            if event.button in (4, 5) and self.renderer.layout and \
                    self.renderer.layout.log.collidepoint(event.pos):
                self.renderer.log_scroll = max(0, self.renderer.log_scroll +
                                               (3 if event.button == 4 else -3))
                self.renderer.rebuild()
                return True
        if event.type == pygame.MOUSEWHEEL and self.renderer.layout and \
                self.renderer.layout.log.collidepoint(self._mouse):
            self.renderer.log_scroll = max(0, self.renderer.log_scroll + 3 * event.y)
            self.renderer.rebuild()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse = event.pos
            return self._on_left_up(event.pos)
        return False

    def _on_button(self, element: Any) -> bool:
        for key, btn in self.buttons.items():
            if btn is element:
                if key == "pass":
                    self.primary()
                elif key == "menu":
                    self.game_menu()
                elif key == "undo":
                    self.undo()
                elif key == "keep":
                    self.keep()
                elif key == "mulligan":
                    self.submit({"type": "mulligan"})
                else:
                    self.submit({"type": key})
                return True
        return False

    def _on_key(self, event: pygame.event.Event) -> bool:
        """Keys by intent, from the (rebindable) bindings in the settings."""
        intent = intent_of(self.app.settings.keys, event)
        if intent == "pass_or_done":
            self.primary()
            return True
        if intent == "cancel":
            if not self.cancel():
                self.leave()
            return True
        if intent == "undo":
            self.undo()
            return True
        if intent == "help":
            self.help = not self.help
            return True
        if intent == "scout" and self.selected:
            self.select(self.selected, "scout")
            return True
        return False

    def _on_motion(self, pos: tuple[int, int]) -> None:
        if self.box is not None:
            self.box = (self.box[0], pos)
        if self.drag is not None:
            self.drag.pos = pos
            if not self.drag.active:
                dx, dy = pos[0] - self.drag.start[0], pos[1] - self.drag.start[1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
                    self.drag.active = True
        if self.drag is not None and self.drag.active:
            # the zoom shows what is being carried, not what it passes over
            unit = self.unit(self.drag.ident) if self.drag.kind == "token" else None
            self.hover = ("unit", unit) if unit else ("card", self.drag.name)
            return
        self.hover = self._hover_target(pos)

    def _hover_target(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        sprite = self.renderer.sprite_at(pos)
        if sprite is not None:
            return ("unit", sprite.unit)
        hand = self.renderer.hand_at(pos)
        if hand is not None:
            return ("card", hand[2])
        sq = self.renderer.square_at(pos)
        if sq is not None:
            cell = self.renderer.cell(sq) or {}
            if cell.get("land") and cell.get("face_up"):
                return ("card", cell["land"])
        return None

    def _on_left_down(self, pos: tuple[int, int]) -> bool:
        if self.help:
            self.help = False
            return True
        if self.menu is not None:
            item = self.menu.item_at(pos)
            self.menu = None
            if item is not None and item.enabled:
                item.run()
            return True
        for rect, colour in self.colour_rects:
            if rect.collidepoint(pos):
                self.token_colour = colour
                return True
        answer = self.respond.hit(pos)
        if answer == "resolve":
            self.submit({"type": "pass"})
            return True
        if answer == "respond":
            self.respond.folded = True
            self.say("Respond: cast an instant, tap lands, or right-click for manual actions "
                     "(destroy a land...). Then press Let it resolve.")
            return True
        if answer == "inside":
            return True
        now = self.clock
        sprite = self.renderer.sprite_at(pos)
        sq = self.renderer.square_at(pos)
        # act on a highlighted square first (click-to-select, then click the destination)
        if sq is not None and sq in self.highlights:
            kind = self.highlights[sq]
            if kind == "place":
                self.submit({"type": "place_token", "at": list(sq), "color": self.token_colour})
                return True
            if self.selected and (sprite is None or sprite.id != self.selected):
                self.act_on_square(self.selected, sq)
                return True
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self._shift
        if sprite is not None and shift and self._is_movable_mine(sprite.id):
            self.toggle_group(sprite.id)
            self.drag = Drag("token", sprite.id, pos, pos,
                             (pos[0] - sprite.home[0], pos[1] - sprite.home[1]))
            return True
        if sprite is not None:
            unit = sprite.unit
            if unit.get("controller") == self.seat and (unit.get("moves") or unit.get("attacks")
                                                        or self.legal_of("scout", unit=sprite.id)):
                in_group = sprite.id in self.group
                self.select(sprite.id, keep_group=in_group)
                self.drag = Drag("token", sprite.id, pos, pos,
                                 (pos[0] - sprite.home[0], pos[1] - sprite.home[1]))
            else:
                self.select(None)
                self.pinned = ("unit", unit)
            return True
        hand = self.renderer.hand_at(pos)
        if hand is not None:
            index, cid, name = hand
            self.pinned = ("card", name)
            if self._hand_click(cid, name):
                return True
            double = self.last_click[1] == cid and now - self.last_click[0] <= DOUBLE_CLICK_S
            self.last_click = (now, cid)
            if double:
                self.last_click = (0.0, "")
                self.cast(cid, name)
                return True
            rect = self.renderer.hand_rects[index][0]
            self.drag = Drag("hand", cid, pos, pos, (pos[0] - rect.x, pos[1] - rect.y), name=name)
            return True
        if sq is not None:
            # a click (released without moving) taps the land; a drag draws a selection box
            self.box = (pos, pos)
            return True
        if self.selected is not None:
            self.select(None)
        return False

    def _hand_click(self, cid: str, name: str) -> bool:
        """Mulligan bottoms and discards are chosen by clicking hand cards."""
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and decision.get("player") == self.seat:
            need = self.mulligans_taken()
            if cid in self.bottom_pick:
                self.bottom_pick.remove(cid)
            elif need:
                self.bottom_pick.append(cid)
                self.bottom_pick = self.bottom_pick[-need:]
            else:
                self.say("No mulligan taken: Keep keeps all seven.")
            return True
        discards = self.legal_of("discard")
        if discards:
            for a in discards:
                if a.get("card") == cid:
                    self.submit(a)
                    return True
        return False

    def _on_left_up(self, pos: tuple[int, int]) -> bool:
        if self.box is not None:
            (x0, y0), _ = self.box
            self.box = None
            rect = pygame.Rect(min(x0, pos[0]), min(y0, pos[1]), abs(pos[0] - x0), abs(pos[1] - y0))
            if rect.w >= DRAG_THRESHOLD or rect.h >= DRAG_THRESHOLD:
                self.box_select(rect)
                return True
            sq = self.renderer.square_at((x0, y0))
            if sq is not None and not self.tap_land(sq, (x0, y0)):
                cell = self.renderer.cell(sq) or {}
                if cell.get("land"):
                    self.pinned = ("card", cell["land"])
                self.select(None)
            return True
        drag, self.drag = self.drag, None
        if drag is None:
            return False
        if not drag.active:
            return True
        if drag.kind == "hand":
            lay = self.renderer.layout
            if lay is not None and pos[1] < lay.own_hand.y:
                self.cast(drag.ident, drag.name)
            return True
        sq = self.renderer.square_at(pos)
        unit = self.unit(drag.ident)
        home_sq = _sq(unit.get("at")) if unit else None
        if sq is None or sq == home_sq:
            if sq is None and self.renderer.layout and \
                    self._over_opponent_panel(pos) and unit and unit.get("can_attack_player"):
                self.submit({"type": "attack", "unit": drag.ident, "target": "player"})
                return True
            self._end_drag_back(drag)
            return True
        result = self.act_on_square(drag.ident, sq)
        if result is None:
            # not highlighted: ask the engine why, so the message is the rules' own reason
            probe = self.session.submit(self.seat, self.move_action(drag.ident, sq))
            if probe.ok:  # the engine allowed something the view did not list: accept it
                self._autosave()
                self.settle()
                return True
            self.say(probe.reason or "You can't move there.")
            self._end_drag_back(drag)
        elif not result.ok:
            self._end_drag_back(drag)
        return True

    def _over_opponent_panel(self, pos: tuple[int, int]) -> bool:
        lay = self.renderer.layout
        return bool(lay and (lay.opp_panel.collidepoint(pos) or lay.opp_hand.collidepoint(pos)))

    def _end_drag_back(self, drag: Drag) -> None:
        if drag.kind == "token" and drag.active:
            self.glides.append(Glide(drag.ident, (drag.pos[0] - drag.offset[0],
                                                  drag.pos[1] - drag.offset[1])))

    def _on_right_down(self, pos: tuple[int, int]) -> bool:
        self.menu = None
        sprite = self.renderer.sprite_at(pos)
        if sprite is not None:
            self.unit_menu(sprite, pos)
            return True
        sq = self.renderer.square_at(pos)
        lay = self.renderer.layout
        if sq is not None or (lay and not lay.side.collidepoint(pos)):
            self.table_menu(pos, sq)
            return True
        return False

    # ------------------------------------------------------------------ animation
    def _animate(self, events: list[dict[str, Any]]) -> None:
        """Start cosmetic overlays for *events* (call before the view refresh)."""
        speed = self.app.settings.animation_speed
        if speed > 0:
            self.fx.from_events(events, self.renderer, self.seat)
        for e in events:
            if e.get("type") == "dice":
                self.dice = {"sides": e.get("sides", 6), "result": e.get("result"), "t": 0.0}
                if speed <= 0:
                    self.dice["t"] = 1.0

    def update(self, dt: float) -> None:
        self.clock += dt
        self.frames_since_change += 1
        speed = max(0.25, self.app.settings.animation_speed or 4.0)
        if self.message_t > 0:
            self.message_t = max(0.0, self.message_t - dt)
        for glide in self.glides:
            glide.t += dt * speed / GLIDE_S
        self.glides = [g for g in self.glides if g.t < 1.0]
        self.fx.update(dt, speed)
        if self.dice is not None:
            self.dice["t"] += dt * speed
            if self.dice["t"] > 2.2:
                self.dice = None

    # ------------------------------------------------------------------ buttons
    def _update_buttons(self) -> None:
        if not self.buttons:
            return
        types = {a["type"] for a in self.legal}
        decision = self.view.get("decision") or {}
        mull = decision.get("kind") == "mulligan" and decision.get("player") == self.seat
        for key in ("keep", "mulligan"):
            self.buttons[key].show() if mull else self.buttons[key].hide()
        if mull:
            self.buttons["pass"].hide()
        else:
            self.buttons["pass"].show()
        phase = self.view.get("phase")
        label = "Pass"
        if self.view.get("pending"):
            label = "Let it resolve"
        elif phase == "main":
            label = "End turn  »"
        elif phase in ("upkeep", "draw"):
            label = "Next step  »"
        elif phase == "end":
            label = "Pass the turn  »"
        hint = self.app.settings.keys.get("pass_or_done", "")
        self.buttons["pass"].set_text(f"{label}   [{hint}]" if "pass" in types and hint else label)
        for key in ("pass", "done_moving", "done_attacking"):
            btn = self.buttons[key]
            btn.enable() if key in types else btn.disable()
        can_undo = self.hotseat and self.session.can_undo() and bool(self.session.actions) and \
            self.session.actions[-1]["seat"] == self.seat
        self.buttons["undo"].enable() if can_undo else self.buttons["undo"].disable()

    # ------------------------------------------------------------------ draw
    def prompt(self) -> str:
        v = self.view
        if v.get("game_over"):
            return "The game is over."
        decision = v.get("decision") or {}
        types = {a["type"] for a in self.legal}
        if decision.get("kind") == "place_token":
            if decision.get("player") == self.seat:
                return "Choose a colour, then click a lit square on your home row for your 1/1 token."
            return "Waiting for the opponent to place a token."
        if decision.get("kind") == "mulligan":
            need = self.mulligans_taken()
            if need:
                return (f"Keep or mulligan. To keep, first click {need} card(s) to put on the "
                        f"bottom ({len(self.bottom_pick)} chosen).")
            return "Keep these seven cards, or mulligan (shuffle and draw a new hand)?"
        if "discard" in types:
            return "Discard down to seven: click a card in your hand."
        if v.get("pending") and "pass" in types:
            return "Your opponent acted: respond with an instant, or let it resolve."
        if v.get("attacking"):
            return "Attacking: drag another attacker onto an enemy, or press Done attacking."
        if self.selected and self.mode == "scout":
            return "Click a lit face-down land to scout it (Esc cancels)."
        if self.selected:
            return "Drag or click: green = move, red = attack. Right-click for more."
        if v.get("phase") == "main" and v.get("active") == self.seat:
            return ("Drag a creature to move. Click lands to tap for mana; double-click a card "
                    "to cast. Right-click for scout and more.")
        keys = self.app.settings.keys
        return (f"{keys.get('pass_or_done', 'space').capitalize()} passes. Right-click for table "
                f"actions; {keys.get('help', 'f1').upper()} for rules help.")

    def draw(self, surface: pygame.Surface) -> None:
        r = self.renderer
        r.prepare(self.app.size)
        r.draw_static(surface)
        lay = r.layout
        assert lay is not None
        pal, fonts = self.app.palette, self.app.fonts
        cw, ch = lay.cell
        # lands the seat can tap right now: a golden corner mark
        if not self.highlights:
            for sq in self.tappable():
                rect = r.square_rect(sq)
                spot = (rect.x + 15, rect.bottom - 15)
                pygame.draw.circle(surface, pal.tap, spot, 8)
                pygame.draw.circle(surface, (20, 20, 20), spot, 8, 2)
        for sq, kind in self.highlights.items():
            rect = r.square_rect(sq)
            surface.blit(r.tile(kind, (cw - 2, ch - 2)), (rect.x + 1, rect.y + 1))
        # tokens
        moving = self.moving_ids()
        gliding = {g.unit: g for g in self.glides}
        self.fx.draw_under(surface)
        for uid, sprite in r.sprites.items():
            if uid in moving:
                continue
            glide = gliding.get(uid)
            if glide is not None:
                t = 1 - (1 - glide.t) ** 3
                cx = glide.start[0] + (sprite.home[0] - glide.start[0]) * t
                cy = glide.start[1] + (sprite.home[1] - glide.start[1]) * t
                r.draw_sprite(surface, sprite, (int(cx), int(cy)))
                continue
            if uid == self.selected or uid in self.group:
                pygame.draw.circle(surface, pal.select, sprite.home, sprite.radius + 5,
                                   3 if uid == self.selected else 2)
            r.draw_sprite(surface, sprite, self.fx.offset(uid, sprite.home) if self.fx.lunges
                          else None)
        if self.fx.lunges:
            self.fx.draw_under(surface, lunging=True)
        # hand: mulligan picks
        for rect, cid, _ in r.hand_rects:
            if cid in self.bottom_pick:
                pygame.draw.rect(surface, pal.warn, rect.inflate(6, 6), 3, border_radius=8)
                t = fonts.text("bottom", 12, pal.warn, True)
                surface.blit(t, t.get_rect(midbottom=(rect.centerx, rect.y - 1)))
        hand_hover = r.hand_at(self._mouse) if self.drag is None else None
        if hand_hover is not None:
            rect = r.hand_rects[hand_hover[0]][0]
            pygame.draw.rect(surface, pal.accent, rect.inflate(4, 4), 2, border_radius=8)
        self._draw_status(surface)
        self._draw_preview(surface)
        self.fx.draw_over(surface, fonts)
        if self.dice is not None:
            self._draw_dice(surface)
        if self.drag is not None and self.drag.active:
            pos = (self.drag.pos[0] - self.drag.offset[0], self.drag.pos[1] - self.drag.offset[1])
            if self.drag.kind == "token":
                lead = r.sprites.get(self.drag.ident)
                for uid in moving:
                    sprite = r.sprites.get(uid)
                    if sprite and lead and uid != lead.id:
                        r.draw_sprite(surface, sprite, (pos[0] + sprite.home[0] - lead.home[0],
                                                        pos[1] + sprite.home[1] - lead.home[1]),
                                      lifted=True)
                if lead:
                    r.draw_sprite(surface, lead, pos, lifted=True)
            else:
                face = self.app.images.face(self.drag.name, self.info.get(self.drag.name),
                                            lay.hand_card)
                surface.blit(face, pos)
        if self.respond.showing and self.renderer.layout is not None:
            self.respond.draw(surface, self.app, self.renderer.layout.opp_staging, self._mouse)
        if self.box is not None:
            (x0, y0), (x1, y1) = self.box
            box = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            if box.w >= DRAG_THRESHOLD or box.h >= DRAG_THRESHOLD:
                pygame.draw.rect(surface, pal.select, box, 2, border_radius=4)
        if self.menu is not None:
            self.menu.draw(surface, self.app, self._mouse)
        if self.help:
            self._draw_help(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay = self.renderer.layout
        assert lay is not None
        pal, fonts = self.app.palette, self.app.fonts
        box = lay.status
        y = box.y + 6
        # The text stops above the topmost widget in the column (the buttons are stacked from
        # the bottom; a subclass may add more, e.g. the LAN table's chat line).
        limit = min((wd.rect.y for wd in self.widgets if box.colliderect(wd.rect)),
                    default=box.bottom) - self.app.px(6)
        head = fonts.fit(self.renderer.phase_text(), 15, pal.accent, box.w, bold=True)
        surface.blit(head, (box.x, y))
        y += head.get_height() + 2
        you = fonts.fit(f"You are {self.view['players'][self.seat]['name']}", 13,
                        pal.seat[self.seat % 2], box.w, bold=True)
        surface.blit(you, (box.x, y))
        y += you.get_height() + 8
        line_h = fonts.font(13).get_linesize()
        lines = fonts.wrap(self.prompt(), 13, box.w)
        # The token-colour chooser goes below the prompt, or, when they don't both fit above
        # the buttons, at the bottom of the text area: the prompt is cut short, not the chooser.
        self.colour_rects = []
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "place_token" and decision.get("player") == self.seat:
            px, n = self.app.px, len(COLOURS)
            gap = px(6)
            d = max(12, min(px(26), (box.w - px(4) - (n - 1) * gap) // n))
            cap = fonts.fit("Token colour:", 12, pal.text_dim, box.w)
            top = min(max(y, limit - d - px(4) - cap.get_height() - px(2)),
                      y + len(lines) * line_h + px(8))
            limit = top - px(6)
            surface.blit(cap, (box.x, top))
            row = top + cap.get_height() + px(2)
            for i, colour in enumerate(COLOURS):
                rect = pygame.Rect(box.x + px(3) + i * (d + gap), row, d, d)
                sym = self.app.images.mana_symbol(colour or "C", d)
                surface.blit(sym, rect)
                if colour == self.token_colour:
                    pygame.draw.circle(surface, pal.select, rect.center, d // 2 + px(2), 2)
                self.colour_rects.append((rect, colour))
        room = max(0, (limit - y) // line_h)
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = lines[-1].rstrip(" .,;:") + " …"
        for line in lines:
            surface.blit(fonts.fit(line, 13, pal.text, box.w), (box.x, y))
            y += line_h
        if self.message_t > 0 and self.message:
            y += 10
            alpha_col = pal.warn
            for line in fonts.wrap(self.message, 13, box.w - 12)[:5]:
                if y + line_h > limit:
                    break
                t = fonts.fit(line, 13, alpha_col, box.w - 12, bold=True)
                surface.blit(t, (box.x + 6, y))
                y += line_h

    def _draw_preview(self, surface: pygame.Surface) -> None:
        lay = self.renderer.layout
        assert lay is not None
        target = self.hover or self.pinned
        pal, fonts = self.app.palette, self.app.fonts
        box = lay.preview
        if target is None:
            pygame.draw.rect(surface, pal.bg, box, border_radius=12)
            pygame.draw.rect(surface, pal.bg_panel_hi, box, 2, border_radius=12)
            for i, line in enumerate(("Hover a card or token", "to see it here.",
                                      "Click to pin it.")):
                t = fonts.text(line, 13, pal.text_dim)
                surface.blit(t, t.get_rect(center=(box.centerx, box.centery - 20 + i * 20)))
            return
        kind, data = target
        if kind == "unit":
            name = data.get("name", "?")
            pt = (data.get("power"), data.get("toughness"))
            face = self.app.images.face(name, self.info.get(name), box.size, pt=pt)
        else:
            face = self.app.images.face(data, self.info.get(data), box.size)
        surface.blit(face, box.topleft)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        assert self.dice is not None
        lay = self.renderer.layout
        assert lay is not None
        t = self.dice["t"]
        sides = self.dice["sides"]
        rolling = t < 0.7
        value = random.randint(1, sides) if rolling else self.dice["result"]
        size = 90
        centre = lay.board.center
        angle = (1 - min(1.0, t / 0.7)) * 540
        die = pygame.Surface((size, size), pygame.SRCALPHA)
        col = (240, 236, 224) if sides == 6 else (200, 60, 60)
        if sides == 6:
            pygame.draw.rect(die, col, (4, 4, size - 8, size - 8), border_radius=14)
            pygame.draw.rect(die, (30, 30, 30), (4, 4, size - 8, size - 8), 3, border_radius=14)
        else:
            pts = [(size / 2 + math.cos(math.pi / 3 * k + math.pi / 6) * (size / 2 - 4),
                    size / 2 + math.sin(math.pi / 3 * k + math.pi / 6) * (size / 2 - 4))
                   for k in range(6)]
            pygame.draw.polygon(die, col, pts)
            pygame.draw.polygon(die, (30, 30, 30), pts, 3)
        ink = (20, 20, 20) if sides == 6 else (255, 255, 255)
        label = self.app.fonts.text(str(value), 36, ink, True)
        die.blit(label, label.get_rect(center=(size // 2, size // 2)))
        rot = pygame.transform.rotate(die, angle) if rolling else die
        surface.blit(rot, rot.get_rect(center=centre))
        if not rolling:
            cap = self.app.fonts.text(f"d{sides}: {value}", 16, self.app.palette.accent, True)
            surface.blit(cap, cap.get_rect(midtop=(centre[0], centre[1] + size // 2 + 6)))

    def _draw_help(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        shade(surface, 215)
        fonts, pal = self.app.fonts, self.app.palette
        from frontier_desktop.ui.keys import INTENT_LABELS

        keys = "  ·  ".join(f"{label}: {self.app.settings.keys.get(intent, '')}"
                           for intent, label in INTENT_LABELS.items())
        lines = HELP_TEXT.strip("\n").replace("{keys}", keys).splitlines()
        # wrapped to the design frame, centred vertically in the window
        frame, px = self.app.frame, self.app.px
        width = frame.w - px(60)
        rows: list[tuple[str, int, bool]] = []
        for line in lines:
            bold = line.startswith("#")
            size = 18 if bold else 14
            rows.extend((part, size, bold) for part in fonts.wrap(line.lstrip("# "), size, width,
                                                                   bold))
        height = sum(fonts.font(size, bold).get_linesize() + (px(6) if bold else px(1))
                     for _, size, bold in rows)
        y = max(px(8), (h - height) // 2)
        for text, size, bold in rows:
            t = fonts.fit(text, size, pal.accent if bold else pal.text, width, bold)
            surface.blit(t, (frame.x + px(30), y))
            y += fonts.font(size, bold).get_linesize() + (px(6) if bold else px(1))


HELP_TEXT = """
# Frontier Magic — quick rules (F1 or Esc closes)
The lands of both decks form the board, face down. Your home row is the bottom row.
Your turn: untap, upkeep, draw, main phase, end. Moving, scouting and attacking happen in the main phase.
# Moving
Drag a creature one square N/S/E/W (lit green). Each creature moves once a turn; finish all moves before anything else.
Flying: two squares in a line. Landwalk: a straight line through lands of that type. Shadow: through occupied squares.
Entering a face-down land flips it. New creatures wait a turn in the staging row, then step onto your home row.
# Scouting and mana
Right-click a creature, Scout: tap it to flip a face-down land next to it.
Click a face-up land under one of your creatures to tap it for mana; a land next to one is tapped by tapping that creature.
Lands marked with a gold dot can be tapped now. Double-click a card in your hand (or drag it up) to cast it.
# Attacking
Drag a creature onto an adjacent enemy (lit red) to attack it. From the opponent's home row, drop it on their panel
(or right-click, Attack the player). Attacks resolve one at a time; press Done attacking when finished.
Terrain bonus: +1/+1 on a land of the creature's colour, +1/+1 more per matching face-up neighbour (shown in green).
# Keys
{keys}
"""
