"""A game of the deck simulation, the parts every mode shares: the deck as played (X chosen, a modal
double-faced card as its land, the commander's colors), shuffling and dealing in batches, Karsten's London
mulligan and the cards it puts on the bottom, the life a game starts with, and the options that choose a mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from models.catalogue import CardData
from models.decklist import Deck, DeckCard
from models.errors import InputError
from models.limits import within
from models.mana import ManaTypes
from planner.sim.limits import MAX_TURN

__all__ = [
    "COMMANDER_FREE",
    "COMMANDER_LIFE",
    "DEFAULT_MIN_X",
    "HAND_SIZE",
    "LONDON",
    "STARTING_LIFE",
    "Bools",
    "Ints",
    "MulliganStage",
    "Progress",
    "batch_sizes",
    "bottom_worst",
    "check_mulligan",
    "check_ramp",
    "chosen_x",
    "commander_colors",
    "kind_counts",
    "lands_to_bottom",
    "mulligan_stages",
    "partial_shuffle",
    "played_as_land",
    "with_x",
]


Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
#: Called with the number of games just finished, for progress bars.
Progress = Callable[[int], None]
#: Life when a game starts; life totals only matter to Phyrexian symbols.
STARTING_LIFE: Final = 20
COMMANDER_LIFE: Final = 40
HAND_SIZE: Final = 7


@dataclass(frozen=True, slots=True)
class MulliganStage:
    """One hand of the London mulligan: draw seven, put ``bottom`` on the bottom, keep with that many lands.

    Lands are counted after bottoming; the last stage of a procedure always keeps.
    """

    bottom: int
    keep_min: int
    keep_max: int


#: Karsten's London mulligan: keep 7 with 2–5 lands, then (bottoming 1, 2) 2–4 lands, and always at 4 cards.
LONDON: Final = (
    MulliganStage(0, 2, 5),
    MulliganStage(1, 2, 4),
    MulliganStage(2, 2, 4),
    MulliganStage(3, 0, 7),
)


#: Commander's free first mulligan: a seven that keeps with 3–5 lands, before the others.
COMMANDER_FREE: Final = MulliganStage(0, 3, 5)


def mulligan_stages(*, commander: bool = False, london: bool = True) -> tuple[MulliganStage, ...]:
    """The hands a game goes through until it keeps; ``london=False`` keeps the first seven.

    >>> [(s.bottom, s.keep_min, s.keep_max) for s in mulligan_stages(commander=True)]
    [(0, 3, 5), (0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, 7)]
    """
    if not london:
        return (MulliganStage(0, 0, HAND_SIZE),)
    return (COMMANDER_FREE, *LONDON) if commander else LONDON


def lands_to_bottom(lands: Ints, bottom: int) -> Ints:
    """How many of the cards put on the bottom are lands, from the lands among the seven drawn.

    Karsten's rule: to go to 6, bottom a spell if the hand has more than 3 spells, else a land; to 5, two
    spells if more than 3 spells, a land and a spell if exactly 3, else two lands; to 4, three spells if more
    than 3, one land if 3, two lands if 2, else three lands. That is: ``min(bottom, max(0, lands - 3))``.

    >>> lands_to_bottom(np.arange(8), 2).tolist()
    [0, 0, 0, 0, 1, 2, 2, 2]
    """
    return np.minimum(bottom, np.maximum(0, np.asarray(lands) - 3))


def bottom_worst(
    counts: Ints, bottom: Ints, value: Callable[[Ints, Ints], Ints], order: Sequence[int]
) -> Ints:
    """Put ``bottom[g]`` lands of game ``g`` on the bottom, one at a time, each time the one whose loss keeps
    ``value(games, remaining land counts)`` highest; ties go to the kind that comes first in ``order``."""
    counts = counts.copy()
    for step in range(int(bottom.max(initial=0))):
        active = np.flatnonzero(bottom > step)
        best = np.full(active.shape[0], -1, dtype=np.int64)
        choice = np.zeros(active.shape[0], dtype=np.int64)
        for kind in order:
            has = np.flatnonzero(counts[active, kind] > 0)
            trial = counts[active[has]].copy()
            trial[:, kind] -= 1
            score = value(active[has], trial)
            better = score > best[has]
            best[has[better]] = score[better]
            choice[has[better]] = kind
        counts[active, choice] -= 1
    return counts


def batch_sizes(games: int, size: int) -> Iterable[tuple[int, int]]:
    """(index, size) of the batches of ``size`` games that make up ``games`` games.

    >>> list(batch_sizes(5, 2))
    [(0, 2), (1, 2), (2, 1)]
    """
    for index, start in enumerate(range(0, games, size)):
        yield index, min(size, games - start)


def partial_shuffle(
    cards: npt.NDArray[np.int16], games: int, depth: int, rng: np.random.Generator
) -> npt.NDArray[np.int16]:
    """The first ``depth`` cards of a random order of ``cards``, for each of ``games`` games."""
    size = cards.shape[0]
    order = np.tile(cards, (games, 1))
    flat = order.reshape(-1)
    base = np.arange(games, dtype=np.int64) * size
    for j in range(min(depth, size - 1)):
        picked = base + rng.integers(j, size, size=games)
        here = base + j
        chosen = flat[picked]
        flat[picked] = flat[here]
        flat[here] = chosen
    return np.ascontiguousarray(order[:, :depth])


def kind_counts(kinds: Ints, where: Bools, number: int) -> Ints:
    """Per row, how many of the marked cells hold each kind (0 … number - 1)."""
    rows = np.broadcast_to(np.arange(kinds.shape[0])[:, None], kinds.shape)
    flat = (rows * number + kinds)[where]
    return np.bincount(flat, minlength=kinds.shape[0] * number).reshape(kinds.shape[0], number)


#: The X that spells with X are counted with (a spell cast for X = 0 rarely does anything).
DEFAULT_MIN_X: Final = 1


def commander_colors(deck: Deck) -> ManaTypes | None:
    """The colors of the deck's commanders (their costs and color indicators), None outside Commander."""
    if not deck.commanders:
        return None
    colors = ManaTypes()
    for commander in deck.commanders:
        colors |= commander.cost.colors if commander.cost is not None else ManaTypes()
        if commander.card is not None and commander.card.color_indicator:
            colors |= ManaTypes.parse(commander.card.color_indicator)
    return colors


def chosen_x(deck: Deck, min_x: int) -> Deck:
    """The deck with every spell's X chosen as ``min_x`` (:func:`with_x`), after checking it is a valid X.

    >>> chosen_x(Deck("d", ()), -1)
    Traceback (most recent call last):
    ...
    models.errors.InputError: the X of X spells must be 0 or more, got -1
    """
    if min_x < 0:
        raise InputError(f"the X of X spells must be 0 or more, got {min_x}")
    within(min_x, MAX_TURN * 100, "the X of X spells")
    return with_x(deck, min_x)


def with_x(deck: Deck, x: int) -> Deck:
    """The deck with every spell's X chosen (CR 107.3): its cost and mana value count X = ``x``."""

    def chosen(card: DeckCard) -> DeckCard:
        if card.cost is None or not card.cost.has_variable:
            return card
        return replace(card, cost=card.cost.with_variables(x))

    return replace(
        deck, cards=tuple(chosen(c) for c in deck.cards), commanders=tuple(chosen(c) for c in deck.commanders)
    )


def played_as_land(deck: Deck) -> tuple[Deck, tuple[str, ...]]:
    """The deck as the goldfish plays it: a modal double-faced card (Scryfall layout ``modal_dfc``) whose
    front is a spell and whose back is a land counts as that land (a land source, with the land face's
    abilities and how it enters), and its spell face is not reported; a note says so for each such card.
    A transforming card's land back (Search for Azcanta) can't be played from the hand and stays a spell.

    >>> from models.carddata.faces import CardFace
    >>> spell = CardFace(name="Wake", card_name="Wake // Crypt", face_index=0, type_line="Sorcery",
    ...     mana_cost="{X}{B}{B}", layout="modal_dfc")
    >>> land = CardFace(name="Crypt", card_name="Wake // Crypt", face_index=1, type_line="Land",
    ...     mana_cost="", oracle="{T}: Add {B}.", layout="modal_dfc")
    >>> played, notes = played_as_land(Deck("d", (DeckCard(name="Wake // Crypt", count=4, lines=(1,),
    ...     card=None, cost=None, is_land=False,
    ...                                                     faces=(spell, land)),)))
    >>> played.lands, played.cards[0].card.name, notes
    (4, 'Crypt', ('Wake // Crypt is played as its land face, Crypt (its spell face is not counted)',))
    """
    cards: list[DeckCard] = []
    notes: list[str] = []
    for card in deck.cards:
        face = card.land_face
        if card.is_land or face is None or face.layout != "modal_dfc":
            cards.append(card)
            continue
        data = CardData(
            name=face.name,
            type_line=face.type_line,
            oracle=face.oracle,
            mana_cost=None,
            color_indicator=face.color_indicator or None,
        )
        cards.append(replace(card, card=data, cost=None, is_land=True))
        notes.append(f"{card.name} is played as its land face, {face.name} (its spell face is not counted)")
    if not notes:
        return deck, ()
    return replace(deck, cards=tuple(cards)), tuple(notes)


def check_ramp(ramp: str) -> None:
    """Refuse a ramp mode other than ``planner`` (the turns planned, rocks and rituals counted) and ``none``.

    >>> check_ramp("rocks")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown ramp mode 'rocks': use planner or none
    """
    _one_of(ramp, ("planner", "none"), "ramp mode")


def check_mulligan(mulligan: str) -> None:
    """Refuse a mulligan rule other than ``london`` and ``none``.

    >>> check_mulligan("vancouver")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown mulligan rule 'vancouver': use london or none
    """
    _one_of(mulligan, ("london", "none"), "mulligan rule")


def _one_of(value: str, allowed: tuple[str, str], what: str) -> None:
    """Refuse a value of an option outside the two it allows."""
    if value not in allowed:
        raise InputError(f"unknown {what} {value!r}: use {allowed[0]} or {allowed[1]}")
