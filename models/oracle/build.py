"""From readings to the records the planner uses: costs, mana abilities and what rides on them.

The grammar (:mod:`models.oracle.grammar`) says what a phrase means; this module says how the planner's
records (:mod:`models.abilities`) hold it. A reading no record can hold yet (a 'with power 4 or greater'
filter, a cost of collecting evidence) raises :class:`~models.oracle.grammar_parser.UnreadError` with the
reason, so the sentence is reported, never used without its part.

>>> cost = build_cost("{1}, {T}, Sacrifice a Forest")
>>> str(cost.mana), cost.tap, cost.sacrifice.types, cost.sacrifice_count
('{1}', True, ('Forest',), 1)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from functools import partial

from models.abilities import (
    AbilityCost,
    Amount,
    AmountKind,
    CostPart,
    CostPartKind,
    ManaAbility,
    ManaOutput,
    ObjectFilter,
    OutputKind,
    Palette,
    PaletteKind,
    SideEffect,
    SideEffectKind,
    SpendPurpose,
    SpendRestriction,
    SpendUse,
    Who,
)
from models.abilities import Condition as ConditionRecord
from models.cost import ManaCost, PaymentKind
from models.errors import CostParseError, ManaParseError
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaTypes, parse_mana_string
from models.mana_effects import ManaTrigger, ProductionReplacement, ReplacementKind, TriggerEvent
from models.oracle import classify
from models.oracle import readings as r
from models.oracle.build_filters import (
    amount,
    card_filter,
    condition,
    either_filter,
    object_filter,
    object_filters,
    only_noun,
)
from models.oracle.grammar import UnreadError, parse_costs, parse_effect

__all__ = [
    "build_cost",
    "build_mana_ability",
    "mana_effect",
    "mana_output",
    "spend_restriction",
]


def build_cost(text: str) -> AbilityCost:
    """The cost of an activated ability, from its text (what precedes the colon)."""
    cost = _CostBuilder()
    written = [part.strip() for part in text.split(",")]
    parts = parse_costs(text)
    if len(parts) != len(written):  # pragma: no cover (no part holds a comma: the grammar has no lists)
        raise UnreadError(f"the cost {text!r} has parts with commas")
    for part, as_written in zip(parts, written, strict=True):
        cost.add(part, as_written)
    return cost.record()


@dataclass(slots=True)
class _CostBuilder:
    mana: ManaCost = field(default_factory=ManaCost)
    fields: dict[str, object] = field(default_factory=dict)
    parts: list[CostPart] = field(default_factory=list)

    def add(self, part: r.CostPart, text: str) -> None:
        match part:
            case r.TapSymbol():
                self.fields["tap"] = True
            case r.UntapSymbol():
                self.fields["untap"] = True
            case r.ManaSymbols(symbols):
                try:
                    self.mana = self.mana + ManaCost.parse(symbols)
                except CostParseError as error:
                    raise UnreadError(f"the cost symbols {symbols}: {error}") from None
            case r.PayLife(life):
                self.fields["life"] = int(str(self.fields.get("life", 0))) + life
            case r.SacrificeSelf():
                self.fields["sacrifice_self"] = True
            case r.Sacrifice(count, what) if any(noun.head is r.Head.TOKEN for noun in what.nouns):
                self._part(CostPartKind.SACRIFICE_TOKEN, _fixed(count), only_noun(what).words().lower(), text)
            case r.Sacrifice(r.X, what):
                # 'Sacrifice X Goats': X chosen as the cost is paid (CR 601.2b via 602.2b), a family
                self.fields["sacrifice"] = replace(either_filter(what), controller=Who.YOU)
                self._part(CostPartKind.SACRIFICE_X, 0, "", text)
            case r.Sacrifice(count, what):
                # a cost can only sacrifice its controller's own permanents (CR 701.21a)
                self.fields["sacrifice"] = replace(either_filter(what), controller=Who.YOU)
                self.fields["sacrifice_count"] = _fixed(count)
            case r.RemoveCounters(int() as count, kind):
                self.fields["remove_count"], self.fields["remove_counter"] = count, kind
            case r.RemoveCounters(_, kind):
                self._part(CostPartKind.REMOVE_X_COUNTERS, 0, kind, text)
            case r.PutCounter(count, kind):
                self._part(CostPartKind.PUT_COUNTER, _fixed(count), kind, text)
            case r.TapOthers(count, what):
                if not what.nouns[0].untapped:
                    raise UnreadError("tapping permanents not said to be untapped")
                self.fields["tap_others"] = either_filter(what)
                self.fields["tap_others_count"] = _fixed(count)
            case r.UntapOthers(count, what) if only_noun(what).controller in _OPPONENTS:
                noun = replace(only_noun(what), controller=r.Controller.UNSAID)
                self._part(CostPartKind.UNTAP_OPPONENT_LAND, _fixed(count), noun.words().lower(), text)
            case r.Discard(count, what):
                self._part(CostPartKind.DISCARD, _fixed(count), what.words().lower(), text)
            case r.DiscardHand():
                self._part(CostPartKind.DISCARD, 0, "hand", text)
            case r.ExileSelfFromHand():
                self._part(CostPartKind.EXILE_SELF_FROM_HAND, 1, "", text)
            case r.ExileSelfFromGraveyard():
                self._part(CostPartKind.EXILE_SELF_FROM_GRAVEYARD, 1, "", text)
            case r.ExileFromHand(count, what):
                what = replace(what, zone="")
                self._part(CostPartKind.EXILE_FROM_HAND, _fixed(count), what.words().lower(), text)
            case r.ExileFromGraveyard(count, what):
                what = replace(what, zone="")
                self._part(CostPartKind.EXILE_FROM_GRAVEYARD, _fixed(count), what.words().lower(), text)
            case r.ExilePermanent(count, what) if only_noun(what).controller is r.Controller.YOU:
                self._part(CostPartKind.EXILE_PERMANENT, _fixed(count), only_noun(what).words(), text)
            case r.ReturnSelf():
                self._part(CostPartKind.RETURN_SELF, 1, "", text)
            case r.ReturnPermanent(count, what) if only_noun(what).controller is r.Controller.YOU:
                self._part(CostPartKind.RETURN_PERMANENT, _fixed(count), only_noun(what).words(), text)
            case r.PayEnergy(energy):
                self._part(CostPartKind.ENERGY, energy, "energy", text)
            case r.Exert():
                self._part(CostPartKind.EXERT, 1, "", text)
            case r.Forage():
                self._part(CostPartKind.FORAGE, 1, "", text)
            case r.CollectEvidence(total):
                self._part(CostPartKind.COLLECT_EVIDENCE, total, "card", text)
            case r.Reveal(count, what) if what.zone == "hand":
                self._part(CostPartKind.REVEAL, count if isinstance(count, int) else 0, text, text)
            case _:
                raise UnreadError(f"the cost {text!r} is read but no record holds it yet")

    def _part(self, kind: CostPartKind, count: int, what: str, text: str) -> None:
        self.parts.append(CostPart(kind, count, what, text))

    def record(self) -> AbilityCost:
        return AbilityCost(mana=self.mana, parts=tuple(self.parts), **self.fields)  # type: ignore[arg-type]


_OPPONENTS = (r.Controller.OPPONENT, r.Controller.OPPONENTS)


def _fixed(count: r.Number) -> int:
    if not isinstance(count, int):
        raise UnreadError(f"{count.value} of them")
    return count


# ------------------------------------------------------------------------------------------ outputs


def _bag(symbols: str) -> ManaBag:
    """Mana as added: a generic symbol ({2}) or {S} is that much colorless mana (CR 106.10, 106.11, older
    wordings: '{T}: Add {2}.')."""
    written = []
    for symbol in symbols[1:-1].split("}{"):
        upper = symbol.upper()
        written.append(
            "{C}" * int(upper) if upper.isdigit() else "{C}" if upper == "S" else "{" + symbol + "}"
        )
    try:
        return parse_mana_string("".join(written))
    except ManaParseError as error:
        raise UnreadError(f"the mana {symbols}: {error}") from None


def mana_output(
    output: r.Output, *, x_removed: bool = False, x_paid: bool = False, x_sacrificed: bool = False
) -> ManaOutput:
    """What an 'Add ...' effect adds; with ``x_removed``, X is the number of counters the cost removed, with
    ``x_paid`` the X its mana cost's {X} is paid with, with ``x_sacrificed`` the number of permanents it
    sacrificed (CR 107.3: chosen as the cost is paid). 'The
    same name as it' is the name of a permanent tapped for mana: only a trigger on one reads it
    (:func:`mana_effect`).

    >>> mana_output(r.AnyOf(2, r.Palette.COLOR, one=True)).kind.value
    'any_one'
    """
    x_is = (
        AmountKind.REMOVED
        if x_removed
        else AmountKind.PAID_X
        if x_paid
        else AmountKind.SACRIFICED_X
        if x_sacrificed
        else None
    )
    found = _output_record(output, x_is)
    if found.amount.kind is AmountKind.SAME_NAME:
        raise UnreadError("'with the same name as it' outside a trigger on a permanent tapped for mana")
    return found


def _output_record(output: r.Output, x_is: AmountKind | None = None) -> ManaOutput:
    """:func:`mana_output`, whatever its amount counts; ``x_is``: what its X is, when its cost says (the
    counters removed, the X paid)."""
    match output:
        case r.FixedMana(symbols):
            return ManaOutput(OutputKind.FIXED, (_bag(symbols),))
        case r.ManaChoice(options, where):
            counted = Amount() if where is None else amount(where)  # (each option added that many times)
            return ManaOutput(OutputKind.CHOICE, tuple(dict.fromkeys(_bag(o) for o in options)), counted)
        case r.FixedForEach(symbols, each) | r.FixedEqualTo(symbols, each):
            return ManaOutput(OutputKind.FIXED, (_bag(symbols),), amount(each))
        case r.FixedThenMore(symbols, each):
            return ManaOutput(OutputKind.FIXED, (_bag(symbols),), replace(amount(each), plus=1))
        case r.ManaOfSymbol(count, symbol, then_one):
            # (the additional one is added after the X, CR 106.1: the same mana either way)
            counted = _count_amount(count, None, x_is)
            if counted.kind is AmountKind.CONSTANT:
                return ManaOutput(OutputKind.FIXED, (_bag(symbol * (counted.constant + then_one)),))
            return ManaOutput(OutputKind.FIXED, (_bag(symbol),), replace(counted, plus=int(then_one)))
        case r.Different(count) if 1 <= count <= len(ALL_COLORS):
            # a choice among the sets of that many distinct colors (Firemind Vessel)
            combinations = itertools.combinations(ALL_COLORS, count)
            return ManaOutput(OutputKind.CHOICE, tuple(ManaBag.of(colors) for colors in combinations))
        case r.AnyForEach(palette, each, produced):
            base = ALL_TYPES if palette is r.Palette.TYPE else ALL_COLORS
            kind = PaletteKind.PRODUCED if produced else PaletteKind.TYPES
            return ManaOutput(OutputKind.COMBINATION, amount=amount(each), palette=Palette(kind, base))
        case r.AnyOf():
            return _any_of(output, x_is)
        case r.Combination(count, symbols, where):
            types = ManaTypes.parse("".join(s.strip("{}") for s in symbols)) if symbols else ALL_COLORS
            if symbols and any(len(s) != 3 or s[1] not in "WUBRGC" for s in symbols):
                raise UnreadError(f"a combination of {symbols}")
            counted = _count_amount(count, where, x_is)
            return ManaOutput(
                OutputKind.COMBINATION, amount=counted, palette=Palette(PaletteKind.TYPES, types)
            )
        case r.EachColorAmong(among):
            return ManaOutput(
                OutputKind.EACH_TYPE,
                palette=Palette(PaletteKind.COLORS_AMONG, ALL_COLORS, object_filters(among)),
            )
        case r.EachCraftedColor():
            return ManaOutput(OutputKind.EACH_TYPE, palette=Palette(PaletteKind.CRAFTED_COLORS, ALL_COLORS))
    raise UnreadError(f"'{r.render(output)}' is read but no output holds it here")


def _count_amount(count: r.Number, where: r.Quantity | None, x_is: AmountKind | None) -> Amount:
    if where is not None:
        if count is not r.X or x_is is AmountKind.PAID_X:
            raise UnreadError("'where X is' with no X, or with the X its cost is paid with")
        return amount(where)
    if count is r.X and x_is is not None:
        return Amount(kind=x_is)
    if not isinstance(count, int):
        raise UnreadError(f"{count.value} mana with nothing that says what X is")
    return Amount(constant=count)


_PALETTES = {
    r.Palette.CHOSEN_COLOR: PaletteKind.CHOSEN_COLOR,
    r.Palette.DRAFTED: PaletteKind.DRAFTED_COLORS,
    r.Palette.IMPRINTED: PaletteKind.IMPRINTED_COLORS,
    r.Palette.IMPRINTED_CARDS: PaletteKind.IMPRINTED_COLORS,  # (the colors of any of them: one palette)
    r.Palette.COLOR_IN_IDENTITY: PaletteKind.COMMANDER,
}


def _any_of(output: r.AnyOf, x_is: AmountKind | None) -> ManaOutput:
    """'N mana of any [one] color|type ...'."""
    counted = _count_amount(output.count, output.where, x_is)
    if output.palette in (r.Palette.THAT_COLOR, r.Palette.GRAVEYARD_COLOR):
        raise UnreadError("'that color' with no color chosen before it")
    if output.palette is r.Palette.NOTED_TYPE:  # (a type of mana: colorless too)
        return ManaOutput(
            OutputKind.ANY_ONE, amount=counted, palette=Palette(PaletteKind.NOTED_TYPE, ALL_TYPES)
        )
    if output.palette is r.Palette.CHOSEN_COLOR and output.also:
        # ('{G} or one mana of the chosen color', the Thriving lands: that type or the chosen color)
        letter = output.also[1:-1]
        if output.count != 1 or len(letter) != 1 or letter not in "WUBRGC":
            raise UnreadError(f"{output.also} or {output.count} mana of the chosen color")
        chosen = Palette(PaletteKind.CHOSEN_COLOR, also=ManaTypes.parse(letter))
        return ManaOutput(OutputKind.ANY_ONE, amount=counted, palette=chosen)
    if output.palette in _PALETTES:
        return ManaOutput(OutputKind.ANY_ONE, amount=counted, palette=Palette(_PALETTES[output.palette]))
    base = ALL_TYPES if output.palette is r.Palette.TYPE else ALL_COLORS
    if output.sacrificed:
        found = Palette(PaletteKind.REFLECT_SACRIFICED, base)
    elif output.untapped == "land":
        # (the land its cost untaps, one of those: an opponent's, checked with the cost, _untapped_land)
        found = Palette(PaletteKind.REFLECT_UNTAPPED, base, (_OPPONENTS_LANDS,))
    elif output.untapped:
        raise UnreadError(f"'that {output.untapped} could produce'")
    elif output.could_produce is not None:
        found = Palette(PaletteKind.REFLECT, base, (object_filter(only_noun(output.could_produce)),))
    elif output.among is not None and output.among.nouns[-1].zone == "graveyard":
        # 'any color among legendary creature cards in your graveyard' (The Grey Havens): of those cards
        among = tuple(card_filter(replace(noun, zone="", head=r.Head.TYPES)) for noun in output.among.nouns)
        found = Palette(PaletteKind.GRAVEYARD_COLORS, base, among)
    elif output.among is not None:
        found = Palette(PaletteKind.COLORS_AMONG, base, object_filters(output.among))
    elif output.produced:
        found = Palette(PaletteKind.PRODUCED, base)
    else:
        found = Palette(PaletteKind.TYPES, base)
    return ManaOutput(OutputKind.ANY_ONE, amount=counted, palette=found)


def _that_color(output: r.Output) -> ManaOutput:
    """What an ability adds after 'Choose a color.': mana of that color."""
    match output:
        case r.AmountOfThatColor(quantity):
            return ManaOutput(OutputKind.ANY_ONE, amount=amount(quantity))
        case r.AnyOf(int() as count, r.Palette.THAT_COLOR, where=None):
            return ManaOutput(OutputKind.ANY_ONE, amount=Amount(constant=count))
    raise UnreadError(f"'{r.render(output)}' after a color was chosen")


# ------------------------------------------------------------------------------------------ effects on mana

_TAPPERS = {
    "": Who.ANY,
    "you tap": Who.YOU,
    "a player taps": Who.ANY,
    "each player taps": Who.ANY,
    "an opponent taps": Who.OPPONENTS,
}


def mana_effect(reading: r.ManaEffect, text: str) -> ProductionReplacement | ManaTrigger:
    """The record of a replacement effect on produced mana (CR 614.1a) or of a triggered mana ability (CR
    605.1b); ``text`` is the sentence as written.

    >>> from models.oracle.grammar import parse_mana_effect
    >>> reflection = "If you tap a permanent for mana, it produces twice as much of that mana instead."
    >>> record = mana_effect(parse_mana_effect(reflection), reflection)
    >>> record.kind.value, record.factor, record.who.value
    ('multiply', 2, 'you')
    """
    if isinstance(reading, r.CountedEffect):  # (Chaos Moon: in force for the parity counted at the upkeep)
        return replace(mana_effect(reading.effect, text), while_counted=reading.parity)
    if isinstance(reading, r.Replacement):
        return _replacement(reading, text)
    if isinstance(reading, r.SacrificeTrigger):
        adds = _trigger_output(reading.output)
        if not adds.amount.is_constant:
            raise UnreadError("a trigger of sacrificing whose amount counts")
        return ManaTrigger(
            text=text, event=TriggerEvent.SACRIFICED, who=Who.YOU, affected=either_filter(reading.what),
            adds=adds, to_tapper=False, counter_on_source=reading.counter,
        )  # fmt: skip
    if reading.tapped is None:  # 'Whenever a land's ability causes you to add ... of the chosen color'
        affected = ObjectFilter(
            types=() if reading.subject == "permanent" else (reading.subject.capitalize(),)
        )
        adds = _trigger_output(reading.output)
        if adds.amount.kind is AmountKind.SAME_NAME:
            raise UnreadError("'with the same name as it' in a trigger on no permanent tapped for mana")
        return ManaTrigger(
            text=text, event=TriggerEvent.LAND_ADDS_MANA, who=Who.YOU, affected=affected, adds=adds,
            chosen_color=True, to_tapper=False,
        )  # fmt: skip
    tapped = reading.tapped
    if tapped.at_least > 1:
        raise UnreadError(f"a trigger on a permanent tapped for {tapped.at_least} or more mana")
    who = _TAPPERS[tapped.who]
    affected = either_filter(tapped.what)  # ('a Mountain, Forest, or Plains': Keeper of Progenitus)
    adds = _trigger_output(reading.output)
    if adds.amount.kind is AmountKind.SAME_NAME:
        # (the lands counted are the tapped land's controller's, which 'a land you control' makes this one's)
        counted = adds.amount.filter
        if affected.controller is not Who.YOU or counted is None or counted.controller is not Who.YOU:
            raise UnreadError("the same name as a permanent tapped for mana, counted among another's")
    if not tapped.who:  # '<permanent> is tapped for mana [of the chosen color]': its controller adds
        if tapped.mana not in ("", "chosen"):
            raise UnreadError(f"a trigger on a permanent tapped for {tapped.mana}")
        return ManaTrigger(
            text=text, event=TriggerEvent.TAPPED_FOR_MANA, who=Who.ANY, affected=affected, adds=adds,
            chosen_color=tapped.mana == "chosen", while_monarch=reading.while_monarch, damage=reading.damage,
        )  # fmt: skip
    if tapped.mana == "chosen" or len(tapped.mana) > 3:
        raise UnreadError(f"a trigger on tapping for {tapped.mana}")
    # (the mana goes to whoever tapped: 'that player adds', or 'add' when you tapped)
    to_tapper = reading.adder != "add" or who is Who.YOU
    if reading.damage and not to_tapper:
        raise UnreadError("damage to a player who tapped, from a trigger whose mana is another's")
    return ManaTrigger(
        text=text,
        event=TriggerEvent.TAPPED_FOR_MANA,
        who=who,
        affected=affected,
        adds=adds,
        of_types=ManaTypes.parse(tapped.mana[1]) if tapped.mana else ALL_TYPES,
        to_tapper=to_tapper,
        while_monarch=reading.while_monarch,
        damage=reading.damage,
    )


def _trigger_output(output: r.Output) -> ManaOutput:
    """What a triggered mana ability adds: 'that color' is the color of the mana that triggered it."""
    if (
        isinstance(output, r.AnyOf)
        and output.palette is r.Palette.THAT_COLOR
        and isinstance(output.count, int)
    ):
        return ManaOutput(
            OutputKind.ANY_ONE,
            amount=Amount(constant=output.count),
            palette=Palette(PaletteKind.SAME_AS_TRIGGER),
        )
    return _output_record(output)


def _replacement(reading: r.Replacement, text: str) -> ProductionReplacement:
    tapped = reading.tapped
    if tapped.mana:
        raise UnreadError(f"a replacement on a permanent tapped for {tapped.mana}")
    made = partial(
        ProductionReplacement,
        text=text,
        who=_TAPPERS[tapped.who],
        affected=object_filter(only_noun(tapped.what)),
        min_amount=tapped.at_least,
    )
    match reading.produced, reading.instead_of:
        case r.Multiplied(factor), "":
            return made(kind=ReplacementKind.MULTIPLY, factor=factor)
        case r.ProducedMana(symbols), "type and amount" if symbols:
            return made(kind=ReplacementKind.SET_MANA, mana=_bag(symbols))
        case r.ProducedMana("", count), "type and amount" if count:
            return made(kind=ReplacementKind.SET_MANA, colors_chosen=count)
        case r.ProducedMana("", 0), "type":
            return made(kind=ReplacementKind.SET_TYPE, new_type=ALL_COLORS)
        case r.ProducedMana(symbol), "type" if len(symbol) == 3:
            return made(kind=ReplacementKind.SET_TYPE, new_type=ManaTypes.parse(symbol[1]))
        case r.ProducedMana("chosen"), "color":
            return made(kind=ReplacementKind.SET_COLOR, chosen_color=True)
    raise UnreadError(f"{text!r}: a replacement no record holds yet")


# ------------------------------------------------------------------------------------------ spending

_PURPOSES = {
    r.Purpose.CUMULATIVE_UPKEEP: SpendPurpose.CUMULATIVE_UPKEEP,
    r.Purpose.MORPH: SpendPurpose.TURN_FACE_UP,
    r.Purpose.UNLOCK_DOOR: SpendPurpose.UNLOCK_DOOR,
    r.Purpose.CLASS_LEVEL: SpendPurpose.CLASS_LEVEL,
    r.Purpose.MAKES_TOKENS: SpendPurpose.MAKES_TOKENS,
}


def spend_restriction(reading: r.SpendOnly, text: str) -> tuple[SpendRestriction, str]:
    """A restriction on spending mana (CR 106.6) and its rider ('that spell can't be countered'), from its
    reading; ``text`` is the restriction as written.

    >>> from models.oracle.grammar import parse_spending
    >>> restriction, rider = spend_restriction(parse_spending("to cast noncreature spells"), "...")
    >>> restriction.uses[0].excluded, rider
    (('Creature',), '')
    """
    uses = tuple(use for reading_use in reading.uses for use in _spend_uses(reading_use))
    return SpendRestriction(uses, text), reading.rider


def _spend_uses(use: r.SpendUseReading) -> list[SpendUse]:
    match use:
        case r.CastUse(what):
            return [
                _spend_use(noun, PaymentKind.SPELL)
                if noun is what.nouns[0]
                else _spend_use(shared, PaymentKind.SPELL)
                for noun, shared in zip(what.nouns, _sharing_adjectives(what.nouns), strict=True)
            ]
        case r.CommanderUse():
            return [SpendUse(kind=PaymentKind.SPELL, commander=True)]
        case r.ActivateUse(None):
            return [SpendUse(kind=PaymentKind.ABILITY)]
        case r.ActivateUse(of) if of is not None:
            return [_spend_use(noun, PaymentKind.ABILITY) for noun in of.nouns]
        case r.KeywordAbilityUse(keyword):
            return [SpendUse(purpose=SpendPurpose.KEYWORD_ABILITY, keyword=keyword)]
        case r.PurposeUse(purpose):
            return [SpendUse(purpose=_PURPOSES[purpose])]
        case r.TurnFaceUp():
            return [SpendUse(purpose=SpendPurpose.TURN_FACE_UP)]
        case r.CostsWith(symbol) if symbol == "{X}":
            return [SpendUse(needs_x=True)]
        case r.CostsWith(symbol) if symbol == "{C}":
            return [SpendUse(needs_colorless_symbol=True)]
    raise UnreadError(f"the use {r.SpendOnly((use,)).uses_text()!r} is read but no record holds it yet")


def _sharing_adjectives(nouns: tuple[r.Noun, ...]) -> list[r.Noun]:
    """'red instant or sorcery spells': the colors before the first phrase's types qualify every phrase."""
    first = nouns[0]
    return [
        noun
        if noun is first
        or noun.colors
        or noun.colorless
        or noun.colored
        or noun.multicolored
        or noun.monocolored
        else replace(
            noun,
            colors=first.colors,
            colorless=first.colorless,
            colored=first.colored,
            multicolored=first.multicolored,
            monocolored=first.monocolored,
        )
        for noun in nouns
    ]


def _spend_use(noun: r.Noun, kind: PaymentKind) -> SpendUse:
    """What a spell (or an ability's source) must be for the mana to pay for it."""
    if noun.face_down:
        return SpendUse(purpose=SpendPurpose.FACE_DOWN)
    if noun.kicked:
        return SpendUse(purpose=SpendPurpose.KICKED)
    if noun.zone == "exile":
        return SpendUse(purpose=SpendPurpose.FROM_EXILE)
    for quality in noun.qualities:
        if isinstance(quality, r.WithKeyword):
            return SpendUse(purpose=SpendPurpose.KEYWORD, keyword=quality.keyword)
        if isinstance(quality, r.WithWatermark):
            return SpendUse(purpose=SpendPurpose.WATERMARK)
    mana_values = [q.at_least for q in noun.qualities if isinstance(q, r.WithManaValue)]
    needs_x = r.WithSymbolInCost("{X}") in noun.qualities
    without_x = r.WithoutSymbolInCost("{X}") in noun.qualities
    held = [
        q
        for q in noun.qualities
        if isinstance(q, r.WithManaValue) or q in (r.WithSymbolInCost("{X}"), r.WithoutSymbolInCost("{X}"))
    ]
    unheld = len(held) != len(noun.qualities) or len(mana_values) > 1
    unheld = unheld or bool(noun.zone or noun.other or noun.untapped or noun.tapped or noun.attacking)
    unheld = unheld or noun.chosen_color
    if unheld or noun.named or noun.controller is not r.Controller.UNSAID:
        raise UnreadError(
            f"spells or sources that are {noun.words()!r} are read but no record holds them yet"
        )
    return SpendUse(
        kind=kind,
        types=(*noun.supertypes, *noun.types),
        excluded=noun.excluded,
        colors=ManaTypes.parse(noun.colors) if noun.colors else ManaTypes(),
        colorless=noun.colorless,
        colored=noun.colored,
        multicolored=noun.multicolored,
        monocolored=noun.monocolored,
        chosen_type=noun.chosen_type,
        mana_value_at_least=mana_values[0] if mana_values else None,
        needs_x=needs_x,
        without_x=without_x,
    )


# ------------------------------------------------------------------------------------------ mana abilities

_TIMINGS = {
    r.Timing.SORCERY: "sorcery",
    r.Timing.INSTANT: "instant",  # no limit: a mana ability may be activated whenever (CR 605.3a)
    r.Timing.YOUR_TURN: "your_turn",
    r.Timing.YOUR_TURN_BEFORE_END_STEP: "your_turn_before_end_step",
}


def build_mana_ability(
    cost_text: str, sentences: tuple[str, ...], original: str
) -> tuple[ManaAbility, list[str]]:
    """A mana ability from its cost's text and its effect's sentences; the sentences after the one that
    adds mana that no record holds are returned, so that the ability is never used without them."""
    cost = build_cost(cost_text)
    side_effects: list[SideEffect] = []
    chose_color = chosen_player = False
    chosen_palette: Palette | None = None
    while len(sentences) > 1:
        first = parse_effect(sentences[0])
        if isinstance(first, r.AddMana):
            break
        match first:
            case r.ChooseColor(of_graveyard_card):
                chose_color = True
                chosen_palette = Palette(PaletteKind.GRAVEYARD_COLORS) if of_graveyard_card else None
            case r.ChoosePlayer():
                chosen_player = True  # its controller may choose itself (not a target: CR 115.10)
            case r.PutCounterOnSelf(kind):
                side_effects.append(SideEffect(SideEffectKind.PUT_COUNTER_FIRST, 1, kind, sentences[0]))
            case r.RevealFromHand(what):
                side_effects.append(
                    SideEffect(
                        SideEffectKind.REVEAL_FIRST, what=replace(what, zone="").words(), text=sentences[0]
                    )
                )
            case _:
                raise UnreadError(f"{sentences[0]!r} before the mana is added")
        sentences = sentences[1:]
    adding = parse_effect(sentences[0])
    if not isinstance(adding, r.AddMana):
        raise UnreadError(f"{sentences[0]!r} adds no mana")
    x_removed = any(part.kind is CostPartKind.REMOVE_X_COUNTERS for part in cost.parts)
    x_paid = cost.mana.has_variable
    x_sacrificed = any(part.kind is CostPartKind.SACRIFICE_X for part in cost.parts)
    if x_removed + x_paid + x_sacrificed > 1:
        raise UnreadError("two things in one cost that each say what X is")
    if chose_color:
        output = _that_color(adding.output)
        if chosen_palette is not None:
            output = replace(output, palette=chosen_palette)
    else:
        output = mana_output(adding.output, x_removed=x_removed, x_paid=x_paid, x_sacrificed=x_sacrificed)
    if output.palette.kind is PaletteKind.REFLECT_UNTAPPED:
        _untapped_land(cost)
    if x_paid and output.amount.kind is not AmountKind.PAID_X:
        raise UnreadError("an {X} in the cost that the mana added does not read")
    if x_sacrificed and output.amount.kind is not AmountKind.SACRIFICED_X:
        raise UnreadError("'Sacrifice X' in the cost, and the mana added does not read X")
    riders = _Riders(side_effects=side_effects, adds=output, x_chosen=x_sacrificed)
    leftovers = [sentence for sentence in sentences[1:] if not riders.read(sentence)]
    ability = ManaAbility(
        text=original,
        cost=cost,
        output=output,
        uncertain=adding.unless,
        chosen_player=chosen_player,
        conditional=tuple(riders.conditional),
        restriction=riders.restriction,
        riders=tuple(riders.riders),
        self_damage=riders.self_damage,
        damage_unless=riders.damage_unless,
        life_loss=riders.life_loss,
        sacrifice_when_empty=riders.sacrifice_when_empty,
        activation_condition=riders.activation_condition,
        side_effects=tuple(riders.side_effects),
        times_each_turn=riders.times_each_turn,
        timing=riders.timing,
    )
    return ability, leftovers


#: The lands 'that land' may be (Benthic Explorers' 'Untap a tapped land an opponent controls').
_OPPONENTS_LANDS = ObjectFilter(types=("Land",), controller=Who.OPPONENTS)


def _untapped_land(cost: AbilityCost) -> None:
    """Check that 'that land could produce' names the land the cost untaps: one tapped land an opponent
    controls (:data:`_OPPONENTS_LANDS`); raises ``UnreadError`` otherwise.

    >>> _untapped_land(AbilityCost(tap=True))
    Traceback (most recent call last):
    ...
    models.oracle.grammar_parser.UnreadError: 'that land could produce' names no land its cost untaps
    """
    untaps = [part for part in cost.parts if part.kind is CostPartKind.UNTAP_OPPONENT_LAND]
    if len(untaps) != 1 or untaps[0].count != 1 or untaps[0].what != "tapped land":
        raise UnreadError("'that land could produce' names no land its cost untaps")


@dataclass(slots=True)
class _Riders:
    """What the sentences after the one that adds mana say about the ability and its mana."""

    side_effects: list[SideEffect]
    #: what the ability adds otherwise: 'add three mana of that type instead' is so many of its palette
    adds: ManaOutput | None = None
    x_chosen: bool = False  # X is the number its cost sacrifices: 'You gain X life' reads it
    conditional: list[tuple[ConditionRecord, ManaOutput]] = field(default_factory=list)
    riders: list[str] = field(default_factory=list)
    restriction: SpendRestriction | None = None
    self_damage: int = 0
    damage_unless: ConditionRecord | None = None
    life_loss: int = 0
    sacrifice_when_empty: str = ""
    activation_condition: ConditionRecord | None = None
    times_each_turn: int = 0  # (0: no limit)
    timing: str = ""
    #: a delayed trigger on the next spell ('When you next cast ...', 'When you cast your next spell this
    #: turn, ...') was read: the sentences after it are its effect (CR 603.7a), done when it triggers
    next_time_open: bool = False

    def _instead(self, output: r.Output) -> ManaOutput:
        """What an 'if ..., add ... instead' adds: 'N mana of that color|type' is N of one of the palette the
        ability adds otherwise (Incubation Druid's 'three mana of that type': any type a land could
        produce), when that is one mana of one kind."""
        if isinstance(output, r.AnyOf) and output.palette is r.Palette.THAT_COLOR:
            adds = self.adds
            if (
                adds is None
                or adds.kind is not OutputKind.ANY_ONE
                or adds.amount != Amount(constant=1)
                or not isinstance(output.count, int)
                or output.where is not None
            ):
                raise UnreadError(f"'{r.render(output)}' with no one mana before it")
            return replace(adds, amount=Amount(constant=output.count))
        return mana_output(output)

    def read(self, sentence: str) -> bool:
        """Take one sentence in; False when it is not read (or no record holds it)."""
        if classify.plays_with_toys(sentence):
            return True  # (no rule: nothing to record)
        try:
            reading = parse_effect(sentence)
        except UnreadError:
            return self._continues_next_time_trigger(sentence)
        try:
            match reading:
                case r.DamageToYou(damage, None):
                    self.self_damage += damage
                case r.DamageToYou(damage, r.Nouns() as unless) if not (
                    self.self_damage or self.damage_unless
                ):
                    # ('... if you don't control an Ogre': Tomb of Urami) judged as the ability resolves
                    self.self_damage = damage
                    self.damage_unless = condition(r.ControlsAny(unless))
                case r.LoseLife(life) | r.EachPlayerLosesLife(life):
                    self.life_loss += life  # (its controller is a player: life lost like 'you lose')
                case r.SpendOnly():
                    self.restriction, rider = spend_restriction(reading, sentence.rstrip("."))
                    if rider:
                        self.riders.append(rider)
                case r.IfInstead(reading_condition, output):
                    self.conditional.append((condition(reading_condition), self._instead(output)))
                case r.WhenSpent():
                    self.riders.append(sentence)  # it changes what the mana does once spent, not what it pays
                case r.ActivateOnly(limits):
                    for limit in limits:
                        self._limit(limit)
                case r.SacrificeWhenNoCounters(kind):
                    self.sacrifice_when_empty = kind
                case r.NotForNonartifact() if self.restriction is None:
                    # the allowed uses are what is left: every ability's cost, and artifact spells (106.6)
                    artifacts = SpendUse(kind=PaymentKind.SPELL, types=("Artifact",))
                    self.restriction = SpendRestriction(
                        (SpendUse(kind=PaymentKind.ABILITY), artifacts), sentence
                    )
                case r.NotForGeneric():
                    base = self.restriction or SpendRestriction((SpendUse(),), "")
                    self.restriction = replace(
                        base, not_generic=True, text=(base.text + " " + sentence).strip()
                    )
                case r.GainLife(int() as life):
                    self.side_effects.append(SideEffect(SideEffectKind.GAIN_LIFE, life, text=sentence))
                case r.GainLife(r.X) if self.x_chosen:
                    # ('You gain X life.' after 'Sacrifice X Goats': the family's member sets it)
                    self.side_effects.append(SideEffect(SideEffectKind.GAIN_LIFE, 0, "X", sentence))
                case r.OpponentsGainLife(life):
                    self.side_effects.append(
                        SideEffect(SideEffectKind.OPPONENTS_GAIN_LIFE, life, text=sentence)
                    )
                case r.NoUntap():
                    self.side_effects.append(SideEffect(SideEffectKind.NO_UNTAP, text=sentence))
                case r.BecomesThatColor():
                    # (the color of the mana it adds: what reads permanents' colors is checked on the board)
                    self.side_effects.append(SideEffect(SideEffectKind.BECOMES_COLOR, text=sentence))
                case r.PutCounterOnSelf(kind):
                    self.side_effects.append(SideEffect(SideEffectKind.PUT_COUNTER, 1, kind, sentence))
                case r.RemoveCounterFromSelf(kind):
                    self.side_effects.append(SideEffect(SideEffectKind.REMOVE_COUNTER, 1, kind, sentence))
                case r.ReflexiveDamage(damage, target):
                    damaging = SideEffectKind.DAMAGE_TARGET if target else SideEffectKind.DAMAGE_OPPONENTS
                    self.side_effects.append(SideEffect(damaging, damage, target, sentence))
                case r.NextTimeTrigger():
                    self.side_effects.append(SideEffect(SideEffectKind.DELAYED, text=sentence))
                    self.next_time_open = True
                case r.Delayed() | r.CopyNewTargets():
                    self.side_effects.append(SideEffect(SideEffectKind.DELAYED, text=sentence))
                case _:
                    return self._continues_next_time_trigger(sentence)
        except UnreadError:
            return False
        return True

    def _continues_next_time_trigger(self, sentence: str) -> bool:
        """A sentence after 'When you cast your next spell this turn, exile cards from the top of your
        library until ...' is that delayed trigger's effect (CR 603.7a), done once a later spell is cast
        (CR 601.2i), never during the payment: read as part of it, unless it says anything of mana added
        (then it stays unread, as any other sentence would).

        >>> riders = _Riders(side_effects=[], next_time_open=True)
        >>> riders._continues_next_time_trigger("Put the rest on the bottom of your library.")
        True
        >>> riders._continues_next_time_trigger("Add {R} for each Goblin you control.")
        False
        """
        if not self.next_time_open or classify.adds_mana(sentence) or classify.changes_mana(sentence):
            return False
        if not {"spend", "spent"}.isdisjoint(classify.tokens(sentence)):
            return False  # (what the mana may be spent on, or what it does once spent: the mana's, unread)
        self.side_effects.append(SideEffect(SideEffectKind.DELAYED, text=sentence))
        return True

    def _limit(self, limit: r.Limit) -> None:
        match limit:
            case r.OncePerTurn():
                self.times_each_turn = 1
            case r.Timing():
                self.timing = _TIMINGS[limit]
            case r.TimesPerTurn(times):
                self.times_each_turn = times
            case r.EitherCondition(conditions):
                either = tuple(condition(c) for c in conditions)
                self.activation_condition = ConditionRecord((), either=either)
            case _:
                self.activation_condition = condition(limit)
