"""Where real card data comes from: bulk files from Scryfall and MTGJSON, imported into a local card store
(SQLite) that name resolution (:class:`models.carddata.names.CardResolver`) is given.

- :mod:`planner.cards.importer`: reading bulk files, streamed, and importing them;
- :mod:`planner.cards.store`: the card store file.
"""
