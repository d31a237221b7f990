"""A prohibition on casting as read (:class:`~models.oracle.statics.CastBanReading`) built into its effect
(:class:`~models.mana_effects.CastBan`), and one on playing lands (:class:`~models.mana_effects.LandPlayBan`),
with the terms beyond its plain player scope (:class:`~models.mana_effects.BanTerms`): whom ('Enchanted
player', 'defending player', 'Each opponent who controls more creatures than you'), when ('during combat', 'As
long as ~ is attached to a creature,', read by the condition grammar), which spells ('with mana value greater
than the number of lands that player controls') and what else ('or activate abilities that aren't mana
abilities').

>>> from models.oracle.grammar import parse_static
>>> ban = cast_ban(parse_static("Your opponents can't cast spells during combat."), "text")
>>> ban.opponents, ban.terms.combat
(True, True)
"""

from __future__ import annotations

from dataclasses import replace

from models.abilities import Condition, ObjectFilter
from models.mana_effects import NO_BAN_TERMS, BanTerms, CastBan, CostPaymentBan, LandPlayBan
from models.oracle import readings as r
from models.oracle import statics as s
from models.oracle.build_filters import object_filters, only_filter, while_condition
from models.oracle.grammar import UnreadError, parse_condition

__all__ = ["cast_ban", "cost_payment_ban", "land_play_ban", "same_ban_for"]


def cast_ban(reading: s.CastBanReading, sentence: str) -> CastBan:
    """The prohibition ``reading`` says, as an effect."""
    return CastBan(
        sentence,
        reading.spells,
        reading.opponents,
        reading.your_turn,
        reading.everyone,
        reading.zones,
        reading.most,
        reading.mana_values,
        reading.chosen_color,
        reading.chosen_type,
        reading.named,
        _terms(reading.terms),
        reading.x_in_cost,
        reading.chosen_number,
        reading.chosen_word,
        reading.shares_last_color,
    )


def land_play_ban(reading: s.LandPlayBanReading, sentence: str) -> LandPlayBan:
    """The prohibition on playing lands ``reading`` says, as an effect."""
    return LandPlayBan(
        sentence,
        reading.opponents,
        reading.everyone,
        reading.excluded,
        reading.named,
        reading.zones,
        _terms(reading.terms),
        _ban_condition(reading.while_after) if reading.while_after else None,
    )


def _ban_condition(written: str) -> Condition:
    """A prohibition's condition after it ('as long as ten or more lands are on the battlefield'): a count
    the board gives, judged as the turn goes; one the grammar does not read is not read (never a prohibition
    applied always).

    >>> _ban_condition("ten or more lands are on the battlefield").at_least
    10
    """
    held = while_condition(written)
    if held.unevaluated:
        raise UnreadError(f"a prohibition as long as {written!r}")
    return held


def cost_payment_ban(reading: s.CostPaymentBanReading, sentence: str) -> CostPaymentBan:
    """The prohibition on paying some costs ``reading`` says, as an effect."""
    sacrificed = () if reading.sacrificed is None else object_filters(reading.sacrificed)
    return CostPaymentBan(
        sentence,
        reading.opponents,
        reading.everyone,
        reading.life,
        tuple(sacrificed),
        reading.spells,
        reading.abilities,
    )


def _terms(reading: s.BanTermsReading) -> BanTerms:
    """The terms read, with their descriptions as filters (of no controller: the player the term names)."""
    if reading == s.BanTermsReading():
        return NO_BAN_TERMS
    attached_to, attacking = _while(reading.while_text)
    if attacking and not reading.defending_player:
        raise UnreadError("a prohibition while ~ is attacking of a player other than the defending one")
    if reading.defending_player and not attacking:
        raise UnreadError("'defending player' outside 'as long as ~ is attacking'")
    return BanTerms(
        enchanted_player=reading.enchanted_player,
        defending_player=reading.defending_player,
        more_than_you=_uncontrolled(reading.more_than_you),
        combat=reading.combat,
        attached_to=attached_to,
        attacking=attacking,
        mana_value_above=_uncontrolled(reading.mana_value_above),
        abilities=reading.abilities,
        attacked_you=reading.attacked_you,
    )


def _while(written: str) -> tuple[ObjectFilter | None, bool]:
    """An 'as long as' condition of a prohibition: what the permanent is attached to ('~ is attached to a
    creature'), or that it is attacking; any other is not read (never a prohibition applied always)."""
    if not written:
        return None, False
    match parse_condition(written):
        case r.SourceAttachedTo(what):
            return _uncontrolled(what), False
        case r.SourceAttacking():
            return None, True
    raise UnreadError(f"a prohibition as long as {written!r}")


def _uncontrolled(what: r.Nouns | None) -> ObjectFilter | None:
    """The filter of one description with no controller of its own (the term says whose it counts)."""
    if what is None:
        return None
    if any(noun.controller is not r.Controller.UNSAID for noun in what.nouns):
        raise UnreadError(f"a prohibition's {what.words()!r} with a controller of its own")
    return only_filter(what)


def same_ban_for(ban: CastBan, types: tuple[str, ...], sentence: str) -> tuple[CastBan, ...] | None:
    """'The same is true for artifacts and enchantments.' after ``ban`` (Ward of Bones' 'Each opponent who
    controls more creatures than you can't cast creature spells.'): the prohibition again for each type, in
    place of the one card type it names (in its spells and in what its players count); None when it names
    other than one card type (not understood: never a guess).

    >>> from models.oracle import parse_oracle
    >>> (ward,) = parse_oracle("Each opponent who controls more creatures than you can't cast creature "
    ...     "spells.").effects
    >>> [(b.spells.types, b.terms.more_than_you.types) for b in same_ban_for(ward, ("Artifact",), "text")]
    [(('Artifact',), ('Artifact',))]
    """
    named = ban.spells.types
    counted = ban.terms.more_than_you
    if (
        len(named) != 1
        or ban.spells.excluded
        or (counted is not None and counted != ObjectFilter(types=named))
    ):
        return None
    return tuple(
        replace(
            ban,
            text=sentence,
            spells=replace(ban.spells, types=(kind,)),
            terms=replace(ban.terms, more_than_you=None if counted is None else ObjectFilter(types=(kind,))),
        )
        for kind in types
    )
