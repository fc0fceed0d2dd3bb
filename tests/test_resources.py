"""The program finds its own data through importlib.resources, never beside a checkout."""

from __future__ import annotations

import json
import re
from pathlib import Path

from frontier_desktop import cli, resources

PACKAGE = Path(__file__).resolve().parent.parent / "frontier_desktop"


def test_no_module_looks_for_data_relative_to_the_checkout() -> None:
    pattern = re.compile(r"parents?\b.*[\"'](assets|card_cache)[\"']|[\"'](assets|card_cache)/")
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "Path(__file__)" in line or pattern.search(line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert not offenders, "use frontier_desktop.resources:\n" + "\n".join(offenders)


def test_resources_name_the_shipped_files() -> None:
    assert resources.pool_file().is_file()
    assert resources.theme_file("dark").name == "theme.json"
    assert resources.theme_file("light").is_file()
    assert resources.icon_file().is_file()
    for name in resources.QUICK_DECKS:
        assert (resources.decks_dir() / name).is_file()
    assert any(resources.positions_dir().glob("*.json"))


def test_selfplay_plays_a_game_to_the_end_and_saves_a_replayable_record(
        tmp_path: Path, capsys) -> None:
    record = tmp_path / "game.jsonl"
    assert cli.main(["selfplay", "--seed", "2", "--record", str(record)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game_over"] and result["winner"] in ("Ann", "Ben") and result["turns"] > 1
    assert cli.main(["replay", str(record)]) == 0


def test_headless_check_reaches_the_menu_and_writes_no_settings(tmp_path: Path, capsys) -> None:
    from frontier_desktop.app import headless_check
    from frontier_desktop.config import Paths

    paths = Paths(tmp_path / "config", tmp_path / "data")
    assert headless_check(paths) == 0
    assert "reached the main menu" in capsys.readouterr().out
    assert not paths.settings_file.exists()


def test_resources_and_problems_import_only_the_stdlib() -> None:
    """The card and network layers use them, so they stay leaves."""
    import ast
    import sys

    for name in ("resources.py", "problems.py"):
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for module in modules:
                assert module.split(".")[0] in sys.stdlib_module_names or \
                    module == "__future__", f"{name} imports {module}"
