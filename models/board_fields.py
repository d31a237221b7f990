"""The board file's fields, declared once: the reader in :mod:`models.board` takes from here which fields each
object allows, which are required and which accept ``null``, and :func:`board_schema` makes the JSON Schema
that ``docs/board.schema.json`` publishes and the service serves.

The reader's messages (one line, with the JSON path) stay the reader's; the schema says the same structure
for tools that read JSON Schema (editors, client code generators).

>>> PLAYER.names[:5]
('id', 'life', 'pool', 'commander_colors', 'spells_cast_this_turn')
>>> board_schema()["required"]
['version', 'players']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from models.limits import MAX_COUNTERS

__all__ = [
    "BOARD",
    "CHOICES",
    "COPIED_CARD",
    "EFFECT",
    "IMPRINTED_CARD",
    "OBJECTS",
    "PERMANENT",
    "PLAYER",
    "POOL_ENTRY",
    "ZONE_CARD",
    "Field",
    "ObjectFields",
    "board_schema",
]

#: The board file version (kept equal to ``models.board.BOARD_VERSION``, which reads it from here).
BOARD_VERSION: Final = 1
_MAX_INT: Final = 2**53 - 1
_INTEGER: Final = {"type": "integer", "minimum": -_MAX_INT, "maximum": _MAX_INT}
_COUNT: Final = {"type": "integer", "minimum": 0, "maximum": _MAX_INT}
_TEXT: Final = {"type": "string", "minLength": 1, "pattern": r"\S"}
_STRING: Final = {"type": "string"}
_BOOLEAN: Final = {"type": "boolean"}
_COLORS: Final = {"type": "string", "pattern": "^[WUBRGwubrg]*$"}
_MANA: Final = {"type": "string", "minLength": 1, "description": "a mana string such as '{G}{G}'"}
_COST: Final = {"type": "string", "description": "a cost such as '{2}{G}', '' for none"}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a board-file object: its name, the JSON Schema of its value, and what it means.

    ``nullable``: ``null`` means the same as leaving it out. ``required_without``: required unless that other
    field is given (a permanent's ``name`` and ``type_line`` without ``card``).
    """

    name: str
    schema: Mapping[str, Any]
    help: str
    required: bool = False
    nullable: bool = False
    required_without: str | None = None

    def json_schema(self) -> dict[str, Any]:
        """The field's JSON Schema, ``null`` included when it is accepted."""
        schema = dict(self.schema)
        if self.nullable:
            schema = {"anyOf": [schema, {"type": "null"}]}
        return {**schema, "description": self.help}


@dataclass(frozen=True, slots=True)
class ObjectFields:
    """The fields of one kind of object in a board file; ``what`` names it in messages (``a player``)."""

    key: str
    what: str
    fields: tuple[Field, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The field names, in the order the documentation gives them."""
        return tuple(f.name for f in self.fields)

    def field(self, name: str) -> Field:
        """The field with this name (``KeyError`` when there is none).

        >>> PERMANENT.field("card").nullable
        True
        """
        for candidate in self.fields:
            if candidate.name == name:
                return candidate
        raise KeyError(name)

    def json_schema(self) -> dict[str, Any]:
        """The object's JSON Schema: its fields, which are required, no others."""
        schema: dict[str, Any] = {
            "type": "object",
            "additionalProperties": False,
            "properties": {f.name: f.json_schema() for f in self.fields},
        }
        required = [f.name for f in self.fields if f.required]
        if required:
            schema["required"] = required
        conditional = [f for f in self.fields if f.required_without]
        if conditional:
            schema["allOf"] = [
                {
                    "if": {
                        "not": {
                            "properties": {f.required_without: {"type": "string"}},
                            "required": [f.required_without],
                        }
                    },
                    "then": {"required": [f.name]},
                }
                for f in conditional
            ]
        return schema


def _ref(key: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{key}"}


POOL_ENTRY: Final = ObjectFields(
    "pool_entry",
    "a pool entry",
    (
        Field("mana", _MANA, "The mana, e.g. '{C}{C}'.", required=True),
        Field("spend_only", _TEXT, "The spending restriction in Oracle wording.", nullable=True),
        Field("rider", _TEXT, "What the mana does when spent.", nullable=True),
        Field("source", _TEXT, "A note on where it came from.", nullable=True),
        Field("persists", _BOOLEAN, "True for mana that does not empty between steps and phases."),
    ),
)
#: A card in a hand or a graveyard: its name in card data, or the card described.
_ZONE_CARD: Final = {"anyOf": [_TEXT, _ref("zone_card")]}
#: How many of something, or the cards themselves (names or cards, as in hand): spells cast, a library, the
#: creatures that died or attacked this turn.
_COUNT_OR_CARDS: Final = {"anyOf": [_COUNT, {"type": "array", "items": _ZONE_CARD}]}
PLAYER: Final = ObjectFields(
    "player",
    "a player",
    (
        Field("id", _TEXT, "The player's id, unique on the board.", required=True),
        Field("life", _INTEGER, "Life total (default 20)."),
        Field(
            "pool",
            {"type": "array", "items": {"anyOf": [_MANA, _ref("pool_entry")]}},
            "Floating mana: mana strings, or objects with a restriction or rider.",
        ),
        Field("commander_colors", _COLORS, "The commander's color identity, e.g. 'WUG'.", nullable=True),
        Field(
            "spells_cast_this_turn",
            _COUNT_OR_CARDS,
            "Spells the player cast this turn (default 0; taxes read it), or the spells themselves (names or "
            "cards, as in hand; the count is then their number): what 'for each instant and sorcery you've "
            "cast this turn' reads.",
        ),
        Field("hand", {"type": "array", "items": _ZONE_CARD}, "Cards in hand: names or cards."),
        Field(
            "graveyard",
            {"anyOf": [{"type": "array", "items": _ZONE_CARD}, _COUNT]},
            "Cards in the graveyard (names or cards), or how many there are (delve reads it).",
            nullable=True,
        ),
        Field(
            "library",
            _COUNT_OR_CARDS,
            "How many cards are in the library (default: unknown, large), or the cards in it (names or "
            "cards, as in hand; the count is then their number).",
            nullable=True,
        ),
        Field("lands_played_this_turn", _COUNT, "Lands played this turn (default 0)."),
        Field(
            "land_plays",
            _COUNT,
            "Land plays this turn, all of them (left out: one, with those the player's permanents add).",
        ),
        Field(
            "counters",
            {"type": "object", "additionalProperties": _COUNT},
            "The player's counters, name to count: energy (paid by {E}), experience, poison.",
        ),
        Field("cards_drawn_this_turn", _COUNT, "Cards the player drew this turn (default 0)."),
        Field("life_gained_this_turn", _COUNT, "Life the player gained this turn (default 0)."),
        Field("monarch", _BOOLEAN, "Whether the player is the monarch (default false)."),
        Field("initiative", _BOOLEAN, "Whether the player has the initiative (default false)."),
        Field(
            "sacrificed_this_turn",
            {"type": "array", "items": _ZONE_CARD},
            "The permanents the player sacrificed this turn, as cards (names or cards): what 'for each "
            "other artifact or creature you've sacrificed this turn' reads (default: not given, none "
            "counted, with a warning).",
            nullable=True,
        ),
        Field(
            "foretold",
            {"type": "array", "items": _ZONE_CARD},
            "The cards the player foretold (in exile face down, CR 702.143a), as cards (names or cards): "
            "each may be cast from exile for its foretell cost (default: not given, assumed foretold with "
            "a warning).",
            nullable=True,
        ),
        Field(
            "cards_discarded_this_turn",
            _COUNT,
            "How many cards the player discarded this turn: what 'As long as you've discarded a card this "
            "turn' reads (default: not given, none counted, with a warning).",
            nullable=True,
        ),
        Field(
            "attacked_this_turn",
            {"type": "array", "items": _TEXT},
            "The ids of the players the player attacked this turn, themselves or a planeswalker they control "
            "(extension): what 'Each opponent who attacked you or a planeswalker you control this turn can't "
            "cast spells.' reads (default: not given; on the player's own turn after its beginning, whether "
            "it binds is not known, with a warning).",
            nullable=True,
        ),
        Field(
            "life_lost_this_turn",
            _COUNT,
            "How much life the player lost this turn (extension, CR 119.3): what spectacle's and 'if an "
            "opponent lost life this turn' read of the opponents (default: not given, none counted, with a "
            "warning).",
            nullable=True,
        ),
        Field(
            "attacked_with_this_turn",
            _COUNT_OR_CARDS,
            "The creatures the player attacked with this turn (extension, CR 508.1a): how many, or the "
            "creatures themselves (names or cards, as in hand; the count is then their number): what raid's "
            "'if you attacked with a creature this turn' and 'with three or more creatures' read (default: "
            "not given, none counted, with a warning).",
            nullable=True,
        ),
        Field(
            "committed_crime_this_turn",
            _BOOLEAN,
            "Whether the player committed a crime this turn (extension, CR 700.13): what 'if you've "
            "committed a crime this turn' reads (default: not given, none counted, with a warning).",
            nullable=True,
        ),
        Field(
            "cards_left_graveyard_this_turn",
            _COUNT,
            "How many cards left the player's graveyard this turn (extension): what 'if one or more cards "
            "left your graveyard this turn' reads (default: not given, none counted, with a warning).",
            nullable=True,
        ),
        Field(
            "cards_put_into_graveyard_this_turn",
            {"type": "array", "items": _ZONE_CARD},
            "The cards put into the player's graveyard this turn from anywhere (extension), as cards "
            "(names or cards): what descend's 'if you descended this turn' (a permanent card among them) "
            "and 'if a creature card was put into your graveyard from anywhere this turn' read (default: "
            "not given, none counted, with a warning).",
            nullable=True,
        ),
        Field(
            "artifact_abilities_activated_this_turn",
            _COUNT,
            "How many activated abilities of artifacts the player activated this turn (extension, CR "
            "602.2b): what 'The first activated ability of an artifact you activate each turn costs {2} "
            "less to activate' reads (default: not given, the change not applied, with a warning).",
            nullable=True,
        ),
        Field(
            "speed",
            {"type": "integer", "minimum": 0, "maximum": 4},
            "The player's speed (CR 702.179, 0 to 4): what 'where X is your speed' reads (default: not "
            "given, the change not applied, with a warning).",
            nullable=True,
        ),
    ),
)
ZONE_CARD: Final = ObjectFields(
    "zone_card",
    "a card",
    (
        Field("card", _TEXT, "A card name from card data (any case).", nullable=True),
        Field("name", _TEXT, "The card's name (required without card).", required_without="card"),
        Field("type_line", _TEXT, "The type line (required without card).", required_without="card"),
        Field("oracle", _STRING, "Rules text in Oracle wording, one ability per line."),
        Field("mana_cost", _COST, "The mana cost ('' for none).", nullable=True),
        Field("color_indicator", _COLORS, "Color indicator letters ('' for none).", nullable=True),
        Field("power", _INTEGER, "The printed power (default: the card's).", nullable=True),
    ),
)
CHOICES: Final = ObjectFields(
    "choices",
    "choices",
    (
        Field("color", {"type": "string", "pattern": "^[WUBRGwubrg]$"}, "A chosen color.", nullable=True),
        Field("creature_type", _TEXT, "A chosen creature type.", nullable=True),
        Field("card_type", _STRING, "A chosen card type.", nullable=True),
        Field("basic_land_type", _STRING, "A chosen basic land type.", nullable=True),
        Field(
            "card_name",
            _TEXT,
            "A chosen card name (extension): Alhammarret, High Arbiter's opponents can't cast spells with "
            "it (not given: whether a spell is forbidden is not known, with a warning); Cheering Fanatic's "
            "attack trigger's this turn ('Spells with the chosen name cost {1} less to cast this turn'; not "
            "given: that change is not applied, with a warning where it would matter). One name: a split "
            "card's half's (CR 709.4a).",
            nullable=True,
        ),
        Field(
            "number",
            _COUNT,
            "A chosen number (extension): Sanctum Prelate's 'Noncreature spells with mana value equal to the "
            "chosen number can't be cast.' (not given: no spell is forbidden by it, with a warning).",
            nullable=True,
        ),
        Field(
            "word",
            _TEXT,
            "A chosen word (extension): Meddling Kids' 'Spells with the chosen word in their text box can't "
            "be cast.' (not given: no spell is forbidden by it, with a warning).",
            nullable=True,
        ),
        Field(
            "imprinted",
            {
                "anyOf": [
                    _TEXT,
                    _ref("imprinted_card"),
                    {"type": "array", "items": {"anyOf": [_TEXT, _ref("imprinted_card")]}},
                ]
            },
            "The card exiled with it (imprint): its name (Extraplanar Lens reads it; a catalogue card's "
            "colors come from the catalogue), or the card described (Chrome Mox reads its colors); or a "
            "list of the cards exiled with it, [] for none (Pit of Offerings reads any of their colors).",
            nullable=True,
        ),
        Field(
            "copied",
            {"anyOf": [_TEXT, _ref("copied_card")]},
            "What it entered as a copy of (extension; Vesuva, Clone): a card name from card data, or the "
            "copied object's copiable values (CR 707.2). It then has those values, its own status kept.",
            nullable=True,
        ),
        Field(
            "noted_type",
            {"type": "string", "pattern": "^[WUBRGCwubrgc]$"},
            "The type of mana last noted by its ability (Jeweled Amulet), which its other ability adds.",
            nullable=True,
        ),
        Field(
            "crafted_colors",
            _COLORS,
            "The colors among the cards exiled to craft it, as letters ('' for colorless cards): Sunbird "
            "Effigy adds one mana of each.",
            nullable=True,
        ),
        Field(
            "drafted_colors",
            _COLORS,
            "The colors chosen as cards of its name were drafted, as letters: Paliano, the High City adds "
            "one mana of any of them.",
            nullable=True,
        ),
        Field(
            "colors",
            _COLORS,
            "The colors chosen as it entered when it chooses more than one, as letters ('WU'): Seal of the "
            "Guildpact's 'for each of the chosen colors it is' reads them (not given: not applied, with a "
            "warning).",
            nullable=True,
        ),
        Field(
            "upkeep_count",
            _COUNT,
            "The number its trigger counted at this turn's upkeep (Chaos Moon counts the permanents: odd or "
            "even decides its effect until end of turn).",
            nullable=True,
        ),
        Field(
            "odd_or_even",
            {"type": "string", "enum": ["odd", "even"]},
            "Odd or even, chosen as it entered (extension; Ashling's Prerogative: 'Each creature with mana "
            "value of the chosen value has haste'; not given: that grant is not applied, with a warning).",
            nullable=True,
        ),
        Field(
            "basic_land_types",
            {"type": "array", "items": _STRING, "minItems": 2, "maxItems": 2},
            "The two basic land types chosen as it entered, in the order chosen (extension; Illusionary "
            "Terrain: 'Basic lands of the first chosen type are the second chosen type'; not given: that "
            "change is not applied, with a warning).",
            nullable=True,
        ),
        Field(
            "linked_permanent",
            _TEXT,
            "The id of the permanent its resolved trigger chose, whose effect lasts while it remains on the "
            "battlefield (extension; The Wondrous Wasp's target loses all abilities; not given: that effect "
            "is not applied, with a warning).",
            nullable=True,
        ),
        Field(
            "paired_with",
            _TEXT,
            "The id of the creature it is paired with by soulbond (extension; CR 702.95; either of the two "
            "may name the other; Lightning Mauler's 'both creatures have haste'; not given: unpaired).",
            nullable=True,
        ),
    ),
)
IMPRINTED_CARD: Final = ObjectFields(
    "imprinted_card",
    "an imprinted card",
    (
        Field("name", _TEXT, "The exiled card's name.", required=True),
        Field(
            "mana_cost",
            _COST,
            "Its mana cost ('' for none; required without color_indicator).",
            required_without="color_indicator",
        ),
        Field("color_indicator", _COLORS, "Its color indicator letters ('' for none)."),
        Field(
            "type_line",
            _TEXT,
            "Its type line: what 'Spells you cast that share a card type with the exiled card' reads "
            "(Semblance Anvil; left out, the catalogue's for its name, else not known), and, required with "
            "oracle, what '~ has all activated abilities of the exiled card' reads.",
        ),
        Field(
            "oracle",
            _STRING,
            "Its rules text in Oracle wording, one ability per line: the abilities a permanent that has all "
            "activated abilities of the exiled card has.",
        ),
    ),
)
COPIED_CARD: Final = ObjectFields(
    "copied_card",
    "a copied card",
    (
        Field("name", _TEXT, "The copied object's name.", required=True),
        Field("type_line", _TEXT, "Its type line.", required=True),
        Field("oracle", _STRING, "Its rules text in Oracle wording, one ability per line."),
        Field("mana_cost", _COST, "Its mana cost ('' for none).", nullable=True),
        Field("color_indicator", _COLORS, "Its color indicator letters ('' for none).", nullable=True),
        Field("power", _INTEGER, "Its printed power.", nullable=True),
        Field("toughness", _INTEGER, "Its printed toughness.", nullable=True),
    ),
)
PERMANENT: Final = ObjectFields(
    "permanent",
    "a permanent",
    (
        Field("id", _TEXT, "The permanent's id, unique on the board.", required=True),
        Field("controller", _TEXT, "The id of the player who controls it.", required=True),
        Field("card", _TEXT, "A card name from the catalogue (any case).", nullable=True),
        Field("name", _TEXT, "The card's name (required without card).", required_without="card"),
        Field("type_line", _TEXT, "The type line (required without card).", required_without="card"),
        Field("oracle", _STRING, "Rules text in Oracle wording, one ability per line."),
        Field("mana_cost", _COST, "The mana cost ('' for none).", nullable=True),
        Field("color_indicator", _COLORS, "Color indicator letters ('' for none).", nullable=True),
        Field(
            "power",
            _INTEGER,
            "The printed power, before counters and effects (default: the card's).",
            nullable=True,
        ),
        Field(
            "toughness",
            _INTEGER,
            "The printed toughness, before counters and effects (default: the card's).",
            nullable=True,
        ),
        Field("tapped", _BOOLEAN, "Tapped (default false)."),
        Field("summoning_sick", _BOOLEAN, "Not controlled continuously since its controller's turn began."),
        Field("haste", _BOOLEAN, "Has haste (default false)."),
        Field("entered_this_turn", _BOOLEAN, "Entered the battlefield this turn (default false)."),
        Field(
            "designations",
            {
                "type": "array",
                "items": {"enum": ["renowned", "monstrous", "suspected", "saddled", "goaded"]},
                "uniqueItems": True,
            },
            "Designations it has ('renowned', 'monstrous', ...), which rules text reads.",
        ),
        Field(
            "counters",
            {"type": "object", "additionalProperties": _COUNT},
            "Counter name to count.",
        ),
        Field(
            "class_level",
            {"type": "integer", "minimum": 1, "maximum": MAX_COUNTERS},
            "A Class's level (CR 716; default 1, the level it enters at); only a Class has one.",
        ),
        Field(
            "attached_to",
            _TEXT,
            "The id of the permanent it is attached to (or of the player a Curse enchants).",
            nullable=True,
        ),
        Field("choices", _ref("choices"), "What was chosen as it entered."),
        Field("token", _BOOLEAN, "A token (default: the catalogue's)."),
        Field(
            "activated_this_turn",
            {"type": "array", "items": _TEXT},
            "The texts of its mana abilities that can be activated only so many times each turn and already "
            "were this turn (as its Oracle text or a plan's step gives them), each once for each activation "
            "this turn.",
        ),
        Field(
            "graveyard_uses_this_turn",
            {"type": "array", "items": _TEXT},
            "An extension: the card types of the cards its controller cast (or played) from their graveyard "
            "this turn by its permission to ('During each of your turns, you may cast one creature card from "
            "your graveyard': ['creature']; one of each permanent type: the type chosen for each card).",
        ),
        Field(
            "alternative_cost_used_this_turn",
            _BOOLEAN,
            "An extension (default false): the alternative cost it grants once each turn was used this turn "
            "(Warped Space's 'Once each turn, you may pay {0} rather than pay the mana cost for a spell you "
            "cast from exile.'); true on a permanent with no such grant is bad input.",
        ),
        Field(
            "resolved_this_turn",
            _COUNT,
            "An extension of contract section 10: how many times its triggered ability that counts its own "
            "resolutions ('if this is the first time this ability has resolved this turn. If it's the second "
            "time, add {R}{G}{W}{U}.') resolved this turn (CR 608.2c); not given: not known, and that "
            "mana is not counted (named in warnings).",
        ),
        Field(
            "owner",
            _TEXT,
            "The id of the player who owns it (extension; CR 108.3; Laughing Jasper Flint's 'Creatures you "
            "control but don't own'); not given: its controller.",
        ),
    ),
)
_IDS: Final = {"type": "array", "items": _TEXT, "uniqueItems": True}
EFFECT: Final = ObjectFields(
    "effect",
    "an effect",
    (
        Field(
            "text",
            _TEXT,
            "The effect's text as printed, one or more sentences ('Until end of turn, target land becomes "
            "an Island.', 'Creatures you control gain haste until end of turn.').",
            required=True,
        ),
        Field(
            "controller",
            _TEXT,
            "The player who controls it: the controller of the spell or ability that made it (CR 611.2).",
            required=True,
        ),
        Field(
            "refers_to",
            _IDS,
            "The ids its words 'that land', 'target creature', 'enchanted land', 'it' refer to: permanents "
            "(for 'target player', 'that player': players); default none.",
        ),
        Field(
            "affected",
            _IDS,
            "The permanents whose set was locked in as it began (CR 611.2c: 'Creatures you control gain "
            "haste until end of turn' affects only the creatures controlled then); default: the permanents "
            "of the board as given.",
        ),
        Field(
            "until",
            {"enum": ["end_of_turn", "your_next_turn", "as_long_as_stated", "never"]},
            "When it ends, where its text doesn't say (informational: every effect listed is in force for "
            "the whole plan, which ends before any of these does).",
        ),
        Field("source", _TEXT, "The name of the card or ability that made it (for messages)."),
        Field(
            "named",
            _TEXT,
            "The card name its words 'that creature' name when that is on no battlefield (Reflector Mage's "
            "'... with the same name as that creature': the creature it returned).",
        ),
        Field(
            "choices",
            _ref("choices"),
            "What was chosen as it resolved, as a permanent's choices (Jinx's 'the basic land type of your "
            "choice': basic_land_type; the color chosen this turn: color); default none.",
        ),
    ),
)
BOARD: Final = ObjectFields(
    "board",
    "a board",
    (
        Field("version", {"const": BOARD_VERSION}, "The board file version.", required=True),
        Field("active_player", _TEXT, "Whose turn it is; default the first player."),
        Field(
            "step",
            {"enum": ["beginning", "main", "combat", "end"]},
            "The step or phase the payment is made in; default 'main'.",
        ),
        Field(
            "players",
            {"type": "array", "minItems": 1, "items": _ref("player")},
            "The players, at least one.",
            required=True,
        ),
        Field("permanents", {"type": "array", "items": _ref("permanent")}, "The permanents, oldest first."),
        Field(
            "creatures_died_this_turn",
            _COUNT_OR_CARDS,
            "How many creatures died this turn, whoever controlled them, or the creatures themselves (names "
            "or cards, as in hand; the count is then their number): what 'for each creature that died this "
            "turn' and 'if a non-Zombie creature died this turn' read (default: not given, none counted, "
            "with a warning; a count alone does not say which died).",
            nullable=True,
        ),
        Field(
            "effects",
            {"type": "array", "items": _ref("effect")},
            "The effects in force that no permanent's text holds now (extension, issue 35): of spells and "
            "abilities that resolved, and those that outlast their source, oldest first.",
        ),
    ),
)
#: Every kind of object, by the key its schema has under ``$defs``.
OBJECTS: Final = {
    spec.key: spec
    for spec in (
        BOARD,
        PLAYER,
        POOL_ENTRY,
        PERMANENT,
        CHOICES,
        IMPRINTED_CARD,
        COPIED_CARD,
        ZONE_CARD,
        EFFECT,
    )
}

#: The schema's identifier.
SCHEMA_ID: Final = "https://mana-planner.invalid/board.schema.json"


def board_schema() -> dict[str, Any]:
    """The board file's JSON Schema (draft 2020-12), made from the declarations above."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "mana-planner board file",
        "description": "A game state for planning mana payments (contract §2). Generated from "
        "models/board_fields.py; the loader also checks references, card names, costs and type lines.",
        **BOARD.json_schema(),
        "$defs": {key: spec.json_schema() for key, spec in OBJECTS.items() if spec is not BOARD},
    }
