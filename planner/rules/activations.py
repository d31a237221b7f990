"""The ways a player could activate each mana ability now: one :class:`Activation` per ability, cost
choice (which creature to sacrifice, which to tap) and outcome. The CP-SAT model chooses among them, and the
objective reads them to say what a permanent could still make.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial

from models.abilities import AbilityCost, ManaAbility
from models.board import Card
from models.cost import ManaCost, PaymentTarget, SymbolKind
from models.mana import ManaTypes
from planner.rules.costs import (
    NO_CHOICES,
    CostChoices,
    choice_options,
    collects_evidence,
    consumes,
    discards_hand,
    energy_paid,
    graveyard_exiled,
    permanent_candidates,
    permanent_filter,
    returns,
    uses_hand,
    victim_filters,
)
from planner.rules.doubling import doubles_unspent
from planner.rules.eligibility import activations_left, is_sick, why_not_activatable
from planner.rules.graveyard_grants import arriving_grants, without_removed
from planner.rules.hand import hand_abilities
from planner.rules.life_exiled import library_life
from planner.rules.payment import cost_modes
from planner.rules.pool import board_pool
from planner.rules.production import Outcome, activation_outcomes, anonymous
from planner.rules.question import could_produce_of, view_of
from planner.rules.step_costs import ability_target
from planner.rules.tap_triggers import destroyed_by_tapping, tap_damage
from planner.rules.view import BoardView

__all__ = [
    "Activation",
    "activation_bound",
    "activation_templates",
    "converter_bound",
    "converts_mana",
    "cycle_state",
    "feeds_itself",
    "gainable_first",
    "mana_needed",
    "open_bound",
    "tap_cycling",
    "with_open_bounds",
]


@dataclass(kw_only=True, frozen=True, slots=True)
class Activation:
    """One way to activate one ability: its permanent, its cost choices and the outcome it resolves to.

    ``choices`` holds what its cost's other parts take (:mod:`planner.rules.costs`: permanents exiled,
    returned or untapped, cards discarded or exiled from the hand); ``after_return`` names the permanent whose
    card those cards are, when another activation's cost returns it to the hand first (the card is not in
    the hand before the payment)."""

    index: int
    pid: str
    ability_index: int
    ability: ManaAbility
    sacrificed: tuple[str, ...]
    tapped: tuple[str, ...]
    outcome: Outcome
    bound: int
    target: PaymentTarget
    members: tuple[str, ...] = ()
    #: what the outcome takes its ability's amount to count, when it is one of the CP-SAT model's variants
    #: for an amount that the payment may change before it resolves (:mod:`planner.solve.dynamic`); None:
    #: what it counts on the board now
    counted: int | None = None
    #: likewise what a trigger counting the lands with its land's name counts (Sasaya's Essence), in a variant
    #: of the CP-SAT model's for lands the payment may take away first; None: what it counts on the board now
    same_name: int | None = None
    choices: CostChoices = NO_CHOICES
    after_return: str = ""
    #: True for an *open* ability: nothing its cost takes runs out (no {T}, counter, card, energy or life,
    #: and no mana it makes less of than it takes: "{0}: Add {C}.", "{1}: Add {C}{C}."), so only what a
    #: payment needs bounds how often it is worth activating; ``bound`` is then 1 until
    #: :func:`with_open_bounds` works it out for a payment
    open: bool = False
    #: the permanents whose effects hide this ability now (Magus of the Moon making Boros Garrison a
    #: Mountain): it is activated only after a cost took them off the battlefield (CR 611.3a), see
    #: :func:`revealed_templates`; empty for an ability the permanent has now
    after_gone: tuple[str, ...] = ()
    #: True when the ability taps or untaps only permanents the plan may tap and untap in turn (Grand
    #: Architect tapping Pili-Pala, Pili-Pala's {Q}): an untap loop (CR 729) repeats it, so its taps and
    #: untaps don't bound it (:func:`loops`)
    loop: bool = False

    @property
    def sources(self) -> tuple[str, ...]:
        """The interchangeable permanents this template stands for (see :func:`interchangeable`), lowest id
        first; just its own permanent when it stands for one."""
        return self.members or (self.pid,)

    @property
    def costs_mana(self) -> bool:
        """True when the ability's cost includes mana (a Signet, a filter land, Cabal Coffers)."""
        return bool(self.ability.cost.mana)

    @property
    def gone(self) -> tuple[str, ...]:
        """The permanents this activation takes off the battlefield: its cost's sacrifices, exiles and
        returns, and its source when it empties."""
        own = (self.pid,) if self.ability.cost.sacrifice_self or self.outcome.sacrifices_source else ()
        return (*self.removed, *own)

    @property
    def removed(self) -> tuple[str, ...]:
        """The other permanents its cost takes off the battlefield (sacrificed, exiled, returned): what its
        outcome is worked out without (CR 608.2h)."""
        choices = self.choices
        return (
            self.sacrificed if choices is NO_CHOICES or not choices else (*self.sacrificed, *choices.removed)
        )

    @property
    def name(self) -> str:
        """A readable variable-name stem."""
        extra = "".join(f"_sac_{s}" for s in self.sacrificed) + "".join(f"_tap_{t}" for t in self.tapped)
        choices = self.choices
        if choices is not NO_CHOICES:
            extra += "".join(f"_x_{c}" for c in (*choices.removed, *choices.untapped))
            extra += f"_cards{len(choices.cards)}" if choices.cards else ""
            extra += f"_from_{self.after_return}" if self.after_return else ""
        return f"{self.pid}_a{self.ability_index}{extra}_o{self.index}"


def activation_templates(
    view: BoardView,
    player: str,
    reflect: dict[str, ManaTypes],
    *,
    check: Callable[[], None] | None = None,
    apart: frozenset[str] = frozenset(),
    extra_mana: int = 0,
    hand_costs: bool = True,
    kept_outcomes: dict[tuple[str, int, tuple[str, ...]], list[Outcome]] | None = None,
    reveal: bool = True,
    doubling: bool = False,
) -> list[Activation]:
    """Every way the player could activate each mana ability now, one template per outcome; a group of
    interchangeable permanents shares its templates, with a bound that many times larger (the permanents in
    ``apart`` are never grouped: a turn's arrivals). A converter's bound is :func:`converter_bound`, with
    ``extra_mana`` more mana than the board and the hand make (a turn's rituals). ``check`` is called between
    permanents and cost choices (a time limit raises there). Without ``hand_costs``, no ability whose cost
    takes cards from the hand is activated (a turn's plan, whose spells come from the hand). With ``reveal``,
    the abilities a cost's removal of an effect's source gives back come last (:func:`revealed_templates`).
    ``kept_outcomes``, when given, keeps each ability's outcomes worked out here, by (permanent id, ability
    number, permanents its cost removes), for a caller that reads them again (the explanation of a "no").
    With ``doubling``, a doubling of the unspent mana (Doubling Cube) has a template too, whose outcome adds
    nothing: what it adds is the CP-SAT model's to count (:mod:`planner.solve.cpsat.doubling`)."""
    found = _templates_now(
        view, player, reflect, check, apart, extra_mana, hand_costs, kept_outcomes, doubling=doubling
    )
    if not reveal:
        return found
    revealed = revealed_templates(
        view, player, found, check=check, extra_mana=extra_mana, hand_costs=hand_costs
    )
    if not revealed:
        return found
    # (a permanent with an ability given back is no longer one of a group: the model counts its taps alone)
    apart |= {t.pid for t in revealed}
    found = _templates_now(
        view, player, reflect, check, apart, extra_mana, hand_costs, kept_outcomes, doubling=doubling
    )
    return [*found, *(replace(t, index=len(found) + n) for n, t in enumerate(revealed))]


def revealed_templates(
    view: BoardView,
    player: str,
    templates: Sequence[Activation],
    *,
    check: Callable[[], None] | None = None,
    extra_mana: int = 0,
    hand_costs: bool = True,
) -> list[Activation]:
    """The abilities the player's permanents have only once a cost among ``templates`` took the source of
    an effect off the battlefield (CR 611.3a: the effect of a static ability ends when its source leaves):
    each with :attr:`Activation.after_gone` naming those sources. Sacrificing Magus of the Moon ("Nonbasic
    lands are Mountains.") to Phyrexian Altar gives Boros Garrison back its "{T}: Add {R}{W}.". So are the
    ways to activate an ability the permanent has now that only the board without those sources offers: a
    cost's choice or an outcome an effect's end changes (a count of green creatures once an Aura that made
    one blue is sacrificed, of creatures without a name once an Aura that gave one that name is). Likewise the
    abilities a card grants from its owner's graveyard once a cost sacrificed it (Riftstone Portal: CR
    113.6b, :func:`~planner.rules.graveyard_grants.arriving_grants`), its card put there. Each set of
    sources one template's cost removes is tried alone; what the permanent has now is not repeated.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "magus", "card": "Magus of the Moon", "controller": "me"},
    ...     {"id": "altar", "card": "Phyrexian Altar", "controller": "me"},
    ...     {"id": "garrison", "card": "Boros Garrison", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> now = activation_templates(view, "me", {}, reveal=False)
    >>> [(t.pid, t.ability.text, t.after_gone) for t in revealed_templates(view, "me", now)]
    [('garrison', '{T}: Add {R}{W}.', ('magus',))]
    """
    sources = {sourced.source for sourced in view.effects}
    arriving = arriving_grants(view)
    removals = sorted(
        {
            tuple(sorted(sources.intersection(t.gone) | arriving.intersection(_sacrificed(t))))
            for t in templates
        }
        - {()}
    )
    if not removals:
        return []
    ways_now = {_way(template, pid) for template in templates for pid in template.sources}
    found: list[Activation] = []

    def given_back(removed: tuple[str, ...], wanted: Callable[[Activation], bool]) -> list[Activation]:
        board = without_removed(view.board, removed, arriving)
        after = view_of(board)
        everyone = frozenset(p.id for p in board.permanents)  # (no groups: the model's are the board's)
        return [
            replace(template, after_gone=removed)
            for template in activation_templates(
                after,
                player,
                could_produce_of(board),
                check=check,
                apart=everyone,
                extra_mana=extra_mana,
                hand_costs=hand_costs,
                reveal=False,
            )
            if (
                template.ability not in view.mana_abilities(template.pid)
                or _sick_now(view, template)
                or _way(template, template.pid) not in ways_now
            )
            and wanted(template)
        ]

    for removed in removals:
        found += given_back(removed, lambda _: True)
    if len(removals) > 1:
        found += _given_back_together(view, removals, arriving, found, given_back, check)
    return found


def _way(template: Activation, pid: str) -> tuple[object, ...]:
    """What one activation of the template by ``pid`` (one of its sources) is: its ability, what its cost
    takes and the outcome it resolves to."""
    return (pid, template.ability, template.sacrificed, template.tapped, template.choices, template.outcome)


def _sick_now(view: BoardView, template: Activation) -> bool:
    """True when the template's {T} or {Q} ability is one its permanent has now but can't use for summoning
    sickness (CR 302.6), while on the board without the sources removed it can: a land an effect makes a
    creature ('All Swamps are 1/1 black creatures that are still lands') is no creature once that effect's
    source is sacrificed (CR 611.3a), so its {T} ability waits for that sacrifice."""
    cost = template.ability.cost
    return (cost.tap or cost.untap) and is_sick(view, template.pid)


def _given_back_together(
    view: BoardView,
    removals: Sequence[tuple[str, ...]],
    arriving: frozenset[str],
    alone: Sequence[Activation],
    given_back: Callable[[tuple[str, ...], Callable[[Activation], bool]], list[Activation]],
    check: Callable[[], None] | None,
) -> list[Activation]:
    """The abilities only several costs' removals give back together (two Magus of the Moon, each
    sacrificed by its own activation, before Boros Garrison taps for {R}{W}): those the board without every
    removable source has that no removal alone gives back, each waiting for the fewest removals that still
    give it back (each dropped in turn where the ability stays)."""
    known = {(t.pid, t.ability) for t in alone}
    everything = tuple(sorted({pid for removed in removals for pid in removed}))
    after = view_of(without_removed(view.board, everything, arriving))
    missing = {
        (pid, ability)
        for pid in (p.id for p in after.board.permanents)
        for ability in after.mana_abilities(pid)
        if ability not in view.mana_abilities(pid) and (pid, ability) not in known
    }
    waits: dict[tuple[str, ...], set[tuple[str, ManaAbility]]] = {}
    for pid, ability in sorted(missing, key=lambda item: (item[0], item[1].text)):
        needed = list(removals)
        for removed in removals:
            if check is not None:
                check()
            fewer = tuple(sorted({p for r in needed if r != removed for p in r}))
            board = without_removed(view.board, fewer, arriving)
            if ability in view_of(board).mana_abilities(pid):
                needed.remove(removed)
        together = tuple(sorted({p for r in needed for p in r}))
        waits.setdefault(together, set()).add((pid, ability))
    return [
        template
        for together, wanted in waits.items()
        for template in given_back(together, partial(_is_one_of, wanted))
    ]


def _is_one_of(wanted: set[tuple[str, ManaAbility]], template: Activation) -> bool:
    """True when the template is of one of the ``wanted`` permanents' abilities."""
    return (template.pid, template.ability) in wanted


def _sacrificed(template: Activation) -> tuple[str, ...]:
    """The permanents the template's activation sacrifices (its own included when its cost or emptying
    does): their cards go to their owners' graveyards."""
    own = template.ability.cost.sacrifice_self or template.outcome.sacrifices_source
    return (*template.sacrificed, *((template.pid,) if own else ()))


def _templates_now(
    view: BoardView,
    player: str,
    reflect: dict[str, ManaTypes],
    check: Callable[[], None] | None,
    apart: frozenset[str],
    extra_mana: int,
    hand_costs: bool,
    kept_outcomes: dict[tuple[str, int, tuple[str, ...]], list[Outcome]] | None = None,
    *,
    doubling: bool = False,
) -> list[Activation]:
    """The templates of the abilities the player's permanents have now (:func:`activation_templates`)."""
    templates: list[Activation] = []
    board = view.board
    made: dict[tuple[str, int, tuple[str, ...]], list[Outcome]] = (
        {} if kept_outcomes is None else kept_outcomes
    )
    hand = board.player(player).hand
    held = Counter(card.name for card in hand)
    energy = board.player(player).counter("energy")
    # (and what the library may pay instead, Ashiok's: a bound of each life cost's activations, CR 614.1a)
    life = board.player(player).life + gainable_first(view, player) + library_life(view, player)

    def outcomes_of(pid: str, number: int, removed: tuple[str, ...] = ()) -> list[Outcome]:
        """The ability's outcomes (without the permanents its cost removes), worked out once for grouping
        and templates alike."""
        key = (pid, number, removed)
        if key not in made:
            ability = view.mana_abilities(pid)[number]
            made[key] = activation_outcomes(view, pid, ability, reflect, sacrificed=removed)
        return made[key]

    returnable = _returnable(view, player)
    groups = interchangeable(view, player, reflect, outcomes_of, apart=apart)
    grouped = {pid for members in groups.values() for pid in members[1:]}
    cycling = tap_cycling(view, player)
    for permanent in board.permanents:
        if permanent.controller != player or permanent.id in grouped:
            continue
        members = groups.get(permanent.id, ())
        if check is not None:
            check()
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            cost = ability.cost
            # a permanent that the plan may tap and untap in turn has its {T} and {Q} abilities whatever its
            # state now: the model orders them so that each finds the state its cost needs (CR 602.2b)
            state = cycle_state(ability, permanent.id, cycling)
            if why_not_activatable(view, permanent.id, ability, tapped=state, life=life) is not None:
                continue
            if cost.mana.has_variable or (doubles_unspent(ability) and not doubling):
                continue  # (a doubling reads the pool as it resolves: planner.solve.cpsat.doubling)
            if not hand_costs and (uses_hand(ability) or discards_hand(ability)):
                continue
            counters = permanent.counter(cost.remove_counter) if cost.remove_counter else 0
            left = activations_left(permanent, ability)
            if activation_bound(ability, counters, life=life, left=left) == 0:
                continue
            sacrifice_options: Iterable[tuple[str, ...]] = [()]
            if cost.sacrifice is not None:
                wanted = cost.sacrifice
                victims = [p.id for p in board.permanents if view.matches(wanted, p.id, permanent.id)]
                sacrifice_options = itertools.combinations(victims, cost.sacrifice_count)
            tap_options: Sequence[tuple[str, ...]] = [()]
            if cost.tap_others is not None:
                tappable = cost.tap_others
                anyway = replace(tappable, untapped=False)  # (one the plan untaps first may be tapped)
                candidates = [
                    p.id
                    for p in board.permanents
                    if view.matches(anyway if p.id in cycling else tappable, p.id, permanent.id)
                ]
                tap_options = list(itertools.combinations(candidates, cost.tap_others_count))
            target = ability_target(view, permanent.id, ability)
            ways = _cost_ways(view, permanent.id, ability, sacrifice_options, hand, held, energy, returnable)
            for sacrificed, choices, after_return, supply in ways:
                if check is not None:
                    check()
                limit = activation_bound(ability, counters, supply, life, left=left)
                bound = (1 if limit is None else limit) * max(len(members), 1)
                if bound > 0:
                    removed = (*sacrificed, *choices.removed) if choices.removed else sacrificed
                    outcomes = outcomes_of(permanent.id, number, removed)
                    for tapped in tap_options:
                        looped = loops(ability, permanent.id, tapped, cycling)
                        # (a loop's: as often as the permanents it taps and untaps are untapped again)
                        each = (
                            activation_bound(ability, counters, supply, life, looped=True, left=left)
                            if looped
                            else limit
                        )
                        times = (1 if each is None else each) * max(len(members), 1)
                        for outcome in outcomes:
                            templates.append(
                                Activation(
                                    index=len(templates),
                                    pid=permanent.id,
                                    ability_index=number,
                                    ability=ability,
                                    sacrificed=sacrificed,
                                    tapped=tapped,
                                    outcome=outcome,
                                    bound=times,
                                    target=target,
                                    members=members,
                                    choices=choices,
                                    after_return=after_return,
                                    open=each is None,
                                    loop=looped,
                                )
                            )
    templates = bounded_loops(view, player, templates, extra_mana)
    converting = [converts_mana(t) for t in templates]
    if not any(converting):
        return templates
    bound = converter_bound(view, player, templates, extra_mana)
    # (with no other mana, a converter can't be activated at all)
    kept = [(t, converts) for t, converts in zip(templates, converting, strict=True) if bound or not converts]
    return [
        replace(t, index=index, bound=bound if converts else t.bound, open=t.open and not converts)
        for index, (t, converts) in enumerate(kept)
    ]


def _cost_ways(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    sacrifices: Iterable[tuple[str, ...]],
    hand: tuple[Card, ...],
    held: Counter[str],
    energy: int,
    returnable: Sequence[tuple[str, Card]],
) -> Iterator[tuple[tuple[str, ...], CostChoices, str, int | None]]:
    """The ways to pay the ability's cost besides its taps: what it sacrifices, what its other parts take
    (:func:`~planner.rules.costs.choice_options`), the permanent whose card they take once a cost returned
    it to the hand (or ''), and how many times the finite things they take allow it (:func:`_supply`)."""
    if not ability.cost.parts:
        for sacrificed in sacrifices:
            yield sacrificed, NO_CHOICES, "", None
        return
    choosing = permanent_candidates(view, pid)
    own = (pid,) if ability.cost.sacrifice_self else ()
    # the cards its cost may choose: the hand's, or one a cost returns to it first
    hands: list[tuple[tuple[Card, ...], str, Counter[str]]] = [(hand, "", held)]
    if uses_hand(ability):
        hands += [((card,), returned, Counter({card.name: 1})) for returned, card in returnable]
    whole = discards_hand(ability)
    graveyard = view.board.player(view.permanent(pid).controller).graveyard
    for sacrificed, (cards, after_return, there) in itertools.product(sacrifices, hands):
        for chosen in choice_options(ability, cards, choosing, (*sacrificed, *own)):
            if after_return and not chosen.cards:
                continue  # (the same as choosing from the hand)
            # ('Discard your hand' takes what is left when it is paid: the model works it out)
            choices = replace(chosen, discarded=()) if whole else chosen
            yield sacrificed, choices, after_return, _supply(ability, choices, there, energy, graveyard)


def _returnable(view: BoardView, player: str) -> list[tuple[str, Card]]:
    """The permanents a cost of the player's could return to their owner's hand, with the card each becomes
    there (tokens cease to exist: none), in board order."""
    found: dict[str, Card] = {}
    for permanent in view.board.permanents:
        if permanent.controller != player:
            continue
        candidates = permanent_candidates(view, permanent.id)
        for ability in view.mana_abilities(permanent.id):
            for part in returns(ability):
                for pid in candidates(permanent_filter(part), part.kind):
                    card = view.permanent(pid).as_card()
                    if card is not None:
                        found.setdefault(pid, card)
    return list(found.items())


def _supply(
    ability: ManaAbility,
    choices: CostChoices,
    held: Counter[str],
    energy: int,
    graveyard: tuple[Card, ...] | int | None,
) -> int | None:
    """How many times the finite things an activation's cost parts take allow it (None: they set no bound):
    once for a permanent it exiles, returns or untaps; as often as the hand holds the cards it chooses, the
    player's energy pays its {E}, and the graveyard holds the cards it exiles."""
    bounds: list[int] = []
    if choices.removed or choices.untapped:
        bounds.append(1)
    if choices.cards:
        bounds += [held[name] // count for name, count in Counter(choices.cards).items()]
    paid = energy_paid(ability)
    if paid:
        bounds.append(energy // paid)
    if exiled := graveyard_exiled(ability, graveyard):
        held_cards = graveyard if isinstance(graveyard, int) else len(graveyard or ())
        # (evidence is collected once in a payment: planner.rules.amount_gaps.board_gap)
        bounds.append(min(held_cards // exiled, 1) if collects_evidence(ability) else held_cards // exiled)
    return min(bounds) if bounds else None


def loop_taps(template: Activation) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The permanents an activation taps and untaps for its cost (its own with {T} or {Q}, and the
    permanents it taps for another cost).

    >>> from models.oracle import parse_oracle
    >>> (q,) = parse_oracle("{2}, {Q}: Add one mana of any color.").mana_abilities
    >>> loop_taps(Activation(index=0, pid="pili", ability_index=0, ability=q, sacrificed=(), tapped=(),
    ...     outcome=None, bound=1, target=None))  # type: ignore[arg-type]
    ((), ('pili',))
    """
    cost = template.ability.cost
    own = (template.pid,) if cost.tap and not cost.untap else ()
    return (*own, *template.tapped), ((template.pid,) if cost.untap and not cost.tap else ())


def loop_engines(templates: Sequence[Activation]) -> frozenset[str]:
    """The permanents of untap loops (:attr:`Activation.loop`) that make more mana than they take: one of
    their taps and one of their untaps ({Q}) together make more than their costs' least mana (Grand
    Architect's {C}{C} for tapping Pili-Pala, and Pili-Pala's one mana for its {2}: three for two). How
    often such a loop is worth going round only the payments say (:func:`open_bound`)."""
    taps: dict[str, list[Activation]] = {}
    untaps: dict[str, list[Activation]] = {}
    for template in templates:
        if template.loop:
            tapped, untapped = loop_taps(template)
            for pid in tapped:
                taps.setdefault(pid, []).append(template)
            for pid in untapped:
                untaps.setdefault(pid, []).append(template)
    return frozenset(
        pid
        for pid, untapping in untaps.items()
        if any(
            tap.outcome.total + untap.outcome.total > _least(tap) + _least(untap)
            for untap in untapping
            for tap in taps.get(pid, ())
        )
    )


def _least(template: Activation) -> int:
    """The least mana one way of paying the template's mana cost takes."""
    return min((mode.mana for mode in cost_modes(template.ability.cost.mana)), default=0)


def bounded_loops(
    view: BoardView, player: str, templates: Sequence[Activation], extra_mana: int = 0
) -> list[Activation]:
    """The templates with each untap loop that makes no more than it takes (:func:`loop_engines`: not one)
    bounded as a converter is (:func:`converter_bound`): each time round, its untap takes at least one mana
    its own tap did not make, so in a plan without useless rounds it goes round at most once per mana the
    rest of the board makes, and taps it once more. Its templates' bound is one more than that (a plan at its
    bound is not called optimal, though none needs to reach it); the engines' stay open."""
    engines = loop_engines(templates)
    bounded = [
        t.index for t in templates if t.loop and not engines.intersection(itertools.chain(*loop_taps(t)))
    ]
    if not bounded:
        return list(templates)
    others = [t for t in templates if not t.loop]
    # (taps: one more than the untaps, and one more again for the check)
    bound = converter_bound(view, player, others, extra_mana) + 2
    chosen = set(bounded)
    return [replace(t, bound=bound, open=False) if t.index in chosen else t for t in templates]


def converts_mana(template: Activation) -> bool:
    """True for a *converter*: an activation whose cost is mana (and maybe life) and nothing that runs out or
    taps, and which makes no more mana than the least its cost takes (Orochi Leafcaller's "{G}: Add one mana
    of any color.", Farrelite Priest's "{1}: Add {W}."). Nothing in its cost stops a repeat: how often it can
    be activated is bounded by the mana that pays it (:func:`converter_bound`). One that can be activated
    only so many times each turn is not one: its limit bounds it (CR 602.5b, :func:`activation_bound`).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "leaf", "name": "Orochi Leafcaller", "type_line": "Creature", "controller": "me",
    ...      "oracle": "{G}: Add one mana of any color."}]})
    >>> templates = activation_templates(BoardView(board), "me", {})
    >>> sorted({(t.pid, converts_mana(t), t.bound) for t in templates})
    [('f', False, 1), ('leaf', True, 1)]
    """
    cost = template.ability.cost
    if (
        cost.tap
        or cost.untap
        or cost.sacrifice_self
        or cost.sacrifice is not None
        or cost.remove_counter
        or cost.tap_others is not None
        or cost.mana.has_variable
        or template.ability.sacrifice_when_empty
        or template.ability.limited_each_turn
        or consumes(template.ability)
    ):
        return False
    least = min((mode.mana for mode in cost_modes(cost.mana)), default=0)
    return least >= 1 and template.outcome.total <= least


def feeds_itself(template: Activation) -> bool:
    """True when an activation's mana may usefully pay for the same ability's next activation (each resolves
    before the next, CR 605.3c): its cost takes mana, and it makes more or less than the least that cost
    takes (Signpost Scarecrow's "{2}: Add one mana of any color." turns five {C} into one mana, four
    activations each paid partly by the last). One that makes as much as it takes never needs to: two of its
    activations, one paying the other, make what one activation paid with the first one's mana makes
    (Orochi Leafcaller's {G} for {G}, then for {W}, is its {G} for {W}).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "pool": ["{C}", "{C}"]}],
    ...     "permanents": [{"id": "crow", "name": "Signpost Scarecrow", "type_line": "Artifact Creature",
    ...      "controller": "me", "oracle": "{2}: Add one mana of any color."},
    ...     {"id": "leaf", "name": "Orochi Leafcaller", "type_line": "Creature", "controller": "me",
    ...      "oracle": "{G}: Add one mana of any color."}]})
    >>> sorted({(t.pid, feeds_itself(t)) for t in activation_templates(BoardView(board), "me", {})})
    [('crow', True), ('leaf', False)]
    """
    least = min((mode.mana for mode in cost_modes(template.ability.cost.mana)), default=0)
    return least >= 1 and template.outcome.total != least


def converter_bound(
    view: BoardView, player: str, templates: Sequence[Activation], extra_mana: int = 0
) -> int:
    """How often one converter (:func:`converts_mana`) can usefully be activated in a plan: at most once per
    mana the player's other activations (each as often as its bound allows), floating mana, cards in hand
    (Elvish Spirit Guide) and ``extra_mana`` can make.

    Why this is enough: in a plan without useless activations, each activation of a converter sends some of
    its mana, through other converters, into the payment or into a cost that is not a converter's; since no
    converter makes more than it takes, those payments and costs take at most the mana made outside
    converters, one distinct unit for each activation. A converter that makes less than it takes may also
    pay its own next activation (:func:`feeds_itself`), but each of its activations loses a mana of that
    supply, so there are no more of them either.
    """
    made = extra_mana + len(board_pool(view.board, player))
    made += sum(a.mana.total for a in hand_abilities(view.board, player))
    return made + sum(t.outcome.total * t.bound for t in templates if not converts_mana(t))


def cycle_state(ability: ManaAbility, pid: str, cycling: frozenset[str]) -> bool | None:
    """The tapped state to judge an ability of ``pid`` in: for a permanent the plan may tap and untap in
    turn (``cycling``, see :func:`tap_cycling`), a {Q} ability as if tapped and a {T} ability as if
    untapped; otherwise None, the board's state.

    >>> from models.oracle import parse_oracle
    >>> (q,) = parse_oracle("{2}, {Q}: Add one mana of any color.").mana_abilities
    >>> cycle_state(q, "pili", frozenset({"pili"})), cycle_state(q, "pili", frozenset())
    (True, None)
    """
    cost = ability.cost
    if pid not in cycling or cost.tap == cost.untap:
        return None
    return cost.untap


def tap_cycling(view: BoardView, player: str) -> frozenset[str]:
    """The player's permanents a plan may both tap and untap: each has a {Q} ability it could activate once
    tapped, and could be tapped by its own {T} ability or for another ability's cost (Springleaf Drum
    tapping Pili-Pala); whatever its state now, the plan may take it through the other (CR 602.2b).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "drum", "card": "Springleaf Drum", "controller": "me"},
    ...     {"id": "pili", "card": "Pili-Pala", "controller": "me"}]})
    >>> sorted(tap_cycling(BoardView(board), "me"))
    ['pili']
    """
    board = view.board
    own = [p.id for p in board.permanents if p.controller == player]
    tap_filters = [
        (pid, ability.cost.tap_others)
        for pid in own
        for ability in view.mana_abilities(pid)
        if ability.cost.tap_others is not None and why_not_activatable(view, pid, ability) is None
    ]
    found: set[str] = set()
    for pid in own:
        abilities = view.mana_abilities(pid)
        if not any(
            a.cost.untap and why_not_activatable(view, pid, a, tapped=True) is None for a in abilities
        ):
            continue
        by_itself = any(
            a.cost.tap and not a.cost.untap and why_not_activatable(view, pid, a, tapped=False) is None
            for a in abilities
        )
        by_others = any(
            source != pid and view.matches(replace(wanted, untapped=False), pid, source)
            for source, wanted in tap_filters
        )
        if by_itself or by_others:
            found.add(pid)
    return frozenset(found)


def interchangeable(
    view: BoardView,
    player: str,
    reflect: dict[str, ManaTypes],
    outcomes_of: Callable[[str, int], list[Outcome]] | None = None,
    *,
    apart: frozenset[str] = frozenset(),
) -> dict[str, tuple[str, ...]]:
    """Groups of the player's permanents that are the same to a payment (two untapped Forests, or a Tropical
    Island and a Breeding Pool): the lowest id of each group of two or more → the group, ids in order.

    Only simple sources group: every mana ability taps the permanent and costs nothing else, makes a fixed
    amount, and nothing singles the permanent out (no Aura on it, no cost that could sacrifice or tap it).
    Two of them group when their abilities make the same outcomes, in the same order, and everything the
    objective reads agrees (creature or not, what they could produce, damage when tapped, whether they untap
    normally). The model then
    decides how many of a group to tap instead of which, and the plan taps the lowest ids. ``outcomes_of``
    (permanent id, ability number) → outcomes lets a caller share work it does anyway.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f2", "card": "Forest", "controller": "me"},
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "i1", "card": "Island", "controller": "me"}]})
    >>> interchangeable(BoardView(board), "me", {})
    {'f1': ('f1', 'f2')}
    """
    board = view.board
    singled_out: set[str] = set(apart) | board.singled_out_by_effects()
    for permanent in board.permanents:
        if permanent.attached_to is not None:
            singled_out.update((permanent.id, permanent.attached_to))
        for ability in view.mana_abilities(permanent.id):
            for wanted in victim_filters(ability):
                singled_out.update(p.id for p in board.permanents if view.matches(wanted, p.id, permanent.id))
    groups: dict[tuple[object, ...], list[str]] = {}
    for permanent in board.permanents:
        pid = permanent.id
        abilities = view.mana_abilities(pid)
        if permanent.controller != player or pid in singled_out or not abilities:
            continue
        if not all(_simple(ability) for ability in abilities):
            continue
        behaviour = tuple(
            (
                why_not_activatable(view, pid, ability) is None,
                activations_left(permanent, ability),
                ability.cost,
                ability.restriction,
                tuple(
                    anonymous(outcome, pid)
                    for outcome in (
                        outcomes_of(pid, number)
                        if outcomes_of is not None
                        else activation_outcomes(view, pid, ability, reflect)
                    )
                ),
            )
            for number, ability in enumerate(abilities)
        )
        key = (
            behaviour,
            view.type_line(pid).is_a("Creature"),
            view.type_line(pid).is_a("Land"),
            # (what convoke and improvise read: a group's members can stand in for each other there too)
            view.type_line(pid).is_a("Artifact"),
            view.colors(pid),
            reflect.get(pid),
            tap_damage(view, pid, for_mana=True),
            tap_damage(view, pid, for_mana=False),
            # (a permanent a trigger on tapping destroys is counted alone: planner.solve.cpsat.objective)
            pid if destroyed_by_tapping(view, pid) else "",
            view.untaps_normally(
                pid
            ),  # (the objective reads it: a Waterveil Cavern made a Plains is no Plains)
        )
        groups.setdefault(key, []).append(pid)
    result = {}
    for members in groups.values():
        if len(members) > 1:
            ordered = tuple(sorted(members))
            result[ordered[0]] = ordered
    return result


def _simple(ability: ManaAbility) -> bool:
    """A {T} ability with nothing else in its cost and a fixed amount: any copy is as good as another."""
    cost = ability.cost
    others = (
        cost.mana,
        cost.untap,
        cost.sacrifice_self,
        cost.sacrifice,
        cost.tap_others,
        cost.remove_counter,
        cost.parts,
        ability.activation_condition,
        ability.sacrifice_when_empty,
    )
    return cost.tap and not any(others) and ability.output.amount.is_constant


def gainable_first(view: BoardView, player: str) -> int:
    """The most life the player's abilities that gain life for nothing but a tap could gain while paying,
    before any life cost (each once: Pristine Talisman's "{T}: Add {C}. You gain 1 life."): what the life
    costs may count on besides the life total (the model checks which are activated, CR 119.4).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 1}], "permanents": [
    ...     {"id": "t", "controller": "me", "name": "Talisman", "type_line": "Artifact",
    ...      "oracle": "{T}: Add {C}. You gain 1 life."}]})
    >>> gainable_first(BoardView(board), "me")
    1
    """
    gained = 0
    for permanent in view.board.permanents:
        if permanent.controller != player or not view.has(permanent.id):
            continue
        for ability in view.mana_abilities(permanent.id):
            free = ability.life_gain and ability.cost == AbilityCost(tap=True)
            if free and why_not_activatable(view, permanent.id, ability) is None:
                gained += ability.life_gain
    return gained


def loops(ability: ManaAbility, pid: str, tapped: tuple[str, ...], cycling: frozenset[str]) -> bool:
    """True when the ability of ``pid`` (tapping ``tapped`` for its cost) taps or untaps something, and
    only permanents a plan may tap and untap in turn (``cycling``: :func:`tap_cycling`): the untaps make its
    taps possible again, so it may be activated more than once (CR 729, untap loops).

    >>> from models.oracle import parse_oracle
    >>> (q,) = parse_oracle("{2}, {Q}: Add one mana of any color.").mana_abilities
    >>> (architect,) = parse_oracle("Tap an untapped blue creature you control: Add {C}{C}.").mana_abilities
    >>> loops(q, "pili", (), frozenset({"pili"})), loops(architect, "ga", ("pili",), frozenset({"pili"}))
    (True, True)
    >>> loops(architect, "ga", ("ga",), frozenset({"pili"}))
    False
    """
    cost = ability.cost
    if not (cost.tap or cost.untap or tapped):
        return False
    return (pid in cycling or not (cost.tap or cost.untap)) and cycling.issuperset(tapped)


def activation_bound(
    ability: ManaAbility,
    counters: int,
    supply: int | None = None,
    life: int | None = None,
    *,
    looped: bool = False,
    left: int | None = None,
) -> int | None:
    """How many times one ability can be activated in a plan, as far as its cost says: once when it can be
    activated only once each turn (CR 602.5b) or its cost taps, untaps or sacrifices; as often as its
    counters allow; ``supply``: as often as the finite things its other cost parts take allow (cards,
    energy, a permanent chosen); ``life``: as often as its controller's life total pays its life cost (CR
    119.4: life can be paid only while the total is at least the payment). None when nothing in its cost
    bounds it (a converter is then bounded by the mana that pays it, :func:`converter_bound`, and an open
    ability by what the payment needs, :func:`open_bound`). ``looped``: its taps and untaps bound nothing,
    for an ability an untap loop repeats (:func:`loops`). ``left``: how many more times it can be activated
    this turn (CR 602.5b: 'Activate no more than three times each turn', :func:`activations_left`).

    >>> from models.oracle import parse_oracle
    >>> (skirge,) = parse_oracle("Discard a card: Add {B}.").mana_abilities
    >>> activation_bound(skirge, 0, supply=7), activation_bound(skirge, 0)
    (7, None)
    >>> (altar,) = parse_oracle("Pay 2 life: Add {B}.").mana_abilities
    >>> activation_bound(altar, 0, life=40), activation_bound(altar, 0, life=1)
    (20, 0)
    >>> (cinder,) = parse_oracle("{1}: Add {B} or {R}. Activate no more than three times each turn."
    ...     ).mana_abilities
    >>> activation_bound(cinder, 0, left=3), activation_bound(cinder, 0, left=1)
    (3, 1)
    """
    cost = ability.cost
    bounds: list[int] = []
    taps = not looped and (cost.tap or cost.untap or cost.tap_others is not None)
    once = cost.sacrifice_self or cost.sacrifice is not None or ability.once_each_turn
    if once or taps:
        bounds.append(min(1, counters // max(cost.remove_count, 1)) if cost.remove_counter else 1)
    elif cost.remove_counter:
        bounds.append(counters // max(cost.remove_count, 1))  # (the counters bound it: no loop to cut)
    if supply is not None:
        bounds.append(supply)
    if cost.life and life is not None:
        bounds.append(max(life, 0) // cost.life)
    if left is not None:
        bounds.append(left)
    return min(bounds) if bounds else None


def mana_needed(costs: Iterable[ManaCost], templates: Sequence[Activation]) -> int:
    """The most mana a plan's payments and the costs of its bounded activations can take: each cost at its
    dearest ({2/W} as two; X as written, 0 when left open), and each activation that is neither open nor a
    converter (:func:`converts_mana`) at its dearest mana cost, as often as its bound allows.

    >>> from models.cost import ManaCost
    >>> mana_needed([ManaCost.parse("{2/W}{G}"), ManaCost.parse("{3}")], [])
    6
    """
    most = sum(_dearest(cost) for cost in costs)
    return most + sum(
        _dearest(t.ability.cost.mana) * t.bound for t in templates if not t.open and not converts_mana(t)
    )


def _dearest(cost: ManaCost) -> int:
    """The most mana one way of paying a cost takes (its Phyrexian symbols paid with mana).

    >>> _dearest(ManaCost.parse("{2/W}{B/P}")), _dearest(ManaCost())
    (3, 0)
    """
    return sum(
        max(way.mana for way in symbol.ways())
        for symbol in cost.symbols
        if symbol.kind is not SymbolKind.VARIABLE
    )


def open_bound(needed: int, templates: Sequence[Activation]) -> int:
    """How often an open ability (:attr:`Activation.open`) is activated at most in a plan whose payments
    and bounded costs take at most ``needed`` mana (:func:`mana_needed`).

    Why that is enough for an open ability that costs no mana ("{0}: Add {C}."): in a plan without useless
    activations, each of its activations sends some of its mana into a payment, into a bounded cost or into
    a converter; converters are activated at most once for each mana that reaches a payment or a bounded
    cost (:func:`converter_bound`'s argument), each taking at most the dearest converter cost, so the
    ability's useful activations are at most ``needed`` times one more than that cost. One whose cost takes
    mana and makes more (an engine: "{1}: Add {C}{C}.") gains at least one mana each time, and is given as
    many again; a plan that reaches this bound is not called optimal (the solver says so).

    >>> open_bound(3, [])
    4
    """
    dearest = max((_dearest(t.ability.cost.mana) for t in templates if converts_mana(t)), default=0)
    engines = sum(1 for t in templates if t.open and _dearest(t.ability.cost.mana))
    return (needed + 1) * (1 + dearest) * (1 + engines)


def with_open_bounds(
    view: BoardView, player: str, templates: Sequence[Activation], costs: Iterable[ManaCost]
) -> list[Activation]:
    """The templates with the open abilities' bounds worked out for payments of ``costs``
    (:func:`open_bound`), and the converters' bounds again from them; the templates unchanged (the same
    list) when none is open.

    >>> from models.board import Board
    >>> from models.cost import ManaCost
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "mox", "name": "Free Mox", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{0}: Add {C}."}]})
    >>> templates = activation_templates(BoardView(board), "me", {})
    >>> [(t.open, t.bound) for t in templates]
    [(True, 1)]
    >>> paid = with_open_bounds(BoardView(board), "me", templates, [ManaCost.parse("{5}")])
    >>> [(t.open, t.bound) for t in paid]
    [(True, 6)]
    """
    if not any(t.open for t in templates):
        return list(templates)
    bound = open_bound(mana_needed(costs, templates), templates)
    opened = [replace(t, bound=bound) if t.open else t for t in templates]
    if any(t.loop and not t.open for t in opened):
        looping = bounded_loops(view, player, opened)
        opened = [
            replace(t, bound=max(t.bound, again.bound)) for t, again in zip(opened, looping, strict=True)
        ]
    if not any(converts_mana(t) for t in opened):
        return opened
    converting = converter_bound(view, player, opened)
    return [replace(t, bound=max(t.bound, converting)) if converts_mana(t) else t for t in opened]
