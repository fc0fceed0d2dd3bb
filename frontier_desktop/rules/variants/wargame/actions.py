"""The War Game's own actions (``spec/variant-positions.md``): ``heal`` and ``tap_attacker``.

Moves (with ``carry``) and the combat division (``assign`` with ``at``) use the shared
``move`` and ``assign``. Registered in the shared action table on import, so
:func:`~frontier_desktop.rules.actions.action_from_wire` decodes them like any other.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from frontier_desktop.rules.actions import ACTIONS, Action, field


@dataclasses.dataclass(frozen=True)
class Heal(Action):
    """Heal *amount* damage from one of your creatures in the heal phase, paid with supply."""

    type: ClassVar[str] = "heal"
    unit: str = field("str")
    amount: int = field("x", default=1)


@dataclasses.dataclass(frozen=True)
class TapAttacker(Action):
    """A stronghold's owner taps one of the creatures attacking it."""

    type: ClassVar[str] = "tap_attacker"
    unit: str = field("str")


ACTIONS.setdefault(Heal.type, Heal)
ACTIONS.setdefault(TapAttacker.type, TapAttacker)
