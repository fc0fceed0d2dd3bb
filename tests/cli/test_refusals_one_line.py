"""Absurd input to ``position --apply`` is one line, and ignored fields invent nothing
(issue 25; the audits' ``conquering-rules`` 14 and 17).

- 14: an actions file nested 5,000 lists deep ended in a ``RecursionError`` traceback (exit 1);
  like the position file itself, it is exit 2 and one line naming the line.
- 17: players have no life in the Conquering (and the War Game), and a position's ``life`` is
  not used; a ``life`` of 20 logged a phantom ``life_ignored`` "gain" of 20 on the first action.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from tests.cli.test_position_cli import REPO, fails, ok

WURM = json.loads((REPO / "assets" / "positions" / "conquering-wurm-swamp.json").read_text())


def test_a_deeply_nested_action_is_one_line_naming_its_line(tmp_path: Path) -> None:
    position = tmp_path / "wurm.json"
    position.write_text(json.dumps(WURM), encoding="utf-8")
    actions = tmp_path / "nested.jsonl"
    deep = "[" * 5000 + "]" * 5000
    actions.write_text('{"type": "pass"}\n{"type": "move", "unit": "wurm", "to": ' + deep
                       + "}\n", encoding="utf-8")
    line = fails("position", position, "--apply", actions)
    assert "line 2" in line and "nested too deep" in line


def test_a_conquering_positions_life_is_not_used_and_logs_nothing(tmp_path: Path) -> None:
    doc = copy.deepcopy(WURM)
    for player in doc["players"]:
        player["life"] = 20
    position = tmp_path / "wurm.json"
    position.write_text(json.dumps(doc), encoding="utf-8")
    actions = tmp_path / "pass.jsonl"
    actions.write_text('{"type": "pass"}\n', encoding="utf-8")
    out = ok("position", position, "--apply", actions)
    assert [e for e in out["events"] if e["type"] == "life_ignored"] == []
    assert [p["life"] for p in out["players"]] == [0] * len(doc["players"])
