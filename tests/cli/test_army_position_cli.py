"""``frontier-desktop position`` for Army Magic positions (``spec/variant-positions.md``)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_position_cli import POSITIONS, actions_file, fails, ok, write

BORDER = POSITIONS / "army-border-fight.json"


def test_an_army_position_prints_land_control_life_home_bases_and_units():
    out = ok("position", BORDER)
    rows = out["board"]["rows"]
    assert rows[0][2]["controller"] == 0 and rows[0][2]["life"] == 20
    assert rows[0][2]["stronghold_of"] == 0
    assert rows[1][1]["controller"] == 0 and rows[1][1]["life"] == 6   # default life
    assert rows[2][2]["life"] == 2 and rows[2][2]["controller"] == 1
    assert rows[4][4]["controller"] is None and rows[4][4]["land"] is None
    giant = next(u for u in out["units"] if u["id"] == "giant")
    assert giant["at"] == [1, 2] and giant["controller"] == 0
    assert sorted(giant["unit"]) == ["giant", "hero"] and giant["top"] == "giant"
    assert [2, 2] in giant["attacks"] and [0, 2] in giant["moves"]
    assert out["permanents"][0]["at"] == [0, 2]
    assert out["pending"] is None and out["winner"] is None
    assert {"type": "attack", "unit": "giant", "target": [2, 2], "units": ["giant"]} \
        in out["legal_actions"]


def test_applied_attack_blocks_and_capture(tmp_path: Path):
    acts = actions_file(tmp_path,
                        {"type": "attack", "units": ["giant", "hero"], "target": [2, 2]},
                        {"type": "block", "blocker": "bear", "attacker": "hero", "seat": 1},
                        {"type": "done_blocking", "seat": 1})
    out = ok("position", BORDER, "--apply", acts)
    types = [e["type"] for e in out["events"]]
    assert "captured" in types and "land_life" in types
    assert out["board"]["rows"][2][2]["controller"] == 0
    assert out["board"]["rows"][2][2]["life"] == 6
    assert next(u for u in out["units"] if u["id"] == "giant")["at"] == [2, 2]
    # The bear killed the 1/1 hero it blocked and survived; (3, 2) and (2, 3) are Ben's
    # lands next to the lost one, so Ben chooses where it retreats.
    assert "hero" not in [u["id"] for u in out["units"]]
    assert out["pending"]["kind"] == "retreat" and out["pending"]["seat"] == 1
    more = actions_file(tmp_path, *[json.loads(x) for x in acts.read_text().splitlines()],
                        {"type": "retreat", "unit": "bear", "to": [2, 3], "seat": 1})
    out = ok("position", BORDER, "--apply", more)
    assert next(u for u in out["units"] if u["id"] == "bear")["at"] == [2, 3]
    assert out["pending"] is None


def test_the_pending_blocks_decision_names_the_defender(tmp_path: Path):
    acts = actions_file(tmp_path, {"type": "attack", "units": ["giant"], "target": [2, 2]})
    out = ok("position", BORDER, "--apply", acts)
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "blocks"
    assert {"blocker": "bear", "attacker": "giant"} in out["pending"]["options"]


def test_an_illegal_army_action_exits_2_naming_the_line(tmp_path: Path):
    acts = actions_file(tmp_path, {"type": "move", "unit": "giant", "to": [2, 2]})
    line = fails("position", BORDER, "--apply", acts)
    assert "line 1" in line and "attack it in combat" in line


def test_a_players_view_of_an_army_position_hides_face_down_lands(tmp_path: Path):
    out = ok("position", BORDER, "--view", "1")
    assert out["board"]["rows"][1][3]["land"] is None
    assert "Lightning Bolt" not in json.dumps(out)
    revealed = ok("position", BORDER, "--reveal")
    assert revealed["board"]["rows"][1][3]["land"] == "Forest"


def test_an_invalid_army_position_is_refused_in_one_line(tmp_path: Path):
    doc = json.loads(BORDER.read_text())
    doc["board"]["rows"][4][4] = {"land": "Forest", "face_up": False, "controller": 1}
    line = fails("position", write(tmp_path, "bad.json", doc))
    assert "controller" in line
    doc = json.loads(BORDER.read_text())
    doc["units"].append({"id": "x", "card": "Grizzly Bears", "owner": 1, "at": [1, 2]})
    assert "both players" in fails("position", write(tmp_path, "bad2.json", doc))
    doc = json.loads(BORDER.read_text())
    doc["board"]["rows"][1][1]["controller"] = 5
    assert "controller" in fails("position", write(tmp_path, "bad3.json", doc))


def test_applied_casts_target_a_land_for_player_damage_and_refuse_a_player(tmp_path: Path):
    # Spec: "In Army Magic, damage to a player is dealt to a land of theirs: target the place."
    acts = actions_file(tmp_path, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    out = ok("position", BORDER, "--apply", acts)
    # Ben's Forest at 2 life is brought to 0: Ann captures it; his bear chooses where to go.
    assert out["board"]["rows"][2][2]["controller"] == 0 and out["stack"] == []
    assert out["pending"]["kind"] == "retreat" and out["pending"]["seat"] == 1
    acts = actions_file(tmp_path, {"type": "cast", "card": "Lightning Bolt",
                                   "targets": [{"player": 1}]})
    line = fails("position", BORDER, "--apply", acts)
    assert "line 1" in line and "target the land" in line
    acts = actions_file(tmp_path, {"type": "cast", "card": "Lightning Bolt", "targets": [[3, 2]]})
    assert "out of range" in fails("position", BORDER, "--apply", acts)
