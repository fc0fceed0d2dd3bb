"""Frontier Desktop: a desktop tabletop for the grid-based Magic: the Gathering variants."""

__version__ = "0.1.0"
