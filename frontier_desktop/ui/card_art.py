"""Card images from the card cache, loaded and scaled off the draw path.

A worker thread asks the :class:`~frontier_desktop.cards.database.CardDatabase` for a card's
image file (``normal`` for cards and lands, ``art_crop`` for tokens), reads and decodes it and
scales it to each size asked for. The UI thread only converts finished surfaces, spending at
most a time budget per frame (:meth:`CardArt.pump`), and reads them from a dict afterwards.
Until an image is ready (or when there is none: offline, nothing cached, a hand-written pool
entry) :meth:`CardArt.get` returns ``None`` and the caller draws its proxy.
"""

from __future__ import annotations

import io
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from frontier_desktop.cards.database import CardDatabase

Size = tuple[int, int]
Key = tuple[str, str]
"""(card name, image kind: ``normal`` | ``art_crop``)."""

_MISSING = object()


class CardArt:
    """Cached card image surfaces keyed by (name, kind, size).

    Args:
        open_db: called once, on the worker thread, to open the card database; ``None`` or an
            exception means "no images" (proxies everywhere), never a crash.
        fetch: let the database download an image it knows but has not cached (online only).
    """

    def __init__(self, open_db: Callable[[], CardDatabase | None], *, fetch: bool = False) -> None:
        self._open_db = open_db
        self._fetch = fetch
        self._requests: queue.Queue[tuple[Key, Size | None] | None] = queue.Queue()
        self._done: queue.Queue[tuple[Key, Size | None, Any]] = queue.Queue()
        self._originals: dict[Key, Any] = {}
        """Worker side: decoded full-size surfaces (or ``_MISSING``)."""
        self._surfaces: dict[tuple[str, str, Size], pygame.Surface] = {}
        self._missing: set[Key] = set()
        self._asked: set[tuple[Key, Size | None]] = set()
        self._thread: threading.Thread | None = None
        self._db: CardDatabase | None = None
        self.version = 0
        """Bumped whenever new surfaces became available (callers redraw cached layers)."""
        self.on_ready: Callable[[], None] | None = None
        """Called on the worker thread when an image is ready for :meth:`pump` (the app asks
        for a frame, so a sleeping main loop wakes up to show it)."""

    # ------------------------------------------------------------------ UI thread
    def get(self, name: str, kind: str, size: Size) -> pygame.Surface | None:
        """The image of *name* at *size*, or ``None`` (draw the proxy; it is being loaded)."""
        surf = self._surfaces.get((name, kind, size))
        if surf is not None:
            return surf
        key = (name, kind)
        if key in self._missing or not name:
            return None
        if (key, size) not in self._asked:
            self._asked.add((key, size))
            self._start()
            self._requests.put((key, size))
        return None

    def has_image(self, name: str, kind: str = "normal") -> bool | None:
        """True/False once known; ``None`` while unknown (a request is queued)."""
        key = (name, kind)
        if key in self._missing:
            return False
        if any(k[0] == name and k[1] == kind for k in self._surfaces):
            return True
        return None

    def pump(self, budget_s: float = 0.003) -> int:
        """Convert finished images into display surfaces within *budget_s*; how many arrived."""
        deadline = time.perf_counter() + budget_s
        count = 0
        while True:
            try:
                key, size, surf = self._done.get_nowait()
            except queue.Empty:
                break
            if surf is None:
                self._missing.add(key)
            elif size is not None:
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
                self._surfaces[(key[0], key[1], size)] = surf
                count += 1
            if time.perf_counter() >= deadline:
                break
        if count:
            self.version += 1
        return count

    def wait_idle(self, timeout: float = 5.0) -> None:
        """Block until the worker has answered every request so far (tests, screenshots)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if self._requests.unfinished_tasks == 0:
                return
            time.sleep(0.005)

    def close(self) -> None:
        if self._thread is not None:
            self._requests.put(None)
            self._thread.join(timeout=2.0)
            self._thread = None
        if self._db is not None:
            try:
                self._db.close()
            except Exception:  # noqa: BLE001 - closing a cache must never fail the UI
                pass
            self._db = None

    # ------------------------------------------------------------------ worker
    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="card-art", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        try:
            self._db = self._open_db()
        except Exception:  # noqa: BLE001 - no cache (bad folder, locked database): proxies only
            self._db = None
        while True:
            item = self._requests.get()
            try:
                if item is None:
                    return
                key, size = item
                self._done.put((key, size, self._load(key, size)))
                if self.on_ready is not None:
                    self.on_ready()
            except Exception:  # noqa: BLE001 - a broken file shows the proxy, never a crash
                self._done.put((item[0], None, None))  # type: ignore[index]
            finally:
                self._requests.task_done()

    def _load(self, key: Key, size: Size | None) -> pygame.Surface | None:
        original = self._originals.get(key)
        if original is None:
            original = self._read(key)
            self._originals[key] = original
        if original is _MISSING:
            return None
        if size is None:
            return original
        return pygame.transform.smoothscale(original, size)

    def _read(self, key: Key) -> Any:
        if self._db is None:
            return _MISSING
        hit = self._db.lookup_local(key[0])
        if hit is None:
            return _MISSING
        path = self._db.image_path(hit.card, key[1], 0, fetch=self._fetch)
        if path is None:
            return _MISSING
        data = path.read_bytes()
        return pygame.image.load(io.BytesIO(data), path.name)


def open_database(cache_dir: str, *, offline: bool) -> Callable[[], CardDatabase | None]:
    """A factory for :class:`CardArt`: the user's card database (env and settings)."""

    def make() -> CardDatabase | None:
        from frontier_desktop.cards.database import CardDatabase, CardSettings

        return CardDatabase(CardSettings.from_env(cache_dir=cache_dir or None,
                                                  offline=True if offline else None))

    return make
