"""``python -m planner``: the ``mana-planner`` command."""

from planner.cli import main

main()
