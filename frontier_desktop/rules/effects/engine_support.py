"""Which of the read clauses the engine carries out today, and the per-card verdict.

The honesty rule: a card counts as **automated** only when every clause of its text is carried
out by the engine. Reading a clause is not enough; :data:`EXECUTED_BY_ENGINE` lists the clause
keys the engine really executes, and grows only as executors land (a test pins each entry to
the engine code that carries it out).

A clause key is ``"<where>:<what>"``: ``keyword:flying``, ``cost:tap_cost``,
``activated:add_mana``, ``spell:deal_damage``, ``triggered:draw``, ``static:pump``…
"""

from __future__ import annotations

import dataclasses
import re

from frontier_desktop.rules.effects.reader import PLACEHOLDER
from frontier_desktop.rules.effects.nodes import (
    ActivatedAbility, AddMana, CardReading, CostPart, Effect, Keyword, KeywordLine, ManaCost, Modal,
    Node, PayLifeCost, Regenerate, Restriction, SacrificeCost, SpellAbility, StaticAbility,
    Trigger, TriggeredAbility,
)

_ENGINE_KEYWORDS = (
    # rules/card.py reads these into Card.abilities / landwalk / landhome, and the Frontier
    # engine (frontier_board.py, frontier_combat.py, frontier.py) plays them.
    "flying", "trample", "banding", "first strike", "double strike", "deathtouch", "lifelink",
    "vigilance", "haste", "defender", "reach", "shadow", "flash",
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
    "plainshome", "islandhome", "swamphome", "mountainhome", "foresthome",
    # The Frontier rules treat "bands with other …" and "banding when attacking" as banding
    # (../shared/rules/frontier.md, Banding).
    "banding when attacking", "bands with other",
)

_COMBAT_TRIGGERS = ("attacks", "blocks", "attacks_or_blocks", "becomes_blocked",
                    "attacks_unblocked",  # fx-oneshots: an attack on the player (Frontier)
                    "blocks_or_blocked")

EXECUTED_BY_ENGINE: frozenset[str] = frozenset(
    {f"keyword:{k}" for k in _ENGINE_KEYWORDS} | {
        # Landhome in its old wording (card.py's _HOME_ORACLE_RE; frontier_board.py).
        "static:landhome",
        # Activated abilities (frontier.py _do_activate): costs the engine pays itself...
        "cost:mana_cost", "cost:tap_cost", "cost:pay_life_cost", "cost:sacrifice_self",
        # "Sacrifice a creature/artifact …": the activation names it (``sacrifice``).
        "cost:sacrifice_cost",
        # ... and the effects it carries out: mana abilities (rules/mana.py) and a
        # regeneration shield for the permanent itself.
        "activated:add_mana", "activated:regenerate_self",
        # "Activate only as an instant" says what every activation already is.
        "activated:restriction_instant",
        # Checked on activation (frontier_spells.activation_problem).
        "activated:restriction_once_each_turn", "activated:restriction_twice_each_turn",
        "activated:restriction_three_times_each_turn", "activated:restriction_sorcery",
        "activated:restriction_your_turn", "activated:restriction_upkeep",
        # "CARDNAME doesn't untap during your untap step" (frontier.py _untap, stays_tapped).
        "static:doesnt_untap",
        # A land on the Frontier board is a square, not a permanent with abilities: tapping it
        # makes one mana of a colour the card model knows (frontier.py _tap_for_mana). So a
        # land's "{T}: Add …" is carried out only when it costs just {T} and adds one mana of
        # a colour the card model lists (see land_mana_key()).
        "land_cost:tap_cost", "land:add_mana",
    } | {
        # The stack and the effect executors (rules/variants/frontier_spells.py): spells and
        # activated abilities with these effects resolve through the engine. A clause whose
        # form the executors don't follow gets a qualified key (see _qualifier) that is not
        # listed here, so it stays "not yet carried out".
        f"{where}:{what}" for where in ("spell", "activated", "triggered") for what in (
            "deal_damage", "pump", "destroy", "tap", "untap", "draw", "discard", "gain_life",
            "lose_life", "put_counters", "regenerate", "prevent_damage", "bounce",
            "counter_spell", "create_token", "modal", "delayed", "return_from_graveyard",
            "exile")
    } | {
        # Anthems and aura bonuses (frontier_board.own_pt through frontier_spells.static_bonus),
        # keywords gained until end of turn or granted by a static ability (has_ability).
        # "CARDNAME enters the battlefield tapped" (a permanent spell resolving).
        "static:enters_tapped",
        "static:pump", "activated:grant_keyword", "spell:grant_keyword", "static:grant_keyword",
        # Protection from a colour: targets refused (target_problem), damage from sources of
        # that colour prevented (frontier_combat._deal, the damage executor), auras refused;
        # Frontier has no blocking.
        *(f"keyword:protection from {c}" for c in ("white", "blue", "black", "red", "green")),
        "keyword:shroud", "keyword:hexproof",
        # Casting an aura: its "Enchant …" phrase is checked as a target (frontier.py
        # aura_problem); it attaches on resolution. Lands are squares on the Frontier board,
        # so "Enchant land" is not counted.
        "keyword:enchant creature", "keyword:enchant artifact", "keyword:enchant enchantment",
        "keyword:enchant permanent",
        # Triggered abilities (frontier_spells.fire_triggers): these triggers put the ability
        # on the stack; its effects are keyed ``triggered:…`` and qualified (see
        # trigger_qualifier) when they would need a target or the object that set it off.
        "trigger:upkeep", "trigger:enters", "trigger:dies", "trigger:cast", "trigger:dies_any",
        "trigger:deals_damage",
        "triggered:may_pay",
        # Combat triggers of the permanent itself (frontier_spells.fire_combat_triggers), set
        # off as the attack is declared, before its damage: in Frontier the attacked creatures
        # are the blockers and the attacking stack is "blocked" when it attacks creatures.
        *(f"trigger:{e}" for e in _COMBAT_TRIGGERS),
        # Flanking and rampage N (frontier_spells._flanking_and_rampage): the attacked
        # creatures are the blockers.
        "keyword:flanking", *(f"keyword:rampage {n}" for n in range(1, 10)),
    } | {
        # fx-oneshots (rules/variants/fx_oneshots.py; forms: effects/oneshots.py
        # oneshot_qualifier): put on top of a library, cards from graveyards, "its controller
        # creates", prevention (the next N, by a creature, a source of your choice), poison,
        # land tap/untap, counted amounts, life exchange, wheels, tutors, hands.
        f"{where}:{what}" for where in ("spell", "activated", "triggered") for what in (
            "put_on_library", "put_onto_battlefield", "exchange_life", "refill",
            "look_at_hand", "tap_or_untap", "put_from_hand", "search_library",
            "return_all_owned", "bounce_own", "shuffle_library", "exile_graveyard",
            "graveyard_to_bottom", "cant_regenerate", "look_top", "put_looked", "search_exile",
            "hand_to_top", "choose_from_hand", "discard_those", "graveyard_to_top", "may_draw",
            "exile_top_prevented", "if_colour", "named_token", "two_damage", "return_auras",
            "damage_those", "damage_each_plus", "damage_by_value", "exile_random_rest",
            "damage_evenly", "source_shield", "flyer_shield", "reveal_card", "if_land",
            "redirect_next", "discard_hand", "self_shield", "may_bottom")
    } | {"spell:additional_cost", "cost:discard_random", "cost:exile_top"})
"""Clause keys the engine carries out today (see the module docstring)."""


def clause_key(node: Node, where: str) -> str:
    """The registry key of one clause node read in an ability of kind *where*."""
    if isinstance(node, Keyword):
        if node.name.startswith("bands with other"):
            return "keyword:bands with other"
        return f"keyword:{node.name}"
    if isinstance(node, CostPart):
        from frontier_desktop.rules.effects.oneshots import cost_key

        own = cost_key(node)  # fx-oneshots (fx_oneshots.pay_oneshot_costs)
        if own is not None:
            return own
        if isinstance(node, SacrificeCost) and node.what.ref == "self":
            return "cost:sacrifice_self"
        if isinstance(node, SacrificeCost) and (
                node.what.spec is None or "land" in node.what.spec.noun.split("_or_")
                or node.what.spec.zone or node.what.spec.count != 1):
            return "cost:sacrifice_cost_other"  # lands are squares on the Frontier board
        if isinstance(node, ManaCost) and "X" in node.symbols:
            return "cost:mana_cost_x"
        if isinstance(node, PayLifeCost) and node.amount.var:
            return "cost:pay_life_cost_x"
        return f"cost:{node.kind}"
    if isinstance(node, Regenerate) and node.to.ref == "self":
        return f"{where}:regenerate_self"
    if isinstance(node, Restriction):
        return f"{where}:restriction_{node.when}"
    return f"{where}:{node.kind}{_qualifier(node, where)}"


def pay_pattern(effects: tuple[Effect, ...]) -> tuple[int, tuple[Effect, ...]] | None:
    """``(N, effects)`` for "you may pay {N}. If you do, <effects>" (None: another shape)."""
    from frontier_desktop.rules.effects import nodes as n

    if len(effects) != 2 or not isinstance(effects[0], n.May) or \
            not isinstance(effects[1], n.IfPaid) or not effects[1].did:
        return None
    inner = effects[0].effects
    if len(inner) != 1 or not isinstance(inner[0], n.PayMana) or inner[0].who is not None:
        return None
    found = re.fullmatch(r"\{(\d+)\}", inner[0].symbols)
    if found is None or int(found.group(1)) <= 0:
        return None
    return int(found.group(1)), effects[1].effects


def trigger_key(trigger: Trigger) -> str:
    """``trigger:<event>`` when the engine sets the trigger off in this form (see
    frontier_spells.fire_triggers), else a qualified key naming the form it doesn't follow."""
    event = trigger.event
    if event == "upkeep":
        if trigger.subject is None and trigger.whose in ("you", "each"):
            return "trigger:upkeep"
        return f"trigger:upkeep_{trigger.whose or 'other'}"
    if event in _COMBAT_TRIGGERS:
        if trigger.subject is not None and trigger.subject.ref == "self":
            return f"trigger:{event}"
        return f"trigger:{event}_other"
    if event == "deals_damage":
        if trigger.subject is not None and trigger.subject.ref == "self" and \
                trigger.to == "player" and trigger.by is None:
            return "trigger:deals_damage"  # "whenever CARDNAME deals damage to a player"
        return "trigger:deals_damage_other"
    if event == "cast":
        by = trigger.by
        if trigger.subject is None and trigger.whose in ("each", "you", "opponent") and (
                by is None or (by.noun == "spell" and not (
                    by.types or by.not_types or by.subtypes or by.not_colours or by.state
                    or by.controller or by.with_keywords or by.without_keywords))):
            return "trigger:cast"
        return "trigger:cast_other"
    if event in ("enters", "dies"):
        if trigger.subject is not None and trigger.subject.ref == "self" and trigger.by is None:
            return f"trigger:{event}"
        spec = trigger.subject.spec if trigger.subject is not None else None
        if event == "dies" and spec is not None and trigger.subject is not None and \
                trigger.subject.ref in ("chosen", "all") and trigger.by is None and \
                set(spec.noun.split("_or_")) <= {"creature", "artifact", "enchantment"} and \
                spec.controller in ("", "you", "opponent", "not_you") and not (
                    spec.types or spec.not_types or spec.subtypes or spec.state or spec.zone
                    or spec.with_keywords or spec.without_keywords or spec.other
                    or spec.power or spec.not_colours):
            return "trigger:dies_any"  # "whenever a creature (you control) dies"
        return f"trigger:{event}_other"
    return f"trigger:{event}"


def trigger_qualifier(node: Node, trigger: Trigger) -> str:
    """A suffix for a triggered effect the trigger's resolution doesn't follow: no target is
    asked for a triggered ability yet, "that"/"it" would name the object that set it off, and
    after "dies" the permanent itself is gone."""
    from frontier_desktop.rules.effects import nodes as n

    for child in node.walk():
        if isinstance(child, n.Selector):
            if child.ref == "target":
                return "_targeted"
            if child.ref == "that" and child.text.lower() == "that player" and \
                    trigger_key(trigger) == "trigger:deals_damage":
                continue  # the player dealt damage (the stack item's "that")
            if child.ref == "that" and child.text.lower() == "it" and \
                    trigger.subject is not None and trigger.subject.ref == "self" and \
                    trigger.event not in ("dies", "leaves"):
                continue  # "it": the permanent itself (the stack item's "that")
            if child.ref == "that" and child.text.lower() == "that player" and \
                    trigger_key(trigger) == "trigger:upkeep" and trigger.whose == "each" and \
                    isinstance(node, n.DealDamage):
                continue  # "each player's upkeep …, that player": the active player (fx-oneshots)
            if child.ref == "that" and child.text.lower() == "it" and \
                    isinstance(node, n.Exile) and trigger.event == "dies" and \
                    trigger.subject is not None and trigger.subject.ref == "self":
                continue  # "when CARDNAME dies, exile it": the card in the graveyard (fx-oneshots)
            if child.ref in ("that", "controller"):
                return "_that"
            if child.ref in ("self", "enchanted") and trigger.event in ("dies", "leaves"):
                return "_gone"
    return ""


def _untargeted() -> tuple[type, ...]:
    from frontier_desktop.rules.effects import nodes as n

    return (n.Draw, n.GainLife, n.LoseLife, n.DealDamage, n.CreateToken)


_UNTARGETED = _untargeted()

GRANTABLE = frozenset({
    "flying", "first strike", "double strike", "trample", "banding", "deathtouch", "lifelink",
    "vigilance", "defender", "shadow", "shroud", "hexproof",
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
    "protection from white", "protection from blue", "protection from black",
    "protection from red", "protection from green",
})
"""Keywords the engine honours when a creature gains them (frontier_board.has_ability,
Frontier.target_problem, protection's damage prevention)."""

_FOLLOWED_REFS = frozenset({"target", "self", "you", "each_player", "each_opponent", "opponent",
                            "that", "controller", "enchanted", "all"})
"""Selector refs the executors follow (frontier_spells._Context.objects)."""


def _qualifier(node: Node, where: str) -> str:
    """"" when the executors carry out *node* in this form; otherwise a suffix naming the
    form they don't follow yet (so the key is not in :data:`EXECUTED_BY_ENGINE`)."""
    from frontier_desktop.rules.effects import nodes as n
    from frontier_desktop.rules.effects.oneshots import oneshot_qualifier

    own = oneshot_qualifier(node, where)  # fx-oneshots: forms rules/variants/fx_oneshots.py runs
    if own is not None:
        return own
    if isinstance(node, (n.Modal, n.Unimplemented)):
        return ""
    if isinstance(node, n.Delayed):
        # Carried out at the next upkeep (frontier_spells.run_delayed) when what it does
        # needs no target and is itself carried out.
        if node.when != "next_upkeep" or any(
                not isinstance(e, _UNTARGETED) or _qualifier(e, where) for e in node.effects) \
                or any(isinstance(s, n.Selector) and s.ref in ("target", "that", "self",
                                                                "enchanted", "controller")
                       for e in node.effects for s in e.walk()):
            return "_nested"
        return ""
    if isinstance(node, n.PreventDamage) and node.amount.var == "all" and \
            node.duration == "end_of_turn" and node.by is None and (
                (node.to is None and node.combat_only) or (
                    node.to is not None and not node.combat_only
                    and node.to.ref in ("target", "self", "you"))):
        return ""  # Fog (frontier_combat._deal_strike); a shield of all damage (PREVENT_ALL)
    if isinstance(node, n.Effect):
        for child in node.walk():
            if child is node:
                continue
            if isinstance(child, n.Effect):
                return "_nested"
            if isinstance(child, n.Amount) and child.var not in ("", "X"):
                return "_variable"
            if isinstance(child, n.Selector) and child.ref not in _FOLLOWED_REFS:
                return f"_{child.ref}"
            if isinstance(child, n.TargetSpec) and ("land" in child.noun.split("_or_")
                                                    or child.zone):
                if isinstance(node, n.ReturnFromGraveyard) and child.zone in (
                        "graveyard", "your_graveyard") and "land" not in child.noun and \
                        node.destination in ("hand", "battlefield"):
                    continue  # a card from a graveyard back to hand or to the staging row
                return "_land" if not child.zone else "_zone"
    if isinstance(node, n.DealDamage) and (node.divided or node.source is not None):
        return "_divided" if node.divided else "_source"
    if isinstance(node, (n.Pump, n.GrantKeyword)) and any(
            k not in GRANTABLE for k in node.keywords):
        return "_keywords"
    if isinstance(node, n.GrantKeyword):
        if where == "static":
            if node.duration or node.to.ref not in ("enchanted", "all"):
                return "_conditional"
        elif node.duration != "end_of_turn":
            return "_lasting"
    if isinstance(node, n.Pump):
        if where == "static":
            if node.duration or node.to.ref not in ("enchanted", "all") or \
                    node.power.var or node.toughness.var:
                return "_conditional"
        elif node.duration != "end_of_turn":
            return "_lasting"
    if isinstance(node, n.Exile) and node.to.ref == "self" and where == "spell":
        return "_self"  # a spell exiling itself: not followed (it goes to the graveyard)
    if isinstance(node, n.PutCounters) and node.counter not in ("+1/+1", "-1/-1"):
        return "_other"  # poison and named counters: P/T counts only +1/+1 and -1/-1
    if where == "static" and isinstance(node, (n.Pump, n.GrantKeyword)) and \
            node.to.spec is not None and node.to.spec.state not in ("", "tapped", "untapped"):
        return "_conditional"  # "attacking creatures get …": not followed in a static
    if isinstance(node, n.ReturnFromGraveyard) and node.to.ref == "self":
        return "_self"  # an ability that works from the graveyard: only permanents activate
    if isinstance(node, n.DoesntUntap) and (node.to.ref != "self" or node.next_only):
        return "_other"
    if isinstance(node, n.EntersTapped) and node.to.ref != "self":
        return "_other"
    if isinstance(node, n.PreventDamage) and (node.to is None or node.by is not None
                                              or node.combat_only or node.amount.var):
        return "_other"
    if isinstance(node, n.CreateToken) and (node.who is not None
                                            or "Creature" not in node.types):
        return "_other"
    return ""


def land_mana_key(effect: AddMana, mana_colours: frozenset[str] | None) -> str:
    """``land:add_mana`` when the engine's land tapping makes exactly what *effect* adds."""
    single = all(re.fullmatch(r"\{[WUBRGC]\}", o) for o in effect.options)
    colours = {o.strip("{}") for o in effect.options}
    # A land the card model knows no colour for makes {C} (frontier.py _tap_for_mana).
    makes = (mana_colours or frozenset({"C"})) if mana_colours is not None else frozenset()
    if single and colours <= makes:
        return "land:add_mana"
    return "land:add_mana_unmodelled"


def clauses(reading: CardReading, *, land: bool = False,
            mana_colours: frozenset[str] | None = None) -> list[tuple[str, Node]]:
    """``(key, node)`` for every clause of the card, in text order.

    For a *land*, activated abilities are keyed ``land_cost:…`` / ``land:…``: the engine
    taps a land on the board for one mana of *mana_colours* (``Card.mana_colours``) and runs
    none of its other abilities.
    """
    out: list[tuple[str, Node]] = []

    def effects(items: tuple[Effect, ...], where: str) -> None:
        for effect in items:
            if isinstance(effect, Modal):
                out.append((f"{where}:modal", effect))
                for mode in effect.modes:
                    effects(mode.effects, where)
            else:
                out.append((clause_key(effect, where), effect))

    for ability in reading.abilities:
        if isinstance(ability, KeywordLine):
            out.extend((clause_key(k, "keyword"), k) for k in ability.keywords)
        elif isinstance(ability, ActivatedAbility) and land:
            out.extend((f"land_{clause_key(c, 'cost')}", c) for c in ability.cost)
            for effect in ability.effects:
                if isinstance(effect, AddMana):
                    out.append((land_mana_key(effect, mana_colours), effect))
                else:
                    effects((effect,), "land")
        elif isinstance(ability, ActivatedAbility):
            out.extend((clause_key(c, "cost"), c) for c in ability.cost)
            if any(isinstance(e, AddMana) for e in ability.effects):
                # A mana ability doesn't use the stack: the engine adds its mana and leaves
                # the rest of its text to the players (frontier.py _activate).
                for effect in ability.effects:
                    effects((effect,), "activated" if isinstance(effect, AddMana)
                            else "mana_ability")
            else:
                effects(ability.effects, "activated")
        elif isinstance(ability, TriggeredAbility):
            out.append((trigger_key(ability.trigger), ability.trigger))
            start = len(out)
            paying = pay_pattern(ability.effects)
            if paying is not None:
                # "You may pay {N}. If you do, …": a pay/decline choice
                # (frontier_spells.resolve_ability), then the effects.
                out.append(("triggered:may_pay", ability.effects[0]))
                effects(paying[1], "triggered")
            else:
                effects(ability.effects, "triggered")
            out[start:] = [(k + trigger_qualifier(node, ability.trigger)
                            if not k.endswith(":unimplemented") else k, node)
                           for k, node in out[start:]]
        elif isinstance(ability, SpellAbility):
            effects(ability.effects, "spell")
        elif isinstance(ability, StaticAbility):
            # A land is a square of the Frontier board: it never enters the battlefield or
            # gets static abilities carried out ("land_static" keys are not registered).
            effects(ability.effects, "land_static" if land else "static")
    return out


CARD_TYPES = ("creature", "instant", "sorcery", "enchantment", "artifact", "land")
"""The card types the report counts separately (a card is counted under its first match)."""


def card_type(type_line: str) -> str:
    """``"Artifact Creature — Golem"`` → ``"creature"``; ``"other"`` when none matches."""
    front = type_line.split("//")[0].split("—")[0].lower()
    for kind in CARD_TYPES:
        if re.search(rf"\b{kind}\b", front):
            return kind
    return "other"


@dataclasses.dataclass(frozen=True)
class CardVerdict:
    """What the engine does with one card."""

    name: str
    type: str
    unread: tuple[str, ...]
    """Clauses the reader couldn't read, as text."""
    not_executed: tuple[str, ...]
    """Clauses read but not yet carried out by the engine, as text."""

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def automated(self) -> bool:
        return not self.unread and not self.not_executed

    def to_wire(self) -> dict[str, object]:
        return {"name": self.name, "type": self.type, "read": self.read,
                "automated": self.automated, "unimplemented": list(self.unread),
                "not_executed": list(self.not_executed)}


def verdict(reading: CardReading, type_line: str,
            mana_colours: frozenset[str] | None = None) -> CardVerdict:
    """Whether the engine plays the card fully.

    *mana_colours* are the colours the engine's card model says a land makes
    (``Card.mana_colours``); ``None`` when unknown, and then no land ability counts as
    carried out.
    """
    unread: list[str] = list(reading.unimplemented())
    not_executed: list[str] = []
    words = list(unread)
    is_land = card_type(type_line) == "land"
    for key, node in clauses(reading, land=is_land, mana_colours=mana_colours):
        if key in EXECUTED_BY_ENGINE:
            continue
        if node.text in unread or key.endswith(":unimplemented") or key.endswith(
                ":unread_cost") or key == "trigger:unread":
            continue
        not_executed.append(node.text or key.split(":", 1)[-1].replace("_", " "))
    # Players read these: the card's own name, never the reader's placeholder.
    return CardVerdict(reading.name, card_type(type_line), _named(words, reading.name),
                       _named(not_executed, reading.name))


def _named(texts: list[str], name: str) -> tuple[str, ...]:
    return tuple(t.replace(PLACEHOLDER, name) for t in texts)
