"""What scenes use of the application: a small interface, so scenes never import ``app.py``.

``app.py`` builds the window and imports the scenes; the scenes only need the handful of
things below. :class:`frontier_desktop.app.App` satisfies :class:`UIHost` structurally, and
so can a test double.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui.card_art import CardArt
    from frontier_desktop.ui.cards import CardImages
    from frontier_desktop.ui.scenes.base import SceneStack
    from frontier_desktop.ui.theme import Fonts, Palette


class UIHost(Protocol):
    """The window, caches and scene stack a scene draws with and pushes onto."""

    paths: Paths
    settings: Settings
    size: tuple[int, int]
    ui: pygame_gui.UIManager
    fonts: Fonts
    images: CardImages
    art: CardArt
    scenes: SceneStack

    @property
    def palette(self) -> Palette: ...

    @property
    def scale(self) -> float: ...

    @property
    def frame(self) -> pygame.Rect: ...

    def px(self, value: float) -> int: ...

    def drect(self, x: float, y: float, w: float, h: float) -> pygame.Rect: ...

    def dpos(self, x: float, y: float) -> tuple[int, int]: ...

    def apply_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...

    def push(self, scene: Any) -> Any: ...
