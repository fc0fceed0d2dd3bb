"""The card look-up the rest of the program uses: user cache → bundled pool → Scryfall.

Typical use (never on the UI thread when online: a miss waits for the network)::

    db = CardDatabase(CardSettings.from_env())
    hit = db.lookup("Lightning Bolt")          # Lookup | None
    hit.card.to_rules_card(), hit.source       # rules Card, "cache" / "bundled" / "network"
    deck = db.resolve_many(["Forest", "Hill Giant", ...])   # one collection request per 75 misses
    deck.found["Forest"].card, deck.missing, deck.messages
    db.image_path(hit.card, "normal")          # Path to a whole image file, or None → proxy
    db.close()

Layers: the user cache answers first (it has images and the newest data), then the bundled
pool (read-only, always there), then Scryfall unless offline. Offline mode — settings,
``FRONTIER_OFFLINE=1``/``--offline``, or automatic after a network failure — attempts no
request; what is not available offline is listed by name in :attr:`Resolution.missing`.
Stale cache entries (older than 30 days) are served at once and refreshed in the background.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Literal

from frontier_desktop.cards.cache import (
    CachedCard,
    CardCache,
    colour_letters,
    default_cache_dir,
    split_query,
)
from frontier_desktop.cards.errors import (
    CardDataError,
    CardNotFoundError,
    NetworkError,
    OfflineError,
    RateLimitedError,
    ScryfallError,
)
from frontier_desktop.cards.files import atomic_writer
from frontier_desktop.cards.model import CardData
from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.cards.scryfall import ScryfallClient, api_base_from_env
from frontier_desktop.rules.card import Card, normalise_name
from frontier_desktop.rules.errors import InvalidCardError

OFFLINE_ENV = "FRONTIER_OFFLINE"
"""Environment variable: ``1`` (or ``true``/``yes``) to attempt no network request."""

Source = Literal["bundled", "cache", "network"]
"""Where a card's data came from."""

ProgressFn = Callable[[int, int, str], None]
"""``progress(done, total, label)``."""


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


@dataclasses.dataclass(frozen=True)
class CardSettings:
    """Where the cache lives, which API to call, and whether to call it at all."""

    cache_dir: Path
    """The user cache folder."""
    api_base: str
    """Scryfall API base URL."""
    offline: bool = False
    """Attempt no network request."""

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        cache_dir: Path | str | None = None,
        offline: bool | None = None,
    ) -> CardSettings:
        """Settings from ``FRONTIER_CACHE_DIR``, ``FRONTIER_SCRYFALL_API``, ``FRONTIER_OFFLINE``;
        explicit arguments (command-line flags) win over the environment."""
        env = os.environ if environ is None else environ
        return cls(
            cache_dir=Path(cache_dir).expanduser() if cache_dir else default_cache_dir(env),
            api_base=api_base_from_env(env),
            offline=offline if offline is not None else _truthy(env.get(OFFLINE_ENV)),
        )


@dataclasses.dataclass(frozen=True)
class CardQuery:
    """A card asked for by name, optionally a printing (set code + collector number)."""

    name: str
    """The name as written in the deck."""
    set_code: str | None = None
    """Set code of the wanted printing, e.g. ``"m10"``."""
    collector_number: str | None = None
    """Collector number of the wanted printing."""

    @property
    def has_printing(self) -> bool:
        return bool(self.set_code and self.collector_number)

    def identifier(self) -> dict[str, str]:
        """The ``/cards/collection`` identifier."""
        if self.has_printing:
            assert self.set_code and self.collector_number
            return {"set": self.set_code.lower(), "collector_number": self.collector_number}
        return {"name": self.name}


@dataclasses.dataclass(frozen=True)
class Lookup:
    """A card found by :class:`CardDatabase`, with where it came from."""

    card: CardData
    """The card object."""
    source: Source
    """``"cache"``, ``"bundled"`` or ``"network"``."""
    is_stale: bool = False
    """Cached data older than 30 days (a background refresh was requested when online)."""

    @property
    def rules_card(self) -> Card:
        """The rules engine's card."""
        return self.card.to_rules_card()


@dataclasses.dataclass
class Resolution:
    """The result of :meth:`CardDatabase.resolve_many`."""

    found: dict[str | CardQuery, Lookup] = dataclasses.field(default_factory=dict)
    """Each asked item (as given) → its card."""
    missing: list[str] = dataclasses.field(default_factory=list)
    """Names that could not be found (or are not available offline), in the order asked."""
    messages: list[str] = dataclasses.field(default_factory=list)
    """One-line explanations for the user (offline, rate limited, Scryfall's details...)."""


@dataclasses.dataclass
class PrefetchReport:
    """What :meth:`CardDatabase.prefetch` did."""

    resolution: Resolution
    images_ready: int = 0
    """Images present after the prefetch (already cached or downloaded)."""
    images_downloaded: int = 0
    images_failed: int = 0
    requests: int = 0
    """HTTP requests made (API and files)."""


class CardDatabase:
    """The layered card look-up. Thread-safe; create one per program and pass it around.

    Args:
        settings: cache folder, API base, offline flag.
        pool: the bundled pool (loaded from ``card_cache/pool.jsonl`` on first use by default).
        client: a Scryfall client (created on first network use by default).
        clock: wall-clock seconds, for cache freshness.
        offline_retry_s: after an automatic switch to offline, how long before trying again.
    """

    def __init__(
        self,
        settings: CardSettings,
        *,
        pool: BundledPool | None = None,
        client: ScryfallClient | None = None,
        clock: Callable[[], float] = time.time,
        offline_retry_s: float = 300.0,
    ) -> None:
        self.settings = settings
        self.cache = CardCache(settings.cache_dir, clock=clock)
        self._pool = pool
        self._client = client
        self._clock = clock
        self._offline_retry_s = offline_retry_s
        self._auto_offline_until = 0.0
        self._lock = threading.Lock()
        self._background: concurrent.futures.ThreadPoolExecutor | None = None
        self._refreshing: set[str] = set()
        self._futures: list[concurrent.futures.Future[None]] = []
        self.notices: list[str] = []
        """Messages for the user gathered along the way (also see ``cache.notices``)."""

    # ------------------------------------------------------------------ parts
    @property
    def pool(self) -> BundledPool:
        """The bundled pool (empty, with a notice, when its file cannot be read)."""
        if self._pool is None:
            try:
                self._pool = BundledPool.load()
            except (OSError, ValueError) as exc:
                self.notices.append(f"the bundled card pool could not be read: {exc}")
                self._pool = BundledPool({})
        return self._pool

    @property
    def client(self) -> ScryfallClient:
        if self._client is None:
            self._client = ScryfallClient(self.settings.api_base)
        return self._client

    @property
    def is_offline(self) -> bool:
        """Whether no request may be attempted now (settings, or a recent network failure)."""
        return self.settings.offline or self._clock() < self._auto_offline_until

    def _went_offline(self, exc: NetworkError) -> None:
        self._auto_offline_until = self._clock() + self._offline_retry_s
        self.notices.append(f"{exc}; working offline")

    def close(self) -> None:
        """Wait for background refreshes, then close the cache and the HTTP session."""
        if self._background is not None:
            self._background.shutdown(wait=True)
            self._background = None
        self.cache.close()
        if self._client is not None:
            self._client.close()

    def __enter__(self) -> CardDatabase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ local layers
    def _local(self, query: CardQuery) -> Lookup | None:
        cached: CachedCard | None = None
        if query.has_printing:
            assert query.set_code and query.collector_number
            cached = self.cache.by_printing(query.set_code, query.collector_number)
        if cached is None:
            cached = self.cache.by_name(query.name)
        if cached is not None:
            stale = cached.is_stale(self._clock())
            if stale and not self.is_offline:
                self._schedule_refresh(cached.card)
            return Lookup(cached.card, "cache", stale)
        obj = self.pool.get(query.name)
        if obj is not None:
            try:
                return Lookup(CardData.from_scryfall(obj), "bundled")
            except InvalidCardError:
                return None
        return None

    def lookup_local(self, name: str) -> Lookup | None:
        """Cache, then bundled pool; never the network."""
        return self._local(CardQuery(name))

    # ------------------------------------------------------------------ look-ups
    def lookup(self, name: str | CardQuery) -> Lookup | None:
        """One card by name (or printing): cache → pool → ``/cards/named`` exact then fuzzy.

        Returns ``None`` when unavailable offline or when Scryfall has no such card.

        Raises:
            AmbiguousCardError: the name is ambiguous (``choices`` to offer the user).
            RateLimitedError: Scryfall asked us to pause.
            ScryfallError: any other Scryfall error (``details`` is the message).
        """
        query = name if isinstance(name, CardQuery) else CardQuery(name)
        local = self._local(query)
        if local is not None or self.is_offline:
            return local
        try:
            if query.has_printing:
                found, _ = self.client.collection([query.identifier()])
                obj = found[0] if found else self.client.find_named(query.name)
            else:
                obj = self.client.find_named(query.name)
        except CardNotFoundError:
            return None
        except NetworkError as exc:
            self._went_offline(exc)
            return None
        cards = self.cache.put([obj])
        return Lookup(cards[0], "network") if cards else None

    def resolve_many(self, items: Iterable[str | CardQuery]) -> Resolution:
        """Find every item (a deck): local layers first, then one ``/cards/collection``
        request per 75 misses. Duplicates cost nothing. Never raises for a missing card."""
        return self._resolve(items, need_images=False)

    def _resolve(self, items: Iterable[str | CardQuery], *, need_images: bool) -> Resolution:
        result = Resolution()
        wanted: dict[str | CardQuery, CardQuery] = {}
        for item in items:
            if item not in wanted:
                wanted[item] = item if isinstance(item, CardQuery) else CardQuery(item)
        to_fetch: dict[CardQuery, list[str | CardQuery]] = {}
        for item, query in wanted.items():
            local = self._local(query)
            if local is not None and not (need_images and _lacks_images(local)):
                result.found[item] = local
                continue
            if local is not None:
                result.found[item] = local  # bundled data, images wanted from the network
            to_fetch.setdefault(query, []).append(item)
        if to_fetch and self.is_offline:
            result.messages.append("offline: no request was made")
        elif to_fetch:
            self._fetch_collection(to_fetch, result)
        result.missing = [
            (item.name if isinstance(item, CardQuery) else item)
            for item in wanted
            if item not in result.found
        ]
        if result.missing and self.is_offline:
            result.messages.append("not available offline: " + ", ".join(result.missing))
        return result

    def _fetch_collection(
        self, to_fetch: Mapping[CardQuery, list[str | CardQuery]], result: Resolution
    ) -> None:
        queries = list(to_fetch)
        try:
            objects, not_found = self.client.collection([q.identifier() for q in queries])
        except NetworkError as exc:
            self._went_offline(exc)
            result.messages.append(str(exc) + "; working offline")
            return
        except (RateLimitedError, ScryfallError, CardDataError) as exc:
            result.messages.append(str(exc))
            return
        cards = self.cache.put(objects)
        by_name: dict[str, CardData] = {}
        by_printing: dict[tuple[str, str], CardData] = {}
        for card in cards:
            for key in card.lookup_names + tuple(normalise_name(f.name) for f in card.faces):
                by_name.setdefault(key, card)
            if card.set_code and card.collector_number:
                by_printing[(card.set_code, card.collector_number)] = card
        for query, items in to_fetch.items():
            match: CardData | None = None
            if query.has_printing:
                assert query.set_code and query.collector_number
                match = by_printing.get((query.set_code.lower(), query.collector_number))
            match = match or by_name.get(normalise_name(query.name))
            if match is not None:
                for item in items:
                    result.found[item] = Lookup(match, "network")
        if not_found:
            names = [str(n.get("name") or n) if isinstance(n, dict) else str(n) for n in not_found]
            result.messages.append("Scryfall has no card named: " + ", ".join(names))

    # ------------------------------------------------------------------ freshness
    def _schedule_refresh(self, card: CardData) -> None:
        if card.id is None:
            return
        with self._lock:
            if card.id in self._refreshing:
                return
            self._refreshing.add(card.id)
            if self._background is None:
                self._background = concurrent.futures.ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="card-refresh"
                )
            self._futures.append(self._background.submit(self._refresh, card.id))

    def _refresh(self, scryfall_id: str) -> None:
        try:
            objects, _ = self.client.collection([{"id": scryfall_id}])
            self.cache.put(objects)
        except NetworkError as exc:
            self._went_offline(exc)
        except CardDataError as exc:
            self.notices.append(f"background refresh failed: {exc}")
        finally:
            with self._lock:
                self._refreshing.discard(scryfall_id)

    def wait_for_background(self, timeout: float | None = None) -> None:
        """Block until the background refreshes requested so far are done (for tests, exit)."""
        with self._lock:
            futures, self._futures = self._futures, []
        concurrent.futures.wait(futures, timeout=timeout)

    # ------------------------------------------------------------------ images
    def image_path(
        self, card: CardData, size: str = "normal", face: int = 0, *, fetch: bool = True
    ) -> Path | None:
        """A whole image file of *card*'s *face* at *size*, downloading it when allowed.

        ``None`` means draw a proxy: no image exists (``image_status: "missing"``, a
        hand-written pool entry), offline, or the download failed (a notice says why).
        """
        url = card.image_uri(size, face)
        if url is None or card.id is None:
            return None
        image_face = face if not card.image_uris else 0
        path = self.cache.cached_image(card.id, size, image_face, url=url)
        if path is not None or not fetch or self.is_offline:
            return path
        target = self.cache.image_path(card.id, size, image_face, url=url)
        try:
            self.client.download(url, target)
        except NetworkError as exc:
            self._went_offline(exc)
            return None
        except CardDataError as exc:
            self.notices.append(f"image of {card.name}: {exc}")
            return None
        return target

    def prefetch(
        self,
        items: Iterable[str | CardQuery],
        *,
        sizes: Sequence[str] = ("normal",),
        progress: ProgressFn | None = None,
    ) -> PrefetchReport:
        """Fetch data and images for every item of a deck in as few requests as possible.

        A second prefetch of the same deck makes no request at all.
        """
        before = self._client.requests_made if self._client is not None else 0
        resolution = self._resolve(items, need_images=True)
        report = PrefetchReport(resolution)
        jobs: list[tuple[CardData, str, int]] = []
        seen: set[tuple[str, str, int]] = set()
        for hit in resolution.found.values():
            card = hit.card
            if card.id is None:
                continue
            for face in card.image_faces():
                for size in sizes:
                    key = (card.id, size, face)
                    if key in seen:
                        continue
                    seen.add(key)
                    if self.cache.cached_image(card.id, size, face,
                                               url=card.image_uri(size, face)) is not None:
                        report.images_ready += 1
                    else:
                        jobs.append((card, size, face))
        total = report.images_ready + len(jobs)
        if progress is not None:
            progress(report.images_ready, total, "images")
        if jobs and not self.is_offline:
            with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
                futures = [pool.submit(self.image_path, c, s, f) for c, s, f in jobs]
                for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                    if future.result() is not None:
                        report.images_downloaded += 1
                        report.images_ready += 1
                    else:
                        report.images_failed += 1
                    if progress is not None:
                        progress(report.images_ready + report.images_failed, total, "images")
        elif jobs:
            report.images_failed = len(jobs)
        after = self._client.requests_made if self._client is not None else 0
        report.requests = after - before
        return report

    # ------------------------------------------------------------------ search
    def search_local(self, query: str, *, limit: int = 100) -> list[Lookup]:
        """Search the cache and the bundled pool (name words, ``t:``, ``c:``, ``o:``)."""
        hits = [Lookup(c, "cache") for c in self.cache.search(query, limit=limit)]
        names = {normalise_name(h.card.name) for h in hits}
        for obj in self.pool:
            if len(hits) >= limit:
                break
            try:
                card = CardData.from_scryfall(obj)
            except InvalidCardError:
                continue
            if normalise_name(card.name) not in names and _matches(card, query):
                hits.append(Lookup(card, "bundled"))
        hits.sort(key=lambda h: h.card.name)
        return hits

    def search_online(self, query: str) -> list[Lookup]:
        """Scryfall's search syntax through ``/cards/search`` (results are cached).

        Raises:
            OfflineError: offline, so no request was attempted.
            ScryfallError: a bad query (``details`` explains).
            RateLimitedError, NetworkError: as for any request.
        """
        if self.is_offline:
            raise OfflineError("offline: an online search needs the network")
        try:
            objects = self.client.search(query)
        except NetworkError as exc:
            self._went_offline(exc)
            raise
        return [Lookup(c, "network") for c in self.cache.put(objects)]

    def suggest(self, prefix: str) -> list[str]:
        """Name completions from Scryfall's autocomplete (empty offline)."""
        if self.is_offline:
            return []
        try:
            return self.client.autocomplete(prefix)
        except NetworkError as exc:
            self._went_offline(exc)
            return []

    # ------------------------------------------------------------------ symbols
    def symbol_svg(self, symbol: str) -> Path | None:
        """The SVG file of a mana symbol such as ``"{G}"``; ``None`` → draw a fallback."""
        index = self._symbology()
        url = index.get(symbol)
        if url is None:
            return None
        name = re.sub(r"[^A-Za-z0-9]+", "_", symbol.strip("{}")) or "symbol"
        path = self.cache.symbols_dir / f"{name}.svg"
        if path.exists():
            return path
        if self.is_offline:
            return None
        try:
            self.client.download(url, path)
        except NetworkError as exc:
            self._went_offline(exc)
            return None
        except CardDataError:
            return None
        return path

    def _symbology(self) -> dict[str, str]:
        path = self.cache.symbols_dir / "symbology.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return {str(k): str(v) for k, v in data.items()}
        except (OSError, ValueError):
            pass
        if self.is_offline:
            return {}
        try:
            entries = self.client.symbology()
        except NetworkError as exc:
            self._went_offline(exc)
            return {}
        except CardDataError:
            return {}
        index = {
            str(e["symbol"]): str(e["svg_uri"])
            for e in entries
            if isinstance(e, dict) and e.get("symbol") and e.get("svg_uri")
        }
        with atomic_writer(path) as handle:
            handle.write(json.dumps(index).encode("utf-8"))
        return index

    # ------------------------------------------------------------------ user-facing helpers
    def find(self, name: str) -> Lookup:
        """Like :meth:`lookup` but raises with a readable message instead of returning None.

        Raises:
            CardNotFoundError: no such card (or not available offline).
            AmbiguousCardError, RateLimitedError, ScryfallError: see :meth:`lookup`.
        """
        hit = self.lookup(name)
        if hit is None:
            if self.is_offline:
                raise CardNotFoundError(name, f"{name!r} is not available offline")
            raise CardNotFoundError(name)
        return hit


def _lacks_images(hit: Lookup) -> bool:
    return hit.card.id is None or (not hit.card.has_image and hit.card.image_status is None)


def _matches(card: CardData, query: str) -> bool:
    """The local search filter applied to one card (for the bundled pool)."""
    raw = card.raw
    texts = " ".join([str(raw.get("oracle_text") or "")] + [f.oracle_text for f in card.faces])
    types = " ".join([str(raw.get("type_line") or "")] + [f.type_line for f in card.faces])
    colors = set(raw.get("colors") or [c for f in card.faces for c in (f.colors or ())])
    for term in split_query(query):
        key, sep, value = term.partition(":")
        key = key.lower() if sep else ""
        if not sep:
            value = term
        low = value.lower()
        if key in ("t", "type"):
            ok = low in types.lower()
        elif key in ("o", "oracle"):
            ok = low in texts.lower()
        elif key in ("c", "color", "colour"):
            letters = colour_letters(value)
            ok = (not colors) if letters == "C" else set(letters) <= colors
        else:
            ok = normalise_name(value) in card.normalised_name
        if not ok:
            return False
    return True

