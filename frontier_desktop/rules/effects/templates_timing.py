"""Reader templates for delayed and timed effects (fx-timing), registered with the reader's
``_template`` (imported once at the end of :mod:`.reader`)."""

from __future__ import annotations

import re

from frontier_desktop.rules.effects.nodes import Effect
from frontier_desktop.rules.effects.reader import _template, read_clause
from frontier_desktop.rules.effects.targets import read_object
from frontier_desktop.rules.effects.timing import PhaseOut, UnlessPaid


@_template(r"(?P<body>.+?) unless you pay (?P<pay>(?:\{[^}]+\})+)")
def _unless_paid(m: re.Match[str], text: str, context: str) -> Effect | None:
    body = text[:m.end("body")]
    inner = read_clause(body, context)
    if inner is None:
        return None
    return UnlessPaid((inner,), m.group("pay").upper(), text=text)


@_template(r"(?P<to>.+?) phases? out")
def _phase_out(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return PhaseOut(to, text=text) if to is not None else None


__all__: list[str] = []
