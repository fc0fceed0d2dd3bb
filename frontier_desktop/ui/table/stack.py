"""The stack beside the board: the spells and abilities waiting to resolve, whose they are,
arrows to their targets, and the decision that waits on them.

It sits in the side column over the top of the game log while the stack is not empty (or a
decision about it is pending). The player with priority gets "Respond…" (fold the choice away
and cast an instant, activate, tap lands) and "Let it resolve"; an "unless its controller
pays" gets "Pay {N}" / "Don't pay". Its lines and rectangles are laid out when the view
changes (:meth:`StackPanel.update`); drawing only blits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.words import _and, _stack_target, combat_window_words

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene


@dataclass
class StackLine:
    id: str
    text: str
    targets: list[Any]
    rect: pygame.Rect
    mine: bool


class StackPanel:
    """Where the stack's items and its buttons are, for the view of the seat at the screen."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.lines: list[StackLine] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.title = ""
        self.title_lines: list[pygame.Surface] = []
        self.buttons: list[tuple[pygame.Rect, str, dict[str, Any] | None]] = []
        """(rect, label, action) — action None: "Respond…" (fold, act, then Let it resolve)."""
        self.folded_key: str | None = None
        self._key: str | None = None
        self._size: tuple[int, int] = (0, 0)

    @property
    def showing(self) -> bool:
        return bool(self.lines or self.buttons or self.title_lines)

    def pending(self) -> dict[str, Any]:
        p = self.scene.view.get("pending") or {}
        return p if isinstance(p, dict) else {}

    def update(self) -> None:
        """Lay the panel out for the current view (call on every view change and resize)."""
        s = self.scene
        lay = s.renderer.layout
        self.lines, self.buttons = [], []
        self.title_lines: list[pygame.Surface] = []
        if lay is None:
            self._size = (0, 0)
            return
        self._size = s.app.size
        px = s.app.px
        stack = [i for i in (s.view.get("stack") or []) if isinstance(i, dict)]
        pending = self.pending()
        kind = pending.get("kind")
        mine = pending.get("seat") == s.seat or pending.get("responder") == s.seat
        window = kind == "priority" and pending.get("combat") is not None  # the War Game's
        if not stack and not ((kind in ("choice", "discard") or window) and mine):
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        fonts = s.app.fonts
        items: list[tuple[str, str, list[Any], bool]] = []
        for item in reversed(stack):  # the top of the stack first: it resolves first
            who = s.names.player(int(item.get("controller", 0)))
            card = item.get("card")
            name = card.get("name") if isinstance(card, dict) else str(card or "a spell")
            if item.get("kind") == "ability":
                name = f"{name}'s ability"
            elif item.get("kind") == "trigger":
                name = f"{name}'s triggered ability"
            targets = list(item.get("targets") or [])
            text = f"{name} ({who})"
            if targets:
                text += ", targeting " + _and([_stack_target(t, s.names) for t in targets])
            items.append((str(item.get("id")), text, targets, item.get("controller") == s.seat))
        title = "The stack (top resolves first)" if stack else "A decision"
        labels: list[tuple[str, dict[str, Any] | None]] = []
        if kind == "priority" and pending.get("responder") == s.seat and \
                pending.get("combat") is not None:  # the War Game's combat windows
            labels = [("Respond…", None), ("Go on", {"type": "pass"})]
            title = combat_window_words(pending, s.names) + "?"
        elif kind == "priority" and pending.get("responder") == s.seat:
            labels = [("Respond…", None), ("Let it resolve", {"type": "pass"})]
            title = "Respond? " + title
        elif kind == "choice" and pending.get("seat") == s.seat and \
                pending.get("by") == "stronghold":
            # the War Game: the attacked stronghold's owner taps one attacker (or none); the
            # attackers are all one player's: their names alone (no "Ann's", cut at 960x600)
            labels = [(f"Tap {s.names.units.get(o, 'an attacker')}",
                       {"type": "tap_attacker", "unit": o})
                      for o in pending.get("options") or [] if isinstance(o, str)]
            labels.append(("Tap none", {"type": "pass"}))
            title = "Your stronghold is attacked: tap one attacker (it deals no damage)"
        elif kind == "choice" and pending.get("seat") == s.seat and \
                pending.get("by") == "origin":
            # the War Game: the one terrain a triggered whole-table ability affects, in words
            # (also a click on a lit place of the board)
            words = [str(w) for w in pending.get("words") or []]
            options = list(pending.get("options") or [])
            labels = [(_capital(w), {"type": "choose", "choice": o})
                      for w, o in zip(words, options)]
            title = f"{pending.get('card') or 'A card'}'s triggered ability affects one " \
                "terrain: choose it"
        elif kind == "choice" and pending.get("seat") == s.seat and pending.get("prompt"):
            # A choice among options in words (fx-oneshots: a source, a library's card, tap or
            # untap): one button each, answered by its index.
            options = [o for o in pending.get("options") or [] if isinstance(o, str)]
            labels = [(o, {"type": "choose", "choice": i}) for i, o in enumerate(options)]
            title = str(pending["prompt"])
        elif kind == "choice" and pending.get("seat") == s.seat:
            amount = pending.get("amount", 0)
            cost = pending.get("cost") or f"{{{amount}}}"
            labels = [(f"Pay {cost}", {"type": "choose", "choice": "pay"}),
                      ("Don't pay", {"type": "choose", "choice": "decline"})]
            title = (f"{pending.get('by') or 'A spell'}: pay {cost} or "
                     f"{pending.get('card') or 'your spell'} is countered")
            if pending.get("prompt"):  # pay or sacrifice (fx_timing)
                title = f"{pending.get('card')}: {pending.get('prompt')}"
        elif kind == "targets":
            what = f"{pending.get('card') or 'A card'}'s triggered ability"
            if pending.get("seat") == s.seat:
                texts = [str(t) for t in pending.get("texts") or []]
                title = f"{what}: click " + (_and(texts) if texts else "its targets")
            else:
                title = f"{what}: {s.names.player(pending.get('seat'))} chooses its targets"
        elif kind == "discard" and pending.get("seat") == s.seat:
            count = int(pending.get("count") or 1)
            picked = len(s.local.discard_pick)
            title = (f"{pending.get('by') or 'A spell'}: click {count} card"
                     f"{'s' if count != 1 else ''} in your hand to discard "
                     f"({picked} of {count})")
        x, w = lay.log.x, lay.log.w
        fitted = fonts.whole_lines(title, 13, w - px(12), True, max_lines=3)
        size, lines = fitted if fitted is not None else (13, [title])
        self.title_lines = [fonts.fit(ln, size, s.app.palette.accent, w - px(12), True)
                            for ln in lines]
        self.title = title
        y = lay.log.y + px(6) + sum(t.get_height() for t in self.title_lines) + px(4)
        row = fonts.font(13).get_linesize() + px(8)
        for ident, text, targets, mine_item in items:
            self.lines.append(StackLine(ident, text, targets, pygame.Rect(x, y, w, row),
                                        mine_item))
            y += row + px(2)
        bh = px(30)
        if labels:
            bw = (w - px(6)) // 2
            font = fonts.font(13, True)
            per_row = 2 if all(font.size(label)[0] <= bw - px(8) for label, _ in labels) else 1
            if per_row == 1:  # a label too long for half the width: one to a row
                bw = w
            y += px(4)
            for i, (label, action) in enumerate(labels):  # two to a row
                row_y = y + (i // per_row) * (bh + px(4))
                self.buttons.append((pygame.Rect(x + (i % per_row) * (bw + px(6)), row_y, bw,
                                                 bh), label, action))
            y += ((len(labels) + per_row - 1) // per_row) * (bh + px(4)) - px(4)
        self.rect = pygame.Rect(x - px(4), lay.log.y, w + px(8), y - lay.log.y + px(6))
        # at the foot of the log column: the zoom's band sits at its head
        shift = max(0, lay.log.bottom - self.rect.bottom)
        self.rect.move_ip(0, shift)
        for line in self.lines:
            line.rect.move_ip(0, shift)
        self.buttons = [(r.move(0, shift), label, a) for r, label, a in self.buttons]

    def item_at(self, pos: tuple[int, int]) -> str | None:
        for line in self.lines:
            if line.rect.collidepoint(pos):
                return line.id
        return None

    def rect_of(self, item_id: str) -> pygame.Rect | None:
        for line in self.lines:
            if line.id == item_id:
                return line.rect
        return None

    def click(self, pos: tuple[int, int]) -> bool:
        s = self.scene
        for rect, label, action in self.buttons:
            if rect.collidepoint(pos):
                if action is None:
                    s.say("Respond: cast an instant or activate an ability (tap lands for "
                          "mana first if you like), then press Let it resolve.")
                else:
                    s.submit(action)
                return True
        return self.rect.collidepoint(pos) and self.showing

    def arrows(self) -> list[tuple[tuple[int, int], tuple[int, int], bool]]:
        """(from, to, mine) for every item's targets that are on the screen."""
        out = []
        for line in self.lines:
            start = (line.rect.x, line.rect.centery)
            for target in line.targets:
                rect = self.scene.targeting.rect_of(target)
                if rect is not None and rect != line.rect:
                    out.append((start, rect.center, line.mine))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene
        if s.app.size != self._size:
            self.update()
        if not self.showing:
            return
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        mouse = s.input.mouse
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(3, 5), border_radius=8)
        pygame.draw.rect(surface, pal.bg_panel_hi, self.rect, border_radius=8)
        pygame.draw.rect(surface, pal.accent, self.rect, 2, border_radius=8)
        y = self.rect.y + px(6)
        for t in self.title_lines:
            surface.blit(t, (self.rect.x + px(8), y))
            y += t.get_height()
        for line in self.lines:
            colour = pal.text if line.mine else pal.warn
            if line.rect.collidepoint(mouse):
                pygame.draw.rect(surface, pal.bg_panel, line.rect, border_radius=5)
            pygame.draw.circle(surface, colour, (line.rect.x + px(6), line.rect.centery), px(4))
            t = fonts.fit(line.text, 13, pal.text, line.rect.w - px(16))
            surface.blit(t, t.get_rect(midleft=(line.rect.x + px(14), line.rect.centery)))
        for start, end, mine in self.arrows():
            _arrow(surface, pal.accent if mine else pal.warn, start, end, px(3))
        for rect, label, action in self.buttons:
            primary = action is not None and action.get("type") in ("pass", "choose") and \
                label != "Don't pay"
            fill = pal.accent if primary else pal.bg_panel
            if rect.collidepoint(mouse):
                fill = tuple(min(255, c + 25) for c in fill)
            pygame.draw.rect(surface, fill, rect, border_radius=7)
            pygame.draw.rect(surface, pal.accent, rect, 1, border_radius=7)
            t = fonts.fit(label, 13, pal.bg if primary else pal.text, rect.w - px(8), True)
            surface.blit(t, t.get_rect(center=rect.center))


def _capital(text: str) -> str:
    """*text* with its first letter a capital ("the Plains at …" → "The Plains at …")."""
    return text[:1].upper() + text[1:]


def _arrow(surface: pygame.Surface, colour: Any, start: tuple[int, int], end: tuple[int, int],
           width: int) -> None:
    """A line from *start* to *end* with a head at *end*."""
    v = pygame.math.Vector2(end[0] - start[0], end[1] - start[1])
    if v.length() < 4:
        return
    pygame.draw.line(surface, colour, start, end, width)
    head = v.normalize() * 14
    left, right = head.rotate(155), head.rotate(-155)
    pygame.draw.polygon(surface, colour, [end, (end[0] + left.x, end[1] + left.y),
                                          (end[0] + right.x, end[1] + right.y)])
