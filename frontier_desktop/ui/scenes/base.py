"""Scene base class and the scene stack (top-down event routing, draw culling)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.host import UIHost as App


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under a modal overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def centred_box(app: App, width: float, height: float) -> pygame.Rect:
    """A *width* x *height* box (design pixels at the UI scale) centred in the window."""
    w, h = app.size
    box = pygame.Rect(0, 0, app.px(width), app.px(height))
    box.center = (w // 2, h // 2)
    return box


def draw_modal(surface: pygame.Surface, app: App, box: pygame.Rect, *, alpha: int = 150,
               radius: int = 12, border: int = 2) -> None:
    """Shade the window and draw the panel of a modal overlay in *box*."""
    shade(surface, alpha)
    pal = app.palette
    pygame.draw.rect(surface, pal.bg_panel_hi, box, border_radius=radius)
    pygame.draw.rect(surface, pal.accent, box, border, border_radius=radius)


class Scene:
    """A screen in the :class:`SceneStack`.

    Widgets (pygame-gui elements) are created in :meth:`build` and listed in ``self.widgets``;
    the base class kills them on exit and rebuilds them on resize, hides them while another
    scene covers this one, and shows them again on resume.
    """

    opaque: ClassVar[bool] = True
    """Scenes below an opaque scene are not drawn."""
    name: ClassVar[str] = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Any] = []
        self.hints: dict[Any, str] = {}
        """Text field → the dim hint it shows while empty (our own: pygame-gui 0.6.14's
        placeholder text is laid out as the field's text, so a click put the caret inside
        it and typing went into the middle of "Chat (Enter sends)…")."""

    # lifecycle
    def build(self) -> None:
        """Create this scene's widgets for the current window size."""

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []
        self.hints = {}

    def on_enter(self) -> None:
        self.build()

    def on_exit(self) -> None:
        self.clear_widgets()

    def on_pause(self) -> None:
        for widget in self.widgets:
            widget.hide()

    def on_resume(self) -> None:
        for widget in self.widgets:
            widget.show()

    def on_resize(self) -> None:
        self.clear_widgets()
        self.build()

    # loop
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was consumed and must not reach lower scenes."""
        return False

    def on_close_request(self) -> bool:
        """The window's close button was pressed: True lets the app quit; False keeps the
        window open (the scene asks its own question, and calls ``app.quit()`` itself if the
        player agrees)."""
        return True

    def update(self, dt: float) -> None:
        """Advance animations by *dt* seconds."""

    def is_animating(self) -> bool:
        """Whether this scene needs frames without input (an animation, a glide, a drag, a
        timer, a background job it polls). The app otherwise sleeps until an event or
        ``app.request_redraw()``."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the UI manager afterwards)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw over the widgets: each empty text field's hint, dim, where its text goes."""
        for field, hint in self.hints.items():
            if not field.visible or field.get_text():
                continue
            draw_hint(surface, self.app, field.rect, hint)


def draw_hint(surface: pygame.Surface, app: App, rect: pygame.Rect, hint: str) -> None:
    """*hint* in the dim text colour inside *rect* (one line centred, or lines from the top
    of a box taller than two lines)."""
    fonts, pal, px = app.fonts, app.palette, app.px
    inner = rect.inflate(-px(16), -px(8))
    lines = hint.split("\n")
    line_h = fonts.font(15).get_linesize()
    y = inner.y + px(2) if rect.h > 3 * line_h else None
    for i, line in enumerate(lines):
        t = fonts.fit(line, 15, pal.text_dim, inner.w)
        at = t.get_rect(midleft=(inner.x, rect.centery)) if y is None else \
            t.get_rect(topleft=(inner.x, y + i * line_h))
        if at.bottom > rect.bottom:
            break
        surface.blit(t, at)
        if y is None:
            break


class SceneStack:
    """push/pop/replace scenes; events go top-down until one consumes them."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Pop every scene, then push *scene*."""
        while self._scenes:
            self._scenes.pop().on_exit()
        return self.push(scene)

    def abandon(self) -> list[Exception]:
        """Remove every scene after an unexpected problem, calling each ``on_exit`` but not
        trusting it: the exceptions they raise are returned, not raised."""
        problems: list[Exception] = []
        while self._scenes:
            try:
                self._scenes.pop().on_exit()
            except Exception as exc:  # noqa: BLE001 - a broken scene must not stop the rest
                problems.append(exc)
        return problems

    def find(self, kind: type) -> Any:
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def close_request(self) -> bool:
        """Ask every scene, top down, whether the window may close (see
        :meth:`Scene.on_close_request`); the first that says no keeps it open."""
        return all(scene.on_close_request() for scene in reversed(self._scenes))

    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self._scenes):
            if scene.handle_event(event):
                return True
            if scene.opaque:
                break
        return False

    def on_resize(self) -> None:
        for i, scene in enumerate(self._scenes):
            scene.on_resize()
            if i < len(self._scenes) - 1:
                scene.on_pause()

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def _drawn(self) -> list[Scene]:
        """The scenes a frame shows: the top opaque one and those above it."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._drawn():
            scene.draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """After the widgets: what each drawn scene puts over them (field hints)."""
        for scene in self._drawn():
            scene.draw_over(surface)
