"""Alternative costs (CR 118.9): a cost paid instead of a spell's mana cost, written on the spell itself
("You may sacrifice a nontoken green creature rather than pay this spell's mana cost", Flare of
Cultivation; "If you control a Swamp, you may pay 4 life rather than ...", Snuff Out) or granted by a
permanent for the spells its controller casts ("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost
for spells you cast", Fist of Suns; "You may pay eight {E} rather than pay the mana cost for permanent
spells you cast", Nissa, Worldsoul Speaker; "You may cast spells from your hand without paying their mana
costs", Omniscience), or given by a keyword of the spell's ("Evoke {1}{G}", "Dash {1}{R}", "Warp {1}{W}",
"Impending 4—{1}{U}{U}", "Blitz—{2}{B}{B}, Pay 2 life.", "Overload {5}{R}{R}{R}", "Mutate {1}{U}" onto a
non-Human creature, "Prototype {1}{W}{W} — 3/3": :data:`KEYWORD_ALTERNATIVE_COSTS`).

At most one alternative cost is paid (CR 118.9a); the spell's additional costs, cost increases and
reductions still apply to it (CR 601.2f), and its non-mana parts are paid with the mana (CR 601.2h). The
reader is :mod:`models.oracle.alternative_costs`; the planner's use, :mod:`planner.alternative`.

>>> flare = AlternativeCost(mana="", sacrifice=(SacrificeCost(1, ("Creature",), nontoken=True, colors="G"),))
>>> flare.describe()
'sacrifice a nontoken green creature'
>>> str(AlternativeCost(mana="{W}{U}{B}{R}{G}")), AlternativeCost(mana="", life=4).describe()
('{W}{U}{B}{R}{G}', 'pay 4 life')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from models.abilities import Amount, AmountKind, TurnCondition
from models.additional_costs import SacrificeCost
from models.filters import ObjectFilter
from models.types import TypeLine

__all__ = [
    "ALTERNATIVE_COST_OPTIONS",
    "FACE_DOWN_KEYWORDS",
    "GRAVEYARD_KEYWORDS",
    "KEYWORD_ALTERNATIVE_COSTS",
    "KEYWORD_TURN_CONDITIONS",
    "AlternativeCost",
    "HandExile",
    "SpellName",
    "SpellsGranted",
]

#: What a question may say of alternative costs: ``allow`` (the best of the mana cost and every usable
#: alternative cost), ``forbid`` (the mana cost only: "castable by its mana cost?"), ``require`` (an
#: alternative cost only).
ALTERNATIVE_COST_OPTIONS = ("allow", "forbid", "require")

#: The keywords whose cost is paid rather than the spell's mana cost (CR 118.9): evoke (702.74a), dash
#: (702.109a), blitz (702.152a), overload (702.96a), impending (702.176a), cleave (702.148a: the words in
#: square brackets removed once paid) and warp (702.185a: from the hand only) are alternative costs;
#: mutate (702.140a) is one too, for a creature spell that targets a non-Human creature its caster owns;
#: a prototyped spell (702.160a, CR 718.3) is cast with the prototype's mana cost, and has that cost's
#: colors and mana value; a spell cast face down for morph, megamorph or
#: disguise pays {3} rather than its mana cost (702.37c, 702.168a) whatever the keyword's cost (it is paid to
#: turn the permanent face up), and is a colorless creature spell with mana value 0 (CR 708.2); emerge
#: (702.119a) sacrifices a creature and pays the emerge cost reduced by that creature's mana value (the
#: reader reads the cost and the sacrifice; :func:`planner.rules.alternative_costs.usable_ways` makes one way
#: of each mana value among the creatures the player controls).
KEYWORD_ALTERNATIVE_COSTS = (
    *("evoke", "dash", "blitz", "overload", "impending", "cleave", "warp", "mutate", "prototype", "emerge"),
    *("morph", "megamorph", "disguise"),
    *("flashback", "escape", "jump-start"),
    "foretell",
    "spectacle",
    "surge",
)
#: What a keyword's cost asks of the turn: spectacle (CR 702.137a: "if an opponent lost life this turn", the
#: board's players' ``life_lost_this_turn``), surge (CR 702.117a: "if you or a teammate has cast another
#: spell this turn": the caster's ``spells_cast_this_turn``; a board has no teams, CR 810, so no teammate).
#: Every keyword of :data:`KEYWORD_ALTERNATIVE_COSTS` usable only under a condition of the turn is here.
KEYWORD_TURN_CONDITIONS: Final = {
    "spectacle": (
        TurnCondition(Amount(kind=AmountKind.OPPONENT_LOST_LIFE), 1, "an opponent lost life this turn"),
    ),
    "surge": (
        TurnCondition(
            Amount(kind=AmountKind.SPELLS_CAST, filter=ObjectFilter()),
            1,
            "you've cast another spell this turn",
        ),
    ),
}
#: The keywords of :data:`KEYWORD_ALTERNATIVE_COSTS` that cast the spell face down, for {3}.
FACE_DOWN_KEYWORDS = frozenset(("morph", "megamorph", "disguise"))
#: The keywords of :data:`KEYWORD_ALTERNATIVE_COSTS` that let the card be cast from its owner's graveyard,
#: and only from there: flashback (702.34a: its cost rather than the mana cost), escape (702.138a: its cost,
#: exiling other cards from the graveyard, rather than the mana cost) and jump-start (702.133a: the mana
#: cost and a card discarded; not an alternative cost by the rules, but paid the same way here, so it is
#: not combined with another alternative cost). Cast from the graveyard, such a spell's mana cost alone is
#: no way to cast it; the spell's own sentence "you may cast ~ from your graveyard" is another such way
#: (:attr:`AlternativeCost.from_graveyard`).
GRAVEYARD_KEYWORDS = frozenset(("flashback", "escape", "jump-start"))
#: Foretell (CR 702.143a): a card its owner foretold (exiled face down from the hand) may be cast from exile
#: for its foretell cost rather than its mana cost, and only so (the permission to cast it from exile is
#: foretell's); the board's player ``foretold`` lists the cards foretold.
FORETELL = "foretell"

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True, slots=True)
class HandExile:
    """Exile ``count`` cards from the hand, each of one of ``colors`` (letters; '' for any card), the spell
    itself aside (it is on the stack, CR 601.2a): Force of Will's "exile a blue card from your hand"; with
    ``discard``, discard them instead, and with ``shares_color`` each shares a color with the spell (Dream
    Halls: "discard a card that shares a color with that spell").

    >>> str(HandExile(2, "B")), str(HandExile(1, discard=True, shares_color=True))
    ('exile two black cards from your hand', 'discard a card that shares a color with that spell')
    """

    count: int
    colors: str = ""
    discard: bool = False
    shares_color: bool = False
    #: 'a red card with mana value X' (the Shoals): the spell's X is the card's mana value
    mana_value_x: bool = False

    def __str__(self) -> str:
        if self.discard:
            counted = (
                "a card" if self.count == 1 else f"{_COUNT_WORDS.get(self.count, str(self.count))} cards"
            )
            shares = " that shares a color with that spell" if self.shares_color else ""
            return f"discard {counted}{shares}"
        color = "".join(_COLOR_NAMES[letter] + " " for letter in self.colors)
        if self.count == 1:
            counted = ("an " if (color or "card")[0] in "aeiou" else "a ") + color + "card"
        else:
            counted = f"{_COUNT_WORDS.get(self.count, str(self.count))} {color}cards"
        valued = " with mana value X" if self.mana_value_x else ""
        return f"exile {counted}{valued} from your hand"


@dataclass(frozen=True, slots=True)
class SpellsGranted:
    """The spells a granted alternative cost is for: those of every type in ``types`` (card types or
    subtypes: "Dragon spells", "Zombie creature spells"), only permanent spells when ``permanent``, and
    only a spell cast from the hand when ``from_hand`` (Omniscience).

    >>> SpellsGranted(permanent=True).matches(TypeLine.parse("Sorcery")), SpellsGranted().matches(TypeLine())
    (False, True)
    """

    types: tuple[str, ...] = ()
    permanent: bool = False
    from_hand: bool = False
    #: granted to every player's spells ('a spell, its controller may': Dream Halls)
    anyone: bool = False
    #: the types none of the spells has ('noncreature spells': Nullhide Ferox)
    excluded: tuple[str, ...] = ()
    #: the types one of which each of the spells has ('instant or sorcery spells': Abeyance's)
    either: tuple[str, ...] = ()
    #: colorless spells only ('colorless nonland spells', CR 105.2c), judged by :meth:`allows`
    colorless: bool = field(default=False, repr=False)
    #: other spells it is for too ('artifact spells and colorless nonland spells': either), by :meth:`allows`
    also: tuple[SpellsGranted, ...] = field(default=(), repr=False)

    def allows(self, type_line: TypeLine, colored: bool) -> bool:
        """True when a spell of this type line, colored or not (CR 105.2c), is one of these spells or of
        those ``also`` names.

        >>> nonland = SpellsGranted(colorless=True, excluded=("Land",))
        >>> forge = SpellsGranted(types=("Artifact",), also=(nonland,))
        >>> eldrazi, sorcery = TypeLine.parse("Creature — Eldrazi"), TypeLine.parse("Sorcery")
        >>> forge.allows(eldrazi, False), forge.allows(sorcery, True), forge.allows(sorcery, False)
        (True, False, True)
        """
        return any(
            kind.matches(type_line) and not (kind.colorless and colored) for kind in (self, *self.also)
        )

    def matches(self, type_line: TypeLine) -> bool:
        """True when a spell of this type line is one of the spells.

        >>> SpellsGranted(excluded=("Creature",)).matches(TypeLine.parse("Artifact Creature — Golem"))
        False
        >>> either = SpellsGranted(either=("Instant", "Sorcery"))
        >>> either.matches(TypeLine.parse("Sorcery")), either.matches(TypeLine.parse("Creature — Elf"))
        (True, False)
        """
        if self.permanent and not type_line.is_permanent:
            return False
        if any(type_line.is_a(word) for word in self.excluded):
            return False
        if self.either and not any(type_line.is_a(word) for word in self.either):
            return False
        return all(type_line.is_a(word) for word in self.types)

    def kind_words(self) -> tuple[str, ...]:
        """The words before 'spells' that name these spells, lower case.

        >>> SpellsGranted(types=("Creature",), permanent=True, excluded=("Artifact",)).kind_words()
        ('permanent', 'nonartifact', 'creature')
        """
        excluded = tuple(f"non{word.lower()}" for word in self.excluded)
        either = (" or ".join(word.lower() for word in self.either),) if self.either else ()
        return (
            ("permanent",) * self.permanent + excluded + either + tuple(word.lower() for word in self.types)
        )


@dataclass(frozen=True, slots=True)
class ManaValues:
    """The mana values a description of spells allows ('spells with mana value 3 or less': ``most`` 3;
    '... 4 or greater': ``least`` 4; CR 202.3); the default allows every one.

    >>> three = ManaValues(most=3)
    >>> three.holds(3), three.holds(4), three.words(), ManaValues().words()
    (True, False, ' with mana value 3 or less', '')
    """

    least: int = 0
    most: int | None = None

    def holds(self, mana_value: int) -> bool:
        """True when a spell of ``mana_value`` is one of these."""
        return mana_value >= self.least and (self.most is None or mana_value <= self.most)

    def words(self) -> str:
        """The words after 'spells' ('' for every mana value)."""
        if self.most is not None:
            return f" with mana value {self.most} or less"
        return f" with mana value {self.least} or greater" if self.least else ""


#: no bound on the mana values of spells
EVERY_MANA_VALUE: Final = ManaValues()


class SpellName(Enum):
    """Whose name a prohibition's spells have (CR 101.2; two objects have the same name when they share one,
    CR 201.2a, a split card's two halves being two names, 709.4a): each value is the words after 'spells'.

    >>> SpellName.CHOSEN.words(), SpellName.EXILED_WITH_IT.lasting
    (' with the chosen name', False)
    """

    #: 'with the chosen name' (Alhammarret, High Arbiter: its permanent's ``choices.card_name``)
    CHOSEN = "with the chosen name"
    #: 'with the same name as the exiled card' (Exclusion Ritual: its permanent's ``choices.imprinted``)
    EXILED = "with the same name as the exiled card"
    #: 'with the same name as a card exiled with ~' (Circu, Dimir Lobotomist: ``choices.imprinted``, a list)
    EXILED_WITH_IT = "with the same name as a card exiled with ~"
    #: 'with the same name as a nontoken permanent' (Cornered Market: the board's permanents)
    NONTOKEN_PERMANENT = "with the same name as a nontoken permanent"
    #: 'with the same name as that creature until your next turn' (Reflector Mage): the effect of a resolved
    #: trigger, which outlasts it and which the board does not record
    THAT_CREATURE = "with the same name as that creature until your next turn"

    def words(self) -> str:
        """The words after 'spells'."""
        return " " + self.value

    @property
    def lasting(self) -> bool:
        """True for the effect of a resolved trigger (Reflector Mage's), not a permanent's static ability."""
        return self is SpellName.THAT_CREATURE


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """A cost paid rather than the spell's mana cost (CR 118.9): ``mana`` (a cost string, '' for none, as
    "without paying its mana cost" and Flare of Cultivation's), ``life``, ``energy`` ({E}), permanents to
    sacrifice and cards to exile from the hand; usable only while the player controls a permanent of each
    of ``if_control`` (Snuff Out's "If you control a Swamp") and an opponent controls one of each of
    ``if_opponent_controls`` (Massacre's "If an opponent controls a Plains"); ``graveyard_exile``: how many
    other cards of the graveyard are exiled (escape's "Exile two other cards from your graveyard").
    ``spells``: for a cost a permanent grants, the spells it is for (None: the spell's own). ``keyword``: the
    keyword that gives it, one of :data:`KEYWORD_ALTERNATIVE_COSTS` ('' for a sentence's). ``text``: the
    sentence as the reader read it.

    >>> AlternativeCost(mana="{1}{W}{W}", keyword="prototype").describe()
    'prototype: pay {1}{W}{W}'
    >>> AlternativeCost(mana="{2}{R}", graveyard_exile=2, keyword="escape").describe()
    'escape: pay {2}{R} and exile two other cards from your graveyard'
    >>> AlternativeCost(mana="{U}", from_graveyard=True).describe()
    'from your graveyard: pay {U}'
    >>> AlternativeCost(mana="", from_graveyard=True, mana_cost=True).describe()
    'from your graveyard: pay its mana cost'
    >>> AlternativeCost(mana="", exile=HandExile(1, discard=True), exiled_card=True).describe()
    'the card exiled with it, from exile: discard a card'
    """

    mana: str
    life: int = 0
    energy: int = 0
    sacrifice: tuple[SacrificeCost, ...] = ()
    exile: HandExile | None = None
    if_control: tuple[str, ...] = ()
    if_opponent_controls: tuple[str, ...] = ()
    #: the life an opponent of the player gains (Skyshroud Cutter's "you may have an opponent gain 5 life"):
    #: usable only while the player has an opponent
    opponent_gains: int = 0
    #: usable only on the player's own turn (Mine Collapse's "If it's your turn")
    if_your_turn: bool = False
    #: usable only on another player's turn (Force of Rage's "If it's not your turn")
    if_not_your_turn: bool = False
    #: usable only once an opponent cast this many spells this turn (Mindbreak Trap's "If an opponent cast
    #: three or more spells this turn": the board's ``spells_cast_this_turn``)
    if_opponent_cast: int = 0
    #: usable only when an opponent of the player gained life this turn (Needlebite Trap's "If an opponent
    #: gained life this turn": the board's ``life_gained_this_turn``)
    if_opponent_gained_life: bool = False
    #: usable only once the player cast a spell this filter matches this turn (Patrician's Scorn's "If you've
    #: cast another white spell this turn": the board's ``spells_cast_this_turn``, listed)
    if_cast: ObjectFilter | None = None
    #: usable only once the player discarded a card this turn (Asmoranomardicadaistinaculdacar's "As long as
    #: you've discarded a card this turn": the board's ``cards_discarded_this_turn``)
    if_discarded: bool = False
    #: usable only once a creature died this turn (a card's own "You may cast this card from your graveyard if
    #: a creature died this turn.": the board's ``creatures_died_this_turn``)
    if_creature_died: bool = False
    #: with ``if_creature_died``, which creature must have died ("a non-Zombie creature", "a creature not
    #: named ~": ``other_name``, CR 201.2); None: any creature (the board's count answers it)
    died_what: ObjectFilter | None = None
    #: usable only when these events of the turn happened (spectacle's "an opponent lost life this turn",
    #: CR 702.137a; raid's "If you attacked with a creature this turn"): the board's players' records
    if_turn_facts: tuple[TurnCondition, ...] = ()
    #: other cards exiled from the player's graveyard (escape, CR 702.138a)
    graveyard_exile: int = 0
    spells: SpellsGranted | None = None
    keyword: str = ""
    text: str = ""
    #: its ``mana`` '{X}' is the spell's mana value (Kentaro, the Smiling Cat's "where X is that spell's mana
    #: value", CR 202.3): worked out for each spell (planner.rules.alternative_costs.usable_ways)
    x_is_mana_value: bool = False
    #: the spell's own permission to be cast from its owner's graveyard, and usable only from there (CR
    #: 601.2a: "you may cast ~ from your graveyard [by paying {U} rather than paying its mana cost]")
    from_graveyard: bool = False
    #: the spell's mana cost is paid, not ``mana`` (a permission with no cost change, "You may cast ~ from
    #: your graveyard.": no alternative cost by the rules, paid as one way here, CR 601.2a, 601.2f)
    mana_cost: bool = False
    #: a granted cost usable only for a spell cast from exile (Warped Space's "for a spell you cast from
    #: exile", CR 601.2a: :attr:`~models.cost.PaymentTarget.zone`)
    from_exile: bool = False
    #: a granted cost usable once each turn (Warped Space's "Once each turn"): not once its source's
    #: ``alternative_cost_used_this_turn`` says it was used, and by one spell of a turn's plan
    once_each_turn: bool = False
    #: the only mana that may pay it, its next sentence's "Spend only mana produced by Treasures to cast it
    #: this way." (Security Rhox, CR 106.6-like, 601.2g-h): 'Treasures', or '' for any mana
    mana_from: str = ""
    #: its ``mana`` is a waterbend ("You may waterbend {4} rather than pay this spell's mana cost.", CR
    #: 701.67a): each generic mana of it may be paid by tapping an untapped artifact or creature
    waterbend: bool = False
    #: its ``life`` is the spell's mana value (Bolas's Citadel's "pay life equal to its mana value rather than
    #: pay its mana cost", CR 202.3: X as chosen): worked out for each spell
    #: (:func:`planner.rules.alternative_costs.granted_ways`)
    life_is_mana_value: bool = False
    #: a granted cost usable only for a spell cast from the top of its caster's library (Bolas's Citadel's
    #: "If you cast a spell this way" after "You may ... cast spells from the top of your library.", CR
    #: 601.2a: :attr:`~models.cost.PaymentTarget.zone` 'library', the library's top card)
    from_library: bool = False
    #: a permanent's permission to cast the card exiled with it (CR 607.2a, its linked ability's: Hama's "the
    #: exiled card", the board's ``choices.imprinted``) from exile for this cost (CR 601.2a, 118.9), and only
    #: so: usable only for that card cast from exile (:attr:`~models.cost.PaymentTarget.zone` 'exile')
    exiled_card: bool = False
    #: with ``exiled_card``: the permission of a resolving ability ("You may cast that card by discarding a
    #: card rather than paying its mana cost.", The Infamous Cruelclaw's), used as that ability resolves (CR
    #: 608.2g: the card is cast then, timing aside), not later in a turn
    as_it_resolves: bool = False
    #: a permission to cast from the top of the library that is a trigger's effect until end of turn
    #: (Gwenom's "Whenever ~ attacks, until end of turn, ... you may play cards from the top of your
    #: library.", CR 603.3, 611.2a): the cost its next sentence grants is in force once it resolved
    #: (:attr:`models.mana_effects.GrantedAlternativeCost.after_trigger`)
    after_trigger: bool = False
    #: a permission to cast from the top of the library that lets lands be played from there too ("You may
    #: play lands and cast spells ...", "you may play cards ...": CR 305.1)
    with_lands: bool = field(default=False, repr=False)

    @property
    def without_mana(self) -> bool:
        """True when it has no mana in it ("without paying its mana cost", pay 4 life)."""
        return self.mana in ("", "{0}")

    def describe(self) -> str:
        """The cost in words, its parts in order: mana, life, energy, sacrifices, the exile."""
        verb = "waterbend" if self.waterbend else "pay"
        parts = [f"{verb} {self.mana}"] if not (self.without_mana or self.mana_cost) else []
        if self.life_is_mana_value:
            parts.append("pay life equal to its mana value")
        elif self.life:
            parts.append(f"pay {self.life} life")
        if self.energy:
            parts.append(f"pay {self.energy} {{E}}")
        parts += [str(cost) for cost in self.sacrifice]
        if self.exile is not None:
            parts.append(str(self.exile))
        if self.graveyard_exile:
            count = self.graveyard_exile
            counted = "another card" if count == 1 else f"{_COUNT_WORDS.get(count, str(count))} other cards"
            parts.append(f"exile {counted} from your graveyard")
        if self.opponent_gains:
            parts.append(f"have an opponent gain {self.opponent_gains} life")
        if self.mana_cost:
            parts.insert(0, "pay its mana cost")
        said = " and ".join(parts) or "without paying its mana cost"
        if self.mana_from:
            said += f" (only mana produced by {self.mana_from})"
        if self.from_graveyard:
            said = f"from your graveyard: {said}"
        if self.from_library:
            said = f"from the top of your library: {said}"
        if self.exiled_card:
            said = f"the card exiled with it, from exile: {said}"
        return f"{self.keyword}: {said}" if self.keyword else said

    def __str__(self) -> str:
        return (
            self.mana
            if self.mana
            and not (self.life or self.energy or self.sacrifice or self.exile)
            and not (self.opponent_gains or self.graveyard_exile or self.from_graveyard or self.mana_cost)
            and not (self.from_library or self.life_is_mana_value or self.waterbend or self.exiled_card)
            and not self.mana_from
            else (self.describe())
        )


@dataclass(frozen=True, slots=True)
class GrantedForetell:
    """ "Each nonland card in your hand without foretell has foretell." (Dream Devourer): the cards of its
    controller's hand not of the ``excluded`` types and without foretell of their own have foretell (CR
    702.143a); the cost it gives them is its permanent's :class:`GrantedForetellCost`.

    >>> GrantedForetell("Each nonland card in your hand without foretell has foretell.", ("Land",)).excluded
    ('Land',)
    """

    text: str
    excluded: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GrantedForetellCost:
    """ "Its foretell cost is equal to its mana cost reduced by {2}." (Dream Devourer): the foretell cost of a
    card its permanent's :class:`GrantedForetell` gives foretell, its mana cost less ``reduction`` generic
    mana (CR 601.2f: a reduction of generic mana reduces only the generic part).

    >>> GrantedForetellCost("Its foretell cost is equal to its mana cost reduced by {2}.", 2).reduction
    2
    """

    text: str
    reduction: int
