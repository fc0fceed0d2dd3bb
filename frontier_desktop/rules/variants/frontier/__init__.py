"""Frontier Magic (``shared/rules/frontier.md``): only what Frontier changes of normal Magic.

- :mod:`.board` — the pooled land grid, home rows and staging rows, terrain bonuses, banding
  stacks, landwalk and landhome as moves, the core's answers (:class:`FrontierWhere` is in
  :mod:`.combat`);
- :mod:`.setup` — dealing the lands face down, the first hand;
- :mod:`.mana` — tapping the land a creature stands on;
- :mod:`.attack` and :mod:`.combat` — attacking an adjacent creature or the player, the
  attacked creature as the blocker, trample onward, where damage beyond goes;
- :mod:`.cast` and :mod:`.legal` — casting into the staging row, the legal actions;
- :mod:`.manual` — the logged manual actions for card text the engine can't play;
- :mod:`.variant` — :class:`Frontier`, the turn and the actions put together.

Normal Magic (blocking, damage, the stack, effects) is the core's (``rules/core``).
"""

