"""Internal games that exist to test the shared machinery, not to be played for fun.

``tally`` (in :mod:`kingdoms.testgame.tally`) is tiny but touches every part of the game
protocol: hidden hands, a private shuffled deck, dice, a real choice and a bounded length. The
protocol conformance tests, the record/code tests and the CLI tests run against it, so the shared
code is checked before any real game exists.

It is not one of the registry's built-in games: the tests and the developer command line add it
with :func:`register`, and the browser's copy of the engine leaves this package out. It is
marked ``internal=True`` so ``kingdoms games`` (without ``--all``) does not list it.
"""


def register() -> None:
    """Add Tally to the registry (harmless when it is there already)."""
    from kingdoms.core.registry import register as add
    from kingdoms.testgame.tally import ENTRY

    add(ENTRY)
