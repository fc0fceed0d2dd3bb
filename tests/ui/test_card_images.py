"""Card images come from the card cache (loaded off the draw path); proxies are the fallback."""

from __future__ import annotations

from pathlib import Path

import pygame

from frontier_desktop.cards.cache import CardCache
from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.ui import games
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.screenshot import settle

from .helpers import FIXTURES

MAGENTA = (230, 20, 200)
CYAN = (20, 220, 230)


def _cache_card(root: Path, name: str, colour: tuple[int, int, int], kinds: tuple[str, ...],
                card_id: str) -> None:
    """Put *name* into the cache with image URIs and a generated one-colour PNG per kind."""
    obj = dict(BundledPool.load().get(name))
    obj["id"] = card_id
    obj["image_uris"] = {k: f"https://cards.example/{k}/{card_id}.png" for k in
                         ("small", "normal", "art_crop")}
    cache = CardCache(root)
    try:
        cache.put([obj])
        for kind in kinds:
            path = cache.image_path(card_id, kind, 0, url=obj["image_uris"][kind])
            path.parent.mkdir(parents=True, exist_ok=True)
            img = pygame.Surface((122, 170) if kind == "normal" else (120, 90))
            img.fill(colour)
            pygame.image.save(img, str(path))
    finally:
        cache.close()


def _table(app) -> TableScene:
    session = games.session_from_position(FIXTURES / "skirmish.json")
    table = TableScene(app, session, seat=0, hotseat=False)
    app.scenes.push(table)
    settle(app)
    return table


def _near(colour: pygame.Color, want: tuple[int, int, int], tol: int = 30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour[:3], want))


def test_lands_and_tokens_use_cached_images(app) -> None:
    root = Path(app.settings.cache_dir)
    _cache_card(root, "Forest", MAGENTA, ("normal",), "forest-test-id")
    _cache_card(root, "Llanowar Elves", CYAN, ("normal", "art_crop"), "elves-test-id")
    table = _table(app)
    frame = pygame.Surface(app.size)
    app.draw(frame)
    # the Forest at r1c2 (no token on it) shows the cached image, not the proxy
    rect = table.renderer.square_rect((0, 1))
    assert _near(frame.get_at((rect.centerx, rect.centery)), MAGENTA)
    # the elf token shows its art crop
    elf = table.renderer.sprites["elf"]
    assert _near(frame.get_at((elf.home[0], elf.home[1] - elf.radius // 3)), CYAN)
    # a Plains (nothing cached) is still the drawn proxy
    plains = table.renderer.square_rect((0, 3))
    assert not _near(frame.get_at(plains.center), MAGENTA)
    # the hand card and the zoom use the full image
    rect, _, name = next(h for h in table.renderer.hand_rects if h[2] == "Llanowar Elves")
    assert _near(frame.get_at((rect.centerx, rect.centery)), CYAN)


def test_no_cache_draws_proxies_and_never_crashes(app, tmp_path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    app.settings.cache_dir = str(blocker)
    app.apply_settings()
    table = _table(app)
    assert table.renderer.static is not None
    assert app.art.has_image("Forest") is False
    frame = pygame.Surface(app.size)
    app.draw(frame)  # proxies everywhere


def test_hybrid_symbols_are_split_and_multicolour_art_shows_each_colour(app) -> None:
    """A {R/G} symbol is half red, half green; a red-green card's art shows both colours."""
    from frontier_desktop.ui.theme import MANA_COLOURS

    sym = app.images.mana_symbol("R/G", 40)
    assert sym.get_at((5, 20))[:3] == MANA_COLOURS["R"]  # left half, clear of the letter
    assert sym.get_at((35, 20))[:3] == MANA_COLOURS["G"]
    from frontier_desktop.cards.pool import BundledPool

    card = BundledPool.load().card("Boggart Ram-Gang")
    art = app.images._art_symbols(card, "M", 60)
    assert art.get_width() > art.get_height()  # two symbols side by side, not one grey "C"
