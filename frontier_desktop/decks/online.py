"""A deck's card source that fetches the names it lacks from Scryfall, in batches.

:class:`OnlineCards` wraps what is known here (the bundled pool and the user's card cache,
any :class:`~frontier_desktop.decks.resolve.CardLookup`) and a
:class:`~frontier_desktop.cards.database.CardDatabase`. ``deck check``, ``deck convert`` and
the deck builder's import read through it: the names neither knows are fetched with one
``POST /cards/collection`` per 75 names, stored in the cache, and the reading goes on.
Offline (or when Scryfall can't be reached) nothing is asked, and the reader says which names
are unknown and how to fetch them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from frontier_desktop.cards.database import CardDatabase
from frontier_desktop.decks.resolve import CardList, CardLookup, FetchReport, other_spellings


class OnlineCards:
    """A :class:`~frontier_desktop.decks.resolve.FetchingLookup`: *local* first, then the
    cards fetched through *database* during this reading.

    Not thread-safe; use one per reading (the builder's import runs one in its worker).
    """

    def __init__(self, local: CardLookup, database: CardDatabase, *, how: str = "") -> None:
        self.local = local
        self.database = database
        self.how = how
        """How the player fetches unknown names later (default: ``cards prefetch FILE``)."""
        self._objects: list[Mapping[str, Any]] = []
        self._fetched = CardList(())
        self.requests = 0
        """Scryfall requests made by :meth:`fetch_missing` so far."""

    def get(self, name: str) -> Mapping[str, Any] | None:
        return self.local.get(name) or self._fetched.get(name)

    def get_by_mtgo_id(self, mtgo_id: int) -> Mapping[str, Any] | None:
        by_id = getattr(self.local, "get_by_mtgo_id", None)
        obj = by_id(mtgo_id) if callable(by_id) else None
        return obj if obj is not None else self._fetched.get_by_mtgo_id(mtgo_id)

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        if isinstance(self.local, Iterable):
            yield from self.local
        yield from self._objects

    def fetch_missing(self, names: Sequence[str]) -> FetchReport:
        """Fetch *names* (the unknown ones of a deck): one collection request per 75, then
        one more for those Scryfall knows by another spelling (``Fire & Ice``)."""
        db = self.database
        if db.is_offline:
            return FetchReport(offline=True, reason="offline", how=self.how)
        found, missing, offline, reason = self._ask(names)
        retry = {other: name for name in missing for other in other_spellings(name)}
        if retry and not offline:
            again, _, offline, reason = self._ask(list(retry))
            recovered = list(dict.fromkeys(retry[a] for a in again))
            found += recovered
            missing = [n for n in missing if n not in recovered]
        if offline:
            return FetchReport(tuple(found), (), True, reason, self.how)
        return FetchReport(tuple(found), tuple(missing))

    def _ask(self, names: Sequence[str]) -> tuple[list[str], list[str], bool, str]:
        db = self.database
        before = db.client.requests_made
        notices = len(db.notices)
        resolution = db.resolve_many(names)
        self.requests += db.client.requests_made - before
        found: list[str] = []
        for item, hit in resolution.found.items():
            self._objects.append(hit.card.raw)
            found.append(str(item))
        self._fetched = CardList(self._objects)
        failed = [m for m in resolution.messages if not m.startswith(NOT_FOUND)]
        if db.is_offline or failed:  # the rest were not asked for, not "not found"
            why = next(iter(failed + db.notices[notices:]), "Scryfall could not be reached")
            return found, [], True, in_words(why)
        return found, list(resolution.missing), False, ""


NOT_FOUND = "Scryfall has no card named"
"""How :meth:`CardDatabase.resolve_many` starts the message listing names Scryfall lacks."""


def in_words(reason: str) -> str:
    """A network failure as a player reads it: no API path, no "working offline" tail."""
    reason = reason.removesuffix("; working offline")
    return re.sub(r"\s*\((/[^)]*)\)", "", reason)


IMPORT_AGAIN = "import the list again when online to fetch them"
"""What the deck builder tells a player whose import had names it could not fetch."""


def fetching(local: CardLookup, database: CardDatabase | None, *,
             how: str = IMPORT_AGAIN) -> CardLookup:
    """*local*, fetching what it lacks through *database* when there is one (the deck
    builder's import: offline, the player is told to import again when online)."""
    return local if database is None else OnlineCards(local, database, how=how)
