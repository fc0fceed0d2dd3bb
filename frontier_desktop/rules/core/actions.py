"""The core's combat actions of the variants where the defender chooses blocks (Army Magic, the
Conquering; ``spec/variant-positions.md``): ``block`` and ``done_blocking``.

Registered in the shared action table on import, so
:func:`frontier_desktop.rules.actions.action_from_wire` decodes them like any other.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.actions import ACTIONS, Action, field


@dataclasses.dataclass(frozen=True)
class Block(Action):
    """The defending player blocks *attacker* with *blocker*."""

    type: ClassVar[str] = "block"
    blocker: str = field("str")
    attacker: str = field("str")


@dataclasses.dataclass(frozen=True)
class DoneBlocking(Action):
    """The defending player's blocks are complete: the combat resolves."""

    type: ClassVar[str] = "done_blocking"


for _cls in (Block, DoneBlocking):
    ACTIONS.setdefault(_cls.type, _cls)
