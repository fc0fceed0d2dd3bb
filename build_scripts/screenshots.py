"""Render the README's screenshots (assets/screenshots/*.png) headless, all of them.

    python build_scripts/screenshots.py                # the README set, into assets/screenshots
    python build_scripts/screenshots.py --looks DIR    # the table scenes at 960x600 and at
                                                       # 100%, 150% and 200% UI scale, to look at

The plain scenes come from ``frontier-desktop screenshot``; combat, bands, respond and settings
are driven with posted events on ``tests/ui/fixtures/{skirmish,bands}.json``, the same steps as
``tests/ui/test_table_play.py``; the Army Magic shots on ``tests/ui/fixtures/army-midgame.json``
as ``tests/ui/test_army_table.py`` plays them; the Conquering's on the mid-game positions of
``tests/ui/conquering_scenes.py``, the War Game's on ``tests/ui/wargame_scenes.py``. Wide shots are scaled to 1200x675 for the README.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from frontier_desktop.ui.screenshot import render  # noqa: E402

FIXTURES = ROOT / "tests" / "ui" / "fixtures"
OUT = ROOT / "assets" / "screenshots"
README = (1200, 675)


def _app(size: tuple[int, int], scale: float = 1.0, **settings: Any) -> Any:
    from frontier_desktop.app import App
    from frontier_desktop.config import Paths, Settings

    tmp = Path(tempfile.mkdtemp(prefix="frontier-shots-"))
    return App(paths=Paths(tmp / "config", tmp / "data"),
               settings=Settings(ui_scale=scale, window_size=size, **settings), size=size,
               save_settings_on_exit=False)


def _step(app: Any, n: int = 1) -> None:
    for _ in range(n):
        app.step(1 / 60, flip=False)


def _post(kind: int, **data: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **data))


def _click(app: Any, pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _step(app)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    _step(app, 2)


def _drag(app: Any, start: tuple[int, int], end: tuple[int, int], *, release: bool = True
          ) -> None:
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    _step(app)
    for i in range(1, 5):
        p = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
        _post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        _step(app)
    if release:
        _post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        _step(app, 2)


def _table(app: Any, fixture: str, *, hotseat: bool = False) -> Any:
    from frontier_desktop.ui import games
    from frontier_desktop.ui.scenes.table import TableScene

    session = games.session_from_position(FIXTURES / fixture)
    table = TableScene(app, session, seat=0, hotseat=hotseat)
    app.scenes.push(table)
    _step(app, 2)
    return table


def _unit(table: Any, uid: str) -> dict[str, Any]:
    return next(u for u in table.view["units"] if u["id"] == uid)


def combat(app: Any) -> None:
    """The Hill Giant lunges at the first-striking White Knight: damage floats, a casualty
    fades (caught mid-animation)."""
    table = _table(app, "skirmish.json")
    giant = table.renderer.sprites["giant"]
    knight = table.renderer.square_rect(tuple(_unit(table, "knight")["at"])).center
    _drag(app, giant.home, knight)
    _step(app, 12)


def bands(app: Any) -> None:
    """A drag box chose both Benalish Heroes of one square: the lit squares are their moves."""
    table = _table(app, "bands.json")
    rect = table.renderer.square_rect((0, 1))
    _drag(app, (rect.left + 3, rect.top + 3), (rect.right - 3, rect.bottom - 3))
    table.select("hero1")
    table.group = ["hero1", "hero2"]
    _post(pygame.MOUSEMOTION, pos=table.renderer.sprites["hero2"].home, rel=(0, 0),
          buttons=(0, 0, 0))
    _step(app, 2)


def _uncover(app: Any) -> None:
    """The next player takes the device: the cover arms, then Enter takes it away."""
    from frontier_desktop.ui.scenes.cover import ARM_S

    app.step(ARM_S, flip=False)
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    _post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    _step(app, 3)


def respond(app: Any) -> None:
    """With "hold priority" on, Ben is offered a response to Ann's move."""
    from frontier_desktop.ui.scenes.cover import CoverScene

    app.settings.hold_priority = True
    table = _table(app, "skirmish.json", hotseat=True)
    elf = table.renderer.sprites["elf"]
    dest = table.renderer.square_rect(tuple(_unit(table, "elf")["moves"][0])).center
    _drag(app, elf.home, dest)
    if isinstance(app.scenes.top, CoverScene):
        _uncover(app)


def settings(app: Any) -> None:
    from frontier_desktop.ui.scenes.settings import SettingsScene

    app.scenes.push(SettingsScene(app))
    _step(app, 3)


def saved(app: Any) -> None:
    """The table after "Save as": the message in the normal colour, over the board."""
    table = _table(app, "skirmish.json")
    table.say("Saved as Ann vs Ben turn 3.jsonl (Open game… in the menu loads it).")
    _step(app, 2)


def refused(app: Any) -> None:
    """A refused move: the rules' reason in the warning colour."""
    table = _table(app, "skirmish.json")
    table.say("You can't move there: the White Knight has already moved this turn and can't "
              "move again until your next turn.", warn=True)
    _step(app, 2)


def army(app: Any) -> None:
    """Army Magic: Ann carries her stack (Hill Giant on top, three creatures) towards Ben's
    Forest; the lands it may move to or attack are lit; life dice on every explored land."""
    table = _table(app, "army-midgame.json")
    r = table.renderer
    here, there = r.square_rect((1, 2)), r.square_rect((2, 2))
    # caught on its way, between the squares: the lit attack on the Forest stays in view
    _drag(app, r.sprites["giant"].home, (there.right + 2, (here.top + there.bottom) // 2),
          release=False)


def army_fan(app: Any) -> None:
    """Army Magic: a click fanned out Ann's stack: each creature with its name and P/T."""
    table = _table(app, "army-midgame.json")
    r = table.renderer
    _click(app, r.sprites["giant"].home)
    _post(pygame.MOUSEMOTION, pos=r.sprites["hero"].home, rel=(0, 0), buttons=(0, 0, 0))
    _step(app, 2)


def army_blocks(app: Any) -> None:
    """Army Magic, Ben's screen: his creatures fanned out to block, the Grizzly Bears blocking
    the Benalish Hero (the line), the Llanowar Elves dropped on the attackers: which one?"""
    from frontier_desktop.ui.scenes.cover import CoverScene

    table = _table(app, "army-midgame.json", hotseat=True)
    r = table.renderer
    _drag(app, r.sprites["giant"].home, r.square_rect((2, 2)).center)
    if isinstance(app.scenes.top, CoverScene):
        _uncover(app)
    # the defenders are fanned out by themselves; the Bears go onto the stack of attackers,
    # whose menu names each of them
    _drag(app, r.sprites["bear"].home, r.sprites["giant"].home)
    hero = next(i for i, item in enumerate(table.menu.items) if "Benalish Hero" in item.label)
    _click(app, table.menu.item_rect(hero).center)
    _drag(app, r.sprites["elves"].home, r.sprites["giant"].home)


def army_setup(app: Any) -> None:
    """New game for Army Magic: the two sample armies, each one's points and initial forces
    (the source's scout force) from its deck."""
    from frontier_desktop.ui.scenes.setup import SetupScene

    setup = app.scenes.push(SetupScene(app, "army"))
    _step(app)
    setup.w["seed"].set_text("4127")
    setup._variant_widgets()
    _step(app, 2)


def _conquering(app: Any, players: int, seat: int = 0, **kw: Any) -> tuple[Any, Any]:
    from frontier_desktop.ui.scenes.table import TableScene
    from tests.ui.conquering_scenes import session

    sess, ids = session(players, **kw)
    table = TableScene(app, sess, seat=seat, hotseat=False)
    app.scenes.push(table)
    _step(app, 2)
    return table, ids


def conquering_3p(app: Any) -> None:
    """The Conquering, three players on the triangle: Edna carries her Grizzly Bears out of
    her side's middle land; the areas it may move to are lit; conquer values, markers in
    three colours and shapes, each stronghold outside the middle of its player's side."""
    table, ids = _conquering(app, 3)
    r = table.renderer
    start, end = r.sprites[ids["bears"]].home, r.place_rect("A3").midtop
    _drag(app, start, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 + 6), release=False)


def conquering_4p(app: Any) -> None:
    """The Conquering, four players on the 3x5 with a stronghold outside each side: Edna's
    Hill Giant attacks the Island; Dale's Benalish Hero blocks it (the line); the note over
    the board says who blocks now, clockwise."""
    from frontier_desktop.session import LocalSession
    from frontier_desktop.ui.scenes.table import TableScene
    from tests.rules.conquering_helpers import play
    from tests.ui.conquering_scenes import midgame

    state, ids = midgame(4, phase="conquer")
    state, _ = play(state, {"type": "conquer", "at": [1, 2], "units": [ids["giant"]]})
    state, _ = play(state, {"type": "block", "blocker": ids["hero"], "attacker": ids["giant"]})
    table = TableScene(app, LocalSession(state), seat=0, hotseat=False)
    app.scenes.push(table)
    _step(app, 2)
    r = table.renderer
    _post(pygame.MOUSEMOTION, pos=r.sprites[ids["giant"]].home, rel=(0, 0), buttons=(0, 0, 0))
    _step(app, 2)


def _wargame(app: Any, state: Any) -> Any:
    from frontier_desktop.session import LocalSession
    from frontier_desktop.ui.scenes.table import TableScene

    table = TableScene(app, LocalSession(state), seat=0, hotseat=False)
    app.scenes.push(table)
    _step(app, 2)
    return table


def wargame_4p(app: Any) -> None:
    """The War Game, four players on the 3x5 with a stronghold on each side (A west, B north,
    C east, D south; the others' face down): Ann drags her Serra Angel, a flyer, and the
    places it may reach (diagonals too) are lit; damage counters in red, supply in the
    players panel."""
    from tests.ui.wargame_scenes import midgame

    state, ids = midgame(4)
    table = _wargame(app, state)
    r = table.renderer
    start, end = r.sprites[ids["angel"]].home, r.place_rect((0, 2)).center
    _drag(app, start, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), release=False)


def wargame_divide(app: Any) -> None:
    """The War Game's combat division: Ann's Serra Angel deals 5 among three opposing
    creatures, each capped at what kills it now; 3 of 5 assigned so far."""
    from tests.ui.wargame_scenes import division

    state, ids = division(4)
    table = _wargame(app, state)
    table.local.division.update({ids["foe_giant"]: 1, ids["foe_bears"]: 2})
    _step(app, 2)


def wargame_heal(app: Any) -> None:
    """The War Game's heal phase: Ann right-clicks her damaged Hill Giant; the menu offers
    Heal 1 or Heal 2 (a supply point a damage, at most 2 a creature a turn)."""
    from tests.ui.wargame_scenes import midgame

    state, ids = midgame(4, phase="heal")
    table = _wargame(app, state)
    home = table.renderer.sprites[ids["giant"]].home
    _post(pygame.MOUSEMOTION, pos=home, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=home, button=3)
    _step(app)
    _post(pygame.MOUSEBUTTONUP, pos=home, button=3)
    _step(app, 2)
    item = table.menu.item_rect(0)
    _post(pygame.MOUSEMOTION, pos=item.center, rel=(0, 0), buttons=(0, 0, 0))
    _step(app, 2)


def wargame_supply(app: Any) -> None:
    """The War Game's supply roll: Ben's turn begins and his d6 comes to rest beside his
    stronghold, its caption saying the roll and his supply points."""
    from tests.ui.wargame_scenes import midgame

    state, _ = midgame(4, phase="casting")
    table = _wargame(app, state)
    for _ in range(6):  # Ann's casting and discard steps, then Ben's untap, draw and supply
        if table.dice is not None:
            break
        table.submit({"type": "pass"})
        _step(app)
    if table.dice is not None:
        table.dice["t"] = 1.0  # landed (the rolling faces are random)
    _step(app)


def wargame_tap(app: Any) -> None:
    """The War Game, Ben's screen: Ann's Grizzly Bears and Hill Giant attack his stronghold
    B; he may tap one of them, ringed in gold (or none)."""
    from frontier_desktop.rules import actions as A
    from tests.rules.wargame_helpers import play, put
    from tests.ui.wargame_scenes import midgame

    state, ids = midgame(4)
    put(state, "Grizzly Bears", 0, "S1")
    giant = put(state, "Hill Giant", 0, "S1")
    put(state, "White Knight", 1, "S1")
    state, _ = play(state, A.Pass())
    from frontier_desktop.session import LocalSession
    from frontier_desktop.ui.scenes.table import TableScene

    table = TableScene(app, LocalSession(state), seat=1, hotseat=False)
    app.scenes.push(table)
    _step(app, 2)
    _post(pygame.MOUSEMOTION, pos=table.renderer.sprites[giant].home, rel=(0, 0),
          buttons=(0, 0, 0))
    _step(app, 2)


DRIVEN: dict[str, Callable[[Any], None]] = {
    "combat": combat, "bands": bands, "respond": respond, "settings": settings,
    "army": army, "army-fan": army_fan, "army-blocks": army_blocks,
    "army-setup": army_setup, "conquering-3p": conquering_3p,
    "conquering-4p": conquering_4p, "wargame-4p": wargame_4p,
    "wargame-divide": wargame_divide, "wargame-heal": wargame_heal,
    "wargame-supply": wargame_supply, "wargame-tap": wargame_tap}
LOOKS: dict[str, Callable[[Any], None]] = {"bands": bands, "combat": combat, "saved": saved,
                                           "refused": refused, "army": army,
                                           "army-fan": army_fan, "army-blocks": army_blocks,
                                           "army-setup": army_setup,
                                           "conquering-3p": conquering_3p,
                                           "conquering-4p": conquering_4p,
                                           "wargame-4p": wargame_4p,
                                           "wargame-divide": wargame_divide,
                                           "wargame-heal": wargame_heal,
                                           "wargame-supply": wargame_supply,
                                           "wargame-tap": wargame_tap}


def shoot(name: str, how: Callable[[Any], None], out: Path, size: tuple[int, int],
          scale: float = 1.0, fit: tuple[int, int] | None = None) -> Path:
    app = _app(size, scale)
    try:
        how(app)
        surf = pygame.Surface(app.size)
        app.draw(surf)
        if fit is not None:
            surf = pygame.transform.smoothscale(surf, fit)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(out))
    finally:
        app.shutdown()
    print(out)
    return out


def _shrink(path: Path, size: tuple[int, int]) -> None:
    pygame.init()
    image = pygame.image.load(str(path))
    pygame.image.save(pygame.transform.smoothscale(image, size), str(path))


def readme_set(out: Path) -> None:
    for scene in ("menu", "game-over", "builder"):
        print(render(out / f"{scene}.png", scene=scene))
    print(render(out / "table.png", scene="table"))
    _shrink(out / "table.png", README)
    print(render(out / "skirmish-ben.png", position=FIXTURES / "skirmish.json", view=1))
    print(render(out / "table-light.png", theme="light"))
    _shrink(out / "table-light.png", README)
    for name, how in DRIVEN.items():
        shoot(name, how, out / f"{name}.png", (1600, 900), fit=README)
    for scene in ("welcome", "help"):  # the first run, at 100%, 150% and the smallest window
        print(render(out / f"{scene}.png", scene=scene))
    print(render(out / "help-150.png", scene="help", scale=1.5))
    for scene in ("welcome", "help-controls", "crash"):
        print(render(out / f"{scene}-960x600.png", scene=scene, size=(960, 600)))


def looks(out: Path) -> None:
    sizes = [((960, 600), 1.0), ((1600, 900), 1.0), ((1280, 720), 1.5), ((1920, 1080), 2.0),
             ((1280, 720), 2.0)]
    for size, scale in sizes:
        tag = f"{size[0]}x{size[1]}@{round(scale * 100)}"
        for scene in ("table", "game-over", "replay", "setup", "settings", "menu", "builder",
                      "welcome", "help", "help-controls", "crash"):
            print(render(out / f"{scene}-{tag}.png", scene=scene, size=size, scale=scale))
        print(render(out / f"start-{tag}.png", scene="table", size=size, scale=scale, turns=0))
        for name, how in LOOKS.items():
            shoot(name, how, out / f"{name}-{tag}.png", size, scale)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--looks", type=Path, metavar="DIR",
                        help="render the table scenes at every size into DIR instead")
    args = parser.parse_args()
    if args.looks is not None:
        looks(args.looks)
    else:
        readme_set(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
