"""The variants: one package each (``frontier``, ``army``, ``conquering``, ``wargame``) holding only
what its digest changes of normal Magic, the :class:`~.base.Variant` base class, and the
registry, ``find_variant(name)`` (after ``chess.variant.find_variant``), which also hands each
variant to the Magic core (``core.hooks.register``) so the core never imports a variant.
"""

from __future__ import annotations

from frontier_desktop.rules.core import hooks
from frontier_desktop.rules.variants.base import Variant
from frontier_desktop.rules.variants.army.variant import Army
from frontier_desktop.rules.variants.frontier.variant import Frontier
from frontier_desktop.rules.variants.conquering.variant import Conquering
from frontier_desktop.rules.variants.wargame.variant import WarGame

VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    for name in (variant.name, *variant.aliases):
        VARIANTS[name] = variant
    hooks.register((variant.name, *variant.aliases), variant)
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
