"""Variant registry: ``find_variant(name)`` (after ``chess.variant.find_variant``)."""

from __future__ import annotations

from frontier_desktop.rules.variants.base import Variant
from frontier_desktop.rules.variants.army import Army
from frontier_desktop.rules.variants.frontier import Frontier
from frontier_desktop.rules.variants.conquering import Conquering
from frontier_desktop.rules.variants.wargame import WarGame

VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    for name in (variant.name, *variant.aliases):
        VARIANTS[name] = variant
    return variant


register(Frontier())
register(Army())
register(Conquering())
register(WarGame())


def find_variant(name: str) -> Variant:
    """The variant called *name* (or one of its aliases).

    Raises:
        ValueError: no such variant (the message lists the known ones).
    """
    try:
        return VARIANTS[name.lower()]
    except KeyError:
        known = ", ".join(sorted({v.name for v in VARIANTS.values()}))
        raise ValueError(f"unknown variant {name!r} (known: {known})") from None


__all__ = ["VARIANTS", "Variant", "find_variant", "register"]
