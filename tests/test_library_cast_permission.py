"""A spell cast from the top of the library or from exile needs a permission (CR 601.2a: a card is cast from
a zone other than the hand only when an effect allows it; CR 401.2: of a library only the top card): with
none on the board the answer is "no" and its reason says so; a sentence about casting from the top of the
library that the reader does not read leaves the answer open (null, the sentence named); a permission for
some kinds of spells ("artifact spells and colorless nonland spells") is read and the spell's kind checked.
A trigger's permission whose resolution the board does not give (Gwenom's ``resolved_this_turn``) makes a
"no" that the trigger would turn into a "yes" an unknown (CR 603.3, 611.2a).

Expected values are derived by hand from those rules on boards with made-up cards; where a spell is paid
its mana cost, the payment is the one the exhaustive reference search finds for that cost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, agrees_with_reference, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.oracle.alternative_costs import library_permission_spells
from models.spells import spell_of
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}", "oracle": ""}
BOLT = {"name": "Test Bolt", "type_line": "Sorcery", "mana_cost": "{R}", "oracle": "Test Bolt deals 3."}
GOLEM = {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}", "oracle": ""}
SEER = {"name": "Test Seer", "type_line": "Creature — Eldrazi", "mana_cost": "{1}{C}"}
FIRE = {"name": "Test Fire", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Test Fire deals X."}
FORGE_TEXT = "You may cast artifact spells and colorless nonland spells from the top of your library."
GWEN_TEXT = (
    "Whenever ~ attacks, until end of turn, you may look at the top card of your library any time and you "
    "may play cards from the top of your library. If you cast a spell this way, pay life equal to its mana "
    "value rather than pay its mana cost."
)


def _permanent(pid: str, text: str, type_line: str = "Artifact", **more: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "name": f"Test {pid}",
        "type_line": type_line,
        "controller": ME,
        "oracle": text,
        **more,
    }


def _lands(count: int, card: str = "Mountain") -> list[dict[str, Any]]:
    return [{"id": f"m{i}", "card": card, "controller": ME} for i in range(count)]


def _board(
    *permanents: dict[str, Any], library: list[Any] | None = None, life: int = 20, played: int | None = None
) -> Board:
    """My permanents; my library when given; for a turn (``played`` given), an empty hand and the lands
    played this turn."""
    data = make_board(list(permanents), life=life).to_dict()
    me = data["players"][0]
    if library is not None:
        me["library"] = library
    if played is not None:
        me.update(hand=[], lands_played_this_turn=played)
    return Board.from_dict(data)


def _cast(card: dict[str, Any], zone: str) -> PaymentTarget:
    spell = spell_of(
        card["mana_cost"], name=card["name"], type_line=card["type_line"], text=card.get("oracle", "")
    )
    return replace(spell, cast_from=zone)


def test_no_permission_no_cast_from_the_library() -> None:
    """Three Mountains pay {2}{R} from the hand (the reference search agrees), but nothing lets the Ogre be
    cast from the top of the library (CR 601.2a): "no", and the reason says why (was a silent "yes")."""
    board = _board(*_lands(3))
    from_hand = agrees_with_reference(board, PaymentTarget.of("{2}{R}"), max_states=20_000)
    assert from_hand is not None and from_hand.payable
    refused = pay(board, _cast(OGRE, "library"))
    assert refused.payable is False and refused.optimal
    assert refused.reason is not None and "no permission" in refused.reason and "601.2a" in refused.reason


def test_no_permission_no_cast_from_exile() -> None:
    """Nothing on the board lets the Ogre be cast from exile (it is not foretold, not exiled with a
    permanent, its own text gives no way): "no" (CR 601.2a), as from a graveyard."""
    refused = pay(_board(*_lands(3)), _cast(OGRE, "exile"))
    assert refused.payable is False
    assert refused.reason is not None and "from exile" in refused.reason and "601.2a" in refused.reason


def test_an_effect_about_exiled_cards_is_the_permission_assumed() -> None:
    """A permanent that says "... may play that card for as long as it remains exiled" (an opponent's: its
    permission is for the player, CR 601.2a) is not read as a permission for the Ogre: the mana cost is paid
    on that assumption (three Mountains: {2}{R}), and the sentence is named as such (never in silence)."""
    thief = {
        **_permanent(
            "thief",
            "When ~ enters, each opponent exiles a card from their hand and may play that "
            "card for as long as it remains exiled.",
            "Creature — Human",
        ),
        "controller": "opp",
        "power": 2,
        "toughness": 2,
    }
    paid = pay(_board(thief, *_lands(3)), _cast(OGRE, "exile"))
    assert paid.payable and len(paid.tapped) == 3
    assert [(w.permanent, w.kind) for w in paid.warnings] == [("thief", WarningKind.ASSUMED)]


def test_an_unread_library_sentence_leaves_it_open() -> None:
    """'You may play the top card of your library this turn.' is not read: it might let the Ogre be cast
    (it is a card on top), so the answer is not known (null, never a "no") and the sentence is named;
    'Play with the top card of your library revealed.' alone is no permission (CR 401.2): "no"."""
    aperture = _permanent("ap", "You may play the top card of your library this turn.")
    unknown = pay(_board(aperture, *_lands(3)), _cast(OGRE, "library"))
    assert unknown.payable is None and not unknown.optimal
    assert [w.permanent for w in unknown.warnings if w.kind is WarningKind.NOT_WEIGHED] == ["ap"]
    revealed = _permanent("rv", "Play with the top card of your library revealed.")
    assert pay(_board(revealed, *_lands(3)), _cast(OGRE, "library")).payable is False


def test_a_typed_permission_is_read_and_the_spell_checked() -> None:
    """Test Forge's "artifact spells and colorless nonland spells": the Golem (an artifact) and the Seer
    (colorless: {1}{C} has no colored symbol, CR 105.2c) may be cast from the top, paid their mana cost as
    the reference search pays it ({3}: three Wastes; {1}{C}: two); the Ogre (red, no artifact) may not."""
    spells = library_permission_spells(FORGE_TEXT)
    assert spells is not None and spells.types == ("Artifact",) and len(spells.also) == 1
    assert spells.also[0].colorless and spells.also[0].excluded == ("Land",)
    forge = _permanent("forge", FORGE_TEXT)
    wastes = _board(forge, *_lands(3, "Wastes"), library=[GOLEM])
    golem = pay(wastes, _cast(GOLEM, "library"))
    reference = agrees_with_reference(
        _board(*_lands(3, "Wastes")), PaymentTarget.of("{3}"), max_states=20_000
    )
    assert reference is not None and reference.payable
    assert golem.payable and len(golem.tapped) == len(reference.tapped) == 3 and not golem.warnings
    seer = pay(_board(forge, *_lands(2, "Wastes")), _cast(SEER, "library"))
    assert seer.payable and len(seer.tapped) == 2
    ogre = pay(_board(forge, *_lands(3)), _cast(OGRE, "library"))
    assert ogre.payable is False and ogre.reason is not None and "no permission" in ogre.reason


def test_instant_and_sorcery_spells_are_either() -> None:
    """'instant and sorcery spells': a spell that is an instant or a sorcery (CR 601.2a): Test Bolt (a
    sorcery, {R}) from the top is paid by one Mountain; the Ogre (a creature) has no permission: "no"."""
    spells = library_permission_spells(
        "You may cast instant and sorcery spells from the top of your library."
    )
    assert spells is not None and spells.types == ("Instant",) and spells.also[0].types == ("Sorcery",)
    field = _permanent("field", "You may cast instant and sorcery spells from the top of your library.")
    bolt = pay(_board(field, *_lands(1)), _cast(BOLT, "library"))
    assert bolt.payable and bolt.tapped == ("m0",)
    assert pay(_board(field, *_lands(3)), _cast(OGRE, "library")).payable is False


def test_only_the_top_card() -> None:
    """With a permission for creature spells and the library listed, the Ogre under a Forest is not the
    top card (CR 401.2): "no", the reason naming the top card; on top, three Mountains pay {2}{R}."""
    sight = _permanent("sight", "You may cast creature spells from the top of your library.", "Enchantment")
    under = pay(_board(sight, *_lands(3), library=["Forest", OGRE]), _cast(OGRE, "library"))
    assert under.payable is False and under.reason is not None and "Forest is" in under.reason
    top = pay(_board(sight, *_lands(3), library=[OGRE, "Forest"]), _cast(OGRE, "library"))
    assert top.payable and len(top.tapped) == 3


def test_a_trigger_not_known_to_have_resolved_leaves_a_no_open() -> None:
    """Gwen's trigger gives the permission and its cost (life equal to the mana value) once it resolved
    (CR 603.3, 611.2a). Not given: the Ogre (3 life of 20) would be paid were it resolved, so the answer is
    not known (null), the reason naming permanents[0].resolved_this_turn; max-x of Test Fire likewise. At 2
    life it could not be paid either way (CR 119.4): "no" stays. Resolved 0: "no"."""
    gwen = _permanent("g", GWEN_TEXT, "Legendary Creature — Spider", power=4, toughness=4)
    unknown = pay(_board(gwen), _cast(OGRE, "library"))
    assert unknown.payable is None and unknown.reason is not None
    assert unknown.reason.startswith("permanents[0].resolved_this_turn is not given")
    largest = max_x(_board(gwen), _cast(FIRE, "library"))
    assert largest.payable is None
    assert pay(_board(gwen, life=2), _cast(OGRE, "library")).payable is False
    assert pay(_board({**gwen, "resolved_this_turn": 0}), _cast(OGRE, "library")).payable is False


def test_a_turn_notes_a_land_it_may_play_from_the_top() -> None:
    """Test Keep ("You may play lands and cast spells from the top of your library.") with a Forest on top
    and the turn's land play left (CR 305.1, 305.2): the turn's plans play the hand's lands only, so a plan
    that casts nothing (the hand is empty) is no "no" (castable null) and the note names the Forest; with
    the land play made, the Forest can't be played: "no". A permission for creature spells only plays no
    land: "no"."""
    keep = _permanent("keep", "You may play lands and cast spells from the top of your library.")
    turn = plan_turn(_board(keep, library=["Forest"], played=0))
    assert turn.castable is None
    assert any(note.startswith("Forest: Test keep lets it be played") for note in turn.notes)
    assert plan_turn(_board(keep, library=["Forest"], played=1)).castable is False
    creatures = _permanent("sight", "You may cast creature spells from the top of your library.")
    assert plan_turn(_board(creatures, library=["Forest"], played=0)).castable is False


def test_a_permission_for_lands_only() -> None:
    """'You may play lands from the top of your library.' (read: lands only, CR 305.1) casts no spell: the
    Ogre from the top is "no" (CR 601.2a), not an open answer; a turn with the Forest on top and its land
    play left notes it (castable null)."""
    courser = _permanent("courser", "You may play lands from the top of your library.", "Enchantment")
    refused = pay(_board(courser, *_lands(3)), _cast(OGRE, "library"))
    assert refused.payable is False and not refused.warnings
    turn = plan_turn(_board(courser, library=["Forest"], played=0))
    assert turn.castable is None and any(n.startswith("Forest: Test courser lets it") for n in turn.notes)


def test_a_trigger_s_land_play_from_the_top() -> None:
    """Gwen's trigger ("you may play cards from the top of your library": lands too, CR 305.1) in force
    once it resolved (CR 603.3, 611.2a): resolved 1, the Forest on top is noted (castable null); not given,
    the note says so (null); 0, no permission: "no"."""
    gwen = _permanent("g", GWEN_TEXT, "Legendary Creature — Spider", power=4, toughness=4)
    resolved = plan_turn(_board({**gwen, "resolved_this_turn": 1}, library=["Forest"], played=0))
    assert resolved.castable is None and any("Forest: Test g lets it be played" in n for n in resolved.notes)
    unknown = plan_turn(_board(gwen, library=["Forest"], played=0))
    assert unknown.castable is None
    assert any("permanents[0].resolved_this_turn is not given" in n for n in unknown.notes)
    assert (
        plan_turn(_board({**gwen, "resolved_this_turn": 0}, library=["Forest"], played=0)).castable is False
    )
