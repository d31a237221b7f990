"""Readings of the effects that change the mana permanents produce: replacement effects ('If you tap a
permanent for mana, it produces twice as much of that mana instead') and triggered mana abilities
('Whenever a player taps a land for mana, that player adds one mana of any type that land produced').
"""

from __future__ import annotations

from dataclasses import dataclass

from models.oracle.readings.amounts import Output, output_text
from models.oracle.readings.nouns import Nouns, count_words, number_words


@dataclass(frozen=True, slots=True)
class Tapped:
    """'you tap a Swamp for mana', 'a player taps a land for {C}', 'enchanted land is tapped for mana of the
    chosen color', 'a land is tapped for two or more mana'. ``who`` is the tapper as written ('you tap', 'a
    player taps', 'an opponent taps'; empty: '<objects> is tapped'); ``mana`` is '' (any mana), a symbol, or
    'chosen'."""

    what: Nouns
    who: str = ""
    mana: str = ""
    at_least: int = 1

    def words(self) -> str:
        """The clause in canonical wording."""
        mana = {"": "mana", "chosen": "mana of the chosen color"}.get(self.mana, self.mana)
        if self.at_least > 1:
            mana = f"{number_words(self.at_least)} or more mana"
        if self.who:
            return f"{self.who} {self.what.words(1)} for {mana}"
        return f"{self.what.words(1)} is tapped for {mana}"


@dataclass(frozen=True, slots=True)
class Multiplied:
    """'twice as much of that mana', 'three times as much of that mana'."""

    factor: int


@dataclass(frozen=True, slots=True)
class ProducedMana:
    """'{B}', 'colorless mana' ('{C}'), 'black mana' ('{B}'), 'mana of a color of your choice' (''),
    'mana of the chosen color' ('chosen'); ``count``: 'one mana of a color of your choice' (1: that many mana,
    each of a color chosen as it is produced)."""

    symbol: str
    count: int = 0


#: What a replacement makes a tapped permanent produce instead.
Produced = Multiplied | ProducedMana


_TIMES = {2: "twice", 3: "three times", 4: "four times"}


@dataclass(frozen=True, slots=True)
class Replacement:
    """'If <tapped>, it produces <produced> instead [of any other type [and amount] | color].' (CR 614.1a;
    also written '<objects> tapped for mana produce <produced> instead of ...': Hall of Gemstone)."""

    tapped: Tapped
    produced: Produced
    instead_of: str = ""  # '', 'type', 'type and amount', 'color'

    def text(self) -> str:
        """The sentence in canonical wording."""
        match self.produced:
            case Multiplied(factor):
                produced = f"{_TIMES[factor]} as much of that mana"
            case ProducedMana("", count) if count:
                produced = f"{number_words(count)} mana of a color of your choice"
            case ProducedMana(""):
                produced = "mana of a color of your choice"
            case ProducedMana("chosen"):
                produced = "mana of the chosen color"
            case ProducedMana(symbol):
                produced = symbol
        tail = f" of any other {self.instead_of}" if self.instead_of else ""
        return f"If {self.tapped.words()}, it produces {produced} instead{tail}."


@dataclass(frozen=True, slots=True)
class Trigger:
    """'Whenever <tapped>, <its controller adds | that player adds | add> [an additional] <output>.' (CR
    605.1b); ``tapped`` None: 'Whenever a land's ability causes you to add one or more mana of the chosen
    color' (``subject``). ``while_monarch``: only while its controller is the monarch (Regal Behemoth)."""

    tapped: Tapped | None
    adder: str
    output: Output
    additional: bool = False
    subject: str = ""
    while_monarch: bool = False
    damage: int = 0  # ', and ~ deals N damage to them' (to the player who tapped, as it resolves)

    def text(self) -> str:
        """The sentence in canonical wording."""
        more = "an additional " if self.additional else ""
        if self.tapped is None:
            opening = (
                f"Whenever {count_words(1, self.subject)} {self.subject}'s ability causes you to add one or "
                "more mana of the chosen color"
            )
        else:
            opening = f"Whenever {self.tapped.words()}"
        if self.while_monarch:
            opening += " while you're the monarch"
        hurts = f", and ~ deals {self.damage} damage to them" if self.damage else ""
        return f"{opening}, {self.adder} {more}{output_text(self.output)}{hurts}."


@dataclass(frozen=True, slots=True)
class SacrificeTrigger:
    """'Whenever you sacrifice <objects>, [put a <kind> counter on ~ and] add <output>.' (Crime Novelist):
    set off by a mana ability's cost, a triggered mana ability too (CR 605.1b), resolved at once (605.4a),
    once for each permanent sacrificed. ``counter``: the kind of the counter it puts on its source first.

    >>> from models.oracle.readings.amounts import FixedMana
    >>> from models.oracle.readings.nouns import Noun, Nouns
    >>> SacrificeTrigger(Nouns((Noun(types=("Artifact",)),)), FixedMana("{R}"), "+1/+1").text()
    'Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and add {R}.'
    """

    what: Nouns
    output: Output
    counter: str = ""
    additional: bool = False

    def text(self) -> str:
        """The sentence in canonical wording."""
        counter = ""
        if self.counter:
            counter = f"put {count_words(1, self.counter)} {self.counter} counter on ~ and "
        more = "an additional " if self.additional else ""
        return f"Whenever you sacrifice {self.what.words(1)}, {counter}add {more}{output_text(self.output)}."


@dataclass(frozen=True, slots=True)
class CountedEffect:
    """'If the number is <odd | even>, until end of turn, <objects> get <P/T change> and <a trigger or a
    replacement>.' (Chaos Moon: the number its trigger counted at this turn's upkeep.)"""

    parity: str  # 'odd' or 'even'
    pumped: Nouns
    change: str  # '+1/+1'
    effect: Replacement | Trigger

    def text(self) -> str:
        """The sentence in canonical wording."""
        effect = self.effect.text()
        what = self.pumped.words(plural=True)
        return (
            f"If the number is {self.parity}, until end of turn, {what} get {self.change} and "
            f"{effect[:1].lower()}{effect[1:]}"
        )


#: A sentence that changes the mana abilities produce.
ManaEffect = Replacement | Trigger | SacrificeTrigger | CountedEffect
