"""New game: variant, player names, decks and options (Frontier: terrain house rule, board
depth, starting life; Army Magic: each army's points and initial forces, from its deck)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.games import ArmyFigures
    from frontier_desktop.ui.host import UIHost as App

NEIGHBOURS = ("Only on a matching land (ruling)", "Always (house rule)")
DEPTHS = ("5", "4", "6", "3")
"""Board depth (rows); 5 is the rules' default."""
LIVES = ("20", "15", "10", "5")
VARIANTS = {"Frontier Magic": "frontier", "Army Magic": "army"}
"""The variants a hot-seat game can start, by the name the drop-down shows."""
"""Starting life; fewer makes a short game (a lesson, a test)."""
CONSENT = ("Manual: at once", "Manual: ask first")
"""Whether a manual action on the other player's things waits for their Accept (the rules'
``manual_consent``; always on over LAN, off by default here: both players are at the table)."""


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App, variant: str = "frontier") -> None:
        super().__init__(app)
        from frontier_desktop.ui.games import sample_decks

        self.decks = sample_decks(variant)
        self.variant = variant
        self.error = ""
        self.w: dict[str, object] = {}
        self.figures: dict[int, ArmyFigures] = {}
        """Army: each seat's deck figures (:class:`~frontier_desktop.ui.games.ArmyFigures`),
        read when the deck is chosen (never per frame)."""

    # Laid out in design pixels of the 960x600 frame (``App.drect``), so it fits any window.
    LEFT = 150
    """Design x of the row labels; the controls start 200 to the right."""

    def _rect(self, row: int, col: int, span: int = 1) -> pygame.Rect:
        return self.app.drect(self.LEFT + 200 + col * 240, 150 + row * 52,
                              230 * span + 10 * (span - 1), 38)

    def label_pos(self, row: int) -> tuple[int, int]:
        return self.app.dpos(self.LEFT, 0)[0], self._rect(row, 0).centery

    def build(self) -> None:
        ui = self.app.ui
        names = self.app.settings.player_names
        deck_names = [d.name for d in self.decks] or ["(no decks)"]
        w = self.w = {}
        w["variant"] = pygame_gui.elements.UIDropDownMenu(
            list(VARIANTS), next(k for k, v in VARIANTS.items() if v == self.variant),
            self._rect(0, 0), ui)
        for seat in (0, 1):
            w[f"name{seat}"] = pygame_gui.elements.UITextEntryLine(self._rect(1, seat), ui)
            w[f"name{seat}"].set_text(names[seat])
            w[f"deck{seat}"] = pygame_gui.elements.UIDropDownMenu(
                deck_names, deck_names[min(seat, len(deck_names) - 1)], self._rect(2, seat), ui)
        w["neigh"] = pygame_gui.elements.UIDropDownMenu(list(NEIGHBOURS), NEIGHBOURS[0],
                                                        self._rect(3, 0, 2), ui)
        w["depth"] = pygame_gui.elements.UIDropDownMenu(list(DEPTHS), "5", self._rect(4, 0), ui)
        w["life"] = pygame_gui.elements.UIDropDownMenu(list(LIVES), "20", self._rect(4, 1), ui)
        w["consent"] = pygame_gui.elements.UIDropDownMenu(list(CONSENT), CONSENT[0],
                                                          self._rect(5, 1), ui)
        w["seed"] = pygame_gui.elements.UITextEntryLine(self._rect(5, 0), ui)
        w["seed"].set_text(str(random.randrange(1, 10 ** 6)))
        w["start"] = pygame_gui.elements.UIButton(self._rect(7, 1), "Start game", ui,
                                                  object_id="#primary")
        w["back"] = pygame_gui.elements.UIButton(self._rect(7, 0), "Back", ui)
        self.widgets = list(w.values())
        self._variant_widgets()

    FRONTIER_ONLY = ("neigh", "depth", "life", "consent")
    """The options Army Magic doesn't have (its board, life and land rules are its own)."""

    def _variant_widgets(self) -> None:
        """Show the options of the chosen variant; for Army, read each deck's figures."""
        for key in self.FRONTIER_ONLY:
            widget = self.w.get(key)
            if widget is not None:
                widget.hide() if self.variant == "army" else widget.show()  # type: ignore[attr-defined]
        self.figures = {}
        if self.variant == "army":
            from frontier_desktop.ui.games import army_figures

            by_name = {d.name: d for d in self.decks}
            for seat in (0, 1):
                deck = by_name.get(self._opt(f"deck{seat}"))
                if deck is not None:
                    try:
                        self.figures[seat] = army_figures(deck)
                    except (OSError, ValueError):
                        pass

    @property
    def labels(self) -> tuple[str, ...]:
        """The row labels of the chosen variant."""
        if self.variant == "army":
            return ("Variant", "Players", "Decks", "Army points", "Initial forces",
                    "Seed")
        return self.LABELS

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.w.get("variant"):
            self.choose_variant(VARIANTS.get(str(event.text), "frontier"))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element in (self.w.get("deck0"), self.w.get("deck1")):
            self._variant_widgets()  # the chosen army's figures
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.w.get("back"):
                self.app.scenes.pop()
                return True
            if event.ui_element is self.w.get("start"):
                self.start()
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return True
        return False

    def choose_variant(self, variant: str) -> None:
        """Offer the sample decks of *variant* (its own options apply when the game starts)."""
        from frontier_desktop.ui.games import sample_decks

        if variant == self.variant:
            return
        self.variant = variant
        self.decks = sample_decks(variant)
        deck_names = [d.name for d in self.decks] or ["(no decks)"]
        for seat in (0, 1):
            old = self.w[f"deck{seat}"]
            old.kill()  # type: ignore[attr-defined]
            self.w[f"deck{seat}"] = pygame_gui.elements.UIDropDownMenu(
                deck_names, deck_names[min(seat, len(deck_names) - 1)], self._rect(2, seat),
                self.app.ui)
        self.widgets = list(self.w.values())
        self._variant_widgets()

    def _opt(self, key: str) -> str:
        value = self.w[key].selected_option  # type: ignore[attr-defined]
        return str(value[0] if isinstance(value, tuple) else value)

    def start(self) -> None:
        from frontier_desktop.ui.games import start_game
        from frontier_desktop.ui.scenes.main_menu import start_table

        by_name = {d.name: d for d in self.decks}
        try:
            decks = [by_name[self.w[f"deck{s}"].selected_option[0]  # type: ignore[attr-defined]
                             if isinstance(self.w[f"deck{s}"].selected_option, tuple)  # type: ignore[attr-defined]
                             else self.w[f"deck{s}"].selected_option]  # type: ignore[attr-defined]
                     for s in (0, 1)]
        except KeyError:
            self.error = "Choose a deck for each player."
            return
        names = [self.w[f"name{s}"].get_text().strip() or f"Player {s + 1}"  # type: ignore[attr-defined]
                 for s in (0, 1)]
        seed_text = self.w["seed"].get_text().strip()  # type: ignore[attr-defined]
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1 << 30)
        neigh = self.w["neigh"].selected_option  # type: ignore[attr-defined]
        neigh = neigh[0] if isinstance(neigh, tuple) else neigh
        depth = int(self._opt("depth"))
        life = int(self._opt("life"))
        options: dict[str, object] = {
            "terrain_neighbours_regardless": neigh == NEIGHBOURS[1], "board_depth": depth,
            "starting_life": life, "manual_consent": self._opt("consent") == CONSENT[1]}
        if self.variant == "army":
            options = {}  # the rows, terrain and life choices are Frontier's
        try:
            session = start_game(decks, names, seed=seed, options=options)
        except (ValueError, KeyError) as exc:
            self.error = f"Could not start: {exc}"
            return
        self.app.settings.player_names = (names[0], names[1])
        start_table(self.app, session)

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts = self.app.palette, self.app.fonts
        surface.fill(pal.bg)
        w, _ = surface.get_size()
        frame, dpos = self.app.frame, self.app.dpos
        t = fonts.text("New game", 32, pal.accent, True)
        surface.blit(t, t.get_rect(center=dpos(480, 62)))
        sub = fonts.text("Hot-seat: both players at this computer", 14, pal.text_dim)
        surface.blit(sub, sub.get_rect(center=dpos(480, 100)))
        label_w = self._rect(0, 0).x - self.label_pos(0)[0] - self.app.px(12)
        for row, label in enumerate(self.labels):
            x, y = self.label_pos(row)
            s = fonts.fit(label, 15, pal.text, label_w, bold=True)
            surface.blit(s, s.get_rect(midleft=(x, y)))
        if self.variant == "army":
            self._draw_army(surface)
        if self.error:
            e = fonts.fit(self.error, 14, pal.warn, frame.w - self.app.px(40))
            surface.blit(e, e.get_rect(center=(w // 2, self._rect(6, 0).centery)))

    def _draw_army(self, surface: pygame.Surface) -> None:
        """Each army's points (of the agreed total) and its initial forces, under its deck."""
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        for seat in (0, 1):
            fig = self.figures.get(seat)
            col = self._rect(3, seat)
            if fig is None:
                continue
            points = fonts.fit(f"{fig.points} of {fig.agreed} points"
                               + ("" if fig.legal else " — not legal"),
                               14, pal.text if fig.legal else pal.warn,
                               col.w, bold=True)
            surface.blit(points, points.get_rect(midleft=(col.x + px(4), col.centery)))
            box = self._rect(4, seat)
            forces = fig.forces
            if forces:
                text = ", ".join(f"{n} {name}" if n > 1 else name for n, name in forces)
                text += f" ({fig.forces_points} points), untapped on the home base"
            else:
                text = "None: the army starts with its home base only (add an Initial " \
                       "forces section in the deck builder)"
            y = box.y + px(2)
            line_h = fonts.font(12).get_linesize()
            lines = fonts.wrap(text, 12, box.w - px(8))
            room = 3 if fig.legal or not fig.problem else 2  # above the next row
            if len(lines) > room:
                lines = lines[:room]
                lines[-1] = lines[-1].rstrip(" ,.;:") + " …"
            for line in lines:
                surface.blit(fonts.fit(line, 12, pal.text_dim, box.w - px(8)),
                             (box.x + px(4), y))
                y += line_h
            if not fig.legal and fig.problem:
                e = fonts.fit(fig.problem, 11, pal.warn, box.w - px(8))
                surface.blit(e, (box.x + px(4), y))

    LABELS = ("Variant", "Players", "Decks", "Terrain neighbours", "Rows · starting life",
              "Seed · manual actions")
