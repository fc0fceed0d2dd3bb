"""One reading of "… have <keyword>" for every variant (spell_grants.keyword_grants):
the whole battlefield by default, a variant's area of effect through *reaches* (the
Conquering's), with Frontier's legendary lands added only by ``static_grants``."""

from __future__ import annotations

from frontier_desktop.rules.variants.conquering.spells import granted_keywords, static_reach
from frontier_desktop.rules.core.spell_grants import keyword_grants, static_grants
from tests.rules.conquering_helpers import put
from tests.rules.helpers import creature
from tests.rules.test_conquering_reach import MID, NEAR_S1, _inline, _main


def test_reaches_limits_only_the_all_grants_and_no_reach_means_everywhere() -> None:
    state = _main()
    captain = _inline(state, 0, creature("Test Captain", power=1, toughness=1, oracle_text=(
        "Other creatures you control have flying.")), MID)
    here = put(state, "Grizzly Bears", 0, MID)
    away = put(state, "Grizzly Bears", 0, NEAR_S1)
    assert static_reach(state, state.perms[captain], state.perms[here])
    assert not static_reach(state, state.perms[captain], state.perms[away])
    # Without a reach (Frontier, Army): the grant goes to every creature it names.
    assert "flying" in keyword_grants(state, state.perms[away])
    assert static_grants(state, state.perms[away]) == frozenset(
        keyword_grants(state, state.perms[away]))
    # With the Conquering's reach: only the captain's own area.
    assert "flying" in keyword_grants(state, state.perms[here], reaches=static_reach)
    assert "flying" not in keyword_grants(state, state.perms[away], reaches=static_reach)
    assert granted_keywords(state, state.perms[away]) == frozenset(
        keyword_grants(state, state.perms[away], reaches=static_reach))
    # "Other": never the captain itself, with or without a reach.
    assert "flying" not in keyword_grants(state, state.perms[captain])
