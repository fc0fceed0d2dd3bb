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


def _artifacts(tmp_path: Path) -> Path:
    """Ann's casting phase with 3 supply, a Sol Ring and an inline Astrolabe off the board."""
    astrolabe = {"name": "Test Astrolabe", "type_line": "Artifact", "mana_cost": "{1}",
                 "oracle_text": "{1}, {T}, Sacrifice Test Astrolabe: Add two mana of any one "
                                "color. Draw a card at the beginning of the next turn's upkeep."}
    doc = {"format": "frontier-position/1", "variant": "wargame", "active": 0,
           "phase": "casting",
           "players": [{"name": "Ann", "supply": 3, "library": 3},
                       {"name": "Ben", "library": 3}],
           "board": {"rows": [["Plains"] * 5] * 3},
           "units": [{"id": "elf", "card": "Llanowar Elves", "owner": 0, "at": [1, 1]}],
           "permanents": [{"id": "ring", "card": "Sol Ring", "owner": 0, "at": None},
                          {"id": "rock", "card": astrolabe, "owner": 0, "at": None}]}
    return write(tmp_path, "artifacts.json", doc)


def test_an_artifacts_mana_ability_makes_no_supply(tmp_path: Path):
    """docs/rules-notes.md, "The War Game: mana abilities of non-creatures"."""
    path = _artifacts(tmp_path)
    out = ok("position", path)
    activations = [a for a in out["legal_actions"] if a["type"] == "activate"]
    assert {a["unit"] for a in activations} == {"elf", "rock"}  # not the Sol Ring
    refusal = fails("position", path, "--apply",
                    actions_file(tmp_path, {"type": "activate", "unit": "ring"}))
    assert "Sol Ring makes no mana in the War Game" in refusal
    out = ok("position", path, "--apply",
             actions_file(tmp_path, {"type": "activate", "unit": "rock"},
                          {"type": "activate", "unit": "elf"}))
    assert out["players"][0]["supply"] == 3  # {1} paid for the Astrolabe, {G} from the Elves
    assert [p["id"] for p in out["permanents"]] == ["ring"]
    assert any(e["type"] == "activated" and e.get("no_mana") == "the War Game"
               for e in out["events"])
