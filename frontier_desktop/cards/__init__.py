"""Card data: the bundled pool, the Scryfall client and the local cache. No pygame.

What the rest of the program calls (import from the submodules; this package imports nothing
so that ``frontier_desktop.cards.pool`` stays cheap):

* :class:`frontier_desktop.cards.database.CardDatabase` — the layered look-up
  (user cache → bundled pool → Scryfall): ``lookup(name)``, ``lookup_local(name)``,
  ``resolve_many(names)``, ``prefetch(names)``, ``image_path(card, size, face)``,
  ``symbol_svg(symbol)``, ``search_local(query)``, ``search_online(query)``, ``close()``.
  Build it with ``CardDatabase(CardSettings.from_env())``.
* :class:`frontier_desktop.cards.model.CardData` — a Scryfall card object (ids, printing,
  layout, faces, images); ``to_rules_card()`` gives the rules engine's ``Card``.
* :mod:`frontier_desktop.cards.errors` — every failure is a ``CardDataError`` with a message a
  player can read.
"""
