"""Issue 17.5: every number a position file gives is bounded (docs/position-format.md,
"Limits"); a file outside the bounds exits 2 with one line naming the field, instead of a
traceback, a process killed for memory, or a game that can't go on."""

from __future__ import annotations

import pytest

from tests.cli.test_position_cli import fails, ok, spec_doc, write


def _bear(d):
    return d["units"][1]["card"]


@pytest.mark.parametrize("patch, field", [
    (lambda d: _bear(d).update(power=float("inf")), "units[1].card.power"),
    (lambda d: _bear(d).update(toughness=float("nan")), "units[1].card.toughness"),
    (lambda d: _bear(d).update(power="99999999999999999999"), "units[1].card.power"),
    (lambda d: _bear(d).update(power=10 ** 30), "units[1].card.power"),
    (lambda d: _bear(d).update(power="9" * 5000), "units[1].card"),
    (lambda d: _bear(d).update(cmc=1e300), "units[1].card.cmc"),
    (lambda d: d["players"][1].update(mana_pool="{99999999999999999999}"), "players[1].mana_pool"),
    (lambda d: d["players"][1].update(mana_pool="{G}" * 1001), "players[1].mana_pool"),
    (lambda d: d["players"][1].update(library=1_000_000_000), "players[1].library"),
    (lambda d: d["players"][1].update(library=["Grizzly Bears"] * 1001), "players[1].library"),
    (lambda d: d["players"][1].update(hand=["Grizzly Bears"] * 1001), "players[1].hand"),
    (lambda d: d["players"][1].update(life=10 ** 40), "players[1].life"),
    (lambda d: d["players"][1].update(life=-(10 ** 7)), "players[1].life"),
    (lambda d: d["units"][1].update(damage=10 ** 40), "units[1].damage"),
    (lambda d: d["units"][1].update(counters={"+1/+1": 10 ** 40}), "units[1].counters"),
    (lambda d: d.update(turn=10 ** 40), "turn"),
    (lambda d: d.update(seed=10 ** 40), "seed"),
    (lambda d: d.update(seed="s" * 201), "seed"),
    (lambda d: d.update(options={"hand_size": -1}), "hand_size"),
    (lambda d: d.update(options={"hand_size": 10 ** 9}), "hand_size"),
    (lambda d: d.update(options={"first_player": 5}), "first_player"),
    (lambda d: d.update(options={"board_depth": 10 ** 9}), "board_depth"),
    (lambda d: d.update(options={"starting_life": 0}), "starting_life"),
    (lambda d: d["board"].update(rows=[["Forest"] * 101] * 3), "board.rows"),
    (lambda d: d["board"]["rows"][0].__setitem__(0, {"land": "Forest", "life": float("inf")}),
     "board.rows[0][0].life"),
    (lambda d: d["board"]["rows"][0].__setitem__(0, {"land": "Forest", "cv": 10 ** 40}),
     "board.rows[0][0].cv"),
    (lambda d: d["board"]["rows"][0].__setitem__(0, {"land": "Forest", "stronghold_of": 7}),
     "board.rows[0][0].stronghold_of"),
])
def test_a_number_out_of_bounds_exits_2_naming_the_field(tmp_path, patch, field):
    doc = spec_doc()
    patch(doc)
    line = fails("position", write(tmp_path, "p.json", doc))
    assert field in line, line
    assert "Traceback" not in line


def test_deep_nesting_exits_2(tmp_path):
    line = fails("position", write(tmp_path, "p.json", "[" * 100_000 + "]" * 100_000))
    assert "JSON" in line


def test_the_bounds_themselves_are_accepted(tmp_path):
    doc = spec_doc()
    doc["players"][1].update(life=-1_000_000, library=1000, mana_pool="{G}" * 1000)
    doc["units"][1].update(damage=1, counters={"+1/+1": 1_000_000})
    doc.update(options={"hand_size": 0, "first_player": 1}, turn=1_000_000, seed=2 ** 63 - 1)
    out = ok("position", write(tmp_path, "p.json", doc))
    assert out["players"][1]["library_count"] == 1000
