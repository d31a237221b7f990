"""Card data as the domain knows it: a card's Oracle identity and faces, names resolved to cards, and every
card's text checked against the Oracle parser. Where cards come from (bulk files imported into an SQLite card
store) is :mod:`planner.cards`.

- :mod:`models.carddata.faces`: what is kept of a card (its Oracle identity and faces), a card found by name;
- :mod:`models.carddata.names`: name resolution, in a card store given (a
  :class:`~models.carddata.names.CardLookup`) first, then in the built-in catalogue;
- :mod:`models.carddata.check`: how the parser reads each sentence (``cards check``).
"""
