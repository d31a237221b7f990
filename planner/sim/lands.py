"""What each land is to the simulation, read from its card: the sources it adds (one type mask per mana a
tap makes), how it enters (Oracle text as the parser reads it), its basic land types, its life costs, a
fetchland's search, and what of it is not modelled (said in notes, never dropped silently).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from models.abilities import ManaAbility, OutputKind, PaletteKind
from models.board import Permanent
from models.catalogue import CardData
from models.mana import ManaTypes
from models.mana_effects import TapDamage
from models.oracle import Entering, LandSearch, parse_land_search, reads_imprinted_colors
from planner.rules.view import CARD_CONTROLLER, CARD_ID, card_view

__all__ = ["Entry", "LandProfile", "land_profile"]


class Entry(Enum):
    """How a land enters the battlefield, read from its Oracle text."""

    UNTAPPED = "untapped"
    TAPPED = "tapped"  # "This land enters tapped."
    SHOCK = "shock"  # "you may pay 2 life. If you don't, it enters tapped."
    CHECK = "check"  # "enters tapped unless you control a Plains or an Island."
    FAST = "fast"  # "enters tapped unless you control two or fewer other lands."
    SLOW = "slow"  # "enters tapped unless you control two or more other lands."
    SICK = "sick"  # a land creature: summoning sick on its first turn (CR 302.6)


@dataclass(kw_only=True, frozen=True, slots=True)
class LandProfile:
    """What a land is to the goldfish: the sources it adds (one type mask per mana a tap makes), how it
    enters, its basic land types, whether its mana can cost life, and what of it is not modelled."""

    sources: tuple[int, ...]
    entry: Entry = Entry.UNTAPPED
    untapped_with: frozenset[str] = frozenset()
    land_types: frozenset[str] = frozenset()
    painful: bool = False
    shock_life: int = 0
    notes: tuple[str, ...] = ()
    search: LandSearch | None = None  # a fetchland's search (it finds a land of the library when played)
    basic: bool = False  # a basic land (what "search for a basic land card" finds)

    def finds(self, other: LandProfile) -> bool:
        """Whether this land's search can find the land ``other`` (CR 701.23: a land card of one of the named
        types, or a basic land card)."""
        search = self.search
        if search is None or other.search is not None:
            return False
        return other.basic if search.basic else bool(set(search.types) & other.land_types)

    @property
    def types(self) -> int:
        """Every type its mana can be, as one mask."""
        union = 0
        for mask in self.sources:
            union |= mask
        return union


def land_profile(card: CardData, commander_colors: ManaTypes | None = None) -> LandProfile:
    """How the simulation plays a catalogue land: its sources are its mana abilities that tap for a fixed
    amount of mana from a fixed set of types (abilities with mana costs, restrictions, conditions or
    board-dependent amounts are left out and said so in ``notes``); how it enters comes from its Oracle
    text as the parser reads it (:class:`~models.oracle.Entering`).

    >>> from models.catalogue import lookup
    >>> fountain = land_profile(lookup("Hallowed Fountain"))
    >>> fountain.sources, fountain.entry, sorted(fountain.land_types), fountain.shock_life
    ((3,), <Entry.SHOCK: 'shock'>, ['Island', 'Plains'], 2)
    >>> profile = land_profile(lookup("Azorius Chancery"))
    >>> profile.sources, profile.entry, profile.notes
    ((1, 2), <Entry.TAPPED: 'tapped'>, ('Azorius Chancery: returning a land to hand is not modelled',))
    """
    view = card_view(Permanent.of_card(card, CARD_ID, CARD_CONTROLLER), commander_colors)
    notes: list[str] = []
    options: list[tuple[int, ...]] = []
    painful = any(isinstance(effect, TapDamage) for effect in view.parsed[CARD_ID].effects)
    notes += [  # (set aside by the view: a deck's card has exiled nothing yet)
        f"{card.name}: '{ability.text}' is not counted (the card it exiles is chosen in the game)"
        for ability in view.parsed[CARD_ID].mana_abilities
        if reads_imprinted_colors(ability)
    ]
    for ability in view.mana_abilities(CARD_ID):
        made, why = _ability_sources(ability, commander_colors)
        if why:
            notes.append(f"{card.name}: '{ability.text}' is not counted ({why})")
            continue
        if ability.conditional:
            notes.append(f"{card.name}: only the usual output of '{ability.text}' is counted")
        options.append(made)
        painful |= bool(ability.self_damage or ability.life_loss or ability.cost.life)
    if not options:
        sources: tuple[int, ...] = ()
    elif all(len(option) == 1 for option in options):
        union = 0
        for (mask,) in options:
            union |= mask
        sources = (union,)
    else:
        sources = max(options, key=len)
        if len(options) > 1:
            notes.append(f"{card.name}: only its ability making the most mana is counted")
    entering = view.parsed[CARD_ID].entering or Entering()
    entry, untapped_with, shock_life = Entry.UNTAPPED, frozenset[str](), 0
    if entering.unless_life:
        entry, shock_life = Entry.SHOCK, entering.unless_life
    elif entering.unless_control:
        entry, untapped_with = Entry.CHECK, frozenset(entering.unless_control)
    elif entering.unless_other_lands == 2:
        entry = Entry.FAST
    elif entering.unless_at_least_lands == 2:
        entry = Entry.SLOW
    elif entering.tapped:
        entry = Entry.TAPPED
        if entering.has_condition:
            notes.append(f"{card.name}: its condition to enter untapped is not modelled (it enters tapped)")
    elif view.type_line(CARD_ID).is_a("Creature"):
        entry = Entry.SICK
    if entering.returns_land:
        notes.append(f"{card.name}: returning a land to hand is not modelled")
    search = parse_land_search(card.oracle, card.name)
    if not sources and search is None and not notes:
        notes.append(f"{card.name}: it makes no mana the simulation counts (played as a land adding none)")
    return LandProfile(
        sources=sources,
        entry=entry,
        untapped_with=untapped_with,
        land_types=frozenset(view.type_line(CARD_ID).basic_land_types),
        painful=painful,
        shock_life=shock_life,
        notes=tuple(notes),
        search=search,
        basic=view.type_line(CARD_ID).is_a("Basic"),
    )


def _ability_sources(ability: ManaAbility, commander_colors: ManaTypes | None) -> tuple[tuple[int, ...], str]:
    """The source masks one activation adds, or why the ability is left out."""
    cost, output = ability.cost, ability.output
    if cost.mana or cost.untap or cost.sacrifice is not None or cost.tap_others is not None:
        return (), "its cost needs more than tapping it"
    if ability.restriction is not None:
        return (), "its mana is restricted"
    if ability.activation_condition is not None:
        return (), "it needs a condition"
    if not output.amount.is_constant:
        return (), "its amount depends on the board"
    times = output.amount.constant
    if output.kind is OutputKind.FIXED:
        return tuple(int(t) for t in output.options[0].units()) * times, ""
    if output.kind is OutputKind.CHOICE and all(option.total == 1 for option in output.options):
        union = 0
        for option in output.options:
            union |= ManaTypes.of(option.units()).mask
        return (union,) * times, ""
    if output.kind is OutputKind.ANY_ONE and times == 1 and output.palette.kind is PaletteKind.TYPES:
        return (output.palette.types.mask,), ""
    if output.kind is OutputKind.ANY_ONE and times == 1 and output.palette.kind is PaletteKind.COMMANDER:
        if not commander_colors:
            return (), "there is no commander, or it has no colors"
        return (commander_colors.mask & output.palette.types.mask,), ""
    return (), "its output depends on choices or the board"
