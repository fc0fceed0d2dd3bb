"""``position --apply`` takes the manual actions in the War Game and the Conquering (the audits'
``wargame-rules`` 07 and ``conquering-rules`` 05, by hand).

- wargame-rules 07: Stone Rain resolved with "carry out by hand: Destroy target land.", and
  then every manual action was refused ("counters is not part of the War Game yet"). Required:
  the War Game accepts the manual actions, logged for everyone.
- conquering-rules 05: Evil Presence changes nothing the engine models, and the Conquering had
  no manual actions for the players to carry the change out themselves.

The repro files are read from ``../shared/repros`` (the test skips when it is not there).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_position_cli import fails, ok


def _repro(area: str, name: str) -> Path:
    from tests.conftest import find_shared_dir

    shared = find_shared_dir()
    path = (shared / "repros" / area / name) if shared is not None else Path(name)
    if not path.exists():
        pytest.skip(f"the audit repros are not beside the project ({path})")
    return path


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _actions(tmp_path: Path, *lines: str | dict) -> Path:
    path = tmp_path / "actions.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                            for line in lines), encoding="utf-8")
    return path


def _unit(out: dict, uid: str) -> dict:
    return next(u for u in out["units"] if u["id"] == uid)


def test_the_war_game_takes_the_counters_after_stone_rain_and_logs_them_for_everyone() -> None:
    position = _repro("wargame-rules", "07-no-manual-actions.json")
    actions = _repro("wargame-rules", "07-no-manual-actions.jsonl")
    for view in (None, "0", "1"):
        out = ok("position", position, "--apply", actions, *(("--view", view) if view else ()))
        bears = _unit(out, "a")
        assert bears["counters"] == {"+1/+1": 1}
        assert (bears["power"], bears["toughness"]) == (4, 4)  # 2/2, the counter, the Forest
        manual = [e for e in out["events"] if e["type"] == "manual"]
        assert manual == [{"type": "manual", "player": 0, "action": "counters", "unit": "a",
                           "name": "Grizzly Bears", "kind": "+1/+1", "delta": 1, "count": 1}]


def test_after_the_cast_only_repro_the_by_hand_note_can_be_followed_by_manual_actions(
        tmp_path: Path) -> None:
    position = _repro("wargame-rules", "07-no-manual-actions.json")
    cast_only = _repro("wargame-rules", "07-no-manual-actions-cast-only.jsonl")
    out = ok("position", position, "--apply", cast_only)
    (note,) = [e for e in out["events"] if e["type"] == "by_hand"]
    assert note["card"] == "Stone Rain" and note["clauses"] == ["Destroy target land."]
    # every manual action the audit saw refused, each for the card on the removed pile
    follow = [
        {"type": "counters", "unit": "a", "kind": "+1/+1", "delta": 1},
        {"type": "pt_change", "unit": "a", "power": 1, "toughness": 1},
        {"type": "regenerate", "unit": "a"},
        {"type": "create_token", "name": "Soldier"},
        {"type": "draw", "count": 1},
        {"type": "roll", "sides": 6},
        {"type": "move_card", "card": "e", "to": "hand"},
        {"type": "destroy", "unit": "a"},
    ]
    lines = [*_lines(cast_only), *({**a, "for": "Stone Rain"} for a in follow)]
    out = ok("position", position, "--apply", _actions(tmp_path, *lines), "--view", "1")
    done = [e for e in out["events"] if e.get("for") == "Stone Rain"]
    assert [e.get("action", e["type"]) for e in done] == [
        "counters", "pt_change", "regenerate", "token", "draw", "dice", "move_card", "destroy"]
    assert _unit(out, "a")["tapped"] is True  # the shield saved it from the destroy
    assert not any(u["id"] == "e" for u in out["units"])  # the Ogre went to Ben's hand
    token = next(u for u in out["units"] if u["name"].endswith("Soldier"))
    assert token["at"] == "S0"


def test_what_has_no_place_in_the_war_game_is_refused_in_one_line(tmp_path: Path) -> None:
    position = _repro("wargame-rules", "07-no-manual-actions.json")
    cast_only = _lines(_repro("wargame-rules", "07-no-manual-actions-cast-only.jsonl"))
    for action, words in (({"type": "destroy_land", "at": [1, 1]}, "never destroyed"),
                          ({"type": "life", "player": 1, "delta": -2}, "no life"),
                          ({"type": "manual_tap", "target": [1, 1]}, "never tapped")):
        line = fails("position", position, "--apply", _actions(tmp_path, *cast_only, action))
        assert "line 2" in line and words in line and "the War Game" in line, line


def test_the_war_game_asks_the_other_player_when_the_consent_rule_is_on(tmp_path: Path) -> None:
    doc = json.loads(_repro("wargame-rules", "07-no-manual-actions.json").read_text())
    doc["options"] = {"manual_consent": True}
    position = tmp_path / "consent.json"
    position.write_text(json.dumps(doc), encoding="utf-8")
    ask = {"type": "counters", "unit": "e", "kind": "-1/-1", "delta": 1, "for": "Stone Rain"}
    out = ok("position", position, "--apply", _actions(tmp_path, ask), "--view", "1")
    assert out["decision"]["kind"] == "consent" and out["decision"]["player"] == 1
    assert out["legal_actions"] == [{"type": "choose", "choice": "accept"},
                                    {"type": "choose", "choice": "decline"}]
    assert _unit(out, "e")["counters"] == {}
    out = ok("position", position, "--apply",
             _actions(tmp_path, ask, {"type": "choose", "choice": "accept", "seat": 1}))
    assert _unit(out, "e")["counters"] == {"-1/-1": 1} and out["decision"] is None


def test_the_conquering_carries_evil_presences_swamp_out_by_hand(tmp_path: Path) -> None:
    position = _repro("conquering-rules", "05-evil-presence-no-terrain-effect.json")
    cast = _lines(_repro("conquering-rules", "05-evil-presence-no-terrain-effect.jsonl"))
    before = _unit(ok("position", position, "--apply", _actions(tmp_path, *cast)), "zombies")
    swamp = {"type": "pt_change", "unit": "zombies", "power": 1, "toughness": 1,
             "for": "Evil Presence"}
    out = ok("position", position, "--apply", _actions(tmp_path, *cast, swamp), "--view", "1")
    zombies = _unit(out, "zombies")
    assert (zombies["power"], zombies["toughness"]) == (before["power"] + 1,
                                                        before["toughness"] + 1)
    (event,) = [e for e in out["events"] if e["type"] == "manual"]
    assert event["for"] == "Evil Presence" and event["unit"] == "zombies"
