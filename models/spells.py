"""A spell to pay for, named by the user: found in the player's hand, else in card data (contract section 6).

Its mana cost, type line, colors and rules text make the payment target; the keywords convoke, improvise
and delve allow those payments (CR 702.51, 702.126, 702.66), its own cost reductions (affinity, "costs
{1} less to cast for each artifact you control") apply when the total cost is locked in (CR 601.2f), and its
riders on the mana spent (converge, adamant: :mod:`models.riders`) are weighed by the objective, and its
additional costs (:mod:`models.additional_costs`) are planned with the mana.
"""

from __future__ import annotations

from dataclasses import replace

from models.additional_costs import ExtraMana, LifeCost
from models.alternative_costs import FACE_DOWN_KEYWORDS, AlternativeCost
from models.board import Card, Player
from models.carddata.names import CardResolver
from models.cost import ManaCost, PaymentTarget
from models.errors import BoardError, InputError
from models.kept import per_card
from models.limits import checked_name, shortened
from models.oracle import read_card
from models.oracle.additional_costs import additional_costs, taps_creatures
from models.oracle.alternative_costs import alternative_cost_of
from models.oracle.defining import defined_types
from models.oracle.reader import keyword_names, reading_units
from models.oracle.rider_clauses import way_mana_sources
from models.oracle.spent_riders import BASIC_LANDS, CREATURES, NO_MANA, only_mana_from, spent_riders
from models.spell_targets import printed_targets
from models.types import TypeLine

__all__ = ["card_has_adventure", "find_spell", "own_alternative_costs", "spell_target"]


def find_spell(
    player: Player,
    name: str,
    cards: CardResolver | None = None,
    *,
    from_graveyard: bool = False,
    from_exile: bool = False,
    from_library: bool = False,
    exiled: tuple[Card, ...] = (),
) -> Card:
    """The card called ``name``: the first such card in the player's hand (with ``from_graveyard``, in their
    graveyard: a spell cast from there, CR 601.2a; with ``from_exile``, among the cards they foretold, cast
    for its foretell cost, 702.143a, then among ``exiled``, the cards a permanent exiled whose permission
    casts them, 607.2a; with ``from_library``, the top card of a library given as a list), else
    the card from card data (``cards``, default the built-in catalogue); unknown names are an ``InputError``
    with suggestions.

    >>> find_spell(Player("me"), "treasure cruise").name
    'Treasure Cruise'
    >>> find_spell(Player("me"), "Tresure Crus")
    Traceback (most recent call last):
    ...
    models.errors.InputError: 'Tresure Crus' is neither in me's hand nor in card data; did you mean ...?
    """
    checked_name(name, repr(shortened(name)), "a card name")
    held = player.in_graveyard(name) if from_graveyard else player.in_hand(name)
    if held is None and from_exile:
        held = player.in_foretold(name)
        wanted = name.strip().casefold()
        held = held or next((card for card in exiled if card.name.casefold() == wanted), None)
    top = player.library_cards[0] if from_library and player.library_cards else None
    if from_library:  # (only its top card is cast from there: Bolas's Citadel's permission)
        held = top if top is not None and top.name.casefold() == name.strip().casefold() else None
    if held is not None:
        return held
    resolver = cards or CardResolver()
    found = resolver.resolve(name)
    if found is None:
        hint = resolver.did_you_mean(name)
        raise InputError(
            f"{name!r} is neither in {player.id}'s hand nor in card data" + (f"; {hint}" if hint else "")
        )
    try:
        return Card.from_json(
            {
                "name": found.face.name,
                "type_line": found.face.type_line,
                "oracle": found.face.oracle,
                "mana_cost": found.face.mana_cost,
                "color_indicator": found.face.color_indicator or None,
            },
            f"card data for {found.face.name!r}",
        )
    except BoardError as error:
        raise InputError(str(error)) from None


def card_has_adventure(player: Player, name: str, cards: CardResolver | None = None) -> bool | None:
    """Whether the card called ``name`` (as :func:`find_spell` finds it) has an Adventure (an adventurer
    card, CR 715.2): a face of it in card data's store with the subtype Adventure; None when card data does
    not give its faces (a card described by its text in the hand, or the catalogue's, which keeps one face).

    >>> card_has_adventure(Player("me"), "Llanowar Elves") is None
    True
    """
    held = player.in_hand(name)
    if held is not None and held.card is None:
        return None  # (described by its text: its faces are not given)
    found = (cards or CardResolver()).resolve(held.card if held is not None and held.card else name)
    if found is None or found.source != "store":
        return None
    return any("Adventure" in face.type_line.partition("—")[2].split() for face in found.faces)


def spell_target(card: Card, cost: ManaCost | None = None) -> PaymentTarget:
    """The payment target of casting ``card`` (for ``cost`` instead of its mana cost when given).

    >>> target = spell_target(find_spell(Player("me"), "Dig Through Time"))
    >>> str(target.cost), str(target.type_line), target.delve, target.convoke, str(target.spell_colors)
    ('{6}{U}{U}', 'Instant', True, False, 'U')

    A card without a mana cost but with morph (or megamorph, disguise) is cast face down alone: its cost is
    the empty cost, which is unpayable (CR 202.1b, 118.6; the planner then requires the face-down way).

    >>> cavern = Card.from_json({"name": "Test Cavern", "type_line": "Land", "oracle": "Morph {2}"})
    >>> bool(spell_target(cavern).cost)
    False
    """
    keywords = read_card(card.oracle, card.name, card.type_line).keywords
    paid = cost if cost is not None else card.mana_cost
    face_down = any(word.split(" ")[0] in FACE_DOWN_KEYWORDS for word in keywords)
    if paid is None and (face_down or own_alternative_costs(card.oracle, card.name)):
        # (no mana cost is an unpayable one, CR 202.1b, 118.6; it may still be cast face down for {3}, CR
        # 702.37c, 118.6a, 601.3e: Zoetic Cavern, or for an alternative cost of its own, 118.9:
        # Asmoranomardicadaistinaculdacar's {B/R}. The empty cost says so: planner.api pays it no other way)
        paid = ManaCost(())
    if paid is None:
        played = ": a land is played, not cast" if card.type_line.is_a("Land") else ""
        raise InputError(f"{card.name} has no mana cost to pay (CR 202.1b{played}); give COST")
    return with_text_read(
        PaymentTarget(
            cost=paid,
            type_line=card.type_line,
            colors=card.colors,
            name=card.name,
            text=card.oracle,
            power=card.power,
        )
    )


def spell_of(
    cost: str | ManaCost,
    *,
    text: str,
    type_line: str | TypeLine = "",
    name: str = "",
    colors: str | None = None,
    kind: str = "spell",
) -> PaymentTarget:
    """The target of casting a spell given by its rules text, as a user writes it: :meth:`PaymentTarget.of`
    with the text read as a card's is when it is cast (:func:`with_text_read`).

    >>> myr = spell_of("{2}", name="Test Myr", text="Spend only mana produced by creatures to cast ~.")
    >>> myr.creature_mana_only, myr.text
    (True, 'Spend only mana produced by creatures to cast ~.')
    """
    bare = PaymentTarget.of(cost, type_line=type_line, name=name, colors=colors, kind=kind)
    return with_text_read(replace(bare, text=text))


def with_text_read(target: PaymentTarget) -> PaymentTarget:
    """``target`` with what its own rules text (``target.text``) says of paying for it: its keywords
    (convoke, improvise, delve; the types they define), the mana it may be paid with ("Spend only mana
    produced by creatures to cast this spell."), its riders on the mana spent, its additional costs (mana
    and life added to the total cost, CR 601.2f; the others chosen as it is paid) and its targets. The one
    reading of a spell's text, for a card cast (:func:`spell_target`) and a spell given by its text
    (:func:`spell_of`); flags already set stay set.

    >>> convoke = with_text_read(replace(PaymentTarget.of("{3}{W}"), text="Convoke"))
    >>> convoke.convoke, convoke.keywords
    (True, frozenset({'convoke'}))
    >>> wave = with_text_read(replace(PaymentTarget.of("{U}{U}"), text="As an additional cost to cast this "
    ...     "spell, waterbend {5}."))
    >>> str(wave.additional_mana), wave.waterbend
    ('{5}', 5)
    """
    costs = additional_costs(target.text, target.name)
    waterbent = [ManaCost.parse(c.symbols) for c in costs if isinstance(c, ExtraMana) and c.waterbend]
    only = only_mana_from(target.text, target.name)
    keywords = read_card(target.text, target.name, target.type_line).keywords
    return replace(
        target,
        type_line=defined_types(target.type_line, keywords),
        convoke=target.convoke or "convoke" in keywords,
        improvise=target.improvise or "improvise" in keywords,
        delve=target.delve or "delve" in keywords,
        tap_creatures=target.tap_creatures or taps_creatures(target.text, target.name),
        creature_mana_only=target.creature_mana_only or only == CREATURES,
        basic_land_mana_only=target.basic_land_mana_only or only == BASIC_LANDS,
        no_mana=target.no_mana or only == NO_MANA,
        # (each keyword as written, and by its name: 'cycling' for 'Cycling {2}' and for typecycling, CR
        # 702.29e, which a change of the costs of spells with it reads)
        keywords=target.keywords | frozenset(keywords) | keyword_names(target.text, target.name),
        riders=target.riders + spent_riders(target.text, target.name),
        additional_costs=target.additional_costs
        + tuple(cost for cost in costs if not isinstance(cost, ExtraMana | LifeCost)),
        # (mana and life paid as they are, no choice: added to the total cost, CR 601.2f; Old Stickfingers'
        # "pay {X}" is the X of its mana cost, Crashing Wave's "waterbend {X}" the spell's X though its mana
        # cost has none, CR 107.3)
        additional_mana=target.additional_mana
        + sum((ManaCost.parse(c.symbols) for c in costs if isinstance(c, ExtraMana)), ManaCost(())),
        additional_life=target.additional_life
        + sum(cost.life for cost in costs if isinstance(cost, LifeCost)),
        # (Toxic Deluge's "pay X life": the spell's X, chosen as it is cast, CR 107.3)
        additional_life_x=target.additional_life_x + sum(1 for c in costs if isinstance(c, LifeCost) and c.x),
        # (a waterbend cost's generic mana, X included once chosen, may be paid by tapping: CR 701.67a-b)
        waterbend=target.waterbend + sum(mana.generic for mana in waterbent),
        waterbend_x=target.waterbend_x + sum(mana.variables.get("X", 0) for mana in waterbent),
        targets=printed_targets(target.text, target.type_line) if target.targets is None else target.targets,
    )


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def own_alternative_costs(text: str, name: str = "") -> tuple[AlternativeCost, ...]:
    """The alternative costs a spell's own text gives, in the order written (those the reader reads).

    >>> [c.describe() for c in own_alternative_costs("You may exile two black cards from your hand rather "
    ...     "than pay this spell's mana cost.\\nDraw a card.", "Soul Spike")]
    ['exile two black cards from your hand']
    """
    found: list[AlternativeCost] = []
    previous: AlternativeCost | None = None  # (the cost of the sentence just before, if it is one)
    for unit in reading_units(text, name):
        if (cost := alternative_cost_of(unit)) is not None:
            found.append(cost)
        elif previous is not None and (source := way_mana_sources(unit)):
            # ("Spend only mana produced by Treasures to cast it this way.": Security Rhox)
            found[-1] = replace(previous, mana_from=source)
        previous = cost
    return tuple(found)
