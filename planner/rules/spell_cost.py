"""A spell's total cost on a board (CR 601.2f): the cost increases and reductions in force, the spell's
own (affinity), and the colored reductions (CR 118.7), with its colors after the color-changing effects and
the keywords of the payment that permanents give it (convoke, improvise, delve)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import ManaOutput, OutputKind, PaletteKind
from models.board import card_colors
from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.errors import InputError
from models.folding import fold_name
from models.layer_effects import ColorChange
from models.mana import ALL_COLORS, ManaBag, ManaType, ManaTypes
from models.mana_effects import (
    CostModifier,
    ManaTrigger,
    ProductionReplacement,
    SpellKeywords,
    SpendAsThough,
)
from models.oracle import read_card
from models.oracle.lexicon import CREATURE_TYPES
from models.types import TypeLine
from planner.rules.ability_costs import ability_change, ability_locked_in
from planner.rules.amounts import (
    spells_cast_unlisted,
)
from planner.rules.cast_riders import casts, with_cast_riders
from planner.rules.cost_change_counts import counted_spells, own_times_applied, times_applied
from planner.rules.layers import types_elsewhere
from planner.rules.life_for_mana import paid_by_life, with_life_for_mana
from planner.rules.minimum_cost import (
    minimum_in_force,
    phyrexian_announcements,
    raised_to_minimum,
    unknown_minimum,
)
from planner.rules.party import party_size
from planner.rules.payment_bans import without_life_symbols
from planner.rules.records import SourcedEffect
from planner.rules.special_actions import SPECIAL_ACTIONS, special_action_change, special_action_locked_in
from planner.rules.spell_cost_gaps import (
    TURN_FACTS,
    own_target_gaps,
    unknown_fact,
    unknown_spell_facts,
    unknown_turn_facts,
)

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "announcements",
    "colored_increase",
    "colored_reduction",
    "cost_change",
    "life_payable",
    "locked_in",
    "minimum_cost",
    "own_target_gaps",
    "party_size",
    "unabsorbed_reduction",
    "unchosen_x_change",
    "uncounted_spells",
    "uncounted_targets",
    "unknown_spell_facts",
    "unknown_turn_facts",
    "unweighed_floor",
    "unweighed_minimum",
    "with_changed_types",
]


def locked_in(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The target with its total cost (CR 601.2f): the cost plus increases minus reductions in force for
    this spell, its own text's included (affinity, 702.41a); increases and reductions of generic mana change
    only the generic part, never below zero: a generic reduction can't reduce colored mana (118.7a). A
    reduction of colored or colorless mana takes that many such symbols off, and what the cost lacks of them
    comes off the generic part (118.7b-d), unless the reduction says it reduces only colored mana
    (Edgewalker). X is chosen before the total cost is determined (601.2b), so a cost with X has it replaced
    by its value first (an X still in the cost keeps what a reduction has left over: see :func:`cost_change`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 2}],
    ...     "permanents": [{"id": "ds", "card": "Damping Sphere", "controller": "me"}]})
    >>> str(locked_in(BoardView(board), PaymentTarget.of("{1}{R}"), "me").cost)
    '{3}{R}'
    >>> from models.spells import spell_of
    >>> thoughtcast = spell_of("{4}{U}", text="Affinity for artifacts")
    >>> str(locked_in(BoardView(board), thoughtcast, "me").cost)  # the Sphere taxes {2}, and is an artifact
    '{5}{U}'
    """
    return _locked(view, target, player)[0]


def unabsorbed_reduction(view: BoardView, target: PaymentTarget, player: str) -> int:
    """The generic reduction :func:`locked_in` leaves unused on a cost with monocolored hybrid symbols it
    did not announce as generic (:func:`_announced`): 0 when none is left, or the cost has none.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "es", "name": "Sculptor", "type_line": "Artifact Creature", "controller": "me",
    ...      "oracle": "Artifact spells you cast cost {1} less to cast."},
    ...     {"id": "i", "card": "Island", "controller": "me"},
    ...     {"id": "p", "card": "Plains", "controller": "me"}]})
    >>> king = PaymentTarget.of("{2/W}{2/U}", type_line="Artifact Creature", name="King")
    >>> unabsorbed_reduction(BoardView(board), king, "me"), str(locked_in(BoardView(board), king, "me").cost)
    (1, '{2/W}{2/U}')
    """
    return _locked(view, target, player)[1]


def _locked(view: BoardView, target: PaymentTarget, player: str) -> tuple[PaymentTarget, int]:
    """:func:`locked_in`'s target, and the reduction it leaves unused (:func:`unabsorbed_reduction`)."""
    total, unused = _locked_total(view, target, player)
    total = raised_to_minimum(total, minimum_cost(view, total, player))
    return without_life_symbols(view, with_life_for_mana(view, total, player), player), unused


def minimum_cost(view: BoardView, target: PaymentTarget, player: str) -> int:
    """The least mana the total cost of this spell asks for by the changes in force (Trinisphere, CR 601.2f:
    :mod:`planner.rules.minimum_cost`); 0 for none."""
    if (
        target.kind is not PaymentKind.SPELL
        or target.purposes & SPECIAL_ACTIONS
        or not _has_cost_modifiers(view)
    ):
        return 0
    return minimum_in_force(target, _modifiers_in_force(view, target, player))


def unweighed_minimum(view: BoardView, target: PaymentTarget, player: str) -> bool:
    """True when the caster's announcement of a Phyrexian or monocolored hybrid symbol decides whether a
    minimum total cost raises this spell's (CR 601.2b, 601.2f) and the answer does not weigh it."""
    if not _has_cost_modifiers(view):  # (no minimum in force: the total need not be worked out again)
        return False
    total = _locked_total(view, target, player)[0]
    return unknown_minimum(total, minimum_cost(view, total, player))


def _locked_total(view: BoardView, target: PaymentTarget, player: str) -> tuple[PaymentTarget, int]:
    """:func:`_locked` before the payer's ways to pay a symbol with life (:func:`with_life_for_mana`)."""
    if target.purposes & SPECIAL_ACTIONS:  # (turning face up, plotting: no spell, CR 116.2b, 116.2k)
        return special_action_locked_in(view, target, player), 0
    if target.kind is PaymentKind.ABILITY:
        return ability_locked_in(view, target, player), 0
    if target.kind is PaymentKind.SPELL:
        target = _with_granted_keywords(view, with_changed_types(view, target, player), player)
        target = with_cast_riders(view, target, player)  # (after the types: what the triggers describe)
    devoid_read = target.colors is None and bool(target.text)
    changes = next(view.effects_of(ColorChange), None) is not None
    if target.kind is PaymentKind.SPELL and (devoid_read or changes):
        # a spell's colors: its card's (devoid makes it colorless), then layer 5's changes (Celestial Dawn)
        colors = (
            card_colors(target.cost, None, target.text, target.name) if devoid_read else target.spell_colors
        )
        if changes:
            colors = view.colors_elsewhere(colors, player, spell=True)
        if colors != target.spell_colors:
            target = replace(target, colors=colors)
    if target.additional_mana:  # (the additional costs' mana, before increases and reductions: CR 601.2f)
        target = replace(target.with_cost(target.cost + target.additional_mana), additional_mana=ManaCost(()))
    if not target.text and not target.paid_reduction and not _has_cost_modifiers(view):
        return target, 0  # (nothing on the board or in the spell's text changes its cost)
    if added := colored_increase(view, target, player):  # (first: a colored reduction may take them off)
        target = target.with_cost(target.cost + ManaCost.parse(str(added)))
    delta = cost_change(view, target, player)
    removed, _ = colored_reduction(view, target, player)
    by_life, _ = life_payable(view, target, player)  # (the Defilers': after the free reductions)
    if delta == 0 and not removed and not by_life:
        return target, 0
    kept_symbols: list[CostSymbol] = []
    left = dict.fromkeys(removed.types, 0)
    for symbol in target.cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            continue
        plain = symbol.single_type
        if plain is not None and plain in left and left[plain] < removed[plain]:
            left[plain] += 1  # (this symbol is reduced away)
            continue
        kept_symbols.append(symbol)
    kept = tuple(kept_symbols)
    generic = target.cost.generic + delta
    unused = 0
    if generic < 0 and not target.cost.has_variable:
        # (a reduction left over: {2/X} symbols announced as {2} take it, CR 601.2b, 601.2f)
        kept, generic, unused = _announced(view, target, player, kept, -generic)
    generic = max(generic, 0)
    kept = paid_by_life(kept, by_life) if by_life else kept
    symbols = (*kept, CostSymbol(SymbolKind.GENERIC, amount=generic)) if generic or not kept else kept
    return target.with_cost(ManaCost(symbols)), unused


def _announced(
    view: BoardView, target: PaymentTarget, player: str, kept: tuple[CostSymbol, ...], left: int
) -> tuple[tuple[CostSymbol, ...], int, int]:
    """The symbols and generic mana of a total cost when a generic reduction of ``left`` is more than the
    generic part: the caster may announce a monocolored hybrid symbol {2/X} as {2} (CR 601.2b) so that the
    reduction takes it too (601.2f; Reaper King ruling 2008-05-01). Each symbol so announced takes up to
    two of what is left, so that as many as that needs are announced; which ones matters only where they
    differ in a color the payment may spend: a symbol whose color it can't spend costs {2} whichever way,
    so such symbols go first (any of them alike); others only where all are announced or all are the same
    symbol, else the rest is left unused (and reported: :func:`unabsorbed_reduction`). Answers the kept
    symbols, the generic mana (negative: what is still left over) and what is left unused."""
    hybrids = [n for n, symbol in enumerate(kept) if symbol.kind is SymbolKind.MONO_HYBRID]
    if not hybrids:
        return kept, -left, 0
    if target.announced is not None:  # (the caster's announcement, one of :func:`announcements`)
        wanted = list(target.announced)
        chosen = []
        for n in hybrids:
            if kept[n] in wanted:
                wanted.remove(kept[n])
                chosen.append(n)
        absorbed = min(left, sum(kept[n].amount for n in chosen))
        generic = sum(kept[n].amount for n in chosen) - left
        return tuple(s for n, s in enumerate(kept) if n not in chosen), generic, left - absorbed
    needed = min(-(-left // 2), len(hybrids))
    spendable = _spendable_colors(view, target, player)
    dead = [n for n in hybrids if not kept[n].colors & spendable]  # (paid as {2} anyway)
    others = [n for n in hybrids if n not in dead]
    chosen = dead[:needed]
    if len(chosen) < needed and (needed == len(hybrids) or len({kept[n] for n in others}) == 1):
        chosen += others[: needed - len(chosen)]
    absorbed = min(left, sum(kept[n].amount for n in chosen))
    generic = sum(kept[n].amount for n in chosen) - left
    unused = left - absorbed if len(chosen) < needed else 0
    return tuple(s for n, s in enumerate(kept) if n not in chosen), generic, unused


def announcements(view: BoardView, target: PaymentTarget, player: str) -> list[tuple[CostSymbol, ...]]:
    """Each announcement of the spell's monocolored hybrid symbols as their generic half that takes all of a
    generic reduction left over (CR 601.2b, 601.2f), where the planner's own choice would leave some unused
    (:func:`unabsorbed_reduction`): each different choice of as few symbols as take it all (announcing more
    only turns a colored half into generic mana the payer could pay anyway, CR 107.4e); none when the
    choice can't matter. The payer weighs each (:func:`planner.api.pay`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "es", "name": "Sculptor", "type_line": "Artifact Creature", "controller": "me",
    ...      "oracle": "Artifact spells you cast cost {1} less to cast."},
    ...     {"id": "i", "card": "Island", "controller": "me"},
    ...     {"id": "p", "card": "Plains", "controller": "me"}]})
    >>> king = PaymentTarget.of("{2/W}{2/U}", type_line="Artifact Creature", name="King")
    >>> [[str(s) for s in chosen] for chosen in announcements(BoardView(board), king, "me")]
    [['{2/W}'], ['{2/U}']]
    """
    hybrids = [s for s in target.cost.symbols if s.kind is SymbolKind.MONO_HYBRID]
    if (
        target.kind is PaymentKind.SPELL
        and target.announced is None
        and not hybrids
        and any(s.kind is SymbolKind.PHYREXIAN for s in target.cost.symbols)
    ):  # (a minimum total cost: which Phyrexian symbols are paid with life may decide it, Trinisphere)
        total = _locked_total(view, target, player)[0]
        return phyrexian_announcements(total, minimum_cost(view, total, player))
    if not hybrids or target.kind is not PaymentKind.SPELL or target.announced is not None:
        return []  # (the common case: no {2/X} symbol, nothing to announce)
    if _locked(view, target, player)[1] <= 0:
        return []
    for count in range(1, len(hybrids) + 1):
        chosen = list(dict.fromkeys(itertools.combinations(hybrids, count)))
        if _locked(view, replace(target, announced=chosen[0]), player)[1] <= 0:
            return chosen
    return []


def _spendable_colors(view: BoardView, target: PaymentTarget, player: str) -> ManaTypes:
    """The colors a payment for ``target`` may spend, at most: those the outputs of the mana abilities of
    every permanent on the board name (any of a palette's, every color for a palette read off the board),
    and those its pool holds; every color where something else may give, change or spend one (convoke, mana
    abilities of cards in the hand, triggers that add mana, replacements of what is produced, spending mana
    as though it were another type).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "pool": ["{U}"]}], "permanents": [
    ...     {"id": "gc", "card": "Graven Cairns", "controller": "me"}]})
    >>> str(_spendable_colors(BoardView(board), PaymentTarget.of("{2/W}"), "me"))
    'UBR'
    """
    board = view.board
    changed = (ManaTrigger, SpendAsThough, ProductionReplacement)
    anything = (
        target.convoke
        or any(next(view.effects_of(kind), None) is not None for kind in changed)
        or any(read_card(c.oracle, c.name, c.type_line).mana_abilities for c in board.player(player).hand)
    )
    if anything:
        return ALL_COLORS
    found = ManaTypes()
    for permanent in board.permanents:
        for ability in (*view.mana_abilities(permanent.id), *view.idle_mana_abilities(permanent.id)):
            for output in (ability.output, *(output for _, output in ability.conditional)):
                found |= _output_colors(output)
    for entry in board.player(player).pool:
        found |= entry.mana.types
    return found & ALL_COLORS


def _output_colors(output: ManaOutput) -> ManaTypes:
    """The colors an output may make, at most: its bags' types, or its palette's (every color for a palette
    read off the board, and for doubling what is unspent)."""
    if output.kind in (OutputKind.FIXED, OutputKind.CHOICE):
        found = ManaTypes()
        for bag in output.options:
            found |= bag.types
        return found
    if output.kind is OutputKind.DOUBLE_UNSPENT or output.palette.kind is not PaletteKind.TYPES:
        return ALL_COLORS
    return output.palette.types | output.palette.also


def unchosen_x_change(view: BoardView, target: PaymentTarget, player: str) -> tuple[int, int]:
    """For a cost with X whose value is left to the solver (the largest X): the reduction its fixed generic
    part leaves over, taken off X's generic mana once X is chosen (0 or negative: CR 601.2b, 601.2f, 118.7a),
    and how much mana a reduction with a floor leaves besides the cost's other symbols ('This effect can't
    reduce the mana in that cost to less than one mana': Zirda, Heartstone; 0 when no floor can hold).

    With a floor ``f`` and ``c`` mana in the symbols other than generic and X, X's generic mana once reduced
    is at least ``min(generic + X's, f - c)`` (:func:`~planner.rules.costs.changed_mana` with X replaced).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> zirda = {"id": "z", "name": "Zirda", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Abilities you activate that aren't mana abilities cost {2} less to activate. This "
    ...               "effect can't reduce the mana in that cost to less than one mana."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [zirda]}))
    >>> costs = ("{X}{G}", "{X}", "{X}{3}")
    >>> [unchosen_x_change(view, PaymentTarget.of(c, kind="ability"), "me") for c in costs]
    [(-2, 0), (-2, 1), (0, 1)]
    """
    if target.kind is PaymentKind.ABILITY and not target.purposes & SPECIAL_ACTIONS:
        change, floor = ability_change(view, target, player)
        others = target.cost.mana_value - target.cost.generic  # (X counts 0 here, CR 107.3)
        return min(0, target.cost.generic + change), max(floor - others, 0) if floor else 0
    typed = with_changed_types(view, target, player)  # (Biotransference)
    change = cost_change(view, typed, player)
    floored = floored_in_force(view, typed, player) if _has_cost_modifiers(view) else []
    floor = 0
    if len(floored) == 1 and change + floored[0][1] == 0:  # (alone: its floor kept, as an ability's)
        others = target.cost.mana_value - target.cost.generic  # (X counts 0 here, CR 107.3)
        floor = max(floored[0][0] - others, 0)
    return min(0, target.cost.generic + change), floor


def cost_change(view: BoardView, target: PaymentTarget, player: str) -> int:
    """The generic mana that increases add and reductions take off the target's cost (CR 601.2f), summed:
    negative when the reductions are larger.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "tf", "card": "Thunderscape Familiar", "controller": "me"}]})
    >>> cost_change(BoardView(board), PaymentTarget.of("{X}{G}"), "me")
    -1
    """
    if target.purposes & SPECIAL_ACTIONS:  # (turning face up, plotting: no spells, CR 116.2b, 116.2k)
        return special_action_change(view, target, player)
    if target.kind is not PaymentKind.SPELL:
        return 0
    # (what the optional additional costs paid take off: a bargain's, Dargo's sacrifices)
    delta = colored_reduction(view, target, player)[1] - target.paid_reduction
    floored: list[tuple[int, int]] = []
    increases = 0
    for sourced in _modifiers_in_force(view, target, player):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        change = effect.generic_delta * times_applied(view, sourced, target, player)
        if effect.floor and change < 0:
            floored.append((effect.floor, -change))
            continue
        increases += max(change, 0)
        delta += change
    # the spell's own reductions (affinity, CR 702.41a): for each permanent its caster controls that counts,
    # or by an amount counted on them (The Great Henge: the greatest power among their creatures)
    for effect in read_card(target.text, target.name, target.type_line).effects if target.text else ():
        if not isinstance(effect, CostModifier) or not effect.own:
            continue
        times = own_times_applied(view, effect, target, player)
        if effect.at_least:  # (once, when what it counts reaches that many: Geistlight Snare, Avatar of Woe)
            times = int(times >= effect.at_least)
        change = effect.generic_delta * times
        if effect.most:  # ('can't reduce the amount of mana ~ costs by more than {5}': Valiant Changeling)
            change = max(change, -effect.most)
        increases += max(change, 0)
        delta += change
    if floored and target.cost.has_variable:
        # (X not chosen: taken in full here, the floor is :func:`unchosen_x_change`'s to keep)
        delta -= sum(amount for _floor, amount in floored)
    elif floored:
        delta -= floored_reductions(target.cost.mana_value + increases, floored)
    return delta


def floored_in_force(view: BoardView, target: PaymentTarget, player: str) -> list[tuple[int, int]]:
    """The (floor, amount) of each reduction with a floor in force for the spell ``target`` ('This effect
    can't reduce the mana in that cost to less than one mana.' after it, CR 601.2f)."""
    if target.kind is not PaymentKind.SPELL or target.purposes & SPECIAL_ACTIONS:
        return []
    found = []
    for sourced in _modifiers_in_force(view, target, player):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if effect.floor and effect.generic_delta < 0:
            found.append((effect.floor, -effect.generic_delta * times_applied(view, sourced, target, player)))
    return [(floor, amount) for floor, amount in found if amount]


def unweighed_floor(view: BoardView, target: PaymentTarget, player: str) -> bool:
    """True when a reduction with a floor meets another reduction of a spell whose X is left to the solver
    (the largest X): the floored one first, the others after (CR 601.2f), is not followed then, and the
    floor is not kept (:func:`unchosen_x_change`)."""
    if not target.cost.has_variable or not _has_cost_modifiers(view):
        return False
    floored = floored_in_force(view, target, player)
    if not floored:
        return False
    typed = with_changed_types(view, target, player)
    others = cost_change(view, typed, player) + sum(amount for _floor, amount in floored)
    return len(floored) > 1 or others != 0


def floored_reductions(mana: int, floored: list[tuple[int, int]]) -> int:
    """The generic mana reductions with a floor take off a total cost asking for ``mana`` after its
    increases ('This effect can't reduce the mana in that cost to less than one mana.'): the payer orders
    the reductions (CR 601.2f), and applies these first, the highest floor first, while the cost is at its
    largest, each taking the mana no lower than its floor (a cost already at or below it keeps all its
    mana); the other reductions follow in full. ``floored``: (floor, amount) of each.

    >>> floored_reductions(3, [(1, 1)]), floored_reductions(1, [(1, 1)]), floored_reductions(2, [(1, 2)])
    (1, 0, 1)
    >>> floored_reductions(3, [(1, 1), (1, 1)]), floored_reductions(2, [(1, 1), (2, 1)])
    (2, 1)
    """
    taken = 0
    for floor, amount in sorted(floored, reverse=True):
        step = min(amount, max(mana - taken - floor, 0))
        taken += step
    return taken


def uncounted_targets(view: BoardView, target: PaymentTarget, player: str) -> tuple[tuple[str, str], ...]:
    """The sentences of the permanents' cost changes 'for each target' that apply to the spell when the
    number of its targets is not known (:attr:`~models.cost.PaymentTarget.targets` None: its text does not
    say it plainly, or no text was given): none is counted, and the answer says so. Each with its source.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> hinata = {"id": "h", "name": "Hinata", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Spells you cast cost {1} less to cast for each target."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [hinata]}))
    >>> uncounted_targets(view, PaymentTarget.of("{1}{R}"), "me")
    (('h', 'Spells you cast cost {1} less to cast for each target.'),)
    >>> uncounted_targets(view, replace(PaymentTarget.of("{1}{R}"), targets=1), "me")
    ()
    """
    if (
        target.targets is not None
        or target.kind is not PaymentKind.SPELL
        or target.purposes & SPECIAL_ACTIONS
    ):
        return ()
    return tuple(
        (sourced.source, sourced.effect.text)
        for sourced in _modifiers_in_force(view, target, player)
        if isinstance(sourced.effect, CostModifier) and sourced.effect.per_target
    )


def uncounted_spells(view: BoardView, target: PaymentTarget, player: str) -> tuple[tuple[str, str], ...]:
    """The sentences of the permanents' cost changes on 'the first creature spell you cast each turn' that
    apply to the spell when the board gives only how many spells ``player`` cast (one or more), not which:
    not applied, and the answer says so. Each with its source."""
    if target.kind is not PaymentKind.SPELL or view.board.player(player).spells_cast is not None:
        return ()
    return tuple(
        (sourced.source, sourced.effect.text)
        for sourced in _modifiers_in_force(view, target, player)
        if isinstance(sourced.effect, CostModifier)
        and sourced.effect.nth_spell
        and spells_cast_unlisted(view.board, counted_spells(sourced.effect), player)
    )


def with_changed_types(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The spell ``player`` casts with the card types that type-changing effects reaching spells add to it
    (layer 4, CR 613.1d): Biotransference's 'Creatures you control are artifacts in addition to their other
    types. The same is true for creature spells you control ...' makes a creature spell an artifact spell,
    which 'Artifact spells you cast cost {1} less' and mana spent only on artifact spells read.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
    ...     {"id": "b", "name": "Bio", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control are artifacts in addition to their other types. The same is "
    ...                "true for creature spells you control."}]})
    >>> elf = PaymentTarget.of("{G}", type_line="Creature — Elf")
    >>> str(with_changed_types(BoardView(board), elf, "me").type_line)
    'Artifact Creature — Elf'
    >>> str(with_changed_types(BoardView(board), elf, "op").type_line)
    'Creature — Elf'
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant")
    >>> str(with_changed_types(BoardView(board), bolt, "me").type_line)
    'Instant'
    """
    line = types_elsewhere(view, target.type_line, player, spell=True)
    return target if line == target.type_line else replace(target, type_line=line)


def _with_granted_keywords(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The spell with the keywords of the payment that permanents give the spells ``player`` casts ('Artifact
    spells you cast have improvise': Chief Engineer, Inspiring Statuary), besides its own.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "c", "name": "Chief", "type_line": "Creature — Human", "controller": "me",
    ...      "oracle": "Artifact spells you cast have convoke."}]})
    >>> view = BoardView(board)
    >>> _with_granted_keywords(view, PaymentTarget.of("{2}", type_line="Artifact"), "me").convoke
    True
    >>> _with_granted_keywords(view, PaymentTarget.of("{2}", type_line="Instant"), "me").convoke
    False
    """
    granted: set[str] = set()
    for sourced in view.effects_of(SpellKeywords):
        effect = sourced.effect
        assert isinstance(effect, SpellKeywords)
        if casts(effect.who, sourced.controller, player) and effect.matches(target):
            granted.update(effect.keywords)
    if not granted:
        return target
    return replace(
        target,
        convoke=target.convoke or "convoke" in granted,
        improvise=target.improvise or "improvise" in granted,
        delve=target.delve or "delve" in granted,
    )


def _has_cost_modifiers(view: BoardView) -> bool:
    """True when some permanent on the board has an effect that changes costs (CR 601.2f)."""
    return next(view.effects_of(CostModifier), None) is not None


def _modifiers_in_force(
    view: BoardView, target: PaymentTarget, player: str, *, paid_life: bool = False
) -> Iterator[SourcedEffect]:
    """The permanents' cost changes that apply to this spell, cast by ``player`` (its own are not here):
    those that apply as they are, or with ``paid_life`` those that apply only if life is paid for them (the
    Defilers': :func:`life_payable`)."""
    for sourced in view.effects_of(CostModifier):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if effect.own:
            continue  # 'this spell costs less' is about the card as a spell, not a permanent's effect
        if bool(effect.paid_life) != paid_life:
            continue
        if not casts(effect.who, sourced.controller, player) or not effect.matches(target):
            continue
        if effect.off_turn and view.board.active_player == player:
            continue  # ('except during its controller's turn': Defense Grid, on its caster's turn)
        if unknown_fact(view, sourced, target) or not _spell_facts_hold(view, sourced, target):
            continue  # (one the board or the question does not give: not applied, and the answer warns)
        if effect.spells.chosen_type:
            # the creature type (Herald's Horn) or the card type (Cloud Key) chosen as the source entered
            chosen = view.permanent(sourced.source).choices.chosen_type
            if chosen is None or not target.type_line.is_a(chosen):
                continue  # (none chosen: no spell is of that type, and the board's warnings say so)
        yield sourced


#: The creature types (CR 205.3m), which 'that share a creature type with ~' compares.
CREATURE_TYPE_SET = frozenset(CREATURE_TYPES)


def _spell_facts_hold(view: BoardView, sourced: SourcedEffect, target: PaymentTarget) -> bool:
    """True when what a cost change asks of the turn, its source and the spell holds (each known: see
    :func:`~planner.rules.spell_cost_gaps.unknown_fact`): whose turn it is ('During your turn': the board's
    ``active_player``, of its source's controller), its condition ('As long as ~ is tapped', judged as the
    total cost is locked in, CR 601.2f), the zone the spell is cast from (CR 601.2a) and whether it targets
    the source (601.2c)."""
    effect = sourced.effect
    assert isinstance(effect, CostModifier)
    if effect.during_turn:
        controllers_turn = view.board.active_player == sourced.controller
        if controllers_turn != (effect.during_turn == "yours"):
            return False
    if effect.condition is not None and not view.holds(effect.condition, sourced.source):
        return False
    if (effect.cast_from or effect.cast_from_excluded) and (
        (target.zone in effect.cast_from) == effect.cast_from_excluded
    ):
        return False
    if effect.min_power is not None and (target.power is None or target.power < effect.min_power):
        return False  # (Goreclaw: the spell's power, known: see unknown_fact)
    if effect.per_commander_cast and not target.commander:
        return False  # ('Your commander': Myth Unbound, only the commander paid for, --commander)
    if effect.has_adventure and not target.has_adventure:
        return False  # (Beluna Grandsquall: the spell's card, known: see unknown_fact)
    if effect.cast_by_source and target.cast_by != sourced.source:
        return False  # (Lightstall Inquisitor's card, Kefnet's copy: cast_by, known: see unknown_fact)
    chosen = view.permanent(sourced.source).choices.card_name
    if effect.chosen_name and fold_name(target.name) != fold_name(chosen or ""):
        return False  # (Cheering Fanatic: the name chosen, and the spell's, known: see unknown_fact)
    if effect.shares_creature_type:  # (Mistform Warchief: the source's creature types as the view has them)
        theirs = set(view.type_line(sourced.source).subtypes) & CREATURE_TYPE_SET
        if not theirs & set(target.type_line.subtypes):
            return False
    if effect.shares_exiled_card_type:  # (Semblance Anvil: the exiled card's, known: see unknown_fact)
        exiled = view.permanent(sourced.source).choices.imprinted_card_types or ()
        # (as it is in exile: Biotransference makes an exiled creature card of its controller an artifact one)
        exiled_line = types_elsewhere(view, TypeLine(card_types=exiled), sourced.controller, spell=False)
        if not set(exiled_line.card_types) & set(target.type_line.card_types):
            return False
    return not effect.targets_source or sourced.source in (target.targeted or ())


#: The life a Phyrexian symbol may be paid with (CR 107.4f), which is what lets the planner pay the Defilers'
#: '{W} less if you paid 2 life' as a Phyrexian {W/P} (:func:`life_payable`)
_PHYREXIAN_LIFE = 2


def life_payable(
    view: BoardView, target: PaymentTarget, player: str
) -> tuple[ManaBag, tuple[tuple[str, str], ...]]:
    """The colored symbols of the spell's cost that the changes in force let its caster take off by paying
    2 life for each as an additional cost, their choice as the spell is cast (CR 601.2b, 601.2f: Defiler of
    Faith's 'As an additional cost to cast white permanent spells, you may pay 2 life. Those spells cost {W}
    less to cast if you paid life this way. This effect reduces only the amount of white mana you pay.'), and
    those the planner does not weigh (their sources and sentences): another amount of life, a reduction of
    generic mana or one that may spill onto it (CR 118.7b).

    Such a choice is a Phyrexian symbol (CR 107.4f): the {W} paid with its mana or 2 life, the life paid
    with the rest of the total cost (601.2h), so the locked-in cost has {W/P} for each {W} a Defiler may take
    off (:func:`locked_in`); the other reductions take theirs first, for free.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> defiler = {"id": "d", "name": "Test Defiler", "type_line": "Creature", "controller": "me", "oracle":
    ...     "As an additional cost to cast white permanent spells, you may pay 2 life. Those spells cost {W} "
    ...     "less to cast if you paid life this way. This effect reduces only the amount of white mana you "
    ...     "pay."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [defiler]}))
    >>> bag, unweighed = life_payable(view, PaymentTarget.of("{1}{W}{W}", type_line="Creature"), "me")
    >>> str(bag), unweighed
    ('{W}', ())
    >>> str(life_payable(view, PaymentTarget.of("{W}", type_line="Instant"), "me")[0])
    ''
    """
    if target.kind is not PaymentKind.SPELL or not _has_cost_modifiers(view):
        return ManaBag(), ()
    weighed: list[ManaType] = []
    unweighed: list[tuple[str, str]] = []
    for sourced in _modifiers_in_force(view, target, player, paid_life=True):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if not effect.colored and not effect.generic_delta:
            continue  # (an optional cost that takes nothing off: never paid)
        if effect.paid_life != _PHYREXIAN_LIFE or effect.generic_delta or not effect.only_colored:
            unweighed.append((sourced.source, effect.text))
            continue
        for mana_type in effect.colored.types:
            weighed += [mana_type] * effect.colored[mana_type]
    return ManaBag.of(weighed), tuple(dict.fromkeys(unweighed))


def _own_colored(view: BoardView, target: PaymentTarget, player: str) -> list[tuple[CostModifier, int]]:
    """The spell's own reductions of colored mana in force, each with how many times it applies:
    Discontinuity's '{2}{U}{U} less' once on its caster's turn (:func:`turn_fact`), Khalni Hydra's '{G} less
    for each green creature you control' once for each (:func:`own_times_applied`)."""
    if not target.text:
        return []
    found: list[tuple[CostModifier, int]] = []
    for effect in read_card(target.text, target.name, target.type_line).effects:
        if (
            not isinstance(effect, CostModifier)
            or not effect.own
            or not effect.colored
            or effect.colored_more
        ):
            continue  # (an increase, strive's '{2}{B} more': colored_increase)
        times = own_times_applied(view, effect, target, player)
        if effect.at_least:  # (Mage Duel's 'if you've cast another instant or sorcery spell': once)
            times = int(times >= effect.at_least)
        elif effect.amount is not None and effect.amount.kind in TURN_FACTS:
            times = int(times > 0)
        if times:
            found.append((effect, times))
    return found


def colored_increase(view: BoardView, target: PaymentTarget, player: str) -> ManaBag:
    """The colored (or colorless) symbols that increases in force add to the spell's cost (CR 601.2f:
    Derelor's 'Black spells you cast cost {B} more to cast').

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "d", "name": "Test Thrull", "type_line": "Creature — Thrull", "controller": "me",
    ...      "oracle": "Black spells you cast cost {B} more to cast."}]})
    >>> str(colored_increase(BoardView(board), PaymentTarget.of("{1}{B}"), "me"))
    '{B}'
    >>> str(colored_increase(BoardView(board), PaymentTarget.of("{1}{G}"), "me"))
    ''
    """
    if target.kind is not PaymentKind.SPELL:
        return ManaBag()
    added: list[ManaType] = []
    for effect in read_card(target.text, target.name, target.type_line).effects if target.text else ():
        if isinstance(effect, CostModifier) and effect.own and effect.colored_more:  # (strive's {B})
            times = own_times_applied(view, effect, target, player)
            added += [t for t in effect.colored.types for _ in range(effect.colored[t] * times)]
    if not _has_cost_modifiers(view):
        return ManaBag.of(added)
    for sourced in _modifiers_in_force(view, target, player):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if effect.colored_more:
            added += [t for t in effect.colored.types for _ in range(effect.colored[t])]
    return ManaBag.of(added)


def colored_reduction(view: BoardView, target: PaymentTarget, player: str) -> tuple[ManaBag, int]:
    """The colored and colorless symbols that reductions in force take off the spell's cost, and the generic
    mana (negative) that what the cost lacks of them takes off instead (CR 118.7b-d; none for a reduction
    that 'reduces only the amount of colored mana you pay'). A reduction of a type that the cost asks for by
    a hybrid or Phyrexian symbol is refused (118.7e-f: the planner doesn't choose such a symbol's half here).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "name": "Edgewalker", "type_line": "Creature — Human Cleric", "controller": "me",
    ...      "oracle": "Cleric spells you cast cost {W}{B} less to cast. This effect reduces only the amount "
    ...                "of colored mana you pay."}]})
    >>> cleric = PaymentTarget.of("{3}{W}", type_line="Creature — Human Cleric")
    >>> removed, spill = colored_reduction(BoardView(board), cleric, "me")
    >>> str(removed), spill
    ('{W}', 0)
    """
    if target.kind is not PaymentKind.SPELL:
        return ManaBag(), 0
    in_force = [
        (view.path(s.source), s.effect, times_applied(view, s, target, player))
        for s in (_modifiers_in_force(view, target, player) if _has_cost_modifiers(view) else ())
        if not (isinstance(s.effect, CostModifier) and s.effect.colored_more)  # (an increase: not taken off)
    ]
    in_force += [("the spell", effect, times) for effect, times in _own_colored(view, target, player)]
    if not in_force:
        return ManaBag(), 0  # (no reduction in force: nothing to take off)
    asked: dict[ManaType, int] = {}
    shared = ManaTypes()
    for symbol in target.cost.symbols:
        plain = symbol.single_type
        if plain is not None:
            asked[plain] = asked.get(plain, 0) + 1
        elif symbol.kind in (SymbolKind.HYBRID, SymbolKind.MONO_HYBRID, SymbolKind.PHYREXIAN):
            shared |= symbol.colors
        elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
            shared |= symbol.colors | ManaTypes(ManaType.C)
    removed: list[ManaType] = []
    spill = 0
    for where, effect, times in in_force:
        assert isinstance(effect, CostModifier)
        for mana_type in effect.colored.types:
            if mana_type in shared:
                written = f"{{{mana_type.letter}}}"
                raise InputError(
                    f"{where}.oracle: {effect.text!r}: a reduction of {written} on a "
                    f"cost with hybrid or Phyrexian {written} ({target.cost}) is not supported (CR 118.7e-f)"
                )
            wanted = effect.colored[mana_type] * times
            taken = min(wanted, asked.get(mana_type, 0))
            asked[mana_type] = asked.get(mana_type, 0) - taken
            removed += [mana_type] * taken
            if not effect.only_colored:
                spill -= wanted - taken
    return ManaBag.of(removed), spill
