"""What changes during a turn's plan (probe 18), each answer worked out by hand from the rules, the cards our
own with the printed phrasing:

- a permanent cast later in the turn that takes a land's mana ability ("Nonbasic lands are Islands.", CR
  305.7, 613.1d) leaves the ability usable before it is cast: the plan taps the land first;
- an instant or sorcery goes to the graveyard as it resolves (CR 608.2n), which a cost that exiles a card
  from the graveyard could use: not counted by the plan, said in its notes (no optimal plan claimed);
- a permanent spell's "You may play an additional land on each of your turns." (CR 305.2a) gives a land
  play once it resolved, after the plan's land plays: said in its warnings.
"""

from __future__ import annotations

from typing import Any

from models.board import Board
from planner.turn import TurnResult, plan_turn

#: Harbinger of the Seas's phrasing
HARBOR_SEER = {
    "name": "Test Harbor Seer",
    "type_line": "Creature — Merfolk Wizard",
    "mana_cost": "{2}{U}",
    "oracle": "Nonbasic lands are Islands.",
}
#: a Duskmourn Verge's phrasing
GLOOM_VERGE = {
    "name": "Test Gloom Verge",
    "type_line": "Land",
    "oracle": "{T}: Add {U}.\n{T}: Add {B}. Activate only if you control an Island or a Swamp.",
}
#: Molt Tender's phrasing
SHED_TENDER = {
    "name": "Test Shed Tender",
    "type_line": "Creature — Insect Druid",
    "oracle": "{T}: Mill a card.\n{T}, Exile a card from your graveyard: Add one mana of any color.",
}
#: Case of the Locked Hothouse's first sentence
HOTHOUSE = {
    "name": "Test Hothouse",
    "type_line": "Enchantment",
    "mana_cost": "{3}{G}",
    "oracle": "You may play an additional land on each of your turns.",
}


def _sorcery(name: str, cost: str) -> dict[str, Any]:
    """A sorcery with no target."""
    return {"name": name, "type_line": "Sorcery", "mana_cost": cost, "oracle": "Draw a card."}


def _plan(permanents: list[Any], hand: list[Any], **player: Any) -> TurnResult:
    """The plan of my turn: ``permanents`` (catalogue names or cards) and ``hand``."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    me = {"id": "me", "hand": hand, **player}
    board = Board.from_dict({"version": 1, "players": [me, {"id": "opp"}], "permanents": listed})
    return plan_turn(board, time_limit=300)


def test_a_land_taps_for_what_it_loses_before_the_spell_that_takes_it() -> None:
    # the Verge makes {B} while I control an Island; once the Seer resolves it is an Island, {U} alone. The
    # Verge's {B} first (it stays in the pool, CR 500.4), the Seer with the three Islands, then {B}: mana
    # value 4; the Seer first, the {B} spell can't be cast (3)
    turn = _plan(["Island", "Island", "Island", GLOOM_VERGE], [HARBOR_SEER, _sorcery("Test Drain", "{B}")])
    assert sorted(s.card for s in turn.spells) == ["Test Drain", "Test Harbor Seer"]
    assert turn.mana_value_cast == 4 and turn.optimal


def test_the_graveyard_a_spell_fills_is_noted() -> None:
    # the graveyard is empty: the Tender makes nothing before the first sorcery resolves (CR 608.2n); after
    # it, exiling that card would pay the {R} spell, which the plan does not count: noted, not optimal
    turn = _plan(
        [{**SHED_TENDER}, "Island"],
        [_sorcery("Test Opt", "{U}"), _sorcery("Test Bolt", "{R}")],
        graveyard=[],
    )
    assert any("CR 608.2n" in note and "Test Shed Tender" in note for note in turn.notes)
    assert not turn.optimal


def test_no_spell_to_fill_the_graveyard_no_note() -> None:
    # a creature spell goes to the battlefield, not the graveyard: nothing noted, the plan is proven
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{U}", "oracle": ""}
    turn = _plan([{**SHED_TENDER}, "Island"], [bear], graveyard=[])
    assert not any("CR 608.2n" in note for note in turn.notes) and turn.optimal


def test_a_spells_land_play_is_warned_of() -> None:
    # four Forests, a land play: five lands; the Hothouse (4) resolved would let the second Forest be played
    # and pay the {1}{G} spell (mana value 6), which the plan does not plan: warned
    turn = _plan(["Forest"] * 4, [HOTHOUSE, "Forest", "Forest", _sorcery("Test Sprout", "{1}{G}")])
    assert [w.permanent for w in turn.warnings if "CR 305.2a" in w.reason] == ["Test Hothouse"]
    # one land in the hand: the play it gives has nothing to play, nothing to warn of
    turn = _plan(["Forest"] * 4, [HOTHOUSE, "Forest", _sorcery("Test Sprout", "{1}{G}")])
    assert not [w for w in turn.warnings if "CR 305.2a" in w.reason]
