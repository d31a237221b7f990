"""The board's effects in force that no permanent's text holds (``effects``, contract §10 extension, issue
35): each entry's sentences read as the static sentences they are while they last
(:mod:`models.oracle.resolved`), made the effects of a stand-in source that is on no battlefield: named
``effects[i]`` (``effects[i]:<id>`` for each of several referents), controlled by the entry's controller,
its 'enchanted land' the permanent ``refers_to`` names (as an Aura's is). Its effects apply where a
permanent's static effects apply (layers 4 to 7c, cost changes, bans), after every permanent's in timestamp
order (CR 613.7: they began later). An effect that changes permanents' characteristics affects only the
permanents it affected as it began (CR 611.2c: the entry's ``affected``, else the permanents of the board
as given), never one that a plan puts onto the battlefield. A sentence not read, or read as an effect the
planner does not apply from an entry, is named in the warnings, never dropped in silence.

>>> from models.board import Board
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "w", "card": "Wastes", "controller": "me"}], "effects": [
...     {"text": "Until end of turn, target land becomes a Forest.", "controller": "me", "refers_to": ["w"]},
...     {"text": "You draw a card.", "controller": "me"}]})
>>> found = effects_in_force(board)
>>> [(s.stand_in.id, s.stand_in.attached_to, [e.text for e in s.effects]) for s in found.sources]
[('effects[0]', 'w', ['Enchanted land is a Forest.'])]
>>> print(found.warnings[0])
effects[1]: unsupported text ignored: 'You draw a card.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from models.abilities import ObjectFilter
from models.board import Board, Choices, Permanent
from models.board.effects import EffectInForce
from models.layer_effects import AbilityLoss, ColorChange, GrantAbility, GrantHaste, PowerChange, TypeChange
from models.mana_effects import (
    ActivationBan,
    CastBan,
    CostModifier,
    GrantedAlternativeCost,
    ManaTrigger,
    ProductionReplacement,
    StaticEffect,
    UnspentManaEffect,
)
from models.oracle.parsed import ParsedText
from models.oracle.resolved import read_resolved
from models.types import TypeLine
from planner.rules.layers import missing_choice, with_chosen_color, with_chosen_type
from planner.rules.records import TextWarning, WarningKind

__all__ = ["APPLIED_KINDS", "EffectSource", "EffectsInForce", "effects_in_force", "trigger_effect_gaps"]

#: The kinds of effect an entry's sentence may be read as that the planner applies from an effect in force:
#: those that change permanents' characteristics (layers 4 to 6, whose set is locked in: CR 611.2c), and the
#: rules a spell is cast by (cost changes, bans: CR 601.2f, 101.2; a permission's alternative cost, Gwenom's
#: trigger's 'you may play cards from the top of your library. If you cast a spell this way, pay life equal
#: to its mana value ...', CR 118.9, 611.2a), which read no stand-in's own status.
_LOCKED_KINDS: tuple[type[StaticEffect], ...] = (
    TypeChange,
    GrantAbility,
    GrantHaste,
    ColorChange,
    AbilityLoss,
    PowerChange,
)

#: ... and the effects on the mana a permanent tapped for mana produces (CR 106.12, 614.1a: 'if you tap a
#: land for mana, it produces ... instead', 'whenever a player taps an Island for mana, that player adds an
#: additional {U}'), on activating abilities ('activated abilities of that permanent can't be activated this
#: turn': its mana abilities too, CR 605.1a) and on unspent mana ('you don't lose unspent red mana as steps
#: and phases end', CR 500.4), which apply while in force to whatever they name then: their set of
#: permanents is not locked in (CR 611.2c concerns characteristics alone).
APPLIED_KINDS: tuple[type[StaticEffect], ...] = (
    *_LOCKED_KINDS,
    CostModifier,
    CastBan,
    ProductionReplacement,
    ManaTrigger,
    ActivationBan,
    UnspentManaEffect,
    GrantedAlternativeCost,
)


@dataclass(frozen=True, slots=True)
class EffectSource:
    """A stand-in source of an effect in force: a permanent on no battlefield (its id, its controller, the
    referent as what it is attached to and linked to), the effects it has, the permanents those that change
    characteristics may affect (CR 611.2c; None: any), and whether its referent is a player."""

    stand_in: Permanent
    effects: tuple[StaticEffect, ...]
    locked: frozenset[str] | None
    #: it refers to a player (``stand_in.attached_to``), whom alone its prohibitions bind ('that creature's
    #: owner can't cast ...')
    player_bound: bool = False

    def locks(self, flt: ObjectFilter) -> bool:
        """True when ``flt`` is what an effect of it that changes characteristics affects (whose set was
        locked in as it began)."""
        return self.locked is not None and any(
            isinstance(e, _LOCKED_KINDS) and getattr(e, "affected", None) == flt for e in self.effects
        )


@dataclass(frozen=True, slots=True)
class EffectsInForce:
    """The board's effects in force as stand-in sources (in the entries' order), and the warnings about
    their sentences."""

    sources: tuple[EffectSource, ...] = ()
    warnings: tuple[TextWarning, ...] = ()
    by_id: dict[str, EffectSource] = field(default_factory=dict, compare=False)


#: A stand-in's type line: none of a permanent's card types, so that no filter of permanents matches it.
_NO_TYPES = TypeLine()

#: The board without effects: nothing in force, nothing warned.
NONE_IN_FORCE = EffectsInForce()


def effects_in_force(board: Board) -> EffectsInForce:
    """The stand-in sources of ``board.effects`` and the warnings about their sentences (see the module)."""
    if not board.effects:
        return NONE_IN_FORCE
    sources: list[EffectSource] = []
    warnings: list[TextWarning] = []
    for position, entry in enumerate(board.effects):
        made, warned = _sources_of(board, entry, f"effects[{position}]")
        sources += made
        warnings += warned
    return EffectsInForce(tuple(sources), tuple(warnings), {s.stand_in.id: s for s in sources})


def _sources_of(
    board: Board, entry: EffectInForce, path: str
) -> tuple[list[EffectSource], list[TextWarning]]:
    """One entry's stand-ins and its warnings: one for each permanent it refers to when a sentence of it
    refers to a permanent ('that land'), one for each player it refers to when one refers to a player ('that
    creature's owner'), else one; the sentences that refer to nothing go with the first."""
    warnings: list[TextWarning] = []
    bound: dict[str | None, list[StaticEffect]] = {"permanent": [], "player": [], None: []}
    countered: list[str] = []
    for form, parsed in read_resolved(entry.text).sentences:
        if parsed is None:
            reason = "it changes only the next spell's cost, which the board can't tell" if form.once else ""
            warnings.append(TextWarning(path, form.printed, reason, WarningKind.UNSUPPORTED))
            continue
        applied = [e for e in parsed.effects if isinstance(e, APPLIED_KINDS)]
        if parsed.mana_abilities or len(applied) < len(parsed.effects):
            reason = "read, but an effect of its kind is not applied from the board's effects"
            warnings.append(TextWarning(path, form.printed, reason, WarningKind.NOT_USED))
            continue
        if any(map(_counted_as_it_resolved, applied)):
            reason = (
                "the number it counts was counted as it resolved (CR 608.2h), which the board does not give"
            )
            warnings.append(TextWarning(path, form.printed, reason, WarningKind.NOT_USED))
            continue
        resolved_choice = (missing_choice(e, entry.choices, "as it resolved") for e in applied)
        missing = next((m for m in resolved_choice if m is not None), None)
        if missing is not None:
            reason = f"{path}.choices.{missing}"
            warnings.append(TextWarning(path, form.printed, reason, WarningKind.NOT_USED))
            continue
        bound[form.bound_to].extend(_with_choices(e, entry.choices) for e in applied)
        if form.while_counter is not None:
            countered.append(form.while_counter)
    referents = {
        "permanent": [pid for pid in entry.refers_to if board.has_permanent(pid)],
        "player": [pid for pid in entry.refers_to if not board.has_permanent(pid)],
    }
    for kind, named in referents.items():
        if bound[kind] and not named:
            reason = f"it refers to a {kind}, which {path}.refers_to does not give"
            warnings += [TextWarning(path, e.text, reason, WarningKind.NOT_USED) for e in bound[kind]]
            bound[kind] = []
    # ('for as long as it has a flood counter on it': in force on what has one, CR 611.2b)
    referents["permanent"] = [
        pid for pid in referents["permanent"] if all(board.permanent(pid).counter(k) > 0 for k in countered)
    ]
    locked = frozenset(entry.affected) if entry.affected is not None else board.loaded_ids
    unbound = tuple(bound[None])
    sources: list[EffectSource] = []
    for kind in ("permanent", "player"):
        named = referents[kind] if bound[kind] else []
        for pid in named:
            several = len(named) > 1 or (kind == "player" and bool(bound["permanent"]))
            stand_in = _stand_in(entry, f"{path}:{pid}" if several else path, pid)
            sources.append(EffectSource(stand_in, (*bound[kind], *unbound), locked, kind == "player"))
            unbound = ()
    if unbound:
        sources.append(EffectSource(_stand_in(entry, path, None), unbound, locked))
    return sources, warnings


def _with_choices(effect: StaticEffect, choices: Choices) -> StaticEffect:
    """The effect with what was chosen as it resolved in it (the entry's ``choices``), as a permanent's effect
    has what was chosen as it entered: Jinx's 'the basic land type of your choice', Hall of Gemstone's color.

    >>> from models.oracle.resolved import read_resolved
    >>> ((_, parsed),) = read_resolved("Target land becomes the basic land type of your choice until end "
    ...     "of turn.").sentences
    >>> assert parsed is not None and isinstance(parsed.effects[0], TypeChange)
    >>> _with_choices(parsed.effects[0], Choices(basic_land_type="Island")).land_types
    ('Island',)
    """
    if isinstance(effect, TypeChange):
        return with_chosen_type(effect, choices)
    return with_chosen_color(effect, choices)


def _counted_as_it_resolved(effect: StaticEffect) -> bool:
    """True when the effect's size is a count ('gets +1/+0 for each artifact you control', 'costs {1} less for
    each ...'): a resolved effect's count is made once, as it resolved (CR 608.2h), never again from the
    board now.

    >>> from models.oracle import parse_oracle
    >>> [_counted_as_it_resolved(e) for e in parse_oracle("Creatures you control get +1/+0 for each "
    ...     "artifact you control.").effects]
    [True]
    """
    if isinstance(effect, PowerChange):
        return effect.per is not None
    if isinstance(effect, CostModifier):
        counts = (effect.per_other_spell_this_turn, effect.casters_count, effect.per_commander_cast)
        return effect.for_each is not None or effect.amount is not None or any(counts)
    return False


def _stand_in(entry: EffectInForce, pid: str, referent: str | None) -> Permanent:
    """The stand-in source of an entry's effects: ``referent`` as what it is attached to (its 'enchanted
    land', 'enchanted player') and linked to, the entry's ``named`` as its chosen name."""
    return Permanent(
        id=pid,
        controller=entry.controller,
        card=None,
        name=entry.source or pid,
        type_line=_NO_TYPES,
        attached_to=referent,
        choices=replace(
            entry.choices, linked_permanent=referent, card_name=entry.named or entry.choices.card_name
        ),
    )


#: A triggered ability's effect after its condition and intervening "if" clause (CR 603.1, 603.4)
_TRIGGER_EFFECT = re.compile(r"^(?:When|Whenever)\b[^,]*,(?: if [^,]*,)? (.+)$", re.I)

#: Why a permanent's trigger whose effect lasts while the permanent remains is warned
TRIGGER_EFFECT_GAP = (
    "its trigger's effect lasts while it remains (CR 611.2b) on what it targeted, which the board can't "
    "name: if it is in force, give it in `effects` with `refers_to` and `source`"
)


def trigger_effect_gaps(board: Board, parsed: Mapping[str, ParsedText]) -> tuple[TextWarning, ...]:
    """A warning for each permanent on ``board`` with a triggered ability it has (read as nothing about
    mana: ``parsed``, by id) whose effect lasts 'for as long as ~ remains on the battlefield' and changes
    permanents as an effect the planner reads (Tide Shaper's 'When ~ enters, if it was kicked, target land
    becomes an Island for as long as ~ remains on the battlefield.'): it may be in force on a permanent the
    board does not name, unless an entry of ``board.effects`` gives its ``source``.

    >>> shaper = {"id": "s", "name": "Test Shaper", "type_line": "Creature — Merfolk", "controller": "me",
    ...     "power": 1, "toughness": 1, "oracle": "When ~ enters, target land becomes an Island for as long "
    ...     "as ~ remains on the battlefield."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [shaper]})
    >>> from models.oracle import read_card
    >>> parsed = {p.id: read_card(p.oracle, p.name, p.type_line) for p in board.permanents}
    >>> [w.permanent for w in trigger_effect_gaps(board, parsed)]
    ['s']
    """
    given = {entry.source for entry in board.effects if entry.source is not None}
    warnings: list[TextWarning] = []
    for permanent in board.permanents:
        if permanent.id in given or permanent.name in given:
            continue
        for sentence in parsed[permanent.id].sentences:
            found = _TRIGGER_EFFECT.match(sentence.text) if "for as long as" in sentence.text else None
            if found is None or sentence.read_as != "ignored":
                continue
            forms = read_resolved(found.group(1)).sentences
            if forms and all(p is not None and f.duration == "as_long_as" and f.bound for f, p in forms):
                warnings.append(
                    TextWarning(permanent.id, sentence.text, TRIGGER_EFFECT_GAP, WarningKind.UNSUPPORTED)
                )
    return tuple(warnings)
