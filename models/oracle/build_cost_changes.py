"""Cost changes read from static sentences (:mod:`models.oracle.statics`) to
:class:`~models.mana_effects.CostModifier` records (CR 601.2f): a card's own cost changed for each object
counted, by a count or by X, and other spells' costs changed by the permanents that say so (who casts them,
which spells, on whose turn, on a condition, for each target), with the description of spells they share.
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Amount, AmountKind, Condition, ObjectFilter, Who
from models.filters import HISTORIC_TYPES
from models.mana import ManaBag, ManaTypes
from models.mana_effects import CostModifier
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build_filters import (
    amount,
    only_filter,
    while_condition,
)
from models.oracle.build_own_costs import attacking_count, graveyard_cards, own_reduction
from models.oracle.grammar import UnreadError, parse_condition

__all__ = [
    "CASTERS",
    "generic_and_colored",
    "life_paid_reduction",
    "optional_life_modifier",
    "own_cost",
    "own_cost_counted",
    "own_cost_where_x",
    "spells_cost",
    "spells_described",
]


def own_cost(reading: s.OwnCostForEach, sentence: str) -> CostModifier:
    generic = reading.symbols[1:-1]
    if generic in ("W", "U", "B", "R", "G") and not reading.more and not reading.what.nouns[-1].zone:
        # ('costs {G} less to cast for each green creature you control': Khalni Hydra, one {G} off the colored
        # part for each, and what the cost lacks of them off its generic part, CR 118.7b-d)
        counted = only_filter(reading.what)
        if counted.controller is not Who.YOU:
            raise UnreadError("a spell's own colored cost changed for each permanent not its caster's")
        return own_reduction(sentence, 0, counted, ManaBag.parse(reading.symbols))
    if not (generic.isascii() and generic.isdigit()) or reading.symbols.count("{") != 1:
        raise UnreadError(f"a change of a spell's own cost by {reading.symbols}")
    zone = reading.what.nouns[-1].zone
    if zone in ("party", "graveyard"):
        # 'for each creature in your party' (Tazri, Beacon of Unity; CR 700.8) counts its caster's creatures,
        # 'for each instant and sorcery card in your graveyard' (Cryptic Serpent) its caster's graveyard, as
        # the total cost is locked in (CR 601.2f)
        if zone == "party" and reading.what != r.Nouns((r.Noun(types=("Creature",), zone="party"),)):
            raise UnreadError("a count of a party's other than its creatures")
        counted_amount = (
            Amount(kind=AmountKind.PARTY, filter=ObjectFilter(types=("Creature",)))
            if zone == "party"
            else Amount(kind=AmountKind.GRAVEYARD, filter=graveyard_cards(reading.what))
        )
        return own_reduction(sentence, int(generic) * (1 if reading.more else -1), counted_amount)
    delta = int(generic) * (1 if reading.more else -1)
    attacking = attacking_count(reading.what)
    if (
        attacking is not None
    ):  # ('for each attacking creature (you control)': Ancient Stone Idol, Embercleave)
        return own_reduction(sentence, delta, attacking)
    counted = only_filter(reading.what)
    if (
        counted.controller is Who.OPPONENTS
    ):  # ('for each creature your opponents control': Primeval Protector)
        return replace(own_reduction(sentence, delta, counted), for_each=counted)
    # ('for each creature on the battlefield': Blasphemous Act counts every player's)
    anyone = reading.what.nouns[-1].controller is r.Controller.BATTLEFIELD
    if counted.controller is not Who.YOU and not anyone:
        raise UnreadError("a spell's own cost changed for each permanent not its caster's")
    return own_reduction(sentence, delta, counted, anyone=anyone)


def own_cost_counted(reading: s.OwnCostCounted, sentence: str) -> CostModifier:
    """A spell's own cost changed by what its caster controls or what the graveyards hold, counted as its
    total cost is locked in (CR 601.2f): the total mana value of its caster's Dragons (Earthquake Dragon),
    the basic land types among its caster's lands (domain: Draco), once if its caster controls a Spirit
    (Geistlight Snare), once if ten or more creature cards are in all graveyards (Avatar of Woe).

    >>> from models.oracle.grammar import parse_objects
    >>> spirit = s.OwnCostCounted("{1}", False, "if_control", parse_objects("Spirit"), at_least=1)
    >>> snare = own_cost_counted(spirit, "~ costs {1} less to cast if you control a Spirit.")
    >>> snare.generic_delta, snare.for_each.describe(), snare.at_least
    (-1, 'Spirit you control', 1)
    """
    generic = reading.symbols[1:-1]
    if not (generic.isascii() and generic.isdigit()) or reading.symbols.count("{") != 1:
        raise UnreadError(f"a change of a spell's own cost by {reading.symbols}")
    delta = int(generic) * (1 if reading.more else -1)
    if reading.counts == "in_all_graveyards":
        cards = graveyard_cards(r.Nouns(tuple(replace(n, zone="graveyard") for n in reading.what.nouns)))
        counted_cards = Amount(kind=AmountKind.ALL_GRAVEYARDS, filter=cards)
        return replace(own_reduction(sentence, delta, counted_cards), at_least=reading.at_least)
    if reading.counts == "if_control" and reading.what.joiner == "or" and len(reading.what.nouns) > 1:
        # ('if you control a Wolf or Werewolf': one of either, CR 601.2f)
        bare = [r.Noun(types=noun.types) for noun in reading.what.nouns]
        if bare != list(reading.what.nouns) or any(len(noun.types) != 1 for noun in bare):
            raise UnreadError(f"if you control {reading.what.words()}")
        either = ObjectFilter(any_types=tuple(noun.types[0] for noun in bare), controller=Who.YOU)
        return replace(own_reduction(sentence, delta, either), at_least=reading.at_least)
    counted = only_filter(reading.what)
    if reading.counts == "if_control":  # ('if you control a Spirit': its caster's, CR 601.2f)
        mine = replace(counted, controller=Who.YOU)
        return replace(own_reduction(sentence, delta, mine), at_least=reading.at_least)
    if counted.controller is not Who.YOU:
        raise UnreadError("a spell's own cost changed by permanents not its caster's")
    kind = AmountKind.TOTAL_MANA_VALUE if reading.counts == "total_mana_value" else AmountKind.LAND_TYPES
    return own_reduction(sentence, delta, Amount(kind=kind, filter=counted))


def own_cost_where_x(reading: s.OwnCostWhereX, sentence: str) -> CostModifier:
    """'~ costs {X} less to cast, where X is the greatest power among creatures you control.', '... where X is
    your devotion to black' (Marshmist Titan): the amount is counted on its caster's permanents as the total
    cost is locked in (CR 601.2f)."""
    counted = amount(reading.where)
    if (
        reading.symbols == "{X}"
        and counted.kind is AmountKind.DEVOTION
        and counted.colors
        and not counted.plus
    ):
        return own_reduction(sentence, 1 if reading.more else -1, counted)
    if reading.symbols != "{X}" or counted.kind is not AmountKind.GREATEST_POWER or counted.plus:
        raise UnreadError(f"a spell's own cost changed by {reading.symbols}, where X is {counted.kind.value}")
    assert counted.filter is not None
    if counted.filter.controller is not Who.YOU:
        raise UnreadError("a spell's own cost changed by the power of permanents not its caster's")
    return own_reduction(sentence, 1 if reading.more else -1, counted)


#: Who casts the spells an effect is about, by the grammar's ``CASTER`` ('you cast', 'a player casts').
CASTERS = {"you cast": Who.YOU, "your opponents cast": Who.OPPONENTS, "a player casts": Who.ANY, "": Who.ANY}


def generic_and_colored(written: str) -> tuple[int, ManaBag]:
    """The generic amount and the colored (or colorless) symbols of a cost change as written ('{2}{U}{U}').

    >>> generic_and_colored("{2}{U}{U}")
    (2, ManaBag.parse('{U}{U}'))
    """
    symbols = [symbol for symbol in written[1:].split("{")]
    amounts = [symbol.rstrip("}") for symbol in symbols]
    if not all((a.isascii() and a.isdigit() and len(a) <= 6) or a in tuple("WUBRGC") for a in amounts):
        raise UnreadError(f"a cost change of {written}")
    generic = sum(int(a) for a in amounts if a.isdigit())
    return generic, ManaBag.parse("".join(f"{{{a}}}" for a in amounts if not a.isdigit()))


def spells_cost(reading: s.SpellsCost, sentence: str) -> CostModifier:
    if reading.where_x is not None:  # ('{X} less to cast, where X is ~'s power': Vadrik, Astral Archmage)
        return replace(
            spells_cost(replace(reading, symbols="{1}", where_x=None), sentence), amount=_where_x(reading)
        )
    generic, colored = generic_and_colored(reading.symbols)
    sign = 1 if reading.more else -1
    counted = (
        reading.per_counter
        or reading.per_object is not None
        or reading.per_targeted is not None
        or reading.per_chosen_color
    )
    if colored and sign > 0 and (counted or reading.per_target):
        raise UnreadError("an increase of colored mana for each counter")  # (no card the planner knows)
    if colored and sign > 0 and (reading.per_other_spell or reading.mana_value_at_least is not None):
        raise UnreadError("an increase of colored mana for each spell or by mana value")  # (no such card)
    chosen_name = _chosen_name(reading)
    what = reading.what
    if chosen_name:  # (the name is the change's own field: the spells are otherwise described as ever)
        what = r.Nouns(tuple(replace(noun, named="") for noun in what.nouns))
    spells, colors, face_down = spells_described(what)
    if reading.nth and ((colored and sign > 0) or colors or spells.chosen_type or face_down):
        raise UnreadError(f"the first spells of the turn described as {reading.what.words()!r}")
    per_object, casters_count, amount_counted = reading.per_object, False, None
    if per_object is not None and per_object.nouns[-1].controller is r.Controller.SPELLS_CONTROLLER:
        # 'for each artifact its controller controls' (Hum of the Radix): the spell's caster's (CR 601.2f)
        casters_count = True
        per_object = r.Nouns(tuple(replace(n, controller=r.Controller.YOU) for n in per_object.nouns))
    if per_object is not None and per_object.nouns[-1].named == r.SPELL_NAME:
        # 'for each card with the same name as that spell in your graveyard' (Locket of Yesterdays)
        if per_object != r.Nouns((r.Noun(head=r.Head.CARD, named=r.SPELL_NAME, zone="graveyard"),)):
            raise UnreadError(f"a count of {per_object.words()}")
        per_object, amount_counted = None, Amount(kind=AmountKind.SPELL_NAMED)
    if reading.per_counter:  # ('for each oil counter on ~': Mindsplice Apparatus, counted on its source)
        # ('for each experience counter you have': Mizzix, counted on its source's controller)
        kind = AmountKind.PLAYER_COUNTERS if reading.per_counter_yours else AmountKind.COUNTERS
        amount_counted = Amount(kind=kind, counter=reading.per_counter)
    if reading.per_chosen_color:  # ('for each of the chosen colors it is': Seal of the Guildpact)
        amount_counted = Amount(kind=AmountKind.CHOSEN_COLORS)
    return CostModifier(
        text=sentence,
        who=CASTERS[reading.caster],
        spells=spells,
        colors=colors,
        generic_delta=sign * generic,
        per_other_spell_this_turn=reading.per_other_spell,
        any_type=len(reading.what.nouns) > 1 and len(spells.types) > 1,
        colored=colored,
        colored_more=bool(colored) and sign > 0,  # ('Black spells you cast cost {B} more': Derelor)
        min_mana_value=reading.mana_value_at_least,
        amount=amount_counted,
        # 'for each creature you control with a +1/+1 counter on it' (Hamza): counted on its source's side (or
        # with ``casters_count`` the spell's caster's) as the total cost is locked in (CR 601.2f)
        for_each=None if per_object is None else only_filter(per_object),
        casters_count=casters_count,
        off_turn=reading.off_turn,
        per_target=reading.per_target,
        nth_spell=reading.nth,
        during_turn=reading.turn,
        condition=_cost_condition(reading.while_text) if reading.while_text else None,
        cast_from=reading.cast_from,
        cast_from_excluded=reading.cast_from_excluded,
        targets_source=reading.targets_source,
        per_targeted=None if reading.per_targeted is None else only_filter(reading.per_targeted),
        shares_creature_type=reading.shares_creature_type,
        shares_exiled_card_type=reading.shares_exiled_card_type,
        min_power=reading.power_at_least,
        face_down=face_down,
        has_adventure=reading.has_adventure,
        chosen_name=chosen_name,
        spell_keywords=reading.keywords_any,
    )


def _chosen_name(reading: s.SpellsCost) -> bool:
    """True for 'Spells with the chosen name' (the name its source's choice named, CR 201.2). '... this turn'
    is read only there (Cheering Fanatic's effect after its attack trigger chose a name): the board's
    ``choices.card_name`` is the name chosen this turn, and without it the effect is not there; on other
    spells it would be an effect of an event the board does not record, read as a lasting one (unread).

    >>> from models.oracle.grammar import parse_static
    >>> _chosen_name(parse_static("Spells with the chosen name cost {1} less to cast this turn"))
    True
    >>> _chosen_name(parse_static("Spells you cast cost {1} less to cast this turn"))
    Traceback (most recent call last):
    models.oracle.grammar_parser.UnreadError: a cost change this turn of spells described as 'spell'
    """
    named = [noun.named == r.CHOSEN_NAME for noun in reading.what.nouns]
    if any(named) and (len(named) != 1 or reading.nth):
        raise UnreadError(f"spells with the chosen name described as {reading.what.words()!r}")
    if reading.this_turn and not any(named):
        raise UnreadError(f"a cost change this turn of spells described as {reading.what.words()!r}")
    return any(named)


def _cost_condition(written: str) -> Condition:
    """The condition of 'As long as ~ is tapped, creature spells you cast cost {2} less to cast' as the
    grammar reads it, judged on the source as the total cost is locked in (CR 601.2f); one the grammar does
    not read leaves the sentence unread.

    >>> _cost_condition("~ is tapped").describe()
    'this permanent is tapped'
    """
    reading = parse_condition(written)
    if isinstance(reading, r.SourceStatus):  # (judged as the cost is locked in, before any mana ability)
        return Condition((), source_tapped=reading.tapped)
    held = while_condition(written)
    if held.unevaluated:
        raise UnreadError(f"a cost change as long as {written}")
    return held


def optional_life_modifier(reading: s.OptionalLifeForSpells, sentence: str) -> CostModifier:
    """The Defilers' 'As an additional cost to cast white permanent spells, you may pay 2 life.': a change of
    the spells its controller casts that takes nothing off yet, made only if the life is paid (the next
    sentence says what it takes off: :func:`life_paid_reduction`).

    >>> from models.oracle.grammar import parse_static
    >>> defiler = optional_life_modifier(parse_static("As an additional cost to cast white permanent spells, "
    ...     "you may pay 2 life"), "...")
    >>> defiler.paid_life, str(defiler.colors), defiler.spells.excluded, defiler.colored
    (2, 'W', ('Instant', 'Sorcery'), ManaBag.parse(''))
    """
    if reading.life < 1:
        raise UnreadError(f"an optional additional cost of {reading.life} life")
    nothing = spells_cost(s.SpellsCost(reading.what, "{0}", False, "you cast"), sentence)
    return replace(nothing, paid_life=reading.life)


def life_paid_reduction(
    modifier: CostModifier, reading: s.ThoseCostIfLifePaid, sentence: str
) -> CostModifier:
    """``modifier`` (:func:`optional_life_modifier`) with what 'Those spells cost {W} less to cast if you paid
    life this way.' takes off: colored or generic mana (an increase is not read).

    >>> from models.oracle.grammar import parse_static
    >>> defiler = optional_life_modifier(parse_static("As an additional cost to cast white permanent spells, "
    ...     "you may pay 2 life"), "...")
    >>> str(life_paid_reduction(defiler, s.ThoseCostIfLifePaid("{W}", False), "Those ...").colored)
    '{W}'
    """
    if reading.more or not modifier.paid_life or modifier.colored or modifier.generic_delta:
        raise UnreadError(f"those spells cost {reading.symbols} {'more' if reading.more else 'less'}")
    generic, colored = generic_and_colored(reading.symbols)
    return replace(modifier, text=f"{modifier.text} {sentence}", generic_delta=-generic, colored=colored)


def _where_x(reading: s.SpellsCost) -> Amount:
    """The amount of '<spells> cost {X} less to cast, where X is ~'s power' (Vadrik, Astral Archmage): its
    source's power as the total cost is locked in (CR 601.2f), or 'your speed' (Samut, the Driving Force:
    its controller's, CR 702.179); a change of {X} alone, and no other amount."""
    if reading.symbols != "{X}" or reading.where_x is None:
        raise UnreadError(f"a cost changed by {reading.symbols}, where X is an amount")
    if isinstance(reading.where_x, r.Speed):
        return Amount(kind=AmountKind.SPEED)
    counted = amount(reading.where_x)
    if counted.kind is not AmountKind.POWER or counted.plus:
        raise UnreadError(f"a cost changed by {{X}}, where X is {counted.kind.value}")
    return counted


def spells_described(what: r.Nouns) -> tuple[ObjectFilter, ManaTypes, bool]:
    """The spells a description of spells is about ('Artifact and creature spells', 'Nonartifact spells',
    'Multicolored spells'): their types and qualities, the colors it names (any of them), and whether it
    asks a face-down spell ('Face-down creature spells': CR 702.37c)."""
    colors = ManaTypes()
    types: list[str] = []
    excluded: list[str] = []
    chosen_type = face_down = False
    qualities: set[str] = set()
    keywords: list[str] = []
    nouns = what.nouns
    for noun in nouns:
        # ('creature spell with flying': Momo, Friendly Flier, the spell's keyword, CR 702)
        keywords += [q.keyword for q in noun.qualities if isinstance(q, r.WithKeyword)]
        plain = replace(
            noun,
            types=(),
            supertypes=(),
            excluded=(),
            colors="",
            colorless=False,
            multicolored=False,
            monocolored=False,
            head=r.Head.TYPES,
            chosen_type=False,
            face_down=False,
            historic=False,
            qualities=tuple(q for q in noun.qualities if not isinstance(q, r.WithKeyword)),
        )
        if plain != r.Noun() or noun.head not in (r.Head.SPELL, r.Head.TYPES):
            raise UnreadError(f"spells described as {noun.words()!r}")
        colors = colors | (ManaTypes.parse(noun.colors) if noun.colors else ManaTypes())
        types += [*noun.supertypes, *noun.types]
        excluded += noun.excluded
        chosen_type = chosen_type or noun.chosen_type
        face_down = face_down or noun.face_down
        qualities |= {q for q in ("colorless", "multicolored", "monocolored") if getattr(noun, q)}
    if nouns[-1].head is not r.Head.SPELL:
        raise UnreadError("a description of something other than spells")
    historic = [noun.historic for noun in nouns]
    if any(historic) and len(nouns) > 1:  # ('historic or creature spells': no card has one)
        raise UnreadError(f"historic spells among others in {what.words()!r}")
    if len(keywords) > 1 or (keywords and len(nouns) > 1):
        raise UnreadError(f"spells with the keywords {keywords} in {what.words()!r}")
    spells = ObjectFilter(
        keyword=keywords[0].lower() if keywords else "",
        types=tuple(types),
        excluded=tuple(excluded),
        chosen_type=chosen_type,
        colorless="colorless" in qualities,
        multicolored="multicolored" in qualities,
        monocolored="monocolored" in qualities,
        any_types=HISTORIC_TYPES if any(historic) else (),  # (CR 700.6: any one of them)
    )
    return spells, colors, face_down
