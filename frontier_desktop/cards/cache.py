"""The user's card cache: a SQLite (WAL) index of Scryfall card objects plus image files.

Layout of the cache folder (``platformdirs.user_cache_dir("frontier-desktop")`` unless
overridden by ``FRONTIER_CACHE_DIR`` or ``--cache-dir``)::

    cards.sqlite            card objects by Scryfall id, oracle id, name, normalised name,
                            front-face name and printing (set, collector number)
    images/<size>/<ab>/<id>-<face>.<ext>
                            card images, written atomically
    symbols/                mana symbol SVGs and symbology.json

Card rows remember when they were fetched: rows younger than :data:`KEEP_S` are never
refetched (Scryfall asks for 24 h); rows older than :data:`REFRESH_AFTER_S` are *stale*: still
served, refreshed in the background when online (see :class:`CardDatabase`).

A database file that SQLite cannot read is moved aside (``cards.sqlite.corrupt-<time>``) and
rebuilt; the reason is added to :attr:`CardCache.notices`. A row whose JSON cannot be parsed is
deleted and treated as a miss.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from frontier_desktop.cards.errors import ImportInterrupted
from frontier_desktop.cards.files import is_complete_image_file
from frontier_desktop.cards.model import CardData
from frontier_desktop.rules.card import normalise_name
from frontier_desktop.rules.errors import InvalidCardError

CACHE_ENV = "FRONTIER_CACHE_DIR"
"""Environment variable overriding the cache folder."""

APP_NAME = "frontier-desktop"

KEEP_S = 24 * 3600.0
"""Card data is kept at least this long (Scryfall's request)."""

REFRESH_AFTER_S = 30 * 24 * 3600.0
"""Card data older than this is stale: served, and refreshed in the background when online."""

DROPPED_FIELDS = ("prices", "purchase_uris", "related_uris")
"""Fields not stored: stale within a day and unused by the game."""

_SCHEMA_VERSION = "1"
_COLUMNS = (
    "id, oracle_id, name, norm_name, front_norm, set_code, collector_number, type_line, "
    "colors, oracle_text, fetched_at, json"
)
_T = TypeVar("_T")


def default_cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$FRONTIER_CACHE_DIR`` or the platform's user cache folder for frontier-desktop."""
    env = os.environ if environ is None else environ
    override = env.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME))


def _table_sql(table: str) -> str:
    return f"""CREATE TABLE IF NOT EXISTS {table} (
        id TEXT PRIMARY KEY,
        oracle_id TEXT,
        name TEXT NOT NULL,
        norm_name TEXT NOT NULL,
        front_norm TEXT NOT NULL,
        set_code TEXT,
        collector_number TEXT,
        type_line TEXT NOT NULL DEFAULT '',
        colors TEXT NOT NULL DEFAULT '',
        oracle_text TEXT NOT NULL DEFAULT '',
        fetched_at REAL NOT NULL,
        json TEXT NOT NULL
    )"""


_INDEXES = (
    "CREATE INDEX IF NOT EXISTS cards_oracle ON cards(oracle_id)",
    "CREATE INDEX IF NOT EXISTS cards_name ON cards(name)",
    "CREATE INDEX IF NOT EXISTS cards_norm ON cards(norm_name)",
    "CREATE INDEX IF NOT EXISTS cards_front ON cards(front_norm)",
    "CREATE INDEX IF NOT EXISTS cards_printing ON cards(set_code, collector_number)",
)


@dataclasses.dataclass(frozen=True)
class CachedCard:
    """A card from the cache with the time it was fetched."""

    card: CardData
    """The card object."""
    fetched_at: float
    """Wall-clock seconds when it was fetched or imported."""

    def is_stale(self, now: float) -> bool:
        """Whether the data is older than :data:`REFRESH_AFTER_S`."""
        return now - self.fetched_at > REFRESH_AFTER_S

    def may_refresh(self, now: float) -> bool:
        """Whether the data is older than :data:`KEEP_S` (a refetch is allowed)."""
        return now - self.fetched_at > KEEP_S


@dataclasses.dataclass(frozen=True)
class CacheInfo:
    """Figures for ``cards cache-info``."""

    path: Path
    cards: int
    images: int
    image_bytes: int
    database_bytes: int
    last_bulk_import: str | None


def _row_values(obj: Mapping[str, Any], card: CardData, fetched_at: float) -> tuple[Any, ...]:
    stored = {k: v for k, v in obj.items() if k not in DROPPED_FIELDS}
    key = card.id or f"name:{card.normalised_name}"
    texts = [str(obj.get("oracle_text") or "")]
    types = [str(obj.get("type_line") or "")]
    for face in card.faces:
        texts.append(face.oracle_text)
        if not obj.get("type_line"):
            types.append(face.type_line)
    colors = obj.get("colors")
    if not isinstance(colors, list):
        colors = [c for face in card.faces for c in (face.colors or ())]
    return (
        key,
        card.oracle_id,
        card.name,
        card.normalised_name,
        normalise_name(card.front_name),
        card.set_code,
        card.collector_number,
        " // ".join(t for t in types if t),
        "".join(sorted({str(c) for c in colors})),
        "\n".join(t for t in texts if t),
        fetched_at,
        json.dumps(stored, ensure_ascii=False, separators=(",", ":")),
    )


class CardCache:
    """The SQLite card index and image files in one folder. Thread-safe.

    Args:
        root: the cache folder (created on first use).
        clock: wall-clock seconds, for ``fetched_at`` (``time.time`` by default).
    """

    def __init__(self, root: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.root = Path(root)
        self.db_path = self.root / "cards.sqlite"
        self.images_dir = self.root / "images"
        self.symbols_dir = self.root / "symbols"
        self._clock = clock
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self.notices: list[str] = []
        """Messages for the user (a corrupt database moved aside...)."""

    # ------------------------------------------------------------------ connection
    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        self.root.mkdir(parents=True, exist_ok=True)
        try:
            conn = self._open()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise
            self._move_aside(exc)
            conn = self._open()
        self._conn = conn
        return conn

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            self.db_path, timeout=10.0, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            conn.execute(_table_sql("cards"))
            for sql in _INDEXES:
                conn.execute(sql)
            conn.execute("DROP TABLE IF EXISTS cards_import")  # left by a killed import
            conn.execute(
                "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (_SCHEMA_VERSION,)
            )
            conn.execute("SELECT count(*) FROM cards").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    def _move_aside(self, exc: Exception) -> None:
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.db_path.with_name(f"{self.db_path.name}.corrupt-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(str(self.db_path) + suffix)
            if source.exists():
                os.replace(source, Path(str(aside) + suffix))
        self.notices.append(
            f"the card cache was unreadable ({exc}); it was moved to {aside.name} and rebuilt"
        )

    def _run(self, operation: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run *operation*; a corrupt database is moved aside, rebuilt, and tried once more."""
        with self._lock:
            conn = self._connect()
            try:
                return operation(conn)
            except sqlite3.DatabaseError as exc:
                if isinstance(exc, sqlite3.OperationalError):
                    raise
                self._move_aside(exc)
                return operation(self._connect())

    def close(self) -> None:
        """Close the database connection (reopened on next use)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # ------------------------------------------------------------------ cards
    def put(self, objects: Iterable[Mapping[str, Any]]) -> list[CardData]:
        """Store card objects (replacing rows with the same id); return them parsed.

        Objects that are not valid cards are skipped.
        """
        now = self._clock()
        rows: list[tuple[Any, ...]] = []
        cards: list[CardData] = []
        for obj in objects:
            try:
                card = CardData.from_scryfall(obj)
            except InvalidCardError:
                continue
            cards.append(card)
            rows.append(_row_values(obj, card, now))

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany(f"INSERT OR REPLACE INTO cards ({_COLUMNS}) VALUES "
                                 f"({','.join('?' * 12)})", rows)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        if rows:
            self._run(write)
        return cards

    def _first(self, where: str, params: tuple[Any, ...]) -> CachedCard | None:
        sql = (f"SELECT id, fetched_at, json FROM cards WHERE {where} "
               "ORDER BY fetched_at DESC, rowid DESC LIMIT 5")
        rows = self._run(lambda conn: conn.execute(sql, params).fetchall())
        for key, fetched_at, text in rows:
            card = self._parse_row(key, text)
            if card is not None:
                return CachedCard(card, float(fetched_at))
        return None

    def _parse_row(self, key: str, text: str) -> CardData | None:
        try:
            return CardData.from_scryfall(json.loads(text))
        except (ValueError, InvalidCardError):
            # A corrupt entry: forget it, the caller treats it as a miss and refetches.
            self._run(lambda conn: conn.execute("DELETE FROM cards WHERE id = ?", (key,)))
            return None

    def by_name(self, name: str) -> CachedCard | None:
        """The card named *name* (exact, then normalised, then front-face name)."""
        norm = normalise_name(name)
        return (
            self._first("name = ?", (name,))
            or self._first("norm_name = ?", (norm,))
            or self._first("front_norm = ?", (norm,))
        )

    def by_id(self, scryfall_id: str) -> CachedCard | None:
        """The printing with Scryfall id *scryfall_id*."""
        return self._first("id = ?", (scryfall_id,))

    def by_oracle_id(self, oracle_id: str) -> CachedCard | None:
        """A printing of the card with oracle id *oracle_id*."""
        return self._first("oracle_id = ?", (oracle_id,))

    def by_printing(self, set_code: str, collector_number: str) -> CachedCard | None:
        """The printing (set code, collector number)."""
        return self._first(
            "set_code = ? AND collector_number = ?", (set_code.lower(), collector_number)
        )

    def search(self, query: str, *, limit: int = 100) -> list[CardData]:
        """Search the cache: bare words match the name; ``t:``/``type:``, ``c:``/``color:``
        (letters or colour names; ``c:c`` colourless) and ``o:``/``oracle:`` (text).

        Results are sorted by name, one printing per name.
        """
        where: list[str] = []
        params: list[Any] = []
        for term in split_query(query):
            key, sep, value = term.partition(":")
            key = key.lower() if sep else ""
            if not sep:
                value = term
            if key in ("t", "type"):
                where.append("type_line LIKE ?")
                params.append(f"%{value}%")
            elif key in ("o", "oracle"):
                where.append("oracle_text LIKE ?")
                params.append(f"%{value}%")
            elif key in ("c", "color", "colour"):
                letters = colour_letters(value)
                if letters == "C":
                    where.append("colors = ''")
                for letter in letters.replace("C", ""):
                    where.append("instr(colors, ?) > 0")
                    params.append(letter)
            else:
                where.append("(norm_name LIKE ? OR name LIKE ?)")
                params.extend([f"%{normalise_name(value)}%", f"%{value}%"])
        sql = ("SELECT id, json FROM cards" + (" WHERE " + " AND ".join(where) if where else "")
               + " GROUP BY norm_name ORDER BY name LIMIT ?")
        params.append(limit)
        rows = self._run(lambda conn: conn.execute(sql, params).fetchall())
        cards = (self._parse_row(key, text) for key, text in rows)
        return [c for c in cards if c is not None]

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run a read-only *sql* over the cache's tables (the search index reads its rows so)."""
        return self._run(lambda conn: conn.execute(sql, params).fetchall())

    def count(self) -> int:
        return int(self._run(lambda conn: conn.execute("SELECT count(*) FROM cards").fetchone()[0]))

    # ------------------------------------------------------------------ bulk
    def bulk_import(
        self,
        objects: Iterable[Mapping[str, Any]],
        *,
        progress: Callable[[int], None] | None = None,
        batch: int = 1000,
    ) -> int:
        """Index every card of *objects* (a stream) in one swap; return the number indexed.

        The cards go into a new table inside one transaction; at the end the previously cached
        cards that the import lacks are copied over and the new table replaces the old one.
        An interruption (``KeyboardInterrupt``, an error) rolls everything back: the previous
        index is untouched.

        Raises:
            ImportInterrupted: on ``KeyboardInterrupt`` (the previous index is intact).
        """
        now = self._clock()
        cols = ",".join("?" * 12)

        def run(conn: sqlite3.Connection) -> int:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DROP TABLE IF EXISTS cards_import")
                conn.execute(_table_sql("cards_import"))
                count = 0
                rows: list[tuple[Any, ...]] = []
                for obj in objects:
                    try:
                        card = CardData.from_scryfall(obj)
                    except InvalidCardError:
                        continue
                    rows.append(_row_values(obj, card, now))
                    if len(rows) >= batch:
                        conn.executemany(
                            f"INSERT OR REPLACE INTO cards_import ({_COLUMNS}) VALUES ({cols})",
                            rows,
                        )
                        count += len(rows)
                        rows.clear()
                        if progress is not None:
                            progress(count)
                conn.executemany(
                    f"INSERT OR REPLACE INTO cards_import ({_COLUMNS}) VALUES ({cols})", rows
                )
                count += len(rows)
                if progress is not None:
                    progress(count)
                conn.execute(f"INSERT OR IGNORE INTO cards_import ({_COLUMNS}) "
                             f"SELECT {_COLUMNS} FROM cards")
                conn.execute("DROP TABLE cards")
                conn.execute("ALTER TABLE cards_import RENAME TO cards")
                for sql in _INDEXES:
                    conn.execute(sql)
                conn.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('last_bulk_import', ?)",
                    (time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now)) + f" ({count} cards)",),
                )
                conn.execute("COMMIT")
                return count
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        try:
            return self._run(run)
        except KeyboardInterrupt:
            raise ImportInterrupted(
                "import interrupted: the previous card index is unchanged"
            ) from None

    # ------------------------------------------------------------------ images
    def image_path(self, card_id: str, size: str, face: int = 0, *, url: str | None = None) -> Path:
        """Where the image of *card_id*'s *face* at *size* lives (whether or not it exists)."""
        ext = ".jpg"
        if url:
            suffix = Path(url.split("?")[0]).suffix.lower()
            if suffix in (".jpg", ".jpeg", ".png", ".svg"):
                ext = suffix
        elif size == "png":
            ext = ".png"
        safe = re.sub(r"[^A-Za-z0-9_-]", "_", card_id)
        size_dir = re.sub(r"[^A-Za-z0-9_-]", "_", size)
        return self.images_dir / size_dir / safe[:2] / f"{safe}-{face}{ext}"

    def cached_image(
        self, card_id: str, size: str, face: int = 0, *, url: str | None = None
    ) -> Path | None:
        """The image file when present and whole; a corrupt or truncated file is deleted."""
        path = self.image_path(card_id, size, face, url=url)
        if not path.exists():
            return None
        if is_complete_image_file(path):
            return path
        with contextlib.suppress(OSError):
            path.unlink()
        return None

    # ------------------------------------------------------------------ maintenance
    def info(self) -> CacheInfo:
        """Counts and sizes for ``cards cache-info``."""
        cards = self.count()
        last = self._run(
            lambda conn: conn.execute(
                "SELECT value FROM meta WHERE key = 'last_bulk_import'"
            ).fetchone()
        )
        images = 0
        image_bytes = 0
        if self.images_dir.exists():
            for path in self.images_dir.rglob("*"):
                if path.is_file() and not path.name.startswith("."):
                    images += 1
                    image_bytes += path.stat().st_size
        db_bytes = sum(
            Path(str(self.db_path) + s).stat().st_size
            for s in ("", "-wal")
            if Path(str(self.db_path) + s).exists()
        )
        return CacheInfo(self.root, cards, images, image_bytes, db_bytes, last[0] if last else None)

    def clear(self, *, images_only: bool = False) -> None:
        """Delete the cached images, and unless *images_only* the card index too."""
        with self._lock:
            if self.images_dir.exists():
                shutil.rmtree(self.images_dir)
            if images_only:
                return
            if self.symbols_dir.exists():
                shutil.rmtree(self.symbols_dir)
            self._run(lambda conn: conn.execute("DELETE FROM cards"))
            self._run(lambda conn: conn.execute("DELETE FROM meta WHERE key != 'schema_version'"))
            self._run(lambda conn: conn.execute("VACUUM"))

    def __enter__(self) -> CardCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def split_query(query: str) -> Iterator[str]:
    for match in re.finditer(r'(\w+:)?"([^"]*)"|\S+', query):
        if match.group(2) is not None:
            yield (match.group(1) or "") + match.group(2)
        else:
            yield match.group(0)


_COLOUR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                 "colorless": "C", "colourless": "C"}


def colour_letters(value: str) -> str:
    low = value.lower()
    if low in _COLOUR_WORDS:
        return _COLOUR_WORDS[low]
    return "".join(ch for ch in value.upper() if ch in "WUBRGC")
