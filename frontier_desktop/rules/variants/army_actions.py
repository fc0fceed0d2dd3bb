"""Army Magic's own actions (``spec/variant-positions.md``): blocks, retreats, placing.

Registered in the shared action table on import (the variant registry imports this module),
so :func:`frontier_desktop.rules.actions.action_from_wire` decodes them like any other.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from frontier_desktop.rules.actions import ACTIONS, Action, field

Pos = Any


@dataclasses.dataclass(frozen=True)
class Block(Action):
    """The defending player blocks *attacker* with *blocker* (a creature on the attacked land)."""

    type: ClassVar[str] = "block"
    blocker: str = field("str")
    attacker: str = field("str")


@dataclasses.dataclass(frozen=True)
class DoneBlocking(Action):
    """The defending player's blocks are complete: the combat resolves."""

    type: ClassVar[str] = "done_blocking"


@dataclasses.dataclass(frozen=True)
class Retreat(Action):
    """Where a creature on a lost land retreats (a land of its controller's next to it)."""

    type: ClassVar[str] = "retreat"
    unit: str = field("str")
    to: Pos = field("pos")


@dataclasses.dataclass(frozen=True)
class PlaceAt(Action):
    """Where a permanent that changed control is put (wire name ``place``)."""

    type: ClassVar[str] = "place"
    id: str = field("str")
    at: Pos = field("pos")


for _cls in (Block, DoneBlocking, Retreat, PlaceAt):
    ACTIONS.setdefault(_cls.type, _cls)
