"""The canonical wording of the static sentences' readings (:mod:`models.oracle.statics`): each renders
back to a sentence the grammar reads as the same reading (the round trip the tests check).

>>> from models.oracle.readings import Noun, Nouns
>>> from models.oracle.statics import TypeChangeReading
>>> render_static(TypeChangeReading(Nouns((Noun(types=("Land",), excluded=("Basic",)),)), ("Mountain",)))
'Nonbasic lands are Mountains.'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from models.alternative_costs import SpellName, SpellsGranted
from models.cost import SPELL_ZONES
from models.oracle import lexicon
from models.oracle.entering import (
    EntersUnless,
    LandSearchReading,
    entering_text,
)
from models.oracle.own_cost_readings import (
    OwnCostChange,
    OwnCostCounted,
    OwnCostForEach,
    OwnCostForTurnFact,
    OwnCostIfBargained,
    OwnCostIfOpponentCast,
    OwnCostIfOpponentGraveyard,
    OwnCostPerSacrificed,
    OwnCostPerSpellCast,
    OwnCostWhereX,
    OwnReductionMost,
    own_cost_text,
)
from models.oracle.readings import Controller, CountOf, LandTypesAmong, Nouns
from models.oracle.readings.amounts import quantity_text
from models.oracle.readings.nouns import count_words
from models.oracle.statics import (
    _CAST_ZONES,
    AbilitiesCostReading,
    AbilitiesOfExiledReading,
    AbilitiesOfReading,
    AbilityLossReading,
    ActivateAsThough,
    ActivationBanReading,
    AdditionalLandPlays,
    BanTermsReading,
    BecomesColorless,
    BecomesTappedDamage,
    BecomesWithOnly,
    CastBanReading,
    CastBySourceCost,
    ColorChangeReading,
    CommanderCostPerCast,
    CostPaymentBanReading,
    DefinedPower,
    DevotionIncreased,
    DoubleUnspent,
    EffectContinues,
    EveryObject,
    GrantedWhile,
    GrantReading,
    ItLosesAbilities,
    KeepUnspent,
    KeywordGrantReading,
    KeywordsWhile,
    LandPlayBanReading,
    LifeForManaReading,
    LifePaidByExile,
    LinkedLoss,
    NotATypeWhile,
    OneCardPermission,
    OnlyColored,
    OptionalLifeForSpells,
    OthersEnterTappedReading,
    PoolsDontEmpty,
    PowerChangeReading,
    ReductionFloor,
    SameIsTrue,
    SameIsTrueForKeywords,
    SameIsTrueForTypes,
    SelfSubject,
    SelfTapDamage,
    SpecialActionCosts,
    SpellsAndAbilitiesCost,
    SpellsCost,
    SpendAsThoughReading,
    StaticSentence,
    StillAType,
    Subject,
    SupertypeRemoved,
    TappedForManaDamage,
    ThoseCostIfLifePaid,
    ThoseOnceEachTurn,
    TimingLimitReading,
    TypeChangeReading,
    UnspentBecomes,
    UnspentCostsLife,
)
from models.types import CARD_TYPES

__all__ = ["render_static"]


def _subject(subject: Subject) -> str:
    match subject:
        case SelfSubject():
            return "~"
        case EveryObject():
            return "All cards that aren't on the battlefield, spells, and permanents"
        case Nouns():
            words = subject.words(plural=_plural(subject))
            return words[0].upper() + words[1:]


def _plural(subject: Subject) -> bool:
    return isinstance(subject, EveryObject) or (
        isinstance(subject, Nouns) and (len(subject.nouns) > 1 or _plural_noun(subject))
    )


def _plural_noun(subject: Nouns) -> bool:
    """True when the one noun phrase names several objects (it is read without its determiner, so a
    rendered subject is plural unless it is attached: 'Enchanted land')."""
    return not subject.nouns[0].attached


def _has(subject: Subject) -> str:
    return "have" if _plural(subject) else "has"


def _listed(words: tuple[str, ...]) -> str:
    """'flying', 'flying and haste', 'flying, trample and haste' (keywords as cards list them)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _be(subject: Subject) -> str:
    return "are" if _plural(subject) else "is"


_COLOR_NAMES: Final = {letter: word for word, letter in lexicon.COLOR_WORDS.items() if len(word) > 1}


#: Counts written as words in the sentences rendered back ('eight or more cards').
_NUMBER_WORDS: Final = {number: word for word, number in lexicon.NUMBER_WORDS.items() if number > 1}


def _ban_head(terms: BanTermsReading, who: str) -> str:
    """A prohibition's words before 'can't': its condition ('As long as ~ is attacking, ', 'during combat, ')
    and its players ('enchanted player', 'defending player', 'each opponent who controls more creatures than
    you'; ``who`` for the plain scopes). A prohibition during combat with an abilities' part puts 'during
    combat' first, as Hand to Hand does (the sentence after would read 'abilities ... during combat')."""
    if terms.enchanted_player:
        who = "enchanted player"
    elif terms.defending_player:
        who = "defending player"
    elif terms.more_than_you is not None:
        who = f"each opponent who controls more {terms.more_than_you.words(plural=True)} than you"
    elif terms.attacked_you:
        who = "each opponent who attacked you or a planeswalker you control this turn"
    if terms.while_text:
        return f"as long as {terms.while_text}, {who}"
    return f"during combat, {who}" if terms.combat and terms.abilities else who


def _zones_words(zones: frozenset[str] | None) -> str:
    """' from graveyards or libraries', ' from anywhere other than their hands' (a prohibition's zones)."""
    if zones is None:
        return ""
    if zones == frozenset(SPELL_ZONES) - {"hand"}:
        return " from anywhere other than their hands"
    plural = {"graveyard": "graveyards", "library": "libraries", "exile": "exile"}
    return " from " + " or ".join(plural[zone] for zone in sorted(zones))


def _colors(colors: str) -> str:
    words = [_COLOR_NAMES[letter] for letter in colors]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _type_words(types: tuple[str, ...]) -> str:
    words = [lexicon.plural_forms(t)[-1] for t in types]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def render_static(reading: StaticSentence | EntersUnless | LandSearchReading) -> str:
    """A static sentence's reading in canonical wording (a sentence, with its period).

    >>> render_static(KeepUnspent("you", "G"))
    "You don't lose unspent green mana as steps and phases end."
    """
    text = _static_text(reading)
    return text if isinstance(reading, EntersUnless) else text[0].upper() + text[1:] + "."


def _static_text(reading: StaticSentence | EntersUnless | LandSearchReading) -> str:
    entering = entering_text(reading)
    if entering is not None:
        return entering
    match reading:
        case TypeChangeReading(subject, types, loses_abilities=True):
            plural = _plural(subject)
            lose, become, its = ("lose", "become", "their") if plural else ("loses", "becomes", "its")
            made = f"an {' '.join(types).lower()} with power and toughness each equal to {its} mana value"
            return f"{_subject(subject)} {lose} all abilities and {become} {made}"
        case EffectContinues():
            return "If ~ leaves the battlefield, this effect continues until end of turn"
        case TypeChangeReading(subject, types, adds=adds, base_pt=base_pt) if base_pt:
            plural = _plural(subject)
            colors = f" {_colors(reading.colors)}" if reading.colors else ""
            words = " ".join(
                lexicon.plural_forms(t)[-1] if plural else t.lower() if t in CARD_TYPES else t for t in types
            )
            still = (" that are still lands" if plural else " that's still a land") if adds else ""
            keywords = f" with {_listed(reading.keywords)}" if reading.keywords else ""
            article = "" if plural else ("an " if base_pt[0] == "8" else "a ")
            held = f" as long as {reading.while_text}" if reading.while_text else ""
            made = f"{article}{base_pt}{colors} {words}{still}{keywords}{held}"
            return f"{_subject(subject)} {_be(subject)} {made}"
        case DefinedPower(quantity, times, toughness):
            which = "power and toughness are each" if toughness else "power is"
            return f"~'s {which} equal to {times + ' ' if times else ''}{quantity_text(quantity)}"
        case StillAType(kept):
            return f"they're still {lexicon.plural_forms(kept)[-1]}"
        case TypeChangeReading(subject, types, which, adds):
            added = f" in addition to {'their' if _plural(subject) else 'its'} other types" if adds else ""
            listed = which.value or _type_words(types)
            if reading.supertypes:  # ('a legendary Soldier')
                listed = f"a {' '.join(t.lower() for t in reading.supertypes)} {' '.join(types)}"
            each = f" for each {reading.each.what.words()}" if isinstance(reading.each, CountOf) else ""
            pump = f" gets {reading.gets}{each} and" if reading.gets else ""
            if reading.keywords or (reading.granted and reading.gets):
                granted = _listed(reading.keywords) if reading.keywords else f'"{reading.granted}"'
                pump = f" gets {reading.gets}," if reading.gets else ""
                pump += f" {_has(subject)} {granted}{',' if reading.gets else ''} and"
            if reading.colors:
                pump = f" {_be(subject)} {_colors(reading.colors)} and"
            text = f"{_subject(subject)}{pump} {_be(subject)} {listed}{added}"
            if reading.granted and not reading.gets:
                text += f' and {_has(subject)} "{reading.granted}"'
            if reading.base_mana_value:
                text += (
                    f" and {_has(subject)} base power and base toughness each equal to "
                    f"{'their' if _plural(subject) else 'its'} mana value"
                )
            if reading.turn:
                during = "your turn" if reading.turn == "yours" else "turns other than yours"
                return f"during {during}, {text[0].lower()}{text[1:]}"
            return (
                f"as long as {reading.while_text}, {text[0].lower()}{text[1:]}"
                if reading.while_text
                else text
            )
        case SupertypeRemoved(subject, removed):
            return f"{_subject(subject)} {_be(subject)} no longer {removed.lower()}"
        case NotATypeWhile(removed, while_text):
            article = "an" if removed[0] in "AEIOU" else "a"
            return f"as long as {while_text}, ~ isn't {article} {removed.lower()}"
        case ColorChangeReading(subject, colors, chosen, adds, gets):
            added = f" in addition to {'their' if _plural(subject) else 'its'} other colors" if adds else ""
            listed = "the chosen color" if chosen else (_colors(colors) if colors else "colorless")
            pump = f" gets {gets} and" if gets else ""
            return f"{_subject(subject)}{pump} {_be(subject)} {listed}{added}"
        case PowerChangeReading(subject, change, each=LandTypesAmong(among)):
            verb = "get" if _plural(subject) else "gets"
            return f"{_subject(subject)} {verb} {change} for each basic land type among {among.words()}"
        case PowerChangeReading(subject, change, each=CountOf(what)):
            verb = "get" if _plural(subject) else "gets"
            return f"{_subject(subject)} {verb} {change} for each {what.words()}"
        case PowerChangeReading(subject, change, keywords, _, condition, of_condition=True):
            has = f" and has {_listed(keywords)}" if keywords else ""
            return f"as long as {condition}, it gets {change}{has}"
        case PowerChangeReading(subject, change, keywords, _, condition) if condition and keywords:
            verb = "get" if _plural(subject) else "gets"
            text = f"{_subject(subject)} {verb} {change} and {_has(subject)} {_listed(keywords)}"
            return f"as long as {condition}, {text[0].lower()}{text[1:]}"
        case PowerChangeReading(subject, change, keywords, _, condition) if condition:
            verb = "get" if _plural(subject) else "gets"
            return f"{_subject(subject)} {verb} {change} as long as {condition}"
        case PowerChangeReading(subject, change, keywords):
            has = f" and {_has(subject)} {_listed(keywords)}" if keywords else ""
            return f"{_subject(subject)} {'get' if _plural(subject) else 'gets'} {change}{has}"
        case KeywordGrantReading(what, keywords, caster) if caster:
            return f"{_subject(what)} {caster} {_has(what)} {_listed(keywords)}"
        case KeywordGrantReading(what, keywords):
            return f"{_subject(what)} {_has(what)} {_listed(keywords)}"
        case BecomesWithOnly(what, types, ability, colorless, other_card_types):
            words = ("colorless " if colorless else "") + " ".join(
                t.lower() if t in CARD_TYPES else t for t in types
            )
            article = "an" if words[:1].lower() in "aeiou" else "a"
            if other_card_types:  # (Imprisoned in the Moon's: the quoted ability ends with its period)
                lost = "and loses all other card types and abilities"
                return f'{_subject(what)} {_be(what)} {article} {words} with "{ability}" {lost}'
            lost = "and it loses all other abilities"
            return f'{_subject(what)} {_be(what)} {article} {words} with "{ability}," {lost}'
        case BecomesColorless(what, types):
            words = " ".join(t.lower() if t in CARD_TYPES else t for t in types)
            return f"{_subject(what)} {_be(what)} a colorless {words}"
        case GrantReading(what, ability, condition):
            text = f'{_subject(what)} {"have" if _plural(what) else "has"} "{ability}"'
            return f"as long as {condition}, {text[0].lower()}{text[1:]}" if condition else text
        case GrantedWhile(condition, ability, keywords):
            granted = f"{', '.join(keywords)} and " if keywords else ""
            return f'as long as {condition}, it has {granted}"{ability}"'
        case KeywordsWhile(keywords, what=what, turn=turn) if turn and what is not None:
            return f"during your turn, {what.words()} have {_listed(keywords)}"
        case KeywordsWhile(keywords, condition, both_paired=True):
            return f"as long as {condition}, both creatures have {_listed(keywords)}"
        case KeywordsWhile(keywords, condition) if not condition:
            return f"~ has {_listed(keywords)}"
        case KeywordsWhile(keywords, condition):
            return f"~ has {_listed(keywords)} as long as {condition}"
        case PoolsDontEmpty():
            return "mana pools don't empty as steps and phases end"
        case KeepUnspent(who, color):
            verb = "doesn't" if who == "each player" else "don't"
            kind = f"{_COLOR_NAMES[color]} " if color else ""
            return f"{who} {verb} lose unspent {kind}mana as steps and phases end"
        case UnspentBecomes(who, becomes):
            kind = "colorless" if becomes == "C" else _COLOR_NAMES[becomes]
            return f"if {who} would lose unspent mana, that mana becomes {kind} instead"
        case (
            OwnCostForEach()
            | OwnCostIfBargained()
            | OwnCostPerSacrificed()
            | OwnCostForTurnFact()
            | OwnCostIfOpponentCast()
            | OwnCostPerSpellCast()
            | OwnCostIfOpponentGraveyard()
            | OwnCostWhereX()
            | OwnCostCounted()
            | OwnCostChange()
            | OwnReductionMost()
        ):
            return own_cost_text(reading)
        case SpellsCost(what, symbols, more, caster, per_other):
            cast = f" {caster}" if caster else ""
            verb = "costs" if caster == "a player casts" else "cost"
            each = " for each other spell that player has cast this turn" if per_other else ""
            if reading.per_counter:
                on = "you have" if reading.per_counter_yours else "on ~"
                each = f" for each {reading.per_counter} counter {on}"
            if reading.per_object is not None:
                each = f" for each {reading.per_object.words()}"
            if reading.per_target:
                each = " for each target"
            if reading.where_x is not None:
                each = f", where X is {quantity_text(reading.where_x)}"
            spells = _subject(what)
            if reading.minimum_total:  # (Trinisphere's: the least mana the total cost asks for)
                least = reading.minimum_total
                said = (
                    f"{spells}{cast} that would cost less than {least} mana to cast cost {least} mana to cast"
                )
                return (
                    f"as long as {reading.while_text}, {said[0].lower()}{said[1:]}"
                    if reading.while_text
                    else said
                )
            if reading.nth:
                ordinal = "first" if reading.nth == 1 else "second"
                changed = "more" if more else "less"
                turn = "during each of your turns" if reading.turn == "yours" else "each turn"
                said = f"the {ordinal} {what.words()}{cast} {turn} costs {symbols} {changed} to cast"
                flash = " and can be cast as though it had flash" if reading.as_though_flash else ""
                return said + each + flash
            if reading.off_turn:
                each += " except during its controller's turn"
            if reading.while_text:
                each += f" as long as {reading.while_text}"
            if reading.cast_from_excluded:
                cast += " from anywhere other than your hand"
            elif reading.cast_from:
                cast += " " + " or ".join(f"from {_CAST_ZONES[zone]}" for zone in reading.cast_from)
            if reading.targets_source:
                cast += " that target ~"
            if reading.shares_creature_type:
                cast += " that share a creature type with ~"
            if reading.shares_exiled_card_type:
                cast += " that share a card type with the exiled card"
            if reading.has_adventure:
                cast += " that have an Adventure"
            if reading.power_at_least is not None:
                cast += f" with power {reading.power_at_least} or greater"
            if reading.per_targeted is not None:
                each = f" for each {reading.per_targeted.words()} it targets"
            if reading.per_chosen_color:
                each = " for each of the chosen colors it is"
            if reading.this_turn:
                each += " this turn"
            turns = {"yours": "during your turn, ", "others": "during turns other than yours, "}
            said = f"{spells}{cast} {verb} {symbols} {'more' if more else 'less'} to cast{each}"
            return turns[reading.turn] + said[0].lower() + said[1:] if reading.turn else said
        case CastBySourceCost(symbols, more, copy):
            spell = "that copy costs" if copy else "each spell cast this way costs"
            return f"{spell} {symbols} {'more' if more else 'less'} to cast"
        case CommanderCostPerCast(symbols, more):
            changed = "more" if more else "less"
            return (
                f"your commander costs {symbols} {changed} to cast for each time it's been cast from the "
                "command zone this game"
            )
        case SpecialActionCosts("morph", symbols, more):
            return f"all morph costs cost {symbols} {'more' if more else 'less'}"
        case SpecialActionCosts(_, symbols, more):
            return f"plotting cards from your hand costs {symbols} {'more' if more else 'less'}"
        case SpellsAndAbilitiesCost(spells, abilities):
            said = _static_text(spells)
            return f"{said} and {_abilities_cost_words(abilities)}"
        case SpendAsThoughReading(who, as_kind, kind, only, uses):
            named = {"": "", "C": "colorless ", "other": "other "}
            spent = named[kind] if kind in named else f"{_COLOR_NAMES[kind]} "
            target = _as_kind(as_kind)
            tail = f" {uses.uses_text()}" if uses is not None else ""
            return f"{who} may spend {spent}mana {'only ' if only else ''}as though it were {target}{tail}"
        case OneCardPermission(as_kind, card):
            return f"you may spend mana as though it were mana of any {as_kind} to cast {card}"
        case CastBanReading(spells, opponents, your_turn, everyone, zones, most, values, chosen_color):
            terms = reading.terms
            who = _ban_head(terms, "each player" if everyone else "your opponents" if opponents else "you")
            if reading.named is SpellName.THAT_CREATURE:
                who = "that creature's owner"  # (Reflector Mage's)
            if most == 1 and spells != SpellsGranted():  # (Ethersworn Canonist's)
                kind = " ".join(spells.kind_words())
                return (
                    f"each player who has cast {count_words(1, kind)} {kind} spell this turn can't cast "
                    f"additional {kind} spells"
                )
            if most == 1:
                return f"{who} can't cast more than one spell each turn"
            words = " ".join((*spells.kind_words(), "spells")) + values.words()
            if terms.mana_value_above is not None:
                counted = terms.mana_value_above.words(plural=True)
                words += f" with mana value greater than the number of {counted} that player controls"
            words += " of the chosen color" if chosen_color else ""
            words += " of the chosen type" if reading.chosen_type else ""
            words += reading.named.words() if reading.named is not None else ""
            if reading.shares_last_color:
                words += " that share a color with the spell most recently cast this turn"
            passive = reading.x_in_cost or reading.chosen_number or reading.chosen_word
            if passive:  # (read in the passive only: 'Noncreature spells with {X} in their mana costs ...')
                words += " with {X} in their mana costs" if reading.x_in_cost else ""
                words += " with mana value equal to the chosen number" if reading.chosen_number else ""
                words += " with the chosen word in their text box" if reading.chosen_word else ""
                return f"{words[0].upper()}{words[1:]} can't be cast"
            after = terms.combat and not terms.abilities  # (else first: :func:`_ban_head`)
            when = " during your turn" if your_turn else " during combat" if after else ""
            also = " or activate abilities that aren't mana abilities" if terms.abilities else ""
            return f"{who} can't cast {words}{_zones_words(zones)}{when}{also}"
        case LandPlayBanReading(opponents, everyone, excluded, named, zones, _terms, while_after):
            who = _ban_head(
                reading.terms, "each player" if everyone else "your opponents" if opponents else "you"
            )
            kinds = "".join(f"non{word.lower()} " for word in excluded)
            named_words = named.words() if named is not None else ""
            while_words = f" as long as {while_after}" if while_after else ""
            return f"{who} can't play {kinds}lands{named_words}{_zones_words(zones)}{while_words}"
        case TimingLimitReading(opponents, everyone, spells, abilities, sorcery):
            who = "each player" if everyone else "your opponents" if opponents else "you"
            timed = (["cast spells"] if spells else []) + (["activate abilities"] if abilities else [])
            window = "any time they could cast a sorcery" if sorcery else "during their own turns"
            return f"{who} can {' and '.join(timed)} only {window}"
        case CostPaymentBanReading(opponents, everyone, life, sacrificed, spells, abilities):
            who = "each player" if everyone else "your opponents" if opponents else "you"
            payments = (["pay life"] if life else []) + (
                [] if sacrificed is None else [f"sacrifice {sacrificed.words(plural=True)}"]
            )
            banned_uses = (["cast spells"] if spells else []) + (["activate abilities"] if abilities else [])
            return f"{who} can't {' or '.join(payments)} to {' or '.join(banned_uses)}"
        case OthersEnterTappedReading(what, played=True):
            unsaid = replace(what, nouns=tuple(replace(n, controller=Controller.UNSAID) for n in what.nouns))
            return f"{unsaid.words(plural=True)} played by your opponents enter the battlefield tapped"
        case OthersEnterTappedReading(what, _, untapped, while_self):
            head = f"as long as ~ is {while_self}, " if while_self else ""
            state = "untapped" if untapped else "tapped"
            return f"{head}{what.words(plural=True)} enter the battlefield {state}"
        case ActivationBanReading(what):
            return f"activated abilities of {what.words(plural=True)} can't be activated"
        case AbilitiesOfExiledReading(_, counter) if counter:
            cards = f"all cards you own in exile with {counter} counters on them"
            return f"~ has all activated abilities of {cards}"
        case ThoseOnceEachTurn():
            return "you may activate each of those abilities only once each turn"
        case AbilitiesOfExiledReading(types) if types:
            kinds = " ".join(t.lower() for t in types)
            return f"~ has all activated abilities of all {kinds} cards exiled with ~"
        case AbilitiesOfExiledReading():
            return "~ has all activated abilities of the exiled card"
        case AbilitiesOfReading(what, sources):
            shared = f"all activated abilities of all {sources.words(plural=True)}"
            return f"~ has {shared}" if what is None else f"{_subject(what)} {_has(what)} {shared}"
        case AbilityLossReading(what, _, base, types, colors, adds, gets, name=name) if types:
            colored = "colorless " if colors == "" else f"{_colors(colors).lower()} " if colors else ""
            words = " ".join(t.lower() if t in CARD_TYPES else t for t in types)
            added = " in addition to its other types" if adds else f" named {name}" if name else ""
            pt = f"{base[0]}/{base[1]}" if base else ""
            return (
                f"{_subject(what)} loses all abilities and {_be(what)} a {colored}{words} with base power "
                f"and toughness {pt}{added}"
            )
        case AbilityLossReading(what, _, _, _, _, _, gets) if gets:
            return f"{_subject(what)} gets {gets} and loses all abilities"
        case ActivateAsThough(what, keyword):
            those = _type_words(what.nouns[0].types[:1]).lower()  # ('those creatures': the type echoed)
            of = what.words(plural=True)
            return f"you may activate abilities of {of} as though those {those} had {keyword}"
        case AbilityLossReading(what, stays_tapped=True):
            return f"{what.words(plural=True)} lose all abilities and can't become untapped"
        case LinkedLoss():
            return "it loses all abilities for as long as ~ remains on the battlefield"
        case ItLosesAbilities(keywords):
            return (
                f"it has {_listed(keywords)} and loses all other abilities"
                if keywords
                else "it loses all abilities"
            )
        case AbilityLossReading(what, except_mana, base):
            kept = " except mana abilities" if except_mana else ""
            pt = f" and have base power and toughness {base[0]}/{base[1]}" if base else ""
            return f"{what.words(plural=True)} lose all abilities{kept}{pt}"
        case AbilitiesCostReading():
            return _abilities_cost_words(reading)
        case SelfTapDamage(damage):
            return f"whenever ~ becomes tapped, it deals {damage} damage to you"
        case TappedForManaDamage(tapped, damage, to):
            return f"whenever {tapped.words()}, ~ deals {damage} damage to {to}"
        case BecomesTappedDamage(what, damage, activations=True):
            return (
                f"whenever {what.words()} becomes tapped or a player activates an ability of {what.words()}"
                f" without {{T}} in its activation cost, ~ deals {damage} damage to its controller"
            )
        case BecomesTappedDamage(what, damage, life_loss, destroys=True):
            hurt = f" and ~ deals {damage} damage to that permanent's controller" if damage else ""
            return f"when {what.words()} becomes tapped, destroy it{hurt}"
        case BecomesTappedDamage(what, damage, life_loss):
            hurt = (
                f"its controller loses {damage} life"
                if life_loss
                else f"~ deals {damage} damage to its controller"
            )
            return f"whenever {what.words()} becomes tapped, {hurt}"
        case SameIsTrueForTypes(types):
            return (
                f"the same is true for {_listed(tuple(lexicon.plural_forms(t)[-1].lower() for t in types))}"
            )
        case SameIsTrueForKeywords(keywords):
            return f"the same is true for {_listed(keywords)}"
        case SameIsTrue(spells_yours, cards, nonland):
            kind = f"{reading.spell_type.lower()} " if reading.spell_type else ""
            text = f"the same is true for {kind}spells" + (" you control" if spells_yours else "")
            if cards:
                owned = " you own" if cards == "you" else ""
                card_kind = (
                    "nonland " if nonland else f"{reading.card_type.lower()} " if reading.card_type else ""
                )
                text += f" and {card_kind}cards{owned} that aren't on the battlefield"
            return text
        case OnlyColored(color):
            kind = _COLOR_NAMES[color] if color else "colored"
            return f"this effect reduces only the amount of {kind} mana you pay"
        case OptionalLifeForSpells(what, life):
            return f"as an additional cost to cast {_subject(what)}, you may pay {life} life"
        case ThoseCostIfLifePaid(symbols, more):
            return (
                f"those spells cost {symbols} {'more' if more else 'less'} to cast if you paid life this way"
            )
        case ReductionFloor(least):
            words = {1: "one"}.get(least, _NUMBER_WORDS.get(least, str(least)))
            return f"this effect can't reduce the mana in that cost to less than {words} mana"
        case DoubleUnspent():
            return "double the amount of each type of unspent mana you have"
        case DevotionIncreased(amount):
            words = {1: "one"}.get(amount, _NUMBER_WORDS.get(amount, str(amount)))
            return f"your devotion to each color and each combination of colors is increased by {words}"
        case AdditionalLandPlays(count, who, while_text):
            lands = {1: "an additional land"}.get(
                count, f"{_NUMBER_WORDS.get(count, count)} additional lands"
            )
            whose = "your" if who == "you" else "their"
            head = f"as long as {while_text}, " if while_text else ""
            return f"{head}{who} may play {lands} on each of {whose} turns"
        case LifeForManaReading(symbol, life):
            return f"for each {symbol} in a cost, you may pay {life} life rather than pay that mana"
        case UnspentCostsLife():
            return "a player losing unspent mana causes that player to lose that much life"
        case LifePaidByExile():
            return (
                "if you would pay life while your library has at least that many cards in it, exile that "
                "many cards from the top of your library instead"
            )
    raise AssertionError(reading)  # pragma: no cover


def _abilities_cost_words(reading: AbilitiesCostReading) -> str:
    """The words of a change of activated abilities' costs, as the grammar reads them.

    >>> from models.oracle.grammar import parse_static
    >>> _abilities_cost_words(parse_static("Exhaust abilities of other permanents you control cost {2} less "
    ...     "to activate"))
    'exhaust abilities of other permanents you control cost {2} less to activate'
    >>> _abilities_cost_words(parse_static("Abilities you activate that aren't mana abilities cost {2} less "
    ...     "to activate"))
    "abilities you activate that aren't mana abilities cost {2} less to activate"
    """
    changed = "more" if reading.more else "less"
    cost = f"cost {'up to ' if reading.up_to else ''}{reading.symbols} {changed} to activate"
    if reading.where_x is not None:
        cost += f", where X is {quantity_text(reading.where_x)}"
    if reading.non_mana and reading.yours:
        return f"abilities you activate that aren't mana abilities {cost}"
    if reading.non_mana and reading.opponents:
        return f"abilities your opponents activate {cost} unless they're mana abilities"
    if reading.non_mana:
        return f"activated abilities {cost} unless they're mana abilities"
    if reading.first_each_turn and reading.what is not None:
        cost = cost.replace("cost ", "costs ", 1)
        return f"the first activated ability of {reading.what.words(1)} you activate each turn {cost}"
    kind = f"{reading.keyword} abilities" if reading.keyword else "activated abilities"
    if reading.own and reading.targeting is not None:
        cost = cost.replace("cost ", "costs ", 1)
        return f"~'s {reading.keyword} ability {cost} if it targets a {reading.targeting.words()}"
    if reading.keywords_granted is not None:
        what, granted = reading.keywords_granted
        return (
            f"as long as {reading.while_text}, {what.words(plural=True)} have {granted} and "
            f"{reading.keyword} abilities you activate {cost}"
        )
    if reading.what is None:
        targeting = " that target ~" if reading.targets_self else ""
        return f"{kind} you activate{targeting} {cost}"
    return f"{kind} of {reading.what.words(plural=True)} {cost}"


def _as_kind(as_kind: str) -> str:
    if as_kind in ("color", "type"):
        return f"mana of any {as_kind}"
    return "colorless mana" if as_kind == "C" else f"{_COLOR_NAMES[as_kind]} mana"
