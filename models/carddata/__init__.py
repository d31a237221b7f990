"""Real card data: bulk files from Scryfall and MTGJSON imported into a local card store (SQLite), names
resolved through it, and every card's text checked against the Oracle parser.

- :mod:`models.carddata.faces`: what is kept of a card (its Oracle identity and faces);
- :mod:`models.carddata.importer`: reading bulk files, streamed, and importing them;
- :mod:`models.carddata.store`: the card store file;
- :mod:`models.carddata.names`: name resolution, the store first, then the built-in catalogue;
- :mod:`models.carddata.check`: how the parser reads each sentence (``cards check``).
"""
