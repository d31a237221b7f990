"""The board's effects in force that no permanent's text holds now (contract §10 extension, issue 35): an
effect of a spell or ability that has resolved (CR 611.2: 'Until end of turn, target land becomes an Island',
'Creatures you control gain haste until end of turn') or one that outlasts its source (Quicksilver Fountain's
'That land is an Island for as long as it has a flood counter on it'), given by the text as printed, who
controls it and what its words 'that land', 'target creature', 'enchanted land' refer to.

>>> effect = read_effect({"text": "Target land becomes an Island until end of turn.", "controller": "me",
...     "refers_to": ["f"]}, ("effects", 0))
>>> effect.refers_to, effect.until, effect.to_dict()["refers_to"]
(('f',), None, ['f'])
>>> read_effect({"text": "Flying.", "controller": "me", "until": "someday"}, ("effects", 0))
Traceback (most recent call last):
...
models.board.json_fields.FieldError: unknown end 'someday': expected one of end_of_turn, your_next_turn, \
as_long_as_stated, never
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    json_list,
    read_long_text,
    read_named,
    read_text,
)
from models.board.permanents import NOTHING_CHOSEN, Choices, read_choices
from models.board_fields import EFFECT as EFFECT_FIELDS
from models.limits import MAX_PERMANENTS

__all__ = ["EFFECT_ENDS", "EffectInForce", "read_effect", "read_effects"]

#: When an effect ends, where its text doesn't say (informational: every effect listed is in force now, and
#: a plan is made within one step of the turn, before any of these ends, CR 514.2).
EFFECT_ENDS: Final = ("end_of_turn", "your_next_turn", "as_long_as_stated", "never")


@dataclass(frozen=True, slots=True)
class EffectInForce:
    """One effect in force: its text (one or more sentences, as printed), its controller (the controller of
    the spell or ability that made it, CR 611.2), the ids its referents name ('that land', 'target land',
    'enchanted land', 'it': permanents; 'target player', 'that player': players), the permanents whose set
    was locked in as it began (CR 611.2c: 'Creatures you control gain haste until end of turn' affects only
    those; None: the permanents of the board as given), when it ends if its text doesn't say, and the name
    of what made it (for messages)."""

    text: str
    controller: str
    refers_to: tuple[str, ...] = ()
    affected: tuple[str, ...] | None = None
    until: str | None = None
    source: str | None = None
    #: the card name its words 'that creature' name when that is on no battlefield (Reflector Mage's returned
    #: creature, CR 201.2)
    named: str | None = None
    #: what was chosen as it resolved, as a permanent's ``choices`` (Jinx's 'the basic land type of your
    #: choice': ``basic_land_type``; Hall of Gemstone's color chosen this turn: ``color``)
    choices: Choices = NOTHING_CHOSEN

    def to_dict(self) -> dict[str, Any]:
        """The board-file form, leaving out defaults.

        >>> EffectInForce("Spells you cast this turn cost {1} less to cast.", "me").to_dict()
        {'text': 'Spells you cast this turn cost {1} less to cast.', 'controller': 'me'}
        """
        out: dict[str, Any] = {"text": self.text, "controller": self.controller}
        if self.refers_to:
            out["refers_to"] = list(self.refers_to)
        if self.affected is not None:
            out["affected"] = list(self.affected)
        if self.until is not None:
            out["until"] = self.until
        if self.source is not None:
            out["source"] = self.source
        if self.named is not None:
            out["named"] = self.named
        if self.choices != NOTHING_CHOSEN:
            out["choices"] = self.choices.to_dict()
        return out


def _read_ids(value: object, path: JsonPath) -> tuple[str, ...]:
    """A list of ids (permanents or players), each given once."""
    ids: list[str] = []
    for position, entry in enumerate(json_list(value, path, "ids")):
        text = read_text(entry, (*path, position))
        if text in ids:
            raise FieldError((*path, position), f"{text!r} is given more than once")
        ids.append(text)
    return tuple(ids)


def _read_sentences(value: object, path: JsonPath) -> str:
    """The effect's text: rules text with something in it."""
    text = read_long_text(value, path)
    if not text.strip():
        raise FieldError(path, "must not be empty")
    return text


def read_effect(value: object, path: JsonPath) -> EffectInForce:
    """One entry of the board's ``effects`` (its ids are checked against the board by ``Board.check``)."""
    fields = Fields(value, path, EFFECT_FIELDS)
    return EffectInForce(
        text=fields.required("text", _read_sentences),
        controller=fields.required("controller", read_text),
        refers_to=fields.optional("refers_to", _read_ids, ()),
        affected=fields.optional("affected", _read_ids, None),
        until=fields.optional("until", read_named(EFFECT_ENDS, "end"), None),
        source=fields.optional("source", read_text, None),
        named=fields.optional("named", read_text, None),
        choices=fields.optional("choices", read_choices, NOTHING_CHOSEN),
    )


def read_effects(value: object, path: JsonPath) -> tuple[EffectInForce, ...]:
    """The board's ``effects`` list, oldest first (their timestamps follow every permanent's, CR 613.7)."""
    entries = json_list(value, path, "effects")
    if len(entries) > MAX_PERMANENTS:
        raise FieldError(path, f"{len(entries)} effects are more than the limit of {MAX_PERMANENTS}")
    return tuple(read_effect(entry, (*path, position)) for position, entry in enumerate(entries))
