"""The start screen: Quick game, New game, Continue, Recent games, Open, Deck builder, LAN,
Settings, Quit."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from frontier_desktop import resources
from frontier_desktop.ui.keys import matches
from frontier_desktop.ui.scenes.base import Scene

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App

ENTRIES = (
    ("quick", "Quick game"),
    ("new", "New game…"),
    ("continue", "Continue"),
    ("recent", "Recent games…"),
    ("open_game", "Open game…"),
    ("open_position", "Open position…"),
    ("replay", "Replay a game…"),
    ("decks", "Deck builder"),
    ("lan", "LAN game"),
    ("settings", "Settings"),
    ("quit", "Quit"),
)


def start_table(app: App, session: Any, *, cover_first: bool = True) -> None:
    """Replace everything with a hot-seat table on *session*, autosaving to its own file
    (one per game id); the oldest autosaves past the limit are pruned, never this one."""
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.table import TableScene

    path = games.autosave_path(app.paths.data_dir, session)
    games.prune_autosaves(app.paths.data_dir, keep=games.game_id(session))
    app.scenes.reset(TableScene(app, session, autosave_path=path, cover_first=cover_first))


OTHER_GAME = "Start a new game, or choose another one in Recent games."


def continue_game(app: App, game: Any) -> str:
    """Resume the Recent games entry *game*; the reason in words when it can't be."""
    from frontier_desktop.ui import games

    if game.problem:
        return (f"{game.title()}: {game.problem}. It is kept at {game.path}. {OTHER_GAME}")
    try:
        session = games.resume_recent(game)
    except (ValueError, OSError, KeyError):
        return (f"The saved game {game.title()} can't be resumed: the file is damaged. "
                f"It is kept at {game.path}. {OTHER_GAME}")
    start_table(app, session)
    return ""


class MainMenuScene(Scene):
    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.help: pygame_gui.elements.UIButton | None = None
        self.note = ""
        self.dialog: Any = None
        self.dialog_kind = ""
        self.recent: list[Any] = []

    # Design pixels (scaled by ``App.px``): the card fan and title take the top HEAD, the
    # hint line the bottom FOOT; the buttons go in one column when the window is tall enough
    # for all of them, else in two.
    HEAD, FOOT = 236, 44
    BUTTON_W, BUTTON_H, GAP = 300, 44, 8

    def columns(self) -> int:
        need = self.HEAD + len(ENTRIES) * (self.BUTTON_H + self.GAP) + self.FOOT
        return 1 if self.app.px(need) <= self.app.size[1] else 2

    def top(self) -> int:
        """Window y of the design top: the whole menu is centred vertically."""
        cols = self.columns()
        rows = -(-len(ENTRIES) // cols)
        need = self.app.px(self.HEAD + rows * (self.BUTTON_H + self.GAP) + self.FOOT)
        return max(0, (self.app.size[1] - need) // 2)

    def build(self) -> None:
        w, _ = self.app.size
        px = self.app.px
        bw, bh, gap = px(self.BUTTON_W), px(self.BUTTON_H), px(self.GAP)
        cols = self.columns()
        rows = -(-len(ENTRIES) // cols)
        left = w // 2 - (cols * bw + (cols - 1) * px(16)) // 2
        top = self.top() + px(self.HEAD)
        from frontier_desktop.ui import games

        self.recent = games.recent_games(self.app.paths.data_dir)
        latest = self.latest()
        self.buttons = {}
        for i, (key, label) in enumerate(ENTRIES):
            col, row = divmod(i, rows)
            rect = pygame.Rect(left + col * (bw + px(16)), top + row * (bh + gap), bw, bh)
            oid = "#menu_primary" if key == "quick" else "#menu_button"
            btn = pygame_gui.elements.UIButton(rect, label, self.app.ui, object_id=oid)
            if (key == "continue" and latest is None) or (key == "recent" and not self.recent):
                btn.disable()
            self.buttons[key] = btn
        self.help = pygame_gui.elements.UIButton(
            pygame.Rect(w - px(150) - px(16), px(16), px(150), px(38)), "Help (F1)",
            self.app.ui, object_id="#menu_button")
        self.widgets = [*self.buttons.values(), self.help]

    def latest(self) -> Any:
        """The most recently played game that can be read (what Continue resumes)."""
        return next((g for g in self.recent if not g.problem), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self._open(Path(event.text))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.help:
            self.activate("help")
            return True
        if event.type == pygame.KEYDOWN and self.dialog is None and \
                matches(self.app.settings.keys.get("help", "f1"), event):
            self.activate("help")
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, btn in self.buttons.items():
                if event.ui_element is btn:
                    self.activate(key)
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.dialog is None:
            self.app.quit()
            return True
        return False

    def activate(self, key: str) -> None:
        from frontier_desktop.ui import games

        if key == "quick":
            names = self.app.settings.player_names
            session = games.quick_game(names, seed=random.randrange(1 << 30))
            start_table(self.app, session)
        elif key == "new":
            from frontier_desktop.ui.scenes.setup import SetupScene

            self.app.scenes.push(SetupScene(self.app))
        elif key == "continue":
            latest = self.latest()
            if latest is not None:
                self.note = continue_game(self.app, latest)
                self._problem("Cannot continue the game")
        elif key == "recent":
            from frontier_desktop.ui.scenes.recent import RecentGamesScene

            self.app.scenes.push(RecentGamesScene(self.app))
        elif key in ("open_game", "open_position", "replay"):
            self._pick(key)
        elif key == "decks":
            from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene

            self.app.scenes.push(DeckBuilderScene(self.app))
        elif key == "lan":
            from frontier_desktop.ui.scenes.lan import LanScene

            self.app.scenes.push(LanScene(self.app))
        elif key == "settings":
            from frontier_desktop.ui.scenes.settings import SettingsScene

            self.app.scenes.push(SettingsScene(self.app))
        elif key == "help":
            from frontier_desktop.ui.scenes.help import HelpScene

            self.app.scenes.push(HelpScene(self.app))
        elif key == "quit":
            self.app.quit()

    def _pick(self, kind: str) -> None:
        from pygame_gui.windows import UIFileDialog

        w, h = self.app.size
        start = self.app.paths.saves_dir if kind != "open_position" else \
            resources.positions_dir()
        if not start.exists():
            start = self.app.paths.data_dir if self.app.paths.data_dir.exists() else Path.home()
        self.dialog_kind = kind
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 300, h // 2 - 250, 600, 500), self.app.ui,
                                   window_title={"open_game": "Open a saved game",
                                                 "open_position": "Open a position file",
                                                 "replay": "Replay a game record"}[kind],
                                   initial_file_path=str(start), allow_existing_files_only=True)

    def _open(self, path: Path) -> None:
        from frontier_desktop.record import read_record
        from frontier_desktop.ui import games

        kind, self.dialog = self.dialog_kind, None
        self.note = ""
        try:
            if kind == "open_game":
                start_table(self.app, games.session_from_record(path))
            elif kind == "open_position":
                start_table(self.app, games.session_from_position(path))
            else:
                from frontier_desktop.ui.scenes.replay import ReplayScene

                header, actions = read_record(path)
                self.app.scenes.push(ReplayScene(self.app, header, actions))
        except ValueError as exc:  # record, position and file errors: a sentence naming the file
            self.note = str(exc)
        except (OSError, KeyError) as exc:
            self.note = f"Could not open {path.name}: {exc}"
        self._problem(f"Cannot open {path.name}")

    def _problem(self, title: str) -> None:
        """Show :attr:`note`, when a problem set it, in a dialog (it stays as the hint too)."""
        if self.note and self.app.scenes.top is self:
            from frontier_desktop.ui.scenes.crash import ProblemScene

            self.app.scenes.push(ProblemScene(self.app, title, self.note))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        pal, fonts, images = self.app.palette, self.app.fonts, self.app.images
        surface.fill(pal.bg)
        px, top = self.app.px, self.top()
        # a fan of cards behind the title: a board seen from above
        cw = px(70)
        size = (cw, int(cw * 88 / 63))
        lands = ("Forest", "Swamp", "Plains", "Mountain", "Island")
        # the backs first, so each face-up land lies on top and shows its whole name
        for i in sorted(range(-4, 5), key=lambda k: (k % 2 == 0, k)):
            face = images.back(size) if i % 2 else images.land(lands[i % 5], None, size)
            rot = pygame.transform.rotate(face, i * -5)
            surface.blit(rot, rot.get_rect(center=(w // 2 + i * px(58),
                                                   top + px(80 + abs(i) * 5))))
        title = fonts.text("Frontier Desktop", 44, pal.accent, True)
        surface.blit(title, title.get_rect(center=(w // 2, top + px(172))))
        sub = fonts.text("Grid Magic at one table — Frontier Magic", 15, pal.text_dim)
        surface.blit(sub, sub.get_rect(center=(w // 2, top + px(210))))
        if self.note:
            n = fonts.fit(self.note, 14, pal.warn, w - px(40))
            surface.blit(n, n.get_rect(midbottom=(w // 2, h - px(14))))
        else:
            latest = self.latest()
            text = (f"Continue: {latest.title()}, {latest.details()}." if latest is not None
                    else "Quick game: two players, one computer, the two sample decks. "
                         "Works offline.")
            hint = fonts.fit(text, 13, pal.text_dim, w - px(40))
            surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - px(14))))
