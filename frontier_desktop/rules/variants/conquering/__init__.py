"""Magic: the Conquering (``shared/rules/conquering.md``): only what it changes of normal Magic.

- :mod:`.board` — the 3x3, triangle and 3x5 boards, areas and strongholds, conquer values;
- :mod:`.spells` — casting from the mana pool, the Conquering's reach, the area bonuses and
  the core's answers (:class:`ConqueringWhere`);
- :mod:`.combat` — conquering an area: blocks by every other player there, damage to the
  conquer value, capture;
- :mod:`.actions` — the ``conquer`` action;
- :mod:`.variant` — :class:`Conquering`, the turn, movement, elimination and winning.

Normal Magic (blocking legality, damage, the stack, effects) is the core's (``rules/core``).
"""

