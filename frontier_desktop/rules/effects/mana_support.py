"""Which mana and land clauses the engine carries out (fx-mana; see engine_support).

Pure functions of the read nodes, so that :mod:`engine_support` can key clauses without
importing the variants.
"""

from __future__ import annotations

from frontier_desktop.rules.effects.nodes import AddMana, Destroy, Effect, Tap, Untap


def land_target_problem(effect: Effect) -> str:
    """"" when the executors here follow *effect*'s land targets; else why not (a suffix of
    the clause key, see ``engine_support._qualifier``)."""
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
