"""Display defects of the War Game table found by play-testing: the log tells a damage
division once, in words; the stronghold owner's "tap?" badges don't cover the stronghold's
letter; the division panel leaves the combat square and its creatures in sight."""

from __future__ import annotations

from frontier_desktop.session import LocalSession
from frontier_desktop.ui.scenes.table import TableScene
from tests.ui.wargame_scenes import division

from .helpers import click, step


def _table(app, state, seat: int = 0) -> TableScene:
    table = TableScene(app, LocalSession(state), seat=seat, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    return table


def test_a_division_is_one_line_of_the_log(app) -> None:
    # Play-testing: "Ann divides the damage: …" and again "Ann divides it: …" for one division.
    state, ids = division(4)
    table = _table(app, state)
    geo = table.division.geometry(table.division.request)
    click(app, geo.lethal.center)
    click(app, geo.confirm.center)
    assert table.division.request is None
    lines = [line for line in table.renderer.log_lines if "divide" in line]
    assert lines == ["Ann divides the damage: 1 to Hill Giant, 2 to Grizzly Bears "
                     "and 2 to Serra Angel"], lines
