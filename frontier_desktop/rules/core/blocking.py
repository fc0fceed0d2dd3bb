"""Who may block whom: normal Magic's blocking rules, written once for every variant.

:func:`block_problem` answers one blocker against one attacker (tapped creatures, "can't
block", "can't be blocked (except by …)", flying and reach, horsemanship, shadow, fear,
intimidate, landwalk, protection, then what the variant adds through
:meth:`Where.block_problem`). :func:`min_blockers` and :func:`lone_blocks` are the rules that
count blockers (menace, "can't be blocked except by three or more creatures"), checked once
the defender is done; :func:`max_blockers` the "by more than N creatures" limit.

Each answer is a sentence for the player ("Serra Angel has flying: only a creature with flying
or reach can block it"), so a refusal and the table's hint say the same thing.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.keywords import has_keyword, landwalks, protected_against
from frontier_desktop.rules.state import GameState, Permanent


def spec_words(spec: Any) -> str:
    """A target spec in a player's words, plural: "Walls", "black creatures", "creatures with
    power 2 or less"."""
    if spec.subtypes:
        noun = " or ".join(f"{t}s" for t in spec.subtypes)
    else:
        noun = " or ".join(f"{n}s" for n in str(spec.noun).split("_or_"))
    words = [*(f"non{c}" for c in spec.not_colours), *spec.colours, *spec.types, noun]
    text = " ".join(words)
    if spec.with_keywords:
        text += " with " + " and ".join(spec.with_keywords)
    if spec.power:
        op, value = spec.power[:2], spec.power[2:]
        text += f" with power {value} or {'less' if op == '<=' else 'greater'}"
    return text


def _statics_on(state: GameState, where: Where, perm: Permanent,
                names: frozenset[str], kinds: tuple[type, ...]) -> list[Any]:
    """The static effects of *kinds* on the battlefield that reach *perm* (an "all …" one
    only within the variant's area of effect)."""
    from frontier_desktop.rules.effects.nodes import Selector
    from frontier_desktop.rules.core import fx_statics

    out: list[Any] = []
    for source in fx_statics._sources(state, names):
        for effect in fx_statics._statics(state.card(source.id)):
            to = getattr(effect, "to", None)
            if isinstance(effect, kinds) and isinstance(to, Selector) and \
                    fx_statics.applies(state, source, to, perm) and (
                        to.ref != "all" or where.reaches(state, source, perm)):
                out.append(effect)
    return out


def _matches(state: GameState, where: Where, spec: Any, obj: Permanent, seat: int,
             source: str) -> bool:
    """Whether *obj* fits *spec* ("Walls", "creatures with power 2 or less") for *seat*, its
    power with the variant's board (``where.pt``)."""
    from frontier_desktop.rules.core.fx_statics import spec_matches

    return spec_matches(state, spec, obj, seat, source, pt=lambda perm: where.pt(state, perm))


def cant_block_problem(state: GameState, where: Where, blocker: Permanent,
                       attacker: Permanent | None = None) -> str | None:
    """Why *blocker* can't block at all, or can't block *attacker* by its own restrictions
    ("can't block", Pacifism, "can't block creatures with power 2 or less"); None: it may."""
    from frontier_desktop.rules.effects.nodes import CantBlock
    from frontier_desktop.rules.effects.templates_statics import BlockRule, CantAttackOrBlock
    from frontier_desktop.rules.core import fx_statics

    name = state.name(blocker.id)
    if fx_statics._marked(blocker, "cant_block", "cant_attack_or_block"):
        return f"{name} can't block this turn"
    names = fx_statics.facts(state).blocking
    if not names:
        return None
    for effect in _statics_on(state, where, blocker, names,
                              (CantBlock, CantAttackOrBlock, BlockRule)):
        if isinstance(effect, (CantBlock, CantAttackOrBlock)):
            return f"{name} can't block"
        if attacker is None:
            continue
        if effect.rule == "cant_block" and effect.spec is not None and _matches(
                state, where, effect.spec, attacker, blocker.controller, blocker.id):
            return f"{name} can't block {spec_words(effect.spec)}"
        if effect.rule == "cant_block_own_toughness" and \
                where.pt(state, attacker)[0] >= where.pt(state, blocker)[1]:
            return f"{name} can't block a creature with power at least its toughness"
    return None


def unblockable_problem(state: GameState, where: Where, blocker: Permanent,
                        attacker: Permanent) -> str | None:
    """Why *attacker* can't be blocked by *blocker*: its evasion ("can't be blocked",
    flying, shadow, fear, landwalk, protection …); None: it can."""
    from frontier_desktop.rules.effects.nodes import CantBeBlocked
    from frontier_desktop.rules.effects.templates_statics import BlockRule
    from frontier_desktop.rules.core import fx_statics

    a_name, b_name = state.name(attacker.id), state.name(blocker.id)
    seat = attacker.controller
    if fx_statics._marked(attacker, "cant_be_blocked"):
        return f"{a_name} can't be blocked this turn"
    for mark in attacker.granted:
        if mark.startswith(fx_statics._EXCEPT_BY):  # "can't be blocked except by Walls"
            spec = fx_statics._mark_spec(mark[len(fx_statics._EXCEPT_BY):])
            if spec is not None and not _matches(state, where, spec, blocker, seat, attacker.id):
                return f"{a_name} can't be blocked this turn except by {spec_words(spec)}"
    names = fx_statics.facts(state).blocking
    if names:
        for effect in _statics_on(state, where, attacker, names, (CantBeBlocked, BlockRule)):
            if isinstance(effect, CantBeBlocked):
                if effect.by is None:
                    return f"{a_name} can't be blocked"
                if _matches(state, where, effect.by, blocker, seat, attacker.id):
                    return f"{a_name} can't be blocked by {spec_words(effect.by)}"
            elif effect.rule == "except_by" and effect.spec is not None and not _matches(
                    state, where, effect.spec, blocker, seat, attacker.id):
                return f"{a_name} can't be blocked except by {spec_words(effect.spec)}"

    def has(perm: Permanent, keyword: str) -> bool:
        return has_keyword(state, where, perm.id, keyword)

    if has(attacker, "flying") and not (has(blocker, "flying") or has(blocker, "reach")):
        return f"{a_name} has flying: only a creature with flying or reach can block it"
    if has(attacker, "horsemanship") and not has(blocker, "horsemanship"):
        return f"{a_name} has horsemanship: only a creature with horsemanship can block it"
    if has(attacker, "shadow") and not has(blocker, "shadow"):
        return f"{a_name} has shadow: only a creature with shadow can block it"
    if has(blocker, "shadow") and not has(attacker, "shadow"):
        return f"{b_name} has shadow: it can block only creatures with shadow"
    card = state.card(blocker.id)
    if has(attacker, "fear") and "Artifact" not in card.types and "B" not in card.colors:
        return f"{a_name} has fear: only an artifact or black creature can block it"
    if has(attacker, "intimidate") and "Artifact" not in card.types and not (
            set(card.colors) & set(state.card(attacker.id).colors)):
        return f"{a_name} has intimidate: only an artifact creature or one sharing a colour " \
               f"with it can block it"
    for land_type in sorted(landwalks(state, where, attacker)):
        if where.walk_counts(state, attacker, blocker, land_type):
            walk = land_type.lower() + "walk"
            return f"{a_name} has {walk}: it can't be blocked here (a {land_type})"
    protection = protected_against(state, attacker, blocker.id)
    if protection is not None:
        return f"{a_name} has {protection}: {b_name} can't block it"
    return None


def block_problem(state: GameState, where: Where, blocker: Permanent,
                  attacker: Permanent) -> str | None:
    """Why *blocker* may not block *attacker* now (None: it may): untapped creatures block;
    the blocker's restrictions, the attacker's evasion, then the variant's own rules."""
    name = state.name(blocker.id)
    if not state.card(blocker.id).is_creature:
        return f"{name} is not a creature"
    if blocker.tapped:
        return f"{name} is tapped: only untapped creatures block"
    return (cant_block_problem(state, where, blocker, attacker)
            or unblockable_problem(state, where, blocker, attacker)
            or where.block_problem(state, blocker, attacker))


def min_blockers(state: GameState, where: Where, attacker: Permanent) -> int:
    """The fewest creatures that may block *attacker* (menace: 2; "except by three or more
    creatures": 3); 1 when nothing says otherwise."""
    from frontier_desktop.rules.effects.templates_statics import BlockRule
    from frontier_desktop.rules.core import fx_statics

    least = 2 if has_keyword(state, where, attacker.id, "menace") else 1
    names = fx_statics.facts(state).blocking
    if names:
        for effect in _statics_on(state, where, attacker, names, (BlockRule,)):
            if effect.rule == "min_blockers":
                least = max(least, int(effect.count))
    return least


def max_blockers(state: GameState, where: Where, attacker: Permanent) -> int | None:
    """The most creatures that may block *attacker* ("can't be blocked by more than one
    creature"); None: no limit."""
    from frontier_desktop.rules.effects.templates_statics import BlockRule
    from frontier_desktop.rules.core import fx_statics

    names = fx_statics.facts(state).blocking
    if not names:
        return None
    limits = [int(e.count) for e in _statics_on(state, where, attacker, names, (BlockRule,))
              if e.rule == "max_blockers"]
    return min(limits) if limits else None


def count_problem(state: GameState, where: Where, attacker: Permanent,
                  count: int) -> str | None:
    """Why *count* blockers on *attacker* is not allowed (None: it is; 0 always is)."""
    if count == 0:
        return None
    name = state.name(attacker.id)
    least = min_blockers(state, where, attacker)
    if count < least:
        why = "menace" if least == 2 and has_keyword(state, where, attacker.id, "menace") \
            else f"it can't be blocked except by {least} or more creatures"
        if why == "menace":
            return f"{name} has menace: it can't be blocked except by two or more creatures"
        return f"{name}: {why}"
    most = max_blockers(state, where, attacker)
    if most is not None and count > most:
        return f"{name} can't be blocked by more than {most} creature" + \
               ("s" if most != 1 else "")
    return None


def lone_blocks(state: GameState, where: Where,
                blocks: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """The declared *blocks* (blocker, attacker) that the blocker-counting rules undo once
    the defender is done: every block on an attacker blocked by fewer creatures than it needs
    (menace), as ``(blocker, attacker, reason)``."""
    out: list[tuple[str, str, str]] = []
    by_attacker: dict[str, list[str]] = {}
    for blocker, attacker in blocks:
        by_attacker.setdefault(attacker, []).append(blocker)
    for attacker, blockers in by_attacker.items():
        perm = state.perms.get(attacker)
        if perm is None:
            continue
        problem = count_problem(state, where, perm, len(blockers))
        if problem is not None and len(blockers) < min_blockers(state, where, perm):
            out.extend((b, attacker, problem) for b in blockers)
    return out


def could_be_blocked(state: GameState, where: Where, attacker: Permanent,
                     candidates: list[Permanent]) -> bool:
    """Whether enough of *candidates* may block *attacker* for a block on it to stand
    (menace needs two of them)."""
    able = sum(1 for b in candidates if block_problem(state, where, b, attacker) is None)
    return able >= min_blockers(state, where, attacker)
