"""Help: the rules of each variant in our own words with small diagrams, the controls, LAN
play, and the welcome again. From the main menu's Help button and F1.

A topic is a list of blocks (headings, paragraphs, diagrams, key rows) laid out once into a
tall surface when the topic or the window changes; the frame only blits the visible part, so
the mouse wheel and the arrow keys scroll it without any layout per frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

Block = tuple[str, Any]
"""("h", heading) / ("p", paragraph) / ("diagram", name) / ("keys", [(what, how)])."""

FRONTIER: list[Block] = [
    ("h", "Frontier Magic"),
    ("p", "Two players, 20 life, normal Magic decks — but the lands are not in your deck: "
          "the lands of both decks are shuffled and laid face down as the board, five rows "
          "deep. Your home row is the one nearest you; each player starts with a 1/1 token on "
          "a land of their home row. Reduce your opponent to 0 life to win."),
    ("h", "Your turn"),
    ("p", "Untap, upkeep, draw, main phase, end. Moving, scouting and attacking all happen in "
          "the main phase. You untap only the lands you tapped yourself."),
    ("h", "Moving"),
    ("p", "Each creature may move one square north, south, east or west once a turn; once you "
          "have moved one, finish all your moves before doing anything else. Stepping onto a "
          "face-down land turns it face up. A square holds one creature. New creatures wait "
          "one turn in your staging row, then step onto your home row."),
    ("diagram", "flying"),
    ("p", "Flying: jump exactly two squares in a straight line, over a creature, a face-down "
          "land or a hole (the land jumped over stays face down). Landwalk: run in a straight "
          "line through lands of that type. Shadow: slip through occupied squares to the "
          "first empty one."),
    ("h", "Scouting and mana"),
    ("p", "Scout: tap a creature to turn face up a face-down land next to it. Mana: tap a "
          "face-up land under one of your creatures for free, or tap a creature to tap a "
          "land next to it (not one under an enemy creature)."),
    ("h", "Attacking"),
    ("p", "Attack an enemy creature next to yours: there are no blockers, the creature "
          "attacked fights back. From the opponent's home row, attack the player. Attacks "
          "are made one at a time; then say Done attacking."),
    ("diagram", "terrain"),
    ("p", "Terrain bonus: an untapped creature standing on a land of its colour gets +1/+1, "
          "and +1/+1 more for each face-up land of that colour next to it (not under an "
          "enemy). Face-down lands and holes never count. A creature tapped by its own attack "
          "keeps the bonus for the turn; tapped any other way, it loses it."),
    ("p", "Trample carries extra damage to the creature beyond the defender (or the player "
          "from their home row). Banding creatures share a square and fight as one stack. "
          "At the table, F1 shows a short version of these rules."),
]

COMING: dict[str, list[Block]] = {
    "army": [
        ("h", "Army Magic"),
        ("p", "An army game on a board of lands: each player brings fifteen lands, one of "
              "them the home base with 20 life, and builds an army by points (the mana value "
              "of its spells, 100 by default) with a budget for rare cards. Some of the army "
              "starts in play on the home base. Units of creatures move or attack once a "
              "turn; spells and abilities reach only their land and the lands next to it. "
              "Bring the enemy home base to 0 to win."),
        ("p", "Play it hot-seat from New game → Army Magic (the screen shows each army's "
              "points and initial forces), or goldfish an army in the deck builder. A unit is "
              "drawn as a stack, its biggest creature on top with a count: click it to fan "
              "out its creatures. Drag the stack to move the whole unit, or one fanned-out "
              "creature (shift-click more) to move part of it; the lands it may go to light "
              "up. Moving onto a face-down land explores it: the movers tap and the land is "
              "yours, its die at 6. Drag onto a lit enemy land next to yours to attack it; "
              "the defender drags blockers onto the attackers, then Done blocking. A land "
              "brought to 0 life is captured; its defenders retreat to the land their player "
              "clicks."),
    ],
    "wargame": [
        ("h", "Magic: the War Game"),
        ("p", "Two to four players, no life points: take every stronghold. Fifteen basic "
              "lands lie face up as terrain, three rows of five; each player's stronghold "
              "sits beside one edge. Mana comes from a die rolled each turn (supply points "
              "that carry over), colour doesn't matter, and damage stays on creatures until "
              "healed. Creatures move one terrain a turn; islands and mountains slow them."),
        ("p", "A turn: untap, draw, roll the supply die, heal (1 supply per damage, at most "
              "2 a creature), move, fight, cast, discard to 8. Flyers also move diagonally; "
              "islands admit only flyers and islandhome creatures, which others carry across "
              "land; creatures that entered a mountain tap after moving. Where your creatures "
              "meet an enemy's, each side divides its untapped power among the other side's "
              "creatures, attacker first; a creature of the terrain's colour gets +1/+1. Cast "
              "creatures enter your stronghold (three at most). Stand alone in another "
              "player's stronghold at the end of a turn to take it; without your own you get "
              "no supply and cast no creatures."),
        ("p", "Position files (variant \"wargame\") set up any War Game situation for "
              "the position command, which prints the facts and applies actions to it."),
        ("p", "New game → Magic: the War Game, then 2, 3 or 4 players. Drag a creature to a "
              "lit place to move it; right-click a damaged one in the heal step to heal it "
              "with supply. Where creatures meet, each side drags its damage onto the "
              "opposing creatures (no more than kills each), then presses Done."),
    ],
    "conquering": [
        ("h", "Magic: the Conquering"),
        ("p", "Two to four players conquer areas of a small board of face-down basic lands "
              "around their strongholds: a 3x3 square for two, a triangle for three, 3x5 for "
              "four. Decks are one colour and have no lands: each turn you roll a die for mana "
              "of your colour, plus one mana for each area you hold. Creatures enter your "
              "stronghold, move to an adjacent area (the first to enter a face-down land "
              "turns it over and rolls its conquer value), and conquer an area when their "
              "power reaches that value. Hold more than half of the areas to win at once."),
        ("p", "Win at once by holding 5 of the 9 areas with two players, 7 of 12 with three, "
              "8 of 15 with four (strongholds don't count). A stronghold is conquered like an "
              "area, at 7: its owner's areas go neutral, they make no mana and conquer "
              "nothing but their own stronghold, and have five of their turns to retake it; "
              "they are out at once if their creatures' total power falls below 7."),
        ("h", "Hot-seat for two, three or four"),
        ("p", "New game → Magic: the Conquering, then 2, 3 or 4 players: each row is a "
              "player with a name and a deck (the sample decks, and your own decks saved by "
              "the deck builder). Each player has a marker in a colour and a shape, so that "
              "colour-blind players tell them apart: blue circle, orange square, green "
              "triangle, purple diamond. Every deck is checked when the game starts: an "
              "illegal one (lands, two colours, too many copies...) is refused with every "
              "reason listed; Change decks, or Play it anyway if the table agrees."),
        ("p", "Turns go clockwise. Between every turn, and whenever another player must "
              "decide (blocks against an attack, a response), a cover screen hides the table "
              "and says who takes the computer and why: \"Dale attacks the Swamp at A2: "
              "Theresa chooses blockers.\" Everyone else looks away; the player clicks the "
              "button or presses Enter (Space does nothing there, so a second press meant "
              "for the table can't show your hand to the player who just acted). After a "
              "hand-over nothing of another player's hand is shown."),
        ("p", "The left column says whose turn it is and who chooses now (\"You are "
              "Theresa: you choose blockers\"). With three or four players the panel at its "
              "top lists every other player clockwise: marker, name, hand and library, areas "
              "held of the number that wins, mana pool, and a lost stronghold's countdown or "
              "Eliminated; their hands show as card backs above the board. Your own panel "
              "shows your areas in large type. The log tells the game in sentences: \"Cy "
              "rolls a 4 for mana production\", \"Cy conquers the Swamp at C2 (conquer "
              "value 3)\", \"Ben has lost their stronghold to Ann: 5 turns to retake it\"."),
        ("p", "The game over panel names the winner, how they won, who was eliminated and "
              "each player's areas; Recent games lists every player of a saved game. From a "
              "terminal, frontier-desktop selfplay --variant conquering --players 3 lets "
              "three computer players play one out."),
    ],
}

LAN: list[Block] = [
    ("h", "Playing over the LAN"),
    ("p", "Both computers must be on the same network (the same Wi-Fi or cable). From the "
          "main menu choose LAN game, then your deck."),
    ("h", "Hosting"),
    ("p", "Press Host a game. The screen shows your address on this network, like "
          "192.168.1.20:47470: give it to your friend. If the port is in use (another game "
          "is hosted), close that one or choose another port. Your firewall may ask whether "
          "Frontier Desktop may accept connections: allow it on private networks."),
    ("h", "Joining"),
    ("p", "Type the host's address (HOST:PORT) and press Join, or press Find games on this "
          "network and pick the host from the list."),
    ("h", "During the game"),
    ("p", "The host's computer decides every rule; yours only ever receives what you may "
          "know. The shuffle seed is agreed by both computers, so neither can choose the "
          "board. If the connection drops the game pauses and reconnects by itself (or with "
          "Reconnect now); a host that restarts offers Resume last LAN game."),
    ("p", "From a terminal: frontier-desktop host --headless serves a game without a window, "
          "frontier-desktop join HOST:PORT joins one."),
]

MOUSE: list[tuple[str, str]] = [
    ("Drag a creature", "move it (green squares) or attack (red)"),
    ("Right-click", "a creature's or land's menu: scout, attack the player, abilities"),
    ("Click a land", "tap it for mana (a gold dot: it can be tapped now)"),
    ("Double-click a card", "cast it from your hand (or drag it up)"),
    ("Drag a box", "select a band of creatures on one square"),
    ("Click a card", "pin it in the preview (hovering shows it large)"),
    ("Mouse wheel", "scroll the game log"),
]

TOPICS: tuple[tuple[str, str], ...] = (
    ("frontier", "Frontier Magic"),
    ("army", "Army Magic"),
    ("wargame", "War Game"),
    ("conquering", "Conquering"),
    ("controls", "Controls"),
    ("lan", "LAN games"),
    ("welcome", "The welcome"),
)


class HelpScene(Scene):
    """Topics on the left, the chosen one on the right (scrolls); Esc, F1 or Close leaves."""

    name = "help"
    LEFT, TOP, BUTTON_W, BUTTON_H, GAP = 24, 64, 200, 38, 8
    CONTENT = (248, 56, 688, 528)
    """The content panel in design pixels (x, y, w, h)."""

    def __init__(self, app: App, topic: str = "frontier") -> None:
        super().__init__(app)
        self.topic = topic
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.close: pygame_gui.elements.UIButton | None = None
        self.scroll = 0
        self._page: pygame.Surface | None = None

    # ---------------------------------------------------------------- widgets
    def build(self) -> None:
        d = self.app.drect
        self.buttons = {}
        for i, (key, label) in enumerate(TOPICS):
            rect = d(self.LEFT, self.TOP + i * (self.BUTTON_H + self.GAP), self.BUTTON_W,
                     self.BUTTON_H)
            oid = "#menu_primary" if key == self.topic else "#menu_button"
            self.buttons[key] = pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                             object_id=oid)
        self.close = pygame_gui.elements.UIButton(
            d(self.LEFT, 600 - 16 - 40, self.BUTTON_W, 40), "Close", self.app.ui)
        self.widgets = [*self.buttons.values(), self.close]
        self._page = None

    def choose(self, topic: str) -> None:
        if topic == "welcome":
            from frontier_desktop.ui.scenes.welcome import WelcomeScene

            self.app.scenes.push(WelcomeScene(self.app))
            return
        self.topic, self.scroll = topic, 0
        self.clear_widgets()
        self.build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close:
                self.app.scenes.pop()
                return True
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.app.px(48))
            return True
        if event.type == pygame.KEYDOWN:
            from frontier_desktop.ui.keys import matches

            if event.key == pygame.K_ESCAPE or matches(self.app.settings.keys.get("help", "f1"),
                                                       event):
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(self.app.px(48 if event.key == pygame.K_DOWN else 400))
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-self.app.px(48 if event.key == pygame.K_UP else 400))
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            return True
        return False

    def scroll_by(self, amount: int) -> None:
        page = self.page()
        view = self.content_rect()
        limit = max(0, page.get_height() - view.h)
        self.scroll = max(0, min(limit, self.scroll + amount))

    # ---------------------------------------------------------------- content
    def content_rect(self) -> pygame.Rect:
        return self.app.drect(*self.CONTENT)

    def blocks(self) -> list[Block]:
        if self.topic == "frontier":
            return FRONTIER
        if self.topic == "controls":
            return controls_blocks(self.app.settings.keys)
        if self.topic == "lan":
            return LAN
        return COMING.get(self.topic, FRONTIER)

    def page(self) -> pygame.Surface:
        """The whole topic laid out at the current scale (cached until topic or size change)."""
        if self._page is None:
            self._page = render_blocks(self.app, self.blocks(), self.content_rect().w)
        return self._page

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        surface.fill(pal.bg)
        title = fonts.text("Help", 26, pal.accent, True)
        surface.blit(title, self.app.dpos(self.LEFT, 14))
        view = self.content_rect()
        pygame.draw.rect(surface, pal.bg_panel, view.inflate(px(8), px(8)),
                         border_radius=px(10))
        page = self.page()
        surface.blit(page, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        if page.get_height() > view.h:  # a scroll bar, and a hint while more is below
            bar_h = max(px(24), view.h * view.h // page.get_height())
            top = view.y + (view.h - bar_h) * self.scroll // max(1, page.get_height() - view.h)
            pygame.draw.rect(surface, pal.bg_panel_hi,
                             (view.right + px(2), view.y, px(5), view.h), border_radius=px(3))
            pygame.draw.rect(surface, pal.accent, (view.right + px(2), top, px(5), bar_h),
                             border_radius=px(3))
            if self.scroll < page.get_height() - view.h:
                fade = self._fade(view.w, px(28))
                surface.blit(fade, (view.x, view.bottom - fade.get_height()))
                hint = fonts.text("More below: mouse wheel or arrow keys", 13, pal.text_dim)
                surface.blit(hint, hint.get_rect(bottomright=(view.right, view.y - px(10))))

    def _fade(self, w: int, h: int) -> pygame.Surface:
        """The panel's colour fading in over the last *h* pixels (cached per size)."""
        key = (w, h, self.app.palette.bg_panel)
        if getattr(self, "_fade_key", None) != key:
            fade = pygame.Surface((w, h), pygame.SRCALPHA)
            r, g, b = self.app.palette.bg_panel
            for i in range(h):
                pygame.draw.line(fade, (r, g, b, 255 * (i + 1) // h), (0, i), (w, i))
            self._fade_key, self._fade_surf = key, fade
        return self._fade_surf


def controls_blocks(keys: dict[str, str]) -> list[Block]:
    from frontier_desktop.ui.keys import INTENT_LABELS

    rows = [(INTENT_LABELS.get(intent, intent), _key_words(binding))
            for intent, binding in keys.items() if binding]
    return [("h", "Keyboard"),
            ("keys", rows),
            ("p", "Keys can be changed in Settings. Esc also closes menus and dialogs; Ctrl+S "
                  "saves a deck in the deck builder."),
            ("h", "Mouse"),
            ("keys", MOUSE),
            ("p", "In hot-seat games a cover hides the table when the computer passes to "
                  "another player: click \"I am …: show my table\" or press Enter (not Space).")]


def _key_words(binding: str) -> str:
    """``ctrl+z`` → ``Ctrl+Z``; ``space`` → ``Space``."""
    return "+".join(part.upper() if len(part) <= 3 and part[0] == "f" or len(part) == 1
                    else part.capitalize() for part in binding.split("+"))


def render_blocks(app: App, blocks: list[Block], width: int) -> pygame.Surface:
    """Lay *blocks* out in a column *width* pixels wide; returns a surface just tall enough."""
    pal, fonts, px = app.palette, app.fonts, app.px
    pad = px(16)
    inner = width - 2 * pad
    items: list[tuple[pygame.Surface, int, int]] = []  # (surface, x, y)
    y = pad
    for kind, value in blocks:
        if kind == "h":
            y += px(4) if items else 0
            t = fonts.text(value, 18, pal.accent, True)
            items.append((t, pad, y))
            y += t.get_height() + px(4)
        elif kind == "p":
            for line in fonts.wrap(value, 14, inner):
                t = fonts.text(line, 14, pal.text)
                items.append((t, pad, y))
                y += t.get_height() + px(1)
            y += px(8)
        elif kind == "keys":
            col = px(190)
            for what, how in value:
                a = fonts.text(what, 14, pal.text, True)
                lines = fonts.wrap(how, 14, inner - col)
                items.append((a, pad, y))
                for line in lines:
                    t = fonts.text(line, 14, pal.text_dim)
                    items.append((t, pad + col, y))
                    y += t.get_height() + px(1)
                y += px(4)
            y += px(6)
        elif kind == "diagram":
            d = DIAGRAMS[value](app)
            items.append((d, pad + (inner - d.get_width()) // 2, y))
            y += d.get_height() + px(8)
    # as tall as the last line (and the padding), not the gap that follows it: a page that
    # fits says nothing of "more below"
    bottom = max((yy + surf.get_height() for surf, _, yy in items), default=0)
    page = pygame.Surface((width, bottom + pad), pygame.SRCALPHA)
    for surf, x, yy in items:
        page.blit(surf, (x, yy))
    return page


# -------------------------------------------------------------------- diagrams
CELL = 84
"""A board square in design pixels."""


def _board(app: App, cols: int, rows: int) -> tuple[pygame.Surface, Callable[..., pygame.Rect]]:
    pal, px = app.palette, app.px
    cell = px(CELL)
    surf = pygame.Surface((cols * cell + px(2), rows * cell + px(2)), pygame.SRCALPHA)
    pygame.draw.rect(surf, pal.felt, surf.get_rect(), border_radius=px(6))
    for c in range(cols + 1):
        pygame.draw.line(surf, pal.grid_line, (c * cell, 0), (c * cell, rows * cell), px(2))
    for r in range(rows + 1):
        pygame.draw.line(surf, pal.grid_line, (0, r * cell), (cols * cell, r * cell), px(2))

    def square(col: int, row: int) -> pygame.Rect:
        return pygame.Rect(col * cell + px(1), row * cell + px(1), cell, cell)

    return surf, square


def _card(app: App, surf: pygame.Surface, rect: pygame.Rect, land: str | None) -> None:
    h = rect.h - app.px(8)
    size = (int(h * 63 / 88), h)
    face = app.images.back(size) if land is None else app.images.land(land, None, size)
    surf.blit(face, face.get_rect(center=rect.center))


def _token(app: App, surf: pygame.Surface, rect: pygame.Rect, name: str, colour: str,
           seat: int) -> None:
    d = app.px(46)
    tok = app.images.token(name, None, (colour,), app.palette.seat[seat], d)
    surf.blit(tok, tok.get_rect(center=rect.center))


def _badge(app: App, surf: pygame.Surface, rect: pygame.Rect, text: str,
           colour: tuple[int, int, int]) -> None:
    t = app.fonts.text(text, 13, (20, 20, 24), True)
    box = t.get_rect(midbottom=(rect.centerx, rect.bottom - app.px(2))).inflate(app.px(8), 0)
    pygame.draw.rect(surf, colour, box, border_radius=app.px(5))
    surf.blit(t, t.get_rect(center=box.center))


def _arrow(app: App, surf: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
           colour: tuple[int, int, int]) -> None:
    px = app.px
    pygame.draw.line(surf, colour, start, end, px(5))
    ang = math.atan2(end[1] - start[1], end[0] - start[0])
    head = px(16)
    left = (end[0] - head * math.cos(ang - 0.5), end[1] - head * math.sin(ang - 0.5))
    right = (end[0] - head * math.cos(ang + 0.5), end[1] - head * math.sin(ang + 0.5))
    pygame.draw.polygon(surf, colour, [end, left, right])


def _caption(app: App, board: pygame.Surface, text: str, width: int) -> pygame.Surface:
    fonts, pal, px = app.fonts, app.palette, app.px
    lines = [fonts.text(line, 13, pal.text_dim) for line in fonts.wrap(text, 13, width)]
    h = board.get_height() + px(6) + sum(t.get_height() for t in lines)
    out = pygame.Surface((max(board.get_width(), width), h), pygame.SRCALPHA)
    out.blit(board, ((out.get_width() - board.get_width()) // 2, 0))
    y = board.get_height() + px(6)
    for t in lines:
        out.blit(t, t.get_rect(midtop=(out.get_width() // 2, y)))
        y += t.get_height()
    return out


def flying_diagram(app: App) -> pygame.Surface:
    """A blue flyer jumps two squares over an orange creature onto a face-down land."""
    pal = app.palette
    board, sq = _board(app, 4, 1)
    _card(app, board, sq(0, 0), "Plains")
    _card(app, board, sq(1, 0), None)
    _card(app, board, sq(2, 0), None)
    _card(app, board, sq(3, 0), "Island")
    _token(app, board, sq(0, 0), "Flyer", "W", 0)
    _token(app, board, sq(1, 0), "Bear", "G", 1)
    pygame.draw.rect(board, pal.move, sq(2, 0).inflate(-app.px(4), -app.px(4)), app.px(3),
                     border_radius=app.px(6))
    a, b = sq(0, 0), sq(2, 0)
    margin = app.px(22)  # the jump is drawn above the squares, clear of the cards
    framed = pygame.Surface((board.get_width(), board.get_height() + margin), pygame.SRCALPHA)
    framed.blit(board, (0, margin))
    y = margin // 2
    pygame.draw.line(framed, pal.move, (a.centerx, margin + a.top + app.px(8)), (a.centerx, y),
                     app.px(4))
    _arrow(app, framed, (a.centerx, y), (b.centerx, y), pal.move)
    pygame.draw.line(framed, pal.move, (b.centerx, y), (b.centerx, margin + app.px(4)),
                     app.px(4))
    board = framed
    return _caption(app, board, "A white flyer jumps over the enemy Bear: two squares in a "
                    "line. The land it lands on turns face up.", app.px(420))


def terrain_diagram(app: App) -> pygame.Surface:
    """A green 1/1 on a Forest with two face-up Forests beside it: 4/4."""
    pal = app.palette
    board, sq = _board(app, 3, 3)
    lands = {(1, 0): "Forest", (0, 1): "Swamp", (1, 1): "Forest", (2, 1): "Forest",
             (1, 2): None, (0, 0): None, (2, 0): "Plains", (0, 2): "Island", (2, 2): None}
    for (c, r), land in lands.items():
        _card(app, board, sq(c, r), land)
    for c, r in ((1, 0), (2, 1)):
        pygame.draw.rect(board, pal.move, sq(c, r).inflate(-app.px(4), -app.px(4)), app.px(3),
                         border_radius=app.px(6))
    centre = sq(1, 1)
    _token(app, board, centre, "Dryads", "G", 0)
    _badge(app, board, centre, "4/4", pal.move)
    return _caption(app, board, "Shanodin Dryads, a green 1/1, on a Forest: +1/+1, and +1/+1 "
                    "for each face-up Forest beside it (lit). The Swamp and the face-down "
                    "land don't count: 4/4.", app.px(420))


DIAGRAMS: dict[str, Callable[[Any], pygame.Surface]] = {
    "flying": flying_diagram,
    "terrain": terrain_diagram,
}
