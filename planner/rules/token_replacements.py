"""The replacement effects on creating tokens applied to the Treasures a turn's plan counts (CR 614.1a).

A permanent's 'If you would create one or more Treasure tokens, instead create those tokens plus an
additional Treasure token.' (Xorn) or 'If an effect would create one or more tokens under your control, it
creates twice that many of those tokens instead.' (a doubler) changes how many Treasures each effect creates
(each effect that creates tokens is one event: a spell's effect, an enters trigger, a trigger on casting).
Several apply to one event in the order the player who controls the tokens chooses (CR 616.1), each once
(CR 614.5); a player planning the turn chooses the most Treasures: every "plus an additional Treasure"
before every doubling ((1 + 1) x 2 = 4 Treasures, rather than 1 x 2 + 1 = 3). A replacement whose result the
grammar does not read is never guessed: :func:`token_replacement_notes` says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from models.board import Board, Card, Permanent
from models.oracle import read_card
from models.oracle.token_replacements import CreatedTokens, TokenReplacement
from planner.rules.turn import Resolution, TokenEvent
from planner.rules.view import BoardView

__all__ = [
    "TREASURE",
    "most_created",
    "most_treasures",
    "other_tokens",
    "replacements_of",
    "spell_treasures",
    "token_replacement_notes",
    "treasure_replacements",
    "treasures_created",
]

#: The name of the token a turn's plan counts (CR 111.10a)
TREASURE = "Treasure"


def treasure_replacements(board: Board, player: str, token: str = TREASURE) -> tuple[TokenReplacement, ...]:
    """The replacement effects of the permanents on ``board`` that apply to Treasure tokens (or tokens
    named ``token``) created under ``player``'s control: their controller's own ('If you would create',
    'under your control') when ``player`` controls them, every player's ('If one or more tokens would be
    created, ...') whoever does; not those of a permanent that lost its abilities (CR 613.1f)."""
    view = BoardView(board)
    found: list[TokenReplacement] = []
    for permanent in board.permanents:
        if view.lost_any_abilities(permanent.id):
            continue
        for replacement in view.parsed[permanent.id].token_replacements:
            mine = replacement.every_player or permanent.controller == player
            if mine and replacement.applies_to(token):
                found.append(replacement)
    return tuple(found)


def treasures_created(board: Board, player: str, count: int, token: str = TREASURE) -> int:
    """The Treasure tokens (or tokens named ``token``) an effect that would create ``count`` of them under
    ``player``'s control creates on ``board``: its replacement effects applied in the order that creates the
    most (CR 616.1), each once (CR 614.5): every "plus an additional" token of that name first, then every
    doubling. A replacement whose result is not read is not applied (its note says so:
    :func:`token_replacement_notes`).

    >>> xorn = {"id": "x", "name": "Test Digger", "type_line": "Creature — Dwarf", "controller": "me",
    ...     "power": 2, "toughness": 2, "oracle": "If you would create one or more Treasure tokens, instead "
    ...     "create those tokens plus an additional Treasure token."}
    >>> lives = {"id": "l", "name": "Test Twins", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "If an effect would create one or more tokens under your control, it creates twice "
    ...     "that many of those tokens instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [xorn, lives]})
    >>> treasures_created(board, "me", 1), treasures_created(board, "me", 0)
    (4, 0)
    """
    return most_created(((token, count),), replacements_of(board, player), token)


def replacements_of(board: Board, player: str) -> tuple[TokenReplacement, ...]:
    """The replacement effects on creating tokens with a result read of the permanents on ``board`` that
    apply to tokens created under ``player``'s control (:func:`treasure_replacements`, of any token)."""
    view = BoardView(board)
    return tuple(
        replacement
        for permanent in board.permanents
        if not view.lost_any_abilities(permanent.id)
        for replacement in view.parsed[permanent.id].token_replacements
        if replacement.result and (replacement.every_player or permanent.controller == player)
    )


def most_created(made: TokenEvent, replacements: Sequence[TokenReplacement], token: str = TREASURE) -> int:
    """The most tokens named ``token`` an effect that would create the tokens ``made`` (by name, with how
    many) creates with ``replacements`` applied: the player who controls the tokens chooses the order (CR
    616.1), each applies once (CR 614.5) and only while the event creates tokens it applies to (CR 616.1e:
    Academy Manufactor's 'one of each' first, then Xorn's "plus an additional Treasure" applies to a Food
    made). Every order is tried (those of the same replacement once).

    >>> each = TokenReplacement("", False, "each", one_of=("Clue", "Food", "Treasure"))
    >>> xorn = TokenReplacement("Treasure", False, "plus", "Treasure")
    >>> twice = TokenReplacement("", False, "twice")
    >>> most_created((("Food", 1),), [each]), most_created((("Food", 1),), [each, each])
    (1, 3)
    >>> most_created((("Food", 1),), [each, xorn, twice]), most_created((("Clue", 1),), [xorn])
    (4, 0)
    """
    kinds = sorted(set(replacements), key=repr)
    if all(r.result in ("plus", "twice") and not r.one_of for r in kinds) and all(
        name == token for name, _ in made
    ):  # (the common case: Treasures only, every "plus" before every doubling)
        count = sum(count for _, count in made)
        plus = sum(
            1 for r in replacements if r.result == "plus" and r.additional == token and r.applies_to(token)
        )
        return most_treasures(
            count, plus, sum(1 for r in replacements if r.result == "twice" and r.applies_to(token))
        )
    left = tuple(sum(1 for r in replacements if r == kind) for kind in kinds)
    best: dict[tuple[TokenEvent, tuple[int, ...]], int] = {}

    def search(counts: TokenEvent, remaining: tuple[int, ...]) -> int:
        key = (counts, remaining)
        if key not in best:
            found = dict(counts).get(token, 0)
            for index, kind in enumerate(kinds):
                after = _replaced(counts, kind) if remaining[index] else None
                if after is not None:
                    fewer = (*remaining[:index], remaining[index] - 1, *remaining[index + 1 :])
                    found = max(found, search(after, fewer))
            best[key] = found
        return best[key]

    return search(tuple(sorted((name, count) for name, count in made if count > 0)), left)


def _replaced(counts: TokenEvent, replacement: TokenReplacement) -> TokenEvent | None:
    """The tokens an event creates once ``replacement`` is applied to it, or None when it does not apply
    (the event creates none of the tokens it applies to).

    >>> _replaced((("Food", 2),), TokenReplacement("", False, "each", one_of=("Clue", "Food", "Treasure")))
    (('Clue', 2), ('Food', 2), ('Treasure', 2))
    """
    made = dict(counts)
    applied = [name for name, count in counts if count > 0 and replacement.applies_to(name)]
    if not applied:
        return None
    if replacement.result == "plus":
        made[replacement.additional] = made.get(replacement.additional, 0) + 1
    elif replacement.result == "twice":
        made |= {name: made[name] * 2 for name in applied}
    elif replacement.result == "each":  # (that many of each: as many as the tokens it applies to, CR 614.1a)
        total = sum(made[name] for name in applied)
        made |= {name: total for name in replacement.one_of}
    else:
        return None
    return tuple(sorted(made.items()))


def most_treasures(count: int, plus: int, doublings: int) -> int:
    """The most Treasure tokens an effect that would create ``count`` of them creates with ``plus``
    replacements adding "an additional Treasure token" and ``doublings`` creating "twice that many": each
    once (CR 614.5), in the order the player chooses (CR 616.1): every additional Treasure first.

    >>> most_treasures(1, 1, 1), most_treasures(2, 0, 2), most_treasures(0, 1, 1)
    (4, 8, 0)
    """
    if count <= 0:  # (no event creates Treasures: nothing to replace)
        return count
    return (count + plus) << doublings  # (each doubling twice that many)


def spell_treasures(
    board: Board,
    player: str,
    effect: Resolution,
    entered: Sequence[Permanent],
    cast_triggers: Iterable[tuple[str, CreatedTokens]],
) -> int:
    """The Treasure tokens a spell of the turn brings under ``player``'s control (CR 111.10a), each effect
    with the replacement effects on creating tokens (:func:`treasures_created`): those of the triggers on
    casting it (``cast_triggers``, by permanent: their Treasures), which resolve before it on ``board`` (CR
    603.3), and those of its effect or its enters trigger (``effect``), on ``board`` with its permanent
    (``entered``) there."""
    made = sum(
        treasures_created(board, player, tokens.count)
        for _, tokens in cast_triggers
        if tokens.predefined and tokens.name == TREASURE
    )
    after = board
    for permanent in entered:
        after = after.with_permanent(permanent)
    replacements = replacements_of(after, player)
    return made + sum(most_created(event, replacements) for event in effect.token_events)


def other_tokens(
    board: Board, player: str, cast_triggers: Iterable[tuple[str, CreatedTokens]]
) -> list[tuple[CreatedTokens, int]]:
    """The tokens other than Treasures the triggers on casting a spell (``cast_triggers``, by permanent)
    create under ``player``'s control on ``board``, each effect with the replacement effects on creating
    tokens that apply to it (:func:`treasures_created`: a doubler's, not Xorn's), with how many.

    >>> twins = {"id": "l", "name": "Test Twins", "type_line": "Enchantment", "controller": "me",
    ...     "oracle": "If an effect would create one or more tokens under your control, it creates twice "
    ...     "that many of those tokens instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [twins]})
    >>> spawn = CreatedTokens(1, "Eldrazi Spawn", 0, 1, "Sacrifice ~: Add {C}.")
    >>> [(made.name, count) for made, count in other_tokens(board, "me", [("p", spawn)])]
    [('Eldrazi Spawn', 2)]
    """
    return [
        (tokens, treasures_created(board, player, tokens.count, tokens.name))
        for _, tokens in cast_triggers
        if not (tokens.predefined and tokens.name == TREASURE)
    ]


def token_replacement_notes(board: Board, player: str, cast: Iterable[Card] = ()) -> list[str]:
    """A note for each replacement effect on creating tokens that may change the Treasures of ``player``'s
    turn and whose result the grammar does not read (never guessed), of the permanents on ``board`` and the
    permanent spells ``cast``.

    >>> frog = {"id": "f", "name": "Test Chef", "type_line": "Creature — Rat", "controller": "me", "power": 1,
    ...     "toughness": 1, "oracle": "If one or more tokens would be created under your control, those "
    ...     "tokens plus a 1/1 green Frog creature token are created instead."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [frog]})
    >>> token_replacement_notes(board, "me")  # doctest: +NORMALIZE_WHITESPACE
    ["Test Chef: 'If one or more tokens would be created under your control, those tokens plus a 1/1 green
    Frog creature token are created instead.' is not applied to the plan's Treasures (CR 614.1a: a
    replacement of creating tokens not read): the plan may not be the best"]
    """
    sources = [(board.permanent(r_id).name, r) for r_id, r in _unread(board, player)]
    for card in cast:
        if card.type_line.is_permanent:
            parsed = read_card(card.oracle, card.name, card.type_line)
            sources += [(card.name, r) for r in parsed.token_replacements if not r.result]
    notes = {
        f"{name}: {replacement.text!r} is not applied to the plan's Treasures (CR 614.1a: a replacement of "
        "creating tokens not read): the plan may not be the best"
        for name, replacement in sources
        if replacement.applies_to(TREASURE)
    }
    return sorted(notes)


def _unread(board: Board, player: str) -> list[tuple[str, TokenReplacement]]:
    """The replacements of the permanents on ``board`` that apply to ``player``'s Treasures with a result
    not read, each with its permanent's id."""
    view = BoardView(board)
    return [
        (permanent.id, replacement)
        for permanent in board.permanents
        if not view.lost_any_abilities(permanent.id)
        for replacement in view.parsed[permanent.id].token_replacements
        if not replacement.result
        and (replacement.every_player or permanent.controller == player)
        and replacement.applies_to(TREASURE)
    ]
