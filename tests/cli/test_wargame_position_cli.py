"""``frontier-desktop position`` for the War Game as a subprocess (``spec/variant-positions.md``):
the example position, ``--apply`` with a division, ``--view``, and a one-line refusal."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_position_cli import POSITIONS, actions_file, fails, ok, write

THREE = POSITIONS / "wargame-three-way-division.json"


def test_the_example_prints_terrain_strongholds_supply_and_places():
    out = ok("position", THREE)
    assert out["variant"] == "wargame" and out["phase"] == "movement"
    assert [(s["place"], s["player"], s["controller"], s["beside"])
            for s in out["board"]["strongholds"]] == [("S0", 0, 0, [1, 0]),
                                                      ("S1", 1, 1, [0, 2]),
                                                      ("S2", 2, 2, [1, 4])]
    assert [(p["supply"], p["removed"]) for p in out["players"]] == [(3, 2), (1, 0), (5, 1)]
    assert {"type": "move", "unit": "giant", "to": [1, 2]} in out["legal_actions"]


def test_the_division_through_apply(tmp_path: Path):
    acts = actions_file(tmp_path, {"type": "move", "unit": "giant", "to": [1, 2]},
                        {"type": "pass"},
                        {"type": "assign", "at": [1, 2], "damage": {"bears": 1, "rival": 2}})
    out = ok("position", THREE, "--apply", acts)
    assert [u["id"] for u in out["units"]] == ["rival"]
    assert {"type": "damage", "source": "giant", "sources": ["giant"], "target": "bears",
            "amount": 1, "at": [1, 2]} in out["events"]


def test_a_view_shows_only_the_viewers_stronghold():
    out = ok("position", THREE, "--view", "2")
    assert [s["land"] for s in out["board"]["strongholds"]] == [None, None, "Mountain"]


def test_a_refused_file_is_one_line_naming_the_field(tmp_path: Path):
    import json

    doc = json.loads(THREE.read_text())
    doc["players"][0]["supply"] = -2
    assert "players[0].supply" in fails("position", write(tmp_path, "bad.json", doc))
