"""The card model the rules engine plays with.

A :class:`Card` is the immutable oracle data of one card (not one physical copy): the handful
of Scryfall fields the engine needs plus what is derived from them (card types, land types,
the colours a land makes, the keyword abilities the variants change). It is built from a
Scryfall-shaped mapping with :meth:`Card.from_scryfall`, so the bundled pool, the user cache,
position files and tests all speak Scryfall's field names.

Pure Python: no I/O, no pygame.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from frontier_desktop.rules.errors import InvalidCardError
from frontier_desktop.rules.mana import parse_mana_effect

COLOURS = ("W", "U", "B", "R", "G")
"""Magic's five colours in WUBRG order."""

BASIC_LAND_COLOUR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The colour of mana each basic land type makes."""

_SIMPLE_KEYWORDS = {
    "flying": "flying",
    "trample": "trample",
    "banding": "banding",
    "bands with other": "banding",
    "banding when attacking": "banding",
    "shadow": "shadow",
    "vigilance": "vigilance",
    "haste": "haste",
    "defender": "defender",
    "first strike": "first_strike",
    "double strike": "double_strike",
    "deathtouch": "deathtouch",
    "lifelink": "lifelink",
    "reach": "reach",
    # fx-statics: blocking keywords (rules/core/fx_statics.py); flanking is also read by
    # the effects reader (spell_reading.combat_keywords).
    "fear": "fear",
    "menace": "menace",
    "flanking": "flanking",
    "regenerate": "regeneration",
    "regeneration": "regeneration",
    # The Magic core (rules/core/): evasion and survival every variant plays.
    "intimidate": "intimidate",
    "horsemanship": "horsemanship",
    "indestructible": "indestructible",
}
"""Scryfall keyword (lower case) → the engine's ability name."""

ABILITIES = frozenset(_SIMPLE_KEYWORDS.values())
"""Every simple ability name the engine knows (landwalk and landhome are kept apart)."""

_LAND_TYPE_WORDS = {
    "plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain",
    "forest": "Forest", "desert": "Desert", "lair": "Lair", "locus": "Locus",
    "gate": "Gate", "cave": "Cave", "sphere": "Sphere", "town": "Town", "urza's": "Urza's",
}
_WALK_RE = re.compile(r"^(?P<type>[a-z']+?)walk$")
_HOME_RE = re.compile(r"^(?P<type>[a-z']+?)home$")
_HOME_ORACLE_RE = re.compile(
    r"when you control no (?P<type>plains|islands|swamps|mountains|forests), sacrifice",
    re.IGNORECASE,
)
_PT_RE = re.compile(r"^\s*([+-]?\d+)")

LOYALTY_COST_RE = re.compile(r"^(?P<sign>[+\u2212-]?)(?P<n>\d+|X)$")
"""A planeswalker's loyalty cost as printed before the colon: ``+1``, ``−2`` (Unicode minus,
as Scryfall prints it), ``-2``, ``−X``, ``0``."""

EQUIP_RE = re.compile(
    r"^Equip(?P<what>(?: [A-Za-z][\w'-]*)*?)"
    r"(?: ?[\u2014-] ?(?P<long>[^.]+?)| (?P<cost>(?:\{[^}]+\})+))\.?$")
"""An "Equip {N}" line (also "Equip legendary creature {1}", "Equip—Pay 3 life"): the
keyword of an activated ability (rule 702.6)."""


def loyalty_cost(text: str) -> str:
    """The loyalty cost *text* in the engine's notation (``"+1"``, ``"-2"``, ``"-X"``, ``"0"``),
    or "" when it is no loyalty cost."""
    match = LOYALTY_COST_RE.match(text.strip())
    if match is None:
        return ""
    sign = match.group("sign").replace("\u2212", "-")
    number = match.group("n")
    if number == "0" and not sign:
        return "0"
    if not sign:
        return ""
    return sign + number


@dataclasses.dataclass(frozen=True)
class ActivatedAbility:
    """One "cost: effect" line of a card's rules text."""

    cost: str
    """The cost as printed, e.g. ``"{G}"`` or ``"{T}"`` or ``"{1}, {T}, Sacrifice a land"``."""
    effect: str
    """The effect text, e.g. ``"Regenerate Drudge Skeletons."``."""
    regenerates_self: bool = False
    """Whether the effect gives this permanent itself a regeneration shield."""
    mana: tuple[str, ...] = ()
    """For a mana ability the engine can read: the mana it adds, one entry per choice the text
    offers, in pool notation (``("{G}",)``, ``("{R}", "{G}")``, ``("{C}{C}",)``). Empty otherwise
    (see :attr:`adds_mana` for a mana ability the engine can't read)."""
    mana_note: str = ""
    """Text of a mana ability after its "Add …" sentence, left to the players ("" when none)."""
    sacrifices_self: bool = False
    """The cost sacrifices this permanent ("Sacrifice Black Lotus")."""
    life_cost: int = 0
    """Life the cost pays ("Pay 1 life")."""
    other_cost: str = ""
    """Parts of the cost the engine doesn't pay itself ("Sacrifice a Forest"), "" when none."""
    loyalty: str = ""
    """A planeswalker's loyalty ability: its loyalty cost (``"+1"``, ``"-2"``, ``"-X"``,
    ``"0"``; rules/core/planeswalkers.py pays it); "" for any other ability."""
    equip: bool = False
    """An "Equip" ability (rules/core/equipment.py): attach this equipment to target creature
    you control, only as a sorcery."""

    @property
    def mana_cost(self) -> str:
        """The mana symbols of the cost (``{T}`` and ``{Q}`` excluded)."""
        return "".join(s for s in re.findall(r"\{[^}]+\}", self.cost) if s not in ("{T}", "{Q}"))

    @property
    def taps(self) -> bool:
        """Whether the cost includes tapping the permanent."""
        return "{T}" in self.cost

    @property
    def is_regeneration(self) -> bool:
        """Whether the ability gives the permanent itself a regeneration shield."""
        return self.regenerates_self

    @property
    def adds_mana(self) -> bool:
        """Whether the effect adds mana (a mana ability), read by the engine or not."""
        return bool(re.match(r"\s*add\b", self.effect, re.IGNORECASE))

    @property
    def is_mana_ability(self) -> bool:
        """A mana ability whose mana the engine can add (:attr:`mana` lists it)."""
        return bool(self.mana)

    @property
    def pays_automatically(self) -> bool:
        """A mana ability automatic payment may use: its cost is only {T}, nothing is left over.

        Abilities that cost mana, life or a sacrifice, or do more than add mana, are activated
        only when the player asks.
        """
        return (self.is_mana_ability and self.taps and not self.mana_cost
                and not (self.sacrifices_self or self.life_cost or self.other_cost
                         or self.mana_note))


@dataclasses.dataclass(frozen=True)
class Card:
    """Immutable oracle data of one card, as the rules engine needs it."""

    name: str
    """Full card name (``"Wear // Tear"`` for split cards)."""
    mana_cost: str = ""
    """Mana cost in Scryfall's notation, e.g. ``"{2}{G}{G}"``; empty for lands."""
    type_line: str = ""
    """Type line, e.g. ``"Creature — Giant"``."""
    colors: tuple[str, ...] = ()
    """Colours (WUBRG letters)."""
    power: str | None = None
    """Printed power as Scryfall gives it (a string: ``"3"``, ``"*"``, ``"1+*"``)."""
    toughness: str | None = None
    """Printed toughness, a string like :attr:`power`."""
    keywords: tuple[str, ...] = ()
    """Scryfall's keyword list."""
    oracle_text: str = ""
    """Rules text."""
    produced_mana: tuple[str, ...] = ()
    """Colours of mana the card can make (Scryfall ``produced_mana``; derived for basics)."""
    cmc: float = 0.0
    """Mana value."""
    rarity: str = "common"
    """Rarity (``common``/``uncommon``/``rare``/``mythic``/``special``/``bonus``)."""
    scryfall_id: str | None = None
    """The printing's Scryfall id, when known (used for images outside the rules)."""
    oracle_id: str | None = None
    """The oracle id, when known."""
    loyalty: str | None = None
    """A planeswalker's printed loyalty as Scryfall gives it (a string: ``"3"``), else None."""

    # Derived in __post_init__ (not part of the constructor).
    supertypes: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    types: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    subtypes: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    abilities: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    landwalk: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    landhome: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    activated: tuple[ActivatedAbility, ...] = dataclasses.field(
        init=False, compare=False, repr=False
    )
    base_power: int = dataclasses.field(init=False, compare=False, repr=False)
    base_toughness: int = dataclasses.field(init=False, compare=False, repr=False)
    mana_colours: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        supertypes, types, subtypes = _parse_type_line(self.type_line)
        setter = object.__setattr__
        setter(self, "supertypes", supertypes)
        setter(self, "types", types)
        setter(self, "subtypes", subtypes)
        abilities, walks, homes = _parse_abilities(self.keywords, self.oracle_text, self.name)
        setter(self, "abilities", abilities)
        setter(self, "landwalk", walks)
        setter(self, "landhome", homes)
        setter(self, "activated", _parse_activated(self.oracle_text, self.name,
                                                   "Planeswalker" in types))
        setter(self, "base_power", _pt_value(self.power))
        setter(self, "base_toughness", _pt_value(self.toughness))
        made = set(c for c in self.produced_mana if c in COLOURS or c == "C")
        for sub in subtypes:
            if sub in BASIC_LAND_COLOUR and "Land" in types:
                made.add(BASIC_LAND_COLOUR[sub])
        setter(self, "mana_colours", frozenset(made))

    # ------------------------------------------------------------------ predicates
    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_instant(self) -> bool:
        return "Instant" in self.types

    @property
    def is_sorcery(self) -> bool:
        return "Sorcery" in self.types

    @property
    def is_aura(self) -> bool:
        return "Enchantment" in self.types and "Aura" in self.subtypes

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & {"Creature", "Artifact", "Enchantment", "Planeswalker", "Land",
                                  "Battle"})

    @property
    def is_planeswalker(self) -> bool:
        return "Planeswalker" in self.types

    @property
    def is_equipment(self) -> bool:
        return "Artifact" in self.types and "Equipment" in self.subtypes

    @property
    def printed_loyalty(self) -> int:
        """The loyalty a planeswalker enters with (0 when none is printed or it isn't a
        number)."""
        return _pt_value(self.loyalty) if self.loyalty is not None else 0

    @property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def has_flash(self) -> bool:
        return any(k.lower() == "flash" for k in self.keywords) or bool(
            re.search(r"(^|\n)Flash($|\n)", self.oracle_text)
        )

    def has(self, ability: str) -> bool:
        """Whether the card has the simple ability *ability* (see :data:`ABILITIES`)."""
        return ability in self.abilities

    def matches_colour_of(self, land: Card) -> bool:
        """Whether this card's colours match the terrain of *land* (see the shared conventions).

        A land matches a colour when it can make mana of that colour; colourless creatures and
        colourless lands never match.
        """
        return bool(set(self.colors) & (land.mana_colours - {"C"}))

    # ------------------------------------------------------------------ wire
    @classmethod
    def from_scryfall(cls, data: Mapping[str, Any]) -> Card:
        """Build a card from a Scryfall card object (or any mapping with its field names).

        Multi-faced cards (transform, modal DFC, flip, split, adventure) play as their front face
        where the top level lacks a field; the full name is kept.

        Raises:
            InvalidCardError: when the mapping has no usable name or a field of the wrong type.
        """
        if not isinstance(data, Mapping):
            raise InvalidCardError(f"a card must be an object, not {type(data).__name__}")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidCardError("a card needs a non-empty 'name'")
        faces = data.get("card_faces")
        front: Mapping[str, Any] = {}
        if isinstance(faces, Sequence) and faces and isinstance(faces[0], Mapping):
            front = faces[0]

        def pick(key: str, default: Any) -> Any:
            if key in data and data[key] is not None:
                return data[key]
            if key in front and front[key] is not None:
                return front[key]
            return default

        def text_field(key: str) -> str:
            value = pick(key, "")
            if not isinstance(value, str):
                raise InvalidCardError(f"card {name!r}: '{key}' must be a string")
            return value

        def str_list(key: str) -> tuple[str, ...]:
            value = pick(key, [])
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                raise InvalidCardError(f"card {name!r}: '{key}' must be a list of strings")
            return tuple(value)

        def pt(key: str) -> str | None:
            value = pick(key, None)
            if value is None:
                return None
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return str(int(value))
            if not isinstance(value, str):
                raise InvalidCardError(f"card {name!r}: '{key}' must be a string")
            return value

        cmc_raw = data.get("cmc", data.get("mana_value", 0.0))
        if isinstance(cmc_raw, bool) or not isinstance(cmc_raw, (int, float)):
            raise InvalidCardError(f"card {name!r}: 'cmc' must be a number")
        mana_cost = text_field("mana_cost")
        if "mana_cost" not in data and faces and "//" in name and front:
            mana_cost = str(front.get("mana_cost") or "")
        colors = str_list("colors")
        bad = [c for c in colors if c not in COLOURS]
        if bad:
            raise InvalidCardError(f"card {name!r}: unknown colour {bad[0]!r}")
        rarity = data.get("rarity", "common")
        return cls(
            name=name.strip(),
            mana_cost=mana_cost,
            type_line=text_field("type_line"),
            colors=colors,
            power=pt("power"),
            toughness=pt("toughness"),
            keywords=str_list("keywords"),
            oracle_text=text_field("oracle_text"),
            produced_mana=str_list("produced_mana"),
            cmc=float(cmc_raw),
            rarity=rarity if isinstance(rarity, str) else "common",
            scryfall_id=data.get("id") if isinstance(data.get("id"), str) else None,
            oracle_id=data.get("oracle_id") if isinstance(data.get("oracle_id"), str) else None,
            loyalty=pt("loyalty"),
        )

    def to_scryfall(self) -> dict[str, Any]:
        """The card as a Scryfall-shaped mapping (only the fields the engine uses)."""
        out: dict[str, Any] = {
            "object": "card",
            "name": self.name,
            "mana_cost": self.mana_cost,
            "type_line": self.type_line,
            "colors": list(self.colors),
            "keywords": list(self.keywords),
            "oracle_text": self.oracle_text,
            "cmc": self.cmc,
            "rarity": self.rarity,
        }
        if self.power is not None:
            out["power"] = self.power
        if self.toughness is not None:
            out["toughness"] = self.toughness
        if self.produced_mana:
            out["produced_mana"] = list(self.produced_mana)
        if self.loyalty is not None:
            out["loyalty"] = self.loyalty
        if self.scryfall_id:
            out["id"] = self.scryfall_id
        if self.oracle_id:
            out["oracle_id"] = self.oracle_id
        return out


def normalise_name(name: str) -> str:
    """Fold a card name for lookups: case, accents, ``Æ``, punctuation and spacing.

    ``"Æther Vial"``, ``"aether vial"`` and ``"AETHER  VIAL"`` all fold to ``"aether vial"``.
    Split names keep one ``//`` separator: ``"Wear/Tear"`` and ``"Wear /// Tear"`` fold to
    ``"wear // tear"``.
    """
    text = name.replace("Æ", "Ae").replace("æ", "ae").replace("Œ", "Oe").replace("œ", "oe")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.lower()
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    text = re.sub(r"[^a-z0-9/ ]+", "", text.replace("-", " "))
    return re.sub(r"\s+", " ", text).strip()


def _parse_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    front = type_line.split("//")[0]
    if "—" in front:
        left, right = front.split("—", 1)
    elif " - " in front:
        left, right = front.split(" - ", 1)
    else:
        left, right = front, ""
    supers = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite"}
    words = left.split()
    supertypes = frozenset(w for w in words if w in supers)
    types = frozenset(w for w in words if w not in supers)
    subtypes = frozenset(right.split())
    return supertypes, types, subtypes


def _keyword_ability(word: str) -> tuple[str, str | None]:
    """Classify one keyword: ('ability', name), ('walk', LandType), ('home', LandType) or ('', None)."""
    low = word.strip().lower()
    if low in _SIMPLE_KEYWORDS:
        return "ability", _SIMPLE_KEYWORDS[low]
    if low.startswith("bands with other"):
        return "ability", "banding"
    match = _WALK_RE.match(low)
    if match and match.group("type") in _LAND_TYPE_WORDS:
        return "walk", _LAND_TYPE_WORDS[match.group("type")]
    match = _HOME_RE.match(low)
    if match and match.group("type") in _LAND_TYPE_WORDS:
        return "home", _LAND_TYPE_WORDS[match.group("type")]
    return "", None


def _regenerates_self(effect: str, name: str) -> bool:
    """"Regenerate <this card's name>" / "Regenerate this creature" / "Regenerate it"."""
    low = effect.strip().lower().rstrip(".")
    if not low.startswith("regenerate"):
        return False
    rest = low[len("regenerate"):].strip()
    names = {name.lower(), name.split(",")[0].lower(), name.split("//")[0].strip().lower()}
    return rest in names or rest in ("this creature", "it", "~", "cardname", "this permanent")


def _parse_abilities(
    keywords: Sequence[str], oracle_text: str, name: str = ""
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    abilities: set[str] = set()
    walks: set[str] = set()
    homes: set[str] = set()

    def take(word: str) -> bool:
        kind, value = _keyword_ability(word)
        if kind == "ability" and value:
            abilities.add(value)
        elif kind == "walk" and value:
            walks.add(value)
        elif kind == "home" and value:
            homes.add(value)
        return bool(kind)

    for word in keywords:
        take(word)
    # Oracle text: keyword lines ("Flying, trample"), regeneration abilities, old landhome wording.
    for raw_line in oracle_text.split("\n"):
        line = re.sub(r"\([^)]*\)", "", raw_line).strip().rstrip(".")
        if not line:
            continue
        parts = [p.strip() for p in re.split(r",|;", line) if p.strip()]
        if parts and all(_keyword_ability(p)[0] for p in parts):
            for part in parts:
                take(part)
        elif line.lower().startswith("banding when attacking") or line.lower().startswith(
            "bands with other"
        ):
            abilities.add("banding")
        if ":" in raw_line and _regenerates_self(raw_line.split(":", 1)[1], name):
            abilities.add("regeneration")
    for match in _HOME_ORACLE_RE.finditer(oracle_text):
        plural = match.group("type").lower()
        homes.add(_LAND_TYPE_WORDS["plains" if plural == "plains" else plural[:-1]])
    return frozenset(abilities), frozenset(walks), frozenset(homes)


def _parse_activated(oracle_text: str, name: str = "",
                     walker: bool = False) -> tuple[ActivatedAbility, ...]:
    """The "cost: effect" lines of a card's text, with a planeswalker's loyalty abilities
    (*walker*) and "Equip" lines, in text order."""
    out: list[ActivatedAbility] = []
    for raw_line in oracle_text.split("\n"):
        line = re.sub(r"\([^)]*\)", "", raw_line).strip()  # reminder text is not an ability
        equip = EQUIP_RE.match(line)
        if equip is not None:
            cost = (equip.group("cost") or equip.group("long") or "").strip()
            sacrifices_self, life_cost, other_cost = _cost_parts(cost, name)
            what = (equip.group("what") or "").strip() or "creature"
            out.append(ActivatedAbility(
                cost=cost, effect=f"Attach to target {what} you control. Equip only as a "
                                  "sorcery.", sacrifices_self=sacrifices_self,
                life_cost=life_cost, other_cost=other_cost, equip=True))
            continue
        if ":" not in line or line.startswith("(") or line.startswith("•"):
            continue
        cost, _, effect = line.partition(":")
        loyalty = loyalty_cost(cost) if walker else ""
        if loyalty:
            out.append(ActivatedAbility(cost=cost.strip(), effect=effect.strip(),
                                        loyalty=loyalty))
            continue
        # A cost is symbols and short phrases ("{1}, {T}, Sacrifice a land"), never a sentence
        # with a quote or the word "until".
        if not cost or len(cost) > 80 or '"' in cost or not ("{" in cost or cost[:1].isupper()):
            continue
        if cost.lower().startswith(("whenever", "when", "at the", "if", "as long", "chapter")):
            continue
        sacrifices_self, life_cost, other_cost = _cost_parts(cost, name)
        mana = parse_mana_effect(effect.strip())
        out.append(ActivatedAbility(cost=cost.strip(), effect=effect.strip(),
                                    regenerates_self=_regenerates_self(effect, name),
                                    mana=mana[0] if mana else (),
                                    mana_note=mana[1] if mana else "",
                                    sacrifices_self=sacrifices_self, life_cost=life_cost,
                                    other_cost=other_cost))
    return tuple(out)


_SYMBOLS_RE = re.compile(r"^(\{[^}]+\})+$")
_LIFE_RE = re.compile(r"^pay (\d+) life$", re.IGNORECASE)


def _cost_parts(cost: str, name: str) -> tuple[bool, int, str]:
    """``(sacrifices itself, life paid, the parts left to the player)`` of an ability's cost."""
    sacrifices_self = False
    life = 0
    other: list[str] = []
    names = {name.lower(), name.split(",")[0].lower(), name.split("//")[0].strip().lower()}
    for part in (p.strip() for p in cost.split(",")):
        if not part or _SYMBOLS_RE.match(part.replace(" ", "")):
            continue
        low = part.lower()
        match = _LIFE_RE.match(part)
        if low.startswith("sacrifice ") and low[len("sacrifice "):].strip() in names | {
                "this artifact", "this creature", "this permanent", "~", "it"}:
            sacrifices_self = True
        elif match:
            life += int(match.group(1))
        else:
            other.append(part)
    return sacrifices_self, life, ", ".join(other)


def _pt_value(text: str | None) -> int:
    if text is None:
        return 0
    match = _PT_RE.match(text)
    return int(match.group(1)) if match else 0
