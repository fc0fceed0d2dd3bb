"""Which forms of mana effects, land targets and land searches the executors follow (fx-mana).

The key suffixes :func:`.clause_keys._qualifier` asks for first: :func:`mana_qualifier` for
fx-mana's own effect nodes, :func:`land_target_problem` for an effect on a land square,
:func:`spell_mana_problem` for a spell's "Add …", :func:`is_land_search` for a search that
finds only lands. Pure functions of the read nodes; :mod:`.mana_support` re-exports them.
"""

from __future__ import annotations

from frontier_desktop.rules.effects.mana_nodes import (
    AddManaPerCard, IfSnowLand, ManaForEachCard, ManaShort, ProducesColourless,
)
from frontier_desktop.rules.effects.nodes import (
    AddMana, DealDamage, Destroy, Effect, GainLife, Node, PutCounters, SearchLibrary, Tap,
    TargetSpec, Untap,
)


def land_target_problem(effect: Effect) -> str:
    """"" when the executors here follow *effect*'s land targets; else why not (a suffix of
    the clause key, see ``clause_keys._qualifier``)."""
    sel = getattr(effect, "to", None)
    if not isinstance(effect, (Destroy, Tap, Untap)) or sel is None or sel.ref != "target":
        return "_land_other"  # "destroy all lands": mass land destruction is not supported
    spec = sel.spec
    if spec is None or spec.zone or spec.count != 1 or spec.count_var or spec.up_to:
        return "_land_other"
    return ""


def spell_mana_problem(effect: AddMana) -> str:
    """"" when a spell's "Add …" is carried out (one fixed option), else a key suffix."""
    return "" if len(effect.options) == 1 else "_choice"


BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def is_land_search(effect: SearchLibrary) -> bool:
    """"Search your library for a basic land card / a land card / an Island or Swamp card …,
    then shuffle" (Rampant Growth, Bad River): the library of a Frontier player holds no lands
    (they make the board), so the search finds nothing and the library is shuffled
    (fx_oneshots_zones.OneShotZones._exec_search_library). The one test of a land search: the
    clause key (clause_keys._qualifier) and the executor both ask it."""
    return effect.who.ref == "you" and is_lands_only(effect.card)


def is_lands_only(spec: TargetSpec) -> bool:
    """"a basic land card", "a land card", "an Island or Swamp card": only lands."""
    if set(spec.noun.split("_or_")) == {"land"}:
        return True
    return "land" in spec.types or (bool(spec.subtypes) and set(spec.subtypes) <= BASIC_LAND_TYPES)


def mana_qualifier(node: Node) -> str | None:
    """The key suffix of fx-mana's own effect forms (None: not one of them)."""
    if isinstance(node, PutCounters) and node.to.ref == "self" and \
            node.counter not in ("+1/+1", "-1/-1", "poison") and not node.amount.var:
        return "_named_self"  # a charge counter on the permanent itself
    if isinstance(node, IfSnowLand):
        # After "Destroy target land": you gain life, or damage to the player whose
        # creatures stand on the square (that land's controller).
        ok = len(node.effects) == 1 and (
            (isinstance(node.effects[0], GainLife) and node.effects[0].who.ref == "you"
             and not node.effects[0].amount.var)
            or (isinstance(node.effects[0], DealDamage) and not node.effects[0].amount.var
                and node.effects[0].source is None and not node.effects[0].divided
                and [t.ref for t in node.effects[0].to] == ["controller"]))
        return "" if ok else "_other"
    if isinstance(node, ProducesColourless):
        spec = node.to.spec
        ok = node.to.ref == "target" and spec is not None and spec.count == 1 and \
            not spec.up_to and len(spec.subtypes) == 1
        return "" if ok else "_other"
    if isinstance(node, (ManaShort, ManaForEachCard)):
        return "" if node.who.ref == "target" else "_other"
    if isinstance(node, AddManaPerCard):
        spec = node.card
        simple = spec.noun == "card" and bool(spec.types) and not (
            spec.colours or spec.not_colours or spec.not_types or spec.subtypes or spec.zone
            or spec.controller)
        return "" if simple else "_complex"
    return None
