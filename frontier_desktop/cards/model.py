"""The Scryfall card object as the card-data layer sees it: :class:`CardData`.

:class:`frontier_desktop.rules.card.Card` holds what the rules engine needs; this module adds
what rendering and caching need — ids, printing, layout, faces and their images — without
redefining the rules fields: :meth:`CardData.to_rules_card` hands the same Scryfall mapping to
:meth:`Card.from_scryfall`.

Layouts (Scryfall's pitfalls, all handled here):

* ``split``, ``flip``, ``adventure``: one image for the whole card (top-level ``image_uris``);
  ``card_faces`` carry the halves' text.
* ``transform``, ``modal_dfc``, ``reversible_card`` (and the other double-faced layouts): no
  top-level ``image_uris``; each face has its own images, cost and text. Reversible cards also
  lack a top-level ``oracle_id`` (each face carries one).
* ``image_status: "missing"`` or no image at all: :meth:`CardData.image_uri` returns ``None``
  and the renderer draws a proxy.
* Power, toughness and loyalty are strings (``"*"``, ``"1+*"``); image size keys are an open set.

Pure data: no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from frontier_desktop.rules.card import Card, normalise_name
from frontier_desktop.rules.errors import InvalidCardError

IMAGE_SIZES = ("small", "normal", "large", "png", "art_crop", "border_crop")
"""Image sizes Scryfall served when this was written; treat the set as open."""

DOUBLE_FACED_LAYOUTS = frozenset(
    {"transform", "modal_dfc", "reversible_card", "double_faced_token", "art_series", "meld"}
)
"""Layouts whose faces can each carry images (no top-level ``image_uris``)."""


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise InvalidCardError(f"card field {key!r} must be a string")
    return value


def _image_map(value: Any, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidCardError(f"{where}: 'image_uris' must be an object")
    return {str(k): v for k, v in value.items() if isinstance(v, str) and v}


@dataclasses.dataclass(frozen=True)
class CardFace:
    """One face of a multi-faced card (Scryfall's ``card_faces[i]``)."""

    name: str
    """The face's name."""
    mana_cost: str = ""
    """The face's mana cost (may be empty)."""
    type_line: str = ""
    """The face's type line (may be empty on some old objects)."""
    oracle_text: str = ""
    """The face's rules text."""
    power: str | None = None
    """Power as a string, when the face is a creature."""
    toughness: str | None = None
    """Toughness as a string."""
    loyalty: str | None = None
    """Loyalty as a string, when the face is a planeswalker."""
    colors: tuple[str, ...] | None = None
    """The face's colours, when Scryfall gives them per face."""
    oracle_id: str | None = None
    """The face's oracle id (reversible cards carry it here, not at the top)."""
    image_uris: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Size → URL for this face's own image (double-faced layouts only)."""

    @classmethod
    def from_scryfall(cls, data: Mapping[str, Any], card_name: str) -> CardFace:
        """Build from a ``card_faces`` entry.

        Raises:
            InvalidCardError: when a field has the wrong type.
        """
        if not isinstance(data, Mapping):
            raise InvalidCardError(f"card {card_name!r}: a face must be an object")
        name = data.get("name")
        if not isinstance(name, str):
            raise InvalidCardError(f"card {card_name!r}: a face needs a name")
        colors = data.get("colors")
        return cls(
            name=name,
            mana_cost=_opt_str(data, "mana_cost") or "",
            type_line=_opt_str(data, "type_line") or "",
            oracle_text=_opt_str(data, "oracle_text") or "",
            power=_opt_str(data, "power"),
            toughness=_opt_str(data, "toughness"),
            loyalty=_opt_str(data, "loyalty"),
            colors=tuple(str(c) for c in colors) if isinstance(colors, list) else None,
            oracle_id=_opt_str(data, "oracle_id"),
            image_uris=_image_map(data.get("image_uris"), f"card {card_name!r} face {name!r}"),
        )


@dataclasses.dataclass(frozen=True)
class CardData:
    """A Scryfall card object: one printing of a card, with its faces and images.

    Build with :meth:`from_scryfall`; the original mapping is kept in :attr:`raw` (it is what
    the cache stores and what :meth:`to_rules_card` reads).
    """

    name: str
    """Full name (``"Wear // Tear"``, ``"Hound Tamer // Untamed Pup"``)."""
    id: str | None
    """Scryfall id of this printing (``None`` for hand-written pool entries without one)."""
    oracle_id: str | None
    """Oracle id; for reversible cards, the front face's (they have no top-level one)."""
    layout: str
    """Scryfall layout (``normal``, ``split``, ``transform``...)."""
    set_code: str | None
    """Set code of the printing (Scryfall ``set``), lower case."""
    collector_number: str | None
    """Collector number of the printing (a string: ``"123a"``, ``"★5"``)."""
    image_status: str | None
    """``missing``, ``placeholder``, ``lowres``, ``highres_scan`` or ``None`` when unknown."""
    image_uris: Mapping[str, str]
    """Top-level images (size → URL): the whole card for single-image layouts."""
    faces: tuple[CardFace, ...]
    """The card's faces (empty for single-faced cards)."""
    raw: Mapping[str, Any] = dataclasses.field(compare=False, repr=False)
    """The Scryfall mapping this was built from."""
    rules: Card = dataclasses.field(compare=False, repr=False)
    """The rules engine's card, built once from :attr:`raw` by :meth:`Card.from_scryfall`."""

    @classmethod
    def from_scryfall(cls, data: Mapping[str, Any]) -> CardData:
        """Parse and validate a Scryfall card object.

        Raises:
            InvalidCardError: not a card object, no name, or a field of the wrong type
                (the rules fields are checked by :meth:`Card.from_scryfall`).
        """
        if not isinstance(data, Mapping):
            raise InvalidCardError(f"a card must be an object, not {type(data).__name__}")
        kind = data.get("object", "card")
        if kind != "card":
            raise InvalidCardError(f"expected a card object, got {kind!r}")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidCardError("a card needs a non-empty 'name'")
        raw_faces = data.get("card_faces") or []
        if not isinstance(raw_faces, list):
            raise InvalidCardError(f"card {name!r}: 'card_faces' must be a list")
        faces = tuple(CardFace.from_scryfall(f, name) for f in raw_faces)
        oracle_id = _opt_str(data, "oracle_id")
        if oracle_id is None and faces:
            oracle_id = faces[0].oracle_id
        set_code = _opt_str(data, "set")
        rules = Card.from_scryfall(data)  # validates the rules fields too
        return cls(
            name=name.strip(),
            id=_opt_str(data, "id"),
            oracle_id=oracle_id,
            layout=_opt_str(data, "layout") or "normal",
            set_code=set_code.lower() if set_code else None,
            collector_number=_opt_str(data, "collector_number"),
            image_status=_opt_str(data, "image_status"),
            image_uris=_image_map(data.get("image_uris"), f"card {name!r}"),
            faces=faces,
            raw=data,
            rules=rules,
        )

    def to_scryfall(self) -> Mapping[str, Any]:
        """The Scryfall mapping (as stored in the cache)."""
        return self.raw

    def to_rules_card(self) -> Card:
        """The rules engine's :class:`Card` (``Card.from_scryfall`` of :attr:`raw`; front face
        where the fields differ)."""
        return self.rules

    # ------------------------------------------------------------------ names
    @property
    def front_name(self) -> str:
        """The front face's name (the full name for single-faced cards)."""
        if self.faces:
            return self.faces[0].name
        return self.name.split(" // ")[0]

    @property
    def normalised_name(self) -> str:
        """:func:`normalise_name` of the full name (the cache's lookup key)."""
        return normalise_name(self.name)

    @property
    def lookup_names(self) -> tuple[str, ...]:
        """Normalised names that should find this card: full name, then front face."""
        full = normalise_name(self.name)
        front = normalise_name(self.front_name)
        return (full,) if front == full else (full, front)

    # ------------------------------------------------------------------ images
    @property
    def is_double_faced(self) -> bool:
        """Whether each face has its own image (transform, modal DFC, reversible...)."""
        if self.image_uris or len(self.faces) < 2:
            return False
        return self.layout in DOUBLE_FACED_LAYOUTS or any(f.image_uris for f in self.faces)

    @property
    def image_face_count(self) -> int:
        """How many separate images the card has (1 single-image, 2 double-faced, 0 none)."""
        if self.image_status == "missing":
            return 0
        if self.image_uris:
            return 1
        return sum(1 for face in self.faces if face.image_uris)

    @property
    def has_image(self) -> bool:
        """Whether any image can be downloaded (else the renderer draws a proxy)."""
        return self.image_face_count > 0

    def image_uri(self, size: str = "normal", face: int = 0) -> str | None:
        """The URL of *face*'s image at *size*, or ``None`` (draw a proxy).

        For single-image layouts every face shares the top-level image. An unknown size falls
        back to ``normal``, then to any size offered.
        """
        if self.image_status == "missing":
            return None
        uris: Mapping[str, str] = self.image_uris
        if not uris:
            if not 0 <= face < len(self.faces):
                return None
            uris = self.faces[face].image_uris
        if not uris:
            return None
        return uris.get(size) or uris.get("normal") or next(iter(uris.values()), None)

    def image_faces(self) -> tuple[int, ...]:
        """Face indexes that have their own image (``(0,)`` for single-image layouts)."""
        if self.image_status == "missing":
            return ()
        if self.image_uris:
            return (0,)
        return tuple(i for i, face in enumerate(self.faces) if face.image_uris)

    # ------------------------------------------------------------------ display
    def describe(self) -> str:
        """Several lines for a terminal: name, cost, type, text, P/T or loyalty per face."""
        parts: list[Sequence[str]] = []
        faces: Sequence[Mapping[str, Any] | CardFace] = self.faces or [self.raw]
        for face in faces:

            def get(key: str, face: Mapping[str, Any] | CardFace = face) -> Any:
                if isinstance(face, CardFace):
                    return getattr(face, key, None)
                return face.get(key)

            lines = [f"{get('name')}  {get('mana_cost') or ''}".rstrip()]
            if get("type_line"):
                lines.append(str(get("type_line")))
            if get("oracle_text"):
                lines.append(str(get("oracle_text")))
            if get("power") is not None and get("toughness") is not None:
                lines.append(f"{get('power')}/{get('toughness')}")
            if get("loyalty") is not None:
                lines.append(f"Loyalty: {get('loyalty')}")
            parts.append(lines)
        return "\n----\n".join("\n".join(p) for p in parts)
