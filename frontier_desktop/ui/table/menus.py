"""The table's drawn pop-up menus (right-click and the Game menu)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost
    from frontier_desktop.ui.scenes.table import TableScene
    from frontier_desktop.ui.table.render import Square, TokenSprite


_SYMBOL = re.compile(r"\{([^}]+)\}")
MANA_BY_HAND = ("W", "U", "B", "R", "G", "C")
"""The kinds of mana the table menu's "Add mana by hand" offers."""


def symbol_text(host: UIHost, label: str, size: int, colour: tuple[int, int, int]
                ) -> pygame.Surface:
    """*label* with each mana symbol (``{G}``, ``{2}``, ``{T}``) drawn as the table draws
    costs: a coloured disc in the line."""
    fonts = host.fonts
    parts = _SYMBOL.split(label)
    if len(parts) == 1:
        return fonts.text(label, size, colour)
    d = fonts.font(size).get_height() - 2
    pieces: list[pygame.Surface] = []
    for i, part in enumerate(parts):
        if i % 2:
            pieces.append(host.images.mana_symbol(part, d))
        elif part:
            pieces.append(fonts.text(part, size, colour))
    w = sum(p.get_width() for p in pieces) + len(pieces)
    h = max(p.get_height() for p in pieces)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    x = 0
    for p in pieces:
        out.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width() + 1
    return out


@dataclass
class MenuItem:
    label: str
    run: Callable[[], None]
    enabled: bool = True


class ContextMenu:
    """A small drawn pop-up list (right-click)."""

    def __init__(self, host: UIHost, pos: tuple[int, int], items: list[MenuItem],
                 title: str = "") -> None:
        self.items = items
        self.title = title
        fonts = host.fonts
        width = max([symbol_text(host, i.label, 14, (0, 0, 0)).get_width() for i in items] +
                    [fonts.text(title, 12, (0, 0, 0), True).get_width()]) + 28
        self.row_h = fonts.font(14).get_linesize() + 8
        head = self.row_h if title else 0
        self.rect = pygame.Rect(pos[0], pos[1], width, head + self.row_h * len(items) + 8)
        self.rect.clamp_ip(pygame.Rect((0, 0), host.size))
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

    def draw(self, surface: pygame.Surface, host: UIHost, mouse: tuple[int, int]) -> None:
        pal, fonts = host.palette, host.fonts
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
            t = symbol_text(host, item.label, 14, colour)
            surface.blit(t, t.get_rect(midleft=(r.x + 10, r.centery)))


def _rules_say(view: Any, switch: str) -> bool:
    """A manual-action switch of the variant the table plays (``rules/core/manual.py``, e.g.
    ``may_change_life_by_hand``); True for a variant without it (Army Magic)."""
    from frontier_desktop.rules.variants import find_variant

    try:
        rules = find_variant(str((view or {}).get("variant") or "frontier"))
    except (KeyError, ValueError):
        return True
    return bool(getattr(rules, switch, True))


MANUAL_UNIT_ACTIONS: tuple[tuple[str, Callable[[str], dict[str, Any]]], ...] = (
    ("Tap (manual)", lambda uid: {"type": "manual_tap", "target": uid}),
    ("Untap (manual)", lambda uid: {"type": "manual_untap", "target": uid}),
    ("+1/+1 counter", lambda uid: {"type": "counters", "unit": uid, "kind": "+1/+1", "delta": 1}),
    ("-1/-1 counter", lambda uid: {"type": "counters", "unit": uid, "kind": "-1/-1", "delta": 1}),
    ("+3/+3 until end of turn", lambda uid: {"type": "pt_change", "unit": uid, "power": 3,
                                              "toughness": 3}),
    ("Regeneration shield", lambda uid: {"type": "regenerate", "unit": uid}),
    ("Destroy", lambda uid: {"type": "destroy", "unit": uid}),
)
"""The manual fixes on any unit (a player applies what the rules module doesn't know)."""


class TableMenus:
    """What the table's pop-up menus offer; a chosen item submits or selects on the scene."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def discard(self, cid: str, name: str, pos: tuple[int, int]) -> bool:
        """A right-click on a hand card while a discard is due: "Discard NAME" (as a click
        does); False when no discard of that card is legal."""
        from frontier_desktop.ui.table.intents import discard_of

        s = self.scene
        action = discard_of(s.legal_of("discard"), cid, name)
        if action is None:
            return False
        s.menu = ContextMenu(s.app, pos, [MenuItem(f"Discard {name}",
                                                   lambda: s.submit(dict(action)))], name)
        return True

    def cast(self, name: str, options: list[dict[str, Any]], pos: tuple[int, int]) -> None:
        """Several ways to cast *name* (targets): one line each."""
        s = self.scene
        items = []
        for a in options:
            target = a.get("target")
            label = f"Cast {name}"
            if target is not None:
                label += " on " + (s.names.unit(target) if isinstance(target, str)
                                   else f"land r{target[0] + 1}c{target[1] + 1}")
            elif a.get("targets"):  # issue 12: the engine's targets (words: _stack_target)
                from frontier_desktop.ui.table.words import _and, _stack_target

                label += " on " + _and([_stack_target(t, s.names) for t in a["targets"]])
            if a.get("x"):
                label += f" with X = {a['x']}"
            items.append(MenuItem(label, lambda a=a: s.submit(a)))
        s.menu = ContextMenu(s.app, pos, items, f"Cast {name}")

    def tap_land(self, options: list[dict[str, Any]], pos: tuple[int, int]) -> None:
        """Several ways to tap a land for mana (under a creature, via a neighbour, colours), its
        other abilities, and whether it stays tapped (storage lands)."""
        s = self.scene
        items = []
        for a in options:
            from frontier_desktop.ui.table.words import _stack_target

            items.append(MenuItem(tap_land_label(a, s.names.unit,
                                                 lambda t: _stack_target(t, s.names)),
                                  lambda a=a: s.submit(a)))
        s.menu = ContextMenu(s.app, pos, items, "Tap land")

    def unit(self, sprite: TokenSprite, pos: tuple[int, int]) -> None:
        """The right-click menu of a unit: the variant's entries, then the manual fixes."""
        s = self.scene
        unit = sprite.unit
        uid = sprite.id
        items: list[MenuItem] = []
        card = s.info.get(str(unit.get("name", "")))
        abilities = card.activated if card is not None else ()
        entries = s.presentation.unit_menu(unit, s.seat, s.legal, abilities)
        targeted: dict[Any, list[dict[str, Any]]] = {}
        for entry in entries:
            a = entry.action or {}
            if a.get("type") == "activate" and a.get("targets") and entry.enabled:
                targeted.setdefault(a.get("ability", 0), []).append(dict(a))
        offered: set[Any] = set()
        for entry in entries:
            a = entry.action or {}
            k = a.get("ability", 0)
            if a.get("type") == "activate" and k in targeted and k not in offered:
                # issue 12: choose the target on the board (the lines below stay a fallback)
                offered.add(k)
                options = targeted[k]
                label = "Choose a target on the board…" if len(targeted) == 1 else \
                    f"Choose a target on the board (ability {int(k) + 1})…"
                items.append(MenuItem(
                    label, lambda o=options, k=k: self.target_ability(
                        uid, str(unit.get("name", "")), o, k)))
            if entry.mode is not None:
                run: Callable[[], None] = lambda m=entry.mode: s.select(uid, m)
            else:
                run = lambda a=dict(entry.action or {}): s.submit(a)
            label = entry.label
            if entry.action and entry.action.get("targets"):  # issue 12: one entry a target
                from frontier_desktop.ui.table.words import _and, _stack_target

                label += " on " + _and([_stack_target(t, s.names)
                                        for t in entry.action["targets"]])
            items.append(MenuItem(label, run, entry.enabled))
        for label, make in MANUAL_UNIT_ACTIONS:
            items.append(MenuItem(label, lambda a=make(uid): s.submit(a)))
        s.menu = ContextMenu(s.app, pos, items, unit.get("name", ""))

    def target_ability(self, uid: str, name: str, options: list[dict[str, Any]],
                       ability: int) -> None:
        """Enter targeting mode for a unit's ability; the target menu when it can't."""
        s = self.scene
        if not s.targeting.start(uid, name, options, ability=int(ability)):
            self.cast(name, options, s.input.mouse)

    def table(self, pos: tuple[int, int], sq: Square | None) -> None:
        """The right-click menu off the units: tap or destroy a land, dice, manual fixes."""
        s = self.scene
        items: list[MenuItem] = []
        if sq is not None:
            cell = s.renderer.cell(sq) or {}
            for a in s.tappable().get(sq, []):
                via = a.get("via")
                items.append(MenuItem("Tap for mana" + (f" via {s.names.unit(via)}" if via else ""),
                                      lambda a=a: s.submit(a)))
            if not s.presentation.cell_mark(cell):
                items.append(MenuItem("Destroy this land (manual)",
                                      lambda: s.confirm("Destroy this land?",
                                                        {"type": "destroy_land", "at":
                                                         list(sq) if isinstance(sq, tuple)
                                                         else sq})))
        items += [
            MenuItem("Roll a d6", lambda: s.submit({"type": "roll", "sides": 6})),
            MenuItem("Roll a d20", lambda: s.submit({"type": "roll", "sides": 20})),
            MenuItem("Add mana by hand  ›", lambda: self.mana_by_hand(pos)),
            MenuItem("Draw a card (manual)", lambda: s.submit({"type": "draw", "count": 1})),
        ]
        if _rules_say(s.view, "may_change_life_by_hand"):  # not where players have no life
            items += [
                MenuItem("Lose 1 life (manual)",
                         lambda: s.submit({"type": "life", "player": s.seat, "delta": -1})),
                MenuItem("Gain 1 life (manual)",
                         lambda: s.submit({"type": "life", "player": s.seat, "delta": 1})),
            ]
        items.append(MenuItem("Concede…",
                              lambda: s.confirm("Concede this game?", {"type": "concede"})))
        s.menu = ContextMenu(s.app, pos, items, "Table")

    def mana_by_hand(self, pos: tuple[int, int]) -> None:
        """The table menu's "Add mana by hand" submenu: one kind of mana to the pool."""
        s = self.scene
        items = [MenuItem(f"Add {{{m}}}", lambda m=m: s.submit({"type": "add_mana",
                                                                 "mana": f"{{{m}}}"}))
                 for m in MANA_BY_HAND]
        s.menu = ContextMenu(s.app, pos, items, "Add mana by hand")

    def game(self) -> None:
        """The Menu button: save, open a saved game, rules help, concede, leave."""
        s = self.scene
        btn = s.buttons.get("menu")
        # beside the side panel, so no button sits under the items (buttons get clicks first)
        pos = (btn.rect.right + 12, btn.rect.bottom) if btn is not None else s.input.mouse
        items = [MenuItem("Save game as…", s.files.save_as),
                 MenuItem("Open a saved game…", s.files.open_saved),
                 MenuItem("Rules help", lambda: setattr(s, "help", True))]
        if not s.view.get("game_over") and getattr(s, "lan", None) is None:
            # every variant takes a concession from the seat at the screen (LAN: Resign)
            name = (s.view.get("players") or [{}] * (s.seat + 1))[s.seat].get("name", "You")
            items.append(MenuItem(f"Concede ({name})…", lambda: s.confirm(
                f"{name}, concede this game?", {"type": "concede"})))
        items.append(MenuItem("Leave to the main menu…", s.leave))
        s.menu = ContextMenu(s.app, pos, items, "Game")
        s.menu.rect.bottomleft = (s.menu.rect.x, pos[1])
        s.menu.rect.clamp_ip(pygame.Rect((0, 0), s.app.size))


def tap_land_label(action: dict[str, Any], unit_name: Callable[[Any], str],
                   target_name: Callable[[Any], str] = str) -> str:
    """The menu line of one way to tap a land: who taps it and the mana it makes (a letter,
    or symbols for a land ability that makes more: "{R}{R}", a storage land's "{B}{B}"), or
    the land's other ability it uses ("Use ability 2 on the land at column 5, row 5")."""
    if action.get("type") == "keep_tapped":  # a storage land's "may choose not to untap"
        return ("Keep it tapped in your untap steps" if action.get("on", True)
                else "Let it untap in your untap steps")
    via = action.get("via")
    colour = action.get("color")
    what = "Tap for mana"
    if isinstance(action.get("ability"), int):
        what = f"Use ability {action['ability'] + 1}"
        targets = action.get("targets") or ()
        if targets:
            what += " on " + ", ".join(target_name(t) for t in targets)
    label = what + (f" by tapping {unit_name(via)}" if via else " (under your creature)")
    if isinstance(colour, str) and colour:
        label += f" — {colour}" if colour.startswith("{") else f" — {{{colour}}}"
    return label
