"""The Magic core: normal Magic written once, for every variant.

What is the same in Frontier, Army Magic, the Conquering and the War Game lives here, and a
variant only says *where* through two declared hook objects, :class:`~.hooks.Where` (the
board's questions) and :class:`~.engine_hooks.VariantHooks` (the effects engine's):

- :mod:`.hooks` — the interface a variant implements (P/T with its terrain, the area of
  effect of statics, which land counts for landwalk, where blockers stand, where a
  regenerated creature goes);
- :mod:`.keywords` — which keywords a permanent has now, and what its protection stops;
- :mod:`.blocking` — who may block whom (evasion, "can't block", protection, menace);
- :mod:`.attacking` — what may attack (defender, "can't attack", Pacifism, sickness, haste,
  vigilance);
- :mod:`.damage` — combat damage: first and double strike steps, lethal damage and
  deathtouch, prevention (Fog, protection, shields), damage to planeswalkers;
- :mod:`.sba` — state-based actions: lethal damage, toughness 0, indestructible, 0 loyalty,
  destruction and regeneration;
- :mod:`.planeswalkers` — loyalty on entering, loyalty abilities once a turn at sorcery speed;
- :mod:`.equipment` — Equip, the equipped creature's bonus, unattached when it leaves;
- :mod:`.magic` — the effects engine as one object a variant holds (``variant.magic``): the
  stack and priority, targets, costs, triggers, executors (``spell_*``, ``fx_*``,
  :mod:`.decisions`, :mod:`.turns`), asking the variant only through
  :mod:`.engine_hooks`;
- :mod:`.manual` and :mod:`.consent` — the manual actions (card text the players carry out
  by hand, logged for all) and the consent rule over LAN (every other seat, clockwise), the
  variant answering only where (``manual_*`` hooks, ``put_onto_battlefield``, ``draw``);
- parts two variants share: :mod:`.strongholds` and :mod:`.pool_spells` (the Conquering, the
  War Game), the land squares of :mod:`.fx_mana` and :mod:`.land_mana` (Frontier).

The core imports no variant; where damage "beyond" goes, who divides it and where things
stand are the variant's (``rules/variants/<name>``).
"""
