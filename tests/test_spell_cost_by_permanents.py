"""Costs of spells changed by permanents and by the spell's own text, the shapes issue 35 still left unread
(CR 601.2f, 118.9), read by the grammar and applied as the total cost is locked in:

- 'During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents activate
  cost {1} more to activate unless they're mana abilities.' (Tithe Taker's shape): two changes of one turn,
  the spells' (601.2f) and the non-mana abilities' (602.2b), of the board's active player;
- '~ costs {1} less to cast if it targets a creature with flying.' (Swampsnare Trap's): a kind among the
  spell's targets, chosen before the total cost (601.2c), the question's ``targeted`` ids;
- 'Permanent spells you cast that have an Adventure cost {1} less to cast.' (Beluna Grandsquall's): the
  spell's card has an Adventure (CR 715.2), as card data's faces say;
- 'You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.' (Jodah's): a cost given
  alone is not known to be a spell's mana cost, which the granted cost replaces (118.9): warned as a gap of
  the question ('name the card with --spell'), never as one of the text.

What the question does not give is never guessed: not applied, and ``warnings`` says so. Each card is written
under a made-up name with the sentence's shape; the totals are derived by hand (in each docstring), and the
verdicts are checked against the reference search on the spell as it is locked in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from boards import ME, OPP, mine
from test_spell_cost_conditions import board_of, mountains, reasons, source, total, verdict

from benchmarks.bench_parser import warning_family
from models.abilities import Who
from models.board import Board
from models.carddata.faces import Card as StoredCard
from models.carddata.faces import CardFace
from models.carddata.names import CardResolver
from models.cost import PaymentTarget
from models.mana_effects import AbilityCostChange, CostModifier
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import max_x, pay
from planner.cards.store import CardStore
from planner.rules.records import WarningKind
from planner.turn import plan_turn

ROOT = Path(__file__).resolve().parent.parent

TITHE = (
    "During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents "
    "activate cost {1} more to activate unless they're mana abilities."
)
TRAP = "This spell costs {1} less to cast if it targets a creature with flying."
BELUNA = "Permanent spells you cast that have an Adventure cost {1} less to cast."
JODAH = "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."

BIRD: dict[str, Any] = {
    "id": "bird",
    "name": "Test Bird",
    "type_line": "Creature — Bird",
    "power": 1,
    "toughness": 1,
    "controller": OPP,
    "oracle": "Flying",
}
BEAR: dict[str, Any] = {
    "id": "bear",
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "power": 2,
    "toughness": 2,
    "controller": OPP,
}


def swamps(count: int) -> list[dict[str, Any]]:
    return [mine(f"s{n}", "Swamp") for n in range(count)]


# --- Tithe Taker's shape --------------------------------------------------------------------------------


def test_the_taker_reads_as_two_changes_of_the_same_turns() -> None:
    """One sentence, two effects: the spells' increase for opponents' spells during its controller's turn,
    and the activated abilities' increase for abilities its controller's opponents activate, mana abilities
    left out."""
    spells, abilities = parse_oracle(TITHE).effects
    assert isinstance(spells, CostModifier) and isinstance(abilities, AbilityCostChange)
    assert (spells.who, spells.generic_delta, spells.during_turn) == (Who.OPPONENTS, 1, "yours")
    assert (abilities.affected.controller, abilities.generic, abilities.non_mana, abilities.your_turn) == (
        Who.OPPONENTS,
        1,
        True,
        True,
    )


def test_the_taker_taxes_an_opponents_spells_and_abilities_on_its_controllers_turn() -> None:
    """The opponent's Taker, on the opponent's turn: my {1}{R} spell costs {2}{R} (CR 601.2f: {1} more,
    generic), which two Mountains can't pay and three can; my ability's {2} costs {3} (602.2b). On my own
    turn neither changes: {1}{R} and {2} from two Mountains. On main the sentence is unread and nothing is
    taxed."""
    spell = PaymentTarget.of("{1}{R}", type_line="Instant")
    ability = PaymentTarget.of("{2}", kind="ability", type_line="Artifact")
    theirs = board_of(source("taker", TITHE, controller=OPP), *mountains(2), active=OPP)
    assert (total(theirs, spell), total(theirs, ability)) == ("{2}{R}", "{3}")
    assert not verdict(theirs, spell) and not verdict(theirs, ability)
    three = board_of(source("taker", TITHE, controller=OPP), *mountains(3), active=OPP)
    assert verdict(three, spell) and verdict(three, ability)
    mine_turn = board_of(source("taker", TITHE, controller=OPP), *mountains(2), active=ME)
    assert (total(mine_turn, spell), total(mine_turn, ability)) == ("{1}{R}", "{2}")
    assert verdict(mine_turn, spell) and verdict(mine_turn, ability)
    assert not reasons(theirs, spell)  # (read and applied: nothing to warn of)


def test_the_taker_leaves_mana_abilities_and_its_controllers_own_spells_alone() -> None:
    """'unless they're mana abilities' (CR 605.1a): on the opponent's turn my {R} spell costs {1}{R}, and my
    filter's '{1}, {T}: Add {R}{R}.' still costs {1}: the Mountain's {R} activates it and its {R}{R} pays
    (with the tax on the filter, {2}, one Mountain could not). Its controller's own spells are not taxed
    ('spells your opponents cast')."""
    mana_filter = {
        "id": "filter",
        "name": "Test Filter",
        "type_line": "Land",
        "controller": ME,
        "oracle": "{1}, {T}: Add {R}{R}.",
    }
    board = board_of(source("taker", TITHE, controller=OPP), mine("m0", "Mountain"), mana_filter, active=OPP)
    goblin = PaymentTarget.of("{R}", type_line="Creature — Goblin")
    assert total(board, goblin) == "{1}{R}" and verdict(board, goblin)
    own = board_of(source("taker", TITHE), *mountains(2), active=ME)
    assert total(own, PaymentTarget.of("{1}{R}", type_line="Instant")) == "{1}{R}"


def test_max_x_under_the_taker() -> None:
    """{X}{R} from four Mountains on the opponent's turn: X + 1 + 1 (the tax) <= 4, so X = 2 (3 on my turn,
    and 3 on main, where the sentence is unread)."""
    fireball = PaymentTarget.of("{X}{R}", type_line="Sorcery")
    taker = source("taker", TITHE, controller=OPP)
    assert max_x(board_of(taker, *mountains(4), active=OPP), fireball, player=ME).x == 2
    assert max_x(board_of(taker, *mountains(4), active=ME), fireball, player=ME).x == 3


# --- Swampsnare Trap's shape ----------------------------------------------------------------------------


def trap(cost: str = "{2}{B}", targeted: tuple[str, ...] | None = None) -> PaymentTarget:
    target = spell_of(cost, type_line="Enchantment — Aura", name="Test Snare", text=TRAP)
    return replace(target, targeted=targeted)


def test_the_snare_costs_less_when_it_targets_a_flier() -> None:
    """{2}{B} targeting the opponent's flying Bird is {1}{B} (CR 601.2c, 601.2f: the targets are chosen
    before the total cost), paid by two Swamps; targeting the Bear (no flying) it stays {2}{B}, which two
    Swamps can't pay. Its targets not given: not applied, and warned with the option to give."""
    board = board_of(BIRD, BEAR, *swamps(2))
    assert total(board, trap(targeted=("bird",))) == "{1}{B}" and verdict(board, trap(targeted=("bird",)))
    assert total(board, trap(targeted=("bear",))) == "{2}{B}" and not verdict(board, trap(targeted=("bear",)))
    assert total(board, trap()) == "{2}{B}" and not verdict(board, trap())
    assert any("give --target" in why for why in reasons(board, trap()))
    assert not reasons(board, trap(targeted=("bird",)))


def test_max_x_of_a_snare_with_x() -> None:
    """{X}{B} from three Swamps: targeting the Bird, X + 1 - 1 <= 3 (the {1} comes off the generic part once
    X is chosen, CR 601.2b, 601.2f), so X = 3; targeting the Bear, X = 2."""
    board = board_of(BIRD, BEAR, *swamps(3))
    assert max_x(board, trap("{X}{B}", ("bird",)), player=ME).x == 3
    assert max_x(board, trap("{X}{B}", ("bear",)), player=ME).x == 2


def test_plan_turn_warns_that_the_snares_targets_are_not_chosen() -> None:
    """A turn plan chooses no targets: the Snare is planned at {2}{B} (not castable from two Swamps), and the
    plan says its reduction was not applied rather than a silent 'no'."""
    card = {"name": "Test Snare", "type_line": "Enchantment — Aura", "mana_cost": "{2}{B}", "oracle": TRAP}
    turn = plan_turn(board_of(BIRD, *swamps(2), hand=[card]), casts=["Test Snare"], no_land=True)
    assert not turn.castable
    assert any("targets are not known" in w.reason for w in turn.warnings)


# --- Beluna Grandsquall's shape -------------------------------------------------------------------------


def _adventure_store(path: Path) -> CardResolver:
    """A store with a made-up adventurer card (a creature and its Adventure, CR 715.2) and a plain one."""
    store = CardStore(path)
    both = "Test Hydra // Test Romp"
    hydra = CardFace(
        name="Test Hydra",
        card_name=both,
        face_index=0,
        type_line="Creature — Hydra",
        mana_cost="{X}{G}",
        colors="G",
        layout="adventure",
        power="0",
        toughness="0",
    )
    romp = CardFace(
        name="Test Romp",
        card_name=both,
        face_index=1,
        type_line="Sorcery — Adventure",
        mana_cost="{1}{G}",
        oracle="Draw a card.",
        colors="G",
        layout="adventure",
    )
    ogre = CardFace(
        name="Test Ogre",
        card_name="Test Ogre",
        face_index=0,
        type_line="Creature — Ogre",
        mana_cost="{2}{G}",
        colors="G",
        layout="normal",
        power="3",
        toughness="3",
    )
    store.write_cards(
        [
            StoredCard("test-hydra-id", both, "adventure", (hydra, romp)),
            StoredCard("test-ogre-id", "Test Ogre", "normal", (ogre,)),
        ]
    )
    return CardResolver(store)


def forests(count: int) -> list[dict[str, Any]]:
    return [mine(f"f{n}", "Forest") for n in range(count)]


def test_beluna_reduces_a_permanent_spell_whose_card_has_an_adventure() -> None:
    """The spell's card has an Adventure: {2}{G} costs {1}{G} (CR 715.2, 601.2f), paid by two Forests; a
    card without one stays {2}{G}; not known (a cost alone): not applied, warned. A non-permanent spell is
    not about it ('Permanent spells')."""
    board = board_of(source("beluna", BELUNA), *forests(2))
    creature = PaymentTarget.of("{2}{G}", type_line="Creature — Giant", name="Test Giant")
    adventurer = replace(creature, has_adventure=True)
    assert total(board, adventurer) == "{1}{G}" and verdict(board, adventurer)
    plain = replace(creature, has_adventure=False)
    assert total(board, plain) == "{2}{G}" and not verdict(board, plain)
    assert total(board, creature) == "{2}{G}"
    assert any("has an Adventure is not known" in why for why in reasons(board, creature))
    sorcery = PaymentTarget.of("{2}{G}", type_line="Sorcery — Adventure", name="Test Romp")
    assert total(board, replace(sorcery, has_adventure=True)) == "{2}{G}"


def test_pay_and_max_x_read_the_adventure_from_card_data(tmp_path: Path) -> None:
    """``--spell`` finds the card in the store: Test Hydra ({X}{G}) has an Adventure, so from three Forests
    max-x is X = 3 (X + 1 - 1 <= 3; 2 without Beluna, and on main); Test Ogre ({2}{G}) has none: not payable
    from two Forests, and nothing warned."""
    _adventure_store(tmp_path / "cards.sqlite3").store.close()  # type: ignore[union-attr]
    for name, count in (("three", 3), ("two", 2)):
        data = board_of(source("beluna", BELUNA), *forests(count)).to_dict()
        (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")

    def run(command: str, board: str, *args: str) -> tuple[int, dict[str, Any]]:
        argv = [sys.executable, "-m", "planner", command, str(tmp_path / f"{board}.json"), "--json"]
        argv += [*args, "--store", str(tmp_path / "cards.sqlite3")]
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=False)
        return done.returncode, json.loads(done.stdout)

    code, answer = run("max-x", "three", "--spell", "Test Hydra")
    assert code == 0 and answer["x"] == 3 and not answer["warnings"]
    code, answer = run("pay", "two", "--spell", "Test Ogre")
    assert code == 1 and answer["payable"] is False and not answer["warnings"]


def test_plan_turn_reads_the_adventure_of_a_card_in_hand(tmp_path: Path) -> None:
    """A turn plan reads a hand card's faces from card data too: Test Hydra in hand with two Forests, cast
    with X = 2, is {2}{G} less {1} for its Adventure (CR 715.2, 601.2f): {1}{G}, castable; with X = 3 it is
    {2}{G}, not castable. On main X = 2 is {2}{G} and the plan says no."""
    cards = _adventure_store(tmp_path / "cards.sqlite3")
    data = board_of(source("beluna", BELUNA), *forests(2)).to_dict()
    data["players"][0]["hand"] = ["Test Hydra"]
    board = Board.from_dict(data, cards=cards)
    turn = plan_turn(board, casts=["Test Hydra"], x=2, no_land=True, cards=cards)
    assert turn.castable and not turn.warnings
    assert not plan_turn(board, casts=["Test Hydra"], x=3, no_land=True, cards=cards).castable


# --- Jodah's shape ----------------------------------------------------------------------------------------


def test_a_granted_cost_for_a_cost_alone_is_a_gap_of_the_question() -> None:
    """A bare {7}{U} is not known to be a spell's mana cost, which Jodah's cost replaces (CR 118.9): paid as
    mana (five basics can't pay eight), warned 'not weighed' and naming --spell; bench_parser counts it with
    the board gaps, not against the text. Named by --spell (its text given), the way is weighed: paid for
    {W}{U}{B}{R}{G}."""
    lands = ("Plains", "Island", "Swamp", "Mountain", "Forest")
    basics = [mine(f"b{n}", land) for n, land in enumerate(lands)]
    board = board_of(source("jodah", JODAH), *basics)
    bare = pay(board, PaymentTarget.of("{7}{U}"), player=ME)
    assert not bare.payable
    (warning,) = bare.warnings
    assert warning.kind is WarningKind.NOT_WEIGHED and "name the card with --spell" in warning.reason
    assert warning_family(warning, "Test Jodah")[0] == "board"
    named = spell_of("{7}{U}", type_line="Sorcery", name="Test Tide", text="Draw seven cards.")
    assert pay(board, named, player=ME).payable


# --- Exiled Doomsayer's shape ---------------------------------------------------------------------------

DOOMSAYER = "All morph costs cost {2} more."
CHEAPER = "Spells you cast cost {1} less to cast."


def face_up(cost: str, *keywords: str) -> PaymentTarget:
    """A payment to turn a face-down permanent face up (purpose ``turn_face_up``) for the keyword's cost."""
    return replace(PaymentTarget.of(cost), purposes=frozenset({"turn_face_up"}), keywords=frozenset(keywords))


def test_the_doomsayer_taxes_morph_costs_of_every_player() -> None:
    """The opponent's Doomsayer ('All morph costs': whoever pays them): my morph cost {1}{R} costs {3}{R}
    (CR 702.37e: turning it face up pays its morph cost, changed by {2}), as does a megamorph cost (702.37b);
    three Mountains can't pay it, four can. A disguise cost is no morph cost (702.168): {1}{R}. A face-up
    payment is a special action, no spell (116.2b): 'Spells you cast cost {1} less' takes nothing off it.
    A face-up cost that does not say its keyword: the tax not applied, warned."""
    doom = source("doom", DOOMSAYER, controller=OPP)
    three = board_of(doom, source("cheaper", CHEAPER), *mountains(3))
    assert total(three, face_up("{1}{R}", "morph")) == "{3}{R}" and not verdict(
        three, face_up("{1}{R}", "morph")
    )
    assert total(three, face_up("{1}{R}", "megamorph")) == "{3}{R}"
    four = board_of(doom, source("cheaper", CHEAPER), *mountains(4))
    assert verdict(four, face_up("{1}{R}", "morph"))
    assert total(three, face_up("{1}{R}", "disguise")) == "{1}{R}"
    assert total(three, PaymentTarget.of("{1}{R}")) == "{R}"  # (a spell: the reduction applies, no tax)
    assert total(three, face_up("{1}{R}")) == "{1}{R}"
    assert any("give --keyword morph" in why for why in reasons(three, face_up("{1}{R}")))
    assert not reasons(three, face_up("{1}{R}", "morph"))


def test_max_x_of_a_morph_cost_under_the_doomsayer() -> None:
    """A morph cost {X}{R} from four Mountains: X + 2 + 1 <= 4, so X = 1 (3 without the Doomsayer)."""
    board = board_of(source("doom", DOOMSAYER, controller=OPP), *mountains(4))
    assert max_x(board, face_up("{X}{R}", "morph"), player=ME).x == 1
    assert max_x(board_of(*mountains(4)), face_up("{X}{R}", "morph"), player=ME).x == 3


def test_the_command_turns_a_morph_face_up_under_the_doomsayer(tmp_path: Path) -> None:
    """``pay {1}{R} --purpose turn-face-up --keyword morph`` from three Mountains: {3}{R}, not payable (exit
    1); with --keyword disguise, payable (exit 0)."""
    data = board_of(source("doom", DOOMSAYER, controller=OPP), *mountains(3)).to_dict()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    def run(keyword: str) -> tuple[int, dict[str, Any]]:
        argv = [
            sys.executable,
            "-m",
            "planner",
            "pay",
            str(path),
            "{1}{R}",
            "--json",
            "--purpose",
            "turn-face-up",
        ]
        done = subprocess.run(
            [*argv, "--keyword", keyword], capture_output=True, text=True, cwd=ROOT, check=False
        )
        return done.returncode, json.loads(done.stdout)

    code, answer = run("morph")
    assert code == 1 and answer["payable"] is False and answer["total_cost"] == "{3}{R}"
    assert run("disguise")[0] == 0


# --- Doc Aurlock's plotting ------------------------------------------------------------------------------

PLOTTING = "Plotting cards from your hand costs {2} less."


def plotted(cost: str) -> PaymentTarget:
    """A payment to plot a card from the hand (purpose ``plot``, CR 702.170a)."""
    return replace(PaymentTarget.of(cost), purposes=frozenset({"plot"}))


def test_doc_takes_two_off_its_controllers_plot_costs() -> None:
    """My Doc: a plot cost {3}{R} costs {1}{R} (CR 702.170a, 116.2k: a special action; {2} off the generic
    part, 118.7a), paid by two Mountains, and {1}{R} costs {R} (never the colored part). An opponent's Doc
    changes nothing of mine ('from your hand': its controller's). A spell reduction takes nothing off a
    plot cost (no spell is cast)."""
    doc = source("doc", PLOTTING)
    board = board_of(doc, source("cheaper", CHEAPER), *mountains(2))
    assert total(board, plotted("{3}{R}")) == "{1}{R}" and verdict(board, plotted("{3}{R}"))
    assert total(board, plotted("{1}{R}")) == "{R}"
    assert total(board_of(source("cheaper", CHEAPER), *mountains(2)), plotted("{3}{R}")) == "{3}{R}"
    theirs = board_of(source("doc", PLOTTING, controller=OPP), *mountains(2))
    assert total(theirs, plotted("{3}{R}")) == "{3}{R}" and not verdict(theirs, plotted("{3}{R}"))


def test_max_x_of_a_plot_cost_under_doc() -> None:
    """A plot cost {X}{R} from two Mountains: X - 2 + 1 <= 2, so X = 3 (1 without Doc)."""
    assert max_x(board_of(source("doc", PLOTTING), *mountains(2)), plotted("{X}{R}"), player=ME).x == 3
    assert max_x(board_of(*mountains(2)), plotted("{X}{R}"), player=ME).x == 1


def test_the_command_plots_under_doc(tmp_path: Path) -> None:
    """``pay {3}{R} --purpose plot`` from two Mountains under Doc: {1}{R}, payable (exit 0)."""
    data = board_of(source("doc", PLOTTING), *mountains(2)).to_dict()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    argv = [sys.executable, "-m", "planner", "pay", str(path), "{3}{R}", "--json", "--purpose", "plot"]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["total_cost"] == "{1}{R}"


# --- Myth Unbound's shape -------------------------------------------------------------------------------

MYTH = "Your commander costs {1} less to cast for each time it's been cast from the command zone this game."


def commander(cost: str, casts: int | None) -> PaymentTarget:
    """My commander's cost (``--commander``), cast from the command zone ``casts`` times before."""
    return replace(
        PaymentTarget.of(cost, type_line="Legendary Creature — Elf"), commander=True, commander_casts=casts
    )


def test_myth_takes_one_off_my_commander_for_each_earlier_cast() -> None:
    """My commander cast twice before from the command zone: {4}{R} (its cost with the tax the cost given
    holds) costs {2}{R} (CR 903.8's count, 601.2f: generic only), paid by three Mountains; cast five times
    before, {R} (never the colored part, 118.7a). A spell that is not my commander: {4}{R}. The count not
    given: not applied, warned with the option to give. An opponent's Myth: nothing ('Your commander')."""
    board = board_of(source("myth", MYTH), *mountains(3))
    assert total(board, commander("{4}{R}", 2)) == "{2}{R}" and verdict(board, commander("{4}{R}", 2))
    assert total(board, commander("{4}{R}", 5)) == "{R}"
    assert total(board, commander("{4}{R}", 0)) == "{4}{R}" and not verdict(board, commander("{4}{R}", 0))
    other = replace(commander("{4}{R}", 2), commander=False)
    assert total(board, other) == "{4}{R}" and not reasons(board, other)
    assert total(board, commander("{4}{R}", None)) == "{4}{R}"
    assert any("give --commander-casts" in why for why in reasons(board, commander("{4}{R}", None)))
    theirs = board_of(source("myth", MYTH, controller=OPP), *mountains(3))
    assert total(theirs, commander("{4}{R}", 2)) == "{4}{R}"


def test_max_x_of_my_commander_under_myth(tmp_path: Path) -> None:
    """{X}{R} from three Mountains, cast three times before: X - 3 + 1 <= 3, so X = 5 (2 without Myth);
    the command takes --commander-casts (a negative count is bad input, exit 2)."""
    board = board_of(source("myth", MYTH), *mountains(3))
    assert max_x(board, commander("{X}{R}", 3), player=ME).x == 5
    assert max_x(board_of(*mountains(3)), commander("{X}{R}", 3), player=ME).x == 2
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board.to_dict()), encoding="utf-8")
    argv = [sys.executable, "-m", "planner", "max-x", str(path), "{X}{R}", "--json", "--commander"]
    done = subprocess.run(
        [*argv, "--commander-casts", "3"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0 and json.loads(done.stdout)["x"] == 5
    bad = subprocess.run(
        [*argv, "--commander-casts", "-1"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert bad.returncode == 2 and "--commander-casts" in bad.stderr


def test_a_ban_on_casting_does_not_forbid_turning_face_up() -> None:
    """'You can't cast creature spells.' forbids casting (CR 101.2), not the special action of turning a
    face-down creature face up (116.2b): the morph cost is paid, without the ban's warning; a creature spell
    of the same cost is not payable, the reason naming the rule."""
    board = board_of(source("ban", "You can't cast creature spells."), *mountains(2))
    creature = PaymentTarget.of("{1}{R}", type_line="Creature — Goblin")
    morph = replace(creature, purposes=frozenset({"turn_face_up"}), keywords=frozenset({"morph"}))
    turned = pay(board, morph, player=ME)
    assert turned.payable and not any(w.kind is WarningKind.FORBIDDEN for w in turned.warnings)
    forbidden = pay(board, creature, player=ME)
    assert forbidden.payable is False and "CR 101.2" in (forbidden.reason or "")
