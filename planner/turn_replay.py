"""A turn's plan replayed by the rules before it leaves (CR 117, 305, 601, 605): each land played as the
plays left allow and the way it enters, each spell cast by its own payment on the board the earlier steps
left (its additional and alternative costs, the energy and Treasures its resolution brings, recounted from
the rules), and the plan refused, an internal error, where the model's steps disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.board import Board, Permanent
from models.cost import PaymentTarget
from models.errors import InternalError
from models.mana import ManaBag
from planner.alternative import with_way_paid
from planner.answer import PayResult
from planner.described import described_payment
from planner.rules.additional_costs import AdditionalPaid, check_additional, planned_costs, returns_permanents
from planner.rules.alternative_costs import check_alternative, paid_board
from planner.rules.graveyard_permissions import graveyard_lands
from planner.rules.pool import ManaUnit
from planner.rules.replay import IllegalPlanError, PaymentSummary, PlanState, initial_state, view_of
from planner.rules.token_replacements import TREASURE, other_tokens, spell_treasures
from planner.rules.turn import (
    cast_spell,
    created_token,
    entering,
    resolution,
)
from planner.solve.problem import (
    PaymentProblem,
)
from planner.solve.solution import Solution
from planner.turn_activated import AbilityReplay, as_made
from planner.turn_additional import (
    tapped_before,
    without_paid,
)
from planner.turn_alternative import (
    paid_way,
)
from planner.turn_cast_counters import counters_of_casting, counters_planned, with_counters
from planner.turn_cast_mana import treasures_of_casting, untold_treasures
from planner.turn_choices import (
    LandPlay,
    TurnSpell,
    landfall_energy,
    returned_land,
)
from planner.turn_entering_mana import entering_mana
from planner.turn_events import land_play_triggers, landfall_resolutions
from planner.turn_lands import entries_now, lands_left
from planner.turn_model import (
    Stage,
    Timeline,
    TurnItem,
    TurnSequence,
    exiled_from_hand,
    land_play_made,
    resolved_to_graveyard,
    with_energy,
    with_spells_cast,
)
from planner.turn_result import LandPlayed, SpellCast, TurnResult
from planner.turn_zones import cast_zone, exiled_after, leaving_zone, left_zone, zone_cast_error

__all__ = ["TreasureCheck", "bounce_land", "replayed"]


def _additional_paid(
    state: PlanState,
    before: Board,
    spell: TurnSpell,
    item: TurnItem,
    summary: PaymentSummary,
    paid: PayResult,
    steps: int,
) -> tuple[PlanState, PayResult]:
    """The state once the spell's additional costs are paid as the sequence chose (checked by the rules on
    the board it was cast on, ``before``), and its payment naming them."""
    costs = planned_costs(spell.target.additional_costs)
    life = spell.target.additional_life  # (paid with the mana: already in the payment's life paid)
    if not costs:
        return state, replace(paid, additional=AdditionalPaid(life=life)) if life else paid
    additional = AdditionalPaid(
        item.sacrificed, tuple(sorted(item.discarded)), returned=returns_permanents(costs), life=life
    )
    check_additional(before, state.player, costs, summary, additional, spell.card.name, steps)
    board = without_paid(state.board, state.player, item.sacrificed, item.discarded)
    return replace(state, board=board), replace(paid, additional=additional)


def _alternative_paid(
    state: PlanState, before: Board, board: Board, stage: Stage, paid: PayResult
) -> tuple[PlanState, PayResult]:
    """The state once the alternative cost the spell of ``stage`` is cast for is paid (checked by the rules
    on the board it was cast on, ``before``: usable there, its sacrifices and cards paying it), and its
    payment naming it (``board``: the turn's first, whose hand the cards exiled are taken from)."""
    spell = stage.item.spell
    assert spell is not None
    if spell.way is None:
        return state, paid
    alternative = paid_way(board, stage, state.player)
    check_alternative(before, state.player, spell.as_printed, alternative, spell.x)
    after = paid_board(state.board, state.player, spell.way, alternative.exiled)
    paid = with_way_paid(paid, spell.as_printed, alternative)
    if spell.target.chosen_x is not None and "X" in spell.way.cost.mana:  # (the way's X: the turn's)
        paid = replace(paid, x=spell.target.chosen_x)
    return replace(state, board=after), paid


def _energy_given(state: PlanState, item: TurnItem) -> int:
    """The energy an item of the turn gives once done (on ``state``, its permanents arrived): an event
    spell's effect or enters trigger, each landfall trigger of the player's permanents for the land played
    (twice for a fetchland cracked: it entered too)."""
    if item.spell is not None:
        return resolution(item.spell.card).energy if item.spell.event and item.spell.ability is None else 0
    land = item.land
    if land is None:
        return 0
    gained = sum(landfall_energy(p) for p in state.board.controlled_by(state.player))
    return gained * land_play_triggers(state.board, state.player, land, state.board.permanent(land.pid))


class TreasureCheck:
    """The replay's own count of the Treasures the triggers on casting a spell create (CR 603.2, 603.3),
    from the rules on the board each spell is cast on, checked against the plan's stage."""

    def __init__(self, board: Board, player: str) -> None:
        self.player = player
        self.known = board.player(player).spells_cast
        self.count = board.player(player).spells_cast_this_turn
        self.untold = frozenset(untold_treasures(board, player))
        self.cast: list[TurnSpell] = []
        self.fired: set[str] = set()

    def check(self, board: Board, spell: TurnSpell, stage: Stage) -> None:
        """Raise IllegalPlanError when the plan's Treasures of ``spell`` (cast on ``board``) are not those
        its triggers create."""
        before = None if self.known is None else (*self.known, *(s.card for s in self.cast))
        count = self.count + len(self.cast)
        made = treasures_of_casting(
            board, self.player, spell.as_printed, before, count, frozenset(self.fired), self.untold
        )
        self.cast.append(spell)
        self.fired.update(pid for pid, _ in made)
        if sorted(made) != sorted(stage.cast_treasures):
            raise IllegalPlanError(
                len(self.cast) - 1,
                f"{spell.card.name}: its triggers on casting create {made}, not {list(stage.cast_treasures)}",
            )
        # (its Treasures with the replacement effects on creating tokens, CR 614.1a, 616.1: read again)
        entered = [p for p in stage.arrivals if p.id == spell.pid]
        wanted = (
            spell_treasures(board, self.player, resolution(spell.card), entered, made) if spell.event else 0
        )
        arrived = sum(p.name == TREASURE and p.id != spell.pid for p in stage.arrivals)
        if arrived != wanted:
            raise IllegalPlanError(
                len(self.cast) - 1, f"{spell.card.name}: it brings {wanted} Treasures, not {arrived}"
            )
        # (the other tokens of its triggers, an Eldrazi Spawn's, each as the rules make it: CR 111.4)
        wanted_tokens = sorted(
            as_made(created_token(tokens, "made", self.player))
            for tokens, count in (other_tokens(board, self.player, made) if spell.event else [])
            for _ in range(count)
        )
        tokens = sorted(
            as_made(p) for p in stage.arrivals if p.id != spell.pid and p.token and p.name != TREASURE
        )
        if tokens != wanted_tokens:
            raise IllegalPlanError(
                len(self.cast) - 1,
                f"{spell.card.name}: it brings the tokens {[name for name, *_ in wanted_tokens]}, not "
                f"{[name for name, *_ in tokens]}",
            )


def _check_landfall(board: Board, player: str, land: LandPlay, stage: Stage, index: int) -> Board:
    """The board once the landfall triggers of a land play resolved (each counting its resolutions this
    turn, CR 608.2c); raise IllegalPlanError when the land play's stage does not make each landfall
    trigger's mana of the player's permanents as many times as it triggers and adds mana
    (:func:`~planner.turn_events.land_play_triggers`, :func:`~planner.turn_events.landfall_resolutions`),
    read again from the rules on ``board`` (the land there)."""
    triggers = land_play_triggers(board, player, land, board.permanent(land.pid))
    after, made = landfall_resolutions(board, player, triggers)
    if len(stage.mana) != len(made):
        raise IllegalPlanError(
            index, f"{land.card.name}: its landfall mana {len(stage.mana)} times, not {len(made)}"
        )
    return after


def _entered(
    board: Board, player: str, spell: TurnSpell, stage: Stage, position: int
) -> tuple[Permanent, ...]:
    """The stage's arrivals with the spell's permanent as it enters on ``board`` (the game once its costs
    were paid: a permanent tapped for them whose tapped state decides how others enter, Archelos, counts:
    :mod:`planner.turn_entering`). The model may have counted it tapped where it enters untapped (a sequence
    solved as though Archelos were tapped from an earlier epoch than the plan taps it: it used none of its
    mana); IllegalPlanError when the model counted it untapped and it enters tapped."""
    own = next((p for p in stage.arrivals if spell.pid and p.id == spell.pid), None)
    if own is None:
        return stage.arrivals
    tapped = entering(board, spell.card, spell.pid, player).tapped
    if tapped and not own.tapped:
        raise IllegalPlanError(position, f"{spell.card.name}: it enters tapped there")
    return tuple(replace(p, tapped=tapped) if p is own else p for p in stage.arrivals)


def _land_entry(board: Board, player: str, land: LandPlay, position: int) -> LandPlay:
    """``land`` as it enters on ``board`` (CR 305.1, 614.1c): its entry when the board allows it; the same
    entry untapped where the model counted it tapped and it enters untapped (a sequence solved as though
    Archelos were tapped before it: its mana not used, the conservative side, :mod:`planner.turn_entering`);
    IllegalPlanError otherwise."""
    entries = entries_now(board, player, land)
    if land.entry in entries:
        return land
    untapped = replace(land.entry, tapped=False)
    if land.entry.tapped and untapped in entries:
        return replace(land, entry=untapped)
    raise IllegalPlanError(position, f"{land.card.name}: it can't enter as {land.entry}")


def replayed(
    board: Board,
    player: str,
    sequence: TurnSequence,
    solution: Solution,
    timeline: Timeline,
    hold: PaymentTarget | None,
) -> TurnResult:
    """The chosen turn replayed by the rules, spell after spell, and described."""
    turn = solution.turn
    assert turn is not None
    state = initial_state(board, player)
    alive = board.player(player).life > 0
    casts = {number: position for position, number in enumerate(turn.casts)}
    cast_spells: list[SpellCast] = []
    number = -1
    lands: list[LandPlay] = []
    treasures = TreasureCheck(board, player)
    put_counters = sequence.cast_mana and counters_planned(board, player, [s.card for s in sequence.spells])
    abilities = AbilityReplay(player)  # (the activated abilities, each as the rules allow: turn_activated)
    try:
        for stage in timeline.stages:
            item = stage.item
            if item.spell is not None and item.spell.ability is not None:
                number += 1
                position = casts[number]  # (an event: always activated)
                made = [unit for index in stage.mana for unit in turn.event_mana[index]]
                state = abilities.activated(
                    state, stage, turn.plans[position], position, len(cast_spells), solution.status, made
                )
            elif item.spell is not None:
                number += 1
                if number not in casts:
                    continue
                spell = item.spell
                position = casts[number]
                treasures.check(state.board, spell, stage)  # (before the spell: the board it is cast on)
                zone = cast_zone(spell.as_printed)
                if zone is not None:  # (from the graveyard or exile: there, by a way that allows it)
                    why = zone_cast_error(state.board, player, spell.card, spell.as_printed, spell.way)
                    if why is not None:
                        raise IllegalPlanError(position, why)
                    state = replace(state, board=leaving_zone(state.board, player, spell.card, zone))
                # (the counters its triggers put, read again on the board it is cast on: CR 603.2, 603.3)
                counters = counters_of_casting(state.board, player, spell.as_printed) if put_counters else []
                if sorted(counters) != sorted(stage.cast_counters):
                    raise IllegalPlanError(
                        position,
                        f"{spell.card.name}: its triggers on casting put {counters}, not "
                        f"{list(stage.cast_counters)}",
                    )
                before = with_spells_cast(state.board, player, stage.board.player(player))
                state = replace(state, board=before)
                problem = PaymentProblem.of(before, spell.target, player)
                plan = turn.plans[position]
                state, summary = cast_spell(state, problem.target, plan, position)
                paid = described_payment(
                    problem, problem.target, plan, summary, Solution(status=solution.status, plan=plan)
                )
                state, paid = _additional_paid(state, before, spell, item, summary, paid, len(plan.steps))
                state, paid = _alternative_paid(state, before, board, stage, paid)
                cast_spells.append(
                    SpellCast(
                        card=spell.card.name, cost=str(spell.as_printed.cost), payment=paid, cast_from=zone
                    )
                )
                cast = spell.card if sequence.counted else None  # (CR 601.2i; listed when costs read it)
                after = state.board.player(player).having_cast(cast)
                state = replace(state, board=with_counters(state.board.with_player(after), counters))
                # (an instant or sorcery to the graveyard once it resolves: 608.2n; flashback's exiled,
                # 702.34a)
                if not exiled_after(spell.way):
                    state = replace(state, board=resolved_to_graveyard(state.board, player, spell.card))
                if zone is not None:
                    state = replace(state, board=left_zone(state.board, player, spell.card, zone, spell.way))
            elif item.exile is not None:
                state = replace(state, board=exiled_from_hand(state.board, player, item.exile))
            elif item.tapped_first:
                state = replace(state, board=tapped_before(state.board, item.tapped_first))
            else:
                land = item.land
                assert land is not None
                if lands_left(state.board, player) <= 0:  # (CR 305.2: no land play is left for it)
                    raise IllegalPlanError(len(lands), f"{land.card.name}: no land play is left")
                land = _land_entry(state.board, player, land, len(lands))  # (as the board makes it)
                if land.from_graveyard and land.card not in graveyard_lands(state.board, player):
                    # (CR 305.1: a land of the graveyard is played only as a permission in force allows)
                    raise IllegalPlanError(len(lands), f"{land.card.name}: not playable from the graveyard")
                lands.append(land)
                state = replace(state, board=land_play_made(state.board, player, land))
            life = state.board.player(player).life
            if alive and life <= 0:  # (the model keeps 1 life: CR 704.5a)
                raise InternalError(f"the model's turn leaves {player} at {life} life after {stage.item}")
            arrivals = stage.arrivals
            if item.spell is not None:  # (its permanent enters as the board makes it now: CR 614.1c, 614.12)
                arrivals = _entered(state.board, player, item.spell, stage, casts[number])
            if item.land is not None:  # (the land as it entered: its entry checked above)
                arrivals = tuple(
                    replace(p, tapped=lands[-1].entry.tapped) if p.id == lands[-1].pid else p
                    for p in arrivals
                )
            for permanent in arrivals:
                state = replace(state, board=state.board.with_permanent(permanent))
            if item.spell is not None and item.spell.event and stage.entered_mana:
                # (its enters trigger's mana counted again on the board it resolves on: CR 608.2h)
                recounted = entering_mana(state.board, item.spell)
                if recounted != stage.entered_mana:
                    raise IllegalPlanError(
                        casts[number], f"{item.spell.card.name}: its enters trigger adds {recounted} there"
                    )
            if item.land is not None:  # (its landfall triggers, each time they trigger: CR 603.2d)
                landed = _check_landfall(state.board, player, item.land, stage, len(lands) - 1)
                state = replace(state, board=landed)
            if sequence.energy:  # (the energy the stage gives, read again: turn_alternative.energy_counted)
                state = replace(state, board=with_energy(state.board, player, _energy_given(state, item)))
            units: list[ManaUnit] = []
            for index in stage.mana:
                units += turn.event_mana[index]
            if units:
                state = replace(state, pool=tuple(sorted((*state.pool, *units), key=repr)))
    except IllegalPlanError as error:
        raise InternalError(f"the model's turn fails the rules replay at {error}") from error
    final = state.board
    returned = None
    bounce = bounce_land(lands)
    if bounce is not None:  # (its trigger resolves after the turn's spells)
        returned = returned_land(final, player, bounce.pid, frozenset(turn.held_by))
        card = final.permanent(returned).as_card()
        final = final.without_permanent(returned)
        if card is not None:
            final = final.replace_player(player, hand=(*final.player(player).hand, card))
    played = tuple(
        LandPlayed(
            card=land.card.name,
            id=land.pid,
            tapped=land.entry.tapped,
            life_paid=land.entry.life,
            fetched=land.fetched.name if land.fetched is not None else None,
            returned=returned if land is bounce else None,
            played_from="graveyard" if land.from_graveyard else "hand",
        )
        for land in lands
    )
    first = played[0] if played else None
    view = view_of(final)
    open_ = tuple(p.id for p in final.controlled_by(player) if not p.tapped and view.mana_abilities(p.id))
    return TurnResult(
        castable=bool(cast_spells),
        land_played=first.card if first is not None else None,
        land_id=first.id if first is not None else None,
        land_tapped=first.tapped if first is not None else False,
        land_life=first.life_paid if first is not None else 0,
        land_fetched=first.fetched if first is not None else None,
        land_returned=first.returned if first is not None else None,
        lands_played=played,
        exiled=tuple((a.card.name, str(a.mana)) for a in sequence.exiled),
        tapped_first=tuple(pid for item in sequence.items for pid in item.tapped_first),
        spells=tuple(cast_spells),
        activations=tuple(abilities.made),
        mana_value_cast=sum(sequence.spells[n].mana_value for n in turn.casts),
        hold=str(hold.cost) if hold is not None else None,
        hold_satisfied=solution.keep_satisfied,
        hold_untapped=turn.held_by,
        left_open=open_,
        floating=ManaBag.of(unit.type for unit in state.pool),
    )


def bounce_land(lands: Sequence[LandPlay]) -> LandPlay | None:
    """The bounce land among the lands played, if any (the last one: :mod:`planner.turn_lands`)."""
    return next((land for land in lands if land.returns_land), None)
