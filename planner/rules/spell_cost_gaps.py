"""What a change of a spell's cost asks that the board or the question does not give (CR 601.2f): the zone
the spell is cast from, the permanents it targets, its power, whether its card has an Adventure, its
keywords, a choice of its source's, a fact of the turn. Such a change is never guessed: it is not applied
(:mod:`planner.rules.spell_cost`), and the answer's ``warnings`` name what to give."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import AmountKind, ObjectFilter
from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import CostModifier
from models.oracle import read_card
from planner.rules.amounts import spells_cast_unlisted
from planner.rules.cast_riders import casts
from planner.rules.own_counts import OWN_COUNTS, own_count_gaps
from planner.rules.records import SourcedEffect
from planner.rules.special_actions import SPECIAL_ACTIONS
from planner.rules.turn_facts import TURN_EVENTS, died_gap, turn_event_gap

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["TURN_FACTS", "own_target_gaps", "unknown_fact", "unknown_spell_facts", "unknown_turn_facts"]


#: The facts of the turn a spell's own cost reduction counts
#: (:func:`~planner.rules.cost_change_counts.turn_fact`).
TURN_FACTS = frozenset(
    {
        AmountKind.SACRIFICED_TYPES,
        AmountKind.DIED_THIS_TURN,
        AmountKind.OPPONENT_GRAVEYARD,
        AmountKind.OPPONENT_SPELLS,
        AmountKind.YOUR_TURN,
    }
)


def unknown_turn_facts(board: Board, player: str, target: PaymentTarget) -> tuple[tuple[str, str], ...]:
    """The facts of the turn the spell's own cost changes count that the board does not give: each
    sentence, with why (the JSON path of the missing field; none is counted). The spells cast this turn
    given as a count alone answer only a count of every spell.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 1}]})
    >>> from models.spells import spell_of
    >>> duel = spell_of("{2}{G}", type_line="Sorcery", name="Test Duel",
    ...     text="This spell costs {2} less to cast if you've cast another sorcery spell this turn.")
    >>> unknown_turn_facts(board, "me", duel)[0][1]
    'players[0].spells_cast_this_turn gives how many spells, not which: none counted'
    """
    if not target.text:
        return ()
    position = [p.id for p in board.players].index(player)
    sacrificed = board.player(player).sacrificed_this_turn is None
    unknown = [n for n, p in enumerate(board.players) if p.id != player and p.graveyard is None]
    paths = {
        AmountKind.DIED_THIS_TURN: "",  # (died_gap says what the board does not give)
        AmountKind.SACRIFICED_TYPES: f"players[{position}].sacrificed_this_turn" if sacrificed else "",
        AmountKind.OPPONENT_GRAVEYARD: ", ".join(f"players[{n}].graveyard" for n in unknown),
        AmountKind.YOUR_TURN: "",  # (the board always says whose turn it is)
        AmountKind.OPPONENT_SPELLS: "",  # (none cast when not given: contract section 10's default)
    }
    found = [(sentence, _TARGETS_UNKNOWN) for sentence in own_target_gaps(target)]
    for effect in read_card(target.text, target.name, target.type_line).effects:
        if not isinstance(effect, CostModifier) or not effect.own:
            continue
        if effect.amount is None:
            continue
        kind = effect.amount.kind
        if (kind in OWN_COUNTS and (gap := own_count_gaps(board, player, effect.amount))) or (
            kind is AmountKind.DIED_THIS_TURN and (gap := died_gap(board, effect.amount.filter))
        ):
            found.append((effect.text, gap))
        elif kind in TURN_FACTS and paths[kind]:
            found.append((effect.text, f"{paths[kind]} is not given: none counted"))
        elif kind in TURN_EVENTS and (gap := turn_event_gap(board, player, effect.amount)):
            found.append((effect.text, gap))
        elif (
            kind is AmountKind.SPELLS_CAST
            and effect.amount.filter is not None
            and spells_cast_unlisted(board, effect.amount.filter, player)  # (a count answers 'another spell')
        ):
            where = f"players[{position}].spells_cast_this_turn"
            found.append((effect.text, f"{where} gives how many spells, not which: none counted"))
    return tuple(found)


def own_target_gaps(target: PaymentTarget) -> tuple[str, ...]:
    """The sentences of the spell's own cost changes that read its targets ('~ costs {1} less to cast if it
    targets a creature with flying': Swampsnare Trap, CR 601.2c) when they are not given: not applied.

    >>> from models.spells import spell_of
    >>> trap = spell_of("{2}{B}", name="Test Trap",
    ...     text="This spell costs {1} less to cast if it targets a creature with flying.")
    >>> own_target_gaps(trap), own_target_gaps(replace(trap, targeted=("bird",)))
    (('~ costs {1} less to cast if it targets a creature with flying.',), ())
    """
    if target.targeted is not None or not target.text:
        return ()
    counted = target.targets is not None  # (strive's needs only how many: --targets N)
    return tuple(
        effect.text
        for effect in read_card(target.text, target.name, target.type_line).effects
        if isinstance(effect, CostModifier)
        and effect.own
        and (effect.per_targeted is not None or (effect.per_target and not counted))
    )


def target_count(target: PaymentTarget) -> int:
    """How many targets the spell is cast with (CR 601.2c): the permanents the question names, or else its
    count (its text's when it says it plainly); 0 when neither is given (and a change that counts them
    warns: :func:`own_target_gaps`).

    >>> from models.spells import spell_of
    >>> bolt = spell_of("{R}", text="")
    >>> [target_count(t) for t in (bolt, replace(bolt, targeted=("a", "b")), replace(bolt, targets=3))]
    [0, 2, 3]
    """
    if target.targeted is not None:
        return len(target.targeted)
    return target.targets or 0


#: Why a cost change that reads the spell's targets is not applied when they are not given.
_TARGETS_UNKNOWN = "the permanents the spell targets are not known: not applied; give --target ID (CR 601.2c)"


def unknown_fact(view: BoardView, sourced: SourcedEffect, target: PaymentTarget) -> str:
    """What a cost change asks that the board or the question does not give, named (the field to give), or
    '' when it asks nothing unknown: where the spell is cast from (``cast_from``), the permanents it targets
    (``targeted``), the cards of a graveyard its condition counts."""
    effect = sourced.effect
    assert isinstance(effect, CostModifier)
    if (effect.cast_from or effect.cast_from_excluded) and target.zone is None:
        return "the zone the spell is cast from is not known: not applied; give --cast-from (CR 601.2a)"
    if (effect.targets_source or effect.per_targeted is not None) and target.targeted is None:
        return _TARGETS_UNKNOWN
    if effect.min_power is not None and target.power is None:
        return "the spell's power is not known: not applied; name the card with --spell (CR 208)"
    if effect.per_commander_cast and target.commander and target.commander_casts is None:
        return (
            "how many times the commander was cast from the command zone this game is not known: not "
            "applied; give --commander-casts N (CR 903.8)"
        )
    # (Lightstall Inquisitor's card is cast from exile, CR 601.2a; Kefnet's copy from where it is made)
    copy = effect.cast_by_source == "copy"
    if effect.cast_by_source and target.cast_by is None and (copy or target.zone in (None, "exile")):
        how = "that copy" if copy else "cast this way"
        return (
            f"whether the spell is {how} (by {view.permanent(sourced.source).name}'s ability) is not "
            f"known: not applied; give --cast-by {sourced.source} if it is (CR 601.2f)"
        )
    if effect.has_adventure and target.has_adventure is None:
        return (
            "whether the spell's card has an Adventure is not known: not applied; name the card with --spell "
            "and give card data with its faces (CR 715.2)"
        )
    choices = view.permanent(sourced.source).choices
    if effect.chosen_name and choices.card_name is None:
        return (
            f"{view.path(sourced.source)}.choices.card_name is not given (no name chosen this turn, or not "
            "known): not applied"
        )
    if effect.chosen_name and not target.name:
        return "the spell's name is not known: not applied; name the card with --spell (CR 201.2)"
    if effect.shares_exiled_card_type and choices.imprinted_card_types is None:
        if choices.imprinted is None and choices.imprinted_card is None and choices.imprinted_cards is None:
            return f"{view.path(sourced.source)}.choices.imprinted is not given: not applied"
        return (
            f"{view.path(sourced.source)}.choices.imprinted: the exiled card's type line is not known "
            "(give it as {name, mana_cost, type_line}): not applied"
        )
    kind = effect.amount.kind if effect.amount is not None else None
    if kind is AmountKind.CHOSEN_COLORS and view.permanent(sourced.source).choices.colors is None:
        return f"{view.path(sourced.source)}.choices.colors is not given: not applied"
    if kind is AmountKind.SPEED and view.board.player(sourced.controller).speed is None:
        where = f"players[{[p.id for p in view.board.players].index(sourced.controller)}].speed"
        return f"{where} is not given: not applied (CR 702.179)"
    held = effect.condition
    if held is not None and held.in_graveyard is not None:
        controller = view.board.player(sourced.controller)
        where = f"players[{[p.id for p in view.board.players].index(controller.id)}].graveyard"
        if controller.graveyard is None:
            return f"{where} is not given, and its condition counts cards in it: not applied"
        if isinstance(controller.graveyard, int) and held.in_graveyard != ObjectFilter():
            return f"{where} is given as a count, and its condition counts some cards: not applied"
    return ""


def unknown_spell_facts(
    view: BoardView, target: PaymentTarget, player: str
) -> tuple[tuple[str, str, str], ...]:
    """The permanents' cost changes that would apply to the spell but ask what the board or the question
    does not give (:func:`unknown_fact`): each source, sentence and why; none is applied.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> goblin = {"id": "g", "name": "Test Goblin", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Spells you cast from your graveyard cost {2} less to cast."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [goblin]}))
    >>> [why.split(":")[0] for _, _, why in unknown_spell_facts(view, PaymentTarget.of("{2}{R}"), "me")]
    ['the zone the spell is cast from is not known']
    >>> unknown_spell_facts(view, replace(PaymentTarget.of("{2}{R}"), cast_from="graveyard"), "me")
    ()
    """
    if target.kind is not PaymentKind.SPELL or target.purposes & SPECIAL_ACTIONS:
        return ()
    found = []
    for sourced in view.effects_of(CostModifier):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if effect.own or not casts(effect.who, sourced.controller, player):
            continue
        if not effect.matches(target):
            if _keyword_unknown(effect, target):
                found.append((sourced.source, effect.text, _KEYWORD_UNKNOWN))
            continue
        if why := unknown_fact(view, sourced, target):
            found.append((sourced.source, effect.text, why))
    return tuple(found)


#: Why a change of the cost of spells with a keyword is not applied to a spell given without its text.
_KEYWORD_UNKNOWN = (
    "the spell's keywords are not known (no text given): not applied; name the card with --spell"
)


def _keyword_unknown(effect: CostModifier, target: PaymentTarget) -> bool:
    """True when the change asks a keyword of the spell ('creature spell with flying': Momo; 'if it has
    mutate, changeling, or a cycling ability': Pollywog Symbiote) that a spell given without its card (no
    name, no text) may have, and would apply if it had it (CR 702)."""
    keywords = {effect.spells.keyword, *effect.spell_keywords} - {""}
    if not keywords or target.text or target.name:
        return False
    return effect.matches(replace(target, keywords=target.keywords | keywords))
