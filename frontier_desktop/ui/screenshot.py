"""``frontier-desktop screenshot``: render one settled frame of a scene to a PNG, headless.

    frontier-desktop screenshot --out table.png --scene table --position pos.json --view 1

Without ``--position`` the table shows a demo game (the quick-game decks, a fixed seed, a few
turns played by a simple scripted player).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

SCENES = ("menu", "setup", "table", "game-over", "settings", "cover", "replay", "builder",
          "recent", "welcome", "help", "help-controls", "crash")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("screenshot", help="render a scene to a PNG (headless)",
                                   description="Render one settled frame of a scene to a PNG "
                                   "without opening a window.")
    parser.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    parser.add_argument("--scene", choices=SCENES, default="table")
    parser.add_argument("--position", type=Path, metavar="FILE.json",
                        help="a position file for the table scene")
    parser.add_argument("--view", type=int, default=0, metavar="N", help="the seat at the screen")
    parser.add_argument("--size", default="1600x900", metavar="WxH")
    parser.add_argument("--scale", type=float, default=1.0, help="UI scale (1.0-2.0)")
    parser.add_argument("--theme", choices=("dark", "light"), default="dark")
    parser.add_argument("--seed", type=int, default=7, help="seed of the demo game")
    parser.add_argument("--turns", type=int, default=6, help="turns the demo game is played")
    parser.set_defaults(func=run)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size {text!r}: expected WxH, e.g. 1600x900") from None
    if w < 320 or h < 240:
        raise ValueError(f"--size {text!r}: too small")
    return w, h


def demo_session(seed: int = 7, turns: int = 6) -> Any:
    """A quick game played a few turns by a scripted player (moves forward, casts, attacks)."""
    from frontier_desktop.ui.games import quick_game

    session = quick_game(seed=seed)
    rnd = random.Random(seed)
    for _ in range(2000):
        seat = session.acting_seat()
        if seat is None or session.state.turn > turns:
            break
        legal = [a.to_wire() for a in session.legal_actions(seat)]
        if not legal:
            break
        by_type: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        if "place_token" in by_type:
            opts = [a for a in by_type["place_token"] if a.get("color") is None]
            action = opts[len(opts) // 2]
        elif "keep" in by_type:
            action = by_type["keep"][0]
        else:
            for kind in ("attack", "cast", "move", "scout", "tap_land", "done_attacking",
                         "done_moving", "discard", "pass"):
                if kind in by_type and (kind != "tap_land" or rnd.random() < 0.5) and \
                        (kind != "scout" or rnd.random() < 0.3):
                    action = rnd.choice(by_type[kind])
                    break
            else:
                action = legal[0]
        if not session.submit(seat, action).ok:
            session.submit(seat, {"type": "pass"})
    return session


def settle(app: Any, frames: int = 3) -> None:
    """Step *app* until its card images are loaded and drawn (a settled frame)."""
    # Until a round brings no new image: each drawn frame may ask for more (a hand card's full
    # image after its art crop), and a loaded machine may need several rounds.
    def refresh() -> None:
        for scene in app.scenes:
            renderer = getattr(scene, "renderer", None)
            if renderer is not None:
                renderer.refresh_art(throttle_s=0.0)

    for _ in range(20):
        for _ in range(frames):
            app.step(1 / 60, flip=False)
        app.art.wait_idle(timeout=30.0)
        if not app.art.pump(budget_s=5.0):
            break
        refresh()
    # The frames' own pump may have taken the last images while their (throttled) refresh
    # waited: rebuild with whatever arrived, unthrottled, before the settled frames.
    refresh()
    for _ in range(frames):
        app.step(1 / 60, flip=False)


def render(out: Path, *, scene: str = "table", position: Path | None = None, view: int = 0,
           size: tuple[int, int] = (1600, 900), scale: float = 1.0, theme: str = "dark",
           seed: int = 7, turns: int = 6) -> Path:
    """Render *scene* to *out* and return it (sets the dummy video driver if none is set)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.table import TableScene

    tmp = Path(tempfile.mkdtemp(prefix="frontier-shot-"))
    settings = Settings(ui_scale=scale, theme=theme, window_size=size)
    app = App(paths=Paths(tmp / "config", tmp / "data"), settings=settings, size=size,
              save_settings_on_exit=False)
    try:
        if scene == "menu":
            from frontier_desktop.ui.scenes.main_menu import MainMenuScene

            app.scenes.push(MainMenuScene(app))
        elif scene == "setup":
            from frontier_desktop.ui.scenes.setup import SetupScene

            app.scenes.push(SetupScene(app))
        elif scene == "settings":
            from frontier_desktop.ui.scenes.settings import SettingsScene

            app.scenes.push(SettingsScene(app))
        elif scene in ("welcome", "help", "help-controls", "crash"):
            _first_run(app, scene)
        elif scene == "builder":
            _builder(app)
        elif scene == "recent":
            _recent(app, seed, turns)
        else:
            if position is not None:
                session = games.session_from_position(position)
            elif scene == "game-over":
                session = demo_session(seed, turns)
                loser = session.acting_seat() or 0
                session.submit(loser, {"type": "concede"})
            else:
                session = demo_session(seed, turns)
            if scene == "replay":
                from frontier_desktop.ui.scenes.replay import ReplayScene

                app.scenes.push(ReplayScene(app, session.record_header, session.actions))
            else:
                table = TableScene(app, session, seat=view, hotseat=False)
                app.scenes.push(table)
                if scene == "cover":
                    table._push_cover()
        settle(app)
        out.parent.mkdir(parents=True, exist_ok=True)
        app.screenshot(out)
    finally:
        app.shutdown()
    return out


def _recent(app: Any, seed: int, turns: int) -> None:
    """The menu, then Recent games over three demo autosaves and one damaged file."""
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.main_menu import MainMenuScene
    from frontier_desktop.ui.scenes.recent import RecentGamesScene

    data = app.paths.data_dir
    for i, (names, n) in enumerate(((("Ann", "Ben"), turns), (("Cleo", "Dev"), 2),
                                    (("Ann", "Ben"), 1))):
        session = demo_session(seed + i, n)
        assert session.record_header is not None
        for p, name in zip(session.record_header["players"], names):
            p["name"] = name
        path = games.autosave_path(data, session)
        assert path is not None
        games.autosave(session, path)
    (games.autosaves_dir(data) / "damaged.jsonl").write_bytes(b"\xe5\x00 not a record")
    app.scenes.push(MainMenuScene(app))
    app.scenes.push(RecentGamesScene(app))


def _first_run(app: Any, scene: str) -> None:
    """The menu with the welcome over it, Help (Frontier's rules or the controls), or the
    crash dialog after an injected problem."""
    from frontier_desktop.app import start_scenes

    start_scenes(app)  # the welcome over the menu (fresh settings: not seen yet)
    if scene in ("help", "help-controls"):
        from frontier_desktop.ui.scenes.help import HelpScene

        app.scenes.pop()
        app.scenes.push(HelpScene(app, "controls" if scene == "help-controls" else "frontier"))
    elif scene == "crash":
        from frontier_desktop.ui.scenes.crash import CrashScene

        app.scenes.abandon()
        app.scenes.push(CrashScene(app, "details", "~/.local/state/frontier-desktop/log/"
                                   "frontier-desktop.log"))


def _builder(app: Any) -> None:
    """The deck builder on a sample deck with a search typed (bundled pool only: offline)."""
    import time

    from frontier_desktop.ui.games import DECKS_DIR, QUICK_DECKS
    from frontier_desktop.ui.scenes.deck_builder import DeckBuilderScene

    builder = DeckBuilderScene(app, build_full_index=False)
    app.scenes.push(builder)
    builder.open_path(DECKS_DIR / QUICK_DECKS[1], keep_path=False)
    builder.w["search"].set_text("t:creature")
    builder.query = "t:creature"
    builder._search_due = 0.0
    deadline = time.monotonic() + 10
    while builder.is_busy() and time.monotonic() < deadline:
        app.step(1 / 60, flip=False)
        time.sleep(0.002)


def run(args: argparse.Namespace) -> int:
    try:
        size = _size(args.size)
        if not 1.0 <= args.scale <= 2.0:
            raise ValueError("--scale must be between 1.0 and 2.0")
        render(args.out, scene=args.scene, position=args.position, view=args.view, size=size,
               scale=args.scale, theme=args.theme, seed=args.seed, turns=args.turns)
    except (ValueError, OSError) as exc:
        print(f"frontier-desktop screenshot: {exc}", file=sys.stderr)
        return 2
    print(args.out)
    return 0
