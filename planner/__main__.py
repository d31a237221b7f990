"""``python -m planner``: the ``mana-planner`` command."""

from planner.cli import main

if __name__ == "__main__":  # not when a worker process of mana-planner serve --http imports it
    main()
