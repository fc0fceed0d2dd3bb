"""Oracle text made ready for reading (the reader's first step, :func:`normalise_text`).

Reminder text goes, the card's own name (and "this creature") becomes :data:`PLACEHOLDER`,
old wordings become current ones ("comes into play" → "enters the battlefield"), spacing is
collapsed; :func:`split_sentences` cuts one line into its sentences.
"""

from __future__ import annotations

import re

PLACEHOLDER = "CARDNAME"
"""What the card's own name (and "this creature") becomes in normalised text."""

_WORDINGS: tuple[tuple[str, str], ...] = (
    (r"\b(is|are) put into (?:a|your|its owner's|their owners') graveyards? from "
     r"(?:play|the battlefield)", "dies"),
    (r"\bcomes into play\b", "enters the battlefield"),
    (r"\b(enters?)\b(?! the battlefield)", r"\1 the battlefield"),
    (r"\bcome into play\b", "enter the battlefield"),
    (r"\bfrom play\b", "from the battlefield"),
    (r"\binto play\b", "onto the battlefield"),
    (r"\bin play\b", "on the battlefield"),
    (r"\btarget creature or player\b", "any target"),
    (r"\bremoved? from the game\b", "exiled"),
    (r"\bremove (target [^.]+?|CARDNAME|it) from the game\b", r"exile \1"),
    (r"\b(?:play|activate) this ability only\b", "activate only"),
    (r"\bthis (?:creature|permanent|artifact|enchantment|land)\b", PLACEHOLDER),
    (r"\b(target|any|each) (player|creature) or planeswalker\b", r"\1 \2"),
    (r"\b(creatures?|players?), planeswalker,? (or|and) (players?|creatures?)\b", r"\1 \2 \3"),
)


def _name_forms(name: str, type_line: str) -> list[str]:
    forms = {name}
    for half in name.split("//"):
        forms.add(half.strip())
    if "," in name:
        forms.add(name.split(",")[0].strip())
    if "Legendary" in type_line:
        first = name.split()[0].rstrip(",")
        if len(first) >= 4 and first[0].isupper() and first.lower() not in {
                "lord", "king", "queen", "lady", "baron", "the", "sir"}:
            forms.add(first)
    return sorted((f for f in forms if f), key=len, reverse=True)


def normalise_text(name: str, oracle_text: str, type_line: str = "") -> str:
    """Reminder text stripped, the card's name → ``CARDNAME``, old wordings modernised.

    Lines are kept (``\\n``); spacing inside a line is collapsed.
    """
    text = oracle_text.replace("\r", "")
    while True:
        stripped = re.sub(r"\s*\([^()]*\)", "", text)
        if stripped == text:
            break
        text = stripped
    for form in _name_forms(name, type_line):
        text = re.sub(rf"(?<![\w'-]){re.escape(form)}(?![\w-])", PLACEHOLDER, text)
    for pattern, repl in _WORDINGS:
        text = re.sub(pattern, repl, text, flags=re.IGNORECASE)
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def split_sentences(text: str) -> list[str]:
    """Sentences of one line, never splitting inside quotes; each keeps its final period."""
    out: list[str] = []
    start = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch in "\"“”":
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            # "{T}: Add {G}." ends a sentence; a period inside a number never occurs in text.
            out.append(text[start:i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]
