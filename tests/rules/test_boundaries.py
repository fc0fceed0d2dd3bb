"""Layering: the rules engine is pure (no UI, no network, no file I/O); the card and network
layers never import pygame. Checked on the source with ``ast``, so nothing is imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent.parent / "frontier_desktop"
RULES = PACKAGE / "rules"

FORBIDDEN_IN_RULES = {"pygame", "pygame_gui", "socket", "requests", "urllib", "http",
                      "asyncio", "threading", "subprocess", "shutil", "tempfile", "pathlib",
                      "io", "sqlite3", "random", "time", "datetime"}
FILE_CALLS = {"open"}
FILE_METHODS = {"read_text", "write_text", "read_bytes", "write_bytes", "open", "unlink",
                "mkdir", "rename", "replace", "touch"}
OS_FILE_FUNCS = {"open", "remove", "unlink", "rename", "replace", "makedirs", "mkdir",
                 "listdir", "scandir", "walk", "fdopen", "fsync"}


def sources(root: Path) -> list[Path]:
    return sorted(root.rglob("*.py"))


def imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, node.lineno))
        elif isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if name in ("__import__", "import_module") and node.args and \
                    isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append((node.args[0].value, node.lineno))
    return out


def top(module: str) -> str:
    return module.split(".")[0]


def file_io(tree: ast.AST) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in FILE_CALLS:
            out.append((func.id, node.lineno))
        elif isinstance(func, ast.Attribute):
            if func.attr in FILE_METHODS - {"replace", "open"}:
                out.append((func.attr, node.lineno))
            elif isinstance(func.value, ast.Name) and func.value.id == "os" and \
                    func.attr in OS_FILE_FUNCS:
                out.append((f"os.{func.attr}", node.lineno))
            elif func.attr == "open" and not (isinstance(func.value, ast.Name)
                                              and func.value.id == "self"):
                out.append(("open", node.lineno))
    return out


RULE_FILES = sources(RULES)


def test_there_are_rules_sources():
    assert len(RULE_FILES) >= 10


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_import_no_ui_network_or_io_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [(m, line) for m, line in imported_modules(tree) if top(m) in FORBIDDEN_IN_RULES]
    assert not bad, f"{path.name} imports {bad}"
    for module, line in imported_modules(tree):
        if top(module) == "frontier_desktop":
            assert module.startswith("frontier_desktop.rules"), \
                f"{path.name}:{line} imports {module} from outside the rules engine"
    # "os" only for nothing at all: the engine has no business with the environment or files.
    assert not [m for m, _ in imported_modules(tree) if top(m) == "os"], path.name


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_do_no_file_io(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not file_io(tree), f"{path.name}: {file_io(tree)}"


def test_the_checker_catches_what_it_should():
    tree = ast.parse("import pygame\nfrom socket import socket\nimport importlib\n"
                     "importlib.import_module('requests')\nopen('x')\nPath('y').read_text()\n")
    assert {top(m) for m, _ in imported_modules(tree)} >= {"pygame", "socket", "requests"}
    assert {name for name, _ in file_io(tree)} == {"open", "read_text"}


@pytest.mark.parametrize("layer", ["cards", "net"])
def test_cards_and_net_never_import_pygame(layer):
    root = PACKAGE / layer
    files = sources(root) if root.is_dir() else []
    if layer == "cards":
        assert files, "frontier_desktop/cards exists"
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad = [m for m, _ in imported_modules(tree) if top(m) in ("pygame", "pygame_gui")]
        assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


CARDS_MAY_IMPORT = ("frontier_desktop.cards", "frontier_desktop.rules",
                    "frontier_desktop.resources", "frontier_desktop.problems")
"""STYLE.md: ``cards/`` imports the stdlib and ``rules/`` types, nothing above it (the deck
lists, the UI, the network layer, the program's command line); ``resources`` (where the
shipped data is) and ``problems`` (problems in words) are stdlib-only leaves below it."""


def program_imports_outside(tree: ast.AST, allowed: tuple[str, ...]) -> list[tuple[str, int]]:
    return [(m, line) for m, line in imported_modules(tree)
            if top(m) == "frontier_desktop" and not m.startswith(allowed)
            and m != "frontier_desktop"]


@pytest.mark.parametrize("path", sources(PACKAGE / "cards"),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_cards_import_nothing_above_them(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = program_imports_outside(tree, CARDS_MAY_IMPORT)
    assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


def test_the_layer_check_catches_a_deck_import_even_inside_a_function():
    tree = ast.parse("def f():\n    from frontier_desktop.decks.text import read_text\n"
                     "import frontier_desktop.cli\nfrom frontier_desktop.cards.pool import P\n")
    assert {m for m, _ in program_imports_outside(tree, CARDS_MAY_IMPORT)} == {
        "frontier_desktop.decks.text", "frontier_desktop.cli"}
