"""Army Magic (``shared/rules/army.md``): only what Army Magic changes of normal Magic.

- :mod:`.board` — the joined 6x5 board, land control and land life, home bases, units, range
  and the area of effect (:class:`ArmyWhere`, its answers to the core);
- :mod:`.setup` — the army's sections laid out, the hidden treasure;
- :mod:`.mana` — tapping controlled lands;
- :mod:`.combat` — one land against an adjacent enemy land: blocks on the attacked land,
  damage beyond to the land's life, capture, retreat;
- :mod:`.carrying` — the artifacts a unit carries (``carried_by``, ``pick_up``), dropped on
  its land when their creature leaves;
- :mod:`.control` — changes of control (to the new controller's nearest land) and what a gain
  or a loss of life does to each land;
- :mod:`.spells`, :mod:`.legal`, :mod:`.manual`, :mod:`.actions` — casting in range, life on
  lands, the legal actions, the manual actions, Army's own actions;
- :mod:`.loading` — a position's defaults and the positions refused;
- :mod:`.variant` — :class:`Army`, the turn and the actions put together.

Normal Magic (blocking legality, damage, the stack, effects) is the core's (``rules/core``).
"""

