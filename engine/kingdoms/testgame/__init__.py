"""Internal games that exist to test the shared machinery, not to be played for fun.

``tally`` (in :mod:`kingdoms.testgame.tally`) is tiny but touches every part of the game
protocol: hidden hands, a private shuffled deck, dice, a real choice and a bounded length. The
protocol conformance tests, the record/code tests and the CLI tests run against it, so the shared
code is checked before any real game exists. It is registered with ``internal=True`` so the home
screen and ``kingdoms games`` (without ``--all``) do not list it.
"""
