"""Learning a game from the app: each game's rules reference and glossary (see :mod:`.book`)."""
