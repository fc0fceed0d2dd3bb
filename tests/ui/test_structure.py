"""How the UI is put together: no import circle with the app, a variant-blind table scene,
and a variant that plugs in with a small presentation module."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, ClassVar

import frontier_desktop
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.variants import (
    PRESENTATIONS,
    FrontierPresentation,
    StepButton,
    Strip,
    VariantPresentation,
    presentation_for,
)

from .helpers import FIXTURES, step

PACKAGE = Path(frontier_desktop.__file__).resolve().parent
ENTRY_POINTS = {PACKAGE / "ui" / "screenshot.py"}
"""The ``screenshot`` command builds an App inside its function, as ``__main__`` does; no
module imports it, so it closes no circle."""


def _imports(path: Path) -> list[str]:
    """Every module *path* imports, anywhere in the file (TYPE_CHECKING blocks included)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out += [f"{node.module}.{a.name}" for a in node.names]
    return out


def test_no_ui_module_imports_the_app() -> None:
    offenders = []
    for path in sorted((PACKAGE / "ui").rglob("*.py")):
        if path in ENTRY_POINTS:
            continue
        bad = [m for m in _imports(path) if m == "frontier_desktop.app" or
               m.startswith("frontier_desktop.app.")]
        if bad:
            offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == [], f"these import frontier_desktop.app (use ui.host.UIHost): {offenders}"


def test_the_palette_lives_in_the_theme() -> None:
    from frontier_desktop.ui import theme

    assert theme.palette("dark") is theme.DARK and theme.palette("light") is theme.LIGHT


TABLE_PARTS = ["scenes/table.py", "table/input.py", "table/draw.py", "table/menus.py",
               "table/buttons.py", "table/seat.py", "table/files.py"]
"""The table scene and the parts it is composed of (the renderer keeps Frontier's names for
its strips as aliases)."""


def test_the_table_scene_knows_no_frontier_rules() -> None:
    for part in TABLE_PARTS:
        source = (PACKAGE / "ui" / part).read_text(encoding="utf-8").lower()
        for word in ("staging", "scout", "done_moving", "done_attacking", "done moving",
                     "place_token", "hole"):
            assert word not in source, f"{part} mentions {word!r}: move it to ui/variants"


def test_frontier_is_registered_under_its_names() -> None:
    assert isinstance(presentation_for("frontier"), FrontierPresentation)
    assert isinstance(presentation_for("frontier-magic"), FrontierPresentation)
    assert type(presentation_for("no such variant")) is VariantPresentation


class _Keep(VariantPresentation):
    """A made-up variant: a stronghold strip per seat and a "Done marching" button."""

    name: ClassVar[str] = "test-keep"
    step_buttons: ClassVar[tuple[StepButton, ...]] = (StepButton("done_marching", "Done marching"),)
    primary_order: ClassVar[tuple[str, ...]] = ("done_marching", "pass")

    def strips(self, view: Any, seat: int, opponent: int) -> tuple[Strip, Strip]:
        names = [p["name"] for p in view["players"]]
        return Strip(opponent, f"{names[opponent]}'s keep"), Strip(seat, f"{names[seat]}'s keep")

    def prompt(self, ctx: Any) -> str:
        return "March your army."


def test_a_new_variant_plugs_in_with_a_presentation(app, monkeypatch) -> None:
    """The table takes its buttons, strip labels and prompt from the variant's presentation
    (here a made-up one registered under the view's variant name)."""
    monkeypatch.setitem(PRESENTATIONS, "test-keep", _Keep)
    session = games.session_from_position(FIXTURES / "skirmish.json")
    real_view = session.view
    monkeypatch.setattr(session, "view", lambda seat: {**real_view(seat), "variant": "test-keep"})
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    step(app)
    assert isinstance(table.presentation, _Keep)
    assert table.buttons["done_marching"].text == "Done marching"
    assert "done_moving" not in table.buttons
    assert table.prompt() == "March your army."
    labels: list[str] = []
    real_text = app.fonts.text
    monkeypatch.setattr(app.fonts, "text", lambda text, *a, **k: (labels.append(text),
                                                                     real_text(text, *a, **k))[1])
    table.renderer.rebuild()
    assert "Ann's keep" in labels and "Ben's keep" in labels
    assert not any("staging" in t for t in labels)


def test_the_app_provides_everything_scenes_use(app) -> None:
    """Scenes only know ``UIHost``; the real App has every member of it."""
    from frontier_desktop.ui.host import UIHost

    members = set(UIHost.__annotations__) | {
        n for n in vars(UIHost) if not n.startswith("_")}
    missing = sorted(n for n in members if not hasattr(app, n))
    assert missing == []
