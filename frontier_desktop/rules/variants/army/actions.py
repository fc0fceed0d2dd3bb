"""Army Magic's own actions (``spec/variant-positions.md``): retreats, placing, picking up an
artifact (its blocks are the core's, :mod:`frontier_desktop.rules.core.actions`).

Registered in the shared action table on import (the variant registry imports this module),
so :func:`frontier_desktop.rules.actions.action_from_wire` decodes them like any other.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from frontier_desktop.rules.actions import ACTIONS, Action, field
from frontier_desktop.rules.core.actions import Block as Block  # re-exported: Army's blocks
from frontier_desktop.rules.core.actions import DoneBlocking as DoneBlocking  # re-exported

Pos = Any


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


@dataclasses.dataclass(frozen=True)
class PickUp(Action):
    """A creature picks up an artifact lying on its land, either army's (its unit then
    carries it; wire name ``pick_up``)."""

    type: ClassVar[str] = "pick_up"
    unit: str = field("str")
    permanent: str = field("str")


for _cls in (Retreat, PlaceAt, PickUp):
    ACTIONS.setdefault(_cls.type, _cls)
