"""Board geometry: rectangular grids now, graph boards (named areas) for later variants.

Geometry is immutable and knows nothing of cards; the game state keeps one :class:`Cell`
per position. Adjacency and straight-line rays come from here, so movement rules are written
once against :class:`Board` and work on any board shape.

Either board may also have *outside places*: named places off the grid (or graph), each
beside exactly one position and adjacent only to it (the Conquering's strongholds ``"S0"``,
``"S1"``, …). They are not among :meth:`Board.positions` and :meth:`Board.contains` is false
for them; :meth:`Board.places` and :meth:`Board.is_place` include them, and
:meth:`Board.neighbours` links them both ways.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

Pos = Any
"""A board position: ``(row, col)`` on a grid, an area name on a graph board."""

Direction = tuple[int, int]

NORTH: Direction = (1, 0)
SOUTH: Direction = (-1, 0)
EAST: Direction = (0, 1)
WEST: Direction = (0, -1)
ORTHOGONAL: tuple[Direction, ...] = (NORTH, EAST, SOUTH, WEST)


class Board:
    """Abstract board geometry."""

    kind: str = "abstract"
    outside: Mapping[str, Pos] = {}
    """Named places off the board → the one position each is beside (empty: none)."""

    def positions(self) -> Sequence[Pos]:
        raise NotImplementedError

    def places(self) -> tuple[Pos, ...]:
        """Every place a permanent may stand: the positions, then the outside places."""
        return (*self.positions(), *self.outside)

    def is_place(self, pos: Pos) -> bool:
        """Whether *pos* is a position or an outside place."""
        return self.contains(pos) or (isinstance(pos, str) and pos in self.outside)

    def _check_outside(self, outside: Mapping[str, Pos] | None) -> dict[str, Pos]:
        named = dict(outside or {})
        for name, beside in named.items():
            if not self.contains(beside):
                raise ValueError(f"outside place {name!r} is beside {beside!r}, not on the board")
            if self.contains(name):
                raise ValueError(f"outside place {name!r} is also a position of the board")
        return named

    def _outside_wire(self, out: dict[str, Any]) -> dict[str, Any]:
        if self.outside:
            out["outside"] = {k: self.pos_to_wire(v) for k, v in self.outside.items()}
        return out

    def contains(self, pos: Pos) -> bool:
        raise NotImplementedError

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        """Positions adjacent to *pos* (orthogonal on grids)."""
        raise NotImplementedError

    def directions(self) -> tuple[Direction, ...]:
        """Directions a straight-line move may take (none on graph boards)."""
        return ()

    def step(self, pos: Pos, direction: Direction) -> Pos | None:
        """The position one step from *pos* in *direction*, or None off the board."""
        return None

    def ray(self, pos: Pos, direction: Direction) -> Iterator[Pos]:
        """Positions after *pos* in a straight line, nearest first, up to the edge."""
        nxt = self.step(pos, direction)
        while nxt is not None:
            yield nxt
            nxt = self.step(nxt, direction)

    def direction_between(self, a: Pos, b: Pos) -> tuple[Direction, int] | None:
        """``(direction, distance)`` when *b* is in a straight line from *a*, else None."""
        return None

    def pos_from_wire(self, data: object) -> Pos:
        raise NotImplementedError

    def pos_to_wire(self, pos: Pos) -> object:
        raise NotImplementedError

    def to_wire(self) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def from_wire(data: Mapping[str, Any]) -> Board:
        outside = dict(data.get("outside") or {})
        if data.get("kind") == "grid":
            return GridBoard(int(data["rows"]), int(data["cols"]), outside={
                str(k): (int(v[0]), int(v[1])) for k, v in outside.items()})
        if data.get("kind") == "graph":
            return GraphBoard({k: tuple(v) for k, v in data["areas"].items()},
                              outside={str(k): str(v) for k, v in outside.items()})
        raise ValueError(f"unknown board kind {data.get('kind')!r}")


class GridBoard(Board):
    """``rows`` x ``cols`` squares; ``(0, 0)`` is player 0's left corner, row 0 their home row."""

    kind = "grid"

    def __init__(self, rows: int, cols: int, *,
                 outside: Mapping[str, Pos] | None = None) -> None:
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a grid needs positive size, not {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self._positions = tuple((r, c) for r in range(rows) for c in range(cols))
        self._neighbours = {
            pos: tuple(
                n for n in (self.step(pos, d) for d in ORTHOGONAL) if n is not None
            )
            for pos in self._positions
        }
        self.outside = self._check_outside(outside)
        self._neighbours.update(_outside_links(self._neighbours, self.outside))

    def positions(self) -> Sequence[Pos]:
        return self._positions

    def contains(self, pos: Pos) -> bool:
        return (
            isinstance(pos, tuple) and len(pos) == 2
            and 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols
        )

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        return self._neighbours.get(pos, ())

    def directions(self) -> tuple[Direction, ...]:
        return ORTHOGONAL

    def step(self, pos: Pos, direction: Direction) -> Pos | None:
        r, c = pos[0] + direction[0], pos[1] + direction[1]
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return None

    def direction_between(self, a: Pos, b: Pos) -> tuple[Direction, int] | None:
        dr, dc = b[0] - a[0], b[1] - a[1]
        if (dr == 0) == (dc == 0):
            return None
        dist = abs(dr) + abs(dc)
        return ((dr // dist, dc // dist), dist)

    def pos_from_wire(self, data: object) -> Pos:
        if (
            isinstance(data, (list, tuple)) and len(data) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in data)
        ):
            return (int(data[0]), int(data[1]))
        if isinstance(data, str) and data in self.outside:
            return data
        raise ValueError(f"a square is [row, col], not {data!r}")

    def pos_to_wire(self, pos: Pos) -> object:
        if isinstance(pos, str):
            return pos
        return [pos[0], pos[1]]

    def to_wire(self) -> dict[str, Any]:
        return self._outside_wire({"kind": "grid", "rows": self.rows, "cols": self.cols})


class GraphBoard(Board):
    """Named areas with explicit neighbours (the Conquering's triangle, strongholds)."""

    kind = "graph"

    def __init__(self, areas: Mapping[str, Sequence[str]], *,
                 outside: Mapping[str, Pos] | None = None) -> None:
        self._areas = {name: tuple(ns) for name, ns in areas.items()}
        linked = {name: set(ns) for name, ns in self._areas.items()}  # one look-up a check
        for name, ns in self._areas.items():
            if linked[name] <= linked.keys() and all([name in linked[n] for n in ns]):
                continue
            for n in ns:
                if n not in self._areas:
                    raise ValueError(f"area {name!r} names an unknown neighbour {n!r}")
                if name not in linked[n]:
                    raise ValueError(f"area {n!r} is not a neighbour of {name!r} in return")
        self.outside = self._check_outside(outside)
        self._neighbours = dict(self._areas)
        self._neighbours.update(_outside_links(self._areas, self.outside))

    def positions(self) -> Sequence[Pos]:
        return tuple(self._areas)

    def contains(self, pos: Pos) -> bool:
        return isinstance(pos, str) and pos in self._areas

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        return self._neighbours.get(pos, ())

    def pos_from_wire(self, data: object) -> Pos:
        if isinstance(data, str):
            return data
        raise ValueError(f"an area is named by a string, not {data!r}")

    def pos_to_wire(self, pos: Pos) -> object:
        return pos

    def to_wire(self) -> dict[str, Any]:
        return self._outside_wire(
            {"kind": "graph", "areas": {k: list(v) for k, v in self._areas.items()}})


def _outside_links(neighbours: Mapping[Pos, tuple[Pos, ...]],
                   outside: Mapping[str, Pos]) -> dict[Pos, tuple[Pos, ...]]:
    """The neighbour lists that change when *outside* places are added: each outside place
    has its one position, and that position gains the place."""
    out: dict[Pos, tuple[Pos, ...]] = {}
    for name, beside in outside.items():
        out[name] = (beside,)
        out[beside] = (*out.get(beside, neighbours[beside]), name)
    return out
