"""What reading a card's text gives: the class of each sentence (:class:`SentenceReading`), how the card
enters (:class:`Entering`), everything read (:class:`ParsedText`), and the :class:`Collector` that the parts
of the reader fill, one sentence at a time, and freeze into a :class:`ParsedText`.

>>> out = Collector()
>>> out.read("{T}: Add {G}.", "mana_ability")
>>> out.freeze().sentences
(SentenceReading(text='{T}: Add {G}.', read_as='mana_ability', note=''),)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, TypedDict

from models.abilities import ManaAbility, PaletteKind
from models.cost import SymbolKind
from models.layer_effects import AbilityLoss, TypeChange
from models.mana_effects import (
    ManaTrigger,
    NotPaymentKind,
    NotPaymentMana,
    ProductionReplacement,
    StaticEffect,
)
from models.oracle import classify
from models.oracle import text as t
from models.oracle.mana_outputs import (
    created_mana_token,
    output_after_add,
    reads_crafted_colors,
    reads_imprinted_colors,
    reads_palette,
)
from models.oracle.resolution_times import resolution_time
from models.oracle.token_replacements import TokenReplacement, token_replacement_of

#: The classes of a sentence (the contract's section 5), in the order they are documented.
READ_AS = ("mana_ability", "effect", "keyword", "choice", "not_payment", "ignored", "unsupported")


#: The note on the other sentences of an activated ability when one of its parts was not read.
PART_OF_UNREAD = "part of an ability with an unread part"

#: The note on 'Mana of any type can be spent to activate ~'s abilities' (Sharkey, Tyrant of the Shire): a
#: permission on the costs of the permanent's own abilities, which a spell's payment reads only through a
#: mana ability's colored mana cost (then the sentence is unsupported: :meth:`Collector.freeze`).
OWN_ABILITIES_PERMISSION = (
    "a permission on its own abilities' costs: no mana ability of it asks a type of mana"
)
#: The end of the note on a sentence of a level the permanent is not at (a Class's 'Level 2', a leveler's
#: 'LEVEL 1-4': :mod:`models.oracle.levels`): its class is how the text reads, and nothing of it is in force.
NOT_IN_FORCE = ": not in force "

#: Why 'Creatures you control with +1/+1 counters on them have all activated abilities of all creature cards
#: exiled with ~' (Agatha's Soul Cauldron) is not used: the board has no exile zone.
EXILED_ABILITIES_NOTE = (
    "the cards exiled with it are not on the board (a board has no exile zone, contract section 10): the "
    "activated abilities it grants are not known, not used"
)
#: The note on an alternative cost a permanent grants the spells its controller casts (CR 118.9: "You may
#: pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast"): the planner may pay it instead
#: of a spell's mana cost (:mod:`models.oracle.alternative_costs`).
GRANTED_ALTERNATIVE_COST = "an alternative cost of the spells its controller casts (CR 118.9)"
#: The note on a permanent's permission to cast spells from its controller's graveyard (Karador).
GRAVEYARD_PERMISSION = "a permission to cast spells from its controller's graveyard (CR 601.2a)"
FORETELL_GRANT = "foretell granted to the cards of its controller's hand, or the cost it gives (CR 702.143a)"
LAND_PLAY_PERMISSION = "a permission to play lands from its controller's graveyard (CR 305.1)"
#: The note on a sentence that says what a spell's optional additional cost paid takes off its cost (Ice Out's
#: "if it's bargained", Dargo's "for each permanent sacrificed this way"): read with that cost.
OPTIONAL_COST_REDUCTION = "what its optional additional cost takes off when paid: planned with that cost"
#: The note on such a sentence with no optional additional cost before it for its 'this way' to refer to:
#: not read (nothing is taken off, and the answer says so).
NO_OPTIONAL_COST = "what is taken off 'this way': no optional additional cost before it says the way"
#: The note on a permanent's own rider on the mana spent to cast it (adamant's 'If at least three white mana
#: was spent to cast ~, ~ enters with a +1/+1 counter on it'): about its own casting, done before it was on
#: the battlefield (CR 601.2h); weighed when its card is the spell paid (contract section 12).
OWN_RIDER_NOTE = (
    "a rider on the mana spent to cast it: weighed when it is the spell paid, nothing on the board"
)
#: The note on a trigger's rider on the mana spent to cast the spell it triggers on (the Opus creatures'
#: 'If five or more mana was spent to cast that spell, ...'): weighed when the spell paid is one it describes.
CAST_RIDER_NOTE = "a rider on the mana spent to cast the spells it triggers on: weighed when one is paid"
#: The note on a type change read beside a pump that is not ('Enchanted creature gets +1/+1 for each creature
#: card in your graveyard and is an Avatar in addition to its other types.': a count a payment may change):
#: what reads a power is set aside, as for any power change not read (:attr:`ParsedText.changes_power`).
PUMP_SET_ASIDE_NOTE = "the types read; its power change is not (what reads a power is set aside)"
#: Why 'A player losing unspent mana causes that player to lose that much life' changes no payment.
UNSPENT_LIFE_NOTE = "mana is lost only as a step or phase ends (CR 500.4), never while a cost is paid"
#: The note on 'This cost is reduced by {2} for each ...' after a trigger's 'sacrifice ~ unless you pay {10}'
#: (Draco's upkeep): it changes only what that trigger asks as it resolves (CR 603.3), not the cost of a spell
#: or an ability the planner pays
#: Why "Spend only mana produced by basic lands to cast ~." (and creatures', and "You can't spend mana to cast
#: ~.") is read, and changes no payment of the permanent: a rule of casting its own card, applied when it is
#: the spell paid for (models/spells.py: the payment target's restriction)
OWN_SPELL_MANA_NOTE = "a rule of the mana spent to cast ~ itself: applied when it is the spell paid for"
#: The note on a card's own alternative cost the reader reads ("You may cast ~ from your graveyard by paying
#: {B}{B} and sacrificing two creatures rather than paying its mana cost.", CR 118.9): no ability of the
#: permanent's
OWN_ALTERNATIVE_COST_NOTE = (
    "an alternative cost of ~ itself (CR 118.9): applied when it is the spell paid for"
)
TRIGGER_COST_NOTE = "reduces the cost the trigger before it asks as it resolves: no spell's or ability's cost"
#: The note on an activated ability that untaps permanents and adds no mana ('{G}, {T}: Untap target Elf.'):
#: no mana ability (CR 605.1a), so a player activates it with priority, before casting, and never while a
#: cost is paid (CR 601.2g); a payment plans mana abilities only, and the board's warnings say so
PRIORITY_UNTAP = (
    "it untaps and adds no mana, so it is no mana ability (CR 605.1a): a player may activate it with"
    " priority before casting, never while paying (CR 601.2g), and a payment plans mana abilities only"
)
#: The note on an activated ability that creates a token with a mana ability and adds no mana ('{1}{B}, {T},
#: Pay 1 life: Create a Treasure token.'): no mana ability (CR 605.1a: it makes a token, not mana), so a
#: player activates it with priority before casting and may sacrifice the token for mana; no payment
#: nor turn plan activates it, and the board's warnings say so
PRIORITY_TOKEN = (
    "it creates a token that makes mana and adds none, so it is no mana ability (CR 605.1a): a player may"
    " activate it with priority before casting and use the token's mana, never while paying (CR 601.2g);"
    " not planned"
)
#: The notes on an activated ability that adds mana and is no mana ability by CR 605.1a (its kind,
#: :class:`~models.mana_effects.NotPaymentKind`, the key): it targets (Deathrite Shaman's '{T}: Exile target
#: land card from a graveyard. Add one mana of any color.'), its cost or effect moves a card to or from a
#: library (as amended 2026-08-07: '{T}, Mill a card: Add {C}.'), or it is a loyalty ability ('+1: Add
#: {R}{R}.', activated only in a main phase with an empty stack, CR 606.3). A player may activate it with
#: priority before casting and spend its mana (CR 500.4 keeps it through the step), never while paying (CR
#: 601.2g): a payment plans mana abilities only, and the board's warnings say so
PRIORITY_NO_MANA_ABILITY: Final = {
    "targeted": (
        "it targets, so it is no mana ability (CR 605.1a): a player may activate it with priority before"
        " casting and use its mana, never while paying (CR 601.2g); not planned"
    ),
    "library": (
        "it moves a card to or from a library, so it is no mana ability (CR 605.1a as amended 2026-08-07): a"
        " player may activate it with priority before casting and use its mana, never while paying (CR"
        " 601.2g); not planned"
    ),
    "loyalty": (
        "a loyalty ability is no mana ability (CR 605.1a): a player may activate it in a main phase with an"
        " empty stack (CR 606.3) before casting and use its mana, never while paying (CR 601.2g); not planned"
    ),
}
#: The note on a triggered ability that tapping sets off and that is no mana ability, which untaps
#: permanents or makes mana or a token that makes it ('Whenever a Dwarf you control becomes tapped, create a
#: Treasure token.'): set off while paying, it waits until the spell is cast (CR 603.3); set off by a mana
#: ability activated with priority before casting, it resolves first and what it makes may pay the spell,
#: which a payment does not plan
TAPPING_TRIGGER = (
    "a trigger of tapping that is no mana ability (CR 605.1b): set off while paying, it waits until the"
    " spell is cast (CR 603.3); tapping for mana before casting lets it resolve first, which a payment does"
    " not plan"
)

#: The note on a replacement effect on creating tokens (CR 614.1a, read into ``token_replacements``)
TOKEN_REPLACEMENT = "a replacement effect on creating tokens (CR 614.1a): it makes no token itself"

#: The note on a triggered ability that a sacrifice sets off and that makes mana or a token that makes it
#: ('Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and add {R}.'): set off by a mana ability's
#: sacrifice it is a mana ability too (CR 605.1b) and adds its mana at once; set off by a sacrifice made with
#: priority before casting it resolves first and its mana stays (CR 500.4); either way its mana may pay the
#: spell, which a payment does not plan
SACRIFICE_TRIGGER = (
    "a trigger of sacrificing that makes mana: set off by a mana ability's cost it adds its mana at once (CR"
    " 605.1b), set off before casting it resolves first (CR 500.4); a payment does not plan it"
)


def paying_trigger(sentence: str) -> str:
    """The note on a triggered ability that paying a mana ability's cost may set off and that no payment
    plans when it makes mana (:data:`TAPPING_TRIGGER`, :data:`SACRIFICE_TRIGGER`); "" for any other sentence.

    >>> paying_trigger("Whenever you sacrifice a Treasure, add {R}.") == SACRIFICE_TRIGGER
    True
    >>> paying_trigger("When ~ enters, add {R}.")
    ''
    """
    if classify.is_tapping_trigger(sentence):
        return TAPPING_TRIGGER
    return SACRIFICE_TRIGGER if classify.is_sacrifice_trigger(sentence) else ""


@dataclass(frozen=True, slots=True)
class SentenceReading:
    """How the reader read one sentence of a card's rules text: the one place that decides its class.

    ``text`` is the sentence as the reader read it (reminder text stripped, self-references written ``~``);
    ``read_as`` is one of :data:`READ_AS`; ``note`` says why, for ``unsupported`` sentences.

    >>> from models.oracle import parse_oracle
    >>> tomb = parse_oracle("{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you.", "Ancient Tomb")
    >>> [(s.text, s.read_as) for s in tomb.sentences]
    [('{T}: Add {C}{C}.', 'mana_ability'), ('~ deals 2 damage to you.', 'mana_ability')]
    """

    text: str
    read_as: str
    note: str = ""


@dataclass(kw_only=True, frozen=True, slots=True)
class Entering:
    """What a card's text says about how it enters the battlefield, as far as a land count cares.

    ``tapped``: it enters tapped (CR 614.1c), unless the condition holds: its controller pays
    ``unless_life`` life, controls one of ``unless_control`` (subtypes as printed), controls at most
    ``unless_other_lands`` other lands (a fast land), at least ``unless_at_least_lands`` other lands (a slow
    land), a player has at most ``unless_player_life_at_most`` life, its controller has at least
    ``unless_opponents_at_least`` opponents, or ``unless`` (any other condition, as written).
    ``returns_land``: when it enters, its controller returns a land they control to its owner's hand.

    >>> from models.oracle import parse_oracle
    >>> fortress = parse_oracle("Glacial Fortress enters tapped unless you control a Plains or an Island.",
    ...                         "Glacial Fortress").entering
    >>> fortress.tapped, fortress.unless_control, fortress.unless_life
    (True, ('Plains', 'Island'), 0)
    """

    tapped: bool = False
    unless_life: int = 0
    unless_control: tuple[str, ...] = ()
    unless_other_lands: int | None = None
    unless_at_least_lands: int | None = None
    unless_player_life_at_most: int | None = None
    unless_opponents_at_least: int | None = None
    unless: str = ""
    returns_land: bool = False

    @property
    def has_condition(self) -> bool:
        """True when it enters tapped only unless a condition holds (a choice of life, a land count, ...).

        >>> Entering(tapped=True).has_condition
        False
        >>> Entering(tapped=True, unless_opponents_at_least=2).has_condition
        True
        """
        return bool(
            self.unless_life
            or self.unless_control
            or self.unless
            or any(
                limit is not None
                for limit in (
                    self.unless_other_lands,
                    self.unless_at_least_lands,
                    self.unless_player_life_at_most,
                    self.unless_opponents_at_least,
                )
            )
        )


@dataclass(kw_only=True, frozen=True, slots=True)
class ParsedText:
    """Everything the reader read from one card's rules text.

    >>> from models.oracle import parse_oracle
    >>> parsed = parse_oracle("Flying\\n{T}: Add one mana of any color.", name="Birds of Paradise")
    >>> len(parsed.mana_abilities), parsed.keywords, parsed.unsupported
    (1, frozenset({'flying'}), ())
    """

    mana_abilities: tuple[ManaAbility, ...] = ()
    effects: tuple[StaticEffect, ...] = ()
    keywords: frozenset[str] = frozenset()
    choices_needed: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    unsupported: tuple[str, ...] = ()
    sentences: tuple[SentenceReading, ...] = ()
    not_payment: tuple[NotPaymentMana, ...] = ()
    #: a static sentence of it changes creatures' power (an anthem, an Aura, Equipment), which is not read
    changes_power: bool = False
    #: a sentence of it defines its own power, read or not ('~'s power is equal to ...': a characteristic-
    #: defining ability, layer 7a, CR 604.3), which is not applied: its power is not the board's
    defines_power: bool = False
    #: its replacement effects on creating tokens (CR 614.1a: Xorn's extra Treasure, a doubler's twice as
    #: many), which make no token themselves
    token_replacements: tuple[TokenReplacement, ...] = ()

    @property
    def fully_read(self) -> bool:
        """True when no sentence is ``unsupported``."""
        return all(s.read_as != "unsupported" for s in self.sentences)

    entering: Entering | None = None

    @property
    def has_haste(self) -> bool:
        """True when the text gives the permanent haste (CR 702.10)."""
        return "haste" in self.keywords


class EnteringChanges(TypedDict, total=False):
    """The fields of :class:`Entering` that one line sets, with their values."""

    tapped: bool
    unless_life: int
    unless_control: tuple[str, ...]
    unless_other_lands: int | None
    unless_at_least_lands: int | None
    unless_player_life_at_most: int | None
    unless_opponents_at_least: int | None
    unless: str
    returns_land: bool


class Collector:
    """What the reader has read of a card so far; every field only grows."""

    __slots__ = (
        "choices",
        "effects",
        "entering_changes",
        "ignored",
        "keywords",
        "mana_abilities",
        "not_payment",
        "sentences",
        "token_replacements",
        "unsupported",
    )

    def __init__(self) -> None:
        self.mana_abilities: list[ManaAbility] = []
        self.effects: list[StaticEffect] = []
        self.keywords: list[str] = []
        self.choices: list[str] = []
        self.ignored: list[str] = []
        self.unsupported: list[str] = []
        self.sentences: list[SentenceReading] = []
        self.not_payment: list[NotPaymentMana] = []
        #: its replacement effects on creating tokens (CR 614.1a)
        self.token_replacements: list[TokenReplacement] = []
        #: each line's changes to how the permanent enters, applied in order when frozen
        self.entering_changes: list[EnteringChanges] = []

    def read(self, text: str, read_as: str, note: str = "") -> None:
        """Record how one sentence (or each sentence of an ability) was read."""
        for sentence in t.split_sentences(text) or (text,):
            self.sentences.append(SentenceReading(sentence, read_as, note))

    def unread(self, text: str, note: str = "") -> None:
        """Record a sentence (or an ability) the reader did not read (with no note given, one that says
        which fact of the turn it reads that no board records, if it reads one)."""
        self.unsupported.append(text)
        self.sentences.append(
            SentenceReading(text, "unsupported", note or classify.unrecorded_fact(text) or "")
        )

    def ignore(self, text: str, as_read: str = "") -> None:
        """Record ``text`` as having nothing to do with mana (``as_read``: its sentences as the reader read
        them, reminder text dropped); a sentence of it that adds mana is not_payment or unsupported instead,
        never ignored."""
        self.ignored.append(text)
        for sentence in t.split_sentences(as_read or text) or (as_read or text,):
            tapping = TAPPING_TRIGGER if classify.is_tapping_trigger(sentence) else ""
            trigger = paying_trigger(sentence)
            if (replacement := token_replacement_of(sentence)) is not None:
                # (a replacement effect on creating tokens, CR 614.1a: it makes no token itself)
                self.token_replacements.append(replacement)
                self.sentences.append(SentenceReading(sentence, "ignored", TOKEN_REPLACEMENT))
            elif (token := created_mana_token(sentence)) is not None:
                self.not_payment.append(NotPaymentMana(sentence, NotPaymentKind.TOKEN, token))
                self.sentences.append(SentenceReading(sentence, "not_payment", trigger))
            elif not classify.adds_mana(sentence):
                untaps = tapping and classify.untaps_something(sentence)
                self.sentences.append(SentenceReading(sentence, "ignored", TAPPING_TRIGGER if untaps else ""))
            elif (kind := classify.not_payment_kind(sentence.rstrip("."), as_read or text)) is not None:
                output = output_after_add(sentence.rstrip("."))
                timed = resolution_time(sentence)
                self.not_payment.append(NotPaymentMana(sentence, kind, output, resolution_time=timed))
                self.sentences.append(SentenceReading(sentence, "not_payment", trigger))
            else:
                self.unsupported.append(sentence)
                self.sentences.append(
                    SentenceReading(sentence, "unsupported", "it adds mana in a way not read")
                )

    def freeze(self) -> ParsedText:
        self._unread_own_permission()
        entering: Entering | None = None
        for changes in self.entering_changes:
            changed = replace(entering or Entering(), **changes)
            if changed != Entering():
                entering = changed
        return ParsedText(
            mana_abilities=tuple(self.mana_abilities),
            effects=tuple(self.effects),
            keywords=frozenset(set(self.keywords)),  # (the set the keywords make, in the order read)
            choices_needed=tuple(
                dict.fromkeys(
                    [
                        *self.choices,
                        *("imprinted" for a in self.mana_abilities if reads_imprinted_colors(a)),
                        *("crafted_colors" for a in self.mana_abilities if reads_crafted_colors(a)),
                        *(
                            "drafted_colors"
                            for a in self.mana_abilities
                            if reads_palette(a, PaletteKind.DRAFTED_COLORS)
                        ),
                    ]
                )
            ),
            ignored=tuple(self.ignored),
            unsupported=tuple(self.unsupported),
            sentences=tuple(self.sentences),
            not_payment=tuple(self.not_payment),
            token_replacements=tuple(self.token_replacements),
            entering=entering,
            changes_power=any(
                (s.read_as in ("ignored", "unsupported") or s.note == PUMP_SET_ASIDE_NOTE)
                and NOT_IN_FORCE not in s.note
                and classify.changes_power(s.text)
                for s in self.sentences
            )
            # (an effect for the number counted at the upkeep changes creatures' power too: Chaos Moon's
            # 'red creatures get +1/+1 and ...', the grammar's counted_effect)
            or any(
                isinstance(e, ProductionReplacement | ManaTrigger) and e.while_counted for e in self.effects
            )
            # (Humility's base power and toughness 1/1, layer 7b: read, not applied to what reads a power)
            or any(isinstance(e, AbilityLoss) and e.base_power is not None for e in self.effects)
            # (a creature made with no base power and toughness said; one given as numbers or each equal to
            # its mana value, Opalescence's, is applied: planner.rules.layers.base_powers_set)
            or any(
                isinstance(e, TypeChange)
                and "Creature" in e.card_types
                and e.base_pt is None
                and not e.base_mana_value
                for e in self.effects
            ),
            # (a card's own power defined, layer 7a, is its alone: planner.rules.amounts.defined_power)
            defines_power=any(classify.defines_own_power(s.text) for s in self.sentences),
        )

    def _unread_own_permission(self) -> None:
        """'Mana of any type can be spent to activate ~'s abilities' is read as changing no payment only
        while no mana ability of the card has a colored mana cost (which it would let any type pay): with
        one, the sentence is unsupported.

        >>> out = Collector()
        >>> out.read("Mana of any type can be spent to activate ~'s abilities.", "ignored",
        ...     OWN_ABILITIES_PERMISSION)
        >>> from models.oracle import parse_oracle
        >>> out.mana_abilities.extend(parse_oracle("{G}: Add {R}.").mana_abilities)
        >>> out.freeze().unsupported
        ("Mana of any type can be spent to activate ~'s abilities.",)
        """
        asks_a_type = (
            symbol.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)
            for ability in self.mana_abilities
            for symbol in ability.cost.mana.symbols
        )
        if not any(asks_a_type):
            return
        for index, sentence in enumerate(self.sentences):
            if sentence.note == OWN_ABILITIES_PERMISSION:
                self.sentences[index] = SentenceReading(
                    sentence.text, "unsupported", "a mana cost is colored"
                )
                self.unsupported.append(sentence.text)
                if sentence.text in self.ignored:
                    self.ignored.remove(sentence.text)


#: The note on 'The same is true for first strike, trample, ...' without haste (Cairn Wanderer's kind).
SAME_KEYWORDS_NOTE = "keywords granted as the sentence before grants its own: none a payment reads"

#: The note on 'The same is true for ..., haste, ...' after a sentence that is no condition's grant of one
#: keyword (Odric, Lunarch Marshal's beginning-of-combat trigger: haste until end of turn, CR 302.6).
SAME_HASTE_NOTE = (
    "haste granted as the sentence before grants its keyword, which is not read as a condition's grant"
)
