"""What ``optimise-lands`` is asked, read and checked: the pool of candidate lands, the budget of the search,
and what a point of life lost to lands costs the score.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Final

from models.carddata.names import CardResolver
from models.decklist import DeckCard, parse_deck
from models.errors import InputError
from models.limits import shortened
from planner.sim.lands import land_profile

__all__ = ["MOST_COPIES", "NO_BUDGET", "Budget", "PoolLand", "parse_budget", "parse_pool", "parse_value"]
#: Most copies of a nonbasic land (a 60-card deck; a Commander deck has one).
MOST_COPIES: Final = 4


@dataclass(kw_only=True, frozen=True, slots=True)
class PoolLand:
    """One candidate land: its card, at most ``most`` copies, the types its mana can be (a mask), and
    whether a tap makes one mana (what the Karsten bound needs)."""

    card: DeckCard
    most: int
    types: int
    single: bool

    @property
    def name(self) -> str:
        """The card's name."""
        return self.card.name


def parse_pool(
    given: str, *, lands: int, commander: bool = False, cards: CardResolver | None = None
) -> tuple[PoolLand, ...]:
    """The candidate lands: a file of one land a line (``Name``, or ``N Name`` for at most N copies;
    ``#`` and ``//`` comments), or a comma-separated list of names. A basic land may fill every slot; other
    lands have at most 4 copies (1 in Commander) unless the file says.

    >>> [(land.name, land.most) for land in parse_pool("Plains, island, Tundra", lands=24)]
    [('Plains', 24), ('Island', 24), ('Tundra', 4)]
    >>> parse_pool("Plains, Lightning Bolt", lands=24)
    Traceback (most recent call last):
    ...
    models.errors.InputError: the pool: Lightning Bolt is not a land
    """
    resolver = cards if cards is not None else CardResolver()
    path = Path(given)
    entries: list[tuple[str, int | None]] = []
    if "," not in given and path.is_file():
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"{given}: can't read the pool: {error}") from None
        for line in text.splitlines():
            line = line.split("//", 1)[0].split("#", 1)[0].strip()
            if not line:
                continue
            number, _, rest = line.partition(" ")
            if number.rstrip("xX").isdigit() and rest.strip():
                entries.append((rest.strip(), int(number.rstrip("xX"))))
            else:
                entries.append((line, None))
    else:
        entries = [(part.strip(), None) for part in given.split(",") if part.strip()]
    if not entries:
        raise InputError(f"the pool {shortened(given)!r} has no lands")
    pool: dict[str, PoolLand] = {}
    for name, most in entries:
        found = resolver.resolve(name)
        if found is None:
            hint = resolver.did_you_mean(name)
            raise InputError(f"the pool: unknown land {name!r}" + (f" ({hint})" if hint else ""))
        if not found.front.is_land:
            raise InputError(f"the pool: {found.name} is not a land")
        (card,) = parse_deck(f"1 {found.name}", "the pool", cards=resolver).cards
        if card.name in pool:
            raise InputError(f"the pool: {card.name} is given twice")
        assert card.card is not None
        basic = "Basic" in card.card.type_line
        limit = lands if basic else (1 if commander else MOST_COPIES)
        if most is not None and most < 1:
            raise InputError(f"the pool: {card.name}: at most {most} copies leaves it out; remove the line")
        profile = land_profile(card.card)
        pool[card.name] = PoolLand(
            card=card,
            most=min(most, lands) if most is not None else limit,
            types=profile.types,
            single=len(profile.sources) <= 1 and profile.search is None,
        )
    lands_in_pool = tuple(pool.values())
    if sum(land.most for land in lands_in_pool) < lands:
        raise InputError(
            f"the pool's lands make at most {sum(land.most for land in lands_in_pool)} copies, "
            f"fewer than the {lands} land slots: add lands or a basic land"
        )
    return lands_in_pool


@dataclass(kw_only=True, frozen=True, slots=True)
class Budget:
    """When the search stops at the latest: after ``games`` games simulated, or ``seconds`` seconds (which
    makes the answer depend on the machine's speed); None is no limit."""

    games: int | None = None
    seconds: float | None = None


#: No limit: the search runs until no move is confirmed.
NO_BUDGET: Final = Budget()


def parse_budget(text: str) -> Budget:
    """A budget of seconds (``90s``, ``5m``, ``1h``) and/or games (``2000000``, ``500k``, ``3M``), e.g.
    ``5m,3M``: ``m`` is minutes and ``M`` millions of games.

    >>> parse_budget("5m"), parse_budget("2m, 1.5M games")
    (Budget(games=None, seconds=300.0), Budget(games=1500000, seconds=120.0))
    """
    budget = Budget()
    for part in text.split(","):
        found = _BUDGET.fullmatch(part.strip())
        if found is None or float(found.group(1)) <= 0:
            raise InputError(
                f"bad budget {shortened(part.strip())!r}: give seconds (90s, 5m, 1h) and/or games (2000000, "
                "500k, 3M), e.g. --budget 5m,3M"
            )
        value, unit = float(found.group(1)), found.group(2) or found.group(3) or ""
        if unit in _SECONDS:
            budget = replace(budget, seconds=value * _SECONDS[unit])
        else:
            budget = replace(budget, games=round(value * {"": 1, "k": 1_000, "M": 1_000_000}[unit]))
    return budget


_BUDGET: Final = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(?:(s|m|h)|(?:(k|M)?\s*(?:games?)?))")
_SECONDS: Final = {"s": 1.0, "m": 60.0, "h": 3600.0}
_VALUE = re.compile(r"\s*life\s*=\s*(\d+(?:\.\d+)?(?:/\d+)?)\s*", re.IGNORECASE)


def parse_value(text: str) -> Fraction:
    """``--value life=N``: what a point of life lost to lands costs the score, a decimal or a fraction.

    >>> parse_value("life=0.02"), parse_value("life=1/50"), parse_value("life=0")
    (Fraction(1, 50), Fraction(1, 50), Fraction(0, 1))
    >>> parse_value("mana=2")
    Traceback (most recent call last):
    ...
    models.errors.InputError: --value must be life=N with N a number (0.02 or 1/50), got 'mana=2'
    """
    match = _VALUE.fullmatch(text)
    number = match.group(1) if match else ""
    if not match or number.endswith("/0"):
        raise InputError(f"--value must be life=N with N a number (0.02 or 1/50), got {shortened(text)!r}")
    value = Fraction(number)
    if value > 1:
        raise InputError(
            f"--value life=N: a point of life can cost at most the whole score (1), got {number}"
        )
    return value
