"""Card data: the bundled pool, the Scryfall client and the local cache. No pygame."""
