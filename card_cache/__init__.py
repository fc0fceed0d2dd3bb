"""The bundled card pool, shipped inside the package as ``frontier_desktop._card_cache`` (see
setup.py and ``frontier_desktop.resources``)."""
