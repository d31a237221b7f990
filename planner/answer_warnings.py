"""What an answer warns of: sentences of the board's or the spell's text not read (contract §5), and what a
payment assumed or did not weigh (:func:`question_warnings`, the one place an answer's warnings are put
together)."""

from __future__ import annotations

from dataclasses import replace

from models.additional_costs import UnreadCost
from models.board import Board
from models.cost import PaymentKind, PaymentTarget, SymbolKind
from models.errors import OracleParseError
from models.mana import ManaTypes
from models.mana_effects import AbilityCostChange, CostModifier, LifeForMana
from models.oracle import read_card
from models.oracle.alternative_costs import alternative_cost_of
from models.oracle.cast_rules import own_cast_rules, own_x_cap
from models.oracle.classify import grants_graveyard_casting, own_alternative_cost
from models.oracle.sentence_facts import changes_damage
from models.oracle.spent_riders import only_mana_from, spent_riders
from planner.answer import PayResult
from planner.rules.ability_costs import ability_changes
from planner.rules.additional_costs import turn_fact_warnings
from planner.rules.alternative_costs import (
    foretold_warnings,
    undecided_offerings,
    unknown_cast_ways,
    unweighed_ways,
)
from planner.rules.cast_bans import cast_ban_warnings
from planner.rules.costs import FLOOR_LEFT_OUT, combined_changes
from planner.rules.exile_casts import exile_cast_assumed
from planner.rules.exile_grants import unknown_zone_ways, unresolved_trigger_ways
from planner.rules.exiled_card_ways import exiled_card_warnings
from planner.rules.graveyard_ways import graveyard_grant_warnings
from planner.rules.library_casts import unread_library_permissions
from planner.rules.life_exiled import unknown_library_warnings
from planner.rules.next_spell_abilities import next_spell_warnings
from planner.rules.pool import one_card_assumptions
from planner.rules.question import view_of, within_question
from planner.rules.records import WarningKind, unread_warning
from planner.rules.special_actions import unknown_morph_costs
from planner.rules.spell_cost import (
    life_payable,
    own_target_gaps,
    unabsorbed_reduction,
    uncounted_spells,
    uncounted_targets,
    unknown_spell_facts,
    unweighed_floor,
    unweighed_minimum,
)
from planner.rules.view import BoardView, TextWarning
from planner.rules.zone_warnings import unused_zone_abilities
from planner.solve.problem import BoardAnalysis, PaymentProblem


@within_question
def text_warnings(board: Board, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The board's sentences the parser did not understand; with ``strict`` the first one is an error.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "x", "name": "Odd Rock", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{T}: Add mana of a strange sort."}]})
    >>> [str(w) for w in text_warnings(board)]
    ["x: unsupported text ignored: '{T}: Add mana of a strange sort.'"]
    """
    return BoardAnalysis(board, board.active_player).check_text(strict=strict)


def spell_text_warnings(target: PaymentTarget, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The sentences of the paid-for spell's own text (``target.text``, a ``--spell`` card's) that the parser
    did not understand: reported under the spell's name, never dropped in silence (contract section 5); with
    ``strict`` the first one is an error.

    >>> from models.spells import spell_of
    >>> saurian = spell_of(
    ...     "{2}", name="Saurian", text="Spend only mana produced by artifacts to cast this spell.")
    >>> [str(w) for w in spell_text_warnings(saurian)]
    ["Saurian: unsupported text ignored: 'Spend only mana produced by artifacts to cast ~.'"]
    >>> spell_text_warnings(spell_of(
    ...     "{2}", name="Myr", text="Spend only mana produced by creatures to cast this spell."))
    ()
    >>> discard = "You may discard a Swamp card rather than pay ~'s mana cost."
    >>> print(*spell_text_warnings(spell_of("{4}{B}", name="Spell", text=discard)))
    Spell: unsupported text ignored: "You may discard a Swamp card rather than pay ~'s mana cost."
    >>> chill = "X can't be greater than the number of snow lands you control."
    >>> spell_text_warnings(spell_of("{X}{U}", name="Chill", text=chill))
    ()
    >>> converge = "Converge — Draw a card for each color of mana spent to cast ~."
    >>> spell_text_warnings(spell_of("{2}{W}", name="Prismatic", text=converge))
    ()
    """
    if not target.text:
        return ()
    # (a sentence whose rider on the mana spent was read, 'draw a card for each color of mana spent to cast
    # ~', is read as far as paying goes: the answer's riders say what it got)
    reading = read_card(target.text, target.name, target.type_line)
    # (and "Spend only mana produced by creatures (basic lands) to cast ~": the target's creature_mana_only,
    # basic_land_mana_only)
    # (and its grant of casting from the graveyard, Yawgmoth's Will's: in force once it resolved, not as it
    # is paid)
    unread = [
        sentence
        for sentence in reading.unsupported
        if not spent_riders(sentence, target.name)
        and not only_mana_from(sentence, target.name)
        and not grants_graveyard_casting(sentence)
        and own_x_cap(sentence, target.name) is None  # (its cap on X: planner.rules.x_caps follows it)
    ]
    # (its own alternative cost, which no permanent's reading reports: the payment is of its mana cost)
    # (one the planner does not read: planner.alternative pays those it reads)
    unread += [
        s.text
        for s in reading.sentences
        if s.read_as == "ignored" and own_alternative_cost(s.text) and alternative_cost_of(s.text) is None
    ]
    # (its own 'Cast this spell only ...' the grammar does not read: planner.rules.cast_timing follows the
    # others, CR 601.3)
    if target.kind is PaymentKind.SPELL:
        unread += [rule.text for rule in own_cast_rules(target.text, target.name) if rule.windows is None]
    # (an additional cost the planner does not plan: planner.additional)
    unplanned = tuple(cost for cost in target.additional_costs if isinstance(cost, UnreadCost))
    if strict and (unread or unplanned):
        first = unread[0] if unread else f"additional cost {unplanned[0]}"
        raise OracleParseError(f"{target.name or 'the spell'}: unsupported text {first!r} (--strict)")
    return tuple(unread_warning(target.name or "spell", sentence) for sentence in unread) + tuple(
        TextWarning(target.name or "spell", f"As an additional cost to cast this spell, {cost}.")
        for cost in unplanned
    )


def question_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """What an answer to a payment question warns of: the board's text, the spell's
    (:func:`spell_text_warnings`), the assumptions the payment makes (a permission for one exiled card
    taken to be the spell's: :func:`planner.rules.pool.one_card_assumptions`), and the alternative costs not
    weighed for a spell not named (:func:`planner.rules.alternative_costs.unweighed_ways`) or one whose zone
    is not given (:func:`planner.rules.exile_grants.unknown_zone_ways`) or an offering's
    reduction not decided (:func:`~planner.rules.alternative_costs.undecided_offerings`), and the mana
    abilities of cards in the player's hand or graveyard not used (:func:`planner.rules.zone_warnings.
    unused_zone_abilities`)."""
    return (
        problem.analysis.warnings
        + spell_text_warnings(problem.asked)
        + one_card_assumptions(problem.view, problem.player, problem.target)
        + unweighed_ways(problem.board, problem.player, problem.asked)
        + unknown_cast_ways(problem.board, problem.player, problem.asked)
        + unknown_zone_ways(problem.board, problem.player, problem.asked)
        + unresolved_trigger_ways(problem.board, problem.player, problem.asked)
        + unread_library_permissions(problem.board, problem.player, problem.asked)
        + exile_cast_assumed(problem.board, problem.player, problem.asked)
        + graveyard_grant_warnings(problem.board, problem.player, problem.asked)
        + foretold_warnings(problem.board, problem.player, problem.asked)
        + exiled_card_warnings(problem.board, problem.player, problem.asked)
        + undecided_offerings(problem.board, problem.player, problem.asked)
        + unused_zone_abilities(problem.board, problem.player)
        + turn_fact_warnings(problem.board, problem.player, problem.asked)
        + hybrid_reduction_warnings(problem)
        + minimum_cost_warnings(problem)
        + ability_change_warnings(problem)
        + target_count_warnings(problem)
        + spell_fact_warnings(problem)
        + morph_cost_warnings(problem)
        + spell_count_warnings(problem)
        + creature_mana_warnings(problem)
        + cast_ban_warnings(problem.view, problem.asked, problem.player)
        + life_reduction_warnings(problem)
        + life_for_mana_warnings(problem)
        + unknown_library_warnings(problem.board, problem.view, problem.player)
        + next_spell_warnings(problem.view, problem.player)
    )


#: Why a mana ability's own {B} is paid with mana only beside a "For each {B} in a cost, you may pay 2 life
#: rather than pay that mana." (:func:`life_for_mana_warnings`)
LIFE_FOR_MANA_ABILITY = (
    "not weighed for the cost of a mana ability used while paying (its {sym} is paid with mana only): "
    "a plan may need less mana than shown, or exist where the answer is no"
)


def life_for_mana_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """K'rrik's "For each {B} in a cost, you may pay 2 life rather than pay that mana." is applied to the
    cost paid (:func:`planner.rules.life_for_mana.with_life_for_mana`), not to the costs of the mana abilities
    activated while paying (CR 605.3a, 602.2b): when the payer controls a mana ability whose cost has such a
    symbol, the answer says so (the permanent with the effect, its sentence).

    >>> toy = {"id": "k", "name": "Test Toy", "type_line": "Creature", "controller": "me",
    ...     "oracle": "For each {B} in a cost, you may pay 2 life rather than pay that mana."}
    >>> rock = {"id": "r", "name": "Test Rock", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "{B}, {T}: Add {R}{R}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [toy, rock]})
    >>> [w.permanent for w in life_for_mana_warnings(PaymentProblem.of(board, PaymentTarget.of("{R}")))]
    ['k']
    """
    view = problem.view
    found: list[TextWarning] = []
    for sourced in view.effects_of(LifeForMana):
        effect = sourced.effect
        if sourced.controller != problem.player or not isinstance(effect, LifeForMana):
            continue
        asked = ManaTypes(effect.mana_type)
        if any(
            symbol.kind is SymbolKind.COLORED and symbol.colors == asked
            for permanent in problem.board.permanents
            if permanent.controller == problem.player
            for ability in view.mana_abilities(permanent.id)
            for symbol in ability.cost.mana.symbols
        ):
            reason = LIFE_FOR_MANA_ABILITY.format(sym=f"{{{effect.mana_type.name}}}")
            found.append(TextWarning(sourced.source, effect.text, reason, WarningKind.NOT_USED))
    return tuple(found)


def life_reduction_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """The optional life payments for colored mana off a spell's cost (the Defilers': :func:`planner.rules.
    spell_cost.life_payable`) the payment does not weigh: one of another kind, and one that a hybrid symbol
    announced as that color could take where the cost has no plain symbol of it left (CR 601.2b, 118.7).

    >>> defiler = {"id": "d", "name": "Test Defiler", "type_line": "Creature", "controller": "me", "oracle":
    ...     "As an additional cost to cast white permanent spells, you may pay 2 life. Those spells cost {W} "
    ...     "less to cast if you paid life this way. This effect reduces only the amount of white mana you "
    ...     "pay."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [defiler]})
    >>> life_reduction_warnings(PaymentProblem.of(board, PaymentTarget.of("{1}{W}", type_line="Creature")))
    ()
    >>> life_reduction_warnings(PaymentProblem.of(board, PaymentTarget.of("{G/W}", type_line="Creature")))
    ()
    >>> (hybrid,) = life_reduction_warnings(PaymentProblem.of(board, PaymentTarget.of("{G/W}{W/U}",
    ...     type_line="Creature")))
    >>> hybrid.permanent, hybrid.kind.value
    ('d', 'mana ability not used')
    """
    target = problem.asked
    if target.kind is not PaymentKind.SPELL:
        return ()
    payable, unweighed = life_payable(problem.view, target, problem.player)
    found = [TextWarning(source, text, _NOT_WEIGHED_LIFE, WarningKind.NOT_USED) for source, text in unweighed]
    total = problem.target.cost.symbols
    for mana_type in payable.types:
        # (a hybrid symbol of that color made hybrid Phyrexian is weighed: life_for_mana.paid_by_life)
        made = sum(s.kind is SymbolKind.PHYREXIAN and mana_type in s.colors for s in total)
        printed = sum(s.kind is SymbolKind.PHYREXIAN and mana_type in s.colors for s in target.cost.symbols)
        hybrid = any(
            mana_type in s.colors
            and s.kind is not SymbolKind.PHYREXIAN
            and (s.kind in (SymbolKind.HYBRID, SymbolKind.MONO_HYBRID) or len(s.colors) > 1)
            for s in total
        )
        if made - printed < payable[mana_type] and hybrid:
            sources = [
                sourced
                for sourced in problem.view.effects_of(CostModifier)
                if isinstance(sourced.effect, CostModifier)
                and mana_type in sourced.effect.colored.types
                and sourced.effect.paid_life
            ]
            found += [
                TextWarning(s.source, s.effect.text, _HYBRID_LIFE, WarningKind.NOT_USED) for s in sources
            ]
    return tuple(dict.fromkeys(found))


_NOT_WEIGHED_LIFE = (
    "an optional life payment for this reduction is not weighed: the payment pays the full cost"
)
_HYBRID_LIFE = (
    "a hybrid symbol announced as this color could be taken off for the life (CR 601.2b): not weighed, the "
    "payment pays that symbol"
)


def creature_mana_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """For a spell that takes only mana produced by creatures (Myr Superion) or by basic lands
    (Imperiosaur), the floating mana the board gives: its source is not known to be one (a pool entry's
    ``source`` is a note), so it is not spent on the spell, and the answer says so.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "pool": ["{G}"]}]})
    >>> superion = PaymentTarget(cost=PaymentTarget.of("{2}").cost, name="Myr", creature_mana_only=True)
    >>> [str(w) for w in creature_mana_warnings(PaymentProblem.of(board, superion))]  # doctest: +ELLIPSIS
    ["Myr: ...floating mana ({G}) ... not known to be a creature..."]
    >>> saur = PaymentTarget(cost=PaymentTarget.of("{2}").cost, name="Saur", basic_land_mana_only=True)
    >>> [str(w) for w in creature_mana_warnings(PaymentProblem.of(board, saur))]  # doctest: +ELLIPSIS
    ["Saur: ...floating mana ({G}) ... not known to be a basic land..."]
    """
    target = problem.target
    pool = problem.board.player(problem.player).pool
    if not pool or not (
        target.creature_mana_only or target.basic_land_mana_only or target.treasure_mana_only
    ):
        return ()
    floating = "".join(str(entry.mana) for entry in pool)
    kind = ("creatures", "a creature") if target.creature_mana_only else ("basic lands", "a basic land")
    cast = "~"
    if target.treasure_mana_only:  # (an alternative cost's: Security Rhox)
        kind, cast = ("Treasures", "a Treasure"), "it this way"
    return (
        TextWarning(
            target.name or "spell",
            f"Spend only mana produced by {kind[0]} to cast {cast}.",
            f"the floating mana ({floating}) is not spent on it: its source is not known to be {kind[1]}",
            WarningKind.ASSUMED,
        ),
    )


#: Why a change of the costs of abilities 'that target ~' (Fervent Champion) is not applied to a payment for
#: an ability whose targets are not given.
_UNKNOWN_TARGETS = (
    "the permanents the ability targets are not known: not applied; give --target ID (CR 601.2c via 602.2b)"
)


def ability_change_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """The changes of activated abilities' costs an ability's payment does not apply (:func:`planner.rules.
    ability_costs.ability_changes`): one whose description of the source its type line can't answer, and a
    reduction with a floor beside another change (:func:`planner.rules.costs.combined_changes`).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hs", "name": "Heartstone", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "Activated abilities of creatures cost {1} less to activate. This effect can't reduce "
    ...                "the mana in that cost to less than one mana."},
    ...     {"id": "bt", "name": "Tortoise", "type_line": "Creature", "controller": "me",
    ...      "oracle": "Activated abilities of creatures you control cost {1} less to activate."}]})
    >>> ability = PaymentTarget.of("{2}{U}", kind="ability", type_line="Creature")
    >>> [(w.permanent, w.reason[:40]) for w in ability_change_warnings(PaymentProblem.of(board, ability))]
    [('hs', 'beside another change of the same cost: ')]
    """
    asked = problem.asked
    if asked.kind is not PaymentKind.ABILITY:
        return ()
    in_force, unknown = ability_changes(problem.view, asked, problem.player)
    ids = [p.id for p in problem.view.board.players]
    found = [
        TextWarning(
            s.source,
            s.effect.text,
            # (Tezzeret, Betrayer of Flesh's: whether this activation is the turn's first, CR 602.2b)
            f"players[{ids.index(s.controller)}].artifact_abilities_activated_this_turn is not given: not "
            "applied"
            if s.effect.first_each_turn
            else _unknown_ability_fact(s.effect, asked),
        )
        for s in unknown
        if isinstance(s.effect, AbilityCostChange)
    ]
    _, _, left_out = combined_changes([s.effect for s in in_force if isinstance(s.effect, AbilityCostChange)])
    found += [
        TextWarning(s.source, s.effect.text, FLOOR_LEFT_OUT)
        for s in in_force
        if isinstance(s.effect, AbilityCostChange) and s.effect in left_out
    ]
    return tuple(found)


def _unknown_ability_fact(effect: AbilityCostChange, asked: PaymentTarget) -> str:
    """Why a change of abilities' costs is not applied to the ability asked about: its keyword not said
    ('Equip abilities you activate ...', CR 702.6a), its targets not given, or its source known by its type
    line only."""
    if effect.keyword and effect.keyword not in asked.keywords:
        return (
            f"whether the ability is a {effect.keyword} ability is not known: not applied; give --keyword "
            f"{effect.keyword} if it is one"
        )
    if effect.targets_source and asked.targeted is None:
        return _UNKNOWN_TARGETS

    return "the ability's source is known by its type line only: not applied"


def target_count_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning for each cost change 'for each target' (Hinata, Dawn-Crowned) that applies to a spell whose
    number of targets is not known (:func:`~planner.rules.spell_cost.uncounted_targets`): none counted."""
    return tuple(
        TextWarning(source, text, _UNCOUNTED_TARGETS, WarningKind.ASSUMED)
        for source, text in uncounted_targets(problem.view, problem.asked, problem.player)
    )


def spell_fact_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning for each cost change that asks what the board or the question does not give (the zone the
    spell is cast from, the permanents it targets, a graveyard's cards: :func:`~planner.rules.spell_cost.
    unknown_spell_facts`): not applied."""
    return tuple(
        TextWarning(source, text, why, WarningKind.ASSUMED)
        for source, text, why in unknown_spell_facts(problem.view, problem.asked, problem.player)
    )


def morph_cost_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning for each change of morph costs ('All morph costs cost {2} more': Exiled Doomsayer) that a
    face-up payment may be about when it does not say its keyword (:func:`~planner.rules.special_actions.
    unknown_morph_costs`): not applied."""
    return tuple(
        TextWarning(source, text, _MORPH_UNKNOWN, WarningKind.ASSUMED)
        for source, text in unknown_morph_costs(problem.view, problem.asked)
    )


#: Why a change of morph costs is not applied to a face-up payment that does not say its keyword.
_MORPH_UNKNOWN = (
    "whether the cost paid is a morph cost is not known: not applied; give --keyword morph (or megamorph, "
    "disguise) (CR 702.37e)"
)


def cast_fact_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """For a turn plan's spell: a warning for each cost change of the board that asks what the turn does not
    give (:func:`spell_fact_warnings`: its targets, whether its card has an Adventure), and for each of its
    own that reads its targets (Swampsnare Trap, :func:`~planner.rules.spell_cost.own_target_gaps`): not
    applied; and for each cost granted for a spell cast from exile, the spell's zone not being known
    (:func:`~planner.rules.exile_grants.unknown_zone_ways`): not weighed."""
    board_changes = (
        TextWarning(source, text, why, WarningKind.ASSUMED)
        for source, text, why in unknown_spell_facts(view, target, player)
    )
    own = (
        TextWarning(target.name or "spell", text, _OWN_TARGETS_UNKNOWN, WarningKind.ASSUMED)
        for text in own_target_gaps(target)
    )
    # (a card cast from card data, not the hand, may be cast from exile: Warped Space's cost not weighed)
    # (Trinisphere's minimum, where a Phyrexian symbol's announcement decides it: not weighed by a turn plan)
    minimum = _minimum_warning(view, target, player)
    return (*board_changes, *own, *unknown_zone_ways(view.board, player, target), *minimum)


#: Why a spell's own cost change on its targets is not applied in a turn plan, which chooses no targets.
_OWN_TARGETS_UNKNOWN = "the permanents the spell targets are not known: not applied (CR 601.2c)"


def spell_count_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning for each cost change on 'the first creature spell you cast each turn' (Conduit of Ruin) that
    the board's count of spells cast can't settle (:func:`~planner.rules.spell_cost.uncounted_spells`)."""
    where = f"players[{[p.id for p in problem.board.players].index(problem.player)}].spells_cast_this_turn"
    return tuple(
        TextWarning(
            source, text, f"{where} gives how many spells, not which: not applied", WarningKind.ASSUMED
        )
        for source, text in uncounted_spells(problem.view, problem.asked, problem.player)
    )


#: Why a cost change 'for each target' counted none.
_UNCOUNTED_TARGETS = (
    "the spell's number of targets is not known (its text does not say it plainly): none counted; give "
    "--targets (CR 601.2c)"
)


def hybrid_reduction_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning when a spell's generic cost reductions exceed the generic part of a cost with monocolored
    hybrid symbols and the total cost leaves some unused: the caster may announce such a symbol as its
    generic half (CR 601.2b) and the reduction then takes that generic mana too (601.2f; Reaper King ruling
    2008-05-01); the planner does so where the choice of symbols doesn't matter
    (:func:`planner.rules.spell_cost.unabsorbed_reduction`), and where it would, the answer may ask for more
    than the rules do. The board here has no mana: each symbol costs {2}, so one is announced; beside a Plains
    and an Island the choice would matter.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "es", "name": "Sculptor", "type_line": "Artifact Creature", "controller": "me",
    ...      "oracle": "Artifact spells you cast cost {1} less to cast."}]})
    >>> king = PaymentTarget.of("{2/W}{2/U}", type_line="Artifact Creature", name="King")
    >>> hybrid_reduction_warnings(PaymentProblem.of(board, king))
    ()
    >>> lands = [{"id": n, "card": n, "controller": "me"} for n in ("Island", "Plains")]
    >>> board = Board.from_dict({**board.to_dict(), "permanents": [*board.to_dict()["permanents"], *lands]})
    >>> (warning,) = hybrid_reduction_warnings(PaymentProblem.of(board, king))
    >>> warning.permanent, warning.sentence, warning.kind.value
    ('King', '{2/W}{2/U}', 'not weighed for this cost')
    >>> print(warning.reason)
    a reduction of {1} left over could take a hybrid symbol paid as its generic half: CR 601.2b, 601.2f
    >>> generic = PaymentTarget.of("{1}{2/W}", type_line="Artifact Creature", name="King")
    >>> hybrid_reduction_warnings(PaymentProblem.of(board, generic))
    ()
    """
    asked = problem.asked
    if asked.kind is not PaymentKind.SPELL or not any(
        symbol.kind is SymbolKind.MONO_HYBRID for symbol in asked.cost.symbols
    ):
        return ()
    paid = asked.with_x(problem.x) if problem.x is not None and asked.cost.has_variable else asked
    left = unabsorbed_reduction(problem.view, paid, problem.player)
    if left <= 0:
        return ()
    reason = (
        f"a reduction of {{{left}}} left over could take a hybrid symbol paid as its generic half: "
        "CR 601.2b, 601.2f"
    )
    return (TextWarning(asked.name or "spell", str(asked.cost), reason, WarningKind.NOT_WEIGHED),)


def minimum_cost_warnings(problem: PaymentProblem) -> tuple[TextWarning, ...]:
    """A warning when a minimum total cost (Trinisphere: 'each spell that would cost less than three mana to
    cast costs three mana to cast', CR 601.2f) may raise the spell's cost by what the caster announces and
    the answer does not weigh it: which Phyrexian symbols are paid with life (CR 601.2b, 107.4f; ``pay``
    weighs each), a {2/W} symbol's half, or X's value where the largest X is asked.

    >>> tri = {"id": "t", "name": "Tri", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "Each spell that would cost less than three mana to cast costs three mana to cast."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [tri]})
    >>> minimum_cost_warnings(PaymentProblem.of(board, PaymentTarget.of("{R}")))
    ()
    >>> (warning,) = minimum_cost_warnings(PaymentProblem.of(board, PaymentTarget.of("{X}{R}")))
    >>> print(warning.reason)  # doctest: +ELLIPSIS
    a minimum total cost may raise this cost by what is announced for it (X, ... not weigh: CR 601.2b, 601.2f
    """
    asked = problem.asked
    if asked.kind is not PaymentKind.SPELL:
        return ()
    paid = asked.with_x(problem.x) if problem.x is not None and asked.cost.has_variable else asked
    return _minimum_warning(problem.view, paid, problem.player)


def _minimum_warning(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """:func:`minimum_cost_warnings`' warning for the spell ``target`` as it is asked, or none."""
    if target.kind is PaymentKind.SPELL and unweighed_floor(view, target, player):
        reason = (
            "a reduction that keeps one mana in the cost, beside another reduction, with X left to choose: "
            "the order the payer applies them in is not followed, the floor not kept (CR 601.2f)"
        )
        return (TextWarning(target.name or "spell", str(target.cost), reason, WarningKind.NOT_WEIGHED),)
    if target.kind is not PaymentKind.SPELL or not unweighed_minimum(view, target, player):
        return ()
    reason = (
        "a minimum total cost may raise this cost by what is announced for it (X, a Phyrexian or {2/W} "
        "symbol), which this answer does not weigh: CR 601.2b, 601.2f"
    )
    return (TextWarning(target.name or "spell", str(target.cost), reason, WarningKind.NOT_WEIGHED),)


#: The sentence of the warning a payment that leaves its player at 0 or less life carries.
LOSES_AT_ZERO = "A player with 0 or less life loses the game (CR 704.5a)."


def life_left(board: Board, player: str, answer: PayResult) -> int:
    """The player's life once the payment is made: the life paid and the damage taken off, the life a mana
    ability of the plan gained on (CR 605.3b: Pristine Talisman's 'You gain 1 life.').

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 3}]})
    >>> life_left(board, "me", PayResult(payable=True, cost="{0}", life_paid=2, damage_taken=1))
    0
    """
    gained = 0
    if answer.plan is not None:
        view = view_of(board)
        for step in answer.plan.steps:
            if step.zone == "battlefield" and board.has_permanent(step.permanent):
                abilities = view.mana_abilities(step.permanent)
                if step.ability < len(abilities):
                    gained += abilities[step.ability].life_gain
    return board.player(player).life - answer.life_paid - answer.damage_taken + gained


def with_life_warning(board: Board, player: str, answer: PayResult) -> PayResult:
    """The answer, warned (:attr:`WarningKind.LIFE_AT_ZERO`) when its payment leaves the player at 0 or less
    life (:func:`life_left`): paying life down to 0 is legal (CR 119.4), but the player loses the game when
    state-based actions are next checked, once the spell is cast (CR 704.5a, 117.5, 704.3). A warning of
    that kind it had (an answer on a board some of the payment was already paid on) gives way to this one.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 2}]})
    >>> warned = with_life_warning(board, "me", PayResult(payable=True, cost="{B/P}", life_paid=2))
    >>> print(*warned.warnings)  # doctest: +NORMALIZE_WHITESPACE
    me: leaves the player at 0 or less life (2 life, 2 paid, 0 damage taken: 0 left): 'A player with 0 or
    less life loses the game (CR 704.5a).'
    >>> with_life_warning(board, "me", PayResult(payable=True, cost="{B/P}", life_paid=0)).warnings
    ()
    """
    if changed := damage_change_warnings(board, answer):
        answer = replace(answer, warnings=(*answer.warnings, *changed))
    warnings = answer.warnings
    life = board.player(player).life
    # (gains only raise the life left: the plan's abilities are read only where it is 0 or less without them)
    if answer.payable and answer.life_paid + answer.damage_taken >= life:
        left = life_left(board, player, answer)
        if left <= 0:
            reason = f"{life} life, {answer.life_paid} paid, {answer.damage_taken} damage taken: {left} left"
            warning = TextWarning(player, LOSES_AT_ZERO, reason, WarningKind.LIFE_AT_ZERO)
            return replace(answer, warnings=(*_without_life_warning(warnings), warning))
    if warnings and any(w.kind is WarningKind.LIFE_AT_ZERO for w in warnings):
        return replace(answer, warnings=_without_life_warning(warnings))
    return answer  # (the common case: nothing to add or drop, no record made)


def _without_life_warning(warnings: tuple[TextWarning, ...]) -> tuple[TextWarning, ...]:
    """The warnings but the life-at-0 one."""
    return tuple(w for w in warnings if w.kind is not WarningKind.LIFE_AT_ZERO)


def damage_change_warnings(board: Board, answer: PayResult) -> tuple[TextWarning, ...]:
    """A warning for each replacement or prevention effect on damage a permanent of the board has unread
    (:func:`~models.oracle.sentence_facts.changes_damage`: Furnace of Rath's "deals double that damage ...
    instead", CR 614.1a; a prevention, 615.1) when the payment deals damage to its player (Ancient Tomb,
    City of Brass): the damage taken is counted as printed, which such an effect may change, so the answer
    (and whether the player is left at 0 life, CR 704.5a) is not silently taken as exact.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "fr", "controller": "me", "name": "Test Furnace", "type_line": "Enchantment", "oracle":
    ...      "If a source would deal damage to a permanent or player, it deals double that damage to that"
    ...      " permanent or player instead."}]})
    >>> hurt = PayResult(payable=True, cost="{2}", damage_taken=2)
    >>> [w.permanent for w in damage_change_warnings(board, hurt)]
    ['fr']
    >>> damage_change_warnings(board, PayResult(payable=True, cost="{2}", damage_taken=0))
    ()
    """
    if not (answer.payable and answer.damage_taken):
        return ()
    reason = "the damage taken is counted as printed; this effect may change it (CR 614.1a, 615.1)"
    return tuple(
        TextWarning(permanent.id, reading.text, reason, WarningKind.UNSUPPORTED)
        for permanent in board.permanents
        for reading in read_card(
            permanent.oracle or "", permanent.name, permanent.type_line, permanent.level
        ).sentences
        if reading.read_as == "ignored" and changes_damage(reading.text)
    )
