"""Board geometry: rectangular grids now, graph boards (named areas) for later variants.

Geometry is immutable and knows nothing of cards; the game state keeps one :class:`Cell`
per position. Adjacency and straight-line rays come from here, so movement rules are written
once against :class:`Board` and work on any board shape.
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

    def positions(self) -> Sequence[Pos]:
        raise NotImplementedError

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
        if data.get("kind") == "grid":
            return GridBoard(int(data["rows"]), int(data["cols"]))
        if data.get("kind") == "graph":
            return GraphBoard({k: tuple(v) for k, v in data["areas"].items()})
        raise ValueError(f"unknown board kind {data.get('kind')!r}")


class GridBoard(Board):
    """``rows`` x ``cols`` squares; ``(0, 0)`` is player 0's left corner, row 0 their home row."""

    kind = "grid"

    def __init__(self, rows: int, cols: int) -> None:
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
        raise ValueError(f"a square is [row, col], not {data!r}")

    def pos_to_wire(self, pos: Pos) -> object:
        return [pos[0], pos[1]]

    def to_wire(self) -> dict[str, Any]:
        return {"kind": "grid", "rows": self.rows, "cols": self.cols}


class GraphBoard(Board):
    """Named areas with explicit neighbours (the Conquering's triangle, strongholds)."""

    kind = "graph"

    def __init__(self, areas: Mapping[str, Sequence[str]]) -> None:
        self._areas = {name: tuple(ns) for name, ns in areas.items()}
        for name, ns in self._areas.items():
            for n in ns:
                if n not in self._areas:
                    raise ValueError(f"area {name!r} names an unknown neighbour {n!r}")

    def positions(self) -> Sequence[Pos]:
        return tuple(self._areas)

    def contains(self, pos: Pos) -> bool:
        return isinstance(pos, str) and pos in self._areas

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        return self._areas.get(pos, ())

    def pos_from_wire(self, data: object) -> Pos:
        if isinstance(data, str):
            return data
        raise ValueError(f"an area is named by a string, not {data!r}")

    def pos_to_wire(self, pos: Pos) -> object:
        return pos

    def to_wire(self) -> dict[str, Any]:
        return {"kind": "graph", "areas": {k: list(v) for k, v in self._areas.items()}}
