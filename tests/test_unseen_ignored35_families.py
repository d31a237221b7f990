"""Sentences the reader filed as ignored (judged to change no mana answer) that change one by the rules, found
by the audit of every ignored sentence of the two development files (issue 35, ignored35). Each was a silent
wrong answer on main; none is followed yet, so each is unsupported text now, named in the answer's warnings
(contract section 5), never ignored:

- a prohibition on casting said of the spells, "Noncreature spells with {X} in their mana costs can't be
  cast." (Gaddock Teeg), "Spells with the chosen name can't be cast." (Meddling Mage), "... with mana value
  equal to the chosen number ..." (Sanctum Prelate), "... with the chosen word in their text box ..."
  (Meddling Kids): no player casts such a spell (CR 101.2), as "Players can't cast ..." says. Followed since
  (bans36: read by the grammar, tests/test_passive_cast_bans.py): the tests below assert the rules' answer;
- a restriction on when spells are cast and abilities activated, "Players can cast spells and activate
  abilities only during their own turns." (City of Solitude): on another player's turn no spell is cast and no
  mana ability activated (CR 101.2, 605.1a: a mana ability is an activated ability; followed since timing36);
- a supertype taken away, "All lands are no longer snow." (Melting): mana from a land that isn't snow can't
  pay {S} (CR 205.4, 107.4h, 106.3; read and followed since timing36);
- an additional land play under a condition, "As long as you control another Elf, you may play an additional
  land on each of your turns." (CR 305.2a): a turn's plan plays two lands; Exploration's unconditioned one is
  read (the condition read and followed since timing36).
- a life total that can't change, "Your life total can't change." (Platinum Emperion), "You can't lose
  life.": its player can't pay life (CR 119.4, 119.8); a Phyrexian symbol was paid with it in silence (read
  and followed since timing36).
- a spell's own cap on X, "X can't be greater than the number of snow lands you control." (Winter's Chill,
  CR 107.3): max-x answered the mana's largest X in silence (read and followed since timing36).

The right answers are derived by hand from the rules in each test; the planner can't give them yet, so the
tests assert the warning, and that the board without the card answers as the reference search does.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import max_x, pay, text_warnings
from planner.rules.reference import reference_search
from planner.turn import plan_turn

#: Gaddock Teeg's second static (made-up name, the same sentence).
X_WARDEN: dict[str, Any] = {
    "id": "w",
    "controller": OPP,
    "name": "Test Kithkin Warden",
    "type_line": "Legendary Creature — Kithkin Advisor",
    "mana_cost": "{G}{W}",
    "power": 2,
    "toughness": 2,
    "oracle": "Noncreature spells with {X} in their mana costs can't be cast.",
}
#: City of Solitude's restriction (made-up name, the same sentence).
QUIET_TOWN: dict[str, Any] = {
    "id": "q",
    "controller": OPP,
    "name": "Test Quiet Town",
    "type_line": "Enchantment",
    "mana_cost": "{2}{G}",
    "oracle": "Players can cast spells and activate abilities only during their own turns.",
}
#: Melting's static (made-up name, the same sentence).
THAW: dict[str, Any] = {
    "id": "t",
    "controller": OPP,
    "name": "Test Thaw",
    "type_line": "Enchantment",
    "mana_cost": "{3}{R}",
    "oracle": "All lands are no longer snow.",
}
#: An additional land play under a condition (made-up card, the sentence shape of real ones).
ELF_SURVEYOR: dict[str, Any] = {
    "id": "e",
    "controller": ME,
    "name": "Test Elf Surveyor",
    "type_line": "Creature — Elf Scout",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
    "oracle": "As long as you control another Elf, you may play an additional land on each of your turns.",
}
MOUNTAINS = [{"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"}]


def _read_as(text: str) -> list[str]:
    return [s.read_as for s in parse_oracle(text, "Test Toy").sentences]


def test_a_ban_said_of_the_spells_is_followed() -> None:
    """{X}{R} for a sorcery with X = 1 and two Mountains: the warden forbids every player to cast it (CR
    101.2: 'can't be cast'), so the right answer is "no", naming the warden. Without it the two Mountains
    pay, as the reference search says."""
    fireball = PaymentTarget.of("{X}{R}", type_line="Sorcery", name="Test Fireball")
    board = make_board([*MOUNTAINS, X_WARDEN])
    forbidden = pay(board, fireball, x=1)
    assert forbidden.payable is False and "Test Kithkin Warden" in (forbidden.reason or "")
    alone = make_board(MOUNTAINS)
    assert pay(alone, fireball, x=1).payable
    assert reference_search(alone, fireball, x=1, max_states=20_000).payable
    assert not pay(alone, fireball, x=1).warnings


@pytest.mark.parametrize(
    "text",
    [
        "Noncreature spells with mana value 4 or greater can't be cast.",
        "Spells with the chosen name can't be cast.",
        "Noncreature spells with mana value equal to the chosen number can't be cast.",
        "Spells with the chosen word in their text box can't be cast.",
    ],
)
def test_other_bans_said_of_the_spells_are_read(text: str) -> None:
    assert _read_as(text) == ["effect"]


def test_near_misses_of_a_passive_ban_stay_ignored() -> None:
    """Nothing a payment obeys: a spell that can't be countered, a spell's own ban for a turn."""
    assert _read_as("~ can't be countered.") == ["ignored"]
    assert _read_as("Spells can't be cast this turn.") != ["unsupported"]


def _their_turn(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "active_player": OPP,
            "players": [{"id": ME}, {"id": OPP}],
            "permanents": list(permanents),
        }
    )


def test_casting_only_on_one_s_own_turn_is_followed() -> None:
    """On the opponent's turn, {R} for an instant with a Mountain: the town lets no player cast a spell but on
    their own turn, nor activate the Mountain's mana ability (CR 101.2, 605.3a), so the answer is "no"
    (timing36: read and followed, tests/test_cast_timing.py). Without it the Mountain pays."""
    bolt = PaymentTarget.of("{R}", type_line="Instant")
    mountain = {"id": "m1", "controller": ME, "card": "Mountain"}
    board = _their_turn(mountain, QUIET_TOWN)
    answer = pay(board, bolt, player=ME)
    assert answer.payable is False and answer.reason is not None and "Test Quiet Town" in answer.reason
    alone = _their_turn(mountain)
    assert pay(alone, bolt, player=ME).payable
    assert reference_search(alone, bolt, player=ME, max_states=20_000).payable
    assert _read_as("Activate only as a sorcery.") == ["ignored"]
    assert _read_as("~ can block only creatures with flying.") == ["ignored"]


def test_lands_no_longer_snow_are_followed() -> None:
    """{S} with a Snow-Covered Forest beside the thaw: the Forest isn't snow (CR 205.4), its mana isn't from
    a snow source and can't pay {S} (CR 107.4h), so the answer is "no" (timing36: read as a type change,
    tests/test_supertype_removed.py). Without it the Forest pays {S}."""
    snow = PaymentTarget.of("{S}")
    forest = {"id": "f", "controller": ME, "card": "Snow-Covered Forest"}
    board = make_board([forest, THAW])
    assert not pay(board, snow).payable and not pay(board, snow).warnings
    assert not reference_search(board, snow, max_states=20_000).payable
    alone = make_board([forest])
    assert pay(alone, snow).payable and reference_search(alone, snow, max_states=20_000).payable
    assert _read_as("If that land was a snow land, you gain 2 life.") == ["ignored"]


def test_a_conditioned_additional_land_play_is_followed() -> None:
    """Beside another Elf, the surveyor's controller may play two lands this turn (CR 305.2a), which a turn's
    plan takes (timing36: the condition read and judged as the lands are played,
    tests/test_conditioned_land_plays.py). Exploration's unconditioned sentence is read (an effect); a spell's
    'this turn' and a creature's additional block are not land plays."""
    elf = {"id": "l", "controller": ME, "card": "Llanowar Elves"}
    board = make_board([ELF_SURVEYOR, elf])
    assert not text_warnings(board)
    # (two Forests played and the Elves pay {1}{G}{G}: the right plan casts the beast; one land can't)
    beast = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{1}{G}{G}"}
    plan = plan_turn(make_board([ELF_SURVEYOR, elf], hand=["Forest", "Forest", beast]))
    assert not plan.warnings and len(plan.lands_played) == 2
    assert _read_as("You may play an additional land on each of your turns.") == ["effect"]
    assert _read_as("You may play up to three additional lands this turn.") == ["ignored"]
    assert _read_as("~ can block an additional creature each combat.") == ["ignored"]


#: Platinum Emperion's static (made-up name, the same sentence).
STILL_GOLEM: dict[str, Any] = {
    "id": "g",
    "controller": ME,
    "name": "Test Still Golem",
    "type_line": "Artifact Creature — Golem",
    "mana_cost": "{8}",
    "power": 8,
    "toughness": 8,
    "oracle": "Your life total can't change.",
}


def test_a_life_total_that_can_t_change_is_followed() -> None:
    """{R/P} with nothing but 20 life: beside the golem its controller can't pay life at all (CR 119.7, 119.8:
    a life total that can't change, as 'can't lose life'), and no source makes {R}, so the answer is "no"
    (timing36: read as a prohibition on paying life, tests/test_life_cant_change.py). Without it 2 life pays
    (CR 107.4f), as the reference search says. A ban on gaining life, or one for a turn, is nothing a payment
    obeys."""
    phyrexian = PaymentTarget.of("{R/P}")
    golem = make_board([STILL_GOLEM])
    assert not pay(golem, phyrexian).payable
    assert not reference_search(golem, phyrexian, max_states=20_000).payable
    alone = make_board([])
    assert pay(alone, phyrexian).payable and reference_search(alone, phyrexian, max_states=20_000).payable
    assert _read_as("You can't lose life.") == ["effect"]
    assert _read_as("Players can't gain life.") == ["ignored"]
    assert _read_as("You can't lose life this turn.") != ["unsupported"]


def test_a_spell_s_own_cap_on_x_is_followed() -> None:
    """{X}{U} with four Islands, none snow: the spell's own text lets X be at most the number of snow lands
    its caster controls (Winter's Chill's sentence, CR 107.3, 601.2b), so the largest X is 0, not 3 (timing36:
    read, tests/test_own_x_cap.py). Aladdin's Lamp's 'X can't be 0.' is no cap."""
    text = "X can't be greater than the number of snow lands you control."
    chill = spell_of("{X}{U}", name="Test Chill", type_line="Instant", text=text)
    islands = make_board([{"id": f"i{n}", "card": "Island"} for n in range(4)])
    answer = max_x(islands, chill)
    assert (answer.x, answer.warnings) == (0, ())
    assert _read_as("X can't be 0.") == ["ignored"]
