"""Magic: the War Game (``shared/rules/wargame.md``): only what it changes of normal Magic.

- :mod:`.board` — the 3x5 terrains and the strongholds beside them;
- :mod:`.spells` — supply instead of mana, the removed pile, the War Game's reach, the
  terrain bonus and the core's answers (:class:`WarGameWhere`);
- :mod:`.combat` — a combat in every terrain where sides meet: each side's power divided
  among the other side's creatures, in first-strike and regular steps;
- :mod:`.actions` — ``heal`` and ``tap_attacker``;
- :mod:`.variant` — :class:`WarGame`, the turn, movement, healing, strongholds.

Normal Magic (damage, the stack, effects) is the core's (``rules/core``).
"""

