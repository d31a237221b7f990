"""What one activation of a mana ability produces: every outcome its controller could reach.

An outcome is a list of *packets*: ``picks`` choices, each of one type from ``types``, each giving
``per_pick`` mana. ``{C}{C}`` is one packet (C, 1 pick, 2 each); 'five mana in any combination of colors'
is (WUBRG, 5 picks, 1 each); 'three mana of any one color' is (WUBRG, 1 pick, 3 each); doubling multiplies
``per_pick``. Packets keep the choice of types open for the payment planner while staying exact.

The order of work follows CR 605, 614, 616 and 106.12: the ability's own choices, then the replacement
effects that apply to the production in each order its controller could pick (each effect once), then the
triggered mana abilities (only when mana was actually produced; their mana is not replaced by 'tapped for
mana' effects).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import replace

from models.abilities import (
    AbilityCost,
    AmountKind,
    BoardFact,
    ManaAbility,
    ManaOutput,
    OutputKind,
    PaletteKind,
    SideEffectKind,
    Who,
)
from models.errors import InputError
from models.kept import KeptMap
from models.limits import MAX_MANA_PER_ACTIVATION, MAX_REPLACEMENTS, number
from models.mana import ManaTypes
from models.mana_effects import ManaTrigger, ProductionReplacement, TriggerEvent
from planner.rules.amounts import counted as counted_now
from planner.rules.amounts import graveyard_colors, revealing
from planner.rules.packets import TAG_READS, ManaTag, Outcome, Packet, bag_packets, normalised
from planner.rules.replacements import replacement_applies, replacement_orders
from planner.rules.untapped_land import untap_candidates
from planner.rules.view import BoardView, SourcedEffect, ViewTable

__all__ = [
    "ManaTag",
    "Outcome",
    "Packet",
    "activation_outcomes",
    "anonymous",
    "anonymous_tag",
    "counters_put_first",
    "outcomes_signature",
    "output_types",
    "reached",
    "same_name_triggers",
    "within_reach",
]


def output_types(
    view: BoardView,
    pid: str,
    output: ManaOutput,
    reflect: Mapping[str, ManaTypes],
    *,
    sacrificed: tuple[str, ...] = (),
    removed: frozenset[str] = frozenset(),
    produced: ManaTypes = ManaTypes(),
    trigger_color: ManaTypes = ManaTypes(),
    graveyard: ManaTypes | None = None,
) -> ManaTypes:
    """The types an 'any ...' output of ``pid`` may choose from now; ``reflect`` is could-produce so far;
    ``graveyard``, when given, the colors of the cards in its controller's graveyard as it resolves."""
    palette = output.palette
    kind = palette.kind
    if kind is PaletteKind.TYPES:
        return palette.types
    if kind is PaletteKind.COMMANDER:
        commander = view.board.player(view.permanent(pid).controller).commander_colors
        return (commander or ManaTypes()) & palette.types
    if kind is PaletteKind.CHOSEN_COLOR:  # (and what it may make instead: the Thriving lands' own color)
        return view.chosen_color(pid) | palette.also
    if kind is PaletteKind.IMPRINTED_COLORS:
        return view.imprinted_colors(pid) & palette.types
    if kind is PaletteKind.NOTED_TYPE:
        return view.noted_type(pid) & palette.types
    if kind is PaletteKind.CRAFTED_COLORS:
        return view.crafted_colors(pid) & palette.types
    if kind is PaletteKind.DRAFTED_COLORS:
        return view.drafted_colors(pid)
    if kind is PaletteKind.GRAVEYARD_COLORS:
        if graveyard is None:  # (of some cards only: 'among legendary creature cards in your graveyard')
            graveyard = graveyard_colors(view, view.permanent(pid).controller, pid, palette.among)
        return graveyard & palette.types
    if kind in (PaletteKind.REFLECT, PaletteKind.COLORS_AMONG):
        among = {other: None for f in palette.among for other in view.matching(f, pid, removed)}
        mask = 0
        if kind is PaletteKind.REFLECT:
            for other in among:
                found = reflect.get(other)
                mask |= 0 if found is None else found.mask
        else:
            for other in among:
                mask |= view.colors(other).mask
        return ManaTypes(mask & palette.types.mask)
    if kind is PaletteKind.REFLECT_UNTAPPED:
        # (the land its cost untaps: each the cost describes could produce the same types, or the ability is
        # set aside, planner.rules.untapped_land; so their union is what it makes)
        found = ManaTypes()
        for land in untap_candidates(view, output, pid):
            found |= reflect.get(land, ManaTypes())
        return found & palette.types
    if kind is PaletteKind.REFLECT_SACRIFICED:
        found = ManaTypes()
        for sacrificed_id in sacrificed:
            found |= reflect.get(sacrificed_id, ManaTypes())
        return found & palette.types
    if kind is PaletteKind.PRODUCED:
        return produced & palette.types
    return trigger_color


def _base_alternatives(
    view: BoardView,
    pid: str,
    output: ManaOutput,
    reflect: Mapping[str, ManaTypes],
    tag: ManaTag,
    sacrificed: tuple[str, ...] = (),
    removed: frozenset[str] = frozenset(),
    *,
    produced: ManaTypes = ManaTypes(),
    trigger_color: ManaTypes = ManaTypes(),
    reveal: str | None = None,
    amount: int | None = None,
    cost: AbilityCost | None = None,
    graveyard: ManaTypes | None = None,
) -> list[list[Packet]]:
    """An output's own choices, before replacement effects: one packet list per alternative. ``reveal`` is
    what the ability reveals from the hand: each number of those cards is a choice (CR 608.2h), the most
    first, none only when it makes mana anyway. ``amount``, when given, stands for the output's amount
    (:func:`activation_outcomes`'s ``counted``); ``cost`` is the ability's, paid before its amount is
    counted; ``graveyard`` the graveyard's colors as it resolves (:func:`output_types`)."""
    if amount is None:
        amount = counted_now(
            view, pid, output.amount, removed=removed, sacrificed=sacrificed, reveal=reveal, cost=cost
        )
    amounts = [amount]
    if output.amount.kind is AmountKind.REVEALED:
        plus, each = output.amount.plus, output.amount.multiplier
        amounts = [each * cards + plus for cards in range((amount - plus) // each, -1, -1)]
    return [
        alternative
        for each_amount in amounts
        if each_amount > 0 or len(amounts) == 1
        for alternative in _alternatives(
            view,
            pid,
            output,
            reflect,
            tag,
            sacrificed,
            removed,
            produced,
            trigger_color,
            each_amount,
            graveyard,
        )
    ]


def _alternatives(
    view: BoardView,
    pid: str,
    output: ManaOutput,
    reflect: Mapping[str, ManaTypes],
    tag: ManaTag,
    sacrificed: tuple[str, ...],
    removed: frozenset[str],
    produced: ManaTypes,
    trigger_color: ManaTypes,
    amount: int,
    graveyard: ManaTypes | None = None,
) -> list[list[Packet]]:
    """:func:`_base_alternatives` for one amount."""
    if output.kind is OutputKind.DOUBLE_UNSPENT:
        return [[]]  # (it reads the pool, which only a replay knows: planner.rules.doubling resolves it)
    if output.kind is OutputKind.FIXED:
        return [bag_packets(output.options[0], amount, tag)]
    if output.kind is OutputKind.CHOICE:
        return [bag_packets(option, amount, tag) for option in output.options]
    types = output_types(
        view,
        pid,
        output,
        reflect,
        sacrificed=sacrificed,
        removed=removed,
        produced=produced,
        trigger_color=trigger_color,
        graveyard=graveyard,
    )
    if output.kind is OutputKind.EACH_TYPE:
        return [[Packet(ManaTypes(t), 1, amount, tag) for t in types]]
    if (
        output.kind is OutputKind.ANY_ONE
        and output.amount.kind is AmountKind.DEVOTION
        and not output.amount.colors
    ):
        # 'Choose a color. Add an amount of mana of that color equal to your devotion to that color.'
        return [
            [
                Packet(
                    ManaTypes(t),
                    1,
                    counted_now(view, pid, output.amount, removed=removed, color=ManaTypes(t)),
                    tag,
                )
            ]
            for t in types
        ]
    if output.kind is OutputKind.ANY_ONE:
        return [[Packet(types, 1, amount, tag)]]
    return [[Packet(types, amount, 1, tag)]]


def _trigger_reaches(view: BoardView, sourced: SourcedEffect, pid: str, ability: ManaAbility) -> bool:
    """True when a triggered mana ability would trigger on this activation of ``pid``, should it make mana
    of a type it wants (:func:`_trigger_applies`)."""
    effect = sourced.effect
    assert isinstance(effect, ManaTrigger)
    tapper = view.permanent(pid).controller
    if effect.who is Who.YOU and tapper != sourced.controller:
        return False
    if effect.who is Who.OPPONENTS and tapper == sourced.controller:
        return False
    if effect.event is TriggerEvent.SACRIFICED:
        # (its controller's sacrifice, by the ability's cost or as it resolves: a mana ability too, CR
        # 605.1b; which others a cost sacrifices is the template's: :func:`_sacrifice_count`)
        own = ability.cost.sacrifice_self or bool(ability.sacrifice_when_empty)
        return ability.cost.sacrifice is not None or (
            own and view.matches(effect.affected, pid, sourced.source)
        )
    if effect.event is TriggerEvent.TAPPED_FOR_MANA and not ability.taps_for_mana:
        return False
    if effect.event is TriggerEvent.LAND_ADDS_MANA and not view.type_line(pid).is_a("Land"):
        return False
    return view.matches(effect.affected, pid, sourced.source)


def _sacrifice_count(
    view: BoardView,
    sourced: SourcedEffect,
    pid: str,
    ability: ManaAbility,
    sacrificed: tuple[str, ...],
    empties: bool,
) -> int:
    """How many times a trigger of sacrificing (Crime Novelist's 'Whenever you sacrifice an artifact, ...')
    triggers on this activation of ``pid``: once for each permanent it matches among those the ability
    sacrifices (CR 603.2c), its own permanent by its cost or as it resolves ('If there are no mining counters
    on it, sacrifice it': ``empties``) and the others its cost names (the first of ``sacrificed``, which
    lists them before what the cost exiles or returns).

    >>> from models.board import Board
    >>> novelist = {"name": "Test Novelist", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Whenever you sacrifice an artifact, add {R}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Treasure", "controller": "me", "token": True}, {"id": "n", **novelist}]})
    >>> view = BoardView(board)
    >>> (trigger,) = view.effects_of(ManaTrigger)
    >>> _sacrifice_count(view, trigger, "t", view.mana_abilities("t")[0], (), False)
    1
    """
    effect = sourced.effect
    assert isinstance(effect, ManaTrigger)
    cost = ability.cost
    own = (cost.sacrifice_self or empties) and view.matches(effect.affected, pid, sourced.source)
    others = sacrificed[: cost.sacrifice_count] if cost.sacrifice is not None else ()
    return int(own) + sum(
        view.has(other) and view.matches(effect.affected, other, sourced.source) for other in others
    )


def _trigger_applies(view: BoardView, sourced: SourcedEffect, produced: ManaTypes) -> bool:
    """True when a trigger that reaches the activation (:func:`_trigger_reaches`) triggers on mana of the
    types ``produced``."""
    effect = sourced.effect
    assert isinstance(effect, ManaTrigger)
    if not produced:  # 106.12a: it triggers only when mana was actually produced
        return False
    wanted = view.chosen_color(sourced.source) if effect.chosen_color else effect.of_types
    return bool(produced & wanted)


def _trigger_packets(
    view: BoardView,
    sourced: SourcedEffect,
    pid: str,
    produced: ManaTypes,
    reflect: Mapping[str, ManaTypes],
    removed: frozenset[str],
    same_name: int | None = None,
) -> list[list[Packet]]:
    """What a trigger that applies adds; an amount of the same name as ``pid`` is counted with ``pid`` (the
    permanent tapped for mana), less what its ability's cost ``removed`` (``same_name``, when given, is what
    it counts instead: the CP-SAT model's lands still there as it resolves, :mod:`planner.solve.dynamic`)."""
    effect = sourced.effect
    assert isinstance(effect, ManaTrigger)
    source = view.permanent(sourced.source)
    lines = view.type_line(source.id)
    tag = ManaTag(
        source=sourced.source,
        snow=lines.is_a("Snow"),
        creature=lines.is_a("Creature"),
        basic_land=lines.is_basic_land,
        treasure=lines.is_a("Treasure"),
    )
    trigger_color = view.chosen_color(source.id) if effect.chosen_color else ManaTypes()
    amount = None
    if effect.adds.amount.kind is AmountKind.SAME_NAME:
        amount = (
            same_name
            if same_name is not None
            else counted_now(view, pid, effect.adds.amount, removed=removed)
        )
    return _base_alternatives(
        view,
        source.id,
        effect.adds,
        reflect,
        tag,
        produced=produced,
        trigger_color=trigger_color,
        amount=amount,
    )


def anonymous_tag(tag: ManaTag, pid: str) -> ManaTag:
    """The tag with its own permanent ``pid`` taken out of its source ("" stands for it), so that two
    permanents' mana can be compared; mana from other sources (a Wild Growth) keeps its source.

    >>> anonymous_tag(ManaTag(source="f1",  # doctest: +NORMALIZE_WHITESPACE
    ...     snow=True), "f1"), anonymous_tag(ManaTag(source="aura"), "f1").source
    (ManaTag(source='', snow=True, restriction=None, chosen_type=None, riders=(), persists=False,
             creature=False, basic_land=False, treasure=False), 'aura')
    """
    return tag.with_source("") if tag.source == pid else tag


def anonymous(outcome: Outcome, pid: str) -> Outcome:
    """The outcome with its own permanent ``pid`` taken out of its mana's tags (see :func:`anonymous_tag`)."""
    packets = tuple(
        Packet(p.types, p.picks, p.per_pick, anonymous_tag(p.tag, pid)) if p.tag.source == pid else p
        for p in outcome.packets
    )
    return outcome.with_packets(packets)


def activation_outcomes(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    reflect: Mapping[str, ManaTypes],
    *,
    sacrificed: tuple[str, ...] = (),
    with_triggers: bool = True,
    every_order: bool = False,
    counted: int | None = None,
    same_name: int | None = None,
    graveyard: ManaTypes | None = None,
) -> list[Outcome]:
    """Every distinct outcome of activating ``ability`` of ``pid`` on this board.

    With ``every_order``, an outcome reachable by several replacement orders is listed once per order
    (the replayer checks a plan's stated order); otherwise once, with the first order found. ``counted``,
    when given, is what the ability's amount counts instead of what it counts on this board (the CP-SAT
    model's assumption about the game the activation will resolve in: :mod:`planner.rules.amounts`);
    ``same_name`` likewise for what a trigger counting lands of the tapped land's name counts (Sasaya's
    Essence: :mod:`planner.rules.same_name`); ``graveyard`` likewise for the colors of the cards in its
    controller's graveyard (Corrupted Grafstone, after a sacrifice puts a card there first).

    ``reflect`` maps permanent ids to what they could produce (CR 106.7), for reflecting sources;
    ``sacrificed`` lists permanents sacrificed to pay the cost (gone when it resolves, CR 608.2h).
    Costs and eligibility are not checked here.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "mr1", "card": "Mana Reflection", "controller": "me"},
    ...     {"id": "mr2", "card": "Mana Reflection", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [o.total for o in activation_outcomes(view, "f", view.mana_abilities("f")[0], {})]
    [4]
    """
    if ability.side_effects:
        view = counters_put_first(view, pid, ability)
    replacements, triggers = _reaching(view, pid, ability, with_triggers)
    # with one replacement effect at most there is one order: the outcomes are the same either way
    every_order = every_order and len(replacements) > 1
    keyed = _outcomes_key(view, pid, ability, replacements, triggers, every_order, reflect, sacrificed)
    if keyed is None or counted is not None or same_name is not None or graveyard is not None:
        return _worked_out(
            view,
            pid,
            ability,
            reflect,
            sacrificed,
            replacements,
            triggers,
            every_order,
            counted,
            same_name,
            graveyard,
        )
    key, ids = keyed
    entry = _OUTCOMES.get(key)
    if entry is None:
        found = _worked_out(view, pid, ability, reflect, sacrificed, replacements, triggers, every_order)
        positions = {source: str(number) for number, source in enumerate(ids)}
        if not all(source in positions for outcome in found for source in _sources(outcome)):
            return found
        _OUTCOMES.put(
            key, (tuple(_renamed(outcome, positions) for outcome in found), {tuple(ids): tuple(found)})
        )
        return found
    known, named = entry
    names_key = tuple(ids)
    outcomes = named.get(names_key)
    if outcomes is None:
        names = {str(number): source for number, source in enumerate(ids)}
        outcomes = tuple(_renamed(outcome, names) for outcome in known)
        if len(named) >= _NAMED_LIMIT:
            named.clear()
        named[names_key] = outcomes
    return list(outcomes)


def counters_put_first(view: BoardView, pid: str, ability: ManaAbility) -> BoardView:
    """The view in which the ability's mana is counted: with the counters its effect puts on ``pid`` before
    it adds mana (Empowered Autogenerator: "Put a charge counter on this artifact. Add X mana of any one
    color, where X is the number of charge counters on this artifact.": the counter is put, then X counted,
    CR 608.2c); ``view`` itself for any other ability.

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> text = ("{T}: Put a charge counter on this artifact. Add X mana of any one color, where X is the "
    ...     "number of charge counters on this artifact.")
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "a",
    ...     "name": "Autogenerator", "type_line": "Artifact", "oracle": text, "controller": "me"}]})
    >>> view = BoardView(board)
    >>> (ability,) = view.mana_abilities("a")
    >>> counters_put_first(view, "a", ability).permanent("a").counter("charge")
    1
    """
    put = [e for e in ability.side_effects if e.kind is SideEffectKind.PUT_COUNTER_FIRST]
    if not put:
        return view
    permanent = view.permanent(pid)
    counters = dict(permanent.counters)
    for effect in put:
        counters[effect.what] = counters.get(effect.what, 0) + max(effect.amount, 1)
    now = tuple(view.permanent(p.id) for p in view.board.permanents)  # (a replay's view: its statuses now)
    board = replace(view.board, permanents=now).replace_permanent(pid, counters=tuple(counters.items()))
    return view.rebind(board)


def _reaching(
    view: BoardView, pid: str, ability: ManaAbility, with_triggers: bool
) -> tuple[list[SourcedEffect], list[SourcedEffect]]:
    """The replacement effects that apply to the ability's mana, and the mana triggers it would set off
    (none without ``with_triggers``)."""
    replacements = [
        e for e in view.effects_of(ProductionReplacement) if replacement_applies(view, e, pid, ability)
    ]
    if len(replacements) > MAX_REPLACEMENTS:
        raise InputError(
            f"{view.path(pid)}: {len(replacements)} replacement effects apply to the mana of "
            f"{view.permanent(pid).name}; the planner orders at most {MAX_REPLACEMENTS} (CR 616.1)"
        )
    triggers = (
        [t for t in view.effects_of(ManaTrigger) if _trigger_reaches(view, t, pid, ability)]
        if with_triggers
        else []
    )
    return replacements, triggers


def reached(view: BoardView, pid: str, ability: ManaAbility) -> bool:
    """True when a replacement effect or a triggered mana ability on the board applies to the mana of this
    activation of ``pid`` (its outcomes are the board's, not its card's alone).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "wg", "card": "Wild Growth", "controller": "me", "attached_to": "f"}]})
    >>> view = BoardView(board)
    >>> [reached(view, pid, view.mana_abilities(pid)[0]) for pid in ("f", "s")]
    [True, False]
    """
    replacements, triggers = _reaching(view, pid, ability, True)
    return bool(replacements or triggers)


def within_reach(view: BoardView, *, triggers_only: bool = False) -> frozenset[str]:
    """The permanents that a replacement effect on mana or a mana trigger on the board (``triggers_only``:
    a mana trigger) could apply to: those its ``affected`` filter matches. :func:`reached` (and
    :func:`triggers_on`) can be True only for these; kept in the view unless a filter reads statuses
    (untapped permanents), which :meth:`BoardView.update` changes.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "wg", "card": "Wild Growth", "controller": "me", "attached_to": "f"}]})
    >>> sorted(within_reach(BoardView(board)))
    ['f']
    """
    found = _WITHIN_REACH.get(view, triggers_only)
    if found is not None:
        return found
    kinds: tuple[type[ProductionReplacement | ManaTrigger], ...] = (
        (ManaTrigger,) if triggers_only else (ProductionReplacement, ManaTrigger)
    )
    reach: set[str] = set()
    keep = True
    for kind in kinds:
        for sourced in view.effects_of(kind):
            effect = sourced.effect
            assert isinstance(effect, (ProductionReplacement, ManaTrigger))
            reach.update(view.matching(effect.affected, sourced.source))
            keep = keep and not effect.affected.reads_status
    found = frozenset(reach)
    if keep:
        _WITHIN_REACH.put(view, triggers_only, found)
    return found


#: :func:`within_reach` of a view, by ``triggers_only``.
_WITHIN_REACH: ViewTable[bool, frozenset[str]] = ViewTable("production.within_reach")


def same_name_triggers(view: BoardView, pid: str, ability: ManaAbility) -> list[SourcedEffect]:
    """The triggered mana abilities that would trigger on this activation of ``pid`` and count the lands
    with its name (Sasaya's Essence: :mod:`planner.rules.same_name`).

    >>> from models.board import Board
    >>> essence = {"name": "Sasaya's Essence", "type_line": "Legendary Enchantment", "oracle": "Whenever a "
    ...     "land you control is tapped for mana, add an additional one mana of any type that land produced "
    ...     "for each other land you control with the same name as it."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}, {"id": "s", "controller": "me", **essence}]})
    >>> view = BoardView(board)
    >>> [t.source for t in same_name_triggers(view, "f", view.mana_abilities("f")[0])]
    ['s']
    """
    return [
        t
        for t in view.effects_of(ManaTrigger)
        if isinstance(t.effect, ManaTrigger)
        and t.effect.adds.amount.kind is AmountKind.SAME_NAME
        and _trigger_reaches(view, t, pid, ability)
    ]


def triggers_on(view: BoardView, pid: str, ability: ManaAbility) -> bool:
    """True when a triggered mana ability on the board would trigger on this activation of ``pid`` (should
    it make mana of a type it wants): only then do its outcomes differ from what it could produce.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "h", "card": "Heartbeat of Spring", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [triggers_on(view, pid, view.mana_abilities(pid)[0]) for pid in ("f", "s")]
    [True, False]
    """
    return any(_trigger_reaches(view, t, pid, ability) for t in view.effects_of(ManaTrigger))


def outcomes_signature(
    view: BoardView, pid: str, ability: ManaAbility, reflect: Mapping[str, ManaTypes] | None = None
) -> tuple[object, ...] | None:
    """Everything ``activation_outcomes(view, pid, ability, reflect)`` reads of the board, with the ids of
    the other permanents its outcomes name (the effects' sources); None when it reads more (a condition,
    or an amount that counts other permanents, or a palette that reflects them without ``reflect``, what
    they could produce). Two activations with one signature have the same outcomes, up to the name of the
    permanent activated.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "mr", "card": "Mana Reflection", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> signature = outcomes_signature(view, "f1", view.mana_abilities("f1")[0])
    >>> signature == outcomes_signature(view, "f2", view.mana_abilities("f2")[0]), signature[1]
    (True, ('mr',))
    """
    keyed = _outcomes_key(view, pid, ability, *_reaching(view, pid, ability, True), False, reflect)
    if keyed is None:
        return None
    key, ids = keyed
    return key, tuple(ids[1:])


#: Outcomes of activations whose outcome reads nothing of the board but :func:`_outcomes_key`, keyed by it,
#: with the ids of the permanents involved written as their positions in the key's list of them; with them,
#: the outcomes with those positions named, by the names (the same permanents asked again, by the fast path,
#: could-produce and the replay, or on the next board of a game).
_OUTCOMES: KeptMap[
    tuple[object, ...], tuple[tuple[Outcome, ...], dict[tuple[str, ...], tuple[Outcome, ...]]]
] = KeptMap(f"{__name__}.activation_outcomes", maxsize=4096)
#: The most namings one entry of :data:`_OUTCOMES` keeps, past which it forgets them.
_NAMED_LIMIT = 64

#: The facts of one permanent whose value a key of outcomes holds (:func:`_fact_of`), in the order keys write
#: them; a reading that declares any other fact (what other permanents are, a graveyard, a player's record,
#: what the cost paid) is never keyed, but for a palette whose types the key holds as they resolve.
_VALUED_FACTS = (
    BoardFact.CHOICES,
    BoardFact.COMMANDER,
    BoardFact.COUNTERS,
    BoardFact.EXILED_CARD_COLORS,
    BoardFact.TYPES,
)
_VALUED = frozenset(_VALUED_FACTS)
assert TAG_READS <= _VALUED, "a fact a mana's tag reads that no key of outcomes holds"


def _outcomes_key(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    replacements: list[SourcedEffect],
    triggers: list[SourcedEffect],
    every_order: bool,
    reflect: Mapping[str, ManaTypes] | None = None,
    sacrificed: tuple[str, ...] = (),
) -> tuple[tuple[object, ...], list[str]] | None:
    """Everything :func:`_worked_out` reads of the board for this activation, and the ids of the permanents
    involved (``pid`` first, then the effects' sources), which the key writes as their positions in that
    list; None when its outcome reads more than a key holds (:data:`_VALUED_FACTS`), so that it is worked
    out each time.

    What it reads is what the readings declare (:meth:`~models.abilities.ManaAbility.resolution_reads`,
    :meth:`~models.mana_effects.ManaTrigger.resolution_reads`, :data:`~planner.rules.packets.TAG_READS`):
    the key holds the ability and the value of each fact it declares of its permanent; for each
    replacement that applies and each trigger that reaches the permanent (which the board decided, so the
    key lists them), its source's position, the effect and the value of each fact it declares of its
    source; and how the ids sort (packets are ordered by their mana's source). The one reading of other
    permanents a key holds is the ability's own palette of their types or colors (:data:`_RESOLVED_PALETTES`:
    given ``reflect`` for what they could produce), as the types it resolves to, when no permanent is
    ``sacrificed``.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> _outcomes_key(view, "f", view.mana_abilities("f")[0], [], [], False)[1]
    ['f']
    """
    reads = ability.resolution_reads()
    if reads <= _VALUED:
        own = (ability, every_order, _values_of(view, pid, reads))
    else:
        resolved = _resolved_palette(view, pid, ability, reflect, sacrificed)
        if resolved is None:
            return None
        own = (ability, every_order, resolved)
    if not replacements and not triggers:
        return (*own, (), (), (0,)), [pid]  # (what the general key below is for no effects)
    if sacrificed and any(_of_sacrificing(t) for t in triggers):
        return None  # (how often it triggers reads which others the cost sacrificed)
    ids = list(dict.fromkeys([pid, *(e.source for e in replacements), *(t.source for t in triggers)]))
    position = {source: number for number, source in enumerate(ids)}
    effects: list[tuple[tuple[object, ...], ...]] = []
    for sourced in (replacements, triggers):
        keyed: list[tuple[object, ...]] = []
        for each in sourced:
            effect = each.effect
            assert isinstance(effect, (ProductionReplacement, ManaTrigger))
            effect_reads = effect.resolution_reads()
            if not effect_reads <= _VALUED:
                return None
            # (a trigger's mana has its source's tag; a replacement makes no mana of its own)
            values = _values_of(view, each.source, effect_reads) if isinstance(effect, ManaTrigger) else ()
            keyed.append((position[each.source], effect, values))
        effects.append(tuple(keyed))
    key = (*own, *effects, tuple(sorted(range(len(ids)), key=ids.__getitem__)))
    return key, ids


#: The palettes of other permanents whose types a key holds as they resolve on the board (given
#: ``reflect``): :func:`output_types` resolves them from the board, ``reflect`` and what the cost removed
#: alone, and the types are all their outcomes take of them.
_RESOLVED_PALETTES = frozenset({PaletteKind.REFLECT, PaletteKind.COLORS_AMONG, PaletteKind.GRAVEYARD_COLORS})


def _resolved_palette(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    reflect: Mapping[str, ManaTypes] | None,
    sacrificed: tuple[str, ...],
) -> tuple[object, ...] | None:
    """The facts a key holds for an ability whose palette reads other permanents (its own facts beside the
    palette, and the types the palette resolves to), or None when it reads more: another reading of the
    board, a palette no key resolves, a sacrifice, or reflected types without ``reflect``."""
    output = ability.output
    kind = output.palette.kind
    if kind not in _RESOLVED_PALETTES or sacrificed or (kind is PaletteKind.REFLECT and reflect is None):
        return None
    reads = ability.resolution_reads(palette=False)
    if not reads <= _VALUED:
        return None
    removed = frozenset((pid,)) if ability.cost.sacrifice_self else frozenset()
    types = output_types(view, pid, output, reflect or {}, removed=removed)
    return (*_values_of(view, pid, reads), types.mask)


def _values_of(view: BoardView, pid: str, reads: frozenset[BoardFact]) -> tuple[object, ...]:
    """The values of the facts a reading declares of its permanent ``pid`` and of those its mana's tag reads
    (:data:`~planner.rules.packets.TAG_READS`), in the order of :data:`_VALUED_FACTS`."""
    if not reads:  # (the tag's facts alone, the common case: choices, then types)
        return view.permanent(pid).choices, view.type_line(pid)
    return tuple([_fact_of(view, pid, fact) for fact in _VALUED_FACTS if fact in reads or fact in TAG_READS])


assert tuple(fact for fact in _VALUED_FACTS if fact in TAG_READS) == (BoardFact.CHOICES, BoardFact.TYPES)


def _fact_of(view: BoardView, pid: str, fact: BoardFact) -> object:
    """The value of one fact of a permanent (one of :data:`_VALUED_FACTS`), as an outcome reads it.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Snow-Covered Forest", "controller": "me"}]})
    >>> str(_fact_of(BoardView(board), "f", BoardFact.TYPES))
    'Basic Snow Land — Forest'
    """
    if fact is BoardFact.TYPES:
        return view.type_line(pid)
    if fact is BoardFact.CHOICES:
        return view.permanent(pid).choices
    if fact is BoardFact.COUNTERS:
        return view.permanent(pid).counters
    if fact is BoardFact.COMMANDER:
        return view.board.player(view.permanent(pid).controller).commander_colors
    if fact is BoardFact.EXILED_CARD_COLORS:
        return view.known_imprinted_colors(pid), view.crafted_colors(pid)
    raise AssertionError(f"no value of {fact} is read of one permanent")


def _sources(outcome: Outcome) -> Iterator[str]:
    """The ids an outcome names: its mana's sources and the replacements' sources."""
    yield from (p.tag.source for p in outcome.packets)
    yield from outcome.replacements


def _renamed(outcome: Outcome, names: Mapping[str, str]) -> Outcome:
    """The outcome with every id it names (:func:`_sources`) written as ``names`` has it."""
    packets = tuple(
        Packet(p.types, p.picks, p.per_pick, p.tag.with_source(names[p.tag.source])) for p in outcome.packets
    )
    replacements = tuple(names[source] for source in outcome.replacements)
    return outcome.with_packets(packets, replacements)


def _worked_out(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    reflect: Mapping[str, ManaTypes],
    sacrificed: tuple[str, ...],
    replacements: list[SourcedEffect],
    triggers: list[SourcedEffect],
    every_order: bool,
    counted: int | None = None,
    same_name: int | None = None,
    graveyard: ManaTypes | None = None,
) -> list[Outcome]:
    """:func:`activation_outcomes` worked out, given the replacements that apply and the triggers that
    reach the permanent."""
    removed = frozenset(sacrificed) | ({pid} if ability.cost.sacrifice_self else frozenset())
    permanent = view.permanent(pid)
    tag = ManaTag(
        source=pid,
        snow=view.type_line(pid).is_a("Snow"),
        creature=view.type_line(pid).is_a("Creature"),
        basic_land=view.type_line(pid).is_basic_land,
        treasure=view.type_line(pid).is_a("Treasure"),
        restriction=ability.restriction,
        chosen_type=permanent.choices.creature_type,
        riders=ability.riders,
    )
    output = next((o for c, o in ability.conditional if view.holds(c, pid, removed)), ability.output)
    # (Tomb of Urami's damage, unless its controller controls an Ogre as it resolves: CR 608.2h)
    spared = ability.damage_unless is not None and view.holds(ability.damage_unless, pid, removed)
    self_damage = 0 if spared else ability.self_damage
    empties = bool(ability.sacrifice_when_empty) and (
        permanent.counter(ability.sacrifice_when_empty) - ability.cost.remove_count <= 0
    )
    outcomes: dict[tuple[tuple[Packet, ...], tuple[str, ...], ManaTypes, int], Outcome] = {}
    tapping = [t for t in triggers if not _of_sacrificing(t)]
    sacrificing = _sacrifice_packets(
        view, pid, ability, [t for t in triggers if _of_sacrificing(t)], reflect, sacrificed, empties
    )
    # (the color a devotion to the chosen color counts: what sacrificing a permanent changes, CR 700.5)
    chosen = output.amount.kind is AmountKind.DEVOTION and not output.amount.colors
    alternatives = _base_alternatives(
        view,
        pid,
        output,
        reflect,
        tag,
        sacrificed,
        removed,
        reveal=revealing(ability),
        amount=counted,
        cost=ability.cost,
        graveyard=graveyard,
    )
    for alternative in alternatives:
        start = normalised(alternative)
        devotion = ManaTypes()
        for packet in start if chosen else ():
            devotion |= packet.types
        results = replacement_orders(replacements, start, every_order) if replacements else {start: ((),)}
        for packets, orders in results.items():
            for made_now, trigger_damage in _with_triggers(
                view, pid, packets, tapping, reflect, removed, same_name
            ):
                for extra in sacrificing:
                    final = normalised([*made_now, *extra]) if extra else made_now
                    made = sum(packet.total for packet in final)
                    if made > MAX_MANA_PER_ACTIVATION:
                        raise InputError(
                            f"{view.path(pid)}: one activation of {permanent.name} would make {number(made)} "
                            f"mana, more than the limit of {MAX_MANA_PER_ACTIVATION}"
                        )
                    for order in orders:
                        key = (final, order if every_order else (), devotion, trigger_damage)
                        outcome = Outcome(
                            final,
                            self_damage + trigger_damage,
                            ability.life_loss,
                            order,
                            empties,
                            devotion,
                            ability.life_gain,
                        )
                        outcomes.setdefault(key, outcome)
    return list(outcomes.values())


def _of_sacrificing(sourced: SourcedEffect) -> bool:
    """True for a trigger of sacrificing (:attr:`~models.mana_effects.TriggerEvent.SACRIFICED`)."""
    return isinstance(sourced.effect, ManaTrigger) and sourced.effect.event is TriggerEvent.SACRIFICED


def _sacrifice_packets(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    triggers: list[SourcedEffect],
    reflect: Mapping[str, ManaTypes],
    sacrificed: tuple[str, ...],
    empties: bool,
) -> list[tuple[Packet, ...]]:
    """Each choice of what the triggers of sacrificing add on this activation, each once for each permanent
    it matches among those the activation sacrificed (:func:`_sacrifice_count`): mana abilities, resolved at
    once (CR 605.1b, 605.4a), whatever mana the ability made; ``[()]`` when none triggers."""
    options: list[list[list[Packet]]] = []
    for sourced in triggers:
        times = _sacrifice_count(view, sourced, pid, ability, sacrificed, empties)
        alternatives = _trigger_packets(view, sourced, pid, ManaTypes(), reflect, frozenset())
        options.extend([alternatives] * times)
    return [tuple(p for group in choice for p in group) for choice in itertools.product(*options)]


def _with_triggers(
    view: BoardView,
    pid: str,
    packets: tuple[Packet, ...],
    triggers: list[SourcedEffect],
    reflect: Mapping[str, ManaTypes],
    removed: frozenset[str],
    same_name: int | None = None,
) -> Iterator[tuple[tuple[Packet, ...], int]]:
    """Add the triggered mana abilities' mana (605.4a): once per concrete choice when it matters; ``triggers``
    are the ones that reach the permanent (:func:`_trigger_reaches`), ``removed`` what the ability's cost
    took away. Each comes with the damage the triggers that applied deal to the player who tapped as they
    resolve (Overabundance's)."""
    if not packets or not triggers:
        yield packets, 0
        return
    possible = ManaTypes()
    for packet in packets:
        possible |= packet.types
    if not any(_trigger_applies(view, t, possible) for t in triggers):
        yield packets, 0
        return
    # The triggers read the types of mana actually produced, so fix which types each choice takes first
    for fixed, produced in _by_types_made(packets):
        applying = [t for t in triggers if _trigger_applies(view, t, produced)]
        damage = sum(t.effect.damage for t in applying if isinstance(t.effect, ManaTrigger))
        extra_options = [
            _trigger_packets(view, t, pid, produced, reflect, removed, same_name) for t in applying
        ]
        for extra in itertools.product(*extra_options):
            yield normalised([*fixed, *(p for group in extra for p in group)]), damage


def _by_types_made(packets: tuple[Packet, ...]) -> Iterator[tuple[tuple[Packet, ...], ManaTypes]]:
    """The packets split by which types each choice of types takes (what a trigger reads: CR 106.12a,
    605.4a), with the types made: a packet of ``n`` picks among some types becomes, for each set of at most
    ``n`` of them, one pick of each and the other picks among that set. Every choice of types is in exactly
    one of them, so the outcomes are the same, in fewer parts than one per concrete choice (Cascading
    Cataracts' five picks among five colors: 31, not 126).

    >>> from models.mana import ManaTypes
    >>> tag = ManaTag(source="c")
    >>> split = list(_by_types_made((Packet(ManaTypes.parse("WU"), 3, 1, tag),)))
    >>> [(str(made), [(str(p.types), p.picks, p.per_pick) for p in parts]) for parts, made in split]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('W', [('W', 1, 3)]), ('U', [('U', 1, 3)]),
     ('WU', [('W', 1, 1), ('U', 1, 1), ('WU', 1, 1)])]
    """
    made = ManaTypes()
    parts: list[list[tuple[list[Packet], ManaTypes]]] = []
    for packet in packets:
        if len(packet.types) == 1:
            made |= packet.types if packet.total else ManaTypes()
            continue
        ways = []
        chosen = tuple(packet.types)
        for size in range(1, min(packet.picks, len(chosen)) + 1):
            for subset in itertools.combinations(chosen, size):
                each = [Packet(ManaTypes(t), 1, packet.per_pick, packet.tag) for t in subset]
                rest = packet.picks - size
                types = ManaTypes.of(subset)
                if rest:
                    each.append(Packet(types, rest, packet.per_pick, packet.tag))
                ways.append((each, types))
        parts.append(ways)
    singles = [packet for packet in packets if len(packet.types) == 1]
    for choice in itertools.product(*parts):
        types = made
        chosen_packets = list(singles)
        for each, subset_types in choice:
            chosen_packets += each
            types |= subset_types
        yield normalised(chosen_packets), types
