"""Each permanent's characteristics on a board (:meth:`planner.rules.view.BoardView.characteristics`): its
type line after layer 4, its mana abilities after layer 6 (CR 613.1f: granted, lost, banned by Null Rod, with
cost changes, CR 602.2b), the haste it has, and the abilities set aside with why, each ability as the planner
executes it (:func:`~planner.rules.executed.executed_abilities`).

A permanent no effect touches has its card's characteristics, read once per card (:func:`_as_printed`).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from models.abilities import ManaAbility, PaletteKind
from models.board import Permanent
from models.kept import per_card
from models.layer_effects import AbilitiesOfCards, AbilityLoss, GrantAbility, GrantHaste, TypeChange
from models.mana_effects import AbilityCostChange, ActivationBan, CostPaymentBan, TimingLimit
from models.oracle import Level, reads_imprinted_colors
from models.oracle.levels import ENTERING
from models.types import TypeLine
from planner.rules.ability_costs import (
    counted_change,
    first_activation_open,
    keyword_ability,
    mana_ability_change_gap,
)
from planner.rules.ability_loss import timestamps
from planner.rules.amount_gaps import any_may_lack_board_facts, board_gap
from planner.rules.borrowed_abilities import borrowed_abilities
from planner.rules.cast_timing import without_untimely_abilities
from planner.rules.costs import FLOOR_LEFT_OUT, combined_changes, with_cost_change
from planner.rules.executed import (
    executed_abilities,
    idle_members,
    intrinsic_abilities,
    is_family,
    printed_characteristics,
    removal_families,
    removals,
    unknown_imprint,
)
from planner.rules.graveyard_grants import granted_to
from planner.rules.haste import haste_gaps, haste_granted
from planner.rules.paid_x import family_members, listed_x, payable_for_x, pays_x
from planner.rules.payment_bans import without_banned_payments
from planner.rules.records import (
    Characteristics,
    SourcedEffect,
    TextWarning,
    WarningKind,
)
from planner.rules.shared_abilities import shared_abilities
from planner.rules.steady import grants_in_force
from planner.rules.takers import may_take_away, possible_abilities
from planner.rules.untapped_land import reflects_untapped, without_unfollowed_untaps

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["worked_out_characteristics"]


def _banned(sourced: SourcedEffect, view: BoardView, pid: str) -> bool:
    """True when an :class:`ActivationBan` in force covers the permanent ``pid``."""
    ban = sourced.effect
    assert isinstance(ban, ActivationBan)
    return view.matches(ban.affected, pid, sourced.source)


#: Why an ability granted to a permanent that an effect strips of its other abilities is not used: which
#: effect came first (CR 613.7, in layer 6) is not on the board.
_LOST_IN_LAYER_6 = (
    "another effect takes its abilities away but one (layer 6): which came first, CR 613.7, is not on the "
    "board"
)


#: Why an ability a card in a graveyard grants (Riftstone Portal) to a permanent that lost every ability in
#: layer 6 is not used: the card's timestamp, which orders the two (CR 613.7), is not on the board.
_OUTLASTED = (
    "it may take away the source of an effect that continues until end of turn once it leaves (Titania's "
    "Song): not followed yet"
)
_GRAVEYARD_GRANT_LOST = (
    "an effect takes every ability of the permanent away in layer 6 (Humility): whether this grant came "
    "after it, CR 613.7, is not on the board"
)


#: Why a chapter's grant (Song of Freyalise) to a permanent that lost every ability in layer 6 after the
#: Saga entered is not used: the grant's timestamp is the chapter's (CR 613.7a), not on the board.
_CHAPTER_ORDER = (
    "an effect takes every ability of the permanent away in layer 6 (Humility) after the Saga entered: "
    "whether its chapter came after that effect, CR 613.7a, is not on the board"
)


def worked_out_characteristics(view: BoardView) -> tuple[dict[str, Characteristics], tuple[TextWarning, ...]]:
    """Each permanent's characteristics on the view's board (its type line after layer 4, its mana abilities
    after layer 6 with the haste it has), and the mana abilities set aside with why (a part the planner does
    not execute, an amount or a choice the board does not give, a grant whose order is not on the board).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "bm", "card": "Blood Moon", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> found, set_aside = worked_out_characteristics(BoardView(board))
    >>> [a.text for a in found["pool"].mana_abilities], set_aside
    (['{T}: Add {R}.'], ())
    """
    # (a grant 'as long as <condition>' only while the condition holds: The World Tree)
    grants, unjudged_grants = grants_in_force(view, view.effects_of(GrantAbility))
    # (Experiment Kraj: the abilities of others, as the grants leave them, CR 613.8)
    shared, unshared = shared_abilities(view, grants)
    if next(view.effects_of(AbilitiesOfCards), None) is not None:
        # (Territory Forge, Thranduil: the abilities of cards exiled with it or in a graveyard)
        borrowed, unborrowed = borrowed_abilities(view)
        shared = {pid: (*shared.get(pid, ()), *borrowed.get(pid, ())) for pid in {*shared, *borrowed}}
        unshared = [*unshared, *unborrowed]
    bans = list(view.effects_of(ActivationBan))
    result: dict[str, Characteristics] = {}
    from_graveyards, set_aside_grants = (view.graveyard_grants, view.graveyard_grants_set_aside)
    unexecuted: list[TextWarning] = [*set_aside_grants, *unjudged_grants, *unshared]
    # (decided once for the board: without an effect that grants haste, none is granted to any permanent)
    hasty = next(view.effects_of(GrantHaste), None) is not None
    stripped: dict[str, tuple[str, str]] | None = None  # (worked out when a permanent isn't as printed)
    position: dict[str, int] = {}  # (the timestamps, CR 613.7, worked out when a loss of layer 6 reads them)
    losses = view.losses_in_layer_6()
    paying_x: dict[str, tuple[ManaAbility, ...]] = {}  # (families of X, listed once the others are known)
    # (decided once for the board: with nothing granted, banned or lost, a permanent whose type line layer 4
    # left is as printed)
    changing = grants or bans or losses or from_graveyards or shared
    nothing_changed = not (changing or view.text_abilities_lost())
    for permanent in view.board.permanents:
        pid = permanent.id
        line = view.type_line(pid)
        granted_from_graveyards: tuple[ManaAbility, ...] = ()
        if nothing_changed:
            lost, in_layer_6 = False, None
        else:
            lost = view.lost_text_abilities(pid)
            in_layer_6 = losses.get(pid) if losses else None  # (Humility, Blood Sun: CR 613.1f)
            granted_from_graveyards = granted_to(view, from_graveyards, pid) if from_graveyards else ()
        if line is permanent.type_line and (
            nothing_changed
            or (
                not grants
                and not bans
                and not lost
                and in_layer_6 is None
                and not granted_from_graveyards
                and pid not in shared
            )
        ):
            # as printed: the card's own characteristics, kept per card
            found, set_aside, families, board_read = _as_printed(
                permanent.oracle, permanent.name, line, permanent.haste, permanent.level
            )
            if hasty and not found.haste and haste_granted(view, pid):
                found = replace(found, haste=True)
            if hasty:
                unexecuted += _haste_gaps(view, pid, found.haste, line)
            if set_aside:
                unexecuted += [TextWarning(pid, text, verdict) for text, verdict in set_aside]
            if families:
                paying_x[pid] = tuple(family for family in families if pays_x(family))
                sacrificable = partial(view.count, source=pid)
                extra = _executable(pid, removals(permanent, families, sacrificable), unexecuted)
                stand_ins = _executable(pid, list(idle_members(permanent, families, sacrificable)), [])
                found = replace(found, mana_abilities=(*found.mana_abilities, *extra), idle=stand_ins)
            elif not board_read:
                result[pid] = found  # (the common case: no amount or imprint the board may not give)
                continue
            found = _with_known_amounts(view, permanent, found, unexecuted)
            result[pid] = _with_known_imprint(view, permanent, found, unexecuted)
            continue
        # (every ability lost in layer 6, Humility's: its text's, and a land type's, CR 305.6, as layer 4
        # came first, whatever the timestamps; Blood Sun's keeps its mana abilities)
        lost_every = in_layer_6 is not None and in_layer_6.every is not None
        abilities: list[ManaAbility] = [] if lost or lost_every else list(view.parsed[pid].mana_abilities)
        if stripped is None:
            stripped = _stripped(view)
        keeps = stripped.get(pid)  # (the one grant it keeps: Minimus Containment's)
        if keeps is None and not lost_every:
            # (a land type's ability is one it has, CR 305.6: lost with the others in layer 6, after the
            # types of layer 4, whatever the timestamps: an Imprisoned in the Moon Forest keeps only {C})
            abilities += intrinsic_abilities(line)
        granted: set[tuple[str, str]] = set()  # (one effect granting 'each land and Ally' gives it once)
        for sourced in grants:
            grant = sourced.effect
            assert isinstance(grant, GrantAbility)
            once = (sourced.source, grant.text)
            if once not in granted and view.matches(grant.affected, pid, sourced.source):
                if keeps is not None and once != keeps:
                    unexecuted.append(TextWarning(pid, grant.ability.text, _LOST_IN_LAYER_6))
                    continue
                if in_layer_6 is not None and not in_layer_6.keeps_grant(
                    sourced.source, position or (position := timestamps(view)), mana=True
                ):
                    # (granted before a loss of every ability: lost with the others, CR 613.7; a Saga's
                    # chapter's grant is as late as the chapter, CR 613.7a, which the board does not give)
                    if grant.lore_at_least:
                        unexecuted.append(TextWarning(pid, grant.ability.text, _CHAPTER_ORDER))
                    continue
                granted.add(once)
                abilities.append(grant.ability)
        if keeps is not None or lost_every:
            # (a card in a graveyard has no timestamp on the board to order its grant with the loss by)
            why = _LOST_IN_LAYER_6 if keeps is not None else _GRAVEYARD_GRANT_LOST
            unexecuted += [TextWarning(pid, a.text, why) for a in granted_from_graveyards]
        else:
            abilities += [a for a in granted_from_graveyards if a not in abilities]
        abilities += shared.get(pid, ())  # (none where it lost its abilities: set aside, shared_abilities)
        families = tuple(a for a in abilities if is_family(a))
        idle: list[ManaAbility] = []
        if families:
            abilities = [a for a in abilities if not is_family(a)]
            abilities += removals(permanent, families, partial(view.count, source=pid))
            idle += idle_members(permanent, families, partial(view.count, source=pid))
            paying_x[pid] = tuple(family for family in families if pays_x(family))
        haste = (
            permanent.haste
            or (not lost and in_layer_6 is None and view.parsed[pid].has_haste)
            or (hasty and haste_granted(view, pid))
        )
        if hasty:
            unexecuted += _haste_gaps(view, pid, haste, line)
        if any(_banned(ban, view, pid) for ban in bans):
            # Null Rod, Cursed Totem: none of its activated abilities can be activated, mana abilities
            # included (a simplification: what reflects what it could produce, CR 106.7, sees none either)
            abilities, idle = [], []
            paying_x.pop(pid, None)
        if in_layer_6 is not None and in_layer_6.stays_tapped:
            # (Frozen in Ice: it can't become untapped, so a {Q} cost, 'untap this permanent' (CR 107.6),
            # can't be paid, CR 118.3: a {Q} ability granted after the loss is never activated, only read for
            # what it could produce, which ignores costs, CR 106.7)
            idle += [a for a in abilities if a.cost.untap]
            abilities = [a for a in abilities if not a.cost.untap]
        found = Characteristics(
            line,
            _executable(pid, abilities, unexecuted),
            lost or lost_every,
            haste,
            _executable(pid, idle, []),
        )
        found = _with_known_amounts(view, permanent, found, unexecuted)
        result[pid] = _with_known_imprint(view, permanent, found, unexecuted)
    if any(paying_x.values()):
        _with_paid_x(view, result, {pid: f for pid, f in paying_x.items() if f}, unexecuted)
    if next(view.effects_of(AbilityCostChange), None) is not None:
        _with_cost_changes(view, result, unexecuted)
    if any(reflects_untapped(a) for found in result.values() for a in found.mana_abilities):
        without_unfollowed_untaps(view, result, unexecuted)  # (Benthic Explorers)
    if any(isinstance(s.effect, AbilityLoss) and s.effect.continues for s in view.effects_of(AbilityLoss)):
        _without_outlasting_takers(view, result, unexecuted)
    if next(view.effects_of(CostPaymentBan), None) is not None:
        without_banned_payments(view, result, unexecuted)  # (Yasharn: no life, no sacrifice, CR 118.3)
    if next(view.effects_of(TimingLimit), None) is not None:
        without_untimely_abilities(view, result)  # (City of Solitude: not on another's turn, CR 605.3a)
    return result, tuple(unexecuted)


def _without_outlasting_takers(
    view: BoardView, result: dict[str, Characteristics], unexecuted: list[TextWarning]
) -> None:
    """The mana abilities whose costs may take away the source of an effect that outlasts it ('If ~ leaves
    the battlefield, this effect continues until end of turn': Titania's Song) set aside from ``result``,
    and reported in ``unexecuted``: the activations after would see the effect ended, which is not followed
    (the effect would go on applying to the same permanents, CR 611.2c and 613.6)."""
    sources = {
        sourced.source
        for sourced in view.effects_of(AbilityLoss)
        if isinstance(sourced.effect, AbilityLoss) and sourced.effect.continues
    }
    for pid, found in result.items():
        taking = [
            ability
            for ability in found.mana_abilities
            if any(may_take_away(view, ability, pid, source) for source in sources)
        ]
        if taking:
            kept = tuple(ability for ability in found.mana_abilities if ability not in taking)
            result[pid] = replace(found, mana_abilities=kept)
            unexecuted += [TextWarning(pid, ability.text, _OUTLASTED) for ability in taking]


def _with_paid_x(
    view: BoardView,
    result: dict[str, Characteristics],
    paying_x: dict[str, tuple[ManaAbility, ...]],
    unexecuted: list[TextWarning],
) -> None:
    """The abilities of each family of X (:mod:`planner.rules.paid_x`: '{X}, Sacrifice ~: Add X mana ...')
    added to its permanent's in ``result``, X from 1 to the most its controller could pay (the same for
    every family of the board, kept in the view's structure: :attr:`BoardView.paid_x_most`); where some
    of that mana can't be counted, a warning says that X goes no further."""
    players = dict.fromkeys(view.board.permanent(pid).controller for pid in paying_x)
    counts = {player: payable_for_x(view, player, result) for player in players}
    most = listed_x(counts.values(), view.board.paid_x_most)
    view.structure.paid_x_most = most
    for pid, families in paying_x.items():
        found = result[pid]
        extra = _executable(pid, family_members(families, most), unexecuted)
        result[pid] = replace(found, mana_abilities=(*found.mana_abilities, *extra))
        why = counts[view.board.permanent(pid).controller][1]
        if why:
            reason = f"X up to {most}: {why}"
            unexecuted += [TextWarning(pid, f.text, reason, WarningKind.BOUNDED) for f in families]


def _with_cost_changes(
    view: BoardView, result: dict[str, Characteristics], unexecuted: list[TextWarning]
) -> None:
    """The mana abilities of the permanents 'Activated abilities of <permanents> cost {1} less to
    activate' covers (Blossoming Tortoise), with that change to their costs' generic part (CR 602.2b,
    601.2f), in ``result``. An effect whose source a mana ability's cost may take away while paying is
    not applied, and is reported in ``unexecuted``: the activations after would pay without it, which is
    not followed yet (its abilities are used at their printed costs)."""
    applied: list[tuple[str, AbilityCostChange]] = []
    for sourced in view.effects_of(AbilityCostChange):
        effect = sourced.effect
        assert isinstance(effect, AbilityCostChange)
        if effect.non_mana:
            continue  # ('unless they're mana abilities': Suppression Field, Zirda)
        if effect.first_each_turn and first_activation_open(view, sourced) is False:
            continue  # (Tezzeret's, the turn's first activation made: it changes none)
        if (
            effect.keyword
        ):  # ('Equip abilities ...': an equip ability targets, never a mana ability, CR 605.1a)
            if why := _keyword_gap(view, result, sourced):
                unexecuted.append(TextWarning(sourced.source, effect.text, why))
            continue
        if effect.generic < 0 and not any(
            view.matches(effect.affected, pid, sourced.source)
            and any(a.cost.mana for a in found.mana_abilities)
            for pid, found in result.items()
        ):
            continue  # (a reduction of no mana ability's mana cost: nothing to apply, nothing to warn of)
        taker = next(
            (p for p, a in possible_abilities(view) if may_take_away(view, a, p.id, sourced.source)), None
        )
        why = mana_ability_change_gap(view, sourced)
        if taker is None and why is None:
            applied.append((sourced.source, counted_change(view, sourced)))
            continue
        if taker is not None:
            why = f"{view.path(taker.id)} may take its source away while paying: not followed yet"
        unexecuted.append(TextWarning(sourced.source, effect.text, why or ""))
    for pid, found in result.items():
        if not found.mana_abilities:
            continue
        matching = [(s, e) for s, e in applied if view.matches(e.affected, pid, s)]
        life = sum(effect.life for _, effect in matching)  # (Thran Portal's 'an additional 1 life')
        change, floor, left_out = combined_changes([effect for _, effect in matching if not effect.life])
        for source, effect in matching:
            if effect in left_out:
                unexecuted.append(TextWarning(source, effect.text, FLOOR_LEFT_OUT))
        if change or life:
            changed = tuple(with_cost_change(a, change, floor, life) for a in found.mana_abilities)
            result[pid] = replace(found, mana_abilities=changed)


def _keyword_gap(view: BoardView, result: dict[str, Characteristics], sourced: SourcedEffect) -> str | None:
    """Why a change of the costs of one keyword's abilities ('Exhaust abilities of other permanents you
    control cost {2} less': Boom Scholar) is set aside for mana abilities: a mana ability it describes that
    may be an ability of that keyword; None when none is (the change is then about no mana ability)."""
    effect = sourced.effect
    assert isinstance(effect, AbilityCostChange)
    for pid, found in result.items():
        if not view.matches(effect.affected, pid, sourced.source):
            continue
        ability = next((a for a in found.mana_abilities if keyword_ability(a, effect.keyword)), None)
        if ability is not None:
            return (
                f"{view.path(pid)}'s {ability.text!r} may be an {effect.keyword} ability, whose cost it "
                "would change: not followed yet"
            )
    return None


def _stripped(view: BoardView) -> dict[str, tuple[str, str]]:
    """The permanents whose types an effect sets as it takes their other abilities away (Minimus
    Containment's 'is a Treasure artifact with "..." and it loses all other abilities'), each with the
    source and text of the grant it keeps."""
    found: dict[str, tuple[str, str]] = {}
    for sourced in view.effects_of(TypeChange):
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        if effect.sets_types is None or not effect.loses_abilities:
            continue  # (a land type set alone, Song of the Dryads: its rules text's abilities only, CR 305.7)
        for permanent in view.board.permanents:
            pid = permanent.id
            if view.lost_text_abilities(pid) and view.matches(effect.affected, pid, sourced.source):
                found[pid] = (sourced.source, effect.text)
    return found


def _haste_gaps(view: BoardView, pid: str, haste: bool, line: TypeLine) -> list[TextWarning]:
    """The grants of haste whose condition the board can't answer (:func:`haste_gaps`), reported where
    they would matter: on a summoning-sick creature without haste otherwise (CR 302.6)."""
    if haste or not view.permanent(pid).summoning_sick or not line.is_a("Creature"):
        return []
    return [TextWarning(source, text, why) for source, text, why in haste_gaps(view, pid)]


def _with_known_amounts(
    view: BoardView, permanent: Permanent, found: Characteristics, unexecuted: list[TextWarning]
) -> Characteristics:
    """The characteristics without the abilities whose amounts the board can't answer (a power it does
    not give, a graveyard given as a bare count: :func:`~planner.rules.amount_gaps.board_gap`): reported in
    ``unexecuted`` with the path of what to give, never used with a guessed amount."""
    if not any_may_lack_board_facts(found.mana_abilities):
        return found  # (the common case, checked at once)
    kept: list[ManaAbility] = []
    for ability in found.mana_abilities:
        gap = board_gap(view, permanent.id, ability)
        if gap is None:
            kept.append(ability)
        else:
            unexecuted.append(TextWarning(permanent.id, ability.text, gap))
    return found if len(kept) == len(found.mana_abilities) else replace(found, mana_abilities=tuple(kept))


def _with_known_imprint(
    view: BoardView, permanent: Permanent, found: Characteristics, unexecuted: list[TextWarning]
) -> Characteristics:
    """The characteristics without the abilities that read the colors of the card exiled with the
    permanent (Chrome Mox) when the board does not give them: reported in ``unexecuted``, never used as
    if that card had no colors."""
    for ability in found.mana_abilities:  # (the common case, no such ability, checked at once)
        if ability.output.palette.kind is PaletteKind.IMPRINTED_COLORS or ability.conditional:
            break
    else:
        return found
    if not any(reads_imprinted_colors(a) for a in found.mana_abilities):
        return found
    why = unknown_imprint(permanent.choices)
    if why is None:
        return found
    where = f"{view.path(permanent.id)}.choices.imprinted"
    unexecuted += [
        TextWarning(permanent.id, a.text, f"{where}: {why}")
        for a in found.mana_abilities
        if reads_imprinted_colors(a)
    ]
    kept = tuple(a for a in found.mana_abilities if not reads_imprinted_colors(a))
    return replace(found, mana_abilities=kept)


def _executable(
    pid: str, abilities: list[ManaAbility], unexecuted: list[TextWarning]
) -> tuple[ManaAbility, ...]:
    """The abilities the planner executes in full; the others go to ``unexecuted`` as warnings."""
    kept, set_aside = executed_abilities(abilities)
    unexecuted += [TextWarning(pid, text, verdict) for text, verdict in set_aside]
    return kept


@per_card(maxsize=8192)
def _as_printed(
    oracle: str, name: str, line: TypeLine, haste: bool, level: Level = ENTERING
) -> tuple[Characteristics, tuple[tuple[str, str], ...], tuple[ManaAbility, ...], bool]:
    """What a permanent as printed has at its level, read once per card: :func:`printed_characteristics`, its
    :func:`removal_families`, and whether some mana ability may read what a board may not give (an amount,
    :func:`any_may_lack_board_facts`; the exiled card's colors or a condition, which
    :func:`_with_known_imprint` checks).

    >>> forest = TypeLine.parse("Basic Land — Forest")
    >>> found, _, families, board_read = _as_printed("", "Forest", forest, False)
    >>> [a.text for a in found.mana_abilities], families, board_read
    (['{T}: Add {G}.'], (), False)
    """
    found, set_aside = printed_characteristics(oracle, name, line, haste, level)
    abilities = found.mana_abilities
    board_read = any_may_lack_board_facts(abilities) or any(
        a.output.palette.kind is PaletteKind.IMPRINTED_COLORS or a.conditional for a in abilities
    )
    return found, set_aside, removal_families(oracle, name, line, level), board_read
