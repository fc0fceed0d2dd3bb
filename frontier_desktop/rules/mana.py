"""Mana costs and mana pools in Scryfall notation (``{2}{G}{G}``, ``{G/W}``, ``{G/P}``, ``{X}``).

A pool is a mapping of ``W U B R G C`` to counts. Payment is exact and deterministic:
coloured symbols first, then hybrid and Phyrexian symbols (searched), then generic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

POOL_ORDER = ("W", "U", "B", "R", "G", "C")
"""Mana types in the order pools are printed."""

_SYMBOL_RE = re.compile(r"\{([^}]+)\}")

Pool = dict[str, int]


def empty_pool() -> Pool:
    return {k: 0 for k in POOL_ORDER}


def parse_pool(text: str) -> Pool:
    """``"{G}{G}{1}"`` → ``{G: 2, C: 1}``. ``{1}``/``{2}`` and ``{C}`` are colourless mana.

    Raises:
        ValueError: an unknown symbol.
    """
    pool = empty_pool()
    rest = _SYMBOL_RE.sub("", text).strip()
    if rest:
        raise ValueError(f"mana pool {text!r}: unexpected {rest!r} outside {{}}")
    for sym in _SYMBOL_RE.findall(text):
        sym = sym.upper()
        if sym in POOL_ORDER:
            pool[sym] += 1
        elif sym.isdigit():
            pool["C"] += int(sym)
        else:
            raise ValueError(f"mana pool {text!r}: {{{sym}}} is not a kind of mana")
    return pool


def format_pool(pool: Mapping[str, int]) -> str:
    """``{G: 2, C: 1}`` → ``"{G}{G}{C}"`` (WUBRGC order); an empty pool is ``""``."""
    return "".join(f"{{{k}}}" * pool.get(k, 0) for k in POOL_ORDER)


def pool_total(pool: Mapping[str, int]) -> int:
    return sum(pool.get(k, 0) for k in POOL_ORDER)


def parse_cost(cost: str) -> list[str]:
    """The symbols of a mana cost, without braces: ``"{2}{G/W}"`` → ``["2", "G/W"]``.

    Raises:
        ValueError: the text is not a sequence of ``{…}`` symbols.
    """
    rest = _SYMBOL_RE.sub("", cost.split("//")[0]).strip()
    if rest:
        raise ValueError(f"mana cost {cost!r}: unexpected {rest!r}")
    return [s.upper() for s in _SYMBOL_RE.findall(cost.split("//")[0])]


def pay(pool: Mapping[str, int], cost: str | Iterable[str], *, x: int = 0,
        life: int = 0) -> tuple[Pool, int] | None:
    """Pay *cost* from *pool*.

    Args:
        pool: the mana available.
        cost: the cost text or its symbols.
        x: the value chosen for each ``{X}``.
        life: life the payer may spend on Phyrexian symbols (2 each).

    Returns:
        ``(pool left, life paid)`` or ``None`` when the pool cannot pay.
    """
    symbols = parse_cost(cost) if isinstance(cost, str) else list(cost)
    left = {k: pool.get(k, 0) for k in POOL_ORDER}
    generic = 0
    flexible: list[str] = []
    for sym in symbols:
        if sym in ("W", "U", "B", "R", "G", "C"):
            if left[sym] <= 0:
                return None
            left[sym] -= 1
        elif sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            generic += x
        elif sym in ("S", "½"):
            generic += 1 if sym == "S" else 0
        elif "/" in sym:
            flexible.append(sym)
        elif sym in ("T", "Q", "E"):
            continue
        else:
            return None
    return _pay_flexible(left, flexible, generic, life, 0)


def _pay_flexible(left: Pool, flexible: list[str], generic: int, life: int,
                  life_paid: int) -> tuple[Pool, int] | None:
    if not flexible:
        if pool_total(left) < generic:
            return None
        out = dict(left)
        need = generic
        # Spend colourless first, then the colours we hold most of (keeps options open).
        for kind in ["C"] + sorted("WUBRG", key=lambda k: -out[k]):
            take = min(need, out[kind])
            out[kind] -= take
            need -= take
        return out, life_paid
    sym, rest = flexible[0], flexible[1:]
    a, b = sym.split("/", 1)
    options: list[tuple[str, int]] = []  # (mana kind or "" for life, extra generic)
    for part in (a, b):
        if part in POOL_ORDER:
            options.append((part, 0))
        elif part.isdigit():
            options.append(("", int(part)))
        elif part == "P":
            options.append(("life", 0))
    # Of the ways that work, take the one that pays the least life: a player never spends
    # life on a Phyrexian symbol that their mana could have paid.
    best: tuple[Pool, int] | None = None
    for kind, extra in options:
        if kind == "life":
            if life - life_paid < 2:
                continue
            result = _pay_flexible(left, rest, generic, life, life_paid + 2)
        elif kind:
            if left[kind] <= 0:
                continue
            left2 = dict(left)
            left2[kind] -= 1
            result = _pay_flexible(left2, rest, generic, life, life_paid)
        else:
            result = _pay_flexible(left, rest, generic + extra, life, life_paid)
        if result is not None and (best is None or result[1] < best[1]):
            best = result
            if best[1] == life_paid:
                break  # no life spent below this symbol: nothing does better
    return best


def cost_colours(cost: str) -> list[str]:
    """Coloured requirements of a cost, for choosing which lands to tap (hybrids give both)."""
    out: list[str] = []
    for sym in parse_cost(cost):
        for part in sym.split("/"):
            if part in "WUBRG" and part:
                out.append(part)
    return out


def mana_value(cost: str) -> int:
    """Mana value of a cost (``{X}`` counts 0)."""
    total = 0
    for sym in parse_cost(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            continue
        elif "/" in sym:
            a, _ = sym.split("/", 1)
            total += int(a) if a.isdigit() else 1
        else:
            total += 1
    return total
