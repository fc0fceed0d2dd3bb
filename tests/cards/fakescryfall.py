"""A fake Scryfall for the card-data tests and benchmarks.

``FakeScryfall(cards)`` serves, on 127.0.0.1 and a free port, the endpoints the client uses
(``/cards/named``, ``/cards/collection``, ``/cards/search``, ``/cards/autocomplete``,
``/cards/{id}``, ``/bulk-data``, ``/symbology``) from Scryfall-shaped card objects, plus the
files (images, symbol SVGs, bulk files) under ``/file/``. Image addresses in the served cards
are rewritten to point at the server.

It records every request (method, path, query, headers, body, and the time read from an
injectable clock — a :class:`FakeClock` shared with the client's limiter makes spacing
measurable without sleeping) and can inject latency, error statuses (429 with
``Retry-After``, 500…), timeouts, malformed JSON and truncated or corrupt images.

Like Scryfall, it answers 400 to a request without a proper ``User-Agent``.
"""

from __future__ import annotations

import copy
import dataclasses
import gzip
import http.server
import io
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from frontier_desktop.rules.card import normalise_name

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "scryfall"


def load_fixture_cards() -> list[dict[str, Any]]:
    """Our hand-written cards (every layout)."""
    return json.loads((FIXTURES / "cards.json").read_text(encoding="utf-8"))


def make_card(name: str, *, number: int = 1, set_code: str = "tst", **fields: Any) -> dict[str, Any]:
    """A plain Scryfall-shaped creature named *name* (a deterministic id)."""
    card_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"frontier-test/{set_code}/{name}"))
    card: dict[str, Any] = {
        "object": "card",
        "id": card_id,
        "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"frontier-test/oracle/{name}")),
        "name": name,
        "lang": "en",
        "layout": "normal",
        "image_status": "highres_scan",
        "image_uris": {
            size: f"https://cards.scryfall.io/{size}/front/{card_id}.jpg"
            for size in ("small", "normal", "large", "art_crop")
        },
        "mana_cost": "{1}{G}",
        "cmc": 2.0,
        "type_line": "Creature — Bear",
        "oracle_text": "",
        "power": "2",
        "toughness": "2",
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": [],
        "set": set_code,
        "collector_number": str(number),
        "rarity": "common",
    }
    card.update(fields)
    return card


def jpeg_bytes(seed: str, size: int = 2048) -> bytes:
    """A byte string with JPEG start and end markers (enough for the integrity checks)."""
    body = (seed.encode() * (size // max(1, len(seed)) + 1))[:size]
    return b"\xff\xd8\xff\xe0" + body + b"\xff\xd9"


def png_bytes(seed: str) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + seed.encode() * 20 + b"\x00\x00\x00\x00IEND\xaeB`\x82"


def svg_bytes(name: str) -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg"><title>{name}</title></svg>'.encode()


class FakeClock:
    """A thread-safe fake monotonic clock; :meth:`sleep` advances it instead of sleeping."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._lock = threading.Lock()
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.sleeps.append(seconds)
            self._now += max(0.0, seconds)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds


@dataclasses.dataclass
class Recorded:
    """One request the fake server received."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any
    time: float


@dataclasses.dataclass
class Fault:
    """An injected misbehaviour for requests whose path starts with :attr:`prefix`."""

    prefix: str
    kind: str  # "status", "timeout", "malformed", "truncate", "corrupt"
    times: int = 1
    status: int = 500
    retry_after: str | None = None
    delay: float = 1.0


class FakeScryfall:
    """The fake server. Use as a context manager or call :meth:`start`/:meth:`stop`.

    Args:
        cards: the card objects served.
        clock: the clock whose reading is recorded with each request.
        page_size: cards per ``/cards/search`` page (Scryfall: 175).
        symbols: a ``/symbology`` list object (our fixture by default).
    """

    def __init__(
        self,
        cards: Iterable[Mapping[str, Any]],
        *,
        clock: Callable[[], float] = time.monotonic,
        page_size: int = 175,
        symbols: Mapping[str, Any] | None = None,
    ) -> None:
        self.clock = clock
        self.page_size = page_size
        self._source_cards = [copy.deepcopy(dict(c)) for c in cards]
        self._symbols = symbols or json.loads((FIXTURES / "symbology.json").read_text())
        self.requests: list[Recorded] = []
        self.faults: list[Fault] = []
        self.latency = 0.0
        """Seconds of (real) delay added to every request."""
        self._lock = threading.Lock()
        self._server: http.server.ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.base_url = ""
        self.cards: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> FakeScryfall:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.cards = [self._rewrite(c) for c in self._source_cards]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True,
                                        kwargs={"poll_interval": 0.05})
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeScryfall:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _rewrite(self, card: dict[str, Any]) -> dict[str, Any]:
        def fix(uris: dict[str, str], face: int) -> dict[str, str]:
            out = {}
            for size in uris.keys():
                ext = "png" if size == "png" else "jpg"
                out[size] = f"{self.base_url}/file/images/{size}/{card['id']}-{face}.{ext}?1"
            return out

        card = copy.deepcopy(card)
        if isinstance(card.get("image_uris"), dict):
            card["image_uris"] = fix(card["image_uris"], 0)
        for i, face in enumerate(card.get("card_faces") or []):
            if isinstance(face.get("image_uris"), dict):
                face["image_uris"] = fix(face["image_uris"], i)
        return card

    # ------------------------------------------------------------------ test helpers
    def inject(self, prefix: str, kind: str, **kwargs: Any) -> Fault:
        """Make the next request(s) whose path starts with *prefix* misbehave."""
        fault = Fault(prefix, kind, **kwargs)
        with self._lock:
            self.faults.append(fault)
        return fault

    def paths(self, prefix: str = "/") -> list[str]:
        """Paths of the recorded requests starting with *prefix*."""
        with self._lock:
            return [r.path for r in self.requests if r.path.startswith(prefix)]

    def api_requests(self) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if not r.path.startswith("/file/")]

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()

    def _take_fault(self, path: str) -> Fault | None:
        with self._lock:
            for fault in self.faults:
                if path.startswith(fault.prefix) and fault.times > 0:
                    fault.times -= 1
                    if fault.times == 0:
                        self.faults.remove(fault)
                    return fault
        return None

    def _record(self, item: Recorded) -> None:
        with self._lock:
            self.requests.append(item)

    # ------------------------------------------------------------------ data
    def find_exact(self, name: str) -> dict[str, Any] | None:
        norm = normalise_name(name)
        for card in self.cards:
            names = [card["name"]] + [f["name"] for f in card.get("card_faces") or []][:1]
            if norm in (normalise_name(n) for n in names):
                return card
        return None

    def find_fuzzy(self, name: str) -> list[dict[str, Any]]:
        norm = normalise_name(name)
        return [c for c in self.cards if norm in normalise_name(c["name"])]

    def bulk_array(self) -> bytes:
        return json.dumps(self.cards, ensure_ascii=False).encode()

    def bulk_jsonl_gz(self) -> bytes:
        buf = io.BytesIO()
        with gzip.GzipFile(fileobj=buf, mode="wb") as gz:
            for card in self.cards:
                gz.write(json.dumps(card, ensure_ascii=False).encode() + b"\n")
        return buf.getvalue()


def _error(status: int, code: str, details: str, **extra: Any) -> tuple[int, dict[str, Any]]:
    return status, {"object": "error", "code": code, "status": status, "details": details, **extra}


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else keep-alive requests stall ~44 ms (Nagle + delayed ACK)
    fake: FakeScryfall

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    # ------------------------------------------------------------------ plumbing
    def _handle(self, method: str) -> None:
        fake = self.fake
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        raw_body = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw_body) if raw_body else None
        except ValueError:
            body = raw_body
        fake._record(Recorded(method, parts.path, query, dict(self.headers.items()), body,
                              fake.clock()))
        if fake.latency:
            time.sleep(fake.latency)
        agent = self.headers.get("User-Agent", "")
        if not agent or agent.lower().startswith("python-requests"):
            self._json(*_error(400, "bad_request", "A custom User-Agent is required."))
            return
        fault = fake._take_fault(parts.path)
        if fault is not None and self._apply_fault(fault, parts.path):
            return
        if parts.path.startswith("/file/"):
            self._file(parts.path)
            return
        self._json(*self._route(method, parts.path, query, body))

    def _apply_fault(self, fault: Fault, path: str) -> bool:
        if fault.kind == "status":
            headers = {"Retry-After": fault.retry_after} if fault.retry_after else {}
            code = "too_many_requests" if fault.status == 429 else "server_error"
            self._json(*_error(fault.status, code, f"injected {fault.status}"), headers=headers)
            return True
        if fault.kind == "timeout":
            time.sleep(fault.delay)
            self.close_connection = True
            return True
        if fault.kind == "malformed":
            self._send(200, b'{"object": "card", "name": ', "application/json")
            return True
        if fault.kind in ("truncate", "corrupt"):
            data = self._file_bytes(path)
            if data is None:
                return False
            if fault.kind == "truncate":  # promise all, send half, hang up
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.close_connection = True
            else:  # a whole response whose image lacks its end marker
                self._send(200, data[:-2] + b"\x00\x00", "image/jpeg")
            return True
        return False

    def _send(self, status: int, data: bytes, content_type: str,
              headers: Mapping[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _json(self, status: int, data: Any, headers: Mapping[str, str] | None = None) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode(),
                   "application/json; charset=utf-8", headers)

    # ------------------------------------------------------------------ files
    def _file_bytes(self, path: str) -> bytes | None:
        fake = self.fake
        name = path.rsplit("/", 1)[-1]
        if path.startswith("/file/images/"):
            return png_bytes(name) if name.endswith(".png") else jpeg_bytes(name)
        if path.startswith("/file/symbols/"):
            return svg_bytes(name)
        if path == "/file/bulk/oracle-cards.json":
            return fake.bulk_array()
        if path == "/file/bulk/oracle-cards.jsonl.gz":
            return fake.bulk_jsonl_gz()
        return None

    def _file(self, path: str) -> None:
        data = self._file_bytes(path)
        if data is None:
            self._send(404, b"not found", "text/plain")
        elif path.endswith(".svg"):
            self._send(200, data, "image/svg+xml")
        elif "/bulk/" in path:
            self._send(200, data, "application/octet-stream")
        else:
            self._send(200, data, "image/png" if path.endswith(".png") else "image/jpeg")

    # ------------------------------------------------------------------ API
    def _route(self, method: str, path: str, query: dict[str, str],
               body: Any) -> tuple[int, Any]:
        fake = self.fake
        base = fake.base_url
        if path == "/cards/named":
            if "exact" in query:
                card = fake.find_exact(query["exact"])
                if card:
                    return 200, card
                return _error(404, "not_found", f"No cards found matching “{query['exact']}”")
            if "fuzzy" in query:
                exact = fake.find_exact(query["fuzzy"])
                matches = [exact] if exact else fake.find_fuzzy(query["fuzzy"])
                if len(matches) == 1:
                    return 200, matches[0]
                if len(matches) > 1:
                    return _error(404, "not_found",
                                  f"Too many cards match ambiguous name “{query['fuzzy']}”. "
                                  "Add more words to refine your search.", type="ambiguous")
                return _error(404, "not_found", f"No cards found matching “{query['fuzzy']}”")
            return _error(400, "bad_request", "exact or fuzzy is required")
        if path == "/cards/collection" and method == "POST":
            return self._collection(body)
        if path == "/cards/search":
            return self._search(query)
        if path == "/cards/autocomplete":
            prefix = query.get("q", "").lower()
            names = [c["name"] for c in fake.cards if c["name"].lower().startswith(prefix)]
            names += [c["name"] for c in fake.cards
                      if prefix in c["name"].lower() and c["name"] not in names]
            return 200, {"object": "catalog", "total_values": len(names[:20]),
                         "data": names[:20]}
        if path == "/bulk-data":
            return 200, {"object": "list", "has_more": False, "data": [{
                "object": "bulk_data", "id": "27bf3214-1271-490b-bdfe-c0be6c23d02e",
                "type": "oracle_cards", "name": "Oracle Cards",
                "updated_at": "2026-01-01T10:00:00.000+00:00",
                "download_uri": f"{base}/file/bulk/oracle-cards.json",
                "jsonl_download_uri": f"{base}/file/bulk/oracle-cards.jsonl.gz",
                "content_type": "application/json", "content_encoding": "gzip",
            }]}
        if path == "/symbology":
            data = copy.deepcopy(fake._symbols)
            for entry in data["data"]:
                name = entry["svg_uri"].rsplit("/", 1)[-1]
                entry["svg_uri"] = f"{base}/file/symbols/{name}"
            return 200, data
        if path.startswith("/cards/") and path.count("/") == 2:
            card_id = path.rsplit("/", 1)[-1]
            for card in fake.cards:
                if card["id"] == card_id:
                    return 200, card
            return _error(404, "not_found", "No card found with the given ID or set code and "
                                            "collector number.")
        return _error(404, "not_found", f"No route for {path}")

    def _collection(self, body: Any) -> tuple[int, Any]:
        fake = self.fake
        if not isinstance(body, dict) or not isinstance(body.get("identifiers"), list):
            return _error(400, "bad_request", "The JSON you supplied is not valid.")
        identifiers = body["identifiers"]
        if len(identifiers) > 75:
            return _error(422, "validation_error",
                          "Too many identifiers provided. A maximum of 75 may be provided.")
        data: list[Any] = []
        not_found: list[Any] = []
        for ident in identifiers:
            card = None
            if "id" in ident:
                card = next((c for c in fake.cards if c["id"] == ident["id"]), None)
            elif "oracle_id" in ident:
                card = next((c for c in fake.cards if c.get("oracle_id") == ident["oracle_id"]),
                            None)
            elif "set" in ident and "collector_number" in ident:
                card = next((c for c in fake.cards if c.get("set") == ident["set"].lower()
                             and c.get("collector_number") == ident["collector_number"]), None)
            elif "name" in ident:
                card = fake.find_exact(ident["name"])
            if card is None:
                not_found.append(ident)
            else:
                data.append(card)
        return 200, {"object": "list", "not_found": not_found, "data": data}

    def _search(self, query: dict[str, str]) -> tuple[int, Any]:
        fake = self.fake
        q = query.get("q", "").strip()
        if not q:
            return _error(400, "bad_request", "You didn’t enter anything to search for.")
        if q.startswith("mm:"):
            return _error(400, "bad_request", "All of your terms were ignored.",
                          warnings=[f"Invalid expression “{q}” was ignored. Unknown keyword “mm”."])
        terms = q.lower().split()

        def match(card: dict[str, Any]) -> bool:
            for term in terms:
                if term.startswith("t:"):
                    if term[2:] not in str(card.get("type_line", "")).lower():
                        return False
                elif term not in card["name"].lower():
                    return False
            return True

        hits = sorted((c for c in fake.cards if match(c)), key=lambda c: c["name"])
        if not hits:
            return _error(404, "not_found", "Your query didn’t match any cards. Adjust your "
                                            "search terms or refer to the syntax guide.")
        page = int(query.get("page", "1"))
        start = (page - 1) * fake.page_size
        chunk = hits[start:start + fake.page_size]
        out: dict[str, Any] = {"object": "list", "total_cards": len(hits),
                               "has_more": start + fake.page_size < len(hits), "data": chunk}
        if out["has_more"]:
            out["next_page"] = (f"{fake.base_url}/cards/search?q={quote(q)}&page={page + 1}"
                                f"&unique=cards")
        return 200, out


# ---------------------------------------------------------------------- test helpers
DECK_NAMES = tuple(
    f"{adj} {noun}"
    for adj, noun in zip(
        ("Amber", "Brass", "Cinder", "Dusk", "Ember", "Frost", "Gloom", "Hollow", "Iron",
         "Jade", "Kindle", "Lumen", "Moss", "Night", "Onyx", "Pale", "Quartz", "Rust", "Silt",
         "Thorn", "Umber", "Vale", "Wild", "Xeric", "Yew", "Zephyr", "Ashen", "Briar", "Coral",
         "Drift"),
        ("Bear", "Golem", "Drake", "Wolf", "Elemental", "Giant", "Shade", "Treefolk", "Knight",
         "Serpent", "Imp", "Wisp", "Beast", "Stalker", "Gargoyle", "Spirit", "Sentry", "Hound",
         "Crab", "Boar", "Hulk", "Elk", "Ape", "Lizard", "Dryad", "Roc", "Wurm", "Sprite",
         "Eel", "Nomad"),
    )
)
"""Thirty made-up card names for deck-sized tests (none is in the bundled pool)."""


def deck_cards(count: int = 25) -> list[dict[str, Any]]:
    """*count* plain cards named from :data:`DECK_NAMES`."""
    return [make_card(name, number=i + 1) for i, name in enumerate(DECK_NAMES[:count])]


def deck_text(count: int = 25, total: int = 60) -> str:
    """A plain deck list of *total* cards over *count* distinct names."""
    names = DECK_NAMES[:count]
    counts = [total // count] * count
    for i in range(total - sum(counts)):
        counts[i] += 1
    return "".join(f"{n} {name}\n" for n, name in zip(counts, names))


def make_client(fake: FakeScryfall, clock: FakeClock, **kwargs: Any) -> Any:
    """A client for *fake* whose limiter and backoff use *clock* (no real sleeping)."""
    from frontier_desktop.cards.ratelimit import RateLimiter
    from frontier_desktop.cards.scryfall import ScryfallClient

    kwargs.setdefault("timeout", (2.0, 2.0))
    kwargs.setdefault("file_timeout", (2.0, 2.0))
    return ScryfallClient(
        fake.base_url,
        limiter=RateLimiter(clock=clock, sleep=clock.sleep),
        sleep=clock.sleep,
        jitter=lambda: 0.0,
        **kwargs,
    )


def make_db(tmp_path: Path, fake: FakeScryfall | None, clock: FakeClock | None = None, *,
            pool_cards: Iterable[Mapping[str, Any]] = (), offline: bool = False,
            wall_clock: Callable[[], float] | None = None, **client_kwargs: Any) -> Any:
    """A CardDatabase on a fresh cache in *tmp_path* talking to *fake* (or offline)."""
    from frontier_desktop.cards.database import CardDatabase, CardSettings
    from frontier_desktop.cards.pool import BundledPool

    clock = clock or FakeClock()
    settings = CardSettings(
        cache_dir=tmp_path / "cache",
        api_base=fake.base_url if fake else "http://127.0.0.1:9",
        offline=offline,
    )
    client = make_client(fake, clock, **client_kwargs) if fake else None
    pool = BundledPool({c["name"]: c for c in pool_cards})
    kwargs: dict[str, Any] = {"pool": pool, "client": client}
    if wall_clock is not None:
        kwargs["clock"] = wall_clock
    return CardDatabase(settings, **kwargs)
