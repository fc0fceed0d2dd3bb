"""The Scryfall client against the fake server: headers, limits, 429, retries, endpoints."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop.cards.bulk import pick_bulk_file
from frontier_desktop.cards.errors import (
    AmbiguousCardError,
    BadResponseError,
    CardNotFoundError,
    NetworkError,
    RateLimitedError,
    ScryfallError,
)
from frontier_desktop.cards.ratelimit import RateLimiter, family_for_path
from tests.cards.fakescryfall import (
    FakeClock,
    FakeScryfall,
    deck_cards,
    load_fixture_cards,
    make_client,
)
import itertools


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake(clock: FakeClock) -> Iterator[FakeScryfall]:
    with FakeScryfall(load_fixture_cards() + deck_cards(30), clock=clock, page_size=4) as server:
        yield server


def test_headers_name_the_application_and_accept_json(fake: FakeScryfall,
                                                      clock: FakeClock, tmp_path: Path) -> None:
    client = make_client(fake, clock)
    client.named("Hill Giant")
    card = client.named("Lightning Bolt")
    client.download(card["image_uris"]["normal"], tmp_path / "bolt.jpg")
    api, image = fake.requests[0], fake.requests[-1]
    assert api.headers["User-Agent"].startswith("FrontierDesktop/")
    assert "python-requests" not in api.headers["User-Agent"]
    assert api.headers["Accept"] == "application/json"
    assert image.headers["Accept"] == "*/*"
    assert image.headers["User-Agent"].startswith("FrontierDesktop/")


def test_fake_server_rejects_a_generic_user_agent(fake: FakeScryfall, clock: FakeClock) -> None:
    # Scryfall answers 400 to python-requests' default agent; so does the fake.
    client = make_client(fake, clock)
    client.session.headers["User-Agent"] = "python-requests/2.32"
    with pytest.raises(ScryfallError, match="User-Agent"):
        client.named("Hill Giant")


def test_card_endpoints_are_spaced_500_ms(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    client.named("Hill Giant")
    client.collection([{"name": "Lightning Bolt"}])
    client.search("giant")
    client.named("Island")
    times = [r.time for r in fake.api_requests()]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(gap >= 0.5 - 1e-9 for gap in gaps), gaps
    assert gaps[0] == pytest.approx(0.5)


def test_other_endpoints_are_spaced_100_ms_and_independent(fake: FakeScryfall,
                                                           clock: FakeClock) -> None:
    client = make_client(fake, clock)
    client.bulk_data()
    client.symbology()
    client.autocomplete("Hi")
    client.named("Hill Giant")  # another family: no wait for the API family's slot
    client.bulk_data()
    requests = fake.api_requests()
    api_times = [r.time for r in requests if family_for_path(r.path) == "api"]
    gaps = [b - a for a, b in itertools.pairwise(api_times)]
    assert gaps[:2] == [pytest.approx(0.1), pytest.approx(0.1)]
    assert all(gap >= 0.1 - 1e-9 for gap in gaps)
    assert sum(clock.sleeps) == pytest.approx(0.3)  # the named request did not wait


def test_family_classification() -> None:
    assert family_for_path("/cards/search") == "cards"
    assert family_for_path("/cards/named") == "cards"
    assert family_for_path("/cards/random") == "cards"
    assert family_for_path("/cards/collection") == "cards"
    assert family_for_path("/cards/autocomplete") == "api"
    assert family_for_path("/cards/0000-1111") == "api"
    assert family_for_path("/bulk-data") == "api"


def test_limiter_is_shared_by_threads() -> None:
    import threading

    clock = FakeClock()
    limiter = RateLimiter(clock=clock, sleep=lambda s: None)  # record reservations only
    slots: list[float] = []
    lock = threading.Lock()

    def take() -> None:
        limiter.acquire("cards")
        with lock:
            slots.append(limiter._next_slot["cards"])

    threads = [threading.Thread(target=take) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(slots) == [pytest.approx(1000.5 + 0.5 * i) for i in range(8)]


def test_429_pauses_the_family_30_s_without_retrying(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    fake.inject("/cards/named", "status", status=429)
    with pytest.raises(RateLimitedError) as info:
        client.named("Hill Giant")
    assert "slow down" in str(info.value)
    assert info.value.retry_in == pytest.approx(30.0)
    assert len(fake.paths("/cards/named")) == 1  # never retried
    clock.advance(29.0)
    with pytest.raises(RateLimitedError):
        client.collection([{"name": "Island"}])  # same family: no request made
    assert fake.paths("/cards/collection") == []
    client.bulk_data()  # the other family is not paused
    clock.advance(1.01)
    assert client.named("Hill Giant")["name"] == "Hill Giant"
    assert len(fake.paths("/cards/named")) == 2


def test_429_honours_a_longer_retry_after(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    fake.inject("/cards/search", "status", status=429, retry_after="90")
    with pytest.raises(RateLimitedError):
        client.search("giant")
    clock.advance(60)
    with pytest.raises(RateLimitedError) as info:
        client.search("giant")
    assert info.value.retry_in == pytest.approx(30.0)
    clock.advance(30.01)
    assert client.search("giant")


def test_5xx_is_retried_with_exponential_backoff(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock, backoff=0.5)
    fake.inject("/cards/named", "status", status=503, times=2)
    assert client.named("Hill Giant")["name"] == "Hill Giant"
    assert len(fake.paths("/cards/named")) == 3
    # The first request takes no slot wait; then 0.5 s backoff, then 1.0 s (doubled).
    assert clock.sleeps[:2] == [0.5, 1.0]


def test_backoff_has_jitter(fake: FakeScryfall, clock: FakeClock) -> None:
    from frontier_desktop.cards.ratelimit import RateLimiter
    from frontier_desktop.cards.scryfall import ScryfallClient

    client = ScryfallClient(fake.base_url, limiter=RateLimiter(clock=clock, sleep=clock.sleep),
                            sleep=clock.sleep, jitter=lambda: 0.5, backoff=0.5)
    fake.inject("/bulk-data", "status", status=500, times=1)
    client.bulk_data()
    assert 0.75 in clock.sleeps


def test_5xx_gives_up_after_the_retries(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock, retries=3)
    fake.inject("/cards/named", "status", status=500, times=10)
    with pytest.raises(NetworkError, match="unavailable"):
        client.named("Hill Giant")
    assert len(fake.paths("/cards/named")) == 4


def test_timeouts_are_retried(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock, timeout=(1.0, 0.2))
    fake.inject("/bulk-data", "timeout", delay=0.5)
    assert client.bulk_data()
    assert len(fake.paths("/bulk-data")) == 2


def test_timeouts_give_up(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock, timeout=(1.0, 0.1), retries=1)
    fake.inject("/bulk-data", "timeout", delay=0.3, times=2)
    with pytest.raises(NetworkError, match="timed out"):
        client.bulk_data()


def test_connection_refused_fails_fast() -> None:
    clock = FakeClock()
    from frontier_desktop.cards.scryfall import ScryfallClient

    client = ScryfallClient("http://127.0.0.1:9", limiter=RateLimiter(clock=clock,
                            sleep=clock.sleep), sleep=clock.sleep, jitter=lambda: 0.0)
    with pytest.raises(NetworkError, match="could not connect"):
        client.bulk_data()
    assert client.requests_made == 2  # one retry only


def test_malformed_json_is_a_clear_error(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    fake.inject("/cards/named", "malformed")
    with pytest.raises(BadResponseError, match="malformed"):
        client.named("Hill Giant")


def test_error_details_and_warnings_are_surfaced(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    with pytest.raises(ScryfallError) as info:
        client.search("mm:123")
    assert info.value.details == "All of your terms were ignored."
    assert "Unknown keyword" in str(info.value)
    assert info.value.status == 400


def test_search_follows_next_page_and_404_is_empty(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    hits = client.search("t:creature")
    expected = [c for c in fake.cards if "creature" in c.get("type_line", "").lower()]
    assert len(hits) == len(expected) > 4
    assert len(fake.paths("/cards/search")) == -(-len(expected) // 4)
    assert client.search("no such card anywhere") == []


def test_named_exact_then_fuzzy(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    assert client.find_named("hill giant")["name"] == "Hill Giant"
    assert client.find_named("Bonecrusher")["name"] == "Bonecrusher Giant // Stomp"
    queries = [r.query for r in fake.api_requests()]
    assert queries[-2] == {"exact": "Bonecrusher"} and queries[-1] == {"fuzzy": "Bonecrusher"}
    with pytest.raises(CardNotFoundError):
        client.find_named("Qwxyz")


def test_ambiguous_fuzzy_name_offers_choices(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    with pytest.raises(AmbiguousCardError) as info:
        client.find_named("Giant")
    assert "ambiguous" in info.value.details
    assert fake.paths()[-1] == "/cards/autocomplete"
    with pytest.raises(AmbiguousCardError) as info:
        client.find_named("Hi")
    assert "Hill Giant" in info.value.choices


def test_collection_sends_at_most_75_identifiers(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    identifiers = [{"name": c["name"]} for c in fake.cards] * 3
    identifiers += [{"name": "Nope"}] * (80 - len(identifiers) % 80)
    found, missing = client.collection(identifiers)
    posts = [r for r in fake.requests if r.path == "/cards/collection"]
    assert len(posts) == -(-len(identifiers) // 75)
    assert all(len(r.body["identifiers"]) <= 75 for r in posts)
    assert len(found) + len(missing) == len(identifiers)
    assert {"name": "Nope"} in missing


def test_card_by_id_bulk_data_and_symbology(fake: FakeScryfall, clock: FakeClock) -> None:
    client = make_client(fake, clock)
    card = fake.cards[0]
    assert client.card(card["id"])["name"] == card["name"]
    assert pick_bulk_file(client.bulk_data(), "oracle_cards").endswith(".jsonl.gz")
    symbols = client.symbology()
    assert {s["symbol"] for s in symbols} >= {"{T}", "{G}"}


def test_truncated_download_leaves_no_file(fake: FakeScryfall, clock: FakeClock,
                                           tmp_path: Path) -> None:
    client = make_client(fake, clock)
    url = fake.cards[0]["image_uris"]["normal"]
    fake.inject("/file/images/", "truncate", times=2)
    target = tmp_path / "img" / "card.jpg"
    with pytest.raises(BadResponseError):
        client.download(url, target)
    assert not target.exists()
    assert [p for p in target.parent.iterdir()] == []  # no temporary left either


def test_corrupt_image_is_rejected_then_refetched(fake: FakeScryfall, clock: FakeClock,
                                                  tmp_path: Path) -> None:
    client = make_client(fake, clock)
    url = fake.cards[0]["image_uris"]["normal"]
    fake.inject("/file/images/", "corrupt", times=1)
    target = tmp_path / "card.jpg"
    client.download(url, target)  # first answer lacks the JPEG end marker: fetched again
    assert target.read_bytes().endswith(b"\xff\xd9")
    assert len(fake.paths("/file/images/")) == 2


# ---------------------------------------------------------------------- real responses
def test_real_error_fixtures_become_scryfall_errors(shared_dir: Path) -> None:
    folder = shared_dir / "fixtures" / "scryfall"
    for path in sorted(folder.glob("error-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        error = ScryfallError.from_object(data, 400)
        assert error.details == data["details"], path.name
        assert str(error).startswith(data["details"])
    ambiguous = json.loads((folder / "error-ambiguous.json").read_text(encoding="utf-8"))
    assert ScryfallError.from_object(ambiguous, 404).type == "ambiguous"


def test_real_bulk_data_listing_falls_back_to_download_uri(shared_dir: Path) -> None:
    data = json.loads((shared_dir / "fixtures" / "scryfall" / "bulk-data.json").read_text())
    assert pick_bulk_file(data["data"], "oracle_cards").endswith(".json")
    with pytest.raises(BadResponseError, match="no bulk file"):
        pick_bulk_file(data["data"], "nonsense")
