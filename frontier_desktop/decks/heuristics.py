"""Card-data heuristics the deck validators use: named lists plus oracle-text patterns.

Each check takes a :class:`~frontier_desktop.rules.card.Card` and returns the reason it
matched (a short phrase) or None. Names are compared folded (``normalise_name``). The patterns
are deliberately broad: a validator reports what they find as an overridable flag or a
warning, never as a silent exclusion.
"""

from __future__ import annotations

import re

from frontier_desktop.rules.card import Card, normalise_name


def _names(*names: str) -> frozenset[str]:
    return frozenset(normalise_name(n) for n in names)


def _text(card: Card) -> str:
    """Oracle text with the card's own name replaced by ``CARDNAME``, lower case, reminder
    text removed."""
    text = card.oracle_text
    for name in {card.name, card.name.split(" // ")[0], card.name.split(",")[0]}:
        if name:
            text = text.replace(name, "CARDNAME")
    return re.sub(r"\([^)]*\)", "", text).lower()


# ----------------------------------------------------------------- Frontier warnings

MASS_LAND_DESTRUCTION = _names(
    "Armageddon", "Ravages of War", "Sunder", "Jokulhaups", "Obliterate", "Wildfire",
    "Catastrophe", "Decree of Annihilation", "Devastation", "Cataclysm", "Impending Disaster",
    "Ruination", "Boom // Bust", "Upheaval", "Worldslayer", "Apocalypse", "Global Ruin",
    "Burning of Xinye", "Ravaging Riftwurm", "Mine Layer", "Acid Rain", "Flashfires",
    "Tsunami", "Boil", "Choking Sands", "Epicenter", "Winds of Rath", "Keldon Firebombers",
    "Rising Waters", "Thoughts of Ruin", "Land Equilibrium", "Balance", "Limited Resources",
    "Numot, the Devastator", "Death Cloud", "Destructive Force", "From the Ashes",
    "Bust",
)
"""Cards that destroy, bounce or sacrifice many lands at once (the Frontier board)."""

_MLD_PATTERNS = (
    re.compile(r"destroy (all|each) [^.]*\b(lands?|plains|islands|swamps|mountains|forests)\b"),
    re.compile(r"destroy all permanents"),
    re.compile(r"(each|target) (player|opponent) sacrifices [^.]*\blands\b"),
    re.compile(r"sacrifices? (all|half|x|two|three|four|five|\d+) [^.]*lands\b"),
    re.compile(r"(return|exile) all [^.]*\blands\b"),
    re.compile(r"destroy (up to )?(x|two|three|four|five|\d+) target [^.]*lands\b"),
    re.compile(r"each land [^.]*deals? \d+ damage to its controller"),
)

ANIMATED_LANDS = _names(
    "Stalking Stones", "Mishra's Factory", "Treetop Village", "Mutavault", "Faerie Conclave",
    "Forbidding Watchtower", "Ghitu Encampment", "Spawning Pool", "Blinkmoth Nexus",
    "Inkmoth Nexus", "Celestial Colonnade", "Raging Ravine", "Creeping Tar Pit",
    "Animate Land", "Living Lands", "Natural Affinity", "Nature's Revolt", "Kamahl, Fist of Krosa",
    "Sylvan Awakening", "Awakening of Vitu-Ghazi", "Mobilize", "Life and Limb",
)
"""Lands that become creatures, and cards that make lands creatures."""

_LAND_ANIMATION_PATTERNS = (
    re.compile(r"\bcardname becomes an? [^.]*creature"),
    re.compile(r"\blands?\b[^.]*\bbecomes? [^.]*\bcreatures?\b"),
    re.compile(r"\b(lands|forests|islands|swamps|mountains|plains) (you control )?are [^.]*"
               r"creatures"),
    re.compile(r"creatures? that('s| are) still (a )?lands?"),
    re.compile(r"\bawaken\b"),
)

ANIMATED_ARTIFACTS = _names(
    "Chimeric Staff", "Chimeric Sphere", "Chimeric Idol", "Chimeric Coils", "Chimeric Egg",
    "Chimeric Mass", "Mishra's Factory", "Karn, Silver Golem", "March of the Machines",
    "Tezzeret, Agent of Bolas", "Animate Artifact", "Titania's Song", "Mechanized Production",
    "Liquimetal Coating", "Mycosynth Lattice", "Toymaker", "Opalescence",
)
"""Artifacts that become creatures, and cards that make artifacts creatures."""

_ARTIFACT_ANIMATION_PATTERNS = (
    re.compile(r"\bcardname becomes an? [^.]*artifact creature"),
    re.compile(r"\bartifacts?\b[^.]*\b(becomes?|is|are) (an? )?[^.]*\bartifact creatures?\b"),
    re.compile(r"noncreature artifacts?[^.]*creatures?"),
)


def mass_land_destruction(card: Card) -> str | None:
    """Why *card* is mass land destruction, or None."""
    if normalise_name(card.name) in MASS_LAND_DESTRUCTION:
        return "mass land destruction"
    text = _text(card)
    if any(p.search(text) for p in _MLD_PATTERNS):
        return "mass land destruction (its text destroys, bounces or sacrifices many lands)"
    return None


def land_becomes_creature(card: Card) -> str | None:
    """Why *card* is (or makes) a land that becomes a creature, or None."""
    if normalise_name(card.name) in ANIMATED_LANDS:
        return "a land that becomes a creature" if card.is_land else "it turns lands into creatures"
    text = _text(card)
    if card.is_land and _LAND_ANIMATION_PATTERNS[0].search(text):
        return "a land that becomes a creature"
    if any(p.search(text) for p in _LAND_ANIMATION_PATTERNS[1:]):
        return "it turns lands into creatures"
    return None


def artifact_becomes_creature(card: Card) -> str | None:
    """Why *card* is (or makes) an artifact that becomes a creature, or None."""
    if card.is_land:
        return None
    if normalise_name(card.name) in ANIMATED_ARTIFACTS:
        if "Artifact" in card.types and not card.is_creature:
            return "an artifact that becomes a creature"
        return "it turns artifacts into creatures"
    if "Vehicle" in card.subtypes:
        return "a Vehicle (an artifact that becomes a creature when crewed)"
    text = _text(card)
    if "Artifact" in card.types and not card.is_creature and \
            _ARTIFACT_ANIMATION_PATTERNS[0].search(text):
        return "an artifact that becomes a creature"
    if any(p.search(text) for p in _ARTIFACT_ANIMATION_PATTERNS[1:]):
        return "it turns artifacts into creatures"
    return None


# ----------------------------------------------------------------- Conquering appendix A

_MASS_REMOVAL_NAMES = _names(
    "Wrath of God", "Massacre", "Slice and Dice", "Damnation", "Day of Judgment",
    "Pestilence", "Earthquake", "Hurricane", "Pyroclasm", "Infest", "Toxic Deluge",
    "Evacuation", "Planar Cleansing", "Nevinyrral's Disk", "Balance", "Living Death",
)
_MASS_REMOVAL_PATTERNS = (
    re.compile(r"(destroy|exile) (all|each) [^.]*\bcreatures?\b"),
    re.compile(r"damage to each (other )?(nonflying |non-\w+ |\w+ )?creature"),
    re.compile(r"(all|each) (other )?(non\w+ )?creatures? gets? -\d+/-\d+"),
    re.compile(r"(return|put) all [^.]*\bcreatures?\b[^.]*(owners'|owner's) (hands?|librar)"),
    re.compile(r"each player sacrifices (all|\w+) [^.]*creatures"),
)
_ATTACK_PREVENTION_PATTERNS = (
    re.compile(r"(^|\n|\. )creatures( (of|without|with|your opponents control)[^.]*?)? can't "
               r"attack"),
)
_LAND_DESTRUCTION_PATTERNS = (
    re.compile(r"\bdestroy\b[^.]*\b(lands?|plains|islands?|swamps?|mountains?|forests?)\b"),
    re.compile(r"sacrifices? [^.]*\blands?\b"),
)
_LAND_TAP_PATTERNS = (
    re.compile(r"\btapped for mana\b"),
    re.compile(r"\btaps? an? (untapped )?(basic )?land\b"),
    re.compile(r"\buntap [^.]*\blands?\b"),
    re.compile(r"enchanted land (has|is tapped|becomes tapped|doesn't untap)"),
    re.compile(r"\btap (x |two |three |\w+ )?untapped lands\b"),
)
_OPPONENT_DAMAGE_PATTERNS = (
    re.compile(r"damage to (each|target) (opponent|player)\b(?! or)"),
    re.compile(r"damage to (that player|defending player|its controller|that land's controller)"),
    re.compile(r"damage to target player or planeswalker"),
    re.compile(r"damage to each player"),
)
_LIFE_PATTERNS = (
    re.compile(r"\bpay (\d+|x|one|two|three|four|five|any amount of|half your) life\b"),
    re.compile(r"\byou lose (\d+|x|one|two|three|four|five|half your) life\b"),
    re.compile(r"\blife total\b"),
    re.compile(r"\b(for having|have) 0 or less life\b"),
)
_ANTE_NAMES = _names("Chaos Orb", "Falling Star")


def shroud(card: Card) -> str | None:
    """Shroud, hexproof or other untargetability (protection is allowed)."""
    if {k.lower() for k in card.keywords} & {"shroud", "hexproof"}:
        return "it has shroud or hexproof (untargetability is banned; protection is allowed)"
    text = _text(card)
    if re.search(r"\b(has|have|gains?|gets?|with) [^.]*\b(shroud|hexproof)\b", text) or \
            re.search(r"can't be the targets? of", text):
        return "it gives shroud, hexproof or untargetability (banned; protection is allowed)"
    return None


def mass_creature_removal(card: Card) -> str | None:
    if normalise_name(card.name) in _MASS_REMOVAL_NAMES:
        return "mass creature removal"
    text = _text(card)
    if any(p.search(text) for p in _MASS_REMOVAL_PATTERNS):
        return "mass creature removal (its text destroys or damages every creature)"
    return None


def prevents_attacking(card: Card) -> str | None:
    """Artifacts and enchantments that stop creatures attacking (Moat, Arboria); a creature
    such as Peacekeeper is allowed, as the source says."""
    if card.is_creature or not card.types & {"Artifact", "Enchantment"} or card.is_aura:
        return None
    if any(p.search(_text(card)) for p in _ATTACK_PREVENTION_PATTERNS):
        return "it prevents creatures from attacking (like Moat or Arboria)"
    return None


def land_destruction(card: Card) -> str | None:
    text = _text(card)
    if card.is_land:
        return None  # lands are banned on their own
    if any(p.search(text) for p in _LAND_DESTRUCTION_PATTERNS):
        return "land destruction (changing lands, like Sea's Claim, is allowed)"
    return None


def needs_land_taps(card: Card) -> str | None:
    """Cards that need lands to tap or untap (Wild Growth, Caustic Tar, Earthcraft)."""
    text = _text(card)
    if any(p.search(text) for p in _LAND_TAP_PATTERNS):
        return "it needs lands to tap or untap, and lands are never tapped in this variant"
    return None


def only_damages_opponent(card: Card) -> str | None:
    """Noncreature cards whose damage can only go to a player (Sizzle, Lava Spike)."""
    if card.is_creature or card.is_land:
        return None
    text = _text(card)
    if not any(p.search(text) for p in _OPPONENT_DAMAGE_PATTERNS):
        return None
    if re.search(r"any target|target creature|each creature|to (up to \w+ )?target "
                 r"(attacking |blocking )?creature|creature or player|creatures", text):
        return None
    return "its damage can only go to players, and there is no life in this variant"


def uses_life(card: Card) -> str | None:
    """Life as a resource or a cost (Vampiric Tutor, Lich, Channel, Phyrexian mana)."""
    if "/P}" in card.mana_cost.upper() or "/p}" in card.oracle_text.lower():
        return "Phyrexian mana is paid with life, and there is no life in this variant"
    if any(p.search(_text(card)) for p in _LIFE_PATTERNS):
        return "it uses life as a resource or a cost, and there is no life in this variant"
    return None


def ante_or_dexterity(card: Card) -> str | None:
    if normalise_name(card.name) in _ANTE_NAMES:
        return "a dexterity card (Chaos Orb, Falling Star)"
    if re.search(r"\bante\b", _text(card)):
        return "an ante card"
    return None


CONQUERING_FLAGS = (
    ("shroud", shroud),
    ("mass-creature-removal", mass_creature_removal),
    ("prevents-attacking", prevents_attacking),
    ("land-destruction", land_destruction),
    ("needs-land-taps", needs_land_taps),
    ("only-damages-opponent", only_damages_opponent),
    ("uses-life", uses_life),
    ("ante-dexterity", ante_or_dexterity),
)
"""Appendix A of Magic: the Conquering, as (code, check) pairs; lands and multicolour cards
are checked separately (those are not guesses, so they cannot be overridden)."""
