"""Mana a turn's plan does not make, said in its notes (contract section 11: never silent).

- An activated ability that creates a token with a mana ability and adds no mana ('{1}{B}, {T}, Pay 1 life:
  Create a Treasure token.') is no mana ability (CR 605.1a: it makes a token, not mana): a player may
  activate it with priority before a spell and sacrifice the token for mana, which the turn's search does not
  plan (:func:`token_ability_notes`). It might cast what the plan can't: a plan that casts nothing is then no
  "no".
- A trigger of casting a spell that adds mana ('Whenever you cast your first spell each turn, add {R}{R}.')
  is no mana ability (CR 605.1b: it triggers on a cast, not on a mana ability): its mana is added as it
  resolves, after the spell is cast (CR 603.3), and stays for later spells of the main phase (CR 500.4), which
  the turn's search does not count (:func:`cast_trigger_notes`). It can't help the first spell cast, so a plan
  that casts nothing stays a "no".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from models.board import Board, Card
from models.mana_effects import NotPaymentKind
from models.oracle import read_card
from models.oracle.parsed import PRIORITY_TOKEN
from planner.rules.eligibility import token_ability_ready
from planner.rules.view import BoardView

__all__ = ["cast_trigger_notes", "token_ability_notes"]


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


def cast_trigger_notes(board: Board, player: str, cast: Iterable[Card]) -> list[str]:
    """A note for each trigger of the player casting a spell that adds mana, of their permanents and of the
    permanent spells ``cast`` may put on the battlefield (set off by the spells cast after them).

    >>> rodeo = {"id": "r", "name": "Test Rodeo", "type_line": "Creature — Human", "power": 3,
    ...     "toughness": 4, "controller": "me",
    ...     "oracle": "Whenever you cast your first spell each turn, add {R}{R}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [rodeo]})
    >>> cast_trigger_notes(board, "me", [])  # doctest: +NORMALIZE_WHITESPACE
    ["Test Rodeo: the mana of 'Whenever you cast your first spell each turn, add {R}{R}.' is not counted in
    turn plans (a trigger of casting, CR 603.3: it adds its mana once the spell is cast, for later spells,
    CR 500.4): the plan may not be the best"]
    """
    view = BoardView(board)
    cast_before = board.player(player).spells_cast_this_turn
    sources = [
        (p.name, view.parsed[p.id], cast_before)
        for p in board.controlled_by(player)
        if not view.lost_any_abilities(p.id)
    ]
    # (a spell cast this turn is itself one of the turn's spells: its 'first spell' trigger never fires)
    sources += [
        (card.name, read_card(card.oracle, card.name, card.type_line), cast_before + 1)
        for card in cast
        if card.type_line.is_permanent
    ]
    return sorted(
        {
            f"{name}: the mana of {record.text!r} is not counted in turn plans (a trigger of casting, "
            "CR 603.3: it adds its mana once the spell is cast, for later spells, CR 500.4): the plan may "
            "not be the best"
            for name, parsed, cast_already in sources
            for record in parsed.not_payment
            if record.kind is NotPaymentKind.TRIGGER
            and _on_own_cast(record.text)
            and not (_FIRST_EACH_TURN.match(record.text) and cast_already)
        }
    )


#: a trigger of the turn's first spell ('your first spell each turn', 'your first noncreature spell each
#: turn'): once a spell was cast this turn (the board's spells_cast_this_turn) it won't trigger (CR 603.2)
_FIRST_EACH_TURN: Final = re.compile(r"^whenever you cast your first (?:[a-z]+ )?spell each turn\b", re.I)


def _on_own_cast(sentence: str) -> bool:
    """True for a trigger of its controller casting a spell ('Whenever you cast ...', 'When you cast ...').

    >>> _on_own_cast("Whenever you cast your first spell each turn, add {R}{R}."), _on_own_cast(
    ...     "Whenever an opponent casts a spell, add {C}.")
    (True, False)
    """
    words = sentence.lower().replace(",", " ").split()
    return len(words) > 2 and words[0] in ("when", "whenever") and words[1:3] == ["you", "cast"]
