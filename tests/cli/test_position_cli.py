"""The ``position`` and ``replay`` commands end to end, as subprocesses, against
``spec/position-format.md``: output fields and meanings, ``--apply`` events, ``--view`` and
``--reveal``, and errors (one line on stderr, exit 2, nothing on stdout)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
POSITIONS = REPO / "assets" / "positions"
SPEC_EXAMPLE = POSITIONS / "spec-example.json"


def cli(*args: str | Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "frontier_desktop", *map(str, args)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False)


def ok(*args) -> dict:
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1, "one JSON object on standard output"
    return json.loads(lines[0])


def fails(*args) -> str:
    done = cli(*args)
    assert done.returncode == 2, (done.returncode, done.stdout[:200], done.stderr)
    assert done.stdout == "", "nothing is printed on standard output"
    lines = done.stderr.splitlines()
    assert len(lines) == 1, f"one line on standard error, got {lines!r}"
    return lines[0]


def write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def actions_file(tmp_path: Path, *actions) -> Path:
    return write(tmp_path, "actions.jsonl", "\n".join(json.dumps(a) for a in actions) + "\n")


def spec_doc() -> dict:
    return json.loads(SPEC_EXAMPLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def spec_out() -> dict:
    return ok("position", SPEC_EXAMPLE)


# ---------------------------------------------------------------------- output fields
def test_top_level_fields(spec_out):
    for key in ("active", "phase", "winner", "players", "board", "units", "legal_actions",
                "events"):
        assert key in spec_out, key
    assert (spec_out["active"], spec_out["phase"], spec_out["winner"]) == (0, "main", None)
    assert spec_out["events"] == []


def test_players(spec_out):
    ann, ben = spec_out["players"]
    assert (ann["name"], ann["life"], ann["mana_pool"]) == ("Ann", 20, "")
    assert (ben["name"], ben["life"]) == ("Ben", 20)


def test_board_cells_are_objects_face_down_land_is_null(spec_out):
    rows = spec_out["board"]["rows"]
    assert len(rows) == 3 and all(len(r) == 5 for r in rows)
    assert all(isinstance(c, dict) for r in rows for c in r)
    assert rows[0][0] == {**rows[0][0], "land": "Forest", "face_up": True, "tapped_by": None}
    assert rows[0][1]["land"] is None and rows[0][1]["face_up"] is False  # "?Island"
    assert rows[0][3]["hole"] is True                                      # "#"
    assert rows[0][4]["land"] == "Swamp" and rows[0][4]["tapped_by"] == 0  # "Swamp*"
    assert rows[2][0]["land"] is None and rows[2][4]["land"] is None


def test_units_effective_pt_moves_attacks(spec_out):
    units = {u["id"]: u for u in spec_out["units"]}
    dryads = units["dryads"]
    assert (dryads["name"], dryads["owner"], dryads["at"]) == ("Shanodin Dryads", 0, [1, 2])
    # On a forest (+1) with vacant forests W, S, E (+3); the island north is Ben's square.
    assert (dryads["power"], dryads["toughness"]) == (5, 5)
    assert dryads["tapped"] is False
    assert [0, 2] in dryads["moves"] and [1, 1] in dryads["moves"]
    assert [2, 2] not in dryads["moves"]  # Ben's bear is there
    assert [1, 0] in dryads["moves"]  # forestwalk west
    assert dryads["attacks"] == [[2, 2]] and dryads["can_attack_player"] is False
    bear = units["bear"]
    assert (bear["power"], bear["toughness"], bear["tapped"]) == (2, 2, True)  # tapped: no bonus
    assert bear["moves"] == [] and bear["attacks"] == []
    new = units["new"]
    assert new["at"] == "staging" and new["moves"] == [] and new["power"] == 2


def test_legal_actions_are_in_the_action_format(spec_out):
    legal = spec_out["legal_actions"]
    assert {"type": "move", "unit": "dryads", "to": [0, 2]} in legal
    assert {"type": "attack", "unit": "dryads", "target": [2, 2]} in legal
    assert {"type": "pass"} in legal
    assert {"type": "tap_land", "at": [1, 2]} in legal
    assert any(a["type"] == "cast" and a["card"] == "Giant Growth" for a in legal)
    assert all(isinstance(a, dict) and "type" in a for a in legal)


# ---------------------------------------------------------------------- --apply
def test_apply_prints_the_new_state_and_the_events(tmp_path):
    acts = actions_file(tmp_path, {"type": "move", "unit": "dryads", "to": [1, 1]},
                        {"type": "scout", "unit": "dryads", "target": [0, 1]},
                        {"type": "tap_land", "at": [1, 1]},
                        {"type": "cast", "card": "Giant Growth"})
    out = ok("position", SPEC_EXAMPLE, "--apply", acts)
    kinds = [e["type"] for e in out["events"]]
    # The move hands control of both squares over (control events), then the scout reveals.
    assert [k for k in kinds if k != "control"][:3] == ["moved", "scouted", "revealed"]
    assert {"type": "control", "at": [1, 1], "from": None, "to": 0, "land": "Forest"} in out["events"]
    assert {"type": "revealed", "at": [0, 1], "land": "Island"} in out["events"]
    assert "land_tapped" in kinds and "cast" in kinds
    assert all("type" in e for e in out["events"])
    units = {u["id"]: u for u in out["units"]}
    assert units["dryads"]["at"] == [1, 1] and units["dryads"]["tapped"] is True
    assert out["board"]["rows"][0][1]["land"] == "Island"
    assert out["board"]["rows"][1][1]["tapped_by"] == 0
    assert out["players"][0]["graveyard"] == ["Giant Growth"]


def test_apply_with_a_seat_field_and_a_response(tmp_path):
    acts = actions_file(tmp_path,
                        {"type": "move", "unit": "bears", "to": [2, 1]},
                        {"type": "destroy_land", "at": [2, 1], "seat": 1},
                        {"type": "pass", "seat": 1})
    out = ok("position", POSITIONS / "fizzled-move.json", "--apply", acts)
    units = {u["id"]: u for u in out["units"]}
    assert units["bears"]["at"] == [1, 1]
    kinds = [e["type"] for e in out["events"]]
    assert "pending" in kinds and "fizzled" in kinds and "land_destroyed" in kinds
    assert out["board"]["rows"][2][1]["hole"] is True


def test_units_that_left_the_game_are_not_listed(tmp_path):
    acts = actions_file(tmp_path, {"type": "attack", "unit": "dreadmaw", "target": [4, 1]})
    out = ok("position", POSITIONS / "trample-to-the-player.json", "--apply", acts)
    assert [u["id"] for u in out["units"]] == ["dreadmaw"]
    assert out["players"][1]["life"] == 0 and out["winner"] == 0
    assert any(e["type"] == "died" and e["unit"] == "bears" for e in out["events"])


# ---------------------------------------------------------------------- --view, --reveal
def test_view_hides_face_down_lands_and_the_other_hand():
    out = ok("position", SPEC_EXAMPLE, "--view", "1")
    text = json.dumps(out)
    assert out["board"]["rows"][0][1]["land"] is None
    assert "Giant Growth" not in text
    ann = out["players"][0]
    assert "hand" not in ann and ann["hand_count"] == 1
    own = ok("position", SPEC_EXAMPLE, "--view", "0")
    assert own["players"][0]["hand"] == ["Giant Growth"]
    assert own["board"]["rows"][0][1]["land"] is None


def test_view_redacts_drawn_cards_in_events(tmp_path):
    doc = spec_doc()
    doc["phase"] = "upkeep"
    doc["players"][0]["library"] = ["Shivan Dragon"]
    pos = write(tmp_path, "p.json", doc)
    acts = actions_file(tmp_path, {"type": "pass"})
    assert "Shivan Dragon" in json.dumps(ok("position", pos, "--apply", acts, "--view", "0"))
    assert "Shivan Dragon" not in json.dumps(ok("position", pos, "--apply", acts, "--view", "1"))


def test_reveal_shows_face_down_lands():
    out = ok("position", SPEC_EXAMPLE, "--reveal")
    rows = out["board"]["rows"]
    assert rows[0][1]["land"] == "Island" and rows[0][1]["face_up"] is False
    assert rows[2][4]["land"] == "Swamp"
    assert rows[2][0]["land"] == "?"  # a bare "?": its identity is drawn only when revealed


# ---------------------------------------------------------------------- errors
def test_missing_file(tmp_path):
    line = fails("position", tmp_path / "nope.json")
    assert "nope.json" in line and "no such file" in line


def test_not_json(tmp_path):
    line = fails("position", write(tmp_path, "bad.json", "{not json"))
    assert "“bad.json”" in line and "line 1" in line and "can't be opened" in line
    line = fails("position", write(tmp_path, "bad2.json", '{"format": nope}'))
    assert "“bad2.json” is damaged at line 1 and can't be opened" in line


@pytest.mark.parametrize("patch, field", [
    (lambda d: d["players"][0].update(life="lots"), "players[0].life"),
    (lambda d: d.update(active=5), "active"),
    (lambda d: d.update(phase="combat"), "phase"),
    (lambda d: d["board"]["rows"][1].pop(), "board.rows"),
    (lambda d: d["units"][0].update(at=[9, 9]), "units[0].at"),
    (lambda d: d["units"][0].update(owner=2), "units[0].owner"),
    (lambda d: d.update(options={"no_such_option": True}), "options"),
    (lambda d: d["board"]["rows"][0].__setitem__(0, "Grizzly Bears"), "board.rows[0][0]"),
])
def test_bad_field_names_the_field(tmp_path, patch, field):
    doc = spec_doc()
    patch(doc)
    line = fails("position", write(tmp_path, "p.json", doc))
    assert field in line


def test_unknown_card(tmp_path):
    doc = spec_doc()
    doc["units"][0]["card"] = "Nonexistent Card Of Doom"
    line = fails("position", write(tmp_path, "p.json", doc))
    assert "unknown card" in line and "Nonexistent Card Of Doom" in line and "units[0].card" in line


def test_illegal_action_in_the_list_stops_everything(tmp_path):
    acts = actions_file(tmp_path, {"type": "move", "unit": "dryads", "to": [0, 2]},
                        {"type": "move", "unit": "dryads", "to": [1, 2]})
    line = fails("position", SPEC_EXAMPLE, "--apply", acts)
    assert "line 2" in line and "move" in line


def test_malformed_action_line(tmp_path):
    acts = write(tmp_path, "a.jsonl", '{"type": "pass"}\nnot json\n')
    assert "line 2" in fails("position", SPEC_EXAMPLE, "--apply", acts)
    acts = write(tmp_path, "b.jsonl", '{"type": "teleport"}\n')
    assert "teleport" in fails("position", SPEC_EXAMPLE, "--apply", acts)


def test_view_and_reveal_do_not_go_together():
    fails("position", SPEC_EXAMPLE, "--view", "0", "--reveal")


def test_view_of_a_seat_that_does_not_exist():
    assert "--view" in fails("position", SPEC_EXAMPLE, "--view", "7")


# ---------------------------------------------------------------------- example positions
def test_every_example_position_loads():
    files = sorted(POSITIONS.glob("*.json"))
    assert 5 <= len(files) <= 12  # a handful per variant, not a library of puzzles
    readme = (POSITIONS / "README.md").read_text(encoding="utf-8")
    for path in files:
        assert path.name in readme, f"{path.name} is not listed in the README"
        out = ok("position", path)
        assert out["units"] and out["legal_actions"]


def test_example_dryads_are_six_six():
    units = {u["id"]: u for u in ok("position", POSITIONS / "dryads-six-six.json")["units"]}
    assert (units["dryads"]["power"], units["dryads"]["toughness"]) == (6, 6)


def test_example_hurloon_minotaur():
    units = {u["id"]: u for u in ok("position", POSITIONS / "hurloon-minotaur.json")["units"]}
    assert (units["minotaur"]["power"], units["minotaur"]["toughness"]) == (5, 6)


def test_example_bog_wraith_stops_on_the_island(tmp_path):
    path = POSITIONS / "bog-wraith-walk.json"
    units = {u["id"]: u for u in ok("position", path)["units"]}
    assert [2, 4] in units["wraith"]["moves"]  # aimed through face-down squares
    out = ok("position", path, "--apply",
             actions_file(tmp_path, {"type": "move", "unit": "wraith", "to": [2, 4]}))
    units = {u["id"]: u for u in out["units"]}
    assert units["wraith"]["at"] == [2, 3] and units["wraith"]["moves"] == []
    revealed = [e["land"] for e in out["events"] if e["type"] == "revealed"]
    assert revealed == ["Swamp", "Swamp", "Island"]
    assert any(e["type"] == "stopped" and e["at"] == [2, 3] for e in out["events"])


def test_example_soltari_lancer(tmp_path):
    path = POSITIONS / "soltari-lancer-shadow.json"
    units = {u["id"]: u for u in ok("position", path)["units"]}
    assert [3, 1] in units["lancer"]["moves"] and [2, 1] not in units["lancer"]["moves"]
    out = ok("position", path, "--apply",
             actions_file(tmp_path, {"type": "move", "unit": "lancer", "to": [3, 1]}))
    assert {u["id"]: u for u in out["units"]}["lancer"]["at"] == [3, 1]


# ---------------------------------------------------------------------- replay
def _record(tmp_path: Path) -> tuple[Path, dict]:
    from frontier_desktop.record import new_game, write_record
    from frontier_desktop.rules.views import describe
    from frontier_desktop.session import LocalSession
    from tests.rules.helpers import deck

    state, header = new_game("frontier", [deck((12, "Forest"), (14, "Grizzly Bears")),
                                          deck((12, "Mountain"), (14, "Hill Giant"))],
                             ["Ann", "Ben"], seed=11, options={"mulligans": False})
    session = LocalSession(state, record_header=header)
    for seat, action in [(0, {"type": "place_token", "at": [0, 0]}),
                         (1, {"type": "place_token", "at": [4, 0], "color": "R"}),
                         (0, {"type": "pass"}), (0, {"type": "pass"}),
                         (0, {"type": "move", "unit": "t1", "to": [1, 0]}),
                         (0, {"type": "pass"})]:
        assert session.submit(seat, action).ok, action
    path = tmp_path / "game.jsonl"
    write_record(path, header, session.actions)
    return path, describe(session.state)


def test_replay_prints_the_final_state(tmp_path):
    path, expected = _record(tmp_path)
    out = ok("replay", path)
    assert out["actions"] == 6
    for key in ("turn", "active", "phase", "state_id"):
        assert out[key] == expected[key], key
    assert out["units"] == expected["units"]
    assert out["board"] == expected["board"]


def test_replay_upto_and_view(tmp_path):
    path, _ = _record(tmp_path)
    out = ok("replay", path, "--upto", "2")
    assert out["actions"] == 2 and out["phase"] == "upkeep"
    view = ok("replay", path, "--view", "1")
    assert "hand" not in view["players"][0]


def test_replay_errors(tmp_path):
    path, _ = _record(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines + ['{"seat": 0, "action": {"type": "done_attacking"}}']) + "\n",
                   encoding="utf-8")
    assert "line 8" in fails("replay", bad)
    assert "no such file" in fails("replay", tmp_path / "missing.jsonl")
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"format": "something-else"}\n', encoding="utf-8")
    fails("replay", junk)


@pytest.mark.parametrize("value", ["abc", "1.5", "", "one"])
def test_a_view_that_is_no_number_is_one_line(value: str) -> None:
    """wargame-rules 17: ``--view abc`` printed argparse's usage block (four lines); like
    every other refusal of the command it is one line, naming the option."""
    line = fails("position", SPEC_EXAMPLE, "--view", value)
    assert f"--view {value}: must be a player index" in line


def test_replay_refuses_a_view_that_is_no_number_in_one_line(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    done = cli("selfplay", "--seed", "2", "--record", record)
    assert done.returncode == 0, done.stderr
    line = fails("replay", record, "--view", "abc")
    assert "--view abc: must be a player index" in line
