"""The SQLite cache, the image files, and the layered CardDatabase look-up."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from frontier_desktop.cards.cache import REFRESH_AFTER_S, CardCache, default_cache_dir
from frontier_desktop.cards.database import CardDatabase, CardQuery, CardSettings
from frontier_desktop.cards.files import atomic_writer, is_complete_image_file
from tests.cards.fakescryfall import (
    FakeClock,
    FakeScryfall,
    deck_cards,
    jpeg_bytes,
    load_fixture_cards,
    make_card,
    make_db,
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake(clock: FakeClock) -> Iterator[FakeScryfall]:
    with FakeScryfall(load_fixture_cards() + deck_cards(30), clock=clock) as server:
        yield server


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[CardCache]:
    with CardCache(tmp_path / "cache") as c:
        c.put(load_fixture_cards())
        yield c


# ---------------------------------------------------------------------- index
def test_cache_dir_comes_from_the_environment(tmp_path: Path) -> None:
    assert default_cache_dir({"FRONTIER_CACHE_DIR": str(tmp_path)}) == tmp_path
    assert "frontier-desktop" in str(default_cache_dir({}))
    settings = CardSettings.from_env({"FRONTIER_CACHE_DIR": "/a", "FRONTIER_OFFLINE": "1",
                                      "FRONTIER_SCRYFALL_API": "http://x/"})
    assert (settings.cache_dir, settings.offline, settings.api_base) == (Path("/a"), True, "http://x")
    assert CardSettings.from_env({"FRONTIER_OFFLINE": "1"}, cache_dir="/b",
                                 offline=False).cache_dir == Path("/b")


def test_database_uses_wal(cache: CardCache) -> None:
    mode = cache._run(lambda conn: conn.execute("PRAGMA journal_mode").fetchone()[0])
    assert mode == "wal"


@pytest.mark.parametrize("asked, found", [
    ("Hill Giant", "Hill Giant"),
    ("hill  GIANT", "Hill Giant"),
    ("Aether Vial", "Æther Vial"),
    ("æther vial", "Æther Vial"),
    ("Wear/Tear", "Wear // Tear"),
    ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
    ("Bonecrusher Giant", "Bonecrusher Giant // Stomp"),
])
def test_lookup_by_name_folds_case_accents_and_front_faces(cache: CardCache, asked: str,
                                                          found: str) -> None:
    hit = cache.by_name(asked)
    assert hit is not None and hit.card.name == found


def test_lookup_by_id_oracle_id_and_printing(cache: CardCache) -> None:
    obj = load_fixture_cards()[0]
    assert cache.by_id(obj["id"]).card.name == obj["name"]  # type: ignore[union-attr]
    assert cache.by_oracle_id(obj["oracle_id"]).card.name == obj["name"]  # type: ignore[union-attr]
    hit = cache.by_printing(obj["set"].upper(), obj["collector_number"])
    assert hit is not None and hit.card.id == obj["id"]
    reversible = next(o for o in load_fixture_cards() if o["layout"] == "reversible_card")
    oracle = reversible["card_faces"][0]["oracle_id"]
    assert cache.by_oracle_id(oracle).card.layout == "reversible_card"  # type: ignore[union-attr]
    assert cache.by_name("Nothing Like It") is None


def test_dropped_fields_are_not_stored(tmp_path: Path) -> None:
    with CardCache(tmp_path) as cache:
        cache.put([make_card("Priced", prices={"usd": "1.00"})])
        text = cache._run(lambda conn: conn.execute("SELECT json FROM cards").fetchone()[0])
    assert "prices" not in json.loads(text)


def test_local_search_by_name_type_colour_text(cache: CardCache) -> None:
    names = lambda q: [c.name for c in cache.search(q)]
    assert names("giant") == ["Bonecrusher Giant // Stomp", "Hill Giant"]
    assert names("t:planeswalker") == ["Gideon Jura", "Valki, God of Lies // Tibalt, Cosmic Impostor"]
    assert names("c:r t:instant") == [  # an adventure is an instant too
        "Bonecrusher Giant // Stomp", "Lightning Bolt", "Wear // Tear"]
    assert names("c:red o:damage") == ["Bonecrusher Giant // Stomp", "Lightning Bolt"]
    assert names('o:"charge counter"') == ["Æther Vial"]
    assert "Æther Vial" in names("c:c")
    assert names("aether") == ["Æther Vial"]


def test_corrupt_entry_is_dropped_and_refetched(tmp_path: Path, fake: FakeScryfall,
                                                clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    assert db.lookup("Hill Giant").source == "network"
    db.cache._run(lambda conn: conn.execute("UPDATE cards SET json = '{broken' "
                                            "WHERE name = 'Hill Giant'"))
    hit = db.lookup("Hill Giant")  # the broken row is a miss: fetched again, no crash
    assert hit is not None and hit.source == "network"
    assert db.lookup("Hill Giant").source == "cache"
    db.close()


def test_corrupt_database_file_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    root.mkdir()
    (root / "cards.sqlite").write_bytes(b"this is not a database at all" * 100)
    with CardCache(root) as cache:
        assert cache.by_name("Hill Giant") is None
        cache.put(load_fixture_cards())
        assert cache.by_name("Hill Giant") is not None
        assert any("moved to cards.sqlite.corrupt-" in n for n in cache.notices)
    assert list(root.glob("cards.sqlite.corrupt-*"))


def test_database_corrupted_while_open_is_recovered(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    cache = CardCache(root)
    cache.put(load_fixture_cards())
    cache.close()
    data = bytearray((root / "cards.sqlite").read_bytes())
    data[:16] = b"garbage garbage!"
    (root / "cards.sqlite").write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        Path(str(root / "cards.sqlite") + extra).unlink(missing_ok=True)
    with CardCache(root) as again:
        assert again.count() == 0
        assert again.notices


# ---------------------------------------------------------------------- images
def test_interrupted_image_write_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "img" / "a.jpg"
    with pytest.raises(KeyboardInterrupt), atomic_writer(target) as handle:
        handle.write(b"\xff\xd8 half an image")
        raise KeyboardInterrupt
    assert not target.exists() and list(target.parent.iterdir()) == []
    target.write_bytes(jpeg_bytes("old"))
    with pytest.raises(RuntimeError), atomic_writer(target) as handle:
        handle.write(b"\xff\xd8 new")
        raise RuntimeError("crash")
    assert target.read_bytes() == jpeg_bytes("old")  # the old file is untouched


def test_image_checks() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x"
        for data, whole in [(jpeg_bytes("a"), True), (jpeg_bytes("a")[:-2], False),
                            (b"\x89PNG\r\n\x1a\n....IEND\xaeB`\x82", True),
                            (b"\x89PNG\r\n\x1a\n....", False), (b"<svg></svg>", True),
                            (b"", False), (b"GIF89a", False)]:
            path.write_bytes(data)
            assert is_complete_image_file(path) is whole, data


def test_images_are_downloaded_once_and_corrupt_files_refetched(tmp_path: Path,
                                                                fake: FakeScryfall,
                                                                clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    card = db.lookup("Hill Giant").card
    path = db.image_path(card, "normal")
    assert path is not None and is_complete_image_file(path)
    assert db.image_path(card, "normal") == path
    assert len(fake.paths("/file/images/")) == 1
    path.write_bytes(path.read_bytes()[:100])  # truncated on disk later
    again = db.image_path(card, "normal")
    assert again == path and is_complete_image_file(path)
    assert len(fake.paths("/file/images/")) == 2
    db.close()


def test_truncated_image_download_gives_a_proxy_and_no_file(tmp_path: Path, fake: FakeScryfall,
                                                            clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    card = db.lookup("Hill Giant").card
    fake.inject("/file/images/", "truncate", times=2)
    assert db.image_path(card, "normal") is None
    assert not db.cache.image_path(card.id, "normal").exists()
    assert any("cut short" in n or "truncated" in n for n in db.notices)
    assert db.image_path(card, "normal") is not None  # a later try succeeds
    db.close()


def test_double_faced_images_are_per_face(tmp_path: Path, fake: FakeScryfall,
                                          clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    card = db.lookup("Delver of Secrets").card
    front, back = db.image_path(card, "normal", 0), db.image_path(card, "normal", 1)
    assert front and back and front != back
    assert {Path(p).name.split("-")[-1] for p in fake.paths("/file/images/")} == {"0.jpg", "1.jpg"}
    missing = db.lookup("Valki, God of Lies").card
    assert db.image_path(missing, "normal") is None  # proxy, no request
    assert len(fake.paths("/file/images/")) == 2
    db.close()


# ---------------------------------------------------------------------- layers
def test_cache_hits_make_no_request(tmp_path: Path, fake: FakeScryfall, clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    assert db.lookup("Lightning Bolt").source == "network"
    fake.clear()
    for name in ("Lightning Bolt", "lightning bolt", "LIGHTNING BOLT"):
        hit = db.lookup(name)
        assert hit is not None and hit.source == "cache"
    assert fake.requests == []
    db.close()


def test_bundled_pool_answers_before_the_network(tmp_path: Path, fake: FakeScryfall,
                                                 clock: FakeClock) -> None:
    pool_card = {"object": "card", "name": "Grizzly Bears", "mana_cost": "{1}{G}",
                 "type_line": "Creature — Bear", "power": "2", "toughness": "2", "colors": ["G"]}
    db = make_db(tmp_path, fake, clock, pool_cards=[pool_card])
    hit = db.lookup("grizzly bears")
    assert hit is not None and hit.source == "bundled" and hit.rules_card.base_power == 2
    assert fake.requests == []
    db.close()


def test_offline_makes_no_request_and_names_what_is_missing(tmp_path: Path, fake: FakeScryfall,
                                                           clock: FakeClock) -> None:
    pool_card = {"object": "card", "name": "Forest", "type_line": "Basic Land — Forest"}
    db = make_db(tmp_path, fake, clock, pool_cards=[pool_card], offline=True)
    result = db.resolve_many(["Forest", "Hill Giant", "Lightning Bolt"])
    assert result.found["Forest"].source == "bundled"
    assert result.missing == ["Hill Giant", "Lightning Bolt"]
    assert any("not available offline: Hill Giant, Lightning Bolt" in m for m in result.messages)
    assert db.lookup("Hill Giant") is None
    assert db.image_path(db.lookup("Forest").card) is None
    assert fake.requests == []
    db.close()


def test_offline_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    monkeypatch.setenv("FRONTIER_CACHE_DIR", str(tmp_path))
    settings = CardSettings.from_env()
    assert settings.offline and settings.cache_dir == tmp_path


def test_network_failure_switches_to_offline(tmp_path: Path, clock: FakeClock) -> None:
    server = FakeScryfall(deck_cards(3), clock=clock).start()
    db = make_db(tmp_path, server, clock)
    server.stop()  # the network goes away
    result = db.resolve_many(["Amber Bear"])
    assert result.missing == ["Amber Bear"]
    assert db.is_offline
    requests = db.client.requests_made
    assert db.lookup("Brass Golem") is None
    assert db.client.requests_made == requests  # no further attempt while offline
    db.close()


def test_rate_limit_is_reported_not_retried(tmp_path: Path, fake: FakeScryfall,
                                            clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    fake.inject("/cards/collection", "status", status=429)
    result = db.resolve_many(["Amber Bear", "Brass Golem"])
    assert result.missing == ["Amber Bear", "Brass Golem"]
    assert any("slow down" in m for m in result.messages)
    assert len(fake.paths("/cards/collection")) == 1
    db.close()


def test_deck_of_60_with_25_distinct_cards_costs_one_collection_request(
    tmp_path: Path, fake: FakeScryfall, clock: FakeClock
) -> None:
    db = make_db(tmp_path, fake, clock)
    names = [c["name"] for c in deck_cards(25)]
    deck = [names[i % 25] for i in range(60)]
    result = db.resolve_many(deck)
    assert result.missing == [] and len(result.found) == 25
    assert [r.path for r in fake.api_requests()] == ["/cards/collection"]
    assert len(fake.requests[0].body["identifiers"]) == 25
    fake.clear()
    again = db.resolve_many(deck)
    assert {h.source for h in again.found.values()} == {"cache"} and fake.requests == []
    db.close()


def test_resolve_many_reports_not_found_and_printings(tmp_path: Path, fake: FakeScryfall,
                                                      clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    bolt = next(c for c in load_fixture_cards() if c["name"] == "Lightning Bolt")
    query = CardQuery("Lightning Bolt", bolt["set"], bolt["collector_number"])
    result = db.resolve_many([query, "Not A Card", "Delver of Secrets"])
    assert result.found[query].card.id == bolt["id"]
    assert result.found["Delver of Secrets"].card.layout == "transform"
    assert result.missing == ["Not A Card"]
    assert any("Not A Card" in m for m in result.messages)
    db.close()


def test_stale_data_is_served_and_refreshed_in_the_background(tmp_path: Path,
                                                              fake: FakeScryfall,
                                                              clock: FakeClock) -> None:
    now = [1_000_000.0]
    db = make_db(tmp_path, fake, clock, wall_clock=lambda: now[0])
    db.lookup("Hill Giant")
    fake.cards[0]["oracle_text"] = "Errata."
    now[0] += 2 * 24 * 3600  # two days: kept, not refreshed
    hit = db.lookup("Hill Giant")
    assert hit.source == "cache" and not hit.is_stale
    db.wait_for_background(5)
    assert len(fake.paths("/cards/collection")) == 0
    now[0] += REFRESH_AFTER_S
    hit = db.lookup("Hill Giant")
    assert hit.source == "cache" and hit.is_stale and hit.card.raw["oracle_text"] == ""
    db.wait_for_background(5)
    fresh = db.lookup("Hill Giant")
    assert fresh.card.raw["oracle_text"] == "Errata." and not fresh.is_stale
    assert fake.requests[-1].body == {"identifiers": [{"id": hit.card.id}]}
    db.close()


def test_ambiguous_lookup_offers_choices(tmp_path: Path, fake: FakeScryfall,
                                         clock: FakeClock) -> None:
    from frontier_desktop.cards.errors import AmbiguousCardError

    db = make_db(tmp_path, fake, clock)
    with pytest.raises(AmbiguousCardError) as info:
        db.lookup("Giant")
    assert info.value.choices
    db.close()


def test_symbols_are_cached_with_a_fallback(tmp_path: Path, fake: FakeScryfall,
                                            clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    path = db.symbol_svg("{G}")
    assert path is not None and b"</svg>" in path.read_bytes()
    assert db.symbol_svg("{G}") == path
    assert db.symbol_svg("{NOPE}") is None
    assert fake.paths("/symbology") == ["/symbology"]
    db.close()
    offline = make_db(tmp_path / "other", None, offline=True)
    assert offline.symbol_svg("{G}") is None  # the renderer draws its fallback
    offline.close()


def test_prefetch_downloads_images_and_second_run_makes_no_request(
    tmp_path: Path, fake: FakeScryfall, clock: FakeClock
) -> None:
    db = make_db(tmp_path, fake, clock)
    names = [c["name"] for c in deck_cards(25)] + ["Delver of Secrets", "Valki, God of Lies"]
    report = db.prefetch(names, sizes=("normal", "small"))
    assert report.resolution.missing == []
    assert len(fake.paths("/cards/collection")) == 1
    assert report.images_downloaded == 26 * 2 + 2  # Delver has two faces; Valki has none
    assert report.requests == 1 + report.images_downloaded
    fake.clear()
    again = db.prefetch(names, sizes=("normal", "small"))
    assert fake.requests == [] and again.requests == 0
    assert again.images_ready == report.images_downloaded
    db.close()


def test_cache_clear_and_info(tmp_path: Path, fake: FakeScryfall, clock: FakeClock) -> None:
    db = make_db(tmp_path, fake, clock)
    db.prefetch(["Hill Giant"])
    info = db.cache.info()
    assert info.cards == 1 and info.images == 1 and info.image_bytes > 0
    db.cache.clear(images_only=True)
    assert db.cache.info().images == 0 and db.cache.count() == 1
    db.cache.clear()
    assert db.cache.count() == 0
    db.close()


def test_database_is_usable_from_threads(tmp_path: Path, fake: FakeScryfall,
                                         clock: FakeClock) -> None:
    from concurrent.futures import ThreadPoolExecutor

    db = make_db(tmp_path, fake, clock)
    db.resolve_many([c["name"] for c in deck_cards(10)])
    with ThreadPoolExecutor(4) as pool:
        hits = list(pool.map(lambda n: db.lookup_local(n), [c["name"] for c in deck_cards(10)] * 5))
    assert all(h is not None and h.source == "cache" for h in hits)
    db.close()


def test_sqlite_error_other_than_corruption_propagates(tmp_path: Path) -> None:
    cache = CardCache(tmp_path)
    with pytest.raises(sqlite3.OperationalError):
        cache._run(lambda conn: conn.execute("SELECT nope FROM cards"))
    assert cache.notices == []
    cache.close()
    assert os.path.exists(tmp_path / "cards.sqlite")


def test_card_database_settings_only(tmp_path: Path) -> None:
    db = CardDatabase(CardSettings(tmp_path, "http://127.0.0.1:9", offline=True))
    assert db.lookup_local("Surely Not A Card") is None
    db.close()
