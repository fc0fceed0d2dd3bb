"""Everything the table remembers for the seat at the screen, in one object.

At every hand-over (hot-seat) the table replaces this object with a fresh one, so nothing the
last player selected, hovered, pinned, chose or was told can survive into the next player's
screen by accident: a new field added here is wiped at hand-over without anyone remembering to.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Drag:
    """A token or hand card held by the mouse."""

    kind: str
    """``token`` or ``hand``."""
    ident: str
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int]
    active: bool = False
    name: str = ""
    unit: dict[str, Any] | None = None
    """The unit grabbed (a token drag acts on this one, whatever is selected)."""
    refan: Any = None
    """The fanned-out stack this token was carried out of (it opens again if the token
    comes back)."""


@dataclass
class Glide:
    """A token flying back to its square after a refused drop."""

    unit: str
    start: tuple[float, float]
    t: float = 0.0


@dataclass
class SeatState:
    """The per-seat UI state: selection, hover, preview pin, menus, choices, messages."""

    selected: str | None = None
    group: list[str] = field(default_factory=list)
    """Banding: the creatures of one square chosen with shift-click or a drag box."""
    auto_fan: Any = None
    """The stack the variant last fanned out by itself (it does so once per decision)."""
    carried: list[str] = field(default_factory=list)
    """The creatures picked up with the selected one (its group or stack), lit lands for them."""
    mode: str = "move"
    highlights: dict[Hashable, str] = field(default_factory=dict)
    hover: tuple[str, Any] | None = None
    pinned: tuple[str, Any] | None = None
    colour: str | None = None
    """The colour chosen in the variant's colour chooser (Frontier: the starting token's)."""
    bottom_pick: list[str] = field(default_factory=list)
    menu: Any = None
    drag: Drag | None = None
    box: tuple[tuple[int, int], tuple[int, int]] | None = None
    """A drag box being drawn: (start, current)."""
    glides: list[Glide] = field(default_factory=list)
    last_click: tuple[float, str] = (0.0, "")
    message: str = ""
    message_t: float = 0.0
    message_warn: bool = False
    """The message is an error or a refusal (drawn in the warning colour), not information."""
    help: bool = False
    targeting: Any = None
    """A cast or activation waiting for its targets (:mod:`~frontier_desktop.ui.table.targeting`)."""
    discard_pick: list[str] = field(default_factory=list)
    """The hand cards picked so far for a "discard N cards" decision."""
    """A cast or activation waiting for its targets (:mod:`~frontier_desktop.ui.table.targeting`)."""
    division: dict[str, int] = field(default_factory=dict)
    """The shares of a division being made (see :mod:`~frontier_desktop.ui.table.divide`)."""
    division_key: str | None = None
    """The decision those shares answer (a new decision starts afresh)."""
    division_focus: int = 0
    """The recipient the keyboard's arrows, + and - act on."""
    division_drag: tuple[str, tuple[int, int], tuple[int, int]] | None = None
    """A point being carried in the division panel: (from: a recipient id or "" for the
    undivided points, where the press was, where the mouse is)."""
