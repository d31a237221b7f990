"""The cards of a deck as the planned goldfish sees them (:class:`CardKind`): lands, mana sources (rocks,
mana creatures), rituals, Treasure makers, permanents that change generic costs, and plain spells, with their
costs as type masks; what the simulation's fragment leaves out is listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from models.abilities import Who
from models.board import Card
from models.catalogue import CardData
from models.cost import ManaCost, PaymentTarget, SymbolKind
from models.decklist import Deck
from models.mana import ManaType, ManaTypes
from models.mana_effects import (
    CastBan,
    CostModifier,
    CostPaymentBan,
    LandPlayBan,
    LifePaymentsExiled,
    OthersEnterTapped,
)
from models.oracle import LandSearch, parse_land_search, read_card
from models.types import TypeLine
from planner.rules.token_replacements import TREASURE, most_treasures
from planner.rules.turn import resolution, treasures_made
from planner.sim.lands import LandProfile, land_profile
from planner.sim.matching import ANY_TYPE

__all__ = ["CardKind", "card_kinds", "treasures_with"]


@dataclass(frozen=True, slots=True)
class CardKind:
    """A card of the deck as the planned goldfish sees it.

    ``role`` is ``land``, ``source`` (a permanent that taps for mana: a rock, a mana creature), ``ritual``
    (an instant or sorcery that adds fixed mana) or ``spell`` (anything else); ``units`` the type masks of
    the mana its tap (source, land) or its effect (ritual) makes; ``demand`` its cost's symbols as type masks
    (``ANY_TYPE`` for generic), X counted at the simulation's X; ``creature`` and ``haste`` for 302.6."""

    index: int
    name: str
    role: str
    mana_value: int
    demand: tuple[int, ...] = ()
    phyrexian: int = 0  # symbols payable with 2 life instead (CR 107.4f)
    units: tuple[int, ...] = ()
    creature: bool = False
    haste: bool = False
    land: LandProfile | None = None
    copies: int = 1
    search: LandSearch | None = None  # a fetchland's search (models.oracle.parse_land_search)
    basic: bool = False  # a basic land (what "search for a basic land card" finds)
    land_face: bool = False  # a modal double-faced spell whose back is a land (``land``): played as either
    bounce: bool = False  # a land that returns a land its controller controls to hand as it enters (a karoo)
    permanent: bool = False  # it stays on the battlefield once it resolves
    treasures: int = 0  # the Treasure tokens it creates as it resolves (its enters trigger or its effect)
    # while it is on the battlefield: (spell kind, generic mana that spell costs more, or less if negative)
    cost_changes: tuple[tuple[int, int], ...] = ()
    # while it is on the battlefield, its replacement effects on creating Treasures (CR 614.1a): how many
    # add "an additional Treasure token", how many create "twice that many"
    treasure_plus: int = 0
    treasure_doublings: int = 0

    @property
    def changes_later(self) -> bool:
        """True for a permanent that changes later spells while it is on the battlefield: their costs, or
        the Treasures they create.

        >>> CardKind(0, "Digger", "spell", 2, permanent=True, treasure_plus=1).changes_later
        True
        """
        return self.permanent and bool(self.cost_changes or self.treasure_plus or self.treasure_doublings)


def treasures_with(kinds: Sequence[CardKind], in_play: tuple[int, ...], count: int) -> int:
    """The Treasures an effect that would create ``count`` of them creates with the permanents of kinds
    ``in_play`` on the battlefield: every "plus an additional Treasure" before every doubling, the order
    the player chooses for the most (CR 616.1, each once: 614.5), as
    :func:`planner.rules.token_replacements.treasures_created` does on a board.

    >>> digger = CardKind(0, "Digger", "spell", 2, permanent=True, treasure_plus=1)
    >>> twins = CardKind(1, "Twins", "spell", 4, permanent=True, treasure_doublings=1)
    >>> treasures_with([digger, twins], (0, 1), 1), treasures_with([digger, twins], (0, 1), 0)
    (4, 0)
    """
    if count <= 0 or not in_play:  # (the common case in the turn search: nothing to replace)
        return count
    plus = sum(kinds[i].treasure_plus for i in in_play)
    return most_treasures(count, plus, sum(kinds[i].treasure_doublings for i in in_play))


def card_kinds(
    deck: Deck, min_x: int, commander_colors: ManaTypes | None = None
) -> tuple[list[CardKind], list[str]]:
    """The deck's cards as :class:`CardKind`, lands first, in deck order, then its commanders; and the cards
    whose mana or cost change the fragment leaves out (a plain spell here)."""
    kinds: list[CardKind] = []
    ignored: list[str] = []
    changes: dict[int, list[CostModifier]] = {}  # the cost changes of the permanents among the kinds
    targets: dict[int, PaymentTarget] = {}  # each spell as a cost change sees it
    for card in deck.cards:
        data = card.card
        if card.is_land:
            profile = land_profile(data, commander_colors) if data is not None else LandProfile(sources=())
            search = parse_land_search(data.oracle, data.name) if data is not None else None
            line = TypeLine.parse(data.type_line) if data is not None else None
            basic = line is not None and line.is_a("Basic")
            entering = read_card(data.oracle, data.name, line).entering if data is not None and line else None
            bounce = entering is not None and entering.returns_land
            kinds.append(
                CardKind(
                    len(kinds),
                    card.name,
                    "land",
                    0,
                    units=profile.sources,
                    land=profile,
                    copies=card.count,
                    search=search,
                    basic=basic,
                    bounce=bounce,
                )
            )
    spells = [card for card in deck.cards if not card.is_land]
    for number, card in enumerate([*spells, *deck.commanders]):
        demand, phyrexian, value = _demand(card.cost, min_x)
        data = card.card
        role, creature, haste, permanent, treasures = "spell", False, False, False, 0
        treasure_plus = treasure_doublings = 0
        units: tuple[int, ...] = ()
        targets[len(kinds)] = PaymentTarget.of(
            str(card.cost) if card.cost is not None else "{0}", type_line=data.type_line if data else ""
        )
        if data is not None:
            type_line = TypeLine.parse(data.type_line)
            parsed = read_card(data.oracle, data.name, type_line)
            creature = type_line.is_a("Creature")
            haste = "haste" in parsed.keywords
            permanent = type_line.is_permanent
            treasures = treasures_made(data.oracle, data.name, permanent=permanent)
            modifiers = [e for e in parsed.effects if isinstance(e, CostModifier) and not e.own]
            if permanent and any(_binds_its_controller(e) for e in parsed.effects):
                ignored.append(card.name)  # ('Permanents enter the battlefield tapped.': not simulated)
            replacements = [r for r in parsed.token_replacements if r.applies_to(TREASURE)]
            if permanent and any(r.result not in ("plus", "twice") for r in replacements):
                # (a replacement whose result is not read, or Academy Manufactor's 'one of each', which makes
                # Treasures of the Foods and Clues the simulation does not follow: not simulated, said so)
                ignored.append(card.name)
            elif permanent:  # (every permanent of a goldfish is its player's: its own and every player's)
                treasure_plus = sum(r.result == "plus" and r.additional == TREASURE for r in replacements)
                treasure_doublings = sum(r.result == "twice" for r in replacements)
            if permanent and modifiers:
                if all(_counted_change(m) for m in modifiers):
                    changes[len(kinds)] = [m for m in modifiers if m.who is not Who.OPPONENTS]
                else:
                    ignored.append(card.name)
            if type_line.is_permanent and parsed.mana_abilities:
                profile = land_profile(data, commander_colors)
                if profile.sources and not profile.notes:
                    role, units = "source", profile.sources
                else:
                    ignored.append(card.name)
            elif not type_line.is_permanent:
                units = _ritual_units(data)
                if units:
                    role = "ritual"
                elif any(n.kind.value == "spell" for n in parsed.not_payment):
                    ignored.append(card.name)
        back = card.land_face
        back_profile = None
        if back is not None and back.layout == "modal_dfc":
            back_data = CardData(
                name=back.name,
                type_line=back.type_line,
                oracle=back.oracle,
                color_indicator=back.color_indicator or None,
            )
            back_profile = land_profile(back_data, commander_colors)
        kinds.append(
            CardKind(
                len(kinds),
                card.name,
                role,
                value,
                demand=demand,
                phyrexian=phyrexian,
                units=units,
                creature=creature,
                haste=haste,
                copies=card.count if number < len(spells) else 1,
                land=back_profile,
                land_face=back_profile is not None,
                permanent=permanent,
                treasures=treasures,
                treasure_plus=treasure_plus,
                treasure_doublings=treasure_doublings,
            )
        )
    for index, modifiers in changes.items():
        deltas = ((s, sum(m.generic_delta for m in modifiers if m.matches(t))) for s, t in targets.items())
        kinds[index] = replace(kinds[index], cost_changes=tuple((s, d) for s, d in deltas if d))
    return kinds, ignored


def _binds_its_controller(effect: object) -> bool:
    """True for a permanent's effect on its controller's own turn that the simulation does not follow: how
    their permanents enter ("Permanents enter the battlefield tapped.", CR 614.1c), a prohibition on their
    casting ("Each player can't cast more than one spell each turn.", CR 101.2), on paying life or sacrificing
    for costs ("Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.",
    CR 118.3) or on their land plays
    ("Players can't play nonbasic lands with the same name as a nontoken permanent.", CR 305.1), or their life
    payments made by their library ("If you would pay life while your library has at least that many cards
    in it, ...": Ashiok, Wicked Manipulator, CR 614.1a).

    >>> from models.oracle import parse_oracle
    >>> lands = parse_oracle("Players can't play nonbasic lands with the same name as a nontoken permanent.")
    >>> names = parse_oracle("Your opponents can't cast spells with the chosen name.")
    >>> [_binds_its_controller(e) for e in (*lands.effects, *names.effects)]
    [True, False]
    """
    if isinstance(effect, LifePaymentsExiled):
        return True
    if isinstance(effect, OthersEnterTapped):
        return effect.affected.controller is not Who.OPPONENTS
    return isinstance(effect, CastBan | LandPlayBan | CostPaymentBan) and (
        effect.everyone or not effect.opponents
    )


def _counted_change(modifier: CostModifier) -> bool:
    """A cost change the fragment counts: generic mana more or less for the spells of some types and
    colors (not per spell cast this turn, not by mana value, not of a chosen type, not of colored mana, not
    off its caster's turn, not on some turns, conditions, zones, targets, creature types, powers or face-down
    spells).

    >>> from models.oracle import parse_oracle
    >>> [_counted_change(parse_oracle(text).effects[0]) for text in ("Spells you cast cost {1} less to cast.",
    ...     "During turns other than yours, spells you cast cost {1} less to cast.")]
    [True, False]
    """
    return not (
        modifier.per_other_spell_this_turn
        or modifier.min_mana_value is not None  # (an X spell's mana value is its X's)
        or modifier.spells.chosen_type
        or modifier.colored
        or modifier.for_each is not None
        or modifier.amount is not None  # (for each counter on its source: Mindsplice Apparatus)
        or modifier.off_turn  # (except during its controller's turn: Defense Grid)
        or modifier.nth_spell  # (the first creature spell each turn: Conduit of Ruin)
        or modifier.per_target  # (for each target: Hinata, Dawn-Crowned)
        or bool(modifier.during_turn)  # (during your turn: Tithe Taker; during other turns: Geyser Drake)
        or modifier.condition is not None  # (as long as ~ is tapped: Centaur Omenreader)
        or bool(modifier.cast_from)  # (cast from a graveyard or exile: Doc Aurlock)
        or modifier.cast_from_excluded  # (from anywhere other than your hand: Bilbo)
        or modifier.targets_source  # (that target ~: Icefall Regent)
        or modifier.per_targeted is not None  # (for each creature it targets: Battlefield Thaumaturge)
        or modifier.shares_creature_type  # (Mistform Warchief)
        or modifier.shares_exiled_card_type  # (Semblance Anvil)
        or modifier.min_power is not None  # (Goreclaw)
        or modifier.face_down  # (Obscuring Aether)
        or modifier.has_adventure  # (Beluna Grandsquall)
        or modifier.per_commander_cast  # (Myth Unbound)
        or modifier.chosen_name  # (spells with the chosen name: Cheering Fanatic)
        or bool(modifier.cast_by_source)  # (Lightstall Inquisitor's card, God-Eternal Kefnet's copy)
        or bool(modifier.spells.keyword)  # (creature spells with flying: Momo, Friendly Flier)
    )


def _demand(cost: ManaCost | None, min_x: int) -> tuple[tuple[int, ...], int, int]:
    """A cost's symbols as type masks (generic: any type, one symbol per mana), its Phyrexian symbols, and
    its mana value with X = ``min_x``."""
    if cost is None:
        return (), 0, 0
    masks: list[int] = []
    phyrexian = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.VARIABLE:
            masks += [ANY_TYPE] * min_x
            continue
        if symbol.kind is SymbolKind.GENERIC:
            masks += [ANY_TYPE] * symbol.amount
            continue
        ways = symbol.ways()
        if any(way.slot is None for way in ways):
            phyrexian += 1
            continue
        mask = 0
        for way in ways:
            slot = way.slot
            mask |= int(slot) if isinstance(slot, ManaType) else ANY_TYPE
        masks.append(mask)
    value = cost.mana_value + min_x * sum(cost.variables.values())
    return tuple(sorted(masks, key=lambda m: (m == ANY_TYPE, bin(m).count("1")))), phyrexian, value


def _ritual_units(card: CardData) -> tuple[int, ...]:
    """The mana an instant or sorcery adds as it resolves, when it is fixed (Dark Ritual's {B}{B}{B})."""
    effect = resolution(
        Card.from_json({"name": card.name, "type_line": card.type_line, "oracle": card.oracle})
    )
    if effect.unread or effect.treasures or any(len(p.types) != 1 for p in effect.mana):
        return ()
    return tuple(int(next(iter(p.types))) for p in effect.mana for _ in range(p.total))
