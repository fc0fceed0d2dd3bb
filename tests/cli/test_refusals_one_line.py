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


def _wargame_repro(name: str) -> Path:
    from tests.conftest import find_shared_dir

    shared = find_shared_dir()
    path = (shared / "repros" / "wargame-rules" / name) if shared is not None else Path(name)
    if not path.exists():
        import pytest

        pytest.skip(f"the audit repros are not beside the project ({path})")
    return path


def test_the_war_games_refusals_name_the_war_game_and_the_index_given() -> None:
    """wargame-rules 18: a War Game refusal said "not part of the Conquering yet", and a
    target ``{"player": 9}`` was called "player 10"."""
    position = _wargame_repro("18-refusal-messages-wrong.json")
    land = fails("position", position, "--apply",
                 _wargame_repro("18-refusal-messages-wrong.jsonl"))
    assert "the War Game" in land and "Conquering" not in land and "Forest" in land
    player = fails("position", position, "--apply",
                   _wargame_repro("18-refusal-messages-wrong-player.jsonl"))
    assert "player 9" in player and "player 10" not in player


def test_an_ability_index_out_of_range_is_named_as_given(tmp_path: Path) -> None:
    """An ``activate`` with ``"ability": -1`` read "has no ability #0"."""
    doc = copy.deepcopy(WURM)
    position = tmp_path / "wurm.json"
    position.write_text(json.dumps(doc), encoding="utf-8")
    actions = tmp_path / "activate.jsonl"
    actions.write_text('{"type": "activate", "unit": "wurm", "ability": -1}\n', encoding="utf-8")
    line = fails("position", position, "--apply", actions)
    assert "#0" not in line and ("no ability -1" in line or "no activated ability" in line)


def test_a_creature_among_the_conquerings_permanents_is_refused(tmp_path: Path) -> None:
    """conquering-rules 16b: a creature (a Craw Wurm there) given in ``permanents`` (the list for non-creature
    permanents, ``at`` null) was printed among the units "at staging", a place the Conquering
    doesn't have, and could be targeted from anywhere."""
    doc = copy.deepcopy(WURM)
    doc.setdefault("permanents", []).append({"id": "w2", "card": "Grizzly Bears", "owner": 1,
                                             "at": None})
    position = tmp_path / "wurm.json"
    position.write_text(json.dumps(doc), encoding="utf-8")
    line = fails("position", position)
    index = len(doc["permanents"]) - 1
    assert f"permanents[{index}]" in line and "belongs in 'units'" in line
