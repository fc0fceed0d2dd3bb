"""An in-memory search index over the bundled pool and the user cache, for search-as-you-type.

``CardDatabase.search_local`` asks SQLite with ``LIKE`` and re-parses every pool card per
query; at 35,000 cached cards that is far too slow for a keystroke. :class:`CardIndex` reads
the few searchable fields once (``build`` — run it on a background thread), keeps one folded
row per card name, and answers a query with a plain scan over those rows (no JSON, no I/O).
Full card objects are fetched only for the results shown (:meth:`CardIndex.get`).

Query syntax (a subset of Scryfall's, every term must match)::

    bolt                 name contains "bolt" (case, accents, punctuation folded)
    "serra angel"        a quoted phrase
    t:creature o:flying  type line / rules text contains
    c:wu  c:c  c:multi   has every colour listed / colourless / two or more colours
    id=g                 exactly these colours (``c=`` too)
    mv:3 mv<=2 cmc>4     mana value compared
    r:rare               rarity (common, uncommon, rare, mythic)
    -t:land              any term negated with a leading ``-``

No pygame here; thread-safe once built (rows are never mutated).
"""

from __future__ import annotations

import dataclasses
import operator
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from frontier_desktop.cards.cache import CardCache, colour_letters, split_query
from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.rules.card import normalise_name

_OPS: dict[str, Callable[[float, float], bool]] = {
    ":": operator.eq, "=": operator.eq, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge, "!=": operator.ne,
}
_TERM = re.compile(r"^(?P<neg>-?)(?P<key>[a-zA-Z]+)(?P<op><=|>=|!=|[:=<>])(?P<value>.*)$")
_RARITIES = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special",
             "b": "bonus"}


@dataclasses.dataclass(frozen=True)
class IndexRow:
    """The searchable fields of one card (one row per card name)."""

    name: str
    """Scryfall's full name."""
    norm: str
    """:func:`normalise_name` of the name."""
    type_line: str
    mana_cost: str
    cmc: float
    colors: str
    """Colour letters, sorted (``"GW"``); empty for colourless."""
    rarity: str
    source: str
    """``"cache"`` or ``"bundled"``."""
    key: str
    """Scryfall id (cache rows) or the name (bundled rows): what :meth:`CardIndex.get` uses."""
    type_low: str = dataclasses.field(repr=False, compare=False, default="")
    text_low: str = dataclasses.field(repr=False, compare=False, default="")

    @property
    def is_land(self) -> bool:
        return "land" in self.type_low.split("//")[0]


Predicate = Callable[[IndexRow], bool]


class QueryError(ValueError):
    """A query term that cannot be read (``mv<=x``); the message names it."""


def _colour_set(value: str) -> str:
    return "".join(sorted(set(colour_letters(value)) - {"C"}))


def _term_predicate(term: str) -> Predicate:
    match = _TERM.match(term)
    negate = False
    pred: Predicate
    if match is None or match.group("key").lower() not in _KEYS:
        if term.startswith("-") and len(term) > 1:
            negate, term = True, term[1:]
        needle = normalise_name(term)
        pred = lambda row: needle in row.norm
    else:
        negate = bool(match.group("neg"))
        key, op, value = match.group("key").lower(), match.group("op"), match.group("value")
        pred = _KEYS[key](op, value, term)
    if negate:
        return lambda row: not pred(row)
    return pred


def _type_pred(op: str, value: str, term: str) -> Predicate:
    low = value.lower()
    return lambda row: low in row.type_low


def _text_pred(op: str, value: str, term: str) -> Predicate:
    low = value.lower()
    return lambda row: low in row.text_low


def _colour_pred(op: str, value: str, term: str) -> Predicate:
    low = value.lower()
    if low in ("m", "multi", "multicolor", "multicolour", "gold"):
        return lambda row: len(row.colors) > 1
    letters = colour_letters(value)
    if not letters:
        raise QueryError(f"'{term}': no colour in '{value}' (use w u b r g c)")
    if letters == "C":
        return lambda row: not row.colors
    wanted = _colour_set(value)
    if op in ("=",):
        return lambda row: row.colors == wanted
    if op == "<=":
        return lambda row: set(row.colors) <= set(wanted)
    return lambda row: all(c in row.colors for c in wanted)


def _mv_pred(op: str, value: str, term: str) -> Predicate:
    try:
        number = float(value)
    except ValueError:
        raise QueryError(f"'{term}': mana value must be a number") from None
    compare = _OPS[op]
    return lambda row: compare(row.cmc, number)


def _rarity_pred(op: str, value: str, term: str) -> Predicate:
    low = value.lower()
    rarity = _RARITIES.get(low, low)
    return lambda row: row.rarity == rarity


_KEYS: dict[str, Callable[[str, str, str], Predicate]] = {
    "t": _type_pred, "type": _type_pred,
    "o": _text_pred, "oracle": _text_pred, "text": _text_pred,
    "c": _colour_pred, "color": _colour_pred, "colour": _colour_pred, "id": _colour_pred,
    "mv": _mv_pred, "cmc": _mv_pred, "manavalue": _mv_pred,
    "r": _rarity_pred, "rarity": _rarity_pred,
}


def compile_query(query: str) -> list[Predicate]:
    """One predicate per term of *query* (see the module docstring).

    Raises:
        QueryError: a term with a bad value.
    """
    return [_term_predicate(term) for term in split_query(query) if term.strip("-")]


def _row_from_scryfall(obj: Mapping[str, Any], source: str, key: str) -> IndexRow | None:
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        return None
    faces = [f for f in (obj.get("card_faces") or ()) if isinstance(f, Mapping)]
    type_line = str(obj.get("type_line") or " // ".join(str(f.get("type_line") or "")
                                                         for f in faces))
    texts = [str(obj.get("oracle_text") or "")] + [str(f.get("oracle_text") or "")
                                                   for f in faces]
    colors = obj.get("colors")
    if not isinstance(colors, list):
        colors = [c for f in faces for c in (f.get("colors") or ())]
    mana_cost = str(obj.get("mana_cost") or (faces[0].get("mana_cost") if faces else "") or "")
    try:
        cmc = float(obj.get("cmc") or 0)
    except (TypeError, ValueError):
        cmc = 0.0
    return IndexRow(name, normalise_name(name), type_line, mana_cost, cmc,
                    "".join(sorted({str(c) for c in colors})), str(obj.get("rarity") or ""),
                    source, key, type_line.lower(), "\n".join(t for t in texts if t).lower())


class CardIndex:
    """Rows for every card of the user cache and the bundled pool, one per name.

    Also a :class:`frontier_desktop.decks.CardLookup`: ``get(name)`` returns the Scryfall
    object (cache first — it is newer — then the pool), and iterating yields ``{"name": ...}``
    stubs, enough for the "did you mean" suggester without parsing 35,000 JSON objects.
    """

    def __init__(self, rows: Iterable[IndexRow], *, cache: CardCache | None = None,
                 pool: BundledPool | None = None) -> None:
        self.rows: list[IndexRow] = sorted(rows, key=lambda r: r.norm)
        self._cache = cache
        self._pool = pool
        self._by_norm: dict[str, IndexRow] = {}
        for row in self.rows:
            self._by_norm.setdefault(row.norm, row)
            if " // " in row.norm:
                self._by_norm.setdefault(row.norm.split(" // ")[0], row)
        self._objects: dict[str, Mapping[str, Any]] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ building
    @classmethod
    def build(cls, *, cache: CardCache | None, pool: BundledPool | None) -> CardIndex:
        """Read the searchable fields of every cached card and every pool card.

        Cache rows win over pool rows of the same name. A cache that cannot be read counts
        as empty (the pool still works offline).
        """
        rows: dict[str, IndexRow] = {}
        if cache is not None:
            try:
                for cached in _cache_rows(cache):
                    rows.setdefault(cached.norm, cached)
            except (sqlite3.Error, OSError):
                pass
        if pool is not None:
            for obj in pool:
                row = _row_from_scryfall(obj, "bundled", str(obj.get("name")))
                if row is not None:
                    rows.setdefault(row.norm, row)
        return cls(rows.values(), cache=cache, pool=pool)

    # ------------------------------------------------------------------ search
    def search(self, query: str, *, limit: int = 300) -> list[IndexRow]:
        """Rows matching every term of *query*, names starting with the first name word
        first, then by name; at most *limit*.

        Raises:
            QueryError: a term with a bad value.
        """
        preds = compile_query(query)
        if not preds:
            return self.rows[:limit]
        first_word = next((normalise_name(t) for t in split_query(query)
                           if not _TERM.match(t) and not t.startswith("-")), "")
        front: list[IndexRow] = []
        rest: list[IndexRow] = []
        for row in self.rows:
            for pred in preds:
                if not pred(row):
                    break
            else:
                if first_word and row.norm.startswith(first_word):
                    front.append(row)
                    if len(front) >= limit:
                        break
                elif len(rest) < limit:
                    rest.append(row)
                elif not first_word:  # no prefix ranking: the first *limit* matches are it
                    break
        return (front + rest)[:limit]

    def __len__(self) -> int:
        return len(self.rows)

    # ------------------------------------------------------------------ CardLookup
    def row(self, name: str) -> IndexRow | None:
        """The row of the card called *name* (folded; a split card's front face too)."""
        norm = normalise_name(name)
        return self._by_norm.get(norm) or self._by_norm.get(norm.split(" // ")[0])

    def get(self, name: str) -> Mapping[str, Any] | None:
        """The Scryfall object of *name*, or None (the index never asks the network)."""
        row = self.row(name)
        if row is None:
            return None
        with self._lock:
            obj = self._objects.get(row.key)
        if obj is not None:
            return obj
        obj = self._load(row)
        if obj is not None:
            with self._lock:
                self._objects[row.key] = obj
        return obj

    def _load(self, row: IndexRow) -> Mapping[str, Any] | None:
        if row.source == "cache" and self._cache is not None:
            hit = self._cache.by_id(row.key)
            if hit is not None:
                return hit.card.raw
        if self._pool is not None:
            return self._pool.get(row.name)
        return None

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        for row in self.rows:
            yield {"name": row.name}


def _cache_rows(cache: CardCache) -> Iterator[IndexRow]:
    sql = ("SELECT id, name, norm_name, type_line, colors, oracle_text, "
           "json_extract(json, '$.cmc'), json_extract(json, '$.rarity'), "
           "json_extract(json, '$.mana_cost'), json_extract(json, '$.card_faces[0].mana_cost') "
           "FROM cards GROUP BY norm_name")
    rows = cache.query(sql)
    for key, name, norm, types, colors, text, cmc, rarity, cost, face_cost in rows:
        try:
            value = float(cmc or 0)
        except (TypeError, ValueError):
            value = 0.0
        type_line = str(types or "")
        yield IndexRow(str(name), str(norm), type_line, str(cost or face_cost or ""), value,
                       str(colors or ""), str(rarity or ""), "cache", str(key),
                       type_line.lower(), str(text or "").lower())

