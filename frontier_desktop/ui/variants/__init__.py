"""Per-variant presentation: what the table shows and offers for each grid variant.

The table scene is variant-blind; it asks the :class:`VariantPresentation` registered under
the view's ``variant`` name for board geometry, off-board strips, badges, prompts, buttons,
menus and unit modes. A new variant adds one small module here and registers it.
"""

from __future__ import annotations

from frontier_desktop.ui.variants.base import (
    PRESENTATIONS,
    Badge,
    DivisionRequest,
    MenuEntry,
    PromptContext,
    Recipient,
    StepButton,
    Strip,
    VariantPresentation,
    presentation_for,
    register,
)
from frontier_desktop.ui.variants.army import ArmyPresentation
from frontier_desktop.ui.variants.conquering import ConqueringPresentation
from frontier_desktop.ui.variants.frontier import FrontierPresentation
from frontier_desktop.ui.variants.wargame import WarGamePresentation

register(FrontierPresentation)
register(ArmyPresentation)
register(ConqueringPresentation)
register(WarGamePresentation)

__all__ = ["PRESENTATIONS", "ArmyPresentation", "Badge", "ConqueringPresentation", "DivisionRequest", "FrontierPresentation", "MenuEntry",
           "PromptContext", "Recipient", "StepButton", "Strip", "VariantPresentation",
           "presentation_for", "register", "WarGamePresentation"]
