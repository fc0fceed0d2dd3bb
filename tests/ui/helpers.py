"""Posting real mouse and keyboard events to an App and stepping frames."""

from __future__ import annotations

from pathlib import Path

import pygame

from frontier_desktop.app import App

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60, flip=False)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 2)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, 2)


def press(app: App, button) -> None:  # type: ignore[no-untyped-def]
    """Click a pygame-gui button with real mouse events."""
    click(app, button.rect.center)


def uncover(app: App, *, by: str = "enter") -> None:
    """Take the pass-the-device cover away as a player does: wait until it arms (one frame
    of its arming time), then press Enter (or click its button, *by* ``"button"``)."""
    from frontier_desktop.ui.scenes.cover import ARM_S, CoverScene

    cover = app.scenes.top
    assert isinstance(cover, CoverScene), type(cover).__name__
    app.step(ARM_S, flip=False)
    assert cover.armed
    if by == "button":
        assert cover.button is not None
        press(app, cover.button)
    else:
        key(app, pygame.K_RETURN)
    assert app.scenes.top is not cover, "the cover stayed up"


def bundled_table(app: App, tmp_path: Path, name: str, edit, *,  # type: ignore[no-untyped-def]
                  hotseat: bool = False):
    """A table on the bundled position ``assets/positions/NAME`` as *edit* changes its JSON
    (a function that alters the dict in place), seated at the seat that acts."""
    import json

    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.table import TableScene

    root = Path(__file__).resolve().parents[2] / "assets" / "positions"
    data = json.loads((root / name).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    session = games.session_from_position(path)
    table = TableScene(app, session, seat=session.acting_seat() or 0, hotseat=hotseat)
    app.scenes.push(table)
    step(app, 2)
    return table
