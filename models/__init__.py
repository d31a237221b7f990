"""The domain of mana-planner: mana, costs, Oracle-text abilities, boards and the card catalogue.

Pure data and parsing; nothing here imports :mod:`planner`.
"""
