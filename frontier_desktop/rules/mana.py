"""Mana costs and mana pools in Scryfall notation (``{2}{G}{G}``, ``{G/W}``, ``{G/P}``, ``{X}``).

A pool is a mapping of ``W U B R G C`` to counts. Payment is exact and deterministic:
coloured symbols first, then hybrid and Phyrexian symbols (searched), then generic.
"""

from __future__ import annotations

import functools
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
    return list(_cost_symbols(cost))


@functools.lru_cache(maxsize=1024)
def _cost_symbols(cost: str) -> tuple[str, ...]:
    """:func:`parse_cost`, cached (a pure function of the text; errors are not cached)."""
    rest = _SYMBOL_RE.sub("", cost.split("//")[0]).strip()
    if rest:
        raise ValueError(f"mana cost {cost!r}: unexpected {rest!r}")
    return tuple(s.upper() for s in _SYMBOL_RE.findall(cost.split("//")[0]))


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


# ---------------------------------------------------------------------- mana abilities
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "x": 0}
_SYMBOLS_ONLY = r"(?:\{[WUBRGC0-9]\})+"
_ANY_COLOUR_RE = re.compile(
    r"^add (?P<n>one|two|three|four|five) mana of any (?P<one>one )?colou?r$")
_COMBINATION_RE = re.compile(
    r"^add (?P<n>one|two|three|four|five) mana in any combination of "
    r"(?:(?P<colours>colou?rs)|\{(?P<a>[wubrg])\} and/or \{(?P<b>[wubrg])\})$")
_LIST_RE = re.compile(rf"^add (?P<list>{_SYMBOLS_ONLY}(?:(?:,|,? or) {_SYMBOLS_ONLY})*)$",
                      re.IGNORECASE)
_IGNORED_SENTENCES = ("activate only as an instant", "activate this ability only any time "
                      "you could cast an instant")
"""Restrictions that say nothing for a mana ability (it is always usable at instant speed)."""


def parse_mana_effect(effect: str) -> tuple[tuple[str, ...], str] | None:
    """Read the mana an ability's effect adds: ``(options, rest)`` or ``None``.

    *options* are the mana the player may choose from, each in pool notation (``"{G}"``,
    ``"{C}{C}"``, ``"{R}{R}{G}"``); one option means no choice. *rest* is the text after the
    "Add …" sentence that the engine leaves to the players ("" when none).

    ``None`` when the effect adds mana in a way the engine can't read (an amount that depends
    on the game, "the chosen color", "any type that land could produce") or adds no mana.

    >>> parse_mana_effect("Add {R} or {G}.")
    (('{R}', '{G}'), '')
    """
    text = re.sub(r"\([^)]*\)", "", effect).strip()
    sentences = [s.strip() for s in re.split(r"(?<=[.])\s+", text) if s.strip()]
    if not sentences:
        return None
    first = sentences[0].rstrip(".").strip()
    rest = " ".join(s for s in sentences[1:]
                    if s.rstrip(".").strip().lower() not in _IGNORED_SENTENCES)
    low = first.lower()
    options: list[str] = []
    match = _ANY_COLOUR_RE.match(low)
    if match:
        n = _NUMBERS[match.group("n")]
        options = [f"{{{c}}}" * n for c in "WUBRG"]
    elif (match := _COMBINATION_RE.match(low)) is not None:
        n = _NUMBERS[match.group("n")]
        colours = "WUBRG" if match.group("colours") else match.group("a").upper() + \
            match.group("b").upper()
        options = [format_pool(_count(combo)) for combo in _multisets(colours, n)]
    elif (match := _LIST_RE.match(first)) is not None:
        for part in re.split(r",? or |, ", match.group("list")):
            try:
                options.append(format_pool(parse_pool(part.strip())))
            except ValueError:
                return None
    else:
        return None
    options = list(dict.fromkeys(o for o in options if o))
    if not options:
        return None
    return tuple(options), rest


def _multisets(colours: str, n: int) -> list[str]:
    if n == 0:
        return [""]
    out: list[str] = []
    for i, c in enumerate(colours):
        out.extend(c + tail for tail in _multisets(colours[i:], n - 1))
    return out


def _count(symbols: str) -> Pool:
    pool = empty_pool()
    for s in symbols:
        pool[s] += 1
    return pool


def choose_mana(options: Iterable[str], wanted: str | None) -> str | None:
    """The option of a mana ability that *wanted* names, or ``None`` when none matches.

    *wanted* is ``None`` (the first option), a kind of mana (``"G"``: the option made only of
    {G}, e.g. of "one mana of any color" or "three mana of any one color"), or mana symbols
    (``"{R}{R}{G}"``) naming an option exactly (in any order).
    """
    opts = list(options)
    if not opts:
        return None
    if wanted is None:
        return opts[0]
    key = wanted.strip().upper()
    if key in POOL_ORDER:
        for option in opts:
            pool = parse_pool(option)
            if pool[key] and pool[key] == pool_total(pool):
                return option
        return None
    try:
        want = parse_pool(key)
    except ValueError:
        return None
    for option in opts:
        if parse_pool(option) == want:
            return option
    return None


def add_mana(pool: Pool, mana: str) -> None:
    """Add the mana *mana* (pool notation, ``"{G}{G}"``) to *pool* in place."""
    for kind, count in parse_pool(mana).items():
        pool[kind] = pool.get(kind, 0) + count
