"""fx-oneshots at the table: a tutor's library choice is answered with the stack panel's
option buttons (the existing choice prompt), headless, by clicking."""

from __future__ import annotations

from .helpers import click
from .test_targeting import _double_click_hand, _position, _table


def test_demonic_tutor_offers_the_library_as_buttons_and_takes_the_click(app, tmp_path) -> None:
    app.settings.hold_priority = False
    players = [{"name": "Ann", "life": 20, "hand": [], "library": 20},
               {"name": "Ben", "life": 20, "hand": ["Demonic Tutor"], "mana_pool": "{1}{B}",
                "library": ["Hill Giant", "Shivan Dragon"]}]
    table = _table(app, _position(tmp_path, players=players))
    _double_click_hand(app, table, "Demonic Tutor")
    panel = table.stack_panel
    assert panel.title == "Demonic Tutor: choose a card from your library"
    labels = [b[1] for b in panel.buttons]
    assert labels == ["Hill Giant", "Shivan Dragon", "Find nothing"]
    assert all(panel.rect.contains(b[0]) for b in panel.buttons)
    click(app, panel.buttons[1][0].center)
    view = table.session.view(1)
    assert view["players"][1]["hand"] == ["Shivan Dragon"]
    assert view["pending"] is None
    # Ann never saw the library's cards.
    assert "Shivan Dragon" not in str(table.session.view(0))


def test_the_one_shot_events_read_as_sentences_without_secrets() -> None:
    from frontier_desktop.rules.views import redact_event
    from frontier_desktop.ui.table.words import Namer, event_words

    names = Namer(["Ann", "Ben"], {"u1": "Imp"})
    found = {"type": "searched", "player": 1, "by": "Demonic Tutor", "card": "Shivan Dragon",
             "to": "hand", "_private": {"seat": 1, "fields": ["card"]}}
    assert event_words(redact_event(found, 1), names) == \
        "  Ben finds Shivan Dragon and puts it into their hand"
    assert event_words(redact_event(found, 0), names) == \
        "  Ben finds a card and puts it into their hand"
    assert event_words({"type": "choose", "player": 0, "kind": "source",
                        "card": "Circle of Protection: Red"}, names) == \
        "  Ann chooses a source for Circle of Protection: Red"
    assert event_words({"type": "poison", "player": 1, "count": 3}, names) == \
        "  Ben has 3 poison counters (ten lose the game)"
    assert event_words({"type": "silenced", "unit": "u1"}, names).startswith(
        "  All combat damage Imp would deal")
