"""Creatures the turn's own plan kills (contract section 11, CR 700.4: a creature *dies* when it is put into
a graveyard from the battlefield, a token too, CR 111.7).

A spell of the turn that sacrifices a creature for its additional or alternative cost (Village Rites'
"sacrifice a creature", CR 601.2h) makes it die there and then: the board's ``creatures_died_this_turn``
counts it for every later spell, in the order the plan makes the deaths. "This spell costs {1} less to cast
for each creature that died this turn." is locked in as the later spell is cast (CR 601.2f), "You may cast
this card from your graveyard if a creature died this turn." checked as it is cast (CR 601.2a): both read the
board the sacrifices left (:meth:`~models.board.Board.having_died`, applied wherever a turn's costs are
paid: :func:`~planner.turn_additional.without_paid`, for the timeline and the replay alike). A count the
board does not give stays warned (none counted before the turn); the turn's own deaths are counted from 0
then.

A creature sacrificed by a mana ability (an Eldrazi Spawn's "Sacrifice this creature: Add {C}.", an altar's
"Sacrifice a creature: Add {C}{C}.") dies inside the turn's payment model, which does not count deaths: where
a spell of the turn reads the count, a note says so (:func:`mana_death_notes`), the plan is not called
optimal and a plan that casts nothing is no "no".
"""

from __future__ import annotations

from collections.abc import Sequence

from models.abilities import AmountKind, ManaAbility
from models.board import Board, Card
from models.mana_effects import CostModifier
from models.oracle import read_card
from models.spells import own_alternative_costs
from planner.rules.view import BoardView
from planner.turn_choices import TurnSpell, distinct

__all__ = ["mana_death_notes", "reads_deaths"]


def reads_deaths(card: Card) -> bool:
    """True when the card's own cost reads how many creatures died this turn (CR 601.2f: "costs {1} less to
    cast for each creature that died this turn") or its own permission or alternative cost asks whether one
    did ("if a creature died this turn", CR 601.2a).

    >>> feast = Card.from_json({"name": "Test Feast", "type_line": "Sorcery", "mana_cost": "{4}{B}",
    ...     "oracle": "This spell costs {1} less to cast for each creature that died this turn."})
    >>> reads_deaths(feast), reads_deaths(Card.from_json("Lightning Bolt"))
    (True, False)
    """
    if "died this turn" not in card.oracle:
        return False
    parsed = read_card(card.oracle, card.name, card.type_line)
    if any(
        isinstance(effect, CostModifier)
        and effect.own
        and effect.amount is not None
        and effect.amount.kind is AmountKind.DIED_THIS_TURN
        for effect in parsed.effects
    ):
        return True
    return any(cost.if_creature_died for cost in own_alternative_costs(card.oracle, card.name))


def mana_death_notes(board: Board, player: str, spells: Sequence[TurnSpell]) -> list[str]:
    """A note for each spell of the turn that reads the creatures that died this turn (:func:`reads_deaths`)
    when a mana ability may sacrifice a creature during the turn (the player's permanents', or one a card of
    the turn brings: its text or its tokens' quoted text): the payment model does not count those deaths.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "a", "name": "Test Altar", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "Sacrifice a creature: Add {C}{C}."}]})
    >>> from planner.turn_choices import Ids, turn_spell
    >>> feast = Card.from_json({"name": "Test Feast", "type_line": "Sorcery", "mana_cost": "{4}{B}",
    ...     "oracle": "This spell costs {1} less to cast for each creature that died this turn."})
    >>> mana_death_notes(board, "me", [turn_spell(feast, 0, Ids(set()))])  # doctest: +ELLIPSIS
    ['Test Feast: creatures a mana ability sacrifices during the turn are not counted as died ...']
    """
    readers = sorted({spell.card.name for spell in distinct(list(spells)) if reads_deaths(spell.card)})
    if not readers or not _mana_sacrifices_creatures(board, player, spells):
        return []
    return [
        f"{name}: creatures a mana ability sacrifices during the turn are not counted as died for it "
        "(CR 700.4): the plan may not be the best"
        for name in readers
    ]


def _mana_sacrifices_creatures(board: Board, player: str, spells: Sequence[TurnSpell]) -> bool:
    """True when a mana ability of the player's permanents may sacrifice a creature (its own creature, or a
    creature its cost names), or a card of the turn has a line that sacrifices for mana (its own, or a
    token's it creates: counted as may, never missed)."""
    view = BoardView(board)
    for permanent in board.controlled_by(player):
        creature = view.type_line(permanent.id).is_a("Creature")
        if any(_sacrifices_creature(a, creature=creature) for a in view.mana_abilities(permanent.id)):
            return True
    return any(
        "Sacrifice" in spell.card.oracle and "Add {" in spell.card.oracle for spell in distinct(list(spells))
    )


def _sacrifices_creature(ability: ManaAbility, *, creature: bool) -> bool:
    """True when the ability's cost sacrifices its own creature, or permanents that may be creatures."""
    cost = ability.cost
    if cost.sacrifice_self and creature:
        return True
    wanted = cost.sacrifice
    return wanted is not None and (not wanted.types or "Creature" in wanted.types or bool(wanted.any_types))
