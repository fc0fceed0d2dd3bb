"""The Conquering's own action (``spec/variant-positions.md``): ``conquer``.

Blocks reuse Army Magic's ``block`` and ``done_blocking`` (:mod:`army_actions`). Registered in
the shared action table on import, so :func:`~frontier_desktop.rules.actions.action_from_wire`
decodes it like any other.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from frontier_desktop.rules.actions import ACTIONS, Action, field

Pos = Any


@dataclasses.dataclass(frozen=True)
class Conquer(Action):
    """Attack/conquer the area *at* with the creatures *units* standing in it."""

    type: ClassVar[str] = "conquer"
    at: Pos = field("pos")
    units: tuple[str, ...] = field("strs")


ACTIONS.setdefault(Conquer.type, Conquer)
