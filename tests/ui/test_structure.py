"""How the UI is put together: no import circle with the app, a variant-blind table scene,
and a variant that plugs in with a small presentation module."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, ClassVar

import pytest

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
               "table/buttons.py", "table/seat.py", "table/files.py", "table/selection.py",
               "table/intents.py"]
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


# ------------------------------------------------------------------ the house around the UI
CLI_MODULES = ("frontier_desktop.cli", "frontier_desktop.net.cli")
"""The command-line modules: ``frontier-desktop`` and its ``host``/``join`` subcommands."""
CLI_ENTRIES = {PACKAGE / "cli.py", PACKAGE / "net" / "cli.py", PACKAGE / "__main__.py"}
"""The only modules that may import a command-line module: those two themselves and
``python -m frontier_desktop``. Everything else (the UI, the LAN screen, the network layer)
takes what it needs from the module where it belongs (``decks.loading``, ``sample_decks``,
``net.address``, ``launch``)."""
CIRCLE_HUBS = ("app.py", "cli.py", "net/cli.py")
"""Modules no import circle reachable from the UI may run through."""


def _module_file(name: str) -> Path | None:
    """The file of the package's module *name* (``frontier_desktop.net.cli`` → ``net/cli.py``,
    a package → its ``__init__.py``), or None for a name that is no module of the package."""
    parts = name.split(".")
    if parts[0] != "frontier_desktop" or not all(part.isidentifier() for part in parts):
        return None
    base = PACKAGE.joinpath(*parts[1:])
    if len(parts) > 1 and base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return base / "__init__.py" if (base / "__init__.py").is_file() else None


def _named_modules(path: Path) -> list[str]:
    """What *path* imports (:func:`_imports`) and the package's modules it names in a string
    of their own, which it imports by name: ``importlib.import_module("frontier_desktop.app")``,
    the command line's table of subcommand modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and _module_file(node.value) is not None]
    return _imports(path) + named


def _import_graph() -> dict[Path, set[Path]]:
    """Every module of the package → the package's modules it imports, anywhere in the file
    (inside functions too), with the packages above them (importing ``a.b`` runs
    ``a/__init__.py`` first)."""
    graph: dict[Path, set[Path]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        targets: set[Path] = set()
        for name in _named_modules(path):
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                target = _module_file(".".join(parts[:end]))
                if target is not None and target != path:
                    targets.add(target)
        graph[path] = targets
    return graph


def _reachable(graph: dict[Path, set[Path]], starts: list[Path]) -> set[Path]:
    seen: set[Path] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo += graph.get(path, ())
    return seen


def _circle_through(graph: dict[Path, set[Path]], hub: Path) -> list[str]:
    """A circle of imports from *hub* back to it (module files, relative to the package), or
    [] when there is none: a depth-first search from *hub*."""
    came_from: dict[Path, Path] = {}
    todo = [hub]
    while todo:
        path = todo.pop()
        for target in sorted(graph.get(path, ())):
            if target == hub:
                chain = [path]
                while chain[-1] != hub:
                    chain.append(came_from[chain[-1]])
                return [str(p.relative_to(PACKAGE)) for p in [*reversed(chain), hub]]
            if target not in came_from:
                came_from[target] = path
                todo.append(target)
    return []


def test_only_the_command_line_imports_a_command_line_module() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in CLI_ENTRIES:
            continue
        bad = sorted({m for m in _named_modules(path) for cli in CLI_MODULES
                      if m == cli or m.startswith(cli + ".")})
        if bad:
            offenders.append(f"{path.relative_to(PACKAGE)} imports {', '.join(bad)}")
    assert offenders == [], f"only {sorted(str(p.relative_to(PACKAGE)) for p in CLI_ENTRIES)} " \
        f"may import the command line: {offenders}"


def test_no_import_circle_from_the_ui_runs_through_the_app_or_the_command_line() -> None:
    graph = _import_graph()
    reachable = _reachable(graph, [path for path in graph if PACKAGE / "ui" in path.parents])
    assert PACKAGE / "app.py" in reachable  # the screenshot command builds an App
    circles = [_circle_through(graph, PACKAGE / hub) for hub in CIRCLE_HUBS
               if PACKAGE / hub in reachable]
    assert [" -> ".join(c) for c in circles if c] == []


def test_the_circle_check_finds_a_circle_and_follows_imports_by_name() -> None:
    a, b, c = PACKAGE / "a.py", PACKAGE / "b.py", PACKAGE / "c.py"
    assert _circle_through({a: {b}, b: {c}, c: {a}}, a) == ["a.py", "b.py", "c.py", "a.py"]
    assert _circle_through({a: {b}, b: {c}, c: {b}}, a) == []
    graph = _import_graph()
    assert PACKAGE / "app.py" in graph[PACKAGE / "launch.py"]  # import_module("...app")
    assert PACKAGE / "net" / "cli.py" in graph[PACKAGE / "cli.py"]  # its subcommand table
    assert PACKAGE / "net" / "__init__.py" in graph[PACKAGE / "net" / "cli.py"]


MAX_LINES = 700
"""A module longer than this is hard to read whole: split it along what it does."""
LONG_MODULES: dict[str, set[str]] = {
    "ui": {
        # Over MAX_LINES today, each to be split along what it does (issue 23); take a module
        # off once it is split (the test says when one no longer needs its place here).
    },
    "net": set(),
}
"""Folder of the package → its modules (relative to the folder) allowed over MAX_LINES for
now. A folder added here (e.g. ``"rules": {...}``) is checked too."""


def _line_counts(folder: str) -> dict[str, int]:
    root = PACKAGE / folder
    return {str(path.relative_to(root)): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted(root.rglob("*.py"))}


@pytest.mark.parametrize("folder", sorted(LONG_MODULES))
def test_modules_stay_short_enough_to_read_whole(folder: str) -> None:
    counts = _line_counts(folder)
    allowed = LONG_MODULES[folder]
    too_long = {name: n for name, n in counts.items() if n > MAX_LINES and name not in allowed}
    assert too_long == {}, f"split these {folder}/ modules to at most {MAX_LINES} lines: {too_long}"
    short = sorted(name for name in allowed if counts.get(name, 0) <= MAX_LINES)
    assert short == [], f"take these off LONG_MODULES[{folder!r}] (short now, or gone): {short}"
