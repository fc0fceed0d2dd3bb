"""New game: variant, player names, decks and options (Frontier: terrain house rule, board
depth, starting life; Army Magic: each army's points and initial forces, from its deck)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

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
"""Starting life; fewer makes a short game (a lesson, a test)."""
VARIANTS = {"Frontier Magic": "frontier", "Army Magic": "army",
            "Magic: the Conquering": "conquering", "Magic: the War Game": "wargame"}
"""The variants a hot-seat game can start, by the name the drop-down shows."""
PLAYER_COUNTS = {"conquering": (2, 3, 4), "wargame": (2, 3, 4)}
"""How many players each variant seats (the others: two)."""
OVERRIDE_OFF = "[  ] Play it anyway"
OVERRIDE_ON = "[x] Play it anyway"
"""The override of the deck check: an illegal deck is refused unless it is ticked (as the
deck builder lets a player keep a deck its check flags)."""
EXTRA_NAMES = ("Cy", "Dee")
"""Default names of the third and fourth players (the settings keep two)."""
CONSENT = ("Manual: at once", "Manual: ask first")
"""Whether a manual action on the other player's things waits for their Accept (the rules'
``manual_consent``; always on over LAN, off by default here: both players are at the table)."""


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: App, variant: str | None = None) -> None:
        super().__init__(app)
        from frontier_desktop.ui.games import sample_decks

        last = dict(getattr(app.settings, "last_setup", None) or {})
        if variant is None:  # the last game's variant, players and decks
            variant = last.get("variant") if last.get("variant") in VARIANTS.values() \
                else "frontier"
        if last.get("variant") != variant:
            last = {}
        self.variant = variant
        self.samples = len(sample_decks(variant))
        self.decks = sample_decks(variant) + self._own_decks(variant)
        self.error = ""
        self.problems: list[str] = []
        """Why the chosen decks were refused, one line each (shown until the override)."""
        self.override = False
        """The player ticked "Play it anyway": illegal decks start the game."""
        self.players = 2
        self.reasons: list[tuple[str, list[str]]] = []
        """The refused decks: ``(whose deck, every reason)`` for the problems dialog."""
        self.kept: dict[str, str] = {k: v for k, v in last.items() if k.startswith("deck")}
        """What the player typed and chose, kept across a rebuild of the widgets."""
        if str(last.get("players", "")).isdigit() and \
                int(last["players"]) in PLAYER_COUNTS.get(variant, (2,)):
            self.players = int(last["players"])
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

    def _own_decks(self, variant: str) -> list[Any]:
        """The player's own decks of *variant* (saved by the deck builder), after the samples."""
        from frontier_desktop.ui.games import player_decks, sample_decks

        paths = getattr(self.app, "paths", None)
        if paths is None:
            return []
        return player_decks(paths.data_dir / "decks", variant,
                            taken={d.name for d in sample_decks(variant)})

    @property
    def conquering(self) -> bool:
        """A variant for two to four players (the Conquering, the War Game): one player a
        row, no Frontier options."""
        return len(PLAYER_COUNTS.get(self.variant, (2,))) > 1

    def _seat_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(name, deck) of *seat*: the Conquering lists one player a row, the others one
        player a column."""
        if self.conquering:
            return self._rect(1 + seat, 0), self._rect(1 + seat, 1)
        return self._rect(1, seat), self._rect(2, seat)

    def _snapshot(self) -> None:
        """Keep what the player typed and chose before the widgets are rebuilt."""
        for key, widget in self.w.items():
            if isinstance(widget, pygame_gui.elements.UITextEntryLine):
                self.kept[key] = widget.get_text()
            elif isinstance(widget, pygame_gui.elements.UIDropDownMenu) and key != "variant":
                self.kept[key] = self._opt(key)

    def on_resize(self) -> None:
        self._snapshot()  # a new window size keeps the names, decks and seed
        super().on_resize()

    def rebuild(self) -> None:
        self._snapshot()
        self.clear_widgets()
        self.build()

    def build(self) -> None:
        ui = self.app.ui
        names = self.app.settings.player_names
        deck_names = [d.name for d in self.decks] or ["(no decks)"]
        kept = self.kept
        w = self.w = {}
        w["variant"] = pygame_gui.elements.UIDropDownMenu(
            list(VARIANTS), next(k for k, v in VARIANTS.items() if v == self.variant),
            self._rect(0, 0), ui)
        counts = PLAYER_COUNTS.get(self.variant, (2,))
        self.players = self.players if self.players in counts else counts[0]
        if len(counts) > 1:
            labels = [f"{n} players" for n in counts]
            w["players"] = pygame_gui.elements.UIDropDownMenu(
                labels, f"{self.players} players", self._rect(0, 1), ui)
        for seat in range(self.players):
            name_rect, deck_rect = self._seat_rects(seat)
            w[f"name{seat}"] = pygame_gui.elements.UITextEntryLine(name_rect, ui)
            default = names[seat] if seat < len(names) else EXTRA_NAMES[seat - 2]
            w[f"name{seat}"].set_text(kept.get(f"name{seat}", default))
            chosen = kept.get(f"deck{seat}")
            if chosen not in deck_names:  # the sample decks in turn (never the player's own)
                chosen = deck_names[seat % max(1, self.samples)] if self.samples else \
                    deck_names[min(seat, len(deck_names) - 1)]
            w[f"deck{seat}"] = pygame_gui.elements.UIDropDownMenu(
                deck_names, chosen, deck_rect, ui)
        w["override"] = pygame_gui.elements.UIButton(
            self.app.drect(self.LEFT - 10, 150 + 7 * 52, 190, 38),
            OVERRIDE_ON if self.override else OVERRIDE_OFF, ui)
        if not self.problems and not self.override:
            w["override"].hide()
        if self.conquering:
            w["seed"] = pygame_gui.elements.UITextEntryLine(self._rect(1 + self.players, 0),
                                                            ui)  # under the last player
            w["seed"].set_text(kept.get("seed", str(random.randrange(1, 10 ** 6))))
            w["start"] = pygame_gui.elements.UIButton(self._rect(7, 1), "Start game", ui,
                                                      object_id="#primary")
            w["back"] = pygame_gui.elements.UIButton(self._rect(7, 0), "Back", ui)
            self.widgets = list(w.values())
            self._variant_widgets()
            return
        w["neigh"] = pygame_gui.elements.UIDropDownMenu(list(NEIGHBOURS), NEIGHBOURS[0],
                                                        self._rect(3, 0, 2), ui)
        w["depth"] = pygame_gui.elements.UIDropDownMenu(list(DEPTHS), "5", self._rect(4, 0), ui)
        w["life"] = pygame_gui.elements.UIDropDownMenu(list(LIVES), "20", self._rect(4, 1), ui)
        w["consent"] = pygame_gui.elements.UIDropDownMenu(list(CONSENT), CONSENT[0],
                                                          self._rect(5, 1), ui)
        w["seed"] = pygame_gui.elements.UITextEntryLine(self._rect(5, 0), ui)
        w["seed"].set_text(kept.get("seed", str(random.randrange(1, 10 ** 6))))
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
        if self.conquering:
            return ("Variant · players", *(f"Player {n + 1} · deck" for n in range(self.players)),
                    "Seed")
        return self.LABELS

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.w.get("variant"):
            self.choose_variant(VARIANTS.get(str(event.text), "frontier"))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.w.get("players"):
            self.choose_players(int(str(event.text).split()[0]))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element in [self.w.get(f"deck{s}") for s in range(4)]:
            self.problems, self.error = [], ""  # another deck: checked again at the start
            self._variant_widgets()  # the chosen army's figures
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and \
                event.ui_element is self.w.get("override"):
            self.set_override(not self.override)
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
        self.samples = len(sample_decks(variant))
        self.decks = sample_decks(variant) + self._own_decks(variant)
        self.problems, self.error, self.override = [], "", False
        self._snapshot()
        for seat in range(4):
            self.kept.pop(f"deck{seat}", None)  # the other variant's decks
        self.clear_widgets()
        self.build()

    def choose_players(self, players: int) -> None:
        """Seat *players* (the Conquering: two to four), keeping the names and decks chosen."""
        if players == self.players:
            return
        self.players = players
        self.problems, self.error = [], ""
        self.rebuild()

    def set_override(self, on: bool) -> None:
        """Tick or untick "Play it anyway" (illegal decks start the game when ticked)."""
        self.override = on
        button = self.w.get("override")
        if button is not None:
            button.set_text(OVERRIDE_ON if on else OVERRIDE_OFF)  # type: ignore[attr-defined]

    def deck_problems(self, decks: list[Any], names: list[str]) -> list[str]:
        """Why each chosen deck is illegal in this variant, in words: one line per deck,
        every reason of the deck check (nothing for a legal deck)."""
        from frontier_desktop.ui.games import deck_errors

        variant_name = next((k for k, v in VARIANTS.items() if v == self.variant),
                            self.variant)
        out = []
        players: dict[Any, list[str]] = {}
        by_path: dict[Any, Any] = {}
        for name, deck in zip(names, decks):
            players.setdefault(deck.path, []).append(name)
            by_path[deck.path] = deck
        for path, who in players.items():
            reasons = deck_errors(by_path[path], self.variant)
            if reasons:
                whose = _and(who)
                out.append(f"{whose}'s deck “{by_path[path].name}” is not legal in "
                           f"{variant_name}: " + "; ".join(reasons) + ".")
                self.reasons.append((f"{whose}: “{by_path[path].name}”", reasons))
        return out

    def _opt(self, key: str) -> str:
        value = self.w[key].selected_option  # type: ignore[attr-defined]
        return str(value[0] if isinstance(value, tuple) else value)

    def remember(self, decks: list[Any]) -> None:
        """Keep this start's variant, players and decks for the next New game."""
        from frontier_desktop.config import save_settings

        settings = self.app.settings
        settings.last_setup = {"variant": self.variant, "players": str(self.players),
                               **{f"deck{s}": d.name for s, d in enumerate(decks)}}
        try:
            save_settings(self.app.paths, settings)
        except OSError:
            pass  # kept in memory; saved again on exit

    def start(self) -> None:
        from frontier_desktop.ui.games import start_game
        from frontier_desktop.ui.scenes.main_menu import start_table

        by_name = {d.name: d for d in self.decks}
        seats = range(self.players)
        try:
            decks = [by_name[self._opt(f"deck{s}")] for s in seats]
        except KeyError:
            self.error = "Choose a deck for each player."
            return
        names = [self.w[f"name{s}"].get_text().strip() or f"Player {s + 1}"  # type: ignore[attr-defined]
                 for s in seats]
        if len({n.casefold() for n in names}) < len(names):
            self.error = "Give each player a different name (the table and log name them)."
            return
        self.error = ""
        self.reasons = []
        problems = self.deck_problems(decks, names)
        if problems and not self.override:
            self.problems = problems
            self.w["override"].show()  # type: ignore[attr-defined]
            self.error = ("A deck is not legal: change it, or tick “Play it anyway” to "
                          "play it as it is.")
            self.app.scenes.push(DeckProblemsScene(self.app, self))
            return
        seed_text = self.w["seed"].get_text().strip()  # type: ignore[attr-defined]
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1 << 30)
        self.remember(decks)
        if self.conquering:
            try:
                session = start_game(decks, names, seed=seed, options={})
            except (ValueError, KeyError) as exc:
                self.error = f"Could not start: {exc}"
                return
            self.app.settings.player_names = (names[0], names[1])
            start_table(self.app, session)
            return
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
        sub = fonts.text("Hot-seat: both players at this computer" if self.players == 2 else
                         f"Hot-seat: all {self.players} players at this computer", 14,
                         pal.text_dim)
        surface.blit(sub, sub.get_rect(center=dpos(480, 100)))
        label_w = self._rect(0, 0).x - self.label_pos(0)[0] - self.app.px(12)
        for row, label in enumerate(self.labels):
            x, y = self.label_pos(row)
            s = fonts.fit(label, 15, pal.text, label_w, bold=True)
            surface.blit(s, s.get_rect(midleft=(x, y)))
        if self.variant == "army":
            self._draw_army(surface)
        if self.variant == "conquering":
            self._draw_markers(surface)
        if self.error:
            e = fonts.fit(self.error, 14, pal.warn, frame.w - self.app.px(40))
            surface.blit(e, e.get_rect(center=(w // 2, self._rect(6, 0).centery)))

    def _draw_markers(self, surface: pygame.Surface) -> None:
        """Each player's marker (colour and shape) between the label and the name."""
        from frontier_desktop.ui.table.markers import draw_marker

        px = self.app.px
        for seat in range(self.players):
            name_rect, _ = self._seat_rects(seat)
            draw_marker(surface, seat, (name_rect.x - px(14), name_rect.centery), px(8),
                        self.app.palette)

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


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class DeckProblemsScene(Scene):
    """Why the chosen decks can't be played, every reason of the deck check, over the set-up
    screen; "Play it anyway" ticks the override and starts the game, "Change decks" goes back
    to the form (Esc too)."""

    opaque = False
    name = "deck-problems"

    def __init__(self, app: App, setup: SetupScene) -> None:
        super().__init__(app)
        self.setup = setup
        self.anyway: pygame_gui.elements.UIButton | None = None
        self.change: pygame_gui.elements.UIButton | None = None

    def _box(self) -> pygame.Rect:
        from frontier_desktop.ui.scenes.base import centred_box

        return centred_box(self.app, 820, 480)

    def build(self) -> None:
        box = self._box()
        px = self.app.px
        bw, bh = px(190), px(40)
        self.change = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx - bw - px(10), box.bottom - bh - px(18), bw, bh),
            "Change decks", self.app.ui, object_id="#primary")
        self.anyway = pygame_gui.elements.UIButton(
            pygame.Rect(box.centerx + px(10), box.bottom - bh - px(18), bw, bh),
            "Play it anyway", self.app.ui)
        self.widgets = [self.change, self.anyway]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.change:
                self.app.scenes.pop()
                return True
            if event.ui_element is self.anyway:
                self.app.scenes.pop()
                self.setup.set_override(True)
                self.setup.start()
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def lines(self, width: int) -> list[tuple[str, bool]]:
        """The dialog's lines (text, is a heading), wrapped to *width*."""
        fonts = self.app.fonts
        out: list[tuple[str, bool]] = []
        for whose, reasons in self.setup.reasons:
            out.append((whose, True))
            for reason in reasons:
                for i, line in enumerate(fonts.wrap(reason[:1].upper() + reason[1:], 14,
                                                    width - self.app.px(20))):
                    out.append((("•  " if i == 0 else "    ") + line, False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        from frontier_desktop.ui.scenes.base import draw_modal

        box = self._box()
        draw_modal(surface, self.app, box)
        pal, fonts, px = self.app.palette, self.app.fonts, self.app.px
        inner = box.inflate(-px(48), 0)
        title = fonts.fit("A deck is not legal in this variant", 22, pal.warn, inner.w,
                          bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + px(18))))
        y = box.y + px(18) + title.get_height() + px(10)
        bottom = box.bottom - px(40) - px(18) - px(34)
        lines = self.lines(inner.w)
        line_h = fonts.font(14).get_linesize()
        room = max(1, (bottom - y) // line_h)
        if len(lines) > room:
            more = len(lines) - room + 1
            lines = lines[:room - 1] + [(f"… and {more} more lines: open the deck in the deck "
                                         "builder to see them all", False)]
        for text, heading in lines:
            t = fonts.fit(text, 15 if heading else 14, pal.accent if heading else pal.text,
                          inner.w, bold=heading)
            surface.blit(t, (inner.x, y))
            y += line_h + (px(2) if heading else 0)
        hint = fonts.fit("Change a deck, or play it as it is (if everyone at the table agrees).", 13,
                         pal.text_dim, inner.w)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx,
                                                    box.bottom - px(40) - px(26))))
