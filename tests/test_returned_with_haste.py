"""'She loses all abilities and gains haste.' (Hellcat, Undying Vigilante's kind, issue 35): the second
sentence of a dies trigger, an effect of the trigger on the permanent it returned (CR 400.7: a new object),
which the card's text alone can't tell from one that never died. The board gives it in ``effects``
(referring to the returned permanent) and it is read as the static 'Enchanted permanent loses all abilities
and has haste': the loss in layer 6, and haste of the same effect after it (CR 613.7), so a summoning-sick
creature it returned taps for a mana ability an effect gives it later (CR 302.6). The card's own sentence is
warned of as an effect to give in ``effects``, never dropped. Before, neither was read: the effect was
warned of and not applied.

Values are derived by hand from the rules (the rule in a comment); payments are checked against the
reference search too (``checked_verdict``).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, mine

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import AbilityLoss, GrantHaste
from models.oracle import parse_oracle
from planner.answer_warnings import text_warnings
from planner.api import max_x
from planner.rules.records import GIVE_AS_EFFECT

#: A creature without haste of its own whose dies trigger returns it (the sentence shapes of Hellcat's)
VIGILANTE = {"name": "Test Vigilante", "type_line": "Creature — Human Hero", "mana_cost": "{2}{R}",
             "power": 3, "toughness": 2,
             "oracle": "When Test Vigilante dies, return her to the battlefield under her owner's control "
                       "with a +1/+1 counter on her. She loses all abilities and gains haste."}  # fmt: skip
RETURNED = "She loses all abilities and gains haste."
GRANT = 'Until end of turn, target creature gains "{T}: Add {G}."'


def _board(effects: list[dict[str, Any]]) -> Board:
    sick = mine("v", VIGILANTE, summoning_sick=True, counters={"+1/+1": 1})
    permanents = [sick, mine("f", "Forest")]
    players = [{"id": ME}, {"id": OPP}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents, "effects": effects})


def _effect(text: str) -> dict[str, Any]:
    return {"text": text, "controller": ME, "refers_to": ["v"]}


def test_the_loss_and_its_haste_are_read_as_one_effect() -> None:
    loss, haste = parse_oracle("Enchanted creature loses all abilities and has haste.").effects
    assert isinstance(loss, AbilityLoss) and isinstance(haste, GrantHaste) and haste.after_own_loss
    # other keywords change no payment: the loss alone
    (alone,) = parse_oracle("Enchanted creature loses all abilities and has flying.").effects
    assert isinstance(alone, AbilityLoss)


def test_a_returned_sick_creature_keeps_its_haste_and_taps_for_a_later_ability() -> None:
    # CR 613.7: the loss and haste (one effect), then the mana ability the later effect grants; haste lets
    # the sick creature tap (CR 302.6): {G} from it and {G} from the Forest
    board = _board([_effect(RETURNED), _effect(GRANT)])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 2
    assert not [w for w in text_warnings(board) if w.permanent.startswith("effects")]


def test_an_ability_granted_before_the_loss_is_lost() -> None:
    # CR 613.7: the grant first, then the loss takes it (haste stays, nothing to tap for): the Forest alone
    board = _board([_effect(GRANT), _effect(RETURNED)])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 1


def test_the_cards_own_sentence_asks_for_the_effect() -> None:
    board = _board([])
    reasons = {(w.sentence, w.reason) for w in text_warnings(board) if w.permanent == "v"}
    assert (RETURNED, GIVE_AS_EFFECT) in reasons
