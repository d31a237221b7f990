"""The cards of the peers' own mana tests (XMage, Forge), in their current Oracle wording, as the parser reads
them: nothing ``unsupported`` and no sentence that adds mana put aside as ``ignored``.

The fixture is ``benchmarks/peer_cards.json``, in the repository; ``python -m benchmarks.bench_parser
--peers`` prints the same measure as a table.
"""

from __future__ import annotations

from benchmarks.bench_parser import PEER_CARDS, coverage, peer_faces
from models.carddata.check import adds_mana

#: What is still not read, and why (Vizier of the Menagerie's filtered 'spend as though' and Extraplanar
#: Lens's imprinted name are read, tests/test_spend_filters.py and tests/test_imprint.py; Benthic Explorers'
#: "any type that land could produce" too, tests/test_untapped_land.py): nothing.
STILL_UNREAD: set[str] = set()

#: Cards whose unread text is about what casting a spell costs; a payment warns of each. None now: Karador's
#: "Once during each of your turns, you may cast a creature spell from your graveyard." (a permission a
#: permanent grants to cast from the graveyard, CR 601.2a) is read and executed (gravecast2,
#: tests/test_graveyard_grants.py; until session 32 it was set aside in silence, then warned "assumed");
#: Hogaak's "You can't spend mana to cast this spell." (XMage ConvokeTest) is read and executed
#: (spellcost35b, tests/test_spell_cost_ways.py); Ancient Stone Idol's attacking creatures
#: (CostReduceForEachTest: none outside combat) is read (selfcost35); Khalni Hydra, Torgaar, Mizzix,
#: Heartstone and Defense Grid are read (peer35b). The benchmark counts such cards as faces with mana text
#: (issue 35: a sentence about mana or costs the reader refuses makes its face one, ``has_mana_text``).
#: Since peers37: Warbringer's "Dash costs you pay cost {2} less" (XMage DashTest; until then swallowed as a
#: keyword line in silence) and Conspiracy Unraveler's "You may collect evidence 10 rather than pay the mana
#: cost for spells you cast." (CollectEvidenceTest): tests/test_xmage_keyword_costs37.py.
UNREAD_CASTING_TEXT: set[str] = {"Warbringer", "Conspiracy Unraveler"}

#: Instants and sorceries whose own text about their cost is not read: a payment for the spell warns of it
#: (``spell_text_warnings``); the benchmark counts permanents' faces only (``has_mana_text``), so not these.
#: Phyrexian Purge's "This spell costs 3 life more to cast for each target." (XMage PhyrexianPurgeTest): life
#: per target is not added to the total cost (CR 601.2c, 601.2f); tests/test_xmage_keyword_answers.py.
#: Bite Down on Crime's optional "collect evidence 6" and its {2} less (XMage CollectEvidenceTest, peers37).
UNREAD_SPELL_TEXT: set[str] = {"Phyrexian Purge", "Bite Down on Crime"}


def test_every_peer_card_is_read() -> None:
    faces = peer_faces(PEER_CARDS)
    assert len(faces) >= 100
    unread = {face.name for face in faces if not face.fully_read}
    misread = [
        (face.name, s.text)
        for face in faces
        for s in face.sentences
        if s.read_as == "ignored" and adds_mana(s.text)
    ]
    assert misread == []  # a sentence that adds mana is never put aside as having nothing to do with mana
    assert unread == STILL_UNREAD | UNREAD_CASTING_TEXT | UNREAD_SPELL_TEXT


def test_the_benchmark_counts_the_same_faces_unread() -> None:
    assert sorted(coverage(peer_faces()).unread_faces) == sorted(STILL_UNREAD | UNREAD_CASTING_TEXT)
