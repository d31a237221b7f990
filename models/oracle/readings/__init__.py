"""Typed readings of Oracle phrases: what the grammar (:mod:`models.oracle.grammar`) makes of a sentence.

Each phrase category is a sum type: a union of small frozen records, one per way the phrase can be written
(a cost part is a :class:`PayLife` or a :class:`Sacrifice` or ...). Readings hold the meaning, not the
wording: numbers are ints, type words canonical ('Elves' is ``Elf``), articles gone. Every reading renders
back to canonical Oracle wording with :func:`render`, and parsing that text gives the same reading again
(the round trip the tests check, as python-chess does for FEN and SAN).

>>> render(Sacrifice(1, Nouns((Noun(types=("Forest",)),))))
'Sacrifice a Forest'
>>> render(AddMana(FixedForEach("{G}", CountOf(Nouns((Noun(types=("Elf",), controller=Controller.YOU),))))))
'Add {G} for each Elf you control.'

The phrase categories, one module each: :mod:`~models.oracle.readings.nouns` (numbers and noun phrases),
:mod:`~models.oracle.readings.costs`, :mod:`~models.oracle.readings.amounts` (quantities and outputs),
:mod:`~models.oracle.readings.conditions` (conditions and limits), :mod:`~models.oracle.readings.spending`
(restrictions and riders), :mod:`~models.oracle.readings.mana_effects` (replacements and triggers on mana)
and :mod:`~models.oracle.readings.sentences`; this module re-exports them all and renders any of them.
"""

from __future__ import annotations

from typing import cast, get_args

from models.oracle.readings.amounts import (
    AmountOfThatColor,
    AnyForEach,
    AnyOf,
    CardsDrawn,
    Combination,
    Counted,
    CountersOnSelf,
    CountOf,
    Devotion,
    Different,
    DifferentPowers,
    EachColorAmong,
    EachCraftedColor,
    FixedEqualTo,
    FixedForEach,
    FixedMana,
    FixedThenMore,
    GreatestPower,
    LandTypesAmong,
    LifeTotal,
    ManaChoice,
    ManaOfSymbol,
    Output,
    Palette,
    Plus,
    Quantity,
    SacrificedManaValue,
    SelfPower,
    Speed,
    output_text,
    quantity_text,
)
from models.oracle.readings.conditions import (
    CardExiled,
    Condition,
    ControlAtLeast,
    ControlsAny,
    CountersOnSelfAtLeast,
    Deed,
    Designated,
    DevotionBelow,
    DoneThisTurn,
    EitherCondition,
    EnteredThisTurn,
    Limit,
    ObjectIsNotType,
    ObjectIsType,
    OncePerTurn,
    OpponentCounters,
    Paired,
    PlayedLand,
    PlayerStatus,
    SourceAttachedTo,
    SourceAttacking,
    SourceStatus,
    ThereIs,
    ThisTurn,
    TimesPerTurn,
    Timing,
    TopOfLibrary,
    YourTurn,
    condition_text,
)
from models.oracle.readings.costs import (
    CollectEvidence,
    CostPart,
    Discard,
    DiscardHand,
    Exert,
    ExileFromGraveyard,
    ExileFromHand,
    ExilePermanent,
    ExileSelfFromGraveyard,
    ExileSelfFromHand,
    Forage,
    ManaSymbols,
    PayEnergy,
    PayLife,
    PayXLife,
    PutCounter,
    RemoveCounters,
    ReturnPermanent,
    ReturnSelf,
    Reveal,
    Sacrifice,
    SacrificeSelf,
    TapOthers,
    TapSymbol,
    UntapOthers,
    UntapSymbol,
    WaterbendSymbols,
    cost_text,
)
from models.oracle.readings.mana_effects import (
    CountedEffect,
    ManaEffect,
    Multiplied,
    Produced,
    ProducedMana,
    Replacement,
    SacrificeTrigger,
    Tapped,
    Trigger,
)
from models.oracle.readings.nouns import (
    ANY_NUMBER,
    CHOSEN_NAME,
    EXILED_NAME,
    ITS_NAME,
    OTHER_NAME,
    SPELL_NAME,
    Controller,
    CouldProduce,
    Head,
    Noun,
    Nouns,
    Number,
    OfOrdinalChosenType,
    OrType,
    Quality,
    ThatEntered,
    WithChosenManaValue,
    WithChosenNumber,
    WithChosenWord,
    WithCounter,
    WithKeyword,
    WithManaValue,
    WithManaValueAtMost,
    WithManaValueX,
    WithoutSymbolInCost,
    WithPower,
    WithSymbolInCost,
    WithWatermark,
    X,
)
from models.oracle.readings.sentences import (
    ActivateOnly,
    AddMana,
    BecomesThatColor,
    ChooseColor,
    ChoosePlayer,
    CopyNewTargets,
    DamageToYou,
    Delayed,
    EachPlayerLosesLife,
    EffectSentence,
    GainLife,
    IfInstead,
    LoseLife,
    NextTimeTrigger,
    NoUntap,
    OpponentsGainLife,
    PutCounterOnSelf,
    ReflexiveDamage,
    RemoveCounterFromSelf,
    RevealFromHand,
    SacrificeWhenNoCounters,
    sentence_text,
)
from models.oracle.readings.spending import (
    ActivateUse,
    CastUse,
    CommanderUse,
    CostsWith,
    KeywordAbilityUse,
    NotForGeneric,
    NotForNonartifact,
    Purpose,
    PurposeUse,
    SpendOnly,
    SpendUseReading,
    TurnFaceUp,
    WhenSpent,
)

__all__ = [
    "ANY_NUMBER",
    "CHOSEN_NAME",
    "EXILED_NAME",
    "ITS_NAME",
    "OTHER_NAME",
    "SPELL_NAME",
    "ActivateOnly",
    "ActivateUse",
    "AddMana",
    "AmountOfThatColor",
    "AnyForEach",
    "AnyOf",
    "BecomesThatColor",
    "CardExiled",
    "CardsDrawn",
    "CastUse",
    "ChooseColor",
    "ChoosePlayer",
    "CollectEvidence",
    "Combination",
    "CommanderUse",
    "Condition",
    "ControlAtLeast",
    "Controller",
    "ControlsAny",
    "CopyNewTargets",
    "CostPart",
    "CostsWith",
    "CouldProduce",
    "CountOf",
    "Counted",
    "CountedEffect",
    "CountersOnSelf",
    "CountersOnSelfAtLeast",
    "DamageToYou",
    "Deed",
    "Delayed",
    "Designated",
    "Devotion",
    "DevotionBelow",
    "Different",
    "DifferentPowers",
    "Discard",
    "DiscardHand",
    "DoneThisTurn",
    "EachColorAmong",
    "EachCraftedColor",
    "EachPlayerLosesLife",
    "EffectSentence",
    "EitherCondition",
    "EnteredThisTurn",
    "Exert",
    "ExileFromGraveyard",
    "ExileFromHand",
    "ExilePermanent",
    "ExileSelfFromGraveyard",
    "ExileSelfFromHand",
    "FixedEqualTo",
    "FixedForEach",
    "FixedMana",
    "FixedThenMore",
    "Forage",
    "GainLife",
    "GreatestPower",
    "Head",
    "IfInstead",
    "KeywordAbilityUse",
    "LandTypesAmong",
    "LifeTotal",
    "Limit",
    "LoseLife",
    "ManaChoice",
    "ManaEffect",
    "ManaOfSymbol",
    "ManaSymbols",
    "Multiplied",
    "NextTimeTrigger",
    "NoUntap",
    "NotForGeneric",
    "NotForNonartifact",
    "Noun",
    "Nouns",
    "Number",
    "ObjectIsNotType",
    "ObjectIsType",
    "OfOrdinalChosenType",
    "OncePerTurn",
    "OpponentCounters",
    "OpponentsGainLife",
    "OrType",
    "Output",
    "Paired",
    "Palette",
    "PayEnergy",
    "PayLife",
    "PayXLife",
    "PlayedLand",
    "PlayerStatus",
    "Plus",
    "Produced",
    "ProducedMana",
    "Purpose",
    "PurposeUse",
    "PutCounter",
    "PutCounterOnSelf",
    "Quality",
    "Quantity",
    "ReflexiveDamage",
    "RemoveCounterFromSelf",
    "RemoveCounters",
    "Replacement",
    "ReturnPermanent",
    "ReturnSelf",
    "Reveal",
    "RevealFromHand",
    "Sacrifice",
    "SacrificeSelf",
    "SacrificeTrigger",
    "SacrificeWhenNoCounters",
    "SacrificedManaValue",
    "SelfPower",
    "SourceAttachedTo",
    "SourceAttacking",
    "SourceStatus",
    "Speed",
    "SpendOnly",
    "SpendUseReading",
    "TapOthers",
    "TapSymbol",
    "Tapped",
    "ThatEntered",
    "ThereIs",
    "ThisTurn",
    "TimesPerTurn",
    "Timing",
    "TopOfLibrary",
    "Trigger",
    "TurnFaceUp",
    "UntapOthers",
    "UntapSymbol",
    "WaterbendSymbols",
    "WhenSpent",
    "WithChosenManaValue",
    "WithChosenNumber",
    "WithChosenWord",
    "WithCounter",
    "WithKeyword",
    "WithManaValue",
    "WithManaValueAtMost",
    "WithManaValueX",
    "WithPower",
    "WithSymbolInCost",
    "WithWatermark",
    "WithoutSymbolInCost",
    "X",
    "YourTurn",
    "render",
]


def render(
    reading: CostPart
    | tuple[CostPart, ...]
    | EffectSentence
    | Output
    | Quantity
    | Condition
    | Nouns
    | ManaEffect,
) -> str:
    """A reading in canonical Oracle wording: a cost (one part or all of them), an effect sentence, an
    output (what follows 'Add'), a quantity, a condition or noun phrases.

    >>> render((TapSymbol(), PayLife(1)))
    '{T}, Pay 1 life'
    >>> render(AnyOf(1, Palette.COLOR))
    'one mana of any color'
    """
    if isinstance(reading, tuple):
        return ", ".join(cost_text(part) for part in reading)
    if isinstance(reading, Nouns):
        return reading.words()
    if isinstance(reading, Replacement | Trigger | SacrificeTrigger | CountedEffect):
        return reading.text()
    if isinstance(reading, _SENTENCES):
        return sentence_text(reading)
    if isinstance(reading, _OUTPUTS):
        return output_text(reading)
    if isinstance(reading, _QUANTITIES):
        return quantity_text(reading)
    if isinstance(reading, _CONDITIONS):
        return condition_text(reading)
    return cost_text(cast("CostPart", reading))


_SENTENCES = get_args(EffectSentence)


_OUTPUTS = get_args(Output)


_QUANTITIES = get_args(Quantity)


_CONDITIONS = get_args(Condition)
