"""Layer 4 of the continuous effects (CR 613.1d): the type-changing effects in force, which set or add basic
land types or add card types, applied in dependency order (CR 613.8), then in timestamp order (the order of
the board's permanents). A land whose subtype is *set* loses the abilities of its rules text (CR 305.7).
An effect that reads a choice the board doesn't give is not in force (it is reported instead)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import Condition
from models.board import Choices, Permanent
from models.layer_effects import AbilityLoss, ColorChange, GrantAbility, GrantHaste, TypeChange
from models.mana import ManaTypes
from models.mana_effects import GrantedAlternativeCost, ManaTrigger, ProductionReplacement, StaticEffect
from models.oracle import needs_imprinted
from models.oracle.defining import defined_types
from models.oracle.lexicon import SUBTYPES
from models.types import TypeLine
from planner.rules.devotion import devotion_allows
from planner.rules.records import SourcedEffect

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "base_powers_set",
    "in_force",
    "missing_choice",
    "type_changes",
    "types_elsewhere",
    "with_chosen_color",
    "with_chosen_type",
]


def missing_choice(effect: StaticEffect, choices: Choices, when: str = "as it entered") -> str | None:
    """What the effect reads of its permanent's choices that the board doesn't give, as the choice's key and
    why (``"imprinted: ..."``), or None: such an effect is set aside and reported, never used as if nothing,
    or anything, had been chosen. ``when`` is when the choice was made: a permanent's 'as it entered' (CR
    614.12), an effect in force's 'as it resolved' (CR 608.2).

    >>> from models.oracle import parse_oracle
    >>> (tinted,) = parse_oracle("Enchanted land is the chosen color.").effects
    >>> missing_choice(tinted, Choices(), "as it resolved")
    'color: the color chosen as it resolved is not given'
    """
    if needs_imprinted(effect) and choices.imprinted is None:
        return "imprinted: the card it exiled is not given"
    if isinstance(effect, TypeChange) and effect.chosen and choices.basic_land_type is None:
        return f"basic_land_type: the basic land type chosen {when} is not given"
    if isinstance(effect, TypeChange) and effect.second_chosen and choices.basic_land_types is None:
        return f"basic_land_types: the two basic land types chosen {when} are not given"
    if isinstance(effect, TypeChange) and effect.chosen_creature and choices.creature_type is None:
        return f"creature_type: the creature type chosen {when} is not given"
    if (
        isinstance(effect, AbilityLoss)
        and effect.affected.linked_permanent
        and choices.linked_permanent is None
    ):
        return "linked_permanent: the permanent its trigger chose (whose abilities it takes) is not given"
    if isinstance(effect, GrantHaste) and effect.affected.chosen_parity and choices.odd_or_even is None:
        return f"odd_or_even: odd or even, chosen {when}, is not given"
    if isinstance(effect, ColorChange) and effect.chosen and choices.color is None:
        return f"color: the color chosen {when} is not given"
    if isinstance(effect, ProductionReplacement) and effect.chosen_color and choices.color is None:
        return "color: no color chosen at this turn's upkeep is given (none chosen: no effect this turn)"
    counted = isinstance(effect, ProductionReplacement | ManaTrigger) and bool(effect.while_counted)
    if counted and choices.upkeep_count is None:
        return "upkeep_count: the number counted at this turn's upkeep is not given (none: no effect)"
    return None


def in_force(effect: StaticEffect, permanent: Permanent) -> bool:
    """True when a static effect of the permanent applies: it reads no choice the board doesn't give
    (:func:`missing_choice`), the counter it applies while is on the permanent (Zhao), the number counted at
    this turn's upkeep is odd or even as it asks (Chaos Moon), it is no grant that works only from a
    graveyard (Riftstone Portal: :mod:`planner.rules.graveyard_grants`), and a cost granted by a trigger's
    effect until end of turn (Gwenom's) applies once that trigger resolved this turn (CR 603.3, 611.2a: the
    permanent's ``resolved_this_turn``; not given, not applied and warned:
    :func:`planner.rules.exile_grants.unresolved_trigger_ways`)."""
    if missing_choice(effect, permanent.choices) is not None:
        return False
    if isinstance(effect, GrantedAlternativeCost) and effect.after_trigger:
        return bool(permanent.resolved_this_turn)
    if isinstance(effect, ProductionReplacement | ManaTrigger) and effect.while_counted:
        counted = permanent.choices.upkeep_count
        return counted is not None and ("odd" if counted % 2 else "even") == effect.while_counted
    if isinstance(effect, GrantAbility) and effect.from_graveyard:
        return False
    if isinstance(effect, GrantAbility) and effect.lore_at_least:
        lore = permanent.counter("lore")
        return effect.lore_at_least <= lore and (not effect.lore_at_most or lore <= effect.lore_at_most)
    if isinstance(effect, TypeChange) and effect.while_counter:
        return permanent.counter(effect.while_counter) >= effect.counter_at_least
    return True


def on_its_turn(view: BoardView, effect: TypeChange, controller: str) -> bool:
    """True when a type change 'During your turn' (or 'During turns other than yours') applies: it is (or
    isn't) the turn of its source's controller, ``controller`` (the board's ``active_player``)."""
    if not effect.while_turn:
        return True
    mine = view.board.active_player == controller
    return mine if effect.while_turn == "yours" else not mine


def with_chosen_type(effect: TypeChange, choices: Choices) -> TypeChange:
    """The type change with the chosen basic land type in it, when its types are the chosen one (Realmwright).

    >>> from models.oracle import parse_oracle
    >>> text = "Lands you control are the chosen type in addition to their other types."
    >>> (realm,) = parse_oracle(text).effects
    >>> assert isinstance(realm, TypeChange)
    >>> with_chosen_type(realm, Choices(basic_land_type="Island")).land_types
    ('Island',)
    >>> text = "Each creature you control is the chosen type in addition to its other types."
    >>> (xeno,) = parse_oracle(text).effects
    >>> assert isinstance(xeno, TypeChange)
    >>> with_chosen_type(xeno, Choices(creature_type="Elf")).subtypes
    ('Elf',)
    """
    if effect.chosen_creature and choices.creature_type is not None:
        return replace(effect, subtypes=(choices.creature_type,))
    if effect.second_chosen and choices.basic_land_types is not None:  # (Illusionary Terrain)
        return replace(effect, land_types=choices.basic_land_types[1:2])
    if not effect.chosen or choices.basic_land_type is None:
        return effect
    return replace(effect, land_types=(choices.basic_land_type,))


def with_chosen_color(effect: StaticEffect, choices: Choices) -> StaticEffect:
    """The effect with its permanent's chosen color in it, when it makes mana of that color (Hall of
    Gemstone); any other effect as it is.

    >>> from models.oracle import parse_oracle
    >>> text = "Lands tapped for mana produce mana of the chosen color instead of any other color."
    >>> (hall,) = parse_oracle(text).effects
    >>> from models.mana import ManaType
    >>> str(with_chosen_color(hall, Choices(color=ManaType.R)).new_type)
    'R'
    """
    if not isinstance(effect, ProductionReplacement) or not effect.chosen_color or choices.color is None:
        return effect
    return replace(effect, new_type=ManaTypes(choices.color))


def types_elsewhere(view: BoardView, line: TypeLine, player: str, *, spell: bool) -> TypeLine:
    """The type line of a spell ``player`` controls (``spell``), or of a card ``player`` owns that isn't on
    the battlefield (in a hand, a graveyard, a library, exile), whose printed one is ``line``, after the
    type-changing effects that reach it there (layer 4, CR 613.1d, 611.3a), in timestamp order: the card types
    they add (Biotransference's 'Creatures you control are artifacts ... The same is true for creature spells
    you control and creature cards you own that aren't on the battlefield') and the creature type chosen
    (Arcane Adaptation, CR 205.3d), to what has the types the effect's permanents have.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
    ...     {"id": "a", "name": "Adapt", "type_line": "Enchantment", "controller": "me",
    ...      "choices": {"creature_type": "Elf"},
    ...      "oracle": "Creatures you control are the chosen type in addition to their other types. The same "
    ...                "is true for creature spells you control and creature cards you own that aren't on "
    ...                "the battlefield."}]})
    >>> view, bear = BoardView(board), TypeLine.parse("Creature — Bear")
    >>> [str(types_elsewhere(view, bear, who, spell=False)) for who in ("me", "op")]
    ['Creature — Bear Elf', 'Creature — Bear']
    >>> str(types_elsewhere(view, TypeLine.parse("Instant"), "me", spell=True))
    'Instant'
    """
    for sourced in view.effects_of(TypeChange):
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        whose = effect.spells if spell else effect.cards
        if whose is None or not whose.includes(sourced.controller, player):
            continue
        affected = effect.affected
        if not all(line.is_a(word) for word in affected.types) or any(
            line.is_a(word) for word in affected.excluded
        ):
            continue
        added = tuple(word for word in effect.card_types if word not in line.card_types)
        line = replace(line, card_types=(*added, *line.card_types))
        chosen = with_chosen_type(effect, view.permanent(sourced.source).choices).subtypes
        new = tuple(word for word in chosen if word not in line.subtypes)
        if new:  # (Arcane Adaptation's chosen creature type: the spell or card is a creature one, CR 205.3d)
            line = line.with_subtypes((*line.subtypes, *new))
    return line


def type_changes(
    view: BoardView,
) -> tuple[dict[str, TypeLine], frozenset[str], dict[tuple[str, str], frozenset[str]]]:
    """The type lines after the type-changing effects in force (land types, added card types, types set with
    the abilities lost), the ids of the permanents that lost their text abilities, and what each effect
    applied to as it applied, by source and text (CR 613.6: the rest of its effect applies to those).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"},
    ...     {"id": "bm", "card": "Blood Moon", "controller": "me"}]})
    >>> types, lost, applied = type_changes(BoardView(board))
    >>> types["f"].subtypes, types["pool"].subtypes, sorted(lost)  # (nonbasic lands are Mountains)
    (('Forest',), ('Mountain',), ['pool'])
    """
    candidates = [
        SourcedEffect(p.id, p.controller, with_chosen_type(e, p.choices))
        for p in view.board.permanents
        for e in view.parsed[p.id].effects
        if isinstance(e, TypeChange)
        and in_force(e, p)
        and devotion_allows(view, e, p.controller)
        and on_its_turn(view, e, p.controller)
    ] + [  # (the board's effects in force, after every permanent's: CR 613.7)
        SourcedEffect(source.stand_in.id, source.stand_in.controller, e)
        for source in view.given_effects.sources
        for e in source.effects
        if isinstance(e, TypeChange)
    ]
    types = {p.id: p.type_line for p in view.board.permanents}
    parsed = view.parsed
    for permanent in view.board.permanents:  # (a characteristic-defining ability first: CR 613.3)
        keywords = parsed[permanent.id].keywords
        if keywords:
            types[permanent.id] = defined_types(permanent.type_line, keywords)
    lost: frozenset[str] = frozenset()
    applied: dict[tuple[str, str], frozenset[str]] = {}
    remaining = list(range(len(candidates)))  # (the effects by their position among the candidates)
    # what each effect applies to now, kept up to date as effects apply (see _updated)
    sets = [_affected_by(view, e, types, lost) for e in candidates]
    while remaining:
        depends = _dependencies(view, candidates, types, lost, sets)
        chosen = next(
            (e for e in remaining if _defining(candidates[e])),  # (CR 613.3)
            next(
                (e for e in remaining if not any(depends(e, f) for f in remaining if f != e)),
                remaining[0],  # a dependency loop: timestamp order (CR 613.8b)
            ),
        )
        remaining.remove(chosen)
        key = (candidates[chosen].source, candidates[chosen].effect.text)
        applied[key] = applied.get(key, frozenset()) | (sets[chosen] or frozenset())
        new_types, new_lost = _apply_type_change(view, candidates[chosen], types, lost, sets[chosen])
        changed = tuple(pid for pid in new_types if new_types[pid] is not types[pid])
        for effect in remaining:
            sets[effect] = _updated(view, candidates[effect], sets[effect], new_types, new_lost, changed)
        types, lost = new_types, new_lost
    return types, lost, applied


def base_powers_set(view: BoardView) -> dict[str, tuple[int, int]]:
    """The base power and toughness the type changes in force set (layer 7b, CR 613.4b), by permanent: each
    such effect applies to what its type change took in layer 4 (CR 613.6: 'Enchanted land is a 4/4 green
    Treefolk creature that's still a land' sets the land it made a creature), in timestamp order (the
    board's: the later sets last, CR 613.7).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> text = "Enchanted land is a 4/4 green Treefolk creature that's still a land."
    >>> aura = {"id": "a", "name": "Test Aura", "type_line": "Enchantment — Aura", "controller": "me",
    ...     "attached_to": "f", "oracle": text}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}, aura]})
    >>> base_powers_set(BoardView(board))
    {'f': (4, 4)}
    """
    found: dict[str, tuple[int, int]] = {}
    sources = [(p.id, view.parsed[p.id].effects) for p in view.board.permanents] + [
        (source.stand_in.id, source.effects) for source in view.given_effects.sources
    ]
    for source_id, effects in sources:
        for effect in effects:
            if not isinstance(effect, TypeChange) or (effect.base_pt is None and not effect.base_mana_value):
                continue
            for pid in view.type_change_applied(source_id, effect.text):
                # ('each equal to its mana value', Opalescence's: the permanent's own, CR 202.3)
                value = view.permanent(pid).mana_value
                found[pid] = effect.base_pt if effect.base_pt is not None else (value, value)
    return found


def _updated(
    view: BoardView,
    sourced: SourcedEffect,
    was: frozenset[str] | None,
    types: dict[str, TypeLine],
    lost: frozenset[str],
    changed: tuple[str, ...],
) -> frozenset[str] | None:
    """What a type change applies to once the type lines of ``changed`` (only) are ``types``' and the
    lands in ``lost`` lost their abilities: whether a permanent is among them reads only its own type
    line, so only the changed ones are looked at again (:func:`_affected_by` in the new state)."""
    if was is None or sourced.source in lost:
        return None
    effect = sourced.effect
    assert isinstance(effect, TypeChange)
    if effect.condition is not None:  # (whether it exists reads other permanents' types: looked at again)
        return _affected_by(view, sourced, types, lost)
    now = set(was)
    for pid in changed:
        if (_beyond_lands(effect) or types[pid].is_a("Land")) and view.matches(
            effect.affected, pid, sourced.source, types
        ):
            now.add(pid)
        else:
            now.discard(pid)
    return frozenset(now)


def _dependencies(
    view: BoardView,
    candidates: list[SourcedEffect],
    types: dict[str, TypeLine],
    lost: frozenset[str],
    sets: list[frozenset[str] | None],
) -> Callable[[int, int], bool]:
    """Whether effect ``first`` depends on effect ``other`` (their positions in ``candidates``) in one state
    (CR 613.8a: applying ``other`` would change whether ``first`` exists or what it applies to), given what
    each effect applies to there (``sets``), each other effect's result worked out once."""
    after: dict[int, tuple[dict[str, TypeLine], frozenset[str], tuple[str, ...]]] = {}

    def depends(first: int, other: int) -> bool:
        was = sets[first]
        if sets[other] is None or was is None:
            return False  # (an effect that does not exist stays so: lost abilities are not regained)
        if other not in after:
            new_types, new_lost = _apply_type_change(view, candidates[other], types, lost, sets[other])
            changed = tuple(pid for pid in new_types if new_types[pid] is not types[pid])
            after[other] = (new_types, new_lost, changed)
        new_types, new_lost, changed = after[other]
        return _updated(view, candidates[first], was, new_types, new_lost, changed) != was

    return depends


def _affected_by(
    view: BoardView, sourced: SourcedEffect, types: dict[str, TypeLine], lost: frozenset[str]
) -> frozenset[str] | None:
    """The ids a type change applies to in a state, or None when the effect does not exist there."""
    if sourced.source in lost:
        return None
    effect = sourced.effect
    assert isinstance(effect, TypeChange)
    if effect.condition is not None and not _counted_in_layer_4(
        view, effect.condition, sourced.source, types
    ):
        return frozenset()  # (it applies to nothing while its count does not hold)
    return frozenset(
        p.id
        for p in view.board.permanents
        if (_beyond_lands(effect) or types[p.id].is_a("Land"))
        and view.matches(effect.affected, p.id, sourced.source, types)
    )


def _counted_in_layer_4(view: BoardView, held: Condition, source: str, types: dict[str, TypeLine]) -> bool:
    """True when a type change's condition ('as long as you control three or more artifacts': counts of
    permanents by their types and names, :func:`models.oracle.conditional_types.layer4_condition`) holds
    with the type lines ``types`` (those of the effects applied before it: an effect that changes the count
    is one it depends on, CR 613.8a)."""
    if held.your_turn and view.board.active_player != view.permanent(source).controller:
        return False  # ('As long as it's your turn and you control an Army': the board's active_player)
    met = (
        sum(1 for p in view.board.permanents if view.matches(flt, p.id, source, types)) >= held.at_least
        for flt in held.filters
    )
    return any(met) if held.any_of else all(met)


def _apply_type_change(
    view: BoardView,
    sourced: SourcedEffect,
    types: dict[str, TypeLine],
    lost: frozenset[str],
    known: frozenset[str] | None = None,
) -> tuple[dict[str, TypeLine], frozenset[str]]:
    """The type lines and lost abilities after one type change; ``known``: what it applies to there, when
    already worked out."""
    affected = known if known is not None else _affected_by(view, sourced, types, lost)
    if not affected:
        return types, lost
    effect = sourced.effect
    assert isinstance(effect, TypeChange)
    new_types = dict(types)
    newly_lost = set(lost)
    for pid in affected:
        line = types[pid]
        if effect.sets_types is not None and not effect.sets_types.card_types:
            # ('Enchanted creature is a Chicken ...': its subtypes of that kind replaced, its card types and
            # other subtypes kept, CR 205.1b)
            new_types[pid] = _replace_subtypes(line, effect.sets_types.subtypes)
            continue
        if effect.sets_types is not None:
            # (Minimus Containment: its card types and subtypes set, its supertypes kept, its abilities lost)
            new_types[pid] = _set_types(line, effect.sets_types, keeps_subtypes=effect.keeps_subtypes)
            if effect.loses_abilities or any(_is_land_subtype(t) for t in effect.sets_types.subtypes):
                # (its abilities taken away, or a land type set, CR 305.7; a card type set alone, Arixmethes'
                # 'it's a land', keeps them, CR 205.1a)
                newly_lost.add(pid)
            continue
        if effect.removes_card_types:
            new_types[pid] = _without_card_types(line, effect.removes_card_types)
            continue
        if effect.removes_supertypes:  # (Melting: 'All lands are no longer snow.', CR 205.4)
            kept = tuple(t for t in line.supertypes if t not in effect.removes_supertypes)
            if kept != line.supertypes:
                new_types[pid] = replace(line, supertypes=kept)
            continue
        if effect.adds:
            # (card types, then the subtypes they and the others allow, CR 205.3d: Ashaya's 'Forest lands'
            # makes a land of a creature and a Forest of that land; every creature type, CR 205.3m)
            if effect.creature_types_replaced:  # ('a Golem artifact creature', CR 205.1b)
                line = _replace_subtypes(line, effect.subtypes)
            added = tuple(t for t in effect.card_types if t not in line.card_types)
            if added:
                line = replace(line, card_types=(*line.card_types, *added))
            supertypes = tuple(t for t in effect.supertypes if t not in line.supertypes)
            if supertypes:  # ('a legendary Soldier in addition to its other types', CR 205.4)
                line = replace(line, supertypes=(*line.supertypes, *supertypes))
            subtypes = (*effect.subtypes, *(effect.land_types if line.is_a("Land") else ()))
            new = tuple(t for t in subtypes if t not in line.subtypes)
            if new:
                line = line.with_subtypes((*line.subtypes, *new))
            if line is not types[pid]:
                new_types[pid] = line
            continue
        # 305.7: the new land types replace the old ones; other subtypes (Dryad) stay.
        kept = tuple(t for t in line.subtypes if not _is_land_subtype(t))
        new_types[pid] = line.with_subtypes((*kept, *effect.land_types))
        newly_lost.add(pid)
    return new_types, frozenset(newly_lost)


def _defining(sourced: SourcedEffect) -> bool:
    """True for a characteristic-defining ability's type change (Planar Nexus's), applied first (CR 613.3)."""
    return isinstance(sourced.effect, TypeChange) and sourced.effect.defining


def _beyond_lands(effect: TypeChange) -> bool:
    """True when the type change may apply to a nonland (card types or subtypes added, types set or taken
    away); land types apply to lands only (CR 305.7)."""
    return bool(
        effect.card_types
        or effect.subtypes
        or effect.sets_types
        or effect.removes_card_types
        or effect.removes_supertypes
    )


def _without_card_types(line: TypeLine, removed: tuple[str, ...]) -> TypeLine:
    """The type line without the card types ``removed``, nor the subtypes that only they have (CR 205.3d: a
    God that isn't a creature is no God); its other types stay.

    >>> str(_without_card_types(TypeLine.parse("Legendary Enchantment Creature — God"), ("Creature",)))
    'Legendary Enchantment'
    """
    kept = tuple(t for t in line.card_types if t not in removed)
    if kept == line.card_types:
        return line
    gone = {kind for t in removed for kind in _SUBTYPE_KINDS_OF.get(t, ())}
    held = {kind for t in kept for kind in _SUBTYPE_KINDS_OF.get(t, ())}
    subtypes = tuple(t for t in line.subtypes if SUBTYPES.get(t) not in gone - held)
    return TypeLine(supertypes=line.supertypes, card_types=kept, subtypes=subtypes)


def _set_types(line: TypeLine, sets: TypeLine, *, keeps_subtypes: bool) -> TypeLine:
    """The type line of a permanent whose card types and subtypes an effect sets (its supertypes kept); with
    ``keeps_subtypes``, its card types only (Imprisoned in the Moon's 'loses all other card types'): the
    subtypes of the card types it still has stay beside those the effect names (CR 205.1a).

    >>> arbor = TypeLine.parse("Land Creature — Forest Dryad")
    >>> str(_set_types(arbor, TypeLine.parse("Land"), keeps_subtypes=True))
    'Land — Forest'
    >>> str(_set_types(TypeLine.parse("Basic Land — Forest"), TypeLine.parse("Artifact — Treasure"),
    ...     keeps_subtypes=False))
    'Basic Artifact — Treasure'
    """
    if not keeps_subtypes:
        return replace(sets, supertypes=line.supertypes)
    kinds = {kind for t in sets.card_types for kind in _SUBTYPE_KINDS_OF.get(t, ())}
    kept = tuple(t for t in line.subtypes if SUBTYPES.get(t) in kinds and t not in sets.subtypes)
    return TypeLine(supertypes=line.supertypes, card_types=sets.card_types, subtypes=(*kept, *sets.subtypes))


def _replace_subtypes(line: TypeLine, subtypes: tuple[str, ...]) -> TypeLine:
    """The type line with ``subtypes`` in place of its subtypes of the same kinds (CR 205.1b: a new creature
    type replaces its creature types), its other types kept.

    >>> str(_replace_subtypes(TypeLine.parse("Artifact Creature — Elf Druid"), ("Chicken",)))
    'Artifact Creature — Chicken'
    """
    kinds = {SUBTYPES.get(t) for t in subtypes}
    kept = tuple(t for t in line.subtypes if SUBTYPES.get(t) not in kinds)
    return line.with_subtypes((*kept, *subtypes))


#: The kinds of subtype (:data:`models.oracle.lexicon.SUBTYPES`) each card type has (CR 205.3d-n).
_SUBTYPE_KINDS_OF = {
    "Artifact": ("artifact",),
    "Enchantment": ("enchantment",),
    "Land": ("land",),
    "Planeswalker": ("planeswalker",),
    "Instant": ("spell",),
    "Sorcery": ("spell",),
    "Creature": ("creature",),
    "Kindred": ("creature",),
    "Tribal": ("creature",),
    "Battle": ("battle",),
}


def _is_land_subtype(subtype: str) -> bool:
    """True for land subtypes that 305.7 replaces: the basic land types and the other land types (CR 205.3i).

    >>> _is_land_subtype("Planet"), _is_land_subtype("Dryad")
    (True, False)
    """
    return SUBTYPES.get(subtype) == "land"
