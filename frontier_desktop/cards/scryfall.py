"""The Scryfall HTTP client: one ``requests.Session``, Scryfall's limits, retries, timeouts.

Never call it from the UI thread: requests wait for their rate-limit slot and the network.

* Headers: a ``User-Agent`` naming this application and version (Scryfall answers 400 to
  generic library agents) and ``Accept: application/json`` for the API, ``*/*`` for files.
* Limits: one :class:`RateLimiter` shared by every thread (500 ms on the card endpoints,
  100 ms elsewhere); a 429 pauses the family (≥ 30 s or ``Retry-After``) and raises
  :class:`RateLimitedError` — never retried in a loop.
* 5xx and timeouts: :attr:`ScryfallClient.retries` retries with exponential backoff and
  jitter, then :class:`NetworkError`. Every request has a timeout.
* Files (images, bulk data on ``*.scryfall.io``): no spacing, at most 4 downloads at a time,
  written atomically.
* Errors: Scryfall error objects become :class:`ScryfallError` whose message is ``details``.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import requests

from frontier_desktop import __version__
from frontier_desktop.cards.errors import (
    AmbiguousCardError,
    BadResponseError,
    CardNotFoundError,
    NetworkError,
    RateLimitedError,
    ScryfallError,
)
from frontier_desktop.cards.files import atomic_writer, is_complete_image
from frontier_desktop.cards.ratelimit import RateLimiter, family_for_path

DEFAULT_API = "https://api.scryfall.com"
"""Scryfall's API base URL."""

API_ENV = "FRONTIER_SCRYFALL_API"
"""Environment variable overriding the API base URL (tests point it at a fake server)."""

USER_AGENT = f"FrontierDesktop/{__version__} (desktop tabletop; +https://github.com/frontier-desktop)"
"""The ``User-Agent`` sent with every request."""

COLLECTION_MAX = 75
"""Scryfall's limit of identifiers per ``/cards/collection`` request."""

MAX_DOWNLOADS = 4
"""Concurrent downloads from the file hosts."""

ProgressFn = Callable[[int, int | None], None]
"""``progress(done, total)`` callback (bytes or items; total ``None`` when unknown)."""


def api_base_from_env(environ: Mapping[str, str] | None = None) -> str:
    """``$FRONTIER_SCRYFALL_API`` or :data:`DEFAULT_API`, without a trailing slash."""
    env = os.environ if environ is None else environ
    return (env.get(API_ENV) or DEFAULT_API).rstrip("/")


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: fall back to the 30 s minimum


class ScryfallClient:
    """A rate-limited, retrying Scryfall client.

    Args:
        api_base: API base URL (see :func:`api_base_from_env`).
        limiter: the shared limiter; a new one (with *clock*/*sleep*) by default.
        timeout: ``(connect, read)`` seconds for API requests.
        file_timeout: ``(connect, read)`` seconds for file downloads (per read, not total).
        retries: retries after a 5xx or a timeout (connection failures are retried once).
        backoff: first backoff in seconds (doubled each retry, plus up to 100 % jitter).
        sleep: the sleep used for backoff (inject a fake in tests).
        jitter: returns a float in [0, 1) (``random.random`` by default).
        session: a ``requests.Session`` to use (a new one by default).
    """

    def __init__(
        self,
        api_base: str = DEFAULT_API,
        *,
        limiter: RateLimiter | None = None,
        timeout: tuple[float, float] = (5.0, 20.0),
        file_timeout: tuple[float, float] = (5.0, 30.0),
        retries: int = 3,
        backoff: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
        session: requests.Session | None = None,
    ) -> None:
        self.api_base = api_base.rstrip("/")
        self.limiter = limiter or RateLimiter(sleep=sleep)
        self.timeout = timeout
        self.file_timeout = file_timeout
        self.retries = retries
        self.backoff = backoff
        self._sleep = sleep
        self._jitter = jitter
        self.session = session or requests.Session()
        self.session.headers.update({"User-Agent": USER_AGENT, "Accept": "application/json"})
        self._downloads = threading.BoundedSemaphore(MAX_DOWNLOADS)
        self.requests_made = 0
        """Requests sent (API and files), for tests and benchmarks."""
        self._count_lock = threading.Lock()

    def close(self) -> None:
        """Close the HTTP session."""
        self.session.close()

    # ------------------------------------------------------------------ plumbing
    def _url(self, path_or_url: str) -> tuple[str, str]:
        if path_or_url.startswith(("http://", "https://")):
            return path_or_url, urlsplit(path_or_url).path
        return self.api_base + path_or_url, path_or_url.split("?")[0]

    def _count(self) -> None:
        with self._count_lock:
            self.requests_made += 1

    def _backoff(self, attempt: int) -> None:
        self._sleep(self.backoff * (2**attempt) * (1.0 + self._jitter()))

    def request_json(
        self,
        method: str,
        path_or_url: str,
        *,
        params: Mapping[str, str] | None = None,
        body: Any = None,
    ) -> Any:
        """Send one API request under the limits; return the decoded JSON.

        Raises:
            RateLimitedError: a 429 now, or the family is still paused (no request sent).
            ScryfallError: Scryfall answered with an error object (its ``details`` as message).
            NetworkError: no answer after the retries (connection failure, timeouts, 5xx).
            BadResponseError: the answer is not JSON.
        """
        url, path = self._url(path_or_url)
        family = family_for_path(path)
        attempt = 0
        connection_failures = 0
        while True:
            self.limiter.acquire(family)
            self._count()
            try:
                response = self.session.request(
                    method, url, params=params, json=body, timeout=self.timeout
                )
            except (requests.Timeout, requests.ConnectionError) as exc:
                timed_out = isinstance(exc, requests.Timeout)
                connection_failures += 0 if timed_out else 1
                limit = self.retries if timed_out else min(1, self.retries)
                if attempt >= limit or connection_failures > 1:
                    what = "timed out" if timed_out else "could not connect"
                    raise NetworkError(f"Scryfall {what} ({path})") from None
                self._backoff(attempt)
                attempt += 1
                continue
            except requests.RequestException as exc:
                raise NetworkError(f"Scryfall request failed ({path}): {exc}") from None
            if response.status_code == 429:
                length = self.limiter.pause(family, _retry_after(response.headers.get("Retry-After")))
                response.close()
                raise RateLimitedError(family, length)
            if response.status_code >= 500:
                response.close()
                if attempt >= self.retries:
                    raise NetworkError(
                        f"Scryfall is unavailable (HTTP {response.status_code} on {path}, "
                        f"{attempt + 1} attempts)"
                    )
                self._backoff(attempt)
                attempt += 1
                continue
            return self._decode(response, path)

    @staticmethod
    def _decode(response: requests.Response, path: str) -> Any:
        try:
            data = json.loads(response.content)
        except ValueError:
            if response.status_code >= 400:
                raise ScryfallError(
                    response.status_code, "http_error", f"HTTP {response.status_code} on {path}"
                ) from None
            raise BadResponseError(f"Scryfall sent a malformed answer for {path}") from None
        if isinstance(data, dict) and data.get("object") == "error":
            raise ScryfallError.from_object(data, response.status_code)
        if response.status_code >= 400:
            raise ScryfallError(
                response.status_code, "http_error", f"HTTP {response.status_code} on {path}"
            )
        return data

    # ------------------------------------------------------------------ endpoints
    def named(self, name: str, *, fuzzy: bool = False, set_code: str | None = None) -> Any:
        """``GET /cards/named`` (exact or fuzzy): one card object.

        Raises:
            ScryfallError: no match (``not_found``, type ``ambiguous`` for fuzzy ambiguity).
        """
        params = {"fuzzy" if fuzzy else "exact": name}
        if set_code:
            params["set"] = set_code
        return self.request_json("GET", "/cards/named", params=params)

    def find_named(self, name: str) -> Any:
        """An exact look-up, then a fuzzy one; an ambiguous name offers autocomplete choices.

        Raises:
            CardNotFoundError: neither look-up matched.
            AmbiguousCardError: the fuzzy name matches many cards (``choices`` to offer).
        """
        try:
            return self.named(name)
        except ScryfallError as exc:
            if not exc.is_not_found:
                raise
        try:
            return self.named(name, fuzzy=True)
        except ScryfallError as exc:
            if exc.type == "ambiguous":
                try:
                    choices = self.autocomplete(name)
                except ScryfallError:
                    choices = []
                raise AmbiguousCardError(name, exc.details, choices) from None
            if exc.is_not_found:
                raise CardNotFoundError(name, exc.details) from None
            raise

    def collection(
        self, identifiers: Sequence[Mapping[str, str]]
    ) -> tuple[list[Any], list[Any]]:
        """``POST /cards/collection`` in chunks of 75: (card objects, not_found identifiers)."""
        found: list[Any] = []
        missing: list[Any] = []
        for start in range(0, len(identifiers), COLLECTION_MAX):
            chunk = [dict(i) for i in identifiers[start : start + COLLECTION_MAX]]
            data = self.request_json("POST", "/cards/collection", body={"identifiers": chunk})
            found.extend(_list_data(data))
            missing.extend(data.get("not_found") or [] if isinstance(data, dict) else [])
        return found, missing

    def search(self, query: str, *, unique: str = "cards", max_pages: int = 20) -> list[Any]:
        """``GET /cards/search``, following ``next_page`` while ``has_more``.

        No match (Scryfall's 404) is an empty list; a bad query raises :class:`ScryfallError`.
        """
        out: list[Any] = []
        try:
            data = self.request_json(
                "GET", "/cards/search", params={"q": query, "unique": unique}
            )
        except ScryfallError as exc:
            if exc.status == 404 and exc.code == "not_found":
                return []
            raise
        pages = 1
        while True:
            out.extend(_list_data(data))
            next_page = data.get("next_page") if isinstance(data, dict) else None
            if not (isinstance(data, dict) and data.get("has_more") and next_page):
                return out
            if pages >= max_pages:
                return out
            data = self.request_json("GET", str(next_page))
            pages += 1

    def autocomplete(self, prefix: str) -> list[str]:
        """``GET /cards/autocomplete``: up to 20 card names."""
        data = self.request_json("GET", "/cards/autocomplete", params={"q": prefix})
        return [str(n) for n in (data.get("data") or [])] if isinstance(data, dict) else []

    def card(self, scryfall_id: str) -> Any:
        """``GET /cards/{id}``: one card object."""
        return self.request_json("GET", f"/cards/{scryfall_id}")

    def bulk_data(self) -> list[Any]:
        """``GET /bulk-data``: the bulk files (their download addresses change every 12 h)."""
        return _list_data(self.request_json("GET", "/bulk-data"))

    def symbology(self) -> list[Any]:
        """``GET /symbology``: every card symbol with its ``svg_uri``."""
        return _list_data(self.request_json("GET", "/symbology"))

    # ------------------------------------------------------------------ files
    def download(
        self,
        url: str,
        path: Path,
        *,
        check_image: bool = True,
        progress: ProgressFn | None = None,
    ) -> int:
        """Download *url* to *path* atomically; return the bytes written.

        At most :data:`MAX_DOWNLOADS` run at once; no rate limit. A body shorter than its
        ``Content-Length`` or (with *check_image*) not a whole JPEG/PNG/SVG is rejected and
        nothing is written. 5xx and timeouts are retried like API requests.

        Raises:
            NetworkError: no answer after the retries.
            BadResponseError: a truncated or invalid file (twice in a row).
        """
        attempt = 0
        bad_files = 0
        with self._downloads:
            while True:
                self._count()
                try:
                    return self._download_once(url, path, check_image=check_image, progress=progress)
                except _Retryable as exc:
                    if attempt >= self.retries:
                        raise NetworkError(f"download failed: {exc} ({url})") from None
                except BadResponseError:
                    bad_files += 1
                    if bad_files > 1:
                        raise
                self._backoff(attempt)
                attempt += 1

    def _download_once(
        self, url: str, path: Path, *, check_image: bool, progress: ProgressFn | None
    ) -> int:
        try:
            response = self.session.get(
                url, headers={"Accept": "*/*"}, timeout=self.file_timeout, stream=True
            )
        except (requests.Timeout, requests.ConnectionError) as exc:
            raise _Retryable(type(exc).__name__) from None
        with response:
            if response.status_code >= 500 or response.status_code == 429:
                raise _Retryable(f"HTTP {response.status_code}")
            if response.status_code >= 400:
                raise BadResponseError(f"HTTP {response.status_code} for {url}")
            length_header = response.headers.get("Content-Length")
            expected = int(length_header) if length_header and length_header.isdigit() else None
            if response.headers.get("Content-Encoding"):
                expected = None  # the header counts compressed bytes
            written = 0
            head = b""
            tail = b""
            try:
                with atomic_writer(path) as handle:
                    for chunk in response.iter_content(chunk_size=64 * 1024):
                        if not chunk:
                            continue
                        handle.write(chunk)
                        if len(head) < 64:
                            head += chunk[: 64 - len(head)]
                        tail = (tail + chunk)[-64:]
                        written += len(chunk)
                        if progress is not None:
                            progress(written, expected)
                    if expected is not None and written != expected:
                        raise BadResponseError(
                            f"truncated download ({written} of {expected} bytes) from {url}"
                        )
                    if check_image and not is_complete_image(head, tail):
                        raise BadResponseError(f"not a complete image: {url}")
            except (requests.Timeout, requests.ConnectionError) as exc:
                raise _Retryable(type(exc).__name__) from None
            except requests.RequestException as exc:  # ChunkedEncodingError: cut short
                raise BadResponseError(f"download cut short from {url}: {exc}") from None
            return written


class _Retryable(Exception):
    """A download failure worth retrying (timeout, connection, 5xx)."""


def _list_data(data: Any) -> list[Any]:
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        return list(data["data"])
    raise BadResponseError("Scryfall sent an unexpected answer (not a list object)")


def chunked(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """Split *items* into lists of at most *size*."""
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
