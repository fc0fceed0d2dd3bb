"""Every scene fits the window at every UI scale (issue 4): widgets inside the window and not
overlapping each other, and the text a scene draws inside the window and off the widgets.

The app lowers the player's UI scale to what the window can hold (``app.fit_scale``), and each
scene lays out in the 960x600 design frame, so a 1280x720 window at 150% or 200% still shows
every button.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from frontier_desktop.app import MIN_SIZE, App, fit_scale
from frontier_desktop.config import Paths, Settings
from frontier_desktop.ui.scenes.main_menu import MainMenuScene
from tests.ui.helpers import click, step

SIZES = [((960, 600), 1.0), ((1280, 720), 1.5), ((1280, 720), 2.0), ((1920, 1080), 2.0),
         ((1600, 900), 1.0)]
CONTAINERS = {"UIContainer", "UIScrollingContainer", "UIPanel", "UIWindow"}


def _menu(app: App) -> None:
    app.scenes.push(MainMenuScene(app))


def _setup(app: App) -> None:
    from frontier_desktop.ui.scenes.setup import SetupScene

    app.scenes.push(SetupScene(app))


def _settings(app: App) -> None:
    from frontier_desktop.ui.scenes.settings import SettingsScene

    app.scenes.push(SettingsScene(app))


_DEMO: list[Any] = []
_RESIGNED: list[Any] = []


def _demo() -> Any:
    """A played demo game (built once: it takes a moment); tables copy it through its record."""
    from frontier_desktop.ui.screenshot import demo_session

    if not _DEMO:
        _DEMO.append(demo_session(seed=7, turns=6))
    return _DEMO[0]


def _table(app: App) -> Any:
    from frontier_desktop.ui.scenes.table import TableScene

    table = TableScene(app, _demo(), seat=0, hotseat=False)
    app.scenes.push(table)
    return table


def _table_start(app: App) -> None:
    """A fresh game: the token-colour chooser and the set-up prompt in the status column."""
    from frontier_desktop.ui.games import quick_game
    from frontier_desktop.ui.scenes.table import TableScene

    app.scenes.push(TableScene(app, quick_game(seed=3), seat=0, hotseat=False))


def _table_message(app: App) -> None:
    """A long refusal in its box over the board: in the window, off the buttons and the text."""
    _table(app).say("You can't move there: Serra Angel has already moved this turn and can't "
                    "move again until your next turn.", warn=True)


def _table_help(app: App) -> None:
    """The rules overlay (F1): its text wraps to the frame and the buttons are hidden."""
    _table(app).help = True


def _game_over(app: App) -> None:
    from frontier_desktop.ui.scenes.game_over import GameOverScene

    app.scenes.push(GameOverScene(app, _table(app)))


def _game_over_lan_resign(app: App) -> None:
    """After a LAN resign: the reason line (long names make it wrap) above the turns and the
    life totals, none of them on another or under a button."""
    from frontier_desktop.ui.scenes.lan_table import LanGameOverScene
    from frontier_desktop.ui.scenes.table import TableScene
    from frontier_desktop.ui.screenshot import demo_session

    if not _RESIGNED:
        session = demo_session(seed=7, turns=2)
        session.submit(session.acting_seat() or 0, {"type": "concede"})  # as a resign does
        _RESIGNED.append(session)
    table = TableScene(app, _RESIGNED[0], seat=0, hotseat=False)
    table.game_over_shown = True  # this test pushes the LAN screen itself
    app.scenes.push(table)
    table.end_reason = ("Bartholomew-Maximilian of the Far Northern Marches resigned; "
                        "Ann of the Southern Reaches wins the game.")
    app.scenes.push(LanGameOverScene(app, table))


def _cover(app: App) -> None:
    _table(app)._push_cover()


def _cover_long_name(app: App) -> None:
    from frontier_desktop.ui.scenes.cover import CoverScene

    app.scenes.push(CoverScene(app, "Bartholomew-Maximilian of the Far Northern Marches " * 2,
                               "Turn 12: your turn, after a very long and eventful combat."))


def _replay(app: App) -> None:
    from frontier_desktop.ui.scenes.replay import ReplayScene

    session = _demo()
    app.scenes.push(ReplayScene(app, session.record_header, session.actions))


def _builder(app: App) -> None:
    from frontier_desktop.ui.games import DECKS_DIR, QUICK_DECKS
    from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene

    builder = DeckBuilderScene(app, build_full_index=False)
    app.scenes.push(builder)
    builder.open_path(DECKS_DIR / QUICK_DECKS[1], keep_path=False)


def _builder_army(app: App) -> None:
    """An Army deck: its labelled points box beside the variant menu."""
    from frontier_desktop.ui.games import DECKS_DIR
    from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene

    builder = DeckBuilderScene(app, build_full_index=False)
    app.scenes.push(builder)
    builder.open_path(DECKS_DIR / "army_monk_legion.txt", keep_path=False)


def _builder_unsaved(app: App) -> None:
    """Paste over an unsaved deck: the Save / Discard / Cancel question."""
    _builder_army(app)
    builder = app.scenes.top
    builder.add("Serra Angel")
    builder.command("paste")


def _lan(app: App) -> None:
    from frontier_desktop.ui.scenes.lan import LanScene

    app.scenes.push(LanScene(app))


SCENES: dict[str, Callable[[App], Any]] = {
    "menu": _menu, "setup": _setup, "settings": _settings, "table": _table,
    "table-start": _table_start, "table-message": _table_message, "table-help": _table_help, "game-over": _game_over,
    "game-over-lan-resign": _game_over_lan_resign, "cover": _cover,
    "cover-long-name": _cover_long_name, "replay": _replay, "builder": _builder, "builder-army": _builder_army,
    "builder-unsaved": _builder_unsaved, "lan": _lan,
}


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Callable[[tuple[int, int], float], App]]:
    apps: list[App] = []

    def make(size: tuple[int, int], scale: float) -> App:
        settings = Settings(ui_scale=scale, window_size=size, cache_dir=str(tmp_path / "cache"),
                            offline=True)
        app = App(paths=Paths(tmp_path / "config", tmp_path / "data"), settings=settings,
                  size=size, save_settings_on_exit=False)
        apps.append(app)
        return app

    yield make
    for app in apps:
        for scene in list(app.scenes):
            stop = getattr(scene, "stop", None)
            if callable(stop):
                stop()
        app.art.close()
    pygame.quit()


class Recorder(pygame.Surface):
    """A window-sized surface that notes where the scenes blit text (``app.fonts`` output);
    a window-sized translucent shade (a modal overlay) forgets the text drawn before it."""

    def __init__(self, size: tuple[int, int], texts: set[int]) -> None:
        super().__init__(size)
        self.texts = texts
        self.blits: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        if source.get_size() == self.get_size() and source.get_flags() & pygame.SRCALPHA:
            self.blits.clear()  # a modal shade: the text under it is background now
        elif id(source) in self.texts and area is None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            ink = source.get_bounding_rect()
            if ink.w and ink.h:
                self.blits.append(ink.move(at))
        return super().blit(source, dest, area, special_flags)


def drawn_text(app: App) -> list[pygame.Rect]:
    """Ink rectangles of the text the visible scenes blit onto the window in one frame."""
    fonts = app.fonts
    made: set[int] = set()
    text, fit = fonts.text, fonts.fit

    def text_rec(*args: Any, **kwargs: Any) -> pygame.Surface:
        surf = text(*args, **kwargs)
        made.add(id(surf))
        return surf

    def fit_rec(*args: Any, **kwargs: Any) -> pygame.Surface:
        surf = fit(*args, **kwargs)
        made.add(id(surf))
        return surf

    fonts.text, fonts.fit = text_rec, fit_rec  # type: ignore[method-assign]
    try:
        surface = Recorder(app.size, made)
        app.scenes.draw(surface)
    finally:
        del fonts.text, fonts.fit
    return surface.blits


def top_widgets(app: App) -> list[Any]:
    """The visible top-level pygame-gui elements (a drop-down's parts are inside its rect)."""
    root = app.ui.get_root_container()
    return [e for e in root.elements if e.visible]


def text_overflow(e: Any) -> str | None:
    """Why *e*'s text does not fit its rect (None when it fits): a button's or label's text
    wider than the widget or taller than it, an entry's line taller than the box, a closed
    drop-down's chosen option cut."""
    kind = type(e).__name__
    if kind == "UIDropDownMenu":
        part = getattr(e.current_state, "selected_option_button", None)
        return None if part is None else text_overflow(part)
    text, font = getattr(e, "text", None), getattr(e, "font", None)
    if not text or font is None or kind not in ("UIButton", "UILabel", "UITextEntryLine"):
        return None
    width, height = font.size(text)
    if kind != "UITextEntryLine" and width > e.rect.w - 4:
        return f"{kind} {text!r} ({width} px wide) overflows {e.rect}"
    if height > e.rect.h:
        return f"{kind} {text!r} ({height} px high) is cut in {e.rect}"
    return None


def expanded_dropdown_problems(app: App, dropdown: Any) -> list[str]:
    """Open *dropdown* with a click, list what is cut or off the window, close it again."""
    window = pygame.Rect((0, 0), app.size)
    click(app, dropdown.rect.center)
    state = dropdown.current_state
    listing = getattr(state, "options_selection_list", None)
    problems: list[str] = []
    if listing is None:
        return [f"{dropdown.rect} did not open on a click"]
    if not window.contains(listing.rect):
        problems.append(f"the options of {dropdown.rect} ({listing.rect}) leave the window")
    for item in listing.item_list:
        button = item.get("button_element")
        if button is None:
            continue  # scrolled out of the list (a scroll bar shows the rest)
        problem = text_overflow(button)
        if problem is not None:
            problems.append(f"option of {dropdown.rect}: {problem}")
    dropdown.unfocus()
    step(app, 2)
    return problems


def test_fit_scale_clamps_to_the_window() -> None:
    assert fit_scale(1.0, MIN_SIZE) == 1.0
    assert fit_scale(2.0, MIN_SIZE) == 1.0
    assert fit_scale(1.5, (1280, 720)) == 1.2
    assert fit_scale(2.0, (1920, 1080)) == 1.8
    assert fit_scale(1.25, (2560, 1440)) == 1.25
    for w, h, s in itertools.product(range(960, 2600, 37), range(600, 1500, 41), (1.0, 1.5, 2.0)):
        got = fit_scale(s, (w, h))
        assert 1.0 <= got <= s
        assert 960 * got <= w and 600 * got <= h


@pytest.mark.parametrize("size,scale", SIZES, ids=[f"{w}x{h}@{round(s * 100)}%"
                                                   for (w, h), s in SIZES])
@pytest.mark.parametrize("scene", list(SCENES))
def test_scene_fits_the_window(make_app, scene: str, size: tuple[int, int], scale: float) -> None:
    app = make_app(size, scale)
    SCENES[scene](app)
    step(app, 3)
    window = pygame.Rect((0, 0), app.size)
    where = f"{scene} at {size[0]}x{size[1]} {round(scale * 100)}%"

    widgets = top_widgets(app)
    assert widgets or scene == "table-help", f"{where}: no widgets"
    for e in widgets:
        assert window.contains(e.rect), f"{where}: {type(e).__name__} {e.rect} is off the window"
    solid = [e for e in widgets if type(e).__name__ not in CONTAINERS]
    for a, b in itertools.combinations(solid, 2):
        assert not a.rect.colliderect(b.rect), \
            f"{where}: {type(a).__name__} {a.rect} overlaps {type(b).__name__} {b.rect}"

    for e in solid:  # every widget's text fits in it: labels, entries, closed drop-downs
        problem = text_overflow(e)
        assert problem is None, f"{where}: {problem}"
    for e in solid:  # each drop-down, opened: its options in the window, each option readable
        if type(e).__name__ == "UIDropDownMenu":
            for problem in expanded_dropdown_problems(app, e):
                raise AssertionError(f"{where}: {problem}")

    texts = drawn_text(app)
    for r in texts:
        assert window.contains(r), f"{where}: text at {r} runs off the window"
        for e in solid:
            assert not r.colliderect(e.rect), \
                f"{where}: text at {r} is under {type(e).__name__} {e.rect}"
    for a, b in itertools.combinations(texts, 2):
        assert not a.colliderect(b), f"{where}: text at {a} overlaps text at {b}"
    # the table's token-colour chooser (mana symbols, not text) is in the window, off the
    # buttons and off the text
    for table in app.scenes:
        for r, _ in getattr(table, "colour_rects", []):
            assert window.contains(r), f"{where}: colour choice {r} is off the window"
            assert table.renderer.layout.status.contains(r), f"{where}: {r} out of its column"
            assert not any(r.colliderect(e.rect) for e in solid), f"{where}: {r} under a button"
            assert r.collidelist(texts) < 0, f"{where}: colour choice {r} over text"
    if scene == "table-start":
        assert len(app.scenes.top.colour_rects) == 6, where


def test_resize_and_settings_change_rescale(make_app) -> None:
    app = make_app((1920, 1080), 2.0)
    _settings(app)
    step(app)
    assert app.scale == 1.8 and app.settings.ui_scale == 2.0
    app.resize((1280, 720))
    step(app)
    assert app.scale == 1.2
    assert app.fonts.scale == 1.2
    save = app.scenes.top.w["save"]
    assert pygame.Rect((0, 0), app.size).contains(save.rect)
    # the Settings screen still shows and saves the player's value, not the fitted one
    assert app.scenes.top._opt(app.scenes.top.w["ui_scale"]) == "200%"
    app.scenes.top.save()
    assert app.settings.ui_scale == 2.0 and app.scale == 1.2
    app.resize((400, 300))  # below the minimum: clamped to MIN_SIZE
    assert app.size == MIN_SIZE and app.scale == 1.0
