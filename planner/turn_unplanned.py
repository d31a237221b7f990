"""Mana a turn's plan does not make, said in its notes (contract section 11: never silent).

- An activated ability that creates a token with a mana ability and adds no mana ('{1}{B}, {T}, Pay 1 life:
  Create a Treasure token.') is no mana ability (CR 605.1a: it makes a token, not mana): a player may
  activate it with priority before a spell and sacrifice the token for mana. The turn's search plans those it
  reads whole (:mod:`planner.turn_activated`); the others are said (:func:`token_ability_notes`, the caller
  leaving out the planned ones). It might cast what the plan can't: a plan that casts nothing is then no "no".
- A trigger of casting a spell that adds mana ('Whenever you cast your first spell each turn, add {R}{R}.')
  is counted by the search (:mod:`planner.turn_cast_mana`) when the grammar reads it; one it does not count
  (a condition, a restricted mana) is said (:func:`cast_trigger_notes`). It can't help the first spell cast,
  so a plan that casts nothing stays a "no" unless the spells are given.
- A trigger of casting a spell that creates a token with a mana ability makes no mana itself (CR 605.1a); the
  token it leaves once it resolves (CR 603.3) may pay a later spell. The search plans the tokens of one the
  grammar reads ('Whenever you cast a historic spell, create a Treasure token.', a Gold token, an Eldrazi
  Spawn 'with "Sacrifice this token: Add {C}."': :mod:`planner.turn_cast_mana`); another (a Powerstone's
  restricted mana, a token's ability given by a later sentence, an effect that does more) is said
  (:func:`cast_token_notes`), and with the spells given, a plan that casts them not is no "no".
- A loyalty ability that adds mana ('+2: Add two mana in any combination of colors.': Chandra, Hope's Beacon)
  is no mana ability (CR 605.1a): its controller may activate it in a main phase with an empty stack (CR
  606.3) and spend the mana on a spell after; the turn's search plans those of a fixed mana alone
  (:mod:`planner.turn_activated`), the others are said (:func:`loyalty_mana_notes`): a plan that casts nothing
  is then no "no".
- Life payments the library pays instead ('If you would pay life while your library has at least that many
  cards in it, exile that many cards from the top of your library instead.': Ashiok) are applied by the
  turn's replay, but the search pays life-cost mana abilities from the life total only: where the player
  has one, more of them might be activated than the life total pays (:func:`library_life_notes`), so a plan
  that casts nothing is no "no".
- An equip activation (sorcery speed, CR 702.6a) that moves an Equipment's haste to a summoning-sick creature
  with a {T} mana ability, or to one the turn casts, would let it tap for mana (CR 302.6); the turn's search
  plans an equip cost of mana (:mod:`planner.turn_activated`), another is said (:func:`equip_haste_notes`) and
  a plan that casts nothing is then no "no".
"""

from __future__ import annotations

from collections.abc import Iterable

from models.abilities import CostPartKind
from models.board import Board, Card
from models.layer_effects import GrantHaste
from models.mana_effects import LifePaymentsExiled, NotPaymentKind
from models.oracle import parse_oracle
from models.oracle.classify import adds_mana, starts_with, tokens
from models.oracle.parsed import PRIORITY_TOKEN
from models.oracle.sentence_facts import is_loyalty_cost
from planner.rules.eligibility import is_sick, token_ability_ready
from planner.rules.life_exiled import library_life
from planner.rules.turn import resolution
from planner.rules.view import BoardView
from planner.turn_cast_mana import (
    card_cast_mana,
    card_cast_treasures,
    cast_mana_of,
    describes_every_spell,
    permanent_treasures,
    untold_treasures,
)

__all__ = [
    "cast_token_notes",
    "cast_trigger_notes",
    "equip_haste_notes",
    "graveyard_cost_notes",
    "landfall_unread_notes",
    "library_life_notes",
    "loyalty_mana_notes",
    "main_phase_trigger_notes",
    "token_ability_notes",
]


def library_life_notes(board: Board, player: str) -> list[str]:
    """A note for each effect of the player's that pays their life with their library's cards (its size
    given) when a mana ability of theirs costs life: the turn's search pays that life from the life total.

    >>> seer = {"id": "a", "name": "Test Seer", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "If you would pay life while your library has at least that many cards in it, exile that many "
    ...     "cards from the top of your library instead."}
    >>> pump = {"id": "p", "name": "Test Pump", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "Pay 2 life: Add {B}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": 9}],
    ...     "permanents": [seer, pump]})
    >>> library_life_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ['Test Seer: the life its library pays instead is not planned for activations with a life cost (CR
    614.1a): the plan pays that life from the life total and may not be the best']
    """
    view = BoardView(board)
    if not library_life(view, player) or not any(
        ability.cost.life for p in board.controlled_by(player) for ability in view.mana_abilities(p.id)
    ):
        return []
    return sorted(
        {
            f"{board.permanent(sourced.source).name}: the life its library pays instead is not planned for "
            "activations with a life cost (CR 614.1a): the plan pays that life from the life total and may "
            "not be the best"
            for sourced in view.effects_of(LifePaymentsExiled)
            if sourced.controller == player
        }
    )


def token_ability_notes(board: Board, player: str) -> list[str]:
    """A note for each activated ability of the player's permanents that creates a token that makes mana.

    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}{B}, {T}, Pay 1 life: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> token_ability_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Test Knight: '{1}{B}, {T}, Pay 1 life: Create a Treasure token.' is not planned (CR 605.1a: it creates
    a token, not mana, with priority before a spell): the plan may not be the best"]
    """
    view = BoardView(board)
    return sorted(
        {
            f"{p.name}: {sentence.text!r} is not planned (CR 605.1a: it creates a token, not mana, with "
            "priority before a spell): the plan may not be the best"
            for p in board.controlled_by(player)
            for sentence in view.parsed[p.id].sentences
            if sentence.note == PRIORITY_TOKEN
            and not view.lost_any_abilities(p.id)
            and token_ability_ready(view, p.id, sentence.text)
        }
    )


def equip_haste_notes(board: Board, player: str, cards: Iterable[Card] = ()) -> list[str]:
    """A note for each Equipment of the player whose text gives the equipped creature haste and has an equip
    ability, when a summoning-sick creature of the player, or a creature card among ``cards`` (those the turn
    may cast), has a {T} mana ability: equipping it (sorcery speed, CR 702.6a) would let it tap for mana (CR
    302.6), which the turn's search does not plan.

    >>> spurs = {"id": "s", "name": "Test Spurs", "type_line": "Artifact — Equipment", "controller": "me",
    ...     "oracle": "Equipped creature has haste.\\nEquip {1}"}
    >>> elves = {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [spurs, elves]})
    >>> equip_haste_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ['Test Spurs: equipping a summoning-sick creature to tap it for mana is not planned (CR 702.6a, 302.6:
    an equip ability is activated as a sorcery, not while paying): the plan may not be the best']
    >>> alone = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [spurs]})
    >>> equip_haste_notes(alone, "me")
    []
    """
    view = BoardView(board)
    equipment = sorted(
        {
            p.name
            for p in board.controlled_by(player)
            if not view.lost_any_abilities(p.id)
            and any(keyword.startswith("equip") for keyword in view.parsed[p.id].keywords)
            and any(
                isinstance(effect, GrantHaste) and effect.affected.attached
                for effect in view.parsed[p.id].effects
            )
        }
    )
    if not equipment:
        return []
    sick_tappers = any(
        is_sick(view, p.id) and any(ability.cost.tap for ability in view.mana_abilities(p.id))
        for p in board.controlled_by(player)
    )
    cast_tappers = any(
        card.type_line.is_a("Creature")
        and any(ability.cost.tap for ability in parse_oracle(card.oracle, card.name).mana_abilities)
        for card in cards
    )
    if not (sick_tappers or cast_tappers):
        return []
    return [
        f"{name}: equipping a summoning-sick creature to tap it for mana is not planned (CR 702.6a, 302.6: "
        "an equip ability is activated as a sorcery, not while paying): the plan may not be the best"
        for name in equipment
    ]


def loyalty_mana_notes(board: Board, player: str) -> list[str]:
    """A note for each loyalty ability of the player's permanents that adds mana (CR 605.1a: no mana ability;
    CR 606.3: activated at sorcery speed, once each turn), which the turn's search does not activate.

    >>> beacon = {"id": "b", "name": "Test Beacon", "type_line": "Legendary Planeswalker — Test",
    ...     "controller": "me", "counters": {"loyalty": 5},
    ...     "oracle": "+2: Add two mana in any combination of colors."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [beacon]})
    >>> loyalty_mana_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Test Beacon: '+2: Add two mana in any combination of colors.' is not planned (CR 605.1a, 606.3: a
    loyalty ability that adds mana, activated in a main phase before a spell): the plan may not be the best"]
    """
    view = BoardView(board)
    return sorted(
        {
            f"{p.name}: {sentence.text!r} is not planned (CR 605.1a, 606.3: a loyalty ability that adds "
            "mana, activated in a main phase before a spell): the plan may not be the best"
            for p in board.controlled_by(player)
            if not view.lost_any_abilities(p.id)
            for sentence in view.parsed[p.id].sentences
            if ":" in sentence.text
            and is_loyalty_cost(sentence.text.split(":", 1)[0])
            and adds_mana(sentence.text)
        }
    )


def cast_trigger_notes(board: Board, player: str, cast: Iterable[Card]) -> list[str]:
    """A note for each trigger of the player casting a spell that adds mana the turn's plan does not count
    (:func:`~planner.turn_cast_mana.cast_mana_of`: a trigger the grammar does not read, a condition, mana a
    restriction limits), of their permanents and of the permanent spells ``cast`` may put on the battlefield;
    and for a counted trigger of "the first ... spell each turn" describing some spells only, when the board
    says how many spells were cast this turn but not which (then it can't tell whether it fires).

    >>> rodeo = {"id": "r", "name": "Test Rodeo", "type_line": "Creature — Human", "power": 3,
    ...     "toughness": 4, "controller": "me",
    ...     "oracle": "Whenever you cast your first spell each turn, if you control a Goblin, add {R}{R}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [rodeo]})
    >>> cast_trigger_notes(board, "me", [])  # doctest: +NORMALIZE_WHITESPACE
    ["Test Rodeo: the mana of 'Whenever you cast your first spell each turn, if you control a Goblin, add
    {R}{R}.' is not counted in turn plans (a trigger of casting, CR 603.3: it adds its mana once the spell is
    cast, for later spells, CR 500.4): the plan may not be the best"]
    """
    view = BoardView(board)
    me = board.player(player)
    sources = [
        (p.name, cast_mana_of(view.parsed[p.id], p.name))
        for p in board.controlled_by(player)
        if not view.lost_any_abilities(p.id)
    ]
    sources += [(card.name, card_cast_mana(card)) for card in cast if card.type_line.is_permanent]
    notes = {
        f"{name}: the mana of {text!r} is not counted in turn plans (a trigger of casting, CR 603.3: it adds "
        "its mana once the spell is cast, for later spells, CR 500.4): the plan may not be the best"
        for name, (_, not_counted) in sources
        for text in not_counted
    }
    if me.spells_cast is None:  # (how many spells were cast this turn, not which)
        notes |= {
            f"{name}: the mana of {mana.text!r} is not counted in turn plans (the board gives how many "
            "spells were cast this turn, not which: CR 603.2): the plan may not be the best"
            for name, (counted, _) in sources
            for mana in counted
            if mana.trigger.nth and not describes_every_spell(mana.trigger)
        }
    return sorted(notes)


def cast_token_notes(board: Board, player: str, cast: Iterable[Card]) -> list[str]:
    """A note for each trigger of the player casting a spell that creates a token with a mana ability that
    the search does not count (:func:`~planner.turn_cast_mana.cast_treasures_of`: a token it does not
    count, an effect that does more, a trigger the grammar does not read), of their permanents and of the
    permanent spells ``cast`` may put on the battlefield (the token pays only spells cast after the trigger
    resolves), and for each counted one that can't tell whether it fires this turn
    (:func:`~planner.turn_cast_mana.untold_treasures`).

    >>> spawner = {"id": "g", "name": "Test Stonesmith", "type_line": "Creature — Dwarf", "power": 3,
    ...     "toughness": 3, "controller": "me",
    ...     "oracle": "Whenever you cast an artifact spell, create a Powerstone token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [spawner]})
    >>> cast_token_notes(board, "me", [])  # doctest: +NORMALIZE_WHITESPACE
    ["Test Stonesmith: 'Whenever you cast an artifact spell, create a Powerstone token.' is not planned (CR
    605.1a: a trigger of casting that creates a token, not mana; the token pays later spells, CR 603.3): the
    plan may not be the best"]
    """
    view = BoardView(board)
    sources = [
        (p.name, permanent_treasures(view, p)[1])
        for p in board.controlled_by(player)
        if not view.lost_any_abilities(p.id)
    ]
    record = board.player(player)
    untold_nth = record.spells_cast is None and record.spells_cast_this_turn > 0
    for card in cast:
        if card.type_line.is_permanent:
            counted, not_counted = card_cast_treasures(card)
            # ('your first historic spell each turn' with spells cast before the turn not listed: untold)
            untold = tuple(
                made.text
                for made in counted
                if made.trigger.nth and untold_nth and not describes_every_spell(made.trigger)
            )
            sources.append((card.name, (*not_counted, *untold)))
    notes = {
        f"{name}: {text!r} is not planned (CR 605.1a: a trigger of casting that creates a token, not mana; "
        "the token pays later spells, CR 603.3): the plan may not be the best"
        for name, texts in sources
        for text in texts
        if starts_with(tokens(text), "whenever you cast")
    }
    notes |= {
        f"{board.permanent(pid).name}: {text!r} may have triggered before the plan this turn (CR 603.2h: "
        "the board's spells_cast_this_turn): its Treasures are not planned: the plan may not be the best"
        for pid, text in untold_treasures(board, player).items()
    }
    return sorted(notes)


def landfall_unread_notes(board: Board, player: str) -> list[str]:
    """A note for each landfall sentence of the player's permanents that adds mana the turn's plan does not
    count (:func:`~planner.rules.turn.resolution`'s unread: "If it's the second time, add {R}{G}{W}{U}.",
    which the trigger checks as it resolves by how many times it resolved this turn, CR 608.2c, which the
    board does not record): with a land play, a plan that casts nothing is then no "no".

    >>> omen = {"id": "o", "name": "Test Omen", "type_line": "Creature — Elemental", "power": 4,
    ...     "toughness": 4, "controller": "me", "oracle": "Landfall — Whenever a land you control enters, "
    ...     "you gain 4 life if this is the first time this ability has resolved this turn. If it's the "
    ...     "second time, add {R}{G}{W}{U}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [omen]})
    >>> print(*landfall_unread_notes(board, "me"))  # doctest: +NORMALIZE_WHITESPACE
    Test Omen: the mana of its landfall's "If it's the second time, add {R}{G}{W}{U}." is not counted in
    turn plans (CR 608.2c: how many times it resolved this turn): the plan may not be the best
    """
    view = BoardView(board)
    notes: set[str] = set()
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        records = [r for r in view.parsed[permanent.id].not_payment if r.kind is NotPaymentKind.LANDFALL]
        landfall = {record.text for record in records}
        card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
        read = resolution(card)
        # (mana on one resolution this turn, Omnath's, when the board does not count them: CR 608.2c)
        known = permanent.resolved_this_turn is not None
        unknown = [] if known else [r.text for r in records if r.resolution_time is not None]
        notes |= {
            f"{permanent.name}: the mana of its landfall's {text!r} is not counted in turn plans (CR 608.2c: "
            "how many times it resolved this turn): the plan may not be the best"
            for text in [*read.unread, *unknown]
            if text in landfall
        }
    return sorted(notes)


def main_phase_trigger_notes(board: Board, player: str) -> list[str]:
    """A note for each trigger of the player's permanents at the beginning of their (precombat) main phase
    that makes mana or a Treasure, when the board is at the turn's beginning (``step: beginning``): it
    triggers before the main phase's spells (CR 505.4, 603.2), which the turn's search does not plan, so a
    plan that casts nothing (or fewer than the spells given) is then no "no".

    >>> market = {"id": "m", "name": "Test Market", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "At the beginning of your precombat main phase, choose one or more —\\n• Sell — "
    ...     "Create a Treasure token. You lose 1 life.\\n• Buy — Draw a card."}
    >>> board = Board.from_dict({"version": 1, "active_player": "me", "step": "beginning",
    ...     "players": [{"id": "me"}], "permanents": [market]})
    >>> print(*main_phase_trigger_notes(board, "me"))  # doctest: +NORMALIZE_WHITESPACE
    Test Market: 'At the beginning of your precombat main phase, choose one or more —' is not planned (CR
    505.4: it triggers as the main phase begins, before its spells): the plan may not be the best
    """
    if board.step != "beginning" or board.active_player != player:
        return []
    view = BoardView(board)
    notes: set[str] = set()
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        opener = ""
        for line in permanent.oracle.splitlines():
            opener = opener if line.lstrip().startswith("•") else line
            lowered = opener.lower()
            if not (lowered.startswith("at the beginning of") and "main phase" in lowered.split(",")[0]):
                continue
            if "treasure" in line.lower() or adds_mana(line):
                notes.add(
                    f"{permanent.name}: {opener!r} is not planned (CR 505.4: it triggers as the main phase "
                    "begins, before its spells): the plan may not be the best"
                )
    return sorted(notes)


#: the cost parts that exile cards of the graveyard (CR 701.59a collect evidence, 701.61a forage)
_GRAVEYARD_COSTS = frozenset(
    {CostPartKind.EXILE_FROM_GRAVEYARD, CostPartKind.COLLECT_EVIDENCE, CostPartKind.FORAGE}
)


def graveyard_cost_notes(board: Board, player: str, cast: Iterable[Card]) -> list[str]:
    """A note for each mana ability of the player's permanents whose cost exiles cards from their graveyard
    ("{T}, Exile a card from your graveyard: Add one mana of any color.", collect evidence), when the turn
    casts an instant or sorcery: it goes to the graveyard as it resolves (CR 608.2n), which the plan does
    not count for the cost (the graveyard is the board's all turn), so a later spell that card would pay for
    is not planned: said, never silent.

    >>> tender = {"id": "t", "name": "Test Tender", "type_line": "Creature — Insect", "controller": "me",
    ...     "oracle": "{T}, Exile a card from your graveyard: Add one mana of any color."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": []}],
    ...     "permanents": [tender]})
    >>> opt = Card.from_json({"name": "Test Opt", "type_line": "Instant", "mana_cost": "{U}", "oracle": ""})
    >>> [len(graveyard_cost_notes(board, "me", cards)) for cards in ([opt], [])]
    [1, 0]
    """
    if not any(card.type_line.is_a("Instant") or card.type_line.is_a("Sorcery") for card in cast):
        return []
    view = BoardView(board)
    return sorted(
        {
            f"{p.name}: {ability.text!r}: the cards the turn's instants and sorceries put into the graveyard "
            "as they resolve (CR 608.2n) are not counted for its cost: the plan may not be the best"
            for p in board.controlled_by(player)
            for ability in view.mana_abilities(p.id)
            if any(part.kind in _GRAVEYARD_COSTS for part in ability.cost.parts)
        }
    )
