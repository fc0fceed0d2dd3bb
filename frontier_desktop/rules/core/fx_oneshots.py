"""One-shot effect executors (fx-oneshots), mixed into :class:`Frontier` before SpellActions.

What they carry out (the forms: ``rules/effects/oneshots.py`` ``oneshot_qualifier``):

- zones: a permanent on top of its owner's library; cards from graveyards (exiled, onto the
  battlefield into the staging row of the spell's controller, on top of a library in the order
  named, the top one to the bottom); a player's graveyard exiled; "return all artifacts target
  player owns", "you both own and control", "CARDNAME and target …", auras on a permanent;
- libraries and hands (hidden: only the chooser sees the options): tutors; "search … for N
  cards and exile them"; "look at the top N" then keep / exile / put back in any order; Mind
  Warp; Brainstorm and Stunted Growth put-backs; Wheel of Fortune, Timetwister, Winds of Change;
  shuffles; look at a hand; reveals; land searches find nothing (Frontier libraries hold no
  lands, ../shared/rules/frontier.md) and "if it is (not) a land" reads the same way;
- tokens: "its controller / target opponent creates …", named tokens, X tokens;
- prevention and redirection: the next N (X) damage; all combat damage a target creature would
  deal (its power counts 0 in combat: Horn of Deafening); "the next time a … source of your
  choice would deal damage" (prevent, then gain / exile as much; reflect to its controller;
  Eye for an Eye; all but 1), CARDNAME's own next damage, flyers' damage this turn, "the next
  N damage … is dealt to CARDNAME instead" — shields in ``state.extra["fx_shields"]`` used by
  :func:`shield_prevents` wherever damage is dealt;
- poison counters for players (``state.extra["fx_poison"]``; ten lose the game);
- tap / untap a target land (a square: ``tapped_by`` is the land's controller, or the caster
  when nobody stands on it) and "(you may) tap or untap";
- counted amounts (:func:`amount_of`): mana value, the sacrificed creature's power/toughness,
  power (last known once sacrificed), lands you / they control by type, cards in hand,
  creatures of a colour, attackers, creatures that died this way, half your life, X plus N;
- damage: divided among any number of targets (one target slot per point), two-part, evenly,
  "each … and an additional N to each …", to "each of those with flying", Tracker's exchange;
  "if it's <colour>" destroy/counter; Gravebind's "can't be regenerated this turn";
- "may draw" for the other player; costs: "pay N (X) life" and "sacrifice a creature" as
  additional costs of a spell, "Discard a card at random", "Exile the top N cards of your
  library".

A ``choice`` of this module carries ``"prompt"`` (what is asked, in words) and ``"_fx"`` (the
engine's bookkeeping, never shown; a hidden card's options live in ``"_options"``, shown by
views.py to the chooser only); it is answered by ``choose`` with an option (its text or its
index) through :meth:`OneShotActions.answer_oneshot`. A choice asked while a spell resolves
waits: the clauses after it have already run (they never depend on the answer here).
"""

from __future__ import annotations

from frontier_desktop.rules.core.amounts import POISON_LIMIT, amount_of, poison, silenced
from frontier_desktop.rules.core.life import shield_prevents
from frontier_desktop.rules.core.fx_oneshots_damage import OneShotDamage
from frontier_desktop.rules.core.fx_oneshots_zones import OneShotZones


class OneShotActions(OneShotZones, OneShotDamage):
    """The fx-oneshots executors; :class:`Frontier` lists this mixin before SpellActions."""

    LAND_EXECUTORS = frozenset({"tap", "untap", "tap_or_untap"})
    """Effects whose executors take a land's square as a target."""


__all__ = ["OneShotActions", "POISON_LIMIT", "amount_of", "poison", "shield_prevents",
           "silenced"]
