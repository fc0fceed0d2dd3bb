"""``position --apply`` with a triggered ability's targets (``spec/variant-positions.md``:
``pending`` kind ``targets``, answered by ``{"type": "targets", "targets": [...]}``)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_position_cli import actions_file, fails, ok, write

SPARKER = {"name": "Test Sparker", "type_line": "Creature — Test", "colors": ["R"],
           "power": "1", "toughness": "1", "mana_cost": "{R}",
           "oracle_text": "When Test Sparker enters the battlefield, Test Sparker deals 1 "
                          "damage to target creature."}


def _position(tmp_path: Path) -> Path:
    return write(tmp_path, "pos.json", {
        "format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
        "players": [{"name": "Ann", "hand": [SPARKER], "mana_pool": "{R}"}, {"name": "Ben"}],
        "board": {"rows": [["Island"] * 5 for _ in range(5)]},
        "units": [{"id": "a", "card": "Grizzly Bears", "owner": 0, "at": [1, 1]},
                  {"id": "ben", "card": "Hill Giant", "owner": 1, "at": [4, 4]}]})


def test_the_pending_targets_decision_is_printed_and_answered(tmp_path: Path) -> None:
    pos = _position(tmp_path)
    out = ok("position", pos, "--apply",
             actions_file(tmp_path, {"type": "cast", "card": "Test Sparker"}))
    pending = out["pending"]
    assert pending["seat"] == 0 and pending["kind"] == "targets"
    assert "a" in pending["options"][0] and "ben" in pending["options"][0]
    assert [s["card"] for s in out["stack"]] == ["Test Sparker"]
    out = ok("position", pos, "--apply",
             actions_file(tmp_path, {"type": "cast", "card": "Test Sparker"},
                          {"type": "targets", "targets": ["ben"]}))
    assert out["pending"] is None and out["stack"] == []
    giant = next(u for u in out["units"] if u["id"] == "ben")
    assert giant["damage"] == 1


def test_a_refused_target_is_exit_2_with_one_line_naming_it(tmp_path: Path) -> None:
    pos = _position(tmp_path)
    line = fails("position", pos, "--apply",
                 actions_file(tmp_path, {"type": "cast", "card": "Test Sparker"},
                              {"type": "targets", "targets": [{"player": 1}]}))
    assert "line 2" in line and "Ben" in line and "targets" in line
