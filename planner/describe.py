"""Plans and cards in a player's words: what a card makes, what its abilities cost, what a payment left open.

The command line prints these; the Python API and the service may too. Nothing here decides anything: it
reads the parser's and the planner's answers and says them in English.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from models.abilities import (
    Amount,
    AmountKind,
    ManaAbility,
    ManaOutput,
    ObjectFilter,
    OutputKind,
    PaletteKind,
    Who,
)
from models.board import Board, Permanent
from models.catalogue import CardData
from models.cost import ManaCost
from models.layer_effects import ColorChange, GainAbilitiesOf, GrantAbility, TypeChange
from models.mana import ALL_COLORS, ALL_TYPES, ManaTypes
from models.mana_effects import (
    NO_BAN_TERMS,
    ActivationBan,
    CastBan,
    CastRider,
    CostModifier,
    GrantedAlternativeCost,
    ManaTrigger,
    ProductionReplacement,
    ReplacementKind,
    SpellKeywords,
    SpendAsThough,
    StaticEffect,
    TapDamage,
    TriggerEvent,
    UnspentManaEffect,
    UnspentMode,
)
from models.oracle import ParsedText, lexicon, reads_imprinted_colors
from planner.answer import PayResult
from planner.rules.eligibility import why_not_activatable
from planner.rules.own_counts import OWN_COUNTS
from planner.rules.view import CARD_CONTROLLER, CARD_ID, card_view
from planner.solve.problem import BoardAnalysis

__all__ = ["card_details", "card_summary", "format_details", "makes_summary", "still_open", "with_article"]


def _alone(card: CardData) -> tuple[ParsedText, tuple[ManaAbility, ...]]:
    """A card's parsed text, and its mana abilities on an otherwise empty battlefield.

    The second includes the abilities its basic land types give it (CR 305.6), e.g. a Forest's, and those
    that read the colors of the card exiled with it, which a card alone has not chosen (Chrome Mox's).
    """
    view = card_view(Permanent.of_card(card, CARD_ID, CARD_CONTROLLER))
    parsed, kept = view.parsed[CARD_ID], view.mana_abilities(CARD_ID)
    imprint = tuple(a for a in parsed.mana_abilities if reads_imprinted_colors(a) and a not in kept)
    return parsed, kept + imprint


def makes_summary(card: CardData) -> str:
    """What a card makes, in a few words: its mana abilities' outputs, or else its kinds of effect."""
    parsed, abilities = _alone(card)
    if abilities:
        return "; ".join(dict.fromkeys(_ability_summary(a) for a in abilities))
    if parsed.effects:
        return ", ".join(dict.fromkeys(f"[{_effect_kind(e).replace('_', ' ')}]" for e in parsed.effects))
    return "-"


def card_summary(card: CardData) -> dict[str, Any]:
    return {
        "name": card.name,
        "type_line": card.type_line,
        "mana_cost": card.mana_cost,
        "makes": makes_summary(card),
    }


# ---- short summaries ("G", "any color", "WU (choice)")


def _ability_summary(ability: ManaAbility) -> str:
    text = _output_summary(ability.output)
    for _, alternative in ability.conditional:
        text += f" (or {_output_summary(alternative)} if ...)"
    if ability.restriction is not None:
        text += " (restricted)"
    return text


_IMPRINTED_WORDS = "any of the exiled card's colors"
_GRAVEYARD_WORDS = "a color of a card in your graveyard"
#: The palettes described in words of their own (no 'any one' before them).
_NAMED_PALETTES = ("the chosen color", "that color", _IMPRINTED_WORDS, _GRAVEYARD_WORDS)


def _output_summary(output: ManaOutput) -> str:
    amount = output.amount
    if output.kind is OutputKind.FIXED:
        text = "".join(t.letter for t in output.options[0].units())
        return text + _times(amount)
    if output.kind is OutputKind.CHOICE:
        if all(option.total == 1 for option in output.options):
            letters = ManaTypes.of(t for option in output.options for t in option.units())
            return f"{letters} (choice)" + _times(amount)
        return (
            "/".join("".join(t.letter for t in o.units()) for o in output.options)
            + " (choice)"
            + _times(amount)
        )
    palette = output.palette
    if palette.kind is PaletteKind.TYPES:
        where = {ALL_COLORS: "color", ALL_TYPES: "type"}.get(palette.types, f"of {palette.types}")
    else:
        where = {
            PaletteKind.COMMANDER: "color in your commander's identity",
            PaletteKind.CHOSEN_COLOR: "the chosen color",
            PaletteKind.REFLECT: "type "
            + " or ".join(with_article(f.describe()) for f in palette.among)
            + " could make",
            PaletteKind.REFLECT_SACRIFICED: "type the sacrificed permanent could make",
            PaletteKind.REFLECT_UNTAPPED: "type the untapped land could make",
            PaletteKind.COLORS_AMONG: "color among " + " or ".join(f.describe() for f in palette.among),
            PaletteKind.PRODUCED: "type that permanent made",
            PaletteKind.SAME_AS_TRIGGER: "that color",
            PaletteKind.IMPRINTED_COLORS: _IMPRINTED_WORDS,
            PaletteKind.NOTED_TYPE: "type it last noted",
            PaletteKind.GRAVEYARD_COLORS: _GRAVEYARD_WORDS,
            PaletteKind.CRAFTED_COLORS: "color among the cards it was crafted with",
            PaletteKind.DRAFTED_COLORS: "color chosen as its cards were drafted",
        }[palette.kind]
        if palette.kind is PaletteKind.REFLECT and palette.types == ALL_COLORS:
            where = "color" + where.removeprefix("type")
    if output.kind is OutputKind.EACH_TYPE:
        return f"one of each {where}"
    if not amount.is_constant:
        one = where if where in _NAMED_PALETTES else "any one " + where.removeprefix("of ")
        return f"{one}{_times(amount)}"
    count = amount.constant
    if output.kind is OutputKind.COMBINATION:
        return f"{count} in any combination of {'colors' if palette.types == ALL_COLORS else palette.types}"
    if where in _NAMED_PALETTES:
        return where if count == 1 else f"{count} of {where}"
    return ("any " if count == 1 else f"{count} of any one ") + where.removeprefix("of ")


def _times(amount: Amount) -> str:
    if amount.is_constant:
        return "" if amount.constant == 1 else f" x{amount.constant}"
    return " per " + _count_words(amount).removeprefix("#")


def _count_words(amount: Amount) -> str:
    """A board-dependent amount in a few words ('creature you control', 'charge counter')."""
    prefix = f"{amount.multiplier}x " if amount.multiplier != 1 else ""
    if amount.kind is AmountKind.COUNT and amount.filter is not None:
        return prefix + amount.filter.describe()
    if amount.kind is AmountKind.SAME_NAME and amount.filter is not None:
        return f"{prefix}other {amount.filter.describe()} with the same name as it"
    if amount.kind is AmountKind.COUNTERS:
        return f"{prefix}{amount.counter} counter on it"
    if amount.kind is AmountKind.DEVOTION:
        return prefix + "devotion to " + (str(amount.colors) if amount.colors else "that color")
    if amount.kind is AmountKind.DRAWN:
        return prefix + "card drawn this turn"
    return prefix + str(amount.constant)


# ---- one card in detail


def card_details(card: CardData) -> dict[str, Any]:
    """Everything the parser read from one card, as JSON-ready data (also what the readable view shows)."""
    parsed, abilities = _alone(card)
    # (a family's abilities, one for each number chosen as its cost is paid, have its text: not intrinsic)
    printed = {ability.text for ability in parsed.mana_abilities}
    intrinsic = [a for a in abilities if a not in parsed.mana_abilities and a.text not in printed]
    mana_cost = ManaCost.parse(card.mana_cost) if card.mana_cost else None
    return {
        "name": card.name,
        "type_line": card.type_line,
        "mana_cost": card.mana_cost,
        "mana_value": mana_cost.mana_value if mana_cost is not None else 0,
        "color_indicator": card.color_indicator,
        "token": card.token,
        "oracle": card.oracle,
        "mana_abilities": [_ability_json(a) for a in parsed.mana_abilities],
        "intrinsic_mana_abilities": [_ability_json(a) for a in intrinsic],
        "effects": [
            {"kind": _effect_kind(e), "text": e.text, "summary": _effect_summary(e)} for e in parsed.effects
        ],
        "keywords": sorted(parsed.keywords),
        "choices_needed": list(parsed.choices_needed),
        "ignored": list(parsed.ignored),
        "unsupported": list(parsed.unsupported),
    }


def _ability_json(ability: ManaAbility) -> dict[str, Any]:
    return {
        "text": ability.text,
        "cost": ability.cost.describe(),
        "output": ability.output.describe(),
        "makes": _ability_summary(ability),
        "conditional": [
            {"if": condition.describe(), "output": output.describe()}
            for condition, output in ability.conditional
        ],
        "restriction": ability.restriction.text if ability.restriction is not None else None,
        "riders": list(ability.riders),
        "self_damage": ability.self_damage,
        "self_damage_unless": (
            ability.damage_unless.describe() if ability.damage_unless is not None else None
        ),
        "life_loss": ability.life_loss,
        "sacrifice_when_no_counters": ability.sacrifice_when_empty or None,
        "activation_condition": (
            ability.activation_condition.describe() if ability.activation_condition is not None else None
        ),
        "taps_for_mana": ability.taps_for_mana,
    }


_EFFECT_KINDS: dict[type, str] = {
    GrantAbility: "grant",
    ProductionReplacement: "replacement",
    ManaTrigger: "trigger",
    UnspentManaEffect: "unspent_mana",
}


def _effect_kind(effect: StaticEffect) -> str:
    """A short name for the kind of effect: 'trigger', 'type_change', ... (the class name otherwise)."""
    name = type(effect).__name__
    return _EFFECT_KINDS.get(type(effect)) or re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


_WHO = {Who.YOU: "you", Who.OPPONENTS: "an opponent", Who.ANY: "a player"}
_TAPS = {Who.YOU: "you tap", Who.OPPONENTS: "an opponent taps", Who.ANY: "a player taps"}
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


#: What a spell's own cost reduction counts of the turn or the board
#: (``planner.rules.cost_change_counts.turn_fact``).
_TURN_FACT_WORDS = {
    AmountKind.SACRIFICED_TYPES: "for each card type among permanents you've sacrificed this turn",
    AmountKind.DIED_THIS_TURN: "for each creature that died this turn",
    AmountKind.OPPONENT_GRAVEYARD: "if an opponent has {N} or more cards in their graveyard",
    AmountKind.YOUR_TURN: "as long as it's your turn",
    AmountKind.OPPONENT_SPELLS: "if an opponent cast {N} or more spells this turn",
}


#: The events of the turn a spell's own cost change asks for (``planner.rules.turn_facts``), {N} at least.
_TURN_EVENT_WORDS = {
    AmountKind.OPPONENT_LOST_LIFE: "an opponent lost life this turn",
    AmountKind.ATTACKED_WITH: "you attacked with {N} or more creatures this turn",
    AmountKind.CRIME: "you've committed a crime this turn",
    AmountKind.LEFT_GRAVEYARD: "{N} or more cards left your graveyard this turn",
    AmountKind.SACRIFICED: "you've sacrificed {N} or more such permanents this turn",
}


#: How a spell's own '{X} less, where X is ...' counts on its caster's permanents.
_OWN_AMOUNT_WORDS = {AmountKind.TOTAL_MANA_VALUE: "the total mana value of each"}


def _base_pt(effect: TypeChange) -> str:
    """The base power and toughness a type change sets (layer 7b), said as not applied, or ''."""
    if effect.base_mana_value:
        return ", with base power and toughness each equal to its mana value"
    if effect.base_pt is None:
        return ""
    power, toughness = effect.base_pt
    return f", with base power and toughness {power}/{toughness} (not applied to what reads a power)"


def _effect_summary(effect: StaticEffect) -> str:
    """One readable line saying what a static, triggered or replacement effect does to mana."""
    if isinstance(effect, CastBan):
        who = "each player" if effect.everyone else "your opponents" if effect.opponents else "you"
        terms = f" ({effect.terms.describe()})" if effect.terms != NO_BAN_TERMS else ""
        if effect.most is not None:
            return f"{who} can't cast more than {effect.most} spell{'s' * (effect.most > 1)} each turn{terms}"
        kind = " ".join(effect.spells.kind_words())
        when = " during your turn" if effect.your_turn else ""
        where = f" from {' or '.join(sorted(effect.zones))}" if effect.zones is not None else ""
        values = effect.mana_values.words() + (" of the chosen color" if effect.chosen_color else "")
        values += (" of the chosen type" if effect.chosen_type else "") + (
            effect.named.words() if effect.named is not None else ""
        )
        values += " with {X} in their mana costs" if effect.x_in_cost else ""
        values += " with mana value equal to the chosen number" if effect.chosen_number else ""
        values += " with the chosen word in their text box" if effect.chosen_word else ""
        if effect.shares_last_color:
            values += " that share a color with the spell most recently cast this turn"
        return f"{who} can't cast {kind + ' ' if kind else ''}spells{values}{where}{when}{terms}"
    if isinstance(effect, ActivationBan):
        return f"no activated ability of {with_article(effect.affected.describe())} can be activated"
    if isinstance(effect, TypeChange) and effect.sets_types is not None and not effect.sets_types.card_types:
        # ('Enchanted creature is a Chicken ...': CR 205.1b)
        named = with_article(" ".join(effect.sets_types.subtypes))
        return f"{_each(effect.affected)} is {named} (its subtypes of that kind replaced)"
    if (
        isinstance(effect, TypeChange)
        and effect.sets_types is not None
        and not effect.loses_abilities
        and not set(effect.sets_types.subtypes) & set(lexicon.LAND_TYPES)
    ):
        # ('... loses all abilities and is a blue Frog creature ...': the loss is an effect of its own)
        named = f", named {effect.name} (its other names lost)" if effect.name else ""
        return f"{_each(effect.affected)} is {effect.sets_types} (its card types and subtypes set){named}"
    if isinstance(effect, TypeChange) and effect.sets_types is not None:
        lost = "its card types and subtypes"
        if effect.keeps_subtypes:
            lost = "its card types, its subtypes of those kept"
        if effect.loses_abilities:
            lost += ", its other abilities lost"
        return f"{_each(effect.affected)} is {effect.sets_types} ({lost}){_base_pt(effect)}"
    if isinstance(effect, TypeChange) and effect.removes_card_types:
        removed = " or ".join(with_article(t.lower()) for t in effect.removes_card_types)
        held = ""
        if effect.devotion is not None:
            colors = " and ".join(_type_words(ManaTypes(c)) for c in effect.devotion.colors)
            held = f" as long as your devotion to {colors} is less than {effect.devotion_below}"
        return f"{_each(effect.affected)} isn't {removed}{held}"
    if (
        isinstance(effect, TypeChange)
        and effect.subtypes
        and set(effect.subtypes) == set(lexicon.CREATURE_TYPES)
    ):
        return f"{_each(effect.affected)} is also every creature type"
    if isinstance(effect, TypeChange) and effect.chosen_creature and not effect.subtypes:
        return f"{_each(effect.affected)} is also the chosen creature type"
    if isinstance(effect, TypeChange) and (effect.subtypes or effect.card_types):
        # ('a Knight', 'an artifact', 'a Forest land': the subtypes before the card types, as Oracle has them)
        subtypes = " and ".join((*effect.subtypes, *effect.land_types))
        card_types = " and ".join(t.lower() for t in effect.card_types)
        supertypes = " ".join(t.lower() for t in effect.supertypes)  # ('a legendary Soldier')
        made = with_article(f"{supertypes} {subtypes} {card_types}".strip())
        return f"{_each(effect.affected)} is also {made}{_base_pt(effect)}"
    if isinstance(effect, TypeChange):
        chosen = "the second chosen basic land type" if effect.second_chosen else "the chosen basic land type"
        types = " ".join(effect.land_types) or chosen
        how = f"also {types}" if effect.adds else f"{types} (replacing its land types and their abilities)"
        return f"{_each(effect.affected)} is {how}"
    if isinstance(effect, ColorChange):
        return _color_change_summary(effect)
    if isinstance(effect, GainAbilitiesOf):
        return f"{_each(effect.affected)} has the activated abilities of {_each(effect.sources)}"
    if isinstance(effect, GrantAbility):
        ability = effect.ability
        where = "while this card is in your graveyard, " if effect.from_graveyard else ""
        if effect.condition is not None:
            where = f"as long as {effect.condition.describe()}, "
        return (
            f"{where}{_each(effect.affected)} has '{ability.text}' "
            f"(cost {ability.cost.describe()}; makes {ability.output.describe()})"
        )
    if isinstance(effect, ProductionReplacement):
        how_much = f"{effect.min_amount} or more mana" if effect.min_amount > 1 else "mana"
        if effect.kind is ReplacementKind.MULTIPLY:
            result = f"{effect.factor} times as much"
        elif effect.kind is ReplacementKind.SET_MANA:
            chosen = f"{effect.colors_chosen} mana of a color of your choice" if effect.colors_chosen else ""
            made = " and ".join(filter(None, (str(effect.mana) if effect.mana.total else "", chosen)))
            result = f"{made} instead of any other type and amount"
        else:
            result = f"{_type_words(effect.new_type)} mana instead of any other type (amount kept)"
        subject = with_article(effect.affected.describe())
        return f"if {_TAPS[effect.who]} {subject} for {how_much}, it makes {result}"
    if isinstance(effect, ManaTrigger):
        return _trigger_summary(effect)
    if isinstance(effect, UnspentManaEffect):
        whose = "your" if effect.who is Who.YOU else "each player's"
        types = "" if effect.types == ALL_TYPES else f" {_type_words(effect.types)}"
        if effect.mode is UnspentMode.KEEP:
            return f"{whose} unspent{types} mana stays in the pool as steps and phases end"
        becomes = _type_words(ManaTypes(effect.becomes))
        return f"{whose} unspent{types} mana becomes {becomes} instead of emptying"
    if isinstance(effect, CostModifier) and effect.own:
        more = "more" if effect.generic_delta > 0 else "less"
        generic = f"{{{abs(effect.generic_delta)}}}" if effect.generic_delta or not effect.colored else ""
        by = f"{generic}{effect.colored if effect.colored else ''} {more}"
        if effect.amount is not None and (
            effect.amount.kind in OWN_COUNTS or effect.amount.kind is AmountKind.DEVOTION
        ):
            # (the counts only a spell's own cost change reads: its sentence says best what it counts)
            sentence = effect.text.replace("~", "this spell").rstrip(".")
            return sentence[:1].lower() + sentence[1:]
        if effect.amount is not None and effect.amount.kind is AmountKind.PARTY:
            return f"this spell costs {by} to cast for each creature in your party"
        if effect.amount is not None and effect.amount.kind in _TURN_EVENT_WORDS:
            words = _TURN_EVENT_WORDS[effect.amount.kind].replace("{N}", str(effect.at_least or 1))
            return f"this spell costs {by} to cast if {words}"
        if effect.amount is not None and effect.amount.kind in _TURN_FACT_WORDS:
            return f"this spell costs {by} to cast {_TURN_FACT_WORDS[effect.amount.kind]}".replace(
                "{N}", str(effect.amount.constant)
            )
        if effect.amount is not None and effect.amount.kind is AmountKind.SPELLS_CAST:
            assert effect.amount.filter is not None
            cast = effect.amount.filter
            words = " or ".join(t.lower() for t in cast.any_types) if cast.any_types else cast.describe()
            spells = f"{words} spell" if cast != ObjectFilter() else "spell"
            if effect.at_least:  # ('another': every spell cast before it, CR 601.2i)
                return f"this spell costs {by} to cast if you've cast another {spells} this turn"
            return f"this spell costs {by} to cast for each {spells} you've cast this turn"
        if effect.amount is not None and effect.amount.kind is AmountKind.GRAVEYARD:
            assert effect.amount.filter is not None
            cards = effect.amount.filter.describe()
            return f"this spell costs {by} to cast for each {cards} card in your graveyard"
        if effect.amount is not None and effect.amount.kind is AmountKind.ALL_GRAVEYARDS:
            assert effect.amount.filter is not None
            cards = effect.amount.filter.describe()
            many = f"{effect.at_least} or more {cards} cards"
            return f"this spell costs {by} to cast if {many} are in all graveyards"
        if effect.amount is not None and effect.amount.kind is AmountKind.LAND_TYPES:
            assert effect.amount.filter is not None
            lands = effect.amount.filter.describe()
            return f"this spell costs {by} to cast for each basic land type among each {lands}"
        if effect.amount is not None and effect.amount.filter is not None:
            among = effect.amount.filter.describe()
            counted = _OWN_AMOUNT_WORDS.get(effect.amount.kind)
            if counted is None:
                counted, among = "the greatest power of", with_article(among)
            return f"this spell costs {{X}} {more} to cast, X {counted} {among}"
        if effect.for_each is not None and effect.at_least:
            anyone = replace(effect.for_each, controller=Who.ANY).describe()
            return f"this spell costs {by} to cast if you control {with_article(anyone)}"
        each = f" for each {effect.for_each.describe()}" if effect.for_each is not None else ""
        if effect.for_each is not None and effect.for_each.controller is Who.ANY:
            each += " on the battlefield"
        return f"this spell costs {{{abs(effect.generic_delta)}}} {more} to cast{each}"
    if isinstance(effect, CostModifier):
        spells = effect.spells.describe()
        colors = " or ".join(_COLOR_NAMES[t.letter] for t in effect.colors)
        what = " ".join(filter(None, (colors, "" if spells == "permanent" else spells, "spells")))
        if effect.chosen_name:  # (Cheering Fanatic: its choices.card_name)
            what += " with the chosen name"
        if effect.cast_by_source:  # (Lightstall Inquisitor, God-Eternal Kefnet: the question's cast_by)
            what = (
                "copies its ability lets be cast"
                if effect.cast_by_source == "copy"
                else "spells cast by its ability"
            )
        caster = "" if effect.who is Who.ANY else f" {'you' if effect.who is Who.YOU else 'opponents'} cast"
        by = f"{{{abs(effect.generic_delta)}}} {'more' if effect.generic_delta > 0 else 'less'}"
        if effect.colored_more:  # ('{B} more': Derelor)
            by = f"{f'{{{effect.generic_delta}}}' if effect.generic_delta else ''}{effect.colored} more"
        elif effect.colored:  # ('{W}{B} less': Edgewalker, the Defilers)
            by = f"{f'{{{-effect.generic_delta}}}' if effect.generic_delta else ''}{effect.colored} less"
        per = " for each other spell that player cast this turn" if effect.per_other_spell_this_turn else ""
        if effect.amount is not None:
            per = f" for each {effect.amount.counter} counter on it"
            if effect.amount.kind is AmountKind.PLAYER_COUNTERS:
                per = f" for each {effect.amount.counter} counter its controller has"
            if effect.amount.kind is AmountKind.SPELL_NAMED:
                per = " for each card with the spell's name in its caster's graveyard"
            if effect.amount.kind is AmountKind.POWER:  # (Vadrik, Astral Archmage)
                by, per = by.replace("{1}", "{X}"), ", where X is its power"
        if effect.for_each is not None:
            per = f" for each {effect.for_each.describe()}"
            if effect.casters_count:  # (Hum of the Radix)
                per = (
                    f" for each {replace(effect.for_each, controller=Who.ANY).describe()} its caster controls"
                )
        if effect.off_turn:  # (Defense Grid)
            per += " except during its controller's turn"
        if effect.paid_life:  # (the Defilers: the caster's choice, CR 601.2b)
            per += f" if {effect.paid_life} life is paid as an additional cost"
        return f"{what}{caster} cost {by} to cast{per}"
    if isinstance(effect, SpellKeywords):
        spells = effect.spells.describe()
        if effect.any_type:  # ('Instant and sorcery spells': either)
            spells = " or ".join(word.lower() for word in effect.spells.types)
        what = " ".join(filter(None, ("" if spells == "permanent" else spells, "spells")))
        caster = "" if effect.who is Who.ANY else f" {'you' if effect.who is Who.YOU else 'opponents'} cast"
        return f"{what}{caster} have {' and '.join(effect.keywords)}"
    if isinstance(effect, CastRider):
        spells = effect.spells.describe()
        if effect.any_type:  # ('an instant or sorcery spell': either)
            spells = " or ".join(word.lower() for word in effect.spells.types)
        what = " ".join(filter(None, ("" if spells == "permanent" else spells, "spells")))
        caster = "" if effect.who is Who.ANY else f" {'you' if effect.who is Who.YOU else 'opponents'} cast"
        return f"{what}{caster}: '{effect.rider}' is weighed as a rider of their own"
    if isinstance(effect, SpendAsThough):
        types = "other" if effect.others else _type_words(effect.types)
        only = " only" if effect.only else ""
        as_types = _type_words(effect.as_types)
        as_mana = f"mana of {as_types}" if as_types.startswith("any ") else f"{as_types} mana"
        limit = f" {effect.when_paying.text}" if effect.when_paying is not None else ""
        return f"{_WHO[effect.who]} may spend {types} mana{only} as though it were {as_mana}{limit}"
    if isinstance(effect, GrantedAlternativeCost):
        return _granted_cost_summary(effect)
    if isinstance(effect, TapDamage):
        if effect.affected is None:
            return f"whenever it becomes tapped (for mana or not), it deals {effect.damage} damage to you"
        subject = " or ".join(with_article(_permanent_words(each)) for each in effect.descriptions)
        damage = effect.damage
        if effect.for_mana:
            return f"whenever {_TAPS[effect.who]} {subject} for mana, it deals {damage} damage to that player"
        hurt = (
            f"its controller loses {damage} life"
            if effect.life_loss
            else f"it deals {damage} damage to its controller"
        )
        if effect.unless_paid:  # (the player's choice as the trigger resolves, after the payment: CR 603.3)
            hurt += f" unless they pay {effect.unless_paid} when it resolves (weighed as the damage)"
        if effect.destroys:  # (after the payment: the trigger waits, CR 603.3)
            hurt = f"it is destroyed{' and ' + hurt if damage else ''} after the payment"
        return f"whenever {subject} becomes tapped (for mana or not), {hurt}"
    return effect.text


def _permanent_words(flt: ObjectFilter) -> str:
    """A filter's description, 'permanent' after one that names no type ('black permanent').

    >>> black, swamp = ObjectFilter(colors=ManaTypes.parse("B")), ObjectFilter(types=("Swamp",))
    >>> _permanent_words(black), _permanent_words(swamp)
    ('black permanent', 'Swamp')
    """
    words = flt.describe()
    return words if flt.types or flt.any_types or flt.or_types else f"{words} permanent"


def _granted_cost_summary(effect: GrantedAlternativeCost) -> str:
    """What a granted alternative cost lets its controller do, in words.

    >>> from models.oracle import parse_oracle
    >>> (nissa,) = parse_oracle("You may pay eight {E} rather than pay the mana cost for permanent spells "
    ...     "you cast.").effects
    >>> _granted_cost_summary(nissa)
    'you may pay 8 {E} rather than pay the mana cost of permanent spells you cast (CR 118.9)'
    >>> (gwen,) = parse_oracle("Whenever ~ attacks, until end of turn, you may play cards from the top of "
    ...     "your library. If you cast a spell this way, pay life equal to its mana value rather than pay "
    ...     "its mana cost.").effects
    >>> _granted_cost_summary(gwen)  # doctest: +NORMALIZE_WHITESPACE
    'once its trigger resolved this turn, you may pay life equal to its mana value rather than pay the mana
    cost of spells you cast from the top of your library (CR 118.9)'
    """
    cost, spells = effect.cost, effect.cost.spells
    kinds = list(spells.kind_words()) if spells is not None else []
    which = " ".join((*kinds, "spells"))
    where = " from your hand" if spells is not None and spells.from_hand else ""
    where += " from exile" if cost.from_exile else ""  # (Warped Space)
    where += " from the top of your library" if cost.from_library else ""  # (Bolas's Citadel)
    once = "once each turn, " if cost.once_each_turn else ""
    # (Gwenom's: its trigger's effect until end of turn, CR 611.2a)
    once = "once its trigger resolved this turn, " if effect.after_trigger else once
    paid = replace(cost, from_library=False).describe()  # (the zone said once, after the spells)
    if cost.without_mana and not (
        cost.life or cost.life_is_mana_value or cost.energy or cost.sacrifice or cost.exile
    ):
        return f"{once}you may cast {which}{where} without paying their mana costs (CR 118.9)"
    return f"{once}you may {paid} rather than pay the mana cost of {which} you cast{where} (CR 118.9)"


def _color_change_summary(effect: ColorChange) -> str:
    """What a color change does, e.g. 'each permanent is also the chosen color, and so are all spells and all
    cards not on the battlefield'.

    >>> from models.oracle import parse_oracle
    >>> _color_change_summary(parse_oracle("All creatures are black.").effects[0])
    'each creature is black'
    """
    if effect.chosen:
        colors = "the chosen color"
    else:
        colors = " and ".join(_COLOR_NAMES[t.letter] for t in effect.colors) or "colorless"
    subject = "it" if effect.affected.self_only else _each(effect.affected)
    also = "also " if effect.adds else ""
    whose = {Who.YOU: "its controller's", Who.OPPONENTS: "opponents'", Who.ANY: "all"}
    others = [f"{whose[effect.spells]} spells"] if effect.spells is not None else []
    if effect.cards is not None:
        others.append(f"{whose[effect.cards]} cards not on the battlefield")
    rest = f", and so are {' and '.join(others)}" if others else ""
    return f"{subject} is {also}{colors}{rest}"


def _trigger_summary(effect: ManaTrigger) -> str:
    of_types = " of the chosen color" if effect.chosen_color else ""
    if effect.of_types != ALL_TYPES:
        of_types = f" of {_type_words(effect.of_types)}"
    subject = with_article(effect.affected.describe())
    if effect.event is TriggerEvent.LAND_ADDS_MANA:
        when = f"whenever {subject}'s ability makes {_WHO[effect.who]} add mana{of_types}"
    elif effect.event is TriggerEvent.SACRIFICED:
        when = f"whenever a mana ability's cost makes you sacrifice {subject}"
    elif effect.affected.attached or effect.who is Who.ANY:
        when = f"whenever {_each(effect.affected, 'a')} is tapped for mana{of_types}"
    else:
        when = f"whenever {_TAPS[effect.who]} {subject} for mana{of_types}"
    receiver = "its tapper adds" if effect.to_tapper and effect.who is not Who.YOU else "you add"
    return f"{when}, {receiver} {effect.adds.describe()}"


def _type_words(types: ManaTypes) -> str:
    """Mana types as an adjective: 'white', 'colorless', 'W or U', 'any color', 'any type'."""
    if len(types) == 1:
        return _COLOR_NAMES[str(types)]
    named = {ALL_COLORS: "any color", ALL_TYPES: "any type"}
    return named.get(types, " or ".join(t.letter for t in types))


def _each(flt: ObjectFilter, determiner: str = "each") -> str:
    """'each land you control', 'a Forest', 'the enchanted land' for a filter on the attached permanent, or
    'this permanent' for the permanent itself."""
    words = flt.describe()
    if flt.attached:
        return "the enchanted " + words.removeprefix("the enchanted/equipped ")
    if flt.self_only and words == "this permanent":
        return words
    return f"{determiner} {words}" if determiner != "a" else with_article(words)


def with_article(phrase: str) -> str:
    """The phrase with an indefinite article, unless it already starts with a determiner."""
    if phrase.startswith(("the ", "this ", "other ", "each ")):
        return phrase
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def format_details(details: dict[str, Any]) -> str:
    lines = [details["name"], f"  type line:  {details['type_line']}"]
    if details["mana_cost"]:
        lines.append(f"  mana cost:  {details['mana_cost']} (mana value {details['mana_value']})")
    if details["color_indicator"]:
        lines.append(f"  color indicator: {details['color_indicator']}")
    if details["token"]:
        lines.append("  token")
    lines.append("  oracle:" + ("" if details["oracle"] else " (none)"))
    lines += [f"    {line}" for line in details["oracle"].splitlines()]
    for title, abilities in (
        ("mana abilities", details["mana_abilities"]),
        ("mana abilities from its basic land types (CR 305.6)", details["intrinsic_mana_abilities"]),
    ):
        if abilities:
            lines += ["", f"{title}:"]
            for number, ability in enumerate(abilities, 1):
                lines += [f"  {number}. {ability['text']}", *_ability_lines(ability)]
    if details["effects"]:
        lines += ["", "effects on mana:"]
        lines += [f"  - {e['kind'].replace('_', ' ')}: {e['summary']}" for e in details["effects"]]
    if details["keywords"]:
        lines += ["", f"keywords: {', '.join(details['keywords'])}"]
    if details["choices_needed"]:
        choices = ", ".join(c.replace("_", " ") for c in details["choices_needed"])
        lines += ["", f"choices needed as it enters (board 'choices'): {choices}"]
    if details["ignored"]:
        lines += ["", "ignored (not about mana):", *(f"  - {s}" for s in details["ignored"])]
    if details["unsupported"]:
        lines += [
            "",
            "UNSUPPORTED (about mana, but not understood):",
            *(f"  - {s}" for s in details["unsupported"]),
        ]
    if not (details["mana_abilities"] or details["intrinsic_mana_abilities"] or details["effects"]):
        lines += ["", "no mana abilities and no effects on mana"]
    return "\n".join(lines)


def _ability_lines(ability: dict[str, Any]) -> list[str]:
    rows = [("cost", ability["cost"]), ("makes", ability["output"])]
    rows += [("instead", f"{alt['output']} if {alt['if']}") for alt in ability["conditional"]]
    rows += [
        ("spend only", _spend_only(ability["restriction"] or "", ability["riders"])),
        ("rider", "; ".join(ability["riders"])),
        ("damage", f"{ability['self_damage']} to you" if ability["self_damage"] else ""),
        ("unless", ability["self_damage_unless"] or ""),
        ("life loss", f"{ability['life_loss']}" if ability["life_loss"] else ""),
        ("only if", ability["activation_condition"] or ""),
        (
            "sacrifice",
            f"when no {ability['sacrifice_when_no_counters']} counters remain"
            if ability["sacrifice_when_no_counters"]
            else "",
        ),
    ]
    return [f"     {label + ':':<11} {value}" for label, value in rows if value]


def _spend_only(restriction: str, riders: list[str]) -> str:
    """A restriction without its 'Spend this mana only' opening and without the riders shown apart."""
    text = restriction.removeprefix("Spend this mana only ")
    for rider in riders:
        text = text.removesuffix(f", and {rider}")
    return text


def still_open(board: Board, player: str, result: PayResult) -> dict[str, ManaTypes]:
    """The player's permanents the payment left alone that are untapped and can make mana now, with the
    types each could produce (CR 106.7)."""
    touched = {*result.tapped, *result.sacrificed}
    removed = set(result.sacrificed)
    for step in result.steps:
        here = (step.permanent,) if step.permanent is not None else ()  # (None: a card in hand)
        touched.update(
            (*here, *step.sacrificed, *step.tapped_for_cost, *step.parts.exiled, *step.parts.returned)
        )
        removed.update((*step.sacrificed, *step.parts.exiled, *step.parts.returned))
    # (what the others make is worked out on the board the payment left: a Magus of the Moon sacrificed,
    # City of Brass makes any color again, CR 611.3a)
    board = board.without_permanents(removed & {p.id for p in board.permanents})
    analysis = BoardAnalysis(board, player)
    view = analysis.view
    return {
        pid: types
        for pid, types in analysis.reflect.items()
        if types
        and view.permanent(pid).controller == player
        and pid not in touched
        and not board.permanent(pid).tapped
        and any(why_not_activatable(view, pid, ability) is None for ability in view.mana_abilities(pid))
    }
